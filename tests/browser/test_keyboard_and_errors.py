"""Issue 8, accessible forms: reachable and usable with the keyboard alone, focus visible, and
each error shown next to what it concerns and announced to screen readers."""

from __future__ import annotations

import re

import pytest
from browser_support import PASSWORD, exact, in_portuguese, label_of
from django.contrib.auth.forms import AuthenticationForm
from playwright.sync_api import expect

from tournaments.pages.forms import TournamentForm

pytestmark = pytest.mark.browser

MAX_TABS = 40  # more than any page here has controls before its form

ACTIVE_ID_JS = "() => document.activeElement && document.activeElement.id"
FOCUS_OUTLINE_JS = """() => { const style = getComputedStyle(document.activeElement);
  return [style.outlineStyle, parseFloat(style.outlineWidth)]; }"""
# For each id in the control's aria-describedby: does it exist, and is it inside the control's own
# .field block (so that what a screen reader reads out is also what sits next to the field)?
DESCRIBED_BY_JS = """el => (el.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean)
  .map(id => { const target = document.getElementById(id);
    return [id, !!target, !!target && el.closest('.field').contains(target),
            target ? target.textContent.trim() : '']; })"""


def tab_to(page, element_id: str) -> int:
    """Press Tab until the element has the focus; how many presses it took."""
    for presses in range(1, MAX_TABS + 1):
        page.keyboard.press("Tab")
        if page.evaluate(ACTIVE_ID_JS) == element_id:
            return presses
    raise AssertionError(f"#{element_id} never got the focus in {MAX_TABS} presses of Tab")


def assert_focus_visible(page) -> None:
    style, width = page.evaluate(FOCUS_OUTLINE_JS)
    assert style != "none" and width >= 2, f"the focused control shows no outline ({style})"


def test_sign_in_with_the_keyboard_alone(open_tab, organiser):
    tab = open_tab("keyboard")
    page = tab.page
    page.goto("/contas/login/")
    form = page.locator("main form")

    tab_to(page, "id_username")
    assert_focus_visible(page)
    page.keyboard.type(organiser.username)
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIVE_ID_JS) == "id_password"
    assert_focus_visible(page)
    page.keyboard.type("senha-errada")
    page.keyboard.press("Enter")

    # The refusal is announced (role=alert) inside the form, above the fields it is about.
    alert = form.get_by_role("alert")
    expect(alert).to_be_visible()
    expect(alert).not_to_be_empty()
    username = page.get_by_label(label_of(AuthenticationForm, "username"))
    expect(username).to_have_value(organiser.username)
    assert alert.bounding_box()["y"] < username.bounding_box()["y"]
    expect(page.get_by_role("button", name=re.compile(organiser.username))).to_have_count(0)
    tab.snap("wrong-password")

    page.get_by_label(label_of(AuthenticationForm, "password")).focus()
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name=re.compile(organiser.username))).to_be_visible()
    tab.snap("signed-in")


def test_field_error_sits_next_to_its_field_and_is_announced(open_tab, organiser):
    tab = open_tab("form-errors")
    page = tab.page
    page.goto("/contas/login/")
    page.get_by_label(label_of(AuthenticationForm, "username")).fill(organiser.username)
    page.get_by_label(label_of(AuthenticationForm, "password")).fill(PASSWORD)
    page.get_by_label(label_of(AuthenticationForm, "password")).press("Enter")
    expect(page.get_by_role("button", name=re.compile(organiser.username))).to_be_visible()

    page.goto("/torneios/novo/")
    name = page.get_by_label(label_of(TournamentForm, "name"))
    tab_to(page, "id_name")
    page.keyboard.press("Enter")  # submit with the required name left empty

    expect(name).to_have_attribute("aria-invalid", "true")
    field = page.locator(".field").filter(has=name)
    error = field.locator(".field-errors")
    expect(error).to_be_visible()
    expect(error).not_to_be_empty()
    described_by = name.evaluate(DESCRIBED_BY_JS)
    assert described_by, "the invalid field is not linked to its error (aria-describedby)"
    for element_id, exists, inside_field, text in described_by:
        assert exists, f"aria-describedby names #{element_id}, which is not on the page"
        assert inside_field, f"#{element_id} is not next to the field it describes"
        assert text
    # The other fields were valid and are not marked.
    expect(page.get_by_label(label_of(TournamentForm, "place"))).not_to_have_attribute(
        "aria-invalid", "true")
    tab.snap("required-name")

    name.focus()
    page.keyboard.type("Torneio de Damas Relâmpago")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Torneio de Damas Relâmpago")
    expect(page.get_by_role("link", name=exact(in_portuguese(
        "Import a spreadsheet (CSV, Excel or LibreOffice)")))).to_be_visible()
