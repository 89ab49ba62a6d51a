"""Public pages of a team event (issue 27): the team standings, the team crosstable (board points in
each cell, teams in rank order, as Toernooimanager prints it) and each round's matches board by board.

Each is a ``shared_page`` like the individual pages (rendered once per tournament version) and reads
the event with a constant number of queries (``tournaments.reports.teams``). An individual event has
no team pages (404).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournaments.models import LineUp, Round, TeamMember, Tournament
from tournaments.public.page_cache import shared_page
from tournaments.public.version import tournament_for_request
from tournaments.public.views import nav_context, public_tournament
from tournaments.reports.formatting import points_text, team_code_label, team_points_heads
from tournaments.reports.rounds import published_rounds
from tournaments.reports.teams import (
    TeamWithdrawal,
    board_prize_minimum,
    board_scores,
    player_boards,
    round_matches,
    team_of,
    team_scoring,
    team_tables,
)
from tournaments.services.teams import deadline_pending, line_up_deadline
from tournaments.standings import StandingsError
from tournaments.standings.teams import team_legend


def _team_event(request: HttpRequest, slug: str, page: str) -> Tournament:
    t = public_tournament(request, slug, page)
    if t.competitors != Tournament.Competitors.TEAMS:
        raise Http404(f"{slug} is not a team event")
    return t


@shared_page("team_standings")
def team_standings(request: HttpRequest, slug: str) -> HttpResponse:
    """Match points, board points and the tie-breaks of the event's rank order."""
    t = _team_event(request, slug, "standings")
    try:
        table = standings_rows(t)
    except StandingsError as exc:
        return render(request, "public/error.html", {**nav_context(t, "team_standings"), "error": str(exc)})
    ts = team_scoring(t)
    return render(request, "public/team_standings.html", {
        **nav_context(t, "team_standings"), **table,
        "boards": t.boards_per_match,
        "match_points": _("Match points: %(win)s for more board points than the opponent, %(draw)s for as many, "
                          "%(loss)s for fewer.") % {"win": points_text(ts.win), "draw": points_text(ts.draw),
                                                    "loss": points_text(ts.loss)},
        "penalty": points_text(ts.no_show_penalty) if ts.no_show_penalty else "",
        "title": _("Team standings – %(name)s") % {"name": t.name},
    })


def standings_rows(t: Tournament) -> dict[str, object]:
    """The team standings as the standings page and the projector show them: ``rows`` (rank, team, name,
    withdrawal note, match and board points, matches won/drawn/lost, the tie-breaks), ``codes`` (the
    rank order's codes after match and board points), ``legend`` (code as the columns are headed, name),
    ``heads`` (the match and board points columns' headings, ``team_points_heads``), ``after_round``.
    StandingsError when they cannot be computed."""
    tables = team_tables(t)
    s = tables.standings
    # Match and board points have their own columns: the other codes of the rank order follow them.
    codes = [c for c in s.tiebreaks if c not in ("MPTS", "GPTS")]
    rows = [{
        "rank": r.rank, "team": tables.teams.get(r.team), "name": r.name,
        "withdrawn": _withdrawn_text(tables.withdrawal(r.team), t.is_round_robin),
        "mp": points_text(r.match_points), "bp": points_text(r.game_points),
        "played": r.played, "won": r.won, "drawn": r.drawn, "lost": r.lost,
        "tiebreaks": [points_text(v) if isinstance(v, int | float) else ("" if v is None else str(v))
                      for v in (r.tiebreaks.get(c) for c in codes)],
    } for r in s.rows]
    # The pure core's names are marked for the translators (gettext_noop): translated here.
    return {"rows": rows, "codes": codes, "after_round": s.after_round, "heads": team_points_heads(),
            "legend": [(team_code_label(code), _(name)) for code, name, _text in team_legend(s.tiebreaks, s.kind)]}


@shared_page("team_crosstable")
def team_crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    """Teams in rank order; the cell of two teams holds the row team's board points against the column
    team's in their match (two in a double round robin)."""
    t = _team_event(request, slug, "crosstable")
    try:
        tables = team_tables(t)
    except StandingsError as exc:
        return render(request, "public/error.html", {**nav_context(t, "team_crosstable"), "error": str(exc)})
    order = [r.team for r in tables.crosstable]
    rows = []
    for r in tables.crosstable:
        cells = []
        for other in order:
            if other == r.team:
                cells.append({"self": True, "text": "", "result": ""})
                continue
            matches = r.cells.get(other, ())
            cells.append({"self": False, "result": "".join(c.result for c in matches),
                          "text": " ".join(f"{points_text(c.own)}–{points_text(c.other)}"
                                           + ("F" if c.forfeited else "") for c in matches)})
        rows.append({"rank": r.rank, "name": r.name, "cells": cells, "mp": points_text(r.match_points),
                     "bp": points_text(r.game_points),
                     "withdrawn": _withdrawn_text(tables.withdrawal(r.team), t.is_round_robin),
                     "byes": ", ".join(_("R%(round)s %(kind)s") % {"round": rnd, "kind": _bye_words(kind)}
                                       for rnd, kind in r.byes)})
    return render(request, "public/team_crosstable.html", {
        **nav_context(t, "team_crosstable"), "rows": rows, "columns": range(1, len(order) + 1),
        "heads": team_points_heads(),
        "after_round": tables.standings.after_round,
        "title": _("Team crosstable – %(name)s") % {"name": t.name},
    })


def match_rows(t: Tournament, rnd: Round | None, pending: bool) -> list[dict[str, object]]:
    """A shown round's matches as the round page and the projector show them: each match ``m``
    (``reports.teams.MatchView``), its board and match points once complete, its ``boards`` (none while
    ``hidden``: before a line-up deadline still to come (``pending``) a match's boards show once both
    captains have handed in)."""
    if rnd is None:
        return []
    handed_in: set[int] = set()
    if pending:
        handed_in = set(LineUp.objects.filter(team__tournament=t, round_number=rnd.number, by_default=False)
                        .values_list("team_id", flat=True))
    matches: list[dict[str, object]] = []
    for m in round_matches(t, rnd.number):
        s = m.score
        hidden = pending and m.away is not None and not {m.home.pk, m.away.pk} <= handed_in
        matches.append({
            "m": m,
            "home_points": points_text(s.home_game_points) if s else "",
            "away_points": points_text(s.away_game_points) if s else "",
            "home_mp": points_text(s.home_match_points) if s else "",
            "away_mp": points_text(s.away_match_points) if s else "",
            "boards": [] if hidden else [{"b": b, "text": b.text} for b in m.boards],
            "hidden": hidden,
        })
    return matches


def projector_stamp(request: HttpRequest, slug: str) -> str:
    """Part of the projector's ETag: for a team event, whether the current round's line-ups are still
    private (``_line_up_stamp``); nothing for an individual event."""
    t = tournament_for_request(request, slug)
    return _line_up_stamp(request, slug) if t.competitors == Tournament.Competitors.TEAMS else ""


def _withdrawn_text(w: TeamWithdrawal | None, round_robin: bool) -> str:
    """A withdrawn team's note: from which round, and whether its results stay."""
    if w is None:
        return ""
    if w.kept and not round_robin:
        return _("withdrawn from round %(n)s") % {"n": w.from_round}
    if w.kept:
        return _("withdrawn from round %(n)s; its remaining matches are forfeits") % {"n": w.from_round}
    return _("withdrawn from round %(n)s; its results are annulled") % {"n": w.from_round}


def _bye_words(kind: str) -> str:
    """A team bye in words (the crosstable's byes column)."""
    return {"pab": _("bye (pairing)"), "full_bye": _("full-point bye"), "half_bye": _("half-point bye"),
            "zero_bye": _("zero-point bye")}.get(kind, kind)


@shared_page("team_boards")
def team_boards(request: HttpRequest, slug: str) -> HttpResponse:
    """Each board number's players, best percentage first (the board prizes)."""
    t = _team_event(request, slug, "standings")
    boards = [(number, [{"s": r, "points": points_text(r.points), "rank": i if r.eligible else "",
                         "pct": "" if r.percentage is None else f"{r.percentage:.0f}"}
                        for i, r in enumerate(rows, start=1)])
              for number, rows in board_scores(t).items()]
    return render(request, "public/team_boards.html", {
        **nav_context(t, "team_boards"), "boards": boards, "minimum": board_prize_minimum(t),
        "players_public": t.public_players,
        "title": _("Results by board – %(name)s") % {"name": t.name},
    })


def _line_up_stamp(request: HttpRequest, slug: str, number: int | None = None) -> str:
    """Part of the ETag of a round's matches: whether its line-ups are still private (a deadline after
    publication still to come), so that the page shows them once the deadline passes."""
    t = tournament_for_request(request, slug)
    rounds = published_rounds(t)
    rnd = rounds.filter(number=number).first() if number is not None else rounds.last()
    return "line-ups-pending" if deadline_pending(t, rnd) else ""


@shared_page("team_player")
def team_player(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    """A player of a team event: the team, each round's board, opponent, opposing team, colour and
    result, the score and percentage over the board games with a confirmed result."""
    t = _team_event(request, slug, "players")
    member = (TeamMember.objects.filter(team__tournament=t, entry_id=entry_id).select_related("entry", "team")
              .first())
    if member is None:
        raise Http404(f"entry {entry_id} is on no team of {slug}")
    record = player_boards(t, entry_id)
    return render(request, "public/team_player.html", {
        **nav_context(t, "team_player"), "member": member, "record": record,
        "points": points_text(record.points),
        "pct": "" if record.percentage is None else f"{record.percentage:.0f}",
        "rows": [{"r": r, "points": "" if r.points is None else points_text(r.points)} for r in record.boards],
        "title": f"{member.entry.name} – {t.name}",
    })


@shared_page("team_matches", stamp=_line_up_stamp)
def team_matches(request: HttpRequest, slug: str) -> HttpResponse:
    """The latest shown round's matches."""
    t = _team_event(request, slug, "pairings")
    latest = published_rounds(t).last()
    return _round(request, t, latest.number if latest else None)


@shared_page("team_round", stamp=_line_up_stamp)
def team_round(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A shown round's matches, each with its boards (players, colours, results)."""
    t = _team_event(request, slug, "pairings")
    return _round(request, t, number)


def _round(request: HttpRequest, t: Tournament, number: int | None) -> HttpResponse:
    rounds = list(published_rounds(t))
    if number is not None and number not in {r.number for r in rounds}:
        raise Http404(f"round {number} of {t.slug} is not published")
    rnd = next((r for r in rounds if r.number == number), None)
    pending = deadline_pending(t, rnd)
    matches = match_rows(t, rnd, pending)
    captain_team = team_of(request.user.pk if request.user.is_authenticated else None, t)
    return render(request, "public/team_round.html", {
        **nav_context(t, "team_matches"), "rounds": rounds, "number": number, "matches": matches,
        "captain_team": captain_team,
        "deadline": line_up_deadline(t, rnd) if pending else None,
        "title": (_("Round %(n)s – %(name)s") % {"n": number, "name": t.name}) if number else _("Matches"),
    })
