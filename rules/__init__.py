"""Draughts rules engine: Brazilian (8x8) and international (10x10) draughts, per RULES.md.

Pure Python, no Django. Squares are PDN numeric squares (1-32 / 1-50); 8x8 positions and moves
can also be written algebraically (a1 is dark, 29 = a1, 1 = b8). `Board.turn` is a `Color`
(`Color.WHITE` / `Color.BLACK`), a `str` enum equal to "W" / "B".

>>> from rules import Board, BRAZILIAN, parse_move, move_to_str, perft
>>> board = Board.from_fen("W:W28:B24,16", BRAZILIAN)
>>> [move_to_str(board, m) for m in board.legal_moves()]
['28x12']
>>> board.push(parse_move(board, "28x12"))
>>> board.fen(algebraic=True)
'B:Wh6:B'
>>> board.is_game_over(), board.winner()
(True, <Color.WHITE: 'W'>)
>>> perft(Board(BRAZILIAN), 3)
302

Errors are `ValueError` subclasses under `DraughtsError`: `InvalidFenError`, `InvalidMoveError`
(syntax), `IllegalMoveError` (`.reason`, `.required`), `AmbiguousMoveError` (`.candidates`).
Diagrams: `rules.svg.board_svg(board, coordinates="algebraic", last_move=move)`.

Modules: `variants` (board facts), `geometry` (squares, rows, bits, drawing cells), `movegen`
(the bitboard core), `board` (`Board`, `Piece`, `Color`), `move` (`Move`), `fen`, `notation`,
`perft`, `svg`, `cli` (`python -m rules perft|moves`).
"""

from rules.board import Board, Color, Piece
from rules.errors import (
    AmbiguousMoveError,
    DraughtsError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
)
from rules.geometry import algebraic_to_square, square_to_algebraic, square_xy
from rules.move import Move
from rules.notation import move_to_str, parse_move, parse_squares
from rules.perft import perft
from rules.variants import BRAZILIAN, INTERNATIONAL, Variant, variant_by_gametype, variant_by_name

__all__ = [
    "BRAZILIAN",
    "INTERNATIONAL",
    "AmbiguousMoveError",
    "Board",
    "Color",
    "DraughtsError",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "Move",
    "Piece",
    "Variant",
    "algebraic_to_square",
    "move_to_str",
    "parse_move",
    "parse_squares",
    "perft",
    "square_to_algebraic",
    "square_xy",
    "variant_by_gametype",
    "variant_by_name",
]
