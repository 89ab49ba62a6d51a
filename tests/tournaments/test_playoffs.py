"""Issue 26: a play-off between players tied for the places the tournament names (KNDB championship
conditions, reference 1.6: points; plus/minus balance; play-off for the places the rules name; mutual
result; results in ranking order) is recorded by the arbiter (who won, optional games or score),
audited, and orders those places in the final standings, the "why" and the PDF; never the pairings.

The event of every test (hand computation, as in test_early_withdrawal): KNDB order PMD, DE, RRO, a
play-off for place 1, 4 players. Round 1: 1-2 1-1, 3-4 2-0; round 2: 1-3 2-0, 2-4 2-0. Points: 1 and 2
have 1 + 2 = 3 each, 3 has 2 + 0 = 2, 4 has 0. No draw is marked: the plus/minus balance is 0 for
both, so 1 and 2 are tied for places 1 to 2 before the mutual result (DE: the draw, equal): a play-off.
"""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from tournaments.models import AuditEntry, Board, PlayOff, Role
from tournaments.reports.audit import read, subjects
from tournaments.reports.standings import playoff_groups, standings_for
from tournaments.services.errors import ServiceError
from tournaments.services.playoffs import record_playoff, remove_playoff
from tournaments.standings import PLAYOFF

pytestmark = pytest.mark.django_db


def _play(t, entries, number, games, status="finished"):
    from games.models import Game, ResultSubmission
    from tournaments.models import Round

    rnd = Round.objects.create(tournament=t, number=number, status=status)
    for n, (w, b, result) in enumerate(games, start=1):
        game = Game.objects.create(board=Board.objects.create(round=rnd, number=n, white=entries[w - 1],
                                                              black=entries[b - 1]))
        ResultSubmission.objects.create(game=game, result=result, status="confirmed")


@pytest.fixture
def kndb(make_tournament, add_entries, chief_arbiter):
    t = make_tournament("kndb-po", pairing_system="dutch", rounds_planned=2, tiebreaks="PMD,DE,RRO",
                        playoff_places="1", public_players=True)
    Role.objects.create(user=chief_arbiter, tournament=t, kind="chief_arbiter")
    e = add_entries(t, 4)
    _play(t, e, 1, [(1, 2, "1-1"), (3, 4, "2-0")])
    _play(t, e, 2, [(1, 3, "2-0"), (2, 4, "2-0")])
    return t


def _order(t, after_round=None):
    return [(r.start_number, r.rank) for r in standings_for(t, after_round).rows]


def test_a_recorded_play_off_orders_the_places_and_is_audited(kndb, chief_arbiter):
    """Before: 1 and 2 flagged for places 1-2. Player 2 wins the play-off (order 2, 1): the final
    standings are 2 (place 1), 1 (place 2), then 3, 4 unchanged; the pair is separated by the
    play-off and no longer flagged. The standings after round 2 (a past round's table) keep their
    own order. The audit entry names the places, the order in names, and the games."""
    assert playoff_groups(standings_for(kndb), frozenset({1})) == [(1, 2, (1, 2))]
    before = _order(kndb)
    assert [sno for sno, _rank in before] == [1, 2, 3, 4]
    record_playoff(chief_arbiter, kndb, 1, [2, 1], "Player 002 - Player 001 2-0")
    standings = standings_for(kndb)
    assert _order(kndb) == [(2, 1), (1, 2), (3, 3), (4, 4)]
    assert standings.separated_by[0] == PLAYOFF and standings.separated_by[1] != PLAYOFF
    assert playoff_groups(standings, frozenset({1})) == []
    assert _order(kndb, after_round=2) == before
    entry = AuditEntry.objects.get(action="playoff.record")
    assert entry.after == ("places=1-2; order=Player 002 (2) > Player 001 (1); "
                           "games=Player 002 - Player 001 2-0")
    # The audit page names what the entry is about in the reader's language (the stored text is English).
    with translation.override("de"):
        assert subjects([entry]) == {entry.pk: "Stichkampf ab Platz 1"}
    with translation.override("fr"):
        assert read(entry, subjects([entry])[entry.pk]).subject == "barrage à partir de la place 1"


def test_only_a_flagged_tie_can_be_recorded_each_player_once(kndb, chief_arbiter):
    """Players 1 and 3 are not tied (3 against 2 points); place 2 is not where the tie starts; a player
    twice is refused; nothing is stored."""
    with pytest.raises(ServiceError, match="do not show them tied"):
        record_playoff(chief_arbiter, kndb, 1, [1, 3])
    with pytest.raises(ServiceError, match="do not show them tied"):
        record_playoff(chief_arbiter, kndb, 2, [2, 1])
    with pytest.raises(ServiceError, match="chosen twice"):
        record_playoff(chief_arbiter, kndb, 1, [2, 2])
    assert not PlayOff.objects.exists()


def test_a_changed_result_that_breaks_the_tie_leaves_the_play_off_out_and_removing_it_flags_again(
        kndb, chief_arbiter):
    """Play-off won by 2. Marking the round-1 draw plus for White (1): PMD +1 against -1 separates
    them before the play-off, so it no longer applies (1 first by PMD). Unmarked, it applies again;
    removed (audited), the tie is flagged again."""
    from games.models import ResultSubmission

    playoff = record_playoff(chief_arbiter, kndb, 1, [2, 1])
    first_game = ResultSubmission.objects.filter(game__board__round__number=1, game__board__number=1)
    first_game.update(draw_mark="w")
    assert _order(kndb)[:2] == [(1, 1), (2, 2)] and standings_for(kndb).playoffs == ()
    first_game.update(draw_mark="")
    assert _order(kndb)[:2] == [(2, 1), (1, 2)]
    remove_playoff(chief_arbiter, playoff)
    assert playoff_groups(standings_for(kndb), frozenset({1})) == [(1, 2, (1, 2))]
    assert AuditEntry.objects.filter(action="playoff.remove", before__startswith="places=1-2").exists()


def test_the_public_standings_and_the_pdf_show_why(kndb, chief_arbiter, client):
    """The standings page: Player 002 first with the note "places 1 and 2 decided by play-off: 1.
    Player 002, 2. Player 001 (2-0, 1-1)", the tie "Decided by play-off: Player 002 finished above
    Player 001", no flag "play-off for places" any more. The crosstable PDF lists Player 002 before
    Player 001 and prints the same note."""
    from tournaments.services.documents import build_crosstable_pdf

    record_playoff(chief_arbiter, kndb, 1, [2, 1], "2-0, 1-1")
    page = client.get(f"/t/{kndb.slug}/standings/").content.decode()
    note = "places 1 and 2 decided by play-off: 1. Player 002, 2. Player 001 (2-0, 1-1)"
    assert note in page and "Decided by play-off: Player 002 finished above Player 001." in page
    assert "play-off for places 1 and 2 with" not in page
    assert page.index("Player 002") < page.index("Player 001")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(build_crosstable_pdf(kndb))).pages)
    flat = " ".join(text.split())
    assert "decided by play-off" in flat and flat.index("Player 002") < flat.index("Player 001")


def test_the_arbiter_page_records_and_removes_a_play_off(kndb, chief_arbiter, login):
    """The page offers the flagged places 1 to 2 with a place selector per place; posting 2 then 1
    records it; the list shows "1. Player 002, 2. Player 001"; a bad post is refused with a message;
    Remove deletes it."""
    client = login(chief_arbiter)
    url = reverse("tournaments:playoffs", args=[kndb.slug])
    page = client.get(url).content.decode()
    assert "Places 1 and 2" in page and 'name="place_2"' in page
    page = client.post(url, {"first": "1", "place_1": "2", "place_2": "1", "games": "2-0"},
                       follow=True).content.decode()
    assert "Play-off recorded" in page and "1. Player 002, 2. Player 001" in page
    page = client.post(url, {"first": "1", "place_1": "2", "place_2": "x"}, follow=True).content.decode()
    assert "Choose the first place and a player for every place" in page
    playoff = PlayOff.objects.get()
    client.post(reverse("tournaments:playoff_delete", args=[kndb.slug, playoff.pk]))
    assert not PlayOff.objects.exists()


def test_pairings_never_read_a_play_off(make_tournament, add_entries, chief_arbiter):
    """Same two rounds in a 3-round event: round 3 paired with the play-off recorded (2 above 1 in the
    standings) is the same pairing as without it (the pairing reads scores, not the standings)."""
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import unpair_round

    t = make_tournament("kndb-po3", pairing_system="dutch", rounds_planned=3, tiebreaks="PMD,DE,RRO",
                        playoff_places="1")
    e = add_entries(t, 4)
    _play(t, e, 1, [(1, 2, "1-1"), (3, 4, "2-0")])
    _play(t, e, 2, [(1, 3, "2-0"), (2, 4, "2-0")])

    def pairs():
        rnd = pair_round(t, chief_arbiter).round
        out = sorted((b.white.start_number, b.black.start_number if b.black else 0) for b in rnd.boards.all())
        unpair_round(chief_arbiter, t)
        return out

    without = pairs()
    record_playoff(chief_arbiter, t, 1, [2, 1])
    assert standings_for(t).rows[0].start_number == 2
    assert pairs() == without


# How each language says a range of places, written by hand: two places are "1 and 2" ("1 to 2" read oddly),
# more are a range ("3 to 5"); the play-off notes and the arbiter's page use them.
PLACE_RANGES = {
    "en": ("places 1 and 2 decided by play-off", "play-off for places 3 to 5 with", "Places 1 and 2"),
    "de": ("Plätze 1 und 2 durch Stichkampf entschieden", "Stichkampf um die Plätze 3 bis 5 mit", "Plätze 1 und 2"),
    "nl": ("plaatsen 1 en 2 beslist door barrage", "barrage voor de plaatsen 3 tot en met 5 met", "Plaatsen 1 en 2"),
    "fr": ("places 1 et 2 départagées par barrage", "barrage pour les places 3 à 5 avec", "Places 1 et 2"),
}


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_two_places_read_one_and_two_and_more_a_range(kndb, chief_arbiter, login, lang):
    """The recorded play-off for places 1 and 2 (Player 2 won) is "places 1 and 2 decided by play-off" on the
    standings in every language; a three-way tie for places 3 to 5 stays a range; the arbiter's page heads the
    flagged places 1 and 2 the same way."""
    from tournaments.models import Tournament
    from tournaments.reports.why import playoff_decided_note, playoff_note
    from tournaments.standings import PlayoffDecision

    decided, range_of_three, heading = PLACE_RANGES[lang]
    client = login(chief_arbiter)
    client.post("/i18n/setlang/", {"language": lang})
    page = client.get(reverse("tournaments:playoffs", args=[kndb.slug])).content.decode()
    assert f"<h2>{heading}</h2>" in page
    with translation.override(lang):
        assert playoff_decided_note(PlayoffDecision(1, (2, 1)), {1: "A", 2: "B"}).startswith(decided)
        assert range_of_three in playoff_note(3, 5, ["C", "D"])
    record_playoff(chief_arbiter, Tournament.objects.get(pk=kndb.pk), 1, [2, 1], "2-0")
    standings = client.get(reverse("public:standings", args=[kndb.slug])).content.decode()
    assert decided in standings
