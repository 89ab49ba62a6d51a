"""Demo data: a finished 10-player round robin, a 30-player Swiss in progress, and one finished
tournament of each draughts Swiss system (issue 26): an FMJD open on Solkoff (with an early draw scored
0-0 and a default time applied), a Swiss on rating (with a plus-draw), a 9-player club evening on
resistance points and a Moyenne competition; a finished event of two stages (issue 29); and micro-matches
from balloted openings (issue 28): a finished Russian draughts round robin of six on the FMJD drawing
table for 64, and an English checkers Swiss in progress on the three-move deck; team events (issue 27,
``games.demo_teams``): a finished 8-team league on 8 boards and a 10-team Swiss of fours in round 3;
and a finished club final of four whose tie for first was decided by a recorded play-off (issue 26).

``python manage.py seed_demo`` is idempotent: a tournament whose short name already exists is
left alone, accounts that exist keep their passwords, so running it twice changes nothing.

Everything goes through the services an arbiter uses (create, register, pair, publish, enter
results), so the demo has the same audit log, reasons and documents as real events; results
are confirmed ``ResultSubmission`` rows. Results are drawn from the ratings with a fixed seed,
so every run produces the same tournaments.

After its results are in, each demo tournament gets real games with moves (``games.demo.seed_games``).
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import cast

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction

from games.demo import plausible_result, seed_games
from games.demo_teams import seed_team_league, seed_team_swiss
from games.models import ResultSubmission
from games.services.games import game_for_board
from games.services.results import apply_default_time, enter_result, mark_draw
from tournaments.models import Absence, Board, Entry, Player, Round, Tournament
from tournaments.services.pairing import pair_round
from tournaments.services.playoffs import playoff_candidates, record_playoff
from tournaments.services.prizes import save_prize_setup
from tournaments.services.registration import (
    create_tournament,
    freeze_start_numbers,
    link_user,
    register_player,
    update_player,
    update_tournament,
)
from tournaments.services.rounds import finish_round, publish_round
from tournaments.services.stages import TransitionRequest, create_next_stage

ROUND_ROBIN_SLUG = "utrecht-club-championship-2026"
SWISS_SLUG = "amersfoort-autumn-open-2026"
SWISS_ROUNDS_DONE = 4
SWISS_ROUNDS = 7
EVENT_SLUG = "nk-rapid-2026"
EVENT_PLAYERS = 18  # a 7-round Swiss, then finals A, B and C of six (issue 29)
EVENT_WOMEN = {"Sow, Aïssatou", "Köhler, Lena", "Girard, Noémie", "Wiśniewska, Zofia", "Moreau, Hélène",
               "Петрова, Татьяна", "Brouwer, Anouk"}
PLAYOFF_SLUG = "hoofddorp-club-final-2026"


@dataclass(frozen=True)
class DemoAccount:
    username: str
    password: str
    first_name: str
    last_name: str
    description: str
    is_staff: bool = False
    is_superuser: bool = False


ARBITER = DemoAccount("arbiter", "arbiter-demo", "Henk", "Scholten", "chief arbiter of every demo tournament")
PLAYER_ONE = DemoAccount("pieter", "pieter-demo", "Pieter", "de Vries", "player in every demo tournament")
PLAYER_TWO = DemoAccount("anja", "anja-demo", "Anja", "Schäfer", "player in every demo tournament")
ADMIN = DemoAccount("admin", "admin-demo", "Ada", "Admin", "staff: status page, admin, create tournaments", True, True)
ACCOUNTS = (ARBITER, PLAYER_ONE, PLAYER_TWO, ADMIN)

# name (Lastname, Firstname), title, federation, club, rating, birth year
PlayerRow = tuple[str, str, str, str, int, int]

ACCOUNT_PLAYERS: dict[str, PlayerRow] = {
    PLAYER_ONE.username: ("de Vries, Pieter", "MF", "NED", "DC Utrecht", 2108, 1994),
    PLAYER_TWO.username: ("Schäfer, Anja", "MIF", "GER", "Damenclub Hamburg", 1946, 1999),
}

ROUND_ROBIN_PLAYERS: list[PlayerRow] = [
    ("van den Berg, Sanne", "MFF", "NED", "DC Utrecht", 2015, 2001),
    ("Jansen, Kees", "", "NED", "DC Utrecht", 1884, 1968),
    ("Bakker, Ruud", "MI", "NED", "DC Utrecht", 2236, 1985),
    ("Visser, Femke", "", "NED", "DC Utrecht", 1752, 2007),
    ("van Dijk, Joost", "", "NED", "DC Utrecht", 1931, 1979),
    ("Smit, Marieke", "", "NED", "DC Utrecht", 1688, 1990),
    ("Meijer, Bram", "", "NED", "DC Utrecht", 1817, 2005),
    ("IJzerman, Geert-Jan", "MF", "NED", "DC Utrecht", 2152, 1976),
]

SWISS_PLAYERS: list[PlayerRow] = [
    ("Шварцман, Алексей", "GMI", "RUS", "ШК «Маяк» Москва", 2391, 1988),
    ("N'Diaye, Mamadou", "GMI", "SEN", "Damier Dakarois", 2364, 1992),
    ("Фёдоров, Никита", "MI", "RUS", "ШК «Маяк» Москва", 2298, 1996),
    ("Ozoliņš, Jānis", "MI", "LAT", "Rīgas Dambretes klubs", 2276, 1987),
    ("Lefèvre, Amélie", "GMIF", "FRA", "Damier Lyonnais", 2254, 1993),
    ("de Jong, Ineke", "MF", "NED", "Van Stigt Thans", 2187, 1983),
    ("Dubois, François", "MF", "FRA", "Damier Parisien", 2163, 1974),
    ("Kowalski, Paweł", "MF", "POL", "KWS Warcaby Kraków", 2141, 1990),
    ("Соколова, Ольга", "MIF", "RUS", "ШК «Нева» Санкт-Петербург", 2122, 1998),
    ("Mulder, Teun", "", "NED", "Damclub Hoofddorp", 2096, 1981),
    ("Weiß, Günther", "", "GER", "Damenclub Hamburg", 2064, 1962),
    ("Sow, Aïssatou", "MFF", "SEN", "Damier Dakarois", 2041, 2000),
    ("Bénard, Loïc", "", "FRA", "Club de Dames de Marseille", 2019, 1986),
    ("Кузнецов, Дмитрий", "", "RUS", "ШК «Маяк» Москва", 1998, 2004),
    ("Köhler, Lena", "", "GER", "Dame-Verein Berlin", 1973, 2002),
    ("Girard, Noémie", "", "FRA", "Damier Lyonnais", 1955, 2006),
    ("van Leeuwen, Maarten", "", "NED", "Van Stigt Thans", 1929, 1971),
    ("Groß, Matthias", "", "GER", "Dame-Verein Berlin", 1905, 1977),
    ("Wiśniewska, Zofia", "", "POL", "KWS Warcaby Kraków", 1886, 2003),
    ("Moreau, Hélène", "", "FRA", "Damier Parisien", 1860, 1965),
    ("Петрова, Татьяна", "", "RUS", "ШК «Нева» Санкт-Петербург", 1838, 1995),
    ("Hendriks, Sjoerd", "", "NED", "Damclub Hoofddorp", 1811, 1999),
    ("Brouwer, Anouk", "", "NED", "DC Amersfoort", 1784, 2008),
    ("Dijkstra, Wim", "", "NED", "DC Amersfoort", 1756, 1958),
    ("Peeters, Jozef", "", "BEL", "Damclub Antwerpen", 1731, 1980),
    ("Ngom, Jérôme", "", "FRA", "Club de Dames de Marseille", 1702, 2009),
    ("Ямпольский, Илья", "", "UKR", "Шашковий клуб Київ", 1677, 2010),
    ("Vermeulen, Daan", "", "NED", "DC Amersfoort", 1643, 2011),
]


def _users() -> dict[str, User]:
    """Create the demo accounts that do not exist yet; existing ones keep their passwords."""
    user_model = get_user_model()
    users: dict[str, User] = {}
    for account in ACCOUNTS:
        user, created = user_model.objects.get_or_create(
            username=account.username,
            defaults={
                "first_name": account.first_name,
                "last_name": account.last_name,
                "email": f"{account.username}@example.org",
                "is_staff": account.is_staff,
                "is_superuser": account.is_superuser,
            },
        )
        if created:
            user.set_password(account.password)
            user.save(update_fields=["password"])
        users[account.username] = user
    return users


def _player(row: PlayerRow) -> Player:
    """The demo player with this name (created once, shared by both tournaments)."""
    name, title, federation, club, rating, birth_year = row
    player, _created = Player.objects.get_or_create(
        name=name,
        defaults={
            "title": title,
            "federation": federation,
            "club": club,
            "rating": rating,
            "birth_year": birth_year,
        },
    )
    return player


def _register(
    arbiter: User, tournament: Tournament, players: Iterable[Player], accounts: dict[int, User] | None = None
) -> None:
    """Enter the players, link the demo accounts to their entries (``accounts``: player id -> user),
    and freeze start numbers."""
    for player in players:
        entry = register_player(arbiter, tournament, {}, player=player)
        user = (accounts or {}).get(player.pk)
        if user is not None:
            link_user(arbiter, entry, user)
    freeze_start_numbers(arbiter, tournament, "rating")


def _play_round(
    arbiter: User, tournament: Tournament, rng: random.Random, *, leave_open: Callable[[Board], bool]
) -> Round:
    """Pair and publish the next round, confirm a result on every game not ``leave_open``.

    A round whose every game has its result is then finished (the arbiter's sign-off).
    """

    outcome = pair_round(tournament, arbiter)
    rnd = publish_round(arbiter, outcome.round)
    boards = rnd.boards.filter(bye_kind="", black__isnull=False).select_related("white", "black")
    complete = True
    for board in boards.order_by("number"):
        # Drawn for every board: a stable sequence. Game boards (filtered above) seat both players.
        result = plausible_result(rng, cast(Entry, board.white), cast(Entry, board.black))
        if leave_open(board):
            complete = False
        else:
            enter_result(game_for_board(board), result, arbiter)
    if complete:
        rnd = finish_round(arbiter, rnd)
    return rnd


def seed_round_robin(users: dict[str, User]) -> Tournament | None:
    """A finished 10-player single round robin (Berger tables), every result confirmed."""

    if Tournament.objects.filter(slug=ROUND_ROBIN_SLUG).exists():
        return None
    arbiter = users[ARBITER.username]
    with transaction.atomic():
        tournament = create_tournament(
            arbiter,
            slug=ROUND_ROBIN_SLUG,
            name="Clubkampioenschap DC Utrecht 2026",
            place="Utrecht",
            federation="NED",
            start_date=datetime.date(2026, 9, 4),
            end_date=datetime.date(2026, 10, 30),
            time_control="80 min + 1 min/move",
            pairing_system="berger",
            rounds_planned=9,
        )
        accounts = {_player(ACCOUNT_PLAYERS[u]).pk: users[u] for u in (PLAYER_ONE.username, PLAYER_TWO.username)}
        players = [Player.objects.get(pk=pk) for pk in accounts]
        players += [_player(row) for row in ROUND_ROBIN_PLAYERS]
        _register(arbiter, tournament, players, accounts)
        rng = random.Random(ROUND_ROBIN_SLUG)
        for _round in range(9):
            _play_round(arbiter, tournament, rng, leave_open=lambda board: False)
        update_tournament(arbiter, tournament, {"status": Tournament.Status.FINISHED})
        seed_games(tournament)
    return tournament


def seed_swiss(users: dict[str, User]) -> Tournament | None:
    """A 30-player, 7-round Swiss: rounds 1-4 complete, round 5 published with some results still open.

    One player asked for a half-point bye in round 3 (so that round also has a pairing-allocated bye);
    the demo players' round-5 games are left open so they can submit their results.
    """

    if Tournament.objects.filter(slug=SWISS_SLUG).exists():
        return None
    arbiter = users[ARBITER.username]
    account_users = {users[PLAYER_ONE.username].pk, users[PLAYER_TWO.username].pk}
    with transaction.atomic():
        tournament = create_tournament(
            arbiter,
            slug=SWISS_SLUG,
            name="Amersfoort Autumn Open 2026",
            place="Amersfoort",
            federation="NED",
            start_date=datetime.date(2026, 11, 18),
            end_date=datetime.date(2026, 11, 22),
            time_control="90 min + 30 s/move",
            pairing_system="dutch",
            rounds_planned=SWISS_ROUNDS,
            draw_offer_min_move=40,
        )
        accounts = {_player(ACCOUNT_PLAYERS[u]).pk: users[u] for u in (PLAYER_ONE.username, PLAYER_TWO.username)}
        players = [Player.objects.get(pk=pk) for pk in accounts]
        players += [_player(row) for row in SWISS_PLAYERS]
        _register(arbiter, tournament, players, accounts)
        half_bye = Entry.objects.get(tournament=tournament, name="Weiß, Günther")
        Absence.objects.create(entry=half_bye, round_number=3, kind=Absence.Kind.HALF_BYE, note="Familienfeier")
        rng = random.Random(SWISS_SLUG)
        for _round in range(SWISS_ROUNDS_DONE):
            _play_round(arbiter, tournament, rng, leave_open=lambda board: False)

        def open_in_round_5(board: Board) -> bool:
            white, black = cast(Entry, board.white), cast(Entry, board.black)  # a game board
            players_users = {white.user_id, black.user_id}
            return bool(players_users & account_users) or board.number % 3 == 0

        _play_round(arbiter, tournament, rng, leave_open=open_in_round_5)
        seed_games(tournament)
    return tournament


# One finished tournament of each draughts Swiss system (issue 26): slug, name, system, players, rounds,
# settings. The players are the two demo accounts' and the Swiss's strongest.
SYSTEM_EVENTS: tuple[tuple[str, str, str, int, int, dict[str, object]], ...] = (
    ("demo-fmjd-solkoff-open-2026", "FMJD Open on Solkoff 2026", "solkoff", 12, 5,
     {"draw_offer_min_move": 40, "early_draw_scores_zero": True, "default_time_minutes": 30,
      "annul_early_withdrawals": True, "time_control": "80 min + 1 min/move"}),
    ("demo-swiss-on-rating-2026", "Swiss on Rating 2026", "rating", 10, 5, {"tiebreaks": "ARO,PMD"}),
    ("demo-resistance-club-evening-2026", "Clubavond DC Amersfoort 2026", "resistance", 9, 5, {}),
    ("demo-moyenne-competition-2026", "Moyenne-competitie DC Hoofddorp 2026", "moyenne", 8, 6,
     {"system_options": {"min_games": 4}}),
)
# A legal opening of five moves each (international draughts): a draw agreed after it is before move 40.
EARLY_DRAW_MOVES = "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 34-30 5-10 5. 40-34 20-24"


def _play_system_round(arbiter: User, tournament: Tournament, rng: random.Random) -> Round:
    """Pair, publish and play one round of a demo system event, then finish it. The Solkoff open's round
    2 board 1 agrees a draw after five moves (scored 0-0: no draw before move 40), its round 3 board 2
    has a late Black (default time: +-); the Swiss on rating's first draw is a plus-draw for White."""
    rnd = publish_round(arbiter, pair_round(tournament, arbiter).round)
    boards = rnd.boards.filter(bye_kind="", black__isnull=False).select_related("white", "black")
    for board in boards.order_by("number"):
        game = game_for_board(board)
        result = plausible_result(rng, cast(Entry, board.white), cast(Entry, board.black))
        if tournament.early_draw_scores_zero and (rnd.number, board.number) == (2, 1):
            enter_result(game, "1-1", arbiter, termination="agreement", moves=EARLY_DRAW_MOVES)
        elif tournament.default_time_minutes and (rnd.number, board.number) == (3, 2):
            apply_default_time(game, arbiter, "b")
        else:
            enter_result(game, result, arbiter)
            marked = tournament.tiebreaks and "PMD" in tournament.tiebreaks
            if marked and result == "1-1" and not ResultSubmission.objects.for_tournament(tournament).filter(
                    status="confirmed").exclude(draw_mark="").exists():
                mark_draw(game, arbiter, "w")
    return finish_round(arbiter, rnd)


def seed_system_events(users: dict[str, User]) -> list[Tournament]:
    """One finished tournament of each draughts Swiss system (``SYSTEM_EVENTS``); those already there
    are left alone."""
    arbiter = users[ARBITER.username]
    made = []
    for slug, name, system, n_players, rounds, settings in SYSTEM_EVENTS:
        if Tournament.objects.filter(slug=slug).exists():
            continue
        with transaction.atomic():
            tournament = create_tournament(
                arbiter, slug=slug, name=name, place="Nederland", federation="NED",
                start_date=datetime.date(2026, 10, 3), end_date=datetime.date(2026, 10, 4),
                pairing_system=system, rounds_planned=rounds)
            update_tournament(arbiter, tournament, dict(settings))
            accounts = {_player(ACCOUNT_PLAYERS[u]).pk: users[u] for u in (PLAYER_ONE.username, PLAYER_TWO.username)}
            players = [Player.objects.get(pk=pk) for pk in accounts]
            _register(arbiter, tournament, players + [_player(row) for row in SWISS_PLAYERS[:n_players - 2]], accounts)
            rng = random.Random(slug)
            for _round in range(rounds):
                _play_system_round(arbiter, tournament, rng)
            update_tournament(arbiter, tournament, {"status": Tournament.Status.FINISHED})
        made.append(tournament)
    return made


def seed_event(users: dict[str, User]) -> Tournament | None:
    """A finished event of two stages (issue 29): a 7-round Swiss of 18 players, then finals A, B and
    C of six by rank blocks (round robins of 5 rounds), every result confirmed; prizes on the Swiss
    (Hort system) and on final A, ratings on every stage's rating page."""

    if Tournament.objects.filter(slug=EVENT_SLUG).exists():
        return None
    arbiter = users[ARBITER.username]
    with transaction.atomic():
        swiss = create_tournament(
            arbiter, slug=EVENT_SLUG, name="NK Rapid 2026", place="Zeist", federation="NED",
            start_date=datetime.date(2026, 6, 13), end_date=datetime.date(2026, 6, 14),
            time_control="15 min + 5 s/move", pairing_system="dutch", rounds_planned=SWISS_ROUNDS)
        rows = SWISS_PLAYERS[-EVENT_PLAYERS:]
        _register(arbiter, swiss, [_player(row) for row in rows])
        # What the prize categories look at: sex and birth year (private details, kept per entry).
        # Demo FMJD ids (fictional, 9xxxx) so that the report to the federation can be made.
        for entry, row in zip(Entry.objects.filter(tournament=swiss).order_by("start_number"),
                              sorted(rows, key=lambda r: -r[4])):
            update_player(arbiter, entry, {"sex": "f" if row[0] in EVENT_WOMEN else "m", "birth_year": row[5],
                                           "fmjd_id": str(90000 + (entry.start_number or 0))})
        rng = random.Random(EVENT_SLUG)
        for _round in range(SWISS_ROUNDS):
            _play_round(arbiter, swiss, rng, leave_open=lambda board: False)
        swiss.refresh_from_db()
        save_prize_setup(arbiter, swiss, lists="Open: 300, 200, 100\nDames: 50 | sex=f\nJeugd: 50 | age<=18",
                         rule="hort", unit=100, one_prize_per_player=True, currency="€")
        create_next_stage(arbiter, swiss, TransitionRequest(kind="rank_blocks", group_size=6))
        for final in Tournament.objects.filter(event=swiss.event, stage=2).order_by("group"):
            for _round in range(final.rounds_planned):
                _play_round(arbiter, final, rng, leave_open=lambda board: False)
            if final.group == "A":
                save_prize_setup(arbiter, final, lists="Final A: 500, 300, 200, 100", rule="equal", unit=1,
                                 one_prize_per_player=True, currency="€")
    return swiss


MICRO_RR_SLUG = "moscow-micro-match-2026"
MICRO_SWISS_SLUG = "english-checkers-open-2026"
MICRO_SWISS_ROUNDS_DONE = 2
# name, title, federation, club, rating, birth year
MICRO_RR_PLAYERS: tuple[PlayerRow, ...] = (
    ("Соколов, Андрей", "GMI", "RUS", "ШШК Москва", 2395, 1985),
    ("Кузнецова, Елена", "MIF", "RUS", "ШШК Москва", 2210, 1996),
    ("Lebedev, Ivan", "MI", "RUS", "Saint Petersburg", 2288, 1990),
    ("Orlova, Maria", "MF", "RUS", "Kazan", 2150, 2001),
    ("Petrov, Oleg", "", "RUS", "Kazan", 2075, 1979),
    ("Volkov, Dmitri", "MF", "BLR", "Minsk", 2130, 1988),
)
MICRO_SWISS_PLAYERS: tuple[PlayerRow, ...] = (
    ("Morgan, Alan", "", "ENG", "Bristol DC", 2150, 1970),
    ("Hughes, Gareth", "", "WLS", "Cardiff DC", 2080, 1983),
    ("Campbell, Fiona", "", "SCO", "Glasgow DC", 1990, 1992),
    ("Walker, Tom", "", "ENG", "Leeds DC", 1925, 1967),
    ("O'Brien, Sean", "", "IRL", "Dublin DC", 1900, 1989),
    ("Patel, Ravi", "", "ENG", "London DC", 1870, 2003),
    ("Taylor, Jane", "", "ENG", "Bristol DC", 1820, 1998),
    ("Evans, Rhys", "", "WLS", "Swansea DC", 1790, 2006),
    ("Robertson, Ian", "", "SCO", "Edinburgh DC", 1755, 1959),
    ("Clarke, Ann", "", "ENG", "Leeds DC", 1700, 2009),
)


def _register_with_accounts(arbiter: User, tournament: Tournament, users: dict[str, User],
                            rows: Iterable[PlayerRow]) -> None:
    """The demo accounts' players and ``rows``, registered; the accounts linked (they play every demo)."""
    accounts = {_player(ACCOUNT_PLAYERS[u]).pk: users[u] for u in (PLAYER_ONE.username, PLAYER_TWO.username)}
    players = [Player.objects.get(pk=pk) for pk in accounts]
    _register(arbiter, tournament, players + [_player(row) for row in rows], accounts)


def _play_micro_round(arbiter: User, tournament: Tournament, rng: random.Random, *, open_boards: int = 0) -> Round:
    """Pair (the openings are drawn with it) and publish the next round of a micro-match event, then
    confirm both games of every pairing but the last ``open_boards``; a complete round is finished."""
    outcome = pair_round(tournament, arbiter)
    rnd = publish_round(arbiter, outcome.round)
    boards = list(rnd.boards.filter(bye_kind="", black__isnull=False).order_by("number"))
    keep = len(boards) - open_boards
    for board in boards[:keep]:
        for game in board.games.select_related("white", "black").order_by("number"):
            enter_result(game, plausible_result(rng, cast(Entry, game.white), cast(Entry, game.black)), arbiter)
    if not open_boards:
        rnd = finish_round(arbiter, rnd)
    return rnd


def seed_micro_round_robin(users: dict[str, User]) -> Tournament | None:
    """Issue 28: a finished Russian draughts micro-match round robin of six, one opening per round drawn
    from the FMJD drawing table for 64, the micro-match scoring 2/1/0 with game points first tie-break."""
    if Tournament.objects.filter(slug=MICRO_RR_SLUG).exists():
        return None
    arbiter = users[ARBITER.username]
    with transaction.atomic():
        tournament = create_tournament(
            arbiter, slug=MICRO_RR_SLUG, name="Moscow Micro-Match Cup 2026", place="Moscow", federation="RUS",
            start_date=datetime.date(2026, 10, 10), end_date=datetime.date(2026, 10, 12),
            time_control="15 min + 5 s/move", pairing_system="berger", rounds_planned=5, rule_profile="russian",
            games_per_pairing=2, pairing_score=Tournament.PairingScore.MATCH, opening_deck="fmjd64",
            opening_draw=Tournament.OpeningDraw.ROUND)
        _register_with_accounts(arbiter, tournament, users, MICRO_RR_PLAYERS[:4])
        rng = random.Random(MICRO_RR_SLUG)
        for _round in range(5):
            _play_micro_round(arbiter, tournament, rng)
        update_tournament(arbiter, tournament, {"status": Tournament.Status.FINISHED})
    return tournament


def seed_micro_swiss(users: dict[str, User]) -> Tournament | None:
    """Issue 28: an English checkers Swiss in progress, each pairing a micro-match on its own opening drawn
    from the three-move deck (barred ballots never drawn); round 3 published with two pairings to play."""
    if Tournament.objects.filter(slug=MICRO_SWISS_SLUG).exists():
        return None
    arbiter = users[ARBITER.username]
    with transaction.atomic():
        tournament = create_tournament(
            arbiter, slug=MICRO_SWISS_SLUG, name="English Checkers Open 2026", place="Bristol", federation="ENG",
            start_date=datetime.date(2026, 11, 21), end_date=datetime.date(2026, 11, 29),
            time_control="60 min", pairing_system="dutch", rounds_planned=5, rule_profile="english",
            games_per_pairing=2, pairing_score=Tournament.PairingScore.GAMES, opening_deck="english-3move",
            opening_draw=Tournament.OpeningDraw.PAIRING)
        _register_with_accounts(arbiter, tournament, users, MICRO_SWISS_PLAYERS[:8])
        rng = random.Random(MICRO_SWISS_SLUG)
        for _round in range(MICRO_SWISS_ROUNDS_DONE):
            _play_micro_round(arbiter, tournament, rng)
        _play_micro_round(arbiter, tournament, rng, open_boards=2)
    return tournament


def _final_result(white: Entry, black: Entry, leaders: set[int]) -> str:
    """The club final's results: the two leaders draw each other and beat the other two, who draw."""
    if (white.pk in leaders) == (black.pk in leaders):
        return "1-1"
    return "2-0" if white.pk in leaders else "0-2"


def seed_playoff_final(users: dict[str, User]) -> Tournament | None:
    """Issue 26: a finished round robin of four (KNDB order: points, plus/minus balance, mutual result)
    with a play-off for place 1. The two strongest draw each other and beat the others: 5 points each,
    no marked draws, a drawn mutual game, so the standings flag them tied for first; the play-off
    (recorded through the service, as the arbiter does) goes to the lower-rated of the two, so the
    public standings say the place was decided by play-off. No games with moves: seeding stays quick."""
    if Tournament.objects.filter(slug=PLAYOFF_SLUG).exists():
        return None
    arbiter = users[ARBITER.username]
    with transaction.atomic():
        tournament = create_tournament(
            arbiter, slug=PLAYOFF_SLUG, name="Clubfinale Damclub Hoofddorp 2026", place="Hoofddorp",
            federation="NED", start_date=datetime.date(2026, 11, 6), end_date=datetime.date(2026, 11, 20),
            time_control="90 min + 1 min/move", pairing_system="berger", rounds_planned=3,
            tiebreaks="PMD,DE,RRO", playoff_places="1")
        accounts = {_player(ACCOUNT_PLAYERS[u]).pk: users[u] for u in (PLAYER_ONE.username, PLAYER_TWO.username)}
        players = [Player.objects.get(pk=pk) for pk in accounts]
        _register(arbiter, tournament, players + [_player(row) for row in ROUND_ROBIN_PLAYERS[:2]], accounts)
        leaders = set(Entry.objects.filter(tournament=tournament).order_by("start_number")
                      .values_list("pk", flat=True)[:2])
        for _round in range(3):
            rnd = publish_round(arbiter, pair_round(tournament, arbiter).round)
            for board in rnd.boards.filter(bye_kind="", black__isnull=False).select_related("white", "black"):
                result = _final_result(cast(Entry, board.white), cast(Entry, board.black), leaders)
                enter_result(game_for_board(board), result, arbiter)
            finish_round(arbiter, rnd)
        for first, _last, order in playoff_candidates(tournament):
            record_playoff(arbiter, tournament, first, list(reversed(order)),
                           "1-1, 2-0")  # the games of the play-off: figures only, no words to translate
        update_tournament(arbiter, tournament, {"status": Tournament.Status.FINISHED})
    return tournament


def _guests() -> dict[str, Player]:
    """The demo accounts' players (username -> player): each plays on a team of the team events."""
    return {u: _player(ACCOUNT_PLAYERS[u]) for u in (PLAYER_ONE.username, PLAYER_TWO.username)}


class Command(BaseCommand):
    help = "Load the demo tournaments and accounts (idempotent) and print the demo logins."

    def handle(self, *args: object, **options: object) -> None:
        users = _users()
        for label, seed in (("round robin", seed_round_robin), ("Swiss", seed_swiss), ("event", seed_event),
                            ("micro-match round robin", seed_micro_round_robin),
                            ("micro-match Swiss", seed_micro_swiss),
                            ("team league", lambda u: seed_team_league(u, ARBITER.username, _guests())),
                            ("team Swiss", lambda u: seed_team_swiss(u, ARBITER.username, PLAYER_ONE.username,
                                                                     _guests())),
                            ("play-off final", seed_playoff_final)):
            tournament = seed(users)
            if tournament is None:
                self.stdout.write(f"{label}: already there, left unchanged")
            else:
                self.stdout.write(self.style.SUCCESS(f"{label}: created {tournament.name} (/t/{tournament.slug}/)"))
        for tournament in seed_system_events(users):
            self.stdout.write(self.style.SUCCESS(f"{tournament.system.name}: created {tournament.name} "
                                                 f"(/t/{tournament.slug}/)"))
        self.stdout.write("")
        self.stdout.write("Demo logins (http://127.0.0.1:8000/accounts/login/):")
        for account in ACCOUNTS:
            self.stdout.write(f"  {account.username:<8} / {account.password:<13} {account.description}")
