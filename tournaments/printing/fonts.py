"""The font every document is set in, embedded so that accents print on any machine.

Bitstream Vera ships inside reportlab itself (reportlab/fonts), so no system font is needed; it
covers Latin-1, which holds every Portuguese letter (ã õ ç á â à é ê í ó ô ú ü), plus ½ and the
dashes. The 14 standard PDF fonts are not embedded and would leave accents to the viewer.
"""

from __future__ import annotations

from pathlib import Path

import reportlab
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"

REGULAR = "PrintSans"
BOLD = "PrintSans-Bold"
ITALIC = "PrintSans-Italic"
BOLD_ITALIC = "PrintSans-BoldItalic"

_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf", ITALIC: "VeraIt.ttf", BOLD_ITALIC: "VeraBI.ttf"}


def register_fonts() -> None:
    """Register the family once per process (registration is global in reportlab)."""
    if REGULAR in pdfmetrics.getRegisteredFontNames():
        return
    for name, filename in _FILES.items():
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
