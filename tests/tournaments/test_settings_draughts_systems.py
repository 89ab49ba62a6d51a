"""Issue 26, settings: the arbiter chooses each new pairing system and its options from the registry,
the tie-break order from the registry (a named event type or the codes listed), and the draughts
result rules. Every change is audited."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def _post(client, tournament, **changes):
    url = reverse("tournaments:settings", args=[tournament.slug])
    form = client.get(url).context["form"]
    data = {**{k: v for k, v in form.initial.items() if v is not None}, **changes}
    return client.post(url, data)


def test_the_new_systems_are_offered_and_their_options_saved(tournament, login, chief_arbiter):
    """Solkoff, rating, resistance and Moyenne are choices of the system field; once Solkoff is saved
    the page shows its variant, and "median" is stored as the one option that differs from the default
    (full truncated). Resistance then takes "adjacent", Moyenne its minimum of games."""
    client = login(chief_arbiter)
    url = reverse("tournaments:settings", args=[tournament.slug])
    choices = dict(client.get(url).context["form"].fields["pairing_system"].choices)
    assert {"solkoff", "rating", "resistance", "moyenne", "keizer"} <= set(choices)
    assert _post(client, tournament, pairing_system="solkoff").status_code == 302
    page = client.get(url).content.decode()
    assert "Solkoff variant (pairing order and final ranking)" in page
    assert _post(client, tournament, option_solkoff_variant="median").status_code == 302
    tournament.refresh_from_db()
    assert (tournament.pairing_system, tournament.system_options) == ("solkoff", {"solkoff_variant": "median"})
    _post(client, tournament, pairing_system="resistance")
    assert _post(client, tournament, option_adjacent="on").status_code == 302
    tournament.refresh_from_db()
    assert tournament.system_options == {"adjacent": True}
    _post(client, tournament, pairing_system="moyenne")
    assert _post(client, tournament, option_min_games="3").status_code == 302
    tournament.refresh_from_db()
    assert tournament.system_options == {"min_games": 3}
    assert AuditEntry.objects.filter(action="tournament.update").count() == 6


def test_a_named_tie_break_order_fills_the_order_and_the_codes_are_listed(tournament, login, chief_arbiter):
    """The KNDB championship order is PMD, DE, RRO (tournaments.standings.tiebreaks.PRESETS): chosen
    by name it replaces the order; the page lists every tie-break of the registry a Swiss may use
    (SOLK/T among them), a round robin's list leaves out the Buchholz-type ones."""
    client = login(chief_arbiter)
    url = reverse("tournaments:settings", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert "<code>SOLK/T</code> Full truncated Solkoff" in page and "<code>PMD</code>" in page
    assert _post(client, tournament, tiebreak_preset="kndb").status_code == 302
    tournament.refresh_from_db()
    assert tournament.tiebreaks == "PMD,DE,RRO"
    assert "tiebreaks=PMD,DE,RRO" in AuditEntry.objects.get(action="tournament.update").after
    assert _post(client, tournament, tiebreak_preset="default").status_code == 302
    tournament.refresh_from_db()
    assert tournament.tiebreaks == ""
    _post(client, tournament, pairing_system="berger")
    form = client.get(url).context["form"]
    codes = [code for code, _name, _desc in form.available_tiebreaks()]
    assert "SOLK/T" not in codes and "PMD" in codes and "DE" in codes
    assert "fmjd_solkoff" not in dict(form.fields["tiebreak_preset"].choices)


def test_the_draughts_result_rules_are_settings(tournament, login, chief_arbiter):
    client = login(chief_arbiter)
    assert _post(client, tournament, draw_offer_min_move="40", early_draw_scores_zero="on",
                 default_time_minutes="30", annul_early_withdrawals="on").status_code == 302
    tournament.refresh_from_db()
    assert (tournament.draw_offer_min_move, tournament.early_draw_scores_zero, tournament.default_time_minutes,
            tournament.annul_early_withdrawals) == (40, True, 30, True)


def test_the_play_off_places_are_whole_numbers(tournament, login, chief_arbiter):
    client = login(chief_arbiter)
    response = _post(client, tournament, playoff_places="1, top")
    assert response.status_code == 200
    assert "whole numbers from 1 separated by commas" in " ".join(response.context["form"].errors["playoff_places"])
    assert _post(client, tournament, playoff_places="1,2").status_code == 302
    tournament.refresh_from_db()
    assert tournament.playoff_places == "1,2"


def test_keizer_takes_the_toernooimanager_settings_on_the_page(tournament, login, chief_arbiter):
    """The Keizer options of the registry, each a field in words: value of number one, decay step,
    recalculation passes, fractions for an absence with notice, a long absence and the bye, whether
    the own value counts, rounds between rematches and most meetings. Saved: only what differs."""
    client = login(chief_arbiter)
    _post(client, tournament, pairing_system="keizer")
    page = client.get(reverse("tournaments:settings", args=[tournament.slug])).content.decode()
    for label in ("Value of the top player", "Value step per place", "Recalculation passes",
                  "An absence with notice earns (part of the own value)",
                  "A long absence earns (part of the own value)",
                  "The odd player out earns (part of the own value)", "Add the player&#x27;s own value once",
                  "No rematch within this many rounds", "At most this many meetings of two players (empty: no limit)"):
        assert label in page, label
    assert _post(client, tournament, option_iterations="5").status_code == 302
    tournament.refresh_from_db()
    assert tournament.system_options == {"iterations": 5}
