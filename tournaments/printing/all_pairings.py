"""The pairings of every round in one document, for the notice board and the players' folder
(issue 12): each round a short table of board, White, result and Black, then its bye.

Portrait A4; a round is never split across pages.
"""

from __future__ import annotations

from django.utils.translation import gettext, npgettext
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from tournaments.printing.data import AllPairingsData, PairingsData
from tournaments.printing.fonts import BOLD, REGULAR, fit_text
from tournaments.printing.layout import (
    BODY,
    EVENT,
    PORTRAIT,
    build_pdf,
    frame_size,
    game_board_heading,
    text,
    title_block,
)
from tournaments.printing.pairings import (
    FORFEIT_SCORES,
    not_paired_paragraph,
    player_label,
    printed_score,
    round_title,
)
from tournaments.printing.tables import base_style, widest

FONT_SIZE = 9.0
ROW_HEIGHT = 14.0
RESULT_WIDTH = 44.0


def build_all_pairings_pdf(data: AllPairingsData) -> bytes:
    """Every round's pairings as PDF bytes, in the active language."""
    title = gettext("Pairings of all rounds")
    story: list[Flowable] = title_block(data.header, title, "")
    if not data.rounds:
        story.append(Paragraph(text(gettext("Rounds not generated yet: draw numbers then "
                                            "generate.")), BODY))
    for round_data in data.rounds:
        story.append(KeepTogether(_round(round_data)))
        story.append(Spacer(0, 8))
    return build_pdf(story, header=data.header, document_title=title, pagesize=PORTRAIT)


def _result(score_white: str, score_black: str) -> str:
    """ "1 – 0", "½ – ½"; a forfeit (Art. 28) as "+ : −", "− : +" or "− : −" (issue 25: not
    "+ – -", a dash beside a hyphen), its signs those of the round's pairings sheet."""
    if not (score_white or score_black):
        return ""
    if {score_white, score_black} & FORFEIT_SCORES:
        return f"{printed_score(score_white)} : {printed_score(score_black)}"
    return f"{score_white} – {score_black}"


# A game's result code ("1-0", "1/2-1/2", "+-"...) as each side's score in the printing data.
SCORES_OF_RESULT = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("½", "½"),
                    "+-": ("+", "-"), "-+": ("-", "+"), "--": ("--", "--")}


def paper_result(code: str) -> str:
    """A result code as the pairings print it: "1 – 0", "½ – ½", "+ : −" (issue 25, for the team
    documents, which otherwise printed the codes "1/2-1/2" and "-+"); an unknown code as it is."""
    if code not in SCORES_OF_RESULT:
        return code
    return _result(*SCORES_OF_RESULT[code])


def _round(data: PairingsData) -> list[Flowable]:
    heading = round_title(data.round) + (f" · {data.date}" if data.date else "")
    parts: list[Flowable] = [Paragraph(text(heading), EVENT)]
    if data.games:
        parts.append(_table(data))
    if not data.games and not data.byes:
        # Issue 25: a round not paired yet (a Swiss) says so rather than leave a bare heading.
        parts.append(Paragraph(text(gettext("No games in this round.")), BODY))
    if data.byes:
        label = npgettext("a round without a game for one player", "Bye", "Byes",
                          len(data.byes))
        names = ", ".join(player_label(player) for player in data.byes)
        parts.append(Paragraph(f"<b>{text(label)}:</b> {text(names)}", BODY))
    if data.not_paired:
        parts.append(not_paired_paragraph(data))
    return parts


def _table(data: PairingsData) -> Table:
    size = FONT_SIZE
    heading = [game_board_heading(), gettext("White"), gettext("Result"), gettext("Black")]
    board_width = max(34.0, widest([heading[0]], BOLD, size) + 8)
    results = [_result(game.white_score, game.black_score) for game in data.games]
    # Issue 25: as wide as its heading ("Resultado") and its results, so neither spills over.
    result_width = max(RESULT_WIDTH, widest([heading[2]], BOLD, size) + 8,
                       widest(results, REGULAR, size) + 8)
    frame_width, _height = frame_size(PORTRAIT)
    name_width = (frame_width - board_width - result_width) / 2
    rows = [heading]
    for game, result in zip(data.games, results, strict=True):
        rows.append([
            str(game.board),
            fit_text(player_label(game.white), REGULAR, size, name_width - 4),
            result,
            fit_text(player_label(game.black), REGULAR, size, name_width - 4),
        ])
    style = base_style(size) + [
        ("ALIGN", (1, 1), (1, -1), "LEFT"),
        ("ALIGN", (3, 1), (3, -1), "LEFT"),
    ]
    return Table(rows, colWidths=[board_width, name_width, result_width, name_width],
                 rowHeights=[ROW_HEIGHT + 2] + [ROW_HEIGHT] * len(data.games), style=style,
                 repeatRows=1, hAlign="LEFT")
