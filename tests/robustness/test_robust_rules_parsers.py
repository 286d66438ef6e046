"""The rules engine's parsers on damaged input: FENs, moves, PDN files and --accept values.

Each either accepts the input or raises the engine's own error (rules.errors.DraughtsError)
with a message; never another exception, which the site would turn into a server error. The
seeds are real: the games in tests/data and the positions they pass through.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from robust_mutations import examples, mutated_text, text_or_mutation

from arbitration.sheets import replay_sheet
from rules import BRAZILIAN, INTERNATIONAL, Board, DraughtsError, move_to_str, parse_move
from rules.fen import parse_fen
from rules.notation import parse_squares
from rules.pdn import PdnSyntaxError, read_games
from rules.pdn_writer import write_games
from rules.replay import replay_game
from rules.replay_files import parse_accept, replay_text
from tournaments.printing.data import TournamentHeader
from tournaments.printing.game_source import GameReplayError, game_record_from_pdn

DATA = Path(__file__).resolve().parents[1] / "data"
FUZZ = settings(max_examples=examples(120), deadline=None)
VARIANTS = {"brazilian": BRAZILIAN, "international": INTERNATIONAL}
HUGE_NUMBER = "9" * 4301  # more digits than Python's int() reads from text


@cache
def game_texts() -> list[str]:
    """Every game of the PDN files in tests/data, one text each."""
    texts = []
    for path in sorted(DATA.glob("*/*.pdn")):
        text = path.read_text(encoding="utf-8-sig")
        lines = text.splitlines(keepends=True)
        starts = [game.line - 1 for game in read_games(text)] + [len(lines)]
        texts.extend("".join(lines[a:b]) for a, b in zip(starts, starts[1:], strict=False))
    return texts


@cache
def positions() -> list[tuple[str, str]]:
    """(variant name, FEN) of positions the real games pass through, every 7th half-move."""
    found = []
    for text in game_texts():
        game = read_games(text)[0]
        try:
            replay = replay_game(game)
        except DraughtsError:
            continue
        for ply in range(0, replay.moves + 1, 7):
            board = replay.board_at(ply)
            found.append((board.variant.name, board.fen()))
            if board.variant.algebraic:
                found.append((board.variant.name, board.fen(algebraic=True)))
    return found


@cache
def move_texts() -> list[str]:
    """Legal moves of those positions, numeric and algebraic, and moves as the files write them."""
    texts = {ply.text for text in game_texts()[:12] for ply in read_games(text)[0].plies}
    for name, fen in positions()[::5]:
        board = Board.from_fen(fen, VARIANTS[name])
        for move in board.legal_moves()[:4]:
            texts.add(move_to_str(board, move))
            if board.variant.algebraic:
                texts.add(move_to_str(board, move, algebraic=True))
    return sorted(texts)


def assert_own_error(error: Exception) -> None:
    assert isinstance(error, DraughtsError), f"{type(error).__name__}: {error}"
    assert str(error).strip()


def test_the_seeds_are_real():
    """The strategies below start from many games and positions, on both boards."""
    assert len(game_texts()) >= 50
    assert {name for name, _fen in positions()} == {"brazilian", "international"}
    assert len(move_texts()) >= 100


# ---------------------------------------------------------------------------------------- FEN

@FUZZ
@given(variant=st.sampled_from(sorted(VARIANTS)), data=st.data())
@example(variant="brazilian", data=None).via("a square number longer than int() reads")
def test_a_fen_is_read_or_refused_with_an_invalid_fen_error(variant, data):
    if data is None:
        fen = f"W:W{HUGE_NUMBER}:B1"
    else:
        fen = data.draw(text_or_mutation([fen for _name, fen in positions()]))
    try:
        board = Board.from_fen(fen, VARIANTS[variant])
    except Exception as error:  # the test is which exceptions escape
        assert_own_error(error)
        return
    # What was read is written back as a FEN that reads to the same position.
    again = Board.from_fen(board.fen(), VARIANTS[variant])
    assert again.fen() == board.fen()
    assert parse_fen(board.fen(), VARIANTS[variant])[0] == board.turn.value


# -------------------------------------------------------------------------------------- moves

@FUZZ
@given(position=st.sampled_from(range(10_000)), data=st.data())
def test_a_move_is_read_or_refused_with_a_draughts_error(position, data):
    name, fen = positions()[position % len(positions())]
    board = Board.from_fen(fen, VARIANTS[name])
    text = data.draw(text_or_mutation(move_texts()))
    try:
        parse_squares(text, board.variant)
        move = parse_move(board, text)
    except Exception as error:
        assert_own_error(error)
        return
    assert move in board.legal_moves()


# ---------------------------------------------------------------------------------------- PDN

PDN_REGRESSIONS = [
    f"{HUGE_NUMBER}. 22-18 *",  # a move number
    f"1. 22-18 ${HUGE_NUMBER} *",  # a NAG
    '[GameType "²"]\n1. 22-18 *',  # a digit int() does not read
    '[GameType "21"]\n1. 22-18 *',  # a game type the engine does not play
    '[GameType "26"]\n[FEN "W:W' + HUGE_NUMBER + ':B1"]\n1. 22-18 *',
    '[GameType "26"]\n[Result "(1-0"]\n',  # a Result tag that is no result, and no moves
]


@FUZZ
@given(text=text_or_mutation(game_texts()))
@example(text=PDN_REGRESSIONS[0])
@example(text=PDN_REGRESSIONS[1])
@example(text=PDN_REGRESSIONS[2])
@example(text=PDN_REGRESSIONS[3])
@example(text=PDN_REGRESSIONS[4])
@example(text=PDN_REGRESSIONS[5])
def test_a_pdn_text_is_read_and_replayed_or_refused_with_a_draughts_error(text):
    try:
        games = read_games(text)
    except Exception as error:
        assert_own_error(error)
        return
    for game in games[:2]:
        for variant in (None, BRAZILIAN, INTERNATIONAL):
            try:
                replay = replay_game(game, variant)
            except Exception as error:
                assert_own_error(error)
                continue
            assert replay.moves <= len(game.plies)
    # A text that reads is written back to one that reads the same: typing a move into a
    # score sheet rewrites the sheet this way, so nothing written on it may be lost.
    assert read_games(write_games(games)) == games


@FUZZ
@given(text=text_or_mutation(game_texts()))
@example(text=PDN_REGRESSIONS[0])
@example(text=PDN_REGRESSIONS[2])
@example(text=PDN_REGRESSIONS[3])
def test_the_command_line_replay_reports_every_problem_as_data(text):
    """replay_text (python -m rules replay) turns every problem into a JSON object."""
    for report in replay_text(text):
        assert "error" in report or "moves" in report


@FUZZ
@given(text=text_or_mutation(game_texts()), board=st.sampled_from([64, 100]))
@example(text=PDN_REGRESSIONS[0], board=64)
@example(text=PDN_REGRESSIONS[2], board=64)
def test_a_pasted_score_sheet_is_always_kept_and_replayed_as_far_as_it_reads(text, board):
    """The site stores any text as a sheet (issue 7): replaying it never raises."""
    sheet = replay_sheet(text, board)
    summary = sheet.summary()
    assert summary["moves_count"] == sheet.moves
    assert sheet.gametype_mismatch in (True, False)


@FUZZ
@given(values=st.lists(mutated_text(["17", "2:17", "1:1", "0"]), max_size=3))
@example(values=["²"])
@example(values=["1:²"])
def test_accept_values_are_read_or_refused_with_a_draughts_error(values):
    try:
        spec = parse_accept(values)
    except Exception as error:
        assert_own_error(error)
        return
    assert all(isinstance(ply, int) for plies in spec.values() for ply in plies)


@pytest.mark.parametrize("text", PDN_REGRESSIONS)
def test_known_bad_pdn_texts_are_refused_with_a_message_or_replay(text):
    """The inputs that once escaped as a bare ValueError, kept as plain regression tests."""
    try:
        games = read_games(text)
        for game in games:
            replay_game(game)
    except DraughtsError as error:
        assert str(error).strip()


@FUZZ
@given(text=text_or_mutation(game_texts()),
       diagrams=st.lists(st.integers(min_value=-2, max_value=120), max_size=3))
@example(text='[GameType "21"]\n1. 22-18 *', diagrams=[0])  # a board the engine does not play
@example(text='[GameType "26"]\n[Round "²"]\n1. c3-d4 *', diagrams=[1])  # int() cannot read it
def test_a_printed_game_record_is_made_or_refused_with_the_printing_errors(text, diagrams):
    """`manage.py print_pdf game --pdn` reports PdnSyntaxError and GameReplayError by name;
    any other exception would end it with a traceback."""
    header = TournamentHeader(name="Aberto de Campinas")
    try:
        record = game_record_from_pdn(text, header, diagrams)
    except (PdnSyntaxError, GameReplayError) as error:
        assert str(error).strip()
        return
    assert record.header == header
