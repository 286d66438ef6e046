"""The blossom matching stays exact after the speed work of issue 28.

The solver now keeps, from one stage to the next, each vertex's edges to the free (root) blossoms
in heaps, keeps the unlabelled vertices' best edges in a heap, and the Dutch criteria combine their
levels edge by edge. These tests compare it with an exhaustive optimum (dynamic programming over
vertex subsets) on graphs that make many stages, blossoms and ties: small weights (many equal
optima), the Dutch engine's huge lexicographic weights, negative ones, with and without maximum
cardinality.
"""

import random
from functools import cache
from itertools import combinations

import pytest

from tournaments.pairing.swiss.dutch_criteria import _combine_rows
from tournaments.pairing.swiss.matching import _Solver, _tight_edges, max_weight_matching


def optimum(n, edges, max_cardinality):
    """(pairs, weight) of the best matching, pairs first when ``max_cardinality``."""
    adj = {}
    for u, v, w in edges:
        adj[(u, v)] = adj[(v, u)] = w

    @cache
    def best(mask):
        if not mask:
            return (0, 0)
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        top = best(rest)
        for u in range(v + 1, n):
            if rest >> u & 1 and (v, u) in adj:
                size, weight = best(rest & ~(1 << u))
                cand = (size + 1, weight + adj[(v, u)])
                if (cand if max_cardinality else cand[::-1]) > (
                    top if max_cardinality else top[::-1]
                ):
                    top = cand
        return top

    got = best((1 << n) - 1)
    return got if max_cardinality else (None, got[1])


def weight_of(mate, edges):
    w = {frozenset((u, v)): x for u, v, x in edges}
    pairs = [(v, m) for v, m in enumerate(mate) if m > v]
    assert all(mate[m] == v for v, m in pairs)
    assert all(m == -1 or mate[m] == v for v, m in enumerate(mate))
    return len(pairs), sum(w[frozenset(p)] for p in pairs)


def lexicographic(rng, levels=6):
    """A weight as the engine builds them: levels of small values, most important first."""
    value = 0
    for _ in range(levels):
        value = value * rng.choice([3, 97, 2**61 + 1]) + rng.randint(-2, 2)
    return value


WEIGHTS = {
    "ties": lambda rng: rng.randint(0, 3),
    "mixed": lambda rng: rng.randint(-20, 60),
    "lexicographic": lexicographic,
}


@pytest.mark.parametrize("kind", sorted(WEIGHTS))
@pytest.mark.parametrize("max_cardinality", [True, False])
def test_matching_equals_the_exhaustive_optimum(kind, max_cardinality):
    rng = random.Random(f"{kind}-{max_cardinality}")
    for _ in range(120):
        n = rng.randint(2, 13)
        density = rng.choice([0.3, 0.6, 1.0])
        edges = [
            (u, v, WEIGHTS[kind](rng))
            for u, v in combinations(range(n), 2)
            if rng.random() < density
        ]
        mate = max_weight_matching(n, edges, max_cardinality)
        size, weight = weight_of(mate, edges)
        want_size, want_weight = optimum(n, edges, max_cardinality)
        assert weight == want_weight
        if max_cardinality:
            assert size == want_size


def test_a_bracket_like_graph_with_huge_weights_is_solved_exactly():
    # Two halves whose cross edges carry a transposition-like order (each S1 player prefers the
    # lowest S2 player, the higher S1 players first), plus some noise edges inside the halves.
    rng = random.Random(28)
    for n in (10, 12, 14):
        half = n // 2
        kk = n + 1
        edges = []
        for i, j in combinations(range(n), 2):
            if i < half <= j:
                edges.append((i, j, 2**80 - (j - half + 1) * kk ** (half - i)))
            elif rng.random() < 0.4:
                edges.append((i, j, rng.randint(0, 2**70)))
        mate = max_weight_matching(n, edges, True)
        assert weight_of(mate, edges) == optimum(n, edges, True)


def test_combined_levels_are_the_lexicographic_integer():
    rng = random.Random(5)
    for _ in range(200):
        width = rng.randint(1, 25)
        rows = [
            [
                rng.choice([0, 0, rng.randint(-3, 3), -(2 ** rng.randint(0, 200))])
                for _ in range(width)
            ]
            for _ in range(rng.randint(1, 30))
        ]
        nvert = rng.randint(1, 300)
        expected = [0] * len(rows)
        for level in zip(*rows, strict=True):
            span = max(abs(x) for x in level)
            if span:
                expected = [
                    w * (nvert * span + 1) + x for w, x in zip(expected, level, strict=True)
                ]
        assert _combine_rows(rows, nvert) == expected


def certified(n, edges, max_cardinality):
    """Solve, then check the final duals prove the matching optimal (the LP certificate)."""
    solver = _Solver(n, edges, max_cardinality)
    mate = solver.solve()
    dual, parent = solver.dual, solver.parent
    offset = max(0, -min(dual[:n])) if max_cardinality else 0
    assert all(dual[v] + offset >= 0 for v in range(n))
    blossoms = [b for b in range(n, 2 * n) if solver.base[b] >= 0]
    assert all(dual[b] >= 0 for b in blossoms)

    def chain(v):
        out = []
        b = parent[v]
        while b != -1:
            out.append(b)
            b = parent[b]
        return out

    inside = {b: 0 for b in blossoms}
    for u, v, w in edges:
        common = set(chain(u)) & set(chain(v))
        s = dual[u] + dual[v] - 2 * w + 2 * sum(dual[b] for b in common)
        assert s >= 0
        if mate[u] == v:
            assert s == 0
            for b in common:
                inside[b] += 1
    for v in range(n):
        if mate[v] == -1:
            assert dual[v] + offset == 0
    for b in blossoms:
        if dual[b] > 0:
            assert inside[b] == len(list(solver.leaves(b))) // 2
    return mate


@pytest.mark.parametrize("kind", sorted(WEIGHTS))
@pytest.mark.parametrize("max_cardinality", [True, False])
def test_large_random_graphs_end_with_an_optimality_certificate(kind, max_cardinality):
    rng = random.Random(f"large-{kind}-{max_cardinality}")
    for _ in range(12):
        n = rng.randint(30, 90)
        density = rng.choice([0.1, 0.3, 0.8])
        edges = [
            (u, v, WEIGHTS[kind](rng))
            for u, v in combinations(range(n), 2)
            if rng.random() < density
        ]
        mate = certified(n, edges, max_cardinality)
        assert mate == max_weight_matching(n, edges, max_cardinality)


def _two_level(rng, pairs, n):
    """Weights whose last level is a fine order under a coarse one, and the coarse part alone
    (as the Dutch criteria build them: ``_combine_rows`` over the levels, then without the last)."""
    rows = [
        [rng.randint(-1, 1), rng.randint(0, 2), rng.choice([0, -rng.randint(1, 2**70)])]
        for _ in pairs
    ]
    weights = _combine_rows(rows, n)
    coarse = _combine_rows([row[:-1] for row in rows], n)
    return [(u, v, w) for (u, v), w in zip(pairs, weights, strict=True)], coarse


@pytest.mark.parametrize("max_cardinality", [True, False])
def test_a_coarse_pass_first_finds_the_exhaustive_optimum(max_cardinality):
    # Few coarse values make many coarse optima (and blossoms): the fine level must still pick
    # the best of them although the second pass sees only the edges the first left tight.
    rng = random.Random(f"coarse-{max_cardinality}")
    for _ in range(150):
        n = rng.randint(2, 13)
        density = rng.choice([0.3, 0.6, 1.0])
        pairs = [(u, v) for u, v in combinations(range(n), 2) if rng.random() < density]
        edges, coarse = _two_level(rng, pairs, n)
        mate = max_weight_matching(n, edges, max_cardinality, coarse)
        size, weight = weight_of(mate, edges)
        want_size, want_weight = optimum(n, edges, max_cardinality)
        assert weight == want_weight
        if max_cardinality:
            assert size == want_size


@pytest.mark.parametrize("max_cardinality", [True, False])
def test_a_coarse_pass_on_large_graphs_keeps_the_optimum_on_fewer_edges(max_cardinality):
    rng = random.Random(f"coarse-large-{max_cardinality}")
    dropped = 0
    for _ in range(10):
        n = rng.randint(30, 80)
        pairs = [(u, v) for u, v in combinations(range(n), 2) if rng.random() < 0.5]
        edges, coarse = _two_level(rng, pairs, n)
        want = weight_of(certified(n, edges, max_cardinality), edges)
        assert weight_of(max_weight_matching(n, edges, max_cardinality, coarse), edges) == want
        rough = _Solver(n, [(u, v, c) for (u, v, _w), c in zip(edges, coarse, strict=True)],
                        max_cardinality)
        rough.solve()
        dropped += len(edges) - len(_tight_edges(rough))
    # The first pass did leave most edges out: the second one was a smaller problem.
    assert dropped > 0


def test_the_leading_levels_are_the_weight_divided_by_the_last_radix():
    # dutch_criteria takes a bracket's coarse weights (every level but the transpositions', which
    # are never positive) by dividing the whole weight, rounded up, rather than combining again.
    rng = random.Random(11)
    for _ in range(200):
        width = rng.randint(2, 25)
        rows = [
            [rng.choice([0, rng.randint(-3, 3), -(2 ** rng.randint(0, 90))]) for _ in range(width)]
            for _ in range(rng.randint(1, 30))
        ]
        for row in rows:
            row[-1] = -abs(row[-1])
        nvert = rng.randint(1, 300)
        span = max(-row[-1] for row in rows)
        if not span:
            continue
        radix = nvert * span + 1
        weights = _combine_rows(rows, nvert)
        assert [-(-w // radix) for w in weights] == _combine_rows([r[:-1] for r in rows], nvert)
