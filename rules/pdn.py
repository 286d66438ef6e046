"""PDN 3.0 reading, as draughts programs (and lidraughts) write it (writing: rules/pdn_writer.py).

The reader is a hand-written tokenizer plus a small state machine, so that every syntax error
can name the line and column an arbiter has to look at. It knows nothing about the board: a move
is kept as text, and the replay (rules/replay.py) decides whether it is legal. Comments, NAGs and
variations are kept so that what is written reads back the same; variations are never fatal.

Sides: each ply records the side the *score sheet* gives it (from its move number, "17." for
White, "17..." for Black, else alternating). That is what an arbiter reads, and it lets the
replay tell "two moves in a row" (Art. 23 (a) of 002) from "moving an opponent's piece" (e).

>>> game = read_game('[GameType "20"]\\n1. 32-28 19-23 2. 28x19 14x23 1-0')
>>> [ply.text for ply in game.plies]
['32-28', '19-23', '28x19', '14x23']
>>> game.plies[3].label
'2... 14x23'
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from rules.errors import DraughtsError

WHITE = "W"
BLACK = "B"

MAX_VARIATION_DEPTH = 64
"""Variations nested deeper than this are refused when read (issue 19): no sheet needs more, and
deeper structures would make comparing or copying a game recurse without bound."""

RESULTS = ("1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "*")
"""Game terminations: 1-0, 0-1, 1/2-1/2 (programs), 2-0, 0-2, 1-1 (lidraughts, 64 squares)."""

_WINNER_BY_RESULT = {
    "1-0": WHITE,
    "2-0": WHITE,
    "0-1": BLACK,
    "0-2": BLACK,
    "1/2-1/2": "draw",
    "1-1": "draw",
    "*": None,
}


class PdnSyntaxError(DraughtsError):
    """A PDN text that cannot be read; `line` and `column` count from 1, `code` is for machines."""

    def __init__(self, message: str, line: int, column: int, code: str = "syntax") -> None:
        self.message = message
        self.line = line
        self.column = column
        self.code = code
        super().__init__(f"PDN syntax error at line {line}, column {column}: {message}")


@dataclass
class PdnPly:
    """One half-move as written on the sheet.

    `text` is the move without padding ("1- 6" becomes "1-6") and without its strength suffix
    ("!", "?"), which is kept in `suffix`. `leading_comments` come before the move (or its
    number), `comments` after it. Each variation is a list of plies replacing this one.
    """

    number: int
    side: str
    text: str
    suffix: str = ""
    nags: list[int] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    leading_comments: list[str] = field(default_factory=list)
    variations: list[list[PdnPly]] = field(default_factory=list)
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    @property
    def label(self) -> str:
        """How an arbiter reads the move aloud: "17. 32-28" or "17... 19-23"."""
        return f"{self.move_label} {self.text}"

    @property
    def move_label(self) -> str:
        """ "17." for White's move 17, "17..." for Black's."""
        return f"{self.number}." if self.side == WHITE else f"{self.number}..."


@dataclass
class PdnGame:
    """A game: ordered tag pairs, the main line of plies, and the result that ends the movetext.

    `comments` holds comments that belong to no move (a game without moves, or after a bare
    move number).
    """

    tags: dict[str, str] = field(default_factory=dict)
    plies: list[PdnPly] = field(default_factory=list)
    result: str = "*"
    comments: list[str] = field(default_factory=list)
    line: int = field(default=1, compare=False)

    @property
    def fen(self) -> str | None:
        """The starting position (PDN FEN tag), or None for the initial position."""
        fen = self.tags.get("FEN", "").strip()
        return fen or None

    @property
    def starting_side(self) -> str:
        """White unless the FEN tag starts with "B" (a game set up with Black to move)."""
        fen = self.fen
        return BLACK if fen is not None and fen[:1].upper() == BLACK else WHITE

    @property
    def gametype(self) -> int | None:
        """The PDN game type number: 20 international, 26 Brazilian (first field of the tag)."""
        value = self.tags.get("GameType", "").split(",")[0].strip()
        # isdecimal, not isdigit: int() cannot read digits such as "²"; and no game type is long.
        return int(value) if value.isdecimal() and len(value) <= 6 else None

    @property
    def algebraic(self) -> bool:
        """Whether the sheet uses algebraic squares (c3-d4), so output should too (RULES.md)."""
        if self.plies:
            return self.plies[0].text[:1].isalpha()
        fen = self.fen or ""
        return bool(re.search(r"[:,]K?[a-j]\d", fen))

    @property
    def winner(self) -> str | None:
        """ "W", "B", "draw", or None for an unfinished game ("*")."""
        return _WINNER_BY_RESULT.get(self.result)


# ------------------------------------------------------------------------------------ tokens

_SQUARE_NUM = r"\d{1,2}"
_SQUARE_ALG = r"[a-j](?:10|[1-9])"
_TOKEN = re.compile(
    r"""
    (?P<ws>[ \t\r\n\f\v\ufeff]+)
  | (?P<comment>\{[^}]*\})
  | (?P<open_comment>\{)
  | (?P<line_comment>;[^\n]*)
  | (?P<tag>\[[ \t]*(?P<tag_name>[A-Za-z0-9_]+)[ \t]*"(?P<tag_value>(?:[^"\\\n]|\\.)*)"[ \t]*\])
  | (?P<bad_tag>\[)
  | (?P<result>(?:1/2-1/2|½-½|1-0|0-1|2-0|0-2|1-1|\*)(?![\w/.-]))
  | (?P<number>(?P<number_value>\d+)(?P<number_dots>\.\.\.|\.\.|\.|…))
  | (?P<move>(?P<move_text>"""
    + _SQUARE_NUM
    + r"(?:[-x:][ \t]*"
    + _SQUARE_NUM
    + r")+"
    + "|"
    + _SQUARE_ALG
    + r"(?:[-x:]"
    + _SQUARE_ALG
    + r")+"
    + r""")(?P<suffix>[!?]{1,2})?)(?![\w])
  | (?P<ellipsis>\.\.\.|…)
  | (?P<nag>\$\d+)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<escape>%[^\n]*)
    """,
    re.VERBOSE,
)
_BAD_TEXT = re.compile(r"[^\s{}()\[\];]+|.")
_PADDING = re.compile(r"[ \t]+")
_WHITESPACE = re.compile(r"\s+")


class _Lines:
    """Offset -> (line, column), both from 1."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def position(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.starts, offset) - 1
        return index + 1, offset - self.starts[index] + 1


@dataclass
class _LineOfPlay:
    """The main line or a variation being read."""

    plies: list[PdnPly]
    next_number: int
    next_side: str
    opened_at: int = 0
    pending_comments: list[str] = field(default_factory=list)
    written_number: int | None = None
    written_side: str | None = None


class _Reader:
    def __init__(self, text: str, keep_variations: bool) -> None:
        self.text = text
        self.lines = _Lines(text)
        self.keep_variations = keep_variations
        self.games: list[PdnGame] = []
        self.game: PdnGame | None = None
        self.stack: list[_LineOfPlay] = []
        self.in_movetext = False

    # -- errors and positions
    def error(self, offset: int, message: str, code: str) -> PdnSyntaxError:
        line, column = self.lines.position(offset)
        return PdnSyntaxError(message, line, column, code)

    # -- game boundaries
    def start_game(self, offset: int) -> PdnGame:
        self.game = PdnGame(line=self.lines.position(offset)[0])
        self.stack = []
        self.in_movetext = False
        return self.game

    def main_line(self, offset: int) -> _LineOfPlay:
        game = self.game or self.start_game(offset)
        if not self.stack:
            self.in_movetext = True
            self.stack.append(_LineOfPlay(game.plies, 1, game.starting_side))
        return self.stack[-1]

    def finish_game(self, result: str | None) -> None:
        game = self.game
        if game is None:
            return
        if len(self.stack) > 1:
            raise self.error(
                self.stack[-1].opened_at, "variation '(' is never closed", "unclosed-variation"
            )
        if self.stack and self.stack[0].pending_comments:
            game.comments.extend(self.stack[0].pending_comments)
        # A Result tag that is no result token ("[1-0") would be written back as movetext
        # that cannot be read: the game is then unfinished, as without the tag.
        tagged = _normal_result(game.tags.get("Result", "*").strip())
        game.result = result or (tagged if tagged in RESULTS else "*")
        if game.tags or game.plies or result is not None:
            self.games.append(game)
        self.game = None
        self.stack = []
        self.in_movetext = False

    # -- the tokens
    def read(self) -> list[PdnGame]:
        text = self.text
        position = 0
        end = len(text)
        while position < end:
            match = _TOKEN.match(text, position)
            if match is None:
                bad = _BAD_TEXT.match(text, position)
                assert bad is not None
                raise self.error(position, f"unexpected text {bad.group()!r}", "unexpected-text")
            kind = match.lastgroup
            handler = getattr(self, f"on_{kind}", None)
            if handler is not None:
                handler(match)
            position = match.end()
        self.finish_game(None)
        return self.games

    def on_comment(self, match: re.Match[str]) -> None:
        self.add_comment(match.start(), _WHITESPACE.sub(" ", match.group()[1:-1]).strip())

    def on_line_comment(self, match: re.Match[str]) -> None:
        self.add_comment(match.start(), _WHITESPACE.sub(" ", match.group()[1:]).strip())

    def add_comment(self, offset: int, comment: str) -> None:
        line = self.main_line(offset) if not self.stack else self.stack[-1]
        if line.plies and line.written_number is None and not line.pending_comments:
            line.plies[-1].comments.append(comment)
        else:
            line.pending_comments.append(comment)

    def on_open_comment(self, match: re.Match[str]) -> None:
        raise self.error(match.start(), "comment '{' is never closed with '}'", "unclosed-comment")

    def on_tag(self, match: re.Match[str]) -> None:
        if self.in_movetext:
            if len(self.stack) > 1:
                raise self.error(
                    self.stack[-1].opened_at, "variation '(' is never closed", "unclosed-variation"
                )
            self.finish_game(None)
        game = self.game or self.start_game(match.start())
        value = re.sub(r"\\(.)", r"\1", match.group("tag_value"))
        game.tags[match.group("tag_name")] = value

    def on_bad_tag(self, match: re.Match[str]) -> None:
        raise self.error(match.start(), 'malformed tag pair: expected [Name "value"]', "bad-tag")

    def on_escape(self, match: re.Match[str]) -> None:
        if self.lines.position(match.start())[1] != 1:
            raise self.error(match.start(), "unexpected text '%'", "unexpected-text")

    def on_result(self, match: re.Match[str]) -> None:
        if len(self.stack) > 1:
            return  # some programs end a variation with "*": it terminates nothing
        self.main_line(match.start())
        self.finish_game(_normal_result(match.group()))

    def on_number(self, match: re.Match[str]) -> None:
        line = self.main_line(match.start()) if not self.stack else self.stack[-1]
        digits = match.group("number_value")
        if len(digits) > 6:  # int() refuses thousands of digits; no game has a million moves
            raise self.error(match.start(), f"move number {digits[:12]}... is too long",
                             "unexpected-text")
        line.written_number = int(digits)
        line.written_side = WHITE if match.group("number_dots") == "." else BLACK

    def on_ellipsis(self, match: re.Match[str]) -> None:
        line = self.main_line(match.start()) if not self.stack else self.stack[-1]
        line.written_side = BLACK
        if line.written_number is None:
            line.written_number = line.next_number

    def on_move(self, match: re.Match[str]) -> None:
        line = self.main_line(match.start()) if not self.stack else self.stack[-1]
        number = line.written_number if line.written_number is not None else line.next_number
        side = line.written_side or line.next_side
        row, column = self.lines.position(match.start())
        ply = PdnPly(
            number=number,
            side=side,
            text=_PADDING.sub("", match.group("move_text")),
            suffix=match.group("suffix") or "",
            leading_comments=line.pending_comments,
            line=row,
            column=column,
        )
        line.plies.append(ply)
        line.pending_comments = []
        line.written_number = line.written_side = None
        line.next_side = BLACK if side == WHITE else WHITE
        line.next_number = number if side == WHITE else number + 1

    def on_nag(self, match: re.Match[str]) -> None:
        line = self.main_line(match.start()) if not self.stack else self.stack[-1]
        if not line.plies or line.written_number is not None:
            raise self.error(match.start(), "a NAG must follow a move", "misplaced-nag")
        digits = match.group()[1:]
        if len(digits) > 6:  # NAGs are small numbers; int() refuses thousands of digits
            raise self.error(match.start(), f"NAG ${digits[:12]}... is too long",
                             "unexpected-text")
        line.plies[-1].nags.append(int(digits))

    def on_open(self, match: re.Match[str]) -> None:
        line = self.main_line(match.start()) if not self.stack else self.stack[-1]
        if not line.plies:
            raise self.error(
                match.start(),
                "a variation '(' must follow the move it replaces",
                "misplaced-variation",
            )
        if self.keep_variations and len(self.stack) > MAX_VARIATION_DEPTH:
            # the stack holds the main line, then one entry per open variation
            raise self.error(
                match.start(),
                f"variations are nested more than {MAX_VARIATION_DEPTH} deep",
                "variation-too-deep",
            )
        replaced = line.plies[-1]
        self.stack.append(_LineOfPlay([], replaced.number, replaced.side, opened_at=match.start()))

    def on_close(self, match: re.Match[str]) -> None:
        if len(self.stack) < 2:
            raise self.error(match.start(), "')' closes no variation", "unmatched-parenthesis")
        variation = self.stack.pop()
        parent = self.stack[-1]
        if variation.pending_comments and variation.plies:
            variation.plies[-1].comments.extend(variation.pending_comments)
        if self.keep_variations and variation.plies:
            parent.plies[-1].variations.append(variation.plies)


def _normal_result(token: str) -> str:
    return "1/2-1/2" if token == "½-½" else token


def read_games(text: str, *, keep_variations: bool = True) -> list[PdnGame]:
    """Every game of a PDN text, in order. Raises PdnSyntaxError naming the line and column."""
    return _Reader(text, keep_variations).read()


def read_games_until_error(
    text: str, *, keep_variations: bool = True
) -> tuple[list[PdnGame], PdnSyntaxError | None]:
    """The games complete before the first syntax error, and that error (None if there is none),
    so a file with one bad game still yields the games before it."""
    reader = _Reader(text, keep_variations)
    try:
        return reader.read(), None
    except PdnSyntaxError as error:
        return reader.games, error


def read_game(text: str, *, keep_variations: bool = True) -> PdnGame:
    """The only game of a PDN text (a text without any game is a syntax error at its end)."""
    games = read_games(text, keep_variations=keep_variations)
    if not games:
        lines = _Lines(text)
        line, column = lines.position(len(text))
        raise PdnSyntaxError("no game found", line, column, "no-game")
    return games[0]
