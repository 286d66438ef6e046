"""The plain team module: colours along the boards, line-up rules, match scores, team standings
and tie-breaks, board prizes; hand-worked small events, no database."""

from fractions import Fraction as F

import pytest

from tournaments.standings.scoring import FMJD, STANDARD, Result
from tournaments.standings.teams import (
    BoardGame,
    LineupRule,
    MatchRecord,
    TeamScoring,
    board_colours,
    board_prizes,
    lineup_problems,
    match_game_points,
    match_points,
    team_standings,
)

W, B, D = Result.WHITE_WIN, Result.BLACK_WIN, Result.DRAW


def games(*results, players=None):
    """Boards 1..n with the home colour alternating (White on board 1)."""
    colours = dict(board_colours(max(len(results), 2)))
    players = players or [(None, None)] * len(results)
    return tuple(BoardGame(board, colours[board], result, *players[board - 1])
                 for board, result in enumerate(results, start=1))


def test_board_one_has_the_home_colour_and_colours_alternate():
    assert board_colours(4) == [(1, "white"), (2, "black"), (3, "white"), (4, "black")]
    assert [c for _b, c in board_colours(5)] == ["white", "black", "white", "black", "white"]


@pytest.mark.parametrize("boards", [1, 11])
def test_boards_are_two_to_ten(boards):
    with pytest.raises(ValueError, match="2 to 10"):
        board_colours(boards)


ROSTER = ["ana", "bia", "caio", "davi", "eva", "fabio"]  # four regulars, then two reserves


def test_a_lineup_in_roster_order_with_a_reserve_is_fine():
    assert lineup_problems(ROSTER, ["ana", "caio", "davi", "fabio"], 4) == []


def test_a_missing_player_on_the_last_board_is_allowed():
    assert lineup_problems(ROSTER, ["ana", "bia", "caio", None], 4) == []


def test_a_player_above_one_listed_before_him_is_refused_naming_the_board():
    problems = lineup_problems(ROSTER, ["ana", "davi", "caio", "eva"], 4)
    assert [(p.board, p.rule, p.player, p.other, p.other_board) for p in problems] == [
        (3, LineupRule.ORDER, "caio", "davi", 2)]


def test_a_player_of_another_team_and_a_player_twice_are_refused():
    problems = lineup_problems(ROSTER, ["ana", "zeca", "ana", "bia"], 4)
    assert [(p.board, p.rule) for p in problems] == [(2, LineupRule.NOT_IN_ROSTER),
                                                    (3, LineupRule.TWICE)]
    assert problems[1].other_board == 1


def test_too_few_players_and_a_hole_in_the_middle_are_refused():
    assert [(p.board, p.rule) for p in lineup_problems(ROSTER, ["ana", None, None, None], 4)] \
        == [(2, LineupRule.TOO_FEW)]
    assert [(p.board, p.rule) for p in lineup_problems(ROSTER, ["ana", None, "caio", "eva"], 4)] \
        == [(2, LineupRule.GAP)]


def test_match_points_come_from_game_points_two_one_zero_and_three_one_zero():
    won = MatchRecord(1, "A", "B", games(W, D, D, B))  # home: 1 + .5 + .5 + 0 on W,B,W,B boards
    # board 4: Black wins, and home has Black there, so home scores it: 1+0.5+0.5+1 = 3
    assert match_game_points(won, STANDARD, TeamScoring()) == (F(3), F(1))
    assert match_points(won, STANDARD, TeamScoring()) == (F(2), F(0))
    assert match_points(won, STANDARD, TeamScoring(win=F(3))) == (F(3), F(0))
    drawn = MatchRecord(1, "A", "B", games(W, W, D, D))  # 1 + 0 + .5 + .5 = 2 each
    assert match_points(drawn, FMJD, TeamScoring()) == (F(1), F(1))
    assert match_game_points(drawn, FMJD, TeamScoring()) == (F(4), F(4))


def test_a_bye_scores_what_the_regulation_sets():
    bye = MatchRecord(1, "A", None)
    rules = TeamScoring(bye_match_points=F(1), bye_game_points=F(2))
    assert match_points(bye, STANDARD, rules) == (F(1), F(0))
    assert match_game_points(bye, STANDARD, rules) == (F(2), F(0))


# A 4-team single round robin, 2 boards, hand-worked:
# R1 A-B 2-0, C-D 1-1     R2 A-C 1-1, B-D 2-0     R3 A-D 0-2, B-C 1.5-0.5
# MP: A 2+1+0=3, B 0+2+2=4, C 1+1+0=2, D 1+0+2=3; GP: A 3, B 3.5, C 2.5, D 3
LEAGUE = [
    MatchRecord(1, "A", "B", games(W, B)), MatchRecord(1, "C", "D", games(D, D)),
    MatchRecord(2, "A", "C", games(D, D)), MatchRecord(2, "B", "D", games(W, B)),
    MatchRecord(3, "A", "D", games(B, W)), MatchRecord(3, "B", "C", games(W, D)),
]


def test_standings_by_match_points_then_direct_encounter():
    table = team_standings("ABCD", LEAGUE, STANDARD, TeamScoring(),
                           ["direct_encounter", "game_points"])
    assert [(line.team, line.rank, line.match_points, line.game_points) for line in table] == [
        ("B", 1, 4, F(7, 2)), ("D", 2, 3, 3), ("A", 3, 3, 3), ("C", 4, 2, F(5, 2))]
    # A and D met in round 3, D won 2-0: direct encounter puts D above A
    table = team_standings("ABCD", LEAGUE, STANDARD, TeamScoring(), ["direct_encounter"])
    assert [line.team for line in table[:3]] == ["B", "D", "A"]
    assert [line.rank for line in table] == [1, 2, 3, 4]


def test_game_points_primary_and_team_sonneborn_berger():
    table = team_standings("ABCD", LEAGUE, STANDARD, TeamScoring(primary="game"),
                           ["team_sb", "match_points"])
    assert [line.team for line in table] == ["B", "A", "D", "C"]
    # SB with game points primary: opponents' game points times match points scored against
    # them. A: B 3.5*2 + C 2.5*1 + D 3*0 = 9.5; D: C 2.5*1 + B 3.5*0 + A 3*2 = 8.5
    by_team = {line.team: line for line in table}
    assert by_team["A"].tiebreaks["team_sb"] == F(19, 2)
    assert by_team["D"].tiebreaks["team_sb"] == F(17, 2)


def test_buchholz_and_game_wins():
    table = team_standings("ABCD", LEAGUE, STANDARD, TeamScoring(), ["buchholz", "game_wins"])
    by_team = {line.team: line for line in table}
    assert by_team["A"].tiebreaks["buchholz"] == 4 + 2 + 3
    assert by_team["A"].tiebreaks["game_wins"] == 2  # R1 two wins, R3 none
    assert by_team["B"].tiebreaks["game_wins"] == 3


def test_unfinished_matches_do_not_count_and_an_unknown_tiebreak_is_refused():
    pending = [MatchRecord(1, "A", "B", games(W, None))]
    assert all(line.match_points == 0 for line in team_standings("AB", pending, STANDARD,
                                                                  TeamScoring()))
    with pytest.raises(ValueError, match="unknown team tie-break"):
        team_standings("AB", pending, STANDARD, TeamScoring(), ["coin"])


def test_board_prizes_need_the_minimum_of_games_and_rank_by_percentage():
    p = [("a1", "b1"), ("a2", "b2")]
    matches = [
        MatchRecord(1, "A", "B", games(W, D, players=p)),
        MatchRecord(2, "A", "C", games(D, Result.DOUBLE_FORFEIT,
                                       players=[("a1", "c1"), ("a2", "c2")])),
        MatchRecord(3, "B", "C", games(W, B, players=[("b1", "c1"), ("b2", "c2")])),
    ]
    prizes = board_prizes(matches, STANDARD, min_games=2)
    assert [(s.player, s.points, s.games, s.percentage) for s in prizes[1]] == [
        ("a1", F(3, 2), 2, 75), ("b1", F(1), 2, 50), ("c1", F(1, 2), 2, 25)]
    # board 2: a2 and c2 had the double forfeit, which counts for nobody: one game each
    assert [s.player for s in prizes[2]] == ["b2"]
