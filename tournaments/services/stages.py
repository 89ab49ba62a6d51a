"""The stages of an event: the organiser makes the next stage from a finished one by a transition
(finals by rank blocks, groups seeded in snake order, the top of each group into a final).

Who goes where, and why, is the pure core's (``tournaments.stages``); the standings it reads are the
standings service's (the stage's own tie-break order). This module stores the result: a tournament
per group of the new stage (settings copied from the stage it comes from, the arbiters too), an
entry per seat with its frozen details copied from the entry it comes from, and the seat's reason
(``StageSeat``) and the transition's cuts (``StageTransition``), all in one audited transaction.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import record
from tournaments.models import ENTRY_DETAILS, Entry, Event, Player, Role, StageSeat, StageTransition, Tournament
from tournaments.pairing.systems import SYSTEMS
from tournaments.permissions import is_mirrored
from tournaments.reports.standings import standings_for
from tournaments.services.errors import ServiceError
from tournaments.services.registration import free_slug
from tournaments.stages import (
    FinalGroup,
    StageError,
    Transition,
    finals_by_rank_blocks,
    groups_then_final,
    ranking_by_rating,
    snake_seed,
)
from tournaments.standings import PLAYOFF, Standings, StandingsError

# What a new stage copies from the stage it comes from (its own settings stay editable afterwards).
COPIED_SETTINGS = (
    "place", "federation", "start_date", "end_date", "time_control", "rule_profile", "points_win", "points_draw",
    "points_loss", "points_pab", "points_forfeit_win", "points_forfeit_loss", "points_half_bye",
    "points_zero_bye", "points_full_bye", "tiebreak_rules", "draw_offer_min_move", "initial_colour",
    "withdrawal_rule", "forfeit_limit", "elo_k", "is_public", "public_pairings", "public_standings",
    "public_crosstable", "public_games", "public_players",
)  # fmt: skip
MAX_GROUPS = 26
MAX_GROUP_SIZE = 500
SHORT_LAST = ("fill", "merge", "keep")


@dataclass(frozen=True)
class TransitionRequest:
    """The organiser's choice: the kind and its settings (unused ones are ignored)."""

    kind: str
    system: str = "berger"
    rounds: int = 0  # a Swiss's rounds; a round robin's come from its table
    group_size: int = 8  # rank blocks
    groups: int = 0  # rank blocks: how many finals (0: all); snake: how many groups
    short_last: str = "fill"
    top: int = 2  # groups then a final
    snake_by: str = "ranking"  # or "rating"
    # Groups then a final: entries the organiser adds (last year's top 3, a wildcard), one a line:
    # "FMJD id or name | reason". A player of a group is found there; anyone else among all players.
    seeded: str = ""


MAX_SEEDED = 20
SEEDED_PREFIX = "seeded by the organiser: "
PLAYER_SEAT = 10_000_000  # seat numbers of seeded players from outside the groups: this + the player's id


def _seeded(text: str, by_id: dict[int, Entry]) -> tuple[list[tuple[int, str]], dict[int, Player]]:
    """The organiser's seeded lines as (seat number, reason), and the players from outside the groups."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_SEEDED:
        raise ServiceError(_("At most %(n)s seeded players.") % {"n": MAX_SEEDED})
    out: list[tuple[int, str]] = []
    outside: dict[int, Player] = {}
    for number, line in enumerate(lines, start=1):
        who, _sep, reason = (part.strip() for part in line.partition("|"))
        key = who.casefold()
        entry = next((e for e in by_id.values() if (e.fmjd_id and e.fmjd_id == who) or e.name.casefold() == key),
                     None)
        if entry is not None:
            out.append((entry.pk, reason[:120]))
            continue
        player = (Player.objects.filter(fmjd_id=who).first() if who else None) or \
            Player.objects.filter(name__iexact=who).first()
        if player is None or not who:
            raise ServiceError(_("Seeded, line %(n)s: no player %(who)r (give the FMJD id or the name as registered).")
                               % {"n": number, "who": who})
        outside[PLAYER_SEAT + player.pk] = player
        out.append((PLAYER_SEAT + player.pk, reason[:120]))
    return out, outside


def stages_of(event: Event) -> list[Tournament]:
    """The event's stages in order (stage, then group)."""
    return list(event.stages.order_by("stage", "group", "id"))


def next_stage_refusal(source: Tournament, req: TransitionRequest | None = None) -> str:
    """Why the next stage cannot be made from ``source`` now ("" when it can)."""
    if source.competitors != Tournament.Competitors.PLAYERS:
        return _("Stage transitions are for events between players; this stage is between teams.")
    if source.event.stages.filter(stage__gt=source.stage).exists():
        return _("The event already has a stage after stage %(n)s.") % {"n": source.stage}
    if is_mirrored(source):
        return _("This stage is mirrored here from a hall laptop: make the next stage there.")
    by_rating = req is not None and req.kind == StageTransition.Kind.SNAKE and req.snake_by == "rating"
    if by_rating:
        return ""
    siblings = source.event.stages.filter(stage=source.stage)
    unfinished = [t.name for t in siblings if t.status != Tournament.Status.FINISHED]
    if unfinished:
        return _("Not finished yet: %(names)s. The next stage is made from the final standings.") % {
            "names": ", ".join(unfinished)}
    return ""


def _standings(t: Tournament) -> Standings:
    try:
        return standings_for(t)
    except StandingsError as exc:
        raise ServiceError(_("The standings of %(name)s cannot be computed: %(error)s") % {
            "name": t.name, "error": exc}) from exc


def _numbered(t: Tournament, *, active: bool = False) -> dict[int, Entry]:
    """The stage's entries with a start number, by it (``active``: withdrawn players left out)."""
    qs = t.entries.filter(start_number__isnull=False)
    if active:
        qs = qs.exclude(status=Entry.Status.WITHDRAWN)
    return {e.start_number or 0: e for e in qs}


def _by_entry_id(st: Standings, entries: dict[int, Entry]) -> Standings:
    """The standings with each row's start number replaced by its entry's id: the groups of a stage
    number their players from 1 each, the final needs one number per player of the event."""
    rows = tuple(dataclasses.replace(r, start_number=entries[r.start_number].pk) for r in st.rows)
    return dataclasses.replace(st, rows=rows)


def _check(req: TransitionRequest) -> None:
    if req.kind not in StageTransition.Kind.values:
        raise ServiceError(_("Unknown transition %(kind)r.") % {"kind": req.kind})
    if req.system not in SYSTEMS:
        raise ServiceError(_("Unknown pairing system %(key)r.") % {"key": req.system})
    if not SYSTEMS[req.system].round_robin and not 1 <= req.rounds <= 99:
        raise ServiceError(_("A stage that is not a round robin needs its number of rounds (1 to 99)."))
    if req.kind == StageTransition.Kind.RANK_BLOCKS and not 2 <= req.group_size <= MAX_GROUP_SIZE:
        raise ServiceError(_("Players per final: 2 to %(max)s.") % {"max": MAX_GROUP_SIZE})
    if req.kind == StageTransition.Kind.SNAKE and not 1 <= req.groups <= MAX_GROUPS:
        raise ServiceError(_("Number of groups: 1 to %(max)s.") % {"max": MAX_GROUPS})
    if not 0 <= req.groups <= MAX_GROUPS:
        raise ServiceError(_("Number of groups: 1 to %(max)s.") % {"max": MAX_GROUPS})
    if req.kind == StageTransition.Kind.FINAL and not 1 <= req.top <= MAX_GROUP_SIZE:
        raise ServiceError(_("Qualifiers per group: at least 1."))
    if req.short_last not in SHORT_LAST:
        raise ServiceError(_("Unknown rule for a short last final %(rule)r.") % {"rule": req.short_last})


def _plan(source: Tournament, req: TransitionRequest
          ) -> tuple[Transition, dict[int, Entry], dict[int, int], dict[int, Player]]:
    """The core's transition, the entries its seat numbers name, each seat number's seed, and the
    seeded players from outside the groups by their seat number."""
    seeds: dict[int, int] = {}
    try:
        if req.kind == StageTransition.Kind.RANK_BLOCKS:
            entries = _numbered(source)
            plan = finals_by_rank_blocks(_standings(source), req.group_size, short_last=req.short_last,  # type: ignore[arg-type]
                                         groups=req.groups or None)
            return plan, entries, seeds, {}
        if req.kind == StageTransition.Kind.SNAKE:
            entries = _numbered(source, active=True)
            if req.snake_by == "rating":
                ranking = ranking_by_rating([(sn, e.rating or 0) for sn, e in entries.items()])
            else:
                ranking = tuple(r.start_number for r in _standings(source).rows if r.start_number in entries)
            groups = snake_seed(ranking, req.groups)
            seeds = {sn: i for i, sn in enumerate(ranking, start=1)}
            return Transition(groups, ()), entries, seeds, {}
        siblings = list(source.event.stages.filter(stage=source.stage).order_by("group", "id"))
        by_id: dict[int, Entry] = {}
        group_standings = []
        for t in siblings:
            own = _numbered(t)
            by_id.update({e.pk: e for e in own.values()})
            group_standings.append((t.group or t.name, _by_entry_id(_standings(t), own)))
        seeded, outside = _seeded(req.seeded, by_id)
        plan = groups_then_final(group_standings, req.top, seeded=seeded, final_name="")
        return plan, by_id, seeds, outside
    except StageError as exc:
        raise ServiceError(_("The transition is not possible: %(error)s") % {"error": exc}) from exc


def _label(kind: str, name: str) -> str:
    if kind == StageTransition.Kind.RANK_BLOCKS:
        return _("Final %(name)s") % {"name": name}
    if kind == StageTransition.Kind.SNAKE:
        return _("Group %(name)s") % {"name": name}
    return _("Final")


def _new_stage(actor: User, source: Tournament, req: TransitionRequest, group: FinalGroup, players: int,
               stage: int) -> Tournament:
    label = _label(req.kind, group.name)
    spec = SYSTEMS[req.system]
    t = Tournament(event=source.event, stage=stage, group=group.name, name=f"{source.event.name}, {label}",
                   slug=free_slug(f"{source.event.slug}-{label}"), pairing_system=req.system, created_by=actor)
    for field in COPIED_SETTINGS:
        setattr(t, field, getattr(source, field))
    t.rounds_planned = t.table_rounds(players) or req.rounds if spec.round_robin else req.rounds
    t.save()
    for role in source.roles.filter(kind__in=(Role.Kind.CHIEF_ARBITER, Role.Kind.ARBITER)):
        Role.objects.create(tournament=t, user=role.user, kind=role.kind)
    return t


def _copy_entry(src: Entry, t: Tournament, number: int) -> Entry:
    entry = Entry(tournament=t, player=src.player, start_number=number, rating=src.rating, user=src.user)
    for field in ENTRY_DETAILS:
        setattr(entry, field, getattr(src, field))
    entry.save()
    if src.user_id is not None:  # the account that plays the entry plays its copy: a player here too
        Role.objects.get_or_create(tournament=t, user_id=src.user_id, kind=Role.Kind.PLAYER)
    return entry


def _cut_dict(cut: Any, entries: dict[int, Entry], st: dict[str, Standings]) -> dict[str, Any]:
    rows = {r.start_number: r for s in st.values() for r in s.rows}
    above, below = rows.get(cut.above), rows.get(cut.below)
    return {
        "group": cut.group,
        "above": entries[cut.above].name if cut.above in entries else str(cut.above),
        "below": entries[cut.below].name if cut.below in entries else str(cut.below),
        "above_rank": above.rank if above else None,
        "below_rank": below.rank if below else None,
        "above_points": above.points if above else None,
        "below_points": below.points if below else None,
        "separated_by": cut.separated_by,
        "tie": cut.tie,
    }


@transaction.atomic
def create_next_stage(actor: User, source: Tournament, req: TransitionRequest) -> StageTransition:
    """Make the next stage of ``source``'s event by ``req`` (see the module docstring); refuses with
    a ``ServiceError`` saying why (not finished, a next stage already there, bad settings)."""
    _check(req)
    Event.objects.select_for_update().filter(pk=source.event_id).first()  # one transition at a time
    refusal = next_stage_refusal(source, req)
    if refusal:
        raise ServiceError(refusal)
    plan, entries, seeds, outside = _plan(source, req)
    stage = source.stage + 1
    cut_standings: dict[str, Standings] = {}
    if plan.cuts:
        if req.kind == StageTransition.Kind.FINAL:
            for t in source.event.stages.filter(stage=source.stage):
                own = _numbered(t)
                cut_standings[t.group] = _by_entry_id(_standings(t), own)
        else:
            cut_standings[""] = _standings(source)
    byes = {g.name: len(g.seats) - len(g.entries) for g in plan.groups if len(g.seats) > len(g.entries)}
    params = {f.name: getattr(req, f.name) for f in dataclasses.fields(req)} | {"byes": byes}
    transition = StageTransition.objects.create(
        event=source.event, source=source, target_stage=stage, kind=req.kind, params=params, created_by=actor,
        cuts=[_cut_dict(c, entries, cut_standings) for c in plan.cuts])
    made = []
    for group in plan.groups:
        if not group.entries:
            continue
        t = _new_stage(actor, source, req, group, len(group.entries), stage)
        for number, sn in enumerate(group.entries, start=1):
            seat = next(s for s in group.seats if s.start_number == sn)
            if sn in outside:  # a seeded player from outside the groups: details from the player
                entry = Entry.objects.create(tournament=t, player=outside[sn], start_number=number)
            else:
                entry = _copy_entry(entries[sn], t, number)
            # A seeded seat keeps the organiser's reason (the core's why: "seeded by the organiser: <reason>").
            why = seat.why.removeprefix(SEEDED_PREFIX) if req.kind == StageTransition.Kind.FINAL else seat.why
            StageSeat.objects.create(entry=entry, transition=transition, from_rank=seat.from_rank,
                                     from_group=seat.from_group, seed=seeds.get(sn), why=why[:300])
        record(actor, t, "stage.create", t,
               after=f"stage={stage}; group={group.name}; players={len(group.entries)}; "
                     f"byes={byes.get(group.name, 0)}; from={source.name}; transition={req.kind}")
        made.append(t.slug)
    record(actor, source, "stage.transition", transition,
           after=f"transition={req.kind}; stage={stage}; made={', '.join(made)}")
    return transition


@dataclass(frozen=True)
class SeatView:
    start_number: int
    name: str
    rating: int | None
    why: str


@dataclass(frozen=True)
class StageView:
    tournament: Tournament
    players: int
    byes: int
    seats: tuple[SeatView, ...]


@dataclass(frozen=True)
class StageLevel:
    """One stage number of the event: its groups (one tournament each), the transition that made it
    and its cuts in words."""

    number: int
    groups: tuple[StageView, ...]
    transition: StageTransition | None
    cuts: tuple[str, ...] = ()


def event_levels(event: Event) -> list[StageLevel]:
    """The event's stages in order, each with its groups, their seated entries and the transition."""
    transitions = {tr.target_stage: tr for tr in event.transitions.select_related("source")}
    stages = stages_of(event)
    entries: dict[int, list[Entry]] = {}
    for e in (Entry.objects.filter(tournament__event=event, start_number__isnull=False)
              .select_related("seat").order_by("start_number")):
        entries.setdefault(e.tournament_id, []).append(e)
    levels: dict[int, list[StageView]] = {}
    for t in stages:
        tr = transitions.get(t.stage)
        byes = int(tr.params.get("byes", {}).get(t.group, 0)) if tr is not None else 0
        seats = tuple(SeatView(e.start_number or 0, e.name, e.rating, seat_text(getattr(e, "seat", None), tr))
                      for e in entries.get(t.pk, []))
        levels.setdefault(t.stage, []).append(StageView(t, len(seats), byes, seats))
    return [StageLevel(n, tuple(g), transitions.get(n),
                       tuple(cut_text(c) for c in transitions[n].cuts) if n in transitions else ())
            for n, g in sorted(levels.items())]


@dataclass(frozen=True)
class EventRankingRow:
    place: int
    group: str
    group_rank: int
    name: str
    points: float
    stage: Tournament


def event_ranking(event: Event) -> list[EventRankingRow]:
    """The final ranking of the event: the last stage's groups in order (final A, then B, ...), each
    in its own standings order, places counted on; ex aequo ranks inside a group stay shared. Empty
    while a group of the last stage has no result."""
    stages = stages_of(event)
    if not stages:
        return []
    last = max(t.stage for t in stages)
    out: list[EventRankingRow] = []
    for t in (s for s in stages if s.stage == last):
        try:
            st = standings_for(t)
        except StandingsError:
            return []
        if st.after_round == 0:  # a group without a result yet: no ranking of the event
            return []
        names = {e.start_number: e.name for e in t.entries.all()}
        base = len(out)
        for row in st.rows:
            out.append(EventRankingRow(base + row.rank, t.group, row.rank, names.get(row.start_number, row.name),
                                       row.points, t))
    return out


def _points(x: float | None) -> str:
    if x is None:
        return "?"
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def seat_text(seat: StageSeat | None, transition: StageTransition | None) -> str:
    """Why an entry is in its stage, in the reader's language ("" for a stage made by hand)."""
    if seat is None or transition is None:
        return ""
    kind, source_name = transition.kind, transition.source.name
    if kind == StageTransition.Kind.SNAKE:
        if transition.params.get("snake_by") == "rating":
            return _("Seed %(seed)s by rating (snake order)") % {"seed": seat.seed}
        return _("Seed %(seed)s by the standings of %(stage)s (snake order)") % {"seed": seat.seed,
                                                                                "stage": source_name}
    if kind == StageTransition.Kind.FINAL:
        if seat.from_rank is None:
            return _("Seeded by the organiser: %(reason)s") % {"reason": seat.why}
        return _("Group %(group)s, rank %(rank)s") % {"group": seat.from_group, "rank": seat.from_rank}
    return _("Rank %(rank)s of %(stage)s") % {"rank": seat.from_rank, "stage": source_name}


def cut_text(cut: dict[str, Any]) -> str:
    """Why the line between two players of a cut falls where it does, in the reader's language."""
    who = _("%(above)s (rank %(ar)s) above %(below)s (rank %(br)s)") % {
        "above": cut.get("above"), "ar": cut.get("above_rank"), "below": cut.get("below"), "br": cut.get("below_rank")}
    if not cut.get("tie"):
        return _("%(who)s: more points (%(a)s to %(b)s)") % {
            "who": who, "a": _points(cut.get("above_points")), "b": _points(cut.get("below_points"))}
    if cut.get("separated_by") == PLAYOFF:
        return _("%(who)s: equal on points (%(a)s), decided by play-off") % {
            "who": who, "a": _points(cut.get("above_points"))}
    if cut.get("separated_by") is None:
        return _("%(who)s: equal on points and on every tie-break; the organiser decides (e.g. by lot)") % {"who": who}
    return _("%(who)s: equal on points (%(a)s), a qualification tie decided by %(tb)s") % {
        "who": who, "a": _points(cut.get("above_points")), "tb": cut.get("separated_by")}
