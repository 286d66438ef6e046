"""Organisers set up an event without the admin: facts, officials, sections, registration."""

import html

import pytest
from django.urls import reverse
from tournament_factories import make_tournament

from events.models import Event

pytestmark = pytest.mark.django_db


def test_organiser_creates_an_event_names_officials_and_adds_a_section(client, organiser,
                                                                      arbiter):
    client.force_login(organiser)
    response = client.post(reverse("events:create"), {
        "name": "Brasileiro de Damas 2026", "place": "Recife", "start_date": "2026-07-01",
        "end_date": "2026-07-05", "organiser_names": "", "arbiter_names": arbiter.username})
    event = Event.objects.get()
    assert response.status_code == 302 and event.slug == "brasileiro-de-damas-2026"
    assert list(event.organisers.all()) == [organiser]
    assert list(event.arbiters.all()) == [arbiter]
    tournament = make_tournament(name="Absoluto", organiser=organiser)
    client.post(reverse("events:add_section", args=[event.slug]), {"tournament": tournament.pk})
    section = event.sections.get()
    assert section.tournament == tournament and not section.registration_open
    client.post(reverse("events:toggle_registration", args=[event.slug, section.pk]))
    section.refresh_from_db()
    assert section.registration_open


def test_unknown_arbiter_and_bad_dates_are_named(client, organiser):
    client.force_login(organiser)
    response = client.post(reverse("events:create"), {
        "name": "X", "start_date": "2026-07-05", "end_date": "2026-07-01",
        "arbiter_names": "ninguem"})
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert errors["arbiter_names"] == ["No user is called ninguem."]
    assert "end_date" in errors
    assert not Event.objects.exists()


def test_a_tournament_of_someone_else_cannot_become_a_section(client, organiser):
    client.force_login(organiser)
    client.post(reverse("events:create"), {"name": "Evento"})
    event = Event.objects.get()
    foreign = make_tournament(name="Alheio")
    client.post(reverse("events:add_section", args=[event.slug]), {"tournament": foreign.pk})
    assert not event.sections.exists()


def test_strangers_cannot_create_or_edit(client, outsider, organiser):
    client.force_login(outsider)
    assert client.get(reverse("events:create")).status_code == 403
    event = Event.objects.create(name="E", slug="e")
    assert client.get(reverse("events:edit", args=[event.slug])).status_code == 403


def test_a_section_is_added_as_the_womens_section(client, organiser):
    """Issue 25: the form needs to know which section takes only women."""
    client.force_login(organiser)
    event = Event.objects.create(name="Brasileiro", slug="brasileiro")
    event.organisers.add(organiser)
    tournament = make_tournament(name="Feminino", organiser=organiser)
    client.post(reverse("events:add_section", args=[event.slug]),
                {"tournament": tournament.pk, "women_only": "on"})
    assert event.sections.get().women_only
    page = html.unescape(client.get(reverse("events:edit", args=[event.slug])).content.decode())
    assert "Feminino</a> (women's section)" in page
    section = event.sections.get()
    client.post(reverse("events:toggle_women_only", args=[event.slug, section.pk]))
    section.refresh_from_db()
    assert not section.women_only
    client.post(reverse("events:toggle_women_only", args=[event.slug, section.pk]))
    section.refresh_from_db()
    assert section.women_only
