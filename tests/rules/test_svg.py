"""SVG diagrams: well-formed XML with the right pieces, kings, highlight and coordinates."""

import xml.etree.ElementTree as ET

import pytest

from rules import BRAZILIAN, INTERNATIONAL, Board, parse_move, square_xy
from rules.svg import board_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def with_class(root, *names):
    return [e for e in root.iter() if set(names) <= set(e.get("class", "").split())]


def test_initial_brazilian_board_has_24_men_and_32_dark_squares():
    root = parse(board_svg(Board(BRAZILIAN)))
    assert len(with_class(root, "square", "dark")) == 32
    assert len(with_class(root, "square", "light")) == 32
    assert len(with_class(root, "piece", "man", "white")) == 12
    assert len(with_class(root, "piece", "man", "black")) == 12
    assert with_class(root, "piece", "king") == []
    assert with_class(root, "last-move") == []
    assert root.get("width") == "400"


def test_kings_and_last_move_highlight():
    board = Board.from_fen("W:W10,K30:B7,8,19,K1", BRAZILIAN)
    move = parse_move(board, "10x3x12")
    board.push(move)
    root = parse(board_svg(board, last_move=move, size=320))
    kings = with_class(root, "piece", "king")
    assert sorted(k.get("data-square") for k in kings) == ["1", "30"]
    assert len(with_class(root, "crown")) == 2
    assert len(with_class(root, "piece")) == 4  # 12, 30 white; 1, 19 black
    assert sorted(e.get("data-square") for e in with_class(root, "last-move")) == ["10", "12", "3"]
    assert root.get("width") == "320"


def test_a_chain_through_the_same_square_twice_is_highlighted_once_per_square():
    board = Board.from_fen("W:W31:B26,18,10,9,17,25", BRAZILIAN)
    (move,) = board.legal_moves()
    root = parse(board_svg(board, last_move=move))
    squares = [e.get("data-square") for e in with_class(root, "last-move")]
    assert sorted(squares, key=int) == ["6", "13", "15", "22", "29", "31"]


def test_international_board_and_numeric_coordinates():
    root = parse(board_svg(Board(INTERNATIONAL), coordinates="numeric"))
    assert len(with_class(root, "square", "dark")) == 50
    assert len(with_class(root, "piece")) == 40
    labels = [e.text for e in with_class(root, "coordinate")]
    assert labels == [str(sq) for sq in range(1, 51)]


def test_algebraic_coordinates_label_files_and_ranks():
    root = parse(board_svg(Board(BRAZILIAN), coordinates="algebraic"))
    labels = sorted(e.text for e in with_class(root, "coordinate"))
    assert labels == sorted(list("abcdefgh") + [str(r) for r in range(1, 9)])
    with pytest.raises(ValueError):
        board_svg(Board(INTERNATIONAL), coordinates="algebraic")


def test_pieces_sit_on_the_geometry_cells_in_both_orientations():
    board = Board.from_fen("W:W29:B4", BRAZILIAN)  # a1 and h8
    for flipped, a1_cell in ((False, (0, 7)), (True, (7, 0))):
        assert square_xy(29, BRAZILIAN, flipped=flipped) == a1_cell
        root = parse(board_svg(board, size=800, flipped=flipped))
        (man,) = with_class(root, "piece", "white")
        circle = man.find(f"{SVG}circle")
        cell = 100
        assert float(circle.get("cx")) == a1_cell[0] * cell + cell / 2
        assert float(circle.get("cy")) == a1_cell[1] * cell + cell / 2


def test_square_one_is_top_left_dark_square_seen_by_white():
    assert square_xy(1, BRAZILIAN) == (1, 0)  # b8
    assert square_xy(1, INTERNATIONAL) == (1, 0)  # b10
    assert square_xy(50, INTERNATIONAL) == (8, 9)  # i1
    assert square_xy(50, INTERNATIONAL, flipped=True) == (1, 0)
