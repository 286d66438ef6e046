"""Issue 8, organiser: sign in, create a 64-square round robin, import 7 players from a Brazilian
Excel CSV, draw pairing numbers and generate the rounds, one bye per round (Art. 2)."""

from __future__ import annotations

import re

import pytest
from browser_support import PASSWORD, PLAYERS_CSV, exact, in_portuguese, label_of
from django.contrib.auth.forms import AuthenticationForm
from playwright.sync_api import expect

from tournaments.models import Board, Tournament
from tournaments.pages.forms import CsvImportForm, TournamentForm

pytestmark = pytest.mark.browser

PLAYER_NAMES = [line.split(";")[0] for line in
                PLAYERS_CSV.read_text(encoding="utf-8-sig").splitlines()[1:] if line.strip()]


def test_organiser_creates_round_robin_and_pairs_seven_players(open_tab, organiser):
    tab = open_tab("organiser")
    page = tab.page

    page.goto("/")
    tab.snap("home")
    page.get_by_role("link", name=exact(in_portuguese("Sign in"))).click()
    page.get_by_label(label_of(AuthenticationForm, "username")).fill(organiser.username)
    page.get_by_label(label_of(AuthenticationForm, "password")).fill(PASSWORD)
    tab.snap("sign-in")
    page.locator("main").get_by_role("button", name=exact(in_portuguese("Sign in"))).click()
    expect(page.get_by_role("button", name=re.compile(organiser.username))).to_be_visible()

    # Signed in, the organiser lands on the home page, which offers to create a tournament.
    page.get_by_role("link", name=exact(in_portuguese("Create a tournament"))).click()
    page.get_by_label(label_of(TournamentForm, "name")).fill("Aberto de Damas de Campinas 2026")
    page.get_by_label(label_of(TournamentForm, "place")).fill("Campinas (SP)")
    page.get_by_label(label_of(TournamentForm, "start_date")).fill("2026-11-21")
    page.get_by_label(label_of(TournamentForm, "end_date")).fill("2026-11-22")
    page.get_by_label(label_of(TournamentForm, "board")).select_option(str(Board.BRAZILIAN.value))
    page.get_by_label(label_of(TournamentForm, "cycles")).select_option("1")
    tab.snap("create-tournament")
    page.get_by_role("button", name=exact(in_portuguese("Create"))).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Aberto de Damas de Campinas 2026")
    tournament = Tournament.objects.get(name="Aberto de Damas de Campinas 2026")
    assert tournament.board == Board.BRAZILIAN
    assert list(tournament.organisers.all()) == [organiser]
    tab.snap("tournament-created")

    page.get_by_role("link", name=exact(in_portuguese(
        "Import a spreadsheet (CSV, Excel or LibreOffice)"))).click()
    page.get_by_label(label_of(CsvImportForm, "file")).set_input_files(PLAYERS_CSV)
    tab.snap("import-players")
    page.get_by_role("button", name=exact(in_portuguese("Import"))).click()
    page.get_by_role("button", name=exact(in_portuguese("Confirm the import"))).click()
    expect(page.get_by_role("status")).to_contain_text("7")
    players_table = page.locator("table")
    for name in PLAYER_NAMES:
        expect(players_table.get_by_role("link", name=name)).to_be_visible()
    tab.snap("players-imported")

    page.get_by_role("link", name=exact(in_portuguese("Draw pairing numbers"))).click()
    tab.snap("draw-numbers")
    # Issue 12: the button draws lots; it read "Empate" (a drawn game) when "Draw" had one entry.
    draw_lots = in_portuguese("Draw", context="draw the pairing numbers by lot: a button")
    assert draw_lots != in_portuguese("Draw", context="the result of a game")
    page.get_by_role("button", name=exact(draw_lots)).click()
    expect(page.get_by_role("status")).to_be_visible()
    tournament.refresh_from_db()
    numbers = sorted(tournament.entries.values_list("number", flat=True))
    assert numbers == list(range(1, 8))
    tab.snap("numbers-drawn")

    page.get_by_role("button", name=exact(in_portuguese("Generate all rounds"))).click()
    # Seven players: Berger's table for eight, the missing eighth is each round's bye.
    pager = page.get_by_role("navigation", name=in_portuguese("Rounds"))
    expect(pager.get_by_role("link")).to_have_count(7)
    tab.snap("rounds-generated")

    bye_paragraph = re.compile(re.escape(in_portuguese("Bye: %(player)s (no game, no points).")
                                         .split("%(player)s")[0]))
    players_with_bye = []
    for number in range(1, 8):
        pager.get_by_role("link", name=exact(str(number))).click()
        expect(pager.get_by_role("link", name=exact(str(number)))).to_have_attribute(
            "aria-current", "page")
        games = page.locator("table tbody tr")
        expect(games).to_have_count(3)
        bye = page.locator("p.bye")
        expect(bye).to_have_count(1)
        expect(bye).to_have_text(bye_paragraph)
        players_with_bye.append(next(name for name in PLAYER_NAMES if name in bye.inner_text()))
        if number in (1, 7):
            tab.snap(f"round-{number}")
    # Everyone sits out exactly once.
    assert sorted(players_with_bye) == sorted(PLAYER_NAMES)
