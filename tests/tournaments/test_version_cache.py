"""The page version copied into Redis (tournaments/cache/shared_versions.py, issue 15).

A warm public page asks the database nothing; and whatever order a reader's steps and a
write's steps interleave in, no reader gets from Redis a version older than the last write that
committed. The protocol's steps are driven here one by one against the test Redis (the writes
begin and end exactly where a transaction and its on_commit would put them); the pages are
then read through the site. Needs Redis (skipped without one, like the other cache tests).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse
from page_cache_support import csv_rows, redis_url_or_skip
from tournament_factories import game_at, make_tournament, play

from config.settings import redis_cache
from tournaments import services
from tournaments.cache import shared_versions as version_cache
from tournaments.cache import versions as page_version
from tournaments.cache.pages import process_cache
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def shared(settings):
    """The default cache on the test Redis, empty, the versions copied into it at once."""
    settings.CACHES = {"default": redis_cache(redis_url_or_skip())}
    settings.PAGE_CACHE_PROCESS_ENTRIES = 0
    cache.clear()
    process_cache.clear()
    version_cache.mark_settled()
    yield version_cache.client()
    cache.clear()
    process_cache.clear()


@pytest.fixture
def tournament(shared, organiser, arbiter, django_capture_on_commit_callbacks):
    """Made and committed: each write's on_commit runs, as outside a test's transaction (a
    write whose on_commit never ran would keep its tournament on the database path)."""
    with django_capture_on_commit_callbacks(execute=True):
        tournament = make_tournament(4, organiser=organiser, arbiter=arbiter, paired=True,
                                     name="Aberto de Santos")
        play(tournament, {(1, 1): "1-0"})
    return tournament


class Database:
    """What the database says a name's version is, and how often a reader asked it."""

    def __init__(self, value: str, during_read=None) -> None:
        self.value, self.during_read, self.asked = value, during_read, 0

    def __call__(self) -> str:
        self.asked += 1
        value = self.value  # read first: whatever happens next is after the read
        if self.during_read is not None:
            self.during_read()
        return value


def read(name: str, database: Database) -> str:
    return version_cache.read(name, database, str, bytes.decode)


def stored(shared, name: str) -> bytes | None:
    """The copy a reader would take (its run_id checked, as read() does)."""
    return version_cache.stored(name)


# --- the protocol, step by step ----------------------------------------------------------------

def test_a_version_read_once_is_then_read_from_redis_alone(shared):
    database = Database("v1")
    assert read("aberto", database) == "v1" and stored(shared, "aberto") == b"v1"
    assert read("aberto", database) == "v1"
    assert database.asked == 1


def test_a_write_that_begins_deletes_the_copy_before_it_commits(shared):
    read("aberto", Database("v1"))
    writer = version_cache.begin(["aberto"])
    assert stored(shared, "aberto") is None  # gone before the commit
    database = Database("v2")  # committed now
    assert read("aberto", database) == "v2"
    version_cache.end(["aberto"], writer)
    assert read("aberto", database) == "v2" and database.asked == 2


def test_while_a_write_runs_the_readers_ask_the_database_and_store_nothing(shared):
    writer = version_cache.begin(["aberto"])
    database = Database("v1")  # what the database says before the write commits
    assert read("aberto", database) == "v1"
    assert stored(shared, "aberto") is None
    database.value = "v2"  # the write commits; its on_commit has not run yet
    assert read("aberto", database) == "v2"
    assert stored(shared, "aberto") is None
    version_cache.end(["aberto"], writer)
    assert read("aberto", database) == "v2" and stored(shared, "aberto") == b"v2"


def test_a_write_whole_between_a_readers_database_read_and_its_store_keeps_the_old_out(shared):
    def write() -> None:  # begins, commits and ends while the reader holds "v1"
        version_cache.end(["aberto"], version_cache.begin(["aberto"]))

    assert read("aberto", Database("v1", during_read=write)) == "v1"
    assert stored(shared, "aberto") is None
    assert read("aberto", Database("v2")) == "v2" and stored(shared, "aberto") == b"v2"


def test_a_write_begun_before_the_reader_and_ended_after_its_store_keeps_the_old_out(shared):
    writer = version_cache.begin(["aberto"])
    read("aberto", Database("v1"))
    assert stored(shared, "aberto") is None
    version_cache.end(["aberto"], writer)
    assert stored(shared, "aberto") is None


def test_a_write_that_never_ends_holds_the_copy_back_only_for_the_settle_time(
        shared, settings, monkeypatch):
    settings.PAGE_VERSION_SETTLE_SECONDS = 30
    version_cache.mark_settled()
    version_cache.begin(["aberto"])  # its transaction rolled back: on_commit never runs
    read("aberto", Database("v1"))
    assert stored(shared, "aberto") is None
    later = time.time() + 31
    monkeypatch.setattr(version_cache.time, "time", lambda: later)
    read("aberto", Database("v1"))
    assert stored(shared, "aberto") == b"v1"


def test_after_redis_starts_empty_nothing_is_stored_until_the_settle_time_passes(
        shared, settings, monkeypatch):
    settings.PAGE_VERSION_SETTLE_SECONDS = 30
    # A write begun before the restart still running: on PostgreSQL, the test's transaction
    # holding its id (the readers share it); SQLite always waits the settle time.
    with transaction.atomic():
        version_cache._hold_transaction_id()
    shared.flushdb()  # a restart: a write begun before it may still be running
    database = Database("v1")
    for _ in range(2):
        assert read("aberto", database) == "v1"
        assert stored(shared, "aberto") is None
    later = time.time() + 31
    monkeypatch.setattr(version_cache.time, "time", lambda: later)
    read("aberto", database)
    assert stored(shared, "aberto") == b"v1"


def test_without_redis_the_version_comes_from_the_database_every_time(settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    database = Database("v1")
    read("aberto", database)
    read("aberto", database)
    assert database.asked == 2 and not version_cache.active()


# --- through the site ----------------------------------------------------------------------

def test_a_warm_public_page_asks_the_database_nothing(shared, tournament,
                                                      django_assert_num_queries):
    standings = reverse("tournaments:standings", args=[tournament.slug])
    for url in (standings, reverse("home")):
        first = Client().get(url)
        with django_assert_num_queries(0):
            again = Client().get(url)
        assert again.status_code == 200 and again.content == first.content
        assert again["ETag"] == first["ETag"]
    token = page_version.token_of(Tournament.objects.get(pk=tournament.pk))
    assert Client().get(standings)["ETag"].startswith(f'"{token}-')


def test_a_result_is_on_the_next_read_the_moment_it_commits(
        shared, tournament, django_capture_on_commit_callbacks):
    url = reverse("tournaments:standings", args=[tournament.slug]) + "?_export=csv"
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    before = visitor.get(url)
    visitor.get(url)
    assert stored(shared, tournament.slug) is not None
    game = game_at(tournament, 1, 2)
    with django_capture_on_commit_callbacks(execute=True):
        services.record_result(game, result="1-0", expected_version=game.version)
        assert stored(shared, tournament.slug) is None  # gone before the commit
        assert stored(shared, version_cache.SITE) is None
    after = visitor.get(url)
    assert after["ETag"] != before["ETag"]
    points = {row["No."]: float(row["Points"]) for row in csv_rows(before)}
    assert {row["No."]: float(row["Points"]) for row in csv_rows(after)} == {
        **points, str(game.white.number): points[str(game.white.number)] + 1}
    assert visitor.get(url)["ETag"] == after["ETag"]
    assert stored(shared, tournament.slug) is not None  # copied again, the new version


def test_a_tournament_given_a_new_address_is_gone_from_the_old_one_at_once(
        shared, tournament, django_capture_on_commit_callbacks):
    old = reverse("tournaments:detail", args=[tournament.slug])
    Client().get(old)
    assert Client().get(old).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        tournament.slug = "aberto-de-santos-2027"
        tournament.save()
    assert Client().get(old).status_code == 404
    assert Client().get(reverse("tournaments:detail", args=[tournament.slug])).status_code == 200


def test_a_deleted_tournament_is_gone_at_once(shared, tournament,
                                              django_capture_on_commit_callbacks):
    detail = reverse("tournaments:detail", args=[tournament.slug])
    for _ in range(2):
        assert Client().get(detail).status_code == 200
        assert "Aberto de Santos" in Client().get(reverse("home")).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        Tournament.objects.filter(pk=tournament.pk).delete()
    assert Client().get(detail).status_code == 404
    assert "Aberto de Santos" not in Client().get(reverse("home")).content.decode()


def test_a_new_tournament_is_on_the_home_page_at_once(shared, tournament, organiser,
                                                      django_capture_on_commit_callbacks):
    for _ in range(2):
        assert "Aberto de Recife" not in Client().get(reverse("home")).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        services.create_tournament(created_by=organiser, name="Aberto de Recife")
    assert "Aberto de Recife" in Client().get(reverse("home")).content.decode()


def test_a_result_is_saved_when_redis_does_not_answer(settings, organiser, arbiter,
                                                      django_capture_on_commit_callbacks):
    tournament = make_tournament(4, organiser=organiser, arbiter=arbiter, paired=True)
    settings.CACHES = {"default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:9/0",  # the discard port: nothing listens there
        "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2}}}
    game = game_at(tournament, 1, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.record_result(game, result="1-0", expected_version=game.version)
    game.refresh_from_db()
    assert game.result == "1-0"
    page = Client().get(reverse("tournaments:standings", args=[tournament.slug]))
    assert page.status_code == 200


# --- the settle wait ended by PostgreSQL (issue 29) ---------------------------------------------

SETTLE_SCRIPT = """
import django, json, time
django.setup()
import psycopg
from tournaments.cache import shared_versions as version_cache

shared = version_cache.client()
key = version_cache.keys("aberto")[0]
def read():
    version_cache.read("aberto", lambda: "v1", str, bytes.decode)
    return shared.get(key) is not None
# A write that began before Redis restarted empty: its transaction holds its id, still open.
writer = psycopg.connect({url!r})
writer.execute("SELECT pg_current_xact_id()")
shared.flushdb()
while_open = [read() for _ in range(3)]
writer.commit()
after = read()
print(json.dumps({{"while_open": while_open, "after": after}}))
"""


def test_on_postgresql_the_settle_wait_ends_once_the_writes_begun_before_have_ended(tmp_path):
    """A Redis restarted empty used to keep every read of its first minute on the database
    path; the wait now ends at the first read after every transaction running at the restart
    has ended, and not before. Its own PostgreSQL cluster: no other session's transaction."""
    import json
    import os
    import subprocess
    import sys

    from tests.project.own_postgres import OwnPostgres

    redis_url = redis_url_or_skip()
    database = OwnPostgres()
    try:
        database.start()
        environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
                       "DATABASE_URL": database.url, "REDIS_URL": redis_url,
                       "PAGE_VERSION_SETTLE_SECONDS": "600"}
        ran = subprocess.run([sys.executable, "-c", SETTLE_SCRIPT.format(url=database.url)],
                             cwd=Path(__file__).resolve().parents[2], env=environment,
                             capture_output=True, text=True, timeout=120)
    finally:
        database.remove()
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout.splitlines()[-1]) == {"while_open": [False] * 3, "after": True}
