"""Issue 19, accounts: the password reset mails through the environment's SMTP server, is not
offered where no mail can be sent, and is rate-limited like sign-ins."""

import json

import pytest
from django.core import mail
from django.core.cache import cache
from django.urls import reverse
from test_deploy import production_env, run

pytestmark = pytest.mark.django_db

LIMIT = 2
EMAIL_VARIABLES = {"EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD",
                   "EMAIL_USE_TLS", "EMAIL_USE_SSL", "EMAIL_TIMEOUT", "DEFAULT_FROM_EMAIL"}


@pytest.fixture(autouse=True)
def small_limit(settings):
    settings.LOGIN_FAILURE_LIMIT = LIMIT
    settings.LOGIN_FAILURE_WINDOW = 600
    settings.LANGUAGE_CODE = "en"
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def player(django_user_model):
    return django_user_model.objects.create_user("ana", email="ana@example.org",
                                             password="senha-de-teste-123")


def ask_reset(client, email, **headers):
    return client.post(reverse("password_reset"), {"email": email}, **headers)


def test_the_sign_in_page_offers_the_reset_and_the_reset_mails_a_link(client, player):
    page = client.get(reverse("login")).content.decode()
    assert f'href="{reverse("password_reset")}"' in page
    response = ask_reset(client, "ana@example.org")
    assert response.status_code == 302
    assert [message.to for message in mail.outbox] == [["ana@example.org"]]
    assert "/contas/reset/" in mail.outbox[0].body


def test_reset_requests_are_limited_like_sign_ins(client, player):
    for _ in range(LIMIT):
        assert ask_reset(client, "ana@example.org").status_code == 302
    refused = ask_reset(client, "ana@example.org")
    assert refused.status_code == 429
    assert "Too many password-reset requests for this email address" in (
        refused.content.decode())
    assert len(mail.outbox) == LIMIT
    # Another address, or the same one from another visitor, is not held back.
    assert ask_reset(client, "bia@example.org").status_code == 302
    assert ask_reset(client, "ana@example.org", REMOTE_ADDR="10.0.0.9").status_code == 302
    assert len(mail.outbox) == LIMIT + 1  # bia has no account: nothing is sent, as Django does


def test_unknown_addresses_count_too(client):
    """Or the limit would tell which addresses have an account."""
    for _ in range(LIMIT):
        ask_reset(client, "ninguem@example.org")
    assert ask_reset(client, "ninguem@example.org").status_code == 429


def test_without_mail_the_reset_is_not_offered(client, player, settings):
    settings.PASSWORD_RESET_BY_EMAIL = False
    page = client.get(reverse("login")).content.decode()
    assert reverse("password_reset") not in page
    shown = client.get(reverse("password_reset"))
    assert shown.status_code == 200
    assert "Ask the site's administrator or an organiser" in shown.content.decode()
    assert 'name="email"' not in shown.content.decode()
    ask_reset(client, "ana@example.org")
    assert mail.outbox == []


SHOW_MAIL = """
import json, django
from django.conf import settings as s
django.setup()
mailer = s.MAILERS["default"]
options = mailer.get("OPTIONS", {})
print(json.dumps({"backend": mailer["BACKEND"], "reset": s.PASSWORD_RESET_BY_EMAIL,
                  "host": options.get("host"), "port": options.get("port"),
                  "tls": options.get("use_tls"), "ssl": options.get("use_ssl"),
                  "sender": s.DEFAULT_FROM_EMAIL}))
"""


def mail_settings(module: str, **values: str):
    env = {key: value for key, value in production_env().items() if key not in EMAIL_VARIABLES}
    return run(["-c", SHOW_MAIL], {**env, "DJANGO_SETTINGS_MODULE": module, **values})


def shown(result) -> dict:
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_development_prints_mail_on_the_console():
    values = shown(mail_settings("config.settings"))
    assert values["backend"] == "django.core.mail.backends.console.EmailBackend"
    assert values["reset"] is True


def test_production_without_a_mail_server_offers_no_reset():
    values = shown(mail_settings("config.settings_production"))
    assert values["reset"] is False
    assert values["backend"] == "config.mail.NoMailServerBackend"


def test_production_mails_through_the_smtp_server_of_the_environment():
    values = shown(mail_settings(
        "config.settings_production", EMAIL_HOST="smtp.example.org", EMAIL_PORT="465",
        EMAIL_USE_SSL="true", DEFAULT_FROM_EMAIL="damas@example.org"))
    assert values == {"backend": "django.core.mail.backends.smtp.EmailBackend", "reset": True,
                      "host": "smtp.example.org", "port": 465, "tls": False, "ssl": True,
                      "sender": "damas@example.org"}


def test_production_with_a_mail_server_needs_a_sender():
    result = mail_settings("config.settings_production", EMAIL_HOST="smtp.example.org")
    assert result.returncode != 0
    assert "DEFAULT_FROM_EMAIL is not set" in result.stderr


def test_a_production_site_without_a_mail_server_never_drops_a_mail_silently():
    from django.core.exceptions import ImproperlyConfigured
    from django.core.mail import EmailMessage

    from config.mail import NoMailServerBackend

    with pytest.raises(ImproperlyConfigured, match="set EMAIL_HOST"):
        NoMailServerBackend(alias="default").send_messages([EmailMessage("x", "y", to=["a@b"])])
