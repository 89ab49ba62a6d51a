"""Issue 29, the rest of the event: stage points carried into the next stage (standings and
pairing), the event's rating settings, norm tables, the event ranking order, the archive. Figures
by hand in the docstrings."""

from __future__ import annotations

import csv
import io
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from games.services.archive import export_archive, import_archive
from tests.stages.play import make_stage, play
from tournaments.federation_report import PROBLEM_CODES, report_issues
from tournaments.models import AuditEntry, PrizeSetup, RatingSetup, StageSeat, Tournament
from tournaments.reports.standings import standings_for
from tournaments.services.documents import build_crosstable_pdf
from tournaments.services.errors import ServiceError
from tournaments.services.federation import PROBLEM_TEXTS, problem_text, report_inputs
from tournaments.services.pairing import pair_round
from tournaments.services.prizes import prize_view, save_prize_setup
from tournaments.services.rating_changes import MAX_NORM_BYTES, save_rating_setup
from tournaments.services.stages import (
    TransitionRequest,
    create_next_stage,
    event_levels,
    event_ranking,
    set_ranking_order,
)

pytestmark = pytest.mark.django_db


def _players(n: int, base: int = 2000) -> list[tuple[str, int, dict]]:
    return [(f"Player {i:02d}", base - 10 * (i - 1), {}) for i in range(1, n + 1)]


@pytest.fixture
def organiser(make_user):
    return make_user("organiser")


@pytest.fixture
def round_robin_10(organiser):
    """A 10-player round robin where the lower start number always wins (2-0): player k scores
    2 * (10 - k) = 18, 16, ..., 0, rank k."""
    return play(organiser, make_stage(organiser, "nk-rapid", _players(10), pairing_system="berger",
                                      rounds_planned=9))


def _finals(t: Tournament) -> list[Tournament]:
    return list(t.event.stages.filter(stage=2).order_by("group"))


def test_carried_points_among_qualifiers_count_in_the_final_standings(organiser, round_robin_10):
    """Rank blocks of 4, carry "among": final A = 1-4. Points each scored against the other three
    of final A (all won by the lower number, 2 each): 1 beat 2, 3, 4 -> 6; 2 beat 3, 4 -> 4;
    3 beat 4 -> 2; 4 -> 0. Final C = 9, 10 (plus 2 byes): 9 beat 10 -> 2, 10 -> 0. Before any
    round the standings of final A are 6, 4, 2, 0; the event page says so; the audit names it."""
    create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=4, carry="among"))
    a, b, c = _finals(round_robin_10)
    carried = {e.name: e.seat.carried_points for e in a.entries.select_related("seat")}
    assert carried == {"Player 01": 6.0, "Player 02": 4.0, "Player 03": 2.0, "Player 04": 0.0}
    assert sorted(e.seat.carried_points for e in c.entries.select_related("seat")) == [0.0, 2.0]
    assert [(r.name, r.points) for r in standings_for(a).rows] == [
        ("Player 01", 6.0), ("Player 02", 4.0), ("Player 03", 2.0), ("Player 04", 0.0)]
    why = {s.name: s.why for s in event_levels(round_robin_10.event)[1].groups[0].seats}
    assert why["Player 01"].endswith("starts with 6 points") and "starts with" not in why["Player 04"]
    entry = AuditEntry.objects.filter(action="stage.create", tournament=a).get()
    assert "carry=among" in entry.after and "carried=Player 01 6, Player 02 4, Player 03 2" in entry.after


def test_default_carries_nothing(organiser, round_robin_10):
    """No carry setting: every seat starts on 0 and final A's standings before a round are all 0."""
    create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=4))
    a = _finals(round_robin_10)[0]
    assert {e.seat.carried_points for e in a.entries.select_related("seat")} == {0.0}
    assert {r.points for r in standings_for(a).rows} == {0.0}


@pytest.mark.parametrize(("carry", "expected"), [
    ("none", {frozenset(("Player 01", "Player 03")), frozenset(("Player 02", "Player 04"))}),
    ("all", {frozenset(("Player 01", "Player 02")), frozenset(("Player 03", "Player 04"))}),
])
def test_a_swiss_final_pairs_on_carried_points(organiser, round_robin_10, carry, expected):
    """Final A as a 3-round Dutch Swiss. Without carried points all four are on 0: one score
    group, top half against bottom half: 1-3, 2-4. Carrying all points (18, 16, 14, 12) every
    player is alone in his score group: the highest floats down to the next: 1-2, 3-4."""
    create_next_stage(organiser, round_robin_10,
                      TransitionRequest(kind="rank_blocks", group_size=4, system="dutch", rounds=3, carry=carry))
    a = _finals(round_robin_10)[0]
    boards = pair_round(a, organiser).round.boards.select_related("white", "black")
    assert {frozenset((b.white.name, b.black.name)) for b in boards if b.black_id} == expected


def test_an_unknown_carry_rule_is_refused(organiser, round_robin_10):
    with pytest.raises(ServiceError, match="carried points"):
        create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=4, carry="x"))


def test_carry_through_the_page(client, organiser, round_robin_10):
    """The form's carry field: "all" makes Player 01 start final A with his 18 points."""
    client.force_login(organiser)
    url = reverse("tournaments:event", args=["nk-rapid"])
    client.post(url, {"kind": "rank_blocks", "system": "berger", "group_size": "4", "short_last": "fill",
                      "snake_by": "ranking", "carry": "all"})
    a = _finals(round_robin_10)[0]
    assert standings_for(a).rows[0].points == 18.0


# ---- the event's rating settings, the rating page of the crosstable PDF, the CSV, norm tables -------

@pytest.fixture
def four(organiser):
    """A 4-player round robin, ratings 1500, 1490, 1480, 1470: 1 beats everyone, 2 v 3 drawn, 2 and
    3 beat 4. Points: 1: 6, 2: 3, 3: 3, 4: 0."""
    def rule(w, b):
        return "1-1" if {w, b} == {2, 3} else ("2-0" if w < b else "0-2")
    return play(organiser, make_stage(organiser, "four", _players(4, 1500), pairing_system="berger",
                                      rounds_planned=3), rule)


def _lines(client, **params):
    page = client.get(reverse("public:ratings", args=["four"]), params)
    return {line.name: line.rating for line, _missing in page.context["lines"]}, page


def test_the_events_rating_settings_are_the_pages_default(client, organiser, four):
    """FIDE preset, table method, stored for the event. Player 1 (1500; beat 1490, 1480, 1470):
    FIDE table expectancies for +10, +20, +30 are 0.51, 0.53, 0.54: expected 1.58 games, i.e. 3.16
    draughts points; score 3 of 3 (6 points); the table performance: average 1480 + dp(1.00) 800 =
    2280. Player 4: average 1490 - 800 = 690. With the formula method stored, the page's
    performance is the formula's (the engine computes both: the one shown follows the setting), and
    ``?performance=table`` overrides it again for the reader."""
    save_rating_setup(organiser, four, preset="fide", performance="table")
    lines, page = _lines(client)
    assert page.context["preset"] == "fide" and page.context["method"] == "table"
    assert lines["Player 01"].expected == pytest.approx(3.16)
    assert [lines[f"Player 0{i}"].performance for i in (1, 4)] == [2280, 690]
    save_rating_setup(organiser, four, preset="fide", performance="formula")
    formula, page = _lines(client)
    assert page.context["method"] == "formula"
    assert all(r.performance == r.performance_formula for r in formula.values())
    override, _page = _lines(client, performance="table")
    assert override["Player 01"].performance == 2280
    entries = AuditEntry.objects.filter(action="ratings.update").order_by("id")
    assert [e.after for e in entries] == ["preset=fide; performance=table; norms=fide_b01",
                                          "preset=fide; performance=formula; norms=fide_b01"]
    assert entries[1].before == "preset=fide; performance=table; norms=fide_b01"


def test_rating_figures_in_the_crosstable_pdf_and_the_csv(client, organiser, four):
    """The crosstable PDF has a rating page and the CSV a row per player with the same figures.
    FIDE, table: player 1 expected 3.16 points, performance 2280; K 20 (a rated player with no
    games on record below 2400 is given the preset's default; see the CSV's change): change =
    K x (6 - 3.16) / 2 on the one-point scale = 20 x 1.42 = 28.40, new rating 1528.4 -> 1528
    (rounded as the preset says)."""
    save_rating_setup(organiser, four, preset="fide", performance="table")
    got = client.get(reverse("public:ratings_csv", args=["four"]))
    assert got["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(got.content.decode())))
    one = next(r for r in rows if r["name"] == "Player 01")
    assert (one["rating"], one["games"], one["score"], one["expected"]) == ("1500", "3", "6", "3.1600")
    assert one["performance"] == "2280" and float(one["change"]) == pytest.approx(28.4)
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(build_crosstable_pdf(four))).pages)
    assert "Rating changes" in text and "+28.40" in text and "2280" in text and one["new_rating"] in text


FEDERATION_NORMS = """name = "myfed"
title = "My federation norms (test)"
status = "published"
source = "a test"
unrated_rating = 1000

[[titles]]
code = "MF"
min_games = 3
min_performance = 2000
"""


def test_an_uploaded_norm_table_replaces_fide_b01(client, organiser, four):
    """The federation's table asks for 3 games and a performance of 2000 for MF. Player 1 (3 games,
    table performance 2280, see above) meets it; player 2 (performance 1483) does not: the score
    needed is the smallest in half-game steps whose performance reaches 2000 against an average
    of 1483 (1483.33 rounded), i.e. dp >= 517: 2.5 of 3 (p 0.83, FIDE 8.1.1 dp 273) is short, 3 of 3
    (p 1.00, dp 800) reaches it: 6 draughts points. FIDE B.01 (9 games) gives no norm to anyone."""
    client.force_login(organiser)
    url = reverse("tournaments:ratings", args=["four"])
    upload = SimpleUploadedFile("myfed.toml", FEDERATION_NORMS.encode())
    done = client.post(url, {"preset": "fide", "performance": "table", "norms": upload})
    assert done.status_code == 302
    assert "norms=myfed" in AuditEntry.objects.get(action="ratings.update").after
    page = client.get(reverse("public:ratings", args=["four"]))
    report = page.context["report"]
    assert report.table.name == "myfed" and report.own_norms and "My federation norms (test)" in page.content.decode()
    norms = {line.name: line.norms for line, _missing in page.context["lines"]}
    assert norms["Player 01"][0].met and not norms["Player 02"][0].met
    assert norms["Player 02"][0].score_needed == 6.0
    assert client.get(reverse("public:player", args=["four", 1])).context["norms_met"] == ("MF",)
    client.post(url, {"preset": "fide", "performance": "table", "remove_norms": "on"})
    assert client.get(reverse("public:ratings", args=["four"])).context["report"].own_norms is False


@pytest.mark.parametrize(("text", "message"), [
    ('name = "x"\ntitle = "t"\nstatus = "s"\nsource = "s"\n[[titles]]\ncode = "MF"\nmin_games = \n',
     "myfed.toml, line 7: not valid TOML"),
    ('name = "x"\ntitle = "t"\nstatus = "s"\nsource = "s"\n\n[[titles]]\ncode = "MF"\nmin_performance = 2000\n',
     "myfed.toml, line 6: a title needs at least min_games and min_performance"),
    ('name = "x"\ntitle = "t"\nstatus = "s"\nsource = "s"\n[[titles]]\ncode = "MF"\nmin_games = 9\n'
     'min_performance = 2000\n[[titles]]\ncode = "MI"\nmin_games = 9\nmin_performance = 2200\n'
     'min_score_share = "3/2"\n',
     "myfed.toml, line 13: .*a share lies within 0..1"),
    ('title = "t"\n', "myfed.toml: name is missing"),
])
def test_bad_norm_tables_are_refused_with_their_line(organiser, four, text, message):
    """Line numbers by hand: the TOML error is on line 7 (a key without a value); the second case's
    [[titles]] block starts on line 6 and lacks min_games; the third's second block (line 9) has
    min_score_share 3/2 on line 13. Nothing is stored; a file over the bound is refused too."""
    with pytest.raises(ServiceError, match=message):
        save_rating_setup(organiser, four, preset="fmjd", performance="", norms=(text.encode(), "myfed.toml"))
    with pytest.raises(ServiceError, match="at most 20000 bytes"):
        save_rating_setup(organiser, four, preset="fmjd", performance="",
                          norms=(b"#" * (MAX_NORM_BYTES + 1), "big.toml"))
    assert not RatingSetup.objects.exists() and not AuditEntry.objects.filter(action="ratings.update").exists()


def test_the_federation_reports_refusals_in_the_readers_language(client, organiser, four):
    """Every reason code of the pure builder has words in the app, and they are translated: the
    German page says "Veranstaltung: Ort fehlt." for the missing place, and player 2 without an
    FMJD id is named with the German field name."""
    assert set(PROBLEM_TEXTS) == set(PROBLEM_CODES)
    Tournament.objects.filter(pk=four.pk).update(place="")
    four.refresh_from_db()
    issues = report_issues(*report_inputs(four, "", ""))
    with translation.override("de"):
        words = [problem_text(p) for p in issues]
    assert "Veranstaltung: Ort fehlt." in words
    assert any(w.startswith("Spieler 1 (Player 01): nicht angegeben: FMJD-ID") for w in words), words
    client.force_login(organiser)
    page = client.get(reverse("tournaments:federation_report", args=["four"]), {"download": "1"},
                      HTTP_ACCEPT_LANGUAGE="de")
    assert "Veranstaltung: Ort fehlt." in page.content.decode()


# ---- the event's final ranking in the organiser's order ------------------------------------------

def test_the_final_ranking_in_the_organisers_order(client, organiser, round_robin_10):
    """Rank blocks of 4 with byes: final A = 1-4, B = 5-8, C = 9-10. One round robin each where the
    lower number wins: A ranks 1, 2, 3, 4; B 5, 6, 7, 8; C 9, 10. Default order A, B, C: places
    1-10 = players 1-10. The organiser orders "C, A" (B not named: it follows): C's 9, 10 take
    places 1-2, then A's 1-4 places 3-6, then B's 5-8 places 7-10. Refused: a group the last stage
    does not have, a group named twice; both leave the order as it was. The change is audited."""
    create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=4))
    for final in _finals(round_robin_10):
        play(organiser, final)
    event = round_robin_10.event
    assert [r.name for r in event_ranking(event)] == [f"Player {i:02d}" for i in range(1, 11)]
    set_ranking_order(organiser, round_robin_10, "c, A")
    event.refresh_from_db()
    assert event.ranking_order == "C, A"
    rows = event_ranking(event)
    assert [(r.place, r.name, r.group) for r in rows[:3]] == [
        (1, "Player 09", "C"), (2, "Player 10", "C"), (3, "Player 01", "A")]
    assert [r.name for r in rows[6:]] == ["Player 05", "Player 06", "Player 07", "Player 08"]
    entry = AuditEntry.objects.get(action="event.ranking_order")
    assert (entry.before, entry.after) == ("groups_order=A, B, ...", "groups_order=C, A")
    for bad, message in (("D", "No group D"), ("A, a", "named twice")):
        with pytest.raises(ServiceError, match=message):
            set_ranking_order(organiser, round_robin_10, bad)
    client.force_login(organiser)
    client.post(reverse("tournaments:ranking_order", args=["nk-rapid"]), {"ranking_order": ""})
    event.refresh_from_db()
    assert event.ranking_order == "" and event_ranking(event)[0].name == "Player 01"
    page = client.get(reverse("public:event", args=["nk-rapid"])).content.decode()
    assert "final A, then B" in page


# ---- the archive: prize settings and stage seats travel ---------------------------------------------

def test_a_stage_archive_carries_its_prizes_and_seats(organiser, round_robin_10):
    """Final A (players 1-4, carry "among": 6, 4, 2, 0 points, see above), played as a round robin
    where the lower number wins: 1 ends on 6 + 6 = 12, 2 on 4 + 4 = 8, 3 on 2 + 2 = 4, 4 on 0. Its
    prizes: Main 100, 50 by the Hort system. Exported, the original moved away, imported: the
    imported stage has the same prize settings and list, every seat's reason and carried points,
    and so the same standings (12, 8, 4, 0); importing again changes nothing."""
    create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=4, carry="among"))
    final_a = play(organiser, _finals(round_robin_10)[0])
    save_prize_setup(organiser, final_a, lists="Main: 100, 50", rule="hort", unit=1, one_prize_per_player=True,
                     currency="€")
    before = [(r.name, r.points) for r in standings_for(final_a).rows]
    assert before == [("Player 01", 12.0), ("Player 02", 8.0), ("Player 03", 4.0), ("Player 04", 0.0)]
    raw = export_archive(final_a)
    Tournament.objects.filter(pk=final_a.pk).update(slug=final_a.slug + "-orig", uid=uuid.uuid4())
    report = import_archive(raw)
    assert report.created
    imported = Tournament.objects.get(slug=final_a.slug)
    assert imported.pk != final_a.pk and imported.event_id != final_a.event_id
    setup = PrizeSetup.objects.get(tournament=imported)
    assert (setup.lists, setup.rule, setup.unit, setup.currency) == ("Main: 100, 50", "hort", 1, "€")
    seats = {s.entry.name: (s.carried_points, s.from_rank, s.why, s.transition_id)
             for s in StageSeat.objects.filter(entry__tournament=imported).select_related("entry")}
    assert seats["Player 01"][:2] == (6.0, 1) and seats["Player 04"][:2] == (0.0, 4)
    assert seats["Player 01"][2].startswith("rank 1 of the previous stage") and seats["Player 01"][3] is None
    assert [(r.name, r.points) for r in standings_for(imported).rows] == before
    assert [x.amount for x in prize_view(imported).by_list[0][1]] == [x.amount for x in
                                                                       prize_view(final_a).by_list[0][1]]
    assert import_archive(raw).unchanged
