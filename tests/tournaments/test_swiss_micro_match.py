"""A Swiss played as micro-matches (issue 17): each pairing plays two games in the round, colours
reversed; paired on the sum of both games with the colour rules set aside; standings and
tie-breaks count games as games; a bye is worth two games; pages, paper, TRF and backup."""

import json
from fractions import Fraction

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from tournament_factories import make_tournament

from tournaments import services
from tournaments.files import backup
from tournaments.models import Absence, AbsenceKind, Game, GameResult, PairingSystem, Round
from tournaments.pairing import micro_match
from tournaments.pairing.swiss.dutch import pair_round
from tournaments.pairing.swiss.state import PairingInput, PlayerState
from tournaments.queries import reports, swiss_micro
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.django_db

W, B, D = GameResult.WHITE_WIN, GameResult.BLACK_WIN, GameResult.DRAW


def micro_swiss(players: int = 7, rounds: int = 4, **fields):
    return make_tournament(players, system=PairingSystem.SWISS, swiss_rounds=rounds,
                           micro_match=True, **fields)


def matches(round_: Round) -> list[tuple[int, int]]:
    """The pairing: (White, Black) of each first game."""
    return list(round_.games.filter(board__in=[1, 3, 5, 7, 9]).order_by("board")
                .values_list("white__number", "black__number"))


def record(round_: Round, results: dict[int, str]) -> None:
    """Results by stored board."""
    for game in round_.games.order_by("board"):
        services.record_result(game, result=results[game.board], expected_version=game.version)


def higher_wins_both(round_: Round) -> None:
    """The lower pairing number wins both games of each micro-match."""
    record(round_, {game.board: W if game.white.number < game.black.number else B
                    for game in round_.games.select_related("white", "black")})


def points(tournament) -> dict[int, Fraction]:
    return {s.entry.number: s.points for s in reports.standings(tournament)}


def test_engine_without_colour_rules_pairs_on_points_only():
    """Two players who both had White twice (an absolute preference for Black) may meet when
    the colour rules are set aside; with them, C3 forbids it."""
    states = [PlayerState(1, Fraction(2), ["w", "w"], {3, 4}),
              PlayerState(2, Fraction(2), ["w", "w"], {5, 6})]
    with_rules = PairingInput(3, 5, [PlayerState(s.number, s.score, list(s.colours),
                                                 set(s.opponents)) for s in states])
    from tournaments.pairing.swiss.dutch_criteria import NoValidPairing

    with pytest.raises(NoValidPairing):
        pair_round(with_rules)
    pairing = pair_round(PairingInput(3, 5, states, colour_rules=False))
    assert pairing.boards == ((1, 2),) and pairing.bye is None


def test_a_micro_match_swiss_played_through_over_four_rounds(arbiter):
    tournament = micro_swiss(7, 4)
    totals_seen = []
    for _number in range(1, 5):
        round_ = swiss_event.pair_next_round(tournament, user=arbiter)
        games = list(round_.games.order_by("board").values_list("board", "white__number",
                                                                "black__number"))
        # Three micro-matches, six games, each pairing twice with colours reversed.
        assert len(games) == 6
        for (b1, w1, k1), (b2, w2, k2) in zip(games[::2], games[1::2], strict=True):
            assert (b2, w2, k2) == (b1 + 1, k1, w1)
        # Everyone paired has both colours this round, once each.
        whites = [w for _b, w, _k in games]
        blacks = [k for _b, _w, k in games]
        assert sorted(whites) == sorted(blacks) and len(set(whites)) == 6
        assert round_.bye is not None and round_.bye.number not in whites
        swiss_event.publish_round(round_, user=arbiter)
        higher_wins_both(round_)
        totals_seen.append(points(tournament))
    # No rematch across the four rounds; nobody had two byes.
    met = [frozenset(pair) for r in tournament.rounds.all() for pair in matches(r)]
    assert len(met) == len(set(met)) == 12
    byes = list(tournament.rounds.values_list("bye__number", flat=True))
    assert len(set(byes)) == 4
    # Standings on the sum of both games, a bye worth two wins (the regulation's bye per game).
    final = totals_seen[-1]
    assert sum(final.values()) == 4 * (3 * 2 + 2)
    assert all(value % 1 == 0 for value in final.values())
    # Player 1 won every micro-match he played; he is first, with two points a round.
    assert final[1] == 8
    assert reports.standings(tournament)[0].entry.number == 1
    # Round 2 paired on the sum: the winners of round 1 (or the bye) met each other first.
    round1 = totals_seen[0]
    top = [n for n, p in round1.items() if p == 2]
    round2 = Round.objects.get(tournament=tournament, number=2)
    first_board = set(matches(round2)[0])
    assert first_board <= set(top)


def test_pairing_follows_the_sum_of_both_games_not_colours(arbiter):
    tournament = micro_swiss(4, 3)
    round_ = swiss_event.pair_next_round(tournament)
    swiss_event.publish_round(round_)
    (a, b), (c, d) = matches(round_)
    # Board 1: 1½-½ for the first game's White; board 2: a 1-1 tie.
    record(round_, {1: W, 2: D, 3: W, 4: W})
    totals = points(tournament)
    assert totals[a] == Fraction(3, 2) and totals[b] == Fraction(1, 2)
    assert totals[c] == totals[d] == 1
    position = swiss_event.position_before(tournament, 2)
    assert not position.colour_rules
    assert {p.number: p.score for p in position.players} == totals
    assert all(p.colours in (["w"], ["b"]) for p in position.players)
    second = swiss_event.pair_next_round(tournament)
    # The leader meets one of the 1-1 pair (no rematch), the last the other.
    leader_board = next(pair for pair in matches(second) if a in pair)
    assert set(leader_board) - {a} <= {c, d}


def test_bye_scores_two_games_and_counts_in_both_game_rounds(arbiter):
    tournament = micro_swiss(3, 2, bye_points="1")
    round_ = swiss_event.pair_next_round(tournament)
    swiss_event.publish_round(round_)
    bye = round_.bye.number
    higher_wins_both(round_)
    assert points(tournament)[bye] == 2
    from tournaments.queries.swiss_standings import swiss_table

    entries = {e.number: e for e in reports.numbered_entries(tournament)}
    sw = swiss_table(tournament, reports.game_records(tournament), entries)
    assert sw.rounds == 2
    assert [e.unplayed for e in sw.record[bye]] == ["pairing-bye", "pairing-bye"]
    # The engine sees the bye as used and the two games' points.
    position = swiss_event.position_before(tournament, 2)
    state = next(p for p in position.players if p.number == bye)
    assert state.bye_ineligible and state.score == 2
    second = swiss_event.pair_next_round(tournament)
    assert second.bye.number != bye


def test_requested_half_bye_is_worth_two_half_points(arbiter):
    tournament = micro_swiss(5, 3)
    swiss_event.rank_by_rating(tournament)
    entry = tournament.entries.get(number=5)
    swiss_event.request_absence(entry, 1, AbsenceKind.HALF_BYE)
    round_ = swiss_event.pair_next_round(tournament)
    assert 5 not in {n for pair in matches(round_) for n in pair}
    assert round_.bye is None  # four players left: two micro-matches
    swiss_event.publish_round(round_)
    higher_wins_both(round_)
    assert points(tournament)[5] == 1
    assert swiss_micro.position_before(tournament, 2).players[-1].score == 1
    assert Absence.objects.count() == 1


def test_tie_breaks_count_games_as_games(arbiter):
    tournament = micro_swiss(4, 2, tiebreaks=["wins"])
    round_ = swiss_event.pair_next_round(tournament)
    swiss_event.publish_round(round_)
    (a, _b), _other = matches(round_)
    record(round_, {1: W, 2: D, 3: D, 4: D})
    rows = {s.entry.number: s.row for s in reports.standings(tournament)}
    assert rows[a].tiebreaks["wins"] == 1
    assert rows[a].games == 2


def test_edits_keep_both_games_and_warn_on_points_not_colours(arbiter):
    tournament = micro_swiss(4, 3)
    round_ = swiss_event.pair_next_round(tournament)
    swiss_event.publish_round(round_)
    record(round_, {1: W, 2: W, 3: W, 4: W})
    second = swiss_event.pair_next_round(tournament)
    (w1, b1), (w2, b2) = matches(second)
    warnings = swiss_event.swap_colours(second, 1)
    assert matches(second)[0] == (b1, w1)
    assert not any(w.startswith(("C3", "C10", "5.2")) for w in warnings)
    assert second.games.count() == 4
    first = second.tournament.entries.get(number=w1)
    other = second.tournament.entries.get(number=w2)
    swiss_event.exchange_opponents(second, first, other)
    games = list(second.games.order_by("board").values_list("white__number", "black__number"))
    assert len(games) == 4 and games[1] == games[0][::-1] and games[3] == games[2][::-1]
    assert {n for g in games for n in g} == {1, 2, 3, 4}
    with pytest.raises(swiss_event.SwissError, match="no board 9"):
        swiss_event.swap_colours(second, 9)


def test_a_micro_match_result_with_one_game_missing_names_the_field(client, arbiter):
    tournament = micro_swiss(4, 2, arbiter=arbiter)
    round_ = swiss_event.pair_next_round(tournament)
    swiss_event.publish_round(round_)
    client.force_login(arbiter)
    url = reverse("tournaments:micro_match", args=[tournament.slug, 1, 2])
    form = client.get(url).context["form"]
    response = client.post(url, {"first": W, "second": "",
                                 "first_version": form.initial["first_version"],
                                 "second_version": form.initial["second_version"]},
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert response.context["form"].errors["second"] == [
        "A micro-match result needs both games: this one is missing."]
    assert not Game.objects.filter(round=round_).exclude(result="").exists()
    response = client.post(url, {"first": W, "second": D,
                                 "first_version": form.initial["first_version"],
                                 "second_version": form.initial["second_version"]})
    assert response.status_code == 302
    assert list(round_.games.filter(board__in=[3, 4]).order_by("board")
                .values_list("result", flat=True)) == [W, D]


def played_tournament(arbiter, rounds=3, total=None):
    tournament = micro_swiss(5, total or rounds, arbiter=arbiter)
    for _number in range(rounds):
        round_ = swiss_event.pair_next_round(tournament)
        swiss_event.publish_round(round_)
        higher_wins_both(round_)
    return tournament


def test_pages_show_both_games(client, arbiter):
    tournament = played_tournament(arbiter)
    response = client.get(reverse("tournaments:crosstable", args=[tournament.slug]),
                          HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    rows = response.context["rows"]
    assert response.context["round_columns"] == [1, 2, 3]
    for row in rows:
        assert len(row["games"]) == 3
        for games in row["games"]:
            assert len(games) == 2
            if games[0].opponent != "bye":
                assert games[0].opponent == games[1].opponent
                assert {games[0].colour, games[1].colour} == {"W", "B"}
    page = response.content.decode()
    assert "Micro-matches: each round" in page
    entry = tournament.entries.get(number=1)
    player = client.get(entry.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
    assert player.status_code == 200
    assert "1 · game 1" in player.content.decode() and "3 · game 2" in player.content.decode()
    for name in ("standings",):
        assert client.get(reverse(f"tournaments:{name}", args=[tournament.slug])
                          ).status_code == 200
    round_page = client.get(reverse("tournaments:round", args=[tournament.slug, 2]),
                            HTTP_ACCEPT_LANGUAGE="en")
    assert round_page.status_code == 200
    client.force_login(arbiter)
    desk = client.get(reverse("tournaments:swiss", args=[tournament.slug]))
    assert desk.status_code == 200
    round_page = client.get(reverse("tournaments:round", args=[tournament.slug, 2]))
    assert reverse("tournaments:micro_match", args=[tournament.slug, 2, 2]) in \
        round_page.content.decode()


def test_paper_lists_both_games(client, arbiter):
    from tournaments.printing.collect import crosstable_data, pairings_data

    tournament = played_tournament(arbiter)
    data = pairings_data(tournament, 2)
    assert len(data.games) == 4 and len(data.byes) == 1
    assert (data.games[1].white.number, data.games[1].black.number) == (
        data.games[0].black.number, data.games[0].white.number)
    cross = crosstable_data(tournament)
    assert cross.columns == [1, 2, 3]
    assert all(len(games) == 2 for row in cross.rows for games in row.cells.values())
    for name, args in (("crosstable", []), ("standings", []), ("pairings", [2]),
                       ("slips", [2]), ("all_pairings", [])):
        response = client.get(reverse(f"printing:{name}", args=[tournament.slug, *args]))
        assert response.status_code == 200, name
        assert response["Content-Type"] == "application/pdf"


def test_trf_export_says_it_cannot_hold_micro_matches(arbiter):
    tournament = played_tournament(arbiter, rounds=1)
    with pytest.raises(CommandError, match="micro-matches"):
        call_command("export_trf", tournament.slug)


def test_backup_round_trip_keeps_the_micro_match_swiss(arbiter):
    tournament = played_tournament(arbiter, rounds=2, total=3)
    data = json.loads(json.dumps(backup.export_tournament(tournament)))
    assert data["micro_match"] is True
    copy = backup.import_tournament(data, slug="copia")
    assert copy.micro_match and copy.is_swiss
    assert points(copy) == points(tournament)
    assert Game.objects.of_tournament(copy).count() == 8
    # The copy goes on: round 3 pairs on the same position as the original would.
    assert [p.score for p in swiss_event.position_before(copy, 3).players] == [
        p.score for p in swiss_event.position_before(tournament, 3).players]
    third = swiss_event.pair_next_round(copy)
    assert matches(third) == matches(swiss_event.pair_next_round(tournament))
    assert micro_match.GAMES_PER_MATCH == 2


def test_a_withdrawal_forfeits_both_games_and_the_next_round_pairs_without_him(arbiter):
    tournament = micro_swiss(5, 3)
    round_ = swiss_event.pair_next_round(tournament)
    swiss_event.publish_round(round_)
    leaver_number, opponent_number = matches(round_)[0]
    leaver = tournament.entries.get(number=leaver_number)
    forfeits = services.withdraw_player(leaver, user=arbiter)
    assert len(forfeits) == 2
    record(round_, {game.board: game.result or W for game in round_.games.all()})
    assert points(tournament)[opponent_number] == 2
    second = swiss_event.pair_next_round(tournament)
    assert leaver_number not in {n for pair in matches(second) for n in pair}
    assert second.games.count() == 4 and second.bye is None
    # A forfeit is no meeting over the board (C.04.1): the engine may pair them again later.
    state = next(p for p in swiss_micro.position_before(tournament, 2).players
                 if p.number == opponent_number)
    assert leaver_number not in state.opponents and state.bye_ineligible


def test_an_arbiter_runs_rounds_from_the_pages(client, arbiter):
    """Pair and publish on the Swiss page, enter each micro-match on its form, pair again."""
    tournament = micro_swiss(4, 2, arbiter=arbiter)
    client.force_login(arbiter)
    for number in (1, 2):
        client.post(reverse("tournaments:swiss_pair", args=[tournament.slug]))
        client.post(reverse("tournaments:swiss_publish", args=[tournament.slug, number]))
        round_ = Round.objects.get(tournament=tournament, number=number)
        assert round_.published and round_.games.count() == 4
        for match in (1, 2):
            url = reverse("tournaments:micro_match", args=[tournament.slug, number, match])
            form = client.get(url).context["form"]
            response = client.post(url, {"first": W, "second": D,
                                         "first_version": form.initial["first_version"],
                                         "second_version": form.initial["second_version"]})
            assert response.status_code == 302
    # Every first-game White scored 1½ a round; the totals are the sum of the four games each.
    assert sum(points(tournament).values()) == 2 * 2 * 2
    assert not Game.objects.of_tournament(tournament).filter(result="").exists()
