"""Writing PDN: games back to text that `rules.pdn.read_games` reads as the same games.

Tags first (escaped), then the movetext with comments, NAGs and variations, wrapped to a width.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.pdn import BLACK, WHITE, PdnGame, PdnPly


def _escape_tag(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment_tokens(comments: list[str]) -> list[str]:
    # A "{}" comment cannot hold "}"; such text (read from a ";" comment) is written as one.
    return [";" + c if "}" in c else "{" + c + "}" for c in comments]


@dataclass
class _LineWriting:
    """A line of play being written: where it is, and the numbering the next move expects."""

    plies: list[PdnPly]
    number: int
    side: str
    index: int = 0
    variation: int = -1  # next variation of plies[index] to write; -1: the move itself first
    interrupted: bool = True


def _line_tokens(plies: list[PdnPly], first_number: int, first_side: str) -> list[str]:
    """The tokens of a line of play and its variations, depth first.

    Iterative, with a stack of the lines open: a game built in code may nest variations deeper
    than the reader accepts, and writing it must not exhaust Python's recursion limit.
    """
    tokens: list[str] = []
    opening = False  # a variation was opened: "(" goes before the next token

    def emit(token: str) -> None:
        nonlocal opening
        if opening:
            opening = False
            if token.startswith(";"):  # "(;..." would make the ")" part of the comment
                tokens.append("(")
            else:
                token = f"({token}"
        tokens.append(token)

    stack = [_LineWriting(plies, first_number, first_side)]
    while stack:
        line = stack[-1]
        if line.index >= len(line.plies):
            stack.pop()
            if stack:  # the end of a variation
                if tokens[-1].startswith(";"):
                    tokens.append(")")
                else:
                    tokens[-1] += ")"
            continue
        ply = line.plies[line.index]
        if line.variation < 0:
            if ply.leading_comments:
                for token in _comment_tokens(ply.leading_comments):
                    emit(token)
                line.interrupted = True
            numbered = (
                ply.side == WHITE
                or line.interrupted
                or ply.side != line.side
                or ply.number != line.number
            )
            move = ply.text + ply.suffix
            emit(f"{ply.move_label} {move}" if numbered else move)
            tokens.extend(f"${nag}" for nag in ply.nags)
            tokens.extend(_comment_tokens(ply.comments))
            line.variation = 0
        while line.variation < len(ply.variations) and not ply.variations[line.variation]:
            line.variation += 1  # an empty variation is written as nothing
        if line.variation < len(ply.variations):
            variation = ply.variations[line.variation]
            line.variation += 1
            opening = True
            stack.append(_LineWriting(variation, ply.number, ply.side))
            continue
        line.interrupted = bool(ply.comments or ply.variations)
        line.side = BLACK if ply.side == WHITE else WHITE
        line.number = ply.number if ply.side == WHITE else ply.number + 1
        line.index += 1
        line.variation = -1
    return tokens


def _wrap(tokens: list[str], width: int) -> str:
    lines: list[str] = []
    current = ""
    for token in tokens:
        if current and len(current) + 1 + len(token) > width:
            lines.append(current)
            current = token
        else:
            current = f"{current} {token}" if current else token
        if token.startswith(";"):
            lines.append(current)
            current = ""
    if current:
        lines.append(current)
    return "\n".join(lines)


def write_game(game: PdnGame, *, width: int = 79) -> str:
    """The game as PDN text: its tags in order, a blank line, the movetext wrapped at `width`."""
    head = "".join(f'[{name} "{_escape_tag(value)}"]\n' for name, value in game.tags.items())
    first_side = game.plies[0].side if game.plies else game.starting_side
    first_number = game.plies[0].number if game.plies else 1
    tokens = _line_tokens(game.plies, first_number, first_side)
    tokens.extend(_comment_tokens(game.comments))
    tokens.append(game.result)
    body = _wrap(tokens, width)
    return f"{head}\n{body}\n" if head else f"{body}\n"


def write_games(games: list[PdnGame], *, width: int = 79) -> str:
    """Several games, separated by a blank line."""
    return "\n".join(write_game(game, width=width) for game in games)
