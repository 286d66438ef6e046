"""Draw-rule counting on per-position facts (RULES.md "How each count runs"), without the engine.

Each rule gets a sequence of positions that reaches its draw exactly at the expected ply and one
that just misses it. Games replayed on the board are in test_draws_games.py.
"""

import pytest

from rules.draws import (
    ENDGAME_5,
    KING_MOVES,
    MAIN_DIAGONAL,
    THREE_VS_ONE,
    THREEFOLD,
    DrawTracker,
    PositionFacts,
    default_ply_label,
    describe,
    main_diagonal,
)
from rules.profiles import PROFILES, DrawProfileError, draw_rules, get_profile


def position(white=(0, 0), black=(0, 0), key=None, white_lone=None, black_lone=None, turn="W"):
    """Facts of a position: `white` and `black` as (men, kings)."""
    return PositionFacts(turn, white[0], white[1], black[0], black[1], white_lone, black_lone, key)


def track(rules, positions, king_moves=None, board_size=8):
    """Record `positions` (ply 0 first); `king_moves[i]` flags the half-move INTO position i."""
    tracker = DrawTracker(rules, board_size)
    for ply, facts in enumerate(positions):
        tracker.record(facts, bool(king_moves and king_moves[ply]))
    return tracker


def rule_of(profile, rule_id, board_size=8, time_control="classical"):
    rules = draw_rules(profile, board_size, time_control)
    return tuple(rule for rule in rules if rule.id == rule_id)


# ------------------------------------------------------------------------------ geometry and data


def test_main_diagonal_runs_from_a1_to_the_far_corner():
    assert main_diagonal(8) == {29, 25, 22, 18, 15, 11, 8, 4}
    assert main_diagonal(10) == {46, 41, 37, 32, 28, 23, 19, 14, 10, 5}


@pytest.mark.parametrize(
    ("profile", "board_size", "time_control", "expected"),
    [
        ("cbd", 8, "classical", {THREEFOLD: None, KING_MOVES: 20, ENDGAME_5: 5, MAIN_DIAGONAL: 5}),
        ("cbd", 10, "classical", {THREEFOLD: None, KING_MOVES: 25, ENDGAME_5: 5, THREE_VS_ONE: 15}),
        ("cbd", 10, "rapid", {THREEFOLD: None, KING_MOVES: 25, ENDGAME_5: 5, THREE_VS_ONE: 5}),
        ("cbd", 10, "blitz", {THREEFOLD: None, KING_MOVES: 25, ENDGAME_5: 5, THREE_VS_ONE: 5}),
        ("regional", 8, "classical", {THREEFOLD: None, KING_MOVES: 20, ENDGAME_5: 5}),
        ("basic", 8, "classical", {THREE_VS_ONE: 13}),
        ("club", 8, "rapid", {THREEFOLD: None, KING_MOVES: 20, THREE_VS_ONE: 20}),
    ],
)
def test_profiles_follow_the_rules_table(profile, board_size, time_control, expected):
    rules = draw_rules(profile, board_size, time_control)
    assert {rule.id: rule.moves for rule in rules} == expected
    assert all(rule.article for rule in rules)


@pytest.mark.parametrize("profile", ["regional", "basic", "club"])
def test_the_64_square_profiles_refuse_the_100_square_board(profile):
    with pytest.raises(DrawProfileError, match="10x10"):
        draw_rules(profile, 10)


def test_unknown_profile_and_time_control_are_errors():
    with pytest.raises(DrawProfileError, match="known: cbd, regional, basic, club"):
        get_profile("fide")
    with pytest.raises(DrawProfileError, match="time control"):
        draw_rules("cbd", 10, "bullet")
    assert set(PROFILES) == {"cbd", "regional", "basic", "club"}


# ------------------------------------------------------------------------------ threefold


def test_threefold_holds_at_the_third_occurrence_counting_the_start():
    keys = ["A", "B", "C", "A", "B", "A"]
    tracker = track(rule_of("cbd", THREEFOLD), [position(key=k) for k in keys])
    assert tracker.first_holds == {THREEFOLD: 5}
    status = tracker.status(THREEFOLD, 5)
    assert status.holds and status.occurrences == (0, 3, 5)
    assert not tracker.status(THREEFOLD, 4).holds  # B twice only


def test_threefold_just_missed_with_two_occurrences_each():
    keys = ["A", "B", "A", "B", "C"]
    tracker = track(rule_of("club", THREEFOLD), [position(key=k) for k in keys])
    assert tracker.first_holds == {}
    assert tracker.status(THREEFOLD, 2).count == 2


def test_threefold_sentence_names_the_earlier_occurrences():
    tracker = track(rule_of("cbd", THREEFOLD), [position(key=k) for k in "ABCABA"])
    sentence = describe(tracker.status(THREEFOLD, 5))
    assert sentence == (
        "Upheld (threefold repetition, CBD Art. 98): the position after 3. stands "
        "for the third time (also at the start and after 2.)."
    )
    rejected = describe(tracker.status(THREEFOLD, 4))
    assert rejected.startswith("Rejected") and "(also after 1.);" in rejected


# ------------------------------------------------------------------------------ king moves


def kings_only(count, man_move_at=()):
    flags = [False] + [ply not in man_move_at for ply in range(1, count + 1)]
    return [position((0, 2), (0, 2), key=i) for i in range(count + 1)], flags


@pytest.mark.parametrize(
    ("profile", "board_size", "half_moves"),
    [("cbd", 8, 40), ("cbd", 10, 50), ("regional", 8, 40), ("club", 8, 40)],
)
def test_king_moves_holds_after_2n_king_half_moves(profile, board_size, half_moves):
    rules = rule_of(profile, KING_MOVES, board_size)
    tracker = track(rules, *kings_only(half_moves), board_size=board_size)
    assert tracker.first_holds == {KING_MOVES: half_moves}
    missed = track(rules, *kings_only(half_moves - 1), board_size=board_size)
    assert missed.first_holds == {}
    assert missed.status(KING_MOVES, half_moves - 1).count == half_moves - 1


def test_a_man_move_or_capture_resets_the_king_count():
    rules = rule_of("cbd", KING_MOVES)
    tracker = track(rules, *kings_only(55, man_move_at={10}))
    assert tracker.first_holds == {KING_MOVES: 50}
    status = tracker.status(KING_MOVES, 30)
    assert (status.count, status.since_ply) == (20, 10)
    assert "since 5..." in describe(status)


# ------------------------------------------------------------------------------ endgames

TWO_KINGS, KING, KING_AND_MAN, THREE_KINGS = (0, 2), (0, 1), (1, 1), (0, 3)


def test_endgame_count_starts_at_the_first_qualifying_position_and_survives_captures():
    rules = rule_of("cbd", ENDGAME_5)
    positions = (
        [position((0, 3), (0, 2))] * 4  # 3K v 2K: not one of the five
        + [position(TWO_KINGS, TWO_KINGS)] * 4  # ply 4: 2K v 2K, count starts
        + [position(TWO_KINGS, KING)] * 8
    )  # ply 8: a capture, still counted
    tracker = track(rules, positions)
    assert tracker.first_holds == {ENDGAME_5: 14}
    status = tracker.status(ENDGAME_5, 13)
    assert (status.holds, status.count, status.since_ply) == (False, 9, 4)


def test_endgame_just_missed_when_the_material_leaves_the_endgame():
    rules = rule_of("cbd", ENDGAME_5)
    positions = (
        [position(TWO_KINGS, KING_AND_MAN)] * 10  # plies 0-9
        + [position(KING_AND_MAN, KING_AND_MAN)]  # ply 10: not one of the five
        + [position(TWO_KINGS, KING)] * 9
    )  # plies 11-19: a new count
    tracker = track(rules, positions)
    assert tracker.first_holds == {}
    assert tracker.status(ENDGAME_5, 10).reason == "not-this-endgame"
    assert tracker.status(ENDGAME_5, 19).count == 8


def test_endgame_from_the_starting_position_holds_after_ten_half_moves():
    tracker = track(rule_of("regional", ENDGAME_5), [position(KING, KING_AND_MAN)] * 11)
    assert tracker.first_holds == {ENDGAME_5: 10}
    sentence = describe(tracker.status(ENDGAME_5, 10))
    assert sentence.startswith("Upheld (five-move endgame, Regulamento Art. 24): after 5...,")
    assert "White 1 king against Black 1 king and 1 man" in sentence


@pytest.mark.parametrize("white", [(0, 2), (1, 1), (0, 1)])
@pytest.mark.parametrize("black", [(0, 2), (0, 1), (1, 1)])
def test_the_five_endgames_either_way_round(white, black):
    tracker = track(rule_of("cbd", ENDGAME_5), [position(white, black)] * 11)
    five = {
        ((0, 2), (0, 2)),
        ((0, 2), (0, 1)),
        ((0, 2), (1, 1)),
        ((0, 1), (0, 1)),
        ((0, 1), (1, 1)),
    }
    expected = {ENDGAME_5: 10} if (white, black) in five or (black, white) in five else {}
    assert tracker.first_holds == expected


def test_main_diagonal_needs_the_lone_king_on_a1_h8():
    rules = rule_of("cbd", MAIN_DIAGONAL)
    on, off = position((1, 2), KING, black_lone=22), position((1, 2), KING, black_lone=23)
    tracker = track(rules, [on] * 7 + [off] + [on] * 11)
    assert tracker.first_holds == {MAIN_DIAGONAL: 18}  # restarted at ply 8
    assert tracker.status(MAIN_DIAGONAL, 7).reason == "lone-king-off-diagonal"
    assert "not on the main diagonal" in describe(tracker.status(MAIN_DIAGONAL, 7))
    white_lone = track(rules, [position(KING, (2, 1), white_lone=29)] * 11)
    assert white_lone.first_holds == {MAIN_DIAGONAL: 10}


@pytest.mark.parametrize(
    ("profile", "board_size", "time_control", "half_moves"),
    [
        ("cbd", 10, "classical", 30),
        ("cbd", 10, "rapid", 10),
        ("cbd", 10, "blitz", 10),
        ("basic", 8, "classical", 26),
        ("club", 8, "classical", 40),
    ],
)
def test_three_against_one_limits(profile, board_size, time_control, half_moves):
    rules = rule_of(profile, THREE_VS_ONE, board_size, time_control)
    reached = track(
        rules, [position(KING, THREE_KINGS, white_lone=3)] * (half_moves + 1), board_size=board_size
    )
    assert reached.first_holds == {THREE_VS_ONE: half_moves}
    missed = track(
        rules, [position(KING, THREE_KINGS, white_lone=3)] * half_moves, board_size=board_size
    )
    assert missed.first_holds == {}


def test_three_pieces_count_on_100_squares_but_only_three_kings_in_basic_and_club():
    two_kings_and_man = [position((1, 2), KING, black_lone=3)] * 31
    assert track(
        rule_of("cbd", THREE_VS_ONE, 10), two_kings_and_man, board_size=10
    ).first_holds == {THREE_VS_ONE: 30}
    assert track(rule_of("club", THREE_VS_ONE), two_kings_and_man).first_holds == {}
    assert track(rule_of("basic", THREE_VS_ONE), two_kings_and_man).first_holds == {}


def test_status_as_data_for_pages_to_translate():
    tracker = track(rule_of("cbd", ENDGAME_5), [position(TWO_KINGS, KING)] * 6)
    data = tracker.status(ENDGAME_5, 5).as_dict()
    assert data == {
        "rule": ENDGAME_5,
        "article": "CBD Art. 99",
        "ply": 5,
        "holds": False,
        "reason": "too-few",
        "count": 5,
        "required": 10,
        "since_ply": 0,
        "occurrences": [],
        "material": {"white": {"men": 0, "kings": 2}, "black": {"men": 0, "kings": 1}},
    }


@pytest.mark.parametrize(
    ("ply", "side", "label"),
    [(1, "W", "1."), (2, "W", "1..."), (34, "W", "17..."), (1, "B", "1..."), (2, "B", "2.")],
)
def test_default_ply_labels(ply, side, label):
    assert default_ply_label(ply, side) == label
