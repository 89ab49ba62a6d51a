"""The pairing manager: the only bridge between the models and the pure pairing engines.

Public API:

* ``pair_round(tournament, actor, *, override=False, progress=None) -> PairingOutcome``: pair the next
  round as a DRAFT (boards with reasons and warnings; requested byes and absences as bye boards).
  Refuses while the previous round is a draft, or while games of earlier rounds have no confirmed
  result or correction requests of earlier rounds are open (the message lists them) unless
  ``override``; refuses a concurrent pairing of the same round
  through the database's unique (tournament, number) constraint.
* ``engine_for(tournament) -> Callable[[PairingInput], RoundPairing]``.
* ``PairingRefused(ServiceError)``: with ``details`` (e.g. the boards still waiting for a result).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeAlias

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import Actor, record
from tournaments.history import PendingGame, build_history, pairing_input, unavailable_for
from tournaments.models import Absence, Board, Entry, Round, Tournament
from tournaments.pairing.model import PairingError, PairingInput, RoundPairing
from tournaments.pairing.systems import OptionError
from tournaments.reports.cockpit import CorrectionRef, open_corrections
from tournaments.vocabulary import ABSENCE_BYE_KINDS

from .errors import ServiceError
from .openings import draw_openings
from .registration import freeze_start_numbers, last_round_number
from .rounds import board_text, engine_board, refresh_warnings, unpair_round
from .teams import is_team_event, pair_team_round

# Absence kind (or availability reason) -> the bye board written for a player who is not paired.
# progress(percent, message), called at each step of a pairing run as a background task.
Progress: TypeAlias = Callable[[int, str], None]

ABSENCE_REASONS: dict[str, str] = {
    Absence.Kind.HALF_BYE: "Requested half-point bye",
    Absence.Kind.ZERO_BYE: "Requested zero-point bye",
    Absence.Kind.ABSENT: "Absent: not paired",
    Absence.Kind.EXCUSED: "Absent with notice: not paired",
}


class PairingRefused(ServiceError):
    """Pairing was refused (previous round open, pending results, concurrent pairing, no valid pairing)."""


@dataclass(frozen=True)
class PairingOutcome:
    round: Round
    warnings: tuple[str, ...] = ()  # the engine's round-level warnings


def engine_for(tournament: Tournament) -> Callable[[PairingInput], RoundPairing]:
    """The pure engine of the tournament's pairing system with its options (the registry's,
    ``tournaments.pairing.systems``); ``PairingRefused`` naming a stored option that is not valid."""
    try:
        return tournament.system.configure(tournament.system_options)
    except (OptionError, TypeError, ValueError) as exc:
        raise PairingRefused(_("The options of the pairing system are not valid: %(error)s") % {"error": exc}) from exc


def check_can_pair(tournament: Tournament, number: int) -> None:
    """Refuse (``PairingRefused``) what can never be paired: round ``number`` while the round before is a
    draft, beyond the planned rounds, beyond a round robin's table. What the arbiter may override (results
    or corrections still open) is checked when pairing."""
    if number > 1:
        prev = tournament.rounds.filter(number=number - 1).first()
        if prev is not None and prev.status == Round.Status.DRAFT:
            raise PairingRefused(
                _("Round %(n)s is still a draft: publish or unpair it first.") % {"n": number - 1}
            )
    limit = tournament.rounds_planned
    if tournament.is_round_robin:
        _check_round_robin_table(tournament, number)
    elif number > limit:
        raise PairingRefused(
            _("All %(n)s planned rounds have been paired. Change the number of rounds in the settings to add one.")
            % {"n": limit}
        )


def _check_round_robin_table(tournament: Tournament, number: int) -> None:
    """A round robin plays its Berger table: never more rounds than the table has (5 players: 5 rounds,
    the free round included; double: 10), neither planned nor paired."""
    players = tournament.entries.count()
    if players < 2:
        return  # the engine says why it cannot pair fewer than two
    table = tournament.table_rounds(players) or 0
    if number > table:
        raise PairingRefused(
            _("All %(table)s rounds of the round robin of %(n)s players have been paired.")
            % {"table": table, "n": players})
    if tournament.rounds_planned > table:
        raise PairingRefused(
            _("A round robin of %(n)s players has %(table)s rounds, but %(planned)s are planned. Set the number "
              "of rounds to %(table)s in the settings (or register more players).")
            % {"n": players, "table": table, "planned": tournament.rounds_planned})


def _pending_details(tournament: Tournament, pending: Iterable[PendingGame]) -> list[str]:
    """Each game still waiting, its players named: ``Round 3, board 4: Jansen, Piet (5) – Visser, Femke (12)``."""
    names = dict(Entry.objects.filter(tournament=tournament, start_number__isnull=False)
                 .values_list("start_number", "name"))

    def who(number: int) -> str:
        return f"{names[number]} ({number})" if number in names else str(number)

    return [
        _("Round %(r)s, board %(b)s: %(w)s – %(bl)s") % {"r": g.round, "b": g.board, "w": who(g.white),
                                                        "bl": who(g.black)}
        for g in pending
    ]


def _correction_details(corrections: list[CorrectionRef]) -> list[str]:
    return [_("Round %(r)s, board %(b)s: %(name)s asks for %(result)s (correction request)")
            % {"r": c.game.round, "b": c.game.board, "name": c.by, "result": c.result} for c in corrections]


def pair_round(
    tournament: Tournament, actor: Actor, *, override: bool = False, progress: Progress | None = None
) -> PairingOutcome:
    """Pair the next round of ``tournament`` as a draft and return it with the engine's warnings.

    ``progress(percent, message)`` is called at each step when given (background tasks).
    """
    report: Progress = progress or (lambda pct, msg: None)
    if is_team_event(tournament):
        rnd, warnings = pair_team_round(actor, tournament, override=override)
        return PairingOutcome(round=rnd, warnings=warnings)
    try:
        with transaction.atomic():
            return _pair(tournament, actor, override, report)
    except IntegrityError as exc:
        # The unique (tournament, number) constraint: someone else paired this round meanwhile.
        raise PairingRefused(
            _("Another arbiter has just paired this round. Reload the page to see their pairing.")
        ) from exc


def pair_again(tournament: Tournament, actor: Actor, *, override: bool = False) -> PairingOutcome:
    """Unpair the latest round, a draft, and pair it again (after a roll call or a withdrawal changed
    who plays it), in one transaction: when the new pairing is refused the draft stays as it was."""
    with transaction.atomic():
        unpair_round(actor, tournament)
        return pair_round(tournament, actor, override=override)


def _pair(tournament: Tournament, actor: Actor, override: bool, report: Progress) -> PairingOutcome:
    number = last_round_number(tournament) + 1
    check_can_pair(tournament, number)
    if tournament.entries.filter(start_number__isnull=True).exists():
        if number > 1:
            raise PairingRefused(_("Some entries have no start number; add them as late entries."))
        freeze_start_numbers(actor, tournament)
    report(10, _("Reading the history"))
    history = build_history(tournament, number - 1, pending_as_meetings=True)
    corrections = open_corrections(tournament, before_round=number)
    if history.pending and not override:
        n = len(history.pending)
        raise PairingRefused(
            ngettext("%(n)s game of an earlier round has no confirmed result yet. Confirm it or pair anyway.",
                     "%(n)s games of earlier rounds have no confirmed result yet. Confirm them or pair anyway.",
                     n) % {"n": n},
            details=_pending_details(tournament, history.pending) + _correction_details(corrections),
        )
    if corrections and not override:
        # A correction may change a score the pairing rests on (issue 24, item 6): decide it first.
        raise PairingRefused(
            ngettext("A correction request of an earlier round waits for your decision. Decide it or pair anyway.",
                     "%(n)s correction requests of earlier rounds wait for your decision. Decide them or pair "
                     "anyway.", len(corrections)) % {"n": len(corrections)},
            details=_correction_details(corrections),
        )
    away = unavailable_for(tournament, number)
    inp = pairing_input(tournament, number, history=history, away=away)
    if sum(1 for p in inp.players if not p.unavailable) < 2 and not tournament.is_round_robin:
        raise PairingRefused(_("Fewer than two players are available for round %(n)s.") % {"n": number})
    engine = engine_for(tournament)
    report(30, _("Pairing %(n)s players") % {"n": len(inp.players)})
    try:
        result = engine(inp)
    except PairingError as exc:
        raise PairingRefused(_("No valid pairing: %(error)s") % {"error": exc}) from exc
    report(80, _("Writing the boards"))
    rnd = _write_round(tournament, number, result, away)
    n_warned = refresh_warnings(tournament, rnd, inp)
    after = "; ".join(board_text(b) for b in rnd.boards.select_related("white", "black"))
    if override and (history.pending or corrections):
        after = (f"override: {len(history.pending)} pending game(s), {len(corrections)} open correction "
                 f"request(s); " + after)
    record(actor, tournament, "round.pair", rnd, after=after[:20000])
    if tournament.opening_deck and tournament.competitors == Tournament.Competitors.PLAYERS:
        draw_openings(actor, rnd)  # balloted openings: drawn with the pairing, printable before the round
    report(100, ngettext("Round %(n)s paired (%(w)s board with warnings)", "Round %(n)s paired (%(w)s boards with "
                         "warnings)", n_warned) % {"n": number, "w": n_warned})
    return PairingOutcome(round=rnd, warnings=tuple(result.warnings))


def _write_round(tournament: Tournament, number: int, result: RoundPairing, away: dict[int, str]) -> Round:
    """Create the draft round and its boards: games in engine order, then engine byes, then absences."""
    with transaction.atomic():  # a savepoint: the IntegrityError of a concurrent pairing surfaces here
        rnd = Round.objects.create(tournament=tournament, number=number, status=Round.Status.DRAFT)
    entries = {e.start_number: e for e in Entry.objects.filter(tournament=tournament, start_number__isnull=False)}
    boards: list[Board] = []
    for p in sorted(result.pairings, key=lambda p: p.board):
        boards.append(
            Board(
                round=rnd,
                number=len(boards) + 1,
                white=entries[p.white],
                black=entries[p.black],
                reasons=list(p.reasons),
            )
        )
    given = set()
    for bye in result.byes:
        given.add(bye.player)
        boards.append(
            Board(
                round=rnd,
                number=len(boards) + 1,
                white=entries[bye.player],
                bye_kind=bye.kind,
                reasons=list(bye.reasons),
            )
        )
    paired = {p.white for p in result.pairings} | {p.black for p in result.pairings} | given
    for sn, why in sorted(away.items()):
        if sn in paired or why not in ABSENCE_BYE_KINDS:
            continue  # withdrawn / not yet joined: no board at all
        boards.append(
            Board(
                round=rnd,
                number=len(boards) + 1,
                white=entries[sn],
                bye_kind=ABSENCE_BYE_KINDS[why],
                reasons=[ABSENCE_REASONS[why]],
            )
        )
    Board.objects.bulk_create(boards)
    rnd.engine_pairing = {str(b.number): engine_board(b) for b in boards}
    rnd.save(update_fields=["engine_pairing"])
    return rnd
