"""The crosstable for the wall: one row per player by rank, one column per pairing number.

Landscape A4. Up to about 30 players every opponent column fits across one page; beyond that the
opponent columns are split into blocks (each block repeats rank, number and name, and ends with
points and tie-breaks, so every page reads on its own). Rows run on to further pages with the
heading row repeated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table

from tournaments.printing.data import CrosstableData, CrosstableRow, GameCell, Side
from tournaments.printing.fonts import BOLD, REGULAR, fit_text
from tournaments.printing.layout import (
    LANDSCAPE,
    SMALL,
    after_round_text,
    build_pdf,
    frame_size,
    text,
    title_block,
)
from tournaments.printing.tables import (
    SELF_CELL,
    base_style,
    clamp,
    colour_initial,
    tiebreak_legend,
    translated_headings,
    widest,
    wrapped_cell,
)

RANK_WIDTH = 20.0
NUMBER_WIDTH = 20.0
POINTS_WIDTH = 30.0
MIN_NAME_WIDTH = 100.0
MAX_NAME_WIDTH = 170.0
MAX_CELL_WIDTH = 30.0
MAX_CLUB_WIDTH = 160.0
TITLE_AND_LEGEND = 150.0  # points of a page the title block and the legend take, with room over


@dataclass(frozen=True)
class _Geometry:
    """Column widths and how the opponent columns are split across pages."""

    font_size: float
    row_height: float
    rank_width: float
    number_width: float
    points_width: float
    name_width: float
    club_width: float  # 0 when the club column is left out for room
    cell_width: float
    tiebreak_widths: list[float]
    blocks: list[list[int]]
    rating_width: float = 0.0  # 0 when no player has a rating
    games_width: float = 0.0  # 0 when the rows carry no games played


def build_crosstable_pdf(data: CrosstableData) -> bytes:
    """The crosstable as PDF bytes, in the active language."""
    title = gettext("Crosstable")
    subtitle = after_round_text(data.after_round)
    geometry = _geometry(data)
    story: list[Flowable] = title_block(data.header, title, subtitle)
    for index, block in enumerate(geometry.blocks):
        if index:
            story.append(PageBreak())
        if len(geometry.blocks) > 1:
            caption = gettext("Opponents %(first)s to %(last)s (part %(part)s of %(parts)s)") % {
                "first": data.column_labels.get(block[0], block[0]),
                "last": data.column_labels.get(block[-1], block[-1]),
                "part": index + 1,
                "parts": len(geometry.blocks),
            }
            story.append(Paragraph(text(caption), SMALL))
            story.append(Spacer(0, 3))
        story.append(_block_table(data, block, geometry))
    story.append(Spacer(0, 6))
    story.extend(_legend(data))
    return build_pdf(story, header=data.header, document_title=title, pagesize=LANDSCAPE)


def cell_text(games: list[GameCell]) -> str:
    """ "1W", "½B", or "1W 0B" for the two games of a double round robin."""
    return " ".join(f"{game.opponent}{colour_initial(game.side)}{game.result}" if game.opponent
                    else f"{game.result}{colour_initial(game.side)}"
                    for game in games if game.result)


def _geometry(data: CrosstableData) -> _Geometry:
    frame_width, _height = frame_size(LANDSCAPE)
    columns = len(data.columns)
    font_size = 9.0 if columns <= 16 else 8.0 if columns <= 26 else 7.0
    cycles = max((len(games) for row in data.rows for games in row.cells.values()), default=1)
    samples = [cell_text([GameCell(result="½", side=side)]) for side in Side]
    if data.by_round:
        samples += [cell_text(games) for row in data.rows for games in row.cells.values()]
    widest_game = widest(samples, REGULAR, font_size)
    space = widest([" "], REGULAR, font_size)
    min_cell = max(16.0, (widest_game + space) * cycles - space + 5)
    headings = translated_headings()
    tiebreak_widths = [
        max(
            28.0,
            widest([label.abbreviation], BOLD, font_size) + 6,
            widest([row.tiebreaks[i] for row in data.rows if i < len(row.tiebreaks)],
                   REGULAR, font_size) + 6,
        )
        for i, label in enumerate(data.tiebreak_labels)
    ]
    points_width = max(
        POINTS_WIDTH,
        widest([headings["points"]], BOLD, font_size) + 6,
        widest([row.points for row in data.rows], BOLD, font_size) + 6,
    )
    rank_width = max(RANK_WIDTH, widest([headings["rank"]], BOLD, font_size) + 6)
    number_width = max(NUMBER_WIDTH, widest([headings["number"]], BOLD, font_size) + 6)
    rating_width = games_width = 0.0
    if any(row.rating for row in data.rows):
        rating_width = max(widest([headings["rating"]], BOLD, font_size),
                           widest([row.rating for row in data.rows], REGULAR, font_size)) + 6
    if any(row.games for row in data.rows):
        games_width = max(widest([headings["games"]], BOLD, font_size),
                          widest([row.games for row in data.rows], REGULAR, font_size)) + 6
    natural_name = clamp(
        widest([row.name for row in data.rows], REGULAR, font_size) + 6,
        MIN_NAME_WIDTH,
        MAX_NAME_WIDTH,
    )
    fixed = (rank_width + number_width + points_width + sum(tiebreak_widths) + rating_width
             + games_width)
    room = frame_width - fixed  # for name, club and the opponent columns
    per_block = max(1, int((room - MIN_NAME_WIDTH) // min_cell))
    block_count = max(1, math.ceil(columns / per_block))
    per_block = math.ceil(columns / block_count) if columns else 1
    blocks = [data.columns[i : i + per_block] for i in range(0, columns, per_block)] or [[]]
    # Share out what the narrowest readable cells leave: the name first, then the club, then
    # wider cells; whatever is still over widens the name column.
    rest = room - per_block * min_cell
    name_width = min(natural_name, rest)
    rest -= name_width
    club_width = 0.0
    if any(row.club for row in data.rows):
        natural_club = clamp(
            widest([row.club for row in data.rows], REGULAR, font_size) + 6, 50.0, MAX_CLUB_WIDTH
        )
        club_width = natural_club if rest >= natural_club else (rest if rest >= 50.0 else 0.0)
        rest -= club_width
    cell_width = min(MAX_CELL_WIDTH, min_cell + rest / per_block)
    rest -= (cell_width - min_cell) * per_block
    name_width += rest
    row_height = font_size + 5
    if block_count == 1:
        # A small field gets taller rows, up to what still fits one page with the title block.
        _width, frame_height = frame_size(LANDSCAPE)
        row_height = clamp((frame_height - TITLE_AND_LEGEND) / (len(data.rows) + 1),
                           row_height, font_size + 10)
    return _Geometry(
        font_size=font_size,
        row_height=row_height,
        name_width=name_width,
        club_width=club_width,
        cell_width=cell_width,
        rank_width=rank_width,
        number_width=number_width,
        points_width=points_width,
        tiebreak_widths=tiebreak_widths,
        blocks=blocks,
        rating_width=rating_width,
        games_width=games_width,
    )


def _block_table(data: CrosstableData, block: list[int], geometry: _Geometry) -> Table:
    headings = translated_headings()
    size = geometry.font_size
    with_club = geometry.club_width > 0
    heading = [headings["rank"], headings["number"], headings["name"]]
    widths = [geometry.rank_width, geometry.number_width, geometry.name_width]
    if geometry.rating_width:
        heading.append(headings["rating"])
        widths.append(geometry.rating_width)
    if with_club:
        heading.append(headings["club"])
        widths.append(geometry.club_width)
    first_cell = len(heading)
    heading.extend((gettext("R%(number)s") % {"number": number}) if data.by_round
                   else data.column_labels.get(number, str(number)) for number in block)
    widths.extend([geometry.cell_width] * len(block))
    heading.append(headings["points"])
    widths.append(geometry.points_width)
    if geometry.games_width:
        heading.append(headings["games"])
        widths.append(geometry.games_width)
    heading.extend(label.abbreviation for label in data.tiebreak_labels)
    widths.extend(geometry.tiebreak_widths)

    rows: list[list[str]] = [heading]
    style = base_style(size)
    name_space = geometry.name_width - 4
    club_space = geometry.club_width - 4
    points_column = first_cell + len(block)
    for index, row in enumerate(data.rows, start=1):
        rows.append(_row_cells(row, block, geometry, size, name_space, club_space))
        if row.number in block and not data.by_round:
            column = first_cell + block.index(row.number)
            style.append(("BACKGROUND", (column, index), (column, index), SELF_CELL))
    style += [
        ("ALIGN", (2, 1), (2, -1), "LEFT"),
        ("ALIGN", (first_cell - 1, 1), (first_cell - 1, -1),
         "LEFT" if with_club else "CENTER"),
        ("FONT", (points_column, 1), (points_column, -1), BOLD, size),
        ("LINEAFTER", (first_cell - 1, 0), (first_cell - 1, -1), 0.8, "black"),
        ("LINEBEFORE", (points_column, 0), (points_column, -1), 0.8, "black"),
    ]
    heights = [size + 7] + [geometry.row_height] * len(data.rows)
    return Table(rows, colWidths=widths, rowHeights=heights, style=style, repeatRows=1,
                 hAlign="LEFT")


def _row_cells(
    row: CrosstableRow, block: list[int], geometry: _Geometry, size: float,
    name_space: float, club_space: float,
) -> list[str]:
    cells = [str(row.rank), str(row.number), fit_text(row.name, REGULAR, size, name_space)]
    if geometry.rating_width:
        cells.append(row.rating)
    if geometry.club_width > 0:
        cells.append(wrapped_cell(row.club, size, club_space))
    cells.extend(cell_text(row.cells.get(number, [])) for number in block)
    cells.append(row.points)
    if geometry.games_width:
        cells.append(row.games)
    cells.extend(row.tiebreaks)
    return cells


#: The Swiss crosstable's blank cell, on the page (swiss_crosstable.html) and in the PDF.
BLANK_ROUNDS = gettext_noop(
    "A blank round: its result is not in yet, or the player was not in the tournament then (a "
    "late entry, a withdrawal).")


def _legend(data: CrosstableData) -> list[Flowable]:
    win, draw, loss = data.symbols
    headings = translated_headings()
    lines = [
        gettext(
            "Each round: the opponent's number, the colour played (W White, B Black) and the "
            "result; + and - are forfeits (Art. 28), a bye shows its points, ½ a half-point bye, "
            "- an absence."
        ) if data.by_round else
        gettext(
            "Each cell: the points of the player of the row against the player of the column "
            "(%(win)s win, %(draw)s draw, %(loss)s loss; + and - a forfeit won and lost, -- both "
            "absent), then the colour played (%(white)s White, %(black)s Black)."
        )
        % {"win": win, "draw": draw, "loss": loss, "white": colour_initial(Side.WHITE),
           "black": colour_initial(Side.BLACK)},
        gettext("%(rating)s: rating; %(games)s: games played.") % {
            "rating": headings["rating"], "games": headings["games"]},
    ]
    if data.by_round:  # a late entrant's first rounds are blank, not "-" (issue 25)
        lines.insert(1, gettext(BLANK_ROUNDS))
    if data.column_labels:
        lines.append(gettext("Rows and columns by rank: the numbers above the columns are "
                             "places, so each player's own square is on the diagonal."))
    legend = tiebreak_legend(data.tiebreak_labels)
    if legend:
        lines.append(gettext("Tie-breaks, in order: %(list)s.") % {"list": legend})
    lines.extend(data.notes)
    return [Paragraph(text(line), SMALL) for line in lines]

