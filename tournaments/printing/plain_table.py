"""A plain table document under the tournament's title block: prize lists, category standings,
rating reports. Columns are as given; long names are shortened to fit the page."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from tournaments.models import Tournament
from tournaments.printing.collect import tournament_header
from tournaments.printing.fonts import REGULAR, fit_text, register_fonts
from tournaments.printing.layout import BODY, PORTRAIT, build_pdf, frame_size, text, title_block
from tournaments.printing.tables import base_style, widest

FONT_SIZE = 9.0


def plain_table_pdf(tournament: Tournament, title: str, headings: Sequence[str],
                    rows: Sequence[Sequence[object]], subtitle: str = "",
                    wide_column: int = 1, empty: str = "") -> bytes:
    """PDF bytes of `rows` under `headings`; column `wide_column` takes the spare width. With no
    rows, `empty` is printed under the headings, as the page says it (issue 25)."""
    register_fonts()
    header = tournament_header(tournament)
    story: list[Flowable] = title_block(header, title, subtitle)
    cells = [[str(value) for value in row] for row in rows]
    width, _height = frame_size(PORTRAIT)
    widths = [widest([heading, *(row[i] for row in cells)], REGULAR, FONT_SIZE) + 10
              for i, heading in enumerate(headings)]
    spare = width - (sum(widths) - widths[wide_column])
    widths[wide_column] = max(40.0, min(widths[wide_column], spare))
    cells = [[fit_text(value, REGULAR, FONT_SIZE, widths[i] - 4) for i, value in enumerate(row)]
             for row in cells]
    table = Table([list(headings), *cells], colWidths=widths, repeatRows=1)
    table.setStyle(base_style(FONT_SIZE) + [("ALIGN", (wide_column, 1), (wide_column, -1),
                                             "LEFT")])
    story.append(table)
    if not rows and empty:
        story += [Spacer(0, 6), Paragraph(text(empty), BODY)]
    return build_pdf(story, header=header, document_title=title, pagesize=PORTRAIT)
