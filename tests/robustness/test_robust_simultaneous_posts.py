"""Six sessions posting one form at the same instant never get a server error (issue 13).

On SQLite a deferred transaction that turns into a write failed at once with "database is
locked" (HTTP 500) while another wrote; the site now starts write transactions immediately and
waits its turn (config/settings.py), and a lock error that still gets through is a 409 "try
again" page (config/lock_errors.py). Real HTTP requests from threads at a live server, on the
SQLite file database the tests use and on PostgreSQL: every answer is a redirect (saved, or
refused with a message) or a 409, and what was stored is stored once.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import Counter
from contextlib import contextmanager

import pytest
from django.contrib.auth.models import Group
from django.db import OperationalError, connection, transaction
from django.test import Client, RequestFactory
from django.urls import reverse
from robust_http import Answer, Browser, hidden_value
from robust_scene import first_game, make_open_tournament, make_paired_tournament

from arbitration.models import Action, AuditEntry
from config.lock_errors import server_error
from tournaments import services
from tournaments.models import Game, GameResult, Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SESSIONS = 6


def all_at_once(tasks) -> list[Answer]:
    """Run the callables in threads released together by a barrier; their answers, in order."""
    barrier = threading.Barrier(len(tasks))
    answers: list = [None] * len(tasks)
    errors: list[BaseException] = []

    def run(index, task):
        try:
            barrier.wait(timeout=30)
            answers[index] = task()
        except BaseException as error:  # reported in the test's thread below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index, task)) for index, task in
               enumerate(tasks)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    assert not any(thread.is_alive() for thread in threads), "a request never returned"
    return answers


def post_from_every_session(browsers: list[Browser], url: str, form_page: str,
                            data: dict) -> list[int]:
    """Each session loads the form (its own CSRF token), then all post at once."""
    forms = []
    for browser in browsers:
        page = browser.get(form_page)
        assert page.status == 200, page.status
        forms.append({**data,
                      "csrfmiddlewaretoken": hidden_value(page.html, "csrfmiddlewaretoken")})
    answers = all_at_once([lambda browser=browser, form=form: browser.post(url, form)
                           for browser, form in zip(browsers, forms, strict=True)])
    statuses = [answer.status for answer in answers]
    assert set(statuses) <= {302, 409}, statuses
    return statuses


@pytest.fixture
def organiser(superuser):
    """A superuser manages every tournament: the flush between these transactional tests
    removes the organisers' group that a data migration made."""
    return superuser


@pytest.fixture
def organisers(organiser, live_server) -> list[Browser]:
    return [Browser(live_server.url, organiser) for _ in range(SESSIONS)]


def test_drawing_numbers_six_times_at_once(organiser, organisers):
    tournament = make_open_tournament(name="Aberto de Campinas", organiser=organiser, players=4)
    url = reverse("tournaments:draw_numbers", args=[tournament.slug])
    post_from_every_session(organisers, url, url, {"seed": ""})
    numbers = sorted(tournament.entries.values_list("number", flat=True))
    assert numbers == [1, 2, 3, 4]
    tournament.refresh_from_db()
    assert tournament.pairing_seed is not None


def test_generating_the_rounds_six_times_at_once(organiser, organisers):
    tournament = make_open_tournament(name="Aberto de Campinas", organiser=organiser, players=4)
    numbers = {entry.pk: number for number, entry in
               enumerate(tournament.entries.order_by("pk"), start=1)}
    services.set_numbers(tournament, numbers)
    statuses = post_from_every_session(
        organisers, reverse("tournaments:generate_rounds", args=[tournament.slug]),
        reverse("tournaments:detail", args=[tournament.slug]), {})
    assert 302 in statuses
    # Generated once: three rounds of two games, not six times that.
    assert Round.objects.filter(tournament=tournament).count() == 3
    assert Game.objects.of_tournament(tournament).count() == 6


def test_six_results_for_one_game_from_the_same_version(organiser, organisers):
    tournament = make_paired_tournament(name="Aberto de Campinas", organiser=organiser)
    game = first_game(tournament)
    url = reverse("tournaments:game_result", args=[tournament.slug, game.pk])
    statuses = post_from_every_session(organisers, url, url,
                                       {"result": GameResult.WHITE_WIN, "version": "1"})
    # The same result from the same version is a double click, not a conflict (issue 19):
    # every post answers as the first did, and the result is saved and audited once.
    assert Counter(statuses) == {302: SESSIONS}
    game.refresh_from_db()
    assert (game.result, game.version) == (GameResult.WHITE_WIN, 2)
    assert AuditEntry.objects.filter(game=game, action=Action.RESULT_ENTERED).count() == 1


def test_different_results_for_one_game_from_the_same_version(organiser, organisers):
    tournament = make_paired_tournament(name="Aberto de Sorocaba", organiser=organiser)
    game = first_game(tournament)
    url = reverse("tournaments:game_result", args=[tournament.slug, game.pk])
    wanted = [GameResult.WHITE_WIN if index % 2 else GameResult.BLACK_WIN
              for index in range(SESSIONS)]
    forms = []
    for browser, result in zip(organisers, wanted, strict=True):
        page = browser.get(url)
        forms.append({"result": result, "version": "1",
                      "csrfmiddlewaretoken": hidden_value(page.html, "csrfmiddlewaretoken")})
    answers = all_at_once([lambda browser=browser, form=form: browser.post(url, form)
                           for browser, form in zip(organisers, forms, strict=True)])
    game.refresh_from_db()
    # Whichever result landed first is kept; the posts that asked for it answer as it did, the
    # others are told the game changed meanwhile; nothing is overwritten.
    assert game.version == 2 and game.result in (GameResult.WHITE_WIN, GameResult.BLACK_WIN)
    for answer, result in zip(answers, wanted, strict=True):
        assert answer.status == (302 if result == game.result else 409), (answer.status, result)
    assert AuditEntry.objects.filter(game=game, action=Action.RESULT_ENTERED).count() == 1


@contextmanager
def database_held_by_another_writer():
    """Another connection holds the lock a write needs, and this thread's connection gives up
    after 0.2 s instead of the site's 20: the error the site must turn into "try again"."""
    connection.ensure_connection()
    if connection.vendor == "sqlite":
        connection.connection.execute("PRAGMA busy_timeout = 200")
        other = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()
            connection.close()  # the next connection has the site's timeout again
    else:
        import psycopg

        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '200ms'")
        params = connection.get_connection_params()
        with psycopg.connect(**params) as other:
            other.execute("SELECT id FROM tournaments_tournament FOR UPDATE")
            try:
                yield
            finally:
                other.rollback()
                connection.close()


@pytest.mark.parametrize("debug", [False, True], ids=["production", "make-run"])
def test_a_write_that_cannot_get_the_lock_is_asked_to_try_again(superuser, settings, debug):
    settings.DEBUG = debug  # with DEBUG on, Django would show its error page, not handler500
    tournament = make_paired_tournament(name="Aberto de Campinas", organiser=superuser)
    game = first_game(tournament)
    url = reverse("tournaments:game_result", args=[tournament.slug, game.pk])
    client = Client(raise_request_exception=False, headers={"accept-language": "en"})
    client.force_login(superuser)
    sent = {"result": GameResult.DRAW, "version": "1"}
    with database_held_by_another_writer():
        response = client.post(url, sent, headers={"referer": "http://testserver" + url})
    assert response.status_code == 409
    page = response.content.decode()
    assert "Someone else was saving at the same moment" in page
    assert f'href="http://testserver{url}"' in page
    game.refresh_from_db()
    assert (game.result, game.version) == (GameResult.NOT_PLAYED, 1)
    # Sent again once the other writer is done: saved.
    assert client.post(url, sent).status_code == 302


def test_a_lock_error_outside_a_view_is_a_409_too(superuser):
    """handler500 sees the lock errors middlewares raise (saving the session, say)."""
    tournament = make_open_tournament(name="Aberto de Campinas", organiser=superuser)
    request = RequestFactory().post("/", headers={"referer": "https://evil.example/"})
    with database_held_by_another_writer():
        try:
            with transaction.atomic():
                Tournament.objects.select_for_update().get(pk=tournament.pk)
                Group.objects.create(name="Árbitros")
        except OperationalError:
            response = server_error(request)
        else:
            pytest.fail("the write got the lock")
    assert response.status_code == 409
    assert "evil.example" not in response.content.decode()
    # Any other error is still the 500 page.
    try:
        raise ValueError("not a lock")
    except ValueError:
        assert server_error(request).status_code == 500
