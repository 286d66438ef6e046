"""Each tie-break of the registry on its own, on small crosstables worked by hand (Art. 4, 28)."""

from fractions import Fraction as F

import pytest

from tournaments.standings.games import Crosstable, GameRecord
from tournaments.standings.scoring import FMJD, STANDARD, Result
from tournaments.standings.tiebreaks import DEFAULT_ORDER, REGISTRY, resolve


def game(round_number: int, white: int, black: int, result: str | None) -> GameRecord:
    return GameRecord(round_number, white, black, None if result is None else Result(result))


# Four players on the FIDE 4-player table (R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1), with one forfeit:
# in round 2 player 4 (White) did not come and player 3 (Black) wins by forfeit (Art. 28).
FOUR = [
    game(1, 1, 4, "1-0"),
    game(1, 2, 3, "1/2-1/2"),
    game(2, 4, 3, "-+"),
    game(2, 1, 2, "0-1"),
    game(3, 2, 4, "0-1"),
    game(3, 3, 1, "1/2-1/2"),
]
# Totals: P1 = 1 + 0 + 1/2 = 3/2; P2 = 1/2 + 1 + 0 = 3/2; P3 = 1/2 + 1 + 1/2 = 2; P4 = 0 + 0 + 1.


def values(tie_break_id, games, players=(1, 2, 3, 4), group=None, scoring=STANDARD, **kwargs):
    table = Crosstable(players, games, scoring, **kwargs)
    return REGISTRY[tie_break_id].compute(table, list(group or players))


def test_registry_ids_are_the_stable_ones():
    assert set(REGISTRY) == {
        "direct-encounter", "wins", "sonneborn-berger", "most-black", "koya", "games-played",
        "buchholz", "buchholz-cut-1", "buchholz-cut-2", "buchholz-median-1", "progressive",
        "games-won", "aro", "aro-cut-1", "tpr",
    }
    assert all(tie_break.id == key for key, tie_break in REGISTRY.items())


def test_default_order_is_the_regulation_order():
    # Art. 4: a) confronto direto b) maior número de vitórias c) Sonneborn-Berger d) maioria de
    # pretas
    assert DEFAULT_ORDER == ("direct-encounter", "wins", "sonneborn-berger", "most-black")
    assert [REGISTRY[i].article.split(";")[0] for i in DEFAULT_ORDER] == [
        "Art. 4 (a)", "Art. 4 (b)", "Art. 4 (c)", "Art. 4 (d)",
    ]


def test_every_tie_break_names_itself_and_cites_its_article():
    # The Portuguese names come from the catalogue: tests/project/test_translations.py.
    for tie_break in REGISTRY.values():
        assert tie_break.name
        assert "FIDE C.07" in tie_break.article


def test_resolve_refuses_unknown_and_repeated_ids():
    assert [t.id for t in resolve(["wins", "koya"])] == ["wins", "koya"]
    with pytest.raises(ValueError, match="unknown tie-break ids \\['solkoff'\\]"):
        resolve(["wins", "solkoff"])
    with pytest.raises(ValueError, match="only once"):
        resolve(["wins", "wins"])


def test_wins_count_forfeit_wins():
    # P1 beat P4; P2 beat P1; P3 won by forfeit; P4 beat P2.
    assert values("wins", FOUR) == {1: 1, 2: 1, 3: 1, 4: 1}


def test_wins_ignore_a_double_forfeit_and_unplayed_games():
    games = [game(1, 1, 2, "--"), game(1, 3, 4, "0-1"), game(2, 1, 3, None)]
    assert values("wins", games) == {1: 0, 2: 0, 3: 0, 4: 1}


def test_sonneborn_berger_multiplies_each_opponent_total_by_the_points_scored():
    assert values("sonneborn-berger", FOUR) == {
        1: F(2),  # beat P4: 1 x 1 = 1; lost to P2: 0; drew P3: 2 x 1/2 = 1          -> 2
        2: F(5, 2),  # drew P3: 2 x 1/2 = 1; beat P1: 3/2 x 1 = 3/2; lost to P4: 0   -> 5/2
        3: F(5, 2),  # drew P2: 3/4; forfeit win over P4: 1 x 1 = 1; drew P1: 3/4   -> 5/2
        4: F(3, 2),  # lost to P1: 0; forfeit loss: 0; beat P2: 3/2 x 1 = 3/2       -> 3/2
    }


def test_sonneborn_berger_uses_the_totals_after_the_round_asked_for():
    # After round 1 only: totals P1 1, P2 1/2, P3 1/2, P4 0.
    # P1 beat P4 (0 x 1 = 0); P2 and P3 drew each other (1/2 x 1/2 = 1/4 each).
    assert values("sonneborn-berger", FOUR, up_to_round=1) == {1: 0, 2: F(1, 4), 3: F(1, 4), 4: 0}


def test_most_black_counts_only_games_played_over_the_board():
    # Black in: R1 P4 and P3; R2 P3 (forfeit, not counted) and P2; R3 P4 and P1.
    assert values("most-black", FOUR) == {1: 1, 2: 1, 3: 1, 4: 2}


def test_most_black_ignores_a_double_forfeit():
    assert values("most-black", [game(1, 1, 2, "--"), game(2, 3, 2, "1-0")]) == {
        1: 0, 2: 1, 3: 0, 4: 0,
    }


def test_koya_counts_points_against_opponents_with_at_least_half_the_maximum():
    # Each player has 3 games, maximum 3, half 3/2: P1 (3/2), P2 (3/2) and P3 (2) qualify, P4 (1)
    # does not.
    assert values("koya", FOUR) == {
        1: F(1, 2),  # vs P2 0 + vs P3 1/2 (the win over P4 does not count)
        2: F(3, 2),  # vs P3 1/2 + vs P1 1
        3: F(1),  # vs P2 1/2 + vs P1 1/2 (the forfeit win over P4 does not count)
        4: F(1),  # vs P1 0 + vs P2 1 (+ forfeit loss to P3: 0)
    }


def test_koya_threshold_scales_with_two_one_zero_scoring():
    # 2-1-0: totals P1 3, P2 3, P3 4, P4 2; maximum 6, half 3: the same three qualify.
    assert values("koya", FOUR, scoring=FMJD) == {1: 1, 2: 3, 3: 2, 4: 2}


def test_koya_after_a_round_uses_the_games_played_so_far():
    # After round 1: P1 1/1 and P4 0/1; P2 and P3 1/2 of 1 each: 50% exactly, so they qualify.
    assert values("koya", FOUR, up_to_round=1) == {1: 0, 2: F(1, 2), 3: F(1, 2), 4: 0}


def test_games_played_counts_forfeits_but_not_double_forfeits_or_pending_games():
    games = [
        game(1, 1, 2, "--"),  # counts nowhere
        game(1, 3, 4, "+-"),  # a forfeit counts as a regular game for both
        game(2, 1, 3, "1/2-1/2"),
        game(2, 2, 4, None),  # not yet played
    ]
    assert values("games-played", games) == {1: 1, 2: 0, 3: 2, 4: 1}


def test_direct_encounter_scores_the_games_among_the_tied_group():
    # Group {1, 2, 3}: P1 lost to P2, drew P3 -> 1/2; P2 beat P1, drew P3 -> 3/2; P3 -> 1.
    assert values("direct-encounter", FOUR, group=[1, 2, 3]) == {1: F(1, 2), 2: F(3, 2), 3: F(1)}


def test_direct_encounter_counts_a_forfeit_as_a_game():
    # P3 and P4 "met" in round 2 when P4 forfeited: P3 scores 1, P4 0.
    assert values("direct-encounter", FOUR, group=[3, 4]) == {3: 1, 4: 0}


def test_direct_encounter_separates_no_one_if_a_pair_has_not_met():
    # After round 1 P1 and P2 have not met.
    assert values("direct-encounter", FOUR, group=[1, 2], up_to_round=1) == {1: None, 2: None}


def test_direct_encounter_treats_a_double_forfeit_as_no_meeting():
    games = [game(1, 1, 2, "--"), game(2, 2, 3, "1-0"), game(3, 3, 1, "1-0")]
    assert values("direct-encounter", games, group=[1, 2, 3]) == {1: None, 2: None, 3: None}


def test_direct_encounter_does_not_apply_to_a_player_alone():
    assert values("direct-encounter", FOUR, group=[3]) == {3: None}


def test_direct_encounter_averages_per_opponent_in_a_double_round_robin():
    # Partway through the second cycle: P1-P2 met twice (1-0, then 1/2), P1-P3 once (0-1),
    # P2-P3 once (1/2).
    games = [
        game(1, 1, 2, "1-0"),
        game(2, 3, 1, "1-0"),
        game(3, 2, 3, "1/2-1/2"),
        game(4, 2, 1, "1/2-1/2"),
    ]
    assert values("direct-encounter", games, players=(1, 2, 3), cycles=2) == {
        1: F(3, 4),  # vs P2 (1 + 1/2) / 2 = 3/4; vs P3 0 / 1 = 0                      -> 3/4
        2: F(3, 4),  # vs P1 (0 + 1/2) / 2 = 1/4; vs P3 1/2                            -> 3/4
        3: F(3, 2),  # vs P1 1; vs P2 1/2                                              -> 3/2
    }


def test_values_are_exact_fractions():
    for tie_break_id in ("wins", "sonneborn-berger", "most-black", "koya", "games-played"):
        assert all(type(v) is F for v in values(tie_break_id, FOUR).values())
