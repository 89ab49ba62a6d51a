"""The arbiter: a pure-Python rules engine for international draughts and other rule profiles.

Public API (see each module for details):

* profiles: ``Profile``, ``PROFILES``, ``get_profile``, ``UnknownVariant``
* positions: ``Position``, ``initial_position``, ``Move``, ``IllegalMoveError``
* moves: ``legal_moves``, ``all_capture_sequences``, ``capture_prefixes``, ``is_capture_prefix``,
  ``apply_move``
* FEN: ``parse_fen``, ``to_fen``, ``FenError``
* notation: ``parse_move_text``, ``find_moves``, ``match_moves``, ``move_to_text``, ``square_name``,
  ``ParsedMove``, ``NotationError``
* PDN: ``read_pdn``, ``write_pdn``, ``write_game``, ``moves_to_movetext``, ``PdnGame``, ``PdnMove``,
  ``PdnError``, ``PdnReadResult``, ``PdnVariation``, ``normalise_result``,
  ``variant_from_game_type``, ``variant_tags``
* ``perft``
* validator: ``validate``, ``GameRecord``, ``ValidationReport``, ``Irregularity``, ``Ruling``,
  ``RulingError``, ``PlyRecord``, ``DrawCondition``, ``Stop``, ``GameInputError``, ``KINDS``
  (irregularity kinds)
* claims and results: ``rule_on_claim``, ``ClaimRuling``, ``ClaimError``, ``check_result``,
  ``ResultCheck``; draw rules ``DrawRules`` (data), ``DrawTracker``, ``ALL_RULES``
"""

from arbiter.claims import ClaimError, ClaimRuling, rule_on_claim
from arbiter.drawrules import DrawRules
from arbiter.draws import ALL_RULES, DrawTracker
from arbiter.fen import FenError, parse_fen, to_fen
from arbiter.irregularities import KINDS
from arbiter.moves import all_capture_sequences, apply_move, capture_prefixes, is_capture_prefix, legal_moves
from arbiter.notation import (
    NotationError,
    ParsedMove,
    find_moves,
    match_moves,
    move_to_text,
    parse_move_text,
    parse_square,
    square_name,
)
from arbiter.pdn import (
    PdnError,
    PdnGame,
    PdnMove,
    PdnReadResult,
    PdnVariation,
    normalise_result,
    read_pdn,
    variant_from_game_type,
    variant_tags,
)
from arbiter.pdn_writer import moves_to_movetext, write_game, write_pdn
from arbiter.perft import perft
from arbiter.position import IllegalMoveError, Move, Position, initial_position
from arbiter.profiles import PROFILES, Profile, UnknownVariant, get_profile
from arbiter.results import ResultCheck, check_result
from arbiter.validator import (
    DrawCondition,
    GameInputError,
    GameRecord,
    Irregularity,
    PlyRecord,
    Ruling,
    RulingError,
    Stop,
    ValidationReport,
    validate,
)

__all__ = [
    "ALL_RULES",
    "ClaimError",
    "ClaimRuling",
    "DrawCondition",
    "DrawRules",
    "DrawTracker",
    "FenError",
    "GameInputError",
    "GameRecord",
    "IllegalMoveError",
    "Irregularity",
    "KINDS",
    "Move",
    "NotationError",
    "PROFILES",
    "ParsedMove",
    "PdnError",
    "PdnGame",
    "PdnMove",
    "PdnReadResult",
    "PdnVariation",
    "PlyRecord",
    "Position",
    "Profile",
    "ResultCheck",
    "Ruling",
    "RulingError",
    "Stop",
    "UnknownVariant",
    "ValidationReport",
    "all_capture_sequences",
    "apply_move",
    "capture_prefixes",
    "check_result",
    "find_moves",
    "get_profile",
    "initial_position",
    "is_capture_prefix",
    "legal_moves",
    "match_moves",
    "move_to_text",
    "moves_to_movetext",
    "normalise_result",
    "parse_fen",
    "parse_move_text",
    "parse_square",
    "perft",
    "read_pdn",
    "rule_on_claim",
    "square_name",
    "to_fen",
    "validate",
    "variant_from_game_type",
    "variant_tags",
    "write_game",
    "write_pdn",
]
