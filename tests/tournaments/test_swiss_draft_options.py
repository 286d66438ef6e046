"""The draft check of an arbiter's edited Swiss pairing knows the pairing options: a forbidden
pairing is flagged under C1 as a rematch is, and scores are pairing scores (C.04.5.1)."""

from fractions import Fraction

from tournaments.pairing.swiss.state import PairingInput, PlayerState
from tournaments.services.swiss import edits


def _position(*players: PlayerState, round_no: int = 2) -> PairingInput:
    return PairingInput(round_no=round_no, total_rounds=7, players=list(players))


def _player(number: int, score: str, colours: str, *, forbidden=(), acceleration="0"):
    return PlayerState(
        number=number,
        score=Fraction(score),
        colours=list(colours),
        forbidden=set(forbidden),
        acceleration=Fraction(acceleration),
    )


def _criteria(position, boards, bye=None):
    return {b.criterion: b.boards for b in edits.draft_breaches(position, boards, bye)}


def test_a_forbidden_pair_on_a_board_is_a_c1_breach_and_warning():
    position = _position(
        _player(1, "1", "w", forbidden={2}),
        _player(2, "1", "b", forbidden={1}),
        _player(3, "0", "b"),
        _player(4, "0", "w"),
    )
    assert _criteria(position, [(2, 1), (4, 3)]).get("C1") == (1,)
    assert "C1" not in _criteria(position, [(2, 3), (4, 1)])
    warnings = edits.edit_warnings(position, [(2, 1), (4, 3)], None)
    assert any("must not meet" in w for w in warnings), warnings


def test_the_forbidden_pair_is_seen_from_either_side():
    position = _position(
        _player(1, "1", "w", forbidden={2}),
        _player(2, "1", "b"),
        _player(3, "0", "b"),
        _player(4, "0", "w"),
    )
    assert _criteria(position, [(2, 1), (4, 3)]).get("C1") == (1,)


def test_virtual_points_make_equal_pairing_scores_no_c6_and_unequal_ones_a_c6():
    # 1 and 2 have 1 point, 3 has none but a virtual point: 3 is in their bracket now.
    position = _position(
        _player(1, "1", "w"),
        _player(2, "1", "b"),
        _player(3, "0", "b", acceleration="1"),
        _player(4, "0", "w"),
    )
    assert _criteria(position, [(3, 1), (2, 4)])["C6"] == (2,)
    assert _criteria(position, [(4, 3), (1, 2)])["C6"] == (1,)


def test_the_bye_goes_by_the_lowest_pairing_score():
    # 4 has the lowest real score but a virtual point lifts him above 3.
    position = _position(
        _player(1, "1", "w"),
        _player(2, "1", "b"),
        _player(3, "0.5", "b"),
        _player(4, "0", "w", acceleration="1"),
    )
    assert "C5" in _criteria(position, [(1, 2)], bye=4)
    assert "C5" not in _criteria(position, [(1, 2)], bye=3)
