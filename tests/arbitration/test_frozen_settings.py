"""Issue 19: what was played is frozen. Once a game has a score sheet or a claim, the board, the
draw-rule profile and the time control its verdicts were checked under cannot change; the form
names the field. The notation may change: each sheet keeps its own."""

import pytest
import sheet_fragments as fragments
from arbitration_factories import attach
from django.core.exceptions import ValidationError
from django.urls import reverse

from arbitration import services
from arbitration.models import OpponentDecision, ScoreSheet
from tournaments import services as tournament_services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def settings_form(tournament: Tournament, **changes) -> dict:
    data = {"name": tournament.name, "place": tournament.place, "board": tournament.board,
            "time_control": tournament.time_control, "draw_profile": tournament.draw_profile,
            "notation": tournament.notation, "cycles": tournament.cycles,
            "swap_last_two": "on" if tournament.swap_last_two else "",
            "scoring_win": "1", "scoring_draw": "0.5", "scoring_loss": "0",
            "tiebreak_1": "direct-encounter"}
    data.update(changes)
    return data


def post_settings(client, organiser, tournament, **changes):
    client.force_login(organiser)
    return client.post(reverse("tournaments:edit", args=[tournament.slug]),
                       settings_form(tournament, **changes))


@pytest.mark.parametrize(("field", "value", "named"), [
    ("board", 100, "The board can no longer change"),
    ("draw_profile", "club", "The draw-rule profile can no longer change"),
    ("time_control", "rapid", "The time control can no longer change"),
])
def test_a_tournament_with_a_score_sheet_refuses_a_new_board_or_profile(
        client, organiser, tournament, game, field, value, named):
    attach(game, fragments.CAPTURE_MADE)
    response = post_settings(client, organiser, tournament, **{field: value})
    assert response.status_code == 200
    form = response.context["form"]
    assert list(form.errors) == [field]
    assert named in form.errors[field][0]
    assert named in response.content.decode()
    stored = Tournament.objects.get(pk=tournament.pk)
    assert (stored.board, stored.draw_profile, stored.time_control) == (64, "cbd", "classical")


def test_a_claim_alone_freezes_them_too(client, organiser, tournament, game, arbiter):
    attach(game, fragments.CAPTURE_IGNORED)
    services.record_irregularity(game, move="2.", decision=OpponentDecision.STAND,
                                 reported_by=game.black, user=arbiter)
    ScoreSheet.objects.filter(game=game).delete()  # the claim is what is left of the game
    response = post_settings(client, organiser, tournament, board=100)
    assert list(response.context["form"].errors) == ["board"]
    assert Tournament.objects.get(pk=tournament.pk).board == 64


def test_other_settings_still_change_under_recorded_games(client, organiser, tournament, game):
    attach(game, fragments.CAPTURE_MADE)
    response = post_settings(client, organiser, tournament, name="Aberto de Campinas 2026",
                             scoring_win="2", scoring_draw="1")
    assert response.status_code == 302
    stored = Tournament.objects.get(pk=tournament.pk)
    assert stored.name == "Aberto de Campinas 2026" and stored.scoring_win == 2
    assert (stored.board, stored.draw_profile) == (64, "cbd")


def test_the_form_says_the_fields_are_fixed(client, organiser, tournament, game):
    attach(game, fragments.CAPTURE_MADE)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:edit", args=[tournament.slug])).content.decode()
    assert "Fixed: games already have score sheets or claims checked under it." in page


def test_without_sheets_or_claims_the_board_may_change(client, organiser, tournament):
    response = post_settings(client, organiser, tournament, board=100)
    assert response.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).board == 100


def test_the_service_refuses_as_well(tournament, game):
    """Not only the form: the admin and scripts save through the model's validation."""
    attach(game, fragments.CAPTURE_MADE)
    tournament.draw_profile = "basic"
    with pytest.raises(ValidationError) as refused:
        tournament_services.update_tournament(tournament)
    assert list(refused.value.message_dict) == ["draw_profile"]
    assert Tournament.objects.get(pk=tournament.pk).draw_profile == "cbd"



def test_the_notation_may_still_change(client, organiser, tournament, game):
    attach(game, fragments.CAPTURE_MADE)
    response = post_settings(client, organiser, tournament, notation="numeric")
    assert response.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).notation == "numeric"
