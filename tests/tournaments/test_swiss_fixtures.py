"""The Dutch engine pairs every round of bbpPairings' own random tournaments exactly as it did.

tests/data/swiss holds 196 tournaments (1,514 rounds: sets t0012, t0013) made and paired by
bbpPairings (FIDE_DUTCH_2025), tests/data/swiss/large 12 fields of 200-400 players (set t0014) and
tests/data/swiss/regressions the tournaments the engine once paired differently (issue 25); for each
round r the engine sees rounds 1..r-1 and round r's requested byes and absences only.

Replaying every round takes minutes (about 1m45s of CPU for the 197 files here, several more
for the large fields) and touches no database: those tests run in the SQLite pass only (marker
`engine_only`, left out when DATABASE_URL is set: tests/conftest.py).
"""

from fractions import Fraction
from pathlib import Path

import pytest

from tournaments.pairing.swiss.__main__ import main
from tournaments.pairing.swiss.checker import check_tournament, file_pairing
from tournaments.pairing.swiss.dutch import pair_round
from tournaments.pairing.swiss.state import from_trf
from tournaments.pairing.swiss.systems import get_system
from tournaments.pairing.swiss.trf import TrfError, read_trf

DATA = Path(__file__).resolve().parents[1] / "data" / "swiss"
FILES = sorted(DATA.glob("*.trf"))
LARGE = sorted((DATA / "large").glob("*.trf"))
REGRESSIONS = sorted((DATA / "regressions").glob("*.trf"))


def test_the_fixtures_are_all_there():
    assert len(FILES) == 196
    assert sum(read_trf(f).rounds_in_file for f in FILES) == 1514
    assert len(LARGE) == 12 and len(REGRESSIONS) == 1


def _rounds_paired_differently(path: Path) -> list[str]:
    """Each round the engine pairs otherwise than the file, with what differs."""
    t = read_trf(path)
    total = t.rounds_in_file
    wrong = []
    for r in range(1, total + 1):
        mine = pair_round(from_trf(t, r, total))
        theirs = file_pairing(t, r)
        if (set(mine.boards), mine.bye) != (set(theirs.boards), theirs.bye):
            wrong.append(f"round {r}: file {sorted(theirs.boards)} bye {theirs.bye}, "
                         f"engine {sorted(mine.boards)} bye {mine.bye}")
    return wrong


@pytest.mark.engine_only
@pytest.mark.parametrize("path", FILES + REGRESSIONS, ids=[f.stem for f in FILES + REGRESSIONS])
def test_every_round_is_paired_as_bbppairings_paired_it(path):
    assert _rounds_paired_differently(path) == []


@pytest.mark.engine_only
@pytest.mark.parametrize("path", LARGE, ids=[f.stem for f in LARGE])
def test_every_round_of_the_large_fields_is_paired_as_bbppairings_paired_it(path):
    assert _rounds_paired_differently(path) == []


def _cut(path: Path, round_no: int) -> str:
    """The file as it stood before ``round_no`` was paired: earlier rounds, that round's requested
    byes/absences, and the points after round_no - 1 (as the fixtures' README says)."""
    t = read_trf(path)
    out = []
    for line in path.read_bytes().decode().split("\r"):
        if line.startswith("001"):
            number = int(line[4:8])
            p = t.players[number]
            keep = line[: 91 + 10 * (round_no - 1)]
            entry = p.rounds[round_no - 1] if round_no - 1 < len(p.rounds) else None
            if entry is not None and entry.opponent == 0 and entry.result != "U":
                keep += line[91 + 10 * (round_no - 1) : 91 + 10 * round_no]
            points = sum(e.points for e in p.rounds[: round_no - 1])
            keep = keep[:80] + f"{float(points):4.1f}" + keep[84:]
            line = keep.rstrip()
        out.append(line)
    return "\r".join(out)


@pytest.mark.parametrize(
    ("name", "round_no"),
    # Round 5 of t0012002 has requested absences (0000 - Z) in the cut file itself.
    [("t0012000-68p7r", 2), ("t0012025-11p6r", 5), ("t0012002-79p5r", 5)],
)
def test_command_line_pairs_a_cut_file_like_the_file(tmp_path, name, round_no):
    path = DATA / f"{name}.trf"
    cut = tmp_path / "in.trf"
    cut.write_bytes(_cut(path, round_no).encode())
    out = tmp_path / "out.txt"
    assert main(["--dutch", str(cut), "-p", str(out)]) == 0
    lines = out.read_text().split("\n")
    expected = file_pairing(read_trf(path), round_no)
    count = len(expected.boards) + (1 if expected.bye else 0)
    assert int(lines[0]) == count
    got = {tuple(map(int, x.split())) for x in lines[1 : 1 + count]}
    want = set(expected.boards) | ({(expected.bye, 0)} if expected.bye else set())
    assert got == want


def test_checker_finds_no_discrepancy_and_reports_an_altered_round(tmp_path, capsys):
    path = DATA / "t0012018-8p6r.trf"
    assert check_tournament(read_trf(path), get_system("dutch")) == []
    assert main(["--dutch", str(path), "-c"]) == 0
    # Swap the colours of round 6's first board: the checker names the round and the boards.
    text = path.read_bytes().decode().split("\r")
    for i, line in enumerate(text):
        if line.startswith("001    1 ") or line.startswith("001    5 "):
            pos = 91 + 10 * 5 + 5
            text[i] = line[:pos] + ("b" if line[pos] == "w" else "w") + line[pos + 1 :]
    bad = tmp_path / "bad.trf"
    bad.write_bytes("\r".join(text).encode())
    capsys.readouterr()
    assert main(["--dutch", str(bad), "-c"]) == 1
    out = capsys.readouterr().out
    assert "round 6:" in out and "5-1" in out and "5/6 rounds" in out


def test_a_line_that_stops_early_is_a_withdrawn_player(tmp_path):
    # Other programs end a withdrawn player's line instead of writing "0000 - Z" for the rounds he
    # missed: he must not be paired in those rounds either.
    path = DATA / "t0012002-79p5r.trf"
    lines = path.read_bytes().decode().split("\r")
    cut = 0
    for i, line in enumerate(lines):
        if line.startswith("001") and line.rstrip().endswith("0000 - Z"):
            lines[i] = line.rstrip()[: -len("0000 - Z")].rstrip()
            cut += 1
    assert cut
    trimmed = tmp_path / "trimmed.trf"
    trimmed.write_bytes("\r".join(lines).encode())
    assert check_tournament(read_trf(trimmed), get_system("dutch")) == []


def test_scoring_two_one_zero_pairs_exactly_as_one_half_zero():
    # FMJD and CBD events score 2-1-0: the same tournament in doubled points pairs the same.
    t = read_trf(DATA / "t0012006-25p9r.trf")
    for r in range(1, 10):
        inp = from_trf(t, r, 9)
        doubled = from_trf(t, r, 9)
        for s in doubled.players:
            s.score *= 2
        doubled.win_points = Fraction(2)
        assert pair_round(doubled) == pair_round(inp)


def test_bbpairings_scoring_lines_price_the_results(tmp_path):
    # BBW/BBD/... (bbpPairings): a 2-1-0 file reads, checks its points column and pairs as 1-1/2-0.
    path = DATA / "t0012006-25p9r.trf"
    lines = path.read_bytes().decode().split("\r")
    doubled = []
    for line in lines:
        if line.startswith("001"):
            points = float(line[80:84])
            line = line[:80] + f"{2 * points:4.1f}" + line[84:]
        doubled.append(line)
    doubled += ["BBW 2.0", "BBD 1.0", "BBU 2.0"]
    two = tmp_path / "two.trf"
    two.write_bytes("\r".join(doubled).encode())
    t = read_trf(two)
    assert t.win_points == 2
    assert check_tournament(t, get_system("dutch")) == []
    # Without the scoring lines the doubled points column no longer adds up.
    two.write_bytes("\r".join(doubled[:-3]).encode())
    with pytest.raises(TrfError, match="column 81: player 1 has"):
        read_trf(two)


@pytest.mark.parametrize(
    ("path", "round_no", "boards", "bye"),
    [
        # C12: the moved-down player 27 had the PAB last round (a downfloat); 23 floats on instead.
        (REGRESSIONS[0], 7, {(27, 29), (28, 23)}, 24),
        (DATA / "t0013073-30p11r.trf", 8, {(22, 30), (27, 25)}, None),
        # The bye must come out of the 7 players on 3 points (nobody below may have it): the one
        # with the fewest unplayed rounds (17: none; 21: one; 9: two) gets it.
        (DATA / "t0013020-29p9r.trf", 8, {(25, 21)}, 17),
        # 52 and 104 both lost round 1 by forfeit (no colour yet): 52's pairing number is even,
        # so he gets the colour the top player did not have in round 1, absentee 49 or not.
        (DATA / "t0013023-142p9r.trf", 2, {(52, 104)}, 140),
    ],
    ids=["mdp-floats-again", "mdp-floats-again-2", "bye-fewest-unplayed", "colour-by-number"],
)
def test_the_rules_issue_25_corrected(path, round_no, boards, bye):
    t = read_trf(path)
    mine = pair_round(from_trf(t, round_no, t.rounds_in_file))
    assert boards <= set(mine.boards) and mine.bye == bye
