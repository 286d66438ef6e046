"""Issue 27, an organiser loads the CBD's rating list: upload, the preview of what it changes in
the people registry, the confirmation; the pages on a phone (390 px) and a desktop (1280 px)."""

from __future__ import annotations

import pytest
from browser_support import exact, in_portuguese, label_of, sign_in
from playwright.sync_api import expect

from tournaments.models import Player, RatingList
from tournaments.pages.rating_list_forms import RatingListForm

pytestmark = pytest.mark.browser

CBD = ("ID CBD;Nome;Federação;Rating;Categoria;Ano de nascimento\n"
       "1001;ANA BEATRIZ CONCEICAO;FPD;1850;A;1990\n"
       "1002;Bruno Sá;FBD;1700;B;\n"
       "2001;Nova Jogadora da Silva Albuquerque;FPED;1420;C;2008\n")


@pytest.mark.parametrize("width", [390, 1280])
def test_organiser_loads_a_rating_list_and_confirms_it(open_tab, organiser, tmp_path, width):
    Player.objects.create(name="Ana Beatriz Conceição", rating=1800, federation_id="1001")
    Player.objects.create(name="Bruno Sá", club="Clube de Damas do Recife", rating=1700,
                          federation_id="1002")
    Player.objects.create(name="Dora Menezes", rating=1500, federation_id="1004")
    path = tmp_path / "rating-cbd-2026-03.csv"
    path.write_text(CBD, encoding="utf-8")
    tab = open_tab("organiser", phone=width < 1000)
    page = tab.page
    page.set_viewport_size({"width": width, "height": 900})
    sign_in(tab, organiser.username)
    page.goto("/torneios/")
    page.get_by_role("link", name=exact(in_portuguese("Rating lists"))).click()
    tab.snap(f"rating-list-upload-{width}")
    page.get_by_label(label_of(RatingListForm, "source")).select_option("cbd")
    page.get_by_label(label_of(RatingListForm, "date")).fill("2026-03-01")
    page.get_by_label(label_of(RatingListForm, "file")).set_input_files(path)
    page.get_by_role("button", name=exact(in_portuguese("Send and see the preview"))).click()

    expect(page.get_by_role("heading", level=1)).to_have_text(
        in_portuguese("Rating list: preview"))
    expect(page.locator("#list-ratings")).to_contain_text("1850")
    expect(page.locator("#list-not-found")).to_contain_text("Dora Menezes")
    expect(page.locator("#list-new")).to_contain_text("Nova Jogadora")
    assert Player.objects.get(federation_id="1001").rating == 1800
    tab.snap(f"rating-list-preview-{width}")
    page.get_by_role("button", name=exact(in_portuguese("Confirm the list"))).click()

    expect(page.get_by_role("heading", level=1)).to_have_text(in_portuguese("Rating lists"))
    ana = Player.objects.get(federation_id="1001")
    assert (ana.name, ana.rating, ana.club) == ("Ana Beatriz Conceição", 1850, "FPD")
    assert RatingList.objects.get().confirmed_at is not None
