"""Creating tournaments and managing their entries: players, start numbers, withdrawals, absences, prohibited pairs.

Every function here is one arbiter action: it runs in a transaction and writes one audit entry
(``tournaments.audit.record``) inside it. Refusals raise ``ServiceError`` with a message for the
arbiter; nothing is stored then. Permission checks are the views' job (``tournaments.access``).
"""

from __future__ import annotations

import random
import re
import secrets
import unicodedata
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Max, Model, Q
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.audit import Actor, record
from tournaments.models import (
    ENTRY_DETAILS,
    PRIVATE_DETAILS,
    Absence,
    AccountLinkRequest,
    Board,
    Entry,
    Event,
    Player,
    ProhibitedPair,
    Role,
    Round,
    Tournament,
)
from tournaments.versioning import bump

from .errors import ServiceError
from .rounds import refresh_draft_warnings

# Title order for start numbers (FMJD draughts titles, then the FIDE chess codes used by TRF files).
TITLE_ORDER = (
    "GMI", "GM", "MI", "IM", "GMIF", "WGM", "MF", "FM", "MIF", "WIM", "CM", "CMF", "MFF", "WFM", "WCM",
)  # fmt: skip
PLAYER_FIELDS = ("name", "title", "federation", "club", "fmjd_id", "national_id", "rating", "birth_year")
# What a new player row keeps of a registration: the public details (the private ones stay on the entry).
_PLAYER_ROW = tuple(f for f in (*PLAYER_FIELDS, "sex") if f not in PRIVATE_DETAILS)
# What a registration may set on the entry (its own copy of the player's details, and its rating).
ENTRY_FIELDS = (*ENTRY_DETAILS, "rating")


def _summary(obj: Model, fields: Iterable[str]) -> str:
    return "; ".join(f"{f}={getattr(obj, f)!s}" for f in fields)


def entry_rating(entry: Entry) -> int:
    """The rating used for this event (0: unrated)."""
    return entry.rating or 0


def rating_order_key(entry: Entry) -> tuple[int, int, str]:
    """Initial ranking: rating descending, then title (GMI first), then name."""
    title = (entry.title or "").upper()
    title_rank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
    return (-entry_rating(entry), title_rank, entry.name.casefold())


def last_round_number(tournament: Tournament) -> int:
    """The number of the latest round created (draft or not), 0 before round 1 is paired."""
    return tournament.rounds.aggregate(m=Max("number"))["m"] or 0


TOURNAMENT_FIELDS = (
    "name", "place", "federation", "start_date", "end_date", "time_control", "pairing_system",
    "rounds_planned", "rule_profile", "status", "points_win", "points_draw", "points_loss", "points_pab",
    "points_forfeit_win", "points_forfeit_loss", "points_half_bye", "points_zero_bye", "points_full_bye", "tiebreaks",
    "tiebreak_rules", "playoff_places", "draw_offer_min_move", "early_draw_scores_zero", "default_time_minutes",
    "initial_colour", "start_number_order", "withdrawal_rule", "annul_early_withdrawals", "late_entry_byes",
    "late_entry_half_rounds", "forfeit_limit",
    "system_options", "elo_k", "is_public", "public_pairings", "public_standings", "public_crosstable",
    "public_games", "public_players", "competitors", "boards_per_match", "board_colours",
    "games_per_pairing", "pairing_score", "micro_match_bye", "opening_deck", "opening_draw",
    "team_points_win", "team_points_draw", "team_points_loss", "team_no_show_penalty", "team_pab_match_points",
    "team_pab_board_points", "line_up_deadline_minutes", "board_prize_min_games",
)  # fmt: skip


@transaction.atomic
def create_tournament(actor: User, **fields: Any) -> Tournament:
    """Create a tournament; ``actor`` becomes its chief arbiter. Refuses a slug already in use."""
    slug = fields.get("slug", "")
    if Tournament.objects.filter(slug__iexact=slug).exists():  # /t/Open/ is /t/open/
        raise ServiceError(_("The web address /t/%(slug)s/ is already in use.") % {"slug": slug})
    tournament = Tournament.objects.create(created_by=actor, **fields)
    Role.objects.create(tournament=tournament, user=actor, kind=Role.Kind.CHIEF_ARBITER)
    record(actor, tournament, "tournament.create", tournament, after=_summary(tournament, ("slug", "name")))
    return tournament


@transaction.atomic
def update_tournament(actor: Actor, tournament: Tournament, changes: dict[str, Any]) -> Tournament:
    """Apply ``changes`` (field -> value) and log the changed fields with their old and new values."""
    changed = {k: v for k, v in changes.items() if k in TOURNAMENT_FIELDS and getattr(tournament, k) != v}
    if not changed:
        return tournament
    if "pairing_system" in changed and tournament.rounds.exists():
        raise ServiceError(_("The pairing system cannot change once a round has been paired."))
    if {"competitors", "boards_per_match"} & set(changed) and tournament.rounds.exists():
        raise ServiceError(_("Players or teams, and the boards of a team match, cannot change once a round has "
                             "been paired."))
    if "games_per_pairing" in changed and tournament.rounds.exists():
        raise ServiceError(_("The number of games per pairing cannot change once a round has been paired."))
    before = _summary(tournament, changed)
    for k, v in changed.items():
        setattr(tournament, k, v)
    tournament.save()
    if "name" in changed and tournament.event.stages.count() == 1:
        Event.objects.filter(pk=tournament.event_id).update(name=tournament.name)  # the event is this stage
    record(actor, tournament, "tournament.update", tournament, before=before, after=_summary(tournament, changed))
    return tournament


# Slugs that would shadow the arbiter pages' own URLs under ``t/``.
RESERVED_SLUGS = frozenset({"new", "arbiter", "manage"})


def free_slug(name: str, fallback: str = "tournament") -> str:
    """A free web address made from a tournament's name: ``Amersfoort Open 2026`` gives
    ``amersfoort-open-2026``; ``-2``, ``-3``, ... when taken; ``fallback`` when the name has no letter
    or digit of the Latin alphabet (``Кубок Москвы``)."""
    base = slugify(name)[:70].strip("-") or fallback
    if base in RESERVED_SLUGS:
        base = f"{base}-{fallback}"
    slug, n = base, 1
    while Tournament.objects.filter(slug__iexact=slug).exists():  # case-insensitive: /t/Open/ is /t/open/
        n += 1
        slug = f"{base}-{n}"
    return slug


def _next_start_number(tournament: Tournament) -> int:
    return (tournament.entries.aggregate(m=Max("start_number"))["m"] or 0) + 1


def numbers_frozen(tournament: Tournament) -> bool:
    """Start numbers are frozen once any entry has one (they become pairing ids)."""
    return tournament.entries.filter(start_number__isnull=False).exists()


def lock_tournament(tournament: Tournament) -> None:
    """Serialise registrations of one tournament (two uploads of one file, a double-clicked form):
    the second waits for the first and then sees its players."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).values_list("pk", flat=True).first()


def same_player_key(name: str, fmjd_id: str = "") -> list[str]:
    """What identifies a player within a tournament: the name (case and spacing ignored), and the
    FMJD id when there is one. Two registrations sharing either are the same player."""
    keys = ["name:" + " ".join(name.split()).casefold()]
    return keys + (["id:" + fmjd_id.strip()] if fmjd_id and fmjd_id.strip() else [])


def registered_keys(tournament: Tournament) -> dict[str, str]:
    """``same_player_key`` of every entry of ``tournament`` -> the player's name."""
    out: dict[str, str] = {}
    for name, fmjd in Entry.objects.filter(tournament=tournament).values_list("name", "fmjd_id"):
        out.update(dict.fromkeys(same_player_key(name, fmjd), name))
    return out


# What a late entry gets for each round played before it joined (``Tournament.late_entry_byes``
# says which, or leaves it to the arbiter at each registration).
MISSED_ZERO = Tournament.LateEntryByes.ZERO.value
MISSED_HALF = Tournament.LateEntryByes.HALF.value
MISSED_ROUNDS = (MISSED_ZERO, MISSED_HALF)


def asks_missed_rounds(tournament: Tournament) -> bool:
    """Whether a late registration must ask what the missed rounds score: only when the tournament's
    rule leaves it to the arbiter (and a round exists, so that the entry is late at all)."""
    return tournament.late_entry_byes == Tournament.LateEntryByes.ASK


def missed_round_byes(tournament: Tournament, rounds: int, chosen: str | None = None) -> list[str]:
    """The bye kind for each of the ``rounds`` missed rounds of a late entry, round 1 first.

    The tournament's rule decides (``late_entry_byes``); when it asks, ``chosen`` is the arbiter's
    answer (none given: zero points). Half-point byes go to at most ``late_entry_half_rounds``
    missed rounds (0: every one); the later ones are zero-point byes.
    """
    rule = tournament.late_entry_byes
    kind = (chosen or MISSED_ZERO) if rule == Tournament.LateEntryByes.ASK else rule
    if kind not in MISSED_ROUNDS:
        raise ServiceError(_("Missed rounds: choose a zero-point or a half-point bye."))
    limit = tournament.late_entry_half_rounds
    return [Board.ByeKind.HALF if kind == MISSED_HALF and (not limit or n <= limit) else Board.ByeKind.ZERO
            for n in range(1, rounds + 1)]


def _check_can_register(tournament: Tournament) -> int:
    """The last round number; refuses late entries in a round robin (its table is fixed)."""
    last = last_round_number(tournament)
    if last and tournament.is_round_robin:
        # A new player would change the Berger table (its size) under the rounds already played.
        raise ServiceError(_("A round robin's schedule is fixed once round 1 is paired: no late entries."))
    return last


@transaction.atomic
def register_player(
    actor: Actor, tournament: Tournament, data: dict[str, Any], *, player: Player | None = None,
    missed_rounds: str | None = None,
) -> Entry:
    """Register a player: the entry gets ``data``'s details (``ENTRY_FIELDS``), the rest from the player
    (an existing ``player``, else the one with the same FMJD id, else a new one made from ``data``),
    frozen from then on: no player row is ever changed here.

    Before round 1 the entry gets no start number until ``freeze_start_numbers``, unless numbers
    are already frozen; once a round exists it is a late entry: ``joined_in_round`` is the next
    round and it gets the next free start number. Each round it missed gets a bye board: a
    zero-point or a half-point bye as the tournament's rule says (``missed_round_byes``), or, when
    the rule asks, as ``missed_rounds`` ("zero" or "half") answers. Refused in round robins, whose
    Berger table is fixed by the number of players.
    An existing player is matched by FMJD id when one is given. Refused when the tournament already
    has this player (``same_player_key``): registering is idempotent, even for two requests at once.
    """
    lock_tournament(tournament)
    name = player.name if player is not None else str(data.get("name") or "")
    fmjd = player.fmjd_id if player is not None else str(data.get("fmjd_id") or "")
    known = registered_keys(tournament)
    twin = next((known[k] for k in same_player_key(name, fmjd) if k in known), None)
    if twin is not None:
        raise ServiceError(_("%(name)s is already registered.") % {"name": twin})
    last = _check_can_register(tournament)
    if player is None:
        fmjd_id = fmjd.strip()
        player = Player.objects.filter(fmjd_id=fmjd_id).order_by("pk").first() if fmjd_id else None
        if player is None:
            player = Player.objects.create(**{k: v for k, v in data.items() if k in _PLAYER_ROW})
    details = {k: v for k, v in data.items() if k in ENTRY_FIELDS and v not in ("", None)}
    entry = Entry(tournament=tournament, player=player, joined_in_round=last + 1, **details)
    if last or numbers_frozen(tournament):
        entry.start_number = _next_start_number(tournament)
    entry.save()
    action = "entry.late" if last else "entry.add"
    after = _summary(entry, ("start_number", "joined_in_round", "rating"))
    if last:
        kinds = _missed_round_byes(tournament, entry, missed_rounds)
        after += f"; missed_rounds=1-{last}; bye_kind=" + ",".join(dict.fromkeys(kinds))
    record(actor, tournament, action, entry, after=after)
    return entry


def _missed_round_byes(tournament: Tournament, entry: Entry, missed_rounds: str | None) -> list[str]:
    """A bye board for the late ``entry`` in every round before it joined (zero or half a point each,
    ``missed_round_byes``); returns the kinds given, round 1 first."""
    kinds = missed_round_byes(tournament, entry.joined_in_round - 1, missed_rounds)
    for rnd in tournament.rounds.filter(number__lt=entry.joined_in_round).order_by("number"):
        number = (rnd.boards.aggregate(m=Max("number"))["m"] or 0) + 1
        Board.objects.create(round=rnd, number=number, white=entry, bye_kind=kinds[rnd.number - 1],
                             reasons=["Late entry: a bye for a round played before the player joined"])
    return kinds


@transaction.atomic
def freeze_start_numbers(
    actor: Actor, tournament: Tournament, method: str | None = None, seed: int | None = None
) -> int:
    """Give every entry its start number 1..n; returns the seed used (0 for rating order).

    ``method``: ``rating`` (rating, then title, then name) or ``lot`` (a shuffle by ``seed``; a
    random seed when none is given; the seed is in the audit log so the draw can be reproduced).
    Refused once a round has been paired: start numbers are the pairing ids of the history.
    """
    if tournament.rounds.exists():
        raise ServiceError(_("Start numbers are frozen: round 1 has already been paired."))
    method = method or tournament.start_number_order
    entries = list(tournament.entries.all())
    if not entries:
        raise ServiceError(_("There are no entries to number."))
    numbered = sorted((e for e in entries if e.start_number), key=lambda e: e.start_number or 0)
    before = ("numbers=" + ", ".join(f"{e.start_number}. {e.name}" for e in numbered)) if numbered else ""
    if method == Tournament.StartNumberOrder.LOT:
        seed = seed if seed is not None else secrets.randbits(32)
        entries.sort(key=lambda e: e.pk)  # a fixed order before the shuffle: the seed alone decides
        random.Random(seed).shuffle(entries)
    else:
        seed = 0
        entries.sort(key=rating_order_key)
    # Clear first so the unique (tournament, start_number) constraint never sees a transient duplicate.
    tournament.entries.update(start_number=None)
    for i, e in enumerate(entries, start=1):
        e.start_number = i
    Entry.objects.bulk_update(entries, ["start_number"])
    bump(tournament.pk)  # bulk writes send no signals
    after = "numbers=" + ", ".join(f"{e.start_number}. {e.name}" for e in entries)
    label = f"method={method}" + (f"; seed={seed}" if method == Tournament.StartNumberOrder.LOT else "")
    record(actor, tournament, "entry.start_numbers", tournament, before=before, after=f"{label}; {after}")
    return seed


@transaction.atomic
def withdraw(actor: Actor, entry: Entry, from_round: int | None = None) -> Entry:
    """Withdraw ``entry`` from ``from_round`` on (default: the next round to be paired).

    The player is not paired from that round; what happens to earlier results follows
    ``Tournament.withdrawal_rule`` (applied when the history is built, see ``services.history``).
    """
    tournament = entry.tournament
    if from_round is None:
        from_round = last_round_number(tournament) + 1
    if from_round < 1:
        raise ServiceError(_("The round must be 1 or more."))
    before = _summary(entry, ("status", "withdrawn_from_round"))
    entry.status = Entry.Status.WITHDRAWN
    entry.withdrawn_from_round = from_round
    entry.save(update_fields=["status", "withdrawn_from_round"])
    after = _summary(entry, ("status", "withdrawn_from_round"))
    record(actor, tournament, "entry.withdraw", entry, before=before, after=after)
    refresh_draft_warnings(tournament, last_round_number(tournament))
    return entry


@transaction.atomic
def reinstate(actor: Actor, entry: Entry) -> Entry:
    """Undo a withdrawal: the player is paired again from the next round."""
    before = _summary(entry, ("status", "withdrawn_from_round"))
    entry.status = Entry.Status.ACTIVE
    entry.withdrawn_from_round = None
    entry.save(update_fields=["status", "withdrawn_from_round"])
    record(actor, entry.tournament, "entry.reinstate", entry, before=before, after=_summary(entry, ("status",)))
    refresh_draft_warnings(entry.tournament, last_round_number(entry.tournament))
    return entry


def _check_round_open(tournament: Tournament, round_number: int) -> None:
    rnd = tournament.rounds.filter(number=round_number).first()
    if rnd is not None and rnd.status != Round.Status.DRAFT:
        raise ServiceError(
            _("Round %(n)s is already published; absences and byes can only be set for rounds not yet published.")
            % {"n": round_number}
        )


@transaction.atomic
def set_absence(actor: Actor, entry: Entry, round_number: int, kind: str, note: str = "") -> Absence:
    """Record that ``entry`` does not play ``round_number``: absent, excused, or a requested half/zero bye.

    Refused for a published round. If that round is a draft, it must be unpaired and paired again
    for the change to show (the arbiter is told by the view).
    """
    if kind not in Absence.Kind.values:
        raise ServiceError(_("Unknown kind of absence: %(kind)s") % {"kind": kind})
    if round_number < 1:
        raise ServiceError(_("The round must be 1 or more."))
    _check_round_open(entry.tournament, round_number)
    absence, created = Absence.objects.update_or_create(
        entry=entry, round_number=round_number, defaults={"kind": kind, "note": note}
    )
    record(actor, entry.tournament, "absence.set", entry, after=f"round={round_number}; kind={kind}; note={note}")
    refresh_draft_warnings(entry.tournament, round_number)
    return absence


ROLL_CALL_NOTE = "roll call"


@transaction.atomic
def roll_call(actor: Actor, tournament: Tournament, round_number: int, present: Iterable[int]) -> tuple[int, int]:
    """Record who is in the hall for ``round_number``: (marked absent, marked present again).

    Every player due to play the round (joined, not withdrawn) whose entry id is not in ``present``
    is absent: not paired, no points (an ``Absence`` of kind absent, audited like any other). A
    player ticked present again loses an absence of kind absent; a requested bye or an absence with
    notice stays as the arbiter set it. Refused once the round is published.
    """
    _check_round_open(tournament, round_number)
    here = set(present)
    entries = [e for e in Entry.objects.filter(tournament=tournament)
               if e.is_available_for(round_number)]
    known = {a.entry_id: a for a in Absence.objects.filter(entry__tournament=tournament, round_number=round_number)}
    absent = back = 0
    for entry in entries:
        absence = known.get(entry.pk)
        if entry.pk not in here and absence is None:
            set_absence(actor, entry, round_number, Absence.Kind.ABSENT, ROLL_CALL_NOTE)
            absent += 1
        elif entry.pk in here and absence is not None and absence.kind == Absence.Kind.ABSENT:
            absence.entry = entry
            remove_absence(actor, absence)
            back += 1
    return absent, back


@transaction.atomic
def remove_absence(actor: Actor, absence: Absence) -> None:
    """Delete an absence or requested bye of a round not yet published."""
    _check_round_open(absence.entry.tournament, absence.round_number)
    before = f"round={absence.round_number}; kind={absence.kind}"
    record(actor, absence.entry.tournament, "absence.remove", absence.entry, before=before)
    absence.delete()
    refresh_draft_warnings(absence.entry.tournament, absence.round_number)


@transaction.atomic
def add_prohibited_pair(
    actor: Actor, tournament: Tournament, first: Entry, second: Entry, reason: str = ""
) -> ProhibitedPair:
    """Two entries of ``tournament`` that must not meet (same family or club)."""
    if first.pk == second.pk:
        raise ServiceError(_("Choose two different players."))
    if first.tournament_id != tournament.pk or second.tournament_id != tournament.pk:
        raise ServiceError(_("Both players must be entries of this tournament."))
    pairs = ProhibitedPair.objects.filter(tournament=tournament)
    if pairs.filter(first=first, second=second).exists() or pairs.filter(first=second, second=first).exists():
        raise ServiceError(_("These two players are already a prohibited pair."))
    try:
        with transaction.atomic():
            pair = ProhibitedPair.objects.create(tournament=tournament, first=first, second=second, reason=reason)
    except IntegrityError as exc:  # pragma: no cover - no constraint today, kept for safety
        raise ServiceError(_("The prohibited pair could not be stored.")) from exc
    record(actor, tournament, "prohibited.add", pair, after=f"{first} / {second}: {reason}")
    return pair


@transaction.atomic
def remove_prohibited_pair(actor: Actor, pair: ProhibitedPair) -> None:
    """Allow two players to meet again."""
    record(actor, pair.tournament, "prohibited.remove", pair, before=f"{pair.first} / {pair.second}: {pair.reason}")
    pair.delete()


def _drop_player_role(tournament: Tournament, user: User) -> None:
    """Remove ``user``'s player role in ``tournament`` unless another entry there is still theirs."""
    if not Entry.objects.filter(tournament=tournament, user=user).exists():
        Role.objects.filter(tournament=tournament, user=user, kind=Role.Kind.PLAYER).delete()


@transaction.atomic
def link_account(actor: Actor, entry: Entry, username: str) -> Entry:
    """Link ``entry`` to the user account ``username``, or ask that account's owner to.

    Staff link at once (``link_user``; they see every account anyway). Anyone else makes a request
    (``request_account_link``) that only the account's owner sees and accepts: the answer is the
    same whether or not an account of that name exists, so the players page reveals no account
    (issue 23, Low 4). Returns the entry, linked (staff) or not yet (a request).
    """
    username = (username or "").strip()
    if not username:
        raise ServiceError(_("Enter the username of the account to link."))
    if actor is not None and actor.is_authenticated and actor.is_staff:
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise ServiceError(_("There is no user account named “%(username)s”.") % {"username": username})
        return link_user(actor, entry, user)
    request_account_link(actor, entry, username)
    return entry


@transaction.atomic
def link_user(actor: Actor, entry: Entry, user: User) -> Entry:
    """Link ``entry`` to the account ``user`` and give that user the player role here (no lookup: the
    caller holds the account: staff, the account's owner accepting a request, an invitation).

    After this the user sees the entry's games on "My games" and may submit their results. The link
    belongs to this entry only: the same player's entries in other tournaments keep their own.
    Refused (nothing stored): a user already linked to another entry of the same tournament; an
    entry already linked to a different account (unlink first). Linking the account it already has
    changes nothing but still makes sure the role exists. A waiting request of the entry is answered.
    """
    tournament = entry.tournament
    username = user.get_username()
    locked = Entry.objects.select_for_update(of=("self",)).select_related("user").get(pk=entry.pk)
    other = (
        Entry.objects.filter(tournament=tournament, user=user).exclude(pk=entry.pk).first()
    )
    if other is not None:
        raise ServiceError(
            _("The account “%(username)s” is already linked to %(name)s in this tournament.")
            % {"username": username, "name": other.name}
        )
    if locked.user_id is not None and locked.user_id != user.pk:
        raise ServiceError(
            _("%(name)s is already linked to the account “%(username)s”: unlink it first.")
            % {"name": locked.name, "username": locked.user}
        )
    entry.user = user
    entry.save(update_fields=["user"])
    AccountLinkRequest.objects.filter(entry=entry).delete()
    Role.objects.get_or_create(tournament=tournament, user=user, kind=Role.Kind.PLAYER)
    record(actor, tournament, "entry.link_account", entry, before="user=", after=f"user={username}")
    return entry


@transaction.atomic
def claim_player(user: User, entry: Entry) -> Player:
    """The account ``user`` says the player of ``entry`` is its owner: the link across events.

    Only the account an arbiter linked to ``entry`` may (it has shown, to that arbiter, that it is that
    player); refused when the player is linked to another account (staff change that). Audited in the
    entry's tournament. Linking again changes nothing.
    """
    locked = Entry.objects.select_for_update(of=("self",)).get(pk=entry.pk)
    if locked.user_id != user.pk:
        raise ServiceError(_("Only the account linked to %(name)s in this tournament may say it is this player.")
                           % {"name": locked.name})
    player = Player.objects.select_for_update().get(pk=locked.player_id)
    if player.user_id == user.pk:
        return player
    if player.user_id is not None:
        raise ServiceError(_("This player is linked to another account; the site's administrators can change "
                             "that."))
    if Player.objects.filter(user=user).exists():
        raise ServiceError(_("Your account is linked to another player already; the site's administrators can "
                             "change that."))
    player.user = user
    player.save(update_fields=["user"])
    record(user, locked.tournament, "player.claim", locked, before="account=",
           after=f"account={user.get_username()} (the player across events, FMJD id {player.fmjd_id or '-'})")
    return player


def request_account_link(actor: Actor, entry: Entry, username: str) -> AccountLinkRequest:
    """Ask the owner of the account ``username`` to link it to ``entry`` (replacing the entry's
    waiting request). Stored and audited whether or not such an account exists: nothing here tells
    the arbiter. Refused only for what the arbiter can see anyway: an entry that has an account."""
    username = (username or "").strip()
    if not username:
        raise ServiceError(_("Enter the username of the account to link."))
    locked = Entry.objects.select_for_update(of=("self",)).select_related("player", "user").get(pk=entry.pk)
    if locked.user_id is not None:
        raise ServiceError(_("%(name)s is already linked to the account “%(username)s”: unlink it first.")
                           % {"name": locked.name, "username": locked.user})
    AccountLinkRequest.objects.filter(entry=entry).delete()
    req = AccountLinkRequest.objects.create(
        entry=entry, username=username[:150], user=get_user_model().objects.filter(username=username).first(),
        requested_by=actor if isinstance(actor, User) else None)
    record(actor, entry.tournament, "entry.request_link", entry, after=f"request to the account “{username}”")
    return req


def link_requests_of(user: Actor) -> list[AccountLinkRequest]:
    """The requests waiting for ``user``'s answer (their home page shows them)."""
    if user is None or not user.is_authenticated:
        return []
    return list(AccountLinkRequest.objects.filter(user=user)
                .select_related("entry", "entry__tournament", "requested_by"))


@transaction.atomic
def answer_link_request(user: Actor, req: AccountLinkRequest, *, accept: bool) -> Entry:
    """The account's owner accepts (the entry is linked to their account) or declines a request."""
    if user is None or not user.is_authenticated or req.user_id != user.pk or not isinstance(user, User):
        raise ServiceError(_("This request is not addressed to your account."))
    entry = req.entry
    if accept:
        return link_user(user, entry, user)
    req.delete()
    record(user, entry.tournament, "entry.decline_link", entry, before=f"request to the account “{req.username}”",
           after="declined by the account's owner")
    return entry


@transaction.atomic
def withdraw_link_request(actor: Actor, entry: Entry) -> None:
    """The arbiter withdraws the entry's waiting request (refused when there is none)."""
    req = AccountLinkRequest.objects.select_for_update().filter(entry=entry).first()
    if req is None:
        raise ServiceError(_("%(name)s has no request waiting.") % {"name": entry.name})
    req.delete()
    record(actor, entry.tournament, "entry.withdraw_link", entry, before=f"request to the account “{req.username}”",
           after="withdrawn")


def _free_username(name: str) -> str:
    """A username made of the player's name (``jansen-piet``), numbered when taken (``jansen-piet-2``)."""
    base = re.sub(r"[^a-z0-9]+", "-", unicodedata.normalize("NFKD", name).encode("ascii", "ignore")
                  .decode().lower()).strip("-")[:30] or "player"
    users = get_user_model().objects
    candidate, n = base, 1
    while users.filter(username=candidate).exists():
        n += 1
        candidate = f"{base}-{n}"
    return candidate


@transaction.atomic
def invite_player(actor: Actor, entry: Entry) -> User:
    """Create a user account for ``entry``'s player, without a password, and link it here.

    The player sets a password through an invitation link (``accounts.invitation_path``); until
    then nobody can sign in with the account. Refused when the entry already has an account.
    """
    locked = Entry.objects.select_for_update(of=("self",)).select_related("user").get(pk=entry.pk)
    if locked.user_id is not None:
        raise ServiceError(_("%(name)s already has the account “%(username)s”.")
                           % {"name": locked.name, "username": locked.user})
    user = get_user_model()(username=_free_username(locked.name))
    user.set_unusable_password()
    user.save()
    record(actor, entry.tournament, "entry.invite", entry, after=f"user={user.get_username()}")
    link_user(actor, entry, user)
    return user


@transaction.atomic
def unlink_account(actor: Actor, entry: Entry) -> Entry:
    """Remove the link between ``entry`` and its user account, and that user's player role here.

    Refused when the entry has no linked account. The role is kept if the user still has
    another entry in the tournament.
    """
    tournament = entry.tournament
    locked = Entry.objects.select_for_update(of=("self",)).select_related("user").get(pk=entry.pk)
    user = locked.user
    if user is None:
        raise ServiceError(_("%(name)s has no linked user account.") % {"name": locked.name})
    entry.user = None
    entry.save(update_fields=["user"])
    _drop_player_role(tournament, user)
    record(actor, tournament, "entry.unlink_account", entry, before=f"user={user.get_username()}", after="user=")
    return entry


# The player data an arbiter edits, with the entry's rating for this event.
EDITABLE = ("name", "title", "federation", "club", "fmjd_id", "national_id", "birth_year", "sex")


def _changes_text(before: dict[str, Any], after: dict[str, Any]) -> tuple[str, str]:
    changed = [k for k in after if before.get(k) != after[k]]
    return (_summary_dict(before, changed), _summary_dict(after, changed))


def _summary_dict(values: dict[str, Any], keys: Iterable[str]) -> str:
    return "; ".join(f"{k}={'' if values.get(k) is None else values.get(k)}" for k in keys)


@transaction.atomic
def update_player(actor: Actor, entry: Entry, data: dict[str, Any]) -> Entry:
    """Change the player's details as this tournament shows them (``EDITABLE`` and ``rating``): the entry's
    own copy, so no other tournament changes. Refused when the new name or FMJD id is another player's of
    this tournament.
    """
    tournament = entry.tournament
    lock_tournament(tournament)
    entry = Entry.objects.select_for_update(of=("self",)).get(pk=entry.pk)
    new = {k: data[k] for k in (*EDITABLE, "rating") if k in data}
    known = {k: v for k, v in registered_keys(tournament).items()
             if v != entry.name}  # its own keys do not count against it
    twin = next((known[k] for k in same_player_key(str(new.get("name", entry.name)),
                                                    str(new.get("fmjd_id", entry.fmjd_id))) if k in known), None)
    if twin is not None:
        raise ServiceError(_("%(name)s is already registered.") % {"name": twin})
    before = {k: getattr(entry, k) for k in new}
    for k, v in new.items():
        setattr(entry, k, "" if v is None and k not in ("rating", "birth_year", "national_rating") else v)
    entry.full_clean(exclude=["tournament", "player", "user"], validate_unique=False, validate_constraints=False)
    entry.save()
    old, now = _changes_text(before, {k: getattr(entry, k) for k in new})
    if now:
        record(actor, tournament, "entry.edit", entry, before=old, after=now)
    return entry


def has_played(entry: Entry) -> bool:
    """Whether ``entry`` is on a board of any round (a game or a bye), published or draft."""
    return Board.objects.filter(Q(white=entry) | Q(black=entry)).exists()


@transaction.atomic
def delete_entry(actor: Actor, entry: Entry) -> None:
    """Remove a player who never played from the tournament (its absences and prohibited pairs go
    with it); the player row goes too unless another tournament has it. Refused once the player is
    on a board: then withdraw instead."""
    tournament = entry.tournament
    lock_tournament(tournament)
    entry = Entry.objects.get(pk=entry.pk)
    if has_played(entry):
        raise ServiceError(_("%(name)s is on a board already: withdraw the player instead.")
                           % {"name": entry.name})
    number = entry.start_number
    later = Entry.objects.filter(tournament=tournament, start_number__gt=number) if number else Entry.objects.none()
    frozen = last_round_number(tournament) > 0
    if frozen and later.exists():
        # Start numbers are the pairing numbers of the rounds played: none may move.
        raise ServiceError(_("%(name)s has start number %(n)s, frozen by the rounds played: withdraw the player "
                             "instead.") % {"name": entry.name, "n": number})
    player = entry.player
    record(actor, tournament, "entry.delete", entry,
           before=_summary_dict({"name": entry.name, "start_number": entry.start_number,
                                 "rating": entry.rating}, ("name", "start_number", "rating")))
    Absence.objects.filter(entry=entry).delete()
    ProhibitedPair.objects.filter(Q(first=entry) | Q(second=entry)).delete()
    entry.delete()
    for other in later.order_by("start_number"):  # before round 1: close the gap
        other.start_number = (other.start_number or 1) - 1
        other.save(update_fields=["start_number"])
    if not Entry.objects.filter(player=player).exists():
        player.delete()
