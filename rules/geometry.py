"""Board geometry: numeric squares, rows and columns, algebraic names, the bit layout.

Rows and columns are counted as White sees the board: row 0 is Black's back row (the top),
column 0 is file a (White's left). Square 1 is the leftmost dark square of row 0 (b8 / b10),
so dark squares sit on odd columns in even rows and on even columns in odd rows; a1 is dark
(RULES.md "Boards").

Bit layout ("Scan" layout): square s (1-based) lives at bit (s-1) + (s-1) // size, i.e. one
unused "ghost" bit after every two rows. With it the four diagonal neighbours of any square are
at constant bit offsets (+-row_squares, +-(row_squares+1)), and a step off the left or right edge
lands on a ghost bit, which never holds a piece.
"""

from __future__ import annotations

from functools import cache

from rules.variants import Variant

__all__ = [
    "FILES",
    "algebraic_to_square",
    "bit_index",
    "row_col",
    "square_at",
    "square_for_bit",
    "square_to_algebraic",
    "square_xy",
]

FILES = "abcdefghij"


def row_col(square: int, size: int) -> tuple[int, int]:
    """(row, column) of a numeric square, row 0 at the top, column 0 = file a."""
    half = size // 2
    row, index = divmod(square - 1, half)
    return row, 2 * index + (1 if row % 2 == 0 else 0)


def square_at(row: int, col: int, size: int) -> int | None:
    """The numeric square at (row, column), or None for a light square or off the board."""
    if not (0 <= row < size and 0 <= col < size) or (row + col) % 2 == 0:
        return None
    return row * (size // 2) + col // 2 + 1


def square_xy(square: int, variant: Variant, *, flipped: bool = False) -> tuple[int, int]:
    """Cell (x, y) where a square is drawn, 0-based from the top-left corner of the picture.

    Not flipped, White is at the bottom (as White sees the board); flipped, Black is. Multiply by
    the cell size to get drawing coordinates; shared by the SVG and PDF diagrams.
    """
    row, col = row_col(square, variant.size)
    if flipped:
        return variant.size - 1 - col, variant.size - 1 - row
    return col, row


def square_to_algebraic(square: int, variant: Variant) -> str:
    """Algebraic name of a numeric square on 8x8: 29 -> 'a1', 1 -> 'b8'."""
    if not variant.algebraic:
        raise ValueError(f"{variant.name} squares have no algebraic names")
    if not 1 <= square <= variant.squares:
        raise ValueError(
            f"square {square} does not exist on the {variant.size}x{variant.size} board"
        )
    row, col = row_col(square, variant.size)
    return f"{FILES[col]}{variant.size - row}"


def algebraic_to_square(name: str, variant: Variant) -> int:
    """Numeric square of an algebraic name on 8x8: 'a1' -> 29; raises ValueError if not dark."""
    if not variant.algebraic:
        raise ValueError(f"{variant.name} squares have no algebraic names")
    text = name.strip().lower()
    if len(text) < 2 or text[0] not in FILES[: variant.size] or not text[1:].isdigit():
        raise ValueError(
            f"{name!r} is not an algebraic square "
            f"(file a-{FILES[variant.size - 1]}, rank 1-{variant.size})"
        )
    col = FILES.index(text[0])
    rank = int(text[1:])
    if not 1 <= rank <= variant.size:
        raise ValueError(
            f"{name!r} is not an algebraic square "
            f"(file a-{FILES[variant.size - 1]}, rank 1-{variant.size})"
        )
    square = square_at(variant.size - rank, col, variant.size)
    if square is None:
        raise ValueError(f"{name!r} is a light square; pieces stand on dark squares only")
    return square


def bit_index(square: int, size: int) -> int:
    """Bit of a numeric square in the Scan layout (see the module docstring)."""
    s = square - 1
    return s + s // size


@cache
def _bit_to_square(size: int) -> dict[int, int]:
    return {bit_index(sq, size): sq for sq in range(1, size * size // 2 + 1)}


def square_for_bit(bit: int, size: int) -> int:
    """Numeric square of a bit index in the Scan layout."""
    return _bit_to_square(size)[bit]
