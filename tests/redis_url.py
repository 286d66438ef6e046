"""Say which Redis the cache tests should run against, if any (issue 15).

Prints the URL of a Redis that answers (TEST_REDIS_URL, else the local one our machines and CI run
on 127.0.0.1:6379, database 8 so a test run never touches what a developer's site keeps in 0), or
nothing. Exits non-zero when one was required but does not answer: TEST_REDIS_URL was given, or we
are in CI, where the cache tests must run against Redis. The tests call `find()` themselves, so a
bare `pytest` uses Redis too when it answers and skips those tests cleanly when it does not.
"""

import os
import sys

LOCAL_URL = "redis://127.0.0.1:6379/8"


def answers(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1).ping())
    except (redis.RedisError, OSError):
        return False


def required() -> bool:
    return bool(os.environ.get("TEST_REDIS_URL", "").strip() or os.environ.get("CI"))


def find() -> str:
    """The Redis URL to test against, or "" when none answers."""
    url = os.environ.get("TEST_REDIS_URL", "").strip() or LOCAL_URL
    return url if answers(url) else ""


def main() -> int:
    url = find()
    if url:
        print(url)
        return 0
    wanted = os.environ.get("TEST_REDIS_URL", "").strip() or LOCAL_URL
    if os.environ.get("TEST_REDIS_URL", "").strip():
        print(f"TEST_REDIS_URL names a Redis that does not answer: {wanted}", file=sys.stderr)
        return 1
    if os.environ.get("CI"):
        print(f"CI requires the cache tests on Redis, but none answers at {wanted}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
