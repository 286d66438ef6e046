"""Events hold tournaments as sections; their officials act on every section (issue 17)."""

import pytest
from django.urls import reverse
from tournament_factories import game_at, make_tournament, play

from events.models import Event, Section
from tournaments.pages.permissions import can_arbitrate, can_manage

pytestmark = pytest.mark.django_db


def make_event(*sections, **fields) -> Event:
    event = Event.objects.create(name=fields.pop("name", "Brasileiro de Damas"),
                                 slug=fields.pop("slug", "brasileiro"), **fields)
    for order, tournament in enumerate(sections, start=1):
        Section.objects.create(event=event, tournament=tournament, order=order)
    return event


def test_event_page_lists_sections_with_leaders_and_round_in_play(client):
    absoluto = make_tournament(4, name="Absoluto", paired=True)
    feminino = make_tournament(2, name="Feminino")
    play(absoluto, {(1, 1): "1-0", (1, 2): "1/2-1/2"})
    winner = game_at(absoluto, 1, 1).white.player.name
    event = make_event(absoluto, feminino)

    page = client.get(reverse("events:detail", args=[event.slug])).content.decode()

    assert "Absoluto" in page and "Feminino" in page
    assert winner in page
    assert "Round 2 of 3" in page
    assert "not started" in page


def test_shared_first_place_lists_every_leader(client):
    tournament = make_tournament(2, name="Sub-14", paired=True, tiebreaks=[])
    play(tournament, {(1, 1): "1/2-1/2"})
    event = make_event(tournament)
    page = client.get(reverse("events:detail", args=[event.slug])).content.decode()
    assert "Jogador 01" in page and "Jogador 02" in page
    assert "finished" in page


def test_event_arbiter_arbitrates_every_section_and_nothing_else(arbiter, organiser):
    absoluto = make_tournament(2, name="Absoluto")
    feminino = make_tournament(2, name="Feminino")
    elsewhere = make_tournament(2, name="Aberto de Recife")
    event = make_event(absoluto, feminino)
    event.arbiters.add(arbiter)
    event.organisers.add(organiser)

    assert can_arbitrate(arbiter, absoluto) and can_arbitrate(arbiter, feminino)
    assert not can_arbitrate(arbiter, elsewhere)
    assert not can_manage(arbiter, absoluto)
    assert can_manage(organiser, feminino) and not can_manage(organiser, elsewhere)


def test_event_arbiter_enters_a_result_in_a_section(client, arbiter):
    tournament = make_tournament(2, name="Sênior", paired=True)
    make_event(tournament).arbiters.add(arbiter)
    game = game_at(tournament, 1, 1)
    client.force_login(arbiter)
    response = client.post(reverse("tournaments:game_result", args=[tournament.slug, game.pk]),
                           {"result": "1-0", "version": game.version})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.result == "1-0"


def test_a_tournament_without_event_keeps_working(client):
    tournament = make_tournament(2, name="Avulso", paired=True)
    assert client.get(tournament.get_absolute_url()).status_code == 200


def test_event_ending_before_it_starts_names_the_field():
    import datetime

    from django.core.exceptions import ValidationError

    event = Event(name="X", slug="x", start_date=datetime.date(2026, 5, 2),
                  end_date=datetime.date(2026, 5, 1))
    with pytest.raises(ValidationError) as error:
        event.full_clean()
    assert "end_date" in error.value.message_dict


def test_unknown_event_is_404(client):
    assert client.get(reverse("events:detail", args=["nada"])).status_code == 404


def test_the_front_page_leads_to_the_events(client):
    make_event(make_tournament(2, name="Sub-17"))
    assert reverse("events:list") in client.get(reverse("home")).content.decode()


def test_printed_header_names_the_event_arbiters(arbiter):
    from tournaments.printing.collect import tournament_header

    tournament = make_tournament(2, name="Sênior")
    make_event(tournament).arbiters.add(arbiter)
    assert tournament_header(tournament).arbiters == (arbiter.username,)
