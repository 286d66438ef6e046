"""Issue 27, on a phone: a player in a hall of many opens the round, follows "find your board"
to the alphabetical pairing list, finds his name and reads his board, colour and opponent on a
390 px screen; the list is no wider than the screen. Screenshots at 390 and 1280 px of the
alphabetical list, the starting list and the rank after round N."""

from __future__ import annotations

import pytest
from browser_support import NetworkGuard, Visitor, screenshots_dir
from django.core.management import call_command

from tournaments.demo.swiss import SWISS_SLUG
from tournaments.models import Tournament

pytestmark = pytest.mark.browser

PHONE_390 = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
             "device_scale_factor": 1}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
BOX_JS = "el => { const r = el.getBoundingClientRect(); return [r.left, r.right]; }"


def open_tab(browser, live_server, role: str, options: dict) -> Visitor:
    context = browser.new_context(base_url=live_server.url, locale="pt-BR",
                                  timezone_id="America/Sao_Paulo", **options)
    context.set_default_timeout(15_000)
    guard = NetworkGuard(allowed_origin=live_server.url)
    context.route("**/*", guard)
    return Visitor(page=context.new_page(), role=role, guard=guard, folder=screenshots_dir())


def test_a_player_finds_his_board_on_the_alphabetical_list(browser, live_server,
                                                           transactional_db):
    call_command("load_demo")
    swiss = Tournament.objects.get(slug=SWISS_SLUG)  # the demo has an accelerated open too
    game = swiss.rounds.get(number=3).games.with_players().order_by("board")[5]
    me, opponent = game.black.player.name, game.white.player.name

    tab = open_tab(browser, live_server, "phone-390", PHONE_390)
    page = tab.page
    page.goto(f"/torneios/{swiss.slug}/rodada/3/")
    page.get_by_role(
        "link", name="Encontre a sua mesa: lista alfabética de emparceiramento").click()
    page.wait_for_url(f"**/torneios/{swiss.slug}/rodada/3/lista-alfabetica/")
    row = page.locator("tr").filter(has=page.locator("td.pin-name", has_text=me))
    assert row.count() == 1
    cells = row.locator("td")
    texts = [cells.nth(index).inner_text().strip() for index in range(cells.count())]
    assert str(game.board) in texts and "Pretas" in texts
    assert any(text.startswith(opponent) for text in texts)
    row.scroll_into_view_if_needed()
    left, right = row.locator("td.board").evaluate(BOX_JS)
    assert left >= 0 and right <= 390  # his board is on the screen, not scrolled away
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    tab.snap("alphabetical-list-390")
    for name, path in (("starting-list", f"/torneios/{swiss.slug}/lista-inicial/"),
                       ("rank-after-round", f"/torneios/{swiss.slug}/classificacao-rodada/3/")):
        page.goto(path)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, name
        if name == "starting-list":  # the demo's three strongest carry titles
            assert page.get_by_role("columnheader", name="Título").count() == 1
            assert page.get_by_role("cell", name="MI", exact=True).count() == 1
        tab.snap(f"{name}-390")
    tab.guard.assert_none_external()

    desk = open_tab(browser, live_server, "desktop-1280", DESKTOP)
    for name, path in (("alphabetical-list", f"/torneios/{swiss.slug}/rodada/3/lista-alfabetica/"),
                       ("starting-list", f"/torneios/{swiss.slug}/lista-inicial/"),
                       ("rank-after-round", f"/torneios/{swiss.slug}/classificacao-rodada/3/")):
        desk.page.goto(path)
        desk.snap(f"{name}-1280")
