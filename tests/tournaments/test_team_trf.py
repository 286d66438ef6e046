"""scratch"""
import pytest
from team_factories import make_league, play_round

from tournaments import team_trf

pytestmark = pytest.mark.django_db


def test_scratch():
    league = make_league(5, boards=4, roster=5)
    play_round(league, 1)
    play_round(league, 2, "1/2-1/2")
    print(team_trf.team_trf(league))
    copy = team_trf.import_team_trf(team_trf.team_trf(league))
    print(team_trf.team_trf(copy))
    assert 0
