"""Team events (issue 27): teams and their rosters, the captains' line-ups, pairing a team round and
the board games of its matches. Every write is audited (``tournaments.audit.record``).

Public API:

* ``is_team_event(tournament)``.
* ``create_team(actor, tournament, name=..., club=..., contact=..., captain=...)`` and
  ``update_team(actor, team, ...)``: a team with its captain's account.
* ``delete_team(actor, team)``: before round 1 is paired.
* ``set_roster(actor, team, entries)``: the ordered roster (board order; after the event's number of
  boards: the reserves); a player is in one team per event.
* ``submit_line_up(actor, team, round_number, entries)``: the captain's (or an arbiter's) line-up for
  a round; the order must keep the roster order. A captain hands it in until the deadline
  (``line_up_deadline``: the event's minutes before the round's start time, published or not; without
  one, until the round is published); an arbiter also afterwards, while no result of the match is in.
  A line-up changed after publication makes the match's games anew.
* ``line_up_visible_to(team, round_number, user)``: a line-up is private to its captain and the
  arbiters until both line-ups of the match are handed in or the round is published (and its deadline
  has passed).
* ``withdraw_team``, ``reinstate_team``, ``set_team_bye``, ``set_round_start``: audited; ``withdrawal_round``
  checks the round of a withdrawal before it is confirmed.
* ``pair_team_round(actor, tournament, override=False)``: the next round of a team event as a draft
  (Berger over teams, or the tournament's Swiss engine with teams as competitors).
* ``make_team_games(actor, tournament, boards)``: at publication, each match's board games from the
  line-ups (the roster's first N available players for a team without one, audited), colours by
  ``vocabulary.board_colour``.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game, ResultSubmission
from tournaments.audit import Actor, record
from tournaments.models import (
    Absence,
    Board,
    Entry,
    LineUp,
    LineUpBoard,
    Round,
    Team,
    TeamByeRequest,
    TeamMember,
    Tournament,
)
from tournaments.pairing.model import PairingError, RoundPairing
from tournaments.pairing.teams import (
    average_rating,
    board_pairings,
    default_line_up,
    line_up_problems,
    pair_team_round_robin,
    seed_teams,
    team_pairing_input,
)
from tournaments.permissions import is_arbiter, is_mirrored
from tournaments.reports.teams import team_matches_and_byes, team_scoring, withdrawal_forfeit, withdrawn_in

from .errors import ServiceError
from .relay import freeze_relay_tags


class TeamPairingRefused(ServiceError):
    """Pairing a team round was refused (the message says why, ``details`` lists e.g. open boards)."""

User = get_user_model()

MAX_TEAMS = 200  # teams of one event
MAX_ROSTER = 40  # players on one roster (boards and reserves)


def is_team_event(tournament: Tournament) -> bool:
    return tournament.competitors == Tournament.Competitors.TEAMS


def _require_team_event(tournament: Tournament) -> None:
    if not is_team_event(tournament):
        raise ServiceError(_("This tournament is not a team event: set its competitors to teams in the settings."))


def find_captain(login: str) -> User | None:  # type: ignore[valid-type]
    """The account ``login`` names (user name or e-mail address, case-insensitive); None for an empty
    login; ``ServiceError`` naming it when no account has it."""
    login = login.strip()
    if not login:
        return None
    user = User.objects.filter(Q(username__iexact=login) | Q(email__iexact=login)).order_by("pk").first()
    if user is None:
        raise ServiceError(_("No account has the user name or e-mail address %(login)s. The captain must have "
                             "an account (invite them as a player first).") % {"login": login})
    return user


def _team_text(team: Team) -> str:
    captain = team.captain.get_username() if team.captain is not None else "-"
    return (f"team_number={team.number or ''}; team={team.name}; club={team.club}; captain={captain}; "
            f"contact={team.contact}")


@transaction.atomic
def create_team(actor: Actor, tournament: Tournament, *, name: str, club: str = "", contact: str = "",
                captain: User | None = None) -> Team:  # type: ignore[valid-type]
    """A new team, numbered after the last one; refused for an individual event, a name already taken,
    or more than ``MAX_TEAMS`` teams."""
    _require_team_event(tournament)
    name = name.strip()
    if not name:
        raise ServiceError(_("A team needs a name."))
    teams = Team.objects.select_for_update().filter(tournament=tournament)
    if teams.filter(name__iexact=name).exists():
        raise ServiceError(_("A team named %(name)s is already in this event.") % {"name": name})
    if teams.count() >= MAX_TEAMS:
        raise ServiceError(_("An event has at most %(n)s teams.") % {"n": MAX_TEAMS})
    number = (teams.aggregate(m=Max("number"))["m"] or 0) + 1
    team = Team.objects.create(tournament=tournament, number=number, name=name, club=club.strip(),
                               contact=contact.strip(), captain=captain)
    record(actor, tournament, "team.create", team, after=_team_text(team))
    return team


@transaction.atomic
def update_team(actor: Actor, team: Team, *, name: str, club: str = "", contact: str = "",
                captain: User | None = None) -> Team:  # type: ignore[valid-type]
    """Change a team's name, club, contact or captain."""
    name = name.strip()
    if not name:
        raise ServiceError(_("A team needs a name."))
    if Team.objects.filter(tournament=team.tournament, name__iexact=name).exclude(pk=team.pk).exists():
        raise ServiceError(_("A team named %(name)s is already in this event.") % {"name": name})
    before = _team_text(team)
    team.name, team.club, team.contact, team.captain = name, club.strip(), contact.strip(), captain
    team.save()
    record(actor, team.tournament, "team.update", team, before=before, after=_team_text(team))
    return team


@transaction.atomic
def delete_team(actor: Actor, team: Team) -> None:
    """Remove a team created by mistake (its roster and line-ups with it); refused once a round has been
    paired (its matches are history)."""
    tournament = team.tournament
    if tournament.rounds.exists():
        raise ServiceError(_("Teams cannot be removed once a round has been paired."))
    record(actor, tournament, "team.delete", tournament, before=_team_text(team))
    team.delete()


def roster(team: Team) -> list[Entry]:
    """The team's players in roster (board) order."""
    return [m.entry for m in team.members.select_related("entry").order_by("order")]


def _entry_text(entries: Sequence[Entry | None]) -> str:
    """A roster or line-up for the audit log: ``1. Jansen, Piet, 2. -, 3. Visser, Femke``."""
    return ", ".join(f"{i}. {e.name}" if e is not None else f"{i}. -" for i, e in enumerate(entries, start=1))


@transaction.atomic
def set_roster(actor: Actor, team: Team, entries: Sequence[Entry]) -> list[TeamMember]:
    """Replace the team's roster by ``entries`` in board order (the first N play, the rest are the
    reserves). Refused for a player of another tournament, listed twice, or already in another team
    of the event, a roster of more than ``MAX_ROSTER``, and a player removed who is in a line-up."""
    tournament = team.tournament
    if len(entries) > MAX_ROSTER:
        raise ServiceError(_("A roster has at most %(n)s players.") % {"n": MAX_ROSTER})
    seen: set[int] = set()
    problems = []
    for e in entries:
        if e.tournament_id != tournament.pk:
            problems.append(_("%(name)s is not registered in this tournament.") % {"name": e.name})
        if e.pk in seen:
            problems.append(_("%(name)s is listed twice.") % {"name": e.name})
        seen.add(e.pk)
    elsewhere = (TeamMember.objects.filter(entry__in=[e.pk for e in entries]).exclude(team=team)
                 .select_related("team", "entry"))
    for m in elsewhere:
        problems.append(_("%(name)s is already on the roster of %(team)s: a player is in one team per event.")
                        % {"name": m.entry.name, "team": m.team.name})
    old = roster(team)
    removed = [e for e in old if e.pk not in seen]
    used = set(LineUpBoard.objects.filter(line_up__team=team, entry__in=removed).values_list("entry__name", flat=True))
    for name in sorted(used):
        problems.append(_("%(name)s is in a line-up of this team and stays on the roster.") % {"name": name})
    if problems:
        raise ServiceError(_("The roster was not saved."), details=problems)
    team.members.all().delete()
    members = TeamMember.objects.bulk_create(
        [TeamMember(team=team, entry=e, order=i) for i, e in enumerate(entries, start=1)])
    record(actor, tournament, "team.roster", team, before=f"team={team.name}; roster={_entry_text(old)}",
           after=f"team={team.name}; roster={_entry_text(list(entries))}")
    return members


def team_of_captain(user: Actor, tournament: Tournament) -> Team | None:
    if user is None or not user.is_authenticated:
        return None
    return Team.objects.filter(tournament=tournament, captain=user).first()


def may_manage_team(user: Actor, team: Team) -> bool:
    """The team's captain or an arbiter of the event."""
    if user is None or not user.is_authenticated:
        return False
    return team.captain_id == user.pk or bool(is_arbiter(user, team.tournament))


def _round(tournament: Tournament, number: int) -> Round | None:
    return Round.objects.filter(tournament=tournament, number=number).first()


def match_of(team: Team, round_number: int) -> Board | None:
    """The team's match (board) of a round, if the round is paired."""
    return (Board.objects.filter(round__tournament=team.tournament, round__number=round_number, bye_kind="")
            .filter(Q(white_team=team) | Q(black_team=team)).select_related("white_team", "black_team", "round")
            .first())


def _match_has_results(board: Board) -> bool:
    return ResultSubmission.objects.filter(game__board=board).exists()


def line_up_entries(line_up: LineUp | None, boards: int) -> list[Entry | None]:
    """A line-up as a list by board (1..boards; None: an empty board)."""
    out: list[Entry | None] = [None] * boards
    if line_up is None:
        return out
    for b in line_up.boards.select_related("entry"):
        if 1 <= b.board <= boards:
            out[b.board - 1] = b.entry
    return out


@transaction.atomic
def submit_line_up(actor: Actor, team: Team, round_number: int, entries: Sequence[Entry | None]) -> LineUp:
    """Hand in the team's line-up for ``round_number`` (board order; None leaves a board empty).

    The captain until the round is published (the deadline: the board games are made then); an arbiter
    also afterwards, while no result of the team's match is in (the match's games get the new players).
    Refused when the order does not keep the roster order, a player is not on the roster, listed twice,
    absent for the round, or there are more players than boards."""
    tournament = team.tournament
    _require_team_event(tournament)
    if not may_manage_team(actor, team):
        raise ServiceError(_("Only the team's captain or an arbiter hands in its line-up."))
    if is_mirrored(tournament):
        raise ServiceError(_("This tournament is mirrored from the hall laptop: hand in the line-up there."))
    arbiter = bool(is_arbiter(actor, tournament))
    if round_number < 1 or round_number > max(tournament.rounds_planned, 1):
        raise ServiceError(_("Round %(n)s is not a round of this event.") % {"n": round_number})
    rnd = _round(tournament, round_number)
    match = match_of(team, round_number) if rnd is not None else None
    if not arbiter and not captain_may_change(tournament, rnd):
        deadline = line_up_deadline(tournament, rnd)
        if deadline is not None:
            raise ServiceError(_("The line-up deadline of round %(n)s (%(time)s) has passed. Ask an arbiter to "
                                 "change it.") % {"n": round_number, "time": _when(deadline)})
        raise ServiceError(_("Round %(n)s has started: the line-up is closed. Ask an arbiter to change it.")
                           % {"n": round_number})
    if rnd is not None and not rnd.is_draft and match is not None and _match_has_results(match):
        raise ServiceError(_("A result of this match is in: the line-up can no longer change."))
    n = tournament.boards_per_match
    entries = list(entries)
    while entries and entries[-1] is None:
        entries.pop()
    order = [e.pk for e in roster(team)]
    names = {e.pk: e.name for e in Entry.objects.filter(pk__in=order + [e.pk for e in entries if e is not None])}
    problems = line_up_problems(order, [e.pk if e is not None else None for e in entries], n)
    if problems:
        worded = [_worded_problem(p, names, n) for p in problems]
        raise ServiceError(_("The line-up was not saved: %(problem)s") % {"problem": worded[0]}, details=worded[1:])
    away = _away_entries(tournament, round_number)
    absent = [e.name for e in entries if e is not None and e.pk in away]
    if absent:
        raise ServiceError(_("The line-up was not saved: %(names)s is absent in round %(n)s.")
                           % {"names": ", ".join(absent), "n": round_number})
    line_up, _created = LineUp.objects.select_for_update().get_or_create(team=team, round_number=round_number)
    before = f"line_up={_entry_text(line_up_entries(line_up, n))}" if not _created else ""
    line_up.boards.all().delete()
    LineUpBoard.objects.bulk_create([LineUpBoard(line_up=line_up, board=i, entry=e)
                                     for i, e in enumerate(entries, start=1) if e is not None])
    line_up.by_default = False
    line_up.submitted_by = actor if actor is not None and actor.is_authenticated else None
    line_up.save()
    record(actor, tournament, "lineup.submit", line_up, before=before,
           after=f"team={team.name}; round={round_number}; line_up={_entry_text(entries)}")
    if match is not None and rnd is not None and not rnd.is_draft:
        _remake_match_games(tournament, match)
    return line_up


# The pure core's findings (``pairing.teams.line_up_problems``, plain English with entry ids) in the
# user's language with the players' names.
_ORDER = re.compile(r"Player (\d+) \(roster (\d+)\) plays board (\d+), "
                    r"below player (\d+) \(roster (\d+)\) on board (\d+)")
_NOT_ON_ROSTER = re.compile(r"Player (\d+) on board (\d+) is not on the team's roster")
_TWICE = re.compile(r"Player (\d+) is listed twice")


def _worded_problem(problem: str, names: dict[int, str], boards: int) -> str:
    def name(pk: str) -> str:
        return names.get(int(pk), pk)

    if m := _ORDER.match(problem):
        return _("%(name)s (roster %(pos)s) plays board %(board)s, below %(other)s (roster %(other_pos)s) on board "
                 "%(other_board)s: the roster order must be kept.") % {
            "name": name(m[1]), "pos": m[2], "board": m[3], "other": name(m[4]), "other_pos": m[5],
            "other_board": m[6]}
    if m := _NOT_ON_ROSTER.match(problem):
        return _("%(name)s on board %(board)s is not on the team's roster.") % {"name": name(m[1]), "board": m[2]}
    if m := _TWICE.match(problem):
        return _("%(name)s is listed twice.") % {"name": name(m[1])}
    return _("The line-up has more players than the %(n)s boards.") % {"n": boards}


def _away_entries(tournament: Tournament, round_number: int) -> set[int]:
    """Entries that do not play ``round_number``: withdrawn, or an absence or bye asked for it."""
    out = set(Absence.objects.filter(entry__tournament=tournament, round_number=round_number)
              .values_list("entry_id", flat=True))
    out |= set(Entry.objects.filter(tournament=tournament).exclude(status=Entry.Status.ACTIVE)
               .values_list("pk", flat=True))
    return out


def line_up_deadline(tournament: Tournament, rnd: Round | None) -> datetime.datetime | None:
    """When captains stop changing their line-ups for ``rnd``: the event's minutes before the round's start
    time; None when the event sets none or the round has no start time (then: at publication)."""
    minutes = tournament.line_up_deadline_minutes
    if minutes is None or rnd is None or rnd.starts_at is None:
        return None
    return rnd.starts_at - datetime.timedelta(minutes=minutes)


def captain_may_change(tournament: Tournament, rnd: Round | None, now: datetime.datetime | None = None) -> bool:
    """Whether a captain may still hand in or change a line-up for ``rnd`` (None: not paired yet): before
    the deadline when there is one (published or not), else until the round is published."""
    deadline = line_up_deadline(tournament, rnd)
    if deadline is None:
        return rnd is None or rnd.is_draft
    return (now or timezone.now()) < deadline


def deadline_pending(tournament: Tournament, rnd: Round | None) -> bool:
    """A deadline after publication still to come: the line-ups are not public yet."""
    return rnd is not None and not rnd.is_draft and line_up_deadline(tournament, rnd) is not None and (
        captain_may_change(tournament, rnd))


def _when(moment: datetime.datetime) -> str:
    return date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def line_up_visible_to(team: Team, round_number: int, user: Actor) -> bool:
    """Whether ``user`` may see the team's line-up for the round: its captain and the arbiters always;
    anybody once both line-ups of the match are handed in, or the round is published (with a deadline
    after publication: once the deadline has passed)."""
    if may_manage_team(user, team):
        return True
    rnd = _round(team.tournament, round_number)
    if rnd is not None and not rnd.is_draft and not deadline_pending(team.tournament, rnd):
        return True
    match = match_of(team, round_number) if rnd is not None else None
    if match is None:
        return False
    return LineUp.objects.filter(team_id__in=[match.white_team_id, match.black_team_id],
                                 round_number=round_number, by_default=False).count() == 2


@transaction.atomic
def set_round_start(actor: Actor, rnd: Round, starts_at: datetime.datetime | None) -> Round:
    """Set (or clear) the start time of a round: a team event's line-up deadline counts from it."""
    before = f"round={rnd.number}; starts_at={_when(rnd.starts_at) if rnd.starts_at else ''}"
    rnd.starts_at = starts_at
    rnd.save(update_fields=["starts_at"])
    record(actor, rnd.tournament, "round.start_time", rnd, before=before,
           after=f"round={rnd.number}; starts_at={_when(starts_at) if starts_at else ''}")
    return rnd


# --- Pairing ---------------------------------------------------------------------------------------


def _ensure_numbers(actor: Actor, tournament: Tournament, teams: list[Team], round_number: int) -> list[Team]:
    """At round 1, number the teams by the average rating of their first N roster players (ties by lot,
    seed = the tournament's id: recorded in the audit entry); later, a team without a number gets the
    next one."""
    if round_number > 1:
        last = max((t.number or 0 for t in teams), default=0)
        for t in teams:
            if not t.number:
                last += 1
                t.number = last
                t.save(update_fields=["number"])
        return sorted(teams, key=lambda t: t.number or 0)
    n = tournament.boards_per_match
    rosters: dict[int, Sequence[int]] = {t.pk: [e.rating or 0 for e in roster(t)] for t in teams}
    order = seed_teams(rosters, n, by="rating", seed=tournament.pk)
    by_pk = {t.pk: t for t in teams}
    Team.objects.filter(pk__in=by_pk).update(number=None)
    for i, s in enumerate(order, start=1):
        by_pk[s.team].number = i
        by_pk[s.team].save(update_fields=["number"])
    record(actor, tournament, "team.numbers", tournament,
           after="team_numbers=" + ", ".join(f"{i}. {by_pk[s.team].name} ({s.average or 0:.1f})"
                                             for i, s in enumerate(order, start=1)))
    return sorted(teams, key=lambda t: t.number or 0)


def _pending_matches(tournament: Tournament, before_round: int) -> list[str]:
    open_games = (Game.objects.filter(board__round__tournament=tournament, board__round__number__lt=before_round,
                                      board__white_team__isnull=False)
                  .exclude(submissions__status=ResultSubmission.Status.CONFIRMED)
                  .select_related("board__round", "board__white_team", "board__black_team"))
    return [_("Round %(r)s, %(home)s – %(away)s, board %(b)s") % {
        "r": g.board.round.number, "home": g.board.white_team, "away": g.board.black_team, "b": g.number}
        for g in open_games]


def pair_team_round(actor: Actor, tournament: Tournament, *, override: bool = False) -> tuple[Round, tuple[str, ...]]:
    """Pair the next round of a team event as a draft: Berger over the teams for a round robin (single
    or double), else the event's Swiss engine with teams as competitors and match points as points.
    Refused while board games of earlier rounds have no confirmed result (unless ``override``). Returns
    the draft round and the engine's warnings. Called by ``services.pairing.pair_round``."""
    with transaction.atomic():
        _require_team_event(tournament)
        number = (Round.objects.filter(tournament=tournament).aggregate(m=Max("number"))["m"] or 0) + 1
        teams = list(Team.objects.select_for_update().filter(tournament=tournament).order_by("number", "pk"))
        if len(teams) < 2:
            raise TeamPairingRefused(_("A team event needs at least two teams to pair a round."))
        if tournament.is_round_robin:
            table = tournament.table_rounds(len(teams)) or 0
            if number > table:
                raise TeamPairingRefused(_("All %(table)s rounds of the round robin of %(n)s teams have been paired.")
                                     % {"table": table, "n": len(teams)})
        check_can_pair_teams(tournament, number)
        pending = _pending_matches(tournament, number)
        if pending and not override:
            raise TeamPairingRefused(_("%(n)s board games of earlier rounds have no confirmed result yet. Confirm them "
                                   "or pair anyway.") % {"n": len(pending)}, details=pending)
        teams = _ensure_numbers(actor, tournament, teams, number)
        result = _engine_pairing(tournament, teams, number)
        rnd = _write_team_round(tournament, number, result, {t.number: t for t in teams})
        after = "; ".join(_team_board_text(b) for b in rnd.boards.select_related("white_team", "black_team"))
        if override and pending:
            after = f"override: {len(pending)} pending board game(s); " + after
        record(actor, tournament, "round.pair", rnd, after=after[:20000])
    return rnd, tuple(result.warnings)


def check_can_pair_teams(tournament: Tournament, number: int) -> None:
    """Refuse round ``number`` while the round before is a draft, or beyond the planned rounds (Swiss)."""
    prev = tournament.rounds.filter(number=number - 1).first()
    if prev is not None and prev.is_draft:
        raise TeamPairingRefused(_("Round %(n)s is still a draft: publish or unpair it first.") % {"n": number - 1})
    if not tournament.is_round_robin and number > tournament.rounds_planned:
        raise TeamPairingRefused(
            _("All %(n)s planned rounds have been paired. Change the number of rounds in the settings to add one.")
            % {"n": tournament.rounds_planned})


def _engine_pairing(tournament: Tournament, teams: list[Team], number: int) -> RoundPairing:
    numbers = [t.number for t in teams if t.number is not None]
    try:
        if tournament.is_round_robin:
            return pair_team_round_robin(numbers, number, double=tournament.system.kind == "double_round_robin")
        matches, byes = team_matches_and_byes(tournament, before_round=number)
        n = tournament.boards_per_match
        ratings = {t.number: average_rating([e.rating or 0 for e in roster(t)], n) for t in teams
                   if t.number is not None}
        away = set(requested_byes(tournament, number)) | {t.pk for t in teams if withdrawn_in(t, number)}
        inp = team_pairing_input(number, tournament.rounds_planned, ratings, matches, byes, boards=n,
                                 scoring=tournament.scoring(), team_scoring=team_scoring(tournament),
                                 unavailable=[t.number or 0 for t in teams if t.pk in away],
                                 initial_colour=tournament.initial_colour)  # type: ignore[arg-type]
        return tournament.system.configure(tournament.system_options)(inp)
    except (PairingError, ValueError, TypeError) as exc:
        raise TeamPairingRefused(_("No valid pairing: %(error)s") % {"error": exc}) from exc


def _team_board_text(board: Board) -> str:
    home = board.white_team.name if board.white_team else "-"
    if board.bye_kind:
        return f"{board.number}: {home} bye({board.bye_kind})"
    away = board.black_team.name if board.black_team else "-"
    return f"{board.number}: {home} - {away}"


def _write_team_round(tournament: Tournament, number: int, result: RoundPairing,
                      teams: dict[int | None, Team]) -> Round:
    rnd = Round.objects.create(tournament=tournament, number=number, status=Round.Status.DRAFT)
    boards: list[Board] = []
    for p in sorted(result.pairings, key=lambda p: p.board):
        boards.append(Board(round=rnd, number=len(boards) + 1, white_team=teams[p.white], black_team=teams[p.black],
                            reasons=list(p.reasons)))
    for bye in result.byes:
        boards.append(Board(round=rnd, number=len(boards) + 1, white_team=teams[bye.player], bye_kind=bye.kind,
                            reasons=list(bye.reasons)))
    if not tournament.is_round_robin:  # a round robin's table is fixed: its teams have no requested byes
        given = {b.white_team_id for b in boards}
        by_pk = {t.pk: t for t in teams.values()}
        for team_id, kind in sorted(requested_byes(tournament, number).items()):
            if team_id in by_pk and team_id not in given and not withdrawn_in(by_pk[team_id], number):
                boards.append(Board(round=rnd, number=len(boards) + 1, white_team=by_pk[team_id], bye_kind=kind,
                                    reasons=["Bye requested for this round (given by an arbiter)"]))
    Board.objects.bulk_create(boards)
    rnd.engine_pairing = {str(b.number): {"white": b.white_team.number if b.white_team else None,
                                          "black": b.black_team.number if b.black_team else None,
                                          "bye": b.bye_kind, "reasons": list(b.reasons)} for b in boards}
    rnd.save(update_fields=["engine_pairing"])
    return rnd


# --- Publication: the board games ------------------------------------------------------------------


def _line_up_or_default(actor: Actor, team: Team, round_number: int) -> list[Entry | None]:
    """The team's line-up for the round; without one, the roster's first N available players, stored as
    a default line-up and audited."""
    tournament = team.tournament
    n = tournament.boards_per_match
    line_up = LineUp.objects.filter(team=team, round_number=round_number).first()
    if line_up is not None:
        return line_up_entries(line_up, n)
    players = roster(team)
    away = _away_entries(tournament, round_number)
    chosen_ids = default_line_up([e.pk for e in players], [e.pk for e in players if e.pk not in away], n)
    by_pk = {e.pk: e for e in players}
    chosen: list[Entry | None] = [by_pk[pk] for pk in chosen_ids]
    line_up = LineUp.objects.create(team=team, round_number=round_number, by_default=True)
    LineUpBoard.objects.bulk_create([LineUpBoard(line_up=line_up, board=i, entry=e)
                                     for i, e in enumerate(chosen, start=1)])
    record(actor, tournament, "lineup.default", line_up,
           after=f"team={team.name}; round={round_number}; line_up={_entry_text(chosen)}")
    return chosen + [None] * (n - len(chosen))


def _games_of_match(tournament: Tournament, board: Board, home: list[Entry | None],
                    away: list[Entry | None]) -> list[Game]:
    ids = {e.pk: e for e in [*home, *away] if e is not None}
    pairs = board_pairings([e.pk if e else None for e in home], [e.pk if e else None for e in away],
                           tournament.boards_per_match, tournament.board_colours)
    # A board one team leaves empty has no game: the present player wins it by forfeit (the standings
    # read it from the line-ups).
    return [Game(board=board, number=p.board, white=ids[p.white], black=ids[p.black])
            for p in pairs if p.white is not None and p.black is not None]


def make_team_games(actor: Actor, tournament: Tournament, boards: Sequence[Board]) -> None:
    """The board games of each match of ``boards`` (call inside the publication's transaction)."""
    for board in boards:
        if board.bye_kind or board.white_team is None or board.black_team is None:
            continue
        if board.games.exists() or withdrawal_forfeit(board.white_team, board.black_team, board.round.number):
            continue  # a withdrawn team's match has no games: a forfeit (``reports.teams``)
        number = board.round.number
        home = _line_up_or_default(actor, board.white_team, number)
        away = _line_up_or_default(actor, board.black_team, number)
        Game.objects.bulk_create(_games_of_match(tournament, board, home, away))


def _remake_match_games(tournament: Tournament, board: Board) -> None:
    """After an arbiter changed a line-up of a published match without results: its games anew."""
    home = line_up_entries(LineUp.objects.filter(team=board.white_team, round_number=board.round.number).first(),
                           tournament.boards_per_match)
    away = line_up_entries(LineUp.objects.filter(team=board.black_team, round_number=board.round.number).first(),
                           tournament.boards_per_match)
    board.games.all().delete()
    Game.objects.bulk_create(_games_of_match(tournament, board, home, away))
    freeze_relay_tags(board.round)  # the new games' tags for the relay feed, as at publication


# --- Withdrawals and byes ---------------------------------------------------------------------------


def requested_byes(tournament: Tournament, round_number: int) -> dict[int, str]:
    """Team id -> the bye kind (``half``/``zero``) an arbiter gave it for ``round_number``."""
    return dict(TeamByeRequest.objects.filter(team__tournament=tournament, round_number=round_number)
                .values_list("team_id", "kind"))


def _next_unpaired_round(tournament: Tournament) -> int:
    return (Round.objects.filter(tournament=tournament).aggregate(m=Max("number"))["m"] or 0) + 1


def withdrawal_round(team: Team, from_round: int | None = None) -> int:
    """The round ``team`` would be withdrawn from (``from_round``; default: the first round not yet
    published). ServiceError for a round already published or finished, or when not a team event."""
    tournament = team.tournament
    _require_team_event(tournament)
    first = _next_unpaired_round(tournament)
    draft = tournament.rounds.filter(status=Round.Status.DRAFT).order_by("number").first()
    earliest = draft.number if draft is not None else first
    number = earliest if from_round is None else from_round
    if number < earliest:
        raise ServiceError(_("Round %(n)s is already published: withdraw the team from round %(first)s or later.")
                           % {"n": number, "first": earliest})
    if tournament.rounds_planned and number > tournament.rounds_planned:
        words = ngettext("The event has %(rounds)s round: there is no round %(n)s to withdraw the team from.",
                         "The event has %(rounds)s rounds: there is no round %(n)s to withdraw the team from.",
                         tournament.rounds_planned)
        raise ServiceError(words % {"rounds": tournament.rounds_planned, "n": number})
    return number


@transaction.atomic
def withdraw_team(actor: Actor, team: Team, from_round: int | None = None) -> Team:
    """Withdraw ``team`` from ``from_round`` on (default: the next round to be paired): it is not paired
    from then on in a Swiss; in a round robin its scheduled matches are forfeits. Its results stay or are
    annulled by the players' rule (``reports.teams.team_withdrawals``). Refused for a round already
    published or finished."""
    tournament = team.tournament
    number = withdrawal_round(team, from_round)
    before = f"team={team.name}; withdrawn_from_round={team.withdrawn_from_round or ''}"
    team.withdrawn_from_round = number
    team.save(update_fields=["withdrawn_from_round"])
    record(actor, tournament, "team.withdraw", team, before=before,
           after=f"team={team.name}; withdrawn_from_round={number}")
    return team


@transaction.atomic
def reinstate_team(actor: Actor, team: Team) -> Team:
    """Undo a team's withdrawal: paired again from the next round; annulled results come back."""
    if team.withdrawn_from_round is None:
        raise ServiceError(_("%(team)s is not withdrawn.") % {"team": team.name})
    before = f"team={team.name}; withdrawn_from_round={team.withdrawn_from_round}"
    team.withdrawn_from_round = None
    team.save(update_fields=["withdrawn_from_round"])
    record(actor, team.tournament, "team.reinstate", team, before=before,
           after=f"team={team.name}; withdrawn_from_round=")
    return team


@transaction.atomic
def set_team_bye(actor: Actor, team: Team, round_number: int, kind: str) -> None:
    """Give ``team`` a bye for ``round_number`` of a team Swiss (``half``: a drawn match on every board,
    ``zero``: nothing) or take it back (``kind`` ""). Refused in a round robin (its table is fixed), for
    a round already paired or beyond the planned rounds, and for a withdrawn team."""
    tournament = team.tournament
    _require_team_event(tournament)
    if tournament.is_round_robin:
        raise ServiceError(_("A round robin's schedule is fixed: teams get no byes. Withdraw the team instead."))
    if kind not in ("", *TeamByeRequest.Kind.values):
        raise ServiceError(_("Choose a half-point or a zero-point bye."))
    if not 1 <= round_number <= tournament.rounds_planned:
        raise ServiceError(_("Round %(n)s is not a round of this event (1 to %(last)s).")
                           % {"n": round_number, "last": tournament.rounds_planned})
    if round_number < _next_unpaired_round(tournament):
        raise ServiceError(_("Round %(n)s is already paired: unpair it first to change its byes.")
                           % {"n": round_number})
    if kind and withdrawn_in(team, round_number):
        raise ServiceError(_("%(team)s is withdrawn: it gets no bye.") % {"team": team.name})
    old = TeamByeRequest.objects.filter(team=team, round_number=round_number).first()
    before = f"team={team.name}; round={round_number}; bye_kind={old.kind}" if old else ""
    if not kind:
        if old is None:
            return
        old.delete()
        record(actor, tournament, "team.bye_remove", team, before=before,
               after=f"team={team.name}; round={round_number}")
        return
    TeamByeRequest.objects.update_or_create(team=team, round_number=round_number, defaults={"kind": kind})
    record(actor, tournament, "team.bye", team, before=before,
           after=f"team={team.name}; round={round_number}; bye_kind={kind}")
