"""The team Swiss (C.04.6) worked by hand on small fields, and a 40-team event played through."""

import random
from fractions import Fraction as F

import pytest

from tournaments.team_swiss import (
    TeamState,
    UnpairableError,
    allocate_colours,
    colour_preference,
    pair_round,
)


def team(tpn, score=0, colours=(), opponents=(), had_bye=False, secondary=0):
    return TeamState(tpn, tpn, F(score), F(secondary), tuple(colours), frozenset(opponents),
                     had_bye)


def test_round_one_pairs_the_first_half_against_the_second_with_alternating_colours():
    pairing = pair_round([team(n) for n in range(1, 7)])
    # S1 = 1 2 3, S2 = 4 5 6; odd pairing numbers get the initial colour (White)
    assert pairing.pairs == ((1, 4), (5, 2), (3, 6))
    assert pairing.bye is None


def test_an_odd_field_gives_the_bye_to_the_lowest_team_that_has_not_had_one():
    teams = [team(1, 2), team(2, 2), team(3, 0), team(4, 0, had_bye=True), team(5, 2)]
    pairing = pair_round(teams)
    assert pairing.bye == 3
    teams = [team(1, 2, ["W"]), team(2, 0, ["B"]), team(3, 0, [None])]
    # lowest score 0 for 2 and 3: 2 has played more matches, so 2 gets the bye
    assert pair_round(teams).bye == 2


def test_teams_never_meet_twice_and_the_leftover_floats_down():
    # 1 and 2 lead with 4 match points and already met: each meets a team from below
    teams = [team(1, 4, ["W", "B"], {2, 3}), team(2, 4, ["B", "W"], {1, 4}),
             team(3, 2, ["B", "W"], {1, 5}), team(4, 2, ["W", "B"], {2, 6}),
             team(5, 0, ["W", "B"], {3, 6}), team(6, 0, ["B", "W"], {4, 5})]
    pairing = pair_round(teams)
    # 1 tries 2 (met), 3 (met), takes 4; 2 takes 3, which leaves 5-6, who met: backtrack, so
    # 2 takes 5 and 3 meets 6
    assert {frozenset(p) for p in pairing.pairs} == {
        frozenset({1, 4}), frozenset({2, 5}), frozenset({3, 6})}


def test_no_possible_pairing_is_reported():
    teams = [team(1, 0, ["W"], {2}), team(2, 0, ["B"], {1})]
    with pytest.raises(UnpairableError, match="C1"):
        pair_round(teams)


@pytest.mark.parametrize(("colours", "kind", "expected"), [
    (["W", "B"], "A", (None, False)),
    (["B", "B"], "A", ("W", True)),            # difference -2
    (["W", "B", "B"], "A", ("W", True)),       # -1 after two Blacks
    (["W", "B", "W"], "A", (None, False)),     # +1: no simple preference
    (["W", "B", "W"], "B", ("B", False)),      # ... but a mild one in type B
    (["W", "B"], "B", ("W", False)),           # 0 after a Black: mild White
    (["B", "W"], "none", (None, False)),
])
def test_colour_preferences_of_type_a_and_b(colours, kind, expected):
    preference = colour_preference(team(1, 0, colours), kind)
    assert (preference.colour, preference.strong) == expected


def test_a_mild_preference_is_gone_in_the_last_round():
    assert colour_preference(team(1, 0, ["W", "B"]), "B", last_round=True).colour is None


def test_colour_allocation_steps():
    # only one preference: granted (2 had two Blacks, 1 balanced)
    white, _black = allocate_colours(team(1, 2, ["W", "B"]), team(2, 2, ["B", "B"]))
    assert white.id == 2
    # no preference either side, same difference: alternate the last round they differed
    white, _black = allocate_colours(team(1, 2, ["B", "W"]), team(2, 2, ["W", "B"]))
    assert white.id == 2  # round 2: 1 had White, 2 Black, so now 2 White
    # type B, strong beats mild: 1 mild White (cd -1), 2 strong White (-2)
    white, _black = allocate_colours(team(1, 2, ["B"]), team(2, 2, ["B", "B"]), kind="B")
    assert white.id == 2


def test_forty_teams_seven_rounds_always_pair_and_never_repeat():
    rng = random.Random(16)
    teams = {n: dict(score=F(0), colours=[], opponents=set(), had_bye=False)
             for n in range(1, 41)}
    for _round in range(7):
        states = [TeamState(n, n, s["score"], F(0), tuple(s["colours"]),
                            frozenset(s["opponents"]), s["had_bye"]) for n, s in teams.items()]
        pairing = pair_round(states)
        for white, black in pairing.pairs:
            assert black not in teams[white]["opponents"]
            teams[white]["opponents"].add(black)
            teams[black]["opponents"].add(white)
            teams[white]["colours"].append("W")
            teams[black]["colours"].append("B")
            outcome = rng.choice([(2, 0), (1, 1), (0, 2)])
            teams[white]["score"] += outcome[0]
            teams[black]["score"] += outcome[1]
    assert all(len(s["opponents"]) == 7 for s in teams.values())


def test_without_folding_a_bracket_pairs_in_plain_lexicographic_order():
    pairing = pair_round([team(n) for n in range(1, 7)], fold=False)
    assert {frozenset(p) for p in pairing.pairs} == {
        frozenset({1, 2}), frozenset({3, 4}), frozenset({5, 6})}
    # teams that met take the next one they may meet, backtracking when needed
    teams = [team(1, 0, ["W"], {2}), team(2, 0, ["B"], {1}), team(3, 0, ["W"], {4}),
             team(4, 0, ["B"], {3})]
    assert {frozenset(p) for p in pair_round(teams, fold=False).pairs} == {
        frozenset({1, 3}), frozenset({2, 4})}
