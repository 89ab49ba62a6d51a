"""The relay feed of a round: the multi-game PDN document lidraughts broadcasts (issue 30).

lidraughts' relay (modules/relay: RelayFormat.scala, RelayFetch.scala, RelaySync.scala; summary in
tests/fixtures/relay-rules.md;
README "Live broadcast") polls one URL every 2-60 s and reads at most 64 games of a PDN source; it matches the
games to its boards by their place in the file and fails the sync when the game at a board's place
changes White, Black, Round, Event or Site. So the feed of a round is:

* one game per game of a published board, in board order (a micro-match's two games, a team match's
  boards in their order), separated by one blank line;
* ``SECTION_SIZE`` games per URL: section 1 is games 1-64, ``?section=2`` games 65-128, and so on;
* the tags Event, Site, Date (``YYYY.MM.DD``), Round, White, Black, Result, GameType, Board, a team
  match's WhiteTeam and BlackTeam (as lichess team broadcasts), then where known WhiteTitle,
  BlackTitle, WhiteRating, BlackRating, TimeControl (and FEN for a game that does not start from the
  initial position); Event, Site, Round, White and Black as frozen when the round was published
  (``tournaments.reports.relay``);
* ``Result "*"`` and the moves so far while no result is confirmed, the confirmed result after.

Private games stay private: a tournament that is not public or whose games are not public, and a round
that is not published, have no feed (``feed_round`` gives None).
"""

from __future__ import annotations

import json

from django.core.cache import cache
from django.db.models import Count, Max, Sum

from arbiter.pdn import PdnGame
from arbiter.pdn_writer import write_game
from games.models import Game
from games.services.pdn_export import game_to_pdn, prefetch_for_export, round_games
from tournaments.models import Round, Tournament
from tournaments.reports.relay import relay_identity
from tournaments.reports.rounds import published_rounds

SECTION_SIZE = 64  # lidraughts reads at most 64 games of a PDN source (RelayFetch.scala: maxPdnGames)
GAME_TTL = 3600  # seconds one game's feed text stays in the cache (a new version makes a new key)
MAX_SECTION = 1000  # a bound on the section number a URL may ask for (a round of 64,000 games)

FEED_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "Variant", "FEN", "Board",
             "WhiteTeam", "BlackTeam", "WhiteTitle", "BlackTitle", "WhiteRating", "BlackRating", "TimeControl")


def feed_round(tournament: Tournament, number: int) -> Round | None:
    """Round ``number`` of ``tournament`` if it has a public feed: a public tournament with public games,
    a published (or finished) round; else None."""
    if not (tournament.is_public and tournament.public_games):
        return None
    return published_rounds(tournament).filter(number=number).first()


def round_games_stamp(tournament_id: int, number: int) -> str:
    """What changes whenever the moves of round ``number``'s games change, besides the tournament's
    version: the number of its games, the sum of their versions (each only grows: a typed move raises
    the sum) and the newest game id. One query; the ETag part of the feed and the live boards."""
    agg = Game.objects.filter(board__round__tournament_id=tournament_id, board__round__number=number).aggregate(
        n=Count("id"), v=Sum("version"), m=Max("id"))
    return f"{agg['n']}-{agg['v'] or 0}-{agg['m'] or 0}"


def feed_stamp(rnd: Round) -> str:
    """``round_games_stamp`` of ``rnd``."""
    return round_games_stamp(rnd.tournament_id, rnd.number)


def section_count(n_games: int) -> int:
    """How many sections (URLs) ``n_games`` games need (at least one, an empty round has an empty feed)."""
    return max(1, -(-n_games // SECTION_SIZE))


def feed_games(rnd: Round, section: int = 1) -> list[Game]:
    """The stored games of section ``section`` (1-based) of the round, in board and game order."""
    games = [g for g in round_games(rnd) if g.pk is not None]
    start = (section - 1) * SECTION_SIZE
    return games[start:start + SECTION_SIZE]


def feed_game(game: Game) -> PdnGame:
    """One game as the feed writes it (see the module docstring for the tags)."""
    pdn = game_to_pdn(game)
    tournament = game.board.round.tournament
    tags = {**pdn.tags, **relay_identity(game)}
    extra: dict[str, str] = {}
    for side, entry in (("White", game.white), ("Black", game.black)):
        if entry is not None and entry.title:
            extra[f"{side}Title"] = entry.title
    for side, entry in (("White", game.white), ("Black", game.black)):
        if entry is not None and entry.rating:
            extra[f"{side}Rating"] = str(entry.rating)
    if tournament.time_control:
        extra["TimeControl"] = tournament.time_control
    tags.update(extra)
    ordered = {k: tags[k] for k in FEED_TAGS if tags.get(k)}
    return PdnGame(tags=ordered, moves=pdn.moves, result=pdn.result, variant=pdn.variant,
                   variant_source=pdn.variant_source)


def feed_texts(rnd: Round, section: int = 1) -> list[str]:
    """The PDN text of each game of the section, in order (each ends with a line break). Each game's text
    is kept per game version and tournament version: a typed move rewrites that game only."""
    games = feed_games(rnd, section)
    prefetch_for_export(games)
    version = rnd.tournament.version
    keys = {g.pk: f"relay-game:{g.pk}:{g.version}:{version}" for g in games}
    found = cache.get_many(list(keys.values()))
    texts, new = [], {}
    for g in games:
        text = found.get(keys[g.pk])
        if not isinstance(text, str):
            text = new[keys[g.pk]] = write_game(feed_game(g))
        texts.append(text)
    if new:
        cache.set_many(new, GAME_TTL)
    return texts


def feed_pdn(texts: list[str]) -> str:
    """The multi-game document: the games separated by one blank line."""
    return "\n".join(texts)


def feed_json(texts: list[str]) -> str:
    """The JSON twin lidraughts also reads: ``{"games": [{"pdn": "..."}]}``."""
    return json.dumps({"games": [{"pdn": t} for t in texts]}, ensure_ascii=False)
