"""Public pages: open to anonymous visitors, switchable per tournament, never showing drafts."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.versions import changed
from tournaments.models import Round

PAGES = {
    "public_standings": ("public:standings", "public:standings_live"),
    "public_pairings": ("public:pairings", "public:round_live"),
    "public_crosstable": ("public:crosstable",),
    "public_players": ("public:player",),
}


def url(name, t):
    if name == "public:player":
        return reverse(name, args=[t.slug, 1])
    if name == "public:round_live":
        return reverse(name, args=[t.slug, 1])
    return reverse(name, args=[t.slug])


def test_anonymous_visitor_sees_every_public_page(client, tournament, two_rounds):
    for names in PAGES.values():
        for name in names:
            assert client.get(url(name, tournament)).status_code == 200, name
    assert client.get(reverse("public:tournament", args=[tournament.slug])).status_code == 200
    assert client.get(reverse("public:projector", args=[tournament.slug])).status_code == 200


@pytest.mark.parametrize("flag", list(PAGES))
def test_page_switched_off_is_a_404(client, tournament, two_rounds, flag):
    setattr(tournament, flag, False)
    tournament.save()
    changed(tournament)
    for name in PAGES[flag]:
        assert client.get(url(name, tournament)).status_code == 404, name


def test_unknown_tournament_is_a_404(client, db):
    assert client.get(reverse("public:standings", args=["no-such"])).status_code == 404


def test_list_shows_listed_tournaments_only(client, tournament, other_tournament):
    other_tournament.is_public = False
    other_tournament.save()
    changed(other_tournament)
    html = client.get(reverse("public:list")).content.decode()
    assert "Club Open" in html and "Other Open" not in html


def test_unlisted_tournament_stays_reachable_by_its_link_but_asks_search_engines_not_to_index(
    client, tournament, two_rounds
):
    page = reverse("public:standings", args=[tournament.slug])
    assert 'name="robots"' not in client.get(page).content.decode()
    tournament.is_public = False
    tournament.save()
    changed(tournament)
    for name in ("public:tournament", "public:standings", "public:crosstable", "public:pairings"):
        response = client.get(reverse(name, args=[tournament.slug]))
        assert response.status_code == 200, name
        assert '<meta name="robots" content="noindex">' in response.content.decode(), name
    assert tournament.name not in client.get(reverse("public:list")).content.decode()


def test_tournament_page_shows_facts_chief_arbiter_and_rating_histogram(client, tournament, chief_arbiter, two_rounds):
    html = client.get(reverse("public:tournament", args=[tournament.slug])).content.decode()
    assert "Utrecht" in html and "Clara Chef" in html
    assert "<svg" in html and "Rating distribution: 4 rated" in html
    assert "BH/C1" in html


def test_draft_round_is_hidden_everywhere(client, tournament, two_rounds, play):
    a, b, c, d = two_rounds
    play(tournament, 3, [(a, c, "2-0"), (b, d, "2-0")], status=Round.Status.DRAFT)
    assert client.get(reverse("public:round", args=[tournament.slug, 3])).status_code == 404
    assert client.get(reverse("public:round_live", args=[tournament.slug, 3])).status_code == 404
    pairings = client.get(reverse("public:pairings", args=[tournament.slug])).content.decode()
    assert "Round 2" in pairings and "Round 3" not in pairings
    cross = client.get(reverse("public:crosstable", args=[tournament.slug])).content.decode()
    assert "3b0" not in cross and "after round 2" in cross
    home = client.get(reverse("public:tournament", args=[tournament.slug])).content.decode()
    assert reverse("public:round", args=[tournament.slug, 3]) not in home


def test_round_page_shows_results_points_before_and_game_links(client, tournament, two_rounds):
    html = client.get(reverse("public:round", args=[tournament.slug, 2])).content.decode()
    assert "Иванов, Сергей" in html and "0-2" in html
    from games.models import Game

    game = Game.objects.get(board__round__number=2, board__number=1)
    assert reverse("games:view", args=[game.pk]) in html


def test_tiebreak_values_on_the_standings_page_match_the_pure_module(client, tournament, two_rounds):
    from tournaments.reports.formatting import tiebreak_text
    from tournaments.reports.standings import standings_for

    html = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    html = re.sub(r">\s+<", "><", html)
    for row in standings_for(tournament).rows:
        cells = "".join(f'<td class="num">{tiebreak_text(v)}</td>' for v in row.tiebreaks.values())
        assert cells in html, row.name
    # Rank order on the page.
    assert html.index("Jansen, Piet") < html.index("Müller, Jürgen") < html.index("Иванов, Сергей") < html.index(
        "Lefèvre, Amélie"
    )


def test_standings_sort_by_a_column(client, tournament, two_rounds):
    html = client.get(reverse("public:standings", args=[tournament.slug]) + "?sort=-tb3").content.decode()
    body = html[html.index("<tbody") :]
    # SB: Jansen 6, Müller 2, then 1 and 1.
    assert body.index("Jansen") < body.index("Müller") < body.index("Lefèvre")


def test_standings_export_csv_and_xlsx(client, tournament, two_rounds):
    csv = client.get(reverse("public:standings", args=[tournament.slug]) + "?_export=csv")
    assert csv["Content-Type"].startswith("text/csv")
    text = csv.content.decode()
    lines = text.strip().splitlines()
    assert "BH/C1" in lines[0] and "Pts" in lines[0]
    assert "Jansen, Piet" in lines[1] and "Lefèvre, Amélie" in lines[4]
    assert "<a" not in text
    xlsx = client.get(reverse("public:standings", args=[tournament.slug]) + "?_export=xlsx")
    assert xlsx.status_code == 200 and xlsx.content[:2] == b"PK"
    assert client.get(reverse("public:standings", args=[tournament.slug]) + "?_export=exe").status_code == 404


def test_crosstable_cells_follow_the_wall_chart_conventions(client, tournament, entries, play):
    a, b, c, d = entries
    play(tournament, 1, [(a, b, "2-0"), (c, d, "+-")])
    play(tournament, 2, [(d, a, "1-1")], byes=[b])
    html = client.get(reverse("public:crosstable", args=[tournament.slug])).content.decode()
    for cell in ("2w2", "4b1", "1b0", "+4", "-3", "bye 2", "1w1", "—"):
        assert f">{cell}</td>" in html, cell


def test_round_robin_grid_and_double_round_robin_subcells(client, tournament, entries, play):
    a, b, c, d = entries
    tournament.pairing_system = "berger_double"
    tournament.rounds_planned = 6
    tournament.save()
    changed(tournament)
    play(tournament, 1, [(a, b, "2-0"), (c, d, "1-1")])
    play(tournament, 4, [(b, a, "1-1"), (d, c, "-+")])
    html = client.get(reverse("public:crosstable", args=[tournament.slug])).content.decode()
    assert 'class="crosstable grid double"' in html
    assert '<span class="sub">2</span><span class="sub">1</span>' in html  # Jansen v Müller: 2, then 1
    assert '<span class="sub">1</span><span class="sub">+</span>' in html  # Lefèvre v Иванов: draw, forfeit win
    assert 'class="cell self"' in html


def test_player_page_shows_rounds_performance_and_chart(client, tournament, two_rounds):
    html = client.get(reverse("public:player", args=[tournament.slug, 4])).content.decode()
    assert "Иванов, Сергей" in html
    assert "3b1" in html and "1w0" in html
    assert "<svg" in html and "Score and rank by round" in html
    assert client.get(reverse("public:player", args=[tournament.slug, 99])).status_code == 404


def test_projector_cycles_pairings_and_standings_full_screen(client, tournament, two_rounds):
    html = client.get(reverse("public:projector", args=[tournament.slug])).content.decode()
    assert html.count('class="slide pairings"') == 1 and html.count('class="slide standings"') == 1
    assert 'js/projector.js' in html and 'data-seconds="12"' in html
    # The slides follow the results through live.js: a conditional poll every few seconds (issue 30).
    live = reverse("public:projector_live", args=[tournament.slug])
    assert f'data-live-url="{live}" data-live-seconds="3"' in html and "js/live.js" in html
    tournament.refresh_from_db()
    assert f'data-live-version="{tournament.version}"' in html
    assert "site-header" not in html  # no navigation on the hall screen


def test_crosstable_shows_pending_games_without_points(client, tournament, entries, play):
    a, b, c, d = entries
    play(tournament, 1, [(a, b, "2-0"), (c, d, ("pending", "2-0"))])
    html = client.get(reverse("public:crosstable", args=[tournament.slug])).content.decode()
    assert '<td class="cell pending">4w</td>' in html and '<td class="cell pending">3b</td>' in html
    assert ">4w2<" not in html  # the pending result is not counted


def test_projector_respects_the_switches(client, tournament, two_rounds):
    tournament.public_standings = False
    tournament.save()
    changed(tournament)
    html = client.get(reverse("public:projector", args=[tournament.slug])).content.decode()
    assert 'class="slide pairings"' in html and 'class="slide standings"' not in html
    tournament.public_pairings = False
    tournament.save()
    changed(tournament)
    assert client.get(reverse("public:projector", args=[tournament.slug])).status_code == 404
    assert client.get(reverse("public:projector_live", args=[tournament.slug])).status_code == 404


def test_game_links_disappear_when_games_are_not_public(client, tournament, two_rounds):
    from games.models import Game

    game = Game.objects.get(board__round__number=2, board__number=1)
    link = reverse("games:view", args=[game.pk])
    assert link in client.get(reverse("public:player", args=[tournament.slug, 1])).content.decode()
    tournament.public_games = False
    tournament.save()
    changed(tournament)
    assert link not in client.get(reverse("public:player", args=[tournament.slug, 1])).content.decode()
    assert link not in client.get(reverse("public:round", args=[tournament.slug, 2])).content.decode()


def test_standings_page_says_how_many_results_are_still_pending(client, tournament, entries, play):
    a, b, c, d = entries
    play(tournament, 1, [(a, b, "2-0"), (c, d, ("pending", "2-0"))])
    html = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    assert "1 game is still waiting for a confirmed result" in html
