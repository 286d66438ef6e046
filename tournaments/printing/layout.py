"""What every printed document shares: page sizes, paragraph styles, the title block, the running
head on each page and "Page X of Y" at the foot.

The PDFs are built with reportlab's `invariant` flag so that the same data gives the same bytes:
the download link and the `print_pdf` command can then be compared byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from io import BytesIO
from xml.sax.saxutils import escape

from django.utils.translation import get_language, gettext, ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph, Spacer

from tournaments.printing.data import TournamentHeader
from tournaments.printing.fonts import BOLD, REGULAR, register_fonts

PORTRAIT = A4
LANDSCAPE = landscape(A4)
MARGIN = 28.0  # about 1 cm: wide enough for any printer, narrow enough for a 24-player crosstable
HEAD_SPACE = 14.0  # room above the frame for the running head
FOOT_SPACE = 14.0  # room below the frame for the page number

INK = colors.black
RULE = colors.Color(0.35, 0.35, 0.35)
SHADE = colors.Color(0.88, 0.88, 0.88)
DARK_SHADE = colors.Color(0.55, 0.55, 0.55)
ZEBRA = colors.Color(0.95, 0.95, 0.95)  # every other row, to follow a line across a wide table

TITLE = ParagraphStyle("doc-title", fontName=BOLD, fontSize=16, leading=19, spaceAfter=2)
EVENT = ParagraphStyle("doc-event", fontName=BOLD, fontSize=12, leading=15, spaceAfter=2)
DETAILS = ParagraphStyle("doc-details", fontName=REGULAR, fontSize=9, leading=12)
BODY = ParagraphStyle("doc-body", fontName=REGULAR, fontSize=9, leading=12)
SMALL = ParagraphStyle("doc-small", fontName=REGULAR, fontSize=7.5, leading=9.5)
CENTRED = ParagraphStyle("doc-centred", parent=BODY, alignment=TA_CENTER)


def text(value: object) -> str:
    """A value made safe for reportlab's paragraph markup (a club called "A & B" stays so)."""
    return escape(str(value))


def labelled(label: str, value: str) -> str:
    """Paragraph markup for "Label: value" with the label in bold, never broken after the colon,
    so a wrapped line does not leave a label alone at its end."""
    return f"<b>{text(label).replace(' ', '&nbsp;')}:</b>&nbsp;{text(value)}"


def header_details(header: TournamentHeader) -> list[str]:
    """The event's facts as "label: value" markup, only those that are known."""
    facts = [
        (gettext("Place"), header.place),
        (gettext("Dates"), header.dates),
        (pgettext("kind of board: 64 or 100 squares", "Board"), header.board),
        (gettext("Time control"), header.time_control),
    ]
    parts = [labelled(label, value) for label, value in facts if value]
    if header.arbiters:
        label = ngettext("Arbiter", "Arbiters", len(header.arbiters))
        parts.append(labelled(label, ", ".join(header.arbiters)))
    return parts


def title_block(
    header: TournamentHeader, document_title: str, subtitle: str = ""
) -> list[Flowable]:
    """Document title, event name, then place, dates, board, time control and arbiters."""
    title = document_title if not subtitle else f"{document_title} — {subtitle}"
    story: list[Flowable] = [
        Paragraph(text(title), TITLE),
        Paragraph(text(header.name), EVENT),
    ]
    details = header_details(header)
    if details:
        story.append(Paragraph("&nbsp;&nbsp;·&nbsp;&nbsp;".join(details), DETAILS))
    story.append(Spacer(0, 8))
    return story


def game_board_heading() -> str:
    """ "Board" as the table a game is played at ("Mesa"), not the kind of board."""
    return pgettext("the table a game is played at", "Board")


def game_board_text(number: int) -> str:
    return pgettext("the table a game is played at", "Board %(board)s") % {"board": number}


def after_round_text(after_round: int | None) -> str:
    """The subtitle of a crosstable or standings printed before the last round."""
    if after_round is None:
        return ""
    return gettext("after round %(round)s") % {"round": after_round}


def _numbered_canvas(page_label: str) -> type[Canvas]:
    """A canvas that holds its pages back until the end, so each can say "Page X of Y"."""

    class NumberedCanvas(Canvas):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self._held_pages: list[dict] = []

        def showPage(self) -> None:  # noqa: N802 - reportlab's name
            self._held_pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._held_pages)
            for state in self._held_pages:
                self.__dict__.update(state)
                self._draw_page_number(total)
                super().showPage()
            super().save()

        def _draw_page_number(self, total: int) -> None:
            width, _height = self._pagesize
            self.saveState()
            self.setFont(REGULAR, 7.5)
            self.setFillColor(RULE)
            label = page_label % {"page": self.getPageNumber(), "pages": total}
            self.drawCentredString(width / 2, MARGIN - FOOT_SPACE + 4, label)
            self.restoreState()

    return NumberedCanvas


def _running_head(header: TournamentHeader, document_title: str):
    """Event name and document name at the top of every page, so a loose page is never lost."""

    def draw(canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = doc.pagesize
        top = height - MARGIN + HEAD_SPACE - 8
        canvas.saveState()
        canvas.setFont(REGULAR, 7.5)
        canvas.setFillColor(RULE)
        canvas.drawString(MARGIN, top, header.name)
        canvas.drawRightString(width - MARGIN, top, document_title)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.line(MARGIN, top - 3, width - MARGIN, top - 3)
        canvas.restoreState()

    return draw


def frame_size(pagesize: tuple[float, float]) -> tuple[float, float]:
    """Width and height of the body frame on a page of `pagesize`."""
    width, height = pagesize
    return width - 2 * MARGIN, height - 2 * MARGIN


def build_pdf(
    story: Sequence[Flowable],
    *,
    header: TournamentHeader,
    document_title: str,
    pagesize: tuple[float, float] = PORTRAIT,
) -> bytes:
    """Lay `story` out on numbered pages under the running head and return the PDF's bytes."""
    register_fonts()
    buffer = BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=pagesize,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=f"{document_title} — {header.name}",
        subject=document_title,
        author=", ".join(header.arbiters) or header.name,
        creator="Damas",
        lang=get_language() or None,
        invariant=1,
        initialFontName=REGULAR,
    )
    width, height = frame_size(pagesize)
    frame = Frame(
        MARGIN, MARGIN, width, height, id="body",
        leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
    )
    doc.addPageTemplates(
        [PageTemplate(id="page", frames=[frame], onPage=_running_head(header, document_title))]
    )
    page_label = gettext("Page %(page)d of %(pages)d")
    doc.build(list(story), canvasmaker=_numbered_canvas(page_label))
    return buffer.getvalue()
