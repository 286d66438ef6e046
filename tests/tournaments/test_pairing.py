"""Berger pairing (FIDE C.05 Annex 1) and the draw of pairing numbers, Art. 2 and Art. 10."""

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from tournaments.pairing.berger import (
    PairedGame,
    RoundPairing,
    berger_rounds,
    draw_pairing_numbers,
    round_robin_schedule,
)

BERGER_DATA = Path(__file__).resolve().parents[1] / "data" / "berger" / "fide_c05_annex1.txt"


def load_fide_tables() -> dict[int, list[list[tuple[int, int]]]]:
    """The transcribed FIDE tables keyed by the even size: {4: [[(1, 4), (2, 3)], ...], ...}."""
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    current: list[list[tuple[int, int]]] = []
    for line in BERGER_DATA.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            current = tables.setdefault(int(line.strip("[]").split("-")[1]), [])
            continue
        number, pairs = line.split(":")
        assert int(number) == len(current) + 1, f"rounds out of order in {BERGER_DATA}: {line}"
        current.append([tuple(map(int, pair.split("-"))) for pair in pairs.split()])
    return tables


FIDE_TABLES = load_fide_tables()


def as_pairs(pairing: RoundPairing) -> list[tuple[int, int]]:
    return [(game.white, game.black) for game in pairing.games]


def colour_sequences(schedule: list[RoundPairing], n_players: int) -> dict[int, str]:
    """Each player's colours over the schedule, byes skipped: {1: "WBWB...", ...}."""
    sequences = {player: "" for player in range(1, n_players + 1)}
    for pairing in schedule:
        for game in pairing.games:
            sequences[game.white] += "W"
            sequences[game.black] += "B"
    return sequences


def longest_run(sequence: str) -> int:
    best = run = 0
    for index, colour in enumerate(sequence):
        run = run + 1 if index and sequence[index - 1] == colour else 1
        best = max(best, run)
    return best


def test_the_data_file_holds_every_fide_table_from_3_to_16_players():
    assert sorted(FIDE_TABLES) == [4, 6, 8, 10, 12, 14, 16]
    for size, rounds in FIDE_TABLES.items():
        assert len(rounds) == size - 1
        assert all(len(pairs) == size // 2 for pairs in rounds)


@pytest.mark.parametrize("n_players", range(3, 17))
def test_berger_rounds_match_the_fide_table(n_players):
    # C.05 Annex 1: an odd field uses the table of the even size above it, the highest number
    # being the bye, so its boards are the table's boards without the phantom's game.
    size = n_players + n_players % 2
    expected = []
    for pairs in FIDE_TABLES[size]:
        games = [(w, b) for w, b in pairs if size == n_players or size not in (w, b)]
        byes = [w + b - size for w, b in pairs if size != n_players and size in (w, b)]
        expected.append((games, byes[0] if byes else None))

    rounds = berger_rounds(n_players)

    assert [(as_pairs(r), r.bye) for r in rounds] == expected
    assert [r.number for r in rounds] == list(range(1, len(expected) + 1))
    assert all([g.board for g in r.games] == list(range(1, len(r.games) + 1)) for r in rounds)


def test_four_players_as_printed_in_the_issue():
    assert berger_rounds(4) == [
        RoundPairing(1, (PairedGame(1, 1, 4), PairedGame(2, 2, 3)), None),
        RoundPairing(2, (PairedGame(1, 4, 3), PairedGame(2, 1, 2)), None),
        RoundPairing(3, (PairedGame(1, 2, 4), PairedGame(2, 3, 1)), None),
    ]


def test_five_players_use_the_six_player_table_with_6_as_the_bye():
    # 6-player round 1 is 1-6, 2-5, 3-4: player 1 meets the phantom 6 and sits out.
    first = berger_rounds(5)[0]
    assert first.bye == 1
    assert first.games == (PairedGame(1, 2, 5), PairedGame(2, 3, 4))


@pytest.mark.parametrize("n_players", [*range(2, 21), 31, 50])
def test_everyone_meets_everyone_exactly_once_per_cycle(n_players):
    rounds = berger_rounds(n_players)
    meetings = Counter(
        frozenset((g.white, g.black)) for r in rounds for g in r.games
    )
    assert set(meetings) == {frozenset(p) for p in combinations(range(1, n_players + 1), 2)}
    assert set(meetings.values()) == {1}
    assert len(rounds) == (n_players if n_players % 2 else n_players - 1)


@pytest.mark.parametrize("n_players", [*range(2, 21), 31, 50])
def test_each_round_seats_every_player_once_and_odd_fields_have_one_bye(n_players):
    byes = []
    for pairing in berger_rounds(n_players):
        seated = [p for g in pairing.games for p in (g.white, g.black)]
        if pairing.bye is not None:
            seated.append(pairing.bye)
            byes.append(pairing.bye)
        assert sorted(seated) == list(range(1, n_players + 1))
        assert (pairing.bye is not None) == (n_players % 2 == 1)
    # Over the cycle each player of an odd field sits out exactly once.
    assert sorted(byes) == (list(range(1, n_players + 1)) if n_players % 2 else [])


@pytest.mark.parametrize("n_players", range(3, 21))
def test_colours_are_balanced_within_one(n_players):
    sequences = colour_sequences(berger_rounds(n_players), n_players)
    balance = {seq.count("W") - seq.count("B") for seq in sequences.values()}
    # Even fields play an odd number of games each (n-1): a difference of one is unavoidable.
    assert balance == ({0} if n_players % 2 else {-1, 1})
    assert max(longest_run(seq) for seq in sequences.values()) <= 2


@pytest.mark.parametrize("n_players", range(4, 21, 2))
def test_the_last_number_keeps_board_one_and_alternates_colours(n_players):
    for pairing in berger_rounds(n_players):
        board_one = pairing.games[0]
        expected_black = pairing.number % 2 == 1  # Black in odd rounds, White in even ones
        assert (board_one.black == n_players) is expected_black
        assert n_players in (board_one.white, board_one.black)


@pytest.mark.parametrize("n_players", [3, 4, 7, 10])
def test_second_cycle_repeats_the_table_with_colours_reversed(n_players):
    table = berger_rounds(n_players)
    schedule = round_robin_schedule(n_players, cycles=2, swap_last_two=False)

    assert [r.number for r in schedule] == list(range(1, 2 * len(table) + 1))
    assert [as_pairs(r) for r in schedule[: len(table)]] == [as_pairs(r) for r in table]
    for first, second in zip(table, schedule[len(table) :], strict=True):
        assert as_pairs(second) == [(b, w) for w, b in as_pairs(first)]
        assert second.bye == first.bye


@pytest.mark.parametrize("n_players", [4, 5, 8])
def test_swap_last_two_exchanges_the_last_two_rounds_of_the_first_cycle(n_players):
    table = berger_rounds(n_players)
    last = len(table)
    schedule = round_robin_schedule(n_players, cycles=2)

    assert as_pairs(schedule[last - 2]) == as_pairs(table[last - 1])
    assert as_pairs(schedule[last - 1]) == as_pairs(table[last - 2])
    assert [schedule[last - 2].number, schedule[last - 1].number] == [last - 1, last]
    # The second cycle keeps the table's order, colours reversed.
    assert as_pairs(schedule[last]) == [(b, w) for w, b in as_pairs(table[0])]
    assert as_pairs(schedule[-1]) == [(b, w) for w, b in as_pairs(table[-1])]


@pytest.mark.parametrize("n_players", range(3, 21))
def test_swapping_avoids_three_games_running_with_one_colour(n_players):
    # C.05 Annex 1 gives this reason for the swap; without it every even field has such a run.
    swapped = colour_sequences(round_robin_schedule(n_players, cycles=2), n_players)
    plain = colour_sequences(round_robin_schedule(n_players, 2, swap_last_two=False), n_players)

    assert max(longest_run(seq) for seq in swapped.values()) == 2
    assert max(longest_run(seq) for seq in plain.values()) == (2 if n_players % 2 else 3)


def test_three_cycles_alternate_colours_and_everyone_meets_three_times():
    schedule = round_robin_schedule(6, cycles=3)
    meetings = Counter(frozenset((g.white, g.black)) for r in schedule for g in r.games)
    white_counts = Counter((g.white, g.black) for r in schedule for g in r.games)

    assert len(schedule) == 15
    assert set(meetings.values()) == {3}
    # Cycles 1 and 3 give one colour, cycle 2 the other: each pair is 2 to 1 in colours.
    pairs = list(combinations(range(1, 7), 2))
    assert all(white_counts[(a, b)] + white_counts[(b, a)] == 3 for a, b in pairs)
    assert {white_counts[(a, b)] for a, b in pairs} == {1, 2}
    assert max(longest_run(s) for s in colour_sequences(schedule, 6).values()) == 2


def test_a_single_cycle_ignores_swap_last_two():
    assert round_robin_schedule(6, cycles=1, swap_last_two=True) == berger_rounds(6)


@pytest.mark.parametrize("n_players", [-1, 0, 1])
def test_fewer_than_two_players_cannot_be_paired(n_players):
    with pytest.raises(ValueError, match="at least 2 players"):
        berger_rounds(n_players)


def test_zero_cycles_is_refused():
    with pytest.raises(ValueError, match="at least one cycle"):
        round_robin_schedule(4, cycles=0)


def test_drawn_numbers_are_a_permutation_of_1_to_n():
    ids = [101, 205, 37, 48, 999, 12, 6]
    numbers = draw_pairing_numbers(ids, seed=2024)
    assert set(numbers) == set(ids)
    assert sorted(numbers.values()) == list(range(1, 8))


def test_the_draw_replays_from_its_seed_whatever_the_input_order():
    ids = [f"player-{i}" for i in range(12)]
    first = draw_pairing_numbers(ids, seed=7)
    assert draw_pairing_numbers(list(reversed(ids)), seed=7) == first
    assert draw_pairing_numbers(tuple(ids), seed=7) == first


def test_different_seeds_give_different_draws():
    ids = list(range(1, 13))
    draws = set()
    for seed in range(5):
        numbers = draw_pairing_numbers(ids, seed)
        draws.add(tuple(numbers[player] for player in ids))
    assert len(draws) == 5


def test_the_draw_for_a_recorded_seed_never_changes():
    # A published draw must replay years later: this pins random.Random(42).shuffle on the sorted
    # ids. If Python ever changed the sequence, old tournaments would be re-drawn differently.
    assert draw_pairing_numbers([10, 20, 30, 40, 50, 60], seed=42) == {
        40: 1, 20: 2, 30: 3, 50: 4, 10: 5, 60: 6,
    }


def test_duplicate_ids_are_refused():
    with pytest.raises(ValueError, match="distinct"):
        draw_pairing_numbers([1, 2, 2], seed=1)


def test_ids_that_cannot_be_ordered_are_refused():
    # Without an order the numbers would depend on how the caller listed the players.
    with pytest.raises(ValueError, match="comparable"):
        draw_pairing_numbers([1, "two", 3], seed=1)
