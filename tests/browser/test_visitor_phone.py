"""Issue 8, visitor on a phone (360 x 740): standings and crosstable fit the screen, wide tables
scroll inside their container, and the crosstable PDF downloads with the players in it."""

from __future__ import annotations

import io

import pytest
from browser_support import PLAYERS_CSV, exact, in_portuguese
from playwright.sync_api import expect
from pypdf import PdfReader

from tournaments import services

pytestmark = pytest.mark.browser

PLAYER_NAMES = [line.split(";")[0] for line in
                PLAYERS_CSV.read_text(encoding="utf-8-sig").splitlines()[1:] if line.strip()]
ROUND_RESULTS = {1: ["1-0", "+-", "1/2-1/2"], 2: ["0-1", "1-0", "1/2-1/2"]}

# Where each element's box lies across the screen, in CSS pixels.
HORIZONTAL_EXTENT_JS = "el => { const r = el.getBoundingClientRect(); return [r.left, r.right]; }"


@pytest.fixture
def played_tournament(paired_tournament, arbiter):
    """Two rounds played, with a forfeit (Art. 28) on round 1."""
    for number, results in ROUND_RESULTS.items():
        games = paired_tournament.rounds.get(number=number).games.order_by("board")
        for game, result in zip(games, results, strict=True):
            services.record_result(game, result=result, expected_version=game.version,
                                   user=arbiter)
    return paired_tournament


def assert_names_on_screen(page, width: int) -> None:
    """Every player's name is shown whole within the phone's width without scrolling."""
    for name in PLAYER_NAMES:
        link = page.locator("table").get_by_role("link", name=name, exact=True)
        expect(link).to_be_visible()
        left, right = link.evaluate(HORIZONTAL_EXTENT_JS)
        assert left >= 0 and right <= width, f"{name} at {left}-{right}px on a {width}px screen"


def test_visitor_reads_standings_and_crosstable_on_a_phone(open_tab, played_tournament):
    tab = open_tab("visitor", phone=True)
    page = tab.page
    width = page.viewport_size["width"]

    page.goto("/")
    tab.snap("home")
    page.get_by_role("link", name=played_tournament.name).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(played_tournament.name)
    tab.snap("tournament")

    tournament_pages = page.get_by_role("navigation", name=in_portuguese("Tournament pages"))
    tournament_pages.get_by_role("link", name=exact(in_portuguese("Standings"))).click()
    expect(page.get_by_role("heading", level=2)).to_have_text(in_portuguese("Standings"))
    rows = page.locator("table tbody tr")
    expect(rows).to_have_count(7)
    assert_names_on_screen(page, width)
    tab.snap("standings")

    tournament_pages.get_by_role("link", name=exact(in_portuguese("Crosstable"))).click()
    expect(page.get_by_role("heading", level=2)).to_have_text(in_portuguese("Crosstable"))
    expect(rows).to_have_count(7)
    assert_names_on_screen(page, width)
    # The forfeit of round 1 shows in the crosstable as + for one player and - for the other.
    expect(page.locator("td.cross .cell.forfeit")).to_have_count(2)
    tab.snap("crosstable")

    # Too wide for the phone, the table scrolls sideways inside its own container...
    container = page.locator(".table-container").filter(has=page.locator("table"))
    scroll_width, client_width = container.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert client_width <= width
    if scroll_width > client_width:
        # Issue 12: games played and the tie-breaks follow the points, as on paper.
        points_header = page.get_by_role("columnheader", name=in_portuguese("Points"))
        points_header.evaluate("el => el.scrollIntoView({inline: 'end', block: 'nearest'})")
        left, right = points_header.evaluate(HORIZONTAL_EXTENT_JS)
        assert left >= 0 and right <= width, "the points column cannot be scrolled into view"
        tab.snap("crosstable-scrolled")

    with page.expect_download() as download_info:
        page.get_by_role("link", name=exact(in_portuguese("Crosstable (PDF)"))).click()
    download = download_info.value
    assert download.suggested_filename.endswith(".pdf")
    pdf = PdfReader(io.BytesIO(download.path().read_bytes()))
    text = "\n".join(pdf_page.extract_text() for pdf_page in pdf.pages)
    for name in PLAYER_NAMES:
        assert name in text, f"{name} missing from the crosstable PDF"
    tab.guard.assert_none_external()
