"""What the README tells an office running the site (issue 20): expired sessions cleared on a
schedule, and the whole site backed up, not only one tournament at a time."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.utils import timezone

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PRODUCTION = README[README.index("## Production"):]


def test_the_readme_schedules_clearsessions():
    cron = re.search(r"^[0-9*/,-]+ [0-9*/,-]+ [0-9*/,-]+ [0-9*/,-]+ [0-9*/,-]+ .*manage\.py "
                     r"clearsessions$", PRODUCTION, re.MULTILINE)
    assert cron, "no crontab line running clearsessions"
    assert "config.settings_production" in cron.group(0)


def test_the_readme_says_how_to_back_up_the_whole_site():
    assert "pg_dump" in PRODUCTION and "pg_restore" in PRODUCTION
    assert "SQLite" in PRODUCTION and "stopped" in PRODUCTION
    assert "Download the backup (JSON)" in PRODUCTION


@pytest.mark.django_db
def test_clearsessions_removes_expired_sessions_and_keeps_live_ones():
    """The scheduled command works with the session store the site uses (the database)."""
    expired, live = SessionStore(), SessionStore()
    expired["pending"] = "x" * 1000
    live["pending"] = "y"
    expired.create()
    live.create()
    Session.objects.filter(session_key=expired.session_key).update(
        expire_date=timezone.now() - timedelta(minutes=1))
    call_command("clearsessions")
    assert set(Session.objects.values_list("session_key", flat=True)) == {live.session_key}


def test_the_readme_says_what_each_fault_does_and_where_the_health_check_is():
    """Issue 29: the operator's part names the health check, the 503 of a database restart and
    the persistent connections, as the code does them."""
    from config.database_outage import RETRY_AFTER_SECONDS
    from config.health import PATH

    assert f"GET {PATH}" in PRODUCTION.replace("`", "")
    assert f"Retry-After: {RETRY_AFTER_SECONDS}" in PRODUCTION
    assert "not saved" in PRODUCTION and "database unreachable" in PRODUCTION
    for variable in ("CONN_MAX_AGE", "CONN_HEALTH_CHECKS", "DATABASE_CONNECT_TIMEOUT"):
        assert f"`{variable}`" in PRODUCTION
    for fault in ("PostgreSQL stopped or restarting", "Redis down", "run_id", "a worker killed"):
        assert fault in PRODUCTION
