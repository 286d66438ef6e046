"""Swiss tie-breaks (FIDE C.07) on a small Swiss worked by hand, in both texts of section 16.

The Swiss below has five players and three rounds, with every kind of unplayed round that
changes a value: a pairing-allocated bye, a forfeit, a requested half-point bye and a withdrawal.

    R1: 1 (W) - 3 (B) 1-0      2 (W) - 4 (B) 1/2-1/2    5 pairing-allocated bye (a win's points)
    R2: 5 (W) - 1 (B) 0-1      3 (W) - 2 (B) forfeit: 3 did not come    4 half-point bye
    R3: 1 (W) - 2 (B) 1/2-1/2  4 (W) - 5 (B) 1-0        3 withdrew (not entered)

Points (1-1/2-0): P1 1 + 1 + 1/2 = 5/2; P2 1/2 + 1 + 1/2 = 2; P3 0; P4 1/2 + 1/2 + 1 = 2;
P5 1 + 0 + 0 = 1 (total 15/2 = three rounds' worth of points, less nothing).

Adjusted scores, as opponents see them (C.07 16.3: the VURs after the last round a player was
available count as draws): P3 was available in R1 and R2 (a forfeit has an opponent), so his
R3 counts 1/2 -> 1/2; P4's half-point bye is mid-tournament, so it counts its real 1/2 -> 2;
the others are unchanged: P1 5/2, P2 2, P5 1.

Ratings: P1 2000, P2 1900, P3 1800, P4 1700, P5 unrated.
"""

from datetime import date
from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings.games import Colour, Crosstable, GameRecord, Outcome
from tournaments.standings.performance import DP_TABLE, average_rating, dp, performance_rating
from tournaments.standings.ranking import compute_standings, compute_swiss_standings
from tournaments.standings.scoring import FMJD, STANDARD, Result, Scoring
from tournaments.standings.swiss_table import (
    RoundEntry,
    SwissTable,
    Unplayed,
    entries_from_games,
    regulation_for,
)
from tournaments.standings.tiebreaks import DEFAULT_SWISS_ORDER, REGISTRY

W, B = Colour.WHITE, Colour.BLACK
WIN, DRAW, LOSS = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def played(round_number, opponent, colour, outcome):
    return RoundEntry(round_number, opponent, colour, outcome)


def unplayed(round_number, kind, opponent=None, colour=None):
    return RoundEntry(round_number, opponent, colour, unplayed=kind)


ENTRIES = {
    1: [played(1, 3, W, WIN), played(2, 5, B, WIN), played(3, 2, W, DRAW)],
    2: [played(1, 4, W, DRAW), unplayed(2, Unplayed.FORFEIT_WIN, 3, B), played(3, 1, B, DRAW)],
    3: [played(1, 1, B, LOSS), unplayed(2, Unplayed.FORFEIT_LOSS, 2, W)],  # R3 not entered
    4: [played(1, 2, B, DRAW), unplayed(2, Unplayed.HALF_BYE), played(3, 5, W, WIN)],
    5: [unplayed(1, Unplayed.PAIRING_BYE), played(2, 1, W, LOSS), played(3, 4, B, LOSS)],
}
RATINGS = {1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: None}


def table(regulation="2024", scoring=STANDARD, rounds=3, **kwargs):
    return SwissTable([1, 2, 3, 4, 5], ENTRIES, scoring, rounds, regulation=regulation,
                      ratings=RATINGS, **kwargs)


def values(tie_break_id, regulation="2024", **kwargs):
    swiss = table(regulation, **kwargs)
    return REGISTRY[tie_break_id].compute(swiss, list(swiss.players))


def test_points_and_adjusted_scores():
    swiss = table()
    assert swiss.total == {1: F(5, 2), 2: 2, 3: 0, 4: 2, 5: 1}
    assert swiss.adjusted_total == {1: F(5, 2), 2: 2, 3: F(1, 2), 4: 2, 5: 1}


def test_regulation_follows_the_start_date():
    assert regulation_for(date(2026, 2, 28)) == "2024"
    assert regulation_for(date(2026, 3, 1)) == "2026"
    assert regulation_for(date(2025, 7, 1)) == "2024"
    assert regulation_for(None) == "2026"


# --- Buchholz and its modifiers (C.07 8.1, 14, 16) ---
# Per round, the value each round brings (2024 text, dummy = the player's own score, 16.4):
#   P1: R1 vs P3 1/2, R2 vs P5 1, R3 vs P2 2                      -> 7/2
#   P2: R1 vs P4 2, R2 forfeit win: dummy 2, R3 vs P1 5/2         -> 13/2
#   P3: R1 vs P1 5/2, R2 forfeit loss (VUR): 0, R3 withdrawn (VUR): 0 -> 5/2
#   P4: R1 vs P2 2, R2 half-point bye (VUR): dummy 2, R3 vs P5 1  -> 5
#   P5: R1 PAB: dummy 1, R2 vs P1 5/2, R3 vs P4 2                 -> 11/2
# 2026 text caps the dummy: after a forfeit at the opponent's adjusted score (16.4.1), without
# an opponent at a draw per round, 3 x 1/2 = 3/2 (16.4.2):
#   P2: R2 min(2, P3's 1/2) = 1/2 -> 2 + 1/2 + 5/2 = 5
#   P3: R2 min(0, 2) = 0, R3 min(0, 3/2) = 0 -> 5/2
#   P4: R2 min(2, 3/2) = 3/2 -> 2 + 3/2 + 1 = 9/2
#   P5: R1 min(1, 3/2) = 1 -> 11/2 (unchanged)

def test_buchholz_2024_dummy_is_the_own_score():
    assert values("buchholz") == {1: F(7, 2), 2: F(13, 2), 3: F(5, 2), 4: 5, 5: F(11, 2)}


def test_buchholz_2026_caps_the_dummy_opponent():
    assert values("buchholz", "2026") == {1: F(7, 2), 2: 5, 3: F(5, 2), 4: F(9, 2), 5: F(11, 2)}


def test_buchholz_cut_1_drops_a_voluntary_unplayed_round_first():
    # P1 drops 1/2 -> 3; P2 drops the lower of two 2s -> 9/2 (2024), drops 1/2 -> 9/2 (2026);
    # P3 drops a VUR (0) -> 5/2; P4 drops the half-point bye (a VUR, 16.5) even though P5's 1 is
    # lower -> 3 in both texts; P5 drops the PAB's 1 -> 9/2.
    expected = {1: 3, 2: F(9, 2), 3: F(5, 2), 4: 3, 5: F(9, 2)}
    assert values("buchholz-cut-1") == expected
    assert values("buchholz-cut-1", "2026") == expected


def test_buchholz_cut_2():
    # P1 keeps 2; P2 keeps 5/2; P3 both VURs gone -> 5/2; P4 VUR then 1 -> 2; P5 keeps 5/2.
    assert values("buchholz-cut-2") == {1: 2, 2: F(5, 2), 3: F(5, 2), 4: 2, 5: F(5, 2)}


def test_median_buchholz_drops_the_lowest_and_the_highest():
    # P1 1/2 and 2 go -> 1; P2 2 and 5/2 go -> 2; P3 a VUR and 5/2 go -> 0;
    # P4 the VUR (2) and then the highest, 2 -> 1; P5 1 and 5/2 go -> 2.
    assert values("buchholz-median-1") == {1: 1, 2: 2, 3: 0, 4: 1, 5: 2}


# --- Sonneborn-Berger (C.07 9.1, 16.4) ---

def test_sonneborn_berger_in_a_swiss_uses_the_dummy_times_the_points_scored():
    # 2024: P1 1/2x1 + 1x1 + 2x1/2 = 5/2; P2 2x1/2 + 2x1 + 5/2x1/2 = 17/4; P3 all rounds 0;
    # P4 2x1/2 + 2x1/2 + 1x1 = 3; P5 1x1 (PAB) + 0 + 0 = 1.
    assert values("sonneborn-berger") == {1: F(5, 2), 2: F(17, 4), 3: 0, 4: 3, 5: 1}
    # 2026: P2's forfeit win brings 1/2 x 1 -> 1 + 1/2 + 5/4 = 11/4;
    # P4's half-point bye 3/2 x 1/2 = 3/4 -> 1 + 3/4 + 1 = 11/4.
    assert values("sonneborn-berger", "2026") == {1: F(5, 2), 2: F(11, 4), 3: 0, 4: F(11, 4),
                                                  5: 1}


# --- own results (C.07 7) ---

def test_progressive_score_sums_the_running_scores():
    # P1 1 + 2 + 5/2; P2 1/2 + 3/2 + 2; P3 0; P4 1/2 + 1 + 2; P5 1 + 1 + 1.
    assert values("progressive") == {1: F(11, 2), 2: 4, 3: 0, 4: F(7, 2), 5: 3}


def test_wins_count_rounds_worth_a_win_with_or_without_playing():
    # P1 R1, R2; P2 the forfeit win; P4 R3; P5 the pairing-allocated bye (7.1 WIN).
    assert values("wins") == {1: 2, 2: 1, 3: 0, 4: 1, 5: 1}


def test_a_pairing_bye_worth_a_draw_is_not_a_win():
    assert values("wins", pab_points="1/2")[5] == 0


def test_games_won_count_only_games_over_the_board():
    # 7.2 WON: the forfeit win and the bye do not count.
    assert values("games-won") == {1: 2, 2: 0, 3: 0, 4: 1, 5: 0}


def test_games_with_black_count_only_games_played():
    # P1 R2; P2 R3 (the forfeit in R2 as Black is no game); P3 R1; P4 R1; P5 R3.
    assert values("most-black") == {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}


# --- ratings (C.07 10) ---

def test_average_rating_of_opponents_met_over_the_board():
    # P1: P3 1800 and P2 1900 (P5 unrated) -> 1850; P2: P4 1700, P1 2000 -> 1850;
    # P3: P1 -> 2000; P4: P2 1900 (P5 unrated) -> 1900; P5: P1 2000, P4 1700 -> 1850.
    assert values("aro") == {1: 1850, 2: 1850, 3: 2000, 4: 1900, 5: 1850}
    # Cut-1 drops the lowest-rated; a player with a single rated opponent has nothing left.
    assert values("aro-cut-1") == {1: 1900, 2: 2000, 3: None, 4: None, 5: 2000}


def test_tournament_performance_rating():
    # P1: 3/2 of 2 rated games, p = .75, dp 193 -> 1850 + 193 = 2043; P2: 1 of 2, dp 0 -> 1850;
    # P3: 0 of 1, dp -800 -> 1200; P4: 1/2 of 1 -> 1900; P5: 0 of 2 -> 1850 - 800 = 1050.
    assert values("tpr") == {1: 2043, 2: 1850, 3: 1200, 4: 1900, 5: 1050}


def test_dp_table_and_rounding():
    assert DP_TABLE[100] == 800 and DP_TABLE[0] == -800 and DP_TABLE[50] == 0
    assert DP_TABLE[83] == 273 and DP_TABLE[17] == -273
    assert dp(F(2), 3) == DP_TABLE[67] == 125  # 66.67% rounds to .67
    assert dp(F(1), 3) == DP_TABLE[33] == -125
    assert average_rating([1800, 1801]) == 1801  # 1800.5 rounds up
    assert performance_rating(F(0), []) is None
    with pytest.raises(ValueError, match="impossible"):
        dp(F(3), 2)


# --- direct encounter in a Swiss (C.07 6) ---

def test_direct_encounter_when_the_tied_players_met():
    # P2 and P4 drew in round 1: level, no separation.
    swiss = table()
    assert REGISTRY["direct-encounter"].compute(swiss, [2, 4]) == {2: F(1, 2), 4: F(1, 2)}


def test_direct_encounter_separates_a_leader_no_one_can_catch():
    # R1: 1 beats 2, 3 has the bye; R2: 1 beats 3, 2 has the bye. 2 and 3 never met.
    entries = {
        1: [played(1, 2, W, WIN), played(2, 3, B, WIN)],
        2: [played(1, 1, B, LOSS), unplayed(2, Unplayed.PAIRING_BYE)],
        3: [unplayed(1, Unplayed.PAIRING_BYE), played(2, 1, W, LOSS)],
    }
    swiss = SwissTable([1, 2, 3], entries, STANDARD, 2)
    # P1 scored 2 among the group; P2 and P3 could reach at most 0 + 1 (their unplayed game):
    # P1 goes first; P2 and P3 stay level (they never met).
    assert REGISTRY["direct-encounter"].compute(swiss, [1, 2, 3]) == {1: 2, 2: 0, 3: 0}
    assert REGISTRY["direct-encounter"].compute(swiss, [2, 3]) == {2: 0, 3: 0}


def test_a_forfeit_is_no_encounter_in_a_swiss():
    swiss = table()
    assert swiss.points_against(2, 3) == []


# --- standings ---

def test_swiss_standings_with_the_default_order():
    # P1 5/2; P2 and P4 2 (drew each other: DE level; Buchholz cut-1 9/2 against 3); P5 1; P3 0.
    rows = compute_swiss_standings(table(), DEFAULT_SWISS_ORDER)
    assert [(r.rank, r.number, r.points) for r in rows] == [
        (1, 1, F(5, 2)), (2, 2, 2), (3, 4, 2), (4, 5, 1), (5, 3, 0),
    ]
    # Direct encounter is only computed within a tied group; the others for everyone.
    assert rows[1].tiebreaks == {
        "direct-encounter": F(1, 2), "buchholz-cut-1": F(9, 2), "buchholz": F(13, 2),
        "sonneborn-berger": F(17, 4), "wins": 1,
    }
    assert rows[0].tiebreaks["direct-encounter"] is None


def test_default_swiss_order_is_the_issue_one():
    assert DEFAULT_SWISS_ORDER == (
        "direct-encounter", "buchholz-cut-1", "buchholz", "sonneborn-berger", "wins",
    )


def test_standings_after_an_earlier_round():
    # After round 1: P1 1, P5 1 (bye), P2 and P4 1/2, P3 0. Buchholz after round 1: P1 beat
    # P3 (0) -> 0; P5's bye is a dummy with his own score (1) -> 1; P2 and P4 drew -> 1/2 each.
    rows = compute_swiss_standings(table(rounds=1), ["buchholz"])
    assert [(r.rank, r.number, r.points, r.tiebreaks["buchholz"]) for r in rows] == [
        (1, 5, 1, 1), (2, 1, 1, 0), (3, 2, F(1, 2), F(1, 2)), (3, 4, F(1, 2), F(1, 2)),
        (5, 3, 0, 1),  # P3 lost to P1 (1)
    ]


# --- round robins keep working through the same registry ---

def test_round_robin_buchholz_counts_forfeits_as_games():
    games = [
        GameRecord(1, 1, 4, Result("1-0")), GameRecord(1, 2, 3, Result("1/2-1/2")),
        GameRecord(2, 4, 3, Result("-+")), GameRecord(2, 1, 2, Result("0-1")),
        GameRecord(3, 2, 4, Result("0-1")), GameRecord(3, 3, 1, Result("1/2-1/2")),
    ]
    crosstable = Crosstable([1, 2, 3, 4], games, STANDARD)
    # Totals P1 3/2, P2 3/2, P3 2, P4 1. P1: 1 + 3/2 + 2; P2: 2 + 3/2 + 1;
    # P3: 3/2 + 1 (the forfeit counts, C.07 15.2) + 3/2; P4: 3/2 + 2 + 3/2.
    assert REGISTRY["buchholz"].compute(crosstable, [1, 2, 3, 4]) == {
        1: F(9, 2), 2: F(9, 2), 3: 4, 4: 5,
    }
    assert REGISTRY["games-won"].compute(crosstable, [3])[3] == 0  # the forfeit is no game won
    rows = compute_standings([1, 2, 3, 4], games, STANDARD, ["buchholz", "tpr"])
    assert [r.number for r in rows] == [3, 1, 2, 4]
    assert rows[0].tiebreaks["tpr"] is None  # no ratings in a round robin's plain data


# --- bad input ---

@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ({1: [played(1, 2, W, WIN)], 2: [played(1, 1, B, WIN)]}, "player 1, round 1: .*disagree"),
        ({1: [played(1, 2, W, WIN)], 2: []}, "player 1, round 1: opponent 2 does not name 1"),
        ({1: [played(1, 9, W, WIN)]}, "opponent 9 is not in the tournament"),
        ({1: [played(1, 2, W, WIN)], 2: [played(1, 1, W, LOSS)]}, "same colour"),
        ({1: [unplayed(1, Unplayed.HALF_BYE, opponent=2)]}, "only a forfeit names an opponent"),
        ({1: [played(1, 2, W, None)]}, "needs an opponent, a colour and an outcome"),
        ({1: [unplayed(1, Unplayed.ABSENT), unplayed(1, Unplayed.ZERO_BYE)]}, "two entries"),
        ({7: []}, "players \\[7\\] who are not in the tournament"),
    ],
)
def test_inconsistent_rounds_are_refused_naming_player_and_round(entries, message):
    with pytest.raises(ValueError, match=message):
        SwissTable([1, 2], entries, STANDARD, 1)


def test_unknown_regulation_is_refused():
    with pytest.raises(ValueError, match="regulation"):
        SwissTable([1], {}, STANDARD, 1, regulation="2023")


# --- scoring in any unit (issue 14) ---

KINDS = [Unplayed.HALF_BYE, Unplayed.ZERO_BYE, Unplayed.ABSENT, Unplayed.FULL_BYE,
         Unplayed.NOT_ENTERED]
GAME_RESULTS = ["win", "draw", "loss", "forfeit", "double-forfeit"]


@st.composite
def swiss_events(draw):
    """Random but consistent Swiss rounds: some players sit out, the rest are paired, an odd one
    out gets the pairing-allocated bye."""
    count = draw(st.integers(2, 8))
    rounds = draw(st.integers(1, 5))
    players = list(range(1, count + 1))
    entries: dict[int, list[RoundEntry]] = {p: [] for p in players}
    for number in range(1, rounds + 1):
        order = draw(st.permutations(players))
        sitting = [p for p in order if draw(st.integers(0, 5)) == 0]
        paired = [p for p in order if p not in sitting]
        for player in sitting:
            entries[player].append(unplayed(number, draw(st.sampled_from(KINDS))))
        if len(paired) % 2:
            entries[paired.pop()].append(unplayed(number, Unplayed.PAIRING_BYE))
        for white, black in zip(paired[::2], paired[1::2], strict=True):
            result = draw(st.sampled_from(GAME_RESULTS))
            if result == "forfeit":
                entries[white].append(unplayed(number, Unplayed.FORFEIT_WIN, black, W))
                entries[black].append(unplayed(number, Unplayed.FORFEIT_LOSS, white, B))
            elif result == "double-forfeit":
                entries[white].append(unplayed(number, Unplayed.FORFEIT_LOSS, black, W))
                entries[black].append(unplayed(number, Unplayed.FORFEIT_LOSS, white, B))
            else:
                outcome = {"win": WIN, "draw": DRAW, "loss": LOSS}[result]
                back = {WIN: LOSS, DRAW: DRAW, LOSS: WIN}[outcome]
                entries[white].append(played(number, black, W, outcome))
                entries[black].append(played(number, white, B, back))
    ratings = {p: draw(st.one_of(st.none(), st.integers(1000, 2700))) for p in players}
    regulation = draw(st.sampled_from(["2024", "2026"]))
    return players, entries, rounds, ratings, regulation


# How each tie-break's value scales when every point is worth twice as much.
SCALE = {
    "direct-encounter": 2, "buchholz": 2, "buchholz-cut-1": 2, "buchholz-cut-2": 2,
    "buchholz-median-1": 2, "progressive": 2, "sonneborn-berger": 4, "koya": 2,
    "wins": 1, "games-won": 1, "most-black": 1, "games-played": 1,
    "aro": 1, "aro-cut-1": 1, "tpr": 1,
}


@settings(max_examples=150, deadline=None)
@given(swiss_events())
def test_two_one_zero_is_one_half_zero_scaled(event):
    players, entries, rounds, ratings, regulation = event
    one = SwissTable(players, entries, STANDARD, rounds, regulation=regulation, ratings=ratings)
    two = SwissTable(players, entries, FMJD, rounds, regulation=regulation, ratings=ratings)
    assert SCALE.keys() == REGISTRY.keys()
    for tie_break_id, tie_break in REGISTRY.items():
        small = tie_break.compute(one, players)
        big = tie_break.compute(two, players)
        assert big == {p: None if v is None else v * SCALE[tie_break_id]
                       for p, v in small.items()}, tie_break_id
    order = [i for i in SCALE if i != "koya"]
    assert [(r.rank, r.number) for r in compute_swiss_standings(one, order)] == [
        (r.rank, r.number) for r in compute_swiss_standings(two, order)
    ]
    assert all(r2.points == 2 * r1.points for r1, r2 in zip(
        compute_swiss_standings(one, order), compute_swiss_standings(two, order), strict=True))


def test_a_bye_worth_two_points_under_two_one_zero():
    # The CBD gives a bye 2 points under 2-1-0: the same as a win, as the default says.
    assert table(scoring=FMJD).total[5] == 2
    assert table(scoring=Scoring(2, 1, 0), pab_points=1).total[5] == 1


# --- the FIDE Technical Commission's exercise (C.07, 2024 text) ---

EXERCISE = Path(__file__).resolve().parents[1] / "data" / "tiebreaks" / "fide-tec-exercise-2024.txt"


def read_exercise() -> dict[int, list[RoundEntry]]:
    """The exercise's crosstable as rounds (the notation is explained in the file)."""
    entries: dict[int, list[RoundEntry]] = {}
    outcomes = {"+": WIN, "=": DRAW, "-": LOSS}
    for line in EXERCISE.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        number, *cells = line.split()
        rounds = []
        for index, cell in enumerate(cells, start=1):
            sign, rest = cell[0], cell[1:]
            if cell == "--":
                rounds.append(unplayed(index, Unplayed.ABSENT))
            elif rest == "BYE":
                kind = Unplayed.PAIRING_BYE if sign == "+" else Unplayed.HALF_BYE
                rounds.append(unplayed(index, kind))
            elif rest[0] == "F":
                kind = Unplayed.FORFEIT_WIN if sign == "+" else Unplayed.FORFEIT_LOSS
                rounds.append(unplayed(index, kind, int(rest[1:])))
            else:
                rounds.append(played(index, int(rest[1:]), W if rest[0] == "W" else B,
                                     outcomes[sign]))
        entries[int(number)] = rounds
    return entries


def exercise(regulation="2024"):
    entries = read_exercise()
    return SwissTable(sorted(entries), entries, STANDARD, 5, regulation=regulation)


def test_fide_exercise_buchholz():
    # The published answers. E.g. player 11 (1/2 vs 3, 0 vs 16, 0 vs 5, forfeit win vs 9,
    # 1 vs 7 -> 5/2): opponents 3 (7/2) + 16 (7/2) + 5 (5/2) + 7 (3/2), and the forfeit a
    # dummy opponent with his own 5/2 (16.4) -> 27/2. Player 4 (7/2): 12, who stopped coming
    # after round 3, counts his rounds 4 and 5 as draws (16.3): 0 + 1 + 1 + 1/2 + 1/2 = 3, not 2;
    # the half-point bye is a dummy with 4's own 7/2; then 13 (3/2), 3 (7/2), 1 (7/2) -> 15.
    bh = REGISTRY["buchholz"].compute(exercise(), range(1, 17))
    expected = {1: F(25, 2), 2: 13, 3: F(31, 2), 4: 15, 5: F(17, 2), 8: F(27, 2), 11: F(27, 2),
                16: F(25, 2)}
    assert {p: bh[p] for p in expected} == expected


def test_fide_exercise_buchholz_cut_1():
    # Player 12 (2 points): 4 (7/2) + four dummies with his own 2 (PAB, forfeit win, two
    # absences) = 23/2; Cut-1 drops an absence, a VUR (16.5), -> 19/2. Player 4 drops the
    # half-point bye (7/2, a VUR) rather than 13's 3/2 -> 23/2.
    cut = REGISTRY["buchholz-cut-1"].compute(exercise(), range(1, 17))
    expected = {1: 11, 3: 13, 4: F(23, 2), 5: F(15, 2), 7: F(25, 2), 8: 12, 9: F(15, 2),
                11: 12, 12: F(19, 2), 13: 12, 14: 9, 15: 11, 16: 11}
    assert {p: cut[p] for p in expected} == expected


def test_fide_exercise_under_the_2026_text():
    # 16.4.1: player 11's forfeit win over 9 is worth min(11's 5/2, 9's adjusted 3/2) = 3/2
    # (9: 0, 0, half-point bye, forfeit loss, PAB -> 0 + 0 + 1/2 + 0 + 1; his last round was
    # available, so nothing is adjusted) -> 27/2 - 1 = 25/2.
    # 16.4.2: player 4's half-point bye is worth min(7/2, 5 x 1/2) = 5/2 -> 15 - 1 = 14.
    # Player 12's dummies are all min(2, ...) = 2 (14's adjusted score is 2): unchanged, 23/2.
    bh = REGISTRY["buchholz"].compute(exercise("2026"), range(1, 17))
    assert (bh[11], bh[4], bh[12]) == (F(25, 2), 14, F(23, 2))
    before = REGISTRY["buchholz"].compute(exercise("2024"), range(1, 17))
    unplayed_free = [p for p in range(1, 17) if p not in (4, 6, 9, 11, 12, 14)]
    assert all(bh[p] == before[p] for p in unplayed_free)


def test_entries_from_recorded_games_give_the_same_table():
    # The worked Swiss as the site records it: games with results (colours as played) and the
    # unplayed rounds without an opponent.
    games = [
        GameRecord(1, 1, 3, Result("1-0")), GameRecord(1, 2, 4, Result("1/2-1/2")),
        GameRecord(2, 5, 1, Result("0-1")), GameRecord(2, 3, 2, Result("-+")),
        GameRecord(3, 1, 2, Result("1/2-1/2")), GameRecord(3, 4, 5, Result("1-0")),
        GameRecord(4, 1, 4, None),  # paired, not yet played: left out
    ]
    byes = [(5, 1, Unplayed.PAIRING_BYE), (4, 2, Unplayed.HALF_BYE)]
    entries = entries_from_games(games, byes)
    assert entries[2][1] == RoundEntry(2, 3, B, unplayed=Unplayed.FORFEIT_WIN)
    assert entries[3][1] == RoundEntry(2, 2, W, unplayed=Unplayed.FORFEIT_LOSS)
    rebuilt = SwissTable([1, 2, 3, 4, 5], entries, STANDARD, 3, ratings=RATINGS)
    assert rebuilt.record == table().record


def test_a_double_forfeit_is_a_forfeit_loss_for_both_and_no_game():
    entries = entries_from_games([GameRecord(1, 1, 2, Result("--"))])
    swiss = SwissTable([1, 2], entries, STANDARD, 1)
    assert swiss.total == {1: 0, 2: 0}
    assert swiss.games_of == {1: [], 2: []}
    # Both forfeits are VURs with an opponent: 2024 dummy = own score 0.
    assert REGISTRY["buchholz"].compute(swiss, [1, 2]) == {1: 0, 2: 0}


@settings(max_examples=100, deadline=None)
@given(swiss_events())
def test_the_two_texts_differ_only_through_unplayed_rounds(event):
    players, entries, rounds, ratings, _ = event
    texts = {regulation: SwissTable(players, entries, STANDARD, rounds, regulation=regulation,
                                    ratings=ratings) for regulation in ("2024", "2026")}
    old, new = texts["2024"], texts["2026"]
    for player in players:
        assert new.total[player] == old.total[player]
        if all(entry.played for entry in old.record[player]):
            # No dummy opponent: Buchholz is the sum of the opponents' adjusted scores in both.
            expected = sum((old.adjusted_total[e.opponent] for e in old.record[player]), F(0))
            for text in (old, new):
                assert REGISTRY["buchholz"].compute(text, [player])[player] == expected
        else:
            # 16.4 in 2026 only ever lowers the dummy opponent's score.
            assert (REGISTRY["buchholz"].compute(new, [player])[player]
                    <= REGISTRY["buchholz"].compute(old, [player])[player])


def test_plain_strings_are_accepted_for_the_enums():
    # Data from JSON or a form: "white", "win", "half-bye".
    entries = {
        1: [RoundEntry(1, 2, "white", "win"), RoundEntry(2, unplayed="half-bye")],
        2: [RoundEntry(1, 1, "black", "loss"), RoundEntry(2, unplayed="pairing-bye")],
    }
    swiss = SwissTable([1, 2], entries, STANDARD, 2)
    assert swiss.total == {1: F(3, 2), 2: 1}
    assert swiss.record[1][1].unplayed is Unplayed.HALF_BYE
    with pytest.raises(ValueError, match="player 1, round 1: unknown unplayed 'sometimes'; known: "
                                         "pairing-bye, full-bye"):
        SwissTable([1], {1: [RoundEntry(1, unplayed="sometimes")]}, STANDARD, 1)


def test_a_withdrawal_counts_as_draws_for_the_opponents_but_a_late_forfeit_keeps_its_zero():
    # P1 beats P2 in round 1, then P2 is absent in round 2 and, paired again in round 3, does not
    # come (forfeit loss to P3). After round 1 P2 never played: his round 2 counts 1/2 for his
    # opponents (16.3), the forfeit loss keeps its 0 -> adjusted 0 + 1/2 + 0 = 1/2.
    entries = {
        1: [played(1, 2, W, WIN), unplayed(2, Unplayed.PAIRING_BYE),
            unplayed(3, Unplayed.HALF_BYE)],
        2: [played(1, 1, B, LOSS), unplayed(2, Unplayed.ABSENT),
            unplayed(3, Unplayed.FORFEIT_LOSS, 3, W)],
        3: [unplayed(1, Unplayed.PAIRING_BYE), unplayed(2, Unplayed.ZERO_BYE),
            unplayed(3, Unplayed.FORFEIT_WIN, 2, B)],
    }
    swiss = SwissTable([1, 2, 3], entries, STANDARD, 3)
    assert swiss.total == {1: F(5, 2), 2: 0, 3: 2}
    assert swiss.adjusted_total == {1: F(5, 2), 2: F(1, 2), 3: 2}
