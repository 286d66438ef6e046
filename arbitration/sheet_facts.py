"""What the pages show of a stored score sheet, computed from one replay and kept in the cache.

Issue 13: a sheet is replayed once per version (and language, for the sentences about its
problems), never on every view. The facts are plain data (strings, numbers, tuples), so any of
Django's cache backends keeps them; the key holds the game, the sheet's version and a digest of
everything the replay depends on, so a changed sheet or tournament setting is never served stale.
The draw counters of every half-move are kept as numbers and worded when a page shows them.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from django.core.cache import cache
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arbitration.budget import MAX_SHEET_PLIES
from arbitration.models import Notation, ScoreSheet
from arbitration.services.base import sheet_replay
from arbitration.sheet_problems import illegal_line, sheet_problems
from arbitration.sheets import SheetReplay, move_texts, written_plies, written_text
from tournaments.models import Game

CACHE_VERSION = 1
CACHE_SECONDS = 7 * 24 * 3600

# (rule id, article, holds, reason, count, required, since ply, occurrence plies)
CounterFacts = tuple[str, str, bool, str, int, int, int | None, tuple[int, ...]]


@dataclass
class SheetFacts:
    """A replayed sheet as the pages need it: no engine objects, only data."""

    board: int
    algebraic: bool
    labels: list[str]  # "17." / "17..." of every half-move written, replayed or not
    texts: list[str] = field(default_factory=list)  # each replayed move, in the sheet's notation
    categories: list[str] = field(default_factory=list)  # Art. 23 category of a move let stand
    paths: list[tuple[int, ...]] = field(default_factory=list)  # squares of each replayed move
    fens: list[str] = field(default_factory=list)  # position after each ply, 0 = the start
    counters: list[list[CounterFacts]] = field(default_factory=list)  # per ply, 0 = the start
    unreplayed: list[dict[str, str]] = field(default_factory=list)
    problems: dict[str, str] = field(default_factory=dict)
    problem: str = ""  # the move the replay stopped at, in words
    replayable: bool = False  # something could be replayed (a position to show)
    can_type: bool = True
    next_label: str = "1."
    over_limit: int = 0  # the half-moves of a sheet stored before MAX_SHEET_PLIES, not replayed

    @property
    def replayed(self) -> int:
        return len(self.texts)

    @property
    def written(self) -> int:
        return self.over_limit or len(self.labels)

    def label(self, ply: int | None) -> str:
        return self.labels[ply - 1] if ply and 1 <= ply <= len(self.labels) else ""


def _next_label(replay: SheetReplay) -> str:
    plies = replay.plies
    if not plies:
        board = replay.replay.start if replay.replay else None
        return "1..." if board is not None and board.turn.value == "B" else "1."
    last = plies[-1]
    return f"{last.number}..." if last.side == "W" else f"{last.number + 1}."


def facts_of(replay: SheetReplay, algebraic: bool, board: int) -> SheetFacts:
    """Everything the pages show, from one replay."""
    algebraic = algebraic and replay.variant.algebraic
    facts = SheetFacts(
        board=board, algebraic=algebraic, labels=[ply.move_label for ply in replay.plies],
        problems=sheet_problems(replay, algebraic), problem=illegal_line(replay, algebraic),
        can_type=(replay.syntax_error is None and replay.start_error is None
                  and replay.illegal is None),
        next_label=_next_label(replay),
    )
    moves = replay.replay
    if moves is None:
        return facts
    facts.replayable = True
    facts.texts = move_texts(replay, algebraic)
    facts.categories = [ply.irregularity.category if ply.irregularity else ""
                        for ply in moves.plies]
    facts.paths = [ply.move.path for ply in moves.plies]
    facts.fens = [position.fen() for _ply, position in moves.positions()]
    facts.counters = [
        [(status.rule.id, status.rule.article, status.holds, status.reason, status.count,
          status.required, status.since_ply, tuple(status.occurrences))
         for status in replay.statuses(ply)]
        for ply in range(moves.moves + 1)
    ]
    facts.unreplayed = [
        {"label": written.move_label,
         "text": written_text(written.text, replay.variant, algebraic)}
        for written in replay.plies[moves.moves:]
    ]
    return facts


def over_limit_facts(count: int, board: int, algebraic: bool) -> SheetFacts:
    """A sheet stored before the limit existed, longer than MAX_SHEET_PLIES: not replayed (its
    draw counters alone would take minutes), shown with what to do about it."""
    warning = _(
        "This score sheet has %(count)d half-moves, more than the %(limit)d a score sheet may "
        "hold: it is not replayed. Replace it with the game's moves."
    ) % {"count": count, "limit": MAX_SHEET_PLIES}
    return SheetFacts(board=board, algebraic=algebraic, labels=[], can_type=False,
                      over_limit=count,
                      problems={"syntax": "", "near": "", "illegal": "", "warning": warning})


def cache_key(game: Game, sheet: ScoreSheet) -> str:
    """The game, the sheet's version, a digest of what the replay depends on, the language."""
    tournament = game.round.tournament
    depends = json.dumps([sheet.pdn, sorted(sheet.accepted_plies), sheet.notation,
                          tournament.board, tournament.draw_profile, tournament.time_control])
    digest = hashlib.sha256(depends.encode()).hexdigest()[:24]
    return (f"sheet-facts:{CACHE_VERSION}:{game.pk}:{sheet.version}:{digest}:"
            f"{get_language() or ''}")


def sheet_facts(game: Game, sheet: ScoreSheet) -> SheetFacts:
    """The sheet's facts from the cache, replaying it only when this version is not there."""
    key = cache_key(game, sheet)
    facts = cache.get(key)
    if facts is None:
        algebraic = sheet.notation == Notation.ALGEBRAIC
        board = game.round.tournament.board
        count = written_plies(sheet.pdn)
        if count > MAX_SHEET_PLIES:
            facts = over_limit_facts(count, board, algebraic)
        else:
            facts = facts_of(sheet_replay(game, sheet), algebraic, board)
        cache.set(key, facts, CACHE_SECONDS)
    return facts
