"""Draw rules on replayed sheets: for each rule of each profile, a FEN plus moves that reaches the
draw exactly at the expected ply, and one that just misses it (RULES.md "How each count runs").

Ply N is the position after the N-th half-move; the starting position is ply 0 and counts.
"""

import pytest

from rules.claims import check_claim
from rules.pdn import read_game
from rules.replay import ClaimError, replay_game


def plies(text):
    """Moves written in one string, as on a sheet."""
    return text.split()


def sheet(fen, moves, gametype=26):
    """A PDN game from a FEN (White to move) and the moves in order."""
    numbered = []
    for index, move in enumerate(moves):
        numbered.append(f"{index // 2 + 1}. {move}" if index % 2 == 0 else move)
    return read_game(f'[GameType "{gametype}"]\n[FEN "{fen}"]\n\n{" ".join(numbered)} *')


def draws_of(game, **options):
    replay = replay_game(game, **options)
    assert replay.illegal is None and replay.moves == len(game.plies)
    return {entry["rule"]: entry["ply"] for entry in replay.first_draws()}


# Brazilian: a man each side never moves, the kings go back and forth.
SHUFFLE = "W:W21,K30:B12,K3"
SHUFFLE_MOVES = plies("30-26 3-7 26-30 7-3 30-26 3-7 26-30 7-3")
# 41 king half-moves from SHUFFLE, found with the engine: no capture is ever possible.
KING_TOUR = ["30-19", "3-7", "19-1", "7-2"] + ["1-5", "2-6", "5-1", "6-2"] * 9 + ["1-5"]
# Two kings against one from the start (CBD Art. 99).
TWO_V_ONE = "W:WK29,K32:BK1"
TWO_V_ONE_MOVES = plies("29-4 1-5 4-8 5-1 8-3 1-5 3-7 5-1 7-2 1-5 2-6 5-1")
# Three kings against a lone king on the long diagonal a1-h8 (CBD Art. 100).
THREE_KINGS = "W:WK1,K2,K3:BK18"
ON_DIAGONAL = plies("1-5 18-4 2-6 4-11 3-10 11-4 5-1 4-8 1-5 8-11 5-1 11-4")
# ... where the lone king leaves the diagonal at ply 6 (11-2) and returns at ply 8 (2-11).
OFF_AND_BACK = plies(
    "1-5 18-4 2-6 4-11 3-10 11-2 5-9 2-11 6-1 11-4 1-5 4-8 5-1 8-4 1-5 4-8 5-1 8-4"
)
# ... roaming anywhere for 42 half-moves (Regras Básicas Art. 12: 13 moves; 001/004: 20 moves).
ROAMING = plies(
    "1-5 18-4 2-6 4-11 3-10 11-2 5-9 2-11 6-1 11-2 9-5 2-6 10-3 6-2 1-10 2-7 5-14 7-2 3-8 "
    "2-13 8-3 13-22 3-7 22-4 7-2 4-8 2-6 8-3 6-1 3-8 1-5 8-3 5-9 3-8 9-2 8-3 2-6 3-8 6-1 "
    "8-3 1-5 3-8"
)
# International: two kings each (CBD Art. 99), and kings with a man each that never moves.
INTL_TWO_V_TWO = "W:WK46,K47:BK4,K5"
INTL_TWO_V_TWO_MOVES = plies("47-15 4-9 15-4 9-3 4-13 3-12 13-2 12-1 2-8 1-6 8-2 6-17")
INTL_KINGS = "W:W35,K46,K47:B16,K4,K5"
INTL_KING_TOUR = plies("47-15 4-9 15-4 9-3 4-13 3-12 13-2 12-1") + ["2-8", "1-6", "8-2", "6-1"] * 11
# International: three kings against one (CBD Art. 100, continuation).
INTL_THREE_V_ONE = "W:WK45,K50,K49:BK3"
INTL_THREE_V_ONE_MOVES = ["45-1", "3-8"] + ["1-6", "8-2", "6-1", "2-8"] * 7 + ["1-6", "8-2"]


# ------------------------------------------------------------------------------ threefold


@pytest.mark.parametrize("profile", ["cbd", "regional", "club"])
def test_threefold_holds_when_the_start_recurs_a_second_time(profile):
    # the starting position stands again after plies 4 and 8
    assert draws_of(sheet(SHUFFLE, SHUFFLE_MOVES), profile=profile)["threefold"] == 8


def test_threefold_just_missed_when_the_last_white_move_differs():
    moves = SHUFFLE_MOVES[:6] + ["26-22", "7-3"]
    assert "threefold" not in draws_of(sheet(SHUFFLE, moves))


def test_basic_profile_has_no_threefold_rule():
    assert draws_of(sheet(SHUFFLE, SHUFFLE_MOVES), profile="basic") == {}


def test_threefold_on_100_squares():
    # the kings cycle from ply 8: the position after ply 8 stands again after 12 and 16
    draws = draws_of(sheet(INTL_KINGS, INTL_KING_TOUR[:16], 20))
    assert draws == {"threefold": 16}
    assert "threefold" not in draws_of(sheet(INTL_KINGS, INTL_KING_TOUR[:15], 20))


# ------------------------------------------------------------------------------ king moves


@pytest.mark.parametrize("profile", ["cbd", "regional", "club"])
def test_twenty_moves_each_of_kings_only(profile):
    assert draws_of(sheet(SHUFFLE, KING_TOUR[:40]), profile=profile)["king-moves"] == 40
    assert "king-moves" not in draws_of(sheet(SHUFFLE, KING_TOUR[:39]), profile=profile)


def test_a_man_move_sets_the_king_count_to_zero():
    game = sheet(SHUFFLE, KING_TOUR[:39] + ["12-16"])
    replay = replay_game(game)
    assert "king-moves" not in replay.draws.first_holds
    assert replay.status("king-moves", 39).count == 39
    assert replay.status("king-moves", 40).count == 0


def test_twenty_five_moves_each_on_100_squares():
    assert draws_of(sheet(INTL_KINGS, INTL_KING_TOUR[:50], 20))["king-moves"] == 50
    assert "king-moves" not in draws_of(sheet(INTL_KINGS, INTL_KING_TOUR[:49], 20))


# ------------------------------------------------------------------------------ five-move endgames


@pytest.mark.parametrize("profile", ["cbd", "regional"])
def test_two_kings_against_one_is_drawn_after_five_moves_each(profile):
    assert draws_of(sheet(TWO_V_ONE, TWO_V_ONE_MOVES[:10]), profile=profile) == {"endgame-5": 10}
    assert draws_of(sheet(TWO_V_ONE, TWO_V_ONE_MOVES[:9]), profile=profile) == {}


@pytest.mark.parametrize("profile", ["basic", "club"])
def test_profiles_without_the_five_move_endgames(profile):
    assert draws_of(sheet(TWO_V_ONE, TWO_V_ONE_MOVES), profile=profile) == {}


def test_two_kings_against_two_on_100_squares():
    game = sheet(INTL_TWO_V_TWO, INTL_TWO_V_TWO_MOVES[:10], 20)
    assert draws_of(game) == {"endgame-5": 10}
    assert draws_of(sheet(INTL_TWO_V_TWO, INTL_TWO_V_TWO_MOVES[:9], 20)) == {}


# ------------------------------------------------------------------------------ main diagonal


def test_three_kings_against_a_king_holding_the_main_diagonal():
    assert draws_of(sheet(THREE_KINGS, ON_DIAGONAL[:10])) == {"main-diagonal": 10}
    assert draws_of(sheet(THREE_KINGS, ON_DIAGONAL[:9])) == {}


def test_leaving_the_main_diagonal_restarts_the_count():
    replay = replay_game(sheet(THREE_KINGS, OFF_AND_BACK))
    assert replay.draws.first_holds["main-diagonal"] == 18
    assert replay.status("main-diagonal", 6).reason == "lone-king-off-diagonal"
    assert replay.status("main-diagonal", 8).since_ply == 8
    assert draws_of(sheet(THREE_KINGS, OFF_AND_BACK[:17])) == {}


def test_the_regional_profile_has_no_main_diagonal_rule():
    assert draws_of(sheet(THREE_KINGS, ON_DIAGONAL), profile="regional") == {}


# ------------------------------------------------------------------------------ three against one


@pytest.mark.parametrize(("profile", "ply"), [("basic", 26), ("club", 40)])
def test_three_kings_against_one_anywhere(profile, ply):
    assert draws_of(sheet(THREE_KINGS, ROAMING[:ply]), profile=profile)["three-vs-one"] == ply
    missed = draws_of(sheet(THREE_KINGS, ROAMING[: ply - 1]), profile=profile)
    assert "three-vs-one" not in missed


@pytest.mark.parametrize(("time_control", "ply"), [("classical", 30), ("rapid", 10), ("blitz", 10)])
def test_three_kings_against_one_on_100_squares_by_time_control(time_control, ply):
    game = sheet(INTL_THREE_V_ONE, INTL_THREE_V_ONE_MOVES[:ply], 20)
    assert draws_of(game, time_control=time_control)["three-vs-one"] == ply
    missed = sheet(INTL_THREE_V_ONE, INTL_THREE_V_ONE_MOVES[: ply - 1], 20)
    assert "three-vs-one" not in draws_of(missed, time_control=time_control)


# ------------------------------------------------------------------------------ claims


def test_threefold_claim_upheld_with_its_evidence():
    replay = replay_game(sheet(SHUFFLE, SHUFFLE_MOVES))
    decision = check_claim(replay, "threefold", "4...")
    assert decision.upheld and decision.ply == 8
    assert decision.sentence == (
        "Upheld (threefold repetition, CBD Art. 98): the position after 4... stands for the "
        "third time (also at the start and after 2...)."
    )
    assert decision.as_dict()["evidence"]["occurrences"] == [0, 4, 8]


def test_threefold_claim_one_ply_early_is_rejected():
    decision = check_claim(replay_game(sheet(SHUFFLE, SHUFFLE_MOVES)), "threefold", "4.")
    assert not decision.upheld
    assert decision.sentence.startswith("Rejected (threefold repetition, CBD Art. 98)")
    assert "(also after 2.)" in decision.sentence


def test_king_moves_claim_names_the_count_and_where_it_started():
    replay = replay_game(sheet(SHUFFLE, KING_TOUR[:39] + ["12-16"]))
    decision = check_claim(replay, "king-moves", "20.")
    assert not decision.upheld
    assert (
        "39 successive half-moves" in decision.sentence
        and "40 (20 moves each)" in decision.sentence
    )
    assert decision.as_dict()["evidence"]["since_ply"] == 0


def test_endgame_claim_upheld_after_five_moves_each():
    replay = replay_game(sheet(TWO_V_ONE, TWO_V_ONE_MOVES))
    assert check_claim(replay, "endgame-5", "5...").upheld
    early = check_claim(replay, "endgame-5", "5.")
    assert not early.upheld
    assert early.as_dict()["evidence"]["count"] == 9


def test_claim_of_a_rule_the_profile_lacks_is_rejected_with_the_reason():
    replay = replay_game(sheet(SHUFFLE, SHUFFLE_MOVES), profile="basic")
    decision = check_claim(replay, "threefold", "4...")
    assert not decision.upheld
    assert "profile 'basic'" in decision.sentence
    assert decision.as_dict()["evidence"] == {"reason": "not-in-profile"}


def test_claims_that_cannot_be_checked_are_errors():
    replay = replay_game(sheet(SHUFFLE, SHUFFLE_MOVES))
    with pytest.raises(ClaimError, match="unknown draw rule"):
        check_claim(replay, "fifty-moves", "4.")
    with pytest.raises(ClaimError, match="no move '9.'"):
        check_claim(replay, "threefold", "9.")
