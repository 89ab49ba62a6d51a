"""The arbiter's pages lead to the games pages: results, submission links, PDN import and export."""

from django.urls import reverse


def test_the_arbiter_overview_links_results_links_import_and_pdn_export(login, arbiter, tournament):
    page = login(arbiter).get(reverse("tournaments:manage", args=[tournament.slug])).content.decode()
    for name in ("games:results", "games:links", "games:import", "games:export_tournament"):
        assert f'href="{reverse(name, args=[tournament.slug])}"' in page, name
