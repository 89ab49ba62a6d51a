"""The report of a stage to the federation: a ZIP with the CSV (``tournaments.federation_report``,
pure: event header, players, every game with forfeits marked) and the PDN of all games.

What the tournament does not store (the chief arbiter's FMJD id, the date the event was announced)
the arbiter types on the download page; the builder refuses, listing every missing id or field.
"""

from __future__ import annotations

import io
import zipfile

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arbiter.profiles import get_profile
from games.services.pdn_export import confirmed_of, export_games, prefetch_for_export, tournament_games
from tournaments.federation_report import (
    Problem,
    ReportError,
    ReportEvent,
    ReportGame,
    ReportPlayer,
    federation_report_csv,
)
from tournaments.models import Tournament
from tournaments.services.documents import chief_arbiter_name

__all__ = ["ReportError", "federation_report_zip", "problem_text", "report_inputs"]

# The pure builder's reasons (``tournaments.federation_report.PROBLEM_CODES``) in the reader's language.
FIELD_LABELS: dict[str, Promise] = {
    "name": gettext_lazy("Event"), "place": gettext_lazy("Place"), "start_date": gettext_lazy("Start date"),
    "end_date": gettext_lazy("End date"), "board_size": gettext_lazy("Board size"),
    "time_control": gettext_lazy("Time control"), "system": gettext_lazy("System"), "rounds": gettext_lazy("Rounds"),
    "chief_arbiter": gettext_lazy("Chief arbiter"), "chief_arbiter_id": gettext_lazy("Chief arbiter's FMJD id"),
    "announced": gettext_lazy("Date announced"),
}
PLAYER_LABELS: dict[str, Promise] = {
    "fmjd_id": gettext_lazy("FMJD id"), "name": gettext_lazy("name"), "federation": gettext_lazy("federation"),
    "sex": gettext_lazy("sex"),
}
PROBLEM_TEXTS: dict[str, Promise] = {
    "event_missing": gettext_lazy("Event: %(field)s is missing."),
    "event_bad_date": gettext_lazy("Event: %(field)s “%(value)s” is not a date (YYYY-MM-DD)."),
    "event_end_before_start": gettext_lazy("Event: the end date is before the start date."),
    "event_board_size": gettext_lazy("Event: board size %(size)s is not 8, 10 or 12."),
    "event_rounds": gettext_lazy("Event: the number of rounds must be at least 1."),
    "player_number_twice": gettext_lazy("Player %(player)s (%(name)s): start number used twice."),
    "player_missing": gettext_lazy("Player %(player)s (%(name)s): missing %(fields)s."),
    "player_id_twice": gettext_lazy("Player %(player)s (%(name)s): FMJD id %(fmjd_id)s is also that of player "
                                    "%(other)s."),
    "player_negative_rating": gettext_lazy("Player %(player)s (%(name)s): rating %(rating)s is negative."),
    "no_players": gettext_lazy("The stage has no players."),
    "game_unknown_player": gettext_lazy("Round %(round)s, board %(board)s: %(colour)s %(number)s is not a player "
                                        "of the report."),
    "game_no_result": gettext_lazy("Round %(round)s, board %(board)s: no result."),
    "game_bad_result": gettext_lazy("Round %(round)s, board %(board)s: “%(value)s” is not a result."),
    "game_round_outside": gettext_lazy("Round %(round)s, board %(board)s: the event has %(rounds)s rounds."),
}
COLOURS: dict[str, Promise] = {"White": gettext_lazy("White"), "Black": gettext_lazy("Black")}


def problem_text(problem: Problem) -> str:
    """One reason of the pure builder in the reader's language (its English text for a code this
    module does not know)."""
    template = PROBLEM_TEXTS.get(problem.code)
    if template is None:
        return problem.text
    args: dict[str, object] = dict(problem.args)
    if "field" in args:
        args["field"] = FIELD_LABELS.get(str(args["field"]), args["field"])
    if "fields" in args:
        args["fields"] = ", ".join(str(PLAYER_LABELS.get(f, f)) for f in str(args["fields"]).split(","))
    if "name" in args and not args["name"]:
        args["name"] = _("no name")
    if "colour" in args:
        args["colour"] = COLOURS.get(str(args["colour"]), args["colour"])
    return str(template) % args


def report_inputs(tournament: Tournament, chief_arbiter_id: str, announced: str
                  ) -> tuple[ReportEvent, list[ReportPlayer], list[ReportGame]]:
    """The pure builder's input from the stored stage (games of published rounds, confirmed results)."""
    t = tournament
    event = ReportEvent(
        name=t.name, place=t.place, start_date=t.start_date.isoformat() if t.start_date else "",
        end_date=t.end_date.isoformat() if t.end_date else "", board_size=get_profile(t.rule_profile).board_size,
        time_control=t.time_control, system=t.system.name, rounds=t.rounds_planned,
        chief_arbiter=chief_arbiter_name(t), chief_arbiter_id=chief_arbiter_id.strip()[:20],
        announced=announced.strip()[:10])
    players = [ReportPlayer(e.start_number or 0, e.fmjd_id, e.name, e.federation, e.sex, e.title, e.rating or 0)
               for e in t.entries.filter(start_number__isnull=False).order_by("start_number")]
    games = tournament_games(t)
    prefetch_for_export(games)
    out = []
    for g in games:
        if g.white is None or g.black is None:
            continue
        sub = confirmed_of(g)
        out.append(ReportGame(g.board.round.number, g.board.number, g.white.start_number or 0,
                              g.black.start_number or 0, sub.result if sub is not None else ""))
    return event, players, out


def federation_report_zip(tournament: Tournament, chief_arbiter_id: str, announced: str) -> bytes:
    """The ZIP (``<slug>-report.csv`` and ``<slug>-games.pdn``); ``ReportError`` listing what is missing."""
    event, players, games = report_inputs(tournament, chief_arbiter_id, announced)
    csv_text = federation_report_csv(event, players, games)
    pdn = export_games(tournament_games(tournament))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(f"{tournament.slug}-report.csv", csv_text)
        z.writestr(f"{tournament.slug}-games.pdn", pdn)
    return buf.getvalue()
