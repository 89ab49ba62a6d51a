"""From a parsed TRF file to the pairing engines' input (the TRF-driven command lines use it).

It sits above both ``tournaments.trf`` (which knows nothing of the engines) and the engines' model.
"""

from __future__ import annotations

from tournaments.pairing.model import PairingInput, PlayerRecord
from tournaments.trf import TrfCell, TrfError, TrfTournament, cell_points, infer_initial_colour
from tournaments.vocabulary import RoundRecord


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
