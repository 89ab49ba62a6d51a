"""Every message the validator and the draw rulings produce, as constant templates.

The arbiter package has no Django, so nothing here is translated. Each template is a constant
``str.format`` string with named placeholders, wrapped in a local ``gettext_noop`` so that Django's
``makemessages`` (which passes ``--keyword=gettext_noop`` to xgettext) extracts it. The web layer
renders a translated text with ``gettext(template).format(**params)``. Words that appear as
parameter values (side names, "piece"/"pieces", rule names) are also marked here, so the web layer can
translate them before formatting (see ``WORDS``).

Some messages embed a reason (``{reason}``): its own template is in ``params["reason_template"]``
and its placeholders are among the same params, so a translated message is
``gettext(template).format(**{**params, "reason": gettext(params["reason_template"]).format(**params)})``.
"""

from __future__ import annotations


def gettext_noop(text: str) -> str:
    """Mark ``text`` for extraction by xgettext; returns it unchanged."""
    return text


def render(template: str, params: dict[str, object]) -> str:
    """The English message: ``template`` filled with ``params``."""
    return template.format(**params)


# Words used as parameter values.
WHITE = gettext_noop("White")
BLACK = gettext_noop("Black")
PIECE = gettext_noop("piece")
PIECES = gettext_noop("pieces")
WORDS: tuple[str, ...] = (WHITE, BLACK, PIECE, PIECES)


def side_name(side: str) -> str:
    """'White' or 'Black' for 'W' or 'B'."""
    return WHITE if side == "W" else BLACK


def pieces_word(count: int) -> str:
    """'piece' for one, 'pieces' otherwise."""
    return PIECE if count == 1 else PIECES


# -- irregularities -----------------------------------------------------------------------------
# Params common to all: move_number, side, played, article (the irregularity, e.g. "FMJD 5.4.6") and
# rule_article (the rule broken, e.g. "FMJD 4.13"); {reason} is an already rendered WHY_* text.
IRR_ILLEGAL_MOVE = gettext_noop(
    "Move {move_number}, {side} {played} is not a possible move: {reason} ({rule_article}).")
IRR_CAPTURE_MISSED = gettext_noop(
    "Move {move_number}, {side} {played} does not capture, but capturing is compulsory: {required} ({rule_article}).")
IRR_CAPTURE_NOT_MAXIMAL = gettext_noop(
    "Move {move_number}, {side} {played} takes {played_count} {played_pieces}; the majority rule requires "
    "{required_count}: {required} ({rule_article}).")
IRR_CAPTURE_INCOMPLETE = gettext_noop(
    "Move {move_number}, {side} {played} stops part-way through a capture; it must go on: {required} ({rule_article}).")
IRR_AMBIGUOUS = gettext_noop(
    "Move {move_number}, {side} {played} can mean {candidates}; the record was read as {chosen} ({reason}).")
IRR_STOPPED = gettext_noop("Move {move_number}, {side} {played}: the game cannot be replayed further: {reason}.")

# Reasons (the {reason} of IRR_ILLEGAL_MOVE / IRR_STOPPED / IRR_AMBIGUOUS).
WHY_NO_PIECE = gettext_noop("there is no {side} piece on square {square}")
WHY_UNREADABLE = gettext_noop("the move text cannot be read ({detail})")
WHY_OFF_BOARD = gettext_noop("square {square} is not on the board (squares 1-{last})")
WHY_NOT_RECORDED = gettext_noop("the move was not recorded")
WHY_TARGET_OCCUPIED = gettext_noop("square {square} is not free")
WHY_NOT_DIAGONAL = gettext_noop("{from_sq} and {to_sq} are not on one diagonal")
WHY_MAN_BACKWARDS = gettext_noop("a man moves forwards only")
WHY_MAN_TOO_FAR = gettext_noop("a man moves one square only")
WHY_KING_TOO_FAR = gettext_noop("a king moves one square only in this game")
WHY_BLOCKED = gettext_noop("the way from {from_sq} to {to_sq} is not free")
WHY_NO_SUCH_CAPTURE = gettext_noop("no capture from {from_sq} to {to_sq} is possible here")
WHY_NOT_POSSIBLE = gettext_noop("no piece can make that move here")
WHY_KING_LIMIT = gettext_noop("the king on {square} has already moved {limit} times in a row without capturing; "
                              "another piece must move")
WHY_FIRST_FITTING = gettext_noop("the first one was chosen")
WHY_NEXT_MOVE_FITS = gettext_noop("only that reading lets the following moves be played")

# -- rulings on irregularities --------------------------------------------------------------------
RUL_NO_IRREGULARITY = gettext_noop("Ruling on ply {ply}: there is no irregularity at that ply.")
RUL_NO_SUCH_PLY = gettext_noop("Ruling on ply {ply}: the game has no such ply (it has {plies}).")
RUL_BAD_DECISION = gettext_noop("Ruling on ply {ply}: the decision must be 'stands' or 'corrected', not {decision}.")
RUL_CORRECTION_MISSING = gettext_noop("Ruling on ply {ply}: a correction needs the corrected move.")
RUL_CORRECTION_ILLEGAL = gettext_noop(
    "Ruling on ply {ply}: the correction {corrected} is not a legal move there; legal: {legal}.")
RUL_CORRECTION_AMBIGUOUS = gettext_noop(
    "Ruling on ply {ply}: the correction {corrected} can mean {candidates}; write the full path.")
RUL_TOO_LATE = gettext_noop(
    "Ruling on ply {ply}: {played} stands, because a further move was made before it was corrected "
    "({article}); record the correction only if the opponent demanded it in time.")
RUL_DUPLICATE = gettext_noop("Ruling on ply {ply}: there is already a ruling on that ply.")

# -- draw conditions and claims --------------------------------------------------------------------
DRAW_THREEFOLD = gettext_noop(
    "The position after ply {ply} occurred for the third time, with the same side to move (plies {occurrences}) "
    "({article}).")
DRAW_THREEFOLD_ONCE = gettext_noop(
    "The position after ply {ply} occurred once since the last man move or capture (ply {occurrences}); "
    "3 are needed ({article}).")
DRAW_THREEFOLD_NOT = gettext_noop(
    "The position after ply {ply} occurred {count} times since the last man move or capture (plies {occurrences}); "
    "3 are needed ({article}).")
DRAW_KING_MOVES = gettext_noop(
    "Since ply {start}, {counted} plies were king moves without a capture: {limit} moves each, the draw "
    "holds ({article}).")
DRAW_KING_MOVES_NOT = gettext_noop(
    "Since the last man move or capture (ply {start}) only {counted} of the {needed} plies were played ({article}).")
DRAW_NO_CAPTURE = gettext_noop(
    "Since ply {start}, {counted} plies were played without a capture or a promotion: {limit} moves each, "
    "the draw holds ({article}).")
DRAW_NO_CAPTURE_NOT = gettext_noop(
    "Since the last capture or promotion (ply {start}) only {counted} of the {needed} plies were played ({article}).")
DRAW_ENDGAME = gettext_noop(
    "A lone king against {pieces} pieces, {kings} of them kings, since ply {start}: {counted} plies played, "
    "at most {limit} moves each; the draw holds ({article}).")
DRAW_ENDGAME_NOT = gettext_noop(
    "A lone king against {pieces} pieces, {kings} of them kings, since ply {start}: {counted} of {needed} plies "
    "played ({article}).")
DRAW_ENDGAME_WAIT = gettext_noop(
    "A lone king against {pieces} pieces since ply {start}: the count starts with the lone king's move ({article}).")
DRAW_UNCHANGED = gettext_noop(
    "Both sides have kings and the material has not changed since ply {start}: {counted} plies played, at most "
    "{limit} moves each; the draw holds ({article}).")
DRAW_UNCHANGED_NOT = gettext_noop(
    "Both sides have kings and the material has not changed since ply {start}: {counted} of {needed} plies "
    "played ({article}).")
DRAW_ENDGAME_NA = gettext_noop("The material after ply {ply} is not what this rule covers ({article}).")
DRAW_KING_V_KING = gettext_noop("King against king after ply {ply}: a draw at once ({article}).")
DRAW_DISABLED = gettext_noop("The rule {rule} does not apply under the profile {profile}.")
DRAW_NONE = gettext_noop("After ply {ply} no draw rule holds: {details}")
DRAW_AGREEMENT_OK = gettext_noop(
    "A draw by agreement is allowed after ply {ply}: each player has made {moves} moves (minimum {minimum}).")
DRAW_AGREEMENT_FREE = gettext_noop("A draw by agreement is allowed at any time under these rules.")
DRAW_AGREEMENT_TOO_EARLY = gettext_noop(
    "A draw by agreement is allowed only once each player has made {minimum} moves; after ply {ply} "
    "White has made {white_moves} and Black {black_moves}.")
CLAIM_BAD_PLY = gettext_noop("A claim at ply {ply} cannot be judged: the game has plies 0 to {plies}.")
CLAIM_UNKNOWN_RULE = gettext_noop("Unknown draw rule {rule}; known rules: {known}.")

# -- the declared result -------------------------------------------------------------------------------
RES_NO_MOVES = gettext_noop("{side} has no legal move in the final position and has lost; the record says {declared}.")
RES_FITS_NO_MOVES = gettext_noop("{side} has no legal move in the final position and has lost, as recorded.")
RES_DRAW_RULE = gettext_noop("A draw rule ({rule}) held after ply {ply}; the record says {declared}.")
RES_DRAW_RULE_FITS = gettext_noop("A draw rule ({rule}) held after ply {ply}; the record says {declared}, a draw.")
RES_UNDETERMINED = gettext_noop(
    "The final position does not decide the game (resignation, time, agreement); the record says {declared}.")
RES_INCOMPLETE = gettext_noop("The replay stopped at ply {ply}, so the result cannot be checked.")


# -- reading PDN leniently (PdnWarning: template and params; {tag} is a tag's name) ----------------------
PDN_STRAY_BRACKET = gettext_noop("a '[' line that is no tag was ignored")
PDN_TAG_NO_VALUE = gettext_noop("tag [{tag}] has no value; it was ignored")
PDN_TAG_NOT_QUOTED = gettext_noop("tag [{tag}]: the value is not a quoted string; the tag was ignored")
PDN_TAG_NOT_CLOSED = gettext_noop("tag [{tag}]: the string is not closed; the tag was ignored")
PDN_TAG_NO_BRACKET = gettext_noop("tag [{tag}]: ']' expected; the tag was ignored")
PDN_TAG_CR_IN_VALUE = gettext_noop("tag [{tag}]: a literal '\\r' at the end of the value was removed")
PDN_TAG_CR_AFTER = gettext_noop("tag [{tag}]: a literal '\\r' after the tag was ignored")
PDN_RESULT_DIFFERS = gettext_noop("the moves end with {result} but the Result tag says {tag_result}; {result} is "
                                  "checked")
PDN_NOT_RECORDED = gettext_noop("the moves were not recorded ({n} times '-'); the game has no moves to check")
PDN_TRAILING_DASH = gettext_noop("a '-' after the last move was ignored")
PDN_TRAILING_PLACEHOLDERS = gettext_noop("{n} unrecorded moves ('-') after the last move were ignored")
