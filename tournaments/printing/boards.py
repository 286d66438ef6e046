"""Boards drawn with reportlab.graphics: the numbered notation board of the score sheet and the
position diagrams of a game record.

Where each square goes comes from the engine (`rules.geometry.square_xy`, the function its SVG
diagrams use too), so the printed numbering is the engine's: square 1 is b8 / b10, a1 is dark.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Rect, String
from reportlab.lib import colors

from rules.geometry import FILES, square_xy
from rules.variants import Variant
from tournaments.printing.fonts import BOLD, REGULAR

LIGHT_SQUARE = colors.white
# Grey, not black: the numbers stay legible on a black-and-white print.
DARK_SQUARE = colors.Color(0.62, 0.62, 0.62)
EDGE = colors.black


def numbered_board(variant: Variant, width: float, *, algebraic: bool = False) -> Drawing:
    """The board with every dark square's number, as White sees it; `algebraic` adds files a-h
    below and ranks 1-8 on the left (8x8 only)."""
    if algebraic and not variant.algebraic:
        raise ValueError(f"{variant.name} squares have no algebraic names")
    size = variant.size
    margin = width * 0.07 if algebraic else 0.0
    cell = (width - margin) / size
    drawing = Drawing(width, width)
    left, bottom = margin, margin

    def cell_origin(x: int, y: int) -> tuple[float, float]:
        """Lower-left corner of the cell at (x, y) counted from the top-left, as square_xy does."""
        return left + x * cell, bottom + (size - 1 - y) * cell

    for y in range(size):
        for x in range(size):
            dark = (x + y) % 2 == 1
            origin_x, origin_y = cell_origin(x, y)
            drawing.add(
                Rect(origin_x, origin_y, cell, cell, strokeColor=None,
                     fillColor=DARK_SQUARE if dark else LIGHT_SQUARE)
            )
    font_size = cell * (0.42 if variant.squares <= 32 else 0.4)
    for square in range(1, variant.squares + 1):
        origin_x, origin_y = cell_origin(*square_xy(square, variant))
        drawing.add(
            String(origin_x + cell / 2, origin_y + (cell - font_size * 0.72) / 2, str(square),
                   fontName=BOLD, fontSize=font_size, fillColor=colors.black, textAnchor="middle")
        )
    drawing.add(Rect(left, bottom, cell * size, cell * size, strokeColor=EDGE, strokeWidth=0.8,
                     fillColor=None))
    if algebraic:
        label_size = margin * 0.75
        for index in range(size):
            centre = left + (index + 0.5) * cell
            drawing.add(String(centre, margin * 0.2, FILES[index], fontName=REGULAR,
                               fontSize=label_size, textAnchor="middle"))
            rank_centre = bottom + (index + 0.5) * cell - label_size * 0.35
            drawing.add(String(margin * 0.45, rank_centre, str(index + 1), fontName=REGULAR,
                               fontSize=label_size, textAnchor="middle"))
    return drawing
