"""Settings and users shared by every test folder.

The role users have no usable password (tests sign them in with force_login), which spares the
slow password hashing; tests/tournaments defines its own, with passwords, for its sign-in tests.
"""

import os

import pytest
from django.conf import settings
from django.contrib.auth.models import Group
from hypothesis import settings as hypothesis_settings

# Hypothesis (issue 29): in CI every run tries the same examples, so a red CI is never a draw of
# chance and a green one is not luck; on our machines it explores (the default profile, with its
# database of failures found). What exploring finds is kept as an @example on its test, so CI
# tries it too. Loaded here, before any test module builds its own @settings on top of it.
hypothesis_settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "default")


def pytest_collection_modifyitems(config, items):
    """The PostgreSQL pass (`make test` sets DATABASE_URL) leaves out the pure engine tests
    marked `engine_only`: they touch no database, the SQLite pass has run them (issue 25)."""
    if not os.environ.get("DATABASE_URL"):
        return
    kept = [item for item in items if item.get_closest_marker("engine_only") is None]
    if len(kept) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i not in kept])
        items[:] = kept


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Many tests create users; the production hasher costs about half a second each."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def empty_page_cache():
    """Each test starts with no stored page (tournaments/cache/pages.py): the pages are keyed on
    versions, and two test databases can reach the same one (an empty list of tournaments)."""
    from django.core.cache import cache

    from tournaments.cache.pages import process_cache

    process_cache.clear()
    cache.clear()


@pytest.fixture
def organiser(django_user_model):
    user = django_user_model.objects.create_user("organizadora")
    user.groups.add(Group.objects.get(name="Organizadores"))
    return user


@pytest.fixture
def arbiter(django_user_model):
    return django_user_model.objects.create_user("arbitro")


@pytest.fixture
def other_arbiter(django_user_model):
    """Arbiter of another tournament only."""
    return django_user_model.objects.create_user("arbitra-de-recife")


@pytest.fixture
def outsider(django_user_model):
    """Signed in, no role anywhere."""
    return django_user_model.objects.create_user("torcedor")


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite the test database is a file, not Django's shared in-memory one: each thread of
    a live server then has its own connection and concurrent writers queue for the file's lock
    as they do on `make run` (tests/robustness/test_robust_simultaneous_posts.py, issue 13)."""
    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(
            tmp_path_factory.mktemp("sqlite") / "test.sqlite3")
