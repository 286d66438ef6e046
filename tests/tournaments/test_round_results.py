"""Issue 12: a whole round's results on one page, typed as codes and saved at once, each board
still refusing a stale version (issue 9) and named in every error."""

import html

import pytest
from django.urls import reverse
from tournament_factories import game_at, make_tournament

from arbitration.models import Action, AuditEntry
from tournaments import services
from tournaments.models import Game
from tournaments.pages.round_results import parse_code

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(organiser, arbiter):
    """Six players: three boards a round."""
    return make_tournament(6, organiser=organiser, arbiter=arbiter, paired=True,
                           name="Aberto de Olinda")


def form_data(tournament, round_number: int, codes: dict[int, str]) -> dict[str, str]:
    data = {}
    for game in Game.objects.filter(round__tournament=tournament, round__number=round_number):
        data[f"board_{game.pk}"] = codes.get(game.board, game.result)
        data[f"version_{game.pk}"] = str(game.version)
    return data


def url(tournament, number: int = 1) -> str:
    return reverse("tournaments:round_results", args=[tournament.slug, number])


@pytest.mark.parametrize(("typed", "stored"), [
    ("1", "1-0"), ("0", "0-1"), ("=", "1/2-1/2"), ("½", "1/2-1/2"), ("+", "+-"), ("-", "-+"),
    ("--", "--"), ("0-0", "--"), (" 1-0 ", "1-0"), ("", ""), ("x", None), ("2", None),
])
def test_codes(typed, stored):
    assert parse_code(typed) == stored


def test_every_board_saved_at_once_and_audited(client, tournament, arbiter):
    client.force_login(arbiter)
    page = client.get(url(tournament))
    assert page.status_code == 200
    assert page.content.decode().count('class="result-code') == 3
    response = client.post(url(tournament), form_data(tournament, 1, {1: "1", 2: "=", 3: "--"}))
    assert response.status_code == 302
    assert [game_at(tournament, 1, board).result for board in (1, 2, 3)] == [
        "1-0", "1/2-1/2", "--"]
    assert AuditEntry.objects.filter(action=Action.RESULT_ENTERED, actor=arbiter).count() == 3


def test_a_wrong_code_names_its_board_and_saves_nothing(client, tournament, arbiter):
    client.force_login(arbiter)
    response = client.post(url(tournament), form_data(tournament, 1, {1: "1", 2: "x", 3: "0"}),
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert 'Board 2: "x" is not a result' in html.unescape(response.content.decode())
    assert [game_at(tournament, 1, board).result for board in (1, 2, 3)] == ["", "", ""]


def test_a_stale_board_is_refused_by_name_and_nothing_is_overwritten(client, tournament,
                                                                      arbiter, organiser):
    client.force_login(arbiter)
    data = form_data(tournament, 1, {1: "1", 2: "0", 3: "="})
    # Another arbiter saves board 2 after the page was shown.
    other = game_at(tournament, 1, 2)
    services.record_result(other, result="1-0", expected_version=other.version, user=organiser)
    response = client.post(url(tournament), data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409
    page = html.unescape(response.content.decode())
    assert "Board 2: This game was changed by someone else" in page
    assert "What you typed was not saved: 0-1 (Black wins)." in page
    # Nothing saved: the round is never half saved; board 2 keeps the other arbiter's result.
    assert [game_at(tournament, 1, board).result for board in (1, 2, 3)] == ["", "1-0", ""]
    # The page now carries board 2's new version and stored result: saving again works.
    stored = game_at(tournament, 1, 2)
    assert f'name="version_{stored.pk}" value="{stored.version}"' in page
    again = form_data(tournament, 1, {1: "1", 3: "="})
    assert client.post(url(tournament), again).status_code == 302
    assert [game_at(tournament, 1, board).result for board in (1, 2, 3)] == [
        "1-0", "1-0", "1/2-1/2"]


def test_the_same_result_saved_meanwhile_is_no_conflict(client, tournament, arbiter):
    client.force_login(arbiter)
    data = form_data(tournament, 1, {1: "1"})
    game = game_at(tournament, 1, 1)
    services.record_result(game, result="1-0", expected_version=game.version)
    assert client.post(url(tournament), data).status_code == 302


def test_visitors_cannot_enter_results(client, tournament, outsider):
    assert client.get(url(tournament)).status_code == 302
    client.force_login(outsider)
    assert client.get(url(tournament)).status_code == 403


def test_round_pages_link_to_the_round_form(client, tournament, arbiter):
    client.force_login(arbiter)
    target = url(tournament, 2)
    for page in (reverse("tournaments:round", args=[tournament.slug, 2]),
                 reverse("arbitration:round", args=[tournament.slug, 2])):
        assert target in client.get(page).content.decode()
    # The single-game page stays.
    game = game_at(tournament, 2, 1)
    assert client.get(reverse("tournaments:game_result",
                              args=[tournament.slug, game.pk])).status_code == 200


SWAPPED_HELP = ("A game whose colours were swapped from the Berger table (Art. 10) is recorded "
                "on its own page: open it by its board number.")


def test_each_board_number_opens_its_game_and_the_colour_swap_is_said_once(client, tournament,
                                                                           arbiter):
    """Issue 25: every row linked "One game (colours swapped…)"; the board number is the link
    now, and the page says once what the game's own page is for (issue 25)."""
    client.force_login(arbiter)
    page = html.unescape(client.get(url(tournament), HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "One game (colours swapped" not in page
    assert page.count(SWAPPED_HELP) == 1
    for game in Game.objects.filter(round__tournament=tournament, round__number=1):
        link = reverse("tournaments:game_result", args=[tournament.slug, game.pk])
        assert f'<a href="{link}" title="Board {game.board} on its own page">{game.board}</a>' \
            in page


def test_a_swiss_round_does_not_speak_of_the_berger_table(client, organiser, arbiter):
    from tournaments.models import PairingSystem
    from tournaments.services import swiss as swiss_event

    swiss = make_tournament(6, organiser=organiser, arbiter=arbiter, name="Suíço de Olinda",
                            system=PairingSystem.SWISS, swiss_rounds=3)
    swiss_event.pair_next_round(swiss)
    client.force_login(arbiter)
    page = html.unescape(client.get(url(swiss), HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "Berger" not in page and "One game (colours swapped" not in page
