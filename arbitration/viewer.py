"""What the game viewer shows at one half-move: board, move list, and the draw rules' counters.

Server-rendered per ply (?ply=N), so it works without JavaScript; static/js/viewer.js only adds
arrow keys on top of the links.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from rules.svg import board_svg

from . import describe
from .notation import as_written, is_algebraic
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
    """ "2. 18-13 (d4-a5): not a legal move — Art. 23 (f): a capture was compulsory: 22x15" for
    the move the replay stopped at, or "" when it did not stop. The move is quoted as the
    player wrote it, the other notation beside it, and the compulsory moves are in his
    notation: the arbiter reads them against the paper sheet (issue 12). `algebraic` (how the
    page shows moves) is not used for it."""
    illegal = sheet.illegal
    if illegal is None or sheet.replay is None:
        return ""
    board = sheet.replay.board
    written = illegal.sheet.text.strip()
    reason = describe.irregularity_reason(board, written, illegal.irregularity, illegal.code,
                                          is_algebraic(written))
    label = f"{illegal.sheet.move_label} {as_written(written, sheet.variant)}"
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
                                describe.rule_article(status.rule.article), status.holds,
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
