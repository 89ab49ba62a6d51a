"""Built documents (PDFs): build, store as ``tournaments.models.Document``, serve, rebuild.

Kinds: ``crosstable`` (whole tournament), ``pairings`` and ``scoresheets`` (one round).
A document remembers the tournament version it was built from (``tournaments.versioning``);
it is outdated once the version moves on. Serving always reads the stored file; a missing or
outdated document is built first. ``rebuild_outdated`` is what the background task runs.
"""

from __future__ import annotations

from dataclasses import replace

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from arbiter.ballots import UnknownDeck, load_deck
from arbiter.fen import FenError
from tournaments.models import Document, RatingSetup, Role, Round, Team, Tournament
from tournaments.pdf.ballots import BallotLine, ballot_sheet_pdf
from tournaments.pdf.cards import BoardCard, board_cards_pdf
from tournaments.pdf.common import DocumentHeader
from tournaments.pdf.crosstable import RatingPage, crosstable_pdf
from tournaments.pdf.sheets import SheetLine, pairing_list_pdf, score_sheets_pdf
from tournaments.pdf.teams import MatchSheet, MatchSheetBoard, TeamCrosstableLine, match_sheets_pdf, team_crosstable_pdf
from tournaments.reports.crosstable import build_crosstable
from tournaments.reports.formatting import points_text, team_code_label, team_points_heads, tiebreak_words
from tournaments.reports.rounds import round_day, round_view
from tournaments.reports.standings import load_results, standings_for, tiebreak_order
from tournaments.reports.teams import round_matches, team_scoring, team_tables
from tournaments.reports.why import edition_reason, edition_text, playoff_decided_note
from tournaments.services.openings import ballot_rows, round_deck_label
from tournaments.services.rating_changes import PRESET_LABELS, rating_figures, rating_report
from tournaments.services.site_address import board_url
from tournaments.standings.teams import team_legend
from tournaments.vocabulary import game_colour, points

KINDS = ("crosstable", "pairings", "scoresheets", "teamcrosstable", "matchsheets")
ROUND_KINDS = ("pairings", "scoresheets", "matchsheets")
TEAM_KINDS = ("teamcrosstable", "matchsheets")  # a team event's documents (issue 27)
QR_KINDS = ("pairings",)  # documents with a QR code per board (to the board's result page)
GRID_MAX = 40


class DocumentError(ValueError):
    """A document cannot be built (unknown kind, round not published); the message says which."""


def chief_arbiter_name(tournament: Tournament) -> str:
    """The full name (else username) of the tournament's first chief arbiter, or ""."""
    role = (
        Role.objects.filter(tournament=tournament, kind=Role.Kind.CHIEF_ARBITER)
        .select_related("user")
        .order_by("id")
        .first()
    )
    if role is None:
        return ""
    return role.user.get_full_name() or role.user.get_username()


def _dates(t: Tournament) -> str:
    if t.start_date and t.end_date and t.end_date != t.start_date:
        return f"{date_format(t.start_date)} – {date_format(t.end_date)}"
    return date_format(t.start_date) if t.start_date else ""


def header_for(t: Tournament, subtitle: str) -> DocumentHeader:
    """The printed header of ``t``: place, dates, system, scoring, tie-break order, chief arbiter (a team
    event's: ``team_header_for``)."""
    if t.competitors == Tournament.Competitors.TEAMS:
        return team_header_for(t, subtitle)
    s = t.scoring()
    scoring = _(
        "Win %(win)s – Draw %(draw)s – Loss %(loss)s; pairing-allocated bye %(pab)s, "
        "half-point bye %(half)s, forfeit win %(fw)s"
    ) % {
        "win": points_text(s.win),
        "draw": points_text(s.draw),
        "loss": points_text(s.loss),
        "pab": points_text(s.pab),
        "half": points_text(s.half_bye),
        "fw": points_text(s.forfeit_win),
    }
    codes = tiebreak_order(t)
    return DocumentHeader(
        event=t.name,
        place=t.place,
        dates=_dates(t),
        system=_("%(system)s, %(n)s rounds") % {"system": t.get_pairing_system_display(), "n": t.rounds_planned},
        scoring=scoring,
        tiebreaks=tuple(f"TB{i} {c} = {tiebreak_words(c)[1]}" for i, c in enumerate(codes, start=1)),
        chief_arbiter=chief_arbiter_name(t),
        extra=(
            _("Tie-break rules: %(edition)s (%(reason)s)")
            % {"edition": edition_text(t.tiebreak_edition()), "reason": edition_reason(t)},
        ),
        subtitle=subtitle,
        footer=_("Generated %(when)s") % {"when": timezone.localtime().strftime("%Y-%m-%d %H:%M")},
    )


def build_crosstable_pdf(t: Tournament) -> bytes:
    """The crosstable PDF of every confirmed result of ``t``."""
    results = load_results(t)
    standings = standings_for(t, results=results)
    ct = build_crosstable(
        standings,
        results.records,
        t.scoring(),
        results.entries,
        # A grid of more than GRID_MAX players does not fit A4 landscape legibly: wall chart instead.
        grid=None if len(standings.rows) <= GRID_MAX else False,
        rounds_planned=t.rounds_planned,
        pending=results.pending,
    )
    if t.status == Tournament.Status.FINISHED and standings.after_round >= t.rounds_planned:
        subtitle = _("Final standings")
    else:
        subtitle = _("Standings after round %(n)s") % {"n": standings.after_round}
    header = header_for(t, subtitle)
    if standings.playoffs:  # places a recorded play-off decided: said under the header (issue 26)
        names = {row.start_number: row.name for row in standings.rows}
        header = replace(header, extra=header.extra + tuple(
            playoff_decided_note(d, names) for d in standings.playoffs))
    # A rating page for a rated event only: one whose organiser stored its rating settings (issue 29).
    rated = RatingSetup.objects.filter(event_id=t.event_id).exists()
    return crosstable_pdf(ct, header, rating_page(t) if rated else None)


def rating_page(t: Tournament) -> RatingPage:
    """The crosstable's rating page: per player rating, expected score, change, new rating and
    performance by the event's rating settings (``services.rating_changes``)."""
    report = rating_report(t)
    rows = tuple((str(line.start_number), line.name, *rating_figures(line)) for line in report.lines
                 if line.rating.rating or line.rating.games)
    system = PRESET_LABELS.get(report.preset.name, report.preset.name)
    if report.method == "table":
        note = _("%(system)s. Performance by the table method (average + dp). Only games played over the board "
                 "against a rated opponent count.") % {"system": system}
    else:
        note = _("%(system)s. Performance by the formula method (inverse expectancy). Only games played over the "
                 "board against a rated opponent count.") % {"system": system}
    head = (_("SNo"), _("Name"), _("Rtg"), _("Expected"), _("Change"), _("New rating"), _("Perf."))
    return RatingPage(_("Rating changes"), note, head, rows)


def team_header_for(t: Tournament, subtitle: str, codes: tuple[str, ...] = (), kind: str = "swiss"
                    ) -> DocumentHeader:
    """The printed header of a team event: board and match points, the rank order in words."""
    s, ts = t.scoring(), team_scoring(t)
    scoring = _(
        "Board points: win %(win)s – draw %(draw)s – loss %(loss)s. Match points: %(mw)s for more than %(n)s "
        "board points, %(md)s for %(n)s, %(ml)s for fewer."
    ) % {"win": points_text(s.win), "draw": points_text(s.draw), "loss": points_text(s.loss),
         "mw": points_text(ts.win), "md": points_text(ts.draw), "ml": points_text(ts.loss),
         "n": points_text(t.boards_per_match * s.draw)}
    return DocumentHeader(
        event=t.name,
        place=t.place,
        dates=_dates(t),
        system=_("%(system)s, %(n)s rounds, %(boards)s boards per match")
        % {"system": t.get_pairing_system_display(), "n": t.rounds_planned, "boards": t.boards_per_match},
        scoring=scoring,
        # The pure core's short names are marked for the translators (gettext_noop): translated here.
        tiebreaks=tuple(f"{team_code_label(code)} = {_(name)}"  # MP and BP, as the columns are headed
                        for code, name, _text in team_legend(codes, kind)),  # type: ignore[arg-type]
        chief_arbiter=chief_arbiter_name(t),
        subtitle=subtitle,
        footer=_("Generated %(when)s") % {"when": timezone.localtime().strftime("%Y-%m-%d %H:%M")},
    )


def build_team_crosstable_pdf(t: Tournament) -> bytes:
    """The team crosstable PDF: teams in rank order, board points in each cell, the totals and the
    tie-breaks of the rank order (``tournaments.reports.teams.team_tables``: confirmed results only)."""
    tables = team_tables(t)
    s = tables.standings
    codes = tuple(c for c in s.tiebreaks if c not in ("MPTS", "GPTS"))
    order = [r.team for r in tables.crosstable]
    by_team = {r.team: r for r in s.rows}
    lines = []
    for r in tables.crosstable:
        cells = tuple(
            "" if other == r.team else " ".join(
                f"{points_text(c.own)}–{points_text(c.other)}" + ("F" if c.forfeited else "")
                for c in r.cells.get(other, ()))
            for other in order)
        row = by_team[r.team]
        lines.append(TeamCrosstableLine(
            rank=r.rank, name=r.name, cells=cells, played=row.played, won=row.won, drawn=row.drawn, lost=row.lost,
            match_points=points_text(r.match_points), board_points=points_text(r.game_points),
            tiebreaks=tuple(points_text(v) if isinstance(v, int | float) else ("" if v is None else str(v))
                            for v in (row.tiebreaks.get(c) for c in codes))))
    if t.status == Tournament.Status.FINISHED and s.after_round >= t.rounds_planned:
        subtitle = _("Team crosstable, final standings")
    else:
        subtitle = _("Team crosstable after round %(n)s") % {"n": s.after_round}
    heads = team_points_heads()  # MP and BP as the columns are headed
    legend = [
        _("Each cell: the row team's board points against the column team's in their match (the columns are "
          "the teams in rank order)."),
        _("F: the match was lost or won without any board played."),
        _("Pl.: matches played; +, =, –: matches won, drawn, lost; %(mp)s: %(mp_words)s; %(bp)s: %(bp_words)s.")
        % {"mp": heads["mp"]["abbr"], "mp_words": heads["mp"]["title"], "bp": heads["bp"]["abbr"],
           "bp_words": heads["bp"]["title"]},
    ]
    byes = [(r.name, rnd, kind) for r in tables.crosstable for rnd, kind in r.byes]
    if byes:
        legend.append(_("Byes: %(list)s") % {"list": "; ".join(
            _("%(team)s, round %(n)s") % {"team": name, "n": rnd} for name, rnd, _kind in byes)})
    header = team_header_for(t, subtitle, s.tiebreaks, s.kind)
    return team_crosstable_pdf(lines, codes, legend, header, double=t.system.kind == "double_round_robin")


def match_sheets(t: Tournament, rnd: Round) -> tuple[list[MatchSheet], tuple[str, ...]]:
    """The match sheets of a published round (results filled in where confirmed) and the teams with a bye."""
    scoring = t.scoring()
    captains = {team.pk: (team.captain.get_full_name() if team.captain else "")
                for team in Team.objects.filter(tournament=t).select_related("captain")}
    sheets, byes = [], []
    for m in round_matches(t, rnd.number):
        if m.away is None:
            byes.append(m.home.name)
            continue
        boards = []
        for b in m.boards:
            known = b.confirmed and bool(b.home_code or b.away_code)
            home = points(b.home_code.upper(), scoring, has_opponent=bool(b.away_code)) if b.home_code else 0.0
            away = points(b.away_code.upper(), scoring, has_opponent=bool(b.home_code)) if b.away_code else 0.0
            boards.append(MatchSheetBoard(b.board, b.home_name, b.away_name, b.home_colour,
                                          points_text(home) if known else "", points_text(away) if known else ""))
        sc = m.score
        sheets.append(MatchSheet(
            number=m.number, home=m.home.name, away=m.away.name, boards=tuple(boards),
            home_captain=captains.get(m.home.pk, ""), away_captain=captains.get(m.away.pk, ""),
            home_total=points_text(sc.home_game_points) if sc else "",
            away_total=points_text(sc.away_game_points) if sc else "",
            home_match_points=points_text(sc.home_match_points) if sc else "",
            away_match_points=points_text(sc.away_match_points) if sc else ""))
    return sheets, tuple(byes)


def _day_text(rnd: Round) -> str:
    """The date box of a round's sheets (``round_day``); blank for a round not played yet without a date."""
    day = round_day(rnd)
    return date_format(day) if day else ""


def build_match_sheets_pdf(t: Tournament, rnd: Round) -> bytes:
    """The match sheets of a published round, one match a page."""
    sheets, byes = match_sheets(t, rnd)
    header = team_header_for(t, _("Round %(n)s") % {"n": rnd.number})
    return match_sheets_pdf(sheets, header, rnd.number, _day_text(rnd), byes)


def _round(t: Tournament, number: int | None) -> Round:
    published = Round.objects.filter(tournament=t).exclude(status=Round.Status.DRAFT)
    rnd = None if number is None else published.filter(number=number).first()
    if rnd is None:
        raise DocumentError(_("Round %(n)s of %(t)s is not published.") % {"n": number, "t": t.slug})
    return rnd


def sheet_lines(t: Tournament, rnd: Round, base_url: str = "") -> list[SheetLine]:
    """The printed lines of a round's pairing list (points before the round); with ``base_url``
    each game carries the URL of its board's result page (for the QR code)."""
    view = round_view(t, rnd)
    out = []
    for line in view.lines:
        out.append(
            SheetLine(
                url=board_url(base_url, t.slug, rnd.number, line.number) if base_url and not line.bye else "",
                board=line.number,
                white=line.white.name if line.white else "",
                white_sno=str(line.white.start_number or "") if line.white else "",
                white_points=points_text(line.white_points) if line.white else "",
                black=line.black.name if line.black else "",
                black_sno=str(line.black.start_number or "") if line.black else "",
                black_points=points_text(line.black_points) if line.black else "",
                result=line.result,
                bye=line.bye,
                opening=line.opening,
                games=" · ".join(r or "…" for r, _url in line.games),
            )
        )
    return out


def build_pdf(t: Tournament, kind: str, round_number: int | None = None, base_url: str = "") -> bytes:
    """The PDF bytes of document ``kind`` (round documents need ``round_number``); the pairing
    list gets a QR code per board to ``base_url`` when given.

    Raises ``DocumentError`` for an unknown kind or an unpublished round.
    """
    if kind == "crosstable":
        # A team event's crosstable is its team crosstable (its players have no individual standings).
        if t.competitors == Tournament.Competitors.TEAMS:
            return build_team_crosstable_pdf(t)
        return build_crosstable_pdf(t)
    if kind in TEAM_KINDS and t.competitors != Tournament.Competitors.TEAMS:
        raise DocumentError(_("%(t)s is not a team event.") % {"t": t.slug})
    if kind == "teamcrosstable":
        return build_team_crosstable_pdf(t)
    if kind not in ROUND_KINDS:
        known = ", ".join(KINDS)
        raise DocumentError(_("Unknown document %(kind)s; known: %(known)s") % {"kind": kind, "known": known})
    rnd = _round(t, round_number)
    if kind == "matchsheets":
        return build_match_sheets_pdf(t, rnd)
    lines = sheet_lines(t, rnd, base_url if kind in QR_KINDS else "")
    subtitle = _("Round %(n)s") % {"n": rnd.number}
    if kind == "pairings":
        return pairing_list_pdf(lines, header_for(t, _("Pairings, round %(n)s") % {"n": rnd.number}))
    if t.games_per_pairing > 1:
        lines = micro_match_sheets(lines, t.games_per_pairing)
    return score_sheets_pdf(lines, header_for(t, subtitle), _day_text(rnd))


def micro_match_sheets(lines: list[SheetLine], games: int) -> list[SheetLine]:
    """A score sheet per game of each micro-match: game n with its own colours (``vocabulary.game_colour``:
    the first-named player White in the odd games, Black in the even ones)."""
    out = []
    for line in lines:
        if line.bye:
            out.append(line)
            continue
        for n in range(1, games + 1):
            if game_colour(n) == "w":
                out.append(replace(line, game=n))
            else:
                out.append(replace(line, game=n, white=line.black, white_sno=line.black_sno,
                                   white_points=line.black_points, black=line.white, black_sno=line.white_sno,
                                   black_points=line.white_points))
    return out


def _filename(t: Tournament, kind: str, round_number: int | None, language: str) -> str:
    suffix = f"-r{round_number}" if round_number else ""
    return f"{t.slug}-{kind}{suffix}-{language}.pdf"


def document_language(language: str | None = None) -> str:
    """The language a document is printed in: ``language``, else the active one, else the site's default."""
    return language or translation.get_language() or settings.LANGUAGE_CODE


def _document_row(t: Tournament, kind: str, round_number: int | None, language: str) -> Document:
    """The one ``Document`` row of (t, kind, round, language), created if missing; concurrent callers get the
    same row."""
    key = {"tournament": t, "kind": kind, "round_number": round_number, "language": language}
    found = Document.objects.filter(**key).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return Document.objects.create(**key)
    except IntegrityError:
        return Document.objects.get(**key)


def store_document(t: Tournament, kind: str, round_number: int | None = None, base_url: str = "",
                   language: str | None = None) -> Document:
    """Build document ``kind`` in ``language`` (default: the active language) and store it (replacing that
    language's previous file); returns it, current.

    ``base_url``: the site address the QR codes of a pairing list point to.
    """
    base = base_url if kind in QR_KINDS else ""
    rn = round_number if kind in ROUND_KINDS else None
    lang = document_language(language)
    version = Tournament.objects.filter(pk=t.pk).values_list("version", flat=True).get()
    with translation.override(lang):
        data = build_pdf(t, kind, rn, base)
    doc = _document_row(t, kind, rn, lang)
    old = doc.file.name if doc.file else ""
    doc.file.save(_filename(t, kind, rn, lang), ContentFile(data), save=False)
    doc.version = version
    doc.base_url = base
    doc.save()
    if old and old != doc.file.name:
        doc.file.storage.delete(old)
    return doc


def current_document(t: Tournament, kind: str, round_number: int | None = None, base_url: str = "",
                     language: str | None = None) -> Document:
    """The stored document in ``language`` (default: the active language: a German visitor gets the German
    file, a French one the French), built first when missing, outdated, its file lost, or its QR codes made
    for another site address than ``base_url``."""
    rn = round_number if kind in ROUND_KINDS else None
    base = base_url if kind in QR_KINDS else ""
    lang = document_language(language)
    doc = Document.objects.filter(tournament=t, kind=kind, round_number=rn, language=lang).first()
    if (doc is None or not doc.is_current(t) or doc.base_url != base or not doc.file
            or not doc.file.storage.exists(doc.file.name)):
        doc = store_document(t, kind, rn, base, lang)
    return doc


def rebuild_outdated(tournament_id: int) -> int:
    """Rebuild every outdated document of the tournament; returns how many were rebuilt.

    A document whose round is no longer published is deleted instead.
    """
    t = Tournament.objects.filter(pk=tournament_id).first()
    if t is None:
        return 0
    count = 0
    for doc in Document.objects.filter(tournament=t, version__lt=t.version):
        try:
            store_document(t, doc.kind, doc.round_number, doc.base_url, doc.language or None)
            count += 1
        except DocumentError:
            if doc.file:
                doc.file.storage.delete(doc.file.name)
            doc.delete()
    return count


def board_cards(t: Tournament, round_number: int, base_url: str) -> bytes:
    """The round's board cards (A4, eight per page): one per game with a QR code of its result page.

    Byes get no card (nobody plays at a bye). Raises ``DocumentError`` for a draft or unknown round.
    """
    rnd = _round(t, round_number)
    cards = [
        BoardCard(event=t.name, round_number=rnd.number, board=line.board, white=line.white,
                  white_sno=line.white_sno, black=line.black, black_sno=line.black_sno, url=line.url)
        for line in sheet_lines(t, rnd, base_url)
        if not line.bye
    ]
    return board_cards_pdf(cards, f"{t.name} – " + _("Board cards, round %(n)s") % {"n": rnd.number})


def build_ballot_sheet(t: Tournament, rnd: Round) -> bytes:
    """The round's ballot sheet (A4 PDF): deck, seed and each pairing's opening with a diagram of its
    position; drafts included (it is printed before the round). A round without a draw prints that."""
    lines = []
    deck = None
    if rnd.opening_deck:
        try:
            deck = load_deck(rnd.opening_deck)
        except UnknownDeck:  # a deck this version does not know (an archive from elsewhere): labels alone
            deck = None
    for row in ballot_rows(rnd) if rnd.opening_seed else []:
        b = row.board
        white, black = b.white, b.black
        if white is None or black is None:  # ballot_rows lists pairings only
            continue
        position = None
        if deck is not None and row.fen:
            try:
                position = deck.position(row.label)
            except (KeyError, FenError):  # the label alone is printed
                position = None
        lines.append(BallotLine(
            board=b.number, white=f"{white.start_number}. {white.name}",
            black=f"{black.start_number}. {black.name}", label=row.label, moves=row.moves,
            setup=row.setup, fen=row.fen, position=position))
    if rnd.opening_seed:
        extra: tuple[str, ...] = (
            _("Opening deck: %(deck)s") % {"deck": round_deck_label(rnd)},
            _("Seed of the draw: %(seed)s") % {"seed": rnd.opening_seed},
            _("In a micro-match both games start from the opening, the colours reversed in game 2."))
    else:
        extra = (_("No openings have been drawn for this round."),)
    header = DocumentHeader(
        event=t.name, place=t.place, dates=_dates(t),
        subtitle=_("Ballot sheet, round %(n)s") % {"n": rnd.number}, extra=extra,
        footer=_("Generated %(when)s") % {"when": timezone.localtime().strftime("%Y-%m-%d %H:%M")},
    )
    return ballot_sheet_pdf(lines, header)
