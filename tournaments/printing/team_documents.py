"""Printed documents of a team competition (issue 16): any team table as it is on its page
(standings, crosstable, round matches, board prizes), and the result slip of each match, one
slip for all its boards.

Like the other documents they take plain data and return PDF bytes, so they are tested without a
database; team_views builds the data from the same tables the pages show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, pgettext
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from tournaments.printing.data import TournamentHeader
from tournaments.printing.fonts import BOLD, REGULAR
from tournaments.printing.layout import (
    BODY,
    EVENT,
    LANDSCAPE,
    PORTRAIT,
    SMALL,
    build_pdf,
    frame_size,
    text,
    title_block,
)
from tournaments.printing.tables import base_style, widest

FONT_SIZE = 8.5


@dataclass(frozen=True, kw_only=True)
class TableDocument:
    """A titled table: headings, then rows of texts, and a note under it."""

    header: TournamentHeader
    title: str
    subtitle: str = ""
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


def _fitted_table(headings: Sequence[str], rows: Sequence[Sequence[str]], width: float,
                  last_at_least: float = 0.0) -> Table:
    """Columns as wide as their longest text when the page has room; else each column keeps at
    least its longest word and the rest of the width goes to the columns that need it most, their
    texts wrapping in the cell (issue 25: headings and names scaled with the columns but not with
    their type ran over each other). The last column is at least `last_at_least` wide (a box to
    write in)."""
    columns = list(zip(headings, *rows, strict=True)) if rows else [[h] for h in headings]
    natural = [max(stringWidth(str(column[0]), BOLD, FONT_SIZE),
                   widest([str(cell) for cell in column[1:]], REGULAR, FONT_SIZE)) + PADDING
               for column in columns]
    least = [max(_longest_word(str(column[0]), BOLD),
                 max((_longest_word(str(cell), REGULAR) for cell in column[1:]), default=0.0))
             + PADDING for column in columns]
    natural[-1] = max(natural[-1], last_at_least)
    least[-1] = max(least[-1], last_at_least)
    if sum(natural) <= width:
        widths = natural
    elif sum(least) >= width:
        widths = [w * width / sum(least) for w in least]
    else:
        spare, wanted = width - sum(least), sum(natural) - sum(least)
        widths = [low + (high - low) * spare / wanted for low, high in zip(least, natural,
                                                                           strict=True)]
    body = [[_cell(str(value), REGULAR, widths[index]) for index, value in enumerate(row)]
            for row in rows]
    top = [_cell(str(value), BOLD, widths[index]) for index, value in enumerate(headings)]
    table = Table([top, *body], colWidths=widths, repeatRows=1)
    table.setStyle(base_style(FONT_SIZE))
    return table


PADDING = 8.0


def _longest_word(value: str, font: str) -> float:
    return max((stringWidth(word, font, FONT_SIZE) for word in value.split()), default=0.0)


def _cell(value: str, font: str, width: float) -> str | Paragraph:
    """The text as it is when it fits its column, else a paragraph that wraps inside it (in a
    smaller type when one word is wider than the column)."""
    room = width - PADDING + 4
    if stringWidth(value, font, FONT_SIZE) <= room:
        return value
    size = min(FONT_SIZE, FONT_SIZE * room / max(_longest_word(value, font), 1.0))
    style = ParagraphStyle("team-cell", fontName=font, fontSize=size, leading=size * 1.15,
                           alignment=TA_CENTER)
    return Paragraph(text(value), style)


def build_table_pdf(document: TableDocument) -> bytes:
    """The table on A4, landscape when it is wide, with the heading row on every page."""
    wide = len(document.headings) > 9
    pagesize = LANDSCAPE if wide else PORTRAIT
    width, _height = frame_size(pagesize)
    story: list[Flowable] = title_block(document.header, document.title, document.subtitle)
    story.append(_fitted_table(document.headings, document.rows, width))
    if document.note:
        story += [Spacer(0, 6), Paragraph(text(document.note), SMALL)]
    return build_pdf(story, header=document.header, document_title=document.title,
                     pagesize=pagesize)


@dataclass(frozen=True, kw_only=True)
class MatchSlip:
    """One match: its teams and, board by board, (board, White, Black) with the home colour
    already applied, so the slip shows the players as they sit."""

    round: int
    table: int
    home: str
    away: str
    boards: tuple[tuple[int, str, str], ...]


def build_match_slips_pdf(header: TournamentHeader, round_number: int,
                          slips: Sequence[MatchSlip]) -> bytes:
    """One slip per match with every board, a result box per board and the match score, signed
    by both captains and the arbiter."""
    title = gettext("Match result slips")
    subtitle = gettext("Round %(number)d") % {"number": round_number}
    width, _height = frame_size(PORTRAIT)
    story: list[Flowable] = title_block(header, title, subtitle)
    if not slips:
        story.append(Paragraph(text(gettext("No match in this round.")), BODY))
    headings = (pgettext("the table a game is played at", "Board"), gettext("White"),
                gettext("Black"), gettext("Result"))
    signatures = (gettext("Home captain"), gettext("Away captain"),
                  gettext("Arbiter's signature"))
    for slip in slips:
        heading = Paragraph(text(gettext("Match %(table)d: %(home)s – %(away)s") % {
            "table": slip.table, "home": slip.home, "away": slip.away}), EVENT)
        rows = [(str(board), white or "—", black or "—", "") for board, white, black in slip.boards]
        rows.append(("", gettext("Match score"), "", ""))
        boards = _fitted_table(headings, rows, width, last_at_least=70)
        signed = Table([["", "", ""], list(signatures)], colWidths=[width / 3] * 3,
                       rowHeights=[28, 12])
        signed.setStyle([("FONT", (0, 0), (-1, -1), REGULAR, 7.5),
                         ("LINEABOVE", (0, 1), (-1, 1), 0.5, "black"),
                         ("ALIGN", (0, 0), (-1, -1), "CENTER")])
        story.append(KeepTogether([heading, boards, signed, Spacer(0, 16)]))
    return build_pdf(story, header=header, document_title=f"{title} — {subtitle}",
                     pagesize=PORTRAIT)
