"""The Dutch engine pairs bbpPairings' own tournaments with Baku acceleration (XXA) and forbidden
pairs (XXP) exactly as bbpPairings did, every round (issue 27; tests/data/swiss/accelerated).

For each round r the engine sees rounds 1..r-1, round r's requested byes and the file's XXA/XXP
lines, as bbpPairings saw them. No database (marker `engine_only`, as the other fixtures).
"""

from pathlib import Path

import pytest

from tournaments.pairing.swiss.acceleration import baku
from tournaments.pairing.swiss.checker import file_pairing
from tournaments.pairing.swiss.dutch import pair_round
from tournaments.pairing.swiss.state import from_trf
from tournaments.pairing.swiss.trf import read_trf

DATA = Path(__file__).resolve().parents[1] / "data" / "swiss"
ACCELERATED = sorted((DATA / "accelerated").glob("*.trf"))
FORBIDDEN = sorted((DATA / "forbidden").glob("*.trf"))


def test_the_option_fixtures_are_all_there():
    assert len(ACCELERATED) == 8 and len(FORBIDDEN) == 6
    assert sum(read_trf(f).rounds_in_file for f in ACCELERATED) == 63
    assert sum(read_trf(f).rounds_in_file for f in FORBIDDEN) == 48
    assert all(read_trf(f).forbidden_pairs for f in FORBIDDEN)


@pytest.mark.parametrize("path", ACCELERATED, ids=[f.stem for f in ACCELERATED])
def test_baku_gives_the_files_virtual_points(path):
    """baku() and the generator's own reading of C.04.5.1 agree, player by player."""
    t = read_trf(path)
    expected = baku(sorted(t.players), t.total_rounds)
    assert t.accelerations == {
        n: row[: len(t.accelerations.get(n, []))] for n, row in expected.items() if any(row)
    }
    assert all(sum(row) == 0 for n, row in expected.items() if n not in t.accelerations)


@pytest.mark.engine_only
@pytest.mark.parametrize(
    "path", ACCELERATED + FORBIDDEN, ids=[f.stem for f in ACCELERATED + FORBIDDEN]
)
def test_every_round_is_paired_as_bbppairings_paired_it(path):
    t = read_trf(path)
    wrong = []
    for r in range(1, t.rounds_in_file + 1):
        mine = pair_round(from_trf(t, r, t.total_rounds))
        theirs = file_pairing(t, r)
        if (set(mine.boards), mine.bye) != (set(theirs.boards), theirs.bye):
            wrong.append(
                f"round {r}: file {sorted(theirs.boards)} bye {theirs.bye}, "
                f"engine {sorted(mine.boards)} bye {mine.bye}"
            )
    assert wrong == []
