"""The pairing "Why" as the arbiter reads it: the engines' reasons in the active language, players
named, and the common case said once for the round instead of on every board.

The pairing engines (pure cores) keep their reasons in plain English (the ``python -m
tournaments.pairing`` contract prints them so); each reason they write has a pattern here and a
translatable template (whole sentences: a word is never put into another language's sentence, and
counts go through ngettext). A reason with no pattern (an older stored round, say) is shown as stored.

Each board gets one short line (``BoardWhy.summary``: what an arbiter looks for, i.e. who floats,
whose colour wish is not met, a rematch, an arbiter's change, a bye) and every reason on demand
(``BoardWhy.details``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from tournaments.pairing.berger import FREE_ROUND_REASON
from tournaments.pairing.model import ARBITER_CHANGE_REASON

Names = dict[int, str]

# Said once per round (``RoundWhy.common``), dropped from the boards.
_COMMON: list[tuple[re.Pattern[str], object]] = [
    (re.compile(r"(?:White|Black) \d+: no colour preference"), gettext_lazy("no colour preference yet")),
    (re.compile(r"Same score group \(\S+\)"), gettext_lazy("both players from the same score group")),
    (re.compile(r"Colours: both preferences met"), gettext_lazy("both colour preferences met")),
]

_WORDS = {
    "White": gettext_lazy("White"), "Black": gettext_lazy("Black"),
    "white": gettext_lazy("White"), "black": gettext_lazy("Black"),
    "absolute": gettext_lazy("absolute"), "strong": gettext_lazy("strong"), "mild": gettext_lazy("mild"),
    "down": gettext_lazy("down"), "up": gettext_lazy("up"),
    "last round": gettext_lazy("last round"), "two rounds ago": gettext_lazy("two rounds ago"),
}

# The colour rules of the Dutch engine (``colour_for``) and of an arbiter's change.
_COLOUR_RULES = {
    "both preferences met": gettext_lazy("both preferences met"),
    "preference met": gettext_lazy("preference met"),
    "stronger (absolute) preference granted": gettext_lazy("the stronger (absolute) preference granted"),
    "stronger preference granted": gettext_lazy("the stronger preference granted"),
    "alternated from the last round with different colours":
        gettext_lazy("alternated from the last round with different colours"),
    "initial colour by pairing number": gettext_lazy("initial colour by pairing number"),
    "higher-ranked player's preference granted": gettext_lazy("the higher-ranked player's preference granted"),
}


# A colour as a sentence names it ("gets White", "bekommt Weiß", "krijgt wit", "a les Blancs").
_COLOURS = {"white": pgettext_lazy("the colour a player wants or gets", "White"),
            "black": pgettext_lazy("the colour a player wants or gets", "Black")}
_STRENGTHS = {"mild": gettext_lazy("mild preference"), "strong": gettext_lazy("strong preference"),
              "absolute": gettext_lazy("absolute preference")}


def _word(text: str) -> str:
    return str(_WORDS.get(text, text))


def _who(names: Names, number: str) -> str:
    n = int(number)
    return f"{names[n]} ({n})" if n in names else number


def _short(names: Names, number: str) -> str:
    """A player as the one-line summary names them: the family name (``N'Diaye``), else the number."""
    n = int(number)
    return names[n].split(",")[0].strip() if n in names else number


def plural_count(score: str) -> int:
    """The count ngettext chooses a plural form by, for a score as written (``8``, ``1.5``, ``0.5``):
    the score when whole, 0 below 1 (0.5 points, 0,5 point), else the next whole number (1.5 points)."""
    x = float(score)
    if x.is_integer():
        return int(x)
    return 0 if x < 1 else int(x) + 1


def _colour_rule(rule: str, names: Names) -> str:
    m = re.fullmatch(r"set by the arbiter, as the colour rules give \((.+)\)", rule)
    if m:
        return _("set by the arbiter, as the colour rules give (%(rule)s)") % {"rule": _colour_rule(m[1], names)}
    m = re.fullmatch(r"set by the arbiter, against the colour rules \((.+): White to (\d+)\)", rule)
    if m:
        return _("set by the arbiter, against the colour rules (%(rule)s: White to %(who)s)") % {
            "rule": _colour_rule(m[1], names), "who": _who(names, m[2])}
    return str(_COLOUR_RULES.get(rule, rule))


_Render = Callable[[re.Match[str], Names], str]


def _pref(met: bool) -> _Render:
    def render(m: re.Match[str], names: Names) -> str:
        wanted = m[4].lower()
        got = wanted if met else ("black" if wanted == "white" else "white")
        params = {"who": _who(names, m[2]), "strength": str(_STRENGTHS.get(m[3], m[3])),
                  "colour": str(_COLOURS.get(wanted, wanted)), "other": str(_COLOURS.get(got, got))}
        if met:
            return _("%(who)s gets %(colour)s, as wished (%(strength)s)") % params
        return _("%(who)s wanted %(colour)s (%(strength)s) but gets %(other)s") % params
    return render


def floats_text(kind: str, who: str, score: str) -> str:
    """A player who floats this round, with the points they have (ngettext: 1 point, 2 points)."""
    n = plural_count(score)
    if kind == "down":
        return ngettext("%(who)s floats down (has %(score)s point)", "%(who)s floats down (has %(score)s points)",
                        n) % {"who": who, "score": score}
    return ngettext("%(who)s floats up (has %(score)s point)", "%(who)s floats up (has %(score)s points)",
                    n) % {"who": who, "score": score}


def _float(kind: str) -> _Render:
    def render(m: re.Match[str], names: Names) -> str:
        return floats_text(kind, _who(names, m[2]), m[3])
    return render


def _floated(m: re.Match[str], names: Names) -> str:
    who = {"who": _who(names, m[2])}
    if m[3] == "down":
        if m[4] == "last round":
            return _("%(who)s floated down last round") % who
        return _("%(who)s floated down two rounds ago") % who
    if m[4] == "last round":
        return _("%(who)s floated up last round") % who
    return _("%(who)s floated up two rounds ago") % who


_PATTERNS: list[tuple[re.Pattern[str], _Render]] = [
    (re.compile(r"(White|Black) (\d+): colour preference met \((\w+), wanted (\w+)\)"), _pref(True)),
    (re.compile(r"(White|Black) (\d+): colour preference not met \((\w+), wanted (\w+)\)"), _pref(False)),
    (re.compile(r"Colours: ((?:set by the arbiter, .+)|" + "|".join(re.escape(r) for r in _COLOUR_RULES) + ")"),
     lambda m, n: _("Colours: %(rule)s") % {"rule": _colour_rule(m[1], n)}),
    # Keizer's colour rules.
    (re.compile(r"Colours: (\d+) had fewer whites \(balance (\S+) v (\S+)\)"),
     lambda m, n: _("Colours: %(who)s had fewer Whites (balance %(a)s against %(b)s)") % {
         "who": _who(n, m[1]), "a": m[2], "b": m[3]}),
    (re.compile(r"Colours: equal balance, both alternate \((\d+) had Black last\)"),
     lambda m, n: _("Colours: equal balance, both alternate (%(who)s had Black last)") % {"who": _who(n, m[1])}),
    (re.compile(r"Colours: equal history, the higher-ranked (\d+) alternates"),
     lambda m, n: _("Colours: equal history, the higher-ranked %(who)s alternates") % {"who": _who(n, m[1])}),
    (re.compile(r"Colours: no history, alternating by board"),
     lambda m, n: _("Colours: no history yet, alternating by board")),
    (re.compile(r"Odd player out: lowest-ranked present player \(rank (\d+)\) with the fewest byes \((\d+)\)"),
     lambda m, n: _("Sits out: the lowest-ranked present player (rank %(rank)s) with the fewest byes (%(n)s)")
     % {"rank": m[1], "n": m[2]}),
    (re.compile(r"(White|Black) (\d+): downfloater from score (\S+)"), _float("down")),
    (re.compile(r"(White|Black) (\d+): upfloater from score (\S+)"), _float("up")),
    (re.compile(r"(White|Black) (\d+): floated (down|up) (last round|two rounds ago)"), _floated),
    (re.compile(r"PAB: odd number of players to pair \((\d+)\)"),
     lambda m, n: _("Bye: an odd number of players to pair (%(n)s)") % {"n": m[1]}),
    (re.compile(r"PAB: eligible \(no earlier PAB and no win without playing\) \(C2\)"),
     lambda m, n: _("Bye: eligible, no earlier bye and no win without playing (C2)")),
    (re.compile(r"PAB: lowest score that still lets everybody else be paired \(score (\S+)\) \(C4, C5\)"),
     lambda m, n: _("Bye: the lowest score that lets everybody else be paired (score %(score)s) (C4, C5)")
     % {"score": m[1]}),
    (re.compile(r"PAB: fewest unplayed games among those candidates \((\d+)\) \(C9\), then the lowest ranked"),
     lambda m, n: _("Bye: the fewest unplayed games among them (%(n)s) (C9), then the lowest ranked")
     % {"n": m[1]}),
    (re.compile(r"Berger table for (\d+) players, round (\d+)"),
     lambda m, n: _("Berger table for %(n)s players, round %(round)s") % {"n": m[1], "round": m[2]}),
    (re.compile(r"Berger table for (\d+) players, round (\d+), cycle (\d+)"),
     lambda m, n: _("Berger table for %(n)s players, round %(round)s, cycle %(cycle)s") % {
         "n": m[1], "round": m[2], "cycle": m[3]}),
    (re.compile(r"Berger table for (\d+) players, round (\d+), cycle 2 \(colours reversed\)"),
     lambda m, n: _("Berger table for %(n)s players, round %(round)s, cycle 2 (colours reversed)") % {
         "n": m[1], "round": m[2]}),
    (re.compile(re.escape(FREE_ROUND_REASON)),
     lambda m, n: _("Free round: meets the dummy of the Berger table (odd number of players)")),
    (re.compile(r"Keizer rank (\d+) \((\S+)\) v rank (\d+) \((\S+)\)"),
     lambda m, n: _("Keizer rank %(a)s (%(sa)s) against rank %(b)s (%(sb)s)") % {
         "a": m[1], "sa": m[2], "b": m[3], "sb": m[4]}),
    (re.compile(r"Skipped rank (\d+) \(player (\d+)\): (.+)"),
     lambda m, n: _("Passed over rank %(rank)s, %(who)s: %(why)s") % {
         "rank": m[1], "who": _who(n, m[2]), "why": _keizer_skip(m[3])}),
    (re.compile(r"Rematch: last met in round (\d+)"),
     lambda m, n: _("Rematch: they last met in round %(round)s") % {"round": m[1]}),
    (re.compile(re.escape(ARBITER_CHANGE_REASON)),
     lambda m, n: _("Changed by an arbiter: the engine paired this board differently")),
    # The draughts Swiss systems (``tournaments.pairing.halves``) and the Moyenne pairing.
    (re.compile(r"(Halves|Adjacent): place (\d+) v place (\d+) of (\d+) in the group of score (\S+)"),
     lambda m, n: (_("Top half against bottom half: place %(a)s against place %(b)s of %(n)s in score group %(s)s")
                   if m[1] == "Halves" else
                   _("Neighbours: place %(a)s against place %(b)s of %(n)s in score group %(s)s"))
     % {"a": m[2], "b": m[3], "n": m[4], "s": m[5]}),
    (re.compile(r"Instead of place (\d+) \(player (\d+)\): (.+)"),
     lambda m, n: _("Not place %(place)s, %(who)s: %(why)s") % {
         "place": m[1], "who": _who(n, m[2]), "why": _swiss_why(m[3])}),
    (re.compile(r"(\d+) moves down from score (\S+): (\d+) player\(s\) placed (below|above) passed over \((.+)\)"),
     lambda m, n: (ngettext("%(who)s moves down from score group %(s)s: %(n)s player placed below passed over "
                            "(%(why)s)",
                            "%(who)s moves down from score group %(s)s: %(n)s players placed below passed over "
                            "(%(why)s)", int(m[3]))
                   if m[4] == "below" else
                   ngettext("%(who)s moves down from score group %(s)s: %(n)s player placed above passed over "
                            "(%(why)s)",
                            "%(who)s moves down from score group %(s)s: %(n)s players placed above passed over "
                            "(%(why)s)", int(m[3])))
     % {"who": _who(n, m[1]), "s": m[2], "n": m[3], "why": _swiss_why(m[5])}),
    (re.compile(r"(\d+) moves down from score (\S+): (.+)"),
     lambda m, n: _("%(who)s moves down from score group %(s)s: %(why)s") % {
         "who": _who(n, m[1]), "s": m[2], "why": _swiss_why(m[3])}),
    (re.compile(r"(\d+) joins score group (\S+): the only player left in his group"),
     lambda m, n: _("%(who)s joins score group %(g)s: the only player left in their group") % {
         "who": _who(n, m[1]), "g": m[2]}),
    (re.compile(r"(\d+) moves on from score (\S+): nobody in score (\S+) may meet him"),
     lambda m, n: _("%(who)s moves on from score %(s)s: nobody in score group %(g)s may meet them") % {
         "who": _who(n, m[1]), "s": m[2], "g": m[3]}),
    (re.compile(r"Floater (\d+) meets the (highest|lowest)-placed player of score (\S+) he may meet"),
     lambda m, n: (_("%(who)s, moved down, meets the highest-placed player of score group %(s)s they may meet")
                   if m[2] == "highest" else
                   _("%(who)s, moved down, meets the lowest-placed player of score group %(s)s they may meet"))
     % {"who": _who(n, m[1]), "s": m[3]}),
    (re.compile(r"(White|Black) (\d+): order (.+)"),
     lambda m, n: _("%(side)s %(who)s: placed by %(key)s") % {"side": _word(m[1]), "who": _who(n, m[2]), "key": m[3]}),
    (re.compile(r"Colours: no history, the higher-placed player takes the initial colour"),
     lambda m, n: _("Colours: no games yet, the higher-placed player takes the initial colour")),
    (re.compile(r"PAB: the lowest-placed player without a bye or a win without playing \(score (\S+)\)"),
     lambda m, n: _("Bye: the lowest-placed player without a bye or a win without playing (score %(score)s)")
     % {"score": m[1]}),
    (re.compile(r"PAB: the (\d+) player\(s\) placed lower could not leave the others pairable"),
     lambda m, n: ngettext("Bye: the player placed lower could not leave the others pairable",
                           "Bye: the %(n)s players placed lower could not leave the others pairable",
                           int(m[1])) % {"n": m[1]}),
    (re.compile(r"PAB: no player without a bye leaves the others pairable \(score (\S+)\)"),
     lambda m, n: _("Bye: no player without a bye leaves the others pairable (score %(score)s)") % {"score": m[1]}),
    (re.compile(r"Moyenne rank (\d+) \((\S+)\) v rank (\d+) \((\S+)\)"),
     lambda m, n: _("Moyenne rank %(a)s (%(sa)s) against rank %(b)s (%(sb)s)") % {
         "a": m[1], "sa": m[2], "b": m[3], "sb": m[4]}),
    (re.compile(r"Requested half-point bye"), lambda m, n: _("Requested half-point bye")),
    (re.compile(r"Requested zero-point bye"), lambda m, n: _("Requested zero-point bye")),
    (re.compile(r"Absent: not paired"), lambda m, n: _("Absent: not paired")),
    (re.compile(r"Absent with notice: not paired"), lambda m, n: _("Absent with notice: not paired")),
    (re.compile(r"Late entry: a bye for a round played before the player joined"),
     lambda m, n: _("Late entry: a bye for a round played before the player joined")),
]


def _swiss_why(why: str) -> str:
    m = re.fullmatch(r"met in round (\d+)", why)
    if m:
        return _("they met in round %(round)s") % {"round": m[1]}
    words = {
        "a prohibited pair": _("a prohibited pair"),
        "both must have the same colour": _("both must have the same colour"),
        "colour preferences": _("more colour preferences met"),
        "keeps the group pairable": _("keeps the rest of the group pairable"),
        "the lowest-placed player of an odd group": _("the lowest-placed player of an odd group"),
        "the top-placed player of an odd group": _("the highest-placed player of an odd group"),
        "the group could not be paired otherwise": _("the group could not be paired otherwise"),
        "the others could not be paired without him": _("the others could not be paired without them"),
        "fewer colour preferences met without him": _("fewer colour preferences met without them"),
        "he floated down last round": _("they moved down last round"),
        "he floated down two rounds ago": _("they moved down two rounds ago"),
    }
    return str(words.get(why, why))


def _keizer_skip(why: str) -> str:
    m = re.fullmatch(r"met in round (\d+), rematch window", why)
    if m:
        return _("met in round %(round)s, within the rematch window") % {"round": m[1]}
    m = re.fullmatch(r"met (\d+) times, the maximum", why)
    if m:
        return _("met %(n)s times already, the maximum") % {"n": m[1]}
    if why == "prohibited pair":
        return _("a prohibited pair")
    if why == "keeps the lower boards pairable":
        return _("keeps the lower boards pairable")
    return why


def is_known(reason: str) -> bool:
    """Whether ``reason`` is one the engines write (a pattern here or a common case)."""
    return any(p.fullmatch(reason) for p, _label in _COMMON) or any(p.fullmatch(reason) for p, _r in _PATTERNS)


def reason_text(reason: str, names: Names) -> str | None:
    """One reason in the active language with the players named; None for a common-case reason."""
    if any(p.fullmatch(reason) for p, _label in _COMMON):
        return None
    for pattern, render in _PATTERNS:
        m = pattern.fullmatch(reason)
        if m:
            return render(m, names)
    return reason


@dataclass(frozen=True)
class BoardWhy:
    """One board's "Why": a short line, and every reason when there is more to say than that line."""

    summary: str = ""
    details: tuple[str, ...] = ()


@dataclass
class RoundWhy:
    """Per board id, its "Why"; ``common``: what holds on every board not saying otherwise."""

    boards: dict[int, BoardWhy] = field(default_factory=dict)
    common: list[str] = field(default_factory=list)


_FLOATER = re.compile(r"(?:White|Black) (\d+): (down|up)floater from score (\S+)")
_NOT_MET = re.compile(r"(?:White|Black) (\d+): colour preference not met .*")
_SHORT_AS_WRITTEN = re.compile(r"Rematch: .*|PAB: odd number .*|Requested .*|Absent.*|Late entry: .*|Berger table .*|"
                               + re.escape(FREE_ROUND_REASON) + r"|Keizer rank .*|Skipped rank .*|Odd player out: .*")


def _summary_parts(reasons: Sequence[str], names: Names) -> list[str]:
    """What an arbiter looks for on a board, each said shortly (their points and strengths are in the
    details): an arbiter's change, who floats (``Floaters: de Vries ↓, N'Diaye ↑``), whose colour wish
    is not met, then rematches, byes and the other systems' one-line reasons."""
    changed = any(r == ARBITER_CHANGE_REASON for r in reasons)
    floats = [f"{_short(names, m[1])} {'↓' if m[2] == 'down' else '↑'}"
              for r in reasons if (m := _FLOATER.fullmatch(r))]
    not_met = [_short(names, m[1]) for r in reasons if (m := _NOT_MET.fullmatch(r))]
    parts = [_("Changed by an arbiter")] if changed else []
    if floats:
        parts.append(_("Floaters: %(names)s") % {"names": ", ".join(floats)})
    if not_met:
        parts.append(_("colour wish not met: %(names)s") % {"names": ", ".join(not_met)})
    parts += [reason_text(r, names) or r for r in reasons if _SHORT_AS_WRITTEN.fullmatch(r)]
    return parts


def board_why(reasons: Sequence[str], names: Names) -> BoardWhy:
    """A board's short line and its reasons (the common case of the round left out of both)."""
    worded = [(r, t) for r in reasons if (t := reason_text(r, names)) is not None]
    details = tuple(t for _r, t in worded)
    # Nothing out of the way: the colour rule says it best, if the round's common case does not.
    parts = (_summary_parts(reasons, names) or [t for r, t in worded if r.startswith("Colours: ")][:1]
             or ([_("Nothing unusual")] if details else []))
    summary = " · ".join(parts)
    if details == (summary,):
        details = ()
    return BoardWhy(summary, details)


def round_why(boards: Sequence[tuple[int, Sequence[str]]], names: Names) -> RoundWhy:
    """The "Why" of a round: ``boards`` as (board id, stored reasons), ``names`` start number -> name."""
    out = RoundWhy()
    seen: list[object] = []
    for board_id, reasons in boards:
        for reason in reasons:
            label = next((label for p, label in _COMMON if p.fullmatch(reason)), None)
            if label is not None and label not in seen:
                seen.append(label)
        out.boards[board_id] = board_why(reasons, names)
    out.common = [str(label) for p, label in _COMMON if label in seen]
    return out
