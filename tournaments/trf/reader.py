"""TRF16 / TRF26 / TRF(x) / TRF(bx) reader (see ``tournaments.trf`` for the API)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from tournaments.trf.model import (
    Colour,
    TrfAcceleration,
    TrfBye,
    TrfCell,
    TrfError,
    TrfPlayer,
    TrfProhibited,
    TrfTournament,
)
from tournaments.vocabulary import DRAUGHTS_SCORING, FIDE_SCORING, GAME_CODES, TRF_CODES, Scoring


def split_lines(text: str) -> list[str]:
    """Split on CR, LF or CRLF (bbpPairings writes CR-only files)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def cell_points(cell: TrfCell, scoring: Scoring) -> float:
    """Points one round cell is worth under ``scoring`` (``tournaments.vocabulary.points``)."""
    return scoring.points(cell.result, has_opponent=cell.opponent is not None)


def _num(text: str, lineno: int, name: str, *, default: float | None = None) -> float:
    text = text.strip()
    if not text:
        if default is not None:
            return default
        raise TrfError(lineno, name, "is empty")
    try:
        return float(text)
    except ValueError:
        raise TrfError(lineno, name, f"{text!r} is not a number") from None


def _int(text: str, lineno: int, name: str, *, default: int | None = None) -> int:
    text = text.strip()
    if not text:
        if default is not None:
            return default
        raise TrfError(lineno, name, "is empty")
    if not text.isdigit():
        raise TrfError(lineno, name, f"{text!r} is not a whole number")
    return int(text)


def _parse_cell(raw: str, lineno: int, rnd: int) -> TrfCell:
    raw = raw.ljust(8)
    name = f"round {rnd}"
    opp_txt, colour_txt, code_txt = raw[0:4].strip(), raw[5].strip().lower(), raw[7].strip().upper()
    opponent = _int(opp_txt, lineno, f"{name} opponent", default=0) or None
    if colour_txt not in ("", "w", "b", "-"):
        raise TrfError(lineno, f"{name} colour", f"{raw[5]!r} is not w, b or -")
    colour: Colour | None = colour_txt if colour_txt in ("w", "b") else None  # type: ignore[assignment]
    if code_txt and code_txt not in TRF_CODES:
        raise TrfError(lineno, f"{name} result", f"{raw[7]!r} is not a TRF result code")
    code = code_txt or "Z"
    if opponent is not None and code in ("H", "Z", "U", "F"):
        raise TrfError(lineno, f"{name} result", f"bye code {code} with an opponent ({opponent})")
    if opponent is None and code in GAME_CODES:
        raise TrfError(lineno, f"{name} result", f"game result {code} without an opponent")
    return TrfCell(opponent, colour, code)


def _parse_player(line: str, lineno: int) -> TrfPlayer:
    line = line.ljust(91)
    start = _int(line[4:8], lineno, "starting rank")
    if start < 1:
        raise TrfError(lineno, "starting rank", "must be 1 to 9999")
    cells: list[TrfCell] = []
    rest = line[91:].rstrip()
    rnd = 0
    while rest:
        rnd += 1
        chunk, rest = rest[:10], rest[10:]
        cells.append(_parse_cell(chunk[:8], lineno, rnd))
    return TrfPlayer(
        start=start,
        sex=line[9].strip(),
        title=line[10:13].strip(),
        name=line[14:47].strip(),
        rating=_int(line[48:52], lineno, "rating", default=0),
        federation=line[53:56].strip(),
        fide_id=line[57:68].strip(),
        birth=line[69:79].strip(),
        points=_num(line[80:84], lineno, "points", default=0.0),
        rank=_int(line[85:89], lineno, "rank", default=0),
        cells=tuple(cells),
        line=lineno,
    )


def _parse_162(line: str, lineno: int, base: Scoring) -> Scoring:
    values: dict[str, float] = {}
    pos = 5
    while pos < len(line):
        code = line[pos].strip().upper()
        if code:
            if code not in "WDLAPX":
                raise TrfError(lineno, "point system (162)", f"unknown code {code!r} at column {pos + 1}")
            values[code] = _num(line[pos + 1 : pos + 5], lineno, f"point system (162) {code}")
        pos += 9
    win = values.get("W", base.win)
    draw = values.get("D", base.draw)
    absent = values.get("A", base.zero_bye)
    return Scoring(
        win=win,
        draw=draw,
        loss=values.get("L", base.loss),
        pab=values.get("P", win),
        forfeit_win=win,
        forfeit_loss=absent,
        half_bye=draw,
        zero_bye=absent,
        full_bye=win,
    )


_BB = {"BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"}


@dataclass
class _Records:
    """What the records of a file say, gathered line by line (``read_trf`` builds the tournament)."""

    players: list[TrfPlayer] = field(default_factory=list)
    info: dict[str, str] = field(default_factory=dict)
    total_rounds: int = 0
    initial: Colour | None = None
    scoring_162: tuple[str, int] | None = None
    bb: dict[str, float] = field(default_factory=dict)
    bb_order: list[str] = field(default_factory=list)
    round_dates: tuple[str, ...] = ()
    byes: list[TrfBye] = field(default_factory=list)
    accel: list[TrfAcceleration] = field(default_factory=list)
    prohibited: list[TrfProhibited] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


_INFO = ("012", "022", "032", "042", "052", "092", "102", "112", "122", "192", "172", "182", "222", "202", "212")


def _round_dates(r: _Records, line: str, body: str, lineno: int) -> None:
    padded = line.ljust(91)
    dates = tuple(padded[91 + 10 * i : 99 + 10 * i].strip() for i in range((len(padded) - 91 + 9) // 10))
    while dates and not dates[-1]:
        dates = dates[:-1]
    r.round_dates = dates


def _rounds(r: _Records, line: str, body: str, lineno: int) -> None:
    r.total_rounds = _int(body.split()[0] if body else "", lineno, "number of rounds")


def _colour_152(r: _Records, line: str, body: str, lineno: int) -> None:
    c = body[:1].lower()
    if c not in ("w", "b"):
        raise TrfError(lineno, "initial colour (152)", f"{body!r} is not W or B")
    r.initial = "w" if c == "w" else "b"


def _colour_xxc(r: _Records, line: str, body: str, lineno: int) -> None:
    col = next((w for w in body.lower().split() if w in ("white1", "black1")), None)
    if col is None:
        raise TrfError(lineno, "initial colour (XXC)", f"{body!r} has neither white1 nor black1")
    r.initial = "w" if col == "white1" else "b"


def _byes_240(r: _Records, line: str, body: str, lineno: int) -> None:
    padded = line.ljust(14)
    kind = padded[4].upper()
    if kind not in ("F", "H", "Z"):
        raise TrfError(lineno, "bye type (240)", f"{padded[4]!r} is not F, H or Z")
    rnd = _int(padded[6:9], lineno, "bye round (240)")
    ids = tuple(_int(x, lineno, "bye player (240)") for x in padded[10:].split())
    r.byes.append(TrfBye(kind, rnd, ids))


def _accel_250(r: _Records, line: str, body: str, lineno: int) -> None:
    padded = line.ljust(31)
    pts = _num(padded[9:13], lineno, "acceleration points (250)")
    r1 = _int(padded[14:17], lineno, "acceleration first round (250)")
    r2 = _int(padded[18:21], lineno, "acceleration last round (250)")
    p1 = _int(padded[22:26], lineno, "acceleration first player (250)")
    p2 = _int(padded[27:31], lineno, "acceleration last player (250)")
    r.accel.extend(TrfAcceleration(p, rnd, pts) for rnd in range(r1, r2 + 1) for p in range(p1, p2 + 1))


def _accel_xxa(r: _Records, line: str, body: str, lineno: int) -> None:
    pid = _int(line.ljust(9)[4:8], lineno, "acceleration player (XXA)")
    rest = line[9:]
    for i in range(0, len(rest), 5):
        chunk = rest[i : i + 5].strip()
        if chunk:
            r.accel.append(TrfAcceleration(pid, i // 5 + 1, _num(chunk, lineno, f"acceleration round {i // 5 + 1}")))


def _prohibited_260(r: _Records, line: str, body: str, lineno: int) -> None:
    padded = line.ljust(12)
    r1 = _int(padded[4:7], lineno, "prohibited first round (260)", default=0)
    r2 = _int(padded[8:11], lineno, "prohibited last round (260)", default=0)
    group = frozenset(_int(x, lineno, "prohibited player (260)") for x in padded[12:].split())
    r.prohibited.append(TrfProhibited(group, r1, r2))


def _prohibited_xxp(r: _Records, line: str, body: str, lineno: int) -> None:
    r.prohibited.append(TrfProhibited(frozenset(_int(x, lineno, "prohibited player (XXP)") for x in body.split())))


def _record(r: _Records, code: str, line: str, lineno: int) -> None:
    """Read one record into ``r``; records the program does not use (team records, XXS, XXZ,
    national ratings, 299 ...) are ignored on purpose."""
    body = line[4:].strip() if len(line) > 3 else ""
    if code == "###":
        r.comments.append(line[3:].strip())
    elif code == "001":
        r.players.append(_parse_player(line, lineno))
    elif code in _INFO:
        r.info[code] = body
    elif code in ("062", "072", "082"):
        _int(body, lineno, f"record {code}", default=0)
    elif code == "162":
        r.scoring_162 = (line, lineno)
    elif code in _BB:
        r.bb[code] = _num(body, lineno, f"points ({code})")
        r.bb_order.append(code)
    elif code in _READERS:
        _READERS[code](r, line, body, lineno)


_READERS: dict[str, Callable[[_Records, str, str, int], None]] = {
    "132": _round_dates, "142": _rounds, "XXR": _rounds, "152": _colour_152, "XXC": _colour_xxc,
    "240": _byes_240, "250": _accel_250, "XXA": _accel_xxa, "260": _prohibited_260, "XXP": _prohibited_xxp,
}  # fmt: skip


def _check_players(players: list[TrfPlayer]) -> None:
    """Starting ranks used once, and every opponent a player of the file."""
    seen: dict[int, int] = {}
    for p in players:
        if p.start in seen:
            raise TrfError(p.line, "starting rank", f"{p.start} already used on line {seen[p.start]}")
        seen[p.start] = p.line
    for p in players:
        for rnd, cell in enumerate(p.cells, start=1):
            if cell.opponent is not None and cell.opponent not in seen:
                raise TrfError(p.line, f"round {rnd} opponent", f"no player with starting rank {cell.opponent}")


def _tournament(r: _Records) -> TrfTournament:
    if r.scoring_162 is not None:
        scoring = _parse_162(*r.scoring_162, base=FIDE_SCORING)
    elif r.bb:
        scoring = _bb_scoring(r.bb, r.bb_order)
    else:
        scoring = FIDE_SCORING
    info = r.info
    return TrfTournament(
        players=tuple(sorted(r.players, key=lambda p: p.start)),
        total_rounds=r.total_rounds or max((len(p.cells) for p in r.players), default=0),
        initial_colour=r.initial,
        scoring=scoring,
        scoring_declared=r.scoring_162 is not None or bool(r.bb),
        name=info.get("012", ""),
        city=info.get("022", ""),
        federation=info.get("032", ""),
        start_date=info.get("042", ""),
        end_date=info.get("052", ""),
        tournament_type=info.get("092", ""),
        system=info.get("192", ""),
        chief_arbiter=info.get("102", ""),
        deputies=info.get("112", ""),
        time_control=info.get("122", "") or info.get("222", ""),
        round_dates=r.round_dates,
        tiebreaks=_codes(info.get("202", "")),
        standings_tiebreaks=_codes(info.get("212", "")),
        byes=tuple(r.byes),
        acceleration=tuple(r.accel),
        prohibited=tuple(r.prohibited),
        comments=tuple(r.comments),
    )


def read_trf(text: str, *, check_points: bool = True) -> TrfTournament:
    """Parse a TRF file's text (any line ending). Raises ``TrfError`` naming line and field.

    With ``check_points`` the points field of every ``001`` record must equal the sum of its
    round cells under the file's point system (``162`` or ``BB*``); if the file declares none,
    FIDE 1/½/0 and draughts 2/1/0 are tried, in that order.
    """
    records = _Records()
    for lineno, line in enumerate(split_lines(text), start=1):
        if line.strip():
            _record(records, line[:3], line, lineno)
    _check_players(records.players)
    tournament = _tournament(records)
    if check_points:
        if not tournament.scoring_declared and _mismatch(tournament) is not None:
            alt = replace(tournament, scoring=DRAUGHTS_SCORING)
            if _mismatch(alt) is None:
                return alt
        bad = _mismatch(tournament)
        if bad is not None:
            p, computed = bad
            raise TrfError(
                p.line, "points", f"player {p.start} has {p.points:g} but the results add up to {computed:g}"
            )
    return tournament


def _codes(text: str) -> tuple[str, ...]:
    return tuple(c.strip() for c in re.split(r"[,\s]+", text) if c.strip())


def _bb_scoring(bb: dict[str, float], order: list[str]) -> Scoring:
    win = bb.get("BBW", 1.0)
    # BBW also sets the PAB value unless a BBU follows it.
    pab = win
    if "BBU" in bb and ("BBW" not in bb or order.index("BBU") > len(order) - 1 - order[::-1].index("BBW")):
        pab = bb["BBU"]
    draw = bb.get("BBD", 0.5)
    return Scoring(
        win=win,
        draw=draw,
        loss=bb.get("BBL", 0.0),
        pab=pab,
        forfeit_win=win,
        forfeit_loss=bb.get("BBF", 0.0),
        half_bye=draw,
        zero_bye=bb.get("BBZ", 0.0),
        full_bye=win,
    )


def _mismatch(t: TrfTournament) -> tuple[TrfPlayer, float] | None:
    for p in t.players:
        computed = sum(cell_points(c, t.scoring) for c in p.cells)
        if abs(computed - p.points) > 1e-6:
            return p, computed
    return None


def read_trf_file(path: str) -> TrfTournament:
    """Read a TRF file from disk (UTF-8, falling back to Latin-1)."""
    with open(path, "rb") as fh:
        data = fh.read()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return read_trf(text)
