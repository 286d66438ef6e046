"""Issue 12: the 100-square create form offered the 64-only draw profiles and algebraic
notation, and the server then refused them. It now offers only what fits the chosen board."""

from __future__ import annotations

import pytest
from browser_support import exact, in_portuguese, label_of, sign_in
from playwright.sync_api import expect

from tournaments.models import Tournament
from tournaments.pages.forms import TournamentForm

pytestmark = pytest.mark.browser

ENABLED_OPTIONS_JS = "select => Array.from(select.options).filter(o => !o.disabled && !o.hidden)" \
                     ".map(o => o.value)"


def test_the_create_form_offers_only_what_fits_the_board(open_tab, organiser):
    tab = open_tab("create-form")
    page = tab.page
    sign_in(tab, organiser.username)
    page.goto("/torneios/novo/")
    board = page.get_by_label(label_of(TournamentForm, "board"))
    profile = page.get_by_label(label_of(TournamentForm, "draw_profile"))
    notation = page.get_by_label(label_of(TournamentForm, "notation"))
    assert profile.evaluate(ENABLED_OPTIONS_JS) == ["cbd", "regional", "basic", "club"]
    assert "algebraic" in notation.evaluate(ENABLED_OPTIONS_JS)

    profile.select_option("regional")
    notation.select_option("algebraic")
    board.select_option("100")
    assert profile.evaluate(ENABLED_OPTIONS_JS) == ["cbd"]
    assert "algebraic" not in notation.evaluate(ENABLED_OPTIONS_JS)
    expect(profile).to_have_value("cbd")  # moved off a choice that no longer fits
    expect(notation).not_to_have_value("algebraic")
    tab.snap("hundred-squares")

    board.select_option("64")
    assert profile.evaluate(ENABLED_OPTIONS_JS) == ["cbd", "regional", "basic", "club"]
    board.select_option("100")
    page.get_by_label(label_of(TournamentForm, "name")).fill("Aberto Internacional de Natal")
    page.get_by_role("button", name=exact(in_portuguese("Create"))).click()
    expect(page.get_by_role("status")).to_be_visible()
    created = Tournament.objects.get(name="Aberto Internacional de Natal")
    assert (created.board, created.draw_profile) == (100, "cbd")
