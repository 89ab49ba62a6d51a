"""Micro-matches and balloted openings in a tournament (issue 28): the settings, the opening draw of a round
(seeded, audited, reproducible, redrawn before publishing), the two games of a pairing from the drawn
opening with the colours reversed, and the standings counting game points or micro-match points."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arbiter.ballots import draw, load_deck
from games.models import Game
from games.services.results import enter_result
from games.services.trf_io import tournament_to_trf, trf_export
from tests.tournaments.test_forms_round_trip import FormReader
from tournaments.models import AuditEntry, Board, Round, Tournament
from tournaments.reports.standings import load_results, standings_for, standings_input, tiebreak_order
from tournaments.services.errors import ServiceError
from tournaments.services.openings import draw_openings, earlier_labels, replay_draw
from tournaments.services.pairing import pair_round
from tournaments.services.registration import update_tournament
from tournaments.services.rounds import publish_round
from tournaments.standings import StandingsError, parse_tiebreaks
from tournaments.standings.explain import explain_standings
from tournaments.trf import TrfCell
from tournaments.vocabulary import DRAUGHTS_SCORING, MicroMatch, score_micro_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def micro(tournament, entries, chief_arbiter):
    """The fixture tournament as a Russian round robin of micro-matches on the FMJD 64 table, one opening
    per pairing (four players: two pairings a round)."""
    update_tournament(chief_arbiter, tournament, {
        "rule_profile": "russian", "pairing_system": "berger", "rounds_planned": 3, "games_per_pairing": 2,
        "pairing_score": "match", "opening_deck": "fmjd64", "opening_draw": "pairing"})
    tournament.refresh_from_db()
    return tournament


def test_settings_are_audited_and_the_games_per_pairing_are_fixed_once_paired(micro, chief_arbiter):
    entry = AuditEntry.objects.filter(tournament=micro, action="tournament.update").latest("pk")
    assert "games_per_pairing" in entry.after and "opening_deck" in entry.after and "fmjd64" in entry.after
    pair_round(micro, chief_arbiter)
    with pytest.raises(ServiceError, match="games per pairing"):
        update_tournament(chief_arbiter, micro, {"games_per_pairing": 1})


def test_pairing_draws_one_opening_per_pairing_recorded_with_its_seed(micro, chief_arbiter):
    rnd = pair_round(micro, chief_arbiter).round
    rnd.refresh_from_db()
    boards = list(rnd.boards.filter(bye_kind="").order_by("number"))
    labels = [b.opening for b in boards]
    assert rnd.opening_deck == "fmjd64" and rnd.opening_seed
    # Independent oracle: the pure draw with the recorded seed and no earlier rounds.
    assert tuple(labels) == draw(load_deck("fmjd64"), 2, rnd.opening_seed).labels == replay_draw(rnd)
    assert len(set(labels)) == 2
    entry = AuditEntry.objects.get(tournament=micro, action="round.draw_openings")
    assert entry.after == (f"opening_deck=fmjd64; opening_seed={rnd.opening_seed}; "
                           f"openings=1: {labels[0]}, 2: {labels[1]}")
    assert entry.before == ""


def test_the_audit_page_words_the_draw(micro, chief_arbiter, client):
    rnd = pair_round(micro, chief_arbiter).round
    rnd.refresh_from_db()
    client.force_login(chief_arbiter)
    body = client.get(reverse("tournament_audit", args=[micro.slug])).content.decode()
    assert "Drew the openings of a round" in body and "Openings by board: 1: " in body
    assert f"Seed of the opening draw: {rnd.opening_seed}" in body and "opening_deck=" not in body


def test_one_opening_per_round_puts_it_on_every_board(micro, chief_arbiter):
    update_tournament(chief_arbiter, micro, {"opening_draw": "round"})
    rnd = pair_round(micro, chief_arbiter).round
    labels = {b.opening for b in rnd.boards.filter(bye_kind="")}
    assert len(labels) == 1 and "" not in labels


def test_redraw_before_publishing_is_audited_and_refused_after(micro, chief_arbiter):
    rnd = pair_round(micro, chief_arbiter).round
    draw_openings(chief_arbiter, rnd, seed="redraw-1")
    rnd.refresh_from_db()
    assert rnd.opening_seed == "redraw-1"
    expected = draw("fmjd64", 2, "redraw-1").labels
    assert tuple(b.opening for b in rnd.boards.filter(bye_kind="").order_by("number")) == expected
    redraw = AuditEntry.objects.filter(tournament=micro, action="round.draw_openings").latest("pk")
    assert "opening_seed=redraw-1;" in redraw.after and "opening_seed=" in redraw.before
    assert "redraw-1" not in redraw.before
    publish_round(chief_arbiter, rnd)
    with pytest.raises(ServiceError, match="already published"):
        draw_openings(chief_arbiter, rnd)


def test_published_pairing_holds_two_games_from_the_opening_colours_reversed(micro, chief_arbiter):
    rnd = publish_round(chief_arbiter, pair_round(micro, chief_arbiter).round)
    deck = load_deck("fmjd64")
    for board in rnd.boards.filter(bye_kind=""):
        games = list(board.games.order_by("number"))
        assert [g.number for g in games] == [1, 2]
        assert (games[0].white_id, games[0].black_id) == (board.white_id, board.black_id)
        assert (games[1].white_id, games[1].black_id) == (board.black_id, board.white_id)
        assert {g.opening for g in games} == {board.opening}
        assert {g.start_fen for g in games} == {deck.opening(board.opening).fen}


def test_no_opening_comes_again_in_a_later_round(micro, chief_arbiter):
    """Round 2 continues the deck without replacement: the pure draw with round 1's labels as history."""
    r1 = publish_round(chief_arbiter, pair_round(micro, chief_arbiter).round)
    for game in Game.objects.filter(board__round=r1):
        enter_result(game, "1-1", chief_arbiter)
    r2 = pair_round(micro, chief_arbiter).round
    r2.refresh_from_db()
    first = [b.opening for b in r1.boards.filter(bye_kind="").order_by("number")]
    second = [b.opening for b in r2.boards.filter(bye_kind="").order_by("number")]
    assert earlier_labels(r2, "fmjd64") == first
    assert not set(first) & set(second)
    assert tuple(second) == draw("fmjd64", 2, r2.opening_seed, first).labels


def test_publishing_draws_what_is_missing(micro, chief_arbiter):
    """A deck chosen after pairing: the round's openings are drawn when it is published (audited)."""
    update_tournament(chief_arbiter, micro, {"opening_deck": ""})
    rnd = pair_round(micro, chief_arbiter).round
    assert not rnd.boards.exclude(opening="").exists()
    update_tournament(chief_arbiter, micro, {"opening_deck": "idf150"})
    publish_round(chief_arbiter, rnd)
    rnd.refresh_from_db()
    assert rnd.opening_deck == "idf150"
    assert Game.objects.filter(board__round=rnd, opening="").count() == 0
    assert AuditEntry.objects.filter(tournament=micro, action="round.draw_openings").count() == 1


def test_score_micro_match_by_hand() -> None:
    """Game 1: the first-named player has White and wins (2-0); game 2 (colours reversed) a draw (1-1):
    game points 2+1 = 3 against 0+1 = 1, the micro-match won (code 1, worth 2). Game 1 won by White and
    game 2 won by White (the second-named player): 2-2, a drawn micro-match. Two forfeit wins: + and -."""
    s = DRAUGHTS_SCORING
    assert score_micro_match(["2-0", "1-1"], s) == MicroMatch("1", "0", 3.0, 1.0, ("1", "="), ("0", "="))
    mm = score_micro_match(["2-0", "2-0"], s)
    assert (mm.first, mm.second, mm.first_points, mm.second_points) == ("=", "=", 2.0, 2.0)
    mm = score_micro_match(["0-2", "1-1"], s)  # game 1 lost with White, game 2 drawn: 1 against 3
    assert (mm.first, mm.second, mm.first_points, mm.second_points) == ("0", "1", 1.0, 3.0)
    mm = score_micro_match(["+-", "-+"], s)  # both games won by forfeit by the first-named player
    assert (mm.first, mm.second, mm.first_points, mm.second_points) == ("+", "-", 4.0, 0.0)


def _play_round_one(t, arbiter) -> Round:
    """Round 1 of the Berger table for 4: 1-4 and 2-3 (first-named White in game 1). Results:
    board with 1: game 1 (1 White) 2-0, game 2 (4 White) 1-1 -> 1: 3 game points, 4: 1.
    board with 2 and 3: both games drawn -> 2 and 3: 2 game points each."""
    rnd = publish_round(arbiter, pair_round(t, arbiter).round)
    for board in rnd.boards.filter(bye_kind="").select_related("white", "black"):
        games = list(board.games.order_by("number"))
        if 1 in (board.white.start_number, board.black.start_number):
            first_is_one = board.white.start_number == 1
            enter_result(games[0], "2-0" if first_is_one else "0-2", arbiter)
            enter_result(games[1], "1-1", arbiter)
        else:
            enter_result(games[0], "1-1", arbiter)
            enter_result(games[1], "1-1", arbiter)
    return rnd


def _points(t) -> dict[int, float]:
    return {r.start_number: r.points for r in standings_for(t).rows}


def test_standings_count_micro_match_points_game_points_first_tiebreak(micro, chief_arbiter):
    """Micro-match scoring: 1 won (2), 4 lost (0), 2 and 3 drew (1 each); game points 3, 1, 2, 2 rank
    the tie of 2 and 3 nowhere (equal) and are the first tie-break."""
    _play_round_one(micro, chief_arbiter)
    assert _points(micro) == {1: 2.0, 2: 1.0, 3: 1.0, 4: 0.0}
    assert tiebreak_order(micro)[0] == "GP"
    rows = {r.start_number: r for r in standings_for(micro).rows}
    assert {sn: rows[sn].tiebreaks["GP"] for sn in rows} == {1: 3.0, 2: 2.0, 3: 2.0, 4: 1.0}


def test_standings_count_every_game_when_the_event_says_so(micro, chief_arbiter):
    """Game-point scoring: 1: 2+1 = 3, 4: 0+1 = 1, 2 and 3: 1+1 = 2."""
    update_tournament(chief_arbiter, micro, {"pairing_score": "games"})
    _play_round_one(micro, chief_arbiter)
    assert _points(micro) == {1: 3.0, 2: 2.0, 3: 2.0, 4: 1.0}
    assert "GP" not in tiebreak_order(micro)


def test_a_pairing_with_one_game_confirmed_is_pending(micro, chief_arbiter):
    rnd = publish_round(chief_arbiter, pair_round(micro, chief_arbiter).round)
    board = rnd.boards.filter(bye_kind="").order_by("number").first()
    assert isinstance(board, Board)
    enter_result(board.games.get(number=1), "2-0", chief_arbiter)
    assert _points(micro) == {1: 0.0, 2: 0.0, 3: 0.0, 4: 0.0}


def test_game_points_tiebreak_is_known() -> None:
    assert parse_tiebreaks(["GP", "SB"], "round_robin") == ("GP", "SB")
    with pytest.raises(StandingsError):
        parse_tiebreaks(["GPX"], "round_robin")


def test_trf_export_writes_two_rounds_per_micro_match(micro, chief_arbiter):
    """Round 1 (1-4, 2-3; see ``_play_round_one``) is TRF rounds 1 and 2: player 1 has 4 with White and a
    win, then 4 with Black and a draw (3 game points); player 4 the mirror (0 then =, 1 point); 2 and 3
    two draws each. Every TRF reader sums the cells: 3, 2, 2, 1. The rank is the event's (micro-match
    points: 1 first, 2 and 3 next, 4 last)."""
    _play_round_one(micro, chief_arbiter)
    trf = tournament_to_trf(micro)
    players = {p.start: p for p in trf.players}
    assert players[1].cells == (TrfCell(4, "w", "1"), TrfCell(4, "b", "="))
    assert players[4].cells == (TrfCell(1, "b", "0"), TrfCell(1, "w", "="))
    assert {sn: p.points for sn, p in players.items()} == {1: 3.0, 2: 2.0, 3: 2.0, 4: 1.0}
    assert players[1].rank == 1 and players[4].rank == 4
    assert trf.total_rounds == 6 and "2r-1 to 2r" in trf.comments[0]
    export = trf_export(micro)
    assert export.rounds == 1 and "### Micro-matches" in export.text


def _settings_form(client, t):
    page = client.get(reverse("tournaments:settings", args=[t.slug]))
    form = FormReader()
    form.feed(page.content.decode())
    return page.content.decode(), form.fields


def test_the_settings_page_sets_a_micro_match_and_its_deck(client, tournament, chief_arbiter):
    """A Russian event offers the decks of Russian draughts (fmjd64, idf150), not the English ones; a
    deck of another game is refused with a message naming it; the saved change is audited."""
    Tournament.objects.filter(pk=tournament.pk).update(rule_profile="russian")
    client.force_login(chief_arbiter)
    body, fields = _settings_form(client, tournament)
    assert 'value="fmjd64"' in body and 'value="idf150"' in body and 'value="english-3move"' not in body
    url = reverse("tournaments:settings", args=[tournament.slug])
    refused = client.post(url, {**fields, "games_per_pairing": "2", "opening_deck": "english-3move"})
    assert refused.status_code == 200 and "english-3move" in refused.content.decode()
    response = client.post(url, {**fields, "games_per_pairing": "2", "pairing_score": "match",
                                 "opening_deck": "idf150", "opening_draw": "round"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.games_per_pairing, tournament.pairing_score, tournament.opening_deck,
            tournament.opening_draw) == (2, "match", "idf150", "round")
    assert "opening_deck" in AuditEntry.objects.filter(action="tournament.update").latest("pk").after


def test_a_deck_changed_during_the_event_starts_afresh(micro, chief_arbiter):
    """Round 1 drawn from fmjd64, then the deck becomes idf150: round 2 draws from idf150 with no history
    (fmjd64's labels are not idf150's), never refusing to pair."""
    r1 = publish_round(chief_arbiter, pair_round(micro, chief_arbiter).round)
    for game in Game.objects.filter(board__round=r1):
        enter_result(game, "1-1", chief_arbiter)
    update_tournament(chief_arbiter, micro, {"opening_deck": "idf150"})
    r2 = pair_round(micro, chief_arbiter).round
    r2.refresh_from_db()
    assert earlier_labels(r2, "idf150") == []
    assert tuple(b.opening for b in r2.boards.filter(bye_kind="").order_by("number")) == draw(
        "idf150", 2, r2.opening_seed).labels


def test_the_game_points_tie_break_is_explained_round_by_round(micro, chief_arbiter, client):
    """2 and 3 drew their micro-match (1 match point each, game points 1+1 = 2 each): the tie is explained
    by GP, one part for round 1 worth 2; the public standings page shows it."""
    _play_round_one(micro, chief_arbiter)
    explained = explain_standings(standings_input(micro, load_results(micro)))
    gp = explained.values[2]["GP"]
    assert gp.value == 2.0 and gp.method == "sum" and [(p.round, p.value) for p in gp.parts] == [(1, 2.0)]
    assert client.get(reverse("public:standings", args=[micro.slug])).status_code == 200


def test_a_bye_is_worth_a_micro_match_or_one_game_by_hand() -> None:
    """Under 2/1/0 with two games per pairing. Counted as a micro-match: a PAB is two games won, 2 + 2 = 4
    game points (an event counting every game scores 4; an event counting micro-matches scores the PAB's
    own 2 match points, a micro-match won, with 4 game points); a half-point bye two draws, 1 + 1 = 2; a
    zero-point bye nothing. Counted as one game: the PAB's 2 points once, no game points of its own."""
    from tournaments.vocabulary import unpaired_micro_match_record

    s = DRAUGHTS_SCORING
    pab = unpaired_micro_match_record(3, "U", 2, s, by_games=True, bye_worth="match")
    assert (pab.points(s), pab.game_points, pab.games, pab.opponent) == (4.0, 4.0, ("U", "U"), None)
    pab = unpaired_micro_match_record(3, "U", 2, s, by_games=False, bye_worth="match")
    assert (pab.points(s), pab.game_points) == (2.0, 4.0)
    half = unpaired_micro_match_record(3, "H", 2, s, by_games=True, bye_worth="match")
    assert (half.points(s), half.game_points) == (2.0, 2.0)
    assert unpaired_micro_match_record(3, "Z", 2, s, by_games=True, bye_worth="match").points(s) == 0.0
    one = unpaired_micro_match_record(3, "U", 2, s, by_games=True, bye_worth="game")
    assert (one.points(s), one.game_points, one.games) == (2.0, None, ())
    single = unpaired_micro_match_record(3, "U", 1, s, by_games=True, bye_worth="match")
    assert (single.points(s), single.games) == (2.0, ())


def _round_with_a_bye(t, arbiter) -> None:
    """Five players, round 1 by hand: 1-2 (1 wins both games: 4 game points to 0), 3-4 (two draws: 2 each),
    5 the pairing-allocated bye."""
    from tests.conftest import _entry

    fifth = _entry(t, None, "Dubois, Claire", 5, 1250)
    entries = {e.start_number: e for e in t.entries.all()}
    rnd = Round.objects.create(tournament=t, number=1)
    Board.objects.create(round=rnd, number=1, white=entries[1], black=entries[2])
    Board.objects.create(round=rnd, number=2, white=entries[3], black=entries[4])
    Board.objects.create(round=rnd, number=3, white=fifth, bye_kind=Board.ByeKind.PAB)
    rnd = publish_round(arbiter, rnd)
    for board in rnd.boards.filter(bye_kind=""):
        first, second = board.games.order_by("number")
        if board.number == 1:  # 1 White in game 1 wins (2-0), 1 Black in game 2 wins (0-2)
            enter_result(first, "2-0", arbiter)
            enter_result(second, "0-2", arbiter)
        else:
            enter_result(first, "1-1", arbiter)
            enter_result(second, "1-1", arbiter)


@pytest.mark.parametrize(("score", "bye", "points", "gp_of_5"), [
    ("games", "match", {1: 4.0, 2: 0.0, 3: 2.0, 4: 2.0, 5: 4.0}, None),
    ("games", "game", {1: 4.0, 2: 0.0, 3: 2.0, 4: 2.0, 5: 2.0}, None),
    ("match", "match", {1: 2.0, 2: 0.0, 3: 1.0, 4: 1.0, 5: 2.0}, 4.0),
    ("match", "game", {1: 2.0, 2: 0.0, 3: 1.0, 4: 1.0, 5: 2.0}, 2.0),
])
def test_the_standings_score_the_bye_as_the_event_says(micro, chief_arbiter, score, bye, points, gp_of_5):
    """``_round_with_a_bye``: a micro-match won is 4 game points or 2 match points; the bye of player 5 is
    worth as much (a micro-match, the default) or one game's 2 points; with micro-match scoring its game
    points (the first tie-break) are 4 or 2."""
    update_tournament(chief_arbiter, micro, {"pairing_system": "dutch", "pairing_score": score,
                                             "micro_match_bye": bye})
    micro.refresh_from_db()
    _round_with_a_bye(micro, chief_arbiter)
    assert _points(micro) == points
    if gp_of_5 is not None:
        rows = {r.start_number: r for r in standings_for(micro).rows}
        assert rows[5].tiebreaks["GP"] == gp_of_5 and rows[1].tiebreaks["GP"] == 4.0


def test_the_bye_setting_is_audited_and_defaults_to_a_micro_match(micro, chief_arbiter):
    assert micro.micro_match_bye == "match"
    update_tournament(chief_arbiter, micro, {"micro_match_bye": "game"})
    entry = AuditEntry.objects.filter(tournament=micro, action="tournament.update").latest("pk")
    assert "micro_match_bye" in entry.after and "game" in entry.after


def test_trf_export_writes_a_micro_match_bye_in_every_game(micro, chief_arbiter):
    """Every game counts, the bye a micro-match: player 5's round 1 is TRF rounds 1 and 2, U in both (a
    TRF reader sums 2 + 2 = 4, the standings' 4); counted as one game: U then Z (2)."""
    update_tournament(chief_arbiter, micro, {"pairing_system": "dutch", "pairing_score": "games"})
    micro.refresh_from_db()
    _round_with_a_bye(micro, chief_arbiter)
    fifth = {p.start: p for p in tournament_to_trf(micro).players}[5]
    assert fifth.cells == (TrfCell(None, None, "U"), TrfCell(None, None, "U")) and fifth.points == 4.0
    update_tournament(chief_arbiter, micro, {"micro_match_bye": "game"})
    micro.refresh_from_db()
    fifth = {p.start: p for p in tournament_to_trf(micro).players}[5]
    assert fifth.cells == (TrfCell(None, None, "U"), TrfCell(None, None, "Z")) and fifth.points == 2.0
