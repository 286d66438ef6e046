"""Forbidden pairings and Baku acceleration (issue 27): the TRF lines, baku(), the Dutch engine.

Positions worked by hand from the rules: C.04.3 for the brackets, C.04.5.1 for the virtual
points. No database.
"""

from fractions import Fraction

import pytest

from tournaments.pairing.swiss.__main__ import main
from tournaments.pairing.swiss.acceleration import baku
from tournaments.pairing.swiss.dutch import pair_round
from tournaments.pairing.swiss.dutch_criteria import ForbiddenPairsBlock, NoValidPairing
from tournaments.pairing.swiss.state import PairingInput, PlayerState, from_trf
from tournaments.pairing.swiss.trf import TrfError, parse_trf, write_trf

F = Fraction
HALF = F(1, 2)


def line001(number, rounds=(), points=0.0, rating=None):
    """A 001 line: number, name, rating, points, then 10-column round blocks."""
    rating = rating if rating is not None else 2400 - 10 * number
    head = f"001 {number:4d}      {'Player ' + str(number):<33} {rating:4d}"
    head = head.ljust(80) + f"{points:4.1f}" + f" {number:4d}"
    return head + "".join(f"  {block}" for block in rounds)


def trf(*lines):
    return "\r\n".join(lines) + "\r\n"


def field(n, extra=(), rounds=None):
    """n players without games, then the extra lines (XXR 5 unless given)."""
    head = [f"XXR {rounds or 5}"]
    return trf(*head, *(line001(k) for k in range(1, n + 1)), *extra)


# ---------------------------------------------------------------- TRF: XXA and XXP


def test_xxa_and_xxp_lines_are_read_and_written_back_the_same():
    text = field(
        6, ["XXA    1  1.0  1.0  0.5", "XXA    2  1.0  1.0  0.5", "XXP 3 5", "XXP 2\t4  6"]
    )
    t = parse_trf(text)
    assert t.accelerations == {1: [1, 1, HALF], 2: [1, 1, HALF]}
    # A line of three players forbids every two of them.
    assert t.forbidden_pairs == [
        frozenset({3, 5}),
        frozenset({2, 4}),
        frozenset({2, 6}),
        frozenset({4, 6}),
    ]
    out = write_trf(t)
    assert "XXA    1  1.0  1.0  0.5\r\n" in out
    assert "XXP 3 5\r\nXXP 2 4\r\nXXP 2 6\r\nXXP 4 6\r\n" in out
    assert "XXP 2\t4" not in out  # read once, written once: not also kept as an unknown line
    again = parse_trf(out)
    assert again.accelerations == t.accelerations
    assert again.forbidden_pairs == t.forbidden_pairs
    assert write_trf(again) == out


def test_blank_xxa_fields_are_zero_and_trailing_zeros_are_not_written():
    t = parse_trf(field(4, ["XXA    3            0.5  0.0"]))
    assert t.accelerations == {3: [0, 0, HALF]}
    assert t.acceleration(3, 3) == HALF and t.acceleration(3, 4) == 0
    assert t.acceleration(1, 1) == 0
    assert "XXA    3  0.0  0.0  0.5\r\n" in write_trf(t)


def test_virtual_points_that_one_decimal_cannot_hold_are_not_written():
    t = parse_trf(field(4))
    t.accelerations = {1: [F(2, 3)]}  # a third of a 2-point win: TRF would round it
    with pytest.raises(ValueError, match="one decimal"):
        write_trf(t)
    t.accelerations = {1: [F(3, 2), F(0), F(1, 2)]}
    assert "XXA    1  1.5  0.0  0.5\r\n" in write_trf(t)


def test_a_file_whose_points_column_adds_the_virtual_points_is_accepted():
    # bbpPairings accepts the 001 points with or without the round's acceleration.
    text = trf(
        "XXR 3", line001(1, ["   2 w 1"], 2.0), line001(2, ["   1 b 0"], 0.0), "XXA    1  1.0  1.0"
    )
    assert parse_trf(text).players[1].points == 2


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        ("XXA    1  1.x", 10, "points must be a number"),
        ("XXA   x1  1.0", 5, "must be a whole number"),
        ("XXA    1 1.0 1.0", 14, "four columns and a space"),
        ("XXA    9  1.0", 5, "player 9 has no 001 line"),
        ("XXA    2  1.0  1.0  1.0  1.0  1.0  1.0", 35, "virtual points past round 5 (XXR)"),
        ("250       1.0 001 006 0001 0002", 19, "virtual points past round 5 (XXR)"),
        ("250       0.0 001 002 0001 0002", 10, "must not be 0"),
        ("250  1.0  1.0 001 002 0001 0002", 5, "team competitions"),
        ("250       1.0 003 002 0001 0002", 15, "rounds must go from 1 up"),
        ("250       1.0 001 002 0003 0002", 23, "players must go from 1 up"),
        ("250       1.0 001 002 0001 0009", 28, "player 9 has no 001 line"),
        ("260 001 00x    1    2", 9, "must be a whole number"),
        ("260 001 002    1", 4, "at least two"),
        ("250      1.0 001 002 0001 0002", 14, "column 14 must be blank"),  # one column left
        ("260 01 002    1    2", 8, "column 8 must be blank"),
        ("XXP 3", 4, "at least two"),
        ("XXP 3 x4", 7, "must be a whole number"),
        ("XXP 3  99", 8, "player 99 has no 001 line"),
        ("XXP 3 0", 7, "number 0"),
        ("XXP 3 4 3", 9, "listed twice"),
    ],
)
def test_bad_option_lines_name_their_line_and_column(line, column, words):
    with pytest.raises(TrfError) as caught:
        parse_trf(field(4, [line]))
    assert caught.value.line == 6  # XXR, four players, then the bad line
    assert caught.value.column == column
    assert words in str(caught.value)


def test_a_second_source_of_virtual_points_for_the_same_player_is_refused():
    with pytest.raises(TrfError, match=r"line 7, column 5: player 2 already has virtual points"):
        parse_trf(field(4, ["XXA    2  1.0", "XXA    2  0.5"]))
    with pytest.raises(TrfError, match=r"line 7, column 23: player 2 already has virtual points"):
        parse_trf(field(4, ["XXA    2  1.0", "250       1.0 001 002 0001 0003"]))


def test_trf_2026_records_250_and_260_are_read_and_written_as_xxa_and_260():
    # The standard's own example shape: 1 point in rounds 1-2, 0.5 in round 3, players 1-4;
    # 1, 5 and 6 may not meet in rounds 1-2, and 2 and 3 never (XXP).
    text = field(
        8,
        [
            "250       1.0 001 002 0001 0004",
            "250       0.5 003 003 0001 0004",
            "260 001 002    1    5    6",
            "XXP 2 3",
        ],
    )
    t = parse_trf(text)
    assert t.accelerations == {n: [1, 1, HALF] for n in range(1, 5)}
    assert t.forbidden_rounds == {
        frozenset({1, 5}): (1, 2),
        frozenset({1, 6}): (1, 2),
        frozenset({5, 6}): (1, 2),
    }
    assert set(t.forbidden_in(2)) == {frozenset(p) for p in [(1, 5), (1, 6), (5, 6), (2, 3)]}
    assert t.forbidden_in(3) == [frozenset({2, 3})]
    assert {s.number: s.forbidden for s in from_trf(t, 3).players}[1] == set()
    assert {s.number: s.forbidden for s in from_trf(t, 2).players}[1] == {5, 6}
    out = write_trf(t)
    assert "XXA    4  1.0  1.0  0.5\r\n" in out
    assert "260 001 002    1    5\r\n260 001 002    1    6\r\n260 001 002    5    6\r\n" in out
    assert "XXP 2 3\r\n" in out and "250" not in out
    again = parse_trf(out)
    assert (again.accelerations, again.forbidden_pairs, again.forbidden_rounds) == (
        t.accelerations,
        t.forbidden_pairs,
        t.forbidden_rounds,
    )


def test_from_trf_gives_each_player_his_forbidden_opponents_and_this_rounds_virtual_points():
    t = parse_trf(field(4, ["XXA    1  1.0  0.5", "XXP 1 3 4"]))
    first = {s.number: s for s in from_trf(t, 1).players}
    assert first[1].forbidden == {3, 4} and first[3].forbidden == {1, 4}
    assert first[2].forbidden == set()
    assert (first[1].acceleration, first[2].acceleration) == (1, 0)
    assert first[1].pairing_score == 1
    assert {s.number: s.acceleration for s in from_trf(t, 2).players}[1] == HALF
    assert PlayerState(7, F(2)).forbidden == set() and PlayerState(7, F(2)).acceleration == 0


# ---------------------------------------------------------------- baku(): C.04.5.1 by hand


def test_baku_gives_the_rules_own_examples():
    # "161 players: the nearest even number that comprises the first half (80.5) is 82".
    points = baku(range(1, 162), 9)
    assert [n for n in range(1, 162) if points[n][0]] == list(range(1, 83))
    # "In a nine-round tournament, the accelerated rounds are five": 1 in rounds 1-3, 0.5 in 4-5.
    assert points[82] == [1, 1, 1, HALF, HALF, 0, 0, 0, 0]
    assert points[83] == [0] * 9


@pytest.mark.parametrize(
    ("players", "rounds", "ga", "row"),
    [
        # GA = 2 * ceil(n / 4); accelerated = ceil(rounds / 2), with 1 point the first
        # ceil(accelerated / 2) of them, 0.5 the rest.
        (10, 7, 6, [1, 1, HALF, HALF, 0, 0, 0]),  # even field, odd rounds: 4 accelerated
        (9, 5, 6, [1, 1, HALF, 0, 0]),  # odd field: 9/2 = 4.5, the next even number is 6
        (12, 6, 6, [1, 1, HALF, 0, 0, 0]),  # even rounds: 3 accelerated, 2 of them full
        (8, 4, 4, [1, HALF, 0, 0]),
        (7, 8, 4, [1, 1, HALF, HALF, 0, 0, 0, 0]),
        (5, 1, 4, [1]),  # one round: it is the accelerated one, with a full point
        (3, 3, 2, [1, HALF, 0]),  # 1.5 rounded up to an even number: 2
        (1, 2, 1, [1, 0]),  # 2 * ceil(1/4) = 2 > 1 player: GA is the field
    ],
)
def test_baku_group_and_rounds(players, rounds, ga, row):
    points = baku(range(1, players + 1), rounds)
    assert sorted(points) == list(range(1, players + 1))
    for n in range(1, players + 1):
        assert points[n] == (row if n <= ga else [0] * rounds)


def test_baku_follows_the_pairing_order_and_counts_in_the_tournaments_win():
    points = baku([5, 3, 1, 2], 5, win_points=F(2))  # 2-1-0 scoring: 1 virtual point is 2
    assert points[5] == points[3] == [2, 2, 1, 0, 0]
    assert points[1] == points[2] == [0] * 5


def test_baku_late_entries_keep_the_last_ga_player():
    # 10 players: GA 1..6. A late entry (99) placed fourth: the last GA player is still 6, so
    # GA has 7 players (the rule's note 2: GA may become odd).
    points = baku([1, 2, 3, 99, 4, 5, 6, 7, 8, 9, 10], 5, last_ga=6)
    assert [n for n, row in points.items() if row[0]] == [1, 2, 3, 99, 4, 5, 6]
    with pytest.raises(ValueError, match="not in the pairing order"):
        baku([1, 2, 3], 5, last_ga=4)
    with pytest.raises(ValueError, match="twice"):
        baku([1, 2, 2], 5)


# ---------------------------------------------------------------- the engine


def state(number, score=0, colours="", opponents=(), forbidden=(), acceleration=0):
    return PlayerState(
        number,
        F(score),
        list(colours),
        set(opponents),
        forbidden=set(forbidden),
        acceleration=F(acceleration),
    )


def pair(round_no, players, total=5):
    return pair_round(PairingInput(round_no, total, players))


def test_a_forbidden_pair_is_not_paired_where_the_bracket_would_pair_it():
    # Round 1, four players: S1 {1, 2} against S2 {3, 4} pairs 1-3 and 2-4. 1-3 forbidden: the
    # next transposition, 1-4 and 2-3 (colours: odd pairing numbers White, as round 1 goes).
    assert set(pair(1, [state(n) for n in range(1, 5)]).boards) == {(1, 3), (4, 2)}
    forbidden = [state(1, forbidden={3}), state(2), state(3), state(4)]
    assert set(pair(1, forbidden).boards) == {(1, 4), (3, 2)}
    # Listed on one side only, it binds both.
    assert set(pair(1, [state(1), state(2), state(3, forbidden={1}), state(4)]).boards) == {
        (1, 4),
        (3, 2),
    }


def test_forbidden_pairs_of_absent_players_change_nothing():
    players = [state(1, forbidden={9}), state(2), state(3), state(4)]
    assert set(pair(1, players).boards) == {(1, 3), (4, 2)}


def test_the_pairing_allocated_bye_still_goes_by_the_rules_with_forbidden_pairs():
    # Five players, S1 {1, 2}, S2 {3, 4, 5}: 1-3, 2-4 and the bye to 5. With 1 kept from 3 and
    # 4, the transpositions of S2 (4.2) are tried in order: 3 4 5, 3 5 4 and 4 x x start with a
    # forbidden pair; 5 3 4 is the first that holds: 1-5, 2-3 and the bye to 4.
    assert pair(1, [state(n) for n in range(1, 6)]).bye == 5
    players = [state(1, forbidden={3, 4}), state(2), state(3), state(4), state(5)]
    result = pair(1, players)
    assert result.bye == 4
    assert set(result.boards) == {(1, 5), (3, 2)}


def test_no_pairing_that_respects_the_forbidden_pairs_says_so():
    players = [state(1, forbidden={2, 3, 4}), state(2), state(3), state(4)]
    with pytest.raises(ForbiddenPairsBlock) as caught:
        pair(1, players)
    assert caught.value.pairs == [(1, 2), (1, 3), (1, 4)]
    assert "forbidden pairings (1-2, 1-3, 1-4)" in str(caught.value)
    assert isinstance(caught.value, NoValidPairing)  # callers catching NoValidPairing see it


def test_the_pairs_named_are_those_of_the_player_left_with_nobody():
    # 1 may meet none of 2-6: his pairs are named, not 2-3 and 4-5, which any pairing can keep.
    players = [state(1, forbidden={2, 3, 4, 5, 6}), state(2, forbidden={3}), state(3)]
    players += [state(4, forbidden={5}), state(5), state(6)]
    with pytest.raises(ForbiddenPairsBlock) as caught:
        pair(1, players)
    assert caught.value.pairs == [(1, 2), (1, 3), (1, 4), (1, 5), (1, 6)]
    # A field of 14 where 1 may meet nobody: 13 pairs, the message shows ten.
    with pytest.raises(ForbiddenPairsBlock) as caught:
        pair(1, [state(1, forbidden=set(range(2, 15)))] + [state(n) for n in range(2, 15)])
    assert len(caught.value.pairs) == 13
    assert "(1-2, 1-3, 1-4, 1-5, 1-6, 1-7, 1-8, 1-9, 1-10, 1-11 and 3 more)" in str(caught.value)


def test_an_impossible_round_that_no_forbidden_pair_causes_keeps_its_own_reason():
    # 1 and 2 met already (C1): two players cannot be paired, forbidden pair or not.
    players = [state(1, 1, "w", {2}, forbidden={2}), state(2, 0, "b", {1})]
    with pytest.raises(NoValidPairing) as caught:
        pair(2, players)
    assert type(caught.value) is NoValidPairing


def test_virtual_points_make_the_brackets_as_baku_says():
    # 8 players, 5 rounds: GA = 1..4 with 1 virtual point in rounds 1-2 and 0.5 in round 3.
    vp = baku(range(1, 9), 5)
    assert vp[1] == [1, 1, HALF, 0, 0] and vp[5] == [0] * 5
    plain = pair(1, [state(n) for n in range(1, 9)])
    assert {frozenset(b) for b in plain.boards} == {
        frozenset(p) for p in [(1, 5), (2, 6), (3, 7), (4, 8)]
    }
    # Round 1: brackets {1-4} on 1 point and {5-8} on 0, each paired top half against bottom.
    r1 = pair(1, [state(n, acceleration=vp[n][0]) for n in range(1, 9)])
    assert set(r1.boards) == {(1, 3), (4, 2), (5, 7), (8, 6)}
    # The higher rated win. Round 2 pairing scores: 1, 2 on 1 + 1; 3, 4 on 0 + 1 and 5, 6 on
    # 1 + 0 share a bracket; 7, 8 on 0. Colours: each his alternation.
    after = {
        1: (1, "w", {3}),
        2: (1, "b", {4}),
        3: (0, "b", {1}),
        4: (0, "w", {2}),
        5: (1, "w", {7}),
        6: (1, "b", {8}),
        7: (0, "b", {5}),
        8: (0, "w", {6}),
    }
    r2 = pair(
        2, [state(n, sc, col, opp, acceleration=vp[n][1]) for n, (sc, col, opp) in after.items()]
    )
    assert set(r2.boards) == {(2, 1), (3, 5), (6, 4), (7, 8)}
    # Without the virtual points: 1, 2, 5, 6 on 1 point, 3, 4, 7, 8 on 0.
    r2_plain = pair(2, [state(n, sc, col, opp) for n, (sc, col, opp) in after.items()])
    # S1 {1, 2} against S2 {5, 6}: 1 and 5 both want Black (3 and 7 White), so 1-6, 2-5 (C10).
    assert set(r2_plain.boards) == {(6, 1), (2, 5), (3, 8), (7, 4)}


def test_boards_are_ordered_by_the_real_scores():
    # Round 2 of 5, GA = 1..4 on a virtual point. Round 1: 1 beat 3, 2 beat 4, 5 beat 7, 6 beat 8.
    # Pairing scores 1, 2: 2; 3, 4, 5, 6: 1 (3 kept from 5 and 6: 3-4 and 5-6); 7, 8: 0. The
    # boards go by the real scores (as bbpPairings prints them, checked with it): 5-6 on 1
    # point before 3-4 on 0, though 3 and 4 lead the bracket on pairing score.
    after = {
        1: (1, "w", {3}, ()),
        2: (1, "b", {4}, ()),
        3: (0, "b", {1}, {5, 6}),
        4: (0, "w", {2}, ()),
        5: (1, "w", {7}, ()),
        6: (1, "b", {8}, ()),
        7: (0, "b", {5}, ()),
        8: (0, "w", {6}, ()),
    }
    players = [
        state(n, sc, col, opp, forbidden=fb, acceleration=1 if n <= 4 else 0)
        for n, (sc, col, opp, fb) in after.items()
    ]
    assert pair(2, players).boards == ((2, 1), (6, 5), (3, 4), (7, 8))


def _played(rounds):
    """001 lines from {number: [(opponent, colour, result), ...]}, points added up."""
    lines = []
    for n, games in rounds.items():
        points = sum({"1": 1.0, "=": 0.5, "0": 0.0}[r] for _o, _c, r in games)
        lines.append(line001(n, [f"{o:4d} {c} {r}" for o, c, r in games], points))
    return lines


def test_a_past_float_is_judged_on_that_rounds_pairing_scores():
    # Round 2 above: 3 (0 points + 1 virtual) met 5 (1 point + 0): same pairing score, so no
    # float, though their real scores differed by a point.
    games = {
        1: [(3, "w", "1"), (2, "b", "=")],
        2: [(4, "b", "1"), (1, "w", "=")],
        3: [(1, "b", "0"), (5, "w", "0")],
        4: [(2, "w", "0"), (6, "b", "0")],
        5: [(7, "w", "1"), (3, "b", "1")],
        6: [(8, "b", "1"), (4, "w", "1")],
        7: [(5, "b", "0"), (8, "b", "1")],
        8: [(6, "w", "0"), (7, "w", "0")],
    }
    accel = [f"XXA {n:4d}  1.0  1.0  0.5" for n in range(1, 5)]
    t = parse_trf(trf("XXR 5", *_played(games), *accel))
    floats = {s.number: s.floats for s in from_trf(t, 3).players}
    assert floats[5] == ["", ""] and floats[3] == ["", ""]
    t_plain = parse_trf(trf("XXR 5", *_played(games)))
    plain = {s.number: s.floats for s in from_trf(t_plain, 3).players}
    assert plain[5] == ["", "d"] and plain[3] == ["", "u"]
    # Round 3: pairing scores 1, 2: 1.5 + 0.5; 5, 6: 2; 3, 4: 0 + 0.5; 7: 1; 8: 0.
    third = {s.number: s.pairing_score for s in from_trf(t, 3).players}
    assert third == {1: 2, 2: 2, 3: HALF, 4: HALF, 5: 2, 6: 2, 7: 1, 8: 0}


def test_the_command_line_honours_xxa_and_xxp(tmp_path, capsys):
    path = tmp_path / "options.trf"
    lines = [line001(n) for n in range(1, 9)]
    accel = [f"XXA {n:4d}  1.0  1.0  0.5" for n in range(1, 5)]
    path.write_text(trf("XXR 5", *lines, *accel, "XXP 1 3"), encoding="ascii")
    assert main(["--dutch", str(path), "-p"]) == 0
    out = capsys.readouterr().out.split("\n")
    assert out[0] == "4"
    # {1-4} on a virtual point without 1-3: 1-4 and 2-3; {5-8}: 5-7, 6-8.
    assert {frozenset(map(int, b.split())) for b in out[1:5]} == {
        frozenset(p) for p in [(1, 4), (2, 3), (5, 7), (6, 8)]
    }
    path.write_text(trf("XXR 5", line001(1), line001(2), "XXP 1 2"), encoding="ascii")
    assert main(["--dutch", str(path), "-p"]) == 1
    assert "forbidden pairings (1-2)" in capsys.readouterr().err
