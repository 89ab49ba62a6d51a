"""A tournament's public version: one aggregate query that changes whenever a public page would.

The version hashes the tournament row's ``updated_at`` (settings, public switches) and
signatures of what the public pages show: published/finished rounds, their boards, the set
of confirmed results, entries, absences and game moves. It serves as the ETag of the live
fragments (htmx polls answered 304 when nothing changed) and as the cache key of the
computed standings. Signatures combine counts, sums of ids and latest timestamps, so a
status change that adds no row (a confirmed result superseded by another) still changes it.
"""

from __future__ import annotations

import functools
import hashlib

from django.db import connection
from django.db.models import Case, F, IntegerField, Max, QuerySet, Subquery, Sum, Value, When
from django.db.models.expressions import OuterRef
from django.db.models.functions import Coalesce
from django.http import Http404, HttpRequest
from django.utils.translation import get_language

from tournaments.models import Absence, Board, Entry, Round, Tournament

_ATTR = "_public_tournament"


def _sub(qs: QuerySet, group: str, expr: object) -> Subquery:
    """A scalar subquery: ``expr`` aggregated over ``qs`` for the outer tournament."""
    return Subquery(
        qs.filter(**{group: OuterRef("pk")}).order_by().values(group).annotate(v=expr).values("v")[:1],
    )


def _annotations() -> dict[str, Subquery]:
    from games.models import Game, ResultSubmission

    rounds = Round.objects.exclude(status=Round.Status.DRAFT)
    boards = Board.objects.exclude(round__status=Round.Status.DRAFT)
    confirmed = ResultSubmission.objects.confirmed()
    games = Game.objects.exclude(board__round__status=Round.Status.DRAFT)
    t_round = "round__tournament"
    t_sub = "game__board__round__tournament"
    # Weighted sums: a row added, removed or re-pointed changes the sum (ids are unique).
    finished = Case(When(status=Round.Status.FINISHED, then=Value(1)), default=Value(0))
    return {
        "v_rounds": _sub(rounds, "tournament", Sum(F("id") * 3 + finished, output_field=IntegerField())),
        "v_published_at": _sub(rounds, "tournament", Max("published_at")),
        "v_boards": _sub(
            boards,
            t_round,
            Sum(F("id") + F("white_id") * 7 + Coalesce(F("black_id"), 0) * 13, output_field=IntegerField()),
        ),
        "v_conf": _sub(confirmed, t_sub, Sum("id")),
        "v_conf_at": _sub(confirmed, t_sub, Max("confirmed_at")),
        "v_games_at": _sub(games, "board__round__tournament", Max("updated_at")),
        "v_entries": _sub(
            Entry.objects.all(),
            "tournament",
            Sum(
                F("id") * 5 + Coalesce(F("start_number"), 0) * 3 + Coalesce(F("withdrawn_from_round"), 0)
                + Case(When(status=Entry.Status.WITHDRAWN, then=Value(1)), default=Value(0)) * 1000003,
                output_field=IntegerField(),
            ),
        ),
        "v_absences": _sub(Absence.objects.all(), "entry__tournament", Sum("id")),
    }


def _digest(t: Tournament) -> str:
    parts = [str(t.updated_at)] + [str(getattr(t, name)) for name in sorted(_annotations())]
    return hashlib.sha1("|".join(parts).encode(), usedforsecurity=False).hexdigest()[:20]


_SLUG_MARK = "\x00slug\x00"  # stands for the slug while the SQL is compiled once


@functools.lru_cache(maxsize=4)
def _compiled(vendor: str) -> tuple[str, tuple[object, ...], int]:
    """The version query's SQL, its parameters and the position of the slug among them.

    Compiling eight subqueries costs the ORM about 20 ms, three times the query itself, on every
    public page and every htmx poll; the SQL only depends on the database backend (``vendor``).
    """
    qs = Tournament.objects.filter(slug=_SLUG_MARK).annotate(**_annotations()).order_by()[:1]
    sql, params = qs.query.sql_with_params()
    return sql, tuple(params), list(params).index(_SLUG_MARK)


def versioned_tournament(slug: str) -> Tournament:
    """The tournament ``slug`` with its ``public_version`` set, in one query; 404 if unknown."""
    sql, params, at = _compiled(connection.vendor)
    found = list(Tournament.objects.raw(sql, (*params[:at], slug, *params[at + 1 :])))
    if not found:
        raise Http404("No such tournament")
    t: Tournament = found[0]
    t.public_version = _digest(t)  # type: ignore[attr-defined]
    return t


def tournament_for_request(request: HttpRequest, slug: str) -> Tournament:
    """``versioned_tournament(slug)``, loaded once per request (ETag function and view share it)."""
    found = getattr(request, _ATTR, None)
    if found is None or found.slug != slug:
        found = versioned_tournament(slug)
        setattr(request, _ATTR, found)
    return found


def public_version(tournament: Tournament) -> str:
    """The version of an already loaded tournament (one query unless it came versioned)."""
    version = getattr(tournament, "public_version", None)
    if version is None:
        version = versioned_tournament(tournament.slug).public_version  # type: ignore[attr-defined]
        tournament.public_version = version  # type: ignore[attr-defined]
    return version


def etag_for(request: HttpRequest, slug: str, *parts: object) -> str:
    """The ETag of a live fragment: tournament version, language and the fragment's own parts."""
    t = tournament_for_request(request, slug)
    raw = "|".join([t.public_version, get_language() or "", *map(str, parts)])  # type: ignore[attr-defined]
    return hashlib.sha1(raw.encode(), usedforsecurity=False).hexdigest()[:24]
