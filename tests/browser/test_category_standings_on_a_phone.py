"""A category's standings (Sub-14, women...) on a 390 px phone, found in a rehearsal of a whole
event: the page showed the category place, the overall rank and the number, then cut the names
and left the points off the screen, since the columns the standings fold away on a phone (rank,
number, club, rating, tie-breaks) were all laid out. Like the standings, the category's keep its
place, the name and the points on the screen, the rest behind "Mostrar clube e desempates".
"""

from __future__ import annotations

import datetime

import pytest
from browser_support import NetworkGuard, Visitor, in_portuguese, screenshots_dir
from tournament_factories import play_all

from prizes.models import Category, Kind
from tournaments import services
from tournaments.models import PairingSystem
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.browser

PHONE_390 = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
             "device_scale_factor": 1}
NAMES = ["Renato Araújo Almeida", "Antônio Silva Melo", "Caio Henrique Vasconcelos",
         "Sérgio Costa Carvalho"]
CELLS_JS = """() => Array.from(document.querySelectorAll('tbody tr'), tr => {
  const right = selector => { const td = tr.querySelector(selector);
                              return td ? td.getBoundingClientRect().right : null; };
  return {name: right('td.pin-name'), points: right('td.points')};
})"""


def test_a_categorys_standings_keep_name_and_points_on_a_phone(browser, live_server,
                                                               transactional_db):
    tournament = services.create_tournament(
        name="Aberto de Recife 2026 - Absoluto", system=PairingSystem.SWISS, swiss_rounds=3,
        start_date=datetime.date(2026, 12, 5))
    for index, name in enumerate(NAMES):
        services.add_player(tournament, name=name, club="Clube Náutico Capibaribe",
                            rating=2000 - index, birth_date=datetime.date(2013, 3, 14))
    swiss_event.rank_by_rating(tournament)
    swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    play_all(tournament)
    category = Category.objects.create(tournament=tournament, name="Sub-14", kind=Kind.UNDER,
                                       age=14, reference_date=datetime.date(2026, 12, 5))
    context = browser.new_context(base_url=live_server.url, locale="pt-BR", **PHONE_390)
    context.set_default_timeout(15_000)
    guard = NetworkGuard(allowed_origin=live_server.url)
    context.route("**/*", guard)
    tab = Visitor(page=context.new_page(), role="category-390", guard=guard,
                  folder=screenshots_dir())
    page = tab.page
    try:
        page.goto(f"/torneios/{tournament.slug}/premios/categoria/{category.pk}/")
        tab.snap("folded")
        cells = page.evaluate(CELLS_JS)
        assert len(cells) == len(NAMES)
        for row in cells:
            assert row["points"] is not None and row["points"] <= 390, row
        page.get_by_label(in_portuguese("Show club and tie-breaks")).check()
        tab.snap("unfolded")
        assert page.locator("td.club").first.is_visible()
    finally:
        context.close()
