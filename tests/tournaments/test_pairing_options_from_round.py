"""Issue 27: a pair the arbiter names once rounds are paired (he learns in round 4 that two
players are brothers) applies from the next round to pair, and the rounds already paired keep
their pairing; a pair's first round is checked against the tournament's rounds and its last."""

from __future__ import annotations

import json

import pytest
from tournament_factories import make_tournament

from tournaments import services
from tournaments.models import ForbiddenPair, GameResult, PairingSystem
from tournaments.queries.pairing_options import NamedPair, Options, round_pairs
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.django_db


def swiss(players: int = 8, rounds: int = 5):
    tournament = make_tournament(0, system=PairingSystem.SWISS, swiss_rounds=rounds)
    for index in range(1, players + 1):
        services.add_player(tournament, name=f"Jogador {index:02d}", rating=2000 - 10 * index)
    swiss_event.rank_by_rating(tournament)
    return tournament


def entry(tournament, number):
    return tournament.entries.select_related("player").get(number=number)


def pairs_of(round_) -> set[frozenset[int]]:
    return {frozenset(g) for g in round_.games.values_list("white__number", "black__number")}


def play(round_) -> None:
    """The higher rating wins every game, and the round is published."""
    swiss_event.publish_round(round_)
    for game in round_.games.select_related("white__player", "black__player"):
        if game.black_id is None:
            continue
        better = game.white.player.rating >= game.black.player.rating
        result = GameResult.WHITE_WIN if better else GameResult.BLACK_WIN
        services.record_result(game, result=result, expected_version=game.version)


def test_a_named_pair_applies_from_its_first_round_to_its_last():
    options = Options(named=(NamedPair(1, 2, None, "", 3), NamedPair(3, 4, 4, "", 2)))
    assert [
        bool(round_pairs(options, {}, r).pairs() & {frozenset((1, 2))}) for r in range(1, 7)
    ] == [False, False, True, True, True, True]
    assert [
        bool(round_pairs(options, {}, r).pairs() & {frozenset((3, 4))}) for r in range(1, 6)
    ] == [False, True, True, True, False]


def test_a_pair_added_after_round_2_is_paired_applies_from_round_3_and_keeps_them_apart():
    tournament = swiss(8, rounds=5)
    first = swiss_event.pair_next_round(tournament)
    play(first)
    second = swiss_event.pair_next_round(tournament)
    before = {1: pairs_of(first), 2: pairs_of(second)}
    play(second)
    # Who round 3 pairs on board 1 without the option: the pair the arbiter will name.
    third = swiss_event.pair_next_round(tournament)
    board = third.games.order_by("board").values_list("white__number", "black__number")[0]
    swiss_event.delete_last_round(third)
    a, b = entry(tournament, board[0]), entry(tournament, board[1])
    pair = swiss_event.add_forbidden_pair(tournament, a, b, note="irmãos")
    assert (pair.from_round, pair.rounds) == (3, None)
    assert swiss_event.next_round_to_pair(tournament) == 3
    third = swiss_event.pair_next_round(tournament)
    assert frozenset(board) not in pairs_of(third)
    # Rounds 1 and 2 are untouched.
    assert {
        1: pairs_of(tournament.rounds.get(number=1)),
        2: pairs_of(tournament.rounds.get(number=2)),
    } == before
    # Round 3 is now paired with the pair: its first round can no longer move past it.
    with pytest.raises(swiss_event.PairingOptionError, match="Round 3 is already paired"):
        swiss_event.change_forbidden_pair(pair, rounds=None, from_round=4)
    with pytest.raises(swiss_event.PairingOptionError, match="Round 3 is already paired"):
        swiss_event.remove_forbidden_pair(pair)
    # Ending it after round 3 leaves round 3 as it was.
    swiss_event.change_forbidden_pair(pair, rounds=4)
    assert ForbiddenPair.objects.get(pk=pair.pk).rounds == 4


def test_a_pair_whose_rounds_make_no_sense_is_refused():
    tournament = swiss(6, rounds=5)
    a, b, c = entry(tournament, 1), entry(tournament, 2), entry(tournament, 3)
    with pytest.raises(swiss_event.PairingOptionError, match="cannot start in round 6"):
        swiss_event.add_forbidden_pair(tournament, a, b, from_round=6)
    with pytest.raises(swiss_event.PairingOptionError, match="cannot end in round 2"):
        swiss_event.add_forbidden_pair(tournament, a, b, from_round=3, rounds=2)
    pair = swiss_event.add_forbidden_pair(tournament, a, b, from_round=2, rounds=3)
    assert (pair.from_round, pair.rounds) == (2, 3)
    with pytest.raises(swiss_event.PairingOptionError, match="cannot end in round 1"):
        swiss_event.change_forbidden_pair(pair, rounds=1)
    # Before any pairing, a pair starts in round 1.
    assert swiss_event.add_forbidden_pair(tournament, a, c).from_round == 1
    assert ForbiddenPair.objects.filter(tournament=tournament).count() == 2


def test_no_pair_can_be_added_once_every_round_is_paired():
    tournament = swiss(4, rounds=1)
    swiss_event.pair_next_round(tournament)
    with pytest.raises(swiss_event.PairingOptionError, match="Every round is paired"):
        swiss_event.add_forbidden_pair(tournament, entry(tournament, 1), entry(tournament, 2))


def test_the_backup_carries_a_pairs_first_round_and_older_files_start_at_round_1():
    from tournaments.files.backup import export_tournament, import_tournament

    tournament = swiss(6, rounds=5)
    swiss_event.add_forbidden_pair(tournament, entry(tournament, 1), entry(tournament, 2))
    swiss_event.add_forbidden_pair(
        tournament, entry(tournament, 3), entry(tournament, 4), from_round=2, rounds=4
    )
    data = export_tournament(tournament)
    listed = data["swiss"]["forbidden_pairs"]
    assert "from_round" not in listed[0]  # 1 is not written
    assert listed[1]["from_round"] == 2 and listed[1]["rounds"] == 4
    copy_ = import_tournament(json.loads(json.dumps(data)))
    spans = sorted(
        ForbiddenPair.objects.filter(tournament=copy_).values_list("from_round", "rounds"), key=str
    )
    assert spans == [(1, None), (2, 4)]
    assert export_tournament(copy_)["swiss"] == data["swiss"]
    # A file written before from_round: every pair starts at round 1.
    del listed[1]["from_round"]
    older = import_tournament(data)
    assert sorted(
        ForbiddenPair.objects.filter(tournament=older).values_list("from_round", "rounds"), key=str
    ) == [(1, 4), (1, None)]


def test_the_trf_writes_a_pair_with_a_round_range_as_260_and_reads_it_back():
    from tournaments.files.swiss_trf import import_trf
    from tournaments.queries.swiss_trf import export_trf_text

    tournament = swiss(6, rounds=5)
    swiss_event.add_forbidden_pair(tournament, entry(tournament, 1), entry(tournament, 2))
    swiss_event.add_forbidden_pair(
        tournament, entry(tournament, 3), entry(tournament, 4), from_round=3
    )
    swiss_event.add_forbidden_pair(
        tournament, entry(tournament, 5), entry(tournament, 6), from_round=2, rounds=4
    )
    text = export_trf_text(tournament)
    lines = [line for line in text.splitlines() if line[:3] in {"XXP", "260"}]
    assert lines == ["XXP 1 2", "260 003 005    3    4", "260 002 004    5    6"]
    imported = import_trf(text).tournament
    spans = {
        (p.first.number, p.second.number): (p.from_round, p.rounds)
        for p in ForbiddenPair.objects.filter(tournament=imported).select_related("first", "second")
    }
    assert {tuple(sorted(k)): v for k, v in spans.items()} == {
        (1, 2): (1, None),
        (3, 4): (3, None),
        (5, 6): (2, 4),
    }
    # The copy keeps them apart in the same rounds as the original.
    for r in range(1, 6):
        assert round_pairs_of(imported, r) == round_pairs_of(tournament, r), r


def round_pairs_of(tournament, r) -> set[frozenset[int]]:
    """The named pairs of round `r`, by pairing number."""
    from tournaments.queries.pairing_options import forbidden_in_round

    number = dict(tournament.entries.values_list("pk", "number"))
    return {frozenset(number[pk] for pk in p) for p in forbidden_in_round(tournament, r).pairs()}
