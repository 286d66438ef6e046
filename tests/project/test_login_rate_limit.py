"""Login rate limiting (issue 9): repeated failures for one username from one address wait.

Every test goes through the real sign-in pages with Django's test client.
"""

import time

import pytest
from django.urls import reverse
from django.utils.html import escape

from config.login_limit import RATE_LIMITED_CODE

pytestmark = pytest.mark.django_db

PASSWORD = "senha-certa-de-teste"
LIMIT = 3


@pytest.fixture(autouse=True)
def small_limit(settings):
    """A small limit keeps the tests short; the counts are rows of each test's database."""
    settings.LOGIN_FAILURE_LIMIT = LIMIT
    settings.LOGIN_FAILURE_WINDOW = 600
    yield


@pytest.fixture
def arbiter(django_user_model):
    return django_user_model.objects.create_user("arbitra", password=PASSWORD)


def sign_in(client, username, password, *, url=None, **headers):
    return client.post(url or reverse("login"), {"username": username, "password": password},
                       **headers)


def rate_limit_errors(response) -> list:
    form = response.context["form"]
    return [error for error in form.non_field_errors().as_data()
            if error.code == RATE_LIMITED_CODE]


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def fail(client, username, times, **headers):
    for _ in range(times):
        response = sign_in(client, username, "senha-errada", **headers)
        assert response.status_code == 200
        assert not rate_limit_errors(response)
        assert response.context["form"].non_field_errors()  # the usual "wrong password"


def test_after_the_limit_even_the_right_password_waits_with_429(client, arbiter):
    fail(client, "arbitra", LIMIT)
    response = sign_in(client, "arbitra", PASSWORD)
    assert response.status_code == 429
    [error] = rate_limit_errors(response)
    assert escape(error.message) in response.content.decode()
    assert "10" in error.message  # 600 s: wait 10 minutes
    assert not signed_in(client)


def test_the_username_is_matched_without_regard_to_case_or_spaces(client, arbiter):
    fail(client, "Arbitra", LIMIT)
    assert sign_in(client, " arbitra", PASSWORD).status_code == 429


def test_a_success_before_the_limit_clears_the_count(client, arbiter):
    fail(client, "arbitra", LIMIT - 1)
    response = sign_in(client, "arbitra", PASSWORD)
    assert response.status_code == 302 and signed_in(client)
    client.logout()
    fail(client, "arbitra", LIMIT - 1)  # would hit the limit had the count survived
    assert sign_in(client, "arbitra", PASSWORD).status_code == 302


def test_an_empty_password_does_not_clear_the_count(client, arbiter):
    fail(client, "arbitra", LIMIT - 1)
    assert sign_in(client, "arbitra", "").status_code == 200
    fail(client, "arbitra", 1)
    assert sign_in(client, "arbitra", PASSWORD).status_code == 429


def test_other_usernames_and_other_addresses_are_not_held_up(client, arbiter,
                                                             django_user_model):
    django_user_model.objects.create_user("organiza", password=PASSWORD)
    fail(client, "arbitra", LIMIT)
    assert sign_in(client, "organiza", PASSWORD).status_code == 302
    client.logout()
    response = sign_in(client, "arbitra", PASSWORD, REMOTE_ADDR="192.0.2.7")
    assert response.status_code == 302 and signed_in(client)


def test_the_wait_ends_with_the_window(client, arbiter, settings):
    settings.LOGIN_FAILURE_WINDOW = 1
    fail(client, "arbitra", LIMIT)
    assert sign_in(client, "arbitra", PASSWORD).status_code == 429
    time.sleep(1.2)
    assert sign_in(client, "arbitra", PASSWORD).status_code == 302


def test_the_admin_sign_in_page_counts_too(client, django_user_model):
    django_user_model.objects.create_superuser("chefe", password=PASSWORD)
    url = reverse("admin:login")
    for _ in range(LIMIT):
        response = sign_in(client, "chefe", "senha-errada", url=url)
        assert not rate_limit_errors(response)
    response = sign_in(client, "chefe", PASSWORD, url=url)
    assert rate_limit_errors(response)
    assert not signed_in(client)
    # and the two pages share the count: the site's page refuses as well
    assert sign_in(client, "chefe", PASSWORD).status_code == 429


def test_behind_a_proxy_the_last_forwarded_hop_is_the_address(client, arbiter, settings):
    settings.LOGIN_CLIENT_IP_HEADER = "X-Forwarded-For"
    settings.TRUSTED_PROXIES = ["127.0.0.1"]  # the test client's address plays the proxy
    # The client writes the first entries and can change them at will; the proxy appends the
    # real address last. Changing the claimed part does not escape the limit...
    for claimed in range(LIMIT):
        response = sign_in(client, "arbitra", "senha-errada",
                           HTTP_X_FORWARDED_FOR=f"10.9.9.{claimed}, 198.51.100.4")
        assert not rate_limit_errors(response)
    response = sign_in(client, "arbitra", PASSWORD,
                       HTTP_X_FORWARDED_FOR="10.9.9.99, 198.51.100.4")
    assert response.status_code == 429
    # ...while another visitor behind the same proxy signs in.
    response = sign_in(client, "arbitra", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.8")
    assert response.status_code == 302


def test_test_helpers_that_sign_in_directly_are_not_limited(client, arbiter):
    """client.login / force_login call no sign-in page: the suite's other tests rely on it."""
    fail(client, "arbitra", LIMIT)
    assert client.login(username="arbitra", password=PASSWORD)
    client.logout()
    client.force_login(arbiter)
    assert signed_in(client)
