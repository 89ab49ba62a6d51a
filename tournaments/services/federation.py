"""The report of a stage to the federation: a ZIP with the CSV (``tournaments.federation_report``,
pure: event header, players, every game with forfeits marked) and the PDN of all games.

What the tournament does not store (the chief arbiter's FMJD id, the date the event was announced)
the arbiter types on the download page; the builder refuses, listing every missing id or field.
"""

from __future__ import annotations

import io
import zipfile

from arbiter.profiles import get_profile
from games.services.pdn_export import confirmed_of, export_games, prefetch_for_export, tournament_games
from tournaments.federation_report import (
    ReportError,
    ReportEvent,
    ReportGame,
    ReportPlayer,
    federation_report_csv,
)
from tournaments.models import Tournament
from tournaments.services.documents import chief_arbiter_name

__all__ = ["ReportError", "federation_report_zip", "report_inputs"]


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
