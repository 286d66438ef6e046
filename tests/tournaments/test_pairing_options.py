"""Issue 27, the organiser's pairing options of a Swiss: the same-club rule and the pairs he names
(for every round or the first N), what applies to each round as the engine's TRF data has it,
and the changes refused once a round they would alter is paired."""

from __future__ import annotations

import pytest
from tournament_factories import make_tournament

from tournaments import services
from tournaments.models import ForbiddenPair, PairingSystem
from tournaments.queries import pairing_options
from tournaments.queries.pairing_options import NamedPair, Options, club_key, round_pairs
from tournaments.queries.swiss_trf import tournament_to_trf
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.django_db


def swiss(clubs: list[str], rounds: int = 5):
    tournament = make_tournament(0, system=PairingSystem.SWISS, swiss_rounds=rounds)
    for index, club in enumerate(clubs, start=1):
        services.add_player(
            tournament, name=f"Jogador {index:02d}", club=club, rating=2000 - 10 * index
        )
    swiss_event.rank_by_rating(tournament)
    return tournament


def entry(tournament, number):
    return tournament.entries.select_related("player").get(number=number)


def test_same_club_compares_clubs_without_accents_case_or_spaces_and_ignores_no_club():
    assert club_key("  Clube de Damas  de SÃO Paulo ") == club_key("clube de damas de sao paulo")
    clubs = {
        1: "Santos Damas Clube",
        2: "santos  damas clube",
        3: "SANTOS DAMAS CLUBE ",
        4: "",
        5: "  ",
        6: "Clube Sorocabano",
        7: "Clube Sorocabano de Damas",
    }
    found = round_pairs(Options(forbid_same_club=True), clubs, 1)
    assert found.clubs == {"Santos Damas Clube": [1, 2, 3]}  # 4 and 5 have no club
    assert found.pairs() == {frozenset(p) for p in ((1, 2), (1, 3), (2, 3))}


def test_pairs_apply_to_their_rounds_only():
    options = Options(
        forbid_same_club=True,
        same_club_rounds=2,
        named=(NamedPair(1, 4, None, "irmãos"), NamedPair(2, 5, 3)),
    )
    clubs = {1: "A", 2: "A", 3: "B", 4: "B", 5: "C"}
    assert round_pairs(options, clubs, 1).pairs() == {
        frozenset((1, 2)),
        frozenset((3, 4)),
        frozenset((1, 4)),
        frozenset((2, 5)),
    }
    assert round_pairs(options, clubs, 3).pairs() == {frozenset((1, 4)), frozenset((2, 5))}
    assert round_pairs(options, clubs, 4).pairs() == {frozenset((1, 4))}


def test_the_trf_data_of_a_round_holds_exactly_the_pairs_that_apply_to_it():
    tournament = swiss(["Clube A", "clube a", "Clube B", "", "CLUBE  B", ""])
    tournament = swiss_event.set_pairing_options(
        tournament, baku_acceleration=False, forbid_same_club=True, same_club_rounds=1
    )
    swiss_event.add_forbidden_pair(
        tournament, entry(tournament, 4), entry(tournament, 6), rounds=2, note="irmãos"
    )
    by_round = {
        r: set(tournament_to_trf(tournament, rounds=0, next_round=r).forbidden_in(r))
        for r in (1, 2, 3)
    }
    assert by_round[1] == {frozenset((1, 2)), frozenset((3, 5)), frozenset((4, 6))}
    assert by_round[2] == {frozenset((4, 6))}
    assert by_round[3] == set()
    # The named pair is written for its rounds (TRF-2026 260), the club pairs for round 1 only.
    assert tournament_to_trf(tournament, rounds=0, next_round=3).forbidden_rounds == {
        frozenset((4, 6)): (1, 2)
    }
    # The engine's player states carry them: 1 must not meet 2 in round 1.
    from tournaments.pairing.swiss.state import from_trf

    position = from_trf(tournament_to_trf(tournament, rounds=0, next_round=1), 1, 5)
    assert {p.number: p.forbidden for p in position.players}[1] == {2}


def test_a_pair_is_refused_twice_with_one_player_or_beyond_the_rounds():
    tournament = swiss(["", "", "", ""], rounds=5)
    a, b = entry(tournament, 1), entry(tournament, 2)
    swiss_event.add_forbidden_pair(tournament, a, b)
    with pytest.raises(swiss_event.PairingOptionError, match="already listed"):
        swiss_event.add_forbidden_pair(tournament, b, a)  # the same pair, the other way round
    with pytest.raises(swiss_event.PairingOptionError, match="two different players"):
        swiss_event.add_forbidden_pair(tournament, a, a)
    with pytest.raises(swiss_event.PairingOptionError, match="from 1 to 5"):
        swiss_event.add_forbidden_pair(tournament, a, entry(tournament, 3), rounds=6)
    with pytest.raises(swiss_event.PairingOptionError, match="from 1 to 5"):
        swiss_event.set_pairing_options(
            tournament, baku_acceleration=False, forbid_same_club=True, same_club_rounds=6
        )
    assert ForbiddenPair.objects.filter(tournament=tournament).count() == 1


def test_changes_that_would_alter_a_paired_round_are_refused_naming_it():
    tournament = swiss(["X", "X", "Y", "Y", "", ""], rounds=5)
    swiss_event.set_pairing_options(
        tournament, baku_acceleration=False, forbid_same_club=True, same_club_rounds=3
    )
    pair = swiss_event.add_forbidden_pair(tournament, entry(tournament, 5), entry(tournament, 6))
    first = swiss_event.pair_next_round(tournament)
    assert {frozenset(g) for g in first.games.values_list("white__number", "black__number")} & {
        frozenset((1, 2)),
        frozenset((3, 4)),
        frozenset((5, 6)),
    } == set()
    with pytest.raises(swiss_event.PairingOptionError, match="Round 1 is already paired"):
        swiss_event.set_pairing_options(
            tournament, baku_acceleration=False, forbid_same_club=False, same_club_rounds=None
        )
    with pytest.raises(swiss_event.PairingOptionError, match="Round 1 is already paired"):
        swiss_event.remove_forbidden_pair(pair)
    with pytest.raises(swiss_event.PairingOptionError, match="Round 1 is already paired"):
        swiss_event.add_forbidden_pair(
            tournament, entry(tournament, 1), entry(tournament, 3), from_round=1
        )
    # What leaves round 1 as it was is allowed: the club rule and the pair ending after it.
    swiss_event.set_pairing_options(
        tournament, baku_acceleration=False, forbid_same_club=True, same_club_rounds=1
    )
    swiss_event.change_forbidden_pair(pair, rounds=1)
    tournament.refresh_from_db()
    assert tournament.same_club_rounds == 1
    assert ForbiddenPair.objects.get(pk=pair.pk).rounds == 1
    with pytest.raises(swiss_event.PairingOptionError, match="Round 1 is already paired"):
        swiss_event.set_pairing_options(
            tournament, baku_acceleration=True, forbid_same_club=True, same_club_rounds=1
        )
    # Deleting the round frees the options again.
    swiss_event.delete_last_round(first)
    swiss_event.remove_forbidden_pair(pair)
    assert not ForbiddenPair.objects.filter(tournament=tournament).exists()


def test_when_only_the_forbidden_pairs_block_the_round_the_message_says_so():
    # Four players of one club, all kept apart: no pairing of round 1 exists.
    tournament = swiss(["Clube Único"] * 4, rounds=3)
    swiss_event.set_pairing_options(
        tournament, baku_acceleration=False, forbid_same_club=True, same_club_rounds=None
    )
    with pytest.raises(
        swiss_event.PairingFailedError, match="no pairing keeps apart the players who must not meet"
    ):
        swiss_event.pair_next_round(tournament)
    assert not tournament.rounds.exists()


def test_options_of_a_round_robin_are_refused():
    tournament = make_tournament(4)
    with pytest.raises(swiss_event.SwissError, match="round robin"):
        swiss_event.set_pairing_options(
            tournament, baku_acceleration=True, forbid_same_club=False, same_club_rounds=None
        )


def test_no_options_no_trf_lines():
    tournament = swiss(["A", "A", "B", "B"])
    trf = tournament_to_trf(tournament, rounds=0, next_round=1)
    assert trf.forbidden_pairs == [] and trf.accelerations == {}
    assert pairing_options.forbidden_in_round(tournament, 1).pairs() == set()


def test_a_late_entry_plays_in_group_b_and_group_a_stays_as_it_was():
    # 8 players, 5 rounds: group A is the first 4 of the initial ranking (C.04.5.1).
    tournament = swiss([""] * 8, rounds=5)
    tournament = swiss_event.set_pairing_options(
        tournament, baku_acceleration=True, forbid_same_club=False, same_club_rounds=None
    )
    group_a = set(tournament.entries.filter(number__lte=4).values_list("pk", flat=True))
    first = swiss_event.pair_next_round(tournament)
    swiss_event.publish_round(first)
    for game in first.games.all():
        services.record_result(game, result="1-0", expected_version=game.version)
    # Rated above everybody: he is numbered 1, the others move down one.
    late = swiss_event.enter_late(tournament, name="Retardatário", rating=2500)
    assert late.number == 1
    points = pairing_options.virtual_points(tournament, 2)
    assert set(points) == group_a and late.pk not in points
    trf = tournament_to_trf(tournament, rounds=1, next_round=2)
    from tournaments.pairing.swiss.state import from_trf

    position = from_trf(trf, 2, 5)
    accelerated = {p.number for p in position.players if p.acceleration}
    assert accelerated == {2, 3, 4, 5}  # group A's new numbers, the late entry's 1 not in it


def test_a_micro_match_swiss_keeps_the_forbidden_pairs_apart_without_virtual_points():
    tournament = make_tournament(0, system=PairingSystem.SWISS, swiss_rounds=3, micro_match=True)
    for index, club in enumerate(["X", "Y", "x ", "Y"], start=1):
        services.add_player(tournament, name=f"Jogador {index}", club=club, rating=2000 - index)
    swiss_event.rank_by_rating(tournament)
    tournament = swiss_event.set_pairing_options(
        tournament, baku_acceleration=True, forbid_same_club=True, same_club_rounds=None
    )
    position = swiss_event.position_before(tournament, 1)
    assert {p.number: p.forbidden for p in position.players} == {1: {3}, 2: {4}, 3: {1}, 4: {2}}
    assert not any(p.acceleration for p in position.players)
    round_ = swiss_event.pair_next_round(tournament)
    met = {frozenset(g) for g in round_.games.values_list("white__number", "black__number")}
    assert not met & {frozenset((1, 3)), frozenset((2, 4))}


def test_the_number_of_rounds_cannot_change_the_virtual_points_of_a_paired_round():
    from django.core.exceptions import ValidationError

    tournament = swiss([""] * 6, rounds=9)
    tournament = swiss_event.set_pairing_options(
        tournament, baku_acceleration=True, forbid_same_club=False, same_club_rounds=None
    )
    for number in (1, 2, 3):
        round_ = swiss_event.pair_next_round(tournament)
        swiss_event.publish_round(round_)
        if number < 3:
            for game in round_.games.all():
                services.record_result(game, result="1-0", expected_version=game.version)
    # 9 rounds: group A has 1 point in rounds 1-3; with 7, only in rounds 1-2.
    tournament.refresh_from_db()
    tournament.swiss_rounds = 7
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean()
    assert "Round 3 is paired with the Baku virtual points of 9 rounds" in str(refused.value)
    tournament.swiss_rounds = 10  # 5 accelerated rounds, 3 at one point: round 3 unchanged
    tournament.full_clean()
