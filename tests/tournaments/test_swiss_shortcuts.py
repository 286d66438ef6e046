"""The Dutch engine's shortcuts (issue 28) pair every round exactly as the full graph does.

An odd bracket is paired on its own players and one stand-in for everyone below it; the choice is
kept only when its floater and the next scoregroup then make all the pairs they can
(``_Round.floats_into_next``), else the bracket is paired over the real players below.
"""

from fractions import Fraction

import pytest

from tournaments.pairing.swiss.dutch import _Round
from tournaments.pairing.swiss.simulate import simulate
from tournaments.pairing.swiss.state import PairingInput, PlayerState, from_trf


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
