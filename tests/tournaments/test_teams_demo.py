"""The demo's 6-team league of 4 boards, half played (issue 16)."""

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tournaments.demo.teams import TEAM_DEMO_SLUG
from tournaments.models import Game, MatchBoard, Tournament
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("load_demo")
    return Tournament.objects.get(slug=TEAM_DEMO_SLUG)


def test_six_teams_of_four_boards_half_played(league):
    assert league.teams.count() == 6
    assert league.team_competition.boards == 4
    assert league.rounds.count() == 5
    # The league's own games: the demo holds other tournaments with drafts of round 2.
    games = Game.objects.filter(round__tournament=league)
    assert not games.filter(round__number__in=[1, 2], result="").exists()
    third = games.filter(round__number=3)
    assert third.exclude(result="").exists() and third.filter(result="").exists()
    assert MatchBoard.objects.filter(match__round__tournament=league, match__round__number=3,
                                     game__isnull=True).count() == 1
    table = team_services.team_standings(league)
    assert sum(line.matches for line in table) == 6 * 2  # rounds 1-2: every team two matches


def test_loading_again_keeps_the_league(league):
    call_command("load_demo")
    assert Tournament.objects.filter(slug=TEAM_DEMO_SLUG).count() == 1


def test_the_league_pages_answer(league):
    client = Client()
    for name, args in (("teams", []), ("team_standings", []), ("team_round", [3]),
                       ("board_prizes", []), ("team_crosstable", [])):
        assert client.get(reverse(f"tournaments:{name}",
                                  args=[league.slug, *args])).status_code == 200
