"""Official opening decks (ballots) as data: one text file per deck in ``arbiter/ballots/data``.

A deck is a list of openings keyed by their label (``1-I``, ``26``): a label, never a position, names
an opening, because some tables list one position under two labels. An opening is either a sequence
of moves played from the start position of its game, or (in the FMJD 64 table) a position set up by
moving one man of each side to another square (``setup``). Barred openings stay in the deck, marked,
and are never drawn. Where each file comes from, and how it was checked, is in ``data/README.md``.

File format (UTF-8 text; ``#`` starts a comment line)::

    name: english-3move              header lines ``key: value`` up to the first empty line:
    title: ...                       name, title, game, version, source, count, playable
    game: english                    (and ``also: brazilian`` for a deck other games use too)
    ...

    1<TAB>moves<TAB>9-13 21-17 5-9<TAB>W:W17,...:B1,...<TAB>playable
    11-IV<TAB>setup<TAB>a1-a5 a7-h4<TAB>W:Wa5,...<TAB>playable

One opening a line: label, kind (``moves`` or ``setup``), the moves in the game's PDN notation
(empty for the start position) or the two relocations (White's, then Black's; ``-`` for none), the
FEN of the position reached in the game's PDN notation, and ``playable`` or ``barred``.
A derived deck has no opening lines: ``base: fmjd64`` and ``omit: LABEL ...`` give its openings,
rewritten in its own game's notation.

Loading only reads the files; ``check_opening`` replays an opening with the rules engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from arbiter.fen import FenError, parse_fen
from arbiter.moves import apply_move
from arbiter.notation import NotationError, find_moves, move_to_text, parse_move_text, write_squares
from arbiter.position import Position, initial_position
from arbiter.profiles import Colour, get_profile

DATA = Path(__file__).parent / "data"

# The decks, in the order ``ballots --list`` shows them.
DECK_NAMES: tuple[str, ...] = ("fmjd64", "fmjd64-brazilian", "idf150", "english-3move", "english-2move")

_HEADER_KEYS = ("name", "title", "game", "version", "source", "count", "playable")
_OPTIONAL_KEYS = ("also", "base", "omit")
# A deck file is a few hundred lines; refuse anything far larger (a damaged or foreign file).
_MAX_BYTES = 1_000_000


class UnknownDeck(ValueError):
    """A deck name that names no deck; the message lists the decks."""


class DeckError(ValueError):
    """A deck file that cannot be read, or an opening the rules engine refuses; the message names
    the deck, the line or the label, and what is wrong."""


@dataclass(frozen=True)
class Opening:
    """One opening of a deck.

    ``moves`` are in the PDN notation of the deck's game (``c3-d4``, ``b4:d6``, ``9-13``); empty for
    an opening that is a position. ``setup`` is empty for a move opening; for a position it holds two
    relocations, White's then Black's (``a1-a5``, ``-`` for none), applied to the start position.
    ``fen`` is the position the opening reaches, in the game's PDN notation.
    """

    label: str
    moves: tuple[str, ...]
    fen: str
    barred: bool = False
    setup: tuple[str, ...] = ()

    @property
    def kind(self) -> Literal["moves", "setup"]:
        """'moves' for a sequence of moves, 'setup' for a position set up by relocating men."""
        return "setup" if self.setup else "moves"

    def as_json(self) -> dict[str, Any]:
        """The ``ballots --json`` record: label, moves, fen, barred."""
        return {"label": self.label, "moves": list(self.moves), "fen": self.fen, "barred": self.barred}


@dataclass(frozen=True)
class Deck:
    """An opening deck: its name, title, game (the rule profile its moves and FENs are written for),
    the other games it serves (``games`` starts with ``game``), version, source and openings."""

    name: str
    title: str
    game: str
    games: tuple[str, ...]
    version: str
    source: str
    openings: tuple[Opening, ...]

    @property
    def count(self) -> int:
        """Number of openings, barred ones included."""
        return len(self.openings)

    @property
    def playable(self) -> tuple[Opening, ...]:
        """The openings that may be drawn (barred ones left out), in deck order."""
        return tuple(o for o in self.openings if not o.barred)

    @property
    def labels(self) -> tuple[str, ...]:
        """Every label, in deck order."""
        return tuple(o.label for o in self.openings)

    def opening(self, label: str) -> Opening:
        """The opening with ``label``; raises KeyError naming the label and the deck."""
        for o in self.openings:
            if o.label == label:
                return o
        raise KeyError(f"deck {self.name} has no opening {label!r}")

    def position(self, label: str) -> Position:
        """The start position of a game on the opening ``label`` (from its FEN)."""
        return parse_fen(self.opening(label).fen, self.game)

    def summary(self) -> dict[str, Any]:
        """The ``ballots --list --json`` record of this deck."""
        return {"name": self.name, "title": self.title, "game": self.game, "games": list(self.games),
                "count": self.count, "playable": len(self.playable), "version": self.version,
                "source": self.source}


def unknown_deck(name: str) -> UnknownDeck:
    """The error for a deck name that names no deck."""
    return UnknownDeck(f"unknown deck {name!r}; the decks are: {', '.join(DECK_NAMES)}")


@cache
def load_deck(name: str) -> Deck:
    """The deck called ``name`` (one of ``DECK_NAMES``); raises UnknownDeck, or DeckError for a
    damaged data file."""
    if name not in DECK_NAMES:
        raise unknown_deck(name)
    return read_deck_file(DATA / f"{name}.txt")


def all_decks() -> tuple[Deck, ...]:
    """Every deck, in ``DECK_NAMES`` order."""
    return tuple(load_deck(n) for n in DECK_NAMES)


def decks_for(game: str) -> tuple[Deck, ...]:
    """The decks whose openings are played in ``game`` (a profile name)."""
    return tuple(d for d in all_decks() if game in d.games)


def read_deck_file(path: Path) -> Deck:
    """Read one deck file (format in the module docstring); raises DeckError naming the file and line."""
    where = path.name
    try:
        if path.stat().st_size > _MAX_BYTES:
            raise DeckError(f"{where}: larger than {_MAX_BYTES} bytes, not a deck file")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckError(f"{where}: cannot read the deck file: {exc}") from None
    header: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines) and lines[i].strip():
        line = lines[i]
        i += 1
        if line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or key not in _HEADER_KEYS + _OPTIONAL_KEYS:
            raise DeckError(f"{where}, line {i}: expected a header line 'key: value' "
                            f"({', '.join(_HEADER_KEYS + _OPTIONAL_KEYS)}), not {line!r}")
        header[key] = value.strip()
    missing = [k for k in _HEADER_KEYS if not header.get(k)]
    if missing:
        raise DeckError(f"{where}: header misses {', '.join(missing)}")
    game = header["game"]
    games = (game, *header.get("also", "").split())
    try:
        for g in games:
            get_profile(g)
    except ValueError as exc:
        raise DeckError(f"{where}: {exc}") from None
    if header.get("base"):
        openings = _derived(where, header, game)
    else:
        openings = _read_openings(where, lines, i)
    _check_counts(where, header, openings)
    return Deck(name=header["name"], title=header["title"], game=game, games=games,
                version=header["version"], source=header["source"], openings=openings)


def _read_openings(where: str, lines: list[str], start: int) -> tuple[Opening, ...]:
    openings: list[Opening] = []
    seen: set[str] = set()
    for n, line in enumerate(lines[start:], start=start + 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 5:
            raise DeckError(f"{where}, line {n}: expected 5 tab-separated fields "
                            f"(label, kind, moves, fen, status), found {len(fields)}")
        label, kind, body, fen, status = (f.strip() for f in fields)
        if not label or label in seen:
            raise DeckError(f"{where}, line {n}: {'empty' if not label else 'repeated'} label {label!r}")
        if kind not in ("moves", "setup") or status not in ("playable", "barred") or not fen:
            raise DeckError(f"{where}, line {n}: kind must be 'moves' or 'setup', status 'playable' or "
                            f"'barred', and the FEN given")
        tokens = tuple(body.split())
        if kind == "setup" and len(tokens) != 2:
            raise DeckError(f"{where}, line {n}: a setup gives two relocations (White's, Black's), "
                            f"not {body!r}")
        seen.add(label)
        openings.append(Opening(label=label, moves=tokens if kind == "moves" else (), fen=fen,
                                barred=status == "barred", setup=tokens if kind == "setup" else ()))
    return tuple(openings)


def _derived(where: str, header: dict[str, str], game: str) -> tuple[Opening, ...]:
    """The openings of a deck built from another one: its base without the omitted labels, with
    the moves rewritten in this deck's notation (a Russian ``b4:d6`` is a Brazilian ``b4xd6``)."""
    base_name = header["base"]
    if base_name not in DECK_NAMES or base_name == header["name"]:
        raise DeckError(f"{where}: base deck {base_name!r} is not one of the other decks")
    base = load_deck(base_name)
    omit = header.get("omit", "").split()
    unknown = [label for label in omit if label not in base.labels]
    if unknown:
        raise DeckError(f"{where}: omits {', '.join(unknown)}, not in deck {base_name}")
    src, dst = get_profile(base.game), get_profile(game)
    out = []
    for o in base.openings:
        if o.label in omit:
            continue
        try:
            moves = tuple(write_squares(dst, p.squares, bool(p.capture_sign))
                          for p in (parse_move_text(m, src) for m in o.moves))
        except NotationError as exc:
            raise DeckError(f"{where}: opening {o.label} of {base_name}: {exc}") from None
        out.append(Opening(label=o.label, moves=moves, fen=o.fen, barred=o.barred, setup=o.setup))
    return tuple(out)


def _check_counts(where: str, header: dict[str, str], openings: tuple[Opening, ...]) -> None:
    playable = sum(not o.barred for o in openings)
    for key, actual in (("count", len(openings)), ("playable", playable)):
        if header[key] != str(actual):
            raise DeckError(f"{where}: header says {key} {header[key]}, the file holds {actual}")


# -- checking an opening with the rules engine -------------------------------------------------------

def replay_opening(deck: Deck, opening: Opening, game: str | None = None) -> Position:
    """The position ``opening`` reaches under the rules of ``game`` (default: the deck's game).

    Moves: each must be exactly one legal move of the position it is played in, from the start
    position of the game. Setup: each relocation must move a man of its side to an empty square; the
    side to move is the FEN's. Raises DeckError naming the deck, the label, the move and the reason.
    """
    profile = get_profile(game or deck.game)
    where = f"deck {deck.name}, opening {opening.label}"
    if opening.setup:
        return _set_up(where, opening, profile.name)
    pos = initial_position(profile)
    for ply, text in enumerate(opening.moves, start=1):
        try:
            found = find_moves(pos, text)
        except NotationError as exc:
            raise DeckError(f"{where}, ply {ply}: {exc}") from None
        if len(found) != 1:
            why = "is not a legal move" if not found else "matches several legal moves"
            raise DeckError(f"{where}, ply {ply}: {text} {why} under the {profile.name} rules")
        pos = apply_move(pos, found[0])
    return pos


def _set_up(where: str, opening: Opening, game: str) -> Position:
    start = initial_position(game)
    g = start.geo
    men = {"W": set(g.squares_of(start.wm)), "B": set(g.squares_of(start.bm))}
    targets: list[tuple[str, int]] = []
    for colour, relocation in zip(("W", "B"), opening.setup):
        if relocation == "-":
            continue
        frm, sep, to = relocation.partition("-")
        a, b = g.from_alphanumeric(frm), g.from_alphanumeric(to)
        if not sep or a is None or b is None:
            raise DeckError(f"{where}: relocation {relocation!r} is not two squares such as a1-a5")
        if a not in men[colour]:
            raise DeckError(f"{where}: relocation {relocation}: no {colour} man on {frm} at the start")
        men[colour].remove(a)
        targets.append((colour, b))
    for colour, b in targets:
        if b in men["W"] | men["B"]:
            raise DeckError(f"{where}: relocation to {g.alphanumeric(b)}, a square already taken")
        men[colour].add(b)
    side: Colour = "B" if opening.fen.strip().upper().startswith("B") else "W"
    return Position.from_squares(game, white_men=men["W"], black_men=men["B"], side_to_move=side)


def check_opening(deck: Deck, opening: Opening, game: str | None = None) -> Position:
    """Replay ``opening`` (``replay_opening``) and check that it reaches its FEN and that every move
    is written as the strict PDN notation writes it. Returns the position; raises DeckError."""
    prof = get_profile(game or deck.game)
    pos = replay_opening(deck, opening, prof.name)
    where = f"deck {deck.name}, opening {opening.label}"
    try:
        stated = parse_fen(opening.fen, prof)
    except FenError as exc:
        raise DeckError(f"{where}: {exc}") from None
    if pos != stated:
        raise DeckError(f"{where}: the {opening.kind} reach {pos.to_fen()}, not the stated FEN {opening.fen}")
    if prof.name == deck.game:
        _check_notation(where, deck, opening)
        if opening.fen != pos.to_fen():
            raise DeckError(f"{where}: FEN {opening.fen} is not written canonically ({pos.to_fen()})")
    return pos


def _check_notation(where: str, deck: Deck, opening: Opening) -> None:
    """Every move as the strict PDN writer writes it (``move_to_text``) in the deck's game."""
    pos = initial_position(deck.game)
    for text in opening.moves:
        (move,) = find_moves(pos, text)
        strict = move_to_text(pos, move)
        if strict != text:
            raise DeckError(f"{where}: move {text!r} is written {strict!r} in strict PDN notation")
        pos = apply_move(pos, move)
