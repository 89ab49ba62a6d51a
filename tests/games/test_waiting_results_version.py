"""Issue 30 (headroom): waiting results do not move the tournament's version.

The version is the ETag of the public pages and the key of their caches and of the documents; those
count confirmed results only. A first submission writes no audit entry and leaves the version alone; a
player replacing their own waiting result did move it (its audit entry bumped the version), so in the
load test every spectator's poll got a new page while players changed their minds. Now both leave it;
the replacement is still audited, and a confirmation still moves the version.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.services.results import confirm_submission, submit_result
from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


def _version(t: Tournament) -> int:
    return Tournament.objects.get(pk=t.pk).version


def test_waiting_results_leave_the_version_and_the_spectators_etag(client, game, player, opponent):
    t = game.tournament
    live = reverse("public:standings_live", args=[t.slug])
    etag = client.get(live).headers["ETag"]
    before = _version(t)
    submit_result(game, "2-0", user=player)
    second = submit_result(game, "1-1", user=player)  # replaces the waiting 2-0
    assert AuditEntry.objects.filter(action="result.replace_own").count() == 1
    assert _version(t) == before
    assert client.get(live, HTTP_IF_NONE_MATCH=etag).status_code == 304
    confirm_submission(second, opponent)
    assert _version(t) == before + 1
    assert client.get(live, HTTP_IF_NONE_MATCH=etag).status_code == 200
