"""Team standings by hand: direct encounter, byes and the 2026 cap, penalties, explanations, errors.

Draughts scoring: a board won 2, drawn 1; a match won 2, drawn 1. One-board matches below make the
match result the board result, so the arithmetic stays short.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from tournaments.standings import StandingsError
from tournaments.standings.__main__ import main
from tournaments.standings.teams import (
    TeamCrosstableCell,
    TeamEntry,
    TeamStandingsInput,
    compute_team_standings,
    guess_team_kind,
    parse_team_tiebreaks,
    team_crosstable,
    team_legend,
    team_standings_input_from_trf,
)
from tournaments.standings.teams.explain import explain_team_standings, team_tie_lines
from tournaments.trf import read_team_trf
from tournaments.vocabulary import MatchBoard, TeamBye, TeamMatch, TeamPenalty, TeamScoring, no_show_penalties

RESULTS = {"W": ("1", "0"), "D": ("=", "="), "L": ("0", "1"), "+": ("+", "-")}


def m(rnd: int, home: int, away: int, result: str) -> TeamMatch:
    hc, ac = RESULTS[result]
    return TeamMatch(rnd, home, away, (MatchBoard(1, 100 + home, 100 + away, hc, ac, "w"),))


def event(matches: list[TeamMatch], n: int, rounds: int, **kw: object) -> TeamStandingsInput:
    teams = tuple(TeamEntry(i, f"T{i}", (100 + i,)) for i in range(1, n + 1))
    return TeamStandingsInput(teams=teams, boards=1, total_rounds=rounds, matches=tuple(matches), **kw)  # type: ignore[arg-type]


A, B, C, D, E, F, G, H = range(1, 9)
# Four teams on 4 match points (A and B beat C and D and lost everything else; C and D drew each other
# and scored 3 more against E to H); A and B never met.
SWISS = [m(1, A, C, "W"), m(1, B, D, "W"), m(1, E, F, "D"), m(1, G, H, "D"),
         m(2, A, D, "W"), m(2, B, C, "W"), m(2, E, G, "D"), m(2, F, H, "D"),
         m(3, C, D, "D"), m(3, A, E, "L"), m(3, B, F, "L"), m(3, G, H, "D"),
         m(4, C, E, "W"), m(4, D, F, "W"), m(4, A, G, "L"), m(4, B, H, "L"),
         m(5, C, F, "D"), m(5, D, E, "D"), m(5, A, H, "L"), m(5, B, G, "L")]  # fmt: skip


def test_swiss_direct_encounter_goes_down_only_while_unique() -> None:
    """A, B, C, D tied on 4. Scores among them: A 4 (beat C, D; could still reach 6 against B),
    B 4 (6), C 1 (met all: 1), D 1 (1). Sorted A, B, C, D: B is not above A (A's 4 does not beat B's
    reachable 6), and once one team could not be separated the rest stays tied (C.07 art. 6 as
    FIDE's checker reads it): although A's and B's 4 beat C's and D's reachable 1, nobody is split.
    DE is 0 for all four; they share place 5. FIDE's checker, run on this event written as a TRF team
    file, gives the same ranks and values."""
    s = compute_team_standings(event(SWISS, 8, 5, tiebreaks=("MPTS", "DE")))
    rows = {r.team: r for r in s.rows}
    assert [rows[t].match_points for t in (A, B, C, D)] == [4, 4, 4, 4]
    assert [rows[t].tiebreaks["DE"] for t in (A, B, C, D)] == [0, 0, 0, 0]
    assert [rows[t].rank for t in (A, B, C, D)] == [5, 5, 5, 5]
    assert [rows[t].rank for t in (E, F, G, H)] == [3, 3, 1, 1]  # E, F 5; G, H 7 (drawn with each other)


def test_round_robin_direct_encounter_is_the_place_within_the_tied_group() -> None:
    """Berger for 4: 1 and 2 on 4 (2 beat 1), 3 and 4 on 2 (3 beat 4). DE: 2 first (1), 1 second (2);
    3 first (1), 4 second (2). Ranks 2, 1, 3, 4."""
    games = [m(1, 1, 4, "W"), m(1, 2, 3, "W"), m(2, 4, 3, "L"), m(2, 1, 2, "L"), m(3, 2, 4, "L"), m(3, 3, 1, "L")]
    s = compute_team_standings(event(games, 4, 3, kind="round_robin", tiebreaks=("MPTS", "DE")))
    assert [(r.team, r.rank, r.tiebreaks["DE"]) for r in s.rows] == [(2, 1, 1), (1, 2, 2), (3, 3, 1), (4, 4, 2)]
    assert s.separated_by == ("DE", "MPTS", "DE")


def test_buchholz_with_byes_and_the_2026_cap() -> None:
    """Three rounds, teams 1-4. Round 1: 1 beats 2, 3 beats 4. Round 2: 1 PAB (320: 2 match points),
    2 beats 3, 4 a half-point bye. Round 3: 1 beats 3; 2 and 4 not paired.

    Match points: 1: 2 + 2 + 2 = 6; 2: 0 + 2 + 0 = 2; 3: 2 + 0 + 0 = 2; 4: 0 + 1 + 0 = 1.
    Adjusted for opponents (C.07 16.2.5: a round without opponent after the last non-VUR round counts
    as a draw): 2's round 3 (not paired, after its last played round 2): 1, so 3; 4's round 2 (half bye)
    and 3 both after its last non-VUR round 1: 1 + 1, so 2; 1: 6; 3: 2.
    Team 1's BH: round 1 opponent 2 (3); round 2 the PAB: a dummy with its own 6 (2024) or capped at a
    draw times the rounds, 1 x 3 = 3 (2026, art. 16.4.2); round 3 opponent 3 (2). 2024: 11, 2026: 8.
    """
    games = [m(1, 1, 2, "W"), m(1, 3, 4, "W"), m(2, 2, 3, "W"), m(3, 1, 3, "W")]
    byes = (TeamBye(2, 1, "pab"), TeamBye(2, 4, "half"))
    ts = TeamScoring(pab_match_points=2.0, pab_game_points=2.0)
    for edition, bh in (("2024", 11), ("2026", 8)):
        inp = event(games, 4, 3, byes=byes, team_scoring=ts, tiebreaks=("MPTS", "BH"), edition=edition)
        rows = {r.team: r for r in compute_team_standings(inp).rows}
        assert [rows[t].match_points for t in (1, 2, 3, 4)] == [6, 2, 2, 1]
        assert rows[1].tiebreaks["BH"] == bh
        x = explain_team_standings(inp).values[1]["BH"]
        pab = next(p for p in x.parts if p.round == 2)
        assert pab.kind == "pab" and pab.score == (6 if edition == "2024" else 3)
        assert pab.basis == ("dummy" if edition == "2024" else "dummy_capped")
        assert pab.article == ("16.4" if edition == "2024" else "16.4.2")


def test_a_team_that_does_not_show_loses_the_match_and_the_penalty() -> None:
    """Two boards. Team 2 does not show in round 1: team 1 wins both boards by forfeit (4-0); the
    event takes 1 match point from the absent team (``no_show_penalty``, recorded as a penalty)."""
    ts = TeamScoring(no_show_penalty=1.0)
    forfeited = TeamMatch(1, 1, 2, (), forfeit="+-")
    (penalty,) = no_show_penalties([forfeited, m(2, 1, 2, "W")], ts)
    assert penalty == TeamPenalty(2, -1.0, 0.0, 1) and no_show_penalties([forfeited], TeamScoring()) == ()
    teams = (TeamEntry(1, "One"), TeamEntry(2, "Two"))
    inp = TeamStandingsInput(teams=teams, boards=2, total_rounds=1, matches=(forfeited,), penalties=(penalty,),
                             team_scoring=ts, tiebreaks=("MPTS", "GPTS", "WIN", "WON"))  # fmt: skip
    rows = {r.team: r for r in compute_team_standings(inp).rows}
    assert (rows[1].match_points, rows[1].game_points) == (2, 4)
    assert (rows[2].match_points, rows[2].game_points) == (-1, 0)
    assert rows[1].tiebreaks["WIN"] == 1 and rows[1].tiebreaks["WON"] == 0  # a forfeit win is no win over the board
    assert (rows[1].played, rows[1].won, rows[2].lost) == (1, 1, 1)


def test_board_count_and_legend() -> None:
    """BC: board number times the points on that board; lower is better. Two boards, one round: team
    1 wins board 2 (2 x 2 = 4), team 2 board 1 (1 x 2 = 2): 2-2, a draw; BC puts team 2 first."""
    match = TeamMatch(1, 1, 2, (MatchBoard(1, 11, 21, "0", "1", "w"), MatchBoard(2, 12, 22, "1", "0", "b")))
    inp = TeamStandingsInput(teams=(TeamEntry(1), TeamEntry(2)), boards=2, total_rounds=1, matches=(match,),
                             tiebreaks=("MPTS", "GPTS", "BC"))  # fmt: skip
    s = compute_team_standings(inp)
    assert [(r.team, r.tiebreaks["BC"], r.rank) for r in s.rows] == [(2, 2, 1), (1, 4, 2)]
    # TBR: board 1 first, where team 2 scored 2 and team 1 nothing: team 2 first (1), team 1 second (2).
    tbr = TeamStandingsInput(**{**inp.__dict__, "tiebreaks": ("MPTS", "GPTS", "TBR", "BBE")})
    x = explain_team_standings(tbr)
    assert [(r.team, r.tiebreaks["TBR"], r.tiebreaks["BBE"]) for r in x.standings.rows] == [(2, 1, 0), (1, 2, 0)]
    assert x.values[1]["TBR"].method == "boards" and x.values[1]["TBR"].facts == (("board_1", 0.0), ("board_2", 2.0))
    assert team_legend(("bh:gp/c1", "EMGSB", "BH/M2")) == (
        ("BH:GP/C1", "Resistance points",
         "Buchholz (resistance points): sum of the opponents' points (board points) minus the 1 lowest"),
        ("EMGSB", "SB match x board", "Opponent's match points times own board points against them"),
        ("BH/M2", "Resistance points",
         "Buchholz (resistance points): sum of the opponents' points (match points) minus the 2 lowest and 2 highest"),
    )  # fmt: skip


def test_ties_say_why_one_team_is_above_the_other() -> None:
    games = [m(1, 1, 4, "W"), m(1, 2, 3, "W"), m(2, 4, 3, "L"), m(2, 1, 2, "L"), m(3, 2, 4, "L"), m(3, 3, 1, "L")]
    x = explain_team_standings(event(games, 4, 3, kind="round_robin", tiebreaks=("MPTS", "DE", "SB")))
    lines = team_tie_lines(x, str)
    assert lines == ["team 2 above team 1: DE 1.0 against 2.0", "team 3 above team 4: DE 1.0 against 2.0"]
    de = x.values[2]["DE"]
    assert de.group == (1, 2) and de.note == "all_met" and [p.opponent for p in de.parts] == [1]


def test_default_rank_order_and_codes() -> None:
    assert [tb.code for tb in parse_team_tiebreaks(["BH", "DE"])] == ["MPTS", "BH", "DE"]
    tbs = parse_team_tiebreaks(["GPTS", "BH", "EMGSB/C1", "BH:MP/M1", "ESB"])
    assert [(tb.code, tb.levels, tb.cut_low, tb.cut_high) for tb in tbs] == [
        ("GPTS", ("g", "m"), 0, 0), ("BH", ("g", "m"), 0, 0), ("EMGSB/C1", ("m", "g"), 1, 0),
        ("BH:MP/M1", ("m", "g"), 1, 1), ("ESB", ("g", "m"), 0, 0),
    ]  # fmt: skip
    s = compute_team_standings(event(SWISS, 8, 5))
    assert s.tiebreaks == ("MPTS", "GPTS", "DE")
    s = compute_team_standings(event(SWISS, 8, 5, tiebreaks=("BH", "WIN")))
    assert s.tiebreaks == ("BH", "WIN") and s.rows[0].team in (G, H)


@pytest.mark.parametrize(
    ("codes", "kind", "message"),
    [
        (("XYZ",), "swiss", "unknown team tie-break"),
        (("BH:QQ",), "swiss", "point type"),
        (("BH/Z9",), "swiss", "modifier"),
        (("BH", "BH"), "swiss", "twice"),
        (("BH",), "round_robin", "round robins"),
    ],
)
def test_bad_codes(codes, kind, message) -> None:
    with pytest.raises(StandingsError, match=message):
        parse_team_tiebreaks(codes, kind)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"teams": (TeamEntry(1), TeamEntry(1))}, "appears twice"),
        ({"matches": (m(1, 1, 9, "W"),)}, "not entered"),
        ({"matches": (m(1, 1, 2, "W"), m(1, 1, 3, "W"))}, "two matches"),
        ({"matches": (TeamMatch(1, 1, 2, (MatchBoard(3, 1, 2, "1", "0"),)),)}, "outside 1..1"),
        ({"matches": (TeamMatch(1, 1, 2, (MatchBoard(1, 1, 2, "Q", "0"),)),)}, "unknown result code"),
        ({"matches": (m(1, 2, 2, "W"),)}, "cannot meet itself"),
        ({"after_round": 5}, "outside"),
        ({"byes": (TeamBye(1, 1, "lunch"),)}, "unknown bye kind"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_names_what_and_where(change, message) -> None:
    base = {"teams": (TeamEntry(1), TeamEntry(2), TeamEntry(3)), "boards": 1, "total_rounds": 1}
    with pytest.raises(StandingsError, match=message):
        compute_team_standings(TeamStandingsInput(**{**base, **change}))  # type: ignore[arg-type]


def test_cli_bad_input_and_table(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("012 x\n001    1      A                                                                  0.0\n")
    err = io.StringIO()
    with redirect_stderr(err):
        assert main([str(bad), "--teams", "--json"]) == 2
    assert "no team records" in err.getvalue() and err.getvalue().count("\n") == 1
    fixture = Path(__file__).resolve().parent.parent / "fixtures" / "standings" / "teams" / "team_rr8_b4.trf"
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([str(fixture), "--teams", "--explain"]) == 0
    text = out.getvalue()
    assert "Rk  No  Team" in text and "Rules: FIDE C.07, 2026 edition" in text and "Ties:" in text
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([str(fixture), "--teams", "--json", "--explain", "--round", "3"]) == 0
    rows = json.loads(out.getvalue())["teams"]
    assert rows[0]["explain"]["rules"] == "2026" and "MPTS" in rows[0]["explain"]["tiebreaks"]
    assert sum(r["match_points"] for r in rows) == 3 * 4 * 2  # three rounds of four matches, 2 points each


def test_crosstable_in_rank_order_with_board_points() -> None:
    """Two boards. Round 1: 1 beats 2 3-1, 3 has a half-point bye. Round 2: 3 beats 1 4-0 by
    forfeit (team 1 did not show), 2 not paired. Ranks: 3 (2 + 1 = 3 MP), 1 (2), 2 (0)."""
    m1 = TeamMatch(1, 1, 2, (MatchBoard(1, 11, 21, "1", "0", "w"), MatchBoard(2, 12, 22, "=", "=", "b")))
    m2 = TeamMatch(2, 3, 1, (), forfeit="+-")
    inp = TeamStandingsInput(teams=(TeamEntry(1, "A"), TeamEntry(2, "B"), TeamEntry(3, "C")), boards=2,
                             total_rounds=2, matches=(m1, m2), byes=(TeamBye(1, 3, "half"),))  # fmt: skip
    rows = team_crosstable(inp)
    assert [(r.team, r.rank, r.match_points, r.game_points) for r in rows] == [(3, 1, 3, 6), (1, 2, 2, 3), (2, 3, 0, 1)]
    assert rows[0].cells[1] == (TeamCrosstableCell(2, 4, 0, "W", True),) and rows[0].byes == ((1, "half_bye"),)
    assert rows[1].cells == {
        2: (TeamCrosstableCell(1, 3, 1, "W", False),),
        3: (TeamCrosstableCell(2, 0, 4, "Z", True),),
    }


def test_the_file_s_own_rank_order_and_kind(tmp_path: Path) -> None:
    """212 (with PTS) is used when every code is known; an unknown code falls back to MPTS, GPTS, DE.
    A file without 192/092 whose matches are the Berger schedule is a round robin."""
    fixture = Path(__file__).resolve().parent.parent / "fixtures" / "standings" / "teams" / "team_rr8_b4.trf"
    text = fixture.read_text()
    own = read_team_trf(text.replace("142 7", "142 7\n212 PTS,GPTS,EDE,SB"))
    assert team_standings_input_from_trf(own).tiebreaks == ("PTS", "GPTS", "EDE", "SB")
    unknown = read_team_trf(text.replace("142 7", "142 7\n212 PTS,XYZ"))
    assert compute_team_standings(team_standings_input_from_trf(unknown)).tiebreaks == ("MPTS", "GPTS", "DE")
    plain = read_team_trf(text.replace("192 FIDE_TEAM_ROUNDROBIN\n", "").replace("092 Team round robin\n", ""))
    assert plain.tournament.system == "" and guess_team_kind(plain) == "round_robin"
    swiss = read_team_trf((fixture.parent / "team_swiss9_b6.trf").read_text().replace("192 FIDE_TEAM_MP_GP\n", "")
                          .replace("092 Team Swiss\n", ""))  # fmt: skip
    assert guess_team_kind(swiss) == "swiss"


def test_every_team_tie_break_name_is_translated() -> None:
    """Each short name and description (and the point words of the legend) has a German, Dutch and
    French translation in the catalogs (django.po or this work's extra catalog)."""
    import polib

    from tournaments.standings.teams.tiebreaks import _LEVEL_WORDS, KINDS

    locale = Path(__file__).resolve().parents[2] / "locale"
    wanted = {m for k in KINDS.values() for m in (k.short_name, k.description)} | set(_LEVEL_WORDS.values())
    for lang in ("de", "nl", "fr"):
        known = {
            e.msgid
            for po in sorted((locale / lang / "LC_MESSAGES").glob("*.po"))
            for e in polib.pofile(str(po))
            if e.translated()
        }
        assert wanted <= known, (lang, sorted(wanted - known))
