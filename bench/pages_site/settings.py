"""Production settings with one more URL, /bench-bare/, the yardstick of bench/public_pages.py."""

import os

from config.settings_production import *  # noqa: F403 -- the production site, unchanged

ROOT_URLCONF = "pages_site.urls"

# bench/public_pages.py --database-connections pool: psycopg's pool through Django's "pool"
# option (needs the psycopg-pool package) instead of the kept connection, to compare the two
# (issue 29). Django requires CONN_MAX_AGE 0 with a pool.
if os.environ.get("BENCH_DATABASE_POOL"):
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {  # noqa: F405
        "min_size": 1, "max_size": 2, "timeout": 10}
