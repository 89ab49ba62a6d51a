"""Standings of a stored tournament: confirmed results in, ranked rows out.

The bridge between the models and the pure ``tournaments.standings`` module. Results come
only from ``tournaments.history.build_history`` (confirmed results only); the
ranking and every tie-break value come from ``tournaments.standings.compute_standings``.
Nothing here ranks or computes a tie-break itself.

Computed standings are cached under the tournament's public version (see
``tournaments.public.version``), so repeated page loads and htmx polls cost one cheap query.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import cast

from django.core.cache import cache

from tournaments.history import PendingGame, Withdrawal, build_history
from tournaments.models import Entry, PlayOff, Tournament
from tournaments.models.event import places_of
from tournaments.pairing.keizer import KeizerParams
from tournaments.pairing.model import PlayerRecord
from tournaments.pairing.systems import OptionError, OptionValue
from tournaments.standings import (
    PLAYOFF,
    Explained,
    PlayoffDecision,
    Standings,
    StandingsError,
    StandingsInput,
    StandingsPlayer,
    StandingsRow,
    Tie,
    TiebreakValue,
    TournamentKind,
    compute_standings,
    default_tiebreaks,
    explain_standings,
    parse_tiebreaks,
)
from tournaments.standings.ratings import half_up

CACHE_SECONDS = 60 * 60


@dataclass(frozen=True)
class TournamentResults:
    """A tournament's confirmed history plus the entry details the pages print.

    ``records`` are the ``PlayerRecord``s of the history service keyed by start number;
    ``entries`` the entries with a start number, keyed the same way (player preloaded);
    ``pending`` the games of shown rounds still waiting for a confirmed result.
    """

    records: dict[int, PlayerRecord]
    entries: dict[int, Entry]
    pending: tuple[PendingGame, ...] = ()
    rounds: int = 0  # the highest shown round
    withdrawals: tuple[Withdrawal, ...] = ()  # withdrawn players: results kept or removed, and why


def tournament_kind(tournament: Tournament) -> TournamentKind:
    """The pure module's tournament kind: the pairing system's (the registry's ``SystemSpec.kind``)."""
    return tournament.system.kind


def system_options(tournament: Tournament) -> dict[str, OptionValue]:
    """The tournament's pairing-system options, each checked (``StandingsError`` naming a bad one)."""
    try:
        return tournament.system.validate(tournament.system_options)
    except OptionError as exc:
        raise StandingsError(f"tournament {tournament.slug}, options of the pairing system: {exc}") from exc


def tiebreak_order(tournament: Tournament) -> tuple[str, ...]:
    """The tournament's tie-break codes in order (its own list, else the system's default with its options;
    a team event's own list is its teams' order, ``tournaments.reports.teams``).

    Raises ``StandingsError`` naming the bad code when the stored list is invalid.
    """
    kind = tournament_kind(tournament)
    # A team event's list is the team standings' order (MPTS, GPTS, ...): its players' individual tables
    # (player pages, the players' standings) rank by the system's default.
    if tournament.tiebreaks.strip() and tournament.competitors != Tournament.Competitors.TEAMS:
        try:
            codes = parse_tiebreaks(tournament.tiebreaks.split(","), kind)
        except StandingsError as exc:
            raise StandingsError(f"tournament {tournament.slug}, tie-break order: {exc}") from exc
    else:
        codes = tournament.system.tiebreaks(system_options(tournament)) or default_tiebreaks(kind)
    if tournament.counts_micro_matches and "GP" not in codes:
        codes = ("GP", *codes)  # a micro-match event ranks ties by game points first (issue 28)
    return codes


def keizer_params(tournament: Tournament) -> KeizerParams:
    """The tournament's Keizer parameters (its system's options, for a Keizer; the defaults otherwise)."""
    if tournament.system.kind != "keizer":
        return KeizerParams()
    try:
        return KeizerParams(**system_options(tournament))  # type: ignore[arg-type]  # checked by the spec
    except (TypeError, ValueError) as exc:
        raise StandingsError(f"tournament {tournament.slug}, Keizer parameters: {exc}") from exc


def load_results(tournament: Tournament) -> TournamentResults:
    """The confirmed history and the entries of ``tournament`` (a constant number of queries).

    The history (confirmed results of published rounds only) is the history service's.
    """
    history = build_history(tournament)
    entries = {
        cast(int, e.start_number): e  # numbered entries only (filtered)
        for e in Entry.objects.filter(tournament=tournament, start_number__isnull=False)
    }
    return TournamentResults(
        records={r.id: r for r in history.players}, entries=entries, pending=history.pending, rounds=history.rounds,
        withdrawals=history.withdrawals,
    )


def standings_input(
    tournament: Tournament, results: TournamentResults, after_round: int | None = None
) -> StandingsInput:
    """The pure module's input for ``tournament`` from its confirmed results."""
    players = []
    for sno, rec in sorted(results.records.items()):
        entry = results.entries.get(sno)
        players.append(
            StandingsPlayer(
                start_number=sno,
                name=entry.name if entry is not None else rec.name,
                rating=(entry.rating if entry is not None else None) or rec.rating or 0,
                title=entry.title if entry is not None else rec.title,
                federation=entry.federation if entry is not None else "",
                rounds=tuple(rec.history),
            )
        )
    return StandingsInput(
        players=tuple(players),
        total_rounds=max(tournament.rounds_planned, max((h.round for r in players for h in r.rounds), default=0)),
        scoring=tournament.scoring(),
        kind=tournament_kind(tournament),
        tiebreaks=tiebreak_order(tournament),
        after_round=after_round,
        k_factor=float(tournament.elo_k),
        keizer=keizer_params(tournament),
        edition=tournament.tiebreak_edition(),
        moyenne_min_games=int(cast(int, system_options(tournament).get("min_games") or 0)),
    )


def standings_for(
    tournament: Tournament, after_round: int | None = None, results: TournamentResults | None = None
) -> Standings:
    """The standings of ``tournament`` from its confirmed results.

    ``after_round`` None: every confirmed result (live standings). Ranking and tie-breaks
    are the pure module's, in the tournament's tie-break order (Keizer events rank by
    Keizer score). The live (final) standings, ``after_round`` None, order the places of a recorded
    play-off by it (``apply_playoffs``); those of earlier rounds do not. Raises ``StandingsError`` for
    an invalid stored tie-break order.
    """
    if results is None:
        results = load_results(tournament)
    standings = compute_standings(standings_input(tournament, results, after_round))
    if after_round is not None:
        return standings
    return apply_playoffs(standings, places_of(tournament.playoff_places) or frozenset(), playoffs_of(tournament))


def playoffs_of(tournament: Tournament) -> list[PlayoffDecision]:
    """The tournament's recorded play-offs (``PlayOff``) as the standings read them (one query)."""
    return [PlayoffDecision(p.first_place, tuple(int(s) for s in p.order), p.games)
            for p in PlayOff.objects.filter(tournament=tournament)]


def cached_results(tournament: Tournament) -> TournamentResults:
    """``load_results`` memoised under the tournament's version (``tournaments.versioning``)."""
    key = f"public:results:{tournament.pk}:{tournament.version}"
    found: TournamentResults | None = cache.get(key)
    if found is None:
        found = load_results(tournament)
        cache.set(key, found, CACHE_SECONDS)
    return found


def cached_standings(
    tournament: Tournament, after_round: int | None = None, results: TournamentResults | None = None
) -> Standings:
    """``standings_for`` memoised under the tournament's version."""
    key = f"public:standings:{tournament.pk}:{tournament.version}:{after_round}"
    found: Standings | None = cache.get(key)
    if found is None:
        found = standings_for(tournament, after_round, results or cached_results(tournament))
        cache.set(key, found, CACHE_SECONDS)
    return found


def cached_explained(tournament: Tournament, results: TournamentResults | None = None) -> Explained:
    """The live standings with the explanation of every tie between neighbours (``explain_standings``
    with ``only_ties``), memoised under the tournament's version."""
    key = f"public:explained:{tournament.pk}:{tournament.version}"
    found: Explained | None = cache.get(key)
    if found is None:
        results = results or cached_results(tournament)
        found = explain_standings(standings_input(tournament, results), only_ties=True)
        found = explained_with_playoffs(
            found, places_of(tournament.playoff_places) or frozenset(), playoffs_of(tournament))
        cache.set(key, found, CACHE_SECONDS)
    return found


# The tie-breaks a play-off comes before (KNDB: points, plus/minus balance, play-off, mutual result, ...).
PLAYOFF_BEFORE = ("DE", "RRO")


def playoff_groups(standings: Standings, places: frozenset[int]) -> list[tuple[int, int, tuple[int, ...]]]:
    """The play-offs the standings call for: players tied for one of ``places`` (the tournament's
    ``playoff_places``) on points and on the tie-breaks of the order before the mutual result (``DE``,
    or ``RRO`` without it; all of them when neither is listed), as (first place, last place, start
    numbers) in rank order. The places of a group are the rows it holds (four players tied after the
    leader hold places 2 to 5).

    KNDB championship conditions: the plus/minus balance, then a play-off for the places the
    regulations name, then the mutual result and the results in ranking order.
    """
    if not places:
        return []
    decided = [set(d.order) for d in standings.playoffs]
    codes = standings.tiebreaks
    cut = next((i for i, c in enumerate(codes) if c in PLAYOFF_BEFORE), len(codes))

    def key(row: StandingsRow) -> tuple[object, ...]:
        return (row.points, *(row.tiebreaks.get(c) for c in codes[:cut]))

    out = []
    rows = list(standings.rows)
    i = 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and key(rows[j + 1]) == key(rows[i]):
            j += 1
        first, last = i + 1, j + 1
        group = tuple(r.start_number for r in rows[i:j + 1])
        if j > i and any(first <= p <= last for p in places) and set(group) not in decided:
            out.append((first, last, group))
        i = j + 1
    return out


def apply_playoffs(standings: Standings, places: frozenset[int],
                   playoffs: Iterable[PlayoffDecision]) -> Standings:
    """``standings`` with the places of each recorded play-off in its finishing order.

    A play-off applies while its players are still exactly a play-off group of the standings
    (``playoff_groups``: tied for one of ``places`` on points and on the tie-breaks before the mutual
    result) starting at its first place: they take the places first, first + 1, ... in the
    play-off's order, separated by ``PLAYOFF``; the rows around them keep theirs. A play-off whose
    players are no longer tied so (a result changed) is left out, and the tie is flagged again.
    KNDB championship conditions: points, plus/minus balance, play-off, mutual result, ...
    """
    groups = {(first, frozenset(group)): last for first, last, group in playoff_groups(standings, places)}
    rows, separated = list(standings.rows), list(standings.separated_by)
    applied = []
    for decision in playoffs:
        if len(set(decision.order)) != len(decision.order) or groups.get(
                (decision.first, frozenset(decision.order))) != decision.last:
            continue
        start = decision.first - 1
        by_number = {r.start_number: r for r in rows[start:decision.last]}
        rows[start:decision.last] = [replace(by_number[sno], rank=decision.first + i)
                                     for i, sno in enumerate(decision.order)]
        for i in range(start, min(decision.last - 1, len(separated))):
            separated[i] = PLAYOFF
        applied.append(decision)
    if not applied:
        return standings
    return replace(standings, rows=tuple(rows), separated_by=tuple(separated), playoffs=tuple(applied))


def explained_with_playoffs(explained: Explained, places: frozenset[int],
                            playoffs: Iterable[PlayoffDecision]) -> Explained:
    """``explained`` with its standings ordered by the applied play-offs (``apply_playoffs``): the ties
    inside a play-off are decided by it (``PLAYOFF``, nothing compared), and a tie between a play-off's
    neighbour and the play-off names the player now next to it."""
    standings = apply_playoffs(explained.standings, places, playoffs)
    if not standings.playoffs:
        return explained
    first_of = {sno: d.order[0] for d in standings.playoffs for sno in d.order}
    last_of = {sno: d.order[-1] for d in standings.playoffs for sno in d.order}
    group_of = {sno: d.first for d in standings.playoffs for sno in d.order}
    ties = []
    for tie in explained.ties:
        if tie.above in group_of and group_of[tie.above] == group_of.get(tie.below):
            continue
        ties.append(replace(tie, above=last_of.get(tie.above, tie.above), below=first_of.get(tie.below, tie.below)))
    ties += [Tie(a, b, PLAYOFF, ()) for d in standings.playoffs for a, b in zip(d.order, d.order[1:])]
    position = {r.start_number: i for i, r in enumerate(standings.rows)}
    ties.sort(key=lambda t: position[t.above])
    return replace(explained, standings=standings, ties=tuple(ties))


def json_value(v: TiebreakValue) -> float | int | list[float | int] | None:
    """A tie-break value for JSON: whole numbers as ints, cascades as lists."""
    if v is None:
        return None
    if isinstance(v, tuple):
        return [_num(x) for x in v]
    return _num(v)


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else half_up(float(x), 4)


def row_json(row: StandingsRow, extended: bool = False) -> dict[str, object]:
    """One row in the standings CLI contract: start_number, rank, points, tiebreaks.

    ``extended`` adds name, games, W/D/L, performance, estimated rating change (Keizer score).
    """
    out: dict[str, object] = {
        "start_number": row.start_number,
        "rank": row.rank,
        "points": _num(row.points),
        "tiebreaks": {code: json_value(v) for code, v in row.tiebreaks.items()},
    }
    if not extended:
        return out
    return {
        **out,
        "name": row.name,
        "games": row.games,
        "wins": row.wins,
        "draws": row.draws,
        "losses": row.losses,
        "performance": row.performance,
        "rating_change": None if row.rating_change is None else half_up(row.rating_change, 1),
        **({"keizer_score": half_up(row.keizer_score, 2)} if row.keizer_score is not None else {}),
    }


def standings_json(standings: Standings, extended: bool = False) -> list[dict[str, object]]:
    """The standings as the JSON list printed by ``python -m tournaments.standings --json``."""
    return [row_json(r, extended) for r in standings.rows]
