"""Public pages: no login; each switchable per tournament (``Tournament.public_*`` -> 404 when off).

Every view loads the tournament through ``public_tournament`` (one query that also yields
its public version), so the access rule is easy to grep: an unknown tournament or a page
switched off is a 404. Draft rounds are never shown. Each page is a ``shared_page``: rendered
once per tournament version for all anonymous visitors, with an ETag answered 304 when nothing
changed (``page_cache.py``).
"""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django_tables2 import RequestConfig

from games.services.live_view import POLL_LIMIT, POLL_SECONDS
from games.services.relay_feed import SECTION_SIZE, feed_round, round_games_stamp, section_count
from tournaments.models import Entry, Role, Round, TeamMember, Tournament
from tournaments.models.event import places_of
from tournaments.permissions import is_arbiter
from tournaments.public import charts
from tournaments.public.page_cache import shared_page
from tournaments.public.render import crosstable_rows
from tournaments.public.tables import SpreadsheetExport, standings_table
from tournaments.public.version import tournament_for_request
from tournaments.reports import why
from tournaments.reports.formatting import points_text, rating_change_text, tiebreak_words
from tournaments.reports.players import player_history as history_of
from tournaments.reports.players import player_page
from tournaments.reports.rounds import (
    published_rounds,
    rank_moves,
    round_view,
    tournament_crosstable,
    tournament_standings,
)
from tournaments.reports.standings import TournamentResults, cached_explained, playoff_groups, tiebreak_order
from tournaments.services.rating_changes import rating_report
from tournaments.services.site_address import base_url
from tournaments.standings import StandingsError
from tournaments.text import sheet_title

FLAGS = {
    "standings": "public_standings",
    "pairings": "public_pairings",
    "crosstable": "public_crosstable",
    "players": "public_players",
    "games": "public_games",
}


def public_tournament(request: HttpRequest, slug: str, page: str | None = None) -> Tournament:
    """The tournament ``slug`` if its public ``page`` is switched on, else 404."""
    t = tournament_for_request(request, slug)
    if page is not None and not getattr(t, FLAGS[page]):
        raise Http404(f"{page} of {slug} are not public")
    return t


# A team event's individual pages answer with their team equivalents (issue 27): its standings, crosstable,
# pairings and player pages are the teams'.
_TEAM_PAGES = {"standings": "public:team_standings", "crosstable": "public:team_crosstable",
               "pairings": "public:team_matches", "round": "public:team_round", "player": "public:team_player"}


def team_equivalent(t: Tournament, page: str, number: int | None = None) -> HttpResponse | None:
    """For a team event, a redirect from the individual ``page`` to its team page (``number``: the round,
    or the player's start number); None for an individual event. A start number on no roster: 404."""
    if t.competitors != Tournament.Competitors.TEAMS:
        return None
    if page == "round":
        return redirect(_TEAM_PAGES[page], slug=t.slug, number=number)
    if page == "player":
        entry = (TeamMember.objects.filter(team__tournament=t, entry__start_number=number)
                 .values_list("entry_id", flat=True).first())
        if entry is None:
            raise Http404(f"start number {number} is on no team of {t.slug}")
        return redirect(_TEAM_PAGES[page], slug=t.slug, entry_id=entry)
    return redirect(_TEAM_PAGES[page], slug=t.slug)


def nav_context(t: Tournament, current: str) -> dict[str, object]:
    """What the public sub-navigation needs (which pages are on, which is current), and how often the
    live parts of a page poll (``static/js/live.js``)."""
    return {"tournament": t, "current": current, "poll_seconds": POLL_SECONDS, "poll_limit": POLL_LIMIT}


def tournament_list(request: HttpRequest) -> HttpResponse:
    """Publicly listed tournaments, newest first, with their number of players."""
    tournaments = (
        Tournament.objects.filter(is_public=True)
        .annotate(players=Count("entries", filter=Q(entries__status=Entry.Status.ACTIVE)))
        .order_by("-start_date", "name")[:200]
    )
    groups = {s: [t for t in tournaments if t.status == s] for s in Tournament.Status.values}
    return render(
        request,
        "public/list.html",
        {
            "sections": [
                (_("Running"), groups[Tournament.Status.RUNNING]),
                (_("Planned"), groups[Tournament.Status.PLANNED]),
                (_("Finished"), groups[Tournament.Status.FINISHED]),
            ],
            "title": _("Tournaments"),
        },
    )


@shared_page("home")
def tournament(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament page: facts, links to the public pages, the field's rating histogram.

    The list of entrants follows ``Tournament.public_players``: hidden when it is off, except
    for the tournament's own arbiters (the histogram of ratings names nobody and stays).
    """
    t = public_tournament(request, slug)
    show_entrants = t.public_players or is_arbiter(request.user, t)
    entries = list(Entry.objects.filter(tournament=t).order_by("start_number", "id"))
    chief = (
        Role.objects.filter(tournament=t, kind=Role.Kind.CHIEF_ARBITER).select_related("user").order_by("id").first()
    )
    try:
        codes = tiebreak_order(t)
        tiebreaks = [(c, tiebreak_words(c)[1]) for c in codes]
        tb_error = ""
    except StandingsError as exc:
        tiebreaks, tb_error = [], str(exc)
    ratings = [e.rating or 0 for e in entries]
    scoring = t.scoring()
    return render(
        request,
        "public/tournament.html",
        {
            **nav_context(t, "tournament"),
            "entries": entries if show_entrants else [],
            "entrants_hidden": not show_entrants,
            "chief_arbiter": (chief.user.get_full_name() or chief.user.username) if chief else "",
            "rounds": list(published_rounds(t)),
            "tiebreaks": tiebreaks,
            "tiebreak_error": tb_error,
            "tiebreak_rules": why.edition_text(t.tiebreak_edition()),
            "scoring": {
                "win": points_text(scoring.win),
                "draw": points_text(scoring.draw),
                "loss": points_text(scoring.loss),
                "pab": points_text(scoring.pab),
            },
            "histogram": charts.rating_histogram(ratings),
            "documents": t.public_crosstable,
            "title": t.name,
        },
    )


def withdrawn_players(results: TournamentResults) -> dict[int, int]:
    """Start number -> the round a withdrawn player left from (the standings mark them)."""
    return {sno: e.withdrawn_from_round or 0 for sno, e in results.entries.items()
            if e.status == Entry.Status.WITHDRAWN}


def _standings_context(request: HttpRequest, t: Tournament) -> dict[str, object]:
    standings, results = tournament_standings(t)
    notes = {w.start_number: why.withdrawal_note(w) for w in results.withdrawals}
    names = {row.start_number: row.name for row in standings.rows}
    for first, last, group in playoff_groups(standings, places_of(t.playoff_places) or frozenset()):
        for sno in group:
            note = why.playoff_note(first, last, [names[o] for o in group if o != sno])
            notes[sno] = f"{notes[sno]}; {note}" if sno in notes else note
    for decision in standings.playoffs:  # recorded play-offs: the places they decided, and how
        note = why.playoff_decided_note(decision, names)
        for sno in decision.order:
            notes[sno] = f"{notes[sno]}; {note}" if sno in notes else note
    table = standings_table(standings, t.slug, link_players=t.public_players, moves=rank_moves(t, standings, results),
                            notes=notes, withdrawn=withdrawn_players(results))
    RequestConfig(request, paginate=False).configure(table)
    last_round = standings.after_round
    return {
        **nav_context(t, "standings"),
        "table": table,
        "standings": standings,
        "after_round": last_round,
        "pending": len(results.pending),
        "legend": [(c, tiebreak_words(c)[1]) for c in standings.tiebreaks],
        "wd_mark": pgettext("mark of a withdrawn player in the standings", "wd"),
        "edition": why.edition_text(standings.edition),
        "edition_reason": why.edition_reason(t),
        "edition_in_force": why.edition_in_force(standings.edition),
        "ties": why.ties(
            cached_explained(t, results),
            pending=[(g.round, sno) for g in results.pending for sno in (g.white, g.black)],
        ),
        "title": _("Standings – %(name)s") % {"name": t.name},
    }


@shared_page("standings")
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings (sortable; ``?_export=csv`` or ``xlsx`` downloads them)."""
    t = public_tournament(request, slug, "standings")
    if (team_page := team_equivalent(t, "standings")) is not None:
        return team_page
    try:
        context = _standings_context(request, t)
    except StandingsError as exc:
        return render(request, "public/error.html", {**nav_context(t, "standings"), "error": str(exc)}, status=200)
    export = request.GET.get("_export")
    if export:
        if export not in ("csv", "xlsx"):
            raise Http404(f"unknown export format {export!r}; use csv or xlsx")
        exporter = SpreadsheetExport(export, context["table"], dataset_kwargs={"title": sheet_title(t.name)})
        response: HttpResponse = exporter.response(f"{t.slug}-standings.{export}")
        return response
    return render(request, "public/standings.html", context)


@shared_page("pairings")
def rounds(request: HttpRequest, slug: str) -> HttpResponse:
    """The latest shown round's pairings (or a note that none is published yet)."""
    t = public_tournament(request, slug, "pairings")
    if (team_page := team_equivalent(t, "pairings")) is not None:
        return team_page
    latest = published_rounds(t).last()
    if latest is None:
        return render(
            request,
            "public/round.html",
            {**nav_context(t, "pairings"), "view": None, "rounds": [], "title": _("Pairings")},
        )
    return _round_page(request, slug, latest.number)


@shared_page("round")
def round_page(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Pairings and confirmed results of a shown round (a draft round is a 404)."""
    return _round_page(request, slug, number)


def relay_links(request: HttpRequest, t: Tournament, rnd: Round) -> list[dict[str, object]]:
    """The round's relay feed URLs (one per section of 64 games), absolute, for pasting into a lidraughts
    broadcast; none when the round has no public feed (``games.services.relay_feed.feed_round``)."""
    if feed_round(t, rnd.number) is None:
        return []
    n_games = int(round_games_stamp(t.pk, rnd.number).split("-", 1)[0])
    # SITE_URL when set: the shared page is rendered once for everyone, whatever address they came by.
    site = base_url(request).rstrip("/")
    pdn = site + reverse("public:relay_pdn", args=[t.slug, rnd.number])
    json_url = site + reverse("public:relay_json", args=[t.slug, rnd.number])
    out: list[dict[str, object]] = []
    for section in range(1, section_count(n_games) + 1):
        query = f"?section={section}" if section > 1 else ""
        first = (section - 1) * SECTION_SIZE + 1
        out.append({"section": section, "pdn": pdn + query, "json": json_url + query, "first": first,
                    "last": min(section * SECTION_SIZE, max(n_games, 1))})
    return out


def my_start_numbers(request: HttpRequest, t: Tournament) -> set[int]:
    """The start numbers the signed-in user plays under in ``t`` (their boards are highlighted; signed-in
    users get public pages rendered for them, never the shared copy)."""
    if not request.user.is_authenticated:
        return set()
    return {n for n in Entry.objects.filter(tournament=t, user=request.user).values_list("start_number", flat=True)
            if n is not None}


def _round_page(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    t = public_tournament(request, slug, "pairings")
    if (team_page := team_equivalent(t, "round", number)) is not None:
        return team_page
    all_rounds = list(published_rounds(t))
    rnd = next((r for r in all_rounds if r.number == number), None)
    if rnd is None:
        raise Http404(f"round {number} of {slug} is not published")
    return render(
        request,
        "public/round.html",
        {
            **nav_context(t, "pairings"),
            "view": round_view(t, rnd),
            "rounds": all_rounds,
            "mine": my_start_numbers(request, t),
            "relay": relay_links(request, t, rnd),
            "title": _("Round %(n)s – %(name)s") % {"n": number, "name": t.name},
        },
    )


@shared_page("crosstable")
def crosstable(request: HttpRequest, slug: str) -> HttpResponse:
    """The crosstable: Swiss wall chart, or the round-robin grid."""
    t = public_tournament(request, slug, "crosstable")
    if (team_page := team_equivalent(t, "crosstable")) is not None:
        return team_page
    try:
        table = tournament_crosstable(t)
    except StandingsError as exc:
        return render(request, "public/error.html", {**nav_context(t, "crosstable"), "error": str(exc)})
    return render(
        request,
        "public/crosstable.html",
        {
            **nav_context(t, "crosstable"),
            "ct": table,
            "rows": crosstable_rows(table, t.slug, t.public_players),
            "title": _("Crosstable – %(name)s") % {"name": t.name},
        },
    )


@shared_page("player")
def player(request: HttpRequest, slug: str, start_number: int) -> HttpResponse:
    """A player's page: rounds and games, performance, score and rank by round (SVG)."""
    t = public_tournament(request, slug, "players")
    if (team_page := team_equivalent(t, "player", start_number)) is not None:
        return team_page
    entry = get_object_or_404(Entry, tournament=t, start_number=start_number)
    page = player_page(t, entry)
    max_points = float(t.points_win) * max(len(page.rounds), 1)
    return render(
        request,
        "public/player.html",
        {
            **nav_context(t, "players"),
            "page": page,
            "chart": charts.score_rank_chart(page.running, page.ranks, page.field_size, max_points),
            "rating_change": rating_change_text(page.row.rating_change if page.row is not None else None),
            # Norms met by the event's norm table (FIDE B.01, the worked example): the ratings page has the rest.
            "norms_met": next((line.norms_met for line in rating_report(t).lines
                               if line.start_number == entry.start_number), ()),
            "title": f"{entry.name} – {t.name}",
        },
    )


def player_history(request: HttpRequest, fmjd_id: str) -> HttpResponse:
    """One person's public events by FMJD id, each as that event shows the player (its entry)."""
    rows = history_of(fmjd_id)
    if not rows:
        raise Http404("no public event has this player")
    latest = rows[0].entry
    return render(request, "public/player_history.html", {
        "rows": rows, "fmjd_id": fmjd_id, "title": f"{latest.name} ({fmjd_id})", "latest": latest})
