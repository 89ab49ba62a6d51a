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

What counts as played (FIDE C.04.1 b and its note; C.07 art. 16): a game over the board between
two players (codes 1 = 0 W D L, and a pending game). A forfeit is *not* a played game: it is not
a meeting (the two may be paired again) and leaves no colour in the history. Byes and absences
have no opponent and no colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Colour = Literal["w", "b"]

# TRF result codes (see the table above) and the program's own ``?`` for a pending game.
ResultCode = Literal["1", "=", "0", "+", "-", "H", "Z", "U", "F", "W", "D", "L", "?"]
PENDING: ResultCode = "?"
TRF_CODES: frozenset[str] = frozenset({"1", "=", "0", "+", "-", "H", "Z", "U", "F", "W", "D", "L"})
GAME_CODES: frozenset[str] = frozenset({"1", "=", "0", "W", "D", "L"})  # over the board
WIN_CODES: frozenset[str] = frozenset({"1", "W"})  # won over the board (C.07 WON counts these)
FORFEIT_CODES: frozenset[str] = frozenset({"+", "-"})
_WIN_TYPE_UNPLAYED: frozenset[str] = frozenset({"+", "U", "F"})  # scored like a win without a game

# A game's result as the program stores it (``tournaments.models.Result``): White's score first.
WHITE_WINS, DRAW, BLACK_WINS = "2-0", "1-1", "0-2"
WHITE_WINS_FORFEIT, BLACK_WINS_FORFEIT, DOUBLE_FORFEIT, BOTH_LOSE = "+-", "-+", "--", "0-0"
FORFEIT_RESULTS: frozenset[str] = frozenset({WHITE_WINS_FORFEIT, BLACK_WINS_FORFEIT, DOUBLE_FORFEIT})

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

    @property
    def played(self) -> bool:
        """A game over the board (``is_played``): a meeting, with a colour for the history."""
        return is_played(self.result, self.opponent is not None)

    @property
    def points_code(self) -> str:
        """The code as ``points`` reads it (upper case: TRF letter codes are case-insensitive)."""
        return str(self.result).upper()

    def points(self, scoring: Scoring) -> float:
        """What this round is worth under ``scoring``."""
        return points(self.points_code, scoring, has_opponent=self.opponent is not None)


DRAUGHTS_SCORING = Scoring()

# The longest move text of a game or a result version, wherever it comes from (form, private link,
# claim, PDN import, archive): about 2,500 plies written "12. 32-28 19-23", far beyond any real game.
MAX_MOVE_TEXT = 20_000
FIDE_SCORING = Scoring(
    win=1.0, draw=0.5, loss=0.0, pab=1.0, forfeit_win=1.0, forfeit_loss=0.0, half_bye=0.5, zero_bye=0.0, full_bye=1.0
)


def points(code: str, scoring: Scoring, *, has_opponent: bool = True) -> float:
    """The points a result code is worth under ``scoring`` (the table in the module docstring).

    Raises ``KeyError`` for a code that is not a result code. A pending game is worth nothing yet.
    """
    if code == "+":
        return scoring.forfeit_win if has_opponent else scoring.full_bye
    if code == "-":
        return scoring.forfeit_loss if has_opponent else scoring.zero_bye
    return {
        "1": scoring.win,
        "W": scoring.win,
        "=": scoring.draw,
        "D": scoring.draw,
        "0": scoring.loss,
        "L": scoring.loss,
        "H": scoring.half_bye,
        "Z": scoring.zero_bye,
        "U": scoring.pab,
        "F": scoring.full_bye,
        PENDING: 0.0,
    }[code]


def is_played(code: str, has_opponent: bool) -> bool:
    """A game over the board (pending included): the players have met and each had a colour.

    Forfeits, byes and absences are not played games (FIDE C.04.1 b, C.07 art. 16).
    """
    return has_opponent and (code in GAME_CODES or code == PENDING)


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
    """The stored game result for a pair of codes read from a file (None: not a game result)."""
    return _CODES_RESULT.get((_UNRATED_AS_GAME.get(white, white), _UNRATED_AS_GAME.get(black, black)))


def bye_kind_for_code(code: str) -> str:
    """The bye kind of a round without opponent read from a file (PAB, half, full; else an absence)."""
    return _CODE_BYE_KINDS.get(code, "absent")


def result_points(result: str, scoring: Scoring) -> tuple[float, float]:
    """White's and Black's points for a stored game result."""
    white, black = result_codes(result)
    return points(white, scoring), points(black, scoring)
