"""SVG diagrams of positions, for web pages and PDFs.

One standalone `<svg>` per call. Every drawn element carries a class (`square light|dark`,
`piece man|king white|black`, `last-move`, `coordinate`) and pieces carry `data-square`, so
pages can style them and tests can count them. Geometry comes from `rules.geometry.square_xy`,
which the PDF code shares.
"""

from __future__ import annotations

from typing import Literal
from xml.sax.saxutils import escape, quoteattr

from rules.board import Board, Color
from rules.geometry import FILES, square_xy
from rules.move import Move

__all__ = ["COLOURS", "board_svg"]

COLOURS = {
    "light": "#f0d9b5",
    "dark": "#b58863",
    "white": "#fbfbf6",
    "black": "#262626",
    "outline": "#111111",
    "crown-on-white": "#b8860b",
    "crown-on-black": "#f2c94c",
    "last-move": "#e6c229",
    "text-on-dark": "#f5ecd9",
    "text": "#333333",
}


def _fmt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def board_svg(
    board: Board,
    *,
    coordinates: Literal["numeric", "algebraic"] | None = None,
    last_move: Move | None = None,
    size: int = 400,
    flipped: bool = False,
) -> str:
    """A standalone SVG of `board`, `size` pixels square.

    `coordinates="numeric"` writes each dark square's number in its corner; `"algebraic"` (8x8)
    writes files and ranks in a margin. `last_move` highlights every square of its path.
    `flipped=True` shows the board from Black's side.
    """
    variant = board.variant
    n = variant.size
    if coordinates not in (None, "numeric", "algebraic"):
        raise ValueError(f"coordinates must be None, 'numeric' or 'algebraic', not {coordinates!r}")
    if coordinates == "algebraic" and not variant.algebraic:
        raise ValueError(f"{variant.name} squares have no algebraic names")
    margin = size * 0.05 if coordinates == "algebraic" else 0.0
    cell = (size - 2 * margin) / n
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" class="draughts-board {variant.name}">',
        f"<title>{escape(board.fen())}</title>",
        f'<rect class="background" x="0" y="0" width="{size}" height="{size}" '
        f'fill="{COLOURS["light"]}"/>',
    ]

    def origin(square: int) -> tuple[float, float]:
        x, y = square_xy(square, variant, flipped=flipped)
        return margin + x * cell, margin + y * cell

    for row in range(n):
        for col in range(n):
            dark = (row + col) % 2 == 1
            shade = "dark" if dark else "light"
            parts.append(
                f'<rect class="square {shade}" x="{_fmt(margin + col * cell)}" '
                f'y="{_fmt(margin + row * cell)}" width="{_fmt(cell)}" height="{_fmt(cell)}" '
                f'fill="{COLOURS[shade]}"/>'
            )
    if last_move is not None:
        for square in dict.fromkeys(last_move.path):  # a chain may pass a square twice
            x, y = origin(square)
            parts.append(
                f'<rect class="last-move" data-square="{square}" x="{_fmt(x)}" y="{_fmt(y)}" '
                f'width="{_fmt(cell)}" height="{_fmt(cell)}" fill="{COLOURS["last-move"]}" '
                'fill-opacity="0.55"/>'
            )
    radius = cell * 0.36
    for colour in (Color.WHITE, Color.BLACK):
        fill = COLOURS["white"] if colour == Color.WHITE else COLOURS["black"]
        crown = COLOURS["crown-on-white"] if colour == Color.WHITE else COLOURS["crown-on-black"]
        name = "white" if colour == Color.WHITE else "black"
        for square, piece in board.pieces(colour).items():
            x, y = origin(square)
            cx, cy = x + cell / 2, y + cell / 2
            kind = "king" if piece.king else "man"
            parts.append(
                f'<g class="piece {kind} {name}" data-square="{square}">'
                f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(radius)}" fill="{fill}" '
                f'stroke="{COLOURS["outline"]}" stroke-width="{_fmt(cell * 0.03)}"/>'
                f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(radius * 0.72)}" fill="none" '
                f'stroke="{COLOURS["outline"]}" stroke-opacity="0.35" '
                f'stroke-width="{_fmt(cell * 0.02)}"/>'
            )
            if piece.king:
                parts.append(_crown(cx, cy, radius * 0.55, crown))
            parts.append("</g>")
    if coordinates == "numeric":
        for square in range(1, variant.squares + 1):
            x, y = origin(square)
            parts.append(
                f'<text class="coordinate" x="{_fmt(x + cell * 0.06)}" y="{_fmt(y + cell * 0.22)}" '
                f'font-size="{_fmt(cell * 0.18)}" font-family="sans-serif" '
                f'fill="{COLOURS["text-on-dark"]}">{square}</text>'
            )
    elif coordinates == "algebraic":
        for index in range(n):
            file_name = FILES[n - 1 - index] if flipped else FILES[index]
            rank_name = str(index + 1) if flipped else str(n - index)
            centre = margin + (index + 0.5) * cell
            for text, x, y in (
                (file_name, centre, size - margin * 0.3),
                (rank_name, margin * 0.5, centre + margin * 0.3),
            ):
                parts.append(
                    f'<text class="coordinate" x="{_fmt(x)}" y="{_fmt(y)}" '
                    f'font-size="{_fmt(margin * 0.8)}" font-family="sans-serif" '
                    f'text-anchor="middle" fill="{COLOURS["text"]}">{text}</text>'
                )
    parts.append("</svg>")
    return "\n".join(parts)


def _crown(cx: float, cy: float, r: float, colour: str) -> str:
    """A small three-pointed crown centred on (cx, cy): the king's mark."""
    points = [
        (cx - r, cy + r * 0.6),
        (cx - r, cy - r * 0.5),
        (cx - r * 0.5, cy + r * 0.05),
        (cx, cy - r * 0.75),
        (cx + r * 0.5, cy + r * 0.05),
        (cx + r, cy - r * 0.5),
        (cx + r, cy + r * 0.6),
    ]
    text = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)
    return f'<polygon class="crown" points={quoteattr(text)} fill="{colour}"/>'
