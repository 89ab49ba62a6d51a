"""Live fragments: ETag and 304 when nothing changed; a constant number of queries whatever the size."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.versions import changed
from tournaments.public.sample import create_sample_tournament


def test_standings_poll_answers_304_until_a_result_is_confirmed(client, tournament, two_rounds, play):
    live = reverse("public:standings_live", args=[tournament.slug])
    first = client.get(live)
    assert first.status_code == 200 and first.has_header("ETag")
    # Anonymous: shared, a proxy may keep it for PUBLIC_MAX_AGE seconds (issue 18).
    assert first["Cache-Control"] == "public, max-age=2"
    etag = first["ETag"]
    again = client.get(live, headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    a, b, c, d = two_rounds
    play(tournament, 3, [(a, c, "2-0")])
    changed = client.get(live, headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_round_poll_changes_when_a_pending_result_is_confirmed(client, tournament, entries, play):
    from games.models import ResultSubmission

    a, b, c, d = entries
    play(tournament, 1, [(a, b, "2-0"), (c, d, ("pending", "1-1"))])
    live = reverse("public:round_live", args=[tournament.slug, 1])
    first = client.get(live)
    assert "1 of 2 results in" in first.content.decode()
    assert client.get(live, headers={"if-none-match": first["ETag"]}).status_code == 304
    sub = ResultSubmission.objects.get(status="pending")
    sub.status = ResultSubmission.Status.CONFIRMED
    sub.save()
    changed(sub)
    second = client.get(live, headers={"if-none-match": first["ETag"]})
    assert second.status_code == 200 and "2 of 2 results in" in second.content.decode()


def test_unchanged_poll_costs_one_query(client, tournament, two_rounds, django_assert_num_queries):
    live = reverse("public:projector_live", args=[tournament.slug])
    etag = client.get(live)["ETag"]
    with django_assert_num_queries(1):
        assert client.get(live, headers={"if-none-match": etag}).status_code == 304


def test_settings_change_changes_the_etag(client, tournament, two_rounds):
    live = reverse("public:standings_live", args=[tournament.slug])
    etag = client.get(live)["ETag"]
    tournament.tiebreaks = "SB,BH"
    tournament.save()
    changed(tournament)
    assert client.get(live, headers={"if-none-match": etag}).status_code == 200


PAGES = [
    ("public:standings", ()),
    ("public:standings_live", ()),
    ("public:crosstable", ()),
    ("public:round", (3,)),
    ("public:tournament", ()),
    ("public:player", (5,)),
    ("public:projector", ()),
]


@pytest.mark.parametrize(("name", "extra"), PAGES)
def test_query_count_does_not_grow_with_the_field(client, db, django_assert_max_num_queries, name, extra):
    small = create_sample_tournament("small", 8, 3)
    big = create_sample_tournament("big", 60, 3, seed=3)
    counts = []
    for t in (small, big):
        with django_assert_max_num_queries(13) as ctx:  # the player page reads the event's rating settings (issue 29)
            assert client.get(reverse(name, args=[t.slug, *extra])).status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]


def test_a_withdrawal_changes_the_etag(client, tournament, two_rounds):
    live = reverse("public:standings_live", args=[tournament.slug])
    etag = client.get(live)["ETag"]
    entry = two_rounds[3]
    entry.status = entry.Status.WITHDRAWN
    entry.withdrawn_from_round = 3
    entry.save()
    changed(entry)
    assert client.get(live, headers={"if-none-match": etag}).status_code == 200


def test_finishing_a_round_changes_the_etag_and_the_version_of_an_unknown_slug_is_a_404(
    client, tournament, two_rounds, staff
):
    from tournaments.models import Round
    from tournaments.services.rounds import finish_round

    live = reverse("public:round_live", args=[tournament.slug, 2])
    etag = client.get(live)["ETag"]
    assert client.get(live, headers={"if-none-match": etag}).status_code == 304
    finish_round(staff, Round.objects.get(tournament=tournament, number=2))
    assert client.get(live, headers={"if-none-match": etag}).status_code == 200
    assert client.get(reverse("public:round_live", args=["no-such-slug", 2])).status_code == 404
