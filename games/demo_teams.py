"""Demo team events (issue 27), loaded by ``seed_demo``: a finished 8-team league (a team round robin,
8 boards a match, every board confirmed) and a running 10-team Swiss of fours (round 3 of 5 in play,
some boards still open), both through the services an arbiter and the captains use (teams, rosters,
line-ups, pairing, publishing, results), so their audit log, pages and PDFs are those of a real event.

Results are drawn from the ratings with a fixed seed (the same tournaments on every run); the players
are made once by name. Idempotent: a tournament whose short name exists is left alone.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from typing import cast

from django.contrib.auth.models import User
from django.db import transaction

from games.demo import plausible_result
from games.models import Game
from games.services.results import enter_result
from tournaments.models import Entry, Player, Round, Team, Tournament
from tournaments.services import teams as team_service
from tournaments.services.pairing import pair_round
from tournaments.services.registration import (
    create_tournament,
    freeze_start_numbers,
    link_user,
    register_player,
    update_tournament,
)
from tournaments.services.rounds import finish_round, publish_round

LEAGUE_SLUG = "noord-team-league-2026"
TEAM_SWISS_SLUG = "viertallen-zuid-2026"
LEAGUE_BOARDS = 8
SWISS_BOARDS = 4
SWISS_ROUNDS = 5
SWISS_ROUNDS_DONE = 2  # round 3 is in play
SWISS_OPEN_BOARDS = 5  # boards of round 3 still without a result (the last matches' last boards)

# Club (the team's name), federation, the rating of its first board; the others step down from it.
LEAGUE_CLUBS = (
    ("Damlust Groningen", 1985), ("Huizer Damclub", 1940), ("DV Heerenveen", 1905), ("Damclub Leeuwarden", 1880),
    ("DC Drachten", 1850), ("Damvereniging Assen", 1815), ("DV Emmen", 1790), ("Damclub Sneek", 1760),
)
SWISS_CLUBS = (
    ("DC Eindhoven", 1720), ("Damclub Tilburg", 1690), ("DV Breda", 1665), ("Damlust Venlo", 1640),
    ("DC Helmond", 1615), ("Damclub Roermond", 1590), ("DV Oss", 1560), ("Damclub Maastricht", 1535),
    ("DC Weert", 1505), ("Damvereniging Uden", 1480),
)
SURNAMES = (
    "Bosma", "Dijkstra", "Hoekstra", "Postma", "Veenstra", "Wiersma", "Zijlstra", "Brouwer", "Kuipers", "Mulder",
    "Oosterhof", "Schouten", "Terpstra", "Visser", "Westra", "Jongsma", "Kloosterman", "Meijer", "Nijboer",
    "Rienstra", "Smit", "Tuinstra", "Venema", "Wijnja", "Haan", "Klaassen", "Lammers", "Peeters", "Verhoeven",
    "Janssens", "Hendriks", "Aerts", "Coppens", "Maes", "Willems", "Claes", "Goossens", "Wouters",
)
FIRST_NAMES = (
    "Jelle", "Sietske", "Douwe", "Anneke", "Hessel", "Marijke", "Sjoerd", "Femke", "Tjeerd", "Ilse", "Wietse",
    "Froukje", "Bram", "Lotte", "Koen", "Sanne", "Joost", "Noor", "Thijs", "Eva", "Stijn", "Lieke",
)
DRAW_RATE = 0.35  # the team demos draw a little less than the individual ones (games.demo.DRAW_RATE)


def _names(rng: random.Random, count: int, taken: set[str]) -> list[str]:
    """``count`` distinct names ``Surname, First name`` not in ``taken`` (added to it)."""
    out: list[str] = []
    while len(out) < count:
        name = f"{rng.choice(SURNAMES)}, {rng.choice(FIRST_NAMES)}"
        if name not in taken:
            taken.add(name)
            out.append(name)
    return out


def _teams(arbiter: User, tournament: Tournament, clubs: tuple[tuple[str, int], ...], roster_size: int,
           rng: random.Random, captains: dict[int, User] | None = None,
           guests: dict[int, tuple[Player, User]] | None = None) -> list[tuple[Team, list[Entry]]]:
    """The clubs' teams, each with ``roster_size`` players (its own players, ratings stepping down from
    its first board), plus a guest (a demo account's player, linked to the account) on the teams of
    ``guests``; the roster in rating order; start numbers frozen by rating."""
    taken = set(Player.objects.values_list("name", flat=True))
    made = []
    for i, (club, top) in enumerate(clubs):
        entries = []
        for j, name in enumerate(_names(rng, roster_size, taken)):
            player, _created = Player.objects.get_or_create(
                name=name, defaults={"federation": "NED", "club": club, "rating": top - 18 * j - rng.randrange(8),
                                     "birth_year": 1950 + rng.randrange(60)})
            entries.append(register_player(arbiter, tournament, {}, player=player))
        if guests and i in guests:
            guest, account = guests[i]
            entry = register_player(arbiter, tournament, {}, player=guest)
            link_user(arbiter, entry, account)
            entries = sorted([*entries, entry], key=lambda e: -(e.rating or 0))
        team = team_service.create_team(arbiter, tournament, name=club, club=club,
                                        captain=(captains or {}).get(i))
        team_service.set_roster(arbiter, team, entries)
        made.append((team, entries))
    freeze_start_numbers(arbiter, tournament, "rating")
    return [(t, [Entry.objects.get(pk=e.pk) for e in entries]) for t, entries in made]


def _play(arbiter: User, tournament: Tournament, rng: random.Random,
          leave_open: Callable[[list[Game]], list[Game]] | None = None) -> Round:
    """Pair and publish the next round, confirm a result on every board game (but ``leave_open``'s);
    a complete round is finished."""
    rnd = publish_round(arbiter, pair_round(tournament, arbiter).round)
    games = list(Game.objects.filter(board__round=rnd).select_related("white", "black")
                 .order_by("board__number", "number"))
    open_games = {g.pk for g in (leave_open(games) if leave_open else [])}
    for g in games:
        result = plausible_result(rng, cast(Entry, g.white), cast(Entry, g.black), DRAW_RATE)  # drawn for every game
        if g.pk not in open_games:
            enter_result(g, result, arbiter)
    if not open_games:
        rnd = finish_round(arbiter, rnd)
    return rnd


def seed_team_league(users: dict[str, User], arbiter_name: str, guests: dict[str, Player]) -> Tournament | None:
    """A finished 8-team league: a team round robin of 7 rounds, 8 boards a match, every result
    confirmed; a reserve plays now and then (the captain's line-up keeps the roster order). ``guests``:
    the demo accounts (username -> their player), each on a team's roster."""
    if Tournament.objects.filter(slug=LEAGUE_SLUG).exists():
        return None
    arbiter = users[arbiter_name]
    rng = random.Random(LEAGUE_SLUG)
    with transaction.atomic():
        t = create_tournament(
            arbiter, slug=LEAGUE_SLUG, name="Noord Team League 2026", place="Leeuwarden", federation="NED",
            start_date=datetime.date(2026, 1, 17), end_date=datetime.date(2026, 5, 30),
            time_control="80 min + 1 min/move", pairing_system="berger", rounds_planned=7,
            competitors=Tournament.Competitors.TEAMS, boards_per_match=LEAGUE_BOARDS, board_colours="WB",
            tiebreaks="MPTS,GPTS,DE")
        teams = _teams(arbiter, t, LEAGUE_CLUBS, LEAGUE_BOARDS + 1, rng,
                       guests={4 + i: (player, users[name]) for i, (name, player) in enumerate(sorted(guests.items()))})
        for number in range(1, 8):
            # Two teams a round field their reserve (roster 9) in place of one of boards 5-8.
            for team, roster in rng.sample(teams, 2):
                out = 4 + rng.randrange(4)
                team_service.submit_line_up(arbiter, team, number, roster[:out] + roster[out + 1:LEAGUE_BOARDS + 1])
            _play(arbiter, t, rng)
        update_tournament(arbiter, t, {"status": Tournament.Status.FINISHED})
    return t


def seed_team_swiss(users: dict[str, User], arbiter_name: str, captain_name: str,
                    guests: dict[str, Player]) -> Tournament | None:
    """A 10-team Swiss of fours on match points, then resistance points and board points (as
    Toernooimanager), 5 rounds: rounds 1-2 finished, round 3 published with its last boards still
    open. ``captain_name`` captains the first team (a demo login that hands in line-ups); ``guests``:
    the demo accounts (username -> their player), the captain's on the first team, another on the fourth."""
    if Tournament.objects.filter(slug=TEAM_SWISS_SLUG).exists():
        return None
    arbiter = users[arbiter_name]
    rng = random.Random(TEAM_SWISS_SLUG)
    with transaction.atomic():
        t = create_tournament(
            arbiter, slug=TEAM_SWISS_SLUG, name="Viertallen Zuid 2026", place="Eindhoven", federation="NED",
            start_date=datetime.date(2026, 11, 14), end_date=datetime.date(2026, 12, 12),
            time_control="45 min + 15 s/move", pairing_system="dutch", rounds_planned=SWISS_ROUNDS,
            competitors=Tournament.Competitors.TEAMS, boards_per_match=SWISS_BOARDS, board_colours="WB",
            tiebreaks="MPTS,BH,GPTS")
        others = [name for name in sorted(guests) if name != captain_name]
        placed = {0: (guests[captain_name], users[captain_name]), **{3 + i: (guests[name], users[name])
                                                                    for i, name in enumerate(others)}}
        teams = _teams(arbiter, t, SWISS_CLUBS, SWISS_BOARDS + 1, rng, {0: users[captain_name]}, placed)
        captain_team, captain_roster = teams[0]
        for number in range(1, SWISS_ROUNDS_DONE + 2):
            # The captain hands in a line-up every round (the reserve on board 4 in round 2); two other
            # teams field their reserve on board 3 (the line-up keeps the roster order).
            team_service.submit_line_up(users[captain_name], captain_team, number,
                                        captain_roster[:3] + [captain_roster[3 if number != 2 else 4]])
            for team, roster in rng.sample(teams[1:], 2):
                team_service.submit_line_up(arbiter, team, number, roster[:2] + roster[3:SWISS_BOARDS + 1])
            if number <= SWISS_ROUNDS_DONE:
                _play(arbiter, t, rng)
            else:
                _play(arbiter, t, rng, leave_open=lambda games: games[-SWISS_OPEN_BOARDS:])
    return t
