"""PDN FEN: reading (strict on errors, lenient with real files' habits) and writing."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import BRAZILIAN, INTERNATIONAL, Board, InvalidFenError, Piece
from rules.board import Color


@pytest.mark.parametrize(
    ("fen", "variant"),
    [
        ("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", BRAZILIAN),
        ("B:W18,30,K1:B22,K29", BRAZILIAN),
        ("W:W:B1", BRAZILIAN),
        ("B:W31,32,33,K46:B1,5,K50", INTERNATIONAL),
        ("W:WK31,K32,K33:BK1", INTERNATIONAL),
    ],
)
def test_numeric_fen_round_trip(fen, variant):
    board = Board.from_fen(fen, variant)
    assert board.fen() == fen
    assert Board.from_fen(board.fen(), variant).key() == board.key()


def test_fen_lists_men_then_kings_in_ascending_order():
    board = Board.from_fen("W:WK5,22,21:B3,1,2", BRAZILIAN)
    assert board.fen() == "W:W21,22,K5:B1,2,3"


def test_algebraic_fen_reads_the_same_position_as_numeric():
    # a1 = 29, c1 = 30, d4 = 18, b8 = 1 (RULES.md "Boards")
    board = Board.from_fen("W:Wa1,c1,Kd4:Bb8", BRAZILIAN)
    assert board.fen() == "W:W29,30,K18:B1"
    assert board.fen(algebraic=True) == "W:Wa1,c1,Kd4:Bb8"
    assert board.piece_at(18) == Piece(Color.WHITE, king=True)


def test_algebraic_round_trip_of_a_game_position():
    board = Board(BRAZILIAN)
    for _ in range(6):
        board.push(board.legal_moves()[-1])
    again = Board.from_fen(board.fen(algebraic=True), BRAZILIAN)
    assert again.key() == board.key()
    assert again.fen(algebraic=True) == board.fen(algebraic=True)


def test_algebraic_fen_is_refused_for_the_international_board():
    with pytest.raises(ValueError):
        Board(INTERNATIONAL).fen(algebraic=True)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "W:W31-50:B1-20",
            "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
            "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        ),
        ("  W : W31, 32 :\tB1 ,K2 .\n", "W:W31,32:B1,K2"),  # whitespace and a trailing '.'
        ('"B:W31:B1"', "B:W31:B1"),  # as quoted in a [FEN "..."] tag
        ("w:wk46-48:b1", "W:WK46,K47,K48:B1"),  # lower case, a range of kings
        ("B:W31:B", "B:W31:B"),  # an empty piece list
        ("W:B5:W40", "W:W40:B5"),  # Black's list first
        ("W:W31,32,:B1", "W:W31,32:B1"),  # a trailing comma
        ("B:W40", "B:W40:B"),  # no list for Black at all
    ],
)
def test_lenient_reading_of_real_file_habits(text, expected):
    assert Board.from_fen(text, INTERNATIONAL).fen() == expected


@pytest.mark.parametrize(
    ("fen", "variant", "reason", "words"),
    [
        ("", BRAZILIAN, "empty", "empty"),
        ("   .", BRAZILIAN, "empty", "empty"),
        ("X:W21:B1", BRAZILIAN, "turn", "must be W or B, found 'X'"),
        ("W", BRAZILIAN, "syntax", "no piece lists"),
        ("W::B1", BRAZILIAN, "syntax", "empty field"),
        ("W:W21:Q1", BRAZILIAN, "colour", "must start with W or B, found 'Q1'"),
        ("W:W21:W22", BRAZILIAN, "duplicate-colour", "listed twice"),
        ("W:W33:B1", BRAZILIAN, "square", "square 33 does not exist on the brazilian board (1-32)"),
        ("W:W0:B1", BRAZILIAN, "square", "square 0 does not exist"),
        ("W:W2x:B1", BRAZILIAN, "square", "'2x' is not a square"),
        ("W:Wa2:B1", BRAZILIAN, "square", "light square"),
        ("W:Wa1:B1", INTERNATIONAL, "algebraic", "not used on the international board"),
        ("W:W12-1:B20", INTERNATIONAL, "range", "runs backwards"),
        ("W:W21,21:B1", BRAZILIAN, "duplicate-square", "square 21 is given twice"),
        ("W:W21:B1-21", BRAZILIAN, "duplicate-square", "square 21 is given twice"),
    ],
)
def test_invalid_fen_names_what_is_wrong(fen, variant, reason, words):
    with pytest.raises(InvalidFenError) as caught:
        Board.from_fen(fen, variant)
    error = caught.value
    assert error.reason == reason
    assert words in str(error)
    assert str(error).startswith(f"invalid FEN {fen!r}: ")
    assert isinstance(error, ValueError)


@st.composite
def positions(draw):
    """A variant, a side to move and any set of pieces on distinct squares."""
    variant = draw(st.sampled_from([BRAZILIAN, INTERNATIONAL]))
    squares = draw(st.lists(st.integers(1, variant.squares), unique=True, max_size=variant.squares))
    kinds = draw(
        st.lists(
            st.tuples(st.booleans(), st.booleans()), min_size=len(squares), max_size=len(squares)
        )
    )
    board = Board.empty(variant, turn=draw(st.sampled_from([Color.WHITE, Color.BLACK])))
    for square, (white, king) in zip(squares, kinds, strict=True):
        board.set_piece_at(square, Piece(Color.WHITE if white else Color.BLACK, king))
    return board


@given(positions())
def test_any_position_survives_a_fen_round_trip(board):
    again = Board.from_fen(board.fen(), board.variant)
    assert again.key() == board.key()
    assert again.fen() == board.fen()
    if board.variant.algebraic:
        assert Board.from_fen(board.fen(algebraic=True), board.variant).key() == board.key()
