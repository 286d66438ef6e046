"""A game record: the players and result, the moves in numbered rows, and diagrams of the
positions after chosen moves, drawn with the engine's board geometry and colours (boards.py).
"""

from __future__ import annotations

import math

from django.utils.translation import gettext
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from rules.board import Board
from rules.variants import BRAZILIAN, INTERNATIONAL
from tournaments.printing.boards import position_diagram
from tournaments.printing.data import GameRecordData
from tournaments.printing.fonts import BOLD, REGULAR
from tournaments.printing.layout import (
    BODY,
    CENTRED,
    INK,
    PORTRAIT,
    RULE,
    SHADE,
    ZEBRA,
    build_pdf,
    frame_size,
    game_board_text,
    labelled,
    text,
    title_block,
)
from tournaments.printing.pairings import round_title

MOVE_GROUPS = 3  # side-by-side groups of (number, White, Black) columns
DIAGRAMS_PER_ROW = 3
GAP = 12.0


def ply_label(data: GameRecordData, ply: int) -> str:
    """ "12. 22-18" for White's 12th move, "12... 9x18" for Black's (ply counts half-moves)."""
    offset = 1 if data.first_ply_black else 0
    number = (ply + offset + 1) // 2
    white = (ply + offset) % 2 == 1
    return f"{number}{'.' if white else '...'} {data.moves[ply - 1]}"


def build_game_record_pdf(data: GameRecordData) -> bytes:
    """The game record as PDF bytes, in the active language."""
    variant = BRAZILIAN if data.squares == 64 else INTERNATIONAL
    title = gettext("Game record")
    where = []
    if data.round is not None:
        where.append(round_title(data.round))
    if data.board_number is not None:
        where.append(game_board_text(data.board_number))
    story: list[Flowable] = title_block(data.header, title, " · ".join(where))
    facts = [labelled(gettext("White"), data.white), labelled(gettext("Black"), data.black)]
    if data.result:
        facts.append(labelled(gettext("Result"), data.result))
    if data.date:
        facts.append(labelled(gettext("Date"), data.date))
    story.append(Paragraph("&nbsp;&nbsp;·&nbsp;&nbsp;".join(facts), BODY))
    story.append(Spacer(0, 8))
    if data.moves:
        story.append(_moves_table(data))
    else:
        story.append(Paragraph(text(gettext("No moves recorded.")), BODY))
    if data.diagrams:
        story.append(Spacer(0, 12))
        story.extend(_diagrams(data, variant))
    return build_pdf(story, header=data.header, document_title=title)


def _move_pairs(data: GameRecordData) -> list[tuple[str, str, str]]:
    """(number, White's move, Black's move) rows; "..." where a game set up with Black to move
    leaves White's first cell empty."""
    moves = (["..."] if data.first_ply_black else []) + list(data.moves)
    return [
        (f"{index + 1}.", moves[2 * index], moves[2 * index + 1] if 2 * index + 1 < len(moves)
         else "")
        for index in range(math.ceil(len(moves) / 2))
    ]


def _moves_table(data: GameRecordData) -> Table:
    pairs = _move_pairs(data)
    rows_per_group = math.ceil(len(pairs) / MOVE_GROUPS)
    width, _height = frame_size(PORTRAIT)
    group_width = (width - (MOVE_GROUPS - 1) * GAP) / MOVE_GROUPS
    number_width = 28.0
    move_width = (group_width - number_width) / 2
    heading = []
    widths: list[float] = []
    for group in range(MOVE_GROUPS):
        if group:
            heading.append("")
            widths.append(GAP)
        heading += ["#", gettext("White"), gettext("Black")]
        widths += [number_width, move_width, move_width]
    rows = [heading]
    for line in range(rows_per_group):
        cells: list[str] = []
        for group in range(MOVE_GROUPS):
            if group:
                cells.append("")
            index = group * rows_per_group + line
            cells += list(pairs[index]) if index < len(pairs) else ["", "", ""]
        rows.append(cells)
    style: list[tuple] = [
        ("FONT", (0, 0), (-1, -1), REGULAR, 9),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
    ]
    for group in range(MOVE_GROUPS):
        first, last = group * 4, group * 4 + 2  # each group is 3 columns, then a gap column
        style += [
            ("FONT", (first, 0), (last, 0), BOLD, 9),
            ("FONT", (first, 1), (first, -1), BOLD, 9),
            ("BACKGROUND", (first, 0), (last, 0), SHADE),
            ("ROWBACKGROUNDS", (first, 1), (last, -1), [None, ZEBRA]),
            ("GRID", (first, 0), (last, -1), 0.25, RULE),
            ("BOX", (first, 0), (last, -1), 0.8, INK),
            ("LINEBELOW", (first, 0), (last, 0), 0.8, INK),
        ]
    return Table(rows, colWidths=widths, rowHeights=[14.0] + [14.0] * rows_per_group,
                 style=style, repeatRows=1, hAlign="LEFT")


def _diagrams(data: GameRecordData, variant) -> list[Flowable]:
    """Diagrams three to a row, each with the move it follows as its caption."""
    width, _height = frame_size(PORTRAIT)
    column = width / DIAGRAMS_PER_ROW
    cells = []
    for ply, fen in data.diagrams:
        if not 0 <= ply <= len(data.moves):
            raise ValueError(f"a diagram after ply {ply}, but the game has {len(data.moves)}")
        board = Board.from_fen(fen, variant)
        caption = (gettext("Starting position") if ply == 0
                   else gettext("After %(move)s") % {"move": ply_label(data, ply)})
        cells.append([position_diagram(board, column - GAP, algebraic=data.algebraic), Spacer(0, 3),
                      Paragraph(text(caption), CENTRED)])
    rows = [cells[i : i + DIAGRAMS_PER_ROW] for i in range(0, len(cells), DIAGRAMS_PER_ROW)]
    rows[-1] += [""] * (DIAGRAMS_PER_ROW - len(rows[-1]))
    style = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("ALIGN", (0, 0), (-1, -1), "CENTER"),
             ("BOTTOMPADDING", (0, 0), (-1, -1), 10)]
    return [KeepTogether(Table([row], colWidths=[column] * DIAGRAMS_PER_ROW, style=style,
                               hAlign="LEFT"))
            for row in rows]
