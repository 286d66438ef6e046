"""System checks for the project's own settings, run by `manage.py check` (with or without
`--deploy`), by every command that checks before it runs (runserver, migrate) and by the WSGI
and ASGI entry points before they serve (`refuse_to_serve_misconfigured`)."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, register
from django.core.checks import Warning as CheckWarning
from django.core.exceptions import ImproperlyConfigured

PROXY_WITHOUT_CLIENT_ADDRESS = "damas.E001"
CLIENT_ADDRESS_WITHOUT_TRUSTED_PROXIES = "damas.W002"


@register(Tags.security)
def login_limit_sees_each_visitor(app_configs=None, **kwargs) -> list[CheckMessage]:
    """Behind a TLS proxy every connection comes from the proxy: without the header that
    carries the visitor's address, the sign-in limit (config/login_limit.py) would count every
    visitor as one, and one visitor's failures would hold everyone up."""
    if getattr(settings, "SECURE_PROXY_SSL_HEADER", None) and not getattr(
            settings, "LOGIN_CLIENT_IP_HEADER", ""):
        return [Error(
            "SECURE_PROXY_SSL_HEADER is set (the site is behind a proxy) but "
            "LOGIN_CLIENT_IP_HEADER is not: the sign-in limit would see every visitor as the "
            "proxy's one address, so one visitor's failed sign-ins would lock the others out.",
            hint="Set LOGIN_CLIENT_IP_HEADER to the header the proxy writes the visitor's "
                 "address in, e.g. X-Forwarded-For (the proxy must always set it).",
            id=PROXY_WITHOUT_CLIENT_ADDRESS,
        )]
    return []


@register(Tags.security, deploy=True)
def client_address_header_has_its_proxies(app_configs=None, **kwargs) -> list[CheckMessage]:
    """LOGIN_CLIENT_IP_HEADER is believed only from TRUSTED_PROXIES (config/login_limit.py):
    named without them, it is ignored and every visitor counts as the proxy's address; believed
    from anyone, a client would forge a new address at every attempt (issue 29)."""
    if getattr(settings, "LOGIN_CLIENT_IP_HEADER", "") and not getattr(
            settings, "TRUSTED_PROXIES", ()):
        return [CheckWarning(
            "LOGIN_CLIENT_IP_HEADER is set but TRUSTED_PROXIES is empty: the header is ignored "
            "(anyone could forge it), so the sign-in and registration limits count every "
            "visitor behind the proxy as the proxy's one address.",
            hint="Set TRUSTED_PROXIES to the addresses (or networks) of the proxies in front "
                 "of the server, e.g. TRUSTED_PROXIES=127.0.0.1 when the proxy runs on the "
                 "same machine.",
            id=CLIENT_ADDRESS_WITHOUT_TRUSTED_PROXIES,
        )]
    return []


def refuse_to_serve_misconfigured() -> None:
    """gunicorn runs no system checks: the entry points call this before serving."""
    errors = [message for message in login_limit_sees_each_visitor()
              if message.is_serious()]
    if errors:
        raise ImproperlyConfigured("\n".join(f"{error.id}: {error.msg} {error.hint}"
                                             for error in errors))
