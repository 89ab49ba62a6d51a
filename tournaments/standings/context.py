"""Normalised round data shared by every tie-break (built once per standings run).

Each player gets exactly one ``Entry`` per round considered; a missing round is an
unpaired zero-point absence. The C.07 (2023+) article 16 quantities are computed here:

* ``vur``: a voluntary unplayed round: unplayed and not scoring as a win by type
  (requested half/zero bye, absence, forfeit loss); PAB, full-point bye and forfeit win
  are not VURs.
* ``adjusted[p]``: p's score as it counts in an *opponent's* BH/SB (art. 16.2): the points
  awarded, except that a round without an opponent after p's last non-VUR round (16.2.5:
  requested byes and absences followed only by VURs, or in the last round) counts as a draw.
  In round robins the plain score is used (forfeits count as played).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from tournaments.standings.model import StandingsError, StandingsInput, StandingsPlayer
from tournaments.vocabulary import GAME_CODES, TRF_CODES, Scoring, is_played, is_voluntarily_unplayed


class Entry(NamedTuple):
    """One player's round, normalised (a named tuple: built ~3,300 times for 300 players x 11 rounds)."""

    round: int
    opponent: int | None
    colour: str | None
    code: str
    points: float
    played: bool  # a game over the board against a real opponent
    vur: bool  # voluntary unplayed round (art. 16)
    recorded: bool = True  # False: no record for the round (not paired: a late entry, a withdrawal)
    # A micro-match counted by its game points (``points``): what its outcome code is worth, which
    # rating-based figures read as the round's score. None: ``points`` is the code's worth.
    outcome_points: float | None = None


def score_share(e: Entry, scoring: Scoring) -> float:
    """The round's score as a share of a win (0..1), as performance and rating change read it: a
    micro-match counted by its game points is read by its outcome."""
    return (e.points if e.outcome_points is None else e.outcome_points) / (scoring.win or 1.0)


@dataclass
class Context:
    """Everything a tie-break needs; tie-breaks may cache intermediate results in ``cache``."""

    inp: StandingsInput
    rounds: int
    entries: dict[int, list[Entry]]
    points: dict[int, float]
    adjusted: dict[int, float]
    players: dict[int, StandingsPlayer]
    cache: dict[str, object] = field(default_factory=dict)

    @property
    def scoring(self) -> Scoring:
        return self.inp.scoring

    @property
    def round_robin(self) -> bool:
        return self.inp.kind in ("round_robin", "double_round_robin")


def build_context(inp: StandingsInput) -> Context:
    """Validate ``inp`` and normalise every player's rounds.

    Raises ``StandingsError`` naming the player and round for: duplicate start numbers,
    unknown result codes, rounds out of range or repeated, opponents that are not entered.
    """
    if inp.total_rounds < 0:
        raise StandingsError(f"total rounds must be 0 or more, got {inp.total_rounds}")
    players: dict[int, StandingsPlayer] = {}
    for p in inp.players:
        if p.start_number in players:
            raise StandingsError(f"start number {p.start_number} appears twice")
        players[p.start_number] = p
    last = max((r.round for p in inp.players for r in p.rounds), default=0)
    rounds = last if inp.after_round is None else inp.after_round
    if inp.after_round is not None and not 0 <= inp.after_round <= max(inp.total_rounds, last):
        raise StandingsError(f"after_round {inp.after_round} is outside 0..{max(inp.total_rounds, last)}")
    entries: dict[int, list[Entry]] = {}
    points: dict[int, float] = {}
    zero = inp.scoring.points("Z", has_opponent=False)
    for pid, p in players.items():
        by_round: dict[int, Entry] = {}
        for rec in p.rounds:
            where = f"player {pid}, round {rec.round}"
            if rec.round < 1:
                raise StandingsError(f"{where}: round numbers start at 1")
            if rec.round in by_round:
                raise StandingsError(f"{where}: two results for the same round")
            code = str(rec.result).upper()
            if code not in TRF_CODES:
                raise StandingsError(f"{where}: unknown result code {rec.result!r}")
            if rec.opponent is not None and rec.opponent not in players:
                raise StandingsError(f"{where}: opponent {rec.opponent} is not entered")
            has_opponent = rec.opponent is not None
            if code in GAME_CODES and not has_opponent:
                raise StandingsError(f"{where}: result {code!r} needs an opponent")
            played = is_played(code, has_opponent)
            by_round[rec.round] = Entry(
                round=rec.round,
                opponent=rec.opponent,
                colour=rec.colour,
                code=code,
                points=rec.worth if rec.worth is not None else inp.scoring.points(code, has_opponent=has_opponent),
                played=played,
                vur=is_voluntarily_unplayed(code, has_opponent),
                outcome_points=None if rec.worth is None else inp.scoring.points(code, has_opponent=has_opponent),
            )
        row = [
            by_round.get(r) or Entry(r, None, None, "Z", zero, played=False, vur=True, recorded=False)
            for r in range(1, rounds + 1)
        ]
        entries[pid] = row
        points[pid] = p.starting_points + sum(e.points for e in row)
    ctx = Context(inp=inp, rounds=rounds, entries=entries, points=points, adjusted={}, players=players)
    ctx.adjusted = {pid: _adjusted_score(ctx, pid) for pid in players}
    return ctx


def _adjusted_score(ctx: Context, pid: int) -> float:
    """The player's score as it counts for opponents (art. 16.2; plain score in round robins)."""
    row = ctx.entries[pid]
    if ctx.round_robin or ctx.inp.fmjd_bye_zero:
        return ctx.points[pid]
    last_non_vur = max((e.round for e in row if not e.vur), default=0)
    draw = ctx.scoring.draw
    start = ctx.players[pid].starting_points
    return start + sum(e.points if (e.round <= last_non_vur or e.opponent is not None) else draw for e in row)


class Contribution(NamedTuple):
    """What one round of a player adds to the Buchholz family (BH, its cuts, SB, AOB).

    ``score``: the opponent's score the round counts with (an opponent's adjusted score, or the
    dummy of an own unplayed round); ``points``: the player's own points in the round (SB
    multiplies the two). ``basis`` says where ``score`` comes from:

    * ``opponent``: a game; the opponent's score (adjusted score equal to the points);
    * ``opponent_adjusted``: a game; the opponent's adjusted score differs from their points
      (C.07 16.3.2: their requested byes after their last played round count as draws);
    * ``dummy``: an own unplayed round: a dummy with the player's own score (16.4);
    * ``dummy_capped``: the same, lowered by the 2026 cap ``cap`` (16.4.1 / 16.4.2);
    * ``fmjd_zero``: the FMJD convention, an unplayed round counts 0;
    * ``scheduled``: a round robin's unplayed game, counted against the scheduled opponent.

    ``raw`` is the score before adjustment or cap (the opponent's points, the player's own score).
    A named tuple: one per player and round, built on every standings run.
    """

    round: int
    score: float
    points: float
    vur: bool
    basis: str
    raw: float
    cap: float | None = None


def contributions(ctx: Context, pid: int) -> list[Contribution]:
    """Per-round BH/SB contributions of ``pid`` (see ``Contribution``).

    Swiss (C.07 art. 16): a played game contributes the opponent's adjusted score; each of the
    player's own unplayed rounds (byes, forfeits, absences) a dummy whose score is the player's
    own final score, capped in the 2026 edition (16.4.1: at most the scheduled opponent's
    adjusted score; 16.4.2, no opponent: at most a draw's points times the rounds). With
    ``fmjd_bye_zero`` unplayed rounds contribute 0 instead.
    Round robin: forfeits count as games against the scheduled opponent (their score); the
    odd-n free round and unpaired rounds contribute nothing.
    """
    key = f"contrib:{pid}"
    cached = ctx.cache.get(key)
    if cached is not None:
        return cached  # type: ignore[return-value]
    out: list[Contribution] = []
    own = ctx.points[pid]
    for e in ctx.entries[pid]:
        if ctx.round_robin:
            if e.opponent is not None:
                opp = ctx.points[e.opponent]
                out.append(Contribution(e.round, opp, e.points, False, "opponent" if e.played else "scheduled", opp))
        elif e.played and e.opponent is not None:
            adjusted, raw = ctx.adjusted[e.opponent], ctx.points[e.opponent]
            basis = "opponent" if adjusted == raw else "opponent_adjusted"
            out.append(Contribution(e.round, adjusted, e.points, False, basis, raw))
        elif ctx.inp.fmjd_bye_zero:
            out.append(Contribution(e.round, 0.0, e.points, e.vur, "fmjd_zero", 0.0))
        elif ctx.inp.edition == "2026":
            cap = ctx.adjusted[e.opponent] if e.opponent is not None else ctx.scoring.draw * ctx.rounds
            basis = "dummy_capped" if cap < own else "dummy"
            out.append(Contribution(e.round, min(own, cap), e.points, e.vur, basis, own, cap))
        else:
            out.append(Contribution(e.round, own, e.points, e.vur, "dummy", own))
    ctx.cache[key] = out
    return out
