"""Issue 29, the application: the event page and its stage transitions, the prize list (settings,
pages, PDF), rating changes and norms, the federation report. Figures by hand in the docstrings."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.stages.play import make_stage, play
from tournaments.models import AuditEntry, Entry, Player, PrizeSetup, StageTransition, Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.prizes import parse_lists, prize_view, save_prize_setup
from tournaments.services.stages import TransitionRequest, create_next_stage, event_levels, event_ranking

pytestmark = pytest.mark.django_db


def _players(n: int, base: int = 2000, **extra_by_index) -> list[tuple[str, int, dict]]:
    """n players rated base, base-10, ...: start numbers by rating are 1..n in this order."""
    return [(f"Player {i:02d}", base - 10 * (i - 1), extra_by_index.get(f"p{i}", {})) for i in range(1, n + 1)]


@pytest.fixture
def organiser(make_user):
    return make_user("organiser")


@pytest.fixture
def round_robin_10(organiser):
    """Stage 1: a 10-player round robin where the lower start number always wins.

    By hand: player k beats the 10 - k players numbered above it and loses the k - 1 others, so
    scores 2 * (10 - k): 18, 16, ..., 0. All points differ: rank k = start number k.
    """
    t = make_stage(organiser, "nk-rapid", _players(10), pairing_system="berger", rounds_planned=9)
    return play(organiser, t)


def test_finals_by_rank_blocks_with_a_bye_filled_group(organiser, round_robin_10):
    """Rank blocks of 4, short last final filled with byes. By hand: final A = ranks 1-4
    (Player 01-04), B = ranks 5-8, C = ranks 9-10 plus 2 bye seats. Cuts: rank 4 (12 points) above
    rank 5 (10 points), rank 8 (4) above rank 9 (2): more points, no qualification tie. Each final is
    a Berger: A and B with 4 players play 3 rounds, C with 2 players 1 round."""
    assert round_robin_10.status == Tournament.Status.FINISHED
    tr = create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=4))
    finals = list(round_robin_10.event.stages.filter(stage=2).order_by("group"))
    assert [f.group for f in finals] == ["A", "B", "C"]
    names = [[e.name for e in f.entries.order_by("start_number")] for f in finals]
    assert names == [["Player 01", "Player 02", "Player 03", "Player 04"],
                     ["Player 05", "Player 06", "Player 07", "Player 08"], ["Player 09", "Player 10"]]
    assert [f.rounds_planned for f in finals] == [3, 3, 1]
    assert tr.params["byes"] == {"C": 2}
    assert [(c["above_rank"], c["below_rank"], c["above_points"], c["below_points"], c["tie"]) for c in tr.cuts] == [
        (4, 5, 12.0, 10.0, False), (8, 9, 4.0, 2.0, False)]
    levels = event_levels(round_robin_10.event)
    assert [s.why for s in levels[1].groups[1].seats][0] == "Rank 5 of Nk Rapid"
    assert levels[1].cuts[0] == "Player 04 (rank 4) above Player 05 (rank 5): more points (12 to 10)"
    # Settings and arbiters come along; the entries are copies (the source's are untouched).
    assert finals[0].place == "Zeist" and finals[0].roles.filter(user=organiser, kind="chief_arbiter").exists()
    assert Entry.objects.filter(tournament=round_robin_10).count() == 10
    # Audited: one entry per stage made and one for the transition, each naming the organiser.
    assert AuditEntry.objects.filter(action="stage.create", actor=organiser).count() == 3
    assert AuditEntry.objects.get(action="stage.transition").tournament == round_robin_10


def test_a_qualification_tie_at_the_line_is_shown_with_its_why(organiser):
    """6 players, lower number wins except 3 v 4 drawn. By hand: 1: 10, 2: 8, 3: 2+2+1 = 5,
    4: 2+2+1 = 5, 5: 2, 6: 0. Finals of 3: the line falls between ranks 3 and 4, both on 5 points:
    a qualification tie, decided by the tie-break order or (all equal) left to the organiser."""
    def rule(w, b):
        return "1-1" if {w, b} == {3, 4} else ("2-0" if w < b else "0-2")
    t = play(organiser, make_stage(organiser, "tie", _players(6), pairing_system="berger", rounds_planned=5), rule)
    tr = create_next_stage(organiser, t, TransitionRequest(kind="rank_blocks", group_size=3))
    cut = tr.cuts[0]
    assert (cut["above_points"], cut["below_points"], cut["tie"]) == (5.0, 5.0, True)
    text = event_levels(t.event)[1].cuts[0]
    assert "equal on points" in text
    assert (cut["separated_by"] is None) == ("the organiser decides" in text)


def test_snake_seeding_by_rating_with_an_uneven_count(organiser):
    """7 players into 3 groups by rating (seed k = start number k). By hand, the snake:
    row 1 A1 B2 C3, row 2 (right to left) C4 B5 A6, row 3 A7: A = 1, 6, 7; B = 2, 5; C = 3, 4.
    A planned stage may be seeded by rating (no results needed)."""
    t = make_stage(organiser, "groups", _players(7))
    create_next_stage(organiser, t, TransitionRequest(kind="snake", groups=3, snake_by="rating", system="berger"))
    groups = {g.group: [e.name[-2:] for e in g.entries.order_by("start_number")]
              for g in t.event.stages.filter(stage=2)}
    assert groups == {"A": ["01", "06", "07"], "B": ["02", "05"], "C": ["03", "04"]}
    seats = event_levels(t.event)[1].groups[0].seats
    assert [s.why for s in seats] == [f"Seed {n} by rating (snake order)" for n in (1, 6, 7)]


def test_groups_then_a_final_takes_the_top_of_each_group(organiser):
    """Two groups of 4 (round robins, lower number wins: rank = start number). Top 2 of each into
    the final; the core's order: the group winners (A1, B1), then the seconds (A2, B2)."""
    a = make_stage(organiser, "semi-a", [(f"A{i}", 1900 - i, {}) for i in range(1, 5)], pairing_system="berger",
                   rounds_planned=3, group="A")
    b = make_stage(organiser, "semi-b", [(f"B{i}", 1800 - i, {}) for i in range(1, 5)], pairing_system="berger",
                   rounds_planned=3, group="B", event=a.event)
    play(organiser, a)
    with pytest.raises(ServiceError, match="Not finished yet: Semi B"):
        create_next_stage(organiser, a, TransitionRequest(kind="final", top=2))
    play(organiser, b)
    create_next_stage(organiser, a, TransitionRequest(kind="final", top=2))
    final = a.event.stages.get(stage=2)
    assert [e.name for e in final.entries.order_by("start_number")] == ["A1", "B1", "A2", "B2"]
    assert [s.why for s in event_levels(a.event)[1].groups[0].seats] == [
        "Group A, rank 1", "Group B, rank 1", "Group A, rank 2", "Group B, rank 2"]


def test_seeded_entries_into_the_final(organiser):
    """Groups A and B of 4 (lower number wins). Top 2 of each, plus seeded: A1 (last year's champion,
    who played group A) and an outside player by FMJD id (a wildcard). By hand: seats first the
    seeded in the order given (A1, the wildcard), then group winners (A2: A1 is seeded, so A's
    place goes to the next, B1), then seconds (A3, B2)."""
    a = make_stage(organiser, "semi-a", [(f"A{i}", 1900 - i, {}) for i in range(1, 5)], pairing_system="berger",
                   rounds_planned=3, group="A")
    b = make_stage(organiser, "semi-b", [(f"B{i}", 1800 - i, {}) for i in range(1, 5)], pairing_system="berger",
                   rounds_planned=3, group="B", event=a.event)
    play(organiser, a)
    play(organiser, b)
    Player.objects.create(name="Outsider, Wim", fmjd_id="555", rating=2100)
    with pytest.raises(ServiceError, match="Seeded, line 2: no player '999'"):
        create_next_stage(organiser, a, TransitionRequest(kind="final", top=2, seeded="A1 | champion\n999 | x"))
    create_next_stage(organiser, a, TransitionRequest(kind="final", top=2,
                                                      seeded="a1 | champion 2025\n555 | wildcard"))
    final = a.event.stages.get(stage=2)
    assert [e.name for e in final.entries.order_by("start_number")] == ["A1", "Outsider, Wim", "A2", "B1", "A3", "B2"]
    assert [s.why for s in event_levels(a.event)[1].groups[0].seats][:3] == [
        "Seeded by the organiser: champion 2025", "Seeded by the organiser: wildcard", "Group A, rank 2"]


def test_refusals_name_the_reason(organiser, round_robin_10):
    planned = make_stage(organiser, "planned", _players(4))
    with pytest.raises(ServiceError, match="Not finished yet"):
        create_next_stage(organiser, planned, TransitionRequest(kind="rank_blocks", group_size=2))
    with pytest.raises(ServiceError, match="Players per final"):
        create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=1))
    create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=5))
    with pytest.raises(ServiceError, match="already has a stage after stage 1"):
        create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=5))
    assert StageTransition.objects.count() == 1


def test_event_ranking_orders_final_a_then_b(organiser, round_robin_10):
    """Finals of 5 (A: 1-5, B: 6-10) played with the lower number winning: inside each final the
    order stays, so the event's ranking is places 1-10 = Player 01-10, A's five first."""
    create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=5))
    assert event_ranking(round_robin_10.event) == [], "no ranking of the event before the finals have a result"
    for t in round_robin_10.event.stages.filter(stage=2):
        play(organiser, t)
    ranking = event_ranking(round_robin_10.event)
    assert [(r.place, r.group, r.name) for r in ranking] == [
        (i, "A" if i <= 5 else "B", f"Player {i:02d}") for i in range(1, 11)]
    pdf = Client().get(reverse("public:event_ranking_pdf", args=["nk-rapid-final-b"]))
    cells = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text().splitlines()
    table = cells[cells.index("Pts") + 1:cells.index("Pts") + 1 + 40]
    rows = [tuple(table[i:i + 4]) for i in range(0, 40, 4)]
    # Inside each final of 5 (lower number wins): 8, 6, 4, 2, 0 points.
    assert rows == [(str(i), f"Player {i:02d}", f"{'A' if i <= 5 else 'B'} ({(i - 1) % 5 + 1})",
                     str(8 - 2 * ((i - 1) % 5))) for i in range(1, 11)]


def test_the_event_pages_public_and_manage(client, organiser, round_robin_10):
    create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=4))
    page = client.get(reverse("public:event", args=["nk-rapid"])).content.decode()
    for text in ("Stage 1", "Stage 2", "Nk Rapid, Final A", "Rank 9 of Nk Rapid", "2 bye seats",
                 reverse("public:standings", args=["nk-rapid-final-a"])):
        assert text in page
    client.force_login(organiser)
    manage = client.get(reverse("tournaments:event", args=["nk-rapid"])).content.decode()
    assert "The event already has a stage after stage 1." in manage


def test_the_transition_through_the_page(client, organiser, round_robin_10):
    client.force_login(organiser)
    url = reverse("tournaments:event", args=["nk-rapid"])
    bad = client.post(url, {"kind": "rank_blocks", "system": "berger", "group_size": "1", "short_last": "fill",
                            "snake_by": "ranking"})
    assert bad.status_code == 200 and not StageTransition.objects.exists()
    done = client.post(url, {"kind": "rank_blocks", "system": "berger", "group_size": "4", "short_last": "merge",
                             "snake_by": "ranking"}, follow=True)
    assert done.status_code == 200
    # Merged: ranks 9-10 join final B (5-10), so two finals.
    assert sorted(round_robin_10.event.stages.filter(stage=2).values_list("group", flat=True)) == ["A", "B"]


# ---- prizes ---------------------------------------------------------------------------------------

@pytest.fixture
def four(organiser):
    """A 4-player round robin: 1 beats everyone, 2 v 3 drawn, 2 and 3 beat 4. By hand:
    1: 6 points, 2: 0+1+2 = 3, 3: 3, 4: 0. Players 1 and 4 are women."""
    def rule(w, b):
        return "1-1" if {w, b} == {2, 3} else ("2-0" if w < b else "0-2")
    t = make_stage(organiser, "four", _players(4, 1500, p1={"sex": "f", "fmjd_id": "101"},
                                                p2={"fmjd_id": "102", "sex": "m"}, p3={"fmjd_id": "103", "sex": "m"},
                                                p4={"sex": "f", "fmjd_id": "104"}),
                   pairing_system="berger", rounds_planned=3)
    return play(organiser, t, rule)


def test_hort_with_rounding_to_whole_units_and_a_category(organiser, four):
    """Main 1000, 500, 301 by the Hort system, rounded down to whole units (100 cents); best
    woman 100. By hand: place 1: 1000. Places 2-3 on 3 points: the first by tie-break gets
    500 / 2 + (500 + 301) / 2 / 2 = 250 + 200.25 = 450.25 -> 450; the second 301 / 2 + 200.25 =
    350.75 -> 350. Best woman: player 1 (main 1000) keeps the higher prize, so it goes to player 4:
    100. Fund 1901, paid 1000 + 450 + 350 + 100 = 1900, not paid 1.00."""
    save_prize_setup(organiser, four, lists="Main: 1000, 500, 301\nBest woman: 100 | sex=f", rule="hort", unit=100,
                     one_prize_per_player=True, currency="€")
    view = prize_view(four)
    main = [(x.name, x.amount) for x in view.by_list[0][1]]
    assert main[0] == ("Player 01", "1000.00")
    assert sorted(a for _, a in main[1:]) == ["350.00", "450.00"]
    assert [(x.name, x.amount) for x in view.by_list[1][1]] == [("Player 04", "100.00")]
    assert (view.fund, view.paid, view.unpaid) == ("1901.00", "1900.00", "1.00")
    hort = view.by_list[0][1][1]
    assert hort.how.startswith("Hort system, equal points on places 2–3: half of the prize of place 2 (500.00 / 2)")
    assert hort.how.endswith("rounded down to a multiple of 1.00")
    assert AuditEntry.objects.filter(action="prizes.update", actor=organiser).count() == 1


def test_equal_sharing_to_the_cent(organiser, four):
    """Equal sharing, to the cent: places 2-3 pool 500 + 301 = 801 -> 400.50 each; paid 1801 of 1801."""
    save_prize_setup(organiser, four, lists="Main: 1000, 500, 301", rule="equal", unit=1,
                     one_prize_per_player=True, currency="€")
    view = prize_view(four)
    assert [x.amount for x in view.by_list[0][1]] == ["1000.00", "400.50", "400.50"]
    assert view.unpaid == "0.00"
    assert view.by_list[0][1][1].how == "Equal points on places 2–3, shared equally: (500.00 + 301.00) / 2"


def test_conditions_by_age_and_rating():
    """``age<=18`` is a maximum age, ``rating>=2000`` a minimum rating, per list."""
    (junior, strong) = parse_lists("Junior: 75, 50 | age<=18, sex=f\nStrong: 10 | rating>=2000 | rule=equal")
    assert (junior.amounts, junior.eligibility.max_age, junior.eligibility.sex) == ((7500, 5000), 18, "f")
    assert (strong.eligibility.min_rating, strong.rule) == (2000, "equal")


@pytest.mark.parametrize(("text", "message"), [
    ("Main 1000", "Line 1: write the name, a colon"),
    ("Main: 10.005", "Line 1: '10.005' is not an amount"),
    ("Main: 100\nMain: 50", "Line 2: each list needs its own name"),
    ("Main: 100 | colour=w", "Line 1: unknown condition 'colour=w'"),
    ("Main: 100 | age<=old", "Line 1: age must be a whole number"),
    ("Main: 100 | sex", "Line 1: write a condition as key=value"),
    ("Main: 100 | rule=fair", "Line 1: the rule is place, equal or hort"),
])
def test_bad_prize_lines_are_named(text, message):
    with pytest.raises(ServiceError, match=message):
        parse_lists(text)


def test_prize_pages_and_pdf(client, organiser, four):
    save_prize_setup(organiser, four, lists="Main: 1000, 500, 301", rule="hort", unit=100,
                     one_prize_per_player=True, currency="€")
    Tournament.objects.filter(pk=four.pk).update(status=Tournament.Status.RUNNING)
    hidden = client.get(reverse("public:prizes", args=["four"])).content.decode()
    assert "published once the last round is finished" in hidden and "450.00" not in hidden
    assert client.get(reverse("public:prizes_pdf", args=["four"])).status_code == 404
    Tournament.objects.filter(pk=four.pk).update(status=Tournament.Status.FINISHED)
    page = client.get(reverse("public:prizes", args=["four"])).content.decode()
    assert "450.00" in page and "350.00" in page and "Fund: 1801.00 €; paid: 1800.00 €" in page
    pdf = client.get(reverse("public:prizes_pdf", args=["four"]))
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert pdf["Content-Type"] == "application/pdf"
    assert "Player 01" in text and "1000.00" in text and "450.00" in text and "Fund: 1801.00" in text
    client.force_login(organiser)
    url = reverse("tournaments:prizes", args=["four"])
    refused = client.post(url, {"lists": "Main 1000", "rule": "place", "unit": "1", "currency": "€"})
    assert "Line 1: write the name" in refused.content.decode()
    assert PrizeSetup.objects.get(tournament=four).lists == "Main: 1000, 500, 301", "nothing stored on a bad line"


# ---- ratings and norms ----------------------------------------------------------------------------

def test_rating_changes_and_performance_by_hand(client, organiser, four):
    """Everyone rated 1500 - 10 (k - 1): 1500, 1490, 1480, 1470. FIDE preset, table method.
    By hand for player 1 (1500; beat 1490, 1480, 1470): the opponents' average is 1480 and the
    score 3/3, so the performance by the table is 1480 + dp(1.00) = 1480 + 800 = 2280. Player 4
    (1470; lost to 1500, 1490, 1480): average 1490, 0/3: 1490 - 800 = 690. Players 2 and 3 (1 1/2 of 3):
    2: opponents 1500, 1480, 1470 -> 1483.33 -> 1483 + dp(0.50) = 1483; 3: 1500, 1490, 1470 -> 1486.67 -> 1487."""
    page = client.get(reverse("public:ratings", args=["four"]), {"preset": "fide", "performance": "table"})
    lines = {line.name: line.rating for line, _missing in page.context["lines"]}
    assert [lines[f"Player 0{i}"].performance for i in (1, 2, 3, 4)] == [2280, 1483, 1487, 690]
    assert lines["Player 01"].games == 3 and lines["Player 01"].score == 6.0
    assert "FIDE B.01" in page.content.decode()


# ---- federation report -----------------------------------------------------------------------------

def test_federation_report_refuses_then_downloads(client, organiser, four):
    """The 4-player round robin has 3 rounds of 2 games: 6 game rows. Without the chief arbiter's
    id, the date announced, and with a player's FMJD id removed, the page lists all three."""
    client.force_login(organiser)
    url = reverse("tournaments:federation_report", args=["four"])
    Entry.objects.filter(tournament=four, start_number=2).update(fmjd_id="")
    refused = client.get(url, {"download": "1"}).content.decode()
    for text in ("Event: Chief arbiter&#x27;s FMJD id is missing.", "Event: Date announced is missing.",
                 "Player 2 (Player 02): missing FMJD id."):
        assert text in refused
    Entry.objects.filter(tournament=four, start_number=2).update(fmjd_id="102")
    Tournament.objects.filter(pk=four.pk).update(start_date="2026-11-20", end_date="2026-11-21",
                                                   time_control="90 min")
    got = client.get(url, {"download": "1", "chief_arbiter_id": "999", "announced": "2026-10-01"})
    assert got["Content-Type"] == "application/zip", got.context["problems"]
    z = zipfile.ZipFile(io.BytesIO(got.content))
    assert sorted(z.namelist()) == ["four-games.pdn", "four-report.csv"]
    csv_text = z.read("four-report.csv").decode()
    games_block = csv_text.split("\r\n\r\n")[2].strip().splitlines()
    assert games_block[0].startswith("Round,Board,White") and len(games_block) == 1 + 6
    assert z.read("four-games.pdn").decode().count("[Event ") == 6


def test_the_player_page_marks_norms_met(client, organiser, four):
    """FIDE B.01 (the event's norm table) asks for at least 9 games: 3 games meet no norm, so the
    player page marks none and links the stage's rating changes and norms."""
    page = client.get(reverse("public:player", args=["four", 1]))
    assert page.context["norms_met"] == ()
    assert reverse("public:ratings", args=["four"]) in page.content.decode()


def test_a_players_account_plays_the_copy_of_the_entry(organiser, make_user, round_robin_10):
    """Player 01's account (linked in stage 1) plays its entry of final A: entry and player role."""
    pieter = make_user("pieter")
    Entry.objects.filter(tournament=round_robin_10, start_number=1).update(user=pieter)
    create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=5))
    final_a = round_robin_10.event.stages.get(stage=2, group="A")
    assert final_a.entries.get(user=pieter).name == "Player 01"
    assert final_a.roles.filter(user=pieter, kind="player").exists()
    assert not round_robin_10.event.stages.get(stage=2, group="B").roles.filter(user=pieter).exists()
