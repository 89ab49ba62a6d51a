"""Languages: the switcher, German/Dutch/French pages, localised dates, sound catalogs."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("de", "nl", "fr")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[-+ #0]*\d*[sdfr]|\{[a-z_]+\}")

pytestmark = pytest.mark.django_db


def _switch(client, language):
    return client.post(reverse("set_language"), {"language": language, "next": "/"}, follow=True)


def test_switching_to_german_shows_a_german_interface(client, tournament):
    body = _switch(client, "de").content.decode()
    assert '<html lang="de">' in body
    assert "Öffentliche Turniere" in body  # "Public tournaments"
    assert "Anmelden" in body  # "Log in"
    assert "Public tournaments" not in body


@pytest.mark.parametrize(
    ("language", "heading", "date"),
    [
        ("en", "Public tournaments", "11/20/2026"),
        ("de", "Öffentliche Turniere", "20.11.2026"),
        ("nl", "Openbare toernooien", "20-11-2026"),
        ("fr", "Tournois publics", "20/11/2026"),
    ],
)
def test_each_language_has_its_words_and_date_format(client, tournament, language, heading, date):
    body = _switch(client, language).content.decode()
    assert heading in body
    assert date in body  # the tournament's start date, 20 November 2026, in the local short format


def test_the_language_switcher_offers_all_four_languages(client):
    body = client.get("/").content.decode()
    for code, name in (("en", "English"), ("de", "Deutsch"), ("nl", "Nederlands"), ("fr", "Français")):
        assert f'<option value="{code}"' in body and name in body


def test_the_login_page_is_german_after_switching(client):
    _switch(client, "de")
    body = client.get(reverse("login")).content.decode()
    assert "Benutzername" in body and "Passwort" in body  # Django's own catalog for the form labels


def test_a_staff_member_sees_the_status_page_in_french(login, staff):
    client = login(staff)
    _switch(client, "fr")
    body = client.get(reverse("status")).content.decode()
    assert "État du système" in body and "Base de données" in body


def test_arbiter_pages_are_translated(login, chief_arbiter, tournament):
    client = login(chief_arbiter)
    _switch(client, "nl")
    body = client.get(reverse("tournament_arbiters", args=[tournament.slug])).content.decode()
    assert "Arbiter aanstellen" in body and "Hoofdarbiter" in body


@pytest.mark.parametrize("language", LANGS)
def test_catalog_translations_keep_every_placeholder(language):
    po = polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))
    wrong = []
    for entry in po.translated_entries():
        if entry.msgid_plural:
            pairs = [(entry.msgid_plural, text) for text in entry.msgstr_plural.values()]
        else:
            pairs = [(entry.msgid, entry.msgstr)]
        for source, text in pairs:
            if sorted(set(PLACEHOLDER.findall(source))) != sorted(set(PLACEHOLDER.findall(text))):
                wrong.append((source, text))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("language", LANGS)
def test_catalogs_are_nearly_complete(language):
    po = polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))
    # Strings added after the last translation pass may wait for the next one, but not many.
    assert po.percent_translated() >= 90, f"{language}: {po.percent_translated()}% translated"
    assert po.metadata["Language"] == language


def test_french_names_a_teams_board_points_by_one_term():
    """A team's board points are "points de partie" in French (the term of French team chess and draughts,
    and of most of the catalogs); "points de table" named the same thing in a few messages. Every French
    message about board points says "points de partie", none "points de table"."""
    other, missing = [], []
    for path in sorted((ROOT / "locale" / "fr" / "LC_MESSAGES").glob("*.po")):
        for entry in polib.pofile(str(path)).translated_entries():
            texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
            for text in texts:
                if "points de table" in text.lower():
                    other.append((path.name, text))
                if "board points" in entry.msgid.lower() and "points de partie" not in text.lower():
                    missing.append((path.name, entry.msgid, text))
    assert other == [] and missing == [], (other, missing)
