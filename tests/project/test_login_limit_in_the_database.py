"""A sign-in limit nobody can erase (issue 20).

The counts lived in the default cache, which holds 300 entries and culls a third when full: failed
sign-ins on other usernames could push a locked account's lockout out. They now live in the
database, are raised with one UPDATE (two failures at the same time count twice), and an
administrator sees the locked accounts and can unlock one before the window ends. Both sign-in
pages, the site's and the admin's, answer 429 while locked.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.urls import reverse

from config.login_limit import RATE_LIMITED_CODE, AddressAttempts, LoginAttempts
from config.models import LoginFailure

PASSWORD = "senha-certa-de-teste"
LIMIT = 3


@pytest.fixture(autouse=True)
def small_limit(settings):
    settings.LOGIN_FAILURE_LIMIT = LIMIT
    settings.LOGIN_FAILURE_ADDRESS_LIMIT = 1000
    settings.LOGIN_FAILURE_WINDOW = 600


def sign_in(client, username, password, *, url=None, address="198.51.100.4"):
    return client.post(url or reverse("login"), {"username": username, "password": password},
                       REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE="en")


def limited(response) -> bool:
    return any(error.code == RATE_LIMITED_CODE
               for error in response.context["form"].non_field_errors().as_data())


@pytest.mark.django_db
def test_failures_on_301_other_usernames_do_not_erase_a_lockout(client, django_user_model):
    django_user_model.objects.create_user("arbitra", password=PASSWORD)
    for _ in range(LIMIT):
        sign_in(client, "arbitra", "senha-errada")
    assert sign_in(client, "arbitra", PASSWORD).status_code == 429
    for attempt in (LoginAttempts(f"outro{n}", "198.51.100.4") for n in range(301)):
        attempt.record_failure()
    assert sign_in(client, "arbitra", PASSWORD).status_code == 429
    assert LoginAttempts("arbitra", "198.51.100.4").seconds_to_wait() > 0


@pytest.mark.django_db
def test_the_counts_are_rows_in_the_database():
    LoginAttempts("Arbitra ", "192.0.2.1").record_failure()
    LoginAttempts("arbitra", "192.0.2.1").record_failure()
    AddressAttempts("192.0.2.1").record_failure()
    row = LoginFailure.objects.get(username="arbitra", address="192.0.2.1")
    assert row.count == 2
    assert LoginFailure.objects.get(username="", address="192.0.2.1").count == 1


@pytest.mark.django_db(transaction=True)
def test_simultaneous_failures_each_count():
    if connection.vendor == "sqlite":
        pytest.skip("SQLite writes one at a time anyway; the race is a PostgreSQL one")
    threads, per_thread = 6, 5
    start = threading.Barrier(threads)

    def fail_many():
        start.wait()
        try:
            for _ in range(per_thread):
                LoginAttempts("arbitra", "192.0.2.1").record_failure()
        finally:
            connection.close()

    workers = [threading.Thread(target=fail_many) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert LoginFailure.objects.get(username="arbitra").count == threads * per_thread


@pytest.mark.django_db
def test_the_admin_sign_in_answers_429_while_locked(client, django_user_model):
    django_user_model.objects.create_superuser("chefe", password=PASSWORD)
    url = reverse("admin:login")
    for _ in range(LIMIT):
        assert sign_in(client, "chefe", "senha-errada", url=url).status_code == 200
    response = sign_in(client, "chefe", PASSWORD, url=url)
    assert response.status_code == 429
    assert limited(response)


@pytest.mark.django_db
def test_an_administrator_lists_the_locked_accounts_and_unlocks_one(client, django_user_model):
    django_user_model.objects.create_user("arbitra", password=PASSWORD)
    django_user_model.objects.create_user("organiza", password=PASSWORD)
    for _ in range(LIMIT):
        sign_in(client, "arbitra", "senha-errada")
    sign_in(client, "organiza", "senha-errada")  # one failure: not locked
    assert sign_in(client, "arbitra", PASSWORD).status_code == 429

    admin_user = django_user_model.objects.create_superuser("chefe", password=PASSWORD)
    office = client.__class__()
    office.force_login(admin_user)
    changelist = reverse("admin:site_config_loginfailure_changelist")
    page = office.get(changelist, {"locked": "yes"}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    shown = page.content.decode()
    assert "arbitra" in shown and "organiza" not in shown
    assert "198.51.100.4" in shown

    locked = LoginFailure.objects.get(username="arbitra")
    response = office.post(changelist, {"action": "unlock", "_selected_action": [locked.pk]},
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    assert sign_in(client, "arbitra", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_the_address_ceiling_is_in_the_database_too(client, settings, django_user_model):
    settings.LOGIN_FAILURE_ADDRESS_LIMIT = 4
    django_user_model.objects.create_user("arbitra", password=PASSWORD)
    for n in range(4):
        sign_in(client, f"ninguem{n}", "senha-errada")
    response = sign_in(client, "arbitra", PASSWORD)
    assert response.status_code == 429 and limited(response)
    assert sign_in(client, "arbitra", PASSWORD, address="203.0.113.9").status_code == 302


@pytest.mark.django_db
def test_expired_counts_start_again_from_one(settings):
    settings.LOGIN_FAILURE_WINDOW = 600
    attempts = LoginAttempts("arbitra", "192.0.2.1")
    for _ in range(LIMIT):
        attempts.record_failure()
    LoginFailure.objects.update(window_ends=LoginFailure.objects.get().window_ends.replace(
        year=2000))
    assert attempts.seconds_to_wait() == 0
    attempts.record_failure()
    assert LoginFailure.objects.get().count == 1
