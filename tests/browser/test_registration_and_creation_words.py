"""Issue 25, walked in the browser on a 390 px phone and on a desktop: the public registration
form and the Swiss creation form read in pt-BR, without English and without a field of the
other pairing system."""

from __future__ import annotations

import re

import pytest
from browser_support import PASSWORD, exact, in_portuguese, label_of, sign_in
from playwright.sync_api import expect
from tournament_factories import make_tournament

from events.models import Event, Registration, Section
from events.registration import RegistrationForm
from tournaments.models import Tournament
from tournaments.pages.forms import TournamentForm
from tournaments.standings.tiebreaks import DEFAULT_SWISS_ORDER

pytestmark = pytest.mark.browser

PHONE_390 = {"width": 390, "height": 844}


@pytest.fixture
def event(transactional_db):
    event = Event.objects.create(name="Brasileiro de Damas", slug="brasileiro")
    Section.objects.create(event=event, tournament=make_tournament(name="Absoluto"),
                           registration_open=True)
    Section.objects.create(event=event, tournament=make_tournament(name="Feminino"),
                           registration_open=True, women_only=True, order=2)
    Section.objects.create(event=event, tournament=make_tournament(name="Sub-14"), order=3)
    return event


@pytest.mark.parametrize("phone", [True, False], ids=["phone-390", "desktop"])
def test_a_player_registers_in_portuguese(open_tab, event, phone):
    tab = open_tab("registrant-phone" if phone else "registrant", phone=phone)
    page = tab.page
    if phone:
        page.set_viewport_size(PHONE_390)
    page.goto(f"/eventos/{event.slug}/inscricao/")
    body = page.locator("main")
    expect(body).to_contain_text("- Escolha uma opção -")
    expect(body).not_to_contain_text("Select an option")
    expect(body).to_contain_text("Inscrições encerradas para: Sub-14.")
    section = page.get_by_label(label_of(RegistrationForm, "section", event=event))
    assert "Sub-14" not in section.inner_text()
    tab.snap("register-form")
    section.select_option(label="Feminino")
    page.get_by_label(label_of(RegistrationForm, "name", event=event)).fill("Íris Prado")
    page.get_by_label(label_of(RegistrationForm, "sex", event=event)).select_option("M")
    page.get_by_label(label_of(RegistrationForm, "birth_date", event=event)).fill("2001-02-03")
    page.get_by_role("button", name=exact(in_portuguese("Send my registration"))).click()
    expect(page.locator("#id_sex-errors")).to_contain_text("Feminino é uma seção feminina")
    expect(page.locator("#id_email-errors")).to_contain_text("Informe um e-mail ou um telefone")
    tab.snap("register-refused")
    page.get_by_label(label_of(RegistrationForm, "sex", event=event)).select_option("F")
    page.get_by_label(label_of(RegistrationForm, "email", event=event)).fill("iris@example.org")
    page.get_by_role("button", name=exact(in_portuguese("Send my registration"))).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        in_portuguese("Registration received"))
    tab.snap("register-received")
    assert Registration.objects.get().sex == "F"
    page.get_by_role("link", name=exact(in_portuguese("Confirmed players"))).first.click()
    expect(page.locator("main")).to_contain_text(
        "Nenhum jogador inscrito ainda. 1 pedido aguarda os organizadores.")
    expect(page.locator("main")).not_to_contain_text("iris@example.org")
    tab.snap("confirmed")


@pytest.mark.parametrize("phone", [True, False], ids=["phone-390", "desktop"])
def test_the_organiser_creates_a_swiss_seeing_what_is_saved(open_tab, organiser, phone):
    tab = open_tab("swiss-creator-phone" if phone else "swiss-creator", phone=phone)
    page = tab.page
    if phone:
        page.set_viewport_size(PHONE_390)
    sign_in(tab, organiser.username, PASSWORD)
    page.goto("/")
    page.get_by_role("link", name=exact(in_portuguese("Create a tournament"))).first.click()
    expect(page.get_by_label(label_of(TournamentForm, "cycles"))).to_be_visible()
    tab.snap("create-round-robin")
    page.get_by_role("link", name=re.compile(r"^Escolher sistema suíço")).click()
    expect(page.locator("main")).to_contain_text("Sistema de emparceiramento: sistema suíço")
    assert page.get_by_label(label_of(TournamentForm, "cycles")).count() == 0
    assert page.get_by_label(label_of(TournamentForm, "swap_last_two")).count() == 0
    tab.snap("create-swiss")
    page.get_by_label(label_of(TournamentForm, "name")).fill("Aberto Suíço de Olinda")
    page.get_by_label(label_of(TournamentForm, "swiss_rounds", system="swiss")).fill("7")
    shown = [select.input_value() for select in page.locator("select[name^=tiebreak_]").all()]
    page.get_by_role("button", name=exact(in_portuguese("Create"))).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Aberto Suíço de Olinda")
    tournament = Tournament.objects.get(name="Aberto Suíço de Olinda")
    assert tournament.is_swiss and tournament.swiss_rounds == 7
    assert tournament.tiebreaks == [value for value in shown if value] == list(
        DEFAULT_SWISS_ORDER)
