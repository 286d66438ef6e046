"""Table helpers shared by the tabular documents (crosstable, standings, pairings)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext, pgettext
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from tournaments.printing.data import Side, TiebreakLabel
from tournaments.printing.fonts import BOLD, REGULAR, fit_text
from tournaments.printing.layout import DARK_SHADE, INK, RULE, SHADE, ZEBRA


def colour_initial(side: Side | None) -> str:
    """The letter printed after a result: W/B in English, B/P (brancas/pretas) in Portuguese."""
    if side is Side.WHITE:
        return pgettext("initial of the colour White in a crosstable", "W")
    if side is Side.BLACK:
        return pgettext("initial of the colour Black in a crosstable", "B")
    return ""


def wrapped_cell(value: str, size: float, width: float) -> str | Paragraph:
    """A club's name whole: as it is when it fits, else on two lines in a smaller type inside
    the row's height, and cut with an ellipsis only when even that is too long (issue 12: long
    club names were cut on every PDF)."""
    if stringWidth(value, REGULAR, size) <= width:
        return value
    small = round(size * 0.72, 1)
    if stringWidth(value, REGULAR, small) > 2 * width * 0.95:
        value = fit_text(value, REGULAR, small, 2 * width * 0.9)
    style = ParagraphStyle("wrapped-cell", fontName=REGULAR, fontSize=small,
                           leading=round(small * 1.05, 1))
    return Paragraph(escape(value), style)


def whole_name_cell(value: str, size: float, width: float) -> str | Paragraph:
    """A player's name whole, never cut (issue 25): as it is when it fits, else wrapped on as many
    lines as it needs, in a type small enough for its longest word to fit the column. The row
    grows with it (its height left to the table)."""
    if stringWidth(value, REGULAR, size) <= width:
        return value
    longest = max(value.split() or [value], key=lambda word: stringWidth(word, REGULAR, size))
    fitting = min(size, size * width / max(stringWidth(longest, REGULAR, size), 1.0))
    style = ParagraphStyle("wrapped-name", fontName=REGULAR, fontSize=round(fitting, 2),
                           leading=round(fitting * 1.15, 2))
    return Paragraph(escape(value), style)


def widest(texts, font: str, size: float) -> float:
    """Width in points of the widest of `texts` (0 for none)."""
    return max((stringWidth(str(value), font, size) for value in texts), default=0.0)


def clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


def tiebreak_legend(labels: list[TiebreakLabel]) -> str:
    """ "SB = Sonneborn-Berger; W = Wins" for the foot of a table."""
    return "; ".join(f"{label.abbreviation} = {label.name}" for label in labels)


def base_style(font_size: float, header_rows: int = 1) -> list[tuple]:
    """Grid, fonts and the shaded header row every table here starts from."""
    last_header = header_rows - 1
    return [
        ("FONT", (0, 0), (-1, -1), REGULAR, font_size),
        ("FONT", (0, 0), (-1, last_header), BOLD, font_size),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("GRID", (0, 0), (-1, -1), 0.25, RULE),
        ("BOX", (0, 0), (-1, -1), 0.8, INK),
        ("LINEBELOW", (0, last_header), (-1, last_header), 0.8, INK),
        ("BACKGROUND", (0, 0), (-1, last_header), SHADE),
        ("ROWBACKGROUNDS", (0, header_rows), (-1, -1), [None, ZEBRA]),
    ]


SELF_CELL = DARK_SHADE


def translated_headings() -> dict[str, str]:
    """Column headings shared by the crosstable and the standings."""
    return {
        "rank": pgettext("rank column heading", "Rk"),
        "number": pgettext("pairing number column heading", "No."),
        "name": gettext("Name"),
        "club": gettext("Club"),
        "points": pgettext("points column heading", "Pts"),
        "rating": pgettext("rating column heading", "Rtg"),
        "games": pgettext("games played column heading", "G"),
    }
