"""What the game viewer shows at one half-move: board, move list, and the draw rules' counters.

Server-rendered per ply (?ply=N), so it works without JavaScript. Built from the sheet's cached
facts (arbitration/sheet_facts.py), so showing a ply never replays the sheet (issue 13).
`viewer_data` sends every position with the page (one json_script blob), so static/js/viewer.js
steps through the moves in the page, with the links, the arrow keys and a swipe on the board,
without a reload (issue 12).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from arbitration import describe
from arbitration.sheets import variant_for_board
from rules.board import Board
from rules.geometry import square_xy
from rules.move import Move
from rules.svg import COLOURS, board_svg
from rules.variants import Variant

if TYPE_CHECKING:
    from arbitration.sheet_facts import CounterFacts, SheetFacts


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


def _counter(facts: SheetFacts, counter: CounterFacts) -> Counter:
    rule, article, holds, reason, count, required, since_ply, occurrences = counter
    evidence = {"rule": rule, "reason": reason, "count": count, "required": required,
                "since": facts.label(since_ply),
                "occurrence_moves": [facts.label(ply) for ply in occurrences]}
    return Counter(rule, describe.rule_title(rule), describe.rule_article(article), holds,
                   describe.counter_text(evidence))


def _pairs(facts: SheetFacts, ply: int) -> list[MovePair]:
    pairs: list[MovePair] = []
    for index, text in enumerate(facts.texts, 1):
        label = facts.labels[index - 1]
        number, black = int(label.rstrip(".")), label.endswith("...")
        item = MoveItem(index, label, text, current=index == ply,
                        category=facts.categories[index - 1])
        if not pairs or pairs[-1].number != number or not black:
            pairs.append(MovePair(number))
        if black:
            pairs[-1].black = item
        else:
            pairs[-1].white = item
    return pairs


# Past this many characters of counter sentences the blob goes without them and the page steps
# by loading each half-move from the server, as without JavaScript: a sheet that repeats one
# position hundreds of times lists every occurrence at every move (hundreds of kilobytes).
SENTENCES_BUDGET = 120_000


def board_geometry(variant: Variant, *, algebraic: bool, flipped: bool,
                   size: int) -> dict[str, object]:
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


def _worded_counters(facts: SheetFacts) -> tuple[list[list[list[int]]] | None, list[str]]:
    """Each half-move's counters as [holds, sentence index], the sentences listed once; None
    past SENTENCES_BUDGET."""
    sentences: dict[str, int] = {}
    counters: list[list[list[int]]] = []
    length = 0
    for row in facts.counters:
        worded = []
        for counter in row:
            text = _counter(facts, counter).text
            if text not in sentences:
                sentences[text] = len(sentences)
                length += len(text)
            worded.append([int(counter[2]), sentences[text]])
        counters.append(worded)
        if length > SENTENCES_BUDGET:
            return None, []
    return counters, list(sentences)


def viewer_data(facts: SheetFacts, ply: int, *, flipped: bool = False,
                size: int = 480) -> dict[str, object]:
    """The moves as compact data for the page's script (json_script "viewer-data"): each
    replayed move as [label, text, Art. 23 category, squares of its path] and the position
    after each half-move (FEN, index 0 = the start), so a script can step through the game
    without a request per move.

    For static/js/viewer.js to draw what the server draws (issue 12) it also holds where each
    square lies on the board (`geometry`, as flipped), the draw counters of every half-move
    (`counters`: [holds, index into `sentences`] per rule of `rules`, None past
    SENTENCES_BUDGET: the page then loads each half-move) and the caption's words."""
    counters, sentences = _worded_counters(facts)
    return {
        "board": facts.board, "algebraic": facts.algebraic, "ply": ply,
        "last": facts.replayed,
        "moves": [[label, text, category, list(path)] for label, text, category, path
                  in zip(facts.labels, facts.texts, facts.categories, facts.paths,
                         strict=False)],
        "fens": facts.fens,
        "flip": flipped,
        "geometry": board_geometry(variant_for_board(facts.board), algebraic=facts.algebraic,
                                   flipped=flipped, size=size),
        "rules": [counter[0] for counter in facts.counters[0]] if facts.counters else [],
        "counters": counters,
        "sentences": sentences,
        "words": {"start": _("Starting position"), "after": _("Position after %(move)s")},
    }


def viewer_state(facts: SheetFacts, ply_param: str | None, *, flipped: bool = False,
                 size: int = 480) -> ViewerState | None:
    """Everything the viewer page shows at the requested half-move (None: nothing to show),
    from the sheet's cached facts: no replay."""
    if not facts.replayable:
        return None
    last = facts.replayed
    ply = requested_ply(ply_param, last)
    variant = variant_for_board(facts.board)
    board = Board.from_fen(facts.fens[ply], variant)
    last_move = Move(facts.paths[ply - 1]) if ply else None
    svg = board_svg(board, coordinates="algebraic" if facts.algebraic else "numeric",
                    last_move=last_move, size=size, flipped=flipped)
    if ply:
        caption = _("Position after %(move)s") % {
            "move": f"{facts.labels[ply - 1]} {facts.texts[ply - 1]}"}
    else:
        caption = _("Starting position")
    return ViewerState(
        ply=ply, last=last, svg=mark_safe(svg), caption=caption,  # the engine escapes its text
        pairs=_pairs(facts, ply),
        counters=[_counter(facts, counter) for counter in facts.counters[ply]],
        unreplayed=facts.unreplayed, problem=facts.problem,
    )
