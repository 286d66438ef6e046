"""Issue 8, print: a page printed from the browser keeps the whole table and drops the site's
chrome (navigation, language switch, export links), so the standings read on paper on the wall."""

from __future__ import annotations

import io

import pytest
from browser_support import PLAYERS_CSV, in_portuguese
from playwright.sync_api import expect
from pypdf import PdfReader

pytestmark = pytest.mark.browser

PLAYER_NAMES = [line.split(";")[0] for line in
                PLAYERS_CSV.read_text(encoding="utf-8-sig").splitlines()[1:] if line.strip()]
# What Chromium lays out on A4 portrait with its default margins, in CSS pixels.
A4_PRINTABLE = {"width": 718, "height": 1047}
# Tables whose content is wider than their container: on paper the overflow would be cut off.
CLIPPED_TABLES_JS = """() => Array.from(document.querySelectorAll('table'))
  .map(table => [table.parentElement.scrollWidth, table.parentElement.clientWidth,
                 getComputedStyle(table.parentElement).overflowX])
  .filter(([content, box, overflow]) => content > box && overflow !== 'visible')"""


def test_printed_standings_keep_the_whole_table_and_drop_the_navigation(open_tab,
                                                                         paired_tournament):
    tab = open_tab("print")
    page = tab.page
    page.set_viewport_size(A4_PRINTABLE)
    page.goto(f"/torneios/{paired_tournament.slug}/classificacao/")
    page.emulate_media(media="print")
    for chrome in (page.locator(".site-header"), page.locator(".tournament-nav"),
                   page.locator(".export"), page.locator(".round-select")):
        expect(chrome.first).to_be_hidden()
    expect(page.locator("table")).to_be_visible()
    assert page.evaluate(CLIPPED_TABLES_JS) == [], "a table is cut off at the A4 page's width"
    last_header = page.locator("table thead th").last.inner_text().strip()
    tab.snap("standings")

    printed = PdfReader(io.BytesIO(page.pdf(format="A4")))
    text = "\n".join(pdf_page.extract_text() for pdf_page in printed.pages)
    assert paired_tournament.name in text
    for name in PLAYER_NAMES:
        assert name in text, f"{name} missing from the printed standings"
    last_header_words = last_header.split()
    assert all(word in text for word in last_header_words), (
        f"the last column ({last_header}) is not on the printed page")
    for navigation in (in_portuguese("Sign in"), in_portuguese("Download as CSV")):
        assert navigation not in text
