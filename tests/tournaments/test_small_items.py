"""Issue 24, item 24 (the small ones): the create form asks the name first and makes the address
from it, its help shows the address (it rendered "/t//": "<this>" read as an HTML tag); one
federation code system (ISO "DEU" becomes "GER" whatever brings it in); one line per player on
the players page; plurals instead of "1 Partie(n)"; blocking messages name the players."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.english import page_texts
from tournaments import federations
from tournaments.models import Entry, Tournament
from tournaments.services.csv_import import import_players_csv

pytestmark = pytest.mark.django_db

CREATE = {"pairing_system": "dutch", "rounds_planned": 7, "rule_profile": "international"}


def test_the_create_form_asks_the_name_first_and_shows_the_address(login, staff):
    body = login(staff).get(reverse("tournaments:create")).content.decode()
    assert body.index('name="name"') < body.index('name="slug"')
    shown = " ".join(page_texts(body).texts)
    assert "/t/amersfoort-open-2026/" in shown and "/t//" not in shown and "<this>" not in body


@pytest.mark.parametrize(("name", "slug"), [
    ("Winter Open 2026", "winter-open-2026"),
    ("Open d'hiver de Lyon", "open-dhiver-de-lyon"),
    ("Кубок Москвы", "tournament"),  # no Latin letter to make an address from
    ("New", "new-tournament"),  # /t/new/ is the create page itself
])
def test_the_address_is_made_from_the_name(login, staff, name, slug):
    response = login(staff).post(reverse("tournaments:create"), {"name": name, "slug": "", **CREATE})
    assert response.status_code == 302 and response["Location"] == reverse("tournaments:manage", args=[slug])
    assert Tournament.objects.get(slug=slug).name == name


def test_a_taken_address_gets_a_number_and_a_written_one_is_kept(login, staff, make_tournament):
    make_tournament("winter-open")
    client = login(staff)
    client.post(reverse("tournaments:create"), {"name": "Winter Open", **CREATE})
    assert Tournament.objects.filter(slug="winter-open-2", name="Winter Open").exists()
    client.post(reverse("tournaments:create"), {"name": "Winter Open", "slug": "wo26", **CREATE})
    assert Tournament.objects.filter(slug="wo26").exists()


@pytest.mark.parametrize(("typed", "stored"), [("DEU", "GER"), ("nld", "NED"), ("CHE", "SUI"), ("GER", "GER"),
                                               ("FRA", "FRA"), ("XYZ", "XYZ"), ("", "")])
def test_one_federation_code_system(typed, stored):
    assert federations.normalise(typed) == stored


def test_iso_codes_become_federation_codes_in_every_way_in(login, staff, tournament, chief_arbiter):
    client = login(staff)
    client.post(reverse("tournaments:create"), {"name": "Bundesliga", "federation": "DEU", **CREATE})
    assert Tournament.objects.get(slug="bundesliga").federation == "GER"
    report = import_players_csv(chief_arbiter, tournament, b"name;federation\nMeier, Max;DEU\nJansen, Jan;NLD\n")
    assert not report.rejected
    assert sorted(Entry.objects.filter(tournament=tournament).values_list("player__federation", flat=True)) == [
        "GER", "NED"]


def test_each_player_takes_one_line_on_the_players_page(login, chief_arbiter, tournament, entries):
    body = login(chief_arbiter).get(reverse("tournaments:players", args=[tournament.slug])).content.decode()
    rows = body.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    unlinked = [r for r in rows if "Иванов" in r]  # the one entry without an account
    assert unlinked and '<details class="account-actions"><summary>No account</summary>' in unlinked[0]
    assert unlinked[0].index("<summary>") < unlinked[0].index('value="link_account"')  # the forms open on demand


def test_finishing_a_round_names_the_game_in_the_singular_in_german(login, chief_arbiter, tournament,
                                                                   published_round, set_result):
    set_result(published_round.boards.get(number=1), "2-0")
    response = login(chief_arbiter).post(reverse("tournaments:finish_round", args=[tournament.slug, 1]),
                                         follow=True, headers={"accept-language": "de"})
    body = response.content.decode()
    assert "1 Partie hat kein bestätigtes Ergebnis" in body and "Partie(n)" not in body
    assert "Brett 2: Lefèvre, Amélie (3) – Иванов, Сергей (4) hat kein bestätigtes Ergebnis." in body
