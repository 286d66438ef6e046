"""Every Swiss and team-competition write moves the tournament's page version (issues 15, 16).

The Swiss's and the team competition's public pages are cached on that version like the round
robin's (test_page_version.py), so a step that forgot to bump it would leave visitors reading an
old pairing or old team standings. One test per step of tournaments/services/swiss/ and
tournaments/services/teams/, the form and admin edits that reach them, and refused steps,
which change nothing and must not move it either.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from team_factories import make_league, play_round
from tournament_factories import make_tournament

from tournaments import services
from tournaments.cache import versions as page_version
from tournaments.models import (
    Absence,
    Game,
    PairingSystem,
    Round,
    TeamCompetition,
    TeamMatch,
    TeamMember,
    TeamSystem,
    Tournament,
)
from tournaments.pages.round_results import record_round_results
from tournaments.services import swiss as swiss_event
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db


def version(tournament: Tournament) -> tuple[int, str]:
    stored = Tournament.objects.get(pk=tournament.pk)
    return stored.version, page_version.token_of(stored)


def moves(step, tournament: Tournament):
    """`step()` moves the version (and the token the cache keys use) forward; its value back."""
    before_count, before_token = version(tournament)
    value = step()
    after_count, after_token = version(tournament)
    assert after_count > before_count
    assert after_token != before_token
    return value


def stays(step, tournament: Tournament, error: type[Exception]) -> None:
    """`step()` is refused with `error` and the version stays where it was."""
    before = version(tournament)
    with pytest.raises(error):
        step()
    assert version(tournament) == before


def swiss(players: int = 7, rounds: int = 4, **fields) -> Tournament:
    return make_tournament(players, system=PairingSystem.SWISS, swiss_rounds=rounds, **fields)


def published_round(tournament: Tournament, number: int = 1) -> Round:
    round_ = swiss_event.pair_next_round(tournament)
    assert round_.number == number
    return swiss_event.publish_round(round_)


def finish(round_: Round, result: str = "1-0") -> None:
    for game in round_.games.filter(result=""):
        services.record_result(game, result=result, expected_version=game.version)


# --- the Swiss: initial ranking, draft, edits, publication ------------------------------------

def test_the_initial_ranking_by_rating_moves_the_version():
    tournament = swiss()
    moves(lambda: swiss_event.rank_by_rating(tournament), tournament)


def test_an_initial_ranking_set_by_hand_moves_the_version():
    tournament = swiss(3)
    entries = list(tournament.entries.order_by("pk"))
    numbers = {entry.pk: 3 - index for index, entry in enumerate(entries)}
    moves(lambda: services.set_numbers(tournament, numbers), tournament)


def test_pairing_a_draft_round_moves_the_version():
    tournament = swiss()
    moves(lambda: swiss_event.pair_next_round(tournament), tournament)


def test_pairing_the_draft_again_moves_the_version():
    tournament = swiss()
    draft = swiss_event.pair_next_round(tournament)
    moves(lambda: swiss_event.repair_round(draft), tournament)


def test_swapping_colours_in_the_draft_moves_the_version():
    tournament = swiss()
    draft = swiss_event.pair_next_round(tournament)
    moves(lambda: swiss_event.swap_colours(draft, 1), tournament)


def test_exchanging_opponents_in_the_draft_moves_the_version():
    tournament = swiss()
    draft = swiss_event.pair_next_round(tournament)
    first, second = (draft.games.get(board=1).white, draft.games.get(board=2).white)
    moves(lambda: swiss_event.exchange_opponents(draft, first, second), tournament)
    # with the pairing-allocated bye too
    draft.refresh_from_db()
    moves(lambda: swiss_event.exchange_opponents(draft, draft.bye, first), tournament)


def test_publishing_a_round_moves_the_version():
    tournament = swiss()
    draft = swiss_event.pair_next_round(tournament)
    moves(lambda: swiss_event.publish_round(draft), tournament)


def test_a_result_and_a_whole_round_of_results_in_a_swiss_move_the_version():
    tournament = swiss()
    round_ = published_round(tournament)
    game = round_.games.get(board=1)
    moves(lambda: services.record_result(game, result="1/2-1/2", expected_version=game.version),
          tournament)
    games = list(round_.games.filter(result="").order_by("board"))
    moves(lambda: record_round_results(round_, {g.pk: ("0-1", g.version) for g in games}),
          tournament)


def test_asking_for_a_bye_and_cancelling_it_move_the_version():
    tournament = swiss()
    entry = tournament.entries.order_by("pk").first()
    moves(lambda: swiss_event.request_absence(entry, 2, "H"), tournament)
    moves(lambda: swiss_event.request_absence(entry, 2, "Z"), tournament)  # changed its kind
    moves(lambda: swiss_event.cancel_absence(entry, 2), tournament)


def test_a_late_entry_moves_the_version():
    tournament = swiss()
    published_round(tournament)
    moves(lambda: swiss_event.enter_late(tournament, name="Chegou Tarde", rating=1600),
          tournament)


def test_a_withdrawal_and_the_return_in_a_swiss_move_the_version():
    tournament = swiss()
    published_round(tournament)
    entry = tournament.entries.select_related("tournament").order_by("number").first()
    moves(lambda: services.withdraw_player(entry), tournament)
    entry.refresh_from_db()
    moves(lambda: swiss_event.come_back(entry), tournament)


def test_the_swiss_settings_move_the_version():
    tournament = swiss()
    stored = Tournament.objects.get(pk=tournament.pk)
    stored.swiss_rounds = 5
    moves(lambda: services.update_tournament(stored), tournament)
    stored = Tournament.objects.get(pk=tournament.pk)
    stored.bye_points = Decimal("0.5")
    moves(lambda: services.update_tournament(stored), tournament)
    stored = Tournament.objects.get(pk=tournament.pk)
    stored.tiebreaks = ["buchholz-cut-1", "buchholz"]
    moves(lambda: services.update_tournament(stored), tournament)


def test_publishing_a_round_in_the_admin_moves_the_version():
    tournament = swiss()
    draft = swiss_event.pair_next_round(tournament)
    stored = Round.objects.get(pk=draft.pk)
    stored.published = True
    moves(stored.save, tournament)


def test_an_absence_saved_or_deleted_outside_the_steps_moves_the_version():
    tournament = swiss()
    entry = tournament.entries.order_by("pk").first()
    absence = moves(lambda: Absence.objects.create(entry=entry, round_number=3, kind="-"),
                    tournament)
    moves(absence.delete, tournament)


def test_refused_swiss_steps_leave_the_version_where_it_was():
    tournament = swiss()
    draft = swiss_event.pair_next_round(tournament)
    stays(lambda: swiss_event.pair_next_round(tournament), tournament, swiss_event.SwissError)
    swiss_event.publish_round(draft)
    stays(lambda: swiss_event.swap_colours(draft, 1), tournament, swiss_event.SwissError)
    stays(lambda: swiss_event.rank_by_rating(tournament), tournament, swiss_event.SwissError)
    entry = tournament.entries.order_by("pk").first()
    stays(lambda: swiss_event.request_absence(entry, 1, "H"), tournament,
          swiss_event.SwissError)
    entry = tournament.entries.select_related("player", "tournament").order_by("pk").first()
    stays(lambda: swiss_event.come_back(entry), tournament, swiss_event.SwissError)


def test_a_pairing_the_engine_cannot_make_leaves_the_version_where_it_was():
    tournament = swiss(2, rounds=3)
    finish(published_round(tournament))
    # two players who have met: no second round keeps C1 (no rematch)
    stays(lambda: swiss_event.pair_next_round(tournament), tournament,
          swiss_event.PairingFailedError)
    assert tournament.rounds.count() == 1


def test_every_swiss_step_through_the_arbiters_page_moves_the_version(arbiter):
    """The desk's views call the steps above; each POST that succeeds moves the version."""
    tournament = swiss(arbiter=arbiter)
    desk = Client()
    desk.force_login(arbiter)
    slug = tournament.slug
    entry = tournament.entries.order_by("pk").first()

    def post(name, *args, data=None):
        return lambda: desk.post(reverse(f"tournaments:{name}", args=[slug, *args]), data or {})

    moves(post("swiss_absence", data={"entry": entry.pk, "round_number": 2, "kind": "H"}),
          tournament)
    moves(post("swiss_cancel_absence", entry.pk, 2), tournament)
    moves(post("swiss_pair"), tournament)
    moves(post("swiss_swap", 1, 1), tournament)
    moves(post("swiss_repair", 1), tournament)
    moves(post("swiss_publish", 1), tournament)
    moves(post("swiss_late_entry", data={"name": "Tardio", "rating": 1600}), tournament)


# --- the team competition ---------------------------------------------------------------------

def test_a_team_and_its_roster_move_the_version():
    league = make_league(n_teams=2, paired=False)
    team = moves(lambda: team_services.add_team(league, name="Clube Olinda", club="Olinda"),
                 league)
    moves(lambda: team_services.add_team_player(team, name="Olinda 1", rating=1700), league)


def test_a_roster_edited_in_the_admin_moves_the_version():
    league = make_league(n_teams=2, paired=False)
    member = TeamMember.objects.filter(team__tournament=league).order_by("position").last()
    member.position = 9
    moves(member.save, league)
    moves(member.delete, league)


def test_a_lineup_moves_the_version_and_a_refused_one_does_not():
    league = make_league(n_teams=4)
    round_ = league.rounds.get(number=1)
    match = TeamMatch.objects.filter(round=round_, away__isnull=False).order_by("table").first()
    players = team_services.roster(match.home)
    moves(lambda: team_services.set_lineup(round_, match.home, [p.pk for p in players[1:5]]),
          league)
    stays(lambda: team_services.set_lineup(round_, match.home, [players[1].pk] * 4), league,
          team_services.LineupError)


def test_starting_a_round_moves_the_version_and_starting_it_twice_does_not():
    league = make_league(n_teams=4)
    round_ = league.rounds.get(number=1)
    moves(lambda: team_services.start_round(round_), league)
    stays(lambda: team_services.start_round(round_), league, team_services.RoundStartedError)


def test_a_board_result_and_its_correction_move_the_version():
    league = make_league(n_teams=4)
    round_ = league.rounds.get(number=1)
    team_services.start_round(round_)
    game = Game.objects.filter(round=round_).order_by("board").first()
    game = moves(lambda: services.record_result(game, result="1-0",
                                                expected_version=game.version), league)
    moves(lambda: services.record_result(game, result="0-1", expected_version=game.version),
          league)
    games = list(Game.objects.filter(round=round_, result="").order_by("board"))
    moves(lambda: record_round_results(round_, {g.pk: ("1/2-1/2", g.version) for g in games}),
          league)


def test_pairing_the_team_swiss_moves_the_version_and_a_refusal_does_not():
    league = make_league(n_teams=4, paired=False, system=TeamSystem.SWISS,
                         team_settings={"swiss_rounds": 2}, name="Suíço por Equipes")
    moves(lambda: team_services.pair_next_swiss_round(league), league)
    stays(lambda: team_services.pair_next_swiss_round(league), league,
          team_services.TournamentError)  # round 1 is not over


def test_the_team_settings_and_tiebreak_order_from_the_form_move_the_version(organiser):
    league = make_league(n_teams=4, organiser=organiser)
    play_round(league, 1)
    organiser_client = Client()
    organiser_client.force_login(organiser)
    url = reverse("tournaments:team_settings", args=[league.slug])
    data = {"system": "round-robin", "boards": 4, "match_win": 2, "match_draw": 1,
            "match_loss": 0, "primary": "match", "bye_match_points": 2,
            "tiebreak_1": "game_points", "tiebreak_2": "direct_encounter",
            "board_prize_min_games": 1, "colour_preferences": "A", "secondary_for_colours": "on"}
    moves(lambda: organiser_client.post(url, data), league)
    assert TeamCompetition.objects.get(tournament=league).tiebreaks == [
        "game_points", "direct_encounter"]
    moves(lambda: organiser_client.post(url, {**data, "tiebreak_1": "direct_encounter",
                                              "tiebreak_2": "game_points"}), league)
    moves(lambda: organiser_client.post(url, {**data, "match_win": 3}), league)
    # refused: the boards are fixed once the rounds exist; nothing saved, nothing moved
    before = version(league)
    assert organiser_client.post(url, {**data, "boards": 6}).status_code == 200
    assert version(league) == before
