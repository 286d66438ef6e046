"""What every browser test does on every page: screenshot it and check it is usable.

The checks run at each screenshot, so a page that breaks a rule of issue 8 fails the step that
showed it: no request to another host, every form control labelled, and on a phone no page wider
than the screen (wide tables scroll inside their own container).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from django.contrib.auth.forms import AuthenticationForm
from django.utils import translation
from playwright.sync_api import Page, Route

PROJECT_ROOT = Path(__file__).resolve().parents[2]
PLAYERS_CSV = PROJECT_ROOT / "tests" / "data" / "browser" / "jogadores.csv"
PASSWORD = "tabuleiro-64-casas"
PHONE_WIDTH_LIMIT = 480  # viewports up to this width are checked as phones

# Form controls without a label, an aria-label or an aria-labelledby (hidden inputs and buttons
# carry their own text).
UNLABELLED_CONTROLS_JS = """() => Array.from(document.querySelectorAll('input, select, textarea'))
  .filter(el => !['hidden', 'submit', 'button', 'reset', 'image'].includes(el.type))
  .filter(el => !(el.labels && el.labels.length)
                && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'))
  .map(el => el.outerHTML.slice(0, 160))"""

# How far the page is wider than the screen; 0 when nothing makes the page scroll sideways.
OVERFLOW_JS = """() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)
  - document.documentElement.clientWidth"""


# <role>-<step>-<name>.png, as `Visitor.snap` names them.
SCREENSHOT_NAME = re.compile(r"^[a-z0-9-]+-\d{2}-[a-z0-9-]+\.png$")


def screenshots_dir() -> Path:
    """$SCREENSHOTS (what `make test` names), relative paths taken from the project root."""
    folder = Path(os.environ.get("SCREENSHOTS") or "build/screenshots")
    if not folder.is_absolute():
        folder = PROJECT_ROOT / folder
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def clear_old_screenshots(folder: Path) -> None:
    """Remove the screenshots of an earlier run, so the folder shows this run's pages only."""
    for path in folder.glob("*.png"):
        if SCREENSHOT_NAME.match(path.name):
            path.unlink()


def in_portuguese(text: str, context: str | None = None) -> str:
    """The text as the site shows it to a Brazilian browser (the test server is this process).

    Tests find buttons and labels by the words a user reads; asking gettext keeps them right
    before and after the Portuguese catalogue is compiled. `context` for a pgettext string.
    """
    with translation.override("pt-br"):
        if context is not None:
            return translation.pgettext(context, text)
        return translation.gettext(text)


def label_of(form_class, name: str, **form_kwargs) -> str:
    """A form field's label in Portuguese, as rendered in the <label> the test looks it up by."""
    with translation.override("pt-br"):
        return str(form_class(**form_kwargs).fields[name].label)


def exact(text: str) -> re.Pattern[str]:
    """Match a whole accessible name, so "Draw" does not also find "Draw pairing numbers"."""
    return re.compile(rf"^\s*{re.escape(text)}\s*$")


@dataclass
class NetworkGuard:
    """Lets requests to the test server through and blocks and records every other one."""

    allowed_origin: str
    blocked: list[str] = field(default_factory=list)

    def __call__(self, route: Route) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in {"data", "blob", "about"}:
            route.continue_()
            return
        if f"{parts.scheme}://{parts.netloc}" != self.allowed_origin:
            self.blocked.append(url)
            route.abort("blockedbyclient")
            return
        route.continue_()

    def assert_none_external(self) -> None:
        assert not self.blocked, (
            "issue 8: pages must make no external network request (serve every static file "
            f"from the project); requested: {self.blocked}"
        )


@dataclass
class Visitor:
    """One person's browser tab: pages are visited, checked and saved as numbered screenshots."""

    page: Page
    role: str
    guard: NetworkGuard
    folder: Path
    steps: list[Path] = field(default_factory=list)

    def snap(self, name: str) -> Path:
        """Check the page as it is now and save it as <role>-NN-<name>.png."""
        self.page.wait_for_load_state("load")
        self.guard.assert_none_external()
        unlabelled = self.page.evaluate(UNLABELLED_CONTROLS_JS)
        assert unlabelled == [], f"form controls without a label on {self.page.url}: {unlabelled}"
        viewport = self.page.viewport_size
        if viewport and viewport["width"] <= PHONE_WIDTH_LIMIT:
            overflow = self.page.evaluate(OVERFLOW_JS)
            assert overflow <= 0, (
                f"{self.page.url} is {overflow}px wider than a {viewport['width']}px phone "
                "screen: something outside a scrolling table container is too wide"
            )
        path = self.folder / f"{self.role}-{len(self.steps) + 1:02d}-{name}.png"
        self.page.screenshot(path=path, full_page=True)
        self.steps.append(path)
        return path


def sign_in(visitor: Visitor, username: str, password: str = PASSWORD) -> None:
    """Sign in through the sign-in page, by its labelled fields, as a person would."""
    page = visitor.page
    page.goto("/contas/login/")
    page.get_by_label(label_of(AuthenticationForm, "username")).fill(username)
    page.get_by_label(label_of(AuthenticationForm, "password")).fill(password)
    page.locator("main form").get_by_role("button", name=exact(in_portuguese("Sign in"))).click()
    page.get_by_role("button", name=re.compile(re.escape(username))).wait_for()
