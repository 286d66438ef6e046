"""Issue 12, the arbiter's desk: a whole round typed with the keyboard on one page and saved
at once; a board someone else saved meanwhile is refused by name and nothing is overwritten."""

from __future__ import annotations

import pytest
from browser_support import exact, in_portuguese, sign_in
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Game

pytestmark = pytest.mark.browser


def round_games(tournament, number: int) -> list[Game]:
    return list(Game.objects.filter(round__tournament=tournament, round__number=number)
                .order_by("board"))


def test_arbiter_types_a_whole_round_with_the_keyboard(open_tab, paired_tournament, arbiter,
                                                       organiser):
    slug = paired_tournament.slug
    tab = open_tab("round-results")
    page = tab.page
    sign_in(tab, arbiter.username)
    page.goto(f"/arbitragem/{slug}/rodada/1/")
    page.get_by_role("link", name=exact(in_portuguese("Enter the whole round's results"))).click()
    fields = page.locator("input.result-code")
    expect(fields).to_have_count(3)
    tab.snap("empty")

    # One keystroke per board and Enter to go on; the last Enter saves the whole round.
    fields.first.focus()
    for code in ("1", "=", "--"):
        page.keyboard.type(code)
        page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_be_visible()
    assert [game.result for game in round_games(paired_tournament, 1)] == ["1-0", "1/2-1/2", "--"]
    tab.snap("saved")

    # Round 2: the page is open when another official saves board 2.
    page.goto(f"/torneios/{slug}/rodada/2/resultados/")
    other = round_games(paired_tournament, 2)[1]
    services.record_result(other, result="1-0", expected_version=other.version, user=organiser)
    fields.nth(0).fill("0")
    fields.nth(1).fill("0")
    fields.nth(2).fill("+")
    expect(page.locator("output.result-meaning").nth(2)).not_to_be_empty()
    page.get_by_role("button", name=exact(in_portuguese("Save the round's results"))).click()
    alert = page.locator(".field-errors[role=alert]")
    expect(alert).to_have_count(1)
    expect(alert).to_contain_text(in_portuguese("Board %(board)d: %(message)s").split(":")[0]
                                  .replace("%(board)d", "2"))
    assert [game.result for game in round_games(paired_tournament, 2)] == ["", "1-0", ""]
    tab.snap("stale-board")
    # The page kept the other boards and now shows board 2 as stored: saving again works.
    expect(fields.nth(1)).to_have_value("1-0")
    page.get_by_role("button", name=exact(in_portuguese("Save the round's results"))).click()
    expect(page.get_by_role("status")).to_be_visible()
    assert [game.result for game in round_games(paired_tournament, 2)] == ["0-1", "1-0", "+-"]


def test_the_round_form_fits_a_phone(open_tab, paired_tournament, arbiter):
    tab = open_tab("round-results-phone", phone=True)
    sign_in(tab, arbiter.username)
    tab.page.goto(f"/torneios/{paired_tournament.slug}/rodada/1/resultados/")
    expect(tab.page.locator("input.result-code")).to_have_count(3)
    tab.snap("phone")  # fails when the page is wider than the phone
