"""Whole PDN texts and files replayed game by game, as the command line's `replay` prints them.

One JSON-ready object per game (`replay_text`), irregular moves accepted by --accept values
(`parse_accept`), and the file read as every uploaded text is (`read_pdn_file`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rules.errors import DraughtsError
from rules.pdn import read_games_until_error
from rules.profiles import DEFAULT_PROFILE, DEFAULT_TIME_CONTROL
from rules.replay import ReplayBudgetError, replay_game
from rules.textfile import decode_text_lenient
from rules.variants import Variant

AcceptSpec = dict[int | None, set[int]]
"""Accepted irregular plies: {None: plies for every game, n: plies for game n (from 1)}."""


def parse_accept(values: Iterable[str]) -> AcceptSpec:
    """Read --accept values: "17" (ply 17 of every game) or "2:17" (ply 17 of game 2)."""
    spec: AcceptSpec = {}
    for value in values:
        game, _, ply = value.rpartition(":")
        # isdecimal, not isdigit: int() cannot read digits such as "²".
        if not ply.isdecimal() or (game and not game.isdecimal()) or len(value) > 12:
            raise DraughtsError(f"--accept takes PLY or GAME:PLY (numbers), not {value!r}")
        spec.setdefault(int(game) if game else None, set()).add(int(ply))
    return spec


def replay_text(
    text: str,
    variant: Variant | None = None,
    *,
    profile: str = DEFAULT_PROFILE,
    time_control: str = DEFAULT_TIME_CONTROL,
    accept: AcceptSpec | None = None,
    max_plies: int | None = None,
    max_seconds: float | None = None,
) -> Iterator[dict[str, object]]:
    """One JSON-ready object per game of a PDN text, then one for a syntax error if any.

    A game that cannot be replayed at all (no variant, bad FEN) gives {"game", "line", "error"};
    one over the work budget (`replay_game`) also has {"ply", "budget"}; a PDN syntax error ends
    the text with {"error", "line", "column", "code"}.
    """
    accept = accept or {}
    games, syntax_error = read_games_until_error(text)
    for number, game in enumerate(games, 1):
        plies = accept.get(None, set()) | accept.get(number, set())
        head: dict[str, object] = {"game": number, "line": game.line}
        try:
            replay = replay_game(
                game,
                variant,
                profile=profile,
                time_control=time_control,
                accept=plies,
                max_plies=max_plies,
                max_seconds=max_seconds,
            )
        except ReplayBudgetError as exc:
            yield {**head, "error": str(exc), "ply": exc.ply, "budget": exc.limit}
            continue
        except DraughtsError as exc:
            yield {**head, "error": str(exc)}
            continue
        yield {**head, **replay.as_dict()}
    if syntax_error is not None:
        yield {
            "error": str(syntax_error),
            "line": syntax_error.line,
            "column": syntax_error.column,
            "code": syntax_error.code,
        }


def read_pdn_file(path: str) -> str:
    """The text of a PDN file ('-' = standard input), read as every uploaded text is
    (rules.textfile: UTF-8, UTF-16, else Windows-1252, which older draughts programs write).
    A tool that only replays: bytes that are no text become U+FFFD, never a refusal."""
    import sys

    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)  # None when a test put a StringIO there
        return sys.stdin.read() if stream is None else decode_text_lenient(stream.read())
    with open(path, "rb") as handle:
        return decode_text_lenient(handle.read())
