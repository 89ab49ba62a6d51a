"""Plain-English explanations of a Dutch pairing, for the arbiter."""

from __future__ import annotations

from tournaments.pairing.dutch.state import Colour, PlayerState


def _pts(tenths: int) -> str:
    return f"{tenths / 10:g}"


def preference_text(st: PlayerState) -> str:
    """``absolute``, ``strong``, ``mild`` or ``none``: the strength of the player's colour preference."""
    if st.colour_pref is None:
        return "none"
    return "absolute" if st.absolute else "strong" if st.strong else "mild"


def _colour_word(c: Colour | None) -> str:
    return "white" if c == "w" else "black" if c == "b" else "none"


def pair_reasons(white: PlayerState, black: PlayerState, rule: str) -> tuple[str, ...]:
    """Why these two meet and why the colours fell this way."""
    out: list[str] = []
    for label, st, got in (("White", white, "w"), ("Black", black, "b")):
        pref = preference_text(st)
        if st.colour_pref is None:
            out.append(f"{label} {st.id}: no colour preference")
        elif st.colour_pref == got:
            out.append(f"{label} {st.id}: colour preference met ({pref}, wanted {_colour_word(st.colour_pref)})")
        else:
            out.append(f"{label} {st.id}: colour preference not met ({pref}, wanted {_colour_word(st.colour_pref)})")
    out.append(f"Colours: {rule}")
    if white.score != black.score:
        high, low = (white, black) if white.score > black.score else (black, white)
        hl = "White" if high is white else "Black"
        ll = "White" if low is white else "Black"
        out.append(f"{hl} {high.id}: downfloater from score {_pts(high.score)}")
        out.append(f"{ll} {low.id}: upfloater from score {_pts(low.score)}")
    else:
        out.append(f"Same score group ({_pts(white.score)})")
    for label, st in (("White", white), ("Black", black)):
        for back, word in ((1, "last round"), (2, "two rounds ago")):
            f = st.floats.get(back)
            if f in ("down", "up"):
                out.append(f"{label} {st.id}: floated {f} {word}")
    return tuple(out)


def bye_reasons(st: PlayerState, field_size: int, rounds_so_far: int) -> tuple[str, ...]:
    """Why this player gets the pairing-allocated bye (C2, C4, C5, C9)."""
    unplayed = rounds_so_far - st.played_games
    return (
        f"PAB: odd number of players to pair ({field_size})",
        "PAB: eligible (no earlier PAB and no win without playing) (C2)",
        f"PAB: lowest score that still lets everybody else be paired (score {_pts(st.score)}) (C4, C5)",
        f"PAB: fewest unplayed games among those candidates ({unplayed}) (C9), then the lowest ranked",
    )
