"""Deployment (issue 9): production settings pass `check --deploy`, refuse to start half
configured, serve hashed static files over HTTPS only, and no secret is tracked by git."""

import json
import os
import re
import secrets
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = "config.settings_production"
# Variables the developer's shell or CI may have set; each test says what it wants instead.
CONTROLLED = {"DJANGO_SETTINGS_MODULE", "SECRET_KEY", "ALLOWED_HOSTS", "DEBUG", "DATABASE_URL",
              "CSRF_TRUSTED_ORIGINS", "SECURE_PROXY_SSL_HEADER", "SECURE_SSL_REDIRECT",
              "SECURE_HSTS_SECONDS", "SECURE_HSTS_PRELOAD", "SECURE_HSTS_INCLUDE_SUBDOMAINS",
              "STATIC_ROOT", "LOGIN_CLIENT_IP_HEADER", "TRUSTED_PROXIES", "LOG_LEVEL",
              "CONN_MAX_AGE", "CONN_HEALTH_CHECKS", "DATABASE_CONNECT_TIMEOUT",
              # set by the browser tests' conftest for Playwright; never part of a deployment
              "DJANGO_ALLOW_ASYNC_UNSAFE"}


def production_env(**values: str) -> dict[str, str]:
    """A clean environment with the production settings, a strong key and a host name."""
    clean = {key: value for key, value in os.environ.items() if key not in CONTROLLED}
    return {**clean, "DJANGO_SETTINGS_MODULE": PRODUCTION,
            "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "damas.example.org",
            **values}


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


def without(env: dict[str, str], *names: str) -> dict[str, str]:
    return {key: value for key, value in env.items() if key not in names}


# --- production settings ------------------------------------------------------------------------

def test_check_deploy_is_clean_under_the_production_settings(tmp_path):
    """On a migrated database: the deployment checks include the cache table's (issue 19)."""
    env = production_env(DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}")
    migrated = run(["manage.py", "migrate", "--noinput"], env)
    assert migrated.returncode == 0, migrated.stderr
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues (0 silenced)" in result.stdout
    assert "WARNING" not in result.stderr + result.stdout


def test_check_deploy_flags_what_the_production_settings_fix():
    """The same check fails on the base settings with DEBUG on: the test above can fail."""
    env = without(production_env(), "DJANGO_SETTINGS_MODULE")
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                 {**env, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "true"})
    assert result.returncode != 0
    assert "security.W018" in result.stderr  # DEBUG on in deployment


@pytest.mark.parametrize(("missing", "message"), [
    ("SECRET_KEY", "SECRET_KEY is not set"),
    ("ALLOWED_HOSTS", "ALLOWED_HOSTS is not set"),
])
def test_production_refuses_to_start_without_a_required_variable(missing, message):
    result = run(["manage.py", "check"], without(production_env(), missing))
    assert result.returncode != 0
    assert message in result.stderr
    assert "config.settings_production" in result.stderr  # says which settings refused


def test_production_refuses_the_public_development_key():
    env = production_env(SECRET_KEY="django-insecure-" + "local-development-key-" * 3)
    result = run(["manage.py", "check"], env)
    assert result.returncode != 0
    assert "development key" in result.stderr


SHOW_SETTINGS = """
import json, django
from django.conf import settings as s
django.setup()
print(json.dumps({
    "debug": s.DEBUG, "hosts": s.ALLOWED_HOSTS, "csrf_origins": s.CSRF_TRUSTED_ORIGINS,
    "proxy": s.SECURE_PROXY_SSL_HEADER, "redirect": s.SECURE_SSL_REDIRECT,
    "hsts": s.SECURE_HSTS_SECONDS, "session_secure": s.SESSION_COOKIE_SECURE,
    "csrf_secure": s.CSRF_COOKIE_SECURE, "static": s.STORAGES["staticfiles"]["BACKEND"],
    "cache": s.CACHES["default"]["BACKEND"], "languages": s.LANGUAGE_CODE,
    "handler": s.LOGGING["handlers"]["stderr"]["stream"],
    "django_logger": s.LOGGING["loggers"]["django"]["handlers"],
    "conn_max_age": s.DATABASES["default"]["CONN_MAX_AGE"],
    "health_checks": s.DATABASES["default"]["CONN_HEALTH_CHECKS"],
    "db_options": s.DATABASES["default"].get("OPTIONS", {}),
}))
"""


def production_values(**env: str) -> dict:
    result = run(["-c", SHOW_SETTINGS], production_env(**env))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_production_values_come_from_the_environment():
    values = production_values(
        ALLOWED_HOSTS="damas.example.org, www.damas.example.org", DEBUG="true",
        CSRF_TRUSTED_ORIGINS="https://damas.example.org,https://www.damas.example.org",
        SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto",
    )
    assert values["debug"] is False  # even when DEBUG=true is left in the environment
    assert values["hosts"] == ["damas.example.org", "www.damas.example.org"]
    assert values["csrf_origins"] == ["https://damas.example.org", "https://www.damas.example.org"]
    assert values["proxy"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert values["redirect"] is True
    assert values["hsts"] >= 365 * 24 * 3600
    assert values["session_secure"] is True and values["csrf_secure"] is True
    assert values["static"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"
    assert values["cache"] == "django.core.cache.backends.db.DatabaseCache"
    assert values["handler"] == "ext://sys.stderr" and values["django_logger"] == ["stderr"]
    assert values["languages"] == "pt-br"  # the base settings still apply


def test_production_keeps_database_connections_and_checks_them_before_reuse():
    """Issue 29: a connection per request cost the public pages 90 % of their rate."""
    values = production_values(DATABASE_URL="postgres://damas@db.example:5432/damas")
    assert values["conn_max_age"] == 600 and values["health_checks"] is True
    assert values["db_options"] == {"connect_timeout": 5}
    values = production_values(DATABASE_URL="postgres://damas@db.example:5432/damas",
                               CONN_MAX_AGE="0", DATABASE_CONNECT_TIMEOUT="2")
    assert values["conn_max_age"] == 0 and values["db_options"] == {"connect_timeout": 2}


def test_without_a_proxy_header_django_trusts_no_header_for_https():
    assert production_values()["proxy"] is None


SERVE = """
import django
from django.conf import settings
django.setup()
from django.templatetags.static import static
from django.test import Client
client = Client(HTTP_HOST="damas.example.org")
plain = client.get("/torneios/")
css = static("css/site.css")
served = client.get(css, secure=True)
print(plain.status_code, plain["Location"])
print(css)
print(served.status_code, served.get("Strict-Transport-Security", ""))
"""


def test_production_redirects_to_https_and_serves_hashed_static_files(tmp_path):
    env = production_env(STATIC_ROOT=str(tmp_path / "static"))
    collected = run(["manage.py", "collectstatic", "--noinput", "-v", "0"], env)
    assert collected.returncode == 0, collected.stderr
    result = run(["-c", SERVE], env)
    assert result.returncode == 0, result.stderr
    redirect, css, served = result.stdout.splitlines()
    assert redirect == "301 https://damas.example.org/torneios/"
    assert re.fullmatch(r"/static/css/site\.[0-9a-f]{12}\.css", css), css
    status, hsts = served.split(" ", 1)
    assert status == "200"
    assert "max-age=31536000" in hsts and "preload" in hsts


def test_readme_documents_the_production_switch():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    production = readme[readme.index("## Production"):]
    for needed in ("DJANGO_SETTINGS_MODULE=config.settings_production", "SECRET_KEY",
                   "ALLOWED_HOSTS", "check --deploy", "collectstatic", "createcachetable"):
        assert needed in production, needed


# --- no secrets in the repository ---------------------------------------------------------------

DOCUMENTED_DEMO_PASSWORD = "damas-demo"
PLACEHOLDERS = {"password", "senha", "secret", "changeme", "user", "pass", "xxx", "***"}
ALWAYS_SECRET = [
    ("private key", re.compile(r"-----BEGIN ([A-Z0-9]+ )*PRIVATE KEY-----")),
    ("AWS access key", re.compile(r"\bAKIA[0-9A-Z]{16}\b")),
    ("GitHub token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b")),
    ("Slack token", re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}")),
]
# Test code may hold made-up passwords; everywhere else a value must be a documented one.
ASSIGNED_SECRET = re.compile(
    r"""(?i)\b(password|passwd|pwd|secret_key|secret|api_key|token)["']?\s*[:=]\s*["']([^"'\s]+)["']"""
)
URL_CREDENTIALS = re.compile(r"\b[a-z][a-z0-9+.-]*://[^/\s:@]+:([^/\s@]+)@")
SECRET_FILES = re.compile(r"(^|/)(\.env(\..+)?|id_rsa|id_ed25519|.+\.pem|.+\.key|.+\.p12)$")


def secrets_in(path: str, text: str) -> list[str]:
    """What looks like a secret in one tracked file, as 'path:line: kind'."""
    found = []
    if SECRET_FILES.search(path) and not path.endswith(".env.example"):
        found.append(f"{path}: a file of a kind that holds secrets")
    in_tests = path.startswith("tests/")
    for number, line in enumerate(text.splitlines(), 1):
        for kind, pattern in ALWAYS_SECRET:
            if pattern.search(line):
                found.append(f"{path}:{number}: {kind}")
        if in_tests:
            continue
        for match in ASSIGNED_SECRET.finditer(line):
            value = match.group(2)
            if value != DOCUMENTED_DEMO_PASSWORD and value.lower() not in PLACEHOLDERS:
                found.append(f"{path}:{number}: a value for {match.group(1)}")
        for match in URL_CREDENTIALS.finditer(line):
            if match.group(1).lower() not in PLACEHOLDERS:
                found.append(f"{path}:{number}: a password in a URL")
    return found


def tracked_files() -> list[str]:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: nothing is tracked")
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [name for name in listed.stdout.decode().split("\0") if name]


def test_no_tracked_file_holds_a_secret():
    files = tracked_files()
    assert "config/settings.py" in files  # the listing works
    found = []
    for name in files:
        path = ROOT / name
        if not path.is_file():
            continue  # deleted in the work tree, not yet committed
        data = path.read_bytes()
        if b"\0" in data:
            continue  # binary
        found += secrets_in(name, data.decode("utf-8", errors="replace"))
    assert found == []


@pytest.mark.parametrize(("path", "text"), [
    ("deploy/site.txt", "-----BEGIN " + "OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n"),
    ("config/settings.py", 'SECRET_KEY = "' + "k9$Qz" * 10 + '"'),
    ("config/settings.py", '"PASSWORD": "' + "hunter" + '42",'),
    ("README.md", "DATABASE_URL=postgres://damas:" + "S3nh4Real" + "@db:5432/damas"),
    ("scripts/deploy.sh", "export AWS_KEY=AKIA" + "ABCDEFGHIJKLMNOP"),
    (".env", "DEBUG=false\n"),
    ("tests/keys/server.pem", "x"),
])
def test_the_scan_catches_planted_secrets(path, text):
    assert secrets_in(path, text)


@pytest.mark.parametrize(("path", "text"), [
    ("tournaments/management/commands/load_demo.py",
     f'DEMO_PASSWORD = "{DOCUMENTED_DEMO_PASSWORD}"'),
    ("README.md", "DATABASE_URL=postgres://user:password@host:5432/damas make run"),
    ("tests/tournaments/test_views.py", 'create_user("ana", password="x-y-z-12345")'),
    ("config/settings.py", 'SECRET_KEY = os.environ.get("SECRET_KEY", "")'),
])
def test_the_scan_allows_the_demo_password_placeholders_and_test_passwords(path, text):
    assert secrets_in(path, text) == []


def test_migrate_creates_the_cache_table_the_sign_in_limit_needs(tmp_path):
    """The cache and the sign-in limit's counts are tables; `migrate` alone creates them."""
    database = tmp_path / "production.sqlite3"
    result = run(["manage.py", "migrate", "--noinput"],
                 production_env(DATABASE_URL=f"sqlite:///{database}"))
    assert result.returncode == 0, result.stderr
    with sqlite3.connect(database) as connection:
        tables = {row[0] for row in connection.execute("select name from sqlite_master")}
    assert "damas_cache" in tables
    assert "site_config_loginfailure" in tables
