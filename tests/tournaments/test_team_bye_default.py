"""Issue 25: a team Swiss's pairing-allocated bye is worth a drawn match (FIDE C.04.6 Art. 1.4)
unless the organiser sets otherwise; it was a won match's 2 points by default."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from django.urls import reverse
from team_factories import make_league, play_round
from tournament_factories import make_tournament

from tournaments.files import backup
from tournaments.models import TeamCompetition, TeamMatch, TeamSystem
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db


def team_swiss(**team_settings):
    return make_league(5, boards=2, roster=2, paired=False, system=TeamSystem.SWISS,
                       team_settings={"swiss_rounds": 3, **team_settings})


def bye_team_points(league) -> tuple[F, F]:
    """(match points, game points) of the team that had the round-1 bye, after round 1."""
    bye = TeamMatch.objects.get(round__tournament=league, round__number=1, away__isnull=True)
    lines = {line.team: line for line in team_services.team_standings(league)}
    return lines[bye.home_id].match_points, lines[bye.home_id].game_points


def test_a_new_team_swiss_gives_the_bye_a_drawn_match():
    league = team_swiss()
    competition = league.team_competition
    assert competition.bye_match_points is None  # nothing set: the article's default
    assert competition.scoring.bye_match_points == 1 == competition.match_draw
    team_services.pair_next_swiss_round(league)
    play_round(league, 1)
    # a drawn match: 1 match point (2-1-0) and half the 2 boards' game points
    assert bye_team_points(league) == (1, 1)


def test_the_default_follows_the_drawn_match_points_and_the_organiser_may_set_his_own():
    assert team_swiss(match_win=3, match_draw=2).team_competition.scoring.bye_match_points == 2
    league = make_league(5, boards=2, roster=2, paired=False, system=TeamSystem.SWISS,
                         team_settings={"swiss_rounds": 3, "bye_match_points": 2},
                         name="Liga com folga de vitória")
    team_services.pair_next_swiss_round(league)
    play_round(league, 1)
    assert bye_team_points(league) == (2, 1)


def test_a_round_robin_keeps_a_won_match_for_its_bye():
    league = make_league(5, boards=2, roster=2)
    assert league.team_competition.scoring.bye_match_points == 2


def test_the_default_round_trips_in_the_backup_as_null():
    league = team_swiss()
    team_services.pair_next_swiss_round(league)
    play_round(league, 1)
    data = json.loads(json.dumps(backup.export_tournament(league)))
    assert data["team_competition"]["bye_match_points"] is None
    copy = backup.import_tournament(data)
    assert copy.team_competition.bye_match_points is None
    assert backup.export_tournament(copy) == data


def test_the_settings_form_leaves_the_bye_empty_for_the_default(client, organiser):
    tournament = make_tournament(0, organiser=organiser, name="Copa por Equipes")
    client.force_login(organiser)
    response = client.post(reverse("tournaments:team_settings", args=[tournament.slug]), {
        "system": "swiss", "swiss_rounds": 5, "boards": 4, "match_win": 2, "match_draw": 1,
        "match_loss": 0, "primary": "match", "bye_match_points": "",
        "tiebreak_1": "game_points", "board_prize_min_games": 1, "colour_preferences": "A"})
    assert response.status_code == 302
    competition = TeamCompetition.objects.get(tournament=tournament)
    assert competition.bye_match_points is None
    assert competition.scoring.bye_match_points == 1
