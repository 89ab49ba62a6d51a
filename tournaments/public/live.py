"""Live fragments for htmx polling and the projector view for the playing hall.

Each is a ``shared_page`` (``page_cache.py``): its ETag is the tournament's version plus the
fragment's own parameters, a matching ``If-None-Match`` is answered 304 before the view runs (one
query), and a changed fragment is rendered once per version for all spectators.
"""

from __future__ import annotations

from typing import Any, cast

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from tournaments.models import Tournament
from tournaments.public.page_cache import shared_page
from tournaments.public.tables import standings_table
from tournaments.public.teams import match_rows, projector_stamp, standings_rows
from tournaments.public.views import (
    my_start_numbers,
    nav_context,
    public_tournament,
    team_equivalent,
    withdrawn_players,
)
from tournaments.reports import why
from tournaments.reports.formatting import points_text, tiebreak_text, tiebreak_words
from tournaments.reports.rounds import published_rounds, rank_moves, round_view, tournament_standings
from tournaments.services.teams import deadline_pending
from tournaments.standings import StandingsError

# The projector gets each list whole; projector.js splits it into screenfuls of what fits the screen
# (issue 24: 15 boards on 1920x1080 were cut into 12 + 3 by a fixed count).


@shared_page("standings-live")
def standings_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings table alone (htmx polls it)."""
    t = public_tournament(request, slug, "standings")
    if (team_page := team_equivalent(t, "standings")) is not None:
        return team_page
    try:
        standings, results = tournament_standings(t)
    except StandingsError as exc:
        return (HttpResponse(str(exc), content_type="text/plain"))

    table = standings_table(standings, t.slug, link_players=t.public_players, moves=rank_moves(t, standings, results),
                            notes={w.start_number: why.withdrawal_note(w) for w in results.withdrawals},
                            withdrawn=withdrawn_players(results))
    RequestConfig(request, paginate=False).configure(table)
    # The notice of games still waiting is part of the fragment: it changes with the table (issue 24).
    return (render(request, "public/_standings_table.html",
                   {"tournament": t, "table": table, "pending": len(results.pending)}))


@shared_page("round-live")
def round_fragment(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A round's pairing list alone (htmx polls it while results come in)."""
    t = public_tournament(request, slug, "pairings")
    if (team_page := team_equivalent(t, "round", number)) is not None:
        return team_page
    rnd = published_rounds(t).filter(number=number).first()
    if rnd is None:
        raise Http404(f"round {number} of {slug} is not published")
    return (render(request, "public/_round_table.html",
                   {"tournament": t, "view": round_view(t, rnd), "mine": my_start_numbers(request, t)}))


def _slide(kind: str, heading: str, items: list[Any], key: str, **extra: object) -> list[dict[str, object]]:
    """One slide with every item of a list: the screen splits it (projector.js fits what fits)."""
    return [{"kind": kind, "heading": heading, key: items, **extra}]


# A team event's matches on the projector: two columns of match cards, at most this many rows of them
# a slide (three rows of 8 boards fit 1920x1080; a 10-team event's 5 matches are one slide).
MATCH_COLUMNS = 2


def _match_rows_per_slide(boards: int) -> int:
    return 3 if boards <= 8 else 2 if boards <= 12 else 1


def _team_slides(t: Tournament) -> list[dict[str, object]]:
    """A team event's slides: the current round's matches (each with its boards), then the team
    standings (match points, board points, the event's tie-breaks), as the public team pages show them."""
    slides: list[dict[str, object]] = []
    if t.public_pairings:
        current = published_rounds(t).last()
        if current is not None:
            matches = match_rows(t, current, deadline_pending(t, current))
            per = MATCH_COLUMNS * _match_rows_per_slide(t.boards_per_match)
            chunks = [matches[i:i + per] for i in range(0, len(matches), per)]
            heading = _("Round %(n)s") % {"n": current.number}
            for i, chunk in enumerate(chunks, start=1):
                slides += _slide("matches", heading, chunk, "matches", boards=t.boards_per_match,
                                 rows=max(2, -(-len(chunk) // MATCH_COLUMNS)),
                                 page=f"{i}/{len(chunks)}" if len(chunks) > 1 else "")
    if t.public_standings:
        try:
            table = standings_rows(t)
        except StandingsError:
            table = None
        if table is not None and table["rows"]:
            heading = _("Standings after round %(n)s") % {"n": table["after_round"]}
            names = dict(cast(list[tuple[str, str]], table["legend"]))
            slides += _slide("team_standings", heading, cast(list[Any], table["rows"]), "rows",
                             codes=[(c, names.get(c, c)) for c in cast(list[str], table["codes"])],
                             heads=table["heads"])
    return slides


def _slides(t: Tournament) -> list[dict[str, object]]:
    """The projector's slides: the current round's boards, then the standings, a screenful each."""
    if t.competitors == Tournament.Competitors.TEAMS:
        return _team_slides(t)
    slides: list[dict[str, object]] = []
    if t.public_pairings:
        current = published_rounds(t).last()
        if current is not None:
            heading = _("Round %(n)s") % {"n": current.number}
            slides += _slide("pairings", heading, round_view(t, current).lines, "lines")
    if t.public_standings:
        try:
            standings, _results = tournament_standings(t)
        except StandingsError:
            standings = None
        if standings is not None and standings.rows:
            codes = standings.tiebreaks[:2]
            rows = [
                {
                    "rank": r.rank,
                    "name": r.name,
                    "points": points_text(r.keizer_score if r.keizer_score is not None else r.points),
                    "tiebreaks": [tiebreak_text(r.tiebreaks.get(c)) for c in codes],
                }
                for r in standings.rows
            ]
            heading = _("Standings after round %(n)s") % {"n": standings.after_round}
            slides += _slide("standings", heading, rows, "rows", codes=[(c, tiebreak_words(c)[0]) for c in codes])
    return slides


@shared_page("projector", stamp=projector_stamp)
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """Full-screen page for the playing hall: cycles through the pairings and the standings."""
    t = public_tournament(request, slug)
    if not (t.public_pairings or t.public_standings):
        raise Http404(f"nothing of {slug} is public")
    return render(
        request,
        "public/projector.html",
        {
            **nav_context(t, "projector"),
            "slides": _slides(t),
            "seconds": _number(request, "seconds", 12, 3, 120),
            "start": _number(request, "start", 0, 0, 999),
            "title": t.name,
        },
    )


def _number(request: HttpRequest, name: str, default: int, low: int, high: int) -> int:
    """A whole-number query parameter clamped to ``low..high`` (default when missing or not a number)."""
    try:
        # Not str.isdigit(): it accepts "²", which int() refuses.
        return min(max(int(request.GET.get(name, "")), low), high)
    except ValueError:
        return default


@shared_page("projector-live", stamp=projector_stamp)
def projector_fragment(request: HttpRequest, slug: str) -> HttpResponse:
    """The projector's slides alone (polled; 304 when nothing changed)."""
    t = public_tournament(request, slug)
    if not (t.public_pairings or t.public_standings):
        raise Http404(f"nothing of {slug} is public")
    return (render(request, "public/_projector_slides.html", {"tournament": t, "slides": _slides(t)}))
