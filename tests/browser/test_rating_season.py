"""Issue 27, the season's rating calculation as the rating office reads it: the organiser picks
the season and the kind of list from the rating lists' page; the table on a phone (390 px) and a
desktop (1280 px)."""

from __future__ import annotations

import datetime

import pytest
from browser_support import exact, in_portuguese, sign_in
from django.utils import timezone
from playwright.sync_api import expect
from test_rating_season import stored

from tournaments.models import Player, RatingList, RatingListRow, RatingSource

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [390, 1280])
def test_organiser_calculates_a_season(open_tab, organiser, width):
    ana = Player.objects.create(name="Ana Beatriz Conceição", federation_id="1001")
    bruno = Player.objects.create(name="Bruno Sá", federation_id="1002")
    caio = Player.objects.create(name="Caio Nogueira de Albuquerque")
    dora = Player.objects.create(name="Dora Menezes", federation_id="1004", rating=1500)
    cbd = RatingList.objects.create(source=RatingSource.CBD, date=datetime.date(2026, 1, 1),
                                    file_name="cbd.csv", confirmed_at=timezone.now())
    for player, rating in ((ana, 1600), (bruno, 1400)):
        RatingListRow.objects.create(rating_list=cbd, federation_id=player.federation_id,
                                     name=player.name.upper(), rating=rating)
    stored("Aberto de Primavera de Campinas", datetime.date(2026, 3, 1), 20, [ana, bruno, caio],
           {(ana.name, bruno.name): "1-0", (caio.name, ana.name): "1/2-1/2",
            (caio.name, bruno.name): "+-"})
    stored("Circuito Paulista, etapa de outono", datetime.date(2026, 9, 1), 32,
           [bruno, ana, dora], {(bruno.name, ana.name): "1-0", (ana.name, dora.name): "1/2-1/2",
                                (dora.name, bruno.name): "+-"})
    tab = open_tab("organiser", phone=width < 1000)
    page = tab.page
    page.set_viewport_size({"width": width, "height": 900})
    sign_in(tab, organiser.username)
    page.goto("/torneios/listas-de-rating/")
    page.get_by_role("link", name=exact(in_portuguese("Season rating report"))).click()
    page.get_by_label(in_portuguese("First day of the season")).fill("2026-01-01")
    page.get_by_label(in_portuguese("Last day of the season")).fill("2026-12-31")
    page.get_by_role("button", name=exact(in_portuguese("Calculate the season"))).click()
    expect(page.locator("#season-tournaments")).to_contain_text("Circuito Paulista")
    ana_row = page.locator("#season-players tr", has_text="Ana Beatriz")
    expect(ana_row).to_contain_text("1576")
    expect(ana_row).to_contain_text("-24")
    tab.snap(f"rating-season-{width}")
