"""Issue 12, players on a phone: what a visitor reads at 390 x 844 and at 1280/1440 px.

Each test measures the page as a person sees it (where a cell lies across the screen, whether a
table is wider than its container), so a layout that hides the points or clips a column fails.
"""

from __future__ import annotations

import re

import pytest
from browser_support import (
    NetworkGuard,
    Visitor,
    exact,
    in_portuguese,
    screenshots_dir,
    sign_in,
)
from playwright.sync_api import expect

from arbitration import services as arbitration_services
from rules import BRAZILIAN
from rules.board import Color
from rules.pdn import read_game
from rules.replay import replay_game
from tournaments import services
from tournaments.standings.tiebreaks import REGISTRY

pytestmark = pytest.mark.browser

PHONE_390 = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
             "device_scale_factor": 2}
ROUND_RESULTS = {1: ["1-0", "+-", "1/2-1/2"], 2: ["0-1", "1-0", "1/2-1/2"]}

# Where an element's box lies on the screen, in CSS pixels: [left, right, top, bottom].
BOX_JS = ("el => { const r = el.getBoundingClientRect(); "
          "return [r.left, r.right, r.top, r.bottom]; }")
# How far a scrolling container's content is wider than what it shows.
CLIPPED_JS = "el => el.scrollWidth - el.clientWidth"


@pytest.fixture
def open_view(browser, live_server, transactional_db):
    """A fresh tab at a given screen size: `open_view("phone", PHONE_390)` or a desktop width."""
    contexts, guards = [], []

    def open_view(role: str, options: dict) -> Visitor:
        context = browser.new_context(base_url=live_server.url, locale="pt-BR",
                                      timezone_id="America/Sao_Paulo", **options)
        context.set_default_timeout(15_000)
        guard = NetworkGuard(allowed_origin=live_server.url)
        context.route("**/*", guard)
        contexts.append(context)
        guards.append(guard)
        return Visitor(page=context.new_page(), role=role, guard=guard, folder=screenshots_dir())

    yield open_view
    for context in contexts:
        context.close()
    for guard in guards:
        guard.assert_none_external()


def desktop(width: int) -> dict:
    return {"viewport": {"width": width, "height": 900}}


@pytest.fixture
def played_tournament(paired_tournament, arbiter):
    """Two rounds played, every tie-break of the registry in use (the widest standings)."""
    paired_tournament.tiebreaks = list(REGISTRY)
    paired_tournament.save(update_fields=["tiebreaks"])
    for number, results in ROUND_RESULTS.items():
        games = paired_tournament.rounds.get(number=number).games.order_by("board")
        for game, result in zip(games, results, strict=True):
            services.record_result(game, result=result, expected_version=game.version,
                                   user=arbiter)
    return paired_tournament


def box(locator) -> list[float]:
    return locator.evaluate(BOX_JS)


def assert_on_screen(locator, width: int, what: str) -> None:
    left, right, _top, _bottom = box(locator)
    assert left >= 0 and right <= width, f"{what} at {left:.0f}-{right:.0f}px on a {width}px screen"


# --- 1. standings -------------------------------------------------------------------------------

def test_standings_on_a_phone_show_rank_name_and_points(open_view, played_tournament):
    tab = open_view("phone-standings", PHONE_390)
    page = tab.page
    page.goto(f"/torneios/{played_tournament.slug}/classificacao/")
    rows = page.locator(".standings table tbody tr")
    expect(rows).to_have_count(7)
    tab.snap("standings")

    first = rows.first
    for cell, what in ((first.locator("td.pin-rank"), "the rank"),
                       (first.locator("td.pin-name a"), "the name"),
                       (first.locator("td.points"), "the points")):
        expect(cell).to_be_visible()
        assert_on_screen(cell, 390, what)
    points_header = page.get_by_role("columnheader", name=in_portuguese("Points"))
    assert_on_screen(points_header, 390, "the points heading")
    # Club and tie-breaks are folded away until the visitor asks for them.
    club_header = page.get_by_role("columnheader", name=in_portuguese("Club or federation"))
    expect(club_header).to_be_hidden()
    expect(page.locator(".standings thead th.fold").first).to_be_hidden()

    page.get_by_label(in_portuguese("Show club and tie-breaks")).check()
    expect(club_header).to_be_visible()
    expect(page.locator(".standings thead th.tb abbr")).to_have_count(len(REGISTRY))
    tab.snap("standings-unfolded")

    # Wider than the phone now: the table scrolls in its container and the name stays in place.
    container = page.locator(".standings .table-container")
    assert container.evaluate(CLIPPED_JS) > 0
    container.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    page.wait_for_function("el => el.scrollLeft > 0", arg=container.element_handle())
    rank_cell, name_cell = first.locator("td.pin-rank"), first.locator("td.pin-name")
    assert_on_screen(rank_cell, 390, "the rank after scrolling")
    assert_on_screen(first.locator("td.pin-name a"), 390, "the name after scrolling")
    # Pinned side by side: the name starts where the rank ends, nothing scrolled over them.
    assert box(name_cell)[0] == pytest.approx(box(rank_cell)[1], abs=1)
    hit = name_cell.evaluate("el => { const r = el.getBoundingClientRect(); "
                             "return el.contains(document.elementFromPoint(r.left + 8, "
                             "(r.top + r.bottom) / 2)); }")
    assert hit, "another cell covers the pinned name"
    last_tiebreak = page.locator(".standings thead th").last
    assert_on_screen(last_tiebreak, 390, "the last tie-break after scrolling")
    tab.snap("standings-scrolled")


@pytest.mark.parametrize("width", [1280, 1440])
def test_standings_on_a_wide_screen_cut_no_column(open_view, played_tournament, width):
    tab = open_view(f"desktop{width}-standings", desktop(width))
    page = tab.page
    page.goto(f"/torneios/{played_tournament.slug}/classificacao/")
    expect(page.locator(".standings table tbody tr")).to_have_count(7)
    expect(page.get_by_label(in_portuguese("Show club and tie-breaks"))).to_be_hidden()
    container = page.locator(".standings .table-container")
    assert container.evaluate(CLIPPED_JS) <= 0, "the standings table is cut off"
    headings = page.locator(".standings thead th.tb abbr")
    expect(headings).to_have_count(len(REGISTRY))
    # Short codes head the columns, and the legend spells each one out (as the PDFs do).
    sb = page.locator(".standings thead th abbr", has_text=exact("SB"))
    expect(sb).to_have_attribute("title", "Sonneborn-Berger")
    expect(page.locator(".legend").filter(has_text="SB = Sonneborn-Berger")).to_have_count(1)
    # Games played and rating are there too; the games' heading is short, spelt out below.
    expect(page.locator(".standings thead th.games abbr")).to_have_attribute(
        "title", in_portuguese("Games played"))
    expect(page.locator(".legend").filter(has_text=in_portuguese("%(games)s: games played") % {
        "games": in_portuguese("G", "games played column heading")})).to_have_count(1)
    expect(page.locator(".standings thead th.rating")).to_be_visible()
    tab.snap("standings")


# --- 2. crosstable ------------------------------------------------------------------------------

def test_crosstable_on_a_phone_pins_the_names_and_shows_several_rounds(open_view,
                                                                     played_tournament):
    tab = open_view("phone-crosstable", PHONE_390)
    page = tab.page
    page.goto(f"/torneios/{played_tournament.slug}/tabela/")
    rows = page.locator(".crosstable table tbody tr")
    expect(rows).to_have_count(7)
    tab.snap("crosstable")

    first = rows.first
    for cell, what in ((first.locator("td.pin-rank"), "the rank"),
                       (first.locator("td.pin-no"), "the pairing number"),
                       (first.locator("td.pin-name a"), "the name"),
                       (first.locator("td.pin-end"), "the points")):
        assert_on_screen(cell, 390, what)
    # Compact: several opponents' columns fit beside the names, not just the first one.
    opponent_headers = page.locator(".crosstable thead th").filter(
        has_text=re.compile(r"^\s*\d+\s*$"))
    expect(opponent_headers).to_have_count(7)
    # Rating, games and tie-breaks fold away beside the opponents, behind a switch.
    folded = page.locator(".crosstable thead th.rating")
    expect(folded).to_be_hidden()
    expect(page.locator(".crosstable thead th.tb").first).to_be_hidden()
    points_left = box(first.locator("td.pin-end"))[0]
    whole = [header for header in opponent_headers.all()
             if box(header)[0] >= 0 and box(header)[1] <= points_left]
    assert len(whole) >= 4, f"only {len(whole)} opponents' columns fit on a 390px phone"

    # Scrolled to the last round, the rank, number, name and points have not moved.
    pinned = [first.locator(f"td.{name}") for name in ("pin-rank", "pin-no", "pin-name",
                                                        "pin-end")]
    before = [edge for cell in pinned for edge in box(cell)[:2]]
    container = page.locator(".crosstable .table-container")
    assert container.evaluate(CLIPPED_JS) > 0
    container.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    page.wait_for_function("el => el.scrollLeft > 0", arg=container.element_handle())
    after = [edge for cell in pinned for edge in box(cell)[:2]]
    assert after == pytest.approx(before, abs=1), "a pinned column moved with the scroll"
    # Side by side, none over another: rank, number and name each start where the last ends.
    assert after[2] == pytest.approx(after[1], abs=1) and after[4] == pytest.approx(after[3], abs=1)
    assert_on_screen(opponent_headers.last, 390, "the last opponent's column")
    tab.snap("crosstable-scrolled")
    page.get_by_label(in_portuguese("Show rating and tie-breaks")).check()
    expect(folded).to_be_visible()
    expect(page.locator(".crosstable thead th.tb")).to_have_count(len(REGISTRY))
    expect(page.locator(".crosstable thead th.tb").last).to_be_visible()


# --- 3. header ----------------------------------------------------------------------------------

def test_the_header_is_a_slim_bar_and_the_language_changes_on_choice(open_view, organiser,
                                                                    played_tournament):
    tab = open_view("phone-header", PHONE_390)
    page = tab.page
    page.goto(f"/torneios/{played_tournament.slug}/classificacao/")
    header = page.locator("header.site-header")
    tab.snap("header")
    _left, _right, top, bottom = box(header)
    assert bottom - top <= 56, f"the header takes {bottom - top:.0f}px of an 844px screen"
    expect(header.get_by_role("button")).to_have_count(0)  # no "Mudar": the choice submits

    page.get_by_label(in_portuguese("Language")).select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", level=2)).to_have_text("Standings")
    assert page.url.endswith(f"/torneios/{played_tournament.slug}/classificacao/")
    tab.snap("header-english")
    # The standings' round choice also applies itself.
    page.wait_for_load_state("load")
    page.get_by_label("After round").select_option("1")
    expect(page.get_by_role("heading", level=2)).to_have_text("Standings after round 1")

    # Signed in, the longer links wrap inside the bar; nothing makes the page wider than the phone
    # (snap checks it).
    page.wait_for_load_state("load")  # the deferred site.js listens once the page has loaded
    page.get_by_label("Language").select_option("pt-br")
    expect(page.locator("html")).to_have_attribute("lang", "pt-br")
    sign_in(tab, organiser.username)
    tab.snap("header-signed-in")


def test_without_javascript_the_language_switch_keeps_its_button(open_view, played_tournament):
    tab = open_view("nojs-header", {**PHONE_390, "java_script_enabled": False})
    page = tab.page
    page.goto(f"/torneios/{played_tournament.slug}/classificacao/")
    page.get_by_label(in_portuguese("Language")).select_option("en")
    page.locator("header.site-header").get_by_role(
        "button", name=exact(in_portuguese("Change"))).click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    tab.snap("header-english")


# --- 4. a round's pairings ----------------------------------------------------------------------

def test_a_rounds_pairings_on_a_phone_stack_each_board(open_view, played_tournament):
    tab = open_view("phone-round", PHONE_390)
    page = tab.page
    page.goto(f"/torneios/{played_tournament.slug}/rodada/1/")
    boards = page.locator(".pairings table tbody tr")
    expect(boards).to_have_count(3)
    tab.snap("round")
    container = page.locator(".pairings .table-container")
    assert container.evaluate(CLIPPED_JS) <= 0, "the round table scrolls sideways on a phone"
    for index, game in enumerate(played_tournament.rounds.get(number=1).games.order_by("board")):
        block = boards.nth(index)
        parts = {name: block.locator(f"td.p-{name}") for name in ("board", "white", "result",
                                                               "black")}
        for name, cell in parts.items():
            expect(cell).to_be_visible()
            assert_on_screen(cell, 390, f"board {game.board}: {name}")
        expect(parts["white"]).to_contain_text(game.white.player.name)
        expect(parts["black"]).to_contain_text(game.black.player.name)
        expect(parts["result"]).to_contain_text(game.result)
        # One block, read top to bottom: board and result, then White, then Black.
        tops = {name: box(cell)[2] for name, cell in parts.items()}
        assert tops["board"] < tops["white"] < tops["black"], tops
        block_top, block_bottom = box(block)[2:]
        assert all(block_top <= top < block_bottom for top in tops.values())


@pytest.mark.parametrize("width", [1280, 1440])
def test_a_rounds_table_for_the_arbiter_clips_no_button(open_view, played_tournament, arbiter,
                                                        width):
    tab = open_view(f"desktop{width}-round", desktop(width))
    sign_in(tab, arbiter.username)
    page = tab.page
    page.goto(f"/torneios/{played_tournament.slug}/rodada/1/")
    expect(page.locator(".pairings table tbody tr")).to_have_count(3)
    tab.snap("round")
    container = page.locator(".pairings .table-container")
    assert container.evaluate(CLIPPED_JS) <= 0, "the round table is cut off"
    container_right = box(container)[1]
    for button in page.locator(".pairings td a.button").all():
        assert box(button)[1] <= container_right, "a button is cut off"


# --- 5. the viewer ------------------------------------------------------------------------------

OPENING = "1. 23-19 11-15 2. 26-23 8-11 3. 30-26 3-8 4. 21-17 10-14 5. 19x3 14x30"


def shuffling_kings_sheet(pairs: int = 60) -> str:
    """tests/data/browser/threefold.pdn's game, the kings shuffling `pairs` more moves: a legal
    sheet of 10 + 2 * pairs half-moves (130 by default), long enough that its last move lies
    far below the board on a phone. The threefold rule (Art. 98) holds from half-move 18 on."""
    moves = [OPENING]
    for index in range(pairs):
        white, black = ("3-17", "30-21") if index % 2 == 0 else ("17-3", "21-30")
        moves.append(f"{6 + index}. {white} {black}")
    return ('[White "Ana Beatriz Conceição"]\n[Black "João Gonçalves Araújo"]\n'
            '[Result "*"]\n[GameType "26"]\n\n' + " ".join(moves) + " *\n")


@pytest.fixture
def long_game(paired_tournament, arbiter):
    game = paired_tournament.rounds.get(number=1).games.get(board=1)
    arbitration_services.save_sheet(game, pdn=shuffling_kings_sheet(), notation="numeric",
                                    expected_version=0, user=arbiter)
    return game


def engine_pieces(ply: int) -> dict[str, str]:
    """{square: "man white"...} after `ply`, as the engine plays the sheet."""
    board = replay_game(read_game(shuffling_kings_sheet()), BRAZILIAN).board_at(ply)
    return {str(square): f"{'king' if piece.king else 'man'} {name}"
            for colour, name in ((Color.WHITE, "white"), (Color.BLACK, "black"))
            for square, piece in board.pieces(colour).items()}


PIECES_JS = """() => Object.fromEntries(Array.from(document.querySelectorAll('.arb-board .piece'))
  .map(g => [g.dataset.square, g.getAttribute('class').replace('piece ', '')]))"""


def viewer_url(game) -> str:
    return f"/arbitragem/{game.round.tournament.slug}/partida/{game.pk}/lances/"


def test_the_viewer_opens_on_the_last_move_with_the_board_in_view(open_view, long_game):
    tab = open_view("phone-viewer", PHONE_390)
    page = tab.page
    page.goto(viewer_url(long_game))
    page.wait_for_load_state("load")
    marker = page.locator('.arb-moves [aria-current="step"]')
    expect(page.locator(".arb-ply")).to_have_text("130/130")
    board = page.locator(".arb-board svg")
    page.wait_for_timeout(200)  # the script's scroll to the current move
    _l, _r, board_top, board_bottom = box(board)
    assert board_top >= 0 and board_bottom <= 844, (
        f"the board lies at {board_top:.0f}-{board_bottom:.0f}px on an 844px screen")
    _l, _r, move_top, move_bottom = box(marker)
    assert move_bottom <= 844, "the current move is below the screen"
    assert move_top >= box(page.locator(".arb-viewer-board"))[3] - 1, (
        "the current move is hidden under the board")
    tab.snap("viewer-last-move")

    # Scrolling the moves leaves the board where it is.
    page.mouse.wheel(0, -300)
    page.wait_for_timeout(200)
    assert box(board)[2] >= 0 and box(board)[3] <= 844, "the board scrolled off the screen"


def test_the_viewer_steps_in_the_page_with_links_keys_and_swipes(open_view, long_game):
    tab = open_view("phone-viewer-steps", PHONE_390)
    page = tab.page
    page.goto(viewer_url(long_game) + "?ply=16")
    page.wait_for_load_state("load")
    page.evaluate("() => { window.sameDocument = true; }")  # lost if the page reloads
    ply = page.locator(".arb-ply")
    marker = page.locator('.arb-moves [aria-current="step"]')
    threefold = page.locator('.arb-counter[data-rule="threefold"]')
    expect(ply).to_have_text("16/130")
    expect(threefold).not_to_have_class(re.compile(r"\bholds\b"))

    steps = page.get_by_role("navigation", name=in_portuguese("Step through the moves"))
    steps.get_by_role("link", name=in_portuguese("Next move")).click()
    expect(ply).to_have_text("17/130")
    expect(marker).to_have_text("17-3")
    page.keyboard.press("ArrowRight")
    expect(ply).to_have_text("18/130")
    expect(marker).to_have_text("21-30")
    # The third occurrence: the counter turns as the server would draw it at that move.
    expect(threefold).to_have_class(re.compile(r"\bholds\b"))
    assert page.evaluate(PIECES_JS) == engine_pieces(18)
    assert page.url.endswith("?ply=18")
    tab.snap("viewer-threefold")

    page.keyboard.press("Home")
    expect(ply).to_have_text("0/130")
    expect(marker).to_have_count(0)
    expect(page.locator("#position-caption")).to_have_text(in_portuguese("Starting position"))
    assert page.evaluate(PIECES_JS) == engine_pieces(0)
    expect(steps.get_by_role("link", name=in_portuguese("Previous move"))).to_have_count(0)

    # A swipe to the left on the board is the next move, to the right the previous one.
    board = page.locator(".arb-board")
    left, right, top, bottom = box(board)
    middle = (top + bottom) / 2

    def swipe(start_x: float, end_x: float) -> None:
        for kind, x in (("pointerdown", start_x), ("pointerup", end_x)):
            board.dispatch_event(kind, {"pointerId": 7, "pointerType": "touch", "isPrimary": True,
                                        "clientX": x, "clientY": middle, "bubbles": True})

    swipe(right - 20, left + 20)
    expect(ply).to_have_text("1/130")
    swipe(right - 20, left + 20)
    expect(ply).to_have_text("2/130")
    swipe(left + 20, right - 20)
    expect(ply).to_have_text("1/130")
    expect(marker).to_have_text("23-19")
    assert page.evaluate(PIECES_JS) == engine_pieces(1)

    page.get_by_role("link", name="11-15", exact=True).click()
    expect(ply).to_have_text("2/130")
    page.keyboard.press("End")
    expect(ply).to_have_text("130/130")
    assert page.evaluate(PIECES_JS) == engine_pieces(130)
    assert page.evaluate("() => window.sameDocument === true"), "a step reloaded the page"
    tab.snap("viewer-end")


def test_without_javascript_the_viewer_still_steps_by_pages(open_view, long_game):
    tab = open_view("nojs-viewer", {**PHONE_390, "java_script_enabled": False})
    page = tab.page
    page.goto(viewer_url(long_game) + "?ply=17")
    steps = page.get_by_role("navigation", name=in_portuguese("Step through the moves"))
    steps.get_by_role("link", name=in_portuguese("Next move")).click()
    expect(page.locator(".arb-ply")).to_have_text("18/130")
    assert page.url.endswith("?ply=18")
    assert page.evaluate(PIECES_JS) == engine_pieces(18)
    expect(page.locator('.arb-counter[data-rule="threefold"]')).to_have_class(
        re.compile(r"\bholds\b"))
    tab.snap("viewer-ply-18")


def test_the_viewer_on_a_wide_screen_keeps_the_board_beside_the_moves(open_view, long_game):
    tab = open_view("desktop1280-viewer", desktop(1280))
    page = tab.page
    page.goto(viewer_url(long_game) + "?ply=40")
    page.wait_for_load_state("load")
    board = page.locator(".arb-board svg")
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(200)
    _l, board_right, top, bottom = box(board)
    assert top >= 0 and bottom <= 900, f"the board lies at {top:.0f}-{bottom:.0f}px"
    assert box(page.locator(".arb-moves"))[0] >= board_right, "the moves are not beside the board"
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".arb-ply")).to_have_text("39/130")
    assert page.evaluate(PIECES_JS) == engine_pieces(39)
    tab.snap("viewer")


# --- 6. live ------------------------------------------------------------------------------------

HIDE_TAB_JS = """hidden => {
  Object.defineProperty(document, 'hidden', {value: hidden, configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_the_round_and_standings_update_by_themselves(open_view, paired_tournament, arbiter,
                                                      settings):
    settings.LIVE_POLL_SECONDS = 1
    slug = paired_tournament.slug
    games = list(paired_tournament.rounds.get(number=1).games.order_by("board"))
    tab = open_view("phone-live", PHONE_390)
    page = tab.page
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url)
            if "/ao-vivo/" in request.url else None)
    page.goto(f"/torneios/{slug}/rodada/1/")
    page.wait_for_load_state("load")
    page.evaluate("() => { window.sameDocument = true; }")
    results = page.locator(".pairings tbody td.p-result")
    expect(results).to_have_text(["", "", ""])

    services.record_result(games[0], result="1-0", expected_version=games[0].version,
                           user=arbiter)
    expect(results.first).to_have_text("1-0", timeout=10_000)
    expect(page.locator("[data-live-status]")).to_contain_text(
        in_portuguese("Updated at %(time)s.").split("%")[0].strip())
    tab.snap("round-live")

    # A hidden tab asks nothing; shown again, it asks at once.
    page.evaluate(HIDE_TAB_JS, True)
    page.wait_for_timeout(300)
    before = len(asked)
    page.wait_for_timeout(2500)
    assert len(asked) == before, "a hidden tab kept asking"
    page.evaluate(HIDE_TAB_JS, False)
    page.wait_for_function(f"() => performance.getEntriesByType('resource')"
                           f".filter(e => e.name.includes('/ao-vivo/')).length > {before}")

    # The round complete, the page shows it and stops asking.
    for game, result in zip(games[1:], ["+-", "1/2-1/2"], strict=True):
        services.record_result(game, result=result, expected_version=game.version, user=arbiter)
    expect(results).to_have_text(["1-0", "+-", "1/2-1/2"], timeout=10_000)
    page.wait_for_timeout(300)
    done = len(asked)
    page.wait_for_timeout(2500)
    assert len(asked) == done, "the page kept asking after the round was complete"
    assert page.evaluate("() => window.sameDocument === true"), "the page reloaded"

    # The standings follow round 2, the one now in play.
    page.goto(f"/torneios/{slug}/classificacao/")
    page.wait_for_load_state("load")
    game = paired_tournament.rounds.get(number=2).games.get(board=1)
    row = page.locator(".standings tbody tr").filter(
        has=page.get_by_role("link", name=game.white.player.name, exact=True))
    points = row.locator("td.points")
    before = float(points.inner_text().replace(",", "."))
    services.record_result(game, result="1-0", expected_version=game.version, user=arbiter)
    after = f"{before + 1:g}".replace(".", ",")
    expect(points).to_have_text(after, timeout=10_000)
    tab.snap("standings-live")


@pytest.mark.parametrize("width", [1280, 1440])
def test_the_crosstables_pinned_columns_fit_their_offsets_on_a_wide_screen(open_view, width,
                                                                          played_tournament):
    """The name is pinned at the rank's and number's width (site.css): were either wider, the
    pinned cells would overlap once a big crosstable scrolls."""
    tab = open_view(f"desktop{width}-crosstable", desktop(width))
    page = tab.page
    page.goto(f"/torneios/{played_tournament.slug}/tabela/")
    header = page.locator(".crosstable thead tr")
    rank, number, name = (box(header.locator(f"th.{pin}")) for pin in ("pin-rank", "pin-no",
                                                                          "pin-name"))
    offsets = page.evaluate("""() => ['.pin-no', '.pin-name'].map(pin =>
        parseFloat(getComputedStyle(document.querySelector('.crosstable th' + pin)).left))""")
    assert [number[0] - rank[0], name[0] - rank[0]] == pytest.approx(offsets, abs=1)
    assert page.locator(".crosstable .table-container").evaluate(CLIPPED_JS) <= 0
    tab.snap("crosstable")


# Each piece's centre and kind, and the squares marked as the last move's, as drawn in `root`.
DRAWN = """root => ({
  pieces: Object.fromEntries(Array.from(root.querySelectorAll('.arb-board .piece')).map(g => {
    const c = g.querySelector('circle');
    return [g.dataset.square, [g.getAttribute('class'), c.getAttribute('cx'), c.getAttribute('cy'),
                               g.querySelectorAll('.crown').length]];
  })),
  marked: Array.from(root.querySelectorAll('.arb-board .last-move'))
    .map(r => [r.dataset.square, r.getAttribute('x'), r.getAttribute('y')]),
})"""
DRAWN_JS = f"() => ({DRAWN})(document)"
# The same, from the server's own page for an address (no script runs in a parsed document).
SERVED_JS = f"""async url => ({DRAWN})(new DOMParser().parseFromString(
  await (await fetch(url)).text(), 'text/html'))"""


@pytest.mark.parametrize("flip", [False, True])
def test_the_board_drawn_in_the_page_is_the_servers(open_view, long_game, flip):
    """Stepped to in the page, a position is drawn exactly as the server draws it (rules/svg.py),
    from White's side and flipped: the same pieces, kings, centres and last-move squares."""
    tab = open_view("phone-viewer-drawn", PHONE_390)
    page = tab.page
    suffix = "&flip=1" if flip else ""
    page.goto(viewer_url(long_game) + "?ply=17" + suffix)
    page.wait_for_load_state("load")
    served = page.evaluate(SERVED_JS, viewer_url(long_game) + "?ply=18" + suffix)
    assert len(served["pieces"]) == 20 and len(served["marked"]) == 2
    page.keyboard.press("ArrowRight")
    expect(page.locator(".arb-ply")).to_have_text("18/130")
    assert page.evaluate(DRAWN_JS) == served
    page.keyboard.press("ArrowRight")
    expect(page.locator(".arb-ply")).to_have_text("19/130")
    assert page.evaluate(DRAWN_JS) != served
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".arb-ply")).to_have_text("18/130")
    assert page.evaluate(DRAWN_JS) == served
    assert page.url.endswith("?ply=18" + suffix)
