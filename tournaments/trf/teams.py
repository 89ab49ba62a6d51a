"""TRF-2026 team tournaments: reading (the writer is ``tournaments.trf.team_writer``).

``read_team_trf(text)`` reads an individual TRF (``tournaments.trf.read_trf``: players, their round
cells, 162, 142, ...) and the team records, and turns the players' games into matches:

* ``310`` team (or the older ``013``): pairing number, name, nickname, strength, match and game
  points, rank, roster in board order (columns of TRF-2026; 013: numbered in file order);
* ``352`` colour sequence: one letter per board (its length is the number of boards);
* ``362`` match points: a code at column 6 (``TW`` writes the T at column 5) and the points at
  7-10, the next at 15 and 16-19, ... (9-column steps, as in 162): W, D, L, A (a forfeited match
  lost, a zero-point bye), P (the PAB);
* ``320`` pairing-allocated byes: match points (5-8), game points (10-13), then the PAB team of
  round 1, 2, ... at 15-17, 19-21, ... (000: none);
* ``240`` F/H/Z byes: the numbers are teams;
* ``330`` forfeited match: type (``+-``, ``-+``, ``--``; also ``10 WL WZ 00 LL ZZ 01 LW ZW``),
  round, White (first-named) team, Black team;
* ``300`` boards of one team in one round when they differ from the roster order or are left
  empty: round, team, opponent, the players of board 1, 2, ... (0000: empty);
* ``299`` with a blank type: match and game points given to (negative: taken from) teams.

A match's boards: each team's players of the round in roster order (or as 300 lists them), board
1 first; the two teams' players on the same board must have played each other. A player facing an
empty board has ``+`` without opponent; ``-``, ``Z`` or a blank cell without opponent means the
player did not play (a reserve). The first-named team is the 330 White team, else the team whose
player has the sequence's colour on the first board with colours. The same conventions as FIDE's
reference checker (Gacrux), which reads these files; a file it cannot read (a board the two teams'
orders put on different boards) is refused here with the line and the record to add.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from tournaments.trf.model import Colour, TrfCell, TrfError, TrfTournament
from tournaments.trf.reader import read_trf, split_lines
from tournaments.trf.team_model import TrfTeam, TrfTeamTournament
from tournaments.vocabulary import (
    DEFAULT_COLOUR_SEQUENCE,
    TEAM_BYE_KINDS,
    MatchBoard,
    TeamBye,
    TeamMatch,
    TeamPenalty,
    TeamScoring,
    board_colour,
    colour_sequence,
    result_from_codes,
)

TEAM_RECORDS = frozenset({"310", "013", "300", "320", "330", "352", "362", "299"})
_FORFEIT_330 = {
    "+-": "+-", "10": "+-", "WL": "+-", "WZ": "+-",
    "-+": "-+", "01": "-+", "LW": "-+", "ZW": "-+",
    "--": "--", "00": "--", "LL": "--", "ZZ": "--",
}  # fmt: skip


def is_team_trf(text: str) -> bool:
    """True if the file has team records (310 or 013)."""
    return any(line[:3] in ("310", "013") for line in split_lines(text))


def _int(text: str, lineno: int, name: str, *, default: int | None = None) -> int:
    text = text.strip()
    if not text:
        if default is not None:
            return default
        raise TrfError(lineno, name, "is empty")
    if not text.isdigit():
        raise TrfError(lineno, name, f"{text!r} is not a whole number")
    return int(text)


def _num(text: str, lineno: int, name: str) -> float:
    text = text.strip().replace(",", ".")
    if not text:
        return 0.0
    try:
        return float(text)
    except ValueError:
        raise TrfError(lineno, name, f"{text!r} is not a number") from None


def _fields(line: str, first: int, width: int) -> list[tuple[int, str]]:
    """(column index, text) of the fixed-width fields from index ``first``, one blank between."""
    out = []
    i = first
    while i < len(line):
        out.append((i, line[i : i + width]))
        i += width + 1
    return out


@dataclass
class _Records:
    teams: list[TrfTeam] = field(default_factory=list)
    sequence: str = ""
    scoring: dict[str, float] = field(default_factory=dict)
    pab: list[tuple[int, int]] = field(default_factory=list)  # (round, team)
    pab_values: tuple[float, float] | None = None
    forfeits: dict[tuple[int, frozenset[int]], tuple[str, int, int, int]] = field(default_factory=dict)
    orders: dict[tuple[int, int], tuple[int, tuple[int, ...], int]] = field(default_factory=dict)
    penalties: list[TeamPenalty] = field(default_factory=list)
    bye_lines: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, team) -> its 240/320 record


def _bye_lines_240(r: _Records, line: str, lineno: int) -> None:
    """Where each team's 240 bye is (the individual reader reads the record itself), to name it in errors."""
    rnd = line[6:9].strip()
    for team in line[10:].split():
        if rnd.isdigit() and team.isdigit():
            r.bye_lines[(int(rnd), int(team))] = lineno  # the last: a second bye is the one at fault


def _team_310(r: _Records, line: str, lineno: int) -> None:
    padded = line.ljust(74)
    number = _int(padded[4:7], lineno, "team number (310)")
    if not 1 <= number <= 999:
        raise TrfError(lineno, "team number (310)", "must be 1 to 999")
    players = tuple(
        _int(text, lineno, f"team {number} player on line position {k}", default=0)
        for k, (_, text) in enumerate(_fields(line, 73, 4), start=1)
    )
    r.teams.append(
        TrfTeam(
            number=number,
            name=padded[8:40].strip(),
            nickname=padded[41:46].strip(),
            strength=padded[47:53].strip(),
            match_points=_num(padded[54:60], lineno, "match points (310)"),
            game_points=_num(padded[61:67], lineno, "game points (310)"),
            rank=_int(padded[68:71], lineno, "rank (310)", default=0),
            players=tuple(p for p in players if p),
            line=lineno,
        )
    )


def _team_013(r: _Records, line: str, lineno: int) -> None:
    number = len(r.teams) + 1
    players = tuple(_int(text, lineno, f"team {number} player", default=0) for _, text in _fields(line, 36, 4))
    r.teams.append(TrfTeam(number=number, name=line[4:36].strip(), players=tuple(p for p in players if p), line=lineno))


def _sequence_352(r: _Records, line: str, lineno: int) -> None:
    seq = line[4:].strip().upper()
    if not seq or any(c not in "WB" for c in seq):
        raise TrfError(lineno, "colour sequence (352)", f"{line[4:].strip()!r} is not a sequence of W and B")
    r.sequence = seq


def _scoring_362(r: _Records, line: str, lineno: int) -> None:
    for pos in range(5, len(line), 9):
        code = line[pos].upper()
        if code.strip():
            if code not in "WDLAPX":
                raise TrfError(lineno, "team point system (362)", f"unknown code {code!r} at column {pos + 1}")
            r.scoring[code] = _num(line[pos + 1 : pos + 5], lineno, f"team point system (362) {code}")


def _pab_320(r: _Records, line: str, lineno: int) -> None:
    padded = line.ljust(13)
    mp = _num(padded[4:8], lineno, "PAB match points (320)")
    r.pab_values = (mp, _num(padded[9:13], lineno, "PAB game points (320)"))
    for rnd, (_, text) in enumerate(_fields(line, 14, 3), start=1):
        team = _int(text, lineno, f"PAB team of round {rnd} (320)", default=0)
        if team:
            r.pab.append((rnd, team))
            r.bye_lines.setdefault((rnd, team), lineno)


def _forfeit_330(r: _Records, line: str, lineno: int) -> None:
    padded = line.ljust(18)
    kind = _FORFEIT_330.get(padded[4:6].upper())
    if kind is None:
        raise TrfError(lineno, "forfeit type (330)", f"{padded[4:6]!r} is not +-, -+ or --")
    rnd = _int(padded[7:10], lineno, "round (330)")
    white = _int(padded[11:14], lineno, "White team (330)")
    black = _int(padded[15:18], lineno, "Black team (330)")
    r.forfeits[(rnd, frozenset((white, black)))] = (kind, white, black, lineno)


def _order_300(r: _Records, line: str, lineno: int) -> None:
    padded = line.ljust(15)
    rnd = _int(padded[4:7], lineno, "round (300)")
    team = _int(padded[8:11], lineno, "team (300)")
    opponent = _int(padded[12:15], lineno, "opponent team (300)", default=0)
    order = tuple(_int(text, lineno, "player (300)", default=0) for _, text in _fields(line, 16, 4))
    r.orders[(rnd, team)] = (opponent, order, lineno)


def _penalty_299(r: _Records, line: str, lineno: int) -> None:
    padded = line.ljust(22)
    if padded[4].strip():
        raise TrfError(lineno, "type (299)", f"only penalties and bonuses (a blank type) are read, not {padded[4]!r}")
    mp = _num(padded[7:11], lineno, "match points (299)")
    gp = _num(padded[13:17], lineno, "game points (299)")
    rnd = _int(padded[19:22], lineno, "round (299)", default=0)
    teams = [_int(text, lineno, "team (299)", default=0) for _, text in _fields(line, 23, 4)]
    r.penalties.extend(TeamPenalty(team, mp, gp, rnd) for team in teams if team)


_READERS: dict[str, Callable[[_Records, str, int], None]] = {
    "310": _team_310, "013": _team_013, "352": _sequence_352, "362": _scoring_362, "320": _pab_320,
    "330": _forfeit_330, "300": _order_300, "299": _penalty_299, "240": _bye_lines_240,
}  # fmt: skip


def _records(text: str) -> _Records:
    r = _Records()
    lines = split_lines(text)
    has_310 = any(line[:3] == "310" for line in lines)
    for lineno, line in enumerate(lines, start=1):
        code = line[:3]
        if code == "013" and has_310:
            continue  # 310 replaces 013
        if code in _READERS:
            _READERS[code](r, line.rstrip(), lineno)
    return r


def _team_scoring(r: _Records) -> TeamScoring:
    base = TeamScoring()
    s = r.scoring
    pab_mp, pab_gp = r.pab_values if r.pab_values is not None else (s.get("P"), None)
    return TeamScoring(
        win=s.get("W", base.win),
        draw=s.get("D", base.draw),
        loss=s.get("L", base.loss),
        absent=s.get("A", base.absent),
        pab_match_points=pab_mp,
        pab_game_points=pab_gp,
    )


def _check_teams(teams: list[TrfTeam], t: TrfTournament) -> dict[int, tuple[int, int]]:
    """Team numbers used once, rostered players in the file and in one team; player -> (team, position)."""
    starts = {p.start for p in t.players}
    seen: dict[int, int] = {}
    where: dict[int, tuple[int, int]] = {}
    for team in teams:
        if team.number in seen:
            raise TrfError(team.line, "team number (310)", f"{team.number} already used on line {seen[team.number]}")
        seen[team.number] = team.line
        for pos, pid in enumerate(team.players):
            if pid not in starts:
                raise TrfError(team.line, "roster (310)", f"team {team.number}: no player with starting rank {pid}")
            if pid in where:
                raise TrfError(team.line, "roster (310)", f"player {pid} is already in team {where[pid][0]}")
            where[pid] = (team.number, pos)
    return where


@dataclass(frozen=True)
class _Game:
    """A game of two players of different teams in one round (``a`` < ``b``)."""

    a: int
    b: int
    code_a: str
    code_b: str
    colour_a: Colour | None


@dataclass
class _Round:
    """What the players' cells of one round say, gathered by team."""

    games: dict[frozenset[int], list[_Game]] = field(default_factory=dict)
    loose: dict[int, list[tuple[int, str]]] = field(default_factory=dict)  # team -> (player, code)
    pab: set[int] = field(default_factory=set)


def _cell(t: TrfTournament, pid: int, rnd: int) -> TrfCell | None:
    p = t.player(pid)
    return p.cells[rnd - 1] if len(p.cells) >= rnd else None


def _round_cells(t: TrfTournament, rnd: int, where: dict[int, tuple[int, int]]) -> _Round:
    out = _Round()
    for p in t.players:
        cell = _cell(t, p.start, rnd)
        if cell is None:
            continue
        team = where.get(p.start, (None, 0))[0]
        if cell.opponent is None:
            if cell.result in ("+", "U", "H", "F") and team is None:
                raise TrfError(p.line, f"round {rnd}", f"player {p.start} has {cell.result} but is in no team (310)")
            if cell.result == "+" and team is not None:
                out.loose.setdefault(team, []).append((p.start, "+"))
            elif cell.result == "U" and team is not None:
                out.pab.add(team)
            elif cell.result in ("H", "F"):
                why = f"player {p.start}: a team's byes go in record 240 with the team number"
                raise TrfError(p.line, f"round {rnd} result", why)
            continue
        _add_game(t, out, p.start, cell, rnd, where)
    return out


def _add_game(
    t: TrfTournament, out: _Round, pid: int, cell: TrfCell, rnd: int, where: dict[int, tuple[int, int]]
) -> None:
    line = t.player(pid).line
    opp = cell.opponent
    assert opp is not None
    if pid not in where or opp not in where:
        missing = pid if pid not in where else opp
        raise TrfError(line, f"round {rnd} opponent", f"player {missing} plays but is in no team (310)")
    if where[pid][0] == where[opp][0]:
        raise TrfError(line, f"round {rnd} opponent", f"players {pid} and {opp} are in the same team {where[pid][0]}")
    other = _cell(t, opp, rnd)
    if other is None or other.opponent != pid:
        raise TrfError(line, f"round {rnd} opponent", f"player {pid} meets {opp}, but {opp}'s record does not say so")
    if pid > opp:
        return  # recorded from the other side
    if result_from_codes(cell.result, other.result) is None:
        raise TrfError(line, f"round {rnd} result", f"{cell.result} against {other.result} is not a game result")
    if cell.colour is not None and cell.colour == other.colour:
        raise TrfError(line, f"round {rnd} colour", f"players {pid} and {opp} both have {cell.colour}")
    colour = cell.colour or (_flip(other.colour) if other.colour else None)
    key = frozenset((where[pid][0], where[opp][0]))
    out.games.setdefault(key, []).append(_Game(pid, opp, cell.result, other.result, colour))


def _flip(colour: Colour) -> Colour:
    return "b" if colour == "w" else "w"


Slot = tuple[int, "_Game | None", str] | None  # (player, game, code when no game) or an empty board


def _slots(
    team: int, rnd: int, rc: _Round, games: list[_Game], r: _Records, where: dict[int, tuple[int, int]]
) -> list[Slot]:
    """One team's boards in a match: its players (with their game, or their code against an empty
    board) in roster order, or in the order of the team's 300 record (0: an empty board)."""
    entries: dict[int, tuple[int, _Game | None, str]] = {}
    for g in games:
        pid = g.a if where[g.a][0] == team else g.b
        entries[pid] = (pid, g, "")
    for pid, code in rc.loose.get(team, []):
        entries[pid] = (pid, None, code)
    order = r.orders.get((rnd, team))
    if order is None:
        return [entries[pid] for pid in sorted(entries, key=lambda p: where[p][1])]
    _, listed, lineno = order
    slots: list[Slot] = []
    for pid in listed:
        if pid and pid not in entries:
            why = f"round {rnd}: player {pid} of team {team} has no game this round"
            raise TrfError(lineno, "board order (300)", why)
        slots.append(entries[pid] if pid else None)
    unlisted = sorted(set(entries) - set(listed))
    if unlisted:
        why = f"round {rnd}: team {team}'s players {unlisted} play but are not listed"
        raise TrfError(lineno, "board order (300)", why)
    return slots


def _board(
    n: int, a_team: int, a: Slot, b: Slot, rnd: int, lineno: int, teams: tuple[int, int]
) -> tuple[int | None, int | None, str, str, Colour | None] | None:
    """(player of team a, player of team b, their codes, team a's colour) on board ``n``; None: empty."""
    if a is None and b is None:
        return None
    ga, gb = (a[1] if a else None), (b[1] if b else None)
    game = ga or gb
    if game is not None:
        if ga is not gb:
            raise TrfError(
                lineno,
                f"round {rnd} boards",
                f"match {teams[0]}-{teams[1]}: the game of players {game.a} and {game.b} is on board {n} for one "
                "team only; give the board order with a 300 record",
            )
        if a is not None and a[0] == game.a:
            return game.a, game.b, game.code_a, game.code_b, game.colour_a
        return game.b, game.a, game.code_b, game.code_a, (_flip(game.colour_a) if game.colour_a else None)
    if a is not None and b is not None:
        raise TrfError(
            lineno, f"round {rnd} boards", f"match {teams[0]}-{teams[1]}: players {a[0]} and {b[0]} share board {n}"
        )
    return (a[0] if a else None), (b[0] if b else None), (a[2] if a else ""), (b[2] if b else ""), None


def _match(
    rnd: int, pair: tuple[int, int], rc: _Round, r: _Records, where: dict[int, tuple[int, int]], t: TrfTournament,
    sequence: str, boards: int,
) -> TeamMatch:  # fmt: skip
    a_team, b_team = pair
    games = rc.games.get(frozenset(pair), [])
    sa, sb = _slots(a_team, rnd, rc, games, r, where), _slots(b_team, rnd, rc, games, r, where)
    lineno = t.player(games[0].a).line if games else 0
    if max(len(sa), len(sb)) > boards:
        raise TrfError(lineno, f"round {rnd} boards", f"match {a_team}-{b_team} has more than {boards} boards (352)")
    found = []
    for n in range(1, max(len(sa), len(sb)) + 1):
        a = sa[n - 1] if n <= len(sa) else None
        b = sb[n - 1] if n <= len(sb) else None
        board = _board(n, a_team, a, b, rnd, lineno, pair)
        if board is not None:
            found.append((n, board))
    forfeit = r.forfeits.get((rnd, frozenset(pair)))
    if forfeit is not None:
        home = forfeit[1]
    else:
        home = a_team
        for n, (_, _, _, _, colour) in found:
            if colour is not None:
                home = a_team if colour == board_colour(n, sequence) else b_team
                break
    swap = home != a_team
    out = []
    for n, (pa, pb, ca, cb, colour) in found:
        if swap:
            home_colour = _flip(colour) if colour else board_colour(n, sequence)
            out.append(MatchBoard(n, pb, pa, cb, ca, home_colour))
        else:
            out.append(MatchBoard(n, pa, pb, ca, cb, colour or board_colour(n, sequence)))
    away = b_team if home == a_team else a_team
    return TeamMatch(round=rnd, home=home, away=away, boards=tuple(out), forfeit=forfeit[0] if forfeit else "")


def _round_matches(
    rnd: int, rc: _Round, r: _Records, where: dict[int, tuple[int, int]], t: TrfTournament, sequence: str, boards: int
) -> list[TeamMatch]:
    pairs: set[tuple[int, int]] = {tuple(sorted(k)) for k in rc.games}  # type: ignore[misc]
    pairs |= {tuple(sorted(k)) for (rd, k) in r.forfeits if rd == rnd}  # type: ignore[misc]
    pairs |= {tuple(sorted((team, opp))) for (rd, team), (opp, _, _) in r.orders.items() if rd == rnd and opp}  # type: ignore[misc]
    opponent: dict[int, int] = {}
    for a, b in sorted(pairs):
        for x, y in ((a, b), (b, a)):
            if x in opponent and opponent[x] != y:
                games = rc.games.get(frozenset((x, y)))
                at = t.player(games[0].a).line if games else 0
                raise TrfError(at, f"round {rnd}", f"team {x} meets both {opponent[x]} and {y}")
            opponent[x] = y
    for team, entries in rc.loose.items():
        if team not in opponent:
            line = t.player(entries[0][0]).line
            raise TrfError(
                line, f"round {rnd} result",
                f"player {entries[0][0]} wins against an empty board but team {team} has no match this round "
                "(a forfeited match needs its 330 record)",
            )  # fmt: skip
    return [_match(rnd, pair, rc, r, where, t, sequence, boards) for pair in sorted(pairs)]


def _byes(rounds: dict[int, _Round], r: _Records, t: TrfTournament, matches: list[TeamMatch]) -> list[TeamBye]:
    byes: dict[tuple[int, int], str] = {}
    for rnd, team in r.pab:
        byes[(rnd, team)] = "U"
    for rnd, rc in rounds.items():
        for team in rc.pab:
            byes.setdefault((rnd, team), "U")
    for b in t.byes:
        for team in b.players:
            if (b.round, team) in byes:
                where = r.bye_lines.get((b.round, team), 0)
                raise TrfError(where, f"round {b.round} byes", f"team {team} has two byes")
            byes[(b.round, team)] = b.kind
    playing = {(m.round, side) for m in matches for side in (m.home, m.away)}
    for (rnd, team), kind in byes.items():
        if (rnd, team) in playing:
            where = r.bye_lines.get((rnd, team), 0)
            raise TrfError(where, f"round {rnd} byes", f"team {team} has a bye ({kind}) and a match")
    return [TeamBye(rnd, team, TEAM_BYE_KINDS[kind]) for (rnd, team), kind in sorted(byes.items())]


def _board_count(r: _Records, rounds: dict[int, _Round], where: dict[int, tuple[int, int]]) -> int:
    if r.sequence:
        return len(r.sequence)
    most = 0
    for rc in rounds.values():
        per_team: dict[int, int] = {}
        for games in rc.games.values():
            for g in games:
                for pid in (g.a, g.b):
                    per_team[where[pid][0]] = per_team.get(where[pid][0], 0) + 1
        for team, entries in rc.loose.items():
            per_team[team] = per_team.get(team, 0) + len(entries)
        most = max([most, *per_team.values()])
    return most or 1


def read_team_trf(text: str, *, check_points: bool = True) -> TrfTeamTournament:
    """Parse a TRF-2026 team file (see the module docstring). Raises ``TrfError`` naming line and
    field: every individual check of ``read_trf``, team numbers, rosters, games between players of
    the same team or of teams not paired, boards the two teams put on different boards, two byes
    or a bye and a match of one team in a round."""
    t = read_trf(text, check_points=check_points)
    r = _records(text)
    if not r.teams:
        raise TrfError(0, "teams", "no team records (310): not a team file")
    where = _check_teams(r.teams, t)
    numbers = {team.number for team in r.teams}
    last = max(
        [t.total_rounds, t.rounds_played]
        + [b.round for b in t.byes]
        + [rnd for rnd, _ in r.pab]
        + [rnd for rnd, _ in r.forfeits]
        + [rnd for rnd, _ in r.orders]
    )
    rounds = {rnd: _round_cells(t, rnd, where) for rnd in range(1, last + 1)}
    boards = _board_count(r, rounds, where)
    sequence = colour_sequence(boards, r.sequence or DEFAULT_COLOUR_SEQUENCE)
    for (rnd, _), (_, white, black, lineno) in r.forfeits.items():
        for team in (white, black):
            if team not in numbers:
                raise TrfError(lineno, "team (330)", f"round {rnd}: no team {team}")
    for (rnd, team), (opp, _, lineno) in r.orders.items():
        for x in (team, opp):
            if x and x not in numbers:
                raise TrfError(lineno, "team (300)", f"round {rnd}: no team {x}")
    matches = [m for rnd in range(1, last + 1) for m in _round_matches(rnd, rounds[rnd], r, where, t, sequence, boards)]
    byes = _byes(rounds, r, t, matches)
    for b in byes:
        if b.team not in numbers:
            raise TrfError(r.bye_lines.get((b.round, b.team), 0), f"round {b.round} byes", f"no team {b.team}")
    return TrfTeamTournament(
        tournament=replace(t, byes=()),
        teams=tuple(sorted(r.teams, key=lambda x: x.number)),
        boards=boards,
        colour_sequence=sequence,
        team_scoring=_team_scoring(r),
        matches=tuple(matches),
        byes=tuple(byes),
        penalties=tuple(r.penalties),
    )


def read_team_trf_file(path: str) -> TrfTeamTournament:
    """Read a TRF team file from disk (UTF-8, falling back to Latin-1)."""
    with open(path, "rb") as fh:
        data = fh.read()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return read_team_trf(text)
