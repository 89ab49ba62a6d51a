"""PDN files: reading many games leniently, writing strictly (the public names in one place).

``read_pdn(text)`` returns every readable game, one ``PdnError`` per broken game and every
``PdnWarning``; ``iter_pdn(lines)`` streams the same game by game (``arbiter.pdn_reader``). A broken
game never stops the others. The values are in ``arbiter.pdn_types``; writing is in
``arbiter.pdn_writer``; the variant of a game without tags is detected by ``arbiter.detect``.
"""

from __future__ import annotations

from arbiter.fen import FenError
from arbiter.pdn_reader import iter_pdn, number_lines, read_pdn
from arbiter.pdn_types import (
    GAME_TYPES,
    MAX_VARIATION_DEPTH,
    PdnError,
    PdnGame,
    PdnMove,
    PdnReadResult,
    PdnVariation,
    PdnWarning,
    game_type_number,
    normalise_move_text,
    normalise_result,
    variant_from_game_type,
    variant_tags,
)

__all__ = ["GAME_TYPES", "MAX_VARIATION_DEPTH", "FenError", "PdnError", "PdnGame", "PdnMove", "PdnReadResult",
           "PdnVariation", "PdnWarning", "game_type_number", "iter_pdn", "normalise_move_text", "normalise_result",
           "number_lines", "read_pdn", "variant_from_game_type", "variant_tags"]
