"""The public pages' version read is the kept connection's health check (issue 29).

With persistent connections and CONN_HEALTH_CHECKS, Django sends `SELECT 1` before a request's
first query; on a warm public page the version read is the only query, so the check doubled its
cost. `page_version.fetch_one` makes the version read the check: no `SELECT 1` before it, and a
connection that broke while idle (a database restart) is replaced and the read sent again.
"""

from __future__ import annotations

import psycopg
import pytest
from django.db import connection
from tournament_factories import make_tournament

from tournaments.cache import pages as page_cache
from tournaments.cache import versions as page_version
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def checks_counted(monkeypatch):
    """A kept connection with health checks on, every `SELECT 1` Django sends to check it
    counted. A test sets `health_check_done = False` where a request would start."""
    connection.ensure_connection()
    enabled = connection.health_check_enabled
    connection.health_check_enabled = True
    checks = []
    real = connection.is_usable
    monkeypatch.setattr(connection, "is_usable", lambda: checks.append(1) or real())
    yield checks
    connection.health_check_enabled = enabled


def test_an_ordinary_query_is_checked_first_which_is_what_the_version_read_saves(checks_counted):
    make_tournament(2)
    connection.health_check_done = False
    Tournament.objects.count()
    assert checks_counted == [1]


def test_the_version_read_sends_no_separate_check(checks_counted):
    tournament = make_tournament(2)
    connection.health_check_done = False
    pk, token, changed_at = page_version.current(tournament.slug)
    stored = Tournament.objects.get(pk=tournament.pk)  # a later query: not checked either
    assert checks_counted == []
    assert (pk, token, changed_at) == (stored.pk, page_version.token_of(stored), stored.changed_at)


def test_the_site_version_read_sends_no_separate_check(checks_counted):
    make_tournament(2)
    make_tournament(3)
    connection.health_check_done = False
    token, _last = page_cache.site_state()
    assert checks_counted == []
    assert token.startswith("site.2.")


def test_inside_a_transaction_the_check_is_left_to_django(checks_counted):
    from django.db import transaction

    tournament = make_tournament(2)
    with transaction.atomic():
        connection.health_check_done = False
        assert page_version.current(tournament.slug)[0] == tournament.pk
    assert checks_counted == [1]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a server connection to break")
def test_a_connection_broken_while_idle_is_replaced_and_the_read_sent_again(checks_counted):
    tournament = make_tournament(2)
    broken_pid = connection.connection.info.backend_pid
    settings = connection.get_connection_params()
    with psycopg.connect(**{**settings, "autocommit": True}) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [broken_pid])
    connection.health_check_done = False

    pk, token, _changed_at = page_version.current(tournament.slug)

    assert pk == tournament.pk
    assert token == page_version.token_of(Tournament.objects.get(pk=tournament.pk))
    assert connection.connection.info.backend_pid != broken_pid
    assert not connection.errors_occurred
