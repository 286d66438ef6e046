"""Scoring (Art. 2 §1, Art. 28) and standings with tie-breaks in order (Art. 4), worked by hand.

Small cases are inline, each with its arithmetic; the larger ones are JSON files in
tests/data/standings/ that give every player's expected values and the working behind them.
"""

import json
import random
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.berger import berger_rounds, round_robin_schedule
from tournaments.standings.ranking import GameRecord, StandingRow, compute_standings
from tournaments.standings.scoring import FMJD, STANDARD, Result, Scoring, format_points, points
from tournaments.standings.tiebreaks import DEFAULT_ORDER

STANDINGS_DATA = Path(__file__).resolve().parents[1] / "data" / "standings"
SCORINGS = {"standard": STANDARD, "fmjd": FMJD}
ALL_IDS = [*DEFAULT_ORDER, "koya", "games-played"]


def game(round_number: int, white: int, black: int, result: str | None) -> GameRecord:
    return GameRecord(round_number, white, black, None if result is None else Result(result))


def summary(rows: list[StandingRow], tie_break_id: str | None = None) -> list[tuple]:
    """(rank, number, points[, value]) per row, for compact assertions."""
    if tie_break_id is None:
        return [(r.rank, r.number, r.points) for r in rows]
    return [(r.rank, r.number, r.points, r.tiebreaks[tie_break_id]) for r in rows]


# --- scoring ---


@pytest.mark.parametrize(
    ("result", "standard", "fmjd"),
    [
        ("1-0", (1, 0), (2, 0)),
        ("0-1", (0, 1), (0, 2)),
        ("1/2-1/2", (F(1, 2), F(1, 2)), (1, 1)),
        ("+-", (1, 0), (2, 0)),  # Art. 28: White present scores a win, Black absent a loss
        ("-+", (0, 1), (0, 2)),
        ("--", (0, 0), (0, 0)),  # both absent: nothing for either
    ],
)
def test_points_per_result(result, standard, fmjd):
    assert points(Result(result), STANDARD) == standard
    assert points(result, FMJD) == fmjd  # the stored string works as well as the enum


def test_points_are_exact_fractions():
    white, black = points(Result.DRAW, STANDARD)
    assert type(white) is F and white == F(1, 2)


def test_a_game_without_result_has_no_points():
    with pytest.raises(ValueError, match="not yet played"):
        points(None, STANDARD)


def test_scoring_accepts_exact_inputs_from_the_database_and_refuses_floats():
    assert Scoring(Decimal("2"), Decimal("1.0"), Decimal("0")) == FMJD
    assert Scoring(1, "1/2", 0) == STANDARD
    assert Scoring().draw == F(1, 2)
    with pytest.raises(TypeError, match="exact"):
        Scoring(1, 0.5, 0)


@pytest.mark.parametrize(("win", "draw", "loss"), [(1, 2, 0), (1, 1, 1), (0, 0, 1)])
def test_scoring_must_be_ordered(win, draw, loss):
    with pytest.raises(ValueError, match="loss <= draw <= win"):
        Scoring(win, draw, loss)


@pytest.mark.parametrize(
    ("value", "text"),
    [(F(5, 2), "2.5"), (F(3), "3"), (F(0), "0"), (F(3, 4), "0.75"), (F(19, 4), "4.75"),
     (F(7, 3), "7/3"), (F(-1, 2), "-0.5")],
)
def test_format_points(value, text):
    assert format_points(value) == text


# --- the regulation's order on small crosstables ---

# Four players on the FIDE table: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1.


def test_two_tied_the_winner_of_their_game_goes_first():
    games = [
        game(1, 1, 4, "1-0"), game(1, 2, 3, "1/2-1/2"),
        game(2, 4, 3, "1/2-1/2"), game(2, 1, 2, "0-1"),
        game(3, 2, 4, "1/2-1/2"), game(3, 3, 1, "0-1"),
    ]
    # P1 1 + 0 + 1 = 2 (two wins); P2 1/2 + 1 + 1/2 = 2 (one win); P3 = P4 = 1/2 + 1/2 = 1.
    # P2 beat P1: direct encounter 1 against 0 puts P2 first although P1 has more wins.
    # P3 and P4 drew: 1/2 each; no wins; SB 2 x 1/2 + 1 x 1/2 = 3/2 each; Black twice each.
    rows = compute_standings([1, 2, 3, 4], games, STANDARD, DEFAULT_ORDER)

    assert summary(rows, "direct-encounter") == [
        (1, 2, 2, 1), (2, 1, 2, 0), (3, 3, 1, F(1, 2)), (3, 4, 1, F(1, 2)),
    ]
    assert [r.tiebreaks["wins"] for r in rows] == [1, 2, 0, 0]
    assert [r.shared for r in rows] == [False, False, True, True]
    assert rows[2].tiebreaks == rows[3].tiebreaks == {
        "direct-encounter": F(1, 2), "wins": 0, "sonneborn-berger": F(3, 2), "most-black": 2,
    }


def test_all_draws_share_ranks_with_competition_numbering():
    games = [game(r.number, g.white, g.black, "1/2-1/2") for r in berger_rounds(4) for g in r.games]
    # Everyone 3/2, direct encounter 3/2, no wins, SB 3 x 3/2 x 1/2 = 9/4. Only Black differs:
    # P3 (R1, R2) and P4 (R1, R3) twice, P1 (R3) and P2 (R2) once -> ranks 1, 1, 3, 3.
    rows = compute_standings([1, 2, 3, 4], games, STANDARD, DEFAULT_ORDER)

    assert summary(rows, "most-black") == [
        (1, 3, F(3, 2), 2), (1, 4, F(3, 2), 2), (3, 1, F(3, 2), 1), (3, 2, F(3, 2), 1),
    ]
    assert all(r.shared for r in rows)
    assert {r.tiebreaks["sonneborn-berger"] for r in rows} == {F(9, 4)}


def test_three_tied_in_a_cycle_direct_encounter_separates_no_one_and_wins_decide():
    # Five players on the 6-player table, 6 the bye: R1 2-5 3-4, R2 5-3 1-2, R3 3-1 4-5,
    # R4 1-4 2-3, R5 4-2 5-1. P1 beats P2, P2 beats P3, P3 beats P1.
    games = [
        game(1, 2, 5, "1/2-1/2"), game(1, 3, 4, "0-1"),
        game(2, 5, 3, "0-1"), game(2, 1, 2, "1-0"),
        game(3, 3, 1, "1-0"), game(3, 4, 5, "1-0"),
        game(4, 1, 4, "1-0"), game(4, 2, 3, "1-0"),
        game(5, 4, 2, "1/2-1/2"), game(5, 5, 1, "1-0"),
    ]
    # P1 1 (P2) + 0 (P3) + 1 (P4) + 0 (P5) = 2, two wins; P2 1/2 + 0 + 1 + 1/2 = 2, one win;
    # P3 0 + 1 + 1 + 0 = 2, two wins; P4 1 + 1 + 0 + 1/2 = 5/2; P5 1/2 + 0 + 0 + 1 = 3/2.
    # Among {1, 2, 3} each scored 1: direct encounter 1, 1, 1. Wins put P2 last of the three;
    # P1 and P3 (two wins each) go to SB: P1 2 (P2) + 5/2 (P4) = 9/2; P3 2 (P1) + 3/2 (P5) = 7/2.
    # P2's SB 2 (P3) + 5/4 (P4) + 3/4 (P5) = 4 is higher than P3's but wins came first.
    # Alone on their points: P4 2 (P3) + 3/2 (P5) + 1 (drew P2) = 9/2; P5 1 (drew P2) + 2 (P1) = 3.
    rows = compute_standings([1, 2, 3, 4, 5], games, STANDARD, DEFAULT_ORDER)

    assert summary(rows, "sonneborn-berger") == [
        (1, 4, F(5, 2), F(9, 2)),
        (2, 1, 2, F(9, 2)),
        (3, 3, 2, F(7, 2)),
        (4, 2, 2, F(4)),
        (5, 5, F(3, 2), F(3)),
    ]
    assert [r.tiebreaks["direct-encounter"] for r in rows] == [None, 1, 1, 1, None]
    assert [r.tiebreaks["wins"] for r in rows] == [2, 2, 2, 1, 1]
    assert not any(r.shared for r in rows)


FORFEIT = [
    game(1, 1, 4, "0-1"), game(1, 2, 3, "0-1"),
    game(2, 4, 3, "-+"), game(2, 1, 2, "1/2-1/2"),  # P4 absent: P3 (Black) wins by forfeit
    game(3, 2, 4, "0-1"), game(3, 3, 1, "0-1"),
]
# P1 0 + 1/2 + 1 = 3/2; P2 0 + 1/2 + 0 = 1/2; P3 1 + 1 + 0 = 2 (two wins, one by forfeit);
# P4 1 + 0 + 1 = 2 (two wins). Black over the board: P3 R1 only (R2 was a forfeit); P4 R1, R3.
# SB: P3 1/2 (P2) + 2 (forfeit win over P4) = 5/2; P4 3/2 (P1) + 1/2 (P2) = 2.


def test_a_forfeit_counts_as_a_game_for_direct_encounter_wins_and_sonneborn_berger():
    rows = compute_standings([1, 2, 3, 4], FORFEIT, STANDARD, DEFAULT_ORDER)
    # P3 "beat" P4 by forfeit: direct encounter 1 against 0.
    assert summary(rows, "direct-encounter") == [
        (1, 3, 2, 1), (2, 4, 2, 0), (3, 1, F(3, 2), None), (4, 2, F(1, 2), None),
    ]
    assert rows[0].tiebreaks == {
        "direct-encounter": 1, "wins": 2, "sonneborn-berger": F(5, 2), "most-black": 1,
    }
    assert rows[1].tiebreaks == {
        "direct-encounter": 0, "wins": 2, "sonneborn-berger": 2, "most-black": 2,
    }
    # With SB alone the forfeit still puts P3 first: 5/2 against 2 (without it P3 would have 1/2).
    rows = compute_standings([1, 2, 3, 4], FORFEIT, STANDARD, ["sonneborn-berger"])
    assert [r.number for r in rows[:2]] == [3, 4]


def test_a_forfeit_is_not_a_game_with_black():
    # Counted, P3's forfeit would make Black 2-2 and direct encounter would then put P3 first.
    rows = compute_standings([1, 2, 3, 4], FORFEIT, STANDARD, ["most-black", "direct-encounter"])
    assert summary(rows, "most-black")[:2] == [(1, 4, 2, 2), (2, 3, 2, 1)]
    assert rows[0].tiebreaks["direct-encounter"] is None  # P4 was no longer tied when it came up


def test_a_double_forfeit_scores_nothing_and_counts_nowhere():
    games = [
        game(1, 1, 4, "1-0"), game(1, 2, 3, "1-0"),
        game(2, 4, 3, "1/2-1/2"), game(2, 1, 2, "--"),
        game(3, 2, 4, "1/2-1/2"), game(3, 3, 1, "1/2-1/2"),
    ]
    # P1 1 + 0 + 1/2 = 3/2; P2 1 + 0 + 1/2 = 3/2; P3 = P4 = 0 + 1/2 + 1/2 = 1.
    # P1-P2 never met: direct encounter does not apply. One win each. SB: P1 1 (P4) + 1/2 (P3)
    # = 3/2; P2 1 (P3) + 1/2 (P4) = 3/2. Black: P1 once (R3); P2 never (his R2 Black game was not
    # played), so P1 is first. P3 and P4: drew (1/2 each), no wins, SB 1/2 + 3/4 = 5/4, Black
    # twice each: shared 3rd.
    rows = compute_standings([1, 2, 3, 4], games, STANDARD, ALL_IDS)

    assert summary(rows, "most-black") == [
        (1, 1, F(3, 2), 1), (2, 2, F(3, 2), 0), (3, 3, 1, 2), (3, 4, 1, 2),
    ]
    assert [r.tiebreaks["direct-encounter"] for r in rows] == [None, None, F(1, 2), F(1, 2)]
    assert [r.tiebreaks["sonneborn-berger"] for r in rows] == [F(3, 2), F(3, 2), F(5, 4), F(5, 4)]
    assert [r.tiebreaks["games-played"] for r in rows] == [2, 2, 3, 3]
    assert [r.tiebreaks["wins"] for r in rows] == [1, 1, 0, 0]


def test_standings_before_any_game_share_first_place():
    rows = compute_standings([3, 1, 2], [game(1, 1, 2, None)], STANDARD, DEFAULT_ORDER)
    assert summary(rows) == [(1, 1, 0), (1, 2, 0), (1, 3, 0)]
    assert all(r.shared and r.tiebreaks["direct-encounter"] is None for r in rows)


def test_up_to_round_ignores_later_results():
    games = [game(1, 1, 2, "1-0"), game(2, 2, 3, "1-0"), game(3, 3, 1, "1-0")]
    # After round 1: P1 1, P2 0, P3 0 (bye). P2 and P3 have not met, no wins, SB 0; P2 played
    # with Black (1-2) and P3 did not play: P2 2nd. Round 2 (P2 beat P3) is not counted yet.
    rows = compute_standings([1, 2, 3], games, STANDARD, DEFAULT_ORDER, up_to_round=1)
    assert summary(rows, "most-black") == [(1, 1, 1, 0), (2, 2, 0, 1), (3, 3, 0, 0)]
    assert rows[1].tiebreaks["direct-encounter"] is None
    # After round 0: nobody has played.
    rows = compute_standings([1, 2, 3], games, STANDARD, DEFAULT_ORDER, up_to_round=0)
    assert {r.points for r in rows} == {0}


def test_an_empty_tie_break_order_ranks_by_points_only():
    rows = compute_standings([1, 2, 3, 4], FORFEIT, STANDARD, [])
    assert summary(rows) == [(1, 3, 2), (1, 4, 2), (3, 1, F(3, 2)), (4, 2, F(1, 2))]
    assert [r.tiebreaks for r in rows] == [{}, {}, {}, {}]


# --- worked examples from data files ---


def load_cases():
    for path in sorted(STANDINGS_DATA.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            yield pytest.param(data, case, id=f"{path.stem}: {case['name']}")


def exact_or_none(text: str | None) -> F | None:
    return None if text is None else F(text)


@pytest.mark.parametrize(("data", "case"), list(load_cases()))
def test_worked_example_every_player(data, case):
    scoring = SCORINGS[case.get("scoring", data.get("scoring"))]
    games = [game(*row) for row in data["games"]]

    rows = compute_standings(
        data["players"], games, scoring, case["tiebreaks"],
        cycles=data["cycles"], up_to_round=case["up_to_round"],
    )

    expected = [
        StandingRow(
            rank=row["rank"],
            number=row["number"],
            points=F(row["points"]),
            tiebreaks={key: exact_or_none(value) for key, value in row["tiebreaks"].items()},
            shared=row["shared"],
        )
        for row in case["expected"]
    ]
    assert rows == expected
    assert [list(r.tiebreaks) for r in rows] == [case["tiebreaks"]] * len(rows)


def test_the_data_files_cover_the_required_examples():
    names = {path.stem for path in STANDINGS_DATA.glob("*.json")}
    assert {
        "six_players_sonneborn_berger", "subgroup_direct_encounter",
        "withdrawal_five_players", "double_round_robin_split",
    } <= names


def test_two_one_zero_scoring_doubles_points_and_keeps_the_ranks():
    data = json.loads((STANDINGS_DATA / "subgroup_direct_encounter.json").read_text("utf-8"))
    games = [game(*row) for row in data["games"]]
    standard = compute_standings(data["players"], games, STANDARD, ALL_IDS)
    fmjd = compute_standings(data["players"], games, FMJD, ALL_IDS)

    assert [(r.rank, r.number) for r in fmjd] == [(r.rank, r.number) for r in standard]
    for a, b in zip(standard, fmjd, strict=True):
        assert b.points == 2 * a.points
        # SB multiplies an opponent's total by the points scored: both double.
        assert b.tiebreaks["sonneborn-berger"] == 4 * a.tiebreaks["sonneborn-berger"]
        assert b.tiebreaks["direct-encounter"] == 2 * a.tiebreaks["direct-encounter"]
        assert b.tiebreaks["koya"] == 2 * a.tiebreaks["koya"]
        assert b.tiebreaks["wins"] == a.tiebreaks["wins"]


# --- whole tournaments ---


def random_tournament(n_players: int, seed: int, cycles: int = 1) -> list[GameRecord]:
    rng = random.Random(seed)
    results = list(Result)
    return [
        GameRecord(r.number, g.white, g.black, rng.choice(results))
        for r in round_robin_schedule(n_players, cycles)
        for g in r.games
    ]


def check_ranking_invariants(rows: list[StandingRow], n_players: int) -> None:
    assert sorted(r.number for r in rows) == list(range(1, n_players + 1))
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    for index, row in enumerate(rows):
        # Competition ranking: a rank is one more than the number of players strictly ahead.
        first_equal = next(i for i, other in enumerate(rows) if other.rank == row.rank)
        assert row.rank == first_equal + 1
        neighbours = [rows[i].rank for i in (index - 1, index + 1) if 0 <= i < len(rows)]
        assert row.shared == (row.rank in neighbours)


def test_a_hundred_player_round_robin_with_every_result():
    # The other engineer benchmarks this size; here it must simply come out right.
    games = random_tournament(100, seed=5)
    rows = compute_standings(range(1, 101), games, STANDARD, ALL_IDS)

    check_ranking_invariants(rows, 100)
    decided = sum(1 for g in games if g.result is not Result.DOUBLE_FORFEIT)
    assert sum(r.points for r in rows) == decided  # one point per game not double-forfeited
    assert sum(r.tiebreaks["games-played"] for r in rows) == 2 * decided


@settings(max_examples=40, deadline=None)
@given(
    n_players=st.integers(min_value=2, max_value=9),
    cycles=st.integers(min_value=1, max_value=2),
    seed=st.integers(min_value=0, max_value=10**6),
    up_to=st.integers(min_value=0, max_value=20),
)
def test_standings_do_not_depend_on_the_order_of_the_records(n_players, cycles, seed, up_to):
    games = random_tournament(n_players, seed, cycles)
    shuffled = list(games)
    random.Random(seed).shuffle(shuffled)
    players = list(range(1, n_players + 1))

    rows = compute_standings(players, games, STANDARD, ALL_IDS, cycles, up_to_round=up_to)
    again = compute_standings(players[::-1], shuffled, STANDARD, ALL_IDS, cycles, up_to_round=up_to)

    assert rows == again
    check_ranking_invariants(rows, n_players)


# --- refused input ---


@pytest.mark.parametrize(
    ("players", "games", "kwargs", "message"),
    [
        ([1, 2], [game(1, 1, 3, "1-0")], {}, "player 3 is not in the tournament"),
        ([1, 2, 3], [game(1, 1, 2, "1-0"), game(1, 3, 1, "1-0")], {}, "two games in round 1"),
        ([1, 2], [game(1, 1, 1, "1-0")], {}, "cannot play himself"),
        ([1, 2], [game(1, 1, 2, "1-0"), game(2, 2, 1, "1-0")], {}, "meet 2 times"),
        ([1, 2], [game(0, 1, 2, "1-0")], {}, "numbered from 1"),
        ([1, 1, 2], [], {}, "distinct"),
        ([1, 2], [], {"cycles": 0}, "at least one cycle"),
        ([1, 2], [], {"up_to_round": -1}, "0 or more"),
    ],
)
def test_records_a_round_robin_cannot_produce_are_refused(players, games, kwargs, message):
    with pytest.raises(ValueError, match=message):
        compute_standings(players, games, STANDARD, DEFAULT_ORDER, **kwargs)


def test_a_double_round_robin_allows_two_meetings():
    games = [game(1, 1, 2, "1-0"), game(2, 2, 1, "1-0")]
    rows = compute_standings([1, 2], games, STANDARD, DEFAULT_ORDER, cycles=2)
    assert summary(rows, "direct-encounter") == [(1, 1, 1, F(1, 2)), (1, 2, 1, F(1, 2))]


def test_an_unknown_result_string_is_refused():
    with pytest.raises(ValueError, match="'2-0'"):
        compute_standings([1, 2], [GameRecord(1, 1, 2, "2-0")], STANDARD, [])


def test_an_unknown_tie_break_is_refused():
    with pytest.raises(ValueError, match="unknown tie-break ids"):
        compute_standings([1, 2], [], STANDARD, ["solkoff"])


def test_the_domain_modules_load_without_django():
    # They take plain data so they can be tested and reused without a database (issue 5).
    code = (
        "import sys, tournaments.pairing.berger, tournaments.standings.scoring, "
        "tournaments.standings.ranking, tournaments.standings.tiebreaks; "
        "print('django' in sys.modules)"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
