"""Team events (issue 27): the arbiters' teams and rosters, the captains' line-ups.

* ``teams``: the event's teams, a new team (arbiters).
* ``team``: a team's name, club, captain and contact, and its ordered roster (arbiters).
* ``line_up``: the line-up of a round, handed in by the team's captain or an arbiter; the opponent's
  once it may be seen.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.access import LoginRequired, tournament_for
from tournaments.models import Entry, LineUp, Round, Team, TeamByeRequest, Tournament
from tournaments.permissions import is_arbiter
from tournaments.reports.teams import withdrawal_outcome
from tournaments.services import teams as team_service
from tournaments.services.errors import ServiceError

from .common import refuse

PERM = "tournaments.manage_tournament"


class TeamForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Team name"), max_length=120)
    club = forms.CharField(label=gettext_lazy("Club"), max_length=120, required=False)
    captain = forms.CharField(
        label=gettext_lazy("Captain's account"), max_length=150, required=False,
        help_text=gettext_lazy("User name or e-mail address of the captain's account. Empty: no captain yet."))
    contact = forms.CharField(label=gettext_lazy("Contact"), max_length=200, required=False,
                              help_text=gettext_lazy("Telephone or e-mail address (optional)."))


def _team_event(request: HttpRequest, slug: str) -> Tournament | None:
    """The arbiter's tournament ``slug``; None (with a message) when it is not a team event."""
    tournament = tournament_for(request, slug, PERM)
    if not team_service.is_team_event(tournament):
        messages.error(request, _("This tournament is not a team event: set its competitors to teams in the "
                                  "settings."))
        return None
    return tournament


def _save_team(request: HttpRequest, form: TeamForm, tournament: Tournament, team: Team | None) -> Team | None:
    d = form.cleaned_data
    try:
        captain = team_service.find_captain(d["captain"])
        if team is None:
            return team_service.create_team(request.user, tournament, name=d["name"], club=d["club"],
                                            contact=d["contact"], captain=captain)
        return team_service.update_team(request.user, team, name=d["name"], club=d["club"], contact=d["contact"],
                                        captain=captain)
    except ServiceError as exc:
        refuse(request, exc)
        return None


def teams(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's teams with their rosters' sizes; POST adds a team."""
    tournament = _team_event(request, slug)
    if tournament is None:
        return redirect("tournaments:manage", slug=slug)
    form = TeamForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        team = _save_team(request, form, tournament, None)
        if team is not None:
            messages.success(request, _("Team %(name)s created: now set its roster.") % {"name": team.name})
            return redirect("tournaments:team", slug=slug, team_id=team.pk)
    rows = list(Team.objects.filter(tournament=tournament).select_related("captain").order_by("number", "name"))
    sizes = {t.pk: t.members.count() for t in rows} if len(rows) <= team_service.MAX_TEAMS else {}
    for t in rows:
        t.size = sizes.get(t.pk, 0)  # type: ignore[attr-defined]
    return render(request, "tournaments/manage/teams.html",
                  {"tournament": tournament, "teams": rows, "form": form, "boards": tournament.boards_per_match})


@require_POST
def delete_team(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    """Remove a team (before round 1 is paired)."""
    tournament = _team_event(request, slug)
    if tournament is None:
        return redirect("tournaments:manage", slug=slug)
    t = get_object_or_404(Team, tournament=tournament, pk=team_id)
    name = t.name
    try:
        team_service.delete_team(request.user, t)
    except ServiceError as exc:
        refuse(request, exc)
        return redirect("tournaments:team", slug=slug, team_id=team_id)
    messages.success(request, _("Team %(name)s removed.") % {"name": name})
    return redirect("tournaments:teams", slug=slug)


def _team_of_event(request: HttpRequest, slug: str, team_id: int) -> tuple[Tournament, Team] | None:
    tournament = _team_event(request, slug)
    if tournament is None:
        return None
    return tournament, get_object_or_404(Team, tournament=tournament, pk=team_id)


def _round_field(request: HttpRequest, name: str = "round") -> int | None:
    """The posted (or asked) round number; None when empty; ValueError (with a message) when it is not
    a number."""
    raw = (request.POST.get(name) or request.GET.get(name) or "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        messages.error(request, _("The round must be a number, not “%(value)s”.") % {"value": raw[:20]})
        raise


def _team_action(request: HttpRequest, slug: str, team_id: int, act: Callable[[Team], str]) -> HttpResponse:
    """The frame of a team's withdrawal, reinstatement and bye: the arbiter's team of the event; ``act``
    does the change and returns the message of success ("" for none); a round that is not a number or a
    change the service refuses says why. Back to the team's page."""
    found = _team_of_event(request, slug, team_id)
    if found is None:
        return redirect("tournaments:manage", slug=slug)
    _tournament, t = found
    try:
        done = act(t)
    except ValueError:
        pass
    except ServiceError as exc:
        refuse(request, exc)
    else:
        if done:
            messages.success(request, done)
    return redirect("tournaments:team", slug=slug, team_id=t.pk)


def withdraw_team(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    """Withdraw a team from a round on (``round``; default: the next round to pair). GET (or a POST
    without ``confirm=yes``) shows what the withdrawal would do and asks to confirm; changes nothing."""
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        def withdraw(t: Team) -> str:
            team_service.withdraw_team(request.user, t, _round_field(request))
            return _("%(team)s is withdrawn from round %(n)s.") % {"team": t.name, "n": t.withdrawn_from_round}
        return _team_action(request, slug, team_id, withdraw)
    found = _team_of_event(request, slug, team_id)
    if found is None:
        return redirect("tournaments:manage", slug=slug)
    tournament, t = found
    try:
        number = team_service.withdrawal_round(t, _round_field(request))
    except ValueError:
        return redirect("tournaments:team", slug=slug, team_id=t.pk)
    except ServiceError as exc:
        refuse(request, exc)
        return redirect("tournaments:team", slug=slug, team_id=t.pk)
    if t.withdrawn_from_round is not None:
        messages.error(request, _("%(team)s is already withdrawn from round %(n)s.")
                       % {"team": t.name, "n": t.withdrawn_from_round})
        return redirect("tournaments:team", slug=slug, team_id=t.pk)
    return render(request, "tournaments/manage/team_withdraw.html", {
        "tournament": tournament, "team": t, "number": number,
        "outcome": withdrawal_outcome(tournament, t, number),
        "rule": tournament.get_withdrawal_rule_display() if tournament.is_round_robin else "",
    })


@require_POST
def reinstate_team(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    """Undo a team's withdrawal."""
    def reinstate(t: Team) -> str:
        team_service.reinstate_team(request.user, t)
        return _("%(team)s plays again from the next round.") % {"team": t.name}
    return _team_action(request, slug, team_id, reinstate)


@require_POST
def team_bye(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    """Give a team a bye for a round of a team Swiss (``kind`` half or zero) or take it back (``kind`` "")."""
    def bye(t: Team) -> str:
        number = _round_field(request)
        if number is None:
            messages.error(request, _("Say for which round."))
            return ""
        team_service.set_team_bye(request.user, t, number, request.POST.get("kind", "").strip())
        return _("Saved.")
    return _team_action(request, slug, team_id, bye)


def _roster_choices(tournament: Tournament, team: Team) -> list[tuple[str, str]]:
    """The players a roster may hold: the event's entries not in another team."""
    taken = set(Team.objects.filter(tournament=tournament).exclude(pk=team.pk)
                .values_list("members__entry_id", flat=True))
    entries = Entry.objects.filter(tournament=tournament).order_by("-rating", "name")
    return [("", "–")] + [(str(e.pk), f"{e.name} ({e.rating or '–'})") for e in entries if e.pk not in taken]


def team(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    """A team: its details (POST ``action=team``) and its roster in board order (POST ``action=roster``:
    one ``player`` field per line, empty lines skipped)."""
    tournament = _team_event(request, slug)
    if tournament is None:
        return redirect("tournaments:manage", slug=slug)
    t = get_object_or_404(Team.objects.select_related("captain"), tournament=tournament, pk=team_id)
    initial = {"name": t.name, "club": t.club, "contact": t.contact,
               "captain": t.captain.get_username() if t.captain else ""}
    form = TeamForm(request.POST if request.POST.get("action") == "team" else None, initial=initial)
    if request.method == "POST":
        if request.POST.get("action") == "team":
            if form.is_valid() and _save_team(request, form, tournament, t) is not None:
                messages.success(request, _("Saved."))
                return redirect("tournaments:team", slug=slug, team_id=t.pk)
        elif request.POST.get("action") == "roster" and _save_roster(request, tournament, t):
            messages.success(request, _("Roster saved."))
            return redirect("tournaments:team", slug=slug, team_id=t.pk)
    players = team_service.roster(t)
    n = tournament.boards_per_match
    lines = max(len(players) + 3, n + 2)
    choices = _roster_choices(tournament, t)
    slots = [(i, str(players[i - 1].pk) if i <= len(players) else "", i > n) for i in range(1, lines + 1)]
    return render(request, "tournaments/manage/team.html", {
        "tournament": tournament, "team": t, "form": form, "players": players, "boards": n,
        "slots": slots, "choices": choices,
        "byes": TeamByeRequest.objects.filter(team=t).order_by("round_number"),
        "bye_kinds": TeamByeRequest.Kind.choices,
        "next_round": (tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1,
    })


def _save_roster(request: HttpRequest, tournament: Tournament, t: Team) -> bool:
    raw = [v for v in request.POST.getlist("player")[: team_service.MAX_ROSTER + 10] if v.strip()]
    try:
        ids = [int(v) for v in raw]
    except ValueError:
        messages.error(request, _("The roster was not saved: choose players from the lists."))
        return False
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament, pk__in=ids)}
    if len(ids) > team_service.MAX_ROSTER:
        messages.error(request, _("A roster has at most %(n)s players.") % {"n": team_service.MAX_ROSTER})
        return False
    if any(i not in entries for i in ids):
        messages.error(request, _("The roster was not saved: a chosen player is not registered in this tournament."))
        return False
    try:
        team_service.set_roster(request.user, t, [entries[i] for i in ids])
    except ServiceError as exc:
        refuse(request, exc)
        return False
    return True


def _next_round(tournament: Tournament) -> int:
    """The round a captain prepares: the first not yet published (the deadline), at most the last."""
    started = tournament.rounds.exclude(status=Round.Status.DRAFT).order_by("-number").first()
    return min((started.number if started else 0) + 1, max(tournament.rounds_planned, 1))


def line_up(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    """The team's line-up for a round (``?round=N``, default: the next round to start): the captain or an
    arbiter chooses one roster player per board (POST); the opponent's line-up once it may be seen."""
    if not request.user.is_authenticated:
        raise LoginRequired
    tournament = get_object_or_404(Tournament, slug=slug, competitors=Tournament.Competitors.TEAMS)
    t = get_object_or_404(Team.objects.select_related("captain"), tournament=tournament, pk=team_id)
    if not team_service.may_manage_team(request.user, t):
        raise PermissionDenied
    try:
        number = int(request.POST.get("round") or request.GET.get("round") or _next_round(tournament))
    except ValueError:
        raise Http404("round must be a number") from None
    if not 1 <= number <= max(tournament.rounds_planned, 1):
        raise Http404(f"round {number} is not a round of {slug}")
    players = team_service.roster(t)
    n = tournament.boards_per_match
    if request.method == "POST":
        by_pk = {str(e.pk): e for e in players}
        chosen: list[Entry | None] = []
        bad = False
        for b in range(1, n + 1):
            v = request.POST.get(f"board{b}", "").strip()
            if v and v not in by_pk:
                bad = True
            chosen.append(by_pk.get(v))
        if bad:
            messages.error(request, _("The line-up was not saved: choose players of the roster."))
        else:
            try:
                team_service.submit_line_up(request.user, t, number, chosen)
            except ServiceError as exc:
                refuse(request, exc)
            else:
                messages.success(request, _("Line-up for round %(n)s saved.") % {"n": number})
                return redirect(f"{request.path}?round={number}")
    saved = LineUp.objects.filter(team=t, round_number=number).first()
    current = team_service.line_up_entries(saved, n) if saved else (players[:n] + [None] * n)[:n]
    match = team_service.match_of(t, number)
    opponent = None
    opponent_line_up: list[Entry | None] = []
    if match is not None:
        opponent = match.black_team if match.white_team_id == t.pk else match.white_team
        theirs = LineUp.objects.filter(team=opponent, round_number=number).first()
        if (theirs is not None and opponent is not None
                and team_service.line_up_visible_to(opponent, number, request.user)):
            opponent_line_up = team_service.line_up_entries(theirs, n)
    rnd = tournament.rounds.filter(number=number).first()
    closed = not team_service.captain_may_change(tournament, rnd) and not is_arbiter(request.user, tournament)
    deadline = team_service.line_up_deadline(tournament, rnd)
    return render(request, "tournaments/line_up.html", {
        "tournament": tournament, "team": t, "round_number": number, "players": players,
        "boards": [(b, current[b - 1]) for b in range(1, n + 1)], "saved": saved, "closed": closed,
        "match": match, "opponent": opponent, "opponent_line_up": [(b, e) for b, e in
                                                                   enumerate(opponent_line_up, start=1)],
        "rounds": range(1, max(tournament.rounds_planned, 1) + 1), "deadline": deadline,
    })


def my_team(request: HttpRequest, slug: str) -> HttpResponse:
    """The signed-in captain's line-up page (a link from the public pages)."""
    if not request.user.is_authenticated:
        raise LoginRequired
    tournament = get_object_or_404(Tournament, slug=slug)
    t = team_service.team_of_captain(request.user, tournament)
    if t is None:
        raise Http404("you captain no team in this tournament")
    return redirect("tournaments:line_up", slug=slug, team_id=t.pk)
