"""A generated Swiss tournament with confirmed results, for benchmarks, tests and screenshots.

Not a pairing engine: players are paired greedily by score (no rematches when avoidable),
which is enough to fill crosstables and standings of any size. Names mix Latin, accented
and Cyrillic spellings so the PDFs' Unicode fonts are exercised.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.models import Game, ResultSubmission
from tournaments.models import Board, Entry, Player, Round, Tournament
from tournaments.ratings import logistic_expected
from tournaments.vocabulary import DRAUGHTS_SCORING, result_points

FIRST = ["Piet", "Jürgen", "Amélie", "Сергей", "Zoë", "Łukasz", "Ольга", "Søren", "Inês", "Ярослав", "Kees", "Élodie"]
LAST = ["Jansen", "Müller", "Lefèvre", "Иванов", "de Vries", "Wójcik", "Петрова", "Nørgaard", "Gonçalves", "Шевченко",
        "Bakker", "Dubois"]


def sample_name(i: int) -> str:
    """A "Lastname, Firstname" name, unique per ``i``."""
    return f"{LAST[i % len(LAST)]}{'' if i < len(LAST) else ' ' + str(i // len(LAST))}, {FIRST[(i * 7) % len(FIRST)]}"


@transaction.atomic
def create_sample_tournament(
    slug: str,
    players: int,
    rounds: int,
    *,
    seed: int = 7,
    system: str = "dutch",
    pending_last_round: int = 0,
    **fields: Any,
) -> Tournament:
    """A tournament ``slug`` with ``players`` entries and ``rounds`` published rounds of confirmed results.

    ``pending_last_round`` leaves that many games of the last round without a confirmed result.
    """

    rng = random.Random(seed)
    t = Tournament.objects.create(
        slug=slug,
        name=fields.pop("name", f"Sample Open {players}"),
        place=fields.pop("place", "Utrecht"),
        start_date=fields.pop("start_date", datetime.date(2026, 11, 20)),
        rounds_planned=rounds,
        pairing_system=system,
        status=Tournament.Status.RUNNING,
        **fields,
    )
    ratings = sorted((rng.randint(900, 2400) for _ in range(players)), reverse=True)
    people = Player.objects.bulk_create(
        [Player(name=sample_name(i), rating=r, federation=["NED", "FRA", "GER", "RUS", "POL"][i % 5])
         for i, r in enumerate(ratings)]
    )
    entries = Entry.objects.bulk_create(
        [Entry(tournament=t, player=p, start_number=i, rating=p.rating, name=p.name, federation=p.federation)
         for i, p in enumerate(people, start=1)]
    )
    points = {e.pk: 0.0 for e in entries}
    whites = {e.pk: 0 for e in entries}
    met: set[frozenset[int]] = set()
    now = timezone.now()
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(tournament=t, number=number, status=Round.Status.PUBLISHED, published_at=now)
        order = sorted(entries, key=lambda e: (-points[e.pk], e.start_number))
        boards: list[Board] = []
        outcomes: list[str] = []
        waiting = list(order)
        bye = waiting.pop() if len(waiting) % 2 else None
        while waiting:
            a = waiting.pop(0)
            j = next((k for k, b in enumerate(waiting) if frozenset((a.pk, b.pk)) not in met), 0)
            b = waiting.pop(j)
            met.add(frozenset((a.pk, b.pk)))
            w, k = (a, b) if whites[a.pk] <= whites[b.pk] else (b, a)
            whites[w.pk] += 1
            boards.append(Board(round=rnd, number=len(boards) + 1, white=w, black=k))
            diff = (w.rating or 0) - (k.rating or 0)
            expected = logistic_expected(diff)
            x = rng.random()
            outcome = "2-0" if x < expected - 0.15 else ("1-1" if x < expected + 0.15 else "0-2")
            if rng.random() < 0.01:
                outcome = "+-"
            outcomes.append(outcome)
            pw, pb = result_points(outcome, DRAUGHTS_SCORING)
            points[w.pk] += pw
            points[k.pk] += pb
        if bye is not None:
            boards.append(Board(round=rnd, number=len(boards) + 1, white=bye, bye_kind=Board.ByeKind.PAB))
            points[bye.pk] += DRAUGHTS_SCORING.pab
        Board.objects.bulk_create(boards)
        games = Game.objects.bulk_create([Game(board=b, white_id=b.white_id, black_id=b.black_id)
                                          for b in boards if not b.bye_kind])
        skip = pending_last_round if number == rounds else 0
        ResultSubmission.objects.bulk_create(
            [
                ResultSubmission(game=g, result=o, status=ResultSubmission.Status.CONFIRMED, confirmed_at=now)
                for g, o in zip(games[: len(games) - skip], outcomes[: len(games) - skip])
            ]
        )
    return t
