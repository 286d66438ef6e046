"""Replay does each position's work once, within a budget (issue 19).

The looping sheet goes round the worst capture position of issue 19 (a king with 12,530 capture
routes) through accepted irregular moves, as an arbiter can record them (Art. 23): 160 plies,
four positions. Before the capture search went over states it took 80 s to replay.
"""

import pytest

from rules import INTERNATIONAL, Board, Color, Piece
from rules.errors import DraughtsError
from rules.irregularities import classify, written_jumps
from rules.pdn import read_game
from rules.replay import ReplayBudgetError, replay_game

WORST = "W:WK2,50:B8,9,10,11,12,20,21,28,30,31,34,41,42,43,44"


def looping_sheet(rounds: int = 40) -> str:
    """White's man goes 50-45-50 while a capture is compulsory (f), Black's 20-14 back (b) and
    forwards: the position comes back every four plies."""
    moves = " ".join(f"{2 * n - 1}. 50-45 20-14 {2 * n}. 45-50 14-20" for n in range(1, rounds + 1))
    return f'[GameType "20"]\n[FEN "{WORST}"]\n{moves} *'


ACCEPTED = [ply for ply in range(1, 161) if ply % 4 != 0]


def test_the_looping_sheet_replays_with_every_irregularity_named():
    replay = replay_game(read_game(looping_sheet()), accept=ACCEPTED)
    assert replay.illegal is None
    assert replay.moves == 160
    assert [(p.ply, p.irregularity.article) for p in replay.accepted[:3]] == [
        (1, "23(f)"),
        (2, "23(b)"),
        (3, "23(f)"),
    ]
    assert len(replay.accepted) == 120
    assert replay.board == replay.start  # back where it started


def test_a_position_met_again_reuses_its_moves():
    replay = replay_game(read_game(looping_sheet()), accept=ACCEPTED)
    # four positions go round; moves are generated in the three where an irregular move is
    # written (Black's legal 14-20 is checked without generating), once each for 160 plies
    assert replay.generated == 3
    shorter = replay_game(read_game(looping_sheet(rounds=2)), accept=ACCEPTED[:6])
    assert shorter.generated == replay.generated


def test_the_looping_sheet_is_still_refused_at_its_first_irregular_move_not_accepted():
    replay = replay_game(read_game(looping_sheet()), accept=ACCEPTED[:-1])
    assert replay.illegal is not None
    assert replay.illegal.ply == ACCEPTED[-1]
    assert replay.illegal.article == "23(f)"


def test_a_sheet_longer_than_the_ply_budget_is_refused_naming_the_ply():
    with pytest.raises(ReplayBudgetError) as caught:
        replay_game(read_game(looping_sheet()), accept=ACCEPTED, max_plies=100)
    error = caught.value
    assert isinstance(error, DraughtsError)
    assert (error.ply, error.label, error.limit, error.budget) == (101, "51. 50-45", "plies", 100)
    assert "more than 100 half-moves" in str(error) and "51. 50-45" in str(error)


def test_a_sheet_within_the_budget_replays_as_without_one():
    game = read_game(looping_sheet())
    plain = replay_game(game, accept=ACCEPTED)
    bounded = replay_game(game, accept=ACCEPTED, max_plies=160, max_seconds=60)
    assert bounded.moves == plain.moves == 160
    assert bounded.board.fen() == plain.board.fen()


def test_a_sheet_over_the_time_budget_is_refused_naming_the_ply():
    with pytest.raises(ReplayBudgetError) as caught:
        replay_game(read_game(looping_sheet()), accept=ACCEPTED, max_seconds=0)
    assert caught.value.limit == "seconds"
    assert caught.value.ply == 1
    assert "engine time" in str(caught.value)


def test_accepted_plies_beyond_the_sheet_are_noted_once_not_one_by_one():
    replay = replay_game(read_game(looping_sheet(rounds=1)), accept=range(1, 1_000_000))
    assert replay.moves == 4
    beyond = [note for note in replay.notes if "not on the sheet" in note]
    assert beyond == [
        "999995 plies given as accepted are not on the sheet (1-4): 5, 6, 7, 8, 9, ..."
    ]


def test_an_irregular_king_move_in_the_worst_position_is_classified_over_states():
    """2-1 can be read as a 12-piece capture of the king: (h), where 15 are required."""
    board = Board.from_fen("W:WK2:B8,9,10,11,12,20,21,28,30,31,34,41,42,43,44", INTERNATIONAL)
    found = classify(board, (2, 1), False, "W")
    assert (found.article, found.code, found.required) == ("23(h)", "majority", 15)
    assert str(found.move) == "2x16x27x4x15x24x47x36x27x49x40x29x1"
    sequences = written_jumps(board, (2, 1))
    assert len(sequences) == len({(s.captured, s.complete) for s in sequences})


def test_a_board_remembers_its_position_s_moves_only_while_it_stays_there():
    board = Board.from_fen("W:WK2:B8,9,10,11,12,20,21,28,30,31,34,41,42,43,44", INTERNATIONAL)
    first = board.legal_moves()
    assert board.legal_moves() == first
    assert board.memoised("legal", list) is board.memoised("legal", list)  # computed once
    board.set_piece_at(44, None)  # the position changes: nothing remembered applies
    assert {m.captured for m in board.legal_moves()} != {m.captured for m in first}
    board.set_piece_at(44, Piece(Color.BLACK))
    board.push(first[0])
    assert all(m.start != 2 for m in board.legal_moves())  # Black to move now
    board.pop()
    assert board.legal_moves() == first
    copy = board.copy()
    copy.push(first[0])
    assert board.legal_moves() == first  # a copy moving on does not disturb the original


def test_the_command_line_refuses_a_game_over_the_budget_and_goes_on(tmp_path, capsys):
    import json

    from rules.cli import main

    path = tmp_path / "sheets.pdn"
    short = '[GameType "26"]\n1. 22-18 11-15 *'
    path.write_text(looping_sheet() + "\n\n" + short + "\n", encoding="utf-8")
    accept = [f"1:{ply}" for ply in ACCEPTED]
    status = main(["replay", "--max-plies", "100", str(path), "--accept", *accept])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 1
    assert lines[0]["game"] == 1 and (lines[0]["ply"], lines[0]["budget"]) == (101, "plies")
    assert "more than 100 half-moves" in lines[0]["error"]
    assert lines[1]["game"] == 2 and lines[1]["moves"] == 2
