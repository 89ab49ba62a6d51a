"""Rounds after pairing: warnings, arbiter edits of a draft round, publishing and unpairing.

Public API:

* ``board_warnings(tournament, rnd) -> dict[board_id, list[str]]``: what is wrong with each board
  of ``rnd`` (rematch, prohibited pair, second PAB, three equal colours in a row, colour
  difference above 2), computed from all earlier rounds.
* ``refresh_warnings(tournament, rnd)``: store those warnings on the boards.
* ``swap_colours(actor, board)``, ``swap_players(actor, rnd, first, second)``: edits of a draft
  round (audit-logged with before/after, boards marked ``overridden`` unless the edit puts them
  back as the engine paired them, warnings refreshed).
* ``publish_round(actor, rnd)``, ``unpair_round(actor, tournament)``: draft -> published; delete the
  latest draft round.
* ``unfinished_boards(rnd) -> list[Board]``: game boards of ``rnd`` without a confirmed result.
* ``finish_round(actor, rnd)``: published -> finished once every game has a confirmed result
  (the arbiter's sign-off; finishing the last planned round also finishes the tournament).
"""

from __future__ import annotations

from typing import cast

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.models import Game, ResultSubmission
from tournaments.audit import Actor, record
from tournaments.history import pairing_input, unavailable_for
from tournaments.models import Board, Entry, Round, Team, Tournament
from tournaments.pairing.model import ARBITER_CHANGE_REASON, PairingInput
from tournaments.reports.cockpit import open_corrections
from tournaments.reports.teams import withdrawal_forfeit
from tournaments.services.relay import freeze_relay_tags
from tournaments.vocabulary import is_forfeit_loss, is_unplayed_win

from .errors import ServiceError
from .openings import draw_openings, start_of
from .teams import is_team_event, make_team_games


def board_text(board: Board) -> str:
    """A short, stable description for the audit log: ``3: 5-12`` or ``9: 7 bye(pab)``."""
    w = board.white.start_number if board.white else "-"
    if board.bye_kind:
        return f"{board.number}: {w} bye({board.bye_kind})"
    b = board.black.start_number if board.black else "-"
    return f"{board.number}: {w}-{b}"


def _who(entry: Entry) -> str:
    """A player as the warnings name them: ``Jansen, Piet (1)``."""
    return f"{entry.name} ({entry.start_number})"


def _side(entry: Entry | None, team: Team | None) -> str:
    """A pairing's competitor as a refusal names it: the player, or the team of a team match."""
    if entry is not None:
        return _who(entry)
    return team.name if team is not None else "–"


def _colour_warning(colours: list[str], new: str, who: str) -> list[str]:
    out = []
    if len(colours) >= 2 and colours[-1] == colours[-2] == new:
        out.append(
            _("%(who)s gets %(colour)s for the third time in a row (FIDE C.04.1: never three equal colours in "
              "a row).") % {"who": who, "colour": _("White") if new == "w" else _("Black")}
        )
    diff = sum(1 if c == "w" else -1 for c in [*colours, new])
    if abs(diff) > 2:
        out.append(_("%(who)s's colour difference becomes %(diff)+d (FIDE C.04.1: at most 2 either way).")
                   % {"who": who, "diff": diff})
    return out


def board_warnings(tournament: Tournament, rnd: Round, inp: PairingInput | None = None) -> dict[int, list[str]]:
    """Warnings per board of ``rnd`` under the pairing engines' own rules (a constant number of queries).

    They read the same history as the engines (``history.pairing_input``): what is a meeting, what
    leaves a colour and what blocks a second PAB is decided by ``tournaments.vocabulary`` (a
    forfeit is not a meeting and leaves no colour; a game still waiting for its result is a
    meeting). Colour rules are not checked in round robins, whose colours come from the Berger
    table. ``inp``: the round's pairing input when the caller has it (the pairing itself).
    """
    if inp is None:
        inp = pairing_input(tournament, rnd.number)
    scoring = inp.scoring
    met: set[frozenset[int]] = set()
    colours: dict[int, list[str]] = {}
    unplayed_win: set[int] = set()
    for p in inp.players:
        games = sorted((r for r in p.history if r.played), key=lambda r: r.round)
        colours[p.id] = [r.colour for r in games if r.colour]
        met.update(frozenset((p.id, r.opponent)) for r in games if r.opponent is not None)
        if any(is_unplayed_win(r.result, r.opponent is not None, scoring) for r in p.history):
            unplayed_win.add(p.id)
    prohibited = set(inp.prohibited)
    check_colours = not tournament.is_round_robin
    # Keizer and Moyenne pair players again by their own rules (options: rounds between meetings,
    # most meetings): their rematches are no breach of FIDE C.04.3 C1.
    rematches_forbidden = tournament.system.kind not in ("keizer", "moyenne")
    away = unavailable_for(tournament, rnd.number) if rnd.status == Round.Status.DRAFT else {}
    forfeits = {p.id: [r.round for r in p.history if is_forfeit_loss(r.result, r.opponent is not None)]
                for p in inp.players}
    out: dict[int, list[str]] = {}
    for b in rnd.boards.select_related("white", "black"):
        warn: list[str] = []
        sw = b.white.start_number if b.white else None
        if b.bye_kind == Board.ByeKind.PAB and sw in unplayed_win and b.white is not None:
            warn.append(_("%(who)s already had a bye or a win without playing: a second pairing-allocated bye "
                          "(FIDE C.04.3 C2: only an eligible player gets it).") % {"who": _who(b.white)})
        for e in seated(b):
            warn += _availability_warnings(tournament, e, away.get(cast(int, e.start_number)),
                                           forfeits.get(cast(int, e.start_number), []))
        sb = b.black.start_number if b.black else None
        if not b.bye_kind and b.white is not None and b.black is not None and sw is not None and sb is not None:
            pair = frozenset((sw, sb))
            w, k = _who(b.white), _who(b.black)
            if pair in met and rematches_forbidden:
                warn.append(_("Rematch: %(w)s and %(b)s have already met (FIDE C.04.3 C1: no rematch).")
                            % {"w": w, "b": k})
            if any(pair <= group for group in prohibited):
                warn.append(_("%(w)s and %(b)s are a prohibited pair (the tournament's own rule).")
                            % {"w": w, "b": k})
            if check_colours:
                warn += _colour_warning(colours.get(sw, []), "w", w)
                warn += _colour_warning(colours.get(sb, []), "b", k)
        out[b.pk] = warn
    return out


# Why a paired player is not available any more (``history.unavailable_for``), in words.
_AWAY_WORDS = {
    "absent": gettext_lazy("is marked absent for this round"),
    "excused": gettext_lazy("is marked absent with notice for this round"),
    "half": gettext_lazy("asked for a half-point bye in this round"),
    "zero": gettext_lazy("asked for a zero-point bye in this round"),
    "withdrawn": gettext_lazy("is withdrawn"),
    "late": gettext_lazy("joins in a later round"),
}


def _availability_warnings(tournament: Tournament, entry: Entry, away: str | None, forfeits: list[int]) -> list[str]:
    """A paired player who may not play: marked absent (roll call) or withdrawn after the round was
    paired (issue 24, item 7), or who lost ``forfeit_limit`` games by forfeit already (item 13)."""
    out = []
    if away is not None:
        what = {"who": _who(entry), "why": _AWAY_WORDS.get(away, away)}
        if tournament.is_round_robin:
            out.append(_("%(who)s %(why)s but is paired: the game will be a forfeit (a round robin's table is "
                         "fixed).") % what)
        else:
            out.append(_("%(who)s %(why)s but is paired: pair the round again before publishing it.") % what)
    limit = tournament.forfeit_limit
    if limit and len(forfeits) >= limit:
        out.append(ngettext(
            "%(who)s has lost %(n)s game by forfeit (round %(rounds)s): withdraw the player?",
            "%(who)s has lost %(n)s games by forfeit (rounds %(rounds)s): withdraw the player?", len(forfeits))
            % {"who": _who(entry), "n": len(forfeits), "rounds": ", ".join(map(str, forfeits))})
    return out


def seated(board: Board) -> list[Entry]:
    """The numbered players a board seats to play: both of a game, the one of a pairing-allocated bye
    (a bye for an absence or a requested bye seats nobody)."""
    if board.bye_kind not in ("", Board.ByeKind.PAB):
        return []
    return [e for e in (board.white, board.black) if e is not None and e.start_number is not None]


def paired_but_away(tournament: Tournament, rnd: Round) -> list[tuple[Board, Entry, str]]:
    """Players a draft round seats although they may not play it any more (marked absent at the roll
    call, asked for a bye, withdrawn after the round was paired): (board, entry, why), board order."""
    if rnd.status != Round.Status.DRAFT:
        return []
    away = unavailable_for(tournament, rnd.number)
    return [(b, e, away[e.start_number])
            for b in rnd.boards.select_related("white", "black").order_by("number")
            for e in seated(b) if e.start_number in away]


def refresh_draft_warnings(tournament: Tournament, round_number: int) -> None:
    """Refresh the warnings of round ``round_number`` if it is paired as a draft (an absence, a
    withdrawal or a reinstatement changed who may play it)."""
    rnd = tournament.rounds.filter(number=round_number, status=Round.Status.DRAFT).first()
    if rnd is not None:
        refresh_warnings(tournament, rnd)


def refresh_warnings(tournament: Tournament, rnd: Round, inp: PairingInput | None = None) -> int:
    """Store the current warnings on every board of ``rnd``; returns how many boards have any."""
    warnings = board_warnings(tournament, rnd, inp)
    boards = list(rnd.boards.all())
    for b in boards:
        b.warnings = warnings.get(b.pk, [])
    Board.objects.bulk_update(boards, ["warnings"])
    return sum(1 for b in boards if b.warnings)


def engine_board(board: Board) -> dict[str, object]:
    """A board as ``Round.engine_pairing`` keeps it: who sits where, the bye kind, the engine's reasons."""
    return {"white": board.white.start_number if board.white else None,
            "black": board.black.start_number if board.black else None,
            "bye": board.bye_kind, "reasons": list(board.reasons)}


def _as_engine_paired(rnd: Round, board: Board) -> bool:
    """Whether ``board`` is again exactly as the engine paired it (then it gets back the engine's reasons)."""
    made = (rnd.engine_pairing or {}).get(str(board.number))
    if not isinstance(made, dict):
        return False  # paired before the engine's pairing was kept: stays marked as changed
    now = engine_board(board)
    if (made.get("white"), made.get("black"), made.get("bye", "")) != (now["white"], now["black"], now["bye"]):
        return False
    board.reasons = list(made.get("reasons") or [])
    return True


def _mark_changed(rnd: Round, boards: list[Board], inp: PairingInput) -> None:
    """After an arbiter's edit: each board back at the engine's pairing is unmarked (its reasons the
    engine's again); every other one is marked changed by an arbiter, with reasons explaining it."""
    changed = []
    for b in boards:
        b.overridden = not _as_engine_paired(rnd, b)
        if b.overridden:
            changed.append(b)
    Board.objects.bulk_update(boards, ["white", "black", "overridden", "reasons"])
    _explain_changed(rnd.tournament, changed, inp)


def _explain_changed(tournament: Tournament, boards: list[Board], inp: PairingInput) -> None:
    """Reasons for boards an arbiter changed: the engine's own explanation of the pairing as it now
    stands (Swiss: score groups, floats, colour preferences, and whether the colours follow the
    colour rules, for a system whose spec explains them); other systems say only that the arbiter changed
    it. Saved on the boards."""
    spec = tournament.system
    for b in boards:
        reasons: tuple[str, ...] = ()
        sw = b.white.start_number if b.white else None
        sb = b.black.start_number if b.black else None
        if spec.explain_bye is not None and sw is not None and b.bye_kind == Board.ByeKind.PAB:
            reasons = spec.explain_bye(inp, sw)
        elif spec.explain_board is not None and sw is not None and sb is not None and not b.bye_kind:
            reasons = spec.explain_board(inp, sw, sb)
        b.reasons = [ARBITER_CHANGE_REASON, *reasons]
    Board.objects.bulk_update(boards, ["reasons"])


def _draft(rnd: Round) -> None:
    if rnd.status != Round.Status.DRAFT:
        raise ServiceError(
            _("Round %(n)s is already published; its pairings can no longer be changed here.") % {"n": rnd.number}
        )


def _refuse_boards_with_results(boards: list[Board], what: str) -> None:
    """Results belong to their board: a change that would move, flip or delete one is refused (14.4)."""
    stored = ResultSubmission.objects.filter(game__board__in=boards).select_related("game__board")
    numbers = sorted({s.game.board.number for s in stored})
    if numbers:
        raise ServiceError(
            _("Board %(boards)s already has a result: %(what)s would change it. Remove the result first.")
            % {"boards": ", ".join(map(str, numbers)), "what": what}
        )


def _locked_round(pk: int, *related: str) -> Round:
    """The round ``pk`` locked for this transaction, or a clear refusal when it is gone
    (another arbiter unpaired it meanwhile): never a 500."""
    try:
        return Round.objects.select_for_update(of=("self",)).select_related(*related).get(pk=pk)
    except Round.DoesNotExist:
        raise ServiceError(
            _("This round no longer exists: another arbiter has just unpaired it. Reload the page.")
        ) from None


@transaction.atomic
def swap_colours(actor: Actor, board: Board) -> Board:
    """Exchange White and Black on a game board of a draft round."""
    rnd = _locked_round(board.round_id)
    _draft(rnd)
    if board.bye_kind or board.black_id is None:
        raise ServiceError(_("A bye has no colours to swap."))
    _refuse_boards_with_results([board], _("swapping the colours"))
    before = board_text(board)
    board.white, board.black = board.black, board.white
    inp = pairing_input(rnd.tournament, rnd.number)
    _mark_changed(rnd, [board], inp)
    refresh_warnings(rnd.tournament, rnd, inp)
    board.refresh_from_db()
    record(actor, rnd.tournament, "board.swap_colours", board, before=before, after=board_text(board))
    return board


def _find(rnd: Round, start_number: int) -> tuple[Board, str]:
    for b in rnd.boards.select_related("white", "black"):
        if b.white and b.white.start_number == start_number:
            return b, "white"
        if b.black and b.black.start_number == start_number:
            return b, "black"
    raise ServiceError(
        _("Player %(sn)s has no board in round %(n)s.") % {"sn": start_number, "n": rnd.number}
    )


@transaction.atomic
def swap_players(actor: Actor, rnd: Round, first: int, second: int) -> list[Board]:
    """Exchange the places of two players (by start number) in a draft round.

    Works across boards and with byes (the player on a bye board takes the other's seat and the
    other gets the bye). Warnings are recomputed and every touched board is marked overridden.
    """
    rnd = _locked_round(rnd.pk)
    _draft(rnd)
    if first == second:
        raise ServiceError(_("Choose two different players."))
    b1, side1 = _find(rnd, first)
    b2, side2 = _find(rnd, second)
    _refuse_boards_with_results([b1, b2], _("exchanging the players"))
    before = "; ".join(sorted({board_text(b1), board_text(b2)}))
    e1, e2 = getattr(b1, side1), getattr(b2, side2)
    if b1.pk == b2.pk:
        b1.white, b1.black = b1.black, b1.white
        touched = [b1]
    else:
        setattr(b1, side1, e2)
        setattr(b2, side2, e1)
        touched = [b1, b2]
    inp = pairing_input(rnd.tournament, rnd.number)
    _mark_changed(rnd, touched, inp)
    refresh_warnings(rnd.tournament, rnd, inp)
    after = "; ".join(sorted({board_text(b) for b in touched}))
    record(actor, rnd.tournament, "board.swap_players", rnd, before=before, after=after)
    return touched


def encounter_games(tournament: Tournament, board: Board) -> list[Game]:
    """The games ``board`` holds, unsaved: an individual pairing's one game, or a micro-match's two with the
    colours reversed (``vocabulary.game_colour``), each starting from the pairing's balloted opening (its
    label, and its start position in the round's deck). None for a bye."""
    if board.bye_kind or board.black_id is None:
        return []
    deck = board.round.opening_deck
    start = start_of(deck, board.opening) if deck and board.opening else ""
    out = []
    for number in range(1, tournament.games_per_pairing + 1):
        white, black = board.players_of_game(number)
        out.append(Game(board=board, number=number, white_id=white, black_id=black, opening=board.opening,
                        start_fen=start))
    return out


def make_games(tournament: Tournament, boards: list[Board]) -> None:
    """Create the games of ``boards`` that do not exist yet (one query to look, one to create)."""
    existing = set(Game.objects.filter(board__in=boards).values_list("board_id", "number"))
    Game.objects.bulk_create([g for b in boards for g in encounter_games(tournament, b)
                              if (b.pk, g.number) not in existing])


@transaction.atomic
def publish_round(actor: Actor, rnd: Round) -> Round:
    """Publish a draft round: players and the public see it, and each pairing gets its games."""

    rnd = _locked_round(rnd.pk)
    _draft(rnd)
    if is_team_event(rnd.tournament):
        # Each match's board games from the two line-ups (a default line-up for a team without one).
        make_team_games(actor, rnd.tournament, list(rnd.boards.filter(bye_kind="").select_related(
            "round", "white_team", "black_team")))
    else:
        pairings = list(rnd.boards.filter(bye_kind="", black__isnull=False))
        if rnd.tournament.opening_deck and any(not b.opening for b in pairings):
            # A pairing without its opening (a board the arbiter added or changed, or a deck chosen after
            # pairing): the round's openings are drawn now, recorded like any draw.
            draw_openings(actor, rnd)
            rnd.refresh_from_db()
            pairings = list(rnd.boards.filter(bye_kind="", black__isnull=False))
        make_games(rnd.tournament, pairings)
    freeze_relay_tags(rnd)
    rnd.status = Round.Status.PUBLISHED
    rnd.published_at = timezone.now()
    rnd.save(update_fields=["status", "published_at"])
    tournament = rnd.tournament
    if tournament.status == Tournament.Status.PLANNED:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    record(actor, tournament, "round.publish", rnd, before="status=draft", after="status=published")
    return rnd


@transaction.atomic
def unpair_round(actor: Actor, tournament: Tournament) -> int:
    """Delete the latest round if it is still a draft; returns its number."""
    rnd = Round.objects.select_for_update().filter(tournament=tournament).order_by("-number").first()
    if rnd is None:
        raise ServiceError(_("No round has been paired yet."))
    _draft(rnd)
    _refuse_boards_with_results(list(rnd.boards.all()), _("unpairing the round"))
    boards = "; ".join(board_text(b) for b in rnd.boards.select_related("white", "black"))
    number = rnd.number
    record(actor, tournament, "round.unpair", rnd, before=boards, after="")
    rnd.delete()
    return number


def unfinished_boards(rnd: Round) -> list[Board]:
    """Pairings of ``rnd`` (byes excluded) with a game without a confirmed result, or no games yet, in board
    order (three queries)."""
    games = Game.objects.filter(board__round=rnd)
    with_games = set(games.values_list("board_id", flat=True))
    open_games = set(games.exclude(submissions__status=ResultSubmission.Status.CONFIRMED)
                     .values_list("board_id", flat=True))
    boards = rnd.boards.filter(bye_kind="").exclude(black__isnull=True, black_team__isnull=True)
    # A match a withdrawn team does not play has no games and needs none: a forfeit (``reports.teams``).
    return [b for b in boards.select_related("white", "black", "white_team", "black_team").order_by("number")
            if b.pk in open_games or (b.pk not in with_games and not (
                b.white_team is not None and b.black_team is not None
                and withdrawal_forfeit(b.white_team, b.black_team, rnd.number)))]


@transaction.atomic
def finish_round(actor: Actor, rnd: Round) -> Round:
    """Mark a published round finished: the arbiter's sign-off that every result is in.

    Why an explicit action rather than automatic on the last confirmation: results stay open to
    correction and appeal until the arbiter says the round is complete, and the sign-off belongs
    in the audit log under a name. Refused for a draft or an already finished round, and while
    any game lacks a confirmed result (the boards are listed). Finishing a round numbered at or
    beyond the planned number of rounds also marks the tournament finished. Results of a
    finished round can still be corrected through the games service (an arbiter's ruling).
    """
    rnd = _locked_round(rnd.pk, "tournament")
    if rnd.status == Round.Status.DRAFT:
        raise ServiceError(_("Round %(n)s is a draft: publish it before finishing it.") % {"n": rnd.number})
    if rnd.status == Round.Status.FINISHED:
        raise ServiceError(_("Round %(n)s is already finished.") % {"n": rnd.number})
    missing = unfinished_boards(rnd)
    if missing:
        raise ServiceError(
            ngettext("Round %(n)s cannot be finished: %(count)s game has no confirmed result.",
                     "Round %(n)s cannot be finished: %(count)s games have no confirmed result.",
                     len(missing)) % {"n": rnd.number, "count": len(missing)},
            details=[_("Board %(b)s: %(white)s – %(black)s has no confirmed result.")
                     % {"b": b.number, "white": _side(b.white, b.white_team), "black": _side(b.black, b.black_team)}
                     for b in missing],
        )
    tournament = rnd.tournament
    last = rnd.number >= tournament.rounds_planned
    asked = [c for c in open_corrections(tournament) if last or c.game.round == rnd.number]
    if asked:
        # The round (the tournament, for its last round) is signed off only once every correction
        # a player asked for is decided (issue 24, item 6).
        raise ServiceError(
            _("Round %(n)s cannot be finished: a player asked for a correction. Accept or refuse it first.")
            % {"n": rnd.number},
            details=[_("Round %(r)s, board %(b)s: %(name)s asks for %(result)s (correction request)")
                     % {"r": c.game.round, "b": c.game.board, "name": c.by, "result": c.result} for c in asked],
        )
    rnd.status = Round.Status.FINISHED
    rnd.save(update_fields=["status"])
    tournament = rnd.tournament
    record(actor, tournament, "round.finish", rnd, before="status=published", after="status=finished")
    if rnd.number >= tournament.rounds_planned and tournament.status != Tournament.Status.FINISHED:
        before = f"status={tournament.status}"
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status", "updated_at"])
        record(actor, tournament, "tournament.finish", tournament, before=before, after="status=finished")
    return rnd
