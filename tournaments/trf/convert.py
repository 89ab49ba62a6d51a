"""Questions about a parsed TRF file: its initial colour, a round's pairs, the file before a round."""

from __future__ import annotations

from dataclasses import replace

from tournaments.trf.model import Colour, TrfTournament
from tournaments.trf.reader import cell_points


def infer_initial_colour(t: TrfTournament) -> Colour:
    """The declared initial colour, else the round-1 colour of the highest-ranked paired player, else white."""
    if t.initial_colour:
        return t.initial_colour
    for p in t.players:
        if p.cells and p.cells[0].colour is not None:
            return p.cells[0].colour
    return "w"


def truncate(t: TrfTournament, round_number: int) -> TrfTournament:
    """``t`` as it stood before ``round_number`` was paired (the fixtures README recipe).

    Keeps the first ``round_number - 1`` cells, only pre-entered absences in column ``round_number``,
    and recomputes every player's points.
    """
    players = []
    for p in t.players:
        cells = p.cells[: round_number - 1]
        if len(p.cells) >= round_number and p.cells[round_number - 1].is_absence:
            cells = cells + (p.cells[round_number - 1],)
        players.append(replace(p, cells=cells, points=sum(cell_points(c, t.scoring) for c in cells)))
    return replace(t, players=tuple(players))


def round_pairs(t: TrfTournament, round_number: int) -> tuple[frozenset[tuple[int, int]], int | None]:
    """The (white, black) pairs and the PAB receiver that the file records for ``round_number``.

    A pair whose cells carry no colour (e.g. a double forfeit written with ``-``) is oriented
    lower start number first.
    """
    pairs: set[tuple[int, int]] = set()
    pab: int | None = None
    for p in t.players:
        if len(p.cells) < round_number:
            continue
        c = p.cells[round_number - 1]
        if c.opponent is None:
            if c.result == "U":
                pab = p.start
            continue
        if c.colour == "w" or (c.colour is None and p.start < c.opponent):
            pairs.add((p.start, c.opponent))
    return frozenset(pairs), pab


def next_round(t: TrfTournament) -> int:
    """The round a pairing engine pairs next: one after the last round in which anybody took part
    in a pairing (a game, a forfeit or the PAB). Pre-entered absences in that column do not count."""
    last = 0
    for p in t.players:
        for i, c in enumerate(p.cells, start=1):
            if c.opponent is not None or c.result in ("U", "+"):
                last = max(last, i)
    return last + 1
