"""From a parsed TRF file to the pure pairing model, and back."""

from __future__ import annotations

from dataclasses import replace

from tournaments.pairing.model import PairingInput, PlayerRecord, RoundRecord
from tournaments.trf.model import Colour, TrfCell, TrfError, TrfTournament
from tournaments.trf.reader import cell_points


def infer_initial_colour(t: TrfTournament) -> Colour:
    """The declared initial colour, else the round-1 colour of the highest-ranked paired player, else white."""
    if t.initial_colour:
        return t.initial_colour
    for p in t.players:
        if p.cells and p.cells[0].colour is not None:
            return p.cells[0].colour
    return "w"


def to_pairing_input(t: TrfTournament, round_number: int | None = None) -> PairingInput:
    """The ``PairingInput`` for pairing ``round_number`` (default: the round after the last one in the file).

    Only the first ``round_number - 1`` round cells count as history. In the round's own column, a
    pre-entered absence (no opponent, code H, Z, F or ``-``) or a TRF26 ``240`` bye makes the player
    unavailable; any other cell there (a game already paired) is ignored. Points are recomputed
    from the kept cells. Acceleration points (``XXA``/``250``) up to that round go to
    ``PlayerRecord.accelerations``; prohibited pairs valid in that round go to ``prohibited``.
    """
    rnd = round_number if round_number is not None else t.rounds_played + 1
    if rnd < 1:
        raise TrfError(0, "round", f"cannot pair round {rnd}")
    if t.total_rounds and rnd > t.total_rounds:
        raise TrfError(
            0,
            "round",
            f"round {rnd} is beyond the {t.total_rounds} rounds of the tournament (records 142 or XXR)",
        )
    bye_240 = {pid: b.kind for b in t.byes if b.round == rnd for pid in b.players}
    accel: dict[int, dict[int, float]] = {}
    for a in t.acceleration:
        if a.round <= rnd:
            accel.setdefault(a.player, {})[a.round] = a.points
    players: list[PlayerRecord] = []
    for p in t.players:
        kept = list(p.cells[: rnd - 1])
        kept += [TrfCell(None, None, "Z")] * (rnd - 1 - len(kept))  # missing earlier cells: absent
        current = p.cells[rnd - 1] if len(p.cells) >= rnd else None
        absence: TrfCell | None = current if current is not None and current.is_absence else None
        if absence is None and p.start in bye_240:
            absence = TrfCell(None, None, bye_240[p.start])
        points = sum(cell_points(c, t.scoring) for c in kept)
        if absence is not None:
            points += cell_points(absence, t.scoring)
        history = tuple(
            RoundRecord(round=i, opponent=c.opponent, colour=c.colour, result=c.result)  # type: ignore[arg-type]
            for i, c in enumerate(kept, start=1)
        )
        players.append(
            PlayerRecord(
                id=p.start,
                rating=p.rating,
                name=p.name,
                points=points,
                history=history,
                unavailable=absence is not None,
                title=p.title,
                accelerations=tuple(accel.get(p.start, {}).get(r, 0.0) for r in range(1, rnd + 1))
                if p.start in accel
                else (),
            )
        )
    prohibited = tuple(
        pr.players
        for pr in t.prohibited
        if (pr.first_round == 0 or pr.first_round <= rnd) and (pr.last_round == 0 or rnd <= pr.last_round)
    )
    return PairingInput(
        round=rnd,
        total_rounds=t.total_rounds or rnd,
        players=tuple(players),
        scoring=t.scoring,
        initial_colour=infer_initial_colour(t),
        prohibited=prohibited,
        baku_acceleration=t.baku,
    )


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
