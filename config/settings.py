"""Django settings, read from the environment with safe local defaults.

Every value that differs between a laptop and a federation's server comes from an environment
variable, so the same file serves both: `SECRET_KEY`, `DEBUG`, `ALLOWED_HOSTS`, `DATABASE_URL`.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no environment variable; unset or empty is the default.

    Any other word stops the start (issue 20): `SECURE_SSL_REDIRECT=ture` read as false would
    quietly serve the site over plain HTTP.
    """
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in TRUE_WORDS:
        return True
    if value in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name}={os.environ[name]!r} is neither yes nor no: write one of "
        f"{', '.join(TRUE_WORDS)} or {', '.join(FALSE_WORDS)} (or leave it unset for "
        f"{'true' if default else 'false'})."
    )


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated environment variable."""
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

# The default key only suits a developer's machine; production settings refuse it.
SECRET_KEY = os.environ.get(
    "SECRET_KEY", "django-insecure-local-development-key-do-not-use-in-production"
)

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "config.apps.SiteConfig",
    "tournaments",
    "events",
    "prizes",
    "arbitration",
]

MIDDLEWARE = [
    "config.health.HealthCheckMiddleware",  # GET /health/ for a load balancer: before all else
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "config.lock_errors.LockErrorMiddleware",
    "config.published_copy.PublishedCopyMiddleware",  # a published copy's write: said, not a 500
    "config.database_outage.DatabaseOutageMiddleware",  # 503 while the database is away
    "config.not_allowed.MethodNotAllowedPage",  # after LocaleMiddleware: a translated 405
]

ROOT_URLCONF = "config.urls"

# Content-Security-Policy (Django's own middleware): scripts and styles from this site's files
# only, never inline, so a script injected into a page does not run. JavaScript lives in
# static/js and is loaded with <script src=... defer>; templates hold no inline handlers.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.accounts.account_links",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# SQLite is the embedded default; PostgreSQL in production through DATABASE_URL.
# CONN_MAX_AGE: seconds a worker keeps its connection (0: a new one per request, the default
# here; production keeps them, config/settings_production.py). CONN_HEALTH_CHECKS: a kept
# connection is checked before a request reuses it, so one broken by a database restart while
# idle is replaced instead of failing the request (issue 29).
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        conn_health_checks=env_bool("CONN_HEALTH_CHECKS", True),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite has no row locks (select_for_update does nothing) and a transaction that reads
    # first fails at once with "database is locked" when it turns into a write while another
    # writes. Start every transaction as a writer and wait up to 20 s for the one before it:
    # two organisers clicking at once on `make run` queue instead of getting a server error.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20})

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Portuguese first: most users are Brazilian arbiters, organisers and players.
LANGUAGE_CODE = "pt-br"
LANGUAGES = [("pt-br", _("Portuguese (Brazil)")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "America/Sao_Paulo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
# Sign-in rate limit (config/login_limit.py): this many failures for one username from one
# address within the window (seconds) make the next attempts wait until the window ends.
LOGIN_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
# And this many failures from one address, whatever the usernames, make every sign-in from it wait.
LOGIN_FAILURE_ADDRESS_LIMIT = int(os.environ.get("LOGIN_FAILURE_ADDRESS_LIMIT", "30"))
LOGIN_FAILURE_WINDOW = int(os.environ.get("LOGIN_FAILURE_WINDOW", str(15 * 60)))

# Mail (password reset), in Django 6.1's MAILERS: SMTP when EMAIL_HOST is set, else printed on
# the console, which suits a developer's machine; production offers the reset only with
# EMAIL_HOST (settings_production.py, config/accounts.py).
EMAIL_SERVER = os.environ.get("EMAIL_HOST", "").strip()
if EMAIL_SERVER:
    _email_ssl = env_bool("EMAIL_USE_SSL", False)  # port 465
    MAILERS = {"default": {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": EMAIL_SERVER,
            "port": int(os.environ.get("EMAIL_PORT", "587")),
            "username": os.environ.get("EMAIL_HOST_USER", ""),
            "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
            "use_ssl": _email_ssl,
            "use_tls": env_bool("EMAIL_USE_TLS", not _email_ssl),  # STARTTLS, port 587
            "timeout": int(os.environ.get("EMAIL_TIMEOUT", "10")),
        },
    }}
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
PASSWORD_RESET_BY_EMAIL = True

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# A score sheet's work budget on save (arbitration/budget.py): more half-moves, or a longer
# replay, and the save is refused naming the game and the half-move.
SHEET_MAX_PLIES = int(os.environ.get("SHEET_MAX_PLIES", "600"))
SHEET_REPLAY_SECONDS = float(os.environ.get("SHEET_REPLAY_SECONDS", "2"))

# The cache the public pages' pieces and whole responses live in (tournaments/cache/pages.py).
# REDIS_URL (redis://host:6379/0) shares one Redis between every worker on every machine; without
# it each process keeps its own memory cache, as `make run` needs (production falls back to the
# database cache instead, config/settings_production.py).
REDIS_URL = os.environ.get("REDIS_URL", "").strip()


def redis_cache(url: str) -> dict:
    """Django's own Redis backend. Short timeouts: the public pages treat a Redis that does not
    answer as a miss and compute the page (tournaments/cache/pages.py)."""
    return {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": url,
        "KEY_PREFIX": "damas",
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }


if REDIS_URL:
    CACHES = {"default": redis_cache(REDIS_URL)}
# The longest a write may take from moving a tournament's version to committing: for that long
# after Redis starts empty, the versions are not copied into it
# (tournaments/cache/shared_versions.py).
PAGE_VERSION_SETTLE_SECONDS = float(os.environ.get("PAGE_VERSION_SETTLE_SECONDS", "60"))
# Seconds a proxy or browser may reuse a public page before asking again (Cache-Control max-age).
PUBLIC_PAGE_MAX_AGE = int(os.environ.get("PUBLIC_PAGE_MAX_AGE", "5"))

# Uploads (PDN files, CSV player lists, tournament backups) are small; refuse anything larger.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
