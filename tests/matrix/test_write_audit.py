"""No unaudited write path (issue 23, "Done when"): every case of the permission matrix is called as
every persona while the SQL it runs is watched; what it writes must match the case's ``Audit``.

* a case that states it writes nothing (``NO_WRITE``, and every GET case unless it says otherwise)
  writes to no table of the project;
* every other write comes with an audit entry in the same call naming the persona as its actor (none
  for anonymous callers and private links), except writes to the tables the case names as unaudited,
  each with the reason;
* a case that states it writes is written so that at least one persona's call really writes: the
  audit expectation is tested, not assumed.

Not counted as writes: the session, the sign-in time of an account, and the tournament's version
counter (a cache key bumped with every change; ``tournaments/versioning.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from tests.matrix.table import NO_WRITE, TABLE, Audit, Case
from tests.matrix.world import PERSONAS, World, build_world

_WRITE = re.compile(r'^\s*(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([A-Za-z0-9_]+)"?(.*)$', re.I | re.S)
_SET_COLUMNS = re.compile(r'"([a-z_]+)"\s*=')


def _written(sql: str) -> str | None:
    """The table ``sql`` writes to, or None (a read, or bookkeeping that is no data: see above)."""
    m = _WRITE.match(sql)
    if m is None:
        return None
    verb, table, rest = m.group(1).upper(), m.group(2), m.group(3)
    if table == "django_session":
        return None
    if verb == "UPDATE":
        columns = set(_SET_COLUMNS.findall(rest.split(" WHERE ")[0]))
        if (table, columns) in (("auth_user", {"last_login"}), ("tournaments_tournament", {"version"})):
            return None
    return table


@dataclass
class Call:
    status: int
    tables: set[str] = field(default_factory=set)
    audits: list[tuple[str, object]] = field(default_factory=list)  # (action, actor id)


def measured(world: World, persona: str, name: str, case: Case) -> Call:
    """Call the case as the persona inside a rolled-back transaction; what it wrote and audited."""
    from tournaments.models import AuditEntry

    # One frame per open savepoint: a savepoint rolled back (an import refused half-way) wrote nothing.
    frames: list[tuple[str, set[str]]] = [("", set())]

    def watch(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        words = sql.strip().strip(";").split()
        if words[:1] == ["SAVEPOINT"]:
            frames.append((words[1], set()))
        elif words[:2] == ["RELEASE", "SAVEPOINT"] and len(frames) > 1 and frames[-1][0] == words[2]:
            frames[-2][1].update(frames.pop()[1])
        elif words[:3] == ["ROLLBACK", "TO", "SAVEPOINT"] and len(frames) > 1 and frames[-1][0] == words[3]:
            frames.pop()
        else:
            table = _written(sql)
            if table is not None:
                frames[-1][1].add(table)
        return result

    with transaction.atomic():
        client = Client(raise_request_exception=False)
        user = world.users[persona]
        if user is not None:
            client.force_login(user)
        url = reverse(name, kwargs=case.kwargs(world))
        data = case.data(world)
        last = AuditEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        with connection.execute_wrapper(watch):
            response = client.get(url) if case.method == "GET" else client.post(url, data)
        audits = list(AuditEntry.objects.filter(pk__gt=last).values_list("action", "actor_id"))
        transaction.set_rollback(True)
    tables = set().union(*(written for _sid, written in frames)) - {"tournaments_auditentry"}
    return Call(response.status_code, tables, audits)


def test_every_post_case_states_its_audit():
    missing = [f"{name} #{i}" for name, cases in TABLE.items() for i, c in enumerate(cases)
               if c.method == "POST" and c.audit is None]
    assert not missing, f"POST cases without an audit expectation in tests/matrix/table.py: {missing}"


def _problems(name: str, case: Case, audit: Audit, calls: dict[str, Call], world: World) -> list[str]:
    out = []
    free = {table for table, _why in audit.unaudited}
    label = f"{name} {case.method}"
    for persona, call in calls.items():
        if not audit.writes and call.tables:
            out.append(f"{label} as {persona}: writes {sorted(call.tables)} but states it writes nothing")
            continue
        needs = call.tables - free
        if needs and not call.audits:
            out.append(f"{label} as {persona}: writes {sorted(needs)} without an audit entry")
        user = world.users[persona]
        actor_id = None if user is None or audit.link else user.pk
        if call.audits and not any(actor == actor_id for _a, actor in call.audits):
            out.append(f"{label} as {persona}: no audit entry names the persona: {call.audits}")
    if audit.writes and not any(c.tables for c in calls.values()):
        out.append(f"{label}: states it writes, but no persona's call wrote anything (statuses "
                   f"{sorted({c.status for c in calls.values()})}): give it data that does")
    return out


@pytest.mark.django_db
def test_every_write_of_every_view_is_audited_as_its_case_states(request):
    world = build_world(request)
    problems: list[str] = []
    for name in sorted(TABLE):
        for case in TABLE[name]:
            audit = case.audit or NO_WRITE
            calls = {persona: measured(world, persona, name, case) for persona in PERSONAS}
            problems += _problems(name, case, audit, calls, world)
    assert not problems, "audit expectations not met:\n" + "\n".join(problems)
