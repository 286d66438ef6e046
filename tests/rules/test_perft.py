"""Perft counts: the standard proof that move generation follows the rules.

Initial-position counts are the ones the issue fixes; the other international positions and
their counts are the published test positions of the draughts programming community (a king
"14 captures" position, an endgame, all kings, men about to promote).
"""

import random

import pytest
from naive_movegen import naive_legal_moves

from rules import BRAZILIAN, INTERNATIONAL, Board, Color, Piece, perft
from rules.perft import divide


def api_perft(board: Board, depth: int) -> int:
    """Perft through the public API (legal_moves/push/pop), to cross-check the bitboard counter."""
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves():
        board.push(move)
        total += api_perft(board, depth - 1)
        board.pop()
    return total


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        (BRAZILIAN, [7, 49, 302, 1469, 7473, 37628]),
        (INTERNATIONAL, [9, 81, 658, 4265, 27117, 167140]),
    ],
    ids=["brazilian", "international"],
)
def test_perft_from_the_initial_position(variant, expected):
    board = Board(variant)
    assert [perft(board, depth) for depth in range(1, len(expected) + 1)] == expected


@pytest.mark.parametrize(
    ("fen", "expected"),
    [
        (
            "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24.",
            [14, 55, 1168, 5432, 87195],
        ),
        (
            "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26.",
            [6, 12, 30, 73, 215, 590, 1944, 6269],
        ),
        ("W:WK31-50:BK1-20", [17, 79, 352, 1399, 7062]),
        ("W:W6,7,8,9,10:B41,42,43,44,45.", [9, 81, 795, 7578, 86351]),
    ],
    ids=["king-captures", "endgame", "all-kings", "promotion"],
)
def test_perft_of_published_international_positions(fen, expected):
    board = Board.from_fen(fen, INTERNATIONAL)
    assert [perft(board, depth) for depth in range(1, len(expected) + 1)] == expected


@pytest.mark.parametrize(
    ("fen", "variant", "depth"),
    [
        (None, BRAZILIAN, 4),
        (None, INTERNATIONAL, 3),
        ("B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24", INTERNATIONAL, 3),
        ("W:WK31-50:BK1-20", INTERNATIONAL, 2),
        ("W:WK29,K30,22,23,24:BK1,K4,9,10,11", BRAZILIAN, 4),
        ("B:W6,7,K30,25:B27,28,K2,K3", BRAZILIAN, 4),
    ],
)
def test_bitboard_perft_agrees_with_the_public_api(fen, variant, depth):
    """The fast counter and Board.legal_moves()/push()/pop() are separate code; they must agree."""
    board = Board.from_fen(fen, variant) if fen else Board(variant)
    before = board.fen()
    assert perft(board, depth) == api_perft(board, depth)
    assert board.fen() == before


def test_divide_sums_to_perft():
    board = Board(INTERNATIONAL)
    parts = divide(board, 3)
    assert len(parts) == 9
    assert sum(count for _move, count in parts) == perft(board, 3) == 658


def test_perft_depth_zero_is_one_and_negative_is_rejected():
    assert perft(Board(), 0) == 1
    with pytest.raises(ValueError):
        perft(Board(), -1)


def random_boards(variant, count, seed):
    """Seeded random positions with men and kings of both colours (men never on their far row)."""
    rng = random.Random(seed)
    white_far = set(variant.white_promotion_row())
    black_far = set(variant.black_promotion_row())
    for _ in range(count):
        board = Board.empty(variant, turn=rng.choice([Color.WHITE, Color.BLACK]))
        squares = rng.sample(range(1, variant.squares + 1), rng.randint(4, 16))
        for index, square in enumerate(squares):
            colour = Color.WHITE if index % 2 == 0 else Color.BLACK
            far = white_far if colour == Color.WHITE else black_far
            king = square in far or rng.random() < 0.3
            board.set_piece_at(square, Piece(colour, king))
        yield board


@pytest.mark.parametrize(
    ("variant", "seed"), [(BRAZILIAN, 1), (INTERNATIONAL, 2)], ids=["8x8", "10x10"]
)
def test_legal_moves_agree_with_a_naive_generator_on_random_positions(variant, seed):
    """An independent coordinate-based reading of RULES.md must give the same legal moves."""
    captures = 0
    for board in random_boards(variant, 1500, seed):
        expected = naive_legal_moves(board)
        got = {(m.start, m.end, m.captured) for m in board.legal_moves()}
        assert got == expected, board.fen()
        assert perft(board, 1) == len(expected), board.fen()
        captures += any(m[2] for m in expected)
    assert captures > 300  # the sample exercises captures, not only quiet moves


@pytest.mark.parametrize("variant", [BRAZILIAN, INTERNATIONAL], ids=["8x8", "10x10"])
def test_fast_perft_agrees_with_the_api_on_random_positions(variant):
    for board in random_boards(variant, 150, 3):
        assert perft(board, 2) == api_perft(board, 2), board.fen()
