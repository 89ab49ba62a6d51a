"""Moves typed during play (issue 30, part 2): ``games.services.live_moves.save_moves`` and its views."""

from __future__ import annotations

import pytest
from django.db import transaction

from games.models import Game
from games.services import GameError
from games.services.live_moves import save_moves
from games.services.results import enter_result
from tournaments.models import AuditEntry, Round, Tournament
from tournaments.versioning import tournament_changed

from .conftest import OPENING


def _versions(game):
    game.refresh_from_db()
    t = Tournament.objects.get(pk=game.board.round.tournament_id)
    return game.version, t.version


def test_a_typed_move_changes_only_the_games_version_and_schedules_no_rebuild(game, player,
                                                                              django_capture_on_commit_callbacks):
    """Before: game version v, tournament version T. After saving 1. 32-28 19-23 (2 plies): game v+1, the
    tournament still T, nothing announced after commit (``tournament_changed`` starts the rebuild of the
    documents), one audit entry ``game.moves`` with plies 0 -> 2."""
    heard: list[int] = []

    def listen(sender, tournament_id, **kwargs):
        heard.append(tournament_id)

    game_v, t_v = _versions(game)
    tournament_changed.connect(listen)
    try:
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            saved = save_moves(game, "1. 32-28 19-23", user=player)
    finally:
        tournament_changed.disconnect(listen)
    assert saved.plies == 2 and saved.changed
    assert _versions(game) == (game_v + 1, t_v)
    assert heard == [] and callbacks == []
    game.refresh_from_db()
    assert game.moves == "1. 32-28 19-23"
    entry = AuditEntry.objects.get(action="game.moves")
    assert (entry.actor, entry.before, entry.after) == (player, "plies=0", "plies=2")


def test_the_same_moves_again_change_nothing(game, player):
    save_moves(game, OPENING, user=player)
    versions = _versions(game)
    again = save_moves(game, OPENING + "  ", user=player)
    assert not again.changed and again.plies == 10
    assert _versions(game) == versions
    assert AuditEntry.objects.filter(action="game.moves").count() == 1


def test_an_illegal_move_is_refused_with_its_move_number_and_nothing_is_stored(game, player):
    """1. 32-28 19-23 2. 28-22: after 19-23 White must capture (28x19), so White's second move is refused,
    naming move 2, White and the move as typed."""
    save_moves(game, "1. 32-28", user=player)
    versions = _versions(game)
    with pytest.raises(GameError) as refused:
        save_moves(game, "1. 32-28 19-23 2. 28-22", user=player)
    assert refused.value.message.startswith("Move 2, White 28-22")
    assert "capture" in refused.value.message.lower()
    assert _versions(game) == versions
    game.refresh_from_db()
    assert game.moves == "1. 32-28"


def test_an_unreadable_text_is_refused_with_line_and_column(game, player):
    with pytest.raises(GameError) as refused:
        save_moves(game, "1. 32-28 19-23\n2. hello", user=player)
    assert refused.value.message.startswith("Line 2, column")


def test_who_may_type(game, player, opponent, other_player, arbiter, outsider, foreign_arbiter):
    save_moves(game, "32-28", user=player)
    save_moves(game, "32-28 19-23", user=opponent)
    save_moves(game, "32-28 19-23 28x19", user=arbiter)
    for user in (other_player, outsider, foreign_arbiter, None):
        with pytest.raises(GameError, match="Only the arbiters and the players"):
            save_moves(game, "32-28", user=user)


def test_a_confirmed_result_leaves_the_moves_to_the_arbiters(game, player, arbiter):
    enter_result(game, "2-0", arbiter, moves="32-28")
    with pytest.raises(GameError, match="confirmed"):
        save_moves(game, "32-28 19-23", user=player)
    assert save_moves(game, "32-28 19-23", user=arbiter).changed


def test_a_draft_round_takes_no_moves(game, arbiter):
    Round.objects.filter(pk=game.board.round_id).update(status=Round.Status.DRAFT)
    game = Game.objects.select_related("board__round__tournament").get(pk=game.pk)
    with pytest.raises(GameError, match="draft"):
        save_moves(game, "32-28", user=arbiter)


def test_a_private_link_types_for_its_own_game_only(game, other_game, tournament, entries, chief_arbiter):
    """The fourth entry (no account) plays Black on board 2: its link types there, not on board 1."""
    from games.services.links import create_link

    link = create_link(tournament, entries[3], chief_arbiter)
    assert save_moves(other_game, "32-28", link=link).changed
    entry = AuditEntry.objects.get(action="game.moves")
    assert entry.actor is None and "typed_for=Иванов, Сергей" in entry.after
    with pytest.raises(GameError):
        save_moves(game, "32-28", link=link)


def test_the_save_button_stores_and_says_so(game, player, login):
    client = login(player)
    page = client.get(f"/g/{game.pk}/").content.decode()
    assert f'formaction="/g/{game.pk}/moves/save/"' in page
    response = client.post(f"/g/{game.pk}/moves/save/", {"moves": OPENING}, follow=True)
    assert "Saved: 10 half-moves" in response.content.decode()
    game.refresh_from_db()
    assert game.moves == OPENING
    refused = client.post(f"/g/{game.pk}/moves/save/", {"moves": OPENING + " 6. 99-98"}, follow=True)
    assert "The moves were not saved" in refused.content.decode()
    game.refresh_from_db()
    assert game.moves == OPENING


def test_a_move_shows_on_the_live_fragments_without_touching_the_tournament(client, game, player):
    """The public live fragments are shared pages keyed by the game versions: a spectator holding the ETag
    gets 304 until a move is saved, then the new board."""
    url = f"/t/club-open/game/{game.pk}/live/"
    boards = "/t/club-open/round/1/boards/live/"
    first, first_boards = client.get(url), client.get(boards)
    assert first.status_code == 200 and "No moves yet" in first.content.decode()
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    assert client.get(boards, HTTP_IF_NONE_MATCH=first_boards["ETag"]).status_code == 304
    with transaction.atomic():
        save_moves(game, "1. 32-28 19-23", user=player)
    after = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and "Last move: 1… 19-23" in after.content.decode()
    after_boards = client.get(boards, HTTP_IF_NONE_MATCH=first_boards["ETag"])
    assert after_boards.status_code == 200 and "1… 19-23" in after_boards.content.decode()


@pytest.mark.parametrize(("boards", "columns"), [(1, 3), (2, 3), (15, 8), (64, 13), (500, 16)])
def test_the_projector_fits_every_board_on_one_screen(boards, columns):
    """By hand: a board with its names is 1.3 times as high as wide and the grid has 90 % of a 16:9 screen,
    so c columns fit when ceil(n / c) x 1.3 x 16/9 / c <= 0.9 (1.3 x 16/9 = 2.311).
    1 board: c=2 gives 1.16, c=3 gives 0.77 -> 3. 15 boards: c=7 gives 3 x 2.311 / 7 = 0.99, c=8 gives
    2 x 2.311 / 8 = 0.58 -> 8. 64 boards: c=12 gives 6 x 2.311 / 12 = 1.16, c=13 gives 5 x 2.311 / 13 = 0.89
    -> 13. 500 boards: capped at 16 (the page scrolls)."""
    from tournaments.public.live_boards import screen_columns

    assert screen_columns(boards) == columns


def test_the_projector_screen_of_the_live_boards(client, game, other_game):
    html = client.get("/t/club-open/round/1/boards/?screen=projector").content.decode()
    assert 'class="projector live-screen"' in html and 'class="cols-3"' in html
    assert html.count('<li class="live-board') == 2 and 'data-live-url="/t/club-open/round/1/boards/live/"' in html


def test_the_save_each_move_box_gets_plain_words(game, player, login):
    """The entry page's "save each move" box posts with HX-Request: a short plain-text answer, no page and
    no message left for the next page."""
    client = login(player)
    assert 'id="live-save"' in client.get(f"/g/{game.pk}/").content.decode()
    ok = client.post(f"/g/{game.pk}/moves/save/", {"moves": "32-28"}, HTTP_HX_REQUEST="true")
    assert (ok.status_code, ok.content.decode()) == (200, "Saved: 1 half-move. Spectators see it on the live board.")
    refused = client.post(f"/g/{game.pk}/moves/save/", {"moves": "32-28 19-23 28-22"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 422
    assert refused.content.decode().startswith("The moves were not saved: Move 2, White 28-22")
    assert 'class="messages"' not in client.get(f"/g/{game.pk}/").content.decode()
