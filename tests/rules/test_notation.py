"""Move notation: numeric and algebraic, written and read back, and every error it raises."""

import random

import pytest

from rules import (
    BRAZILIAN,
    INTERNATIONAL,
    AmbiguousMoveError,
    Board,
    DraughtsError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    Move,
    algebraic_to_square,
    move_to_str,
    parse_move,
    parse_squares,
    square_to_algebraic,
)

# Positions with kings, chains and ambiguous captures, besides games played at random below.
POSITIONS = [
    ("W:WK26:B5,7,8,9,10,22", BRAZILIAN),
    ("W:WK21:B8,15,16,17,18,25", BRAZILIAN),
    ("W:WK2:B6,14,19,22,24", BRAZILIAN),
    ("W:W31:B26,18,10,9,17,25", BRAZILIAN),
    ("W:WK29:B22,19", BRAZILIAN),
    ("B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24", INTERNATIONAL),
    ("W:WK31-50:BK1-20", INTERNATIONAL),
]


def random_positions(variant, games=12, plies=60, seed=7):
    """Positions met in seeded random games: many kinds of moves, reproducible."""
    rng = random.Random(seed)
    for _ in range(games):
        board = Board(variant)
        for _ in range(plies):
            moves = board.legal_moves()
            if not moves:
                break
            yield board.copy()
            board.push(rng.choice(moves))


def all_test_boards():
    yield from (Board.from_fen(fen, variant) for fen, variant in POSITIONS)
    yield from random_positions(BRAZILIAN)
    yield from random_positions(INTERNATIONAL)


def test_every_legal_move_printed_and_parsed_back_is_the_same_move():
    checked = 0
    for board in all_test_boards():
        for move in board.legal_moves():
            text = move_to_str(board, move)
            assert parse_move(board, text) == move, (board.fen(), text)
            if board.variant.algebraic:
                algebraic = move_to_str(board, move, algebraic=True)
                assert parse_move(board, algebraic) == move, (board.fen(), algebraic)
            checked += 1
    assert checked > 1000


def test_the_whole_path_also_parses():
    for board in all_test_boards():
        for move in board.legal_moves():
            text = "x".join(map(str, move.path)) if move.is_capture else f"{move.start}-{move.end}"
            assert parse_move(board, text) == move


def test_numeric_and_algebraic_notation_of_simple_moves():
    board = Board(BRAZILIAN)
    move = parse_move(board, "22-18")
    assert move == Move((22, 18))
    assert parse_move(board, "c3-d4") == move
    assert move_to_str(board, move) == "22-18"
    assert move_to_str(board, move, algebraic=True) == "c3-d4"


@pytest.mark.parametrize(
    "text", ["18x25", "18:25", "18X25", "d4xb2", "d4:b2", "D4xB2", " 18 x 25 ", "18x25!"]
)
def test_capture_spellings(text):
    board = Board.from_fen("W:W18:B22", BRAZILIAN)
    assert parse_move(board, text) == Move((18, 25), (22,))


def test_algebraic_chain_with_intermediate_square():
    board = Board.from_fen("W:W10:B7,8,19", BRAZILIAN)  # d6xf8xh6
    assert parse_move(board, "d6:f8:h6") == Move((10, 3, 12), (7, 8))
    assert move_to_str(board, board.legal_moves()[0], algebraic=True) == "d6xh6"


def test_padded_numeric_squares_from_pdn_files():
    assert parse_squares("1- 6", INTERNATIONAL) == ((1, 6), False)
    assert parse_squares("47x 9", INTERNATIONAL) == ((47, 9), True)
    assert parse_squares("26x17x8", BRAZILIAN) == ((26, 17, 8), True)
    assert parse_squares("c3:e5:c7", BRAZILIAN) == ((22, 15, 6), True)


def test_square_names():
    assert [square_to_algebraic(sq, BRAZILIAN) for sq in (29, 30, 31, 32, 1, 4)] == [
        "a1",
        "c1",
        "e1",
        "g1",
        "b8",
        "h8",
    ]
    assert all(
        algebraic_to_square(square_to_algebraic(sq, BRAZILIAN), BRAZILIAN) == sq
        for sq in range(1, 33)
    )
    with pytest.raises(ValueError, match="light square"):
        algebraic_to_square("a2", BRAZILIAN)
    with pytest.raises(ValueError):
        square_to_algebraic(1, INTERNATIONAL)


# ---------------------------------------------------------------- ambiguity
AMBIGUOUS = "W:WK26:B5,7,8,9,10,22"
# King d2 (26) takes c3 (22) to a5 (13), b6 (9) to c7/d8 (6/2); from d8 e7 (7) then g7 (8) to
# h8 (4); from c7 d6 (10) then g7 (8) to h8 (4). Two 4-piece captures from 26 to 4.


def test_start_and_end_alone_are_ambiguous_and_the_error_lists_the_candidates():
    board = Board.from_fen(AMBIGUOUS, BRAZILIAN)
    with pytest.raises(AmbiguousMoveError) as caught:
        parse_move(board, "26x4")
    error = caught.value
    assert sorted(m.captured for m in error.candidates) == [(7, 8, 9, 22), (8, 9, 10, 22)]
    assert "26x13x2x11x4" in str(error) and "26x13x6x15x4" in str(error)
    assert str(error).startswith(f"ambiguous move '26x4' in {AMBIGUOUS}: it matches 2 legal moves")
    with pytest.raises(AmbiguousMoveError):
        parse_move(board, "26x13x4")  # both pass a5


def test_ambiguous_moves_are_written_with_the_first_square_that_tells_them_apart():
    board = Board.from_fen(AMBIGUOUS, BRAZILIAN)
    texts = sorted(move_to_str(board, m) for m in board.legal_moves())
    assert texts == ["26x2x4", "26x6x4"]
    assert parse_move(board, "26x2x4").captured == (7, 8, 9, 22)
    assert parse_move(board, "26x15x4").captured == (8, 9, 10, 22)


# ---------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("text", "variant", "words"),
    [
        ("22/18", BRAZILIAN, "expected squares joined by"),
        ("", BRAZILIAN, "expected squares joined by"),
        ("22-", BRAZILIAN, "expected squares joined by"),
        ("33-29", BRAZILIAN, "square 33 does not exist on the brazilian board (1-32)"),
        ("a9-b8", BRAZILIAN, "'a9' is not an algebraic square"),
        ("a2-b3", BRAZILIAN, "light square"),
        ("c3-d4", INTERNATIONAL, "not used on the international board"),
        ("22-18x14", BRAZILIAN, "mixes '-' (a move) and 'x' (a capture)"),
        ("22-18-14", BRAZILIAN, "a move without capture goes from one square to another"),
        ("c3-18", BRAZILIAN, "mixes numeric and algebraic squares"),
    ],
)
def test_invalid_move_syntax(text, variant, words):
    board = Board(variant)
    with pytest.raises(InvalidMoveError) as caught:
        parse_move(board, text)
    assert words in str(caught.value)
    assert str(caught.value).startswith(f"invalid move {text!r} in {board.fen()}: ")


@pytest.mark.parametrize(
    ("fen", "text", "reason", "words"),
    [
        # Art. 16 (002): a capture exists, a plain move is written
        ("W:W18,30:B22", "30-26", "capture-compulsory", "a capture is compulsory (Art. 16): 18x25"),
        # Art. 19 (002): the king's one-piece capture against the man's two
        ("W:W22,K32:B18,11", "32x14", "majority", "the majority law requires capturing 2 pieces"),
        # Art. 15 (002): the king's way crosses its own man on b2
        ("W:W25,K29:B18", "29-15", "blocked", "blocked by the piece on 25 (Art. 15)"),
        # Art. 17 (002): two pieces side by side on c3, d4
        (
            "W:WK29:B22,18",
            "29x15",
            "blocked",
            "the pieces on 22 and 18 cannot be jumped in one leg",
        ),
        # Art. 22 (002): back on c3, the man would jump d4 a second time
        ("W:W22:B18,10,9,17", "22x15x6x13x22x15", "blocked", "the piece on 18 was already jumped"),
        (None, "11-15", "not-your-piece", "the piece on 11 is not White's; White is to move"),
        (None, "19-15", "empty-square", "square 19 is empty"),
        ("W:W22:B1", "22-25", "wrong-direction", "a man moves forwards only (Art. 13)"),
        ("W:W22,17:B1", "22-17", "occupied", "square 17 is occupied"),
        ("W:W22:B1", "22-15", "no-such-move", "a man moves one square at a time (Art. 13)"),
        ("W:W22:B1", "22-23", "no-such-move", "22 and 23 are not on one diagonal"),
        # Art. 19 (002): the king must go on from e5 (see test_rules)
        ("W:WK29:B22,19", "29x15", "incomplete-capture", "the capture cannot stop on 15"),
        # Art. 20 (002): passing f8 the man must go on
        ("W:W10:B7,8,19", "10x3", "incomplete-capture", "the capture cannot stop on 3"),
        ("W:W22:B1", "22x13", "no-such-move", "there is no piece to capture between 22 and 13"),
    ],
)
def test_illegal_moves_say_why(fen, text, reason, words):
    board = Board.from_fen(fen, BRAZILIAN) if fen else Board(BRAZILIAN)
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(board, text)
    error = caught.value
    assert error.reason == reason
    assert words in str(error)
    assert str(error).startswith(f"illegal move {text!r} in {board.fen()}: ")


def test_majority_error_carries_the_required_count():
    board = Board.from_fen("W:W22,K32:B18,11", BRAZILIAN)
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(board, "32x9")
    assert caught.value.required == 2
    assert caught.value.fen == board.fen() == "W:W22,K32:B11,18"
    assert caught.value.text == "32x9"


def test_other_errors_carry_no_required_count():
    with pytest.raises(IllegalMoveError) as caught:
        parse_move(Board(), "19-15")
    assert caught.value.required is None


@pytest.mark.parametrize(
    "error_class", [InvalidFenError, InvalidMoveError, IllegalMoveError, AmbiguousMoveError]
)
def test_every_engine_error_is_a_draughts_error_and_a_value_error(error_class):
    assert issubclass(error_class, DraughtsError)
    assert issubclass(error_class, ValueError)


def test_a_written_kind_that_differs_from_the_legal_move_is_a_notation_slip_not_an_error():
    """'22x18' for the plain move 22-18 (and '18-25' for a capture) still names one legal move:
    legal moves are either all captures or all plain moves, so the squares decide."""
    assert parse_move(Board(BRAZILIAN), "22x18") == Move((22, 18))
    assert parse_move(Board.from_fen("W:W18:B22", BRAZILIAN), "18-25") == Move((18, 25), (22,))
