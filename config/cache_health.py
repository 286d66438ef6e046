"""Every configured cache must work before the first request: its table exists, it answers.

Why: the sign-in limit keeps its counts in the cache, so a cache that is missing (a database
cache whose table was never created, because the database was first migrated under other
settings) or unreachable (a Redis server that is down) turns the sign-in page into a 500.

Two parts:
- `create_cache_tables` runs after every `migrate` (post_migrate), not only once in a migration,
  so the table of a database cache exists whatever settings the database was first migrated with;
  the production settings' table (`DATABASE_CACHE_TABLE`) is created under any settings;
  `createcachetable` skips tables that exist and caches that are not in the database.
- `check_caches` is a deployment check (`manage.py check --deploy`) over every alias in
  `settings.CACHES`, whatever the backend: a database cache's table is looked up, then each cache
  is written, read and cleared once. Deployment only, because `migrate` runs the ordinary checks
  before it creates the table, and must not refuse to run for the very thing it repairs.
- `log_cache_problems` runs the same check when the WSGI application loads (config/wsgi.py),
  so a server started without `migrate` and `check --deploy` still says so in its log before
  the first request.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core import checks
from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.core.management import call_command
from django.db import DatabaseError, connections, router

# The table of the production settings' database cache (config/settings_production.py).
DATABASE_CACHE_TABLE = "damas_cache"
PROBE_KEY = "damas:cache-check"
MISSING_TABLE = "damas.E011"
UNREACHABLE = "damas.E012"


def create_cache_tables(using: str = "default", **kwargs: Any) -> None:
    """post_migrate receiver: the database caches' tables in the migrated database, and the
    production settings' one whatever the settings of this run (issue 29): a database first
    migrated under the default settings (a memory cache) is then served by the production
    settings, whose database cache would otherwise have no table and answer 500."""
    call_command("createcachetable", database=using, verbosity=0)
    call_command("createcachetable", DATABASE_CACHE_TABLE, database=using, verbosity=0)


def _missing_table(alias: str, cache: DatabaseCache) -> checks.Error | None:
    """The error for a database cache whose table is not in its database, else None."""
    database = router.db_for_read(cache.cache_model_class)
    connection = connections[database]
    try:
        with connection.cursor() as cursor:
            tables = connection.introspection.table_names(cursor)
    except DatabaseError as error:
        return checks.Error(
            f"The cache {alias!r} keeps its entries in database {database!r}, which cannot be "
            f"reached: {error}.",
            hint="Check DATABASE_URL and that the database server is running.",
            id=UNREACHABLE,
        )
    if cache._table in tables:
        return None
    return checks.Error(
        f"The cache {alias!r} keeps its entries in the database table {cache._table!r}, which "
        f"does not exist in database {database!r}: every page that uses the cache (the sign-in "
        "page first) would answer 500.",
        hint="Run `manage.py migrate` (it creates the cache table every time) or "
             "`manage.py createcachetable` with these settings before starting the server.",
        id=MISSING_TABLE,
    )


def _unreachable(alias: str, cache: Any) -> checks.Error | None:
    """The error for a cache that cannot store, read and delete one entry, else None."""
    try:
        cache.set(PROBE_KEY, 1, timeout=30)
        cache.get(PROBE_KEY)
        cache.delete(PROBE_KEY)
    except Exception as error:  # every backend raises its own errors (Redis, files, SQL)
        backend = settings.CACHES[alias].get("BACKEND", "")
        return checks.Error(
            f"The cache {alias!r} ({backend}) cannot be reached: "
            f"{type(error).__name__}: {error}.",
            hint="Check the cache's LOCATION (e.g. REDIS_URL) and that its server is running.",
            id=UNREACHABLE,
        )
    return None


def check_caches(app_configs=None, **kwargs: Any) -> list[checks.CheckMessage]:
    """Deployment check: every configured cache has its table and answers."""
    errors: list[checks.CheckMessage] = []
    for alias, config in settings.CACHES.items():
        try:
            cache = caches[alias]
        except Exception as error:
            errors.append(checks.Error(
                f"The cache {alias!r} ({config.get('BACKEND', '')}) cannot be set up: "
                f"{type(error).__name__}: {error}.",
                hint="Check its BACKEND and OPTIONS in the settings.", id=UNREACHABLE,
            ))
            continue
        problem = _missing_table(alias, cache) if isinstance(cache, DatabaseCache) else None
        problem = problem or _unreachable(alias, cache)
        if problem is not None:
            errors.append(problem)
    return errors


def log_cache_problems() -> None:
    """Log every cache problem at ERROR, for servers started without `check --deploy`."""
    logger = logging.getLogger("config.cache_health")
    try:
        for error in check_caches():
            logger.error("%s (%s) %s", error.msg, error.id, error.hint)
    finally:
        # Loaded before gunicorn forks (--preload): no worker may inherit this connection.
        connections.close_all()
