"""The issue 17 pages answer a page, a refusal or a 404 to odd input, never a server error."""

import pytest
from django.test import Client
from django.urls import reverse
from tournament_factories import make_tournament, play_all

from events.models import Event, Section
from prizes.models import Category, Kind

pytestmark = pytest.mark.django_db

ODD = ["", "0", "-1", "abc", "9" * 400, "\x00", "x" * 5000, "1.5", "[]"]


@pytest.fixture
def scene(organiser):
    tournament = make_tournament(4, name="Absoluto", organiser=organiser, paired=True,
                                 micro_match=True)
    play_all(tournament)
    event = Event.objects.create(name="Brasileiro", slug="brasileiro")
    event.organisers.add(organiser)
    section = Section.objects.create(event=event, tournament=tournament, registration_open=True)
    category = Category.objects.create(tournament=tournament, name="Todos", kind=Kind.ALL)
    return tournament, event, section, category


def pages(tournament, event, category):
    slug = tournament.slug
    return [reverse("events:list"), reverse("events:detail", args=[event.slug]),
            reverse("events:register", args=[event.slug]),
            reverse("events:confirmed", args=[event.slug]),
            reverse("events:registrations", args=[event.slug]),
            reverse("events:edit", args=[event.slug]), reverse("events:create"),
            reverse("prizes:list", args=[slug]), reverse("prizes:manage", args=[slug]),
            reverse("prizes:category", args=[slug, category.pk]),
            reverse("tournaments:rating_report", args=[slug]),
            reverse("tournaments:micro_match", args=[slug, 1, 1]),
            reverse("tournaments:person", args=[tournament.entries.first().player_id])]


def test_odd_query_strings_and_posts_never_break_a_page(scene, organiser):
    tournament, event, _section, category = scene
    client = Client(raise_request_exception=False)
    client.force_login(organiser)
    for path in pages(tournament, event, category):
        for value in ODD:
            query = {"formato": value, "_export": value, "lista": value, "sort": value}
            assert client.get(path, query).status_code in (200, 302, 400, 404), (path, value)
            fields = {name: value for name in (
                "form", "name", "kind", "age", "reference_date", "sex", "rating_min",
                "section", "birth_date", "registration", "first", "second", "first_version",
                "second_version", "tournament", "decision", "arbiter_names", "start_date",
                "place", "amount", "trophy", "category")}
            status = client.post(path, fields).status_code
            assert status in (200, 302, 400, 403, 404, 405, 409, 429), (path, value, status)


def test_the_crawlers_findings_are_refused_with_a_message(client, organiser, scene):
    """Found by tests/robustness once the event and prize pages were crawled: a registration
    id of 100 000 digits was a server error, and an empty post said nothing."""
    tournament, event, _section, _category = scene
    client.force_login(organiser)
    url = reverse("events:registrations", args=[event.slug])
    for value in ["9" * 100_000, "", "-1", "１２", "999999"]:
        response = client.post(url, {"registration": value}, follow=True)
        assert response.status_code == 200, value
        assert "Nothing was saved: choose a registration of this event to edit." in \
            response.content.decode(), value
    response = client.post(reverse("prizes:manage", args=[tournament.slug]), {})
    assert response.status_code == 400
    assert "Nothing was saved: send one of this page" in response.content.decode()
    assert not Category.objects.exclude(name="Todos").exists()
