"""The schema of a tournament archive (``games.services.archive``): which models travel, in which
order, under which natural keys, and how a field's value is written as JSON.

``SECTIONS`` lists the covered models in dependency order (``MAX_ROWS`` their bounds), ``NOT_ARCHIVED``
the models tied to a tournament that are deliberately left out (roles among them: an archive never
grants a role) (``tests/games/test_archive.py`` fails for any model with
a path to ``Tournament`` in neither).
"""

from __future__ import annotations

import datetime
import hashlib
import json
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User as Account
from django.contrib.contenttypes.fields import GenericForeignKey
from django.db import models

from games.models import (
    CorrectionRequest,
    DrawClaim,
    Game,
    IrregularityRuling,
    ResultSubmission,
    SubmissionLink,
    TournamentImport,
)
from tournaments.models import (
    PRIVATE_DETAILS,
    Absence,
    AccountLinkRequest,
    AuditEntry,
    Board,
    Document,
    Entry,
    LineUp,
    LineUpBoard,
    MirrorState,
    MirrorToken,
    PlayOff,
    PrizeSetup,
    ProhibitedPair,
    Role,
    Round,
    StageSeat,
    StageTransition,
    TaskRun,
    Team,
    TeamByeRequest,
    TeamMember,
    Tournament,
)


@dataclass(frozen=True)
class Section:
    """A covered model: its section of the document, the field leading towards the tournament,
    and the fields of its natural key (``()``: every exported field, for append-only rows)."""

    name: str
    model: type[models.Model]
    parent: str
    key: tuple[str, ...]
    skip: frozenset[str] = frozenset()
    # History rows: an import adds those it does not have and never changes one it has.
    append_only: bool = False


# Audit rows are matched by what happened and when, not by who: an imported row keeps the name the
# archive gave in ``imported_actor`` and is never an act of a local account (``actor`` stays empty).
AUDIT_KEY = ("action", "object_type", "object_id", "object_repr", "before", "after", "created_at")

# In dependency order: a row refers only to rows of earlier sections (and to users).
SECTIONS: tuple[Section, ...] = (
    Section("entries", Entry, "tournament", ("uid",), frozenset({"player"})),
    Section("teams", Team, "tournament", ("name",)),
    Section("team_members", TeamMember, "team", ("entry",)),
    Section("line_ups", LineUp, "team", ("team", "round_number")),
    Section("line_up_boards", LineUpBoard, "line_up", ("line_up", "board")),
    Section("team_byes", TeamByeRequest, "team", ("team", "round_number")),
    Section("absences", Absence, "entry", ("entry", "round_number")),
    Section("prohibited_pairs", ProhibitedPair, "tournament", ("first", "second")),
    Section("rounds", Round, "tournament", ("number",)),
    Section("boards", Board, "round", ("round", "number")),
    Section("games", Game, "board", ("board", "number")),
    Section("submissions", ResultSubmission, "game", ("game", "version")),
    Section("draw_claims", DrawClaim, "game", ("game", "ply", "created_at")),
    Section("rulings", IrregularityRuling, "game", ("game", "ply")),
    Section("links", SubmissionLink, "tournament", ("entry",)),
    Section("corrections", CorrectionRequest, "game", ("game", "requested_for", "created_at")),
    # Issue 26: the play-offs the arbiter recorded (finishing order as start numbers, which travel too).
    Section("playoffs", PlayOff, "tournament", ("first_place",)),
    # A stage's prize settings (one row: the tournament is its key) and why each entry is in its stage,
    # with the points it carried into it (they count in the standings); the transition itself stays with
    # the event on its server (an imported tournament is the one stage of an event of its own).
    Section("prize_setups", PrizeSetup, "tournament", ()),
    Section("stage_seats", StageSeat, "entry", ("entry",), frozenset({"transition"})),
    Section("audit", AuditEntry, "tournament", AUDIT_KEY, append_only=True),
)

# The most rows a section of one archive may hold (checked while the document is read, before any is
# stored); together with ``MAX_ROW_BYTES`` per row they bound an import's work. A 1,000-player Swiss
# of 15 rounds has 7,500 boards; the limits leave room for several times that.
MAX_ROWS: dict[str, int] = {
    "entries": 3_000,
    "teams": 500,
    "team_members": 3_000,
    "line_ups": 10_000,
    "line_up_boards": 60_000,
    "team_byes": 10_000,
    "absences": 30_000,
    "prohibited_pairs": 10_000,
    "rounds": 99,
    "boards": 30_000,
    "games": 60_000,  # a pairing holds one game, a micro-match two, a team match one per board
    "submissions": 60_000,
    "draw_claims": 10_000,
    "rulings": 10_000,
    "links": 3_000,
    "corrections": 10_000,
    "prize_setups": 1,
    "stage_seats": 3_000,
    "playoffs": 1_000,
    "audit": 100_000,
    "users": 5_000,
    "roles": 1_000,  # archives written before roles stopped travelling: read, counted, never imported
}
MAX_ROW_BYTES = 64 * 1024  # one row's JSON text (a game's moves are at most MAX_MOVE_TEXT characters)
MAX_PLIES = 1_000  # half-moves of one game's or submission's moves (as for PDN files)

# Sections added after format version 1 was first written: absent in older archives (no rows).
LATER_SECTIONS = ("corrections", "teams", "team_members", "line_ups", "line_up_boards", "playoffs", "prize_setups",
                  "stage_seats", "team_byes")
# Sections older archives hold that are no longer imported (counted in the report).
DROPPED_SECTIONS = ("roles",)

# Player rows travel inside their entry (``entries[i].player``) as the identity of the person (matched by
# FMJD id on import, never changed by one); what the tournament shows is the entry's own details. The
# private details stay on the entry of the tournament that recorded them.
PLAYER_SKIP: frozenset[str] = frozenset(PRIVATE_DETAILS)

# Models tied to a tournament that an archive leaves out, and why.
NOT_ARCHIVED: dict[type[models.Model], str] = {
    Role: "roles are given on each server by its own chief arbiter (or staff): an archive never grants one",
    TaskRun: "background jobs of this instance (progress of a pairing, an import)",
    Document: "built PDFs: rebuilt from the data on demand",
    TournamentImport: "this instance's record of archives imported",
    AccountLinkRequest: "requests waiting for this instance's account owners (accounts are not archived)",
    MirrorToken: "a server's keys for the hall laptop's mirror (issue 30.3): never travel",
    MirrorState: "the hall laptop's record of what it sent to which server",
    StageTransition: "the event a tournament is a stage of stays on its server (see TOURNAMENT_SKIP): so does "
                     "how its stages were made (each seat's reason and carried points travel, in stage_seats)",
}

AnyField = models.Field[Any, Any]

# The version counter is this instance's count of changes (``tournaments.versioning``), not data.
# The event a tournament is a stage of stays on its server: an imported tournament is the single stage
# of an event of its own (its stage number and group travel).
TOURNAMENT_SKIP: frozenset[str] = frozenset({"version", "event", "mirror_live"})


# --- values -----------------------------------------------------------------------------------

def plain_value(f: AnyField, value: Any) -> Any:
    """A field value as JSON (the same text on SQLite and PostgreSQL)."""
    if value is None:
        return None
    if isinstance(f, models.DateTimeField):
        return value.astimezone(datetime.UTC).isoformat()
    if isinstance(f, models.DateField):
        return value.isoformat()
    if isinstance(f, models.DecimalField):
        return format(Decimal(value).quantize(Decimal(1).scaleb(-f.decimal_places)), "f")
    if isinstance(f, models.UUIDField):
        return str(value)
    return value


def concrete_fields(model: type[models.Model], skip: frozenset[str]) -> list[AnyField]:
    return [f for f in model._meta.concrete_fields if not f.primary_key and f.name not in skip]


def sort_key(value: Any) -> tuple[Any, ...]:
    if value is None:
        return (0,)
    if isinstance(value, bool):
        return (1, int(value))
    if isinstance(value, int | float):
        return (1, value)
    if isinstance(value, str):
        return (2, value)
    if isinstance(value, list):
        return (3, tuple(sort_key(v) for v in value))
    return (4, json.dumps(value, sort_keys=True))


def key_json(values: list[Any]) -> Any:
    return values[0] if len(values) == 1 else values


def hashable(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def account_model() -> type[Account]:
    return get_user_model()


def target_model(f: AnyField | models.ForeignObjectRel | GenericForeignKey) -> type[models.Model]:
    """The model a relation field points to (the archive's fields never use "self")."""
    return cast(type[models.Model], f.related_model)




def key_of(section: Section, row: dict[str, Any]) -> list[Any]:
    return [row.get(name) for name in section.key]


def compact(value: Any) -> Any:
    """``value`` as an import compares it: a long text (moves, a report) or a large JSON value is replaced
    by its digest (``{"sha1": ...}``, which no plain value equals), a dict compacted field by field.
    Rows kept for the three-way merge (this server's and the previous import's) cost a few hundred
    bytes each, however long their moves."""
    if isinstance(value, dict) and "sha1" not in value:
        return {k: compact(v) for k, v in value.items()}
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True, ensure_ascii=False)
    if len(text) <= COMPACT_LIMIT:
        return value
    return {"sha1": hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()}


COMPACT_LIMIT = 96


def lookup(section: Section) -> str:
    """The queryset filter from ``section``'s model to its tournament (``game__board__round__tournament``)."""
    by_model = {s.model: s for s in SECTIONS}
    path = [section.parent]
    model = target_model(section.model._meta.get_field(section.parent))
    while model is not Tournament:
        parent = by_model[model].parent
        path.append(parent)
        model = target_model(model._meta.get_field(parent))
    return "__".join(path)


