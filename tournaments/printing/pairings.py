"""A round's pairings for the tables: board, White, Black, two result boxes, then the byes.

Portrait A4 with rows tall enough to write a result in by hand; the heading row repeats on each
page of a large round.
"""

from __future__ import annotations

from django.utils.translation import gettext, npgettext, pgettext
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from tournaments.printing.data import PairingsData, PlayerEntry
from tournaments.printing.fonts import BOLD, REGULAR, fit_text
from tournaments.printing.layout import (
    BODY,
    PORTRAIT,
    build_pdf,
    frame_size,
    game_board_heading,
    text,
    title_block,
)
from tournaments.printing.tables import base_style, widest

FONT_SIZE = 10.0
ROW_HEIGHT = 22.0
SCORE_BOX = 30.0


def round_title(number: int) -> str:
    return gettext("Round %(round)s") % {"round": number}


def build_pairings_pdf(data: PairingsData) -> bytes:
    """The pairings of one round as PDF bytes, in the active language."""
    title = gettext("Pairings")
    subtitle = round_title(data.round)
    if data.date:
        subtitle = f"{subtitle} · {data.date}"
    story: list[Flowable] = title_block(data.header, title, subtitle)
    if data.games:
        story.append(_table(data))
    else:
        story.append(Paragraph(text(gettext("No games in this round.")), BODY))
    if data.byes:
        story.append(Spacer(0, 10))
        label = npgettext("a round without a game for one player", "Bye", "Byes",
                          len(data.byes))
        names = ", ".join(player_label(player) for player in data.byes)
        story.append(Paragraph(f"<b>{text(label)}:</b> {text(names)}", BODY))
    if data.not_paired:
        story.append(not_paired_paragraph(data))
    return build_pdf(story, header=data.header, document_title=f"{title} — {subtitle}")


# What a side of a forfeit scores in the printing data ("--": both absent).
FORFEIT_SCORES = frozenset({"+", "-", "--"})


def printed_score(score: str) -> str:
    """A side's score as printed: a forfeit lost, and each side of a double forfeit, with the minus
    sign "−" that matches the "+" of the side present (issue 25), not a hyphen."""
    return "−" if score in ("-", "--") else score


def not_paired_paragraph(data: PairingsData) -> Paragraph:
    """The Swiss players the round leaves out at their request or for their absence, each with
    what he gets: "Sem partida nesta rodada: Leonardo Lima (9), folga de meio ponto"."""
    names = "; ".join(f"{player_label(player)}, {kind}" for player, kind in data.not_paired)
    return Paragraph(f"<b>{text(gettext('No game in this round:'))}</b> {text(names)}", BODY)


def player_label(player: PlayerEntry) -> str:
    """ "João Araújo (12)": the name with the pairing number."""
    return f"{player.name} ({player.number})"


def _table(data: PairingsData) -> Table:
    size = FONT_SIZE
    number_heading = pgettext("pairing number column heading", "No.")
    points_heading = pgettext("points column heading", "Pts")
    heading = [
        game_board_heading(), number_heading, gettext("White"), points_heading,
        gettext("Result"), "", number_heading, gettext("Black"), points_heading,
    ]
    everyone = [game.white for game in data.games] + [game.black for game in data.games]
    board_width = max(36.0, widest([heading[0]], BOLD, size) + 8)
    number_width = max(26.0, widest([number_heading], BOLD, size) + 8)
    points_width = max(
        30.0,
        widest([points_heading], BOLD, size) + 8,
        widest([player.points for player in everyone], REGULAR, size) + 8,
    )
    frame_width, _height = frame_size(PORTRAIT)
    name_width = (frame_width - board_width - 2 * (number_width + points_width + SCORE_BOX)) / 2
    widths = [
        board_width, number_width, name_width, points_width, SCORE_BOX, SCORE_BOX,
        number_width, name_width, points_width,
    ]
    rows = [heading]
    for game in data.games:
        rows.append([
            str(game.board),
            str(game.white.number),
            fit_text(game.white.name, REGULAR, size, name_width - 4),
            game.white.points,
            printed_score(game.white_score),
            printed_score(game.black_score),
            str(game.black.number),
            fit_text(game.black.name, REGULAR, size, name_width - 4),
            game.black.points,
        ])
    style = base_style(size) + [
        ("SPAN", (4, 0), (5, 0)),
        ("ALIGN", (2, 1), (2, -1), "LEFT"),
        ("ALIGN", (7, 1), (7, -1), "LEFT"),
        ("FONT", (0, 1), (0, -1), BOLD, size),
        ("FONT", (4, 1), (5, -1), BOLD, size + 1),
        ("BOX", (4, 0), (5, -1), 0.8, "black"),
        ("LINEAFTER", (4, 1), (4, -1), 0.8, "black"),
    ]
    heights = [ROW_HEIGHT - 4] + [ROW_HEIGHT] * len(data.games)
    return Table(rows, colWidths=widths, rowHeights=heights, style=style, repeatRows=1,
                 hAlign="LEFT")
