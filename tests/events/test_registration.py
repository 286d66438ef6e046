"""Online registration for an event's sections (issue 17)."""

import pytest
from django.urls import reverse
from tournament_factories import make_tournament

from events import registration as regs
from events.models import Event, Registration, RegistrationStatus, Section
from tournaments.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser):
    event = Event.objects.create(name="Brasileiro", slug="brasileiro")
    event.organisers.add(organiser)
    open_ = Section.objects.create(event=event, tournament=make_tournament(name="Absoluto"),
                                   registration_open=True)
    Section.objects.create(event=event, tournament=make_tournament(name="Feminino"), order=2)
    event.open_section = open_
    return event


def form(section, **fields):
    return {"section": section.pk, "name": "Ana Souza", "sex": "F", "birth_date": "2010-05-04",
            "club": "Campinas", "federation_id": "CBD-7", "email": "ana@example.org",
            "phone": "", **fields}


def test_registrant_is_told_what_happens_next_and_nothing_is_published(client, event):
    response = client.post(reverse("events:register", args=[event.slug]),
                           form(event.open_section))
    assert response.status_code == 200
    page = response.content.decode()
    assert "What happens next" in page
    assert Registration.objects.get().status == RegistrationStatus.PENDING
    listed = client.get(reverse("events:confirmed", args=[event.slug])).content.decode()
    assert "Ana Souza" not in listed
    assert not Player.objects.exists()


def test_closed_section_and_future_birth_are_refused_on_their_fields(client, event):
    closed = event.sections.get(registration_open=False)
    response = client.post(reverse("events:register", args=[event.slug]), form(closed))
    assert response.status_code == 400
    assert response.context["form"].errors["section"] == [
        "Registration for that section is closed: choose one of the open sections or ask the "
        "organisers."]
    response = client.post(reverse("events:register", args=[event.slug]),
                           form(event.open_section, birth_date="2999-01-01"))
    assert response.context["form"].errors["birth_date"] == [
        "The birth date cannot be in the future."]
    assert not Registration.objects.exists()


def test_organiser_approves_and_the_player_is_entered_and_listed(client, event, organiser):
    client.post(reverse("events:register", args=[event.slug]), form(event.open_section))
    registration = Registration.objects.get()
    client.force_login(organiser)
    client.post(reverse("events:decide", args=[event.slug, registration.pk]),
                {"decision": "approve"})
    registration.refresh_from_db()
    assert registration.status == RegistrationStatus.APPROVED
    assert registration.entry.tournament == event.open_section.tournament
    assert registration.entry.player.federation_id == "CBD-7"
    client.logout()
    listed = client.get(reverse("events:confirmed", args=[event.slug])).content.decode()
    assert "Ana Souza" in listed


def test_organiser_edits_then_refuses(client, event, organiser):
    client.post(reverse("events:register", args=[event.slug]), form(event.open_section))
    registration = Registration.objects.get()
    client.force_login(organiser)
    prefix = f"r{registration.pk}"
    data = {f"{prefix}-{key}": value
            for key, value in form(event.open_section, name="Ana Souza Lima").items()}
    response = client.post(reverse("events:registrations", args=[event.slug]),
                           {"registration": registration.pk, **data})
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.name == "Ana Souza Lima"
    client.post(reverse("events:decide", args=[event.slug, registration.pk]),
                {"decision": "refuse"})
    registration.refresh_from_db()
    assert registration.status == RegistrationStatus.REFUSED


def test_only_event_organisers_see_the_registrations(client, event, outsider):
    client.force_login(outsider)
    assert client.get(reverse("events:registrations", args=[event.slug])).status_code == 403


def test_registrations_are_rate_limited_per_address(client, event, monkeypatch):
    monkeypatch.setattr(regs, "MAX_PER_ADDRESS", 2)
    url = reverse("events:register", args=[event.slug])
    for index in range(2):
        client.post(url, form(event.open_section, name=f"Jogador {index}", federation_id=""))
    response = client.post(url, form(event.open_section, name="Mais um", federation_id=""))
    assert response.status_code == 429
    assert Registration.objects.count() == 2
