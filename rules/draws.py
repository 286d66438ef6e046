"""Draw rules: what each one counts, and the evidence an arbiter needs to uphold or reject a claim.

The numbers differ between regulations (RULES.md table), so a rule is a small object carrying its
numbers and its article; profiles (rules/profiles.py) group them by name. The counting works on
plain per-position facts (material, the lone king's square, whether the half-move was a king
move without capture, a repetition key), so it is tested without the move engine and costs
little per ply.

Plies: 0 is the starting position, ply N the position after the N-th half-move written.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

THREEFOLD = "threefold"
KING_MOVES = "king-moves"
ENDGAME_5 = "endgame-5"
MAIN_DIAGONAL = "main-diagonal"
THREE_VS_ONE = "three-vs-one"
RULE_IDS = (THREEFOLD, KING_MOVES, ENDGAME_5, MAIN_DIAGONAL, THREE_VS_ONE)

WHITE = "W"
BLACK = "B"

Side = tuple[int, int]
"""One side's material as (men, kings)."""


@dataclass(frozen=True, slots=True)
class PositionFacts:
    """What the draw rules need to know of one position.

    `white_lone_king` / `black_lone_king` is the square of that side's only piece when it is a king
    (else None): the main-diagonal rule (Art. 100) looks at where the lone king stands.
    """

    turn: str
    white_men: int
    white_kings: int
    black_men: int
    black_kings: int
    white_lone_king: int | None = None
    black_lone_king: int | None = None
    key: Hashable = None

    @property
    def material(self) -> tuple[int, int, int, int]:
        return (self.white_men, self.white_kings, self.black_men, self.black_kings)


# ----------------------------------------------------------------------------------- the rules


@dataclass(frozen=True, kw_only=True)
class DrawRule:
    """A draw rule with its numbers. `moves` is N moves by EACH player, so 2N half-moves."""

    id: str
    article: str
    title: str
    moves: int | None = None

    @property
    def half_moves(self) -> int:
        return 2 * (self.moves or 0)


@dataclass(frozen=True, kw_only=True)
class ThreefoldRule(DrawRule):
    """The same position (pieces and side to move) a third time, consecutive or not (Art. 98)."""

    id: str = THREEFOLD
    occurrences: int = 3


@dataclass(frozen=True, kw_only=True)
class KingMovesRule(DrawRule):
    """N successive moves each of kings only, without capture or man move (Art. 97 (b))."""

    id: str = KING_MOVES


@dataclass(frozen=True, kw_only=True)
class EndgameRule(DrawRule):
    """An endgame that is drawn N moves each after it arises (Art. 99, 100; Regras Básicas Art. 12).

    `endgames` lists the material that qualifies as (stronger side, weaker side), each side as
    (men, kings); either colour may be either side. With `lone_king_on_main_diagonal` the weaker
    side's lone king must also stand on the long diagonal a1-h8 (Art. 100, 64 squares).
    Man moves and captures do not restart the count (Art. 100, observação); a position whose
    material (or lone king square) no longer qualifies stops it.
    """

    endgames: tuple[tuple[Side, Side], ...] = ()
    lone_king_on_main_diagonal: bool = False

    def qualifying_material(self) -> dict[tuple[int, int, int, int], tuple[str, ...]]:
        """(white men, white kings, black men, black kings) -> colour(s) with the lone king."""
        table: dict[tuple[int, int, int, int], tuple[str, ...]] = {}
        for strong, weak in self.endgames:
            for material, lone in (((*strong, *weak), BLACK), ((*weak, *strong), WHITE)):
                table[material] = tuple(sorted(set(table.get(material, ())) | {lone}))
        return table


# ------------------------------------------------------------------------------- board geometry


def main_diagonal(board_size: int) -> frozenset[int]:
    """Numeric squares of the long dark diagonal from a1 (White's left corner) to the far corner.

    PDN numbering: square 1 is on Black's back row, leftmost dark square as White sees the board;
    on 8x8 this gives 29, 25, 22, 18, 15, 11, 8, 4 (a1 ... h8).
    """
    half = board_size // 2
    squares = set()
    for row in range(board_size):  # row 0 is Black's back row
        column = board_size - 1 - row  # a1 is column 0 on the last row
        squares.add(row * half + column // 2 + 1)
    return frozenset(squares)


# ------------------------------------------------------------------------------- the tracking


@dataclass(frozen=True)
class DrawStatus:
    """Whether a rule holds after a ply, with the evidence as data (for pages to translate).

    `count` and `required` are half-moves (threefold: occurrences of the position). `since_ply` is
    where the count started (king moves: the last man move or capture; endgames: the first position
    with the endgame's material), `occurrences` the plies at which the position stood (threefold).
    `material` is ((white men, white kings), (black men, black kings)) after the ply.
    `reason` is a machine code: "holds", "too-few", "not-this-endgame", "lone-king-off-diagonal".
    """

    rule: DrawRule
    ply: int
    holds: bool
    reason: str
    count: int
    required: int
    since_ply: int | None = None
    occurrences: tuple[int, ...] = ()
    material: tuple[Side, Side] = ((0, 0), (0, 0))

    def as_dict(self) -> dict[str, object]:
        return {
            "rule": self.rule.id,
            "article": self.rule.article,
            "ply": self.ply,
            "holds": self.holds,
            "reason": self.reason,
            "count": self.count,
            "required": self.required,
            "since_ply": self.since_ply,
            "occurrences": list(self.occurrences),
            "material": {
                "white": {"men": self.material[0][0], "kings": self.material[0][1]},
                "black": {"men": self.material[1][0], "kings": self.material[1][1]},
            },
        }


@dataclass
class _EndgameTrack:
    rule: EndgameRule
    table: dict[tuple[int, int, int, int], tuple[str, ...]]
    diagonal: frozenset[int]
    started: int | None = None
    starts: list[int | None] = field(default_factory=list)

    def qualifies(self, facts: PositionFacts) -> bool:
        lone = self.table.get(facts.material)
        if lone is None:
            return False
        if not self.rule.lone_king_on_main_diagonal:
            return True
        return any(
            (facts.white_lone_king if colour == WHITE else facts.black_lone_king) in self.diagonal
            for colour in lone
        )


class DrawTracker:
    """Follows every rule of a profile through a game, one position at a time.

    Call `record(facts, king_move_without_capture)` once for the starting position (the flag is
    ignored there) and once after each half-move. `first_holds` maps each rule id to the first ply
    after which its draw holds; `status(rule_id, ply)` gives the evidence at any recorded ply.
    """

    def __init__(self, rules: tuple[DrawRule, ...], board_size: int) -> None:
        self.rules = {rule.id: rule for rule in rules}
        self.board_size = board_size
        self.first_holds: dict[str, int] = {}
        self.facts: list[PositionFacts] = []
        self._threefold = next((r for r in rules if isinstance(r, ThreefoldRule)), None)
        self._king_moves = next((r for r in rules if isinstance(r, KingMovesRule)), None)
        self._occurrences: dict[Hashable, list[int]] = {}
        self._king_count = 0
        self._king_since = 0
        self._king_counts: list[int] = []
        self._king_sinces: list[int] = []
        diagonal = main_diagonal(board_size)
        self._endgames = [
            _EndgameTrack(r, r.qualifying_material(), diagonal)
            for r in rules
            if isinstance(r, EndgameRule)
        ]

    @property
    def ply(self) -> int:
        """The last recorded ply (-1 before the starting position)."""
        return len(self.facts) - 1

    def record(self, facts: PositionFacts, king_move_without_capture: bool = False) -> None:
        ply = len(self.facts)
        self.facts.append(facts)
        first = self.first_holds
        if self._threefold is not None:
            seen = self._occurrences.setdefault(facts.key, [])
            seen.append(ply)
            if len(seen) >= self._threefold.occurrences and THREEFOLD not in first:
                first[THREEFOLD] = ply
        if self._king_moves is not None:
            if king_move_without_capture and ply:
                self._king_count += 1
            else:
                self._king_count = 0
                self._king_since = ply
            self._king_counts.append(self._king_count)
            self._king_sinces.append(self._king_since)
            if self._king_count >= self._king_moves.half_moves and KING_MOVES not in first:
                first[KING_MOVES] = ply
        for track in self._endgames:
            if track.qualifies(facts):
                if track.started is None:
                    track.started = ply
                if ply - track.started >= track.rule.half_moves and track.rule.id not in first:
                    first[track.rule.id] = ply
            else:
                track.started = None
            track.starts.append(track.started)

    def holding(self, ply: int) -> list[str]:
        """The ids of the rules whose draw holds after `ply`."""
        return [rule_id for rule_id in self.rules if self.status(rule_id, ply).holds]

    def status(self, rule_id: str, ply: int) -> DrawStatus:
        """The evidence for `rule_id` after `ply` (KeyError for a rule this profile lacks)."""
        rule = self.rules[rule_id]
        if not 0 <= ply < len(self.facts):
            raise IndexError(f"ply {ply} was not replayed (0..{len(self.facts) - 1})")
        facts = self.facts[ply]
        material = ((facts.white_men, facts.white_kings), (facts.black_men, facts.black_kings))
        if isinstance(rule, ThreefoldRule):
            seen = tuple(p for p in self._occurrences.get(facts.key, ()) if p <= ply)
            holds = len(seen) >= rule.occurrences
            return DrawStatus(
                rule,
                ply,
                holds,
                "holds" if holds else "too-few",
                len(seen),
                rule.occurrences,
                occurrences=seen,
                material=material,
            )
        if isinstance(rule, KingMovesRule):
            count = self._king_counts[ply]
            holds = count >= rule.half_moves
            return DrawStatus(
                rule,
                ply,
                holds,
                "holds" if holds else "too-few",
                count,
                rule.half_moves,
                since_ply=self._king_sinces[ply],
                material=material,
            )
        track = next(t for t in self._endgames if t.rule.id == rule_id)
        started = track.starts[ply]
        if started is None:
            reason = "not-this-endgame"
            if rule.lone_king_on_main_diagonal and facts.material in track.table:
                reason = "lone-king-off-diagonal"
            return DrawStatus(rule, ply, False, reason, 0, rule.half_moves, material=material)
        count = ply - started
        holds = count >= rule.half_moves
        return DrawStatus(
            rule,
            ply,
            holds,
            "holds" if holds else "too-few",
            count,
            rule.half_moves,
            since_ply=started,
            material=material,
        )


# ------------------------------------------------------------------------------- in English


def default_ply_label(ply: int, starting_side: str = WHITE, first_number: int = 1) -> str:
    """ "17." / "17..." for a ply counted from 1 = the first move written."""
    index = ply - 1 + (0 if starting_side == WHITE else 1)
    number = first_number + index // 2
    return f"{number}." if index % 2 == 0 else f"{number}..."


def _side_text(men: int, kings: int) -> str:
    parts = []
    if kings:
        parts.append(f"{kings} king" + ("s" if kings > 1 else ""))
    if men:
        parts.append(f"{men} man" if men == 1 else f"{men} men")
    return " and ".join(parts) or "no pieces"


def material_text(material: tuple[Side, Side]) -> str:
    (white_men, white_kings), (black_men, black_kings) = material
    return (
        f"White {_side_text(white_men, white_kings)} against "
        f"Black {_side_text(black_men, black_kings)}"
    )


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def describe(status: DrawStatus, label: Callable[[int], str] = default_ply_label) -> str:
    """One sentence an arbiter can read aloud: the decision and its evidence."""
    rule = status.rule
    verdict = "Upheld" if status.holds else "Rejected"
    head = f"{verdict} ({rule.title}, {rule.article})"

    def after(ply: int) -> str:
        return "at the start" if ply == 0 else f"after {label(ply)}"

    where = after(status.ply)
    if isinstance(rule, ThreefoldRule):
        earlier = [after(p) for p in status.occurrences[:-1]]
        if status.holds:
            return (
                f"{head}: the position {where} stands for the {_ordinal(status.count)} time "
                f"(also {_join(earlier)})."
            )
        if earlier:
            return (
                f"{head}: the position {where} stands only for the second time "
                f"(also {_join(earlier)}); a third time is required."
            )
        return f"{head}: the position {where} stands for the first time; a third is required."
    if isinstance(rule, KingMovesRule):
        since = "the start" if status.since_ply == 0 else label(status.since_ply or 0)
        return (
            f"{head}: {where}, {status.count} successive half-moves were king moves "
            f"without capture since {since}; {status.required} ({rule.moves} moves each) "
            f"are required."
        )
    on_board = material_text(status.material)
    if status.reason == "not-this-endgame":
        return f"{head}: {where} the board holds {on_board}, which is not this rule's endgame."
    if status.reason == "lone-king-off-diagonal":
        return (
            f"{head}: {where} the lone king is not on the main diagonal (a1-h8); "
            f"the board holds {on_board}."
        )
    since = "the start" if status.since_ply == 0 else label(status.since_ply or 0)
    return (
        f"{head}: {where}, the endgame ({on_board}) has lasted {status.count} half-moves "
        f"since {since}; {status.required} ({rule.moves} moves each) are required."
    )
