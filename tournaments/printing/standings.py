"""The standings: rank, player, club, points and every tie-break, portrait A4.

Rows run on to further pages with the heading row repeated.
"""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from tournaments.printing.data import StandingsData
from tournaments.printing.fonts import BOLD, REGULAR
from tournaments.printing.layout import (
    PORTRAIT,
    SMALL,
    after_round_text,
    build_pdf,
    frame_size,
    text,
    title_block,
)
from tournaments.printing.tables import (
    base_style,
    clamp,
    tiebreak_legend,
    translated_headings,
    whole_name_cell,
    widest,
    wrapped_cell,
)

FONT_SIZE = 9.0
ROW_HEIGHT = 15.0


def build_standings_pdf(data: StandingsData) -> bytes:
    """The standings as PDF bytes, in the active language."""
    title = gettext("Standings")
    story: list[Flowable] = title_block(data.header, title, after_round_text(data.after_round))
    story.append(_table(data))
    legend = tiebreak_legend(data.tiebreak_labels)
    story.append(Spacer(0, 6))
    headings = translated_headings()
    lines = [gettext("%(rating)s: rating; %(games)s: games played.") % {
        "rating": headings["rating"], "games": headings["games"]}]
    if legend:
        lines.append(gettext("Tie-breaks, in order: %(list)s.") % {"list": legend})
    lines.extend(data.notes)
    story.extend(Paragraph(text(line), SMALL) for line in lines)
    return build_pdf(story, header=data.header, document_title=title, pagesize=PORTRAIT)


def _table(data: StandingsData) -> Table:
    headings = translated_headings()
    size = FONT_SIZE
    with_club = any(row.club for row in data.rows)
    tiebreak_widths = [
        max(
            32.0,
            widest([label.abbreviation], BOLD, size) + 8,
            widest([row.tiebreaks[i] for row in data.rows if i < len(row.tiebreaks)], REGULAR,
                   size) + 8,
        )
        for i, label in enumerate(data.tiebreak_labels)
    ]
    rank_width = max(26.0, widest([headings["rank"]], BOLD, size) + 8)
    number_width = max(26.0, widest([headings["number"]], BOLD, size) + 8)
    points_width = max(34.0, widest([row.points for row in data.rows], BOLD, size) + 8)
    rating_width = games_width = 0.0
    if any(row.rating for row in data.rows):
        rating_width = max(widest([headings["rating"]], BOLD, size),
                           widest([row.rating for row in data.rows], REGULAR, size)) + 8
    if any(row.games for row in data.rows):
        games_width = max(widest([headings["games"]], BOLD, size),
                          widest([row.games for row in data.rows], REGULAR, size)) + 8
    frame_width, _height = frame_size(PORTRAIT)
    room = (frame_width - rank_width - number_width - points_width - sum(tiebreak_widths)
            - rating_width - games_width)
    natural_name = widest([row.name for row in data.rows], REGULAR, size) + 8
    name_width = clamp(natural_name, min(100.0, room), room * (0.55 if with_club else 1.0))
    club_width = room - name_width if with_club else 0.0
    if not with_club:
        name_width = room

    heading = [headings["rank"], headings["number"], headings["name"]]
    widths = [rank_width, number_width, name_width]
    if rating_width:
        heading.append(headings["rating"])
        widths.append(rating_width)
    if with_club:
        heading.append(headings["club"])
        widths.append(club_width)
    points_column = len(heading)
    heading.append(headings["points"])
    widths.append(points_width)
    if games_width:
        heading.append(headings["games"])
        widths.append(games_width)
    heading.extend(label.abbreviation for label in data.tiebreak_labels)
    widths.extend(tiebreak_widths)

    rows = [heading]
    for row in data.rows:
        cells = [str(row.rank), str(row.number), whole_name_cell(row.name, size, name_width - 6)]
        if rating_width:
            cells.append(row.rating)
        if with_club:
            cells.append(wrapped_cell(row.club, size, club_width - 4))
        cells.append(row.points)
        if games_width:
            cells.append(row.games)
        cells.extend(row.tiebreaks)
        rows.append(cells)
    style = base_style(size) + [
        ("ALIGN", (2, 1), (2, -1), "LEFT"),
        ("ALIGN", (points_column - 1, 1), (points_column - 1, -1),
         "LEFT" if with_club else "CENTER"),
        ("FONT", (points_column, 1), (points_column, -1), BOLD, size),
    ]
    # A row whose name wraps takes the height its lines need; the others keep the usual height.
    heights = [ROW_HEIGHT + 2] + [
        None if isinstance(cells[2], Paragraph) else ROW_HEIGHT for cells in rows[1:]]
    return Table(rows, colWidths=widths, rowHeights=heights, style=style, repeatRows=1,
                 hAlign="LEFT")
