"""Replaying whole games: real tournament files, lidraughts exports, positions in order."""

import doctest
import importlib
from pathlib import Path

import pytest

from rules import BRAZILIAN, INTERNATIONAL, Board, Move, parse_move
from rules.errors import DraughtsError
from rules.pdn import read_game, read_games
from rules.replay import replay_game
from rules.replay_files import replay_text

DATA = Path(__file__).resolve().parents[1] / "data"
REAL_GAMES = [
    (path.name, number, game)
    for path in sorted((DATA / "games").glob("*.pdn"))
    for number, game in enumerate(read_games(path.read_text(encoding="utf-8")), 1)
]
BRAZILIAN_FILES = sorted((DATA / "pdn").glob("brazilian-*.pdn"))


@pytest.mark.parametrize(("name", "number", "game"), REAL_GAMES, ids=lambda v: str(v)[:20])
def test_every_real_tournament_game_replays_legally(name, number, game):
    replay = replay_game(game)
    assert replay.illegal is None, (name, number, replay.illegal and replay.illegal.as_dict())
    assert replay.moves == len(game.plies)
    assert replay.variant is INTERNATIONAL
    assert replay.notes == []


def test_replay_matches_playing_the_moves_on_a_board():
    _name, _number, game = REAL_GAMES[0]
    board = Board(INTERNATIONAL)
    for ply in game.plies:
        board.push(parse_move(board, ply.text))
    assert replay_game(game).board.fen() == board.fen()


@pytest.mark.parametrize("path", BRAZILIAN_FILES, ids=lambda p: p.name)
def test_brazilian_sheets_replay_legally_and_end_as_their_results_say(path):
    for game in read_games(path.read_text(encoding="utf-8")):
        replay = replay_game(game)
        assert replay.illegal is None
        assert replay.moves == len(game.plies)
        assert replay.variant is BRAZILIAN
        if game.result in ("2-0", "0-2"):  # won by leaving the opponent without a move
            assert replay.board.is_game_over()
            assert replay.board.winner() == ("W" if game.result == "2-0" else "B")


def test_lidraughts_game_keeps_algebraic_squares_in_its_final_fen():
    game = read_games((DATA / "pdn" / "brazilian-lidraughts.pdn").read_text(encoding="utf-8"))[0]
    assert replay_game(game).final_fen() == "B:Wd4,a3,c3,e3,g3,d2,a1,Kb8,Kf4:B"


def test_annotated_sheet_replays_the_same_as_the_plain_export():
    plain = read_games((DATA / "pdn" / "brazilian-lidraughts.pdn").read_text(encoding="utf-8"))
    annotated = read_games((DATA / "pdn" / "brazilian-annotated.pdn").read_text(encoding="utf-8"))
    assert replay_game(annotated[0]).board.fen() == replay_game(plain[0]).board.fen()
    numeric, algebraic = replay_game(annotated[1]), replay_game(plain[1])
    assert numeric.board.fen() == algebraic.board.fen()
    assert not annotated[1].algebraic and numeric.final_fen() == "W:W:B1,14,15,21,23,26,27"


def test_a_game_from_a_fen_with_black_to_move_counts_its_first_move_as_ply_1():
    game = read_games((DATA / "pdn" / "brazilian-lidraughts.pdn").read_text(encoding="utf-8"))[2]
    replay = replay_game(game)
    assert replay.start.turn == "B"
    assert replay.plies[0].ply == 1 and replay.plies[0].label == "36... a1xe5"
    assert replay.label(1) == "36..." and replay.label(2) == "37."
    assert replay.ply_of("37.") == 2


def test_positions_are_every_position_in_order():
    replay = replay_game(read_game('[GameType "26"]\n1. 22-18 11-15 2. 18x11 8x15 *'))
    positions = list(replay.positions())
    assert [ply for ply, _board in positions] == [0, 1, 2, 3, 4]
    assert positions[0][1].fen() == Board(BRAZILIAN).fen()
    assert positions[3][1].fen() == replay.board_at(3).fen()
    assert positions[3][1].count("B") == 11
    assert positions[-1][1].fen() == replay.board.fen()


def test_variant_from_the_command_overrides_and_a_missing_one_is_an_error():
    game = read_game("1. 22-18 11-15 *")
    with pytest.raises(DraughtsError, match="GameType"):
        replay_game(game)
    assert replay_game(game, BRAZILIAN).moves == 2


@pytest.mark.parametrize(("reply", "captured"), [("24-28", (7, 19, 22)), ("19-23", (7, 22, 24))])
def test_ambiguous_short_notation_follows_the_next_move(reply, captured):
    # The king on 13 can reach 2 taking 7, 19, 22 or taking 7, 22, 24: "13x2" fits both,
    # and only one of them leaves Black the piece the next move plays.
    fen = "W:WK13:B1,7,19,22,24"
    replay = replay_game(read_game(f'[GameType "26"]\n[FEN "{fen}"]\n1. 13x2 {reply} *'))
    assert replay.illegal is None
    assert replay.plies[0].move.captured == captured
    assert "1. 13x2 fits several legal moves" in replay.notes[0]


def test_replay_text_reports_games_before_a_syntax_error_then_the_error():
    text = '[GameType "26"]\n1. 22-18 11-15 *\n\n[GameType "26"]\n1. 22-18 {oops\n'
    results = list(replay_text(text))
    assert results[0]["moves"] == 2 and results[0]["game"] == 1
    assert results[1] == {
        "error": "PDN syntax error at line 5, column 10: comment '{' is never closed with '}'",
        "line": 5,
        "column": 10,
        "code": "unclosed-comment",
    }


def test_replay_text_applies_accepted_plies_to_the_game_named():
    text = '[GameType "26"]\n1. 22-18 18-14 *\n\n[GameType "26"]\n1. 22-18 18-14 *\n'
    first, second = replay_text(text, accept={2: {2}})
    assert first["illegal"]["article"] == "23(e)" and first["accepted"] == []
    assert second["illegal"] is None and second["accepted"][0]["ply"] == 2


def test_the_quick_check_of_plain_moves_agrees_with_the_engine():
    # replay skips full move generation for plain moves; every answer must match legal_moves()
    from rules.replay import _diagonal_steps, _quiet_move

    games = [REAL_GAMES[0][2], *read_games(BRAZILIAN_FILES[0].read_text(encoding="utf-8"))]
    checked = 0
    for game in games:
        replay = replay_game(game)
        for _ply, board in replay.positions():
            legal = set(board.legal_moves())
            for start, end in _diagonal_steps(board.variant.size):
                quick = _quiet_move(board, (start, end), False)
                if quick is not None:
                    assert quick in legal and not quick.is_capture
                    checked += 1
                else:
                    assert board.has_capture() or Move((start, end)) not in legal
    assert checked > 1000


@pytest.mark.parametrize("module", ["rules.pdn", "rules.replay"])
def test_docstring_examples_of_the_score_sheet_modules(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
