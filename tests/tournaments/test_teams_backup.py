"""The JSON backup carries teams, rosters, line-ups and matches, and gives them back whole."""

import copy
import json

import pytest
from team_factories import make_league, play_round

from tournaments.files import backup
from tournaments.files.backup_values import BackupError
from tournaments.models import Team, TeamMatch
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db


def half_played_league():
    league = make_league(4, name="Liga Backup", team_settings={"match_win": 3})
    round_ = league.rounds.get(number=1)
    match = TeamMatch.objects.get(round=round_, table=1)
    home = team_services.roster(match.home)
    team_services.set_lineup(round_, match.home, [home[0].pk, home[1].pk, home[4].pk, None])
    play_round(league, 1, "1/2-1/2")
    return league


def test_export_import_export_gives_the_same_file():
    league = half_played_league()
    data = json.loads(json.dumps(backup.export_tournament(league)))
    section = data["team_competition"]
    assert section["boards"] == 4 and section["match_points"]["win"] == 3
    assert [team["number"] for team in section["teams"]] == [1, 2, 3, 4]
    assert any(board["forfeit"] == "+-" for match in section["matches"]
               for board in match["boards"])
    copy_ = backup.import_tournament(data)
    assert copy_.team_competition.match_win == 3
    again = json.loads(json.dumps(backup.export_tournament(copy_)))
    assert again == data
    before = [(line.team and Team.objects.get(pk=line.team).name, line.match_points)
              for line in team_services.team_standings(league)]
    after = [(Team.objects.get(pk=line.team).name, line.match_points)
             for line in team_services.team_standings(copy_)]
    assert before == after


@pytest.mark.parametrize(("change", "where"), [
    (lambda s: s["teams"][1]["roster"].append(1), "team_competition.teams[1].roster[5]"),
    (lambda s: s["matches"][0].update(home=99), "team_competition.matches[0].home"),
    (lambda s: s.update(boards=11), "team_competition.boards"),
    (lambda s: s["matches"][0]["boards"][0].update(game=None), "team_competition.matches[0]"),
])
def test_a_wrong_team_section_is_refused_naming_where_and_nothing_is_saved(change, where):
    data = json.loads(json.dumps(backup.export_tournament(half_played_league())))
    bad = copy.deepcopy(data)
    change(bad["team_competition"])
    teams_before = Team.objects.count()
    with pytest.raises(BackupError, match=rf"^{where.replace('[', '\\[').replace(']', '\\]')}"):
        backup.import_tournament(bad)
    assert Team.objects.count() == teams_before
