"""Game services: the only code that changes games, submissions, claims, rulings and links; and the
exchange formats together (PDN import and export, TRF import and export, the tournament archive, the
hall laptop's mirror).

Views call these functions; each one runs in one transaction and audit-logs arbiter actions.
Errors a user can fix are raised as ``GameError`` with a translated, specific message.
"""

from __future__ import annotations

from typing import TypeAlias

from tournaments.audit import Actor

# Who acts: a signed-in user, the anonymous user, or None (a private link, a command without --user).
User: TypeAlias = Actor


class GameError(Exception):
    """A refused action, with a message for the user (already translated)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)
