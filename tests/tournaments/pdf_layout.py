"""Where things lie on a printed page, read back from the PDF (issue 25): each piece of text with
its box, the rectangles (tick boxes) and the vertical rules of tables, in points from the bottom
left. A layout test asks whether a word runs into a box or over a column's rule.

reportlab writes each string as its own text object at a translation (no scaling or rotation in
these documents), so a run's left edge and baseline are the text matrix's translation plus the
graphics state's; its width is measured in the embedded font at its size.
"""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from tournaments.printing.fonts import BOLD, REGULAR, register_fonts

register_fonts()


@dataclass(frozen=True)
class Run:
    text: str
    left: float
    right: float
    baseline: float
    size: float

    @property
    def top(self) -> float:
        return self.baseline + 0.75 * self.size

    def overlaps(self, left: float, right: float, bottom: float, top: float) -> bool:
        return (self.left < right and left < self.right
                and self.baseline - 0.2 * self.size < top and bottom < self.top)


@dataclass(frozen=True)
class Rect:
    left: float
    bottom: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def top(self) -> float:
        return self.bottom + self.height


def _font(base_font: object) -> str:
    return BOLD if "Bold" in str(base_font) else REGULAR


def pages(pdf: bytes) -> list:
    return PdfReader(BytesIO(pdf)).pages


def text_runs(page) -> list[Run]:
    runs: list[Run] = []

    def visit(text, cm, tm, font_dict, size):
        shown = text.rstrip("\n")
        if not shown.strip() or not font_dict:
            return
        left = cm[4] + tm[4]
        width = pdfmetrics.stringWidth(shown, _font(font_dict.get("/BaseFont")), size)
        runs.append(Run(shown, left, left + width, cm[5] + tm[5], size))

    page.extract_text(visitor_text=visit)
    return runs


def rectangles(page) -> list[Rect]:
    found: list[Rect] = []

    def visit(operator, args, cm, tm):
        if operator == b"re":
            x, y, w, h = (float(value) for value in args)
            found.append(Rect(cm[4] + x, cm[5] + y, w, h))

    page.extract_text(visitor_operand_before=visit)
    return found


def vertical_rules(page) -> list[tuple[float, float, float]]:
    """Each vertical line drawn as `x y m x y' l`: (x, lower y, upper y)."""
    rules: list[tuple[float, float, float]] = []
    start: list[tuple[float, float]] = []

    def visit(operator, args, cm, tm):
        if operator == b"m":
            start[:] = [(cm[4] + float(args[0]), cm[5] + float(args[1]))]
        elif operator == b"l" and start:
            x0, y0 = start[0]
            x1, y1 = cm[4] + float(args[0]), cm[5] + float(args[1])
            if abs(x1 - x0) < 0.01 and abs(y1 - y0) > 0.01:
                rules.append((x0, min(y0, y1), max(y0, y1)))
            start[:] = [(x1, y1)]

    page.extract_text(visitor_operand_before=visit)
    return rules
