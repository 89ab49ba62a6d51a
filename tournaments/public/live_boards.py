"""Live games for spectators (issue 30): the round's boards as small diagrams with the last move and the
result (``/t/<slug>/round/<n>/boards/``) and one game's live board (``/t/<slug>/game/<id>/live/``,
polled by the public game page).

Both are ``shared_page`` views whose ETag adds the games' own versions (``Game.version`` moves with every
typed move, the tournament's version does not): ``static/js/live.js`` polls them every few seconds with
conditional requests, a poll answered 304 costs one or two small queries and no render, and a change
is rendered once for all spectators. Only public games of published rounds are shown.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from games.board_context import game_live_context
from games.models import Game
from games.services.live_view import live_round
from games.services.relay_feed import round_games_stamp
from tournaments.public.page_cache import shared_page
from tournaments.public.version import tournament_version
from tournaments.public.views import nav_context, public_tournament
from tournaments.reports.rounds import published_rounds


def _round_stamp(request: HttpRequest, slug: str, number: int) -> str:
    return round_games_stamp(tournament_version(request, slug)[0], number)


def _game_stamp(request: HttpRequest, slug: str, game_id: int) -> str:
    found = Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
    return str(found or 0)


def _live_round(request: HttpRequest, slug: str, number: int) -> dict[str, object]:
    t = public_tournament(request, slug, "games")
    rnd = published_rounds(t).filter(number=number).first()
    if rnd is None:
        raise Http404(f"round {number} of {slug} is not published")
    games = live_round(rnd)
    return {
        **nav_context(t, "pairings"),
        "round": rnd,
        "games": games,
        "final": bool(games) and all(g.result for g in games),
        "stamp": f"{t.version}-{round_games_stamp(t.pk, number)}",
        "rounds": list(published_rounds(t)),
        "title": _("Live boards, round %(n)s – %(name)s") % {"n": number, "name": t.name},
    }


def screen_columns(n_boards: int, most: int = 16) -> int:
    """Columns of the projector's board grid so that ``n_boards`` fit one 16:9 screen: each board with its
    names is about 1.3 times as high as wide, and the grid gets 90 % of the screen's height.

    2 boards: 3 columns (one row: 1.3 x 16/9 / 3 = 0.77 of the height); 64 boards: 13 columns (5 rows:
    5 x 2.311 / 13 = 0.89). Never more than ``most`` (a round of hundreds of boards scrolls)."""
    columns = 1
    while columns < most and -(-max(n_boards, 1) // columns) * 1.3 * 16 / 9 / columns > 0.9:
        columns += 1
    return columns


@shared_page("round-boards", stamp=_round_stamp)
def boards(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Every board of a published round as a small diagram, following the moves as they are typed;
    ``?screen=projector``: full screen for the playing hall, every board on one screen."""
    ctx = _live_round(request, slug, number)
    if request.GET.get("screen") == "projector":
        games = ctx["games"]
        ctx["columns"] = screen_columns(len(games) if isinstance(games, list) else 0)
        return render(request, "public/round_boards_projector.html", ctx)
    return render(request, "public/round_boards.html", ctx)


@shared_page("round-boards-live", stamp=_round_stamp)
def boards_fragment(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The boards alone (polled by live.js)."""
    return render(request, "public/_round_boards.html", _live_round(request, slug, number))


@shared_page("game-live", stamp=_game_stamp)
def game_fragment(request: HttpRequest, slug: str, game_id: int) -> HttpResponse:
    """One public game's board (after its last move, with the step buttons), its moves and its result:
    the part of the public game page that live.js refreshes."""
    t = public_tournament(request, slug, "games")
    game = get_object_or_404(Game.objects.select_related("board__round__tournament", "white", "black"),
                             pk=game_id, board__round__tournament=t)
    if game.board.round.is_draft:
        raise Http404("no such public game")
    return render(request, "games/_game_live.html", game_live_context(game, flipped=request.GET.get("flip") == "1"))
