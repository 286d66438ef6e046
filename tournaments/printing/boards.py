"""Boards drawn with reportlab.graphics: the numbered notation board of the score sheet and the
position diagrams of a game record.

Both follow the engine's diagram code: where each square goes comes from `rules.geometry.square_xy`
(which `rules.svg.board_svg` uses too) and a diagram takes its colours from `rules.svg.COLOURS`,
so a printed position looks like the one on the web pages. No SVG is parsed, so no extra
dependency. Square 1 is b8 / b10, a1 is dark.
"""

from __future__ import annotations

from reportlab.graphics.shapes import Circle, Drawing, Polygon, Rect, String
from reportlab.lib import colors

from rules.board import Board, Color
from rules.geometry import FILES, square_xy
from rules.svg import COLOURS
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
        _add_algebraic_labels(drawing, size, cell, left, bottom, margin)
    return drawing


def _add_algebraic_labels(drawing: Drawing, size: int, cell: float, left: float, bottom: float,
                          margin: float) -> None:
    """Files a-h under the board and ranks 1-8 to its left, in the margin."""
    label_size = margin * 0.75
    for index in range(size):
        centre = left + (index + 0.5) * cell
        drawing.add(String(centre, margin * 0.2, FILES[index], fontName=REGULAR,
                           fontSize=label_size, textAnchor="middle"))
        rank_centre = bottom + (index + 0.5) * cell - label_size * 0.35
        drawing.add(String(margin * 0.45, rank_centre, str(index + 1), fontName=REGULAR,
                           fontSize=label_size, textAnchor="middle"))


def _colour(name: str) -> colors.Color:
    return colors.HexColor(COLOURS[name])


def position_diagram(board: Board, width: float, *, algebraic: bool = False) -> Drawing:
    """The position on `board` as White sees it, `width` points square: men as discs, kings as
    discs with a crown, as `rules.svg.board_svg` draws them. Each dark square's number is written
    small in its corner; `algebraic` (8x8) also puts files a-h and ranks 1-8 in a margin."""
    variant = board.variant
    size = variant.size
    margin = width * 0.06 if algebraic and variant.algebraic else 0.0
    cell = (width - margin) / size
    drawing = Drawing(width, width)

    def cell_origin(square: int) -> tuple[float, float]:
        x, y = square_xy(square, variant)
        return margin + x * cell, margin + (size - 1 - y) * cell

    drawing.add(Rect(margin, margin, cell * size, cell * size, strokeColor=None,
                     fillColor=_colour("light")))
    for square in range(1, variant.squares + 1):
        x, y = cell_origin(square)
        drawing.add(Rect(x, y, cell, cell, strokeColor=None, fillColor=_colour("dark")))
        drawing.add(String(x + cell * 0.06, y + cell * 0.76, str(square), fontName=REGULAR,
                           fontSize=cell * 0.2, fillColor=_colour("text-on-dark")))
    radius = cell * 0.36
    outline = _colour("outline")
    for colour in (Color.WHITE, Color.BLACK):
        fill = _colour("white" if colour == Color.WHITE else "black")
        crown = _colour("crown-on-white" if colour == Color.WHITE else "crown-on-black")
        for square, piece in board.pieces(colour).items():
            x, y = cell_origin(square)
            cx, cy = x + cell / 2, y + cell / 2
            drawing.add(Circle(cx, cy, radius, fillColor=fill, strokeColor=outline,
                               strokeWidth=max(0.4, cell * 0.03)))
            drawing.add(Circle(cx, cy, radius * 0.72, fillColor=None,
                               strokeColor=colors.Color(0.5, 0.5, 0.5),
                               strokeWidth=max(0.3, cell * 0.02)))
            if piece.king:
                drawing.add(_crown(cx, cy, radius * 0.55, crown))
    drawing.add(Rect(margin, margin, cell * size, cell * size, strokeColor=EDGE, strokeWidth=0.8,
                     fillColor=None))
    if margin:
        _add_algebraic_labels(drawing, size, cell, margin, margin, margin)
    return drawing


def _crown(cx: float, cy: float, r: float, colour: colors.Color) -> Polygon:
    """The king's three-pointed crown, the shape rules.svg draws (y grows upwards here)."""
    points = [
        (cx - r, cy - r * 0.6),
        (cx - r, cy + r * 0.5),
        (cx - r * 0.5, cy - r * 0.05),
        (cx, cy + r * 0.75),
        (cx + r * 0.5, cy - r * 0.05),
        (cx + r, cy + r * 0.5),
        (cx + r, cy - r * 0.6),
    ]
    flat = [value for point in points for value in point]
    return Polygon(flat, fillColor=colour, strokeColor=None)
