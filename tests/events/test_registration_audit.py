"""Approving, refusing or editing a registration is an official action: the audit log of the
section's tournament says who did it, when, and the registration before and after (issue 17)."""

import pytest
from django.urls import reverse
from tournament_factories import make_tournament

from arbitration.models import AuditEntry
from events.models import Event, Registration, RegistrationStatus, Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser):
    event = Event.objects.create(name="Brasileiro", slug="brasileiro")
    event.organisers.add(organiser)
    event.absoluto = Section.objects.create(
        event=event, tournament=make_tournament(name="Absoluto"), registration_open=True)
    event.sub14 = Section.objects.create(
        event=event, tournament=make_tournament(name="Sub-14"), registration_open=True, order=2)
    return event


def register(client, event, name="Ana Souza"):
    client.post(reverse("events:register", args=[event.slug]), {
        "section": event.absoluto.pk, "name": name, "sex": "F", "birth_date": "2010-05-04",
        "club": "Campinas", "federation_id": "", "email": "ana@example.org"})
    return Registration.objects.get(name=name)


def log(tournament, action):
    return list(AuditEntry.objects.filter(tournament=tournament, action=action))


def test_approval_is_logged_with_who_and_the_status_before_and_after(client, event, organiser):
    registration = register(client, event)
    client.force_login(organiser)
    client.post(reverse("events:decide", args=[event.slug, registration.pk]),
                {"decision": "approve"})
    [entry] = log(event.absoluto.tournament, "registration-approved")
    assert entry.actor == organiser and entry.actor_name == "organizadora"
    assert entry.at is not None
    assert entry.before["status"] == RegistrationStatus.PENDING
    assert entry.after["status"] == RegistrationStatus.APPROVED
    assert entry.after["name"] == "Ana Souza" and entry.after["section"] == "Absoluto"
    assert entry.get_action_display() == "registration approved"
    # A second click approves nothing more and logs nothing more.
    client.post(reverse("events:decide", args=[event.slug, registration.pk]),
                {"decision": "approve"})
    assert len(log(event.absoluto.tournament, "registration-approved")) == 1


def test_refusal_is_logged_once(client, event, organiser):
    registration = register(client, event)
    client.force_login(organiser)
    for _click in range(2):
        client.post(reverse("events:decide", args=[event.slug, registration.pk]),
                    {"decision": "refuse"})
    [entry] = log(event.absoluto.tournament, "registration-refused")
    assert (entry.before["status"], entry.after["status"]) == ("pending", "refused")
    assert entry.actor == organiser


def test_an_edit_is_logged_before_and_after_in_the_new_sections_tournament(client, event,
                                                                          organiser):
    registration = register(client, event)
    client.force_login(organiser)
    prefix = f"r{registration.pk}"
    response = client.post(reverse("events:registrations", args=[event.slug]), {
        "registration": registration.pk, f"{prefix}-section": event.sub14.pk,
        f"{prefix}-name": "Ana Souza Lima", f"{prefix}-birth_date": "2011-05-04",
        f"{prefix}-club": "Campinas", f"{prefix}-federation_id": "", f"{prefix}-sex": "F"})
    assert response.status_code == 302
    [entry] = log(event.sub14.tournament, "registration-edited")
    assert entry.before == {"name": "Ana Souza", "birth_date": "2010-05-04",
                            "club": "Campinas", "federation_id": "", "sex": "F",
                            "section": "Absoluto", "status": "pending"}
    assert entry.after["name"] == "Ana Souza Lima"
    assert entry.after["birth_date"] == "2011-05-04"
    assert entry.after["section"] == "Sub-14"
    assert entry.actor == organiser


def test_a_refused_edit_logs_nothing_and_saves_nothing(client, event, organiser):
    registration = register(client, event)
    client.force_login(organiser)
    prefix = f"r{registration.pk}"
    response = client.post(reverse("events:registrations", args=[event.slug]), {
        "registration": registration.pk, f"{prefix}-section": event.absoluto.pk,
        f"{prefix}-name": "Ana", f"{prefix}-birth_date": "2999-01-01",
        f"{prefix}-club": "", f"{prefix}-federation_id": ""})
    assert response.status_code == 400
    registration.refresh_from_db()
    assert registration.name == "Ana Souza"
    assert not AuditEntry.objects.filter(action="registration-edited").exists()


def test_an_approved_registration_cannot_be_edited_and_nothing_is_logged(client, event,
                                                                        organiser):
    registration = register(client, event)
    client.force_login(organiser)
    client.post(reverse("events:decide", args=[event.slug, registration.pk]),
                {"decision": "approve"})
    prefix = f"r{registration.pk}"
    response = client.post(reverse("events:registrations", args=[event.slug]), {
        "registration": registration.pk, f"{prefix}-section": event.absoluto.pk,
        f"{prefix}-name": "Outra", f"{prefix}-birth_date": "2010-05-04",
        f"{prefix}-club": "", f"{prefix}-federation_id": ""})
    assert response.status_code == 400
    registration.refresh_from_db()
    assert registration.name == "Ana Souza"
    assert not AuditEntry.objects.filter(action="registration-edited").exists()
