"""Issue 19: a double click is not a conflict. The second post of the same result, with the
version the page was shown at, answers as the first did; only a different result is a conflict."""

import pytest
from django.urls import reverse
from tournament_factories import game_at, make_tournament

from arbitration.models import Action, AuditEntry
from tournaments import services
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(organiser, arbiter):
    return make_tournament(4, organiser=organiser, arbiter=arbiter, paired=True,
                           name="Aberto de Natal")


def result_url(tournament, game) -> str:
    return reverse("tournaments:game_result", args=[tournament.slug, game.pk])


def test_the_second_post_of_a_double_click_answers_as_the_first(client, tournament, arbiter):
    client.force_login(arbiter)
    game = game_at(tournament, 1, 1)
    form = {"result": "1-0", "version": game.version}
    first = client.post(result_url(tournament, game), form)
    second = client.post(result_url(tournament, game), form)
    assert first.status_code == second.status_code == 302
    assert second["Location"] == first["Location"] == reverse(
        "tournaments:round", args=[tournament.slug, 1])
    saved = Game.objects.get(pk=game.pk)
    assert (saved.result, saved.version) == ("1-0", game.version + 1)
    assert AuditEntry.objects.filter(game=game, action=Action.RESULT_ENTERED).count() == 1


def test_a_double_click_with_swapped_colours_is_not_a_conflict_either(client, tournament,
                                                                       arbiter):
    client.force_login(arbiter)
    game = game_at(tournament, 1, 2)
    form = {"result": "0-1", "colours_swapped": "on", "version": game.version}
    client.post(result_url(tournament, game), form)
    second = client.post(result_url(tournament, game), form)
    assert second.status_code == 302
    saved = Game.objects.get(pk=game.pk)
    assert saved.colours_swapped and saved.white_id == game.black_id


@pytest.mark.parametrize("second", [
    {"result": "0-1"},  # another result
    {"result": "1-0", "colours_swapped": "on"},  # the same result with the other colours
])
def test_a_different_entry_on_an_old_version_is_still_a_conflict(client, tournament, arbiter,
                                                                  second):
    client.force_login(arbiter)
    game = game_at(tournament, 1, 1)
    client.post(result_url(tournament, game), {"result": "1-0", "version": game.version})
    response = client.post(result_url(tournament, game), {**second, "version": game.version},
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    assert "changed by someone else" in response.content.decode()
    saved = Game.objects.get(pk=game.pk)
    assert (saved.result, saved.colours_swapped) == ("1-0", False)


def test_the_service_returns_the_game_as_saved(tournament):
    game = game_at(tournament, 1, 1)
    first = services.record_result(game, result="1/2-1/2", expected_version=game.version)
    again = services.record_result(game, result="1/2-1/2", expected_version=game.version)
    assert again.pk == first.pk and again.version == first.version == game.version + 1
