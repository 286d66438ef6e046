"""Production settings: the base settings hardened for a public server behind HTTPS.

Select them with `DJANGO_SETTINGS_MODULE=config.settings_production`. They refuse to start without
`SECRET_KEY` and `ALLOWED_HOSTS` from the environment, because a forgotten variable must stop the
server rather than run it with the public development key or accept any Host header.
`python manage.py check --deploy` is clean under them (tests/project/test_deploy.py proves it).

Environment, beyond the base settings' `DATABASE_URL`:
  CONN_MAX_AGE              seconds a worker keeps its database connection, default 600 here
                            (0: a new connection per request); CONN_HEALTH_CHECKS default true
  DATABASE_CONNECT_TIMEOUT  seconds to wait for PostgreSQL to accept a connection, default 5
  SECRET_KEY                required; 50 or more random characters
  ALLOWED_HOSTS             required; comma-separated host names
  CSRF_TRUSTED_ORIGINS      comma-separated origins, e.g. https://damas.example.org
  SECURE_PROXY_SSL_HEADER   the header a TLS-terminating proxy sets, e.g. X-Forwarded-Proto
                            (its value must then be "https"); unset when Django sees HTTPS itself
  SECURE_SSL_REDIRECT       default true; false only when the proxy already redirects HTTP
  SECURE_HSTS_SECONDS       default 31536000 (one year); SECURE_HSTS_PRELOAD default true
  STATIC_ROOT               where collectstatic writes, default <project>/staticfiles
  LOGIN_CLIENT_IP_HEADER    the header the proxy puts the visitor's address in, for the login
                            rate limit (e.g. X-Forwarded-For); unset: the connection's address.
                            Required with SECURE_PROXY_SSL_HEADER (config/checks.py refuses).
                            Believed only from TRUSTED_PROXIES: anyone can send the header
  TRUSTED_PROXIES           comma-separated addresses or networks of the proxies in front of
                            the server (e.g. 127.0.0.1 or 10.0.0.0/8): the header is read only
                            on their connections, walked from the right past each of them
                            (config/login_limit.py). Unset: the header is ignored, and
                            `check --deploy` warns when LOGIN_CLIENT_IP_HEADER is set
  LOG_LEVEL                 default INFO; logs go to standard error
  EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS, EMAIL_USE_SSL,
  DEFAULT_FROM_EMAIL        the SMTP server for password-reset mail (DEFAULT_FROM_EMAIL required
                            with EMAIL_HOST); without EMAIL_HOST the reset is not offered
  REDIS_URL                 e.g. redis://127.0.0.1:6379/0: the shared cache of the public pages
                            (issue 15); unset: the database cache
  PUBLIC_PAGE_MAX_AGE       seconds a proxy may serve a public page without asking, default 5
  GET /health/               for a load balancer: 200 or 503 (config/health.py, README)
  PAGE_VERSION_SETTLE_SECONDS  the longest a write takes from moving a tournament's version to
                            committing, default 60: for that long after Redis starts empty, the
                            versions are not copied into it (tournaments/cache/shared_versions.py)
"""

import ipaddress
import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from config.cache_health import DATABASE_CACHE_TABLE
from config.settings import *  # noqa: F403 -- production is the base plus what is below
from config.settings import BASE_DIR, EMAIL_SERVER, REDIS_URL, env_bool, env_list, redis_cache

DEVELOPMENT_KEY_PREFIX = "django-insecure-"


def required(name: str, hint: str) -> str:
    """An environment variable production cannot run without; a clear refusal if it is unset."""
    value = os.environ.get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(
            f"{name} is not set: the production settings (config.settings_production) refuse to "
            f"start without it. Set it in the environment: {hint}."
        )
    return value


DEBUG = False

SECRET_KEY = required(
    "SECRET_KEY",
    'a long random value, e.g. from python -c "import secrets; print(secrets.token_urlsafe(50))"',
)
if SECRET_KEY.startswith(DEVELOPMENT_KEY_PREFIX):
    raise ImproperlyConfigured(
        "SECRET_KEY is the public development key: generate a new random one for production."
    )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])
if not ALLOWED_HOSTS:
    required("ALLOWED_HOSTS", "the site's host names, comma-separated, e.g. damas.example.org")

CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# HTTPS everywhere: redirect plain HTTP, tell browsers to remember it, cookies only over TLS.
_proxy_header = os.environ.get("SECURE_PROXY_SSL_HEADER", "").strip()
if _proxy_header:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _proxy_header.upper().replace("-", "_"), "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Static files: collectstatic writes hashed, compressed copies that WhiteNoise serves for ever.
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Shared by every worker process, so the login rate limit counts across them (the default
# in-memory cache is per process). Every `migrate` creates its table (post_migrate runs
# `createcachetable`, config/cache_health.py), and `check --deploy` reports it missing.
# With REDIS_URL, Redis (config/settings.py): the public pages' cache and the sign-in counts,
# shared by every worker on every machine; without it, the database cache.
CACHES = {
    "default": redis_cache(REDIS_URL) if REDIS_URL else {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": DATABASE_CACHE_TABLE,
    }
}

LOGIN_CLIENT_IP_HEADER = os.environ.get("LOGIN_CLIENT_IP_HEADER", "").strip()
# Only these proxies' header is believed: a client that reaches gunicorn directly could write
# a new address in it at every attempt and escape the sign-in and registration limits (issue 29).
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", [])
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError as _error:
        raise ImproperlyConfigured(
            f"TRUSTED_PROXIES: {_proxy!r} is not an address or a network: {_error}") from None

# Persistent database connections (issue 29): opening a PostgreSQL connection per request cost
# the public pages 90 % of their rate (0.05-0.07 of the bare view without Redis, against
# 0.41-0.51 with kept connections). Each worker keeps one for CONN_MAX_AGE seconds (default 600;
# 0 turns it off), checked before reuse (CONN_HEALTH_CHECKS, base settings) so a restarted
# database costs no request; on a warm public page the version read is that check
# (tournaments/cache/versions.fetch_one: one query, not SELECT 1 and the query); a request
# that meets the database down answers 503 and drops the
# connection (config/database_outage.py). PostgreSQL must allow a connection per worker of every
# server, plus the commands'. DATABASE_CONNECT_TIMEOUT bounds a connection attempt to a server
# that does not answer (default 5 s), so neither a request nor /health/ hangs on it.
# Why not psycopg's pool (Django's "pool" option): a sync worker serves one request at a time, so
# a pool per worker holds the same one connection, and measured with bench/public_pages.py
# --database-connections pool it was no faster (median 0.52 of the bare view with the database
# cache, as kept connections) while it needs one more package (psycopg-pool).
DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("CONN_MAX_AGE", "600"))  # noqa: F405
if DATABASES["default"]["ENGINE"].endswith("postgresql"):  # noqa: F405
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = int(  # noqa: F405
        os.environ.get("DATABASE_CONNECT_TIMEOUT", "5"))

# Mail: the base settings use SMTP when EMAIL_HOST is set. Without it nothing can be mailed, so
# the password reset is not offered (its page says to ask an administrator) instead of
# accepting requests whose mails are never sent; anything else that tries to mail fails
# loudly (config/mail.py).
PASSWORD_RESET_BY_EMAIL = bool(EMAIL_SERVER)
if EMAIL_SERVER:
    DEFAULT_FROM_EMAIL = required(
        "DEFAULT_FROM_EMAIL", "the sender of the site's mail, e.g. damas@example.org")
    SERVER_EMAIL = DEFAULT_FROM_EMAIL
else:
    MAILERS = {"default": {"BACKEND": "config.mail.NoMailServerBackend"}}

# Standard error, where gunicorn, systemd and container runtimes collect it.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "plain",
        },
    },
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": LOG_LEVEL, "propagate": False},
    },
}
