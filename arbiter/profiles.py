"""Rule profiles: every difference between the supported games is a named trait, not a code fork.

``international`` follows the FMJD rules (Annex 1 of the FMJD statutes); every other profile states
only how it differs, and each trait that differs names the rule it implements and where that rule
was read (``Profile.sources``). The rule books, the questions they leave open and the choice made
are in ``arbiter/RULES.md``. Board layout and numbering follow the PDN 3.0 GameType of each game
(``reference/pdn.md`` section 2; the PDN standard's ``doc/gametype.rst``).
"""

from __future__ import annotations

from arbiter.drawrules import DrawRules
from arbiter.profile_type import Colour, Profile, UnknownVariant

__all__ = ["PROFILES", "Colour", "Profile", "UnknownVariant", "get_profile", "profile_choices"]

# FMJD art. 6: the international draw rules are the DrawRules defaults.
_FMJD_DRAWS = DrawRules()
# Russian draw rules (fmjd64.org 7.2.3-7.2.8, secondary source): threefold repetition (7.2.3); three
# or more kings against a lone king, 15 moves (7.2.4); 15 moves of kings only without a capture
# (7.2.5); kings on both sides and unchanged material, 30 moves with 4-5 pieces, 60 with 6-7 (7.2.6);
# three pieces against a lone king on the long diagonal, 5 moves (7.2.7); 2K, K+M or K against a lone
# king, 5 moves (7.2.8).
_RUSSIAN_DRAWS = DrawRules(king_moves_only_limit=15, sixteen_move_rule=False, five_move_rule=True,
                           kings_against_lone_king_limit=15, long_diagonal_limit=5,
                           unchanged_material_limits=((4, 5, 30), (6, 7, 60)))
# English / WCDF: threefold repetition; 40 moves each with no man advanced and no piece captured
# (the king-moves-only rule with a limit of 40).
_ENGLISH_DRAWS = DrawRules(king_moves_only_limit=40, no_capture_or_promotion_limit=None,
                           sixteen_move_rule=False, five_move_rule=False)
# Brettspielnetz Dame (seed 002): 25 moves without capture or promotion, threefold repetition;
# the FMJD king-only and endgame counts do not apply.
_GERMAN_DRAWS = DrawRules(threefold_repetition=True, king_moves_only_limit=None,
                          no_capture_or_promotion_limit=25, sixteen_move_rule=False, five_move_rule=False)
# Repetition (and agreement) only: the rule books read for these games give no count rule an arbiter
# can apply mechanically (Italian FID brief rules; Czech, Turkish and Thai rule summaries: "drawn when
# neither side can win" is a judgement, not a count).
_REPETITION_ONLY = DrawRules(king_moves_only_limit=None, sixteen_move_rule=False, five_move_rule=False)
# Spanish (and Portuguese): threefold repetition; 40 successive king moves (20 each) without a capture.
_SPANISH_DRAWS = DrawRules(king_moves_only_limit=20, sixteen_move_rule=False, five_move_rule=False)
# American pool (APCA rules of play): three kings against one king must win within 13 moves.
_POOL_DRAWS = DrawRules(king_moves_only_limit=None, sixteen_move_rule=False, five_move_rule=False,
                        kings_against_lone_king_limit=13)
# Frisian: two kings against one king, at most 7 moves each; king against king is drawn at once.
_FRISIAN_DRAWS = DrawRules(king_moves_only_limit=None, sixteen_move_rule=False, five_move_rule=True,
                           five_move_limit=7, king_against_king_immediate=True)

# Where each rule was read (titles; the addresses are in arbiter/RULES.md).
FID = "Federazione Italiana Dama, 'Brief rules of Italian draughts' (fid.it)"
APCA = "American Pool Checker Association, 'Rules of Play' and 'APCA Tournament Rules of Play'"
PDN = "PDN 3.0 standard, doc/gametype.rst (GameType table)"
CZECH = "Czech Draughts Federation rules as summarised in 'Czech draughts' (Wikipedia) and BrainKing's rules"
SPANISH = "Spanish draughts rules as published by Section 64 and Torofun ('Quantity rule', 'Quality rule')"
TURKISH = "'Turkish draughts (Dama): rules of game and learning guide' and 'Turkish draughts' (Wikipedia)"
THAI = "'Makhos - Thai checkers' (coldmoon.io) and 'Mak-hot' (Checkers Wiki)"
FRISIAN = "Dambûn Frysk Spul rules as given by mindsports.nl 'Frisian' and 'Frisian draughts' (Wikipedia)"
CANADIAN = "'Canadian checkers' (Wikipedia): the international rules on a 12x12 board with 30 pieces"


def _articles(book: str, capture: str, majority: str, cont: str, move: str,
              **extra: str) -> tuple[tuple[str, str], ...]:
    base = {"capture_rule": capture, "majority_rule": majority, "continue_rule": cont, "move_rule": move}
    return tuple({**base, **extra}.items())


PROFILES: dict[str, Profile] = {
    "international": Profile(
        name="international", board_size=10, rows=4, first_side="W", men_capture_backwards=True,
        flying_kings=True, capture_precedence="majority", promote_during_capture=False,
        notation="numeric", capture_separator="x", game_type="20,W,10,10,N2,0",
        result_family="international", draw=_FMJD_DRAWS,
        description="FMJD international draughts (10x10)"),
    "brazilian": Profile(
        name="brazilian", board_size=8, rows=3, first_side="W", men_capture_backwards=True,
        flying_kings=True, capture_precedence="majority", promote_during_capture=False,
        notation="alphanumeric", capture_separator="x", game_type="26,W,8,8,A0,0",
        result_family="default", draw=_FMJD_DRAWS,
        description="Brazilian draughts: the FMJD rules on an 8x8 board"),
    "russian": Profile(
        name="russian", board_size=8, rows=3, first_side="W", men_capture_backwards=True,
        flying_kings=True, capture_precedence="free", promote_during_capture=True,
        notation="alphanumeric", capture_separator=":", game_type="25,W,8,8,A0,0",
        result_family="default", draw=_RUSSIAN_DRAWS,
        description="Russian draughts (shashki): free capture choice, crowned during a capture",
        rule_book="Russian (FMJD-64)",
        articles=_articles("Russian", "Russian rules: capture is compulsory",
                           "Russian rules: free choice of capture", "Russian rules: a capture is completed",
                           "Russian rules: moves of men and kings")),
    "english": Profile(
        name="english", board_size=8, rows=3, first_side="B", men_capture_backwards=False,
        flying_kings=False, capture_precedence="free", promote_during_capture=False,
        notation="numeric", capture_separator="x", game_type="21,B,8,8,N1,0",
        result_family="default", draw=_ENGLISH_DRAWS,
        description="English draughts / checkers (WCDF): short kings, free capture choice, Black first",
        rule_book="WCDF", articles=_articles("WCDF", "WCDF rules 1.19 (capturing is compulsory)",
                                             "WCDF rules 1.19 (free choice of capture)",
                                             "WCDF rules 1.19 (all jumps of a capture are completed)",
                                             "WCDF rules 1.13-1.17 (moves of men and kings)")),
    "german": Profile(
        name="german", board_size=8, rows=3, first_side="B", men_capture_backwards=False,
        flying_kings=False, capture_precedence="free", promote_during_capture=False,
        notation="numeric", capture_separator="x", game_type="21,B,8,8,N1,0",
        result_family="default", draw=_GERMAN_DRAWS,
        description="German 8x8 Dame as played on Brettspielnetz (seed 002)",
        pdn_game_type_owner=False, detectable=False, rule_book="Brettspielnetz Dame",
        articles=_articles("Brettspielnetz", "Brettspielnetz Dame rules, section 4 \"Schlagen\" (Schlagzwang)",
                           "Brettspielnetz Dame rules, section 4 \"Schlagen\" (free choice of capture)",
                           "Brettspielnetz Dame rules, section 4 \"Schlagen\" (a capture is completed)",
                           "Brettspielnetz Dame rules, sections 3 \"Das Ziehen der Steine\" and 5 "
                           "\"In Dame umwandeln\"")),
    "canadian": Profile(
        name="canadian", board_size=12, rows=5, first_side="W", men_capture_backwards=True,
        flying_kings=True, capture_precedence="majority", promote_during_capture=False,
        notation="numeric", capture_separator="x", game_type="27,W,12,12,N2,0",
        result_family="international", draw=_FMJD_DRAWS,
        description="Canadian draughts: the FMJD rules on a 12x12 board, 30 men each",
        sources=(("board_size", f"12x12 board ({CANADIAN}; {PDN}: 27,W,12,12,N2,0)"),
                 ("rows", f"30 men on the first five rows ({CANADIAN})"))),
    "pool": Profile(
        name="pool", board_size=8, rows=3, first_side="B", men_capture_backwards=True,
        flying_kings=True, capture_precedence="free", promote_during_capture=False,
        notation="numeric", capture_separator="x", game_type="23,B,8,8,N1,0",
        result_family="default", draw=_POOL_DRAWS,
        description="American pool checkers (APCA): flying kings, men capture backwards, free choice, Black first",
        rule_book="APCA",
        articles=_articles("APCA", "APCA Rules of Play 7 (capturing is compulsory)",
                           "APCA Rules of Play 7 (free choice among captures)",
                           "APCA Rules of Play 6-7 (all jumps are completed)",
                           "APCA Rules of Play 4-6 (moves of men and kings)"),
        sources=(("first_side", f"the darker pieces move first ({APCA}, rule 2 / tournament rule 7)"),
                 ("men_capture_backwards", f"men may jump forward or backward ({APCA}, rule 4)"),
                 ("flying_kings", f"kings move and jump any distance ({APCA}, rule 6)"),
                 ("capture_precedence", f"with two possibilities the player may choose ({APCA})"),
                 ("promote_during_capture", f"a man reaching the far side by a jump is crowned only if its "
                                            f"jumps end there ({APCA}, rule 5)"),
                 ("draw", f"three kings against one must win within 13 moves ({APCA})"))),
    "italian": Profile(
        name="italian", board_size=8, rows=3, first_side="W", men_capture_backwards=False,
        flying_kings=False, capture_precedence="majority", promote_during_capture=False,
        notation="numeric", capture_separator="x", game_type="22,W,8,8,N2,1",
        result_family="default", draw=_REPETITION_ONLY, layout="inverted",
        men_capture_kings=False, king_capture_priority="on_tie", most_kings_priority=True,
        earliest_king_priority=True,
        description="Italian draughts (FID): men never take kings, short kings, quantity then quality",
        rule_book="FID",
        articles=_articles("FID", "FID rules: capturing is compulsory (presa obbligatoria)",
                           "FID rules: capture priorities (quantity, then capture with a king, most kings, "
                           "a king first)",
                           "FID rules: a capture is completed", "FID rules: moves of men and kings"),
        sources=(("layout", f"the bottom-right square is dark, square 1 in Black's right-hand corner ({FID}; "
                            f"{PDN}: 22,W,8,8,N2,1)"),
                 ("men_capture_backwards", f"pieces capture forwards only ({FID})"),
                 ("flying_kings", f"the king moves one square and lands on the first square behind ({FID})"),
                 ("men_capture_kings", f"pieces can only jump other pieces, kings only by kings ({FID})"),
                 ("king_capture_priority", f"with equal quantity a capture with the king is compulsory ({FID})"),
                 ("most_kings_priority", f"then the capture taking the most kings ({FID})"),
                 ("earliest_king_priority", f"then the capture meeting a king first ({FID})"),
                 ("draw", f"draw by agreement or threefold repetition of the position ({FID})"))),
    "spanish": Profile(
        name="spanish", board_size=8, rows=3, first_side="W", men_capture_backwards=False,
        flying_kings=True, capture_precedence="majority", promote_during_capture=False,
        notation="numeric", capture_separator="x", game_type="24,W,8,8,N1,1",
        result_family="default", draw=_SPANISH_DRAWS, layout="inverted", numbering="bottom_right",
        most_kings_priority=True,
        description="Spanish draughts: flying kings, men capture forwards, quantity then quality",
        rule_book="Spanish (FEDA)",
        articles=_articles("Spanish", "Spanish rules: capturing is compulsory",
                           "Spanish rules: quantity rule, then quality rule (most kings)",
                           "Spanish rules: a capture is completed", "Spanish rules: moves of men and kings"),
        sources=(("numbering", f"squares 1-32 from White's bottom-right corner, White on 1-12 ({SPANISH}; "
                               f"{PDN}: 24,W,8,8,N1,1)"),
                 ("men_capture_backwards", f"men never move or capture backward ({SPANISH})"),
                 ("most_kings_priority", f"quality rule: among equal quantities the most kings ({SPANISH})"),
                 ("draw", f"threefold repetition; 40 successive king moves without a capture ({SPANISH})"))),
    "portuguese": Profile(
        name="portuguese", board_size=8, rows=3, first_side="W", men_capture_backwards=False,
        flying_kings=True, capture_precedence="majority", promote_during_capture=False,
        notation="numeric", capture_separator="x", game_type="28,W,8,8,N1,1",
        result_family="default", draw=_SPANISH_DRAWS, layout="inverted", numbering="bottom_right",
        most_kings_priority=True,
        description="Portuguese draughts: the Spanish rules (flying kings, quantity then quality)",
        rule_book="Portuguese (FPD)",
        articles=_articles("Portuguese", "Portuguese rules: capturing is compulsory",
                           "Portuguese rules: quantity, then quality (most kings)",
                           "Portuguese rules: a capture is completed", "Portuguese rules: moves of men and kings"),
        sources=(("rules", f"the Spanish rules; only the position of the main diagonal may differ ({SPANISH}; "
                           "mindsports.nl 'Dama')"),
                 ("numbering", f"{PDN}: 28,W,8,8,N1,1"))),
    "czech": Profile(
        name="czech", board_size=8, rows=3, first_side="W", men_capture_backwards=False,
        flying_kings=True, capture_precedence="free", promote_during_capture=False,
        notation="alphanumeric", capture_separator="x", game_type="29,W,8,8,A0,0",
        result_family="default", draw=_REPETITION_ONLY, king_capture_priority="always",
        description="Czech draughts (CDF): flying kings, men capture forwards, a king must capture first",
        rule_book="Czech (CDF)",
        articles=_articles("Czech", "Czech rules: capturing is compulsory",
                           "Czech rules: if a king can capture, a king captures; otherwise free choice",
                           "Czech rules: a capture is completed (one piece or the entire line)",
                           "Czech rules: moves of men and kings"),
        sources=(("men_capture_backwards", f"men move and capture diagonally forward ({CZECH})"),
                 ("king_capture_priority", f"if a player can capture with a man or a king, he must do so with "
                                           f"the king ({CZECH})"),
                 ("capture_precedence", f"the longest capture need not be chosen, but a started line is "
                                        f"completed ({CZECH})"))),
    "turkish": Profile(
        name="turkish", board_size=8, rows=2, first_side="W", men_capture_backwards=False,
        flying_kings=True, capture_precedence="majority", promote_during_capture=False,
        notation="alphanumeric", capture_separator="x", game_type="30,W,8,8,A0,0",
        result_family="default", draw=_REPETITION_ONLY, layout="all", back_rows_empty=1,
        men_move="orthogonal", capture_lines="orthogonal", king_move_lines="orthogonal",
        removal="immediate", no_reverse=True,
        description="Turkish draughts (Dama): all 64 squares, orthogonal moves, pieces removed at once",
        rule_book="Turkish",
        articles=_articles("Turkish", "Turkish rules 5 (capturing is compulsory)",
                           "Turkish rules 5 (the capture taking the most pieces)",
                           "Turkish rules 5 (a capture is completed)", "Turkish rules 4 (moves of men and kings)"),
        sources=(("layout", f"every square is used; 16 men each on the second and third rows ({TURKISH})"),
                 ("men_move", f"men move one square forward or sideways, never diagonally ({TURKISH})"),
                 ("capture_lines", f"captures forward and sideways (men), in four directions (kings) ({TURKISH})"),
                 ("removal", f"pieces are removed immediately after being jumped ({TURKISH})"),
                 ("no_reverse", f"within a multiple capture a 180-degree turn is not allowed ({TURKISH})"),
                 ("promote_during_capture", f"a man reaching the back row is crowned at the end of the move "
                                            f"({TURKISH}; pydraughts)"))),
    "thai": Profile(
        name="thai", board_size=8, rows=2, first_side="B", men_capture_backwards=False,
        flying_kings=True, capture_precedence="free", promote_during_capture=False,
        notation="numeric", capture_separator="-", game_type="31,B,8,8,N2,0",
        result_family="default", draw=_REPETITION_ONLY, numbering="bottom_right",
        king_lands_next=True, removal="immediate",
        description="Thai draughts (Mak-hos): 8 men each, kings stop just behind a captured piece",
        rule_book="Thai",
        articles=_articles("Thai", "Thai rules: capturing is compulsory", "Thai rules: free choice of capture",
                           "Thai rules: all possible captures are made", "Thai rules: moves of men and kings"),
        sources=(("rows", f"8 pieces each on the two nearest rows ({THAI})"),
                 ("first_side", f"{PDN}: 31,B,8,8,N2,0 (the rule texts leave the first side open)"),
                 ("men_capture_backwards", f"men move and capture forward only ({THAI})"),
                 ("king_lands_next", f"a king captures at a distance but stops on the square directly behind "
                                     f"the piece ({THAI})"),
                 ("removal", f"removal of the captured piece is immediate; a king may even turn back ({THAI})"),
                 ("capture_precedence", f"any capture sequence may be chosen ({THAI})"))),
    "frisian": Profile(
        name="frisian", board_size=10, rows=4, first_side="W", men_capture_backwards=True,
        flying_kings=True, capture_precedence="value", promote_during_capture=False,
        notation="numeric", capture_separator="x", game_type="40,W,10,10,N2,0",
        result_family="default", draw=_FRISIAN_DRAWS, capture_lines="both", king_value_milli=1501,
        king_capture_priority="on_tie", king_quiet_move_limit=3,
        description="Frisian draughts: orthogonal and diagonal captures, the highest value, 3 king moves in a row",
        rule_book="Frisian (DFS)",
        articles=_articles("Frisian", "Frisian rules: capturing is compulsory",
                           "Frisian rules: the capture of the highest value (a king worth more than a man, less "
                           "than two), then a capture with a king",
                           "Frisian rules: a capture is completed",
                           "Frisian rules: moves of men and kings",
                           king_limit_rule="Frisian rules: the same king moves at most three times in a row "
                                           "without capturing while its side has men"),
        sources=(("capture_lines", f"captures along the straight and diagonal lines, forward and backward "
                                   f"({FRISIAN})"),
                 ("capture_precedence", f"the capture of the highest value is compulsory, a king counting more "
                                        f"than a man and less than two ({FRISIAN}; pydraughts values a king 1.501)"),
                 ("king_capture_priority", f"with equal value, the capture with a king ({FRISIAN})"),
                 ("king_quiet_move_limit", f"the same king may not move more than three times in a row without "
                                           f"capturing while its side has men ({FRISIAN})"),
                 ("draw", f"two kings against one: 7 moves; king against king: drawn ({FRISIAN})"))),
}


def get_profile(name: str | Profile) -> Profile:
    """Return the profile called ``name`` (case-insensitive); a Profile is returned unchanged.

    Raises UnknownVariant naming the bad value and the known names.
    """
    if isinstance(name, Profile):
        return name
    key = name.strip().lower()
    try:
        return PROFILES[key]
    except KeyError:
        known = ", ".join(sorted(PROFILES))
        raise UnknownVariant(f"unknown variant {name!r} (known variants: {known})") from None


def profile_choices() -> list[tuple[str, str]]:
    """(name, description) of every profile, in table order: the one list the web forms offer."""
    return [(p.name, p.description) for p in PROFILES.values()]
