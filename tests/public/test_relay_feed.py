"""The relay feed lidraughts broadcasts (issue 30, part 1).

The feed is read back twice: with pydraughts (an independent PDN reader, test-only) and by the rules of
lidraughts' relay module as summarised in tests/fixtures/relay-rules.md (RelayFormat.scala: carriage
returns stripped, games split on an empty line followed by ``[``; RelayFetch.scala: only a 200 counts, at
most 64 games of a PDN source; RelaySync.scala: games matched to boards by their place, and by White,
Black, Round, Event and Site).
"""

from __future__ import annotations

import datetime
import json
import re

import pytest
from draughts.PDN import PDNReader

from games.services.games import game_for_board
from games.services.live_moves import save_moves
from games.services.results import enter_result
from tournaments.models import Board, Entry, Player, Round

FEED = "/t/club-open/round/1/live.pdn"
JSON_FEED = "/t/club-open/round/1/live.json"
# The tags the issue names, in the order the feed writes them (FEN only for a set-up start).
ORDER = ["Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "Board",
         "WhiteRating", "BlackRating"]
LIDRAUGHTS_RESULTS = {"2-0", "0-2", "1-1", "*"}


def lidraughts_split(text: str) -> list[str]:
    """How RelayFormat.scala splits a multi-game PDN source: strip ``\\r``, split on a blank line before ``[``."""
    return [g for g in re.split(r"\n\n(?=\[)", text.replace("\r", "")) if g.strip()]


def tags_of(game_text: str) -> list[tuple[str, str]]:
    return re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$', game_text, flags=re.M)


@pytest.fixture
def live_round(published_round, arbiter, player):
    """Round 1 in progress: board 1 (Jansen v Müller) has three plies typed by its White player, board 2
    (Lefèvre v Иванов) a draw entered by the arbiter."""
    t = published_round.tournament
    t.time_control = "90 min + 30 s"
    t.save()
    Round.objects.filter(pk=published_round.pk).update(date=datetime.date(2026, 11, 21))
    g1 = game_for_board(published_round.boards.get(number=1))
    g2 = game_for_board(published_round.boards.get(number=2))
    save_moves(g1, "1. 32-28 19-23 2. 28x19", user=player)
    enter_result(g2, "1-1", arbiter, moves="1. 32-28 18-23")
    return published_round, g1, g2


def test_a_round_in_progress_read_by_pydraughts_and_by_the_lidraughts_rules(client, live_round):
    """By hand: board 1 is 1. 32-28 19-23 2. 28x19, no result: ``*``; board 2 is 1. 32-28 18-23, drawn: ``1-1``
    (international draughts writes results 2-0/1-1/0-2). Date is the round's, 2026.11.21; ratings are the
    entries' (1450, 1420; 1390, 1300); GameType 20 is international."""
    response = client.get(FEED)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["ETag"].startswith('"') and "max-age=1" in response["Cache-Control"]
    assert "public" in response["Cache-Control"]
    text = response.content.decode("utf-8")

    # lidraughts: two games, in board order, each separated by exactly one blank line, results it reads.
    games = lidraughts_split(text)
    assert len(games) == 2 <= 64
    assert "\n\n\n" not in text
    assert [dict(tags_of(g))["Board"] for g in games] == ["1", "2"]
    for g in games:
        names = [k for k, _v in tags_of(g)]
        assert [k for k in names if k in ORDER] == ORDER
        assert dict(tags_of(g))["Result"] in LIDRAUGHTS_RESULTS

    # pydraughts: every board present in order, tags, moves and results.
    read = PDNReader(pdn_text=text).games
    assert len(read) == 2
    first, second = read
    assert first.tags["Event"] == "Club Open" and first.tags["Site"] == "Utrecht"
    assert first.tags["Date"] == "2026.11.21" and first.tags["Round"] == "1"
    assert (first.tags["White"], first.tags["Black"]) == ("Jansen, Piet", "Müller, Jürgen")
    assert first.tags["Result"] == "*" and first.game_ending == "*"
    assert first.moves == ["32-28", "19-23", "28x19"]
    assert first.get_ratings() == ["1450", "1420"]
    assert first.tags["TimeControl"] == "90 min + 30 s"
    assert first.variant == "standard"  # GameType 20
    assert (second.tags["White"], second.tags["Black"]) == ("Lefèvre, Amélie", "Иванов, Сергей")
    assert second.tags["Result"] == "1-1" and second.game_ending == "1-1"
    assert second.moves == ["32-28", "18-23"]
    assert second.get_ratings() == ["1390", "1300"]


def test_a_second_fetch_after_a_result_differs_only_in_that_game(client, live_round, arbiter):
    """Board 1 gets its result (2-0): the second fetch's board 2 is byte for byte the first fetch's, board 1
    differs in its Result tag and the result after its moves only."""
    _rnd, g1, _g2 = live_round
    before = lidraughts_split(client.get(FEED).content.decode())
    etag = client.get(FEED)["ETag"]
    enter_result(g1, "2-0", arbiter)
    response = client.get(FEED, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200 and response["ETag"] != etag
    after = lidraughts_split(response.content.decode())
    assert after[1] == before[1]
    assert after[0] != before[0]
    assert after[0] == before[0].replace('[Result "*"]', '[Result "2-0"]').replace("28x19 *", "28x19 2-0")


def test_a_typed_move_changes_the_feed_and_nothing_else_answers_304(client, live_round, player):
    _rnd, g1, _g2 = live_round
    first = client.get(FEED)
    assert client.get(FEED, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    save_moves(g1, "1. 32-28 19-23 2. 28x19 14x23", user=player)
    second = client.get(FEED, HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 200
    assert PDNReader(pdn_text=second.content.decode()).games[0].moves == ["32-28", "19-23", "28x19", "14x23"]


def test_the_json_twin_holds_the_same_games(client, live_round):
    pdn = client.get(FEED).content.decode()
    response = client.get(JSON_FEED)
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    data = json.loads(response.content)
    assert list(data) == ["games"] and [list(g) for g in data["games"]] == [["pdn"], ["pdn"]]
    assert "\n".join(g["pdn"] for g in data["games"]) == pdn


def test_the_cached_feed_costs_a_few_queries(client, live_round, django_assert_max_num_queries):
    """A poll of an unchanged feed: the tournament, the round, the games' stamp; nothing is written again."""
    etag = client.get(FEED)["ETag"]
    with django_assert_max_num_queries(3):
        assert client.get(FEED).status_code == 200
    with django_assert_max_num_queries(3):
        assert client.get(FEED, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_published_identity_never_changes(client, tournament, entries, chief_arbiter):
    """lidraughts fails the sync when the game at a board's place changes White, Black, Round, Event or
    Site: they are frozen when the round is published. After renaming the tournament, its place and a
    player, the feed still writes the published ones; the PDN download writes the new ones."""
    from tournaments.services.rounds import publish_round

    rnd = Round.objects.create(tournament=tournament, number=1, status=Round.Status.DRAFT)
    Board.objects.create(round=rnd, number=1, white=entries[0], black=entries[1])
    Board.objects.create(round=rnd, number=2, white=entries[2], black=entries[3])
    publish_round(chief_arbiter, rnd)
    before = client.get(FEED).content.decode()
    tournament.name, tournament.place = "Renamed Open", "Zeist"
    tournament.save()
    Entry.objects.filter(pk=entries[0].pk).update(name="Jansen, Pieter")
    after = client.get(FEED).content.decode()
    assert [dict(tags_of(g)) for g in lidraughts_split(after)] == [dict(tags_of(g)) for g in lidraughts_split(before)]
    assert '[White "Jansen, Piet"]' in after and '[Event "Club Open"]' in after and '[Site "Utrecht"]' in after
    download = client.get("/g/t/club-open/round/1/pdn/").content.decode()
    assert '[White "Jansen, Pieter"]' in download and '[Event "Renamed Open"]' in download


@pytest.mark.parametrize("switch", ["is_public", "public_games"])
def test_private_games_are_never_in_a_feed(client, live_round, switch):
    rnd, _g1, _g2 = live_round
    setattr(rnd.tournament, switch, False)
    rnd.tournament.save()
    for url in (FEED, JSON_FEED):
        response = client.get(url)
        assert response.status_code == 404 and "Jansen" not in response.content.decode()
        assert response["Content-Type"] == "text/plain; charset=utf-8"


def test_a_draft_round_has_no_feed(client, live_round, login, chief_arbiter):
    rnd, _g1, _g2 = live_round
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.DRAFT)
    assert client.get(FEED).status_code == 404
    assert login(chief_arbiter).get(FEED).status_code == 404  # the feed is what the public sees


@pytest.mark.parametrize("query", ["?section=abc", "?section=0", "?section=-1", "?section=²", "?section=99999"])
def test_a_bad_section_is_a_clear_400(client, live_round, query):
    response = client.get(FEED + query)
    assert response.status_code == 400
    assert "section must be a whole number" in response.content.decode()


def test_sections_of_64_games(client, tournament, chief_arbiter):
    """66 boards: section 1 is boards 1-64 (lidraughts reads at most 64 games of one PDN source), section 2
    boards 65 and 66, section 3 does not exist."""
    players = Player.objects.bulk_create([Player(name=f"Speler, {i:03d}") for i in range(132)])
    entries = Entry.objects.bulk_create([Entry(tournament=tournament, player=p, name=p.name, start_number=i + 1)
                                         for i, p in enumerate(players)])
    rnd = Round.objects.create(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    boards = Board.objects.bulk_create([Board(round=rnd, number=b + 1, white=entries[2 * b], black=entries[2 * b + 1])
                                        for b in range(66)])
    for b in boards:
        game_for_board(b)
    one = lidraughts_split(client.get(FEED).content.decode())
    two = lidraughts_split(client.get(FEED + "?section=2").content.decode())
    assert len(one) == 64 and len(two) == 2
    assert [dict(tags_of(g))["Board"] for g in one] == [str(n) for n in range(1, 65)]
    assert [dict(tags_of(g))["White"] for g in two] == ["Speler, 128", "Speler, 130"]
    missing = client.get(FEED + "?section=3")
    assert missing.status_code == 404 and "sections 1-2" in missing.content.decode()


def test_the_round_page_shows_the_feed_and_how_to_broadcast_it(client, live_round):
    html = client.get("/t/club-open/round/1/").content.decode()
    assert "http://testserver/t/club-open/round/1/live.pdn" in html
    assert "lidraughts" in html and 'href="/t/club-open/round/1/boards/"' in html
