"""A stored score sheet replayed for its tournament, and moves typed into it one by one.

Plain Python on top of the rules engine (no models), so it is tested without a database.

Nothing is lost (issue 7): a text with a PDN syntax error is replayed up to the error, and the
replay stops at the first irregular move the opponent did not let stand; the caller keeps the
text exactly as written and shows where the problem is. The board comes from the tournament
(64 or 100 squares), not from the sheet's GameType tag, which may be missing or wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from arbitration.budget import SheetOverBudget, WorkBudget
from rules.board import Board
from rules.claims import check_claim
from rules.draws import RULE_IDS, DrawStatus
from rules.errors import AmbiguousMoveError, DraughtsError, IllegalMoveError, InvalidMoveError
from rules.irregularities import Irregularity, classify, legal_reading
from rules.move import Move
from rules.notation import move_to_str, parse_move, parse_squares
from rules.pdn import BLACK, WHITE, PdnGame, PdnPly, PdnSyntaxError, read_games
from rules.pdn_writer import write_games
from rules.profiles import DEFAULT_PROFILE, DrawProfileError
from rules.replay import Replay, ReplayBudgetError, ReplayedPly, replay_game
from rules.variants import BRAZILIAN, INTERNATIONAL, Variant
from tournaments.rules_messages import write_squares

VARIANT_BY_BOARD = {64: BRAZILIAN, 100: INTERNATIONAL}

_MOVE_LABEL = re.compile(r"^\s*(\d{1,3})\s*(\.\.\.|…|\.)\s*$")


def variant_for_board(board: int) -> Variant:
    """The engine's variant for a tournament's board (64 or 100 squares)."""
    return VARIANT_BY_BOARD[int(board)]


def normal_move_label(text: str) -> str | None:
    """ "34." or "34..." from what an arbiter types ("34 ...", "34…"), or None if it is neither."""
    match = _MOVE_LABEL.match(text or "")
    if match is None:
        return None
    dots = "." if match.group(2) == "." else "..."
    return f"{int(match.group(1))}{dots}"


def _offset(text: str, line: int, column: int) -> int:
    """The character offset of a (line, column) pair, both counted from 1."""
    lines = text.split("\n")
    return sum(len(row) + 1 for row in lines[: line - 1]) + column - 1


def read_until_error(text: str) -> tuple[list[PdnGame], PdnSyntaxError | None]:
    """Every game the text holds up to its first syntax error, the game the error interrupts
    included (read up to the error), and that error."""
    try:
        return read_games(text), None
    except PdnSyntaxError as error:
        first = error
    prefix = text[: _offset(text, first.line, first.column)]
    for _attempt in range(5):  # the cut can leave another error at the prefix's end
        try:
            return read_games(prefix), first
        except PdnSyntaxError as error:
            prefix = prefix[: _offset(prefix, error.line, error.column)]
    return [], first


def written_plies(text: str) -> int:
    """Every half-move a sheet's text holds, in all its games (read up to a syntax error):
    what MAX_SHEET_PLIES (arbitration/budget.py) bounds, counted before anything is replayed."""
    games, _error = read_until_error(text)
    return sum(len(game.plies) for game in games)


@dataclass
class SheetReplay:
    """A sheet's text, what could be read of it, and its replay (None when nothing was read)."""

    text: str
    variant: Variant
    games: list[PdnGame]
    syntax_error: PdnSyntaxError | None
    replay: Replay | None
    start_error: DraughtsError | None = None
    rules_available: bool = True
    _written: list[str] = field(default_factory=list, repr=False)

    @property
    def game(self) -> PdnGame | None:
        return self.games[0] if self.games else None

    @property
    def plies(self) -> list[PdnPly]:
        """Every half-move written (in the part that could be read), replayed or not."""
        return self.game.plies if self.game else []

    @property
    def moves(self) -> int:
        return self.replay.moves if self.replay else 0

    @property
    def illegal(self):
        return self.replay.illegal if self.replay else None

    @property
    def gametype_mismatch(self) -> bool:
        """Whether the sheet's GameType tag names another board than the tournament's."""
        gametype = self.game.gametype if self.game else None
        return gametype is not None and gametype != self.variant.pdn_gametype

    @property
    def complete(self) -> bool:
        """Every move written was replayed and the whole text was read."""
        return (
            self.syntax_error is None
            and self.start_error is None
            and self.replay is not None
            and self.replay.illegal is None
            and self.replay.moves == len(self.plies)
        )

    def ply_of(self, label: str) -> int | None:
        """The half-move a label ("34." / "34...") names on the sheet, or None."""
        for index, ply in enumerate(self.plies, 1):
            if ply.move_label == label:
                return index
        return None

    def summary(self) -> dict[str, object]:
        """The cached fields of a ScoreSheet: moves replayed, the first irregular move, syntax."""
        illegal = self.illegal
        error = self.syntax_error
        return {
            "moves_count": self.moves,
            "illegal_ply": illegal.ply if illegal else None,
            "illegal_move": illegal.label[:60] if illegal else "",
            "illegal_article": (illegal.article or "") if illegal else "",
            "syntax_code": (error.code if error else ("start" if self.start_error else "")),
            "syntax_line": error.line if error else None,
            "syntax_column": error.column if error else None,
        }

    def statuses(self, ply: int) -> list[DrawStatus]:
        """The draw rules' counters after `ply`, in the profile's order."""
        if self.replay is None or not self.rules_available:
            return []
        return [self.replay.status(rule.id, ply) for rule in self.replay.rules]

    def rule_ids(self) -> list[str]:
        """The profile's draw rules first, then the others (a claim may name any rule)."""
        own = []
        if self.replay is not None and self.rules_available:
            own = [rule.id for rule in self.replay.rules]
        return own + [rule for rule in RULE_IDS if rule not in own]


def replay_sheet(
    text: str,
    board: int,
    *,
    profile: str = DEFAULT_PROFILE,
    time_control: str = "classical",
    accepted: list[int] | tuple[int, ...] = (),
    budget: WorkBudget | None = None,
) -> SheetReplay:
    """Read and replay a sheet's text with the tournament's board and draw profile.

    With a `budget`, raises SheetOverBudget (arbitration/budget.py) instead of working past it.
    """
    variant = variant_for_board(board)
    games, error = read_until_error(text)
    sheet = SheetReplay(text, variant, games, error, None)
    if not games:
        return sheet
    game = games[0]
    limits = ({} if budget is None
              else {"max_plies": budget.max_plies, "max_seconds": budget.seconds})
    try:
        try:
            sheet.replay = replay_game(game, variant, profile=profile,
                                       time_control=time_control, accept=accepted, **limits)
        except DrawProfileError:
            # The profile has no rules for this board: replay the moves, show no draw counters.
            sheet.rules_available = False
            sheet.replay = replay_game(game, variant, accept=accepted, **limits)
    except ReplayBudgetError as over:
        kind = "plies" if over.limit == "plies" else "time"
        raise SheetOverBudget(over.ply, over.label, kind, over.budget) from None
    except DraughtsError as exc:  # a FEN tag that gives no position
        sheet.start_error = exc
    return sheet


# ------------------------------------------------------------------------------ draw claims


def evidence_of(status: DrawStatus, replay: Replay) -> dict[str, object]:
    """A draw rule's status as JSON data, with the sheet's labels for every ply it names, so a
    stored claim can be explained without replaying the sheet again."""

    def label(ply: int | None) -> str:
        return "" if not ply else replay.label(ply)

    data = status.as_dict()
    data.update(
        move=label(status.ply),
        moves_each=status.rule.moves,
        since=label(status.since_ply),
        occurrence_moves=[label(ply) for ply in status.occurrences],
    )
    return data


class ClaimRefused(Exception):
    """A draw claim that cannot be checked against the sheet; `code` says why."""

    def __init__(self, code: str, **facts: object) -> None:
        self.code = code
        self.facts = facts
        super().__init__(code)


@dataclass(frozen=True)
class ClaimCheck:
    """The score sheet's verdict on a claim that `rule` holds after the move `label`."""

    rule: str
    label: str
    ply: int
    upheld: bool
    evidence: dict[str, object]


def check_draw_claim(sheet: SheetReplay, rule_id: str, label: str) -> ClaimCheck:
    """Check a claim against the sheet (rules.claims.check_claim), or raise ClaimRefused:
    "no-moves", "no-rules", "unknown-rule", "bad-move", "no-such-move", "not-replayed"."""
    if rule_id not in RULE_IDS:
        raise ClaimRefused("unknown-rule", rule=rule_id)
    if sheet.replay is None:
        raise ClaimRefused("no-moves")
    if not sheet.rules_available:
        raise ClaimRefused("no-rules")
    move = normal_move_label(label)
    if move is None:
        raise ClaimRefused("bad-move", move=label)
    ply = sheet.ply_of(move)
    if ply is None:
        raise ClaimRefused("no-such-move", move=move)
    if ply > sheet.replay.moves:
        stop = sheet.illegal.label if sheet.illegal else ""
        raise ClaimRefused("not-replayed", move=move, stop=stop)
    decision = check_claim(sheet.replay, rule_id, move)
    if decision.status is None:
        evidence: dict[str, object] = {
            "rule": rule_id, "move": move, "ply": ply, "holds": False,
            "reason": "not-in-profile", "profile": sheet.replay.profile,
        }
    else:
        evidence = evidence_of(decision.status, sheet.replay)
    return ClaimCheck(rule_id, move, ply, decision.upheld, evidence)


# ------------------------------------------------------------------------------ move texts


def move_texts(sheet: SheetReplay, algebraic: bool) -> list[str]:
    """Each replayed move in the chosen notation: legal moves in their shortest form, irregular
    ones with the squares as written."""
    if sheet.replay is None:
        return []
    use_algebraic = algebraic and sheet.variant.algebraic
    texts = []
    board = sheet.replay.start.copy()
    for replayed in sheet.replay.plies:
        texts.append(_replayed_text(board, replayed, use_algebraic))
        board.push_unchecked(replayed.move)
    return texts


def _replayed_text(board: Board, replayed: ReplayedPly, algebraic: bool) -> str:
    if replayed.irregularity is None:
        return move_to_str(board, replayed.move, algebraic)
    return written_text(replayed.sheet.text, board.variant, algebraic)


def written_text(text: str, variant: Variant, algebraic: bool) -> str:
    """A move as written, converted to the chosen notation when it can be read."""
    try:
        squares, capture = parse_squares(text, variant)
    except InvalidMoveError:
        return text
    return write_squares(squares, capture, variant, algebraic and variant.algebraic)


# ------------------------------------------------------------------------------ typing moves


class SheetEditRefused(Exception):
    """A typed edit the sheet cannot take; `code` says why, the other fields give the facts."""

    def __init__(
        self,
        code: str,
        *,
        label: str = "",
        irregularity: Irregularity | None = None,
        detail: str = "",
        candidates: tuple[str, ...] = (),
    ) -> None:
        self.code = code
        self.label = label
        self.irregularity = irregularity
        self.detail = detail
        self.candidates = candidates
        super().__init__(f"{code}: {label} {detail}".strip())


@dataclass(frozen=True)
class TypedMove:
    """A move appended to a sheet: its half-move number, label ("17... d6xb4") and, when the
    opponent let an irregular move stand, its Art. 23 irregularity."""

    ply: int
    label: str
    text: str
    irregularity: Irregularity | None
    board_before: Board


def _refuse_unless_extendable(sheet: SheetReplay) -> None:
    if sheet.syntax_error is not None:
        raise SheetEditRefused("syntax-error")
    if sheet.start_error is not None:
        raise SheetEditRefused("start-error")
    if sheet.illegal is not None:
        raise SheetEditRefused("sheet-stops", label=sheet.illegal.label)


def _next_number_side(sheet: SheetReplay, board: Board) -> tuple[int, str]:
    plies = sheet.plies
    if not plies:
        return 1, board.turn.value
    last = plies[-1]
    return (last.number, BLACK) if last.side == WHITE else (last.number + 1, WHITE)


def append_move(
    sheet: SheetReplay,
    move_text: str,
    *,
    algebraic: bool,
    let_stand: bool = False,
    new_game_tags: dict[str, str] | None = None,
) -> tuple[str, TypedMove]:
    """The sheet's new text with `move_text` appended after its last move, checked first.

    A legal move is written in its shortest form in the chosen notation. An illegal one is
    refused (SheetEditRefused "illegal", with its Art. 23 irregularity) unless `let_stand`: the
    opponent let it stand, so it is written as typed and the caller records its half-move as
    accepted. Numeric moves are read on 8x8 too, and the other way round.
    """
    _refuse_unless_extendable(sheet)
    variant = sheet.variant
    algebraic = algebraic and variant.algebraic
    replay = sheet.replay
    if replay is None:
        game = PdnGame(tags=dict(new_game_tags or {}))
        board = Board(variant)
        games = [game]
    else:
        game = sheet.games[0]
        board = replay.board.copy()
        games = sheet.games
    number, side = _next_number_side(sheet, board)
    label_number = f"{number}." if side == WHITE else f"{number}..."
    try:
        squares, capture = parse_squares(move_text, variant)
    except InvalidMoveError as exc:
        raise SheetEditRefused("unreadable", detail=exc.detail) from None
    irregularity = None
    try:
        move = parse_move(board, move_text)
        text = move_to_str(board, move, algebraic)
    except AmbiguousMoveError as exc:
        candidates = tuple(
            write_squares(m.path, True, variant, algebraic) for m in exc.candidates
        )
        raise SheetEditRefused("ambiguous", candidates=candidates) from None
    except IllegalMoveError:
        reading = legal_reading(board, squares)
        if reading is not None:
            move, text = reading, write_squares(squares, capture, variant, algebraic)
        else:
            irregularity = classify(board, squares, capture, side)
            label = f"{label_number} {write_squares(squares, capture, variant, algebraic)}"
            if not let_stand:
                raise SheetEditRefused("illegal", label=label, irregularity=irregularity) from None
            move, text = irregularity.move, write_squares(squares, capture, variant, algebraic)
            _check_can_carry_out(board, move, label)
    ply = len(sheet.plies) + 1
    game.plies.append(PdnPly(number=number, side=side, text=text))
    new_text = write_games(games)
    typed = TypedMove(ply, f"{label_number} {text}", text, irregularity, board)
    return new_text, typed


def _check_can_carry_out(board: Board, move: Move, label: str) -> None:
    """An irregular move that stands is carried out as written; some cannot be (an empty first
    square, an occupied last one) and are refused even then."""
    trial = board.copy()
    try:
        trial.push_unchecked(move)
    except IllegalMoveError as exc:
        raise SheetEditRefused("cannot-carry-out", label=label, detail=exc.reason) from None


def remove_last_move(sheet: SheetReplay) -> tuple[str, int, str]:
    """The sheet's text without its last written move: (text, its half-move, its label)."""
    if sheet.syntax_error is not None:
        raise SheetEditRefused("syntax-error")
    if not sheet.plies:
        raise SheetEditRefused("no-moves")
    game = sheet.games[0]
    ply = len(game.plies)
    removed = game.plies.pop()
    return write_games(sheet.games), ply, removed.label
