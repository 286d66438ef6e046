"""The font every document is set in, embedded so that every player's name prints on any machine.

DejaVu Sans ships with the project (tournaments/printing/typefaces, with its licence), so no system
font is needed. It covers Latin Extended and Cyrillic: the Portuguese letters, and also the Polish,
Latvian, Czech, Turkish or Russian names of an international field, which Bitstream Vera (Latin-1
only) printed with missing letters (issue 20). The 14 standard PDF fonts are not embedded and would
leave accents to the viewer. Only the glyphs used are embedded (subset), so documents stay small.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent / "typefaces"

REGULAR = "PrintSans"
BOLD = "PrintSans-Bold"
ITALIC = "PrintSans-Italic"
BOLD_ITALIC = "PrintSans-BoldItalic"

FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    ITALIC: "DejaVuSans-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf",
}


def register_fonts() -> None:
    """Register the family once per process (registration is global in reportlab)."""
    if REGULAR in pdfmetrics.getRegisteredFontNames():
        return
    for name, filename in FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, ITALIC)
    addMapping(REGULAR, 1, 1, BOLD_ITALIC)


def fit_text(text: str, font: str, size: float, width: float) -> str:
    """`text` cut with an ellipsis so that it fits `width` points (long names in narrow columns)."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    ellipsis = "…"
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if pdfmetrics.stringWidth(text[:middle].rstrip() + ellipsis, font, size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ellipsis


# Measuring text (column widths, fitting names) needs the fonts before any document is built.
register_fonts()
