"""What the game viewer shows at one half-move: board, move list, and the draw rules' counters.

Server-rendered per ply (?ply=N), so it works without JavaScript. `viewer_data` sends every
position with the page (one json_script blob) so static/js/viewer.js steps through the moves in
the page, with the links, the arrow keys and a swipe on the board, without a reload.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from rules.board import Board, Color
from rules.geometry import square_xy
from rules.svg import COLOURS, board_svg

from . import describe
from .sheets import SheetReplay, evidence_of, move_texts, written_text


@dataclass
class MoveItem:
    ply: int
    label: str  # "17." or "17..."
    text: str
    current: bool = False
    category: str = ""  # Art. 23 category of an accepted irregular move


@dataclass
class MovePair:
    number: int
    white: MoveItem | None = None
    black: MoveItem | None = None


@dataclass
class Counter:
    rule: str
    title: str
    article: str
    holds: bool
    text: str


@dataclass
class ViewerState:
    ply: int
    last: int
    svg: str
    caption: str
    pairs: list[MovePair]
    counters: list[Counter]
    unreplayed: list[dict[str, str]] = field(default_factory=list)
    problem: str = ""

    @property
    def first_ply(self) -> int:
        return 0

    @property
    def prev_ply(self) -> int:
        return max(self.ply - 1, 0)

    @property
    def next_ply(self) -> int:
        return min(self.ply + 1, self.last)

    @property
    def has_irregular(self) -> bool:
        """Whether an irregular move the opponent let stand is in the list."""
        return any(item is not None and item.category
                   for pair in self.pairs for item in (pair.white, pair.black))

    @property
    def current_move(self) -> str:
        """ "17..." for the move the board is shown after ("" at the start)."""
        for pair in self.pairs:
            for item in (pair.white, pair.black):
                if item is not None and item.current:
                    return item.label
        return ""


def requested_ply(value: str | None, last: int) -> int:
    """The half-move asked for in ?ply=N, kept within the moves replayed (the last by default)."""
    try:
        ply = int(value) if value not in (None, "") else last
    except (TypeError, ValueError):
        ply = last
    return min(max(ply, 0), last)


def _pairs(sheet: SheetReplay, texts: list[str], ply: int) -> list[MovePair]:
    pairs: list[MovePair] = []
    replay = sheet.replay
    assert replay is not None
    for replayed, text in zip(replay.plies, texts, strict=True):
        written = replayed.sheet
        item = MoveItem(
            replayed.ply, written.move_label, text, current=replayed.ply == ply,
            category=replayed.irregularity.category if replayed.irregularity else "",
        )
        if not pairs or pairs[-1].number != written.number or written.side == "W":
            pairs.append(MovePair(written.number))
        if written.side == "W":
            pairs[-1].white = item
        else:
            pairs[-1].black = item
    return pairs


def illegal_line(sheet: SheetReplay, algebraic: bool) -> str:
    """ "17... d6xb4 — Art. 23 (f): a capture was compulsory: c3xe5" for the move the replay
    stopped at, or "" when it did not stop."""
    illegal = sheet.illegal
    if illegal is None or sheet.replay is None:
        return ""
    board = sheet.replay.board
    written = illegal.sheet.text
    text = written_text(written, sheet.variant, algebraic)
    reason = describe.irregularity_reason(board, written, illegal.irregularity, illegal.code,
                                          algebraic)
    label = f"{illegal.sheet.move_label} {text}"
    category = illegal.irregularity.category if illegal.irregularity else None
    return describe.irregularity_line(label, category, reason)


def viewer_state(sheet: SheetReplay, ply_param: str | None, *, algebraic: bool,
                 flipped: bool = False, size: int = 480) -> ViewerState | None:
    """Everything the viewer page shows at the requested half-move (None: nothing to show)."""
    replay = sheet.replay
    if replay is None:
        return None
    algebraic = algebraic and sheet.variant.algebraic
    last = replay.moves
    ply = requested_ply(ply_param, last)
    board = replay.board_at(ply)
    last_move = replay.plies[ply - 1].move if ply else None
    svg = board_svg(board, coordinates="algebraic" if algebraic else "numeric",
                    last_move=last_move, size=size, flipped=flipped)
    texts = move_texts(sheet, algebraic)
    if ply:
        written = replay.plies[ply - 1].sheet
        caption = _("Position after %(move)s") % {
            "move": f"{written.move_label} {texts[ply - 1]}"}
    else:
        caption = _("Starting position")
    counters = []
    for status in sheet.statuses(ply):
        evidence = evidence_of(status, replay)
        counters.append(Counter(status.rule.id, describe.rule_title(status.rule.id),
                                status.rule.article, status.holds,
                                describe.counter_text(evidence)))
    unreplayed = [
        {"label": written.move_label, "text": written_text(written.text, sheet.variant, algebraic)}
        for written in sheet.plies[last:]
    ]
    return ViewerState(
        ply=ply, last=last, svg=mark_safe(svg), caption=caption,  # the engine escapes its text
        pairs=_pairs(sheet, texts, ply), counters=counters, unreplayed=unreplayed,
        problem=illegal_line(sheet, algebraic),
    )


# One character per square in `viewer_data`'s positions.
PIECE_CODES = {(Color.WHITE, False): "w", (Color.WHITE, True): "W",
               (Color.BLACK, False): "b", (Color.BLACK, True): "B"}
EMPTY_SQUARE = "."
# Past this many characters of counter sentences the blob goes without them and the page steps
# by loading each half-move from the server, as without JavaScript: a sheet that repeats one
# position hundreds of times lists every occurrence at every move (hundreds of kilobytes).
SENTENCES_BUDGET = 120_000


def position_code(board: Board) -> str:
    """The pieces as one character per square, square 1 first ("." empty, w/b men, W/B kings)."""
    codes = [EMPTY_SQUARE] * board.variant.squares
    for colour in (Color.WHITE, Color.BLACK):
        for square, piece in board.pieces(colour).items():
            codes[square - 1] = PIECE_CODES[(colour, piece.king)]
    return "".join(codes)


def board_geometry(variant, *, algebraic: bool, flipped: bool, size: int) -> dict[str, object]:
    """Where each square lies in the SVG board_svg draws, so the page can move the pieces."""
    margin = size * 0.05 if algebraic else 0.0
    cell = (size - 2 * margin) / variant.size
    origins = []
    for square in range(1, variant.squares + 1):
        x, y = square_xy(square, variant, flipped=flipped)
        origins.append([round(margin + x * cell, 2), round(margin + y * cell, 2)])
    return {"cell": round(cell, 3), "origins": origins,
            "colours": {key: COLOURS[key] for key in (
                "white", "black", "outline", "crown-on-white", "crown-on-black", "last-move")}}


def viewer_data(sheet: SheetReplay, state: ViewerState, *, algebraic: bool,
                flipped: bool = False, size: int = 480) -> dict[str, object]:
    """Every replayed position with what the page shows beside it, for json_script.

    Positions are one character per square; the counters' sentences are listed once and named
    by index, so a long game stays a few tens of kilobytes (a real 143-half-move game: 33 kB).
    `counters` is None past SENTENCES_BUDGET: the page then loads each half-move it steps to.
    """
    replay = sheet.replay
    assert replay is not None
    algebraic = algebraic and sheet.variant.algebraic
    texts = move_texts(sheet, algebraic)
    positions, paths = [], []
    for ply, board in replay.positions():
        positions.append(position_code(board))
        paths.append(list(dict.fromkeys(replay.plies[ply - 1].move.path)) if ply else [])
    sentences: dict[str, int] = {}
    counters: list[list[list[int]]] | None = []
    length = 0
    for ply in range(replay.moves + 1):
        row = []
        for status in sheet.statuses(ply):
            text = describe.counter_text(evidence_of(status, replay))
            if text not in sentences:
                length += len(text)
            row.append([int(status.holds), sentences.setdefault(text, len(sentences))])
        counters.append(row)
        if length > SENTENCES_BUDGET:
            counters, sentences = None, {}
            break
    return {
        "ply": state.ply,
        "flip": flipped,
        "board": board_geometry(sheet.variant, algebraic=algebraic, flipped=flipped, size=size),
        "positions": positions,
        "paths": paths,
        "moves": [[played.sheet.move_label, text] for played, text in zip(replay.plies, texts,
                                                                           strict=True)],
        "rules": [counter.rule for counter in state.counters],
        "counters": counters,
        "sentences": list(sentences),
        "words": {"start": _("Starting position"), "after": _("Position after %(move)s")},
    }
