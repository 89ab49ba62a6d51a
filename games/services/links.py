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
from tournaments.permissions import is_arbiter


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
            record(user, tournament, "create_submission_link", link, after=entry.player.name)
    return link


def revoke_link(link: SubmissionLink, user: User) -> SubmissionLink:
    """Revoke a link: its token stops working at once."""
    if not is_arbiter(user, link.tournament):
        raise GameError(_("Only an arbiter of this tournament may revoke submission links."))
    with transaction.atomic():
        link.revoked = True
        link.save(update_fields=["revoked"])
        record(user, link.tournament, "revoke_submission_link", link, before="active", after="revoked")
    return link


_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def link_by_token(token: str) -> SubmissionLink | None:
    """The active link with this token, or None (unknown or revoked tokens look the same)."""
    # Tokens are url-safe base64 (secrets.token_urlsafe); anything else (a NUL byte, which
    # PostgreSQL cannot even compare, spaces, dots) is unknown without asking the database.
    if not _TOKEN_SHAPE.fullmatch(token or ""):
        return None
    return (
        SubmissionLink.objects.filter(token=token, revoked=False)
        .select_related("tournament", "entry__player")
        .first()
    )
