"""The C.07 edition of a stored tournament, the ties explained on the public page, rank changes."""

from __future__ import annotations

import datetime
import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone, translation

from tournaments.audit import AuditEntry
from tournaments.reports.standings import standings_for

NO_JS = "<script"  # the ties must open without JavaScript: plain <details>


@pytest.fixture
def pab_tie(tournament, entries, play):
    """Round 1: Jansen 2-0 Müller, Lefèvre 2-0 Иванов. Round 2: Jansen has the PAB, Müller 0-2
    Lefèvre, Иванов is not paired.

    Points: Jansen 2 + 2 = 4, Lefèvre 2 + 2 = 4, Müller 0, Иванов 0.
    Jansen's BH: R1 Müller 0; R2 PAB, his own unplayed round: 2024 a dummy with his own 4 (art. 16.4),
    2026 at most a draw's point x 2 rounds = 2 (16.4.2). BH 4 (2024) or 2 (2026); BH/C1 cuts the
    0: 4 or 2. Lefèvre's BH: R1 Иванов, whose unplayed last round counts as a draw for his
    opponents (16.2.5, 16.3.2): 0 + 1 = 1; R2 Müller 0; BH 1, BH/C1 1. Jansen is above Lefèvre on
    BH/C1 in both editions (4 > 1, 2 > 1).
    """
    a, b, c, d = entries
    play(tournament, 1, [(a, b, "2-0"), (c, d, "2-0")])
    play(tournament, 2, [(b, c, "0-2")], byes=[a])
    return entries


def _jansen(tournament) -> dict:
    return next(r for r in standings_for(tournament).rows if r.start_number == 1).tiebreaks


def test_edition_follows_the_start_date_and_the_override(tournament, pab_tie):
    tournament.start_date = datetime.date(2026, 3, 1)
    tournament.save()
    assert tournament.tiebreak_edition() == "2026"
    assert _jansen(tournament)["BH"] == 2 and _jansen(tournament)["BH/C1"] == 2
    tournament.start_date = datetime.date(2026, 2, 28)
    tournament.save()
    assert tournament.tiebreak_edition() == "2024"
    assert _jansen(tournament)["BH"] == 4
    tournament.tiebreak_rules = "2026"  # the arbiter's choice wins over the date
    tournament.save()
    assert _jansen(tournament)["BH"] == 2
    tournament.tiebreak_rules = ""
    tournament.start_date = None  # no start date: the day the tournament was created
    tournament.save()
    assert tournament.tiebreak_date() == timezone.localdate(tournament.created_at)  # the site's calendar day


def test_standings_page_shows_the_edition_and_explains_the_tie(client, tournament, pab_tie):
    html = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    assert "FIDE C.07, 2026 edition" in html and "by the start date" in html
    ties = html.split('<section class="ties"')[1].split('<section class="legend">')[0]
    assert NO_JS not in ties and "onclick" not in ties
    assert ties.count('<details class="tie"') == 2  # 1-2 on 4 points, 3-4 on 0 points
    tie = ties.split('<details class="tie"')[1].split("</details>")[0]
    assert "Places 1 and 2: why Jansen, Piet is above Lefèvre, Amélie" in tie
    assert "BH/C1 decides: 2 against 1." in tie
    assert "Round 1, against Иванов, Сергей (4): their score 0 counts as 1" in tie and "16.3.2" in tie
    assert "Round 2, pairing-allocated bye: own unplayed round: the player&#x27;s own score 4" in tie
    assert "at most a draw&#x27;s points × 2 rounds = 2 (C.07 art. 16.4.2): 2" in tie
    assert "Round 1, against Müller, Jürgen (2): their score 0 · cut (lowest)" in tie
    assert "Sum of the rounds not cut: 2 = 2" in tie


def test_override_is_shown_and_audited(client, login, chief_arbiter, tournament, pab_tie):
    arbiter = login(chief_arbiter)
    url = reverse("tournaments:settings", args=[tournament.slug])
    form = arbiter.get(url).context["form"]
    assert dict(form.fields["tiebreak_rules"].choices)[""] == "By the start date (now: FIDE C.07, 2026 edition)"
    data = {**{k: v for k, v in form.initial.items() if v is not None}, "tiebreak_rules": "2024"}
    assert arbiter.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.tiebreak_rules == "2024"
    entry = AuditEntry.objects.get(action="tournament.update")
    assert "tiebreak_rules=2024" in entry.after
    html = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    assert "FIDE C.07, 2024 edition" in html and "chosen by the arbiter" in html
    assert "a dummy with the player&#x27;s own score 4 (C.07 art. 16.4)" in html


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("de", ["Feinwertungsregeln", "Plätze 1 und 2: warum Jansen, Piet vor Lefèvre, Amélie steht", "entscheidet"]),
        ("nl", ["Tiebreakregels", "Plaatsen 1 en 2: waarom Jansen, Piet boven Lefèvre, Amélie staat", "beslist"]),
        ("fr", ["Règles de départage", "Places 1 et 2 : pourquoi Jansen, Piet est devant Lefèvre, Amélie", "décide"]),
    ],
)
def test_ties_are_translated(client, tournament, pab_tie, lang, words):
    html = client.get(reverse("public:standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    for w in words:
        assert w in html, (lang, w)


def test_rank_changes_on_the_standings_and_player_pages(client, tournament, two_rounds):
    """two_rounds (see conftest): after round 1 Jansen is 1st, Lefèvre and Иванов share 2nd (a draw
    between them: equal on every tie-break), Müller 4th; after round 2 Jansen 1, Müller 2, Иванов 3,
    Lefèvre 4. Changes: Jansen 0, Müller up 2, Иванов down 1, Lefèvre down 2."""
    html = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    rows = html.split("<tbody>")[1].split("</tbody>")[0].split("<tr")[1:]
    moves = [r.split('class="move')[1].split("</span>")[0] for r in rows]
    assert 'same" title="same place">=' in moves[0]
    assert 'up" title="up 2 places"' in moves[1] and "▲&#8239;2" in moves[1]
    assert 'down" title="down 1 place"' in moves[2]
    assert 'down" title="down 2 places"' in moves[3]
    csv = client.get(reverse("public:standings", args=[tournament.slug]) + "?_export=csv").content.decode()
    assert csv.splitlines()[0].startswith("Rk,±,SNo") and csv.splitlines()[2].startswith("2,+2,")
    player = client.get(reverse("public:player", args=[tournament.slug, 2])).content.decode()
    assert 'title="up 2 places">▲&#8239;2' in player


def test_pdf_header_names_the_edition(tournament, pab_tie):
    from tournaments.services.documents import header_for

    with translation.override("en"):
        assert header_for(tournament, "x").extra == (
            "Tie-break rules: FIDE C.07, 2026 edition (by the start date, Nov. 20, 2026)",
        )
    tournament.tiebreak_rules = "2024"
    with translation.override("de"):
        expected = "Feinwertungsregeln: FIDE C.07, Fassung 2024 (vom Schiedsrichter gewählt)"
        assert header_for(tournament, "x").extra == (expected,)


def test_manage_standings_rules_and_explain(tournament, pab_tie):
    out = StringIO()
    call_command("standings", tournament.slug, "--json", "--explain", stdout=out)
    rows = json.loads(out.getvalue())
    jansen = rows[0]
    assert {k for k in jansen if k != "explain"} == {"start_number", "rank", "points", "tiebreaks"}
    assert jansen["explain"]["rules"] == "2026"
    assert jansen["explain"]["tie_with_next"] == {"above": 1, "below": 3, "decided_by": "BH/C1", "compared": ["BH/C1"]}
    pab = jansen["explain"]["tiebreaks"]["BH"]["parts"][1]
    assert (pab["kind"], pab["raw"], pab["cap"], pab["score"], pab["article"]) == ("pab", 4, 2, 2, "16.4.2")
    out = StringIO()
    call_command("standings", tournament.slug, "--json", "--rules", "2024", stdout=out)
    assert json.loads(out.getvalue())[0]["tiebreaks"]["BH"] == 4
    out = StringIO()
    call_command("standings", tournament.slug, "--explain", stdout=out)
    assert "Rules: FIDE C.07, 2026 edition" in out.getvalue()
    assert "1 above 3: BH/C1 2 against 1" in out.getvalue()


def test_printed_values_round_half_up():
    """107.625 (an AOB of 861 / 8) prints 107.63 as Gacrux rounds; Python's "%.2f" gives 107.62."""
    from tournaments.reports.formatting import points_text, rating_change_text
    from tournaments.standings.__main__ import plain

    assert f"{107.625:.2f}" == "107.62"
    assert points_text(107.625) == "107.63" and points_text(13.5) == "13.5" and points_text(14.0) == "14"
    assert rating_change_text(-2.25) == "-2.3" and rating_change_text(2.25) == "+2.3"
    assert plain(0.00005) == 0.0001 and plain(70.125) == 70.125
