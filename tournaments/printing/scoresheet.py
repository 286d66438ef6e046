"""Score sheets for the players, for 64 or 100 squares, one page each.

Header fields (event, round, board, date, White, Black, result), two columns of numbered move rows
(moves 1-30 and 31-60, a White and a Black cell each), a notation help with the numbered board, and
signature lines. Blank, or pre-filled with the names of a round's games.
"""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table

from rules.variants import BRAZILIAN, INTERNATIONAL, Variant
from tournaments.printing.boards import numbered_board
from tournaments.printing.data import PairingRow, ScoreSheetData
from tournaments.printing.fonts import BOLD, REGULAR, fit_text
from tournaments.printing.layout import (
    INK,
    PORTRAIT,
    SMALL,
    TITLE,
    build_pdf,
    frame_size,
    game_board_heading,
    text,
)
from tournaments.printing.pairings import round_title
from tournaments.printing.tables import base_style

MOVES_PER_COLUMN = 30
MOVE_COLUMNS = 2
ROW_HEIGHT = 20.0
NUMBER_WIDTH = 24.0
MOVE_WIDTH = 68.0
GUTTER = 10.0
FIELD_HEIGHT = 21.0


def build_scoresheets_pdf(data: ScoreSheetData) -> bytes:
    """One score sheet per game of `data.games`, or `data.copies` blank ones."""
    variant = BRAZILIAN if data.squares == 64 else INTERNATIONAL
    title = gettext("Score sheet")
    board_label = board_name(data.squares)
    games: list[PairingRow | None] = list(data.games) or [None] * data.copies
    help_flowables = _notation_help(variant)
    story: list[Flowable] = []
    for index, game in enumerate(games):
        if index:
            story.append(PageBreak())
        story.append(Paragraph(text(f"{title} — {board_label}"), TITLE))
        story.append(Spacer(0, 4))
        story.append(_header_fields(data, game))
        story.append(Spacer(0, 8))
        story.append(_moves_and_help(help_flowables))
        story.append(Spacer(0, 16))
        story.append(_signatures())
    document_title = title if data.round is None else f"{title} — {round_title(data.round)}"
    return build_pdf(story, header=data.header, document_title=document_title)


def board_name(squares: int) -> str:
    if squares == 64:
        return gettext("64 squares (Brazilian)")
    return gettext("100 squares (international)")


def _header_fields(data: ScoreSheetData, game: PairingRow | None) -> Table:
    """Label/blank pairs with a writing line under each blank; pre-filled when a game is known."""
    width, _height = frame_size(PORTRAIT)
    round_text = str(data.round) if data.round is not None else ""
    board_text = white = black = ""
    if game is not None:
        board_text = str(game.board)
        white = f"{game.white.name} ({game.white.number})"
        black = f"{game.black.name} ({game.black.number})"
    label_width = 48.0
    small_label = 44.0
    short_value = 44.0
    long_value = width - label_width - 2 * (small_label + short_value)
    event = fit_text(data.header.name, BOLD, 10, long_value - 6)
    rows = [
        [gettext("Event"), event, gettext("Round"), round_text,
         game_board_heading(), board_text],
        [gettext("White"), fit_text(white, BOLD, 10, long_value - 6), gettext("Date"), data.date,
         "", ""],
        [gettext("Black"), fit_text(black, BOLD, 10, long_value - 6), gettext("Result"), "", "",
         ""],
    ]
    widths = [label_width, long_value, small_label, short_value, small_label, short_value]
    style = [
        ("FONT", (0, 0), (-1, -1), REGULAR, 8.5),
        ("FONT", (1, 0), (1, -1), BOLD, 10),
        ("FONT", (3, 0), (3, -1), BOLD, 10),
        ("FONT", (5, 0), (5, -1), BOLD, 10),
        ("FONT", (3, 1), (3, 1), REGULAR, 9),
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LINEBELOW", (1, 0), (1, -1), 0.5, INK),
        ("LINEBELOW", (3, 0), (3, 0), 0.5, INK),
        ("LINEBELOW", (5, 0), (5, 0), 0.5, INK),
        ("SPAN", (3, 1), (5, 1)),
        ("SPAN", (3, 2), (5, 2)),
        ("LINEBELOW", (3, 1), (5, 2), 0.5, INK),
    ]
    return Table(rows, colWidths=widths, rowHeights=[FIELD_HEIGHT] * 3, style=style,
                 hAlign="LEFT")


def _move_column(first: int) -> Table:
    rows = [["#", gettext("White"), gettext("Black")]]
    rows += [[str(number), "", ""] for number in range(first, first + MOVES_PER_COLUMN)]
    style = base_style(8.5) + [("FONT", (0, 1), (0, -1), BOLD, 8.5)]
    heights = [14.0] + [ROW_HEIGHT] * MOVES_PER_COLUMN
    return Table(rows, colWidths=[NUMBER_WIDTH, MOVE_WIDTH, MOVE_WIDTH], rowHeights=heights,
                 style=style)


def _moves_and_help(help_flowables: list[Flowable]) -> Table:
    width, _height = frame_size(PORTRAIT)
    column_width = NUMBER_WIDTH + 2 * MOVE_WIDTH
    help_width = width - MOVE_COLUMNS * (column_width + GUTTER)
    cells = [_move_column(1 + index * MOVES_PER_COLUMN) for index in range(MOVE_COLUMNS)]
    widths = [column_width + GUTTER] * MOVE_COLUMNS + [help_width]
    style = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
    ]
    return Table([[*cells, help_flowables]], colWidths=widths, style=style, hAlign="LEFT")


def _notation_help(variant: Variant) -> list[Flowable]:
    """The numbered board and how to write a move on it (numbers, and letters on 64 squares)."""
    width, _height = frame_size(PORTRAIT)
    help_width = width - MOVE_COLUMNS * (NUMBER_WIDTH + 2 * MOVE_WIDTH + GUTTER)
    board = numbered_board(variant, help_width, algebraic=variant.algebraic)
    if variant.algebraic:
        lines = [
            gettext("Squares 1 to 32, as White sees the board; White's men start on 21-32."),
            gettext("Write a move as 22-18 and a capture as 23x14; a capture of several "
                    "pieces names every landing square: 23x14x5."),
            gettext("Letters and numbers are also accepted: c3-d4, capture c3:e5."),
        ]
    else:
        lines = [
            gettext("Squares 1 to 50, as White sees the board; White's men start on 31-50."),
            gettext("Write a move as 32-28 and a capture as 28x19; a capture of several "
                    "pieces names every landing square: 27x18x9."),
        ]
    lines.append(gettext("Write each move as it is played. Both players sign the result."))
    notation = gettext("Notation")
    heading = Paragraph(f"<b>{text(notation)}</b>", SMALL)
    return [heading, Spacer(0, 3), board, Spacer(0, 6),
            *[Paragraph(text(line), SMALL) for line in lines]]


def _signatures() -> Table:
    width, _height = frame_size(PORTRAIT)
    gap = 18.0
    line = (width - 2 * gap) / 3
    labels = [
        gettext("White's signature"), gettext("Black's signature"), gettext("Arbiter's signature"),
    ]
    rows = [["", "", "", "", ""], [labels[0], "", labels[1], "", labels[2]]]
    style = [
        ("FONT", (0, 0), (-1, -1), REGULAR, 7.5),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("LINEABOVE", (0, 1), (0, 1), 0.5, INK),
        ("LINEABOVE", (2, 1), (2, 1), 0.5, INK),
        ("LINEABOVE", (4, 1), (4, 1), 0.5, INK),
    ]
    return Table(rows, colWidths=[line, gap, line, gap, line], rowHeights=[20, 12], style=style,
                 hAlign="LEFT")
