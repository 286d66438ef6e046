"""Organiser and arbiter steps: numbers by lot, Berger rounds, withdrawals, results (issue 5)."""

from collections import Counter
from itertools import combinations

import pytest
from tournament_factories import game_at, make_tournament, play

from tournaments import services
from tournaments.models import Entry, Game, Round, Status
from tournaments.pairing.berger import round_robin_schedule
from tournaments.signals import result_changed
from tournaments.standings.scoring import Result

pytestmark = pytest.mark.django_db


def numbers_by_name(tournament) -> dict[str, int]:
    return dict(tournament.entries.values_list("player__name", "number"))


def pairs_played(tournament) -> Counter:
    return Counter(frozenset(pair) for pair in Game.objects.of_tournament(tournament)
                   .values_list("white__number", "black__number"))


@pytest.fixture
def captured():
    """Every result_changed signal sent during the test, as dicts of its arguments."""
    sent = []

    def receiver(sender, **kwargs):
        sent.append({"sender": sender, **kwargs})

    result_changed.connect(receiver)
    yield sent
    result_changed.disconnect(receiver)


def test_creator_becomes_organiser_and_slug_is_unique(organiser):
    first = services.create_tournament(created_by=organiser, name="Aberto de Campinas")
    second = services.create_tournament(created_by=organiser, name="Aberto de Campinas")
    assert first.slug == "aberto-de-campinas" and second.slug == "aberto-de-campinas-2"
    assert list(first.organisers.all()) == [organiser]


def test_draw_by_lot_is_replayable_from_the_recorded_seed():
    tournament = make_tournament(8)
    services.draw_numbers(tournament, seed=4242)
    tournament.refresh_from_db()
    assert tournament.pairing_seed == 4242
    first = numbers_by_name(tournament)
    assert sorted(first.values()) == list(range(1, 9))
    services.draw_numbers(tournament, seed=7)
    assert numbers_by_name(tournament) != first  # another seed, another draw
    services.draw_numbers(tournament, seed=tournament.pairing_seed or 4242)
    services.draw_numbers(tournament, seed=4242)
    assert numbers_by_name(tournament) == first


def test_draw_without_seed_records_the_one_it_used():
    tournament = make_tournament(5)
    services.draw_numbers(tournament)
    tournament.refresh_from_db()
    drawn = numbers_by_name(tournament)
    services.draw_numbers(tournament, seed=tournament.pairing_seed)
    assert numbers_by_name(tournament) == drawn


def test_numbers_set_by_the_organiser_must_be_one_to_n():
    tournament = make_tournament(3)
    ids = list(tournament.entries.order_by("pk").values_list("pk", flat=True))
    with pytest.raises(services.InvalidNumbersError):
        services.set_numbers(tournament, dict(zip(ids, [1, 2, 4], strict=True)))
    with pytest.raises(services.InvalidNumbersError):
        services.set_numbers(tournament, dict(zip(ids[:2], [1, 2], strict=True)))
    services.set_numbers(tournament, dict(zip(ids, [3, 1, 2], strict=True)))
    assert list(tournament.entries.order_by("pk").values_list("number", flat=True)) == [3, 1, 2]


@pytest.mark.parametrize(("n_players", "rounds", "boards"), [(7, 7, 3), (10, 9, 5)])
def test_generate_rounds_follows_the_berger_table(n_players, rounds, boards):
    tournament = make_tournament(n_players, paired=True)
    assert tournament.rounds.count() == rounds
    schedule = round_robin_schedule(n_players)
    for planned in schedule:
        stored = Round.objects.get(tournament=tournament, number=planned.number)
        games = list(stored.games.order_by("board")
                     .values_list("board", "white__number", "black__number"))
        assert games == [(game.board, game.white, game.black) for game in planned.games]
        assert len(games) == boards
        assert (stored.bye.number if stored.bye else None) == planned.bye
    assert set(pairs_played(tournament).values()) == {1}
    assert len(pairs_played(tournament)) == n_players * (n_players - 1) // 2
    tournament.refresh_from_db()
    assert tournament.status == Status.ONGOING


def test_odd_field_gives_everyone_one_bye_and_the_highest_number_in_round_one():
    tournament = make_tournament(7, paired=True)
    byes = list(tournament.rounds.order_by("number").values_list("bye__number", flat=True))
    assert sorted(byes) == list(range(1, 8))
    assert byes[0] == 1  # the phantom is number 8, which meets 1 in round 1


def test_double_round_robin_repeats_with_colours_reversed():
    tournament = make_tournament(4, paired=False, cycles=2)
    ids = tournament.entries.order_by("pk").values_list("pk", flat=True)
    services.set_numbers(tournament, {pk: index for index, pk in enumerate(ids, start=1)})
    services.generate_rounds(tournament)
    assert tournament.rounds.count() == 6
    assert set(pairs_played(tournament).values()) == {2}
    colours = Counter(Game.objects.of_tournament(tournament)
                      .values_list("white__number", "black__number"))
    assert all(count == 1 for count in colours.values())  # each pair once with each colour
    first_cycle = round_robin_schedule(4, cycles=2)
    assert [(g.white, g.black) for g in first_cycle[2].games] == list(
        game_at(tournament, 3, 1).round.games.order_by("board")
        .values_list("white__number", "black__number"))


def test_swap_of_the_last_two_rounds_can_be_turned_off():
    on = make_tournament(4, cycles=2, paired=True, name="Com troca")
    off = make_tournament(4, cycles=2, swap_last_two=False, paired=True, name="Sem troca")

    def round_pairs(tournament, number):
        return sorted(Game.objects.filter(round__tournament=tournament, round__number=number)
                      .values_list("white__number", "black__number"))

    assert round_pairs(on, 2) == round_pairs(off, 3)
    assert round_pairs(on, 3) == round_pairs(off, 2)


def test_rounds_cannot_be_generated_twice_nor_numbers_drawn_after():
    tournament = make_tournament(4, paired=True)
    before = list(Game.objects.of_tournament(tournament).values_list("pk", flat=True))
    with pytest.raises(services.PairingsExistError):
        services.generate_rounds(tournament)
    with pytest.raises(services.PairingsExistError):
        services.draw_numbers(tournament, seed=1)
    with pytest.raises(services.PairingsExistError):
        services.add_player(tournament, name="Atrasado")
    assert list(Game.objects.of_tournament(tournament).values_list("pk", flat=True)) == before


def test_generating_needs_numbers_and_two_players():
    tournament = make_tournament(3)
    with pytest.raises(services.NumbersNotDrawnError):
        services.generate_rounds(tournament)
    assert not tournament.rounds.exists()
    lonely = make_tournament(1, name="Sozinho")
    with pytest.raises(services.NotEnoughPlayersError):
        services.draw_numbers(lonely)


def test_withdrawal_turns_remaining_games_into_forfeits(captured, arbiter):
    tournament = make_tournament(6, paired=True)
    play(tournament, {(1, board): "1/2-1/2" for board in (1, 2, 3)})
    captured.clear()
    leaver = tournament.entries.get(number=2)
    forfeits = services.withdraw_player(leaver, user=arbiter)
    assert len(forfeits) == 4  # rounds 2-5
    games = Game.objects.of_tournament(tournament).involving(leaver)
    played_first = games.get(round__number=1)
    assert played_first.result == "1/2-1/2"  # played games stay as they were
    for game in games.exclude(round__number=1):
        expected = "-+" if game.white_id == leaver.pk else "+-"  # Art. 28: present player wins
        assert game.result == expected
    assert [signal["after"] for signal in captured] == [Result(game.result) for game in forfeits]
    assert all(signal["before"] is None and signal["user"] == arbiter for signal in captured)
    leaver.refresh_from_db()
    assert leaver.withdrawn


def test_game_between_two_withdrawn_players_is_a_double_forfeit():
    tournament = make_tournament(4, paired=True)
    second, third = tournament.entries.get(number=2), tournament.entries.get(number=3)
    services.withdraw_player(second)
    between = Game.objects.of_tournament(tournament).involving(second).involving(third)
    third_present = "+-" if between.get().white_id == third.pk else "-+"
    assert between.get().result == third_present  # 3 is still in: he wins by forfeit
    services.withdraw_player(third)
    assert between.get().result == "--"  # neither will come to that game now
    with pytest.raises(services.AlreadyWithdrawnError):
        services.withdraw_player(Entry.objects.get(pk=second.pk))


def test_forfeit_won_in_an_earlier_round_is_kept():
    tournament = make_tournament(4, paired=True)
    # Berger for 4: round 1 is 1-4, 2-3; round 2 is 4-3, 1-2; round 3 is 2-4, 3-1.
    second, third = tournament.entries.get(number=2), tournament.entries.get(number=3)
    services.withdraw_player(second)  # before round 1: 3 wins their round-1 game by forfeit
    play(tournament, {(1, 1): "1-0", (2, 1): "1/2-1/2"})  # 3 plays rounds 1 and 2
    services.withdraw_player(third)  # from round 3 on
    assert game_at(tournament, 1, 2).result == "-+"  # 2 (White) absent in round 1: 3 won
    assert game_at(tournament, 2, 1).result == "1/2-1/2"  # played: never changed
    assert game_at(tournament, 3, 2).result == "-+"  # round 3: 3 (White) absent, 1 wins


def test_withdrawal_before_pairing_asks_to_remove_instead():
    tournament = make_tournament(3)
    entry = tournament.entries.first()
    with pytest.raises(services.NotPairedError):
        services.withdraw_player(entry)
    services.remove_entry(entry)
    assert tournament.entries.count() == 2


def test_result_entry_bumps_the_version_and_signals(captured, arbiter):
    tournament = make_tournament(4, paired=True)
    game = game_at(tournament, 1, 1)
    saved = services.record_result(game, result="1-0", expected_version=1, user=arbiter)
    assert (saved.result, saved.version) == ("1-0", 2)
    corrected = services.record_result(saved, result="1/2-1/2", expected_version=2, user=arbiter)
    assert corrected.version == 3
    assert [(s["before"], s["after"]) for s in captured] == [
        (None, Result.WHITE_WIN), (Result.WHITE_WIN, Result.DRAW)]
    assert all(s["sender"] is Game and s["game"].pk == game.pk for s in captured)


def test_stale_version_is_refused_and_nothing_overwritten(captured):
    tournament = make_tournament(4, paired=True)
    game = game_at(tournament, 1, 1)
    services.record_result(game, result="1-0", expected_version=1)
    with pytest.raises(services.StaleResultError) as refused:
        services.record_result(game, result="0-1", expected_version=1)
    assert refused.value.current.result == "1-0"
    assert "1-0" in str(refused.value)
    assert game_at(tournament, 1, 1).result == "1-0"
    assert len(captured) == 1


def test_colours_swapped_by_agreement_are_the_colours_that_count():
    tournament = make_tournament(4, paired=True)
    game = game_at(tournament, 1, 1)
    scheduled_white, scheduled_black = game.white, game.black
    saved = services.record_result(game, result="1-0", colours_swapped=True, expected_version=1)
    assert (saved.white, saved.black) == (scheduled_black, scheduled_white)
    assert saved.colours_swapped and saved.scheduled_white == scheduled_white
    record = next(r for r in tournament_records(tournament) if r[0] == 1 and r[3] == "1-0")
    assert record[1:3] == (scheduled_black.number, scheduled_white.number)


def tournament_records(tournament):
    return list(Game.objects.of_tournament(tournament).records())


def test_invalid_result_is_refused():
    tournament = make_tournament(2, paired=True)
    with pytest.raises(services.InvalidResultError):
        services.record_result(game_at(tournament, 1, 1), result="3-0", expected_version=1)


def test_status_follows_the_results():
    tournament = make_tournament(3, paired=True)
    for game in Game.objects.of_tournament(tournament):
        services.record_result(game, result="1-0", expected_version=game.version)
    tournament.refresh_from_db()
    assert tournament.status == Status.FINISHED


def test_schedule_cannot_change_after_pairing():
    tournament = make_tournament(4, paired=True)
    tournament.cycles = 2
    with pytest.raises(services.PairingsExistError):
        services.update_tournament(tournament)


def test_every_pair_meets_in_the_generated_rounds():
    tournament = make_tournament(5, paired=True)
    assert set(pairs_played(tournament)) == {frozenset(p) for p in combinations(range(1, 6), 2)}
