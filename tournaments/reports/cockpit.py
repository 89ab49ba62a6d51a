"""The arbiter's cockpit: the state of the evening in one read, a constant number of queries.

What the overview page (``tournaments.views.manage.overview``) keeps in front of the arbiter all
evening: every round with its games still to settle (nothing entered, waiting for a confirmation,
conflicting submissions), the draw claims no arbiter has ruled on, the correction requests, the
players at the forfeit limit, and the next step with what blocks it.

Seven queries whatever the number of boards (entries, rounds, boards, confirmed results, waiting
submissions, claims, correction requests): nothing is read per board. Whether two waiting
submissions conflict is ``tournaments.vocabulary.submissions_disagree``, the results service's rule.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Literal

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import CorrectionRequest, DrawClaim, Game, ResultSubmission
from tournaments.models import Board, Entry, Round, Tournament
from tournaments.vocabulary import is_forfeit_loss, result_codes, submissions_disagree


@dataclass(frozen=True)
class BoardRef:
    """A game of a round, as the cockpit names it and links to it."""

    round: int
    board: int
    game_id: int | None
    white: str
    black: str


@dataclass(frozen=True)
class ClaimRef:
    """A draw claim no arbiter has ruled on, on a game still without a confirmed result."""

    pk: int
    game: BoardRef
    rule: str
    upheld: bool  # the validator's ruling
    by: str  # the player who claimed ("" for an arbiter)


@dataclass(frozen=True)
class CorrectionRef:
    """A player's open request to change a result only an arbiter may change now."""

    pk: int
    game: BoardRef
    by: str
    result: str
    reason: str


@dataclass(frozen=True)
class ForfeitRef:
    """A player still in the tournament who has lost ``forfeit_limit`` games or more by forfeit."""

    entry_id: int
    start_number: int | None
    name: str
    rounds: tuple[int, ...]


@dataclass
class RoundLine:
    """One round and what is left to do in it."""

    number: int
    status: str
    games: int = 0
    byes: int = 0
    no_result: list[BoardRef] = field(default_factory=list)  # nothing entered yet
    waiting: list[BoardRef] = field(default_factory=list)  # waiting for a confirmation (no conflict)
    conflicts: list[BoardRef] = field(default_factory=list)  # the submissions disagree
    claims: list[ClaimRef] = field(default_factory=list)
    corrections: list[CorrectionRef] = field(default_factory=list)
    warned: int = 0  # boards with warnings (a draft's)

    @property
    def missing(self) -> int:
        """Games without a confirmed result."""
        return len(self.no_result) + len(self.waiting) + len(self.conflicts)

    @property
    def confirmed(self) -> int:
        return self.games - self.missing

    @property
    def complete(self) -> bool:
        """Every game has its confirmed result and no correction waits: ready to be finished."""
        return not self.missing and not self.corrections

    @property
    def is_draft(self) -> bool:
        return self.status == Round.Status.DRAFT

    @property
    def is_published(self) -> bool:
        return self.status == Round.Status.PUBLISHED

    @property
    def is_finished(self) -> bool:
        return self.status == Round.Status.FINISHED


Action = Literal["players", "pair", "publish", "finish", "done"]


@dataclass(frozen=True)
class NextStep:
    """The one thing to do next, and what stands in its way.

    ``blockers``: what must be settled first (the button is then shown disabled, each blocker a
    link); ``forcible``: the blockers may be overridden (pairing with results or corrections still
    open: "pair anyway", as the pairing service allows).
    """

    action: Action
    round: int = 0
    blockers: tuple[str, ...] = ()
    forcible: bool = False


@dataclass
class Cockpit:
    tournament: Tournament
    rounds: list[RoundLine]
    entries: int
    unnumbered: int
    forfeits: list[ForfeitRef]
    corrections: list[CorrectionRef]  # every open request of the tournament, oldest first

    @property
    def current(self) -> RoundLine | None:
        """The latest round: the one the evening is about."""
        return self.rounds[-1] if self.rounds else None

    @property
    def left_open(self) -> list[RoundLine]:
        """Rounds before the latest still published although every result is in: to be finished."""
        return [r for r in self.rounds[:-1] if r.is_published and r.complete]

    @property
    def planned(self) -> int:
        """The number of rounds the tournament plays (a round robin: its Berger table, at most)."""
        t = self.tournament
        table = t.table_rounds(self.entries) if self.entries >= 2 else None
        return t.rounds_planned if table is None else min(t.rounds_planned, table)

    def trf_rounds(self) -> tuple[int, tuple[int, ...]]:
        """(completed rounds, rounds in play) of the shown rounds, as a TRF export holds them (the same as
        ``trf_io.trf_rounds``, read from the cockpit's counts: no query)."""
        shown = [r for r in self.rounds if not r.is_draft]
        last = max((r.number for r in shown), default=0)
        waiting = min((r.number for r in shown if r.missing), default=None)
        complete = last if waiting is None else waiting - 1
        return complete, tuple(range(complete + 1, last + 1))

    def next_step(self) -> NextStep:
        """The next step of the evening: register, pair, publish, finish, or nothing left."""
        current = self.current
        if current is None:
            if self.entries < 2:
                return NextStep("players", blockers=(_("Register at least two players."),))
            return NextStep("pair", 1)
        if current.is_draft:
            return NextStep("publish", current.number)
        if current.is_published:
            return NextStep("finish", current.number, tuple(_finish_blockers(current, self)))
        if current.number >= self.planned:
            return NextStep("done", current.number)
        blockers = _pairing_blockers(self, current.number + 1)
        return NextStep("pair", current.number + 1, tuple(blockers), forcible=bool(blockers))


def _finish_blockers(line: RoundLine, cockpit: Cockpit) -> list[str]:
    out = []
    if line.missing:
        out.append(ngettext("%(n)s game has no confirmed result.", "%(n)s games have no confirmed result.",
                            line.missing) % {"n": line.missing})
    corrections = cockpit.corrections if line.number >= cockpit.planned else line.corrections
    if corrections:
        out.append(ngettext("%(n)s correction request waits for your decision.",
                            "%(n)s correction requests wait for your decision.", len(corrections))
                   % {"n": len(corrections)})
    return out


def _pairing_blockers(cockpit: Cockpit, number: int) -> list[str]:
    """What the pairing service refuses to pair round ``number`` over unless told to pair anyway:
    games of earlier rounds without a confirmed result, and open correction requests."""
    missing = sum(r.missing for r in cockpit.rounds if r.number < number and not r.is_draft)
    out = []
    if missing:
        out.append(ngettext("%(n)s game of earlier rounds has no confirmed result.",
                            "%(n)s games of earlier rounds have no confirmed result.", missing) % {"n": missing})
    if cockpit.corrections:
        out.append(ngettext("%(n)s correction request waits for your decision.",
                            "%(n)s correction requests wait for your decision.", len(cockpit.corrections))
                   % {"n": len(cockpit.corrections)})
    return out


def open_corrections(tournament: Tournament, before_round: int | None = None) -> list[CorrectionRef]:
    """The tournament's open correction requests (of rounds before ``before_round``), oldest first: one query."""
    qs = CorrectionRequest.objects.filter(game__board__round__tournament=tournament,
                                          status=CorrectionRequest.Status.OPEN)
    if before_round is not None:
        qs = qs.filter(game__board__round__number__lt=before_round)
    rows = qs.order_by("created_at").values_list(
        "pk", "game_id", "game__board__round__number", "game__board__number", "game__white__name",
        "game__black__name", "requested_for__name", "result", "reason")
    return [CorrectionRef(pk, BoardRef(rnd, board, game, white or "", black or ""), by, result, reason)
            for pk, game, rnd, board, white, black, by, result, reason in rows]


def cockpit(tournament: Tournament) -> Cockpit:
    """The cockpit of ``tournament`` (eight queries, whatever the number of boards and games)."""
    entries = list(Entry.objects.filter(tournament=tournament).values_list("pk", "start_number", "status", "name"))
    names = {pk: (f"{name} ({sn})" if sn else name) for pk, sn, _status, name in entries}
    rounds = {pk: RoundLine(number, status) for pk, number, status in
              Round.objects.filter(tournament=tournament).order_by("number").values_list("pk", "number", "status")}
    boards = list(Board.objects.filter(round__tournament=tournament).order_by("round__number", "number").values_list(
        "pk", "round_id", "number", "bye_kind", "white_id", "black_id", "black_team_id", "warnings"))
    games: dict[int, list[tuple[int | None, int | None, int | None]]] = defaultdict(list)
    for board_id, game_pk, white_pk, black_pk in Game.objects.filter(board__round__tournament=tournament).order_by(
            "number").values_list("board_id", "pk", "white_id", "black_id"):
        games[board_id].append((game_pk, white_pk, black_pk))
    confirmed = dict(ResultSubmission.objects.confirmed().for_tournament(tournament).values_list("game_id", "result"))
    waiting: dict[int, list[tuple[str, str, object]]] = defaultdict(list)
    pending = ResultSubmission.objects.for_tournament(tournament).filter(status=ResultSubmission.Status.PENDING)
    for game_id, result, moves, side in pending.values_list("game_id", "result", "moves", "submitted_for_id"):
        waiting[game_id].append((result, moves, side))
    refs: dict[int, BoardRef] = {}
    forfeits: dict[int, list[int]] = defaultdict(list)
    for pk, round_id, number, bye, board_white, board_black, black_team, warnings in boards:
        line = rounds[round_id]
        line.warned += bool(warnings)
        if bye or board_black is None and black_team is None:
            line.byes += 1
            continue
        # A draft's pairings have no games yet: each stands for its first game.
        for game, white, black in games.get(pk) or [(None, board_white, board_black)]:
            line.games += 1
            ref = BoardRef(line.number, number, game, names.get(white or 0, ""), names.get(black or 0, ""))
            if game is not None:
                refs[game] = ref
            if game in confirmed:
                codes = result_codes(confirmed[game])
                forfeits[white or 0] += [line.number] if is_forfeit_loss(codes[0], True) else []
                forfeits[black or 0] += [line.number] if is_forfeit_loss(codes[1], True) else []
            elif line.is_draft or game is None:
                continue
            elif not waiting.get(game):
                line.no_result.append(ref)
            elif submissions_disagree(waiting[game]):
                line.conflicts.append(ref)
            else:
                line.waiting.append(ref)
    by_round = {line.number: line for line in rounds.values()}
    claims = DrawClaim.objects.filter(game__board__round__tournament=tournament, arbiter_decision="").values_list(
        "pk", "game_id", "rule", "upheld", "claimed_for__name")
    for pk, game_id, rule, upheld, by in claims:
        if game_id in refs and game_id not in confirmed:
            by_round[refs[game_id].round].claims.append(ClaimRef(pk, refs[game_id], rule, upheld, by or ""))
    corrections = open_corrections(tournament)
    for c in corrections:
        by_round[c.game.round].corrections.append(c)
    limit = tournament.forfeit_limit
    at_limit = [ForfeitRef(pk, sn, names[pk], tuple(forfeits[pk])) for pk, sn, status, _name in entries
                if limit and len(forfeits.get(pk, ())) >= limit and status == Entry.Status.ACTIVE]
    return Cockpit(tournament=tournament, rounds=list(rounds.values()), entries=len(entries),
                   unnumbered=sum(1 for _pk, sn, _s, _n in entries if sn is None), forfeits=at_limit,
                   corrections=corrections)
