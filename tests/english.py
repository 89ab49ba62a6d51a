"""Finding English inside a German, Dutch or French page or PDF (issue 24, item 18).

The oracle is the project's own catalog, not a hand-made list: a word is *English only* when the
English source texts (the msgids of ``locale/de/LC_MESSAGES/django.po``) use it and no translation
into German, Dutch or French (the msgstrs of every catalog of the three languages) ever does. "the",
"square", "pending", "waiting" are such words; "open" or "status" are not. A handful of words the
oracle would keep are removed by hand (``NOT_ONLY_ENGLISH``): words that are also German, Dutch or
French ("also", "man", "kind", "main", ...), abbreviations and codes every language prints as they
are (SNo, Avg, wd, FMJD, PDN, TRF, CSV, QR), and proper names ("Swiss (FIDE Dutch)", the language
switcher's "English"). A few English words that
the catalog does not happen to use are added (``ALSO_ENGLISH``: "pending", "bye"); the English words
a language has made its own are not English there (``LOANWORDS``: "bye", "round robin" in Dutch).

Also flagged, in any language: program identifiers shown to people (``board.swap_colours``,
``Create_submission_link``): snake_case words and ``word.word`` codes that are not file names.

Not checked (the documented allow-list): what people typed and the program stores as they typed it
(player, club, tournament and place names, the time control, PDN headers, a correction's reason: the
caller's ``data``), the product's name, the column codes of the CSV format, web addresses, and the
language switcher (``<select name=language>``: "English" is how English calls itself).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import polib
from pypdf import PdfReader

from arbiter.ballots.decks import DECK_NAMES

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("de", "nl", "fr")
WORD = re.compile(r"[A-Za-z][A-Za-z']*[A-Za-z]")
PLACEHOLDERS = re.compile(r"%\([a-z_]+\)[sdf]|\{[a-z_]+\}|<[^>]+>|&[a-z]+;")
# Words of German, Dutch or French the catalog happens not to use, abbreviations and codes, proper names.
NOT_ONLY_ENGLISH = frozenset({
    "also", "will", "man", "kind", "main", "lot", "sort", "been", "over", "door", "rest", "hand", "hat", "die",
    "was", "war", "fast", "art", "elf", "bad", "list", "so", "an", "in", "am", "plain", "sure", "stay", "are",
    "made", "mist", "gift", "rat", "tag", "bald", "pas", "son", "ton", "plus", "net", "room", "wet", "want",
    "even", "tot", "bed", "hier", "sag", "sale", "sang", "pain", "vent", "stand", "rang", "lead", "sno", "avg",
    "opp", "wd", "fed", "elo", "fmjd", "pdn", "trf", "csv", "pdf", "qr", "id", "ok", "test",
    # Tie-break codes every language prints as they are (FIDE C.07 WON, ARO; the settings list them all).
    "won", "aro",
    # Proper names: the FIDE "Dutch" system, and the languages as the switcher names them.
    "swiss", "dutch", "english", "german", "french",
})
ALSO_ENGLISH = frozenset({"pending", "bye", "byes", "wins", "square", "squares", "free", "none", "round", "rounds",
                          "white", "black"})
# English words a language has made its own: Dutch draughts players say "bye" and "round robin".
LOANWORDS = {"nl": re.compile(r"\b(?:round[ -]robin\w*|byes?)\b", re.IGNORECASE)}
FILE_SUFFIXES = ("pdf", "pdn", "csv", "trf", "zip", "txt", "png", "svg", "html", "org", "com", "net", "xlsx")
IDENTIFIER = re.compile(r"\b[A-Za-z]+_[A-Za-z_]+\b|\b[a-z]{3,}\.[a-z_]{3,}\b")
# A seed or a digest (the opening draw's seed is random: "99add5b9..." is no English "add").
HEX = re.compile(r"\b[0-9a-f]{8,}\b")
URL = re.compile(r"\b(?:https?://|www\.)\S+|/[a-z0-9/_.-]+/")


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDERS.sub(" ", text))}


@cache
def english_only(lang: str) -> frozenset[str]:
    """The words English texts use and no German, Dutch or French translation does (see above)."""
    english: set[str] = set()
    translated: set[str] = set()
    for code in LANGS:
        for path in sorted((ROOT / "locale" / code / "LC_MESSAGES").glob("*.po")):
            for entry in polib.pofile(str(path)):
                for text in (entry.msgstr, *entry.msgstr_plural.values()):
                    translated |= _words(text)
                english |= _words(entry.msgid) | _words(entry.msgid_plural or "")
    return frozenset((english - translated - NOT_ONLY_ENGLISH) | ALSO_ENGLISH)


def _strip_data(text: str, data: Iterable[str]) -> str:
    text = URL.sub(" ", text)
    for value in data:
        if value:
            text = text.replace(value, " ")
    return text


def identifiers(text: str) -> list[str]:
    """Program identifiers in ``text`` (``board.swap_colours``, ``Create_submission_link``)."""
    return [m for m in IDENTIFIER.findall(URL.sub(" ", text)) if not m.lower().endswith(FILE_SUFFIXES)]


def english_in(texts: Iterable[str], lang: str, data: Iterable[str] = ()) -> list[str]:
    """The texts (stripped of ``data``) holding an English-only word or a program identifier, each
    with what gave it away: ``"Bars: score after each round  [after, bars, each, round, score]"``."""
    vocabulary = english_only(lang)
    # The decks' names are identifiers (``python -m arbiter ballots english-3move``), printed as they are.
    values = sorted({d for d in data if d} | set(DECK_NAMES), key=len, reverse=True)
    found = []
    for text in dict.fromkeys(t.strip() for t in texts if t.strip()):
        rest = HEX.sub(" ", _strip_data(text, values))
        if lang in LOANWORDS:
            rest = LOANWORDS[lang].sub(" ", rest)
        hits = sorted(_words(rest) & vocabulary) + identifiers(rest)
        if hits:
            found.append(f"{text[:200]}  {hits}")
    return found


class VisibleText(HTMLParser):
    """The texts a person reads or hears on an HTML page: text nodes and the attributes shown or
    spoken (title, placeholder, aria-label, alt, a button's value). Scripts, styles and the language
    switcher (``<select name=language>``) are left out; ``links`` collects the page's links."""

    SPOKEN = ("title", "placeholder", "aria-label", "alt", "data-confirm")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.links: list[str] = []
        self._skip: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag in ("script", "style", "template") or (tag == "select" and a.get("name") == "language"):
            self._skip.append(tag)
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if self._skip:
            return
        self.texts += [a[k] for k in self.SPOKEN if a.get(k)]
        if tag == "input" and a.get("type") in ("submit", "button") and a.get("value"):
            self.texts.append(a["value"])

    def handle_endtag(self, tag: str) -> None:
        if self._skip and self._skip[-1] == tag:
            self._skip.pop()

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.texts.append(data.strip())


def page_texts(html: str) -> VisibleText:
    parser = VisibleText()
    parser.feed(html)
    parser.close()
    return parser


def pdf_texts(data: bytes) -> list[str]:
    """The lines of a PDF's text (pypdf)."""
    return [line for page in PdfReader(io.BytesIO(data)).pages for line in page.extract_text().splitlines()]
