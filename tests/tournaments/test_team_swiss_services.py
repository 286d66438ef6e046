"""The stored team Swiss hands the competition's C.04.6 settings to the engine."""

import json

import pytest
from django.core.exceptions import ValidationError
from team_factories import make_league, play_round

from tournaments import services
from tournaments.files import backup
from tournaments.files.backup_values import BackupError
from tournaments.models import TeamSystem
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db


def pairs_of(round_):
    return [(m.home.number, m.away.number if m.away else None)
            for m in round_.team_matches.order_by("table")]


def test_the_initial_colour_drawn_and_the_preference_type_reach_the_pairing():
    league = make_league(4, boards=2, roster=2, paired=False, system=TeamSystem.SWISS,
                         team_settings={"swiss_rounds": 3, "colour_preferences": "B"},
                         initial_colour="b")
    assert league.team_competition.colour_preferences == "B"
    # Round 1: 1-3 2-4 (3.6); Black drawn (4.1), so odd 1 takes Black and even 2 White
    # (4.3.1); the team with White on board 1 is the home team.
    assert pairs_of(team_services.pair_next_swiss_round(league)) == [(3, 1), (2, 4)]
    play_round(league, 1, "1/2-1/2")
    # Round 2, all four on a drawn match: one bracket, 1-3 and 2-4 met, so the identifier
    # 1 2 4 3 (1-4 2-3). Type B: 1 and 4 had Black (mild White), 3 and 2 White (mild
    # Black): 1-4 both want White, 2-3 both Black, and 1-2 3-4 (identifier 1 3 2 4) would
    # fulfil all four - [C8] comes before the identifier (3.6.4).
    second = team_services.pair_next_swiss_round(league)
    assert sorted(tuple(sorted(p)) for p in pairs_of(second)) == [(1, 2), (3, 4)]
    assert set(pairs_of(second)) == {(1, 2), (4, 3)}


def test_type_a_has_no_preference_after_one_match_so_the_identifier_decides():
    league = make_league(4, boards=2, roster=2, paired=False, system=TeamSystem.SWISS,
                         team_settings={"swiss_rounds": 3})
    assert league.team_competition.colour_preferences == "A"   # Art. 1.7's default
    team_services.pair_next_swiss_round(league)
    play_round(league, 1, "1/2-1/2")
    second = team_services.pair_next_swiss_round(league)
    assert sorted(tuple(sorted(p)) for p in pairs_of(second)) == [(1, 4), (2, 3)]


def test_an_unknown_preference_type_is_refused_by_name():
    league = make_league(2, boards=2, roster=2, paired=False, system=TeamSystem.SWISS,
                         team_settings={"swiss_rounds": 1})
    competition = league.team_competition
    competition.colour_preferences = "C"
    with pytest.raises(ValidationError) as error:
        competition.full_clean()
    assert "colour_preferences" in error.value.message_dict


def swiss_backup(**settings):
    league = make_league(4, boards=2, roster=2, paired=False, system=TeamSystem.SWISS,
                         name="Suíço Backup", team_settings={"swiss_rounds": 3, **settings})
    team_services.pair_next_swiss_round(league)
    return json.loads(json.dumps(backup.export_tournament(league)))


def test_the_backup_carries_the_colour_settings_and_old_files_get_the_defaults():
    data = swiss_backup(colour_preferences="B", secondary_for_colours=False)
    section = data["team_competition"]
    assert (section["colour_preferences"], section["secondary_for_colours"]) == ("B", False)
    copy_ = backup.import_tournament(data)
    assert copy_.team_competition.colour_preferences == "B"
    assert copy_.team_competition.secondary_for_colours is False
    del section["colour_preferences"], section["secondary_for_colours"]
    data["name"] = "Suíço Backup antigo"
    old = backup.import_tournament(data)
    assert old.team_competition.colour_preferences == "A"     # C.04.6 Art. 1.7's default
    assert old.team_competition.secondary_for_colours is True


@pytest.mark.parametrize(("key", "value"), [
    ("colour_preferences", "C"), ("secondary_for_colours", "yes")])
def test_a_wrong_colour_setting_in_a_backup_is_refused_by_name(key, value):
    data = swiss_backup()
    data["team_competition"][key] = value
    with pytest.raises(BackupError, match=rf"^team_competition\.{key}"):
        backup.import_tournament(data)


def test_a_round_no_team_can_take_the_bye_for_is_refused_saying_so():
    # Three teams: rounds 1-3 give each team the bye once ([C2]); round 4 has nobody left
    # to take it (Art. 3.4), and nothing is paired.
    league = make_league(3, boards=2, roster=2, paired=False, system=TeamSystem.SWISS,
                         team_settings={"swiss_rounds": 4})
    for number in (1, 2, 3):
        team_services.pair_next_swiss_round(league)
        play_round(league, number, "1-0")
    byes = [m.home.number for m in league.rounds.get(number=1).team_matches.all()
            if m.away is None]
    assert byes
    with pytest.raises(services.TournamentError, match="bye"):
        team_services.pair_next_swiss_round(league)
    assert league.rounds.count() == 3
