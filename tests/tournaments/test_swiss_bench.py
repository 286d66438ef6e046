"""bench/swiss.py (issue 28) cuts a simulated field before the round to pair and reads the
pairing a command-line engine writes: both must hold, or its table times the wrong round."""

import importlib.util
import sys
from pathlib import Path

from tournaments.pairing.swiss.__main__ import _next_round, main
from tournaments.pairing.swiss.simulate import simulate
from tournaments.pairing.swiss.trf import parse_trf, points_after, write_trf

BENCH = Path(__file__).resolve().parents[2] / "bench" / "swiss.py"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_swiss", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_cut_file_stands_before_the_round_and_our_engine_pairs_it(tmp_path):
    bench = _bench()
    full = parse_trf(write_trf(simulate(16, 4, seed=7, total_rounds=9)))
    text = bench.cut(write_trf(full), 3)
    t = parse_trf(text)
    assert _next_round(t) == 3 and t.total_rounds == 9
    for n, p in t.players.items():
        assert p.points == points_after(full, full.players[n], 2)
    src, out = tmp_path / "in.trf", tmp_path / "out.txt"
    src.write_text(text, encoding="ascii")
    assert main(["--dutch", str(src), "-p", str(out)]) == 0
    wall, cpu, pairs, rss = bench.run([sys.executable, "-c", "pass"], out)
    assert wall >= 0 and cpu >= 0 and rss > 1
    lines = out.read_text().split("\n")
    assert len(pairs) == int(lines[0]) and all(" " in pair for pair in pairs)
