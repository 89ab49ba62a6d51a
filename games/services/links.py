"""Private submission links for players without accounts: one unguessable token per entry and tournament.

Submissions through a link are never confirmed automatically (see ``results.submit_result``).
Creating and revoking links are arbiter actions and are audit-logged.
"""

from __future__ import annotations

import re

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import SubmissionLink, new_link_token
from games.services import GameError, User
from tournaments.audit import record
from tournaments.models import Entry, Tournament
from tournaments.pdf.cards import LinkSlip, link_sheet_pdf
from tournaments.permissions import is_arbiter, is_mirrored
from tournaments.services.site_address import link_url


def create_link(tournament: Tournament, entry: Entry, user: User) -> SubmissionLink:
    """The entry's link (a fresh token if it was revoked). Raises GameError for non-arbiters or a foreign entry."""
    if not is_arbiter(user, tournament):
        raise GameError(_("Only an arbiter of this tournament may create submission links."))
    if entry.tournament_id != tournament.pk:
        raise GameError(_("This player is not in this tournament."))
    with transaction.atomic():
        link, created = SubmissionLink.objects.select_for_update().get_or_create(tournament=tournament, entry=entry)
        if not created and link.revoked:
            link.token = new_link_token()
            link.revoked = False
            link.save(update_fields=["token", "revoked"])
            created = True
        if created:
            record(user, tournament, "create_submission_link", link, after=entry.name)
    return link


def revoke_link(link: SubmissionLink, user: User) -> SubmissionLink:
    """Revoke a link: its token stops working at once."""
    if not is_arbiter(user, link.tournament):
        raise GameError(_("Only an arbiter of this tournament may revoke submission links."))
    with transaction.atomic():
        link.revoked = True
        link.save(update_fields=["revoked"])
        record(user, link.tournament, "revoke_submission_link", link, before="revoked=False", after="revoked=True")
    return link


_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def link_by_token(token: str) -> SubmissionLink | None:
    """The active link with this token, or None (unknown or revoked tokens look the same)."""
    # Tokens are url-safe base64 (secrets.token_urlsafe); anything else (a NUL byte, which
    # PostgreSQL cannot even compare, spaces, dots) is unknown without asking the database.
    if not _TOKEN_SHAPE.fullmatch(token or ""):
        return None
    link = (
        SubmissionLink.objects.filter(token=token, revoked=False)
        .select_related("tournament", "entry")
        .first()
    )
    if link is not None and is_mirrored(link.tournament):
        return None  # a server mirroring the hall laptop: the laptop's links work only there (issue 30.3)
    return link


def create_missing_links(tournament: Tournament, user: User) -> int:
    """A link for every active player without an account who has none (or only a revoked one).

    Returns how many were created (each audit-logged). Raises GameError for non-arbiters.
    """
    if not is_arbiter(user, tournament):
        raise GameError(_("Only an arbiter of this tournament may create submission links."))
    active = set(SubmissionLink.objects.filter(tournament=tournament, revoked=False).values_list("entry_id", flat=True))
    entries = (Entry.objects.filter(tournament=tournament, status=Entry.Status.ACTIVE, user__isnull=True)
               .exclude(pk__in=active))
    count = 0
    for entry in entries:
        create_link(tournament, entry, user)
        count += 1
    return count


def active_links(tournament: Tournament) -> list[SubmissionLink]:
    """The tournament's active links in start-number order."""
    return list(SubmissionLink.objects.filter(tournament=tournament, revoked=False)
                .select_related("entry").order_by("entry__start_number", "entry__name"))


def link_sheet(tournament: Tournament, base_url: str) -> bytes:
    """The link sheet (A4 PDF, ten slips a page): each player's private link with its QR code."""
    slips = [LinkSlip(event=tournament.name, name=lk.entry.name, sno=str(lk.entry.start_number or ""),
                      url=link_url(base_url, lk.token)) for lk in active_links(tournament)]
    return link_sheet_pdf(slips, f"{tournament.name} – " + _("Submission links"))
