"""Issue 8, arbiter and viewer: round 1 with a forfeit (Art. 28), a pasted score sheet that ends
in a threefold repetition (Art. 98), the draw claimed, upheld by the sheet and confirmed, so the
game becomes 1/2-1/2; then a visitor on a phone steps through that game in the viewer.

tests/data/browser/threefold.pdn was built with the engine: both sides crown on move 5
(19x3, 14x30), then the kings shuffle 3-17 30-21 17-3 21-30 twice, so the position after
5...14x30 stands again after 7...21-30 and a third time after 9...21-30 (half-move 18).
`python -m rules replay --variant brazilian` reports {"rule": "threefold", "ply": 18}.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import exact, in_portuguese, label_of, sign_in
from playwright.sync_api import expect

from arbitration.forms import DrawClaimForm, SheetForm
from arbitration.models import DrawClaim, Notation
from arbitration.regulation import RuleId
from rules import BRAZILIAN
from rules.pdn import read_game
from rules.replay import replay_game
from tournaments.models import Game
from tournaments.pages.forms import ResultForm

pytestmark = pytest.mark.browser

SHEET = Path(__file__).resolve().parents[1] / "data" / "browser" / "threefold.pdn"
FORFEIT = "+-"  # White present, Black absent (Art. 28)
CLAIM_MOVE = "9..."  # Black's 9th move, 21-30: the third occurrence


def sheet_for(game: Game) -> str:
    """The sample sheet with this game's players in its tags, as a program would write it."""
    text = SHEET.read_text(encoding="utf-8")
    text = re.sub(r'\[White "[^"]*"\]', f'[White "{game.white.player.name}"]', text)
    return re.sub(r'\[Black "[^"]*"\]', f'[Black "{game.black.player.name}"]', text)


def test_sample_sheet_ends_in_a_threefold_repetition():
    """The browser test relies on this: the engine finds the repetition at the last half-move."""
    game = read_game(SHEET.read_text(encoding="utf-8"))
    replay = replay_game(game, BRAZILIAN)
    assert replay.illegal is None
    assert replay.moves == 18
    assert replay.first_draws() == [{"rule": "threefold", "ply": 18}]


def test_arbiter_enters_forfeit_and_upholds_threefold_claim(open_tab, paired_tournament,
                                                          arbiter):
    slug = paired_tournament.slug
    forfeit_game, sheet_game, decisive_game = Game.objects.filter(
        round__tournament=paired_tournament, round__number=1).order_by("board")
    tab = open_tab("arbiter")
    page = tab.page
    sign_in(tab, arbiter.username)

    page.goto(f"/torneios/{slug}/")
    page.get_by_role("link", name=exact(in_portuguese("Arbiter's desk"))).click()
    tab.snap("desk")
    round_1 = exact(in_portuguese("Round %(number)s") % {"number": 1})
    page.get_by_role("link", name=round_1).click()
    tab.snap("round-1")

    # Board 1: Black did not come (Art. 28); board 3: White won over the board.
    for game, result, step in ((forfeit_game, FORFEIT, "forfeit"), (decisive_game, "1-0", None)):
        card = page.locator(".card").filter(has_text=game.white.player.name)
        card.get_by_role("link", name=exact(in_portuguese("Result"))).click()
        page.get_by_label(label_of(ResultForm, "result", game=game)).select_option(result)
        if step:
            tab.snap(step)
        page.get_by_role("button", name=exact(in_portuguese("Save result"))).click()
        expect(page.get_by_role("status")).to_be_visible()
        game.refresh_from_db()
        assert game.result == result
        page.get_by_role("link", name=exact(in_portuguese("Arbiter's desk"))).click()
        page.get_by_role("link", name=round_1).click()

    # Board 2: the score sheet, pasted as the players' program wrote it.
    card = page.locator(".card").filter(has_text=sheet_game.white.player.name)
    card.get_by_role("link", name=exact(in_portuguese("Score sheet"))).click()
    page.get_by_label(label_of(SheetForm, "pdn"), exact=True).fill(sheet_for(sheet_game))
    page.get_by_label(label_of(SheetForm, "notation")).select_option(
        Notation.NUMERIC.value)
    tab.snap("paste-sheet")
    page.get_by_role("button", name=exact(in_portuguese("Save the score sheet"))).click()
    expect(page.get_by_role("status")).to_contain_text("18")
    tab.snap("sheet-saved")

    # The claim: Black claims threefold repetition after his 9th move.
    page.get_by_role("navigation", name=in_portuguese("This game")).get_by_role(
        "link", name=exact(in_portuguese("Draw claim"))).click()
    claim_form = {"game": sheet_game, "rule_ids": [RuleId.THREEFOLD]}
    page.get_by_label(label_of(DrawClaimForm, "claimant", **claim_form)).select_option(
        str(sheet_game.black_id))
    page.get_by_label(label_of(DrawClaimForm, "rule", **claim_form)).select_option(
        RuleId.THREEFOLD.value)
    page.get_by_label(label_of(DrawClaimForm, "move", **claim_form)).fill(CLAIM_MOVE)
    tab.snap("claim")
    page.get_by_role("button", name=exact(in_portuguese("Check the claim"))).click()
    expect(page.locator(".arb-verdict")).to_contain_text(in_portuguese("UPHELD"))
    claim = DrawClaim.objects.get(game=sheet_game)
    assert claim.system_upheld and claim.is_open
    tab.snap("claim-upheld")

    # The arbiter confirms the sheet's verdict; the result becomes a draw.
    uphold = page.get_by_label(re.compile(re.escape(in_portuguese(
        "Uphold: the game is drawn (1/2-1/2)"))))
    expect(uphold).to_be_checked()
    page.get_by_role("button", name=exact(in_portuguese("Record the decision"))).click()
    expect(page.get_by_role("status")).to_contain_text(in_portuguese("Decision recorded."))
    expect(page.locator(".arb-result")).to_have_text("1/2-1/2")
    sheet_game.refresh_from_db()
    assert sheet_game.result == "1/2-1/2"
    tab.snap("draw-confirmed")

    # A visitor on a phone sees round 1 complete, then plays through the drawn game.
    visitor = open_tab("viewer", phone=True)
    page = visitor.page
    page.goto(f"/torneios/{slug}/rodada/1/")
    expect(page.locator("table tbody .result")).to_have_text([FORFEIT, "1/2-1/2", "1-0"])
    expect(page.locator("table tbody .result.forfeit")).to_have_text(FORFEIT)
    visitor.snap("round-1")
    # The public round page does not link to a game's pages yet: the visitor opens it by address.
    page.goto(f"/arbitragem/{slug}/partida/{sheet_game.pk}/lances/")
    marker = page.locator('.arb-moves [aria-current="step"]')
    ply = page.locator(".arb-ply")
    expect(ply).to_have_text("18/18")
    expect(marker).to_have_text("21-30")
    expect(page.locator('.arb-counter[data-rule="threefold"]')).to_have_class(
        re.compile(r"\bholds\b"))
    visitor.snap("last-move")

    steps = page.get_by_role("navigation", name=in_portuguese("Step through the moves"))
    steps.get_by_role("link", name=in_portuguese("Previous move")).click()
    expect(ply).to_have_text("17/18")
    expect(marker).to_have_text("17-3")
    visitor.snap("previous")
    steps.get_by_role("link", name=in_portuguese("Starting position")).click()
    expect(ply).to_have_text("0/18")
    expect(marker).to_have_count(0)
    for number, move in ((1, "23-19"), (2, "11-15"), (3, "26-23")):
        steps.get_by_role("link", name=in_portuguese("Next move")).click()
        expect(ply).to_have_text(f"{number}/18")
        expect(marker).to_have_text(move)
    visitor.snap("third-move")
    # The arrow keys step too (static/js/viewer.js, served by the project); each key waits for
    # the page it leads to, whose deferred script listens once the page has loaded.
    for key, expected_ply, expected_move in (("ArrowRight", 4, "8-11"), ("ArrowLeft", 3, "26-23"),
                                             ("End", 18, "21-30")):
        page.wait_for_load_state("load")
        page.keyboard.press(key)
        expect(ply).to_have_text(f"{expected_ply}/18")
        expect(marker).to_have_text(expected_move)
