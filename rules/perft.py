"""Perft: the number of move sequences of a given length, the standard check of a move generator.

Counts use the bitboard core directly (no `Move` objects) and count the last ply without
playing it. Duplicate captures (same start, end and captured set) count once, as RULES.md says.
"""

from __future__ import annotations

from rules.board import Board, Color
from rules.move import Move

__all__ = ["divide", "perft"]


def perft(board: Board, depth: int) -> int:
    """Number of leaf positions `depth` plies from `board` (1 at depth 0)."""
    if depth < 0:
        raise ValueError("perft depth must be >= 0")
    if depth == 0:
        return 1
    own, opp = board._sides()
    return board._core.perft(own, opp, board._kings, board.turn == Color.WHITE, depth)


def divide(board: Board, depth: int) -> list[tuple[Move, int]]:
    """Perft split by root move: [(move, leaves below it)], in `legal_moves()` order."""
    if depth < 1:
        raise ValueError("divide depth must be >= 1")
    result = []
    for move in board.legal_moves():
        board.push(move)
        try:
            result.append((move, perft(board, depth - 1)))
        finally:
            board.pop()
    return result
