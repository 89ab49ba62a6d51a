"""Balloted openings of a tournament's rounds (issue 28): drawing them, redrawing before publishing, and
the start position each game of a pairing gets.

Public API:

* ``tournament_deck(tournament) -> Deck | None``: the deck the tournament's rounds are drawn from.
* ``earlier_labels(rnd, deck) -> list[str]``: the openings drawn from ``deck`` in the rounds before ``rnd``,
  in order (a label once per round), the history ``arbiter.ballots.draw`` continues without replacement.
* ``draw_openings(actor, rnd, seed=None)``: draw (or redraw) the openings of a draft round: one for
  every pairing (``Tournament.opening_draw == "pairing"``) or one for the whole round; the deck, the
  seed and the labels are stored (``Round.opening_deck``, ``Round.opening_seed``, ``Board.opening``)
  and audited. The same seed and the same earlier rounds give the same openings on any machine.
* ``replay_draw(rnd) -> tuple[str, ...]``: the draw recomputed from its recorded seed (a check that the
  stored openings are the seed's).
* ``start_of(deck, label) -> str``: the start FEN of a game on that opening.
* ``deck_choices(profile)``, ``deck_serves(name, profile)``: the decks a rule profile can use.
* ``ballot_rows(rnd)``: the round's openings as a ballot sheet prints them.

Rules: barred openings are never drawn and a deck is used up before any opening comes again
(``arbiter.ballots.draw``); a micro-match's two games start from the same opening, colours reversed
(``vocabulary.game_colour``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from arbiter.ballots import Deck, DrawError, UnknownDeck, decks_for, draw, load_deck
from tournaments.audit import Actor, record
from tournaments.models import Board, Round, Tournament

from .errors import ServiceError


def tournament_deck(tournament: Tournament) -> Deck | None:
    """The deck named by the tournament's setting, or None (free openings); an unknown name is refused."""
    if not tournament.opening_deck:
        return None
    try:
        return load_deck(tournament.opening_deck)
    except UnknownDeck:
        raise ServiceError(_("The opening deck %(deck)s is unknown; choose another in the settings.")
                           % {"deck": tournament.opening_deck}) from None


def deck_choices(profile: str) -> list[tuple[str, str]]:
    """The decks a tournament of rule profile ``profile`` can draw from, as form choices (name and count of
    playable openings; a deck's title is its source's own English)."""
    return [(d.name, deck_label(d)) for d in decks_for(profile)]


def deck_label(deck: Deck) -> str:
    """A deck as the pages name it: ``fmjd64 (736 playable openings)``."""
    return _("%(name)s (%(n)s playable openings)") % {"name": deck.name, "n": len(deck.playable)}


def round_deck_label(rnd: Round) -> str:
    """The deck the round's openings were drawn from, as the pages name it ("" without a draw)."""
    try:
        return deck_label(load_deck(rnd.opening_deck)) if rnd.opening_deck else ""
    except UnknownDeck:  # a deck this version does not know (an archive from elsewhere): its name
        return rnd.opening_deck


def deck_serves(name: str, profile: str) -> bool:
    """Whether the deck ``name`` holds openings of the game ``profile``."""
    return any(d.name == name for d in decks_for(profile))


def _pairings(rnd: Round) -> list[Board]:
    return list(rnd.boards.filter(bye_kind="", black__isnull=False).order_by("number"))


def earlier_labels(rnd: Round, deck: str) -> list[str]:
    """The openings drawn from ``deck`` in the rounds before ``rnd``, in round and board order, each label
    once per round (a round drawn "one for all boards" holds it on every board). Rounds drawn from another
    deck (the setting changed during the event) are no history of this one."""
    rows = (Board.objects.filter(round__tournament_id=rnd.tournament_id, round__number__lt=rnd.number,
                                 round__opening_deck=deck)
            .exclude(opening="").order_by("round__number", "number").values_list("round__number", "opening"))
    out: list[str] = []
    seen: set[tuple[int, str]] = set()
    for number, label in rows:
        if (number, label) not in seen:
            seen.add((number, label))
            out.append(label)
    return out


def _count(tournament: Tournament, boards: list[Board]) -> int:
    if not boards:
        return 0
    return len(boards) if tournament.opening_draw == Tournament.OpeningDraw.PAIRING else 1


def _labels_text(rnd: Round, boards: list[Board]) -> str:
    """The draw as the audit log keeps it: ``opening_deck=fmjd64; opening_seed=...; openings=1: 3-V, 2: 7-II``."""
    if not any(b.opening for b in boards):
        return ""
    openings = ", ".join(f"{b.number}: {b.opening or '-'}" for b in boards)
    return f"opening_deck={rnd.opening_deck}; opening_seed={rnd.opening_seed}; openings={openings}"


@transaction.atomic
def draw_openings(actor: Actor, rnd: Round, seed: str | None = None) -> list[Board]:
    """Draw the openings of the draft round ``rnd`` (again, when it has them: a redraw), store them with
    the seed and record the draw in the audit log. Returns the round's pairings with their openings."""
    rnd = Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=rnd.pk)
    tournament = rnd.tournament
    if not rnd.is_draft:
        raise ServiceError(_("Round %(n)s is already published; its openings can no longer be drawn again.")
                           % {"n": rnd.number})
    deck = tournament_deck(tournament)
    if deck is None:
        raise ServiceError(_("This tournament plays without an opening deck; choose one in the settings."))
    boards = _pairings(rnd)
    before = _labels_text(rnd, boards)
    try:
        result = draw(deck, _count(tournament, boards), seed, earlier_labels(rnd, deck.name))
    except DrawError as exc:
        raise ServiceError(str(exc)) from None
    for i, board in enumerate(boards):
        board.opening = result.labels[i if len(result.labels) > 1 else 0] if result.labels else ""
    Board.objects.bulk_update(boards, ["opening"])
    rnd.opening_deck, rnd.opening_seed = deck.name, result.seed
    rnd.save(update_fields=["opening_deck", "opening_seed"])
    record(actor, tournament, "round.draw_openings", rnd, before=before, after=_labels_text(rnd, boards))
    return boards


def replay_draw(rnd: Round) -> tuple[str, ...]:
    """The labels the round's recorded deck and seed give after the earlier rounds (empty without a draw)."""
    if not rnd.opening_seed or not rnd.opening_deck:
        return ()
    boards = _pairings(rnd)
    result = draw(load_deck(rnd.opening_deck), _count(rnd.tournament, boards), rnd.opening_seed,
                  earlier_labels(rnd, rnd.opening_deck))
    return result.labels


def start_of(deck_name: str, label: str) -> str:
    """The start position (FEN in the game's PDN notation) of a game on opening ``label`` of the deck."""
    return load_deck(deck_name).opening(label).fen


@dataclass(frozen=True)
class BallotRow:
    """One line of a ballot sheet: the board, its players, the opening's label, moves and position."""

    board: Board
    label: str
    moves: str
    fen: str
    setup: str


def ballot_rows(rnd: Round) -> list[BallotRow]:
    """The round's pairings with their openings, for the ballot sheet (moves or set-up, and the FEN)."""
    boards = list(rnd.boards.filter(bye_kind="", black__isnull=False).select_related("white", "black")
                  .order_by("number"))
    try:
        deck = load_deck(rnd.opening_deck) if rnd.opening_deck else None
    except UnknownDeck:
        deck = None
    out = []
    for b in boards:
        if deck is None or not b.opening or b.opening not in deck.labels:
            out.append(BallotRow(b, b.opening, "", "", ""))
            continue
        o = deck.opening(b.opening)
        out.append(BallotRow(b, o.label, " ".join(o.moves), o.fen, " ".join(o.setup)))
    return out
