"""Hand-worked positions for the Dutch System's rules (C.04.1, C.04.3 2025), one rule each."""

import random
from fractions import Fraction
from itertools import combinations

import pytest

from tournaments.pairing.swiss.__main__ import main
from tournaments.pairing.swiss.dutch import pair_round
from tournaments.pairing.swiss.dutch_criteria import NoValidPairing
from tournaments.pairing.swiss.matching import max_weight_matching
from tournaments.pairing.swiss.state import PairingInput, PlayerState
from tournaments.pairing.swiss.trf import TrfError, parse_trf


def player(number, score=0, colours="", opponents=(), floats="", bye_ineligible=False):
    s = PlayerState(number, Fraction(score), list(colours), set(opponents), list(floats))
    s.bye_ineligible = bye_ineligible
    return s


def pair(round_no, players, total=9, initial="w"):
    return pair_round(PairingInput(round_no, total, players, initial))


def test_round_one_top_half_meets_bottom_half_with_alternating_colours():
    # 1.2 order, S1 = 1..4 against S2 = 5..8; 5.2.5: odd pairing numbers get the initial colour.
    result = pair(1, [player(n) for n in range(1, 9)])
    assert result.boards == ((1, 5), (6, 2), (3, 7), (8, 4))
    assert result.bye is None
    black = pair(1, [player(n) for n in range(1, 9)], initial="b")
    assert black.boards == ((5, 1), (2, 6), (7, 3), (4, 8))


def test_odd_field_gives_the_bye_to_the_lowest_ranked_player_of_the_lowest_score():
    result = pair(1, [player(n) for n in range(1, 6)])
    assert result.bye == 5
    assert len(result.boards) == 2


def test_a_player_who_had_the_bye_or_a_win_without_playing_does_not_get_it_again():
    # C.04.1: all on 0 points; player 5, the lowest ranked, already had a PAB (or a forfeit
    # win), so the next lowest eligible player (4) gets it.
    players = [player(n, 0, "w" if n % 2 else "b") for n in range(1, 5)]
    assert pair(2, [*players, player(5, 0, "b")]).bye == 5
    assert pair(2, [*players, player(5, 0, "b", bye_ineligible=True)]).bye == 4


def test_no_rematch_c1():
    # S1 {1,2} against S2 {3,4}: the first transposition 1-3 is a rematch, so 1-4, 2-3.
    players = [player(1, 1, "w", {3}), player(2, 1, "b"), player(3, 1, "w", {1}), player(4, 1, "b")]
    result = pair(2, players)
    assert set(result.boards) == {(4, 1), (2, 3)}


def test_same_absolute_colour_preference_players_do_not_meet_c3():
    # 1 and 2 both had White twice (absolute preference for Black): they cannot meet.
    players = [
        player(1, 2, "ww", {5, 6}),
        player(2, 2, "ww", {7, 8}),
        player(3, 2, "bb", {9, 10}),
        player(4, 2, "bb", {11, 12}),
    ]
    result = pair(3, players)
    pairs = {frozenset(b) for b in result.boards}
    assert frozenset({1, 2}) not in pairs and frozenset({3, 4}) not in pairs
    # Both preferences are granted (5.2.1): the White-twice players get Black.
    for white, black in result.boards:
        assert white in (3, 4) and black in (1, 2)


def test_colour_preferences_outrank_the_transposition_order_c10():
    # 1-3 and 2-4 (the first candidate) would deny two preferences; 1-4, 2-3 grants all four.
    players = [player(1, 1, "w"), player(2, 1, "b"), player(3, 1, "w"), player(4, 1, "b")]
    assert set(pair(2, players).boards) == {(4, 1), (2, 3)}
    # With three players wanting Black one fault is unavoidable: the first candidate stays.
    players = [player(1, 1, "w"), player(2, 1, "w"), player(3, 1, "w"), player(4, 1, "b")]
    assert {frozenset(b) for b in pair(2, players).boards} == {frozenset({1, 3}), frozenset({2, 4})}


def test_stronger_preference_wins_and_higher_rank_breaks_ties():
    # 1 has WB (mild, wants White), 2 has BB (absolute, wants White): 2 gets White (5.2.2).
    result = pair(3, [player(1, 2, "wb", {8, 9}), player(2, 2, "bb", {7, 6})], total=9)
    assert result.boards == ((2, 1),)
    # Both mild for White with the same history: the higher ranked player gets it (5.2.4).
    result = pair(3, [player(1, 2, "wb", {8, 9}), player(2, 2, "wb", {7, 6})])
    assert result.boards == ((1, 2),)


def test_repeated_downfloat_is_avoided_c12():
    # Odd scoregroup {1,2,3} on 1 point: one of them floats down. The rules' order would float the
    # lowest (3), but 3 already floated down last round, so another one goes.
    players = [
        player(1, 1, "w", {10}, "u"),
        player(2, 1, "b", {11}, ""),
        player(3, 1, "w", {12}, "d"),
        player(4, 0, "b", {13}),
        player(5, 0, "w", {14}),
        player(6, 0, "b", {15}),
    ]
    result = pair(2, players)
    down = [b for b in result.boards if len({1, 2, 3} & set(b)) == 1]
    assert len(down) == 1 and 3 not in down[0]


def test_the_pab_goes_to_the_player_with_fewest_unplayed_rounds_in_the_last_bracket():
    # 2025: of two 0-point players the one who lost a game by forfeit (an unplayed round) does not
    # get the bye; 4 has played both rounds, 5 only one.
    players = [
        player(1, 2, "wb", {6, 7}),
        player(2, 2, "bw", {8, 9}),
        player(3, 1, "wb", {10, 11}),
        player(4, 0, "bw", {12, 13}),
        player(5, 0, "w", {14}),
    ]
    result = pair(3, players)
    assert result.bye == 4


def test_no_valid_pairing_is_an_error():
    players = [player(1, 1, "w", {2}), player(2, 0, "b", {1})]
    with pytest.raises(NoValidPairing, match=r"player 1, 2 can meet nobody left"):
        pair(2, players)


def test_matching_is_exact_on_random_graphs():
    rng = random.Random(7)

    def best(n, edges):
        w = {frozenset((u, v)): x for u, v, x in edges}
        top = None
        verts = list(range(n))

        def rec(free, size, total):
            nonlocal top
            if not free:
                top = max(top or (0, 0), (size, total))
                return
            v, rest = free[0], free[1:]
            rec(rest, size, total)
            for u in rest:
                if frozenset((u, v)) in w:
                    rec([x for x in rest if x != u], size + 1, total + w[frozenset((u, v))])

        rec(verts, 0, 0)
        return top

    for _ in range(400):
        n = rng.randint(2, 8)
        edges = [
            (u, v, rng.randint(-3, 40)) for u, v in combinations(range(n), 2) if rng.random() < 0.6
        ]
        mate = max_weight_matching(n, edges)
        w = {frozenset((u, v)): x for u, v, x in edges}
        got = [(v, m) for v, m in enumerate(mate) if m > v]
        assert all(mate[m] == v for v, m in got)
        assert (len(got), sum(w[frozenset(p)] for p in got)) == (best(n, edges) or (0, 0))


GOOD = (
    "012 Test\r"
    "001    1      A                                 2000                             1.0    1"
    "     2 w 1\r"
    "001    2      B                                 1900                             0.0    2"
    "     1 b 0\r"
)


def test_trf_errors_name_line_and_column():
    assert len(parse_trf(GOOD).players) == 2
    with pytest.raises(TrfError, match=r"line 2, column 92: round 1: unknown opponent 3"):
        parse_trf(GOOD.replace("     2 w 1", "     3 w 1"))
    with pytest.raises(TrfError, match=r"line 3, column 81: player 2 has 1 points"):
        parse_trf(GOOD.replace("0.0    2", "1.0    2"))
    with pytest.raises(
        TrfError, match=r"line 2, column 99: round 1: results of 1 and 2 do not match"
    ):
        parse_trf(GOOD.replace("2 w 1", "2 w 0").replace("1.0    1", "0.0    1"))
    with pytest.raises(TrfError, match=r"column 99: unknown result code 'x'"):
        parse_trf(GOOD.replace("2 w 1", "2 w x"))
    # A third player who claims to have met 1 in round 1: 1 is paired twice in that round.
    third = (
        "001    3      C                                 1800                             0.0    3"
        "     1 w 0\r"
    )
    with pytest.raises(TrfError, match=r"line 4, column 92: round 1: player 3 meets 1, who is not"):
        parse_trf(GOOD + third)


def test_command_line_exit_codes(tmp_path, capsys):
    bad = tmp_path / "bad.trf"
    bad.write_text(GOOD.replace("     2 w 1", "     3 w 1"))
    assert main(["--dutch", str(bad), "-p"]) == 3
    assert "line 2, column 92" in capsys.readouterr().err
    stuck = tmp_path / "stuck.trf"
    stuck.write_text(GOOD + "XXR 3\r")
    assert main(["--dutch", str(stuck), "-p"]) == 1
    assert "round 2: no valid pairing (player 1, 2 can meet nobody" in capsys.readouterr().err
    ok = tmp_path / "ok.trf"
    ok.write_text(
        GOOD.replace("1.0    1     2 w 1", "0.0    1").replace("0.0    2     1 b 0", "0.0    2")
        + "XXR 2\r"
    )
    out = tmp_path / "out.txt"
    assert main(["--dutch", str(ok), "-p", str(out)]) == 0
    assert out.read_text() == "1\n1 2\n"
    # XXC black1: the top player has Black in round 1 (JaVaFo/bbpPairings extension).
    ok.write_text(ok.read_text() + "XXC rank black1\r")
    assert main(["--dutch", str(ok), "-p", str(out)]) == 0
    assert out.read_text() == "1\n2 1\n"


@pytest.mark.parametrize("seed", [3, 11])
def test_the_bracket_window_pairs_exactly_like_the_full_graph(seed):
    # Each bracket's matching normally sees only the next scoregroup and a margin below it; the
    # result must equal the matching over every lower player (the definition of C4 completion).
    from tournaments.pairing.swiss.dutch import _Round
    from tournaments.pairing.swiss.simulate import simulate
    from tournaments.pairing.swiss.state import from_trf

    t = simulate(60, 5, seed, total_rounds=6)
    for r in range(2, 7):
        inp = from_trf(t, r, 6)
        fast = _Round(inp, fast=True).pair()
        full = _Round(from_trf(t, r, 6), fast=False).pair()
        assert fast == full


def test_colours_alternate_against_the_latest_round_they_differed():
    # Both want White mildly (CD 0, Black last). Going back from the last round, they first
    # differ in round 2, where 2 had Black: 2 now gets White although 1 is ranked higher (5.2.3).
    players = [player(1, 2, "bwwb", {5, 6, 7, 8}), player(2, 2, "wbwb", {9, 10, 11, 12})]
    assert pair(5, players).boards == ((2, 1),)


def test_topscorers_with_the_same_absolute_preference_may_meet_only_in_the_last_round():
    # 1 and 2 both had White twice; each has met everybody else. In the last round they are
    # topscorers (more than half the points) and C3 does not apply to them.
    others = {3, 4, 5, 6}
    players = [player(1, 2, "ww", others), player(2, 2, "ww", others)]
    players += [player(n, 0, "bw" if n % 2 else "wb", {1, 2}) for n in sorted(others)]
    last = pair(3, players, total=3)
    assert (2, 1) in last.boards  # equal colour differences: the higher ranked keeps his preference
    with pytest.raises(NoValidPairing, match="player 1, 2"):
        pair(3, players, total=5)


def test_a_repeated_upfloat_is_avoided_in_a_heterogeneous_bracket_c13():
    # 1 drops alone from 2 points into {2, 3, 4} on 1 point. The first candidate pairs him with 2,
    # but 2 floated up last round, so 1 meets 3 and the remainder is 2-4.
    players = [
        player(1, 2, "wb", {5, 6}),
        player(2, 1, "bw", {7, 8}, "u"),
        player(3, 1, "bw", {9, 10}),
        player(4, 1, "bw", {11, 12}),
    ]
    result = pair(3, players)
    assert {frozenset(b) for b in result.boards} == {frozenset({1, 3}), frozenset({2, 4})}
