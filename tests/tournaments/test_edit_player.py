"""Issue 12: an arbiter edits a player and removes one who never played; after "Register" the cursor
is back in the name field. Edits in one tournament never change another (issue 14.1's rule)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.models import AuditEntry, Entry, Player, Tournament

pytestmark = pytest.mark.django_db


def edit_url(t, entry):
    return reverse("tournaments:edit_player", args=[t.slug, entry.pk])


FORM = {"name": "Jansen, Pieter", "title": "MF", "federation": "NED", "club": "DC Utrecht", "fmjd_id": "",
        "national_id": "", "rating": "1480", "birth_year": "1990"}


def test_the_arbiter_corrects_a_player_and_the_audit_says_what_changed(login, arbiter, tournament, entries):
    client = login(arbiter)
    entry = entries[0]
    page = client.get(edit_url(tournament, entry)).content.decode()
    assert 'value="Jansen, Piet"' in page and 'value="1450"' in page
    response = client.post(edit_url(tournament, entry), FORM)
    assert response.status_code == 302
    entry.refresh_from_db()
    assert (entry.name, entry.title, entry.club, entry.rating) == (
        "Jansen, Pieter", "MF", "DC Utrecht", 1480)
    audit = AuditEntry.objects.get(action="entry.edit")
    assert "name=Jansen, Piet" in audit.before and "name=Jansen, Pieter" in audit.after
    assert "rating=1450" in audit.before and "rating=1480" in audit.after
    assert "federation" not in audit.after or "federation=NED" in audit.after


def test_an_edit_never_changes_the_player_in_another_tournament(login, arbiter, tournament, other_tournament, entries):
    """Issue 23: the details belong to each tournament's entry; the player row (the identity that ties the
    person's entries together) is not touched, so the other tournament shows what it showed."""
    shared = entries[0].player
    elsewhere = Entry.objects.create(tournament=other_tournament, player=shared, start_number=1)
    before = Tournament.objects.get(pk=other_tournament.pk).version
    login(arbiter).post(edit_url(tournament, entries[0]), FORM)
    elsewhere.refresh_from_db()
    entries[0].refresh_from_db()
    assert (elsewhere.name, elsewhere.title, elsewhere.rating) == ("Jansen, Piet", "", 1450)
    assert (entries[0].name, entries[0].title, entries[0].rating) == ("Jansen, Pieter", "MF", 1480)
    assert elsewhere.player_id == entries[0].player_id  # still one person across events
    assert Player.objects.get(pk=shared.pk).name == "Jansen, Piet"
    assert Tournament.objects.get(pk=other_tournament.pk).version == before  # its pages did not change
    assert not AuditEntry.objects.filter(tournament=other_tournament).exists()


def test_an_edit_cannot_make_two_players_one(login, arbiter, tournament, entries):
    response = login(arbiter).post(edit_url(tournament, entries[0]), {**FORM, "name": "Müller, Jürgen"}, follow=True)
    assert "Müller, Jürgen is already registered." in response.content.decode()
    entries[0].refresh_from_db()
    assert entries[0].name == "Jansen, Piet"


def test_a_player_who_never_played_is_removed_and_the_numbers_close_up(login, arbiter, tournament, entries):
    client = login(arbiter)
    url = reverse("tournaments:delete_player", args=[tournament.slug, entries[1].pk])
    assert client.post(url).status_code == 302 and Entry.objects.filter(pk=entries[1].pk).exists()  # unconfirmed
    client.post(url, {"confirm": "yes"})
    assert not Entry.objects.filter(pk=entries[1].pk).exists()
    assert not Player.objects.filter(name="Müller, Jürgen").exists()
    numbers = list(Entry.objects.filter(tournament=tournament).order_by("start_number")
                   .values_list("player__name", "start_number"))
    assert numbers == [("Jansen, Piet", 1), ("Lefèvre, Amélie", 2), ("Иванов, Сергей", 3)]
    assert AuditEntry.objects.filter(action="entry.delete", before__contains="Müller, Jürgen").exists()


def test_a_player_on_a_board_is_never_removed(login, arbiter, tournament, entries, published_round):
    client = login(arbiter)
    page = client.get(edit_url(tournament, entries[0])).content.decode()
    assert "withdraw the player instead" in page and 'name="confirm"' not in page
    response = client.post(reverse("tournaments:delete_player", args=[tournament.slug, entries[0].pk]),
                           {"confirm": "yes"}, follow=True)
    assert "is on a board already" in response.content.decode()
    assert Entry.objects.filter(pk=entries[0].pk).exists()


def test_after_register_the_cursor_is_back_in_the_name_field(login, arbiter, tournament):
    client = login(arbiter)
    response = client.post(reverse("tournaments:players", args=[tournament.slug]),
                           {"name": "Nieuw, Nel", "rating": "", "birth_year": ""})
    # No fragment: a URL fragment makes browsers skip autofocus (issue 24, item 21).
    assert response.status_code == 302 and response["Location"].endswith("?next=player")
    page = client.get(response["Location"]).content.decode()
    (name_input,) = re.findall(r'<input[^>]*name="name"[^>]*>', page)
    assert "autofocus" in name_input
    assert "autofocus" not in client.get(reverse("tournaments:players", args=[tournament.slug])).content.decode()


def test_the_overview_links_both_trf_downloads(login, arbiter, tournament, entries):
    """Issue 12: the template looped over ``trf_flavours``, which the view never set: no links."""
    page = login(arbiter).get(reverse("tournaments:manage", args=[tournament.slug])).content.decode()
    for flavour, label in (("trf26", "TRF26"), ("trf16", "TRF16")):
        url = reverse("tournaments:export_trf", args=[tournament.slug, flavour])
        assert f'href="{url}" download>{label}</a>' in page
        assert login(arbiter).get(url)["Content-Disposition"].endswith(f'-{flavour}.trf"')


@pytest.mark.parametrize(("typed", "stored", "error"), [
    ("ned", "NED", None), (" fra ", "FRA", None), ("SUR", "SUR", None), ("", "", None),
    ("NEDE", None, "at most 3 characters"), ("N1D", None, "is not a three-letter federation code"),
])
def test_the_federation_is_a_three_letter_code_never_cut(login, arbiter, tournament, entries, typed, stored, error):
    """Issue 12: "Netherlands" became "Net"; now it is refused with the value named."""
    response = login(arbiter).post(edit_url(tournament, entries[0]), {**FORM, "federation": typed})
    entries[0].refresh_from_db()
    if error is None:
        assert response.status_code == 302 and entries[0].federation == stored
    else:
        assert response.status_code == 200 and error in response.content.decode()
        assert entries[0].federation == "NED"  # unchanged


def test_the_federation_box_offers_the_known_codes(login, arbiter, tournament):
    page = login(arbiter).get(reverse("tournaments:players", args=[tournament.slug])).content.decode()
    assert 'list="federations"' in page and '<option value="NED">Netherlands</option>' in page
