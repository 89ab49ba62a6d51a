"""Arbiter pages and the remaining public pages run a constant number of queries whatever the field size."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Absence, Entry, ProhibitedPair, Role
from tournaments.public.sample import create_sample_tournament

pytestmark = pytest.mark.django_db

ARBITER_PAGES = [
    ("tournaments:manage", ()),
    ("tournaments:settings", ()),
    ("tournaments:players", ()),
    ("tournaments:absences", ()),
    ("tournaments:prohibited", ()),
    ("tournaments:rounds", ()),
    ("tournaments:round", (2,)),
    ("tournaments:export_trf", ("trf16",)),
]

PUBLIC_PAGES = [
    ("public:pairings", ()),
    ("public:round_live", (2,)),
    ("public:projector_live", ()),
    ("public:document", ("crosstable",)),
    ("public:round_document", ("pairings", 2)),
]


def _tournament(slug: str, players: int, seed: int, arbiter):
    """A sample tournament with an absence and a prohibited pair per four players, ``arbiter`` appointed."""
    t = create_sample_tournament(slug, players, 2, seed=seed)
    Role.objects.create(user=arbiter, tournament=t, kind=Role.Kind.ARBITER)
    entries = list(Entry.objects.filter(tournament=t).order_by("start_number"))
    for i in range(0, len(entries) - 1, 4):
        Absence.objects.create(entry=entries[i], round_number=3, kind=Absence.Kind.ABSENT)
        ProhibitedPair.objects.create(tournament=t, first=entries[i], second=entries[i + 1])
    return t


def _counts(client, name, extra, tournaments, assert_max):
    counts = []
    for t in tournaments:
        with assert_max(15) as ctx:
            response = client.get(reverse(name, args=[t.slug, *extra]))
            assert response.status_code == 200, (name, response.status_code)
            if hasattr(response, "streaming_content"):
                b"".join(response.streaming_content)
        counts.append(len(ctx.captured_queries))
    return counts


@pytest.fixture
def small_and_big(make_user):
    arbiter = make_user("field-arbiter")
    return arbiter, (_tournament("small", 8, 1, arbiter), _tournament("big", 40, 2, arbiter))


@pytest.mark.parametrize(("name", "extra"), ARBITER_PAGES)
def test_arbiter_page_queries_do_not_grow_with_the_field(
    client, small_and_big, django_assert_max_num_queries, name, extra
):
    arbiter, tournaments = small_and_big
    client.force_login(arbiter)
    small, big = _counts(client, name, extra, tournaments, django_assert_max_num_queries)
    assert small == big


@pytest.mark.parametrize(("name", "extra"), PUBLIC_PAGES)
def test_public_page_queries_do_not_grow_with_the_field(
    client, small_and_big, django_assert_max_num_queries, settings, tmp_path, name, extra
):
    settings.MEDIA_ROOT = tmp_path / "media"
    _arbiter, tournaments = small_and_big
    small, big = _counts(client, name, extra, tournaments, django_assert_max_num_queries)
    assert small == big


def test_tournament_list_queries_do_not_grow_with_the_number_of_tournaments(
    client, small_and_big, django_assert_max_num_queries
):
    with django_assert_max_num_queries(3) as ctx:
        client.get(reverse("public:list"))
    before = len(ctx.captured_queries)
    create_sample_tournament("third", 6, 1)
    with django_assert_max_num_queries(3) as ctx:
        html = client.get(reverse("public:list")).content.decode()
    assert len(ctx.captured_queries) == before and "Sample Open 6" in html
