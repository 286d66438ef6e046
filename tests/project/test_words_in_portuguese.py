"""The words of issue 25 in pt-BR: no English left in a select, labels that start with a capital,
no source path shown to users, and a category that says who it takes."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils import translation
from tournament_factories import make_tournament

from events.forms import EventForm, SectionForm
from events.models import Event, Section
from events.registration import RegistrationForm
from prizes.models import Category, Kind
from tournaments.pages.swiss_forms import ExchangeForm

CATALOGUES = [Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"
              for language in ("pt_BR", "en")]


@pytest.fixture
def event(db):
    event = Event.objects.create(name="Brasileiro", slug="brasileiro")
    Section.objects.create(event=event, tournament=make_tournament(name="Absoluto"),
                           registration_open=True)
    return event


@pytest.mark.django_db
def test_a_selects_empty_choice_is_in_portuguese(client, event):
    """Django 6.1's new blank choice, "- Select an option -", has no pt-BR in Django yet."""
    page = client.get(reverse("events:register", args=[event.slug]),
                      HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "Select an option" not in page
    assert "- Escolha uma opção -" in page


@pytest.mark.django_db
def test_labels_start_with_a_capital(event):
    with translation.override("pt-br"):
        labels = [str(EventForm().fields[name].label) for name in ("organiser_names",
                                                                    "arbiter_names")]
        labels.append(str(SectionForm(user=AnonymousUser()).fields["tournament"].label))
        labels.append(str(RegistrationForm(event=event).fields["section"].label))
        labels.append(str(ExchangeForm(tournament=event.sections.get().tournament)
                          .fields["second"].label))
    assert labels == ["Organizadores", "Árbitros", "Torneio", "Seção", "Troca de lugar com"]


def test_no_source_path_is_shown_to_users():
    path = re.compile(r"\b[\w/]+\.(?:py|html)\b")
    shown = []
    for catalogue in CATALOGUES:
        for line in catalogue.read_text(encoding="utf-8").splitlines():
            if line.startswith(("msgid ", "msgstr ", '"')) and path.search(line):
                shown.append(line)
    assert shown == []


@pytest.mark.django_db
def test_an_age_category_says_who_it_takes():
    category = Category(tournament=make_tournament(), name="Sub-14", kind=Kind.UNDER, age=14,
                        reference_date=datetime.date(2026, 1, 1))
    with translation.override("pt-br"):
        assert category.describe() == "menos de 14 anos na data de referência, 01/01/2026"
        assert str(Kind.UNDER.label) == "Sub-N (menos de N anos na data de referência)"
        category.kind, category.age = Kind.OVER, 60
        assert category.describe() == "60 anos ou mais na data de referência, 01/01/2026"


def test_a_named_person_is_not_given_a_sex_the_site_does_not_know():
    """ "Íris ... está inscrito": a sentence about a named person agrees with the sex only in
    the entries that are chosen by it (contexts "said of a woman" / "said of a man")."""
    from test_translations import PORTUGUESE, messages

    # "Pessoa já cadastrada" agrees with "pessoa", not with the person.
    gendered = re.compile(r"(?<!essoa já )\b(?:inscrit[oa]|cadastrad[oa]|nascid[oa])\b")
    wrong = [entry["msgid"] for entry in messages(PORTUGUESE)
             if "%(name)s" in entry["msgid"] and not entry["msgctxt"]
             and gendered.search(entry["msgstr"][0])]
    assert wrong == []
