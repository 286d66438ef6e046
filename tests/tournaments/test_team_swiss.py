"""The team Swiss by FIDE C.04.6, worked by hand on small fields, article by article.

Every expected pairing below is derived in the test's comment by applying the articles of
C.04.6 to the position; the positions are built as plain TeamStates (team number = TPN).
"""

from fractions import Fraction as F

import pytest

from tournaments.pairing.team_swiss import (
    TeamState,
    UnpairableError,
    allocate_colours,
    colour_preference,
    first_team,
    pair_round,
    team_states,
)
from tournaments.pairing.team_swiss.brackets import _profiles, _sets_of_profile
from tournaments.standings.scoring import STANDARD, Result
from tournaments.standings.teams import BoardGame, MatchRecord, TeamScoring


def team(tpn, score=0, colours=(), opponents=(), had_bye=False, secondary=0, floated=False):
    return TeamState(tpn, tpn, F(score), F(secondary), tuple(colours), frozenset(opponents),
                     had_bye, floated)


def pairs_as_sets(pairing):
    return {frozenset(p) for p in pairing.pairs}


# --- Art. 3.6: the bracket, in identifier order ----------------------------------------------

def test_round_one_is_the_smallest_identifier_the_first_half_against_the_second():
    # One bracket 1..6, nobody has played: the smallest identifier (3.6.2) has the top
    # members 1 2 3 and the bottoms 4 5 6: 1-4 2-5 3-6. Colours by 4.3.1 with White drawn:
    # equal scores, so the first-team is the smaller TPN (4.2.3); odd 1 and 3 take White,
    # even 2 takes Black.
    pairing = pair_round([team(n) for n in range(1, 7)])
    assert pairing.pairs == ((1, 4), (5, 2), (3, 6))
    assert pairing.bye is None
    assert pairing.colour_steps == ("4.3.1",) * 3
    # Black drawn (4.1): every colour turns round
    assert pair_round([team(n) for n in range(1, 7)], initial="B").pairs == (
        (4, 1), (2, 5), (6, 3))


def test_the_identifier_puts_the_top_members_first_not_the_first_pair():
    # 1 and 3 met. Identifiers of the bracket 1 2 3 4 in order: 1 2 3 4 (1-3 2-4, illegal
    # by [C1]), 1 2 4 3 (1-4 2-3), 1 3 2 4 (1-2 3-4). The first legal one is 1-4 2-3, not
    # 1-2 3-4 which pairing "each team with the next one it may meet" would give.
    teams = [team(1, 2, ["W"], {3}), team(2, 2, ["B"], {4}), team(3, 2, ["B"], {1}),
             team(4, 2, ["W"], {2})]
    assert pairs_as_sets(pair_round(teams)) == {frozenset({1, 4}), frozenset({2, 3})}


def test_the_identifier_reads_tpns_even_when_a_team_floated_up():
    # Top scoregroup 1 2 3 (score 2) takes one upfloater; 4 (score 0) is the first by 3.5.4.
    # The bracket in TPN order is 1 2 3 4 and 1-3 met: identifiers 1 2 3 4 (1-3 illegal),
    # then 1 2 4 3: 1-4 and 2-3. The rest, 5 and 6, meet.
    teams = [team(1, 2, ["W"], {3}), team(2, 2, ["B"], {5}), team(3, 2, ["B"], {1}),
             team(4, 0, ["W"], {6}), team(5, 0, ["W"], {2}), team(6, 0, ["B"], {4})]
    pairing = pair_round(teams)
    assert pairing.brackets[0].upfloaters == (4,)
    assert pairs_as_sets(pairing) == {frozenset({1, 4}), frozenset({2, 3}),
                                      frozenset({5, 6})}


# --- Art. 3.4: the pairing-allocated bye -----------------------------------------------------

def test_the_bye_goes_to_the_largest_tpn_of_the_lowest_score_in_round_one():
    # Five teams, all on 0: 3.4.2 and 3.4.3 tie, 3.4.4 takes TPN 5. The four others:
    # 1-3 2-4; 1 (odd) White, 2 (even) Black.
    pairing = pair_round([team(n) for n in range(1, 6)])
    assert pairing.bye == 5
    assert pairing.pairs == ((1, 3), (4, 2))


def test_the_bye_goes_to_the_lowest_score_that_may_have_it():
    # [C2]: 4 had the bye; lowest scores 0 for 3 and 4, so 3 (3.4.2).
    teams = [team(1, 2), team(2, 2), team(3, 0), team(4, 0, had_bye=True), team(5, 2)]
    assert pair_round(teams).bye == 3


def test_the_bye_goes_to_the_team_that_played_more_matches():
    # 2 and 3 share the lowest score; 2 played one match, 3 none (3.4.3 before 3.4.4).
    teams = [team(1, 2, ["W"], {2}), team(2, 0, ["B"], {1}), team(3, 0, [None])]
    assert pair_round(teams).bye == 2


def test_the_bye_must_leave_the_others_pairable():
    # By score, matches and TPN the order is 5, 4, 3. 5 out leaves 1 2 3 4 where 1 met 2
    # and 4, and 3 met 4... so 1-3 and 2-4 are the only hope; 2-4 met too: no pairing.
    # 4 out leaves 1 2 3 5: 1-3/2-5 (legal). So 3.4.1 gives the bye to 4.
    teams = [team(1, 2, ["W"], {2, 4}), team(2, 2, ["B"], {1, 4}),
             team(3, 0, ["B"], {4}), team(4, 0, ["W"], {1, 2, 3}), team(5, 0)]
    pairing = pair_round(teams)
    assert pairing.bye == 4
    assert pairs_as_sets(pairing) == {frozenset({1, 3}), frozenset({2, 5})}


def test_no_team_may_have_the_bye_is_reported():
    teams = [team(1, 2, had_bye=True), team(2, 2, had_bye=True), team(3, 0, had_bye=True)]
    with pytest.raises(UnpairableError, match="C2"):
        pair_round(teams)


def test_no_possible_pairing_is_reported():
    teams = [team(1, 0, ["W"], {2}), team(2, 0, ["B"], {1})]
    with pytest.raises(UnpairableError, match="C1"):
        pair_round(teams)


# --- Art. 3.5: the upfloaters ----------------------------------------------------------------

def test_c4_c5_one_upfloater_from_the_scoregroup_right_below():
    # 1 2 3 on 2 points, 4 and 8 on 1, 5 6 7 on 0 (round 1: 1-5 2-6 3-7 won, 4-8 drawn).
    # The top scoregroup is odd: [C4] one upfloater; [C5] from the 1-point group; 3.5.4
    # the smaller TPN, 4 (4 met only 8). Bracket 1 2 3 4: 1-3 2-4. Then 8 (1 point) is alone
    # and takes 5 (0 points) as its upfloater; 6-7 is the last bracket.
    teams = [team(1, 2, ["W"], {5}), team(2, 2, ["W"], {6}), team(3, 2, ["W"], {7}),
             team(4, 1, ["W"], {8}), team(5, 0, ["B"], {1}), team(6, 0, ["B"], {2}),
             team(7, 0, ["B"], {3}), team(8, 1, ["B"], {4})]
    pairing = pair_round(teams)
    assert [b.upfloaters for b in pairing.brackets] == [(4,), (5,), ()]
    assert pairs_as_sets(pairing) == {frozenset({1, 3}), frozenset({2, 4}),
                                      frozenset({8, 5}), frozenset({6, 7})}


def test_c4_two_upfloaters_when_the_top_pair_already_met():
    # 1 and 2 lead alone and met: the bracket needs two upfloaters. [C5]: both from the
    # 2-point group (3 and 4 rather than a 0-point team); 3.5.4: {3, 4}. Bracket 1 2 3 4
    # with 1-2 and 3-4 met... 1-3 2-4 is legal and the first identifier. Then 5-6.
    teams = [team(1, 4, ["W", "B"], {2, 5}), team(2, 4, ["B", "W"], {1, 6}),
             team(3, 2, ["W", "B"], {4, 5}), team(4, 2, ["B", "W"], {3, 6}),
             team(5, 0, ["B", "W"], {1, 3}), team(6, 0, ["W", "B"], {2, 4})]
    pairing = pair_round(teams)
    assert pairing.brackets[0].upfloaters == (3, 4)
    assert pairs_as_sets(pairing) == {frozenset({1, 3}), frozenset({2, 4}),
                                      frozenset({5, 6})}


def test_c3_the_upfloater_leaves_the_teams_below_pairable():
    # 1 alone on 4 points; 2 and 3 on 2; 4 5 6 on 0, and 3 already met all of them. By
    # 3.5.4 the upfloater would be 2, but then 3 4 5 6 cannot all be paired ([C3]): 3.
    # Then 2 is alone and takes 4 (3.5.4), leaving 5-6.
    teams = [team(1, 4), team(2, 2), team(3, 2, "WBW", {4, 5, 6}), team(4, 0, "B", {3}),
             team(5, 0, "W", {3}), team(6, 0, "B", {3})]
    pairing = pair_round(teams)
    assert [b.upfloaters for b in pairing.brackets] == [(3,), (4,), ()]
    assert pairs_as_sets(pairing) == {frozenset({1, 3}), frozenset({2, 4}),
                                      frozenset({5, 6})}


def test_c6_the_upfloater_leaves_the_following_scoregroup_pairable():
    # 1 alone on 4; 2 3 4 on 2; 5 6 on 0. Every upfloater of the 2-point group is legal
    # (1-2 + 3-6 4-5; 1-3 + 2-5 4-6; 1-4 + 2-3 5-6). [C6] looks at what is left of the
    # 2-point group: after 2 it is 3 4, who met, and need two upfloaters instead of none;
    # after 3 it is 2 4, who met too; after 4 it is 2 3, paired as they are. So 4.
    teams = [team(1, 4, ["W", "B"], {5, 6}), team(2, 2, ["B", "W"], {4, 6}),
             team(3, 2, ["W", "B"], {4, 5}), team(4, 2, ["B", "W"], {2, 3}),
             team(5, 0, ["B", "W"], {1, 3}), team(6, 0, ["W", "B"], {1, 2})]
    pairing = pair_round(teams)
    assert pairing.brackets[0].upfloaters == (4,)
    assert pairs_as_sets(pairing) == {frozenset({1, 4}), frozenset({2, 3}),
                                      frozenset({5, 6})}


def test_art_3_5_4_the_handbook_example_of_sets_in_order():
    # Art. 3.5.4's own example: 2, 6, 8 have 3 points and 1, 3, 5 have 2.5; three upfloaters
    # with two of 3 points and one of 2.5 (3.5.2) give, each set read by descending score
    # then TPN (3.5.3), in lexicographic order: {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} <
    # {2,8,3} < {2,8,5} < {6,8,1} < {6,8,3} < {6,8,5}.
    lower = sorted((team(t, 3 if t in (2, 6, 8) else F(5, 2)) for t in (1, 2, 3, 5, 6, 8)),
                   key=lambda t: (-t.score, t.tpn))
    assert [[t.id for t in chosen] for chosen in _sets_of_profile(lower, (2, 1))] == [
        [2, 6, 1], [2, 6, 3], [2, 6, 5], [2, 8, 1], [2, 8, 3], [2, 8, 5],
        [6, 8, 1], [6, 8, 3], [6, 8, 5]]
    # [C5] (2.3.2) ranks the score profiles of three upfloaters: the scores in ascending
    # order as high as possible - three of 3 points, then two and one of 2.5, and so on
    assert list(_profiles(lower, 3)) == [(3, 0), (2, 1), (1, 2), (0, 3)]


def test_c5_takes_the_best_scores_among_the_legal_sets():
    # 1 alone on 6 points met 2 and 3 (4 points) but not 4 (4 points) nor 5, 6 (2 points):
    # the upfloater is 4 - the 4-point team it may meet, before any 2-point team. Then 2-3
    # (the rest of the 4-point group) and 5-6.
    teams = [team(1, 6, "WB", {2, 3}), team(2, 4, "BW", {1, 5}), team(3, 4, "WB", {1, 6}),
             team(4, 4, "BW", {5, 6}), team(5, 2, "WB", {2, 4}), team(6, 2, "BW", {3, 4})]
    pairing = pair_round(teams)
    assert [b.upfloaters for b in pairing.brackets] == [(4,), (), ()]
    assert pairs_as_sets(pairing) == {frozenset({1, 4}), frozenset({2, 3}),
                                      frozenset({5, 6})}


def c7_position(**extra):
    # Team 1 alone on 4 points, 2..6 on 3 (2 floated in the previous round: it drew with a
    # 0-point team), 7..12 lower. 1 met 7 and 8; 3-4 and 5-6 drew together.
    teams = [team(1, 4, ["W", "B"], {7, 8}),
             team(2, 3, ["W", "B"], {8, 9}, floated=True),
             team(3, 3, ["W", "B"], {9, 4}), team(4, 3, ["B", "W"], {10, 3}),
             team(5, 3, ["W", "B"], {11, 6}), team(6, 3, ["B", "W"], {12, 5}),
             team(7, 0, ["B", "W"], {1, 12}), team(8, 0, ["B", "W"], {2, 1}),
             team(9, 1, ["B", "W"], {3, 2}, floated=True), team(10, 1, ["B", "W"], {4, 11}),
             team(11, 1, ["B", "W"], {5, 10}), team(12, 1, ["B", "W"], {6, 7})]
    return pair_round(teams, **extra)


def test_c7_prefers_an_upfloater_that_did_not_float_in_the_previous_round():
    # 3.5.4 would take 2, the smallest TPN of the 3-point group; [C7] (before the set order,
    # 3.5.5) takes 3. [C6] is equal: with 3 out, 2 4 5 6 pair as 2-4 5-... 2-5 4-6.
    pairing = c7_position(round_number=3, total_rounds=6)
    assert pairing.brackets[0].upfloaters == (3,)


def test_c7_is_not_applied_in_the_last_two_rounds():
    assert c7_position(round_number=3, total_rounds=4).brackets[0].upfloaters == (2,)
    assert c7_position(round_number=4, total_rounds=4).brackets[0].upfloaters == (2,)


# --- Art. 3.6.4: the quality criteria of the bracket ------------------------------------------

def test_c10_keeps_the_upfloater_away_from_a_team_that_floated():
    # 1..5 on 3 points (3 floated: it drew with a 0-point team), 6..10 on 1. Colours
    # alternate for everyone, so no Type A preference. 6 floats up (3.5.4). Met inside the
    # bracket: 1-6, 1-2, 4-5. Identifier 1 2 3 4 5 6 (1-4 2-5 3-6) is legal but gives the
    # upfloater 6 the floater 3: [C10] = 1. Next, 1 2 3 4 6 5 (1-4 2-6 3-5): [C10] = 0.
    teams = [team(1, 3, ["W", "B"], {6, 2}), team(2, 3, ["B", "W"], {7, 1}),
             team(3, 3, ["W", "B"], {8, 10}, floated=True), team(4, 3, ["B", "W"], {9, 5}),
             team(5, 3, ["W", "B"], {10, 4}), team(6, 1, ["B", "W"], {1, 7}),
             team(7, 1, ["W", "B"], {2, 6}), team(8, 1, ["B", "W"], {3, 9}),
             team(9, 1, ["W", "B"], {4, 8}), team(10, 1, ["B", "W"], {5, 3}, floated=True)]
    pairing = pair_round(teams, round_number=3, total_rounds=6)
    assert pairing.brackets[0].upfloaters == (6,)
    assert set(pairing.brackets[0].pairs) == {(1, 4), (2, 6), (3, 5)}
    # in the last two rounds [C10] is silent and the first identifier stands
    pairing = pair_round(teams, round_number=5, total_rounds=6)
    assert set(pairing.brackets[0].pairs) == {(1, 4), (2, 5), (3, 6)}


def test_c8_comes_before_the_identifier():
    # 1 and 3 played White twice (Black wanted), 2 and 4 Black twice (White wanted). The
    # first identifier 1-3 2-4 leaves two preferences unfulfilled; 1-4 2-3 (1 2 4 3) none.
    teams = [team(1, 4, "WW", {5, 6}), team(2, 4, "BB", {7, 8}), team(3, 4, "WW", {7, 6}),
             team(4, 4, "BB", {5, 8}), team(5, 0, "BB", {1, 4}), team(6, 0, "BB", {1, 3}),
             team(7, 0, "WW", {2, 3}), team(8, 0, "WW", {2, 4})]
    pairing = pair_round(teams)
    assert set(pairing.brackets[0].pairs) == {(1, 4), (2, 3)}
    # 4.3.3: both get their colours
    assert (4, 1) in pairing.pairs and (2, 3) in pairing.pairs
    # colours never forbid a pairing (Preface): in the last bracket 5 6 want White, 7 8
    # Black, and 5-7 6-8 is the first identifier, fulfilling all four
    assert (5, 7) in pairing.pairs and (6, 8) in pairing.pairs


def strong_and_mild():
    # Before round 4, 1..4 won everything and never met. 1 and 3 played W B B (CD -1, two
    # Blacks running: a Type A preference, a strong Type B one, for White); 2 and 4 played
    # B W B (CD -1: no Type A preference, a mild Type B one for White).
    return [team(1, 6, "WBB", {5, 6, 7}), team(2, 6, "BWB", {6, 5, 8}),
            team(3, 6, "WBB", {7, 8, 5}), team(4, 6, "BWB", {8, 7, 6}),
            team(5, 0, "BWW", {1, 2, 3}), team(6, 0, "WBW", {2, 1, 4}),
            team(7, 0, "BWW", {3, 4, 1}), team(8, 0, "WBW", {4, 3, 2})]


def test_c8_with_type_a_preferences():
    # Type A: only 1 and 3 want White. 1-3 2-4 clashes once; 1-4 2-3 (identifier 1 2 4 3)
    # does not, and is the first without a clash. 1 and 3 get White (4.3.2).
    pairing = pair_round(strong_and_mild(), kind="A")
    assert (1, 4) in pairing.pairs and (3, 2) in pairing.pairs


def test_c9_with_type_b_preferences():
    # Type B: all four want White, so [C8] is 2 in every pairing; [C9] rules out 1-3 (two
    # strong preferences): 1-4 2-3 is the first identifier left. 4.3.4 grants the strong one.
    pairing = pair_round(strong_and_mild(), kind="B", round_number=4, total_rounds=7)
    assert (1, 4) in pairing.pairs and (3, 2) in pairing.pairs
    assert pairing.colour_steps[:2] == ("4.3.4", "4.3.4")


def test_without_colour_preferences_the_first_identifier_stands():
    # No preferences: 1-3 2-4 (the first identifier); colours by 4.3.5.. 1 and 3 have equal
    # CD and equal histories, so 4.3.8: 1 (first-team) alternates from its last Black.
    pairing = pair_round(strong_and_mild(), kind="none")
    assert set(pairing.brackets[0].pairs) == {(1, 3), (2, 4)}
    assert (1, 3) in pairing.pairs
    assert pairing.colour_steps[0] == "4.3.8"


# --- Art. 1.7: colour preferences --------------------------------------------------------------

@pytest.mark.parametrize(("colours", "type_a", "type_b"), [
    ("", None, None),            # 1.7.2: no match played yet
    ("W", None, "B1"),           # CD +1: mild Black in type B only
    ("B", None, "W1"),
    ("WB", None, "W1"),          # CD 0, Black last: mild White
    ("BW", None, "B1"),
    ("WW", "B2", "B2"),          # CD +2
    ("BB", "W2", "W2"),
    ("WBW", None, "B1"),
    ("BWWW", "B2", "B2"),        # CD +2
    ("WBBB", "W2", "W2"),
    ("WBWW", "B2", "B2"),        # CD +1 with the last two White
    ("BWBB", "W2", "W2"),
    ("WWBB", "W2", "W2"),        # CD 0 with the last two Black
    ("WWWBB", None, "B1"),       # CD +1 after two Blacks: no White preference at all
    ("BBBWW", None, "W1"),
    ("W-B", None, "W1"),         # a round without a played match is skipped
])
def test_colour_preferences_of_type_a_and_b(colours, type_a, type_b):
    state = team(1, 0, [None if c == "-" else c for c in colours])

    def code(pref):
        return None if pref.colour is None else pref.colour + ("2" if pref.strong else "1")
    assert code(colour_preference(state, "A")) == type_a
    assert code(colour_preference(state, "B")) == type_b
    assert code(colour_preference(state, "none")) is None


def test_in_the_last_round_cd_zero_gives_no_mild_preference():
    assert colour_preference(team(1, 0, "WB"), "B", last_round=True).colour is None
    # but CD -1 still does, and a strong preference stands
    assert colour_preference(team(1, 0, "BWB"), "B", last_round=True) == (
        colour_preference(team(1, 0, "BWB"), "B"))
    assert colour_preference(team(1, 0, "WWBB"), "B", last_round=True).strong


# --- Art. 4: colour allocation -----------------------------------------------------------------

def allocate(a, b, **kw):
    white, black = allocate_colours(a, b, **kw)
    return white.id


def test_4_2_the_first_team():
    a, b = team(1, 4, secondary=5), team(2, 4, secondary=7)
    assert first_team(a, b)[0].id == 2        # 4.2.2 more game points
    assert first_team(a, b, use_secondary=False)[0].id == 1   # 4.2.3 the smaller TPN
    assert first_team(team(3, 6), a)[0].id == 3               # 4.2.1 the higher score


def test_4_3_2_only_one_preference_is_granted():
    assert allocate(team(1, 2, "WB"), team(2, 2, "BB")) == 2


def test_4_3_3_opposite_preferences_are_both_granted():
    assert allocate(team(1, 2, "BB"), team(2, 2, "WW")) == 1


def test_4_3_4_type_b_the_strong_preference_wins():
    # 1 mild White (CD -1), 2 strong White (CD -2)
    assert allocate(team(1, 2, "B"), team(2, 2, "BB"), kind="B") == 2


def test_4_3_5_the_lower_colour_difference_gets_white():
    # Type A, both want Black: 1 with CD +2 (WW), 2 with CD +3 (WWBWW... ) -> 1 gets White
    assert allocate(team(1, 2, "WW"), team(2, 2, "WWBWW")) == 1
    # no preferences at all: CD -1 beats CD +1 to White
    assert allocate(team(1, 2, "WBW"), team(2, 2, "BWB"), kind="none") == 2


def test_4_3_6_alternate_from_the_last_round_they_differed():
    # equal CD 0, no Type A preference; round 2: 1 White, 2 Black -> now 2 White
    assert allocate(team(1, 2, "BW"), team(2, 2, "WB")) == 2
    # only played matches count: 1 played B W B W, 2 played W B W B; their last played
    # matches were 1 White and 2 Black: now 2 White
    assert allocate(team(1, 2, ["B", "W", None, "B", "W"]),
                    team(2, 2, ["W", "B", "W", "B", None])) == 2


def test_4_3_6_compares_played_matches_from_the_last_not_rounds_by_number():
    # Issue 25. 1: White, bye, Black (played W B); 2: Black, White, forfeit (played B W).
    # Both CD 0 with no Type A preference (last two played differ), equal scores, so 1 is
    # the first-team. Lined up by round, rounds 3 and 2 each hold a None and round 1 (1 White,
    # 2 Black) would give 2 White. With unplayed rounds removed, the most recent time they
    # differed is their last played matches: 1 Black, 2 White, so 1 now gets White.
    assert allocate(team(1, 2, ["W", None, "B"]), team(2, 2, ["B", "W", None])) == 1
    # the same histories with the teams swapped: 2 is second, still the one alternating to
    # Black (it had White last)
    assert allocate(team(2, 2, ["B", "W", None]), team(1, 2, ["W", None, "B"])) == 1


def test_4_3_6_a_forfeit_in_the_stored_history_is_skipped():
    # Through team_states: team 1 had White in round 1, lost round 2 by forfeit on every
    # board (no colour, Art. 1.6.1), had Black in round 3; team 2 had Black, White, and its
    # round-3 match was fully forfeited (2 won it: more points, so 2 is the first-team).
    # Round by round the only round where both played is 1 (2 Black), which would give 2
    # White; by played matches 2's last is White and 1's last is Black: 1 White.
    scoring = TeamScoring(bye_match_points=F(1), bye_game_points=F(1))
    tpns = {n: n for n in range(1, 7)}
    matches = [
        match(1, 1, 3, ["1-0", "0-1"]),     # 1 White on board 1, 1-1
        match(1, 4, 2, ["1-0", "0-1"]),     # 2 Black, 1-1
        match(1, 5, 6, ["1-0", "0-1"]),
        match(2, 1, 4, ["-+", "+-"]),   # every board forfeited: no colour for 1
        match(2, 2, 5, ["0-1", "1-0"]),     # 2 White, 1-1
        match(2, 3, 6, ["1-0", "0-1"]),
        match(3, 6, 1, ["1-0", "0-1"]),     # 1 Black, 1-1
        match(3, 3, 2, ["-+", "+-"]),   # every board forfeited: no colour for 2
        match(3, 4, 5, ["1-0", "0-1"]),
    ]
    states = {t.id: t for t in team_states(tpns, matches, STANDARD, scoring, 3)}
    assert states[1].colours == ("W", None, "B")
    assert states[2].colours == ("B", "W", None)
    assert allocate(states[1], states[2], kind="none") == 1


def test_4_3_7_the_first_team_preference():
    # both want White with equal strength, equal CD and identical histories: the first-team
    # (more points) gets its White
    assert allocate(team(1, 2, "BB"), team(2, 4, "BB")) == 2


def test_4_3_8_and_4_3_9_alternate_the_last_colour():
    # no preferences, equal CD and history: the first-team 1 alternates from its Black
    assert allocate(team(1, 2, "WB"), team(2, 2, "WB"), kind="none") == 1
    # the first-team never played (byes): 4.3.9, the other alternates from its last Black
    assert allocate(team(1, 3, [None, None]), team(2, 2, "WB"), kind="none") == 2


# --- the teams' state from stored matches ------------------------------------------------------

def match(number, home, away, results):
    colours = ["white" if board % 2 else "black" for board in range(1, len(results) + 1)]
    return MatchRecord(number, home, away, tuple(
        BoardGame(board, colour, Result(result), (home, board), (away, board))
        for board, (colour, result) in enumerate(zip(colours, results, strict=True), 1)))


def test_team_states_colours_forfeits_byes_and_floaters():
    scoring = TeamScoring(bye_match_points=F(1), bye_game_points=F(1))
    tpns = {n: n for n in range(1, 6)}
    matches = [
        match(1, 1, 2, ["1-0", "0-1"]),          # 1 wins 2-0 with White on board 1
        MatchRecord(1, 3, 4, tuple(BoardGame(b, c, Result("+-" if c == "white" else "-+"),
                                             None, None)
                                   for b, c in ((1, "white"), (2, "black")))),  # 3 by forfeit
        MatchRecord(1, 5, None),                  # the PAB: a draw's worth (Art. 1.4)
        match(2, 5, 1, ["1/2-1/2", "1/2-1/2"]),   # 5 (1 point) meets 1 (2): both floaters
        match(2, 2, 3, ["0-1", "1-0"]),           # 2 (0) and 3 (2): floaters; Black wins b1
        MatchRecord(2, 4, None),
    ]
    states = {s.id: s for s in team_states(tpns, matches, STANDARD, scoring, 2)}
    assert states[1].colours == ("W", "B") and states[1].opponents == {2, 5}
    assert states[3].colours == (None, "B") and states[3].had_bye     # forfeit win: [C2]
    assert states[4].colours == (None, None) and states[4].opponents == frozenset()
    assert states[4].had_bye                                            # its round-2 bye
    assert states[5].had_bye and states[5].colours == (None, "W")
    assert states[1].floated and states[5].floated and states[2].floated and states[3].floated
    assert not states[4].floated
    assert states[1].score == F(3) and states[1].secondary == F(3)
    assert states[2].score == F(0) and states[3].score == F(4)
    assert states[3].secondary == F(4) and states[5].secondary == F(2)


# --- a whole event through the engine ----------------------------------------------------------

def test_forty_teams_seven_rounds_always_pair_and_never_repeat():
    import random

    from tournaments.standings import teams as team_rules
    rng = random.Random(16)
    rules = team_rules.TeamScoring()
    tpns = {n: n for n in range(1, 41)}
    matches: list[MatchRecord] = []
    for number in range(1, 8):
        states = team_states(tpns, matches, STANDARD, rules, number - 1)
        pairing = pair_round(states, round_number=number, total_rounds=7)
        met = {s.id: s.opponents for s in states}
        for white, black in pairing.pairs:
            assert black not in met[white]
            results = [rng.choice(["1-0", "0-1", "1/2-1/2"]) for _ in range(4)]
            matches.append(match(number, white, black, results))
    final = team_states(tpns, matches, STANDARD, rules, 7)
    assert all(len(s.opponents) == 7 for s in final)
