"""The sign-in limit behind a proxy (issue 13).

Behind a TLS proxy without LOGIN_CLIENT_IP_HEADER every visitor has the proxy's address, so one
visitor could lock any account for all: production refuses to start that way (a system check
that `check --deploy`, runserver, migrate and the WSGI entry point all run). And whatever the
address, one address has a ceiling of failures across all usernames, so it cannot work through
every account.

The header is believed only from the proxies named in TRUSTED_PROXIES (issue 29): a client that
reaches gunicorn directly cannot escape the limits by writing a new address in it each time, and
`check --deploy` warns when the header is named without them.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.urls import reverse
from test_deploy import production_env, run

from config.checks import (
    CLIENT_ADDRESS_WITHOUT_TRUSTED_PROXIES,
    PROXY_WITHOUT_CLIENT_ADDRESS,
    client_address_header_has_its_proxies,
    login_limit_sees_each_visitor,
)
from config.login_limit import RATE_LIMITED_CODE, client_address

PASSWORD = "senha-certa-de-teste"


# --- refusing to start --------------------------------------------------------------------------

def test_check_deploy_refuses_a_proxy_without_the_client_address_header():
    result = run(["manage.py", "check", "--deploy"],
                 production_env(SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto"))
    assert result.returncode != 0
    assert PROXY_WITHOUT_CLIENT_ADDRESS in result.stderr
    assert "LOGIN_CLIENT_IP_HEADER" in result.stderr and "X-Forwarded-For" in result.stderr


def test_check_deploy_is_clean_with_both_headers(tmp_path):
    env = production_env(SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
                         LOGIN_CLIENT_IP_HEADER="X-Forwarded-For",
                         TRUSTED_PROXIES="127.0.0.1, 10.0.0.0/8",
                         DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}")
    migrated = run(["manage.py", "migrate", "--noinput"], env)  # the cache table's check wants it
    assert migrated.returncode == 0, migrated.stderr
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_warns_of_the_header_without_trusted_proxies(tmp_path):
    env = production_env(SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
                         LOGIN_CLIENT_IP_HEADER="X-Forwarded-For",
                         DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}")
    migrated = run(["manage.py", "migrate", "--noinput"], env)
    assert migrated.returncode == 0, migrated.stderr
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], env)
    assert result.returncode != 0
    assert CLIENT_ADDRESS_WITHOUT_TRUSTED_PROXIES in result.stderr
    assert "TRUSTED_PROXIES" in result.stderr
    bad = run(["manage.py", "check"], {**env, "TRUSTED_PROXIES": "o-proxy"})
    assert bad.returncode != 0 and "TRUSTED_PROXIES: 'o-proxy'" in bad.stderr


def test_the_wsgi_entry_point_gunicorn_loads_refuses_to_serve():
    load = ["-c", "import config.wsgi; print('serving')"]
    refused = run(load, production_env(SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto"))
    assert refused.returncode != 0 and "serving" not in refused.stdout
    assert "ImproperlyConfigured" in refused.stderr
    assert "LOGIN_CLIENT_IP_HEADER" in refused.stderr
    served = run(load, production_env(SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
                                      LOGIN_CLIENT_IP_HEADER="X-Forwarded-For"))
    assert served.returncode == 0, served.stderr
    assert served.stdout.strip() == "serving"
    without_proxy = run(load, production_env())  # Django sees HTTPS itself: addresses are real
    assert without_proxy.returncode == 0, without_proxy.stderr


@pytest.mark.django_db
def test_the_check_in_process(settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.LOGIN_CLIENT_IP_HEADER = ""
    [error] = login_limit_sees_each_visitor()
    assert error.id == PROXY_WITHOUT_CLIENT_ADDRESS and error.is_serious()
    with pytest.raises(SystemCheckError, match=PROXY_WITHOUT_CLIENT_ADDRESS):
        call_command("check")  # runserver and migrate run the same checks
    settings.LOGIN_CLIENT_IP_HEADER = "X-Forwarded-For"
    assert login_limit_sees_each_visitor() == []
    settings.SECURE_PROXY_SSL_HEADER = None
    settings.LOGIN_CLIENT_IP_HEADER = ""
    assert login_limit_sees_each_visitor() == []  # no proxy: the connection's address is real
    settings.LOGIN_CLIENT_IP_HEADER = "X-Forwarded-For"
    settings.TRUSTED_PROXIES = []
    [warning] = client_address_header_has_its_proxies()
    assert warning.id == CLIENT_ADDRESS_WITHOUT_TRUSTED_PROXIES and not warning.is_serious()
    settings.TRUSTED_PROXIES = ["10.0.0.1"]
    assert client_address_header_has_its_proxies() == []


# --- whose header is believed -------------------------------------------------------------------

def address_of(rf, remote: str, forwarded: str | None = None) -> str:
    extra = {} if forwarded is None else {"HTTP_X_FORWARDED_FOR": forwarded}
    return client_address(rf.post("/contas/login/", REMOTE_ADDR=remote, **extra))


@pytest.mark.parametrize(("remote", "forwarded", "address"), [
    # straight to gunicorn: whatever the header says, the connection's address
    ("198.51.100.4", "203.0.113.1", "198.51.100.4"),
    ("198.51.100.4", "10.0.0.1", "198.51.100.4"),  # even naming a trusted proxy
    # from our proxy: the entry it appended
    ("10.0.0.1", "203.0.113.1", "203.0.113.1"),
    ("10.0.0.1", "6.6.6.6, 203.0.113.1", "203.0.113.1"),  # the client's claim to the left
    # two proxies of ours (10.0.0.0/8 and 127.0.0.1): skipped from the right
    ("127.0.0.1", "6.6.6.6, 203.0.113.1, 10.2.3.4", "203.0.113.1"),
    ("::ffff:10.0.0.1", "203.0.113.1", "203.0.113.1"),  # IPv4 written as IPv6
    ("10.0.0.1", "10.0.0.9, 10.0.0.8", "10.0.0.9"),  # every entry ours: the leftmost
    ("10.0.0.1", None, "10.0.0.1"),  # our proxy sent no header: its own address
    ("10.0.0.1", "not-an-address", "not-an-address"),  # what our proxy wrote, as it is
])
def test_the_header_is_walked_from_the_right_past_trusted_proxies(rf, settings, remote,
                                                                  forwarded, address):
    settings.LOGIN_CLIENT_IP_HEADER = "X-Forwarded-For"
    settings.TRUSTED_PROXIES = ["10.0.0.0/8", "127.0.0.1"]
    assert address_of(rf, remote, forwarded) == address


def test_without_trusted_proxies_the_header_is_ignored(rf, settings):
    settings.LOGIN_CLIENT_IP_HEADER = "X-Forwarded-For"
    settings.TRUSTED_PROXIES = []
    assert address_of(rf, "10.0.0.1", "203.0.113.1") == "10.0.0.1"


# --- a ceiling per address ----------------------------------------------------------------------

LIMIT = 3
ADDRESS_LIMIT = 7


@pytest.fixture
def small_limits(settings):
    settings.LOGIN_FAILURE_LIMIT = LIMIT
    settings.LOGIN_FAILURE_ADDRESS_LIMIT = ADDRESS_LIMIT
    settings.LOGIN_FAILURE_WINDOW = 600
    yield


def sign_in(client, username, password, address="198.51.100.4"):
    return client.post(reverse("login"), {"username": username, "password": password},
                       REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE="en")


def limited(response) -> bool:
    return any(error.code == RATE_LIMITED_CODE
               for error in response.context["form"].non_field_errors().as_data())


@pytest.mark.django_db
def test_one_address_cannot_work_through_every_account(client, django_user_model, small_limits):
    names = [f"arbitro{n}" for n in range(6)]
    for name in names:
        django_user_model.objects.create_user(name, password=PASSWORD)
    # Two failures each (under the per-username limit) for the first usernames...
    tried = 0
    for name in names:
        for _ in range(2):
            if tried == ADDRESS_LIMIT:
                break
            response = sign_in(client, name, "senha-errada")
            assert response.status_code == 200 and not limited(response)
            tried += 1
    # ...until the address's ceiling: then every username waits from that address, even with
    # the right password, and the page says it is the address.
    response = sign_in(client, names[-1], PASSWORD)
    assert response.status_code == 429
    assert "from your address" in response.content.decode()
    assert "for this username" not in response.content.decode()
    # Another address is not held up, for any of those accounts.
    for name in names:
        assert sign_in(client, name, PASSWORD, address="203.0.113.8").status_code == 302
        client.logout()


@pytest.mark.django_db
def test_a_success_does_not_reset_the_address_ceiling(client, django_user_model, small_limits):
    """Otherwise an attacker would sign in to his own account now and then to start afresh."""
    django_user_model.objects.create_user("atacante", password=PASSWORD)
    for number in range(ADDRESS_LIMIT):
        django_user_model.objects.create_user(f"vitima{number}", password=PASSWORD)
        assert sign_in(client, f"vitima{number}", "senha-errada").status_code == 200
        if number % 2:
            assert sign_in(client, "atacante", PASSWORD).status_code == 302
            client.logout()
    assert sign_in(client, "atacante", PASSWORD).status_code == 429


@pytest.mark.django_db
def test_behind_a_proxy_the_ceiling_counts_each_visitor(client, django_user_model,
                                                        small_limits, settings):
    settings.LOGIN_CLIENT_IP_HEADER = "X-Forwarded-For"
    settings.TRUSTED_PROXIES = ["10.0.0.1"]
    django_user_model.objects.create_user("arbitra", password=PASSWORD)
    for number in range(ADDRESS_LIMIT):
        client.post(reverse("login"), {"username": f"ninguem{number}", "password": "x"},
                    REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.4")
    refused = client.post(reverse("login"), {"username": "arbitra", "password": PASSWORD},
                          REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert refused.status_code == 429
    # Same proxy, another visitor: signs in.
    response = client.post(reverse("login"), {"username": "arbitra", "password": PASSWORD},
                           REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.8")
    assert response.status_code == 302


@pytest.mark.django_db
def test_a_client_straight_to_the_server_cannot_forge_a_new_address(client, django_user_model,
                                                                     small_limits, settings):
    """Issue 29: each attempt with a new X-Forwarded-For was a new visitor to the limits."""
    settings.LOGIN_CLIENT_IP_HEADER = "X-Forwarded-For"
    settings.TRUSTED_PROXIES = ["10.0.0.1"]
    django_user_model.objects.create_user("arbitra", password=PASSWORD)
    for number in range(LIMIT):
        response = client.post(reverse("login"), {"username": "arbitra", "password": "x"},
                               REMOTE_ADDR="198.51.100.4",
                               HTTP_X_FORWARDED_FOR=f"203.0.113.{number}")
        assert response.status_code == 200
    refused = client.post(reverse("login"), {"username": "arbitra", "password": PASSWORD},
                          REMOTE_ADDR="198.51.100.4", HTTP_X_FORWARDED_FOR="203.0.113.200")
    assert refused.status_code == 429
