"""A claim that changes a result moves the tournament's page version (issue 15); one that does
not change it leaves the pages' cache alone."""

import pytest
import sheet_fragments as fragments
from arbitration_factories import attach, first_game, fresh, make_tournament

from arbitration import services
from arbitration.models import ClaimDecision
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def version(tournament_id: int) -> int:
    return Tournament.objects.get(pk=tournament_id).version


def claim(move: str):
    game = first_game(make_tournament())
    attach(game, fragments.THREEFOLD)
    return services.make_draw_claim(game, claimant=game.white, rule="threefold", move=move)


def test_an_upheld_claim_that_makes_the_game_a_draw_moves_the_version(arbiter):
    upheld = claim("4...")
    tournament_id = upheld.game.round.tournament_id
    before = version(tournament_id)
    services.decide_draw_claim(upheld, decision=ClaimDecision.UPHELD,
                               expected_game_version=fresh(upheld.game).version, user=arbiter)
    assert version(tournament_id) > before


def test_a_rejected_claim_leaves_the_version(arbiter):
    rejected = claim("3...")
    tournament_id = rejected.game.round.tournament_id
    before = version(tournament_id)
    services.decide_draw_claim(rejected, decision=ClaimDecision.REJECTED,
                               expected_game_version=fresh(rejected.game).version, user=arbiter)
    assert version(tournament_id) == before
