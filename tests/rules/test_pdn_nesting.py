"""PDN variations cannot recurse the server to death (issue 19).

A game whose variations were nested 1,200 deep was read, and writing it back raised
RecursionError, so the pages that typed it answered 500. Reading now refuses nesting deeper than
`MAX_VARIATION_DEPTH` with the line and column of the '(' too many; writing is iterative, so a
game built in code writes at any depth. The fuzz tests vary nesting, length and comments.
"""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.pdn import (
    BLACK,
    MAX_VARIATION_DEPTH,
    WHITE,
    PdnGame,
    PdnPly,
    PdnSyntaxError,
    read_game,
    read_games,
    read_games_until_error,
)
from rules.pdn_writer import write_game, write_games

HEAD = '[GameType "20"]\n'


def nested_text(depth: int) -> str:
    """A game whose variations open `depth` levels deep, on one line."""
    return HEAD + "1. 32-28 " + "(1. 31-27 " * depth + ")" * depth + " *"


def nested_game(depth: int) -> PdnGame:
    """The same game built in code, without the reader's limit."""
    plies = [PdnPly(1, WHITE, "32-28")]
    game = PdnGame(tags={"GameType": "20"}, plies=plies)
    for _ in range(depth):
        variation = [PdnPly(1, WHITE, "31-27")]
        plies[-1].variations.append(variation)
        plies = variation
    return game


def test_a_game_nested_1200_deep_is_refused_naming_line_and_column():
    text = nested_text(1200)
    with pytest.raises(PdnSyntaxError) as caught:
        read_games(text)
    error = caught.value
    assert error.code == "variation-too-deep"
    assert (error.line, error.column) == (2, len("1. 32-28 ") + 1 + MAX_VARIATION_DEPTH * 10)
    assert text.splitlines()[error.line - 1][error.column - 1] == "("
    assert f"line 2, column {error.column}" in str(error)
    assert f"nested more than {MAX_VARIATION_DEPTH} deep" in str(error)
    games, syntax_error = read_games_until_error(text)
    assert games == [] and syntax_error is not None and syntax_error.code == error.code


def test_the_deepest_nesting_allowed_reads_and_writes_back_the_same():
    game = read_game(nested_text(MAX_VARIATION_DEPTH))
    assert read_game(write_game(game)) == game
    with pytest.raises(PdnSyntaxError):
        read_game(nested_text(MAX_VARIATION_DEPTH + 1))


def test_skipping_variations_reads_any_depth():
    """Printing reads sheets without their variations: nothing deep is built, nothing refused."""
    game = read_game(nested_text(1200), keep_variations=False)
    assert [ply.text for ply in game.plies] == ["32-28"]
    assert game.plies[0].variations == []


def test_writing_a_game_nested_deeper_than_the_recursion_limit_does_not_recurse():
    text = write_games([nested_game(5000)])
    assert text.count("(") == text.count(")") == 5000
    with pytest.raises(PdnSyntaxError) as caught:
        read_game(text)
    assert caught.value.code == "variation-too-deep"


def test_a_variation_opened_by_a_line_comment_keeps_its_closing_parenthesis():
    """A comment holding '}' is written as a ';' comment, which runs to the end of the line: the
    '(' before it and the ')' after it must stay outside it."""
    game = read_game(HEAD + "1. 32-28 (;see } here\n1. 31-27) 1... 19-23 *")
    assert game.plies[0].variations[0][0].leading_comments == ["see } here"]
    assert read_game(write_game(game)) == game


# ------------------------------------------------------------------------------ fuzzing

MOVES = st.sampled_from(["32-28", "19-23", "28x19", "14x23", "31-27", "1-6", "46x37x28"])
SUFFIXES = st.sampled_from(["", "!", "?", "!?", "??"])


def _normal(comment: str) -> str:
    return re.sub(r"\s+", " ", comment).strip()  # as the reader keeps a comment


COMMENT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\x85"),
    max_size=30,
).map(_normal)
COMMENTS = st.lists(COMMENT, max_size=2)


@st.composite
def games(draw, max_depth: int = MAX_VARIATION_DEPTH + 6) -> tuple[PdnGame, int]:
    """A game with a chain of variations `depth` deep, side variations, comments and NAGs.

    Comments before a move are only drawn at the start of a line: elsewhere PDN cannot tell
    them from comments after the move before, and the reader keeps them as the latter.
    """

    def line(number: int, side: str) -> list[PdnPly]:
        plies = []
        for index in range(draw(st.integers(1, 5))):
            plies.append(
                PdnPly(
                    number,
                    side,
                    draw(MOVES),
                    suffix=draw(SUFFIXES),
                    nags=draw(st.lists(st.integers(0, 255), max_size=2)),
                    comments=draw(COMMENTS),
                    leading_comments=draw(COMMENTS) if index == 0 else [],
                )
            )
            number, side = (number, BLACK) if side == WHITE else (number + 1, WHITE)
        return plies

    start_side = draw(st.sampled_from([WHITE, BLACK]))
    main = line(draw(st.integers(1, 300)), start_side)
    # mostly shallow, and around the limit, where it matters
    depth = draw(st.one_of(st.integers(0, 6), st.integers(MAX_VARIATION_DEPTH - 1, max_depth)))
    current = main
    for _ in range(depth):
        host = draw(st.sampled_from(current))
        if draw(st.booleans()):  # a side variation that goes nowhere deeper
            host.variations.append(line(host.number, host.side))
        variation = line(host.number, host.side)
        host.variations.append(variation)
        current = variation
    fen = {"FEN": "B:W31,32:B1,2"} if start_side == BLACK else {}
    return PdnGame(tags={"GameType": "20", **fen}, plies=main), depth


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.integers(20, 120))
def test_written_games_read_back_the_same_or_are_refused_for_depth(drawn, width):
    game, depth = drawn
    text = write_game(game, width=width)
    if depth <= MAX_VARIATION_DEPTH:
        assert read_game(text) == game
    else:
        with pytest.raises(PdnSyntaxError) as caught:
            read_game(text)
        error = caught.value
        assert error.code == "variation-too-deep"
        assert text.splitlines()[error.line - 1][error.column - 1] == "("


@settings(max_examples=30, deadline=None)
@given(st.integers(200, 2000), COMMENTS)
def test_long_games_read_and_write_back(plies, comments):
    moves = []
    for index in range(plies):
        number = index // 2 + 1
        moves.append(f"{number}. 32-28" if index % 2 == 0 else "28-32")
    text = HEAD + " ".join(moves) + "".join(f" {{{c}}}" for c in comments if "}" not in c) + " *"
    game = read_game(text)
    assert len(game.plies) == plies
    assert read_game(write_game(game)) == game


PDN_PIECES = st.sampled_from(
    [
        "(", ")", "(", ")", "{a b}", "{", "}", ";note\n", "1.", "2...", "...", "32-28", "19-23",
        "28x19", "$3", "*", "1-0", HEAD, "\n", " ", "%escape\n", "[", "]", "!", "x", "(1... 17-22",
    ]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(PDN_PIECES, max_size=400))
def test_any_text_is_read_or_refused_with_a_syntax_error_and_what_is_read_writes_back(pieces):
    """Never another exception; what is read is written as text that reads without error, and
    writing and reading again settles after one more round. (A comment after a bare move number
    belongs to no move; written after the moves, it comes back attached to the last one.)"""
    text = " ".join(pieces)
    games_read, error = read_games_until_error(text)
    assert error is None or isinstance(error, PdnSyntaxError)
    if games_read:
        again, second_error = read_games_until_error(write_games(games_read))
        assert second_error is None
        settled = write_games(again)
        assert write_games(read_games(settled)) == settled
