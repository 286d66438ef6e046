"""`python -m rules replay`: the contract for checking score sheets from outside (subprocess)."""

import json
import subprocess
import sys
from pathlib import Path

from rules import BRAZILIAN, Board, parse_move

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def run(*args, stdin=None):
    result = subprocess.run(
        [sys.executable, "-m", "rules", "replay", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
    )
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    return result.returncode, lines, result.stderr


def test_real_file_gives_one_json_line_per_game():
    code, lines, _err = run("--variant", "international", DATA / "games" / "wk2003.pdn")
    assert code == 0
    assert len(lines) == 23
    assert all(line["illegal"] is None for line in lines)
    first = lines[0]
    assert first["moves"] == 80 and first["draws"] == [] and first["game"] == 1
    assert first["final_fen"].startswith(("W:", "B:"))


def test_illegal_move_on_an_algebraic_sheet_keeps_its_notation(tmp_path):
    path = tmp_path / "sheet.pdn"
    path.write_text('[GameType "26"]\n\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 h8-g7 4. b2-a3 *')
    code, lines, _err = run("--variant", "brazilian", path)
    assert code == 0
    (line,) = lines
    assert line["moves"] == 6
    assert (line["illegal"]["ply"], line["illegal"]["move"]) == (7, "4. b2-a3")
    assert line["illegal"]["article"] == "23(b)" and "empty" in line["illegal"]["reason"]
    board = Board(BRAZILIAN)
    for text in ["c3-d4", "f6-e5", "d4xf6", "g7xe5", "b2-c3", "h8-g7"]:
        board.push(parse_move(board, text))
    assert line["final_fen"] == board.fen(algebraic=True)


def test_compulsory_capture_ignored_is_23f_and_accepting_it_goes_on(tmp_path):
    path = tmp_path / "sheet.pdn"
    path.write_text('[GameType "26"]\n\n1. 22-18 11-15 2. 21-17 15x13 *\n')
    code, lines, _err = run("--variant", "brazilian", path)
    assert code == 0
    assert lines[0]["moves"] == 2
    assert lines[0]["illegal"] == {
        "ply": 3,
        "move": "2. 21-17",
        "article": "23(f)",
        "category": "f",
        "code": "capture-compulsory",
        "reason": "Art. 23 (f), a move when a capture was compulsory: a capture was compulsory "
        "(Art. 16): 18x11",
    }
    code, lines, _err = run("--variant", "brazilian", "--accept", "3", path)
    assert code == 0
    assert lines[0]["moves"] == 4 and lines[0]["illegal"] is None
    assert lines[0]["accepted"][0]["article"] == "23(f)"


def test_draws_list_each_rule_with_its_first_ply(tmp_path):
    path = tmp_path / "draw.pdn"
    path.write_text(
        '[GameType "26"]\n[FEN "W:WK29,K32:BK1"]\n\n'
        "1. 29-4 1-5 2. 4-8 5-1 3. 8-3 1-5 4. 3-7 5-1 5. 7-2 1-5 6. 2-6 5-1 *\n"
    )
    _code, (cbd,), _err = run(path)
    assert cbd["draws"] == [{"rule": "endgame-5", "ply": 10}]
    _code, (club,), _err = run("--profile", "club", path)
    assert club["draws"] == []


def test_time_control_changes_the_100_square_three_against_one_rule(tmp_path):
    moves = " ".join(
        f"{n}. {w} {b}"
        for n, (w, b) in enumerate(
            [("45-1", "3-8")] + [("1-6", "8-2"), ("6-1", "2-8")] * 3 + [("1-6", "8-2")], 1
        )
    )
    path = tmp_path / "three.pdn"
    path.write_text(f'[GameType "20"]\n[FEN "W:WK45,K50,K49:BK3"]\n\n{moves} *\n')
    _code, (rapid,), _err = run("--time-control", "rapid", path)
    assert {"rule": "three-vs-one", "ply": 10} in rapid["draws"]
    _code, (classical,), _err = run(path)
    assert all(entry["rule"] != "three-vs-one" for entry in classical["draws"])


def test_syntax_error_is_one_json_line_with_line_and_column_and_a_failing_status(tmp_path):
    path = tmp_path / "bad.pdn"
    path.write_text('[GameType "26"]\n\n1. 22-18 11-15 *\n\n[GameType "26"]\n\n1. 22-18 ) *\n')
    code, lines, _err = run(path)
    assert code != 0
    assert lines[0]["moves"] == 2
    assert lines[1]["line"] == 7 and lines[1]["column"] == 10
    assert "line 7, column 10" in lines[1]["error"]


def test_game_without_variant_is_an_error_line(tmp_path):
    path = tmp_path / "novariant.pdn"
    path.write_text("1. 22-18 11-15 *\n")
    code, lines, _err = run(path)
    assert code != 0
    assert "GameType" in lines[0]["error"]
    code, lines, _err = run("--variant", "brazilian", path)
    assert code == 0 and lines[0]["moves"] == 2


def test_accept_before_the_file_and_standard_input():
    sheet = '[GameType "26"]\n\n1. 22-18 18-14 2. 23-19 9x18 *\n'
    code, lines, _err = run("--accept", "1:2", "-", stdin=sheet)
    assert code == 0
    assert lines[0]["accepted"][0]["ply"] == 2 and lines[0]["moves"] == 4
