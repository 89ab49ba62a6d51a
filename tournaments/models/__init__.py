"""Tournament data: the event (players, tournaments, roles, entries), rounds and boards (encounters),
teams, and what the program keeps beside them (audit log, background jobs, documents, mirror keys).

Games and their results are ``games.models`` (issue 25.7); only confirmed results feed pairings and
standings: ``ResultSubmission.objects.confirmed()``.
"""

from tournaments.models.account_links import AccountLinkRequest
from tournaments.models.event import (
    ENTRY_DETAILS,
    PRIVATE_DETAILS,
    RULE_PROFILE_CHOICES,
    Absence,
    Entry,
    Event,
    Player,
    ProhibitedPair,
    Role,
    Tournament,
)
from tournaments.models.mirror import MirrorState, MirrorToken
from tournaments.models.playoffs import PlayOff
from tournaments.models.ratings import RatingList, RatingListPlayer
from tournaments.models.records import AuditEntry, Document, TaskRun, ThrottleCount
from tournaments.models.rounds import Board, Round
from tournaments.models.stages import PrizeSetup, RatingSetup, StageSeat, StageTransition
from tournaments.models.teams import LineUp, LineUpBoard, Team, TeamByeRequest, TeamMember

__all__ = [
    "ENTRY_DETAILS",
    "PRIVATE_DETAILS",
    "RULE_PROFILE_CHOICES",
    "Absence",
    "PrizeSetup",
    "RatingSetup",
    "StageSeat",
    "StageTransition",
    "AccountLinkRequest",
    "AuditEntry",
    "Board",
    "Document",
    "Event",
    "Entry",
    "LineUp",
    "LineUpBoard",
    "MirrorState",
    "MirrorToken",
    "Player",
    "PlayOff",
    "ProhibitedPair",
    "RatingList",
    "RatingListPlayer",
    "Role",
    "Round",
    "TaskRun",
    "Team",
    "TeamByeRequest",
    "TeamMember",
    "ThrottleCount",
    "Tournament",
]
