"""Board: pieces, push/pop, copies, keys, irregular moves carried out as written, game end."""

import pytest

from rules import BRAZILIAN, INTERNATIONAL, Board, Color, IllegalMoveError, Move, Piece, parse_move


def test_initial_position_follows_rules_md_boards_table():
    board = Board(BRAZILIAN)
    assert board.turn == Color.WHITE == "W"
    assert sorted(board.pieces(Color.WHITE)) == list(range(21, 33))
    assert sorted(board.pieces("B")) == list(range(1, 13))
    assert board.count("W") == board.count("B") == 12
    assert board.count("W", king=True) == 0 and board.count("W", king=False) == 12
    assert Board(INTERNATIONAL).count("B") == 20
    assert board.piece_at(21) == Piece(Color.WHITE, king=False)
    assert board.piece_at(16) is None


def test_piece_at_rejects_squares_off_the_board():
    with pytest.raises(ValueError, match="square 33 does not exist"):
        Board(BRAZILIAN).piece_at(33)


def test_push_and_pop_restore_the_position_and_the_stack():
    board = Board(INTERNATIONAL)
    start = board.fen()
    played = []
    for text in ("32-28", "17-22", "28x17", "12x21"):  # WK 2003, round 1
        move = parse_move(board, text)
        board.push(move)
        played.append(move)
    assert board.move_stack == played
    assert board.peek() == played[-1]
    assert board.count("W") == board.count("B") == 19
    for move in reversed(played):
        assert board.pop() == move
    assert board.fen() == start
    assert board.move_stack == []
    with pytest.raises(IndexError):
        board.pop()


def test_push_refuses_an_illegal_move_with_the_reason():
    board = Board.from_fen("W:W18,30:B22", BRAZILIAN)
    with pytest.raises(IllegalMoveError) as caught:
        board.push(Move((30, 26)))
    assert caught.value.reason == "capture-compulsory"
    assert board.fen() == "W:W18,30:B22"


def test_copy_is_independent():
    board = Board(BRAZILIAN)
    board.push(parse_move(board, "22-18"))
    twin = board.copy()
    twin.push(parse_move(twin, "11-15"))
    assert len(board.move_stack) == 1 and len(twin.move_stack) == 2
    assert board.turn == Color.BLACK and twin.turn == Color.WHITE
    assert twin.pop() == parse_move(board, "11-15")
    assert twin == board


def test_key_is_equal_for_the_same_position_reached_by_other_moves():
    a = Board(BRAZILIAN)
    for text in ("21-17", "12-16", "24-20", "9-13"):
        a.push(parse_move(a, text))
    b = Board(BRAZILIAN)
    for text in ("24-20", "9-13", "21-17", "12-16"):
        b.push(parse_move(b, text))
    assert a.key() == b.key()
    assert hash(a.key()) == hash(b.key())
    b.pop()
    assert a.key() != b.key()


def test_key_depends_on_the_side_to_move():
    assert Board.from_fen("W:W21:B1").key() != Board.from_fen("B:W21:B1").key()


def test_push_unchecked_carries_out_a_move_that_ignores_a_compulsory_capture():
    """RULES.md Irregularities: an irregular move the opponent lets stand is played as written."""
    board = Board.from_fen("W:W18,30:B22", BRAZILIAN)
    board.push_unchecked(Move((30, 26)))
    assert board.fen() == "B:W18,26:B22"
    assert board.pop() == Move((30, 26))
    assert board.fen() == "W:W18,30:B22"


def test_push_unchecked_removes_the_written_captures_and_crowns_on_the_far_row():
    # a capture that stops on f8 although it had to go on (Art. 23 (i)): the man is crowned
    board = Board.from_fen("W:W10:B7,8,19", BRAZILIAN)
    board.push_unchecked(Move((10, 3), (7,)))
    assert board.fen() == "B:WK3:B8,19"


def test_push_unchecked_of_the_opponents_piece_passes_the_turn():
    board = Board(BRAZILIAN)
    board.push_unchecked(Move((11, 15)))  # Black's man moved while White was to move (Art. 23 (e))
    assert board.turn == Color.BLACK
    assert board.piece_at(15) == Piece(Color.BLACK)


def test_push_unchecked_needs_a_piece_and_a_free_end_square():
    board = Board(BRAZILIAN)
    with pytest.raises(IllegalMoveError) as caught:
        board.push_unchecked(Move((17, 13)))
    assert caught.value.reason == "empty-square"
    with pytest.raises(IllegalMoveError) as caught:
        board.push_unchecked(Move((21, 25)))
    assert caught.value.reason == "occupied"


def test_no_legal_move_loses():
    """RULES.md The end of a game: a player with no legal move loses.

    White's man on a1 (29) faces Black on b2 (25) with c3 (22) taken: no move, no capture.
    """
    board = Board.from_fen("W:W29:B25,22", BRAZILIAN)
    assert board.legal_moves() == []
    assert board.is_game_over()
    assert board.winner() == Color.BLACK


def test_no_pieces_loses():
    board = Board.from_fen("B:W21:B", BRAZILIAN)
    assert board.is_game_over()
    assert board.winner() == Color.WHITE


def test_game_not_over_while_a_move_exists():
    board = Board(BRAZILIAN)
    assert not board.is_game_over()
    assert board.winner() is None


def test_has_capture_and_all_captures():
    board = Board.from_fen("W:W22,K32:B18,11", BRAZILIAN)
    assert board.has_capture()
    assert not Board(BRAZILIAN).has_capture()
    assert Board(BRAZILIAN).all_captures() == []


def test_move_value_semantics():
    a = Move((26, 17, 8), (22, 12))
    b = Move((26, 19, 8), (12, 22))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Move((26, 8), (17, 22))
    assert a.start == 26 and a.end == 8 and a.is_capture
    assert not Move((22, 18)).is_capture
    assert eval(repr(a)) == a and eval(repr(a)).path == a.path
    assert str(a) == "26x17x8"
    with pytest.raises(ValueError):
        Move((22,))


def test_repr_rebuilds_the_board():
    from rules import INTERNATIONAL as INTERNATIONAL  # noqa: PLC0414 - eval needs the name

    board = Board.from_fen("B:W31,K40:B7", INTERNATIONAL)
    assert eval(repr(board)) == board
    assert "w" in str(board) and "W" in str(board) and "b" in str(board)


def test_push_records_the_full_path_of_a_move_given_by_its_ends():
    board = Board.from_fen("W:W31:B26,18,10,9,17,25", BRAZILIAN)
    board.push(Move((31, 29), (9, 10, 17, 18, 25, 26)))
    assert len(board.peek().path) == 7  # 31x22x13x6x15x22x29, or the loop the other way
    assert board.peek().path[1] == 22 and board.peek().path.count(22) == 2
