"""The one error type of the tournament services: a message for the arbiter, never a traceback."""

from __future__ import annotations


class ServiceError(Exception):
    """An arbiter action was refused; ``str(exc)`` is the translated message to show."""

    def __init__(self, message: str, *, details: list[str] | None = None) -> None:
        super().__init__(message)
        self.message = str(message)
        self.details = details or []

    def __str__(self) -> str:
        return self.message
