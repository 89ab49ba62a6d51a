"""Adapter from a parsed TRF file (``tournaments.trf``) to ``StandingsInput``.

No TRF parsing here: ``tournaments.trf.read_trf`` does that. This only maps its frozen
dataclasses onto the standings input and guesses the tournament kind.
"""

from __future__ import annotations

import datetime

from tournaments.scores.berger import schedule
from tournaments.standings.editions import edition_for_trf_date, edition_today
from tournaments.standings.model import Edition, StandingsError, StandingsInput, StandingsPlayer, TournamentKind
from tournaments.standings.tiebreaks import parse_tiebreaks
from tournaments.trf import TrfTournament
from tournaments.vocabulary import RoundRecord


def guess_kind(t: TrfTournament) -> TournamentKind:
    """The tournament kind from the system records (192/092), else from its shape.

    Keizer / moyenne / round robin / Swiss words in the system text win; otherwise a file whose rounds
    are exactly the Berger schedule (single or double) is a round robin, anything else Swiss.
    """
    text = f"{t.system} {t.tournament_type}".upper()
    if "KEIZER" in text:
        return "keizer"
    if "MOYENNE" in text:
        return "moyenne"
    if "DOUBLE" in text and ("ROBIN" in text or "BERGER" in text or "RR" in text.split("_")):
        return "double_round_robin"
    if "ROBIN" in text or "BERGER" in text:
        return "round_robin"
    if "DUTCH" in text or "SWISS" in text:
        return "swiss"
    n = len(t.players)
    rounds = t.total_rounds or t.rounds_played
    cycle = n - 1 if n % 2 == 0 else n
    if n > 2 and rounds in (cycle, 2 * cycle) and _follows_berger(t, double=rounds == 2 * cycle):
        return "round_robin" if rounds == cycle else "double_round_robin"
    return "swiss"


def _follows_berger(t: TrfTournament, double: bool) -> bool:
    """True if every recorded pair (games and forfeits) is where the Berger schedule puts it."""
    starts = sorted(p.start for p in t.players)
    if starts != list(range(1, len(starts) + 1)):
        return False
    sched = schedule(len(starts), double=double)
    for p in t.players:
        for i, cell in enumerate(p.cells):
            if cell.opponent is None:
                continue
            if i >= len(sched) or frozenset((p.start, cell.opponent)) not in {frozenset(x) for x in sched[i]}:
                return False
    return True


def file_tiebreaks(t: TrfTournament, kind: TournamentKind) -> tuple[str, ...] | None:
    """The file's own tie-break order (212, else 202) if every code is known here, else None."""
    for codes in (t.standings_tiebreaks, t.tiebreaks):
        if codes:
            try:
                return parse_tiebreaks(codes, kind)
            except StandingsError:
                return None
    return None


def file_edition(t: TrfTournament, today: datetime.date | None = None) -> Edition:
    """The C.07 edition for the file's start date (record 042); a file without one is ranked under
    the edition in force ``today`` (default: the system's date), as FIDE's checker does. Raises
    ``StandingsError`` when 042 is not a date."""
    try:
        return edition_for_trf_date(t.start_date) or edition_today(today)
    except StandingsError as exc:
        raise StandingsError(f"record 042: {exc}; give the edition with --rules 2024 or --rules 2026") from exc


def standings_input_from_trf(
    t: TrfTournament,
    *,
    kind: TournamentKind | None = None,
    tiebreaks: tuple[str, ...] | None = None,
    after_round: int | None = None,
    edition: Edition | None = None,
    today: datetime.date | None = None,
) -> StandingsInput:
    """A ``StandingsInput`` for a parsed TRF tournament.

    ``kind`` defaults to ``guess_kind(t)``; ``tiebreaks`` to the file's own order (212/202)
    when all its codes are known, else the kind's default; ``edition`` (C.07) to the one for
    the file's start date, or for a file without one the edition in force ``today`` (default: the
    system's date; ``file_edition``); an explicit ``edition`` wins. Cells with no opponent and no result after the
    last round played are simply absent rounds.
    """
    k = kind or guess_kind(t)
    players = tuple(
        StandingsPlayer(
            start_number=p.start,
            name=p.name,
            rating=p.rating,
            title=p.title,
            federation=p.federation,
            rounds=tuple(
                RoundRecord(round=i, opponent=c.opponent, colour=c.colour, result=c.result)  # type: ignore[arg-type]
                for i, c in enumerate(p.cells, start=1)
            ),
        )
        for p in t.players
    )
    return StandingsInput(
        players=players,
        total_rounds=max(t.total_rounds, t.rounds_played),
        scoring=t.scoring,
        kind=k,
        tiebreaks=tiebreaks if tiebreaks is not None else file_tiebreaks(t, k),
        after_round=after_round,
        edition=edition or file_edition(t, today),
    )
