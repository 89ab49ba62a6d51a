"""One version counter per tournament: every change a page or document shows bumps it, nothing else does."""

from __future__ import annotations

import pytest

from tournaments.models import Absence, Entry, Game, ResultSubmission, Round, Tournament

pytestmark = pytest.mark.django_db


def version(t: Tournament) -> int:
    return Tournament.objects.values_list("version", flat=True).get(pk=t.pk)


def test_each_change_a_page_shows_bumps_the_version(tournament, entries, published_round):
    seen = [version(tournament)]

    def changed() -> None:
        now = version(tournament)
        assert now > seen[-1]
        seen.append(now)

    tournament.place = "Zeist"
    tournament.save()
    changed()
    entries[0].rating = 1500
    entries[0].save()
    changed()
    entries[1].name = "Renamed, Player"
    entries[1].save()
    changed()
    Absence.objects.create(entry=entries[2], round_number=2, kind="half")
    changed()
    board = published_round.boards.get(number=1)
    board.white, board.black = board.black, board.white
    board.save()
    changed()
    game = Game.objects.create(board=board)
    changed()
    game.moves = "1. 32-28 19-23"
    game.save()
    changed()
    sub = ResultSubmission.objects.create(game=game, result="2-0", status="pending")
    assert version(tournament) == seen[-1]  # a new pending submission shows nowhere public
    sub.status = "confirmed"
    sub.save()
    changed()
    published_round.status = Round.Status.FINISHED
    published_round.save()
    changed()


def test_an_entry_change_bumps_its_own_tournament_only(tournament, other_tournament, entries):
    """Issue 23: each tournament shows its entries' own details, so renaming the player in one tournament
    changes nothing another one shows (and the shared player row is no page's business)."""
    player = entries[0].player
    elsewhere = Entry.objects.create(tournament=other_tournament, player=player, start_number=1)
    before = version(tournament), version(other_tournament)
    entries[0].name = "Renamed, Player"
    entries[0].save()
    assert version(tournament) > before[0] and version(other_tournament) == before[1]
    elsewhere.refresh_from_db()
    assert elsewhere.name == player.name != "Renamed, Player"


def test_a_stale_copy_saved_never_sets_the_counter_back(tournament, entries):
    stale = Tournament.objects.get(pk=tournament.pk)
    for _ in range(3):
        entries[0].save()
    high = version(tournament)
    stale.name = "Renamed"
    stale.save()  # its in-memory version is older than the database's
    assert version(tournament) == high + 1
    assert Tournament.objects.get(pk=tournament.pk).name == "Renamed"
