"""TRF writer: TRF26 flavour (142/152/162/192) and TRF16 + TRF(bx) flavour (XXR/XXC/BB*)."""

from __future__ import annotations

from typing import Literal

from tournaments.trf.model import TrfCell, TrfPlayer, TrfTournament

Flavour = Literal["trf26", "trf16"]


def _pts(value: float) -> str:
    return f"{value:.1f}"


def format_cell(cell: TrfCell) -> str:
    """The 8-character round cell (``oooo c r``)."""
    opp = f"{cell.opponent:4d}" if cell.opponent is not None else "0000"
    return f"{opp} {cell.colour or '-'} {cell.result}"


def format_player(p: TrfPlayer) -> str:
    """The ``001`` record of one player, columns as in the TRF16/TRF26 specification."""
    head = (
        f"001 {p.start:4d} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} "
        f"{(str(p.rating) if p.rating else ''):>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
        f"{p.birth[:10]:<10} {_pts(p.points):>4} {(str(p.rank) if p.rank else ''):>4}"
    )
    cells = "".join(f"  {format_cell(c)}" for c in p.cells)
    return (head + cells).rstrip()


def write_trf(t: TrfTournament, flavour: Flavour = "trf26", *, line_ending: str = "\n") -> str:
    """Serialise ``t``; ``read_trf`` of the result gives back an equal ``TrfTournament``.

    ``trf26`` writes 142/152/162/192/202/212/240/250/260 records; ``trf16`` writes
    XXR/XXC/BBW.../BBU/XXA/XXP after the players (bbpPairings' TRF(bx)).
    """
    lines: list[str] = [f"### {c}".rstrip() for c in t.comments]
    for code, value in (
        ("012", t.name),
        ("022", t.city),
        ("032", t.federation),
        ("042", t.start_date),
        ("052", t.end_date),
        ("092", t.tournament_type),
        ("102", t.chief_arbiter),
        ("112", t.deputies),
        ("122", t.time_control),
    ):
        if value:
            lines.append(f"{code} {value}")
    if t.round_dates:
        lines.append(("132" + " " * 88 + "".join(f"{d:<8}  " for d in t.round_dates)).rstrip())
    s = t.scoring
    if flavour == "trf26":
        lines.append(f"142 {t.total_rounds}")
        if t.initial_colour:
            lines.append(f"152 {t.initial_colour.upper()}")
        # ``A`` (zero-point bye and forfeit loss) only when it is not the specification's default 0.0:
        # bbpPairings 6 refuses a 162 record holding ``A`` (it reads W, D, L, P and its own Z), so an
        # ordinary export stays readable by both endorsed engines and FIDE's checker.
        cells = [("W", s.win), ("D", s.draw), ("L", s.loss), *([("A", s.zero_bye)] if s.zero_bye else []),
                 ("P", s.pab)]
        lines.append("162" + "".join(f"  {c}{_pts(v):>4}  " for c, v in cells).rstrip())
        if t.system:
            lines.append(f"192 {t.system}")
        if t.tiebreaks:
            lines.append("202 " + ",".join(t.tiebreaks))
        if t.standings_tiebreaks:
            lines.append("212 " + ",".join(t.standings_tiebreaks))
    lines.extend(format_player(p) for p in t.players)
    if flavour == "trf26":
        for b in t.byes:
            lines.append(f"240 {b.kind} {b.round:03d} " + " ".join(f"{i:04d}" for i in b.players))
        for a in t.acceleration:
            lines.append(f"250      {_pts(a.points):>4} {a.round:03d} {a.round:03d} {a.player:04d} {a.player:04d}")
        for pr in t.prohibited:
            lines.append(
                f"260 {pr.first_round:03d} {pr.last_round:03d} " + " ".join(f"{i:04d}" for i in sorted(pr.players))
            )
    else:
        lines.append(f"XXR {t.total_rounds}")
        if t.initial_colour:
            lines.append("XXC white1" if t.initial_colour == "w" else "XXC black1")
        # BBW first: it also sets the PAB value, which BBU then overrides.
        for code, v in (
            ("BBW", s.win),
            ("BBD", s.draw),
            ("BBL", s.loss),
            ("BBZ", s.zero_bye),
            ("BBF", s.forfeit_loss),
            ("BBU", s.pab),
        ):
            lines.append(f"{code} {_pts(v):>4}")
        by_player: dict[int, dict[int, float]] = {}
        for a in t.acceleration:
            by_player.setdefault(a.player, {})[a.round] = a.points
        for pid in sorted(by_player):
            rounds = by_player[pid]
            values = "".join(f"{_pts(rounds[r]) if r in rounds else '':>4} " for r in range(1, max(rounds) + 1))
            lines.append(f"XXA {pid:4d} {values}".rstrip())
        for pr in t.prohibited:
            lines.append("XXP " + " ".join(str(i) for i in sorted(pr.players)))
    return line_ending.join(lines) + line_ending
