"""The public registration form says what is true (issue 25): closed sections are not offered,
the confirmed list counts every entered player, the form asks sex and a private contact, a
women's section checks the sex, and one person asks once per section."""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation
from tournament_factories import make_tournament

from events import registration as regs
from events.models import Event, Registration, RegistrationStatus, Section
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser):
    event = Event.objects.create(name="Brasileiro", slug="brasileiro")
    event.organisers.add(organiser)
    event.absoluto = Section.objects.create(
        event=event, tournament=make_tournament(name="Absoluto"), registration_open=True)
    event.feminino = Section.objects.create(
        event=event, tournament=make_tournament(name="Feminino"), registration_open=True,
        women_only=True, order=2)
    event.sub14 = Section.objects.create(
        event=event, tournament=make_tournament(name="Sub-14"), order=3)
    return event


def form(section, **fields):
    return {"section": section.pk, "name": "Íris Prado", "sex": "F", "birth_date": "2001-02-03",
            "club": "Recife", "federation_id": "", "email": "iris@example.org",
            "phone": "+55 81 99999-0000", **fields}


def send(client, event, **fields):
    return client.post(reverse("events:register", args=[event.slug]),
                       form(fields.pop("section", event.absoluto), **fields))


def test_a_closed_section_is_not_offered_and_is_named_as_closed(client, event):
    page = client.get(reverse("events:register", args=[event.slug]))
    offered = [label for _value, label in page.context["form"].fields["section"].choices]
    assert "Sub-14" not in offered and "Absoluto" in offered
    assert "Registration is closed for: Sub-14." in page.content.decode()
    refused = send(client, event, section=event.sub14)
    assert refused.status_code == 400
    assert "section" in refused.context["form"].errors
    assert not Registration.objects.exists()


def test_the_confirmed_list_counts_players_entered_by_the_organisers(client, event):
    for number in range(3):
        services.enter_person(event.absoluto.tournament, name=f"Jogador {number}")
    send(client, event)  # pending: counted, not named
    page = client.get(reverse("events:confirmed", args=[event.slug])).content.decode()
    assert "No confirmed players" not in page
    assert "3 players entered." in page and "Jogador 2" in page
    assert "1 request is waiting for the organisers." in page
    assert "Íris Prado" not in page
    assert page.count("No player entered yet.") == 2  # Feminino and Sub-14


def test_sex_is_asked_and_a_womens_section_takes_only_women(client, event):
    assert "sex" in send(client, event, sex="").context["form"].errors
    refused = send(client, event, section=event.feminino, name="Caio Lima", sex="M")
    assert refused.context["form"].errors["sex"] == [
        "Feminino is a women's section: only players who register as female may enter it."]
    assert send(client, event, section=event.feminino).status_code == 200
    assert Registration.objects.get().sex == "F"


def test_a_contact_is_asked_and_shown_to_the_organisers_only(client, event, organiser):
    missing = send(client, event, email="", phone="")
    assert missing.context["form"].errors["email"] == [
        "Give an e-mail or a phone, so that the organisers can reach you."]
    assert "phone" in send(client, event, phone="call me").context["form"].errors
    assert "phone" in send(client, event, phone="123").context["form"].errors
    assert send(client, event, email="", phone="(81) 99999-0000").status_code == 200
    Registration.objects.all().delete()
    received = send(client, event).content.decode()
    assert "iris@example.org" not in received and "99999" not in received
    registration = Registration.objects.get()
    client.force_login(organiser)
    listed = client.get(reverse("events:registrations", args=[event.slug])).content.decode()
    assert "iris@example.org" in listed and "+55 81 99999-0000" in listed
    regs.approve(registration, user=organiser)
    client.logout()
    for name in ("confirmed", "detail", "register"):
        page = client.get(reverse(f"events:{name}", args=[event.slug])).content.decode()
        assert "Íris Prado" in page or name != "confirmed"
        assert "iris@example.org" not in page and "99999" not in page


def test_the_same_person_asks_once_per_section(client, event):
    assert send(client, event, federation_id="CBD-9").status_code == 200
    again = send(client, event, name="ÍRIS  PRADO", email="outro@example.org")
    assert again.status_code == 400
    assert again.context["form"].non_field_errors() == [
        "ÍRIS PRADO, born on 02/03/2001, has already asked to enter Absoluto. To change that "
        "request, write to the organisers."]
    by_id = send(client, event, name="Iris P.", birth_date="2001-03-02", federation_id="CBD-9")
    assert by_id.context["form"].non_field_errors() == [
        "A request to enter Absoluto with federation id CBD-9 exists already. To change that "
        "request, write to the organisers."]
    assert send(client, event, section=event.feminino).status_code == 200  # another section
    assert Registration.objects.count() == 2


def test_a_refused_request_does_not_block_a_new_one(client, event):
    send(client, event)
    regs.refuse(Registration.objects.get())
    assert send(client, event).status_code == 200
    assert Registration.objects.filter(status=RegistrationStatus.PENDING).count() == 1


def test_the_database_refuses_a_second_request_of_the_same_person(event):
    """What two forms sent at the same instant would meet, past the form's check."""
    born = datetime.date(2001, 2, 3)
    Registration.objects.create(section=event.absoluto, name="Íris Prado", birth_date=born)
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(section=event.absoluto, name="ÍRIS PRADO", birth_date=born)
    Registration.objects.create(section=event.absoluto, name="Outra", birth_date=born,
                                federation_id="CBD-1")
    with pytest.raises(IntegrityError), transaction.atomic():
        Registration.objects.create(section=event.absoluto, name="Mais outra", birth_date=born,
                                    federation_id="CBD-1")


@pytest.mark.parametrize(("sex", "words"), [
    ("F", "Íris Prado está inscrita em Absoluto."),
    ("M", "Íris Prado está inscrito em Absoluto."),
    ("", "A inscrição de Íris Prado em Absoluto está confirmada."),
])
def test_the_approval_message_agrees_with_the_persons_sex(sex, words):
    with translation.override("pt-br"):
        assert regs.entered_message("Íris Prado", sex, "Absoluto") == words


def test_two_forms_of_one_person_at_the_same_instant_meet_the_constraint(client, event,
                                                                         monkeypatch):
    """Both pass the form's check before either is saved: the database's constraint refuses
    the second, and the page says why instead of failing."""
    monkeypatch.setattr(regs.RegistrationForm, "_refuse_a_second_request",
                        lambda self, section, data: None)
    monkeypatch.setattr(Registration, "validate_constraints", lambda self, exclude=None: None)
    assert send(client, event).status_code == 200
    again = send(client, event)
    assert again.status_code == 400
    assert again.context["form"].non_field_errors() == [
        "This person has already asked to enter this section."]
    assert Registration.objects.count() == 1
