"""Team Buchholz with byes, forfeited matches and a withdrawn team (FIDE C.07 section 16 as the
individual Swiss applies it, 2024 and 2026 texts by the start date); values worked by hand."""

import datetime
from fractions import Fraction as F

import pytest
from team_factories import make_league, play_round

from tournaments.models import TeamMatch
from tournaments.services import teams as team_services
from tournaments.standings.scoring import STANDARD, Result
from tournaments.standings.swiss_table import Unplayed
from tournaments.standings.teams import (
    BoardGame,
    MatchRecord,
    TeamScoring,
    team_buchholz,
    team_rounds_table,
    team_standings,
)

W, B, D = Result.WHITE_WIN, Result.BLACK_WIN, Result.DRAW


def two_boards(first, second):
    return (BoardGame(1, "white", first), BoardGame(2, "black", second))


# A team Swiss of five teams on two boards, 2-1-0 match points, a bye worth 2 (2 game points):
# R1 A-B 2-0 (A wins both boards), C-D 1-1, E bye.
# R2 A-C: C does not come, every board a forfeit; B-E 1-1; D bye.
# R3 A-E 1-1, B-D 2-0; C has withdrawn and is not paired.
SWISS = [
    MatchRecord(1, "A", "B", two_boards(W, B)), MatchRecord(1, "C", "D", two_boards(D, D)),
    MatchRecord(1, "E", None),
    MatchRecord(2, "A", "C", two_boards(Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN)),
    MatchRecord(2, "B", "E", two_boards(D, D)), MatchRecord(2, "D", None),
    MatchRecord(3, "A", "E", two_boards(D, D)), MatchRecord(3, "B", "D", two_boards(W, B)),
]
# Match points: A 2+2+1 = 5, B 0+1+2 = 3, C 1+0 = 1, D 1+2+0 = 3, E 2+1+1 = 4.
# C.07 16.3: C's last round that is no voluntary unplayed round is R1; R2 (a forfeit, it has an
# opponent) keeps its 0, R3 (no opponent) counts as a draw: C's adjusted score is 1+0+1 = 2.


def test_the_teams_rounds_are_the_individual_swiss_kinds():
    table = team_rounds_table("ABCDE", SWISS, STANDARD, TeamScoring())
    assert table.total == {"A": 5, "B": 3, "C": 1, "D": 3, "E": 4}
    assert table.adjusted_total["C"] == 2
    assert [e.unplayed for e in table.record["C"]] == [
        None, Unplayed.FORFEIT_LOSS, Unplayed.NOT_ENTERED]
    assert table.record["E"][0].unplayed is Unplayed.PAIRING_BYE
    assert table.record["A"][1].unplayed is Unplayed.FORFEIT_WIN


def test_buchholz_2026_caps_the_dummy_opponents():
    buchholz = team_buchholz("ABCDE", SWISS, STANDARD, TeamScoring(), regulation="2026")
    # A: B 3 + (forfeit win: dummy min(own 5, C adjusted 2) = 2) + E 4 = 9
    # B: A 5 + E 4 + D 3 = 12
    # C: D 3 + (forfeit loss: min(own 1, A 5) = 1) + (no match: min(1, draw 1 x 3 rounds)) = 5
    # D: C adjusted 2 + (bye: min(own 3, 1 x 3)) = 3 + B 3 = 8
    # E: (bye: min(own 4, 3) = 3) + B 3 + A 5 = 11
    assert buchholz == {"A": 9, "B": 12, "C": 5, "D": 8, "E": 11}


def test_buchholz_2024_gives_the_dummy_the_teams_own_score():
    buchholz = team_buchholz("ABCDE", SWISS, STANDARD, TeamScoring(), regulation="2024")
    # A: 3 + own 5 + 4 = 12; E: own 4 + 3 + 5 = 12; the others as in 2026
    assert buchholz == {"A": 12, "B": 12, "C": 5, "D": 8, "E": 12}


def test_in_a_round_robin_a_forfeited_match_is_a_match_and_a_bye_adds_nothing():
    buchholz = team_buchholz("ABCDE", SWISS, STANDARD, TeamScoring(), round_robin=True)
    # C.07 15.2: unadjusted scores; A: B 3 + C 1 + E 4; E: B 3 + A 5; C: D 3 + A 5
    assert buchholz == {"A": 8, "B": 12, "C": 8, "D": 4, "E": 8}


def test_game_points_primary_uses_the_bye_game_points_and_half_the_boards_for_a_draw():
    scoring = TeamScoring(primary="game", bye_game_points=F(3, 2))
    table = team_rounds_table("ABCDE", SWISS, STANDARD, scoring)
    # E: bye 1.5 + 1 + 1 = 3.5; D: 1 + 1.5 + 0 = 2.5; C: 1 + 0 (adjusted: + a draw, 1) = 2
    assert (table.total["E"], table.total["D"], table.adjusted_total["C"]) == (
        F(7, 2), F(5, 2), 2)
    buchholz = team_buchholz("ABCDE", SWISS, STANDARD, scoring, regulation="2026")
    # E: bye min(3.5, 1 x 3) = 3 + B (0+1+2 = 3) + A (2+2+1 = 5) = 11
    assert buchholz["E"] == 11
    # A: B 3 + forfeit win min(5, C 2) + E 3.5 = 8.5
    assert buchholz["A"] == F(17, 2)


def test_a_round_still_being_played_is_left_out_of_buchholz():
    pending = [*SWISS, MatchRecord(4, "A", "B", two_boards(W, None)),
               MatchRecord(4, "C", "D", two_boards(D, D))]
    assert team_buchholz("ABCDE", pending, STANDARD, TeamScoring()) == team_buchholz(
        "ABCDE", SWISS, STANDARD, TeamScoring())


def test_the_standings_rank_by_this_buchholz():
    table = team_standings("ABCDE", SWISS, STANDARD, TeamScoring(), ["buchholz"])
    assert [(line.team, line.tiebreaks["buchholz"]) for line in table] == [
        ("A", 9), ("E", 11), ("B", 12), ("D", 8), ("C", 5)]
    assert [line.rank for line in table] == [1, 2, 3, 4, 5]


@pytest.mark.django_db
@pytest.mark.parametrize(("start", "expected"), [
    (datetime.date(2025, 10, 4), "own"), (datetime.date(2026, 3, 1), "capped")])
def test_a_stored_team_swiss_picks_the_text_by_its_start_date(start, expected):
    """Five teams (a bye a round), rounds from the Berger tables but ranked as a Swiss."""
    league = make_league(5, boards=2, roster=2, start_date=start,
                         team_settings={"tiebreaks": ["buchholz"]})
    competition = league.team_competition
    competition.system = "swiss"
    competition.swiss_rounds = 5
    # a won match's points for the bye (the organiser's choice; a Swiss's default is a drawn
    # match's), so that its own score passes the 2026 cap
    competition.bye_match_points = 2
    competition.save()
    play_round(league, 1)
    play_round(league, 2, "1/2-1/2")
    bye = TeamMatch.objects.get(round__tournament=league, round__number=1, away__isnull=True)
    lines = {line.team: line for line in team_services.team_standings(league)}
    own = lines[bye.home_id].match_points
    opponents = sum(lines[m.home_id if m.away_id == bye.home_id else m.away_id].match_points
                    for m in TeamMatch.objects.filter(round__tournament=league,
                                                      round__number=2, away__isnull=False)
                    if bye.home_id in (m.home_id, m.away_id))
    dummy = own if expected == "own" else min(own, 1 * 2)  # a draw (1) in each of 2 rounds
    assert own == 3  # the bye (2) and a drawn match (1)
    assert lines[bye.home_id].tiebreaks["buchholz"] == opponents + dummy


@pytest.mark.django_db
def test_a_stored_round_robin_counts_no_dummy_for_the_bye():
    league = make_league(5, boards=2, roster=2, team_settings={"tiebreaks": ["buchholz"]})
    play_round(league, 1)
    bye = TeamMatch.objects.get(round__tournament=league, round__number=1, away__isnull=True)
    lines = {line.team: line for line in team_services.team_standings(league)}
    assert lines[bye.home_id].tiebreaks["buchholz"] == 0
