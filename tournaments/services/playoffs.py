"""Play-offs for the places a tournament names (issue 26; KNDB championship conditions: points, plus/minus
balance, play-off for the places the rules name, mutual result, results in ranking order).

The arbiter records a play-off between the players the standings flag as tied for those places
(``reports.standings.playoff_groups``): their finishing order (who won) and, optionally, its games or
score as free text. The final standings order those places by it (``reports.standings.apply_playoffs``);
pairings never read it. Recording, changing and removing a play-off are audited (``playoff.record``,
``playoff.remove``) and move the tournament's version, so pages and documents follow.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import Actor, record
from tournaments.models import Entry, PlayOff, Tournament
from tournaments.models.event import places_of
from tournaments.reports.standings import playoff_groups, standings_for
from tournaments.services.errors import ServiceError
from tournaments.text import strip_control

MAX_GAMES_TEXT = 2000  # characters of a play-off's games or score


def playoff_candidates(tournament: Tournament) -> list[tuple[int, int, tuple[int, ...]]]:
    """The play-offs the arbiter may record now: each group the final standings flag (tied for a
    place of ``playoff_places``), and each recorded play-off the standings applied (to change it), as
    (first place, last place, start numbers in the standings' order)."""
    standings = standings_for(tournament)
    groups = playoff_groups(standings, places_of(tournament.playoff_places) or frozenset())
    groups += [(d.first, d.last, d.order) for d in standings.playoffs]
    return sorted(groups)


def _order_text(tournament: Tournament, order: Sequence[int]) -> str:
    names = dict(Entry.objects.filter(tournament=tournament, start_number__in=order)
                 .values_list("start_number", "player__name"))
    return " > ".join(f"{names.get(sno, '?')} ({sno})" for sno in order)


def _audit_text(p: PlayOff) -> str:
    last = p.first_place + len(p.order) - 1
    text = f"places={p.first_place}-{last}; order={_order_text(p.tournament, p.order)}"
    return f"{text}; games={p.games}" if p.games.strip() else text


def record_playoff(actor: Actor, tournament: Tournament, first: int, order: Sequence[int], games: str = "") -> PlayOff:
    """Record (or change) the play-off for the places from ``first``: ``order`` the start numbers of
    the tied players, winner first; ``games`` its games or score (optional). Refused (ServiceError
    naming what) unless ``order`` holds each player of a flagged group at ``first`` exactly once."""
    games = strip_control(games or "").strip()
    if len(games) > MAX_GAMES_TEXT:
        raise ServiceError(_("The games or score of a play-off take at most %(n)s characters.") % {"n": MAX_GAMES_TEXT})
    order = tuple(order)
    if len(set(order)) != len(order):
        raise ServiceError(_("Each player of the play-off takes one place: a player was chosen twice."))
    for group_first, _last, group in playoff_candidates(tournament):
        if group_first == first and set(group) == set(order):
            break
    else:
        raise ServiceError(_("No play-off for places from %(first)s between these players: the standings do not "
                             "show them tied for a place decided by a play-off.") % {"first": first})
    with transaction.atomic():
        playoff = PlayOff.objects.select_for_update().filter(tournament=tournament, first_place=first).first()
        before = _audit_text(playoff) if playoff is not None else ""
        if playoff is None:
            playoff = PlayOff(tournament=tournament, first_place=first)
        playoff.order, playoff.games = list(order), games
        playoff.created_by = actor if isinstance(actor, User) else None
        playoff.save()
        record(actor, tournament, "playoff.record", playoff, before=before, after=_audit_text(playoff))
    return playoff


@transaction.atomic
def remove_playoff(actor: Actor, playoff: PlayOff) -> None:
    """Take a recorded play-off away: the standings flag the tie again (audited)."""
    record(actor, playoff.tournament, "playoff.remove", playoff, before=_audit_text(playoff))
    playoff.delete()
