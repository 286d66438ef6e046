"""A person's page (/torneios/pessoa/N/) on a 390 px phone: found in a rehearsal of a whole event
from an empty database. The table of his tournaments (name, start date, rank, points) was wider
than the screen and pushed the whole page sideways; its headings and facts began in lowercase
("clube ou federação", "data de início") where every other page's labels are capitalised.
"""

from __future__ import annotations

import datetime

import pytest
from browser_support import NetworkGuard, Visitor, in_portuguese, screenshots_dir
from django.utils.text import capfirst

from tournaments import services

pytestmark = pytest.mark.browser

PHONE_390 = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
             "device_scale_factor": 1}
WIDTH_JS = "() => document.documentElement.scrollWidth"


def test_a_persons_page_fits_a_390px_phone_with_capitalised_labels(browser, live_server,
                                                                    transactional_db):
    entry = None
    for name in ("Aberto de Recife de Damas Clássicas 2026 - Feminino Sub-18",
                 "Campeonato Pernambucano de Damas Relâmpago 2025"):
        tournament = services.create_tournament(
            name=name, place="Recife, PE", start_date=datetime.date(2026, 12, 5), board=64)
        entry = services.add_player(tournament, name="Luíza Cavalcanti Brandão",
                                    club="Clube Português do Recife", federation_id="CBD-9003",
                                    birth_date=datetime.date(1998, 11, 20))
    context = browser.new_context(base_url=live_server.url, locale="pt-BR", **PHONE_390)
    context.set_default_timeout(15_000)
    guard = NetworkGuard(allowed_origin=live_server.url)
    context.route("**/*", guard)
    tab = Visitor(page=context.new_page(), role="person-390", guard=guard,
                  folder=screenshots_dir())
    page = tab.page
    try:
        page.goto(f"/torneios/pessoa/{entry.player.pk}/")
        assert page.evaluate(WIDTH_JS) <= 390
        tab.snap("person")
        facts = page.locator("dl.facts dt").all_inner_texts()
        headings = page.locator("table.person-tournaments th").all_inner_texts()
        assert capfirst(in_portuguese("club or federation")) in facts
        assert capfirst(in_portuguese("federation id")) in facts
        assert capfirst(in_portuguese("start date")) in headings
        for label in facts + headings:
            assert label[:1] == label[:1].upper(), label
    finally:
        context.close()
