"""The one history builder: a tournament's rows become pure dataclasses (``PlayerRecord``s), read by the
pairing service, the standings, the exports and the pages alike.

Public API (used by the pairing manager and by the standings/public pages):

* ``tournament_history(tournament, up_to_round=None) -> list[PlayerRecord]``: one record per entry
  with a start number, in start-number order; ``history`` holds one ``RoundRecord`` per round in
  which the player had a board (game or bye) with a counted result, ``points`` are computed with
  ``tournament.scoring()``.
* ``build_history(tournament, up_to_round=None, *, include_drafts=False) -> History``: the same
  players plus what was *not* counted: ``pending`` (games of the considered rounds without a
  confirmed result), ``cancelled`` (start numbers whose results are cancelled by the
  withdrawal rule of a round robin) and ``withdrawals`` (each withdrawn player: the rule applied, why).
* ``pairing_input(tournament, round_number) -> PairingInput``: the engines' input for pairing
  ``round_number``: history of the earlier rounds, availability (entry status,
  ``withdrawn_from_round``, ``joined_in_round``, ``Absence`` rows of that round) and prohibited pairs.

What a result or bye is worth, and what counts as played, comes from ``tournaments.vocabulary``.

Rules (why):

* Only confirmed results count, and they are read through ``ResultSubmission.objects.confirmed()``
  (THE queryset through which results reach pairings and standings). A game without a confirmed
  result is listed in ``History.pending`` and left out of the standings; the pairing manager
  refuses to pair while any exist unless overridden, and then the pending games count as
  meetings with their colours (FIDE: players who have met may not meet again), worth no points.
* Only published and finished rounds count by default: a draft round is not part of the history
  (it may still be unpaired).
* A round in which a player had no board (late entry, withdrawn) is simply missing from the
  history: a zero-point absence for standings (see ``tournaments.standings.model``).
* Byes: PAB ``U``, half-point ``H``, zero-point ``Z``, full-point ``F``; an absence board ``Z``
  (in a Keizer event an absence *with notice* is ``H``, which Keizer scores as a fraction of the
  player's own value).
* Withdrawals in a round robin (``Tournament.withdrawal_rule``): ``keep``, ``cancel``, or ``half``
  (kept if the player played more than half the games of the schedule, else cancelled, as in the
  FMJD/Rotterdam rule). In the other systems the games played stay, unless the event annuls early
  withdrawals (``Tournament.annul_early_withdrawals``, FMJD opens): then the ``half`` rule applies to
  the planned rounds. Cancelled games are removed from both players' histories; undoing the
  withdrawal or unticking the setting brings them back (nothing stored is deleted).
* A draw an arbiter marked plus for one player (``ResultSubmission.draw_mark``) is ``P`` for that
  player and ``M`` for the other (``vocabulary.marked_result_codes``): a draw for every purpose but
  the tie-break ``PMD``.

All functions run a constant number of queries, whatever the size of the tournament.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from typing import NamedTuple, cast

from django.db.models import Q

from games.models import ResultSubmission
from tournaments.models import Absence, Board, Entry, ProhibitedPair, Round, Tournament
from tournaments.pairing.model import PairingInput, PlayerRecord
from tournaments.vocabulary import (
    BYE_CODES,
    PENDING,
    Colour,
    ResultCode,
    RoundRecord,
    Scoring,
    marked_result_codes,
    score_micro_match,
    unpaired_micro_match_record,
    withdrawal_keeps_results,
)

COUNTED_ROUND_STATUSES = (Round.Status.PUBLISHED, Round.Status.FINISHED)


@dataclass(frozen=True)
class PendingGame:
    """A game of a counted round that has no confirmed result yet (not counted anywhere)."""

    round: int
    board: int
    white: int  # start numbers
    black: int


@dataclass(frozen=True)
class Withdrawal:
    """What the withdrawal rule did to a withdrawn player's results, and why (shown on the standings)."""

    start_number: int
    from_round: int | None  # None: withdrawn without a round (before any was paired)
    kept: bool  # the results stay (False: removed from both players' histories)
    rule: str  # Tournament.WithdrawalRule value; "" outside round robins (the results of games stay)
    played: int  # games the player played (over the board)
    total: int  # games of the full round-robin schedule


@dataclass(frozen=True)
class History:
    """The counted history of a tournament and what was left out."""

    players: tuple[PlayerRecord, ...]
    pending: tuple[PendingGame, ...] = ()
    cancelled: frozenset[int] = frozenset()
    rounds: int = 0  # the highest round number considered
    withdrawals: tuple[Withdrawal, ...] = ()


class _EntryRow(NamedTuple):
    """The columns of an entry the history needs (a plain row, no model instance)."""

    id: int
    start_number: int
    rating: int | None
    status: str
    withdrawn_from_round: int | None
    name: str
    title: str
    carried_points: float | None  # points carried over from the previous stage (None: no seat)


def _entries(tournament: Tournament) -> list[_EntryRow]:
    rows = (
        Entry.objects.filter(tournament=tournament, start_number__isnull=False)
        .order_by("start_number")
        .values_list(
            "id", "start_number", "rating", "status", "withdrawn_from_round",
            "name", "title", "seat__carried_points",
        )
    )
    return [_EntryRow._make(r) for r in rows]


# One board as a plain tuple: (round number, board number, board id, bye kind, white entry id,
# white start number, black start number).
_BoardRow = tuple[int, int, int, str, int | None, int | None, int | None]


def _boards(tournament: Tournament, up_to_round: int | None, include_drafts: bool) -> list[_BoardRow]:
    qs = Board.objects.filter(round__tournament=tournament)
    if not include_drafts:
        qs = qs.filter(round__status__in=COUNTED_ROUND_STATUSES)
    if up_to_round is not None:
        qs = qs.filter(round__number__lte=up_to_round)
    return list(
        qs.order_by("round__number", "number").values_list(
            "round__number", "number", "id", "bye_kind", "white_id", "white__start_number", "black__start_number"
        )
    )


def _confirmed_results(tournament: Tournament, up_to_round: int | None) -> dict[int, tuple[str, str]]:
    """Board id -> (confirmed result, its plus/minus-draw mark), read through THE confirmed() queryset."""

    qs = ResultSubmission.objects.confirmed().for_tournament(tournament).filter(game__number=1)
    if up_to_round is not None:
        qs = qs.filter(game__board__round__number__lte=up_to_round)
    return {board: (result, mark) for board, result, mark in qs.values_list("game__board_id", "result", "draw_mark")}


def _micro_match_results(tournament: Tournament, up_to_round: int | None) -> dict[int, list[str]]:
    """Board id -> the confirmed results of its games in game order, for the boards of a micro-match event
    whose every game has one (a pairing waiting for a game's result is pending as a whole)."""
    qs = ResultSubmission.objects.confirmed().for_tournament(tournament)
    if up_to_round is not None:
        qs = qs.filter(game__board__round__number__lte=up_to_round)
    games: dict[int, dict[int, str]] = defaultdict(dict)
    for board_id, number, result in qs.values_list("game__board_id", "game__number", "result"):
        games[board_id][number] = result
    n = tournament.games_per_pairing
    return {b: [g[i] for i in range(1, n + 1)] for b, g in games.items() if all(i in g for i in range(1, n + 1))}


def _micro_match_records(tournament: Tournament, rnd: int, w: int, bl: int, results: list[str],
                         scoring: Scoring) -> tuple[RoundRecord, RoundRecord]:
    """The two players' records of a micro-match round (``vocabulary.score_micro_match``): the outcome as
    the code, the game points kept; an event where every game counts scores the game points."""
    mm = score_micro_match(results, scoring)
    by_games = tournament.pairing_score == Tournament.PairingScore.GAMES
    return (RoundRecord(rnd, bl, "w", mm.first, game_points=mm.first_points,
                        worth=mm.first_points if by_games else None, games=mm.first_games),
            RoundRecord(rnd, w, "b", mm.second, game_points=mm.second_points,
                        worth=mm.second_points if by_games else None, games=mm.second_games))


def _excused(tournament: Tournament) -> set[tuple[int, int]]:
    """(entry id, round) of absences with notice."""
    rows = Absence.objects.filter(entry__tournament=tournament, kind=Absence.Kind.EXCUSED)
    return set(rows.values_list("entry_id", "round_number"))


def schedule_games(tournament: Tournament, n_players: int) -> int:
    """Games each player has in the full schedule of a round robin (else the planned rounds)."""
    if not tournament.is_round_robin:
        return tournament.rounds_planned
    per_cycle = max(n_players - 1, 1)
    return 2 * per_cycle if tournament.system.kind == "double_round_robin" else per_cycle


def _withdrawals(tournament: Tournament, entries: list[_EntryRow], played: dict[int, int]) -> tuple[Withdrawal, ...]:
    """Each withdrawn player with what happens to their results.

    Round robins apply ``Tournament.withdrawal_rule`` (``half``: kept if the player played more than
    half the games of the schedule, else cancelled, as in the FMJD/Rotterdam rule). In the other
    systems the results of the games played stay, unless the event annuls early withdrawals
    (``annul_early_withdrawals``, FMJD opens): then ``half`` applies to the planned rounds.
    """
    total = schedule_games(tournament, len(entries))
    if tournament.is_round_robin:
        rule = tournament.withdrawal_rule
    else:
        rule = Tournament.WithdrawalRule.HALF if tournament.annul_early_withdrawals else ""
    out = []
    for e in entries:
        if e.status != Entry.Status.WITHDRAWN and e.withdrawn_from_round is None:
            continue
        n = played.get(e.start_number, 0)
        kept = withdrawal_keeps_results(rule, n, total)
        out.append(Withdrawal(start_number=e.start_number, from_round=e.withdrawn_from_round, kept=kept, rule=rule,
                              played=n, total=total))
    return tuple(out)


def build_history(
    tournament: Tournament,
    up_to_round: int | None = None,
    *,
    include_drafts: bool = False,
    pending_as_meetings: bool = False,
) -> History:
    """The counted history of ``tournament`` up to ``up_to_round`` (default: every counted round).

    Promises: only confirmed results; one ``RoundRecord`` per player and round at most; points by
    the tournament's scoring (``tournaments.vocabulary``); a constant number of queries (entries,
    boards, confirmed results, absences with notice). Rows are read as plain tuples
    (``values_list``): building model instances for every board was most of the time at 300
    players x 11 rounds.

    Games without a confirmed result are listed in ``pending``. With ``pending_as_meetings`` (the
    pairing history when the arbiter pairs anyway) they are also in both players' histories as
    played games of code ``PENDING``: the players have met and had their colours, and the game
    is worth no points until its result is confirmed.
    """
    scoring = tournament.scoring()
    entries = _entries(tournament)
    boards = _boards(tournament, up_to_round, include_drafts)
    micro = tournament.games_per_pairing > 1 and tournament.competitors == Tournament.Competitors.PLAYERS
    results = {} if micro else _confirmed_results(tournament, up_to_round)
    micro_results = _micro_match_results(tournament, up_to_round) if micro else {}
    excused_code = tournament.system.excused_absence_code
    excused = _excused(tournament) if excused_code is not None else set()

    records: dict[int, list[RoundRecord]] = defaultdict(list)
    pending: list[PendingGame] = []
    played: dict[int, int] = defaultdict(int)
    last_round = 0
    for rnd, number, board_id, bye_kind, white_id, w, bl in boards:
        last_round = max(last_round, rnd)
        if w is None:
            continue
        if bye_kind:
            code = BYE_CODES[bye_kind]
            if excused_code is not None and bye_kind == Board.ByeKind.ABSENT and (white_id, rnd) in excused:
                code = cast(ResultCode, excused_code)
            records[w].append(unpaired_micro_match_record(
                rnd, code, tournament.games_per_pairing if micro else 1, scoring,
                by_games=tournament.pairing_score == Tournament.PairingScore.GAMES,
                bye_worth=tournament.micro_match_bye))
            continue
        if bl is None:
            continue
        result = micro_results.get(board_id) if micro else results.get(board_id)
        if result is None:
            pending.append(PendingGame(round=rnd, board=number, white=w, black=bl))
            if not pending_as_meetings:
                continue
            white_record, black_record = RoundRecord(rnd, bl, "w", PENDING), RoundRecord(rnd, w, "b", PENDING)
        elif isinstance(result, list):
            white_record, black_record = _micro_match_records(tournament, rnd, w, bl, result, scoring)
        else:
            wc, bc = marked_result_codes(*result)
            white_record, black_record = RoundRecord(rnd, bl, "w", wc), RoundRecord(rnd, w, "b", bc)
        records[w].append(white_record)
        records[bl].append(black_record)
        if white_record.played:
            played[w] += 1
            played[bl] += 1

    withdrawals = _withdrawals(tournament, entries, played)
    cancelled = frozenset(w.start_number for w in withdrawals if not w.kept)
    players: list[PlayerRecord] = []
    for e in entries:
        sn = e.start_number
        hist = records.get(sn, [])
        if cancelled:
            hist = [r for r in hist if sn not in cancelled and r.opponent not in cancelled]
        players.append(
            PlayerRecord(
                id=sn,
                rating=e.rating or 0,
                name=e.name,
                points=(e.carried_points or 0.0) + sum(r.points(scoring) for r in hist),
                history=tuple(hist),
                title=e.title,
                starting_points=e.carried_points or 0.0,
            )
        )
    return History(players=tuple(players), pending=tuple(pending), cancelled=cancelled, rounds=last_round,
                   withdrawals=withdrawals)


def tournament_history(tournament: Tournament, up_to_round: int | None = None) -> list[PlayerRecord]:
    """One ``PlayerRecord`` per numbered entry (start-number order) with confirmed results only."""
    return list(build_history(tournament, up_to_round).players)


def unavailable_for(tournament: Tournament, round_number: int) -> dict[int, str]:
    """Start number -> why the player is not to be paired in ``round_number`` (status or Absence kind).

    Values: ``"withdrawn"``, ``"late"`` (joins later), or an ``Absence.Kind`` value
    (``absent``, ``excused``, ``half``, ``zero``).
    """
    out: dict[int, str] = {}
    entries = Entry.objects.filter(tournament=tournament, start_number__isnull=False).only(
        "start_number", "status", "withdrawn_from_round", "joined_in_round"
    )
    for e in entries:
        assert e.start_number is not None
        if e.joined_in_round > round_number:
            out[e.start_number] = "late"
        elif (e.withdrawn_from_round is not None and round_number >= e.withdrawn_from_round) or (
            e.status == Entry.Status.WITHDRAWN and e.withdrawn_from_round is None
        ):
            out[e.start_number] = "withdrawn"
    absences = Absence.objects.filter(
        entry__tournament=tournament, round_number=round_number, entry__start_number__isnull=False
    ).values_list("entry__start_number", "kind")
    for sn, kind in absences:
        out.setdefault(cast(int, sn), kind)  # numbered entries only (filtered above)
    return out


def prohibited_pairs(tournament: Tournament) -> tuple[frozenset[int], ...]:
    """The prohibited pairs as sets of start numbers (pairs with an unnumbered entry are skipped)."""
    rows = ProhibitedPair.objects.filter(tournament=tournament).filter(
        Q(first__start_number__isnull=False) & Q(second__start_number__isnull=False)
    )
    pairs = cast("list[tuple[int, int]]", rows.values_list("first__start_number", "second__start_number"))
    return tuple(frozenset(p) for p in pairs)  # numbered entries only (filtered above)


def pairing_input(
    tournament: Tournament,
    round_number: int,
    *,
    history: History | None = None,
    away: dict[int, str] | None = None,
) -> PairingInput:
    """The engines' input for pairing ``round_number`` of ``tournament``.

    History: the counted rounds before ``round_number``: confirmed results, and games still waiting
    for one as meetings (``build_history(pending_as_meetings=True)``). Players who are
    withdrawn, not yet joined, absent or have requested a bye for that round are ``unavailable``
    (``unavailable_for``). A caller that has read either already passes it in.
    """
    hist = history if history is not None else build_history(tournament, round_number - 1, pending_as_meetings=True)
    if away is None:
        away = unavailable_for(tournament, round_number)
    players = tuple(replace(p, unavailable=p.id in away) for p in hist.players)
    return PairingInput(
        round=round_number,
        total_rounds=max(tournament.rounds_planned, round_number),
        players=players,
        scoring=tournament.scoring(),
        initial_colour=cast(Colour, tournament.initial_colour),  # the field's choices: "w", "b"
        prohibited=prohibited_pairs(tournament),
    )
