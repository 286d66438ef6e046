"""Result slips: one per game of a round, four to a page with cut lines, for the arbiter.

Each slip names the event, round, board and both players, offers the three outcomes as boxes to
tick, and has signature lines for White, Black and the arbiter (the regulation has both players sign
the result). Drawn directly on the canvas so every slip has exactly the same shape.
"""

from __future__ import annotations

from django.utils.translation import gettext, pgettext
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph

from tournaments.printing.data import PairingRow, PairingsData, TournamentHeader
from tournaments.printing.fonts import BOLD, REGULAR, fit_text
from tournaments.printing.layout import (
    BODY,
    INK,
    PORTRAIT,
    RULE,
    build_pdf,
    frame_size,
    game_board_text,
    text,
    title_block,
)
from tournaments.printing.pairings import round_title

SLIPS_PER_PAGE = 4
INSET = 8.0  # between the cut line and the slip's frame
PAD = 12.0  # inside the frame


def build_slips_pdf(data: PairingsData) -> bytes:
    """One slip per game of the round, as PDF bytes in the active language."""
    title = gettext("Result slips")
    document_title = f"{title} — {round_title(data.round)}"
    if not data.games:
        story: list[Flowable] = title_block(data.header, title, round_title(data.round))
        story.append(Paragraph(text(gettext("No games in this round.")), BODY))
        return build_pdf(story, header=data.header, document_title=document_title)
    width, height = frame_size(PORTRAIT)
    slip_height = height / SLIPS_PER_PAGE
    labels = _Labels()
    slips = [
        ResultSlip(data.header, data.round, data.date, game, labels, width, slip_height)
        for game in data.games
    ]
    return build_pdf(slips, header=data.header, document_title=document_title)


class _Labels:
    """The slip's words, translated once per document rather than once per slip."""

    def __init__(self) -> None:
        self.title = gettext("Result slip")
        self.board = game_board_text
        self.white = gettext("White")
        self.black = gettext("Black")
        self.outcomes = (gettext("White won"), pgettext("the result of a game", "Draw"),
                         gettext("Black won"))
        # Issue 12: W.O. boxes, for a player who did not come (Art. 28); issue 25: each says
        # whose absence it records, on a second row so no word runs into the next box.
        self.forfeits = (gettext("W.O.: White absent"), gettext("W.O.: Black absent"),
                         gettext("W.O.: both absent"))
        self.result = gettext("Result")
        self.signatures = (
            gettext("White's signature"),
            gettext("Black's signature"),
            gettext("Arbiter's signature"),
        )


BOX = 11.0  # a tick box's side
BOX_GAP = 6.0  # between a box and its words
LABEL_SIZES = (10.0, 9.0, 8.0, 7.0)


def _tick_boxes(canvas: Canvas, labels: tuple[str, ...], left: float, right: float,
                y: float) -> None:
    """A row of tick boxes, each followed by its words, in equal shares of left..right; the words
    set in the largest size at which they end before the next box (issue 25), never cut."""
    step = (right - left) / len(labels)
    room = step - BOX - BOX_GAP - 6
    size = next((size for size in LABEL_SIZES
                 if all(stringWidth(label, REGULAR, size) <= room for label in labels)),
                LABEL_SIZES[-1])
    canvas.setFont(REGULAR, size)
    for index, label in enumerate(labels):
        x = left + index * step
        canvas.rect(x, y - 2, BOX, BOX)
        canvas.drawString(x + BOX + BOX_GAP, y, label)


class ResultSlip(Flowable):
    """One game's slip, `height` tall, ending in a dashed cut line."""

    def __init__(
        self,
        header: TournamentHeader,
        round_number: int,
        date: str,
        game: PairingRow,
        labels: _Labels,
        width: float,
        height: float,
    ) -> None:
        super().__init__()
        self.header = header
        self.round_number = round_number
        self.date = date
        self.game = game
        self.labels = labels
        self.width = width
        self.height = height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas: Canvas = self.canv
        labels = self.labels
        left, right = INSET, self.width - INSET
        bottom, top = INSET, self.height - INSET
        inner_left, inner_right = left + PAD, right - PAD
        inner_width = inner_right - inner_left

        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setDash(4, 3)
        canvas.setLineWidth(0.5)
        canvas.line(0, 0, self.width, 0)
        canvas.setDash()
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.8)
        canvas.roundRect(left, bottom, right - left, top - bottom, 6)

        y = top - PAD - 9
        canvas.setFont(BOLD, 11)
        canvas.drawString(inner_left, y, labels.title)
        event = fit_text(self.header.name, REGULAR, 9, inner_width * 0.6)
        canvas.setFont(REGULAR, 9)
        canvas.drawRightString(inner_right, y, event)
        y -= 16
        where = f"{round_title(self.round_number)} · " + labels.board(self.game.board)
        canvas.setFont(BOLD, 10)
        canvas.drawString(inner_left, y, where)
        if self.date:
            canvas.setFont(REGULAR, 9)
            canvas.drawRightString(inner_right, y, self.date)

        y -= 22
        for label, player in ((labels.white, self.game.white), (labels.black, self.game.black)):
            canvas.setFont(REGULAR, 9)
            canvas.drawString(inner_left, y, f"{label}:")
            canvas.setFont(BOLD, 11)
            name = fit_text(f"{player.name} ({player.number})", BOLD, 11, inner_width - 60)
            canvas.drawString(inner_left + 60, y, name)
            y -= 17

        y -= 6
        canvas.setFont(REGULAR, 9)
        canvas.drawString(inner_left, y, f"{labels.result}:")
        for row in (labels.outcomes, labels.forfeits):
            _tick_boxes(canvas, row, inner_left + 60, inner_right, y)
            y -= 17

        line_y = bottom + PAD + 16
        gap = 14.0
        line_width = (inner_width - 2 * gap) / 3
        canvas.setLineWidth(0.5)
        for index, label in enumerate(labels.signatures):
            x = inner_left + index * (line_width + gap)
            canvas.line(x, line_y, x + line_width, line_y)
            canvas.setFont(REGULAR, 7.5)
            canvas.drawCentredString(x + line_width / 2, line_y - 10, label)
        canvas.restoreState()
