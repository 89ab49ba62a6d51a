"""Every date, time and number input round-trips in every language (issue 12, defect 1).

The test posts a form back the way a browser does: it reads the rendered inputs, and an input of
type date, time or number whose value the browser cannot show (``04.09.2026``, ``2,0``) is posted
empty, as a real browser would. Saving the settings unchanged must change nothing stored.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.forms.models import model_to_dict
from django.urls import reverse

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

# What a browser accepts as the value of these input types (HTML living standard).
VALID = {
    "date": re.compile(r"^\d{4}-\d{2}-\d{2}$"),
    "time": re.compile(r"^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$"),
    "number": re.compile(r"^-?\d+(\.\d+)?([eE][-+]?\d+)?$"),
}


class FormReader(HTMLParser):
    """The fields a browser would post from the first form that has a ``name`` input (no JS)."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self.typed: dict[str, str] = {}
        self._select: str | None = None
        self._textarea: str | None = None
        self._selected_seen = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        name = a.get("name", "")
        if tag == "input" and name and name != "csrfmiddlewaretoken":
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.fields[name] = a.get("value", "on")
                return
            if kind in ("submit", "button"):
                return
            value = a.get("value", "")
            self.typed[name] = kind
            if kind in VALID and value and not VALID[kind].match(value):
                value = ""  # the browser cannot show it, so it posts nothing
            self.fields[name] = value
        elif tag == "select" and name:
            self._select, self._selected_seen = name, False
        elif tag == "option" and self._select:
            if "selected" in a or (self._select not in self.fields):
                self.fields[self._select] = a.get("value", "")
        elif tag == "textarea" and name:
            self._textarea = name
            self.fields[name] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.fields[self._textarea] += data


def _stored(t: Tournament) -> dict[str, object]:
    t.refresh_from_db()
    data = model_to_dict(t)
    data.pop("version", None)
    return data


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_saving_the_settings_unchanged_changes_nothing_in_any_language(client, tournament, chief_arbiter, language):
    tournament.start_date = datetime.date(2026, 9, 4)
    tournament.end_date = datetime.date(2026, 9, 6)
    tournament.points_half_bye = Decimal("1.5")
    tournament.save()
    before = _stored(tournament)
    client.force_login(chief_arbiter)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = reverse("tournaments:settings", args=[tournament.slug])
    page = client.get(url)
    assert page.status_code == 200
    form = FormReader()
    form.feed(page.content.decode())
    assert form.typed.get("start_date") == "date"  # a real date picker
    assert form.fields["start_date"] == "2026-09-04", form.fields["start_date"]
    response = client.post(url, form.fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert _stored(tournament) == before
