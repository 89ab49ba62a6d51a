"""Tournament data: the event (players, tournaments, roles, entries), rounds and boards, games and
their results, and what the program keeps beside them (audit log, background jobs, documents).

Only confirmed results feed pairings and standings: ``ResultSubmission.objects.confirmed()``.
"""

from tournaments.models.event import (
    RULE_PROFILE_CHOICES,
    Absence,
    Entry,
    Player,
    ProhibitedPair,
    Role,
    Tournament,
)
from tournaments.models.ratings import RatingList, RatingListPlayer
from tournaments.models.records import AuditEntry, Document, TaskRun, ThrottleCount
from tournaments.models.results import Game, Result, ResultSubmission, ResultSubmissionQuerySet, Termination
from tournaments.models.rounds import Board, Round

__all__ = [
    "RULE_PROFILE_CHOICES",
    "Absence",
    "AuditEntry",
    "Board",
    "Document",
    "Entry",
    "Game",
    "Player",
    "ProhibitedPair",
    "RatingList",
    "RatingListPlayer",
    "Result",
    "ResultSubmission",
    "ResultSubmissionQuerySet",
    "Role",
    "Round",
    "TaskRun",
    "Termination",
    "ThrottleCount",
    "Tournament",
]
