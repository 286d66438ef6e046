"""Issue 19: production never depends on how its database was first migrated.

A database migrated under the default settings (in-memory cache) and then served with the
production settings (database cache) had no cache table, and the sign-in page answered 500.
`migrate` now creates the table every time it runs, under any settings (issue 29), and
`check --deploy` names a missing table or an unreachable cache before the first request.
"""

import sqlite3

import pytest
from test_deploy import production_env, run, without

from config.cache_health import MISSING_TABLE, UNREACHABLE, check_caches

SIGN_IN = """
import django
django.setup()
from django.test import Client
client = Client(HTTP_HOST="damas.example.org")
home = client.get("/", secure=True)
page = client.get("/contas/login/", secure=True)
refused = client.post("/contas/login/", {"username": "ana", "password": "wrong"}, secure=True)
print(home.status_code, page.status_code, refused.status_code)
"""


def tables_of(database) -> set[str]:
    with sqlite3.connect(database) as connection:
        return {row[0] for row in connection.execute("select name from sqlite_master")}


def test_a_database_first_migrated_under_the_default_settings_serves_production(tmp_path):
    """Issue 29: the production cache's table is made by every `migrate`, whatever its settings,
    so the production settings serve at once, without a second `migrate`."""
    database = tmp_path / "site.sqlite3"
    url = f"sqlite:///{database}"
    development = {**without(production_env(), "DJANGO_SETTINGS_MODULE", "SECRET_KEY",
                                   "ALLOWED_HOSTS"),
                   "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": url}
    migrated = run(["manage.py", "migrate", "--noinput"], development)
    assert migrated.returncode == 0, migrated.stderr
    assert "damas_cache" in tables_of(database)  # made though the in-memory cache needs none

    production = production_env(DATABASE_URL=url, STATIC_ROOT=str(tmp_path / "static"))
    checked = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], production)
    assert checked.returncode == 0, checked.stderr
    collected = run(["manage.py", "collectstatic", "--noinput", "-v", "0"], production)
    assert collected.returncode == 0, collected.stderr
    served = run(["-c", SIGN_IN], production)
    assert served.returncode == 0, served.stderr
    assert served.stdout.split() == ["200", "200", "200"]  # the refused password: a form error


def test_a_missing_cache_table_is_named_before_the_first_request_and_migrate_makes_it(tmp_path):
    """A table lost after `migrate` (dropped by hand, a partial restore): `check --deploy` and the
    server's log name it, and `migrate` (nothing left to apply) makes it again."""
    database = tmp_path / "site.sqlite3"
    production = production_env(DATABASE_URL=f"sqlite:///{database}",
                                STATIC_ROOT=str(tmp_path / "static"))
    assert run(["manage.py", "migrate", "--noinput"], production).returncode == 0
    with sqlite3.connect(database) as connection:
        connection.execute("DROP TABLE damas_cache")
    checked = run(["manage.py", "check", "--deploy"], production)
    assert checked.returncode != 0
    assert MISSING_TABLE in checked.stderr
    assert "'damas_cache'" in checked.stderr and "manage.py migrate" in checked.stderr

    # A server started without the check still says so in its log, before the first request.
    served = run(["-c", "import config.wsgi"], production)
    assert served.returncode == 0, served.stderr
    assert "ERROR config.cache_health" in served.stderr and "'damas_cache'" in served.stderr

    again = run(["manage.py", "migrate", "--noinput"], production)
    assert again.returncode == 0, again.stderr
    assert "damas_cache" in tables_of(database)


@pytest.mark.django_db
def test_the_check_names_a_database_cache_without_its_table(settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                                   "LOCATION": "no_such_cache_table"}}
    errors = check_caches()
    assert [error.id for error in errors] == [MISSING_TABLE]
    assert "'no_such_cache_table'" in errors[0].msg and "'default'" in errors[0].msg


@pytest.mark.django_db
def test_the_check_is_clean_once_the_table_exists(settings):
    from django.core.management import call_command

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                                   "LOCATION": "damas_check_cache"}}
    call_command("createcachetable", verbosity=0)
    assert check_caches() == []


def test_the_check_names_any_cache_that_cannot_be_reached(settings, tmp_path):
    """Generic over `CACHES`: a second cache whose store cannot be written is named."""
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("")
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "pages": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                  "LOCATION": str(blocked / "cache")},
    }
    errors = check_caches()
    assert [error.id for error in errors] == [UNREACHABLE]
    assert "'pages'" in errors[0].msg and "FileBasedCache" in errors[0].msg
