"""The tournament vocabulary: result codes, what each is worth, and what counts as a played game.

Pure Python (no Django). This is the one definition of these rules: the TRF reader and writer,
the standings, the pairing engines' inputs, the board warnings, the imports and the models all
take them from here.

Result codes are the FIDE TRF round-cell codes (``tournaments.trf`` reads and writes them):

====  =====================================  =====================================
code  meaning                                points (``Scoring`` field)
====  =====================================  =====================================
1     win over the board                     ``win``
=     draw over the board                    ``draw``
0     loss over the board                    ``loss``
W D L win / draw / loss, game of < 1 move    ``win`` / ``draw`` / ``loss``
P     plus-draw (a draw, marked plus)        ``draw``  (extension: see below)
M     minus-draw (a draw, marked minus)      ``draw``  (extension: see below)
\\+    forfeit win (with an opponent)         ``forfeit_win``
\\+    a win without opponent                 ``full_bye`` (Gacrux reads it as a full-point bye)
\\-    forfeit loss (with an opponent)        ``forfeit_loss``
\\-    a loss without opponent                ``zero_bye`` (an absence)
H     half-point bye (requested)             ``half_bye``
F     full-point bye                         ``full_bye``
U     pairing-allocated bye (PAB)            ``pab``
Z     zero-point bye or known absence        ``zero_bye``
====  =====================================  =====================================

One more code exists only inside this program: ``PENDING`` (``?``), a game of a published round
whose result is not confirmed yet. It is never written to a file and never reaches the standings;
the pairing history carries it when the arbiter pairs anyway, because the two players have met.

Plus- and minus-draws (KNDB championship conditions; Toernooimanager's "Delftse telling"): a draw
may be marked *plus* for the player who kept a lasting advantage of at least three men (a king counts
two) and *minus* for the opponent. The score stays a draw. This program writes such a draw in a TRF
round cell with the extension codes ``P`` (this player's plus-draw) and ``M`` (this player's
minus-draw) in the result column, always in pairs (``P`` in one player's cell, ``M`` in the
opponent's). Everything else reads them as the draw they are (``DRAW_CODES``); the tie-break ``PMD``
counts them (``draw_mark``). Files for other programs can carry ``=`` instead (``fide_code``).

What counts as played (FIDE C.04.1 b and its note; C.07 art. 16): a game over the board between
two players (codes 1 = 0 W D L, and a pending game). A forfeit is *not* a played game: it is not
a meeting (the two may be paired again) and leaves no colour in the history. Byes and absences
have no opponent and no colour.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Colour = Literal["w", "b"]

# TRF result codes (see the table above) and the program's own ``?`` for a pending game.
ResultCode = Literal["1", "=", "0", "+", "-", "H", "Z", "U", "F", "W", "D", "L", "P", "M", "?"]
PENDING: ResultCode = "?"
PLUS_DRAW: ResultCode = "P"  # a draw marked plus for this player (extension code, see above)
MINUS_DRAW: ResultCode = "M"  # a draw marked minus for this player
TRF_CODES: frozenset[str] = frozenset({"1", "=", "0", "+", "-", "H", "Z", "U", "F", "W", "D", "L", "P", "M"})
GAME_CODES: frozenset[str] = frozenset({"1", "=", "0", "W", "D", "L", "P", "M"})  # over the board
DRAW_CODES: frozenset[str] = frozenset({"=", "D", "P", "M"})  # drawn over the board (plus/minus included)
WIN_CODES: frozenset[str] = frozenset({"1", "W"})  # won over the board (C.07 WON counts these)
FORFEIT_CODES: frozenset[str] = frozenset({"+", "-"})
_WIN_TYPE_UNPLAYED: frozenset[str] = frozenset({"+", "U", "F"})  # scored like a win without a game

# A game's result as the program stores it (``tournaments.models.Result``): White's score first.
WHITE_WINS, DRAW, BLACK_WINS = "2-0", "1-1", "0-2"
WHITE_WINS_FORFEIT, BLACK_WINS_FORFEIT, DOUBLE_FORFEIT, BOTH_LOSE = "+-", "-+", "--", "0-0"
FORFEIT_RESULTS: frozenset[str] = frozenset({WHITE_WINS_FORFEIT, BLACK_WINS_FORFEIT, DOUBLE_FORFEIT})
# The results a game's record (a PDN file) states over the board; ``arbiter.pdn_types.normalise_result``
# reads every PDN spelling (1-0, 1/2-1/2, ...) into one of these.
PDN_RESULTS: frozenset[str] = frozenset({WHITE_WINS, DRAW, BLACK_WINS, BOTH_LOSE})
# Who a result favours: W(hite), B(lack), D(raw), L (nothing for either); a PDN export writes it in the
# game type's family (``arbiter.results.result_text``), a forfeit keeping its Termination tag.
RESULT_WINNER: dict[str, str] = {
    WHITE_WINS: "W", WHITE_WINS_FORFEIT: "W", BLACK_WINS: "B", BLACK_WINS_FORFEIT: "B",
    DRAW: "D", DOUBLE_FORFEIT: "L", BOTH_LOSE: "L",
}
# Typed on the arbiter's results page besides the PDN spellings: "=" for a draw, "+/-" for a forfeit.
TYPED_SPELLINGS: dict[str, str] = {"=": DRAW, "+/-": WHITE_WINS_FORFEIT, "-/+": BLACK_WINS_FORFEIT}

# Result -> (White's code, Black's code).
_RESULT_CODES: dict[str, tuple[ResultCode, ResultCode]] = {
    WHITE_WINS: ("1", "0"),
    DRAW: ("=", "="),
    BLACK_WINS: ("0", "1"),
    WHITE_WINS_FORFEIT: ("+", "-"),
    BLACK_WINS_FORFEIT: ("-", "+"),
    DOUBLE_FORFEIT: ("-", "-"),
    BOTH_LOSE: ("0", "0"),
}
_CODES_RESULT: dict[tuple[str, str], str] = {codes: result for result, codes in _RESULT_CODES.items()}
# W/D/L (a game of less than one move) is stored as the same result as 1/=/0.
_UNRATED_AS_GAME: dict[str, str] = {"W": "1", "D": "=", "L": "0"}

# Bye kind (``tournaments.models.Board.ByeKind`` value) -> code of the player's round.
BYE_CODES: dict[str, ResultCode] = {"pab": "U", "half": "H", "zero": "Z", "full": "F", "absent": "Z"}
# The other way (a file's round without opponent -> bye kind); any other code is an absence.
_CODE_BYE_KINDS: dict[str, str] = {"U": "pab", "H": "half", "F": "full", "+": "full"}
# An absence (``Absence.Kind`` value) -> the bye board it leaves a player who is not paired
# (``Board.ByeKind`` value): a requested bye is that bye, an absence (with or without notice) a zero.
ABSENCE_BYE_KINDS: dict[str, str] = {"half": "half", "zero": "zero", "absent": "absent", "excused": "absent"}
EXCUSED_ABSENCE_CODE: ResultCode = "H"  # Keizer: an absence with notice scores like a half-point bye


@dataclass(frozen=True)
class Scoring:
    """Points per kind of result, in the tournament's own units (draughts: win 2, draw 1, loss 0)."""

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
    pab: float = 2.0  # pairing-allocated bye
    forfeit_win: float = 2.0
    forfeit_loss: float = 0.0
    half_bye: float = 1.0
    zero_bye: float = 0.0
    full_bye: float = 2.0

    def points(self, code: str, *, has_opponent: bool = True) -> float:
        """What ``code`` is worth (see ``points``)."""
        return points(code, self, has_opponent=has_opponent)


@dataclass(frozen=True)
class RoundRecord:
    """What one player did in one round: the history that pairings and standings read."""

    round: int
    opponent: int | None  # start number, None for a bye or absence
    colour: Colour | None
    result: ResultCode
    # A micro-match (issue 28): the round is the whole pairing, ``result`` its outcome
    # (``score_micro_match``), ``colour`` the player's colour in game 1. ``game_points``: the player's
    # points over its games; ``worth``: what the round scores when that is not the code's worth (an event
    # where every game counts scores the game points). None for a single game.
    game_points: float | None = None
    worth: float | None = None
    games: tuple[ResultCode, ...] = ()  # a micro-match: the player's code in each game, game 1 first

    @property
    def played(self) -> bool:
        """A game over the board (``is_played``): a meeting, with a colour for the history."""
        return is_played(self.result, self.opponent is not None)

    @property
    def points_code(self) -> str:
        """The code as ``points`` reads it (upper case: TRF letter codes are case-insensitive)."""
        return str(self.result).upper()

    def points(self, scoring: Scoring) -> float:
        """What this round is worth under ``scoring`` (a micro-match counted game by game: its game points)."""
        if self.worth is not None:
            return self.worth
        return points(self.points_code, scoring, has_opponent=self.opponent is not None)

    @property
    def game_codes(self) -> tuple[str, ...]:
        """The codes of the games this round holds, as ``points`` reads them: each game of a micro-match
        (ratings count games, not pairings), else the round's own code."""
        return tuple(str(code).upper() for code in self.games) if self.games else (self.points_code,)


DRAUGHTS_SCORING = Scoring()

# The longest move text of a game or a result version, wherever it comes from (form, private link,
# claim, PDN import, archive): about 2,500 plies written "12. 32-28 19-23", far beyond any real game.
MAX_MOVE_TEXT = 20_000
FIDE_SCORING = Scoring(
    win=1.0, draw=0.5, loss=0.0, pab=1.0, forfeit_win=1.0, forfeit_loss=0.0, half_bye=0.5, zero_bye=0.0, full_bye=1.0
)


_POINT_FIELDS: dict[str, str] = {
    "1": "win",
    "W": "win",
    "=": "draw",
    "D": "draw",
    "P": "draw",
    "M": "draw",
    "0": "loss",
    "L": "loss",
    "H": "half_bye",
    "Z": "zero_bye",
    "U": "pab",
    "F": "full_bye",
}


def points(code: str, scoring: Scoring, *, has_opponent: bool = True) -> float:
    """The points a result code is worth under ``scoring`` (the table in the module docstring).

    Raises ``KeyError`` for a code that is not a result code. A pending game is worth nothing yet.
    """
    if code == "+":
        return scoring.forfeit_win if has_opponent else scoring.full_bye
    if code == "-":
        return scoring.forfeit_loss if has_opponent else scoring.zero_bye
    if code == PENDING:
        return 0.0
    value: float = getattr(scoring, _POINT_FIELDS[code])
    return value


def is_played(code: str, has_opponent: bool) -> bool:
    """A game over the board (pending included): the players have met and each had a colour.

    Forfeits, byes and absences are not played games (FIDE C.04.1 b, C.07 art. 16).
    """
    return has_opponent and (code in GAME_CODES or code == PENDING)


# W D L: a game of less than one move. Played (a meeting, a colour) but never rated (TRF: "unrated").
UNRATED_GAME_CODES: frozenset[str] = frozenset({"W", "D", "L"})


def counts_for_rating(code: str, has_opponent: bool) -> bool:
    """A game that rating calculations count: played over the board (``is_played``), with its result
    known (not pending), and not a game of less than one move (W D L).

    Forfeits, byes and absences never count (FIDE B.02: games decided by forfeit are not rated).
    """
    return is_played(code, has_opponent) and code != PENDING and code not in UNRATED_GAME_CODES


def is_meeting(code: str, has_opponent: bool) -> bool:
    """Whether the round counts as a meeting of the two players: they may not be paired again."""
    return is_played(code, has_opponent)


def history_colour(code: str, colour: Colour | None, has_opponent: bool) -> Colour | None:
    """The colour the round leaves in the player's colour history (None: it leaves none)."""
    return colour if is_played(code, has_opponent) else None


def is_unplayed_win(code: str, has_opponent: bool, scoring: Scoring) -> bool:
    """Points of a win scored without playing (PAB, full-point bye, forfeit win).

    FIDE C.04.1 d (2025): such a player may not receive the pairing-allocated bye again.
    """
    return not is_played(code, has_opponent) and points(code, scoring, has_opponent=has_opponent) >= scoring.win


def is_voluntarily_unplayed(code: str, has_opponent: bool) -> bool:
    """A voluntary unplayed round (VUR, FIDE C.07 art. 16): unplayed and not a win by type.

    Requested half- and zero-point byes, absences and forfeit losses are VURs; the PAB, a full-point
    bye and a forfeit win are not (the player was ready to play).
    """
    return not is_played(code, has_opponent) and code not in _WIN_TYPE_UNPLAYED


def is_forfeit_loss(code: str, has_opponent: bool) -> bool:
    """A game lost by forfeit: paired, and did not play (a double forfeit is one for each player).

    What the tournament's ``forfeit_limit`` counts (issue 24, item 13): a player absent without
    notice is paired and loses by forfeit, while an absence with notice is not paired at all.
    """
    return has_opponent and code == "-"


def submissions_disagree(submissions: list[tuple[str, str, object]]) -> bool:
    """Whether a game's waiting and confirmed submissions, given as (result, moves, side), disagree:
    they give different results or different moves (spacing aside), and come from more than one
    side (a side's newer submission replaces its own older one, which is no conflict)."""
    if len({(result, " ".join(moves.split())) for result, moves, _side in submissions}) <= 1:
        return False
    return len({side for _result, _moves, side in submissions}) > 1


def result_codes(result: str) -> tuple[ResultCode, ResultCode]:
    """White's and Black's codes for a stored game result (``KeyError`` if unknown)."""
    return _RESULT_CODES[result]


def result_from_codes(white: str, black: str) -> str | None:
    """The stored game result for a pair of codes read from a file (None: not a game result).

    A plus/minus-draw (``P`` against ``M``) is a draw; a ``P`` or ``M`` not answered by the other
    mark (e.g. ``P`` against ``=``) is not a game result.
    """
    if {white, black} & {PLUS_DRAW, MINUS_DRAW}:
        return _CODES_RESULT[("=", "=")] if {white, black} == {PLUS_DRAW, MINUS_DRAW} else None
    return _CODES_RESULT.get((_UNRATED_AS_GAME.get(white, white), _UNRATED_AS_GAME.get(black, black)))


# Whose plus-draw a stored draw is (``ResultSubmission.draw_mark``): White's, Black's, or unmarked.
NO_MARK, WHITE_PLUS, BLACK_PLUS = "", "w", "b"


def marked_result_codes(result: str, mark: str) -> tuple[ResultCode, ResultCode]:
    """White's and Black's codes for a stored result with its plus/minus mark: a draw marked ``w`` is
    ``P`` for White and ``M`` for Black, marked ``b`` the other way round; any other result or mark
    gives ``result_codes`` (a mark on a result that is not a draw means nothing)."""
    if result == DRAW and mark == WHITE_PLUS:
        return PLUS_DRAW, MINUS_DRAW
    if result == DRAW and mark == BLACK_PLUS:
        return MINUS_DRAW, PLUS_DRAW
    return result_codes(result)


def mark_of_codes(white: str, black: str) -> str:
    """The stored plus/minus mark of a pair of codes read from a file (``marked_result_codes`` the other
    way): ``w`` for ``P`` against ``M``, ``b`` for ``M`` against ``P``, else unmarked."""
    if (white, black) == (PLUS_DRAW, MINUS_DRAW):
        return WHITE_PLUS
    if (white, black) == (MINUS_DRAW, PLUS_DRAW):
        return BLACK_PLUS
    return NO_MARK


def draw_mark(code: str) -> int:
    """+1 for a plus-draw, -1 for a minus-draw, 0 for any other result (the tie-break ``PMD`` sums it)."""
    return 1 if code == PLUS_DRAW else -1 if code == MINUS_DRAW else 0


def fide_code(code: str) -> str:
    """The code as plain FIDE TRF has it: a plus- or minus-draw becomes ``=``, the rest is unchanged."""
    return "=" if code in (PLUS_DRAW, MINUS_DRAW) else code


def absence_code(kind: str) -> ResultCode:
    """The TRF code of a round an absence of ``kind`` (``Absence.Kind`` value) leaves: H or Z."""
    return BYE_CODES[ABSENCE_BYE_KINDS[kind]]


def bye_kind_for_code(code: str) -> str:
    """The bye kind of a round without opponent read from a file (PAB, half, full; else an absence)."""
    return _CODE_BYE_KINDS.get(code, "absent")


def result_points(result: str, scoring: Scoring) -> tuple[float, float]:
    """White's and Black's points for a stored game result."""
    white, black = result_codes(result)
    return points(white, scoring), points(black, scoring)


# ---------------------------------------------------------------------------------------------------
# Team competitions (issue 27): a match between two teams is N board games.
#
# Each board is an ordinary game scored by ``Scoring`` (draughts 2/1/0): a board forfeit is a
# forfeit win and loss (codes + and -, 2-0), and a board that one team leaves empty is the present
# player's + without opponent (a win's points). The team's board points ("game points" in FIDE's
# words) are the sum of its boards. The match points compare the two teams' board points: more
# than the opponent wins, as many draws, fewer loses (with 2/1/0 on N boards: more than N, N, less
# than N). Both teams on 0 (every board a double forfeit or lost by both) lose both, as FIDE's
# reference checker (Gacrux) has it. A match in which no board was played over the board is a
# forfeited match: its loser scores ``absent`` (TRF 362 code A) instead of ``loss``; a team that does
# not show loses every board by forfeit and the match, and the event may take ``no_show_penalty``
# match points on top.
#
# Team byes follow TRF-2026: the pairing-allocated bye (record 320) scores the match and game points
# the event sets (the TRF defaults: a draw's match points and the game PAB points on every board);
# the byes of record 240 score like a match won (F: a win on every board), drawn (H: a draw on every
# board) or not played (Z: nothing).
# ---------------------------------------------------------------------------------------------------

MatchOutcome = Literal["W", "D", "L"]
TeamByeKind = Literal["pab", "full", "half", "zero"]
# Team bye kind -> the TRF code that records it (320 for the PAB, 240 for the others).
TEAM_BYE_CODES: dict[str, str] = {"pab": "U", "full": "F", "half": "H", "zero": "Z"}
TEAM_BYE_KINDS: dict[str, TeamByeKind] = {"U": "pab", "F": "full", "H": "half", "Z": "zero"}
# The colour of the first-named (home) team's player on each board, repeated when the match has
# more boards (TRF 352 writes one letter per board): White on the odd boards.
DEFAULT_COLOUR_SEQUENCE = "WB"


@dataclass(frozen=True)
class TeamScoring:
    """Match points of a team match, and what the unplayed team rounds are worth.

    Board (game) points come from the tournament's ``Scoring``. ``pab_match_points`` and
    ``pab_game_points`` None mean the TRF defaults (``pab_points``). ``no_show_penalty`` is taken
    from a team that does not show, on top of the lost match (0: no penalty).
    """

    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
    absent: float = 0.0  # a forfeited match lost, a zero-point bye, a round without a match
    pab_match_points: float | None = None
    pab_game_points: float | None = None
    no_show_penalty: float = 0.0

    def pab_points(self, boards: int, scoring: Scoring) -> tuple[float, float]:
        """(match points, game points) of a pairing-allocated bye for a team of ``boards`` boards."""
        mp = self.draw if self.pab_match_points is None else self.pab_match_points
        gp = boards * scoring.pab if self.pab_game_points is None else self.pab_game_points
        return mp, gp


DRAUGHTS_TEAM_SCORING = TeamScoring()


def game_colour(game: int) -> Colour:
    """The colour of an individual pairing's first-named player (its ``white``) in game ``game`` of the
    pairing: White in game 1, and in a micro-match Black in game 2 (the colours reversed)."""
    if game < 1:
        raise ValueError(f"games are numbered from 1, got {game}")
    return "w" if game % 2 == 1 else "b"


def board_colour(board: int, sequence: str = DEFAULT_COLOUR_SEQUENCE) -> Colour:
    """The colour of the first-named (home) team's player on ``board`` (1-based) by ``sequence``
    (letters W and B, repeated when the match has more boards than letters)."""
    if board < 1:
        raise ValueError(f"boards are numbered from 1, got {board}")
    letters = sequence.strip().upper() or DEFAULT_COLOUR_SEQUENCE
    wrong = [c for c in letters if c not in ("W", "B")]
    if wrong:
        raise ValueError(f"colour sequence {sequence!r}: {wrong[0]!r} is not W or B")
    return "w" if letters[(board - 1) % len(letters)] == "W" else "b"


def match_outcome(own: float, other: float) -> MatchOutcome:
    """The match result for a team with ``own`` board points against ``other``'s: more wins,
    as many draws, fewer loses; both on 0 lose both (no board points at all)."""
    if own > other:
        return "W"
    if own < other or own <= 0:
        return "L"
    return "D"


# A micro-match's outcome as the result code of a round (the micro-match is one pairing for the engines).
_MICRO_MATCH_CODES: dict[MatchOutcome, ResultCode] = {"W": "1", "D": "=", "L": "0"}
_MICRO_MATCH_FORFEITS: dict[MatchOutcome, ResultCode] = {"W": "+", "D": "-", "L": "-"}


@dataclass(frozen=True)
class MicroMatch:
    """A micro-match scored: the first-named player's (White in game 1) and the second's round codes and
    game points."""

    first: ResultCode
    second: ResultCode
    first_points: float
    second_points: float
    first_games: tuple[ResultCode, ...] = ()  # each game's code from the player's side, game 1 first
    second_games: tuple[ResultCode, ...] = ()


def score_micro_match(results: Iterable[str], scoring: Scoring) -> MicroMatch:
    """Score a micro-match from its games' stored results (White's score first, game 1 first); the
    first-named player has ``game_colour(n)`` in game n.

    Game points are each game's points under ``scoring``, summed. The outcome is the sum's (``match_outcome``:
    more points wins, as many draws, both on nothing lose both): ``1``/``=``/``0`` when a game was played
    over the board, worth the event's win/draw/loss (2/1/0: the micro-match points); when no game was
    played (forfeits only) the winner's code is ``+`` and the other's ``-`` (no meeting, no colour)."""
    firsts: list[ResultCode] = []
    seconds: list[ResultCode] = []
    for n, result in enumerate(results, start=1):
        white, black = result_codes(result)
        own, other = (white, black) if game_colour(n) == "w" else (black, white)
        firsts.append(own)
        seconds.append(other)
    first, second = sum(points(c, scoring) for c in firsts), sum(points(c, scoring) for c in seconds)
    played = any(is_played(c, True) for c in firsts)
    codes = _MICRO_MATCH_CODES if played else _MICRO_MATCH_FORFEITS
    return MicroMatch(first=codes[match_outcome(first, second)], second=codes[match_outcome(second, first)],
                      first_points=first, second_points=second, first_games=tuple(firsts),
                      second_games=tuple(seconds))


# What a round without opponent (a bye, an absence) is worth in a micro-match event (issue 28), per event:
# ``match`` (the default): as a whole micro-match with that result in every game -- the pairing-allocated bye
# is a micro-match won, both games won (FIDE C.04.1 c: a PAB scores "as many points as are rewarded for a
# win, unless the rules of the tournament state otherwise", and the win of a round is the micro-match's);
# ``game``: as one game (the bye's points once), for events whose rules say so (FIDE's Double-Swiss
# C.04.5 gives its two-game rounds' PAB less than a match won, so events do differ).
MicroMatchBye = Literal["match", "game"]
MICRO_MATCH_BYES: tuple[MicroMatchBye, ...] = ("match", "game")


def unpaired_micro_match_record(rnd: int, code: ResultCode, games: int, scoring: Scoring, *, by_games: bool,
                                bye_worth: str) -> RoundRecord:
    """The record of a round without opponent (bye or absence, ``code`` U/F/H/Z) in an event of ``games``
    games per pairing.

    ``bye_worth`` ``match``: the round counts as ``games`` games each scored ``code`` (``games`` holds the code
    once per game, ``game_points`` their sum): an event where every game counts (``by_games``) scores those
    game points (a PAB: 2 x 2 = 4 under 2/1/0), an event counting micro-matches scores the code's own
    points as match points (a PAB: 2, a micro-match won) with the game points as the first tie-break.
    ``game`` (or a single game per pairing): the code alone, worth its points once."""
    if games <= 1 or bye_worth != "match":
        return RoundRecord(rnd, None, None, code)
    game_points = points(str(code).upper(), scoring, has_opponent=False) * games
    return RoundRecord(rnd, None, None, code, game_points=game_points, worth=game_points if by_games else None,
                       games=(code,) * games)


def match_points(outcome: MatchOutcome, played: bool, team_scoring: TeamScoring) -> float:
    """The match points of a match result; a match lost without any board played over the board
    (a forfeited match) scores ``absent``."""
    if outcome == "W":
        return team_scoring.win
    if outcome == "D":
        return team_scoring.draw
    return team_scoring.loss if played else team_scoring.absent


def team_bye_points(kind: str, boards: int, scoring: Scoring, team_scoring: TeamScoring) -> tuple[float, float]:
    """(match points, game points) of a team bye: the PAB as the event sets it (``pab_points``),
    a full-point bye as a match won on every board, a half-point bye drawn on every board, a
    zero-point bye nothing. Raises ``KeyError`` for an unknown kind."""
    if kind == "pab":
        return team_scoring.pab_points(boards, scoring)
    return {
        "full": (team_scoring.win, boards * scoring.win),
        "half": (team_scoring.draw, boards * scoring.draw),
        "zero": (team_scoring.absent, boards * scoring.zero_bye),
    }[kind]


@dataclass(frozen=True)
class MatchBoard:
    """One board of a team match.

    ``home_player`` / ``away_player``: the two teams' players (start numbers; None: the team left
    the board empty). ``home_code`` / ``away_code``: their result codes (``1 = 0 W D L`` over the
    board, ``+ -`` forfeits; a player facing an empty board has ``+``; "" for an empty side).
    ``home_colour``: the colour of the home team's player (``board_colour`` by default).
    """

    board: int
    home_player: int | None
    away_player: int | None
    home_code: str
    away_code: str
    home_colour: Colour = "w"


@dataclass(frozen=True)
class TeamMatch:
    """A match of one round between the first-named team ``home`` (TRF 330's "White team": its
    players have the colours the sequence gives each board) and ``away``, boards in board order.

    ``forfeit``: how a forfeited match ended, as TRF 330 writes it (``+-`` the home team won,
    ``-+`` the away team, ``--`` both lost), "" for a match played. The boards decide the score; the
    type decides a match without any board recorded (``score_match``) and who did not show
    (``no_show_sides``).
    """

    round: int
    home: int
    away: int
    boards: tuple[MatchBoard, ...] = ()
    forfeit: str = ""


@dataclass(frozen=True)
class TeamBye:
    """A team's round without a match: ``pab`` (pairing-allocated), ``full``, ``half`` or ``zero``."""

    round: int
    team: int
    kind: TeamByeKind


@dataclass(frozen=True)
class TeamPenalty:
    """Match and game points added to (negative: taken from) a team, in ``round`` (0: the event)."""

    team: int
    match_points: float
    game_points: float = 0.0
    round: int = 0


@dataclass(frozen=True)
class MatchScore:
    """The score of one team match, from each team's side (``home``: the first-named team)."""

    home_game_points: float
    away_game_points: float
    home_outcome: MatchOutcome
    away_outcome: MatchOutcome
    home_match_points: float
    away_match_points: float
    played: bool  # at least one board played over the board


def _side_points(own: str, other: str, scoring: Scoring) -> float:
    return points(own.upper(), scoring, has_opponent=bool(other)) if own else 0.0


def score_match(match: TeamMatch, scoring: Scoring, team_scoring: TeamScoring, *, board_count: int) -> MatchScore:
    """Score a match from its boards (a player facing an empty board has ``+``: a win's points).

    Board points are the sum of the boards (``points``); match points by ``match_outcome`` and
    ``match_points``. The forfeit type (``TeamMatch.forfeit``) decides a match without any board
    recorded: the winner scores a forfeit win on each of the ``board_count`` boards. Raises
    ``KeyError`` for an unknown code.
    """
    home_gp = away_gp = 0.0
    played = any_board = False
    forfeit = match.forfeit
    for home, away in ((b.home_code, b.away_code) for b in match.boards):
        any_board = any_board or bool(home or away)
        home_gp += _side_points(home, away, scoring)
        away_gp += _side_points(away, home, scoring)
        played = played or (is_played(home.upper(), bool(away)) and is_played(away.upper(), bool(home)))
    if not any_board and forfeit in ("+-", "-+", "--"):
        home_gp = board_count * (scoring.forfeit_win if forfeit == "+-" else scoring.forfeit_loss)
        away_gp = board_count * (scoring.forfeit_win if forfeit == "-+" else scoring.forfeit_loss)
    home_outcome, away_outcome = match_outcome(home_gp, away_gp), match_outcome(away_gp, home_gp)
    return MatchScore(
        home_game_points=home_gp,
        away_game_points=away_gp,
        home_outcome=home_outcome,
        away_outcome=away_outcome,
        home_match_points=match_points(home_outcome, played, team_scoring),
        away_match_points=match_points(away_outcome, played, team_scoring),
        played=played,
    )


def forfeit_type(boards: Iterable[MatchBoard]) -> str:
    """How a match whose boards are all recorded ended as a forfeited match (TRF 330's type), "" for a
    match in which a board was played over the board or no team lost every board without playing.

    A team that has nobody on a board or loses it by forfeit (``-`` or an empty side) on every board
    did not show: ``-+`` the home team, ``+-`` the away team, ``--`` both (every board a double
    forfeit or empty on both sides). A match of mixed forfeits (a board each way) is not a no-show."""
    rows = [(b.home_code.upper(), b.away_code.upper()) for b in boards]
    if not rows or any(is_played(h, bool(a)) and is_played(a, bool(h)) for h, a in rows):
        return ""
    home_absent = all(h in ("", "-") for h, _a in rows)
    away_absent = all(a in ("", "-") for _h, a in rows)
    if home_absent and away_absent:
        return "--"
    return "-+" if home_absent else "+-" if away_absent else ""


def withdrawal_keeps_results(rule: str, played: int, total: int) -> bool:
    """Whether a withdrawn competitor's results stay, by the event's rule (``Tournament.withdrawal_rule``
    in a round robin; outside one ``half`` when the event annuls early withdrawals, else ""): ``keep``
    (or no rule) keeps them, ``cancel`` annuls them, ``half`` keeps them when more than half of the
    ``total`` games (matches) of the schedule were ``played`` (FMJD/Rotterdam), else annuls them."""
    return not rule or rule == "keep" or (rule == "half" and played * 2 > total)


def no_show_sides(forfeit: str) -> tuple[bool, bool]:
    """(home, away): which team of a forfeited match did not show (TRF 330 type), so that the
    event's ``TeamScoring.no_show_penalty`` applies to it."""
    return forfeit in ("-+", "--"), forfeit in ("+-", "--")


def colour_sequence(boards: int, sequence: str = DEFAULT_COLOUR_SEQUENCE) -> str:
    """The first-named team's colours on boards 1..``boards`` as TRF 352 writes them (e.g. ``WBWB``)."""
    return "".join("W" if board_colour(b, sequence) == "w" else "B" for b in range(1, boards + 1))


def no_show_penalties(matches: Iterable[TeamMatch], team_scoring: TeamScoring) -> tuple[TeamPenalty, ...]:
    """The penalties of the teams that did not show (``no_show_sides`` of each forfeited match),
    ``team_scoring.no_show_penalty`` match points each, in the round of the match (none when the
    event sets no penalty). The standings and the TRF writer (299) take them as any penalty."""
    if not team_scoring.no_show_penalty:
        return ()
    out = []
    for m in matches:
        for team, absent in zip((m.home, m.away), no_show_sides(m.forfeit), strict=True):
            if absent:
                out.append(TeamPenalty(team, -team_scoring.no_show_penalty, 0.0, m.round))
    return tuple(out)
