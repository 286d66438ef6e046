"""Pairing cards (issue 27): one card per board of a round, eight to a page with cut lines, for
the arbiter's table, as Swiss-Manager prints them.

A card says where a game is and who plays it: the round and its date, the board in large type,
White and Black each with pairing number, rating and points before the round, and a box for the
arbiter to write the result in. It is not the result slip (slips.py), which the players fill in
and sign: a card has no tick boxes and no signatures, and carries the ratings and points a slip
leaves out. Drawn on the canvas, like the slips, so every card has the same shape.
"""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph

from tournaments.printing.data import PairingRow, PairingsData, PlayerEntry
from tournaments.printing.fonts import BOLD, REGULAR, fit_text
from tournaments.printing.layout import (
    BODY,
    INK,
    PORTRAIT,
    RULE,
    SHADE,
    build_pdf,
    frame_size,
    game_board_text,
    text,
    title_block,
)
from tournaments.printing.pairings import round_title

COLUMNS = 2
ROWS = 4  # eight cards to an A4 page
INSET = 7.0  # between the cut line and the card's frame
PAD = 10.0


def build_pairing_cards_pdf(data: PairingsData) -> bytes:
    """One card per board of the round, as PDF bytes in the active language."""
    title = gettext("Pairing cards")
    document_title = f"{title} — {round_title(data.round)}"
    if not data.games:
        story: list[Flowable] = title_block(data.header, title, round_title(data.round))
        story.append(Paragraph(text(gettext("No games in this round.")), BODY))
        return build_pdf(story, header=data.header, document_title=document_title)
    width, height = frame_size(PORTRAIT)
    labels = _Labels(data)
    rows = [CardRow(data.games[index:index + COLUMNS], labels, width, height / ROWS)
            for index in range(0, len(data.games), COLUMNS)]
    return build_pdf(rows, header=data.header, document_title=document_title)


class _Labels:
    """The card's words, translated once per document."""

    def __init__(self, data: PairingsData) -> None:
        self.title = gettext("Pairing card")
        self.event = data.header.name
        self.round = round_title(data.round) + (f" · {data.date}" if data.date else "")
        self.board = game_board_text
        self.sides = (gettext("White"), gettext("Black"))
        self.rating = gettext("Rating")
        self.points = gettext("Points before the round: %(points)s")
        self.result = gettext("Result")


class CardRow(Flowable):
    """One or two cards side by side, `height` tall, with dashed cut lines around them."""

    def __init__(self, games: list[PairingRow], labels: _Labels, width: float,
                 height: float) -> None:
        super().__init__()
        self.games = games
        self.labels = labels
        self.width = width
        self.height = height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas: Canvas = self.canv
        card_width = self.width / COLUMNS
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setDash(4, 3)
        canvas.setLineWidth(0.5)
        canvas.line(0, 0, self.width, 0)
        canvas.line(card_width, 0, card_width, self.height)
        canvas.setDash()
        canvas.restoreState()
        for index, game in enumerate(self.games):
            _draw_card(canvas, game, self.labels, index * card_width, card_width, self.height)


def _draw_card(canvas: Canvas, game: PairingRow, labels: _Labels, x: float, width: float,
               height: float) -> None:
    left, right = x + INSET, x + width - INSET
    bottom, top = INSET, height - INSET
    inner_left, inner_right = left + PAD, right - PAD
    inner_width = inner_right - inner_left
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.8)
    canvas.roundRect(left, bottom, right - left, top - bottom, 6)

    y = top - PAD - 7
    canvas.setFont(REGULAR, 7.5)
    title_width = stringWidth(labels.title, REGULAR, 7.5)
    canvas.drawString(inner_left, y, fit_text(labels.event, REGULAR, 7.5,
                                              inner_width - title_width - 10))
    canvas.drawRightString(inner_right, y, labels.title)
    y -= 24
    canvas.setFont(BOLD, 20)
    canvas.drawString(inner_left, y, labels.board(game.board))
    canvas.setFont(REGULAR, 9)
    canvas.drawRightString(inner_right, y, labels.round)

    y -= 24
    for side, player in zip(labels.sides, (game.white, game.black), strict=True):
        _draw_player(canvas, side, player, labels, inner_left, inner_right, y)
        y -= 31

    box_width, box_height = 44.0, 20.0
    box_y = bottom + PAD
    canvas.setFont(REGULAR, 9)
    canvas.drawString(inner_left, box_y + 6, f"{labels.result}:")
    start = inner_left + 52
    canvas.setLineWidth(0.8)
    canvas.rect(start, box_y, box_width, box_height)
    canvas.drawCentredString(start + box_width + 8, box_y + 6, "–")
    canvas.rect(start + box_width + 16, box_y, box_width, box_height)
    canvas.restoreState()


def _draw_player(canvas: Canvas, side: str, player: PlayerEntry, labels: _Labels,
                 left: float, right: float, y: float) -> None:
    """ "Brancas  (12) João Araújo" in bold, then "Rating 1620 · Points before the round: 2,5"."""
    canvas.setFillColor(SHADE)
    canvas.rect(left, y - 17, right - left, 27, stroke=0, fill=1)
    canvas.setFillColor(INK)
    canvas.setFont(REGULAR, 8)
    canvas.drawString(left + 3, y, side)
    # The whole name in the largest type that fits, cut only below 8.5 pt (issue 25's rule).
    room = right - left - 50
    name = f"({player.number}) {player.name}"
    size = next((size for size in (11.0, 10.0, 9.0, 8.5)
                 if stringWidth(name, BOLD, size) <= room), 8.5)
    canvas.setFont(BOLD, size)
    canvas.drawString(left + 46, y, fit_text(name, BOLD, size, room))
    facts = [f"{labels.rating} {player.rating}" if player.rating else "",
             labels.points % {"points": player.points} if player.points else ""]
    canvas.setFont(REGULAR, 8)
    canvas.drawString(left + 46, y - 12, " · ".join(fact for fact in facts if fact))
