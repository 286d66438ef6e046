"""A plain table document under the tournament's title block: prize lists, category standings,
rating reports. Columns are as given, fitted to the page as the team documents fit theirs: as
wide as their texts when there is room, else long headings and names wrap inside their cells,
on a landscape page when the texts do not fit a portrait one (a rehearsal of a whole event found
the rating report running off both sides of the page, and a category's names cut short)."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable, Paragraph, Spacer

from tournaments.models import Tournament
from tournaments.printing.collect import tournament_header
from tournaments.printing.data import TournamentHeader
from tournaments.printing.fonts import BOLD, REGULAR, register_fonts
from tournaments.printing.layout import (
    BODY,
    LANDSCAPE,
    PORTRAIT,
    SMALL,
    build_pdf,
    frame_size,
    text,
    title_block,
)
from tournaments.printing.tables import widest
from tournaments.printing.team_documents import FONT_SIZE, PADDING
from tournaments.printing.team_documents import _fitted_table as fitted_table


def plain_table_pdf(tournament: Tournament, title: str, headings: Sequence[str],
                    rows: Sequence[Sequence[object]], subtitle: str = "",
                    wide_column: int = 1, empty: str = "",
                    notes: Sequence[str] = (), left_columns: Sequence[int] = ()) -> bytes:
    """PDF bytes of `rows` under `headings`; column `wide_column` (the names) is aligned left. With
    no rows, `empty` is printed under the headings, as the page says it (issue 25); `notes` under
    the table spell out its short headings; `left_columns` are further columns of names."""
    return plain_table_document(tournament_header(tournament), title, headings, rows,
                                subtitle=subtitle, wide_column=wide_column, empty=empty,
                                notes=notes, left_columns=left_columns)


def plain_table_document(header: TournamentHeader, title: str, headings: Sequence[str],
                         rows: Sequence[Sequence[object]], subtitle: str = "",
                         wide_column: int = 1, empty: str = "",
                         notes: Sequence[str] = (), left_columns: Sequence[int] = ()) -> bytes:
    """The same table under any title block (a season's rating report covers many tournaments,
    issue 27), with `notes` as small paragraphs after it."""
    register_fonts()
    story: list[Flowable] = title_block(header, title, subtitle)
    cells = [[str(value) for value in row] for row in rows]
    natural = sum(max(widest([heading], BOLD, FONT_SIZE),
                      widest([row[index] for row in cells], REGULAR, FONT_SIZE)) + PADDING
                  for index, heading in enumerate(headings))
    pagesize = PORTRAIT if natural <= frame_size(PORTRAIT)[0] else LANDSCAPE
    width, _height = frame_size(pagesize)
    table = fitted_table([str(heading) for heading in headings], cells, width)
    table.setStyle([("ALIGN", (column, 1), (column, -1), "LEFT")
                    for column in (wide_column, *left_columns)])
    story.append(table)
    if not rows and empty:
        story += [Spacer(0, 6), Paragraph(text(empty), BODY)]
    if notes:  # what the short headings mean, or what the report covers (issue 27)
        story.append(Spacer(0, 6))
        story += [Paragraph(text(note), SMALL) for note in notes]
    return build_pdf(story, header=header, document_title=title, pagesize=pagesize)
