"""Say which PostgreSQL server `make test` should run the suite on, if any.

Prints the URL of a server that answers (TEST_DATABASE_URL, else the local one our machines and CI
run on 127.0.0.1:5432), or nothing. Exits non-zero when a server was required but does not answer:
TEST_DATABASE_URL was given, or we are in CI, where the PostgreSQL pass must run.
"""

import os
import sys

import psycopg

LOCAL_URL = "postgres://postgres@127.0.0.1:5432/test"


def answers(url: str) -> bool:
    try:
        with psycopg.connect(url, connect_timeout=3):
            return True
    except psycopg.Error:
        return False


def describe(url: str) -> str:
    """The URL without its password, for printing."""
    info = psycopg.conninfo.conninfo_to_dict(url)
    user, host = info.get("user", ""), info.get("host", "")
    return f"{user}@{host}:{info.get('port', 5432)}/{info.get('dbname', '')}"


def main() -> int:
    explicit = os.environ.get("TEST_DATABASE_URL", "").strip()
    url = explicit or LOCAL_URL
    if answers(url):
        print(describe(url) if "--describe" in sys.argv else url)
        return 0
    if explicit:
        print(f"TEST_DATABASE_URL names a PostgreSQL server that does not answer: {describe(url)}",
              file=sys.stderr)
        return 1
    if os.environ.get("CI"):
        print(f"CI requires the PostgreSQL pass, but no server answers at {describe(url)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
