"""Crosstables built from the standings and the confirmed history (shared by the web and the PDF).

Two layouts (see shared/reference/crosstables.md):

* **Swiss wall chart** (Swiss and Keizer): one row per player in rank order, one cell per
  round: ``12w2`` / ``12b1`` / ``12w0`` (opponent's start number, colour, points scored; the colour
  letters and the word "bye" in the reader's language: ``12b2`` / ``12n1`` / ``exempt 2`` in French),
  ``+12`` / ``-12`` forfeits, ``bye 2`` pairing-allocated bye, ``H 1`` / ``Z 0`` / ``F 2``
  requested byes and absences, ``—`` not paired.
* **Round-robin grid**: rows and columns in rank order, cell (i, j) the points i scored
  against j (``+`` / ``−`` for forfeits), the diagonal blank; a double round robin has two
  sub-cells per opponent (first and second cycle).

The points of a result code come from ``tournaments.vocabulary``; nothing here ranks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.history import PendingGame
from tournaments.models import Entry
from tournaments.pairing.model import PlayerRecord
from tournaments.reports.formatting import points_text, tiebreak_text, tiebreak_words
from tournaments.standings import Standings
from tournaments.vocabulary import MINUS_DRAW, PLUS_DRAW, RoundRecord, Scoring

CellKind = Literal[
    "win", "draw", "loss", "forfeit_win", "forfeit_loss", "bye", "absent", "none", "self", "pending", "grid"
]
_PLAYED: dict[str, CellKind] = {
    "1": "win", "W": "win", "=": "draw", "D": "draw", "P": "draw", "M": "draw", "0": "loss", "L": "loss"
}

# A plus- or minus-draw (vocabulary.PLUS_DRAW, MINUS_DRAW) is a draw's cell with its mark: 12w1+ / 12b1-.
_MARKS: dict[str, str] = {PLUS_DRAW: "+", MINUS_DRAW: "-"}


@dataclass(frozen=True)
class Cell:
    """One crosstable cell: printed text, a kind for styling, the opponent's start number.

    ``parts`` holds the sub-cells of a double round robin (first cycle, second cycle).
    """

    text: str
    kind: CellKind
    opponent: int | None = None
    parts: tuple[str, ...] = ()


@dataclass(frozen=True)
class CrossRow:
    rank: int
    position: int  # 1-based row number (the grid's column label)
    start_number: int
    name: str
    title: str
    federation: str
    rating: int
    points: str
    tiebreaks: tuple[str, ...]
    cells: tuple[Cell, ...]
    note: str = ""  # e.g. "wd after R5"


@dataclass(frozen=True)
class Crosstable:
    """A crosstable ready to print: column headings, rows, the tie-break codes and a legend."""

    layout: Literal["swiss", "grid"]
    columns: tuple[str, ...]
    rows: tuple[CrossRow, ...]
    tiebreaks: tuple[str, ...]
    legend: tuple[str, ...]
    after_round: int
    double: bool = False


def colour_letter(colour: str | None) -> str:
    """A colour of the history (``w``, ``b``) as a cell shows it, in the reader's letters: w/b in
    English, w/s in German (weiß, schwarz), w/z in Dutch (wit, zwart), b/n in French (blancs, noirs)."""
    if colour == "w":
        return pgettext("colour letter of White in a crosstable cell", "w")
    if colour == "b":
        return pgettext("colour letter of Black in a crosstable cell", "b")
    return ""


def bye_word() -> str:
    """A pairing-allocated bye as a crosstable cell names it (``bye 2``)."""
    return pgettext("crosstable cell of a pairing-allocated bye", "bye")


def swiss_cell(rec: RoundRecord | None, scoring: Scoring) -> Cell:
    """The wall-chart cell of one round record (None: not paired)."""
    if rec is None:
        return Cell("—", "none")
    code = str(rec.result).upper()
    pts = points_text(rec.points(scoring))
    opp = rec.opponent
    if code in _PLAYED and opp is not None:
        return Cell(f"{opp}{colour_letter(rec.colour)}{pts}{_MARKS.get(code, '')}{games_text(rec, scoring)}",
                    _PLAYED[code], opp)
    if code == "+":
        return Cell(f"+{opp or ''}{games_text(rec, scoring)}", "forfeit_win", opp)
    if code == "-":
        return Cell(f"-{opp or ''}", "forfeit_loss", opp)
    if code == "U":
        return Cell(f"{bye_word()} {pts}", "bye")
    if code in ("H", "F"):
        return Cell(f"{code} {pts}", "bye")
    return Cell(f"Z {pts}", "absent")


def games_text(rec: RoundRecord, scoring: Scoring) -> str:
    """A micro-match's games in a cell (issue 28): each game's points, game 1 first (`` (2+1)``); "" for a
    single game."""
    if not rec.games:
        return ""
    return " (" + "+".join(points_text(scoring.points(c)) for c in rec.games) + ")"


def _grid_part(rec: RoundRecord, scoring: Scoring) -> str:
    code = str(rec.result).upper()
    if code == "+":
        return "+"
    if code == "-":
        return "−"
    return points_text(rec.points(scoring)) + _MARKS.get(code, "") + games_text(rec, scoring)


def _note(entry: Entry | None) -> str:
    if entry is None or entry.status != Entry.Status.WITHDRAWN or not entry.withdrawn_from_round:
        return ""
    return _("wd after R%(round)s") % {"round": entry.withdrawn_from_round - 1}


def build_crosstable(
    standings: Standings,
    records: dict[int, PlayerRecord],
    scoring: Scoring,
    entries: dict[int, Entry] | None = None,
    grid: bool | None = None,
    rounds_planned: int = 0,
    pending: tuple[PendingGame, ...] = (),
) -> Crosstable:
    """The crosstable of ``standings`` (rows in rank order) with cells from ``records``.

    ``grid`` None picks the round-robin grid for round robins, the wall chart otherwise.
    Only rounds up to ``standings.after_round`` are shown. ``rounds_planned`` splits a
    double round robin into its two cycles (default: the rounds shown). ``pending`` games
    (paired, no confirmed result yet) show in the wall chart as ``12w`` without points.
    """
    entries = entries or {}
    last = standings.after_round
    use_grid = standings.kind in ("round_robin", "double_round_robin") if grid is None else grid
    double = standings.kind == "double_round_robin"
    codes = standings.tiebreaks
    positions = {row.start_number: i for i, row in enumerate(standings.rows, start=1)}
    waiting: dict[tuple[int, int], Cell] = {}
    for g in pending:
        if g.round <= last:
            waiting[(g.white, g.round)] = Cell(f"{g.black}{colour_letter('w')}", "pending", g.black)
            waiting[(g.black, g.round)] = Cell(f"{g.white}{colour_letter('b')}", "pending", g.white)
    rows: list[CrossRow] = []
    for i, row in enumerate(standings.rows, start=1):
        rec = records.get(row.start_number)
        history = [h for h in rec.history if h.round <= last] if rec is not None else []
        if use_grid:
            cycle = max(1, (rounds_planned or last) // 2)
            cells = _grid_cells(row.start_number, history, positions, scoring, double, cycle)
        else:
            by_round = {h.round: h for h in history}
            cells = tuple(
                waiting.get((row.start_number, r)) or swiss_cell(by_round.get(r), scoring) for r in range(1, last + 1)
            )
        rows.append(
            CrossRow(
                rank=row.rank,
                position=i,
                start_number=row.start_number,
                name=row.name,
                title=row.title,
                federation=row.federation,
                rating=row.rating,
                points=points_text(row.keizer_score if row.keizer_score is not None else row.points),
                tiebreaks=tuple(tiebreak_text(row.tiebreaks.get(c)) for c in codes),
                cells=cells,
                note=_note(entries.get(row.start_number)),
            )
        )
    columns = (
        tuple(str(i) for i in range(1, len(rows) + 1)) if use_grid else tuple(str(r) for r in range(1, last + 1))
    )
    return Crosstable(
        layout="grid" if use_grid else "swiss",
        columns=columns,
        rows=tuple(rows),
        tiebreaks=codes,
        legend=legend(use_grid, double, codes, scoring,
                      marks=any(h.result in _MARKS for rec in records.values() for h in rec.history),
                      micro=any(h.games for r in records.values() for h in r.history)),
        after_round=last,
        double=double and use_grid,
    )


def _grid_cells(
    me: int,
    history: list[RoundRecord],
    positions: dict[int, int],
    scoring: Scoring,
    double: bool,
    cycle: int,
) -> tuple[Cell, ...]:
    met: dict[int, list[RoundRecord]] = {}
    for h in history:
        if h.opponent is not None:
            met.setdefault(h.opponent, []).append(h)
    out: list[Cell] = []
    by_position = sorted(positions.items(), key=lambda kv: kv[1])
    for sno, _pos in by_position:
        if sno == me:
            out.append(Cell("", "self"))
            continue
        games = sorted(met.get(sno, []), key=lambda h: h.round)
        if double:
            parts = ["", ""]
            for h in games:
                slot = 0 if h.round <= cycle else 1
                parts[slot] = _grid_part(h, scoring)
            out.append(Cell(" ".join(p or "·" for p in parts), "grid", sno, tuple(parts)))
        elif games:
            texts = tuple(_grid_part(h, scoring) for h in games)
            out.append(Cell(" ".join(texts), "grid", sno, texts))
        else:
            out.append(Cell("", "none", sno))
    return tuple(out)


def legend(grid: bool, double: bool, codes: tuple[str, ...], scoring: Scoring, *, marks: bool = False,
           micro: bool = False) -> tuple[str, ...]:
    """Legend lines: the cell codes, what numbers in cells mean, and the tie-break order (``marks``: some
    draws are plus- or minus-draws; ``micro``: the cells of micro-matches carry their games)."""
    lines: list[str] = []
    if micro:
        lines.append(_("Micro-matches: a cell ends with each game's points, game 1 first, e.g. (2+1)."))
    if grid:
        lines.append(_("Cell: the points the row's player scored against the column's player; + / − forfeit."))
        if double:
            lines.append(_("Two sub-cells per opponent: first cycle, second cycle (· not yet played)."))
    else:
        letters = {"w": colour_letter("w"), "b": colour_letter("b"), "bye": bye_word()}
        lines.append(
            _(
                "Cell: opponent's start number, colour (%(w)s White, %(b)s Black) and points scored, "
                "e.g. 12%(w)s2 = beat no. 12 with White."
            ) % letters
        )
        lines.append(
            _(
                "+12 / -12 forfeit win / loss against no. 12; %(bye)s %(pab)s pairing-allocated bye; "
                "H half-point bye; Z zero-point bye or absence; F full-point bye; — not paired; "
                "12%(w)s without points: result not yet confirmed."
            )
            % {"pab": points_text(scoring.pab), **letters}
        )
        lines.append(
            _("Unplayed rounds count in the tie-breaks as in FIDE C.07 article 16 (a draw is worth %(draw)s).")
            % {"draw": points_text(scoring.draw)}
        )
    if marks:
        lines.append(_("1+ / 1-: a plus-draw / a minus-draw (a draw marked for a lasting advantage of at least "
                       "three men; it scores as a draw)."))
    order = "; ".join(f"TB{i} {c} = {tiebreak_words(c)[1]}" for i, c in enumerate(codes, start=1))
    if order:
        lines.append(_("Tie-breaks: %(order)s.") % {"order": order})
    lines.append(_("wd: withdrawn."))
    return tuple(lines)
