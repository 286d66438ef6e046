"""Issue 27, organiser on a phone (390 px): a league's rosters from an Excel sheet, a refused
file corrected, the preview row by row, the confirmation, and the teams page with the rosters."""

from __future__ import annotations

import openpyxl
import pytest
from browser_support import exact, in_portuguese, sign_in
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from tournaments import services
from tournaments.models import Player, Team
from tournaments.pages.team_roster_views import RosterImportForm
from tournaments.services import teams as team_services

pytestmark = pytest.mark.browser


def sheet(tmp_path, rows, name="elencos.xlsx"):
    workbook = openpyxl.Workbook()
    worksheet = workbook.active
    worksheet.title = "Elencos"
    worksheet.append(["Equipe", "Ordem", "Nome", "Clube", "ID Federação", "Rating",
                      "Nascimento"])
    for row in rows:
        worksheet.append(row)
    path = tmp_path / name
    workbook.save(path)
    return path


ROWS = [
    ["Clube de Damas de Campinas", 1, "Ana Beatriz Conceição", "Campinas", "CBD-1001", 1850,
     None],
    ["Clube de Damas de Campinas", 2, "João Gonçalves", None, None, 1720, 1987],
    ["Associação Recifense de Damas", 1, "Caio Lôbo", "Recife", "CBD-2040", 1790, None],
    ["Associação Recifense de Damas", 2, "Davi Rocha", None, None, None, None],
]


def choose_file(page, path):
    with translation.override("pt-br"):
        label = str(RosterImportForm().fields["file"].label)
    page.get_by_label(label).set_input_files(path)
    page.get_by_role("button", name=exact(in_portuguese("See the preview"))).click()


def test_organiser_imports_a_league_s_rosters_on_a_phone(open_tab, organiser, tmp_path):
    earlier = services.create_tournament(name="Aberto de Campinas", created_by=organiser)
    services.add_player(earlier, name="Ana Conceição", federation_id="CBD-1001")
    league = team_services.create_team_competition(created_by=organiser, boards=2,
                                                   name="Liga Pernambucana 2026")
    tab = open_tab("organiser", phone=True)
    page = tab.page
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(tab, organiser.username)
    page.goto(reverse("tournaments:teams", args=[league.slug]))
    page.get_by_role("link", name=exact(in_portuguese(
        "Import the rosters (CSV, Excel or LibreOffice)"))).click()
    tab.snap("roster-upload")

    # A file with the same order twice in a team: previewed, refused, nothing to confirm.
    wrong = [*ROWS[:3], ["Associação Recifense de Damas", 1, "Davi Rocha"]]
    choose_file(page, sheet(tmp_path, wrong, "errado.xlsx"))
    expect(page.get_by_role("heading", level=1)).to_have_text(
        in_portuguese("Roster import: preview"))
    expect(page.locator("#roster-line-5")).to_contain_text("Associação Recifense de Damas")
    expect(page.locator("#roster-refused")).to_be_visible()
    expect(page.get_by_role("button", name=exact(in_portuguese("Confirm the import")))
           ).to_have_count(0)
    tab.snap("roster-preview-refused")
    assert not Team.objects.exists()

    page.get_by_role("link", name=exact(in_portuguese("Send a corrected file"))).click()
    choose_file(page, sheet(tmp_path, ROWS))
    expect(page.locator("#roster-counts")).to_contain_text("2")
    expect(page.locator("#roster-line-2")).to_contain_text("Ana Conceição")  # found by id
    tab.snap("roster-preview")
    assert not Team.objects.exists()
    page.get_by_role("button", name=exact(in_portuguese("Confirm the import"))).click()

    expect(page.get_by_role("heading", level=2).first).to_have_text(in_portuguese("Teams"))
    for name in ("Ana Conceição", "João Gonçalves", "Caio Lôbo", "Davi Rocha"):
        expect(page.get_by_text(name, exact=True)).to_be_visible()
    tab.snap("rosters-saved")
    recife = Team.objects.get(name="Associação Recifense de Damas")
    assert [entry.player.name for entry in team_services.roster(recife)] == [
        "Caio Lôbo", "Davi Rocha"]
    assert Player.objects.filter(federation_id="CBD-1001").count() == 1


def test_the_preview_on_a_wide_screen(open_tab, organiser, tmp_path):
    league = team_services.create_team_competition(created_by=organiser, boards=2,
                                                   name="Liga Pernambucana 2026")
    tab = open_tab("organiser")
    page = tab.page
    sign_in(tab, organiser.username)
    page.goto(reverse("tournaments:import_rosters", args=[league.slug]))
    tab.snap("roster-upload-wide")
    choose_file(page, sheet(tmp_path, [*ROWS, ["Natal", 3, "Rita Souza", None, None, 9999]]))
    expect(page.locator("#roster-refused")).to_be_visible()
    tab.snap("roster-preview-wide")
