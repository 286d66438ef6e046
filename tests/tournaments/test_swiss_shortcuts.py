"""The Dutch engine's shortcuts (issue 28) pair every round exactly as the full graph does.

An odd bracket is paired on its own players and one stand-in for everyone below it; the choice is
kept only when its floater and the next scoregroup then make all the pairs they can
(``_Round.floats_into_next``), else the bracket is paired over the real players below. A large
bracket's matching is solved on its leading levels first, then on the edges they leave tight
(``dutch_criteria.COARSE_EDGES``).
"""

from fractions import Fraction
from pathlib import Path

import pytest

from tournaments.pairing.swiss import dutch_criteria
from tournaments.pairing.swiss.checker import file_pairing
from tournaments.pairing.swiss.dutch import _greedy_completion, _Round, pair_round
from tournaments.pairing.swiss.simulate import simulate
from tournaments.pairing.swiss.state import PairingInput, PlayerState, from_trf
from tournaments.pairing.swiss.trf import read_trf


@pytest.fixture
def verdicts(monkeypatch):
    """How often the stand-in's choice was kept (True) or refused (False)."""
    seen = {True: 0, False: 0}
    original = _Round.floats_into_next

    def spy(self, *args):
        kept = original(self, *args)
        seen[kept] += 1
        return kept

    monkeypatch.setattr(_Round, "floats_into_next", spy)
    return seen


def test_odd_brackets_pair_like_the_full_graph(verdicts):
    for players, seed in [(41, 4), (57, 9), (74, 21)]:
        t = simulate(players, 6, seed, total_rounds=7)
        for r in range(2, 8):
            fast = _Round(from_trf(t, r, 7), fast=True).pair()
            full = _Round(from_trf(t, r, 7), fast=False).pair()
            assert fast == full, f"{players} players, seed {seed}, round {r}"
    # Both ways out of the shortcut were taken, so both were compared with the full graph.
    assert verdicts[True] >= 10
    assert verdicts[False] >= 1


def _player(number, score, colours, opponents):
    return PlayerState(number, Fraction(score), list(colours), set(opponents), [""] * 2)


def test_a_floater_who_met_the_next_scoregroup_sends_the_bracket_to_the_full_graph(verdicts):
    # Round 3. Scoregroup 2 is {1, 2, 3}: one of them floats to scoregroup 1 = {4, 5}. Player 3,
    # the stand-in's floater, has met both 4 and 5, so he could not be paired there: the
    # stand-in's choice is refused and the bracket paired over the real players.
    players = [
        _player(1, 2, "wb", {6, 7}),
        _player(2, 2, "bw", {7, 6}),
        _player(3, 2, "wb", {4, 5}),
        _player(4, 1, "bw", {3, 8}),
        _player(5, 1, "wb", {8, 3}),
        _player(6, 0, "bw", {1, 2}),
        _player(7, 0, "wb", {2, 1}),
        _player(8, 0, "bw", {5, 4}),
    ]
    inp = PairingInput(3, 5, players)
    fast = _Round(inp, fast=True).pair()
    full = _Round(PairingInput(3, 5, [*players]), fast=False).pair()
    assert fast == full
    assert verdicts[False] >= 1
    # Over the real players below, 1 floats (he can meet 4) and 3 stays to play 2.
    assert {2, 3} in [set(board) for board in fast.boards]
    assert {1, 4} in [set(board) for board in fast.boards]


@pytest.fixture
def coarse_everywhere(monkeypatch):
    """Every bracket's matching solved on its leading levels first (normally only large ones);
    returns how many were."""
    monkeypatch.setattr(dutch_criteria, "COARSE_EDGES", 1)
    monkeypatch.setattr(dutch_criteria, "COARSE_FLOATER_EDGES", 1)
    monkeypatch.setattr(dutch_criteria, "COARSE_BITS", 1)
    calls = []
    original = dutch_criteria.max_weight_matching

    def spy(n, edges, max_cardinality, coarse=None):
        if coarse is not None:
            calls.append(len(edges))
        return original(n, edges, max_cardinality, coarse)

    monkeypatch.setattr(dutch_criteria, "max_weight_matching", spy)
    return calls


def test_brackets_matched_on_their_leading_levels_first_pair_the_same(coarse_everywhere):
    t = simulate(90, 6, 33, total_rounds=7)
    with_coarse = [pair_round(from_trf(t, r, 7)) for r in range(2, 8)]
    assert len(coarse_everywhere) > 10
    dutch_criteria.COARSE_EDGES = dutch_criteria.COARSE_FLOATER_EDGES = 10**9
    whole = [pair_round(from_trf(t, r, 7)) for r in range(2, 8)]
    assert with_coarse == whole


@pytest.mark.engine_only
def test_a_large_field_matched_on_leading_levels_first_is_paired_as_bbppairings_did(
    coarse_everywhere,
):
    path = Path(__file__).resolve().parents[1] / "data/swiss/large/t0014001-274p7r.trf"
    t = read_trf(path)
    for r in range(1, t.rounds_in_file + 1):
        mine = pair_round(from_trf(t, r, t.rounds_in_file))
        theirs = file_pairing(t, r)
        assert (set(mine.boards), mine.bye) == (set(theirs.boards), theirs.bye), f"round {r}"
    assert len(coarse_everywhere) > 20


def _ranked(*colours):
    """The engine's players for round 3, all on one point, with these colour histories."""
    players = [_player(n, 1, c, set()) for n, c in enumerate(colours, start=1)]
    return _Round(PairingInput(3, 9, players)).players


def test_the_completion_witness_repairs_a_greedy_pairing_stuck_at_the_end():
    # 1-2 pair first; 3 and 4 both had White twice (absolute preference for Black, C3): left
    # over, 4 takes 2 (the pair nearest the end) and 1 takes 3. Late in a 1,000-player open
    # this sent ten brackets of one round to the full graph (about 8 s each).
    players = _ranked("wb", "bw", "ww", "ww")
    pairs = _greedy_completion(players, odd=False)
    assert sorted(sorted((a.number, b.number)) for a, b in pairs) == [[1, 3], [2, 4]]


def test_the_completion_witness_finds_none_when_there_is_none():
    # 2, 3 and 4 may not meet one another: no way to pair all four.
    assert _greedy_completion(_ranked("wb", "ww", "ww", "ww"), odd=False) is None
