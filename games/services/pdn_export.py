"""PDN export of a game, a round or a whole tournament (PDN 3.0, strict form).

Every game gets the seven standard tags (Event, Site, Date, Round, White, Black, Result), GameType,
FEN when it does not start from the initial position, Board, and for a team match's board game
WhiteTeam and BlackTeam, and the result in the GameType's family
(``2-0/1-1/0-2`` for international draughts). Legal moves are written in the arbiter's strict
notation; irregular moves as recorded. ``arbiter.pdn_writer`` writes the text, so files read back
identically with ``arbiter.read_pdn``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Literal

from django.db.models import Prefetch, QuerySet, prefetch_related_objects

from arbiter.ballots import Opening, UnknownDeck, load_deck
from arbiter.pdn import PdnGame, PdnMove, variant_tags
from arbiter.pdn_lexer import MOVE, tokenize
from arbiter.pdn_writer import write_pdn
from arbiter.profiles import get_profile
from arbiter.results import result_text
from games.models import Game, ResultSubmission
from games.services.games import profile_name
from games.services.validation import check_game
from tournaments.models import Board, Round, Tournament
from tournaments.reports.relay import identity_tags
from tournaments.services.rounds import encounter_games
from tournaments.text import strip_control
from tournaments.vocabulary import RESULT_WINNER, board_colour

STANDARD_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def pdn_date(game: Game) -> str:
    """``YYYY.MM.DD`` of the round (or the tournament start), ``????.??.??`` when unknown."""
    d = game.board.round.date or game.board.round.tournament.start_date
    return d.strftime("%Y.%m.%d") if d else "????.??.??"


def confirmed_of(game: Game) -> ResultSubmission | None:
    """The confirmed submission, from the export's prefetch when there is one (else one query)."""
    prefetched = getattr(game, "confirmed_submissions", None)
    if prefetched is not None:
        return prefetched[0] if prefetched else None
    if game.pk is None:
        return None
    return ResultSubmission.objects.confirmed().filter(game=game).first()


def pdn_result(game: Game, sub: ResultSubmission | None = None) -> str:
    """The confirmed result (``sub``, else looked up) in the profile's PDN family; ``*`` when none."""
    if sub is None:
        sub = confirmed_of(game)
    if sub is None:
        return "*"
    return result_text(get_profile(profile_name(game)), RESULT_WINNER[sub.result])


def _written(game: Game) -> list[PdnMove]:
    """The moves as written, unchecked: for a text the validator does not read (a game stored before
    the move-text limit, longer than it), so that the export never drops stored moves."""
    prof = get_profile(profile_name(game))
    out: list[PdnMove] = []
    side, number = prof.first_side, 1
    for tok in tokenize(game.moves):
        if tok.kind == MOVE:
            out.append(PdnMove(text=tok.text, number=number, side=side))
            if side != prof.first_side:
                number += 1
            side = "B" if side == "W" else "W"
    return out


def _moves(game: Game) -> list[PdnMove]:
    chk = check_game(game)
    if not chk.plies and game.moves.strip():
        return _written(game)
    out: list[PdnMove] = []
    if chk.report is None:
        return out
    report = chk.report
    prof = report.profile
    side = report.start.side_to_move
    number = 1
    for i, row in enumerate(chk.plies):
        if i < len(report.plies):
            rec = report.plies[i]
            text = rec.notation if rec.legal else rec.played.strip()
            side, number = rec.side, rec.move_number
        else:
            text = row["text"]
        out.append(PdnMove(text=text, number=number, side=side))
        # Count on for plies the replay did not reach.
        if side != prof.first_side:
            number += 1
        side = "B" if side == "W" else "W"
    return out


def ballot_moves(game: Game) -> Opening | None:
    """The balloted opening the game starts from when it is moves played from the start position (issue 28):
    the export writes them as the game's first moves instead of a FEN tag. None for a game without a ballot,
    an opening that is a set-up position (the FEN tag says where the game starts), or a game whose start
    is not the opening's position."""
    deck = game.board.round.opening_deck
    if not game.opening or not deck:
        return None
    try:
        opening = load_deck(deck).opening(game.opening)
    except (UnknownDeck, KeyError):
        return None
    if opening.kind != "moves" or not opening.moves or game.start_fen.strip() != opening.fen.strip():
        return None
    return opening


def _renumbered(moves: list[PdnMove], first_side: str) -> list[PdnMove]:
    """Moves played in turn from the start position, numbered from 1 (the first side's move opens each)."""
    sides: tuple[Literal["W", "B"], Literal["W", "B"]] = ("W", "B") if first_side == "W" else ("B", "W")
    return [replace(m, number=i // 2 + 1, side=sides[i % 2]) for i, m in enumerate(moves)]


def game_to_pdn(game: Game) -> PdnGame:
    """The game as a ``PdnGame`` with the standard tags, GameType, FEN and the confirmed result."""
    board = game.board
    prof = get_profile(profile_name(game))
    sub = confirmed_of(game)
    result = pdn_result(game, sub)
    who = identity_tags(game)
    # A micro-match's games are rounds 3.1 and 3.2; a team match's boards are board 2.5 (match 2, board 5).
    tags: dict[str, str] = {
        "Event": who["Event"],
        "Site": who["Site"],
        "Date": pdn_date(game),
        "Round": who["Round"],
        "White": who["White"],
        "Black": who["Black"],
        "Result": result,
        **variant_tags(prof),
    }
    ballot = ballot_moves(game)
    if game.start_fen and ballot is None:
        tags["FEN"] = game.start_fen.strip().rstrip(".")
    if game.opening:
        # The balloted opening the game was played on (issue 28): the deck and the label.
        tags["Ballot"] = f"{board.round.opening_deck} {game.opening}".strip()
    tags["Board"] = f"{board.number}.{game.number}" if board.white_team_id is not None else str(board.number)
    tags.update(team_tags(game))
    if sub is not None and sub.termination != "normal":
        tags["Termination"] = sub.termination
    for key, value in (game.pdn_tags or {}).items():
        if key not in tags and isinstance(value, str) and value and key[:1].isupper():
            tags[key] = value
    # No control character reaches the file: a line break in a name or a tag kept from an import
    # would start a tag or a move text of its own.
    tags = {strip_control(k): strip_control(v) for k, v in tags.items()}
    moves = _moves(game)
    if ballot is not None:
        # A ballot of moves opens the game's record: from the start position, numbered on (no FEN tag).
        moves = _renumbered([PdnMove(text=t, number=0, side="W") for t in ballot.moves] + moves, prof.first_side)
    return PdnGame(tags=tags, moves=moves, result=result, variant=prof.name, variant_source="tag")


def team_tags(game: Game) -> dict[str, str]:
    """``WhiteTeam`` and ``BlackTeam`` of a team match's board game (as lichess and lidraughts broadcasts
    tag them): the home team's player has the colour of the event's sequence on that board
    (``vocabulary.board_colour``). Empty for an individual game."""
    board = game.board
    if board.white_team_id is None or board.black_team_id is None:
        return {}
    home, away = board.white_team, board.black_team
    if board_colour(game.number, board.round.tournament.board_colours) == "w":
        return {"WhiteTeam": home.name, "BlackTeam": away.name}  # type: ignore[union-attr]  # both ids set
    return {"WhiteTeam": away.name, "BlackTeam": home.name}  # type: ignore[union-attr]


def prefetch_for_export(games: list[Game]) -> None:
    """Load what ``game_to_pdn`` reads for every game at once: boards, players, the confirmed
    submission and the rulings, so that an export costs the same few queries for any number of games."""
    stored = [g for g in games if g.pk is not None]
    prefetch_related_objects(
        stored,
        "board__round__tournament", "board__white_team", "board__black_team", "white", "black", "rulings",
        Prefetch("submissions", queryset=ResultSubmission.objects.confirmed(), to_attr="confirmed_submissions"),
    )


def export_games(games: Iterable[Game]) -> str:
    """PDN text of several games (blank line between games), in a constant number of queries."""
    games = list(games)
    prefetch_for_export(games)
    return write_pdn([game_to_pdn(g) for g in games])


def _games_of_boards(boards: QuerySet[Board]) -> list[Game]:
    """The games of ``boards`` in board and game order (byes left out); a pairing whose games were never
    made (a draft) gets unsaved, empty ones (an export writes nothing to the database)."""
    games = []
    for board in boards.filter(bye_kind="").exclude(black__isnull=True, black_team__isnull=True).select_related(
            "round__tournament", "white", "black").prefetch_related(
            Prefetch("games", queryset=Game.objects.order_by("number"))):
        games += list(board.games.all()) or encounter_games(board.round.tournament, board)
    return games


def round_games(rnd: Round) -> list[Game]:
    """Every game of the round, board by board."""
    return _games_of_boards(Board.objects.filter(round=rnd).order_by("number"))


def tournament_games(tournament: Tournament, *, include_drafts: bool = False) -> list[Game]:
    """Every game of the tournament's (published) rounds, round by round, board by board."""
    boards = Board.objects.filter(round__tournament=tournament).order_by("round__number", "number")
    if not include_drafts:
        boards = boards.exclude(round__status=Round.Status.DRAFT)
    return _games_of_boards(boards)
