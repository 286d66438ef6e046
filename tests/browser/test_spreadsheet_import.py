"""Issue 20, organiser on a phone: an Excel sheet of players, its preview, a choice per fact
where the file and the registry disagree, then the confirmation."""

from __future__ import annotations

import openpyxl
import pytest
from browser_support import exact, in_portuguese, label_of, sign_in
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Player
from tournaments.pages.forms import CsvImportForm

pytestmark = pytest.mark.browser


def spreadsheet(tmp_path):
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "Inscritos"
    for row in (["Nome", "Clube", "Rating", "ID Federação"],
                ["Ana Beatriz Conceição", "Campinas", 1850, "CBD-1001"],
                ["Caio Lôbo", "Recife", None, None]):
        sheet.append(row)
    path = tmp_path / "inscritos.xlsx"
    workbook.save(path)
    return path


def test_organiser_previews_a_sheet_and_picks_the_registry_s_values(open_tab, organiser,
                                                                     tmp_path):
    earlier = services.create_tournament(name="Aberto de Campinas", created_by=organiser)
    services.add_player(earlier, name="Ana Conceição", club="Campinas", rating=1800,
                        federation_id="CBD-1001")
    tournament = services.create_tournament(name="Estadual 2026", created_by=organiser)
    tab = open_tab("organiser", phone=True)
    page = tab.page
    sign_in(tab, organiser.username)
    page.goto(tournament.get_absolute_url())
    page.get_by_role("link", name=exact(in_portuguese(
        "Import a spreadsheet (CSV, Excel or LibreOffice)"))).click()
    page.get_by_label(label_of(CsvImportForm, "file")).set_input_files(spreadsheet(tmp_path))
    page.get_by_role("button", name=exact(in_portuguese("Import"))).click()

    expect(page.get_by_role("heading", level=1)).to_have_text(
        in_portuguese("Player import: preview"))
    assert not tournament.entries.exists()
    tab.snap("spreadsheet-preview")
    line = page.locator("#import-line-2")
    line.get_by_label(in_portuguese("keep “%(value)s”") % {"value": "Ana Conceição"}).check()
    line.get_by_label(in_portuguese("take “%(value)s”") % {"value": "1850"}).check()
    page.get_by_role("button", name=exact(in_portuguese("Confirm the import"))).click()

    expect(page.get_by_role("heading", level=1)).to_have_text("Estadual 2026")
    ana = Player.objects.get(federation_id="CBD-1001")
    assert (ana.name, ana.rating) == ("Ana Conceição", 1850)
    assert sorted(tournament.entries.values_list("player__name", flat=True)) == [
        "Ana Conceição", "Caio Lôbo"]
