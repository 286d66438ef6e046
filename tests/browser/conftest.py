"""End-to-end tests in headless Chromium (issue 8): Debian's browser driven by Playwright.

The browser is the system's (`/usr/bin/chromium`, or $CHROMIUM), never one Playwright downloads;
`tests/browser/ensure_chromium.sh` installs it on a fresh Debian machine. Without it the tests
skip, except in CI (CI set), where a missing browser is a failure.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_support import (
    PASSWORD,
    PLAYERS_CSV,
    NetworkGuard,
    Visitor,
    clear_old_screenshots,
    screenshots_dir,
)
from django.contrib.auth.models import Group, Permission
from playwright.sync_api import Browser, sync_playwright

from tournaments import services
from tournaments.files import player_import

# Playwright's sync API runs an asyncio event loop in this thread, and Django refuses ORM calls
# from a thread with a running loop (SynchronousOnlyOperation). The tests call the ORM between
# browser steps only, never concurrently with it, so the check is switched off here and only here.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
# A common Android phone: 360 CSS pixels wide, touch, mobile layout.
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


@pytest.fixture(scope="session")
def browser() -> Browser:
    if not Path(CHROMIUM).exists():
        message = (f"Chromium not found at {CHROMIUM}: run tests/browser/ensure_chromium.sh "
                   "(Debian package `chromium`) or set CHROMIUM to the browser's path")
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests. {message}", pytrace=False)
        pytest.skip(message)
    clear_old_screenshots(screenshots_dir())
    playwright = sync_playwright().start()
    try:
        # The default temporary profile is fresh for every launch.
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    except Exception:
        playwright.stop()
        raise
    yield browser
    browser.close()
    playwright.stop()


@pytest.fixture
def open_tab(browser, live_server, transactional_db):
    """Open a fresh browser context for one person: `open_tab("visitor", phone=True)`.

    Every context speaks Brazilian Portuguese, blocks and records requests to other hosts, and
    fails the test at teardown if any was made after the last checked step.
    """
    guards: list[NetworkGuard] = []
    contexts = []

    def open_tab(role: str, *, phone: bool = False) -> Visitor:
        context = browser.new_context(
            base_url=live_server.url, locale="pt-BR", timezone_id="America/Sao_Paulo",
            accept_downloads=True, **(PHONE if phone else DESKTOP),
        )
        context.set_default_timeout(15_000)
        guard = NetworkGuard(allowed_origin=live_server.url)
        context.route("**/*", guard)
        contexts.append(context)
        guards.append(guard)
        return Visitor(page=context.new_page(), role=role, guard=guard, folder=screenshots_dir())

    yield open_tab
    for context in contexts:
        context.close()
    for guard in guards:
        guard.assert_none_external()


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Users are made in every test; the production hasher costs ~0.5 s per sign-in."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def organiser(django_user_model, transactional_db):
    """A member of "Organizadores". The group comes from a data migration, which the flush
    between transactional tests removes, so it is made again here when missing."""
    group, _created = Group.objects.get_or_create(name="Organizadores")
    group.permissions.add(Permission.objects.get(codename="add_tournament",
                                                 content_type__app_label="tournaments"))
    user = django_user_model.objects.create_user("organizadora", password=PASSWORD,
                                                 first_name="Regina")
    user.groups.add(group)
    return user


@pytest.fixture
def arbiter(django_user_model, transactional_db):
    return django_user_model.objects.create_user("arbitro", password=PASSWORD)


@pytest.fixture
def paired_tournament(organiser, arbiter):
    """The seven players of the CSV, numbers drawn with a fixed seed, all seven rounds made."""
    tournament = services.create_tournament(
        name="Aberto de Damas de Campinas", place="Campinas (SP)", created_by=organiser,
        arbiters=[arbiter],
    )
    player_import.import_players(tournament, PLAYERS_CSV.read_bytes())
    services.draw_numbers(tournament, seed=2026)
    services.generate_rounds(tournament)
    tournament.refresh_from_db()
    return tournament
