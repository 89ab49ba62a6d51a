"""Import a whole tournament from a TRF file, and export one, through ``tournaments.trf`` (reader/writer).

Public API:

* ``import_trf(text, *, slug=None, actor=None) -> Tournament``: players (entries with the file's
  start numbers), every round of the file as a finished round with boards, games and *confirmed*
  result submissions, byes as bye boards, prohibited pairs, requested byes (``240``) of later
  rounds as ``Absence`` rows. A team file (records 310) becomes a team event
  (``trf_teams.store_team_event``). Bad files raise ``TrfError`` (line and field); nothing is stored.
* ``tournament_to_trf(tournament) -> TrfTournament`` and ``export_trf(tournament, flavour="trf26")
  -> str`` (``trf_export``: the text and which rounds it holds): TRF26 (142/152/162/192/...) or
  TRF16 + XXR/XXC/BB* (``flavour="trf16"``), in UTF-8. Round cells come from ``reports.history``
  (confirmed results only) for the *completed* rounds: a round in play is left out (a pending game
  written as a cell without result would read as a zero-point bye), or with ``in_play=True`` listed
  as ``###`` comments. Ranks are the standings' (one ranking everywhere).

Mapping (TRF cell -> models): a game pair -> ``Board`` + ``Game`` + confirmed ``ResultSubmission``
(``1/0`` -> 2-0 or 0-2, ``=`` -> 1-1, ``0/0`` -> 0-0, ``+/-`` -> +- or -+, ``-/-`` -> --; the
unrated ``W D L`` codes become ordinary results); ``U`` -> PAB board, ``H`` -> half-point bye,
``F`` or ``+`` without opponent -> full-point bye, ``Z``/``-``/blank -> absence board. TRF has no
FMJD-id column: the ``001`` FIDE-id field carries the FMJD id both ways.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import cast

from django.db import transaction
from django.db.models import Max, Min
from django.utils import timezone

from games.models import Game, ResultSubmission
from games.services.trf_teams import store_team_event, team_trf_text
from tournaments import federations
from tournaments.audit import Actor, record
from tournaments.history import COUNTED_ROUND_STATUSES, History, build_history
from tournaments.models import (
    ENTRY_DETAILS,
    PRIVATE_DETAILS,
    Absence,
    Board,
    Entry,
    Player,
    ProhibitedPair,
    Round,
    Tournament,
)
from tournaments.pairing.systems import for_kind, from_trf_code
from tournaments.reports.standings import TournamentResults, standings_for
from tournaments.services.registration import free_slug
from tournaments.standings.trf_input import guess_kind
from tournaments.text import strip_control
from tournaments.trf import (
    TrfBye,
    TrfCell,
    TrfError,
    TrfPlayer,
    TrfProhibited,
    TrfTournament,
    cell_points,
    infer_initial_colour,
    is_team_trf,
    read_team_trf,
    read_trf,
    split_lines,
    write_trf,
)
from tournaments.trf.writer import Flavour
from tournaments.vocabulary import (
    Colour,
    RoundRecord,
    absence_code,
    bye_kind_for_code,
    game_colour,
    mark_of_codes,
    result_from_codes,
)


def _date(value: str, field_name: str) -> datetime.date | None:
    value = value.strip()
    if not value:
        return None
    for fmt in ("%Y/%m/%d", "%Y-%m-%d", "%y/%m/%d", "%Y.%m.%d"):
        try:
            return datetime.datetime.strptime(value, fmt).date()  # noqa: DTZ007 - a calendar date
        except ValueError:
            continue
    raise TrfError(0, field_name, f"“{value}” is not a date (YYYY/MM/DD)")


def _birth_year(value: str) -> int | None:
    digits = value.strip()[:4]
    return int(digits) if len(digits) == 4 and digits.isdigit() and digits != "0000" else None


def _unique_slug(base: str) -> str:
    return free_slug(base, "trf-import")


def _pair_result(t: TrfTournament, white: TrfPlayer, black: TrfPlayer, rnd: int) -> tuple[str, str]:
    """The stored result of a pair of round cells and its plus/minus-draw mark (P against M)."""
    wc = white.cells[rnd - 1].result
    bc = black.cells[rnd - 1].result if len(black.cells) >= rnd else ""
    result = result_from_codes(wc, bc)
    if result is None:
        raise TrfError(
            white.line,
            f"round {rnd}",
            f"players {white.start} and {black.start} have results {wc!r} and {bc!r}, which do not match",
        )
    return result, mark_of_codes(wc, bc)


def _check_pair(t: TrfTournament, p: TrfPlayer, cell: TrfCell, rnd: int) -> TrfPlayer:
    assert cell.opponent is not None
    try:
        opp = t.player(cell.opponent)
    except KeyError:
        message = f"player {p.start} meets {cell.opponent}, who is not in the file"
        raise TrfError(p.line, f"round {rnd}", message) from None
    back = opp.cells[rnd - 1] if len(opp.cells) >= rnd else None
    if back is None or back.opponent != p.start:
        raise TrfError(p.line, f"round {rnd}", f"player {p.start} meets {opp.start}, but {opp.start}'s cell disagrees")
    if cell.colour is not None and back.colour == cell.colour:
        raise TrfError(p.line, f"round {rnd}", f"players {p.start} and {opp.start} both have colour {cell.colour}")
    return opp


def _system(t: TrfTournament) -> str:
    """The registry key of the file's system: its TRF 192 code when known (``from_trf_code``), else the
    system of the kind the standings read in the file (``guess_kind``: its 092/192 words such as "Round
    Robin" or "Keizer", else its shape; a Swiss is the Dutch one)."""
    spec = from_trf_code(t.system) if t.system else None
    return spec.key if spec is not None else for_kind(guess_kind(t)).key


def _create_tournament(t: TrfTournament, slug: str | None, actor: Actor) -> Tournament:
    if slug and Tournament.objects.filter(slug__iexact=slug).exists():
        raise TrfError(0, "slug", f"a tournament with the short name “{slug}” already exists")
    s = t.scoring
    return Tournament.objects.create(
        slug=slug or _unique_slug(t.name),
        name=(t.name or slug or "TRF import")[:200],
        place=t.city[:120],
        federation=federations.normalise(t.federation)[:3],
        start_date=_date(t.start_date, "042 start date"),
        end_date=_date(t.end_date, "052 end date"),
        time_control=t.time_control[:60],
        pairing_system=_system(t),
        rounds_planned=max(t.total_rounds, t.rounds_played, 1),
        status=Tournament.Status.RUNNING if t.rounds_played else Tournament.Status.PLANNED,
        points_win=s.win,
        points_draw=s.draw,
        points_loss=s.loss,
        points_pab=s.pab,
        points_forfeit_win=s.forfeit_win,
        points_forfeit_loss=s.forfeit_loss,
        points_half_bye=s.half_bye,
        points_zero_bye=s.zero_bye,
        points_full_bye=s.full_bye,
        tiebreaks=",".join(t.tiebreaks)[:200],
        initial_colour=infer_initial_colour(t),
        system_options={"baku_acceleration": True} if t.baku else {},
        created_by=actor if actor is not None and actor.is_authenticated else None,
    )


MAX_TRF_CHARS = 5_000_000  # a 1,000-player, 30-round file is about 300 kB
MAX_TRF_PLAYERS = 3000  # as many as one CSV import takes
MAX_TRF_ROUNDS = 99  # TRF26 round cells: two-digit round numbers


def _check_text(text: str) -> None:
    """TrfError for a file over the size bound or a binary one."""
    if len(text) > MAX_TRF_CHARS:
        raise TrfError(0, "file", f"the file has {len(text)} characters; at most {MAX_TRF_CHARS} are read")
    if "\x00" in text:
        # Binary rather than text; PostgreSQL would also refuse to store it in a name.
        line = text[: text.index("\x00")].count("\n") + 1
        raise TrfError(line, "text", "contains a NUL character (is this a TRF text file?)")


def _check_size(t: TrfTournament, rounds: int) -> None:
    """TrfError for a file without players or over the players' or rounds' bound."""
    if not t.players:
        raise TrfError(0, "001", "the file has no player records")
    if len(t.players) > MAX_TRF_PLAYERS:
        raise TrfError(0, "001", f"the file has {len(t.players)} players; at most {MAX_TRF_PLAYERS} are imported")
    if rounds > MAX_TRF_ROUNDS:
        raise TrfError(0, "001", f"the file has {rounds} rounds; at most {MAX_TRF_ROUNDS} are imported")


def _read_bounded(text: str) -> TrfTournament:
    """The TRF read, or TrfError: a file over a bound, binary, or without players."""
    _check_text(text)
    t = read_trf(text)
    _check_size(t, t.rounds_played)
    return t


def _create_entries(tournament: Tournament, t: TrfTournament) -> dict[int, Entry]:
    """The file's players as entries with their start numbers (start number -> entry)."""
    players = Player.objects.bulk_create(
        [
            Player(
                name=strip_control(p.name)[:200].strip() or f"Player {p.start}",
                title=strip_control(p.title)[:10],
                federation=federations.normalise(p.federation)[:3],
                fmjd_id=p.fide_id[:20],
                rating=p.rating or None,
            )
            for p in t.players
        ]
    )
    entries = Entry.objects.bulk_create(  # bulk: each entry gets its player's details here (no save())
        [
            Entry(tournament=tournament, player=pl, start_number=p.start, rating=p.rating or None,
                  sex=p.sex.lower() if p.sex.lower() in ("m", "f") else "", birth_year=_birth_year(p.birth),
                  **{f: getattr(pl, f) for f in ENTRY_DETAILS if f not in ("sex", *PRIVATE_DETAILS)})
            for p, pl in zip(t.players, players)
        ]
    )
    return {e.start_number: e for e in entries if e.start_number is not None}


def _import_team_file(text: str, slug: str | None, actor: Actor) -> Tournament:
    """A team file (records 310): a team event with its teams, rosters, rounds, matches and board games
    (``trf_teams.store_team_event``), inside ``import_trf``'s transaction."""
    team_file = read_team_trf(text)
    _check_size(team_file.tournament, team_file.rounds)
    tournament = _create_tournament(team_file.tournament, slug, actor)
    by_start = _create_entries(tournament, team_file.tournament)
    store_team_event(actor, tournament, team_file, by_start, split_lines(text))
    return tournament


@transaction.atomic
def import_trf(text: str, *, slug: str | None = None, actor: Actor = None) -> Tournament:
    """Create a tournament from TRF text (see the module docstring). All or nothing.

    Bounded: at most ``MAX_TRF_CHARS`` characters, ``MAX_TRF_PLAYERS`` players, ``MAX_TRF_ROUNDS`` rounds.
    A team file (records 310) becomes a team event (``trf_teams.store_team_event``), with the same bounds.
    """
    _check_text(text)
    if is_team_trf(text):
        return _import_team_file(text, slug, actor)
    t = _read_bounded(text)
    tournament = _create_tournament(t, slug, actor)
    by_start = _create_entries(tournament, t)
    now = timezone.now()
    played = t.rounds_played
    last = [p.cells[played - 1] for p in t.players if len(p.cells) >= played] if played else []
    if last and all(c.is_absence for c in last):
        # A last column of absences only: absences pre-entered for the round still to be paired.
        played -= 1
        kinds = {"H": Absence.Kind.HALF_BYE, "Z": Absence.Kind.ABSENT, "-": Absence.Kind.ABSENT}
        for p in t.players:
            if len(p.cells) > played and p.cells[played].result in kinds:
                Absence.objects.create(
                    entry=by_start[p.start], round_number=played + 1, kind=kinds[p.cells[played].result]
                )
    for rnd in range(1, played + 1):
        round_obj = Round.objects.create(
            tournament=tournament, number=rnd, status=Round.Status.FINISHED, published_at=now
        )
        games: list[tuple[Board, tuple[str, str]]] = []
        byes: list[Board] = []
        for p in t.players:
            if len(p.cells) < rnd:
                continue
            cell = p.cells[rnd - 1]
            if cell.opponent is None:
                kind = bye_kind_for_code(cell.result)
                byes.append(Board(round=round_obj, number=0, white=by_start[p.start], bye_kind=kind))
                continue
            opp = _check_pair(t, p, cell, rnd)
            if cell.colour == "b" or (cell.colour is None and p.start > opp.start):
                continue  # the pair is written once, from White's side
            board = Board(round=round_obj, number=0, white=by_start[p.start], black=by_start[opp.start])
            games.append((board, _pair_result(t, p, opp, rnd)))
        boards = [b for b, _r in games] + byes
        for i, b in enumerate(boards, start=1):
            b.number = i
        Board.objects.bulk_create(boards)
        made = Game.objects.bulk_create([Game(board=b, white_id=b.white_id, black_id=b.black_id) for b, _r in games])
        confirmed = ResultSubmission.Status.CONFIRMED
        ResultSubmission.objects.bulk_create(
            [
                ResultSubmission(game=g, version=1, result=r, draw_mark=mark, status=confirmed, confirmed_at=now)
                for g, (_b, (r, mark)) in zip(made, games)
            ]
        )
    for pr in t.prohibited:
        ids = sorted(pr.players)
        for i, first in enumerate(ids):
            for second in ids[i + 1 :]:
                if first in by_start and second in by_start:
                    ProhibitedPair.objects.create(
                        tournament=tournament, first=by_start[first], second=by_start[second], reason="TRF"
                    )
    kinds = {absence_code(kind): kind for kind in (Absence.Kind.HALF_BYE, Absence.Kind.ZERO_BYE)}  # requested byes
    for bye in t.byes:
        if bye.round > played and bye.kind in kinds:
            for pid in bye.players:
                if pid in by_start:
                    Absence.objects.get_or_create(
                        entry=by_start[pid], round_number=bye.round, defaults={"kind": kinds[bye.kind]}
                    )
    record(
        actor,
        tournament,
        "tournament.import_trf",
        tournament,
        after=f"players={len(by_start)}; rounds={played}",
    )
    return tournament


def _trf_system(tournament: Tournament) -> str:
    """The TRF 192 code of the tournament's system and options (the registry's)."""
    return tournament.system.trf_code_for(tournament.system_options) or ""


@dataclass(frozen=True)
class TrfExport:
    """A TRF export and what it holds: the rounds written as records (1..``rounds``) and the rounds
    after them not yet complete (``in_play``: left out, or listed as comments with ``in_play=True``)."""

    text: str
    rounds: int
    in_play: tuple[int, ...] = ()
    in_play_listed: bool = False
    encoding: str = "UTF-8"

    def filename(self, slug: str, flavour: str) -> str:
        """``slug-trf26-r1-4.trf``: the file's name says which rounds it holds."""
        rounds = f"-r1-{self.rounds}" if self.rounds > 1 else "-r1" if self.rounds == 1 else ""
        return f"{slug}-{flavour}{rounds}{'-in-play' if self.in_play_listed else ''}.trf"


def trf_rounds(tournament: Tournament) -> tuple[int, tuple[int, ...]]:
    """(completed rounds, rounds in play) as a TRF export would hold them, in two cheap queries
    (for the download link; ``trf_export`` computes the same from the history)."""
    counted = Round.objects.filter(tournament=tournament, status__in=COUNTED_ROUND_STATUSES)
    last = counted.aggregate(n=Max("number"))["n"] or 0
    waiting = (Game.objects.filter(board__round__in=counted)
               .exclude(submissions__status=ResultSubmission.Status.CONFIRMED)
               .aggregate(n=Min("board__round__number"))["n"])
    complete = last if waiting is None else waiting - 1
    return complete, tuple(range(complete + 1, last + 1))


def completed_rounds(history: History) -> int:
    """The last round up to which every game of every round has a confirmed result."""
    if not history.pending:
        return history.rounds
    return min(p.round for p in history.pending) - 1


def _in_play_comments(tournament: Tournament, rounds: tuple[int, ...], listed: bool) -> tuple[str, ...]:
    """Comment lines (``###``) for the rounds in play: every engine skips them, so a game paired but not
    yet played is never read as a zero-point bye (TRF has no code for it: bbpPairings refuses a cell
    with an opponent and no result). With ``listed`` each board is written out, else only a note."""
    if not rounds:
        return ()
    numbers = ", ".join(str(r) for r in rounds)
    if not listed:
        return (f"Round(s) {numbers} in play: not in this file (only completed rounds are exported).",)
    out = [f"Round(s) {numbers} in play: listed here as comments only (TRF has no code for a game paired "
           "but not yet played); the player records hold the completed rounds."]
    confirmed = {r.game.board_id: r.result for r in ResultSubmission.objects.confirmed()
                 .filter(game__board__round__tournament=tournament, game__board__round__number__in=rounds)
                 .select_related("game")}
    boards = (Board.objects.filter(round__tournament=tournament, round__number__in=rounds)
              .select_related("round", "white", "black").order_by("round__number", "number"))
    for b in boards:
        white = b.white.start_number if b.white else None
        black = b.black.start_number if b.black else None
        if white is None or black is None:
            who = white or black
            out.append(f"Round {b.round.number}, board {b.number}: {who} bye")
            continue
        result = confirmed.get(b.pk)
        state = result if result else "not yet played"
        out.append(f"Round {b.round.number}, board {b.number}: {white} (white) - {black} (black), {state}")
    return tuple(out)


MICRO_MATCH_NOTE = ("Micro-matches: each round of the event is {n} TRF rounds, one per game (round r is TRF rounds "
                    "{n}r-{m} to {n}r), the colours reversed in every other game; a bye or absence is in the first "
                    "of them, the others are Z, or in every one of them where the event counts a bye as a whole "
                    "micro-match. The points column sums the games; the rank is the event's "
                    "({scoring}).")


def _micro_match_cells(record: RoundRecord | None, games: int) -> list[TrfCell]:
    """A micro-match round as ``games`` TRF cells: each game with the player's colour and code in it; a
    round without games (a bye, an absence, not paired) in the first cell, Z in the others; a bye counted as a
    micro-match in every cell."""
    if record is None:
        return [TrfCell(None, None, "Z")] * games
    if not record.games:
        return [TrfCell(record.opponent, record.colour, record.result)] + [TrfCell(None, None, "Z")] * (games - 1)
    if record.opponent is None:  # a bye counted as a micro-match (``vocabulary.unpaired_micro_match_record``)
        return [TrfCell(None, None, code) for code in record.games]
    out = []
    for n, code in enumerate(record.games, start=1):
        colour = record.colour if game_colour(n) == "w" else ("b" if record.colour == "w" else "w")
        out.append(TrfCell(record.opponent, cast(Colour, colour), code))
    return out


def tournament_to_trf(tournament: Tournament, *, in_play: bool = False) -> TrfTournament:
    """The tournament as a ``TrfTournament``: the completed rounds (every game with a confirmed result,
    from round 1 on) as player records; a round in play is left out (``in_play``: listed as comments).

    Each player's rank is the standings' (``tournaments.reports.standings``: points, then the
    tournament's tie-breaks), the one ranking the standings page and the crosstable show."""
    history = build_history(tournament)
    complete = completed_rounds(history)
    open_rounds = tuple(range(complete + 1, history.rounds + 1))
    if open_rounds:
        history = build_history(tournament, complete)
    scoring = tournament.scoring()
    n_rounds = complete
    entries = {
        cast(int, e.start_number): e  # numbered entries only (filtered)
        for e in Entry.objects.filter(tournament=tournament, start_number__isnull=False)
    }
    results = TournamentResults(records={r.id: r for r in history.players}, entries=entries, rounds=n_rounds)
    rank_of = {row.start_number: row.rank for row in standings_for(tournament, results=results).rows}
    players: list[TrfPlayer] = []
    games = tournament.games_per_pairing if tournament.competitors == Tournament.Competitors.PLAYERS else 1
    for rec in history.players:
        by_round = {r.round: r for r in rec.history}
        if games > 1:
            cells = tuple(c for r in range(1, n_rounds + 1) for c in _micro_match_cells(by_round.get(r), games))
        else:
            cells = tuple(
                TrfCell(by_round[r].opponent, by_round[r].colour, by_round[r].result)
                if r in by_round
                else TrfCell(None, None, "Z")
                for r in range(1, n_rounds + 1)
            )
        points = sum(cell_points(c, scoring) for c in cells)
        pl = entries[rec.id]
        players.append(
            TrfPlayer(
                start=rec.id,
                name=strip_control(pl.name),
                title=strip_control(pl.title),
                rating=rec.rating,
                federation=strip_control(pl.federation),
                fide_id=strip_control(pl.fmjd_id),
                birth=str(pl.birth_year) if pl.birth_year else "",
                points=points,
                rank=rank_of.get(rec.id, 0),
                cells=cells,
            )
        )
    future = Absence.objects.filter(entry__tournament=tournament, round_number__gt=n_rounds).values_list(
        "round_number", "kind", "entry__start_number"
    )
    grouped: dict[tuple[str, int], list[int]] = {}
    for rnd, kind, sn in future:
        if sn is not None:
            grouped.setdefault((absence_code(kind), rnd), []).append(sn)
    byes = tuple(TrfBye(kind=k, round=r, players=tuple(sorted(ids))) for (k, r), ids in sorted(grouped.items()))
    prohibited = tuple(
        TrfProhibited(players=frozenset(cast("tuple[int, int]", pair)))
        for pair in ProhibitedPair.objects.filter(tournament=tournament).values_list(
            "first__start_number", "second__start_number"
        )
        if None not in pair
    )
    fmt = "%Y/%m/%d"
    comments = _in_play_comments(tournament, open_rounds, in_play)
    if games > 1:
        counted = ("micro-match points 2/1/0, game points first tie-break" if tournament.counts_micro_matches
                   else "every game counts")
        comments = (MICRO_MATCH_NOTE.format(n=games, m=games - 1, scoring=counted), *comments)
    return TrfTournament(
        comments=comments,
        players=tuple(players),
        total_rounds=tournament.rounds_planned * games,
        initial_colour=cast(Colour, tournament.initial_colour),  # the field's choices: "w", "b"
        scoring=scoring,
        scoring_declared=True,
        name=strip_control(tournament.name),
        city=strip_control(tournament.place),
        federation=strip_control(tournament.federation),
        start_date=tournament.start_date.strftime(fmt) if tournament.start_date else "",
        end_date=tournament.end_date.strftime(fmt) if tournament.end_date else "",
        tournament_type=_trf_system(tournament),
        system=_trf_system(tournament),
        time_control=strip_control(tournament.time_control),
        tiebreaks=tuple(c.strip() for c in tournament.tiebreaks.split(",") if c.strip()),
        byes=byes,
        prohibited=prohibited,
    )


def trf_export(tournament: Tournament, flavour: str = "trf26", *, line_ending: str = "\n",
               in_play: bool = False) -> TrfExport:
    """The TRF of ``tournament`` (``trf26`` or ``trf16``: TRF16 with XXR/XXC/BB* records) and what it holds.

    The completed rounds only; ``in_play`` lists the boards of the rounds in play as comments."""
    if flavour not in ("trf26", "trf16"):
        raise ValueError(f"unknown TRF flavour {flavour!r}: use trf26 or trf16")
    if tournament.competitors == Tournament.Competitors.TEAMS:
        # A team event (issue 27.7): the TRF-2026 team records (310, 352, 362, 300, 320, 240) whatever
        # the flavour asked (TRF16 has no team records); the completed rounds.
        text, done = team_trf_text(tournament, line_ending=line_ending)
        last = Round.objects.filter(tournament=tournament, status__in=COUNTED_ROUND_STATUSES).aggregate(
            n=Max("number"))["n"] or 0
        return TrfExport(text=text, rounds=done, in_play=tuple(range(done + 1, last + 1)))
    checked = cast(Flavour, flavour)  # one of the two, checked above
    trf = tournament_to_trf(tournament, in_play=in_play)
    per_round = tournament.games_per_pairing if tournament.competitors == Tournament.Competitors.PLAYERS else 1
    rounds = len(trf.players[0].cells) // per_round if trf.players else 0  # a micro-match round is several cells
    last = Round.objects.filter(tournament=tournament, status__in=COUNTED_ROUND_STATUSES).order_by("-number").first()
    open_rounds = tuple(range(rounds + 1, (last.number if last else 0) + 1))
    return TrfExport(text=write_trf(trf, checked, line_ending=line_ending), rounds=rounds, in_play=open_rounds,
                     in_play_listed=in_play and bool(open_rounds))


def export_trf(tournament: Tournament, flavour: str = "trf26", *, line_ending: str = "\n",
               in_play: bool = False) -> str:
    """The TRF text of ``tournament`` (see ``trf_export``)."""
    return trf_export(tournament, flavour, line_ending=line_ending, in_play=in_play).text
