"""The cache the page tests run on: local memory always, and Redis when one answers (issue 15).

`make test` and a bare `pytest` both use the Redis of tests/redis_url.py (127.0.0.1:6379,
database 8, or TEST_REDIS_URL); without one the Redis half skips, except in CI or when
TEST_REDIS_URL names a server, where a missing Redis fails the run.
"""

from __future__ import annotations

import csv
import io

import pytest
from django.core.cache import cache

from config.settings import redis_cache
from tests.redis_url import find, required
from tournaments.cache import shared_versions as version_cache
from tournaments.cache.pages import process_cache

MEMORY = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                      "LOCATION": "page-cache-tests"}}


def redis_url_or_skip() -> str:
    url = find()
    if not url:
        if required():
            pytest.fail("The cache tests must run on Redis here (CI or TEST_REDIS_URL), "
                        "but none answers: see tests/redis_url.py.")
        pytest.skip("no Redis answers at 127.0.0.1:6379 (set TEST_REDIS_URL to name one)")
    return url


@pytest.fixture(params=["memory", "redis"])
def page_cache(request, settings):
    """The default cache switched to local memory or to the test Redis, emptied around the test."""
    if request.param == "redis":
        settings.CACHES = {"default": redis_cache(redis_url_or_skip())}
        # Every read goes to Redis: the process's own layer in front of it stays empty.
        settings.PAGE_CACHE_PROCESS_ENTRIES = 0
    else:
        settings.CACHES = MEMORY
    cache.clear()
    process_cache.clear()
    version_cache.mark_settled()  # the versions go to Redis too (a no-op on local memory)
    yield request.param
    cache.clear()
    process_cache.clear()


def csv_rows(response) -> list[dict[str, str]]:
    assert response.status_code == 200, response.status_code
    text = response.content.decode("utf-8").lstrip("\ufeff")
    return list(csv.DictReader(io.StringIO(text)))
