"""The command line, run as another program would run it: `python -m rules ...`."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "rules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_perft_prints_progress_and_the_count_alone_last():
    result = run("perft", "--variant", "brazilian", "--depth", "4")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[-1] == "1469"
    progress = lines[:-1]
    assert len(progress) == 7  # one line per root move
    assert sum(int(line.split(": ")[1]) for line in progress) == 1469


def test_perft_international_from_a_fen():
    fen = "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26"
    result = run("perft", "--variant", "international", "--fen", fen, "--depth", "5")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "215"


def test_perft_depth_one_prints_only_the_count():
    result = run("perft", "--variant", "international", "--depth", "1")
    assert result.stdout.strip().splitlines() == ["9"]


def test_perft_with_a_bad_fen_fails_with_a_message():
    result = run("perft", "--variant", "brazilian", "--fen", "W:W99", "--depth", "2")
    assert result.returncode == 2
    assert "square 99 does not exist" in result.stderr
    assert result.stdout == ""


def test_moves_writes_one_sorted_json_line_per_fen_and_goes_on_after_an_error():
    stdin = "W:W18,30:B22\n\nnot a fen\n  W:WK29:B22,19  \nW:W22:B1\n"
    result = run("moves", "--variant", "brazilian", stdin=stdin)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 4  # the blank line is skipped
    assert json.loads(lines[0]) == [[18, 25, [22]]]
    error = json.loads(lines[1])
    assert set(error) == {"error"} and "invalid FEN 'not a fen'" in error["error"]
    assert json.loads(lines[2]) == [[29, 24, [19, 22]], [29, 28, [19, 22]]]
    assert json.loads(lines[3]) == [[22, 17, []], [22, 18, []]]


def test_moves_international_initial_position():
    result = run("moves", "--variant", "international", stdin="W:W31-50:B1-20\n")
    moves = json.loads(result.stdout)
    assert len(moves) == 9
    assert moves == sorted(moves)
    assert moves[0] == [31, 26, []]


def test_unknown_variant_is_refused_by_argparse():
    result = run("moves", "--variant", "russian")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr
