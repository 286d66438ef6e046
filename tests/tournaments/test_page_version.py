"""Every write that changes what a tournament's public pages show moves its version (issue 15).

The pages' cached pieces are keyed on the version, so a step that forgot to bump it would leave
visitors reading the old standings. One test per service step, plus the admin's edits and the
steps that change nothing.
"""

from __future__ import annotations

import pytest
from django.db import transaction
from tournament_factories import game_at, make_tournament

from tournaments import services
from tournaments.cache import versions as page_version
from tournaments.files import player_import
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.django_db


def version(tournament: Tournament) -> tuple[int, str]:
    stored = Tournament.objects.get(pk=tournament.pk)
    return stored.version, page_version.token_of(stored)


def moves(step, tournament: Tournament) -> None:
    """`step()` moves the version (and the token the cache keys use) forward."""
    before_count, before_token = version(tournament)
    step()
    after_count, after_token = version(tournament)
    assert after_count > before_count
    assert after_token != before_token


def test_updating_the_settings_moves_the_version():
    tournament = make_tournament(2)
    stored = Tournament.objects.get(pk=tournament.pk)
    stored.name = "Aberto de Recife"
    moves(lambda: services.update_tournament(stored), tournament)


def test_changing_the_tiebreak_order_moves_the_version():
    tournament = make_tournament(2)
    stored = Tournament.objects.get(pk=tournament.pk)
    stored.tiebreaks = ["wins", "sonneborn-berger"]
    moves(lambda: services.update_tournament(stored), tournament)


def test_a_settings_form_held_open_never_turns_the_version_back():
    tournament = make_tournament(3, paired=True)
    held = Tournament.objects.get(pk=tournament.pk)  # the form is shown...
    game = game_at(tournament, 1, 1)
    services.record_result(game, result="1-0", expected_version=game.version)  # a result...
    after_result = version(tournament)
    held.place = "Campinas"
    services.update_tournament(held)  # ...then the form is saved with the old version in hand
    assert version(tournament)[0] > after_result[0]


def test_adding_a_player_moves_the_version():
    tournament = make_tournament(1)
    moves(lambda: services.add_player(tournament, name="Ana Conceição"), tournament)


def test_importing_players_moves_the_version():
    tournament = make_tournament(0)
    data = "nome;clube\nAna Conceição;Clube de Campinas\nJoão Brandão;\n".encode()
    moves(lambda: player_import.import_players(tournament, data), tournament)


def test_removing_a_player_moves_the_version():
    tournament = make_tournament(2)
    entry = tournament.entries.first()
    moves(lambda: services.remove_entry(entry), tournament)


def test_drawing_numbers_moves_the_version():
    tournament = make_tournament(4)
    moves(lambda: services.draw_numbers(tournament, seed=7), tournament)


def test_setting_numbers_moves_the_version():
    tournament = make_tournament(2)
    first, second = tournament.entries.order_by("pk")
    moves(lambda: services.set_numbers(tournament, {first.pk: 2, second.pk: 1}), tournament)


def test_generating_the_rounds_moves_the_version():
    tournament = make_tournament(4)
    services.draw_numbers(tournament, seed=3)
    moves(lambda: services.generate_rounds(tournament), tournament)


def test_entering_a_result_moves_the_version():
    tournament = make_tournament(4, paired=True)
    game = game_at(tournament, 1, 1)
    moves(lambda: services.record_result(game, result="1/2-1/2",
                                         expected_version=game.version), tournament)


def test_correcting_a_result_and_swapping_colours_move_the_version():
    tournament = make_tournament(4, paired=True)
    game = game_at(tournament, 1, 1)
    game = services.record_result(game, result="1-0", expected_version=game.version)
    moves(lambda: services.record_result(game, result="0-1", expected_version=game.version),
          tournament)
    game = game_at(tournament, 1, 1)
    moves(lambda: services.record_result(game, result="0-1", expected_version=game.version,
                                         colours_swapped=True), tournament)


def test_the_same_result_again_changes_nothing_and_keeps_the_version():
    tournament = make_tournament(4, paired=True)
    game = game_at(tournament, 1, 1)
    game = services.record_result(game, result="1-0", expected_version=game.version)
    before = version(tournament)
    services.record_result(game, result="1-0", expected_version=game.version)
    assert version(tournament) == before


def test_withdrawing_a_player_moves_the_version():
    tournament = make_tournament(4, paired=True)
    entry = tournament.entries.select_related("tournament").first()
    moves(lambda: services.withdraw_player(entry), tournament)


def test_a_refused_step_leaves_the_version_where_it_was():
    tournament = make_tournament(4, paired=True)
    before = version(tournament)
    with pytest.raises(services.PairingsExistError):
        services.add_player(tournament, name="Tarde Demais")
    assert version(tournament) == before


def test_the_bump_commits_or_rolls_back_with_its_write():
    tournament = make_tournament(2)
    before = version(tournament)
    with pytest.raises(RuntimeError), transaction.atomic():
        services.add_player(tournament, name="Ana Conceição")
        raise RuntimeError("the request failed after the step")
    assert version(tournament) == before
    assert tournament.entries.count() == 2


def test_renaming_a_player_in_the_admin_moves_every_tournament_he_entered():
    first, second = make_tournament(2, name="Aberto A"), make_tournament(0, name="Aberto B")
    player = first.entries.first().player
    services.add_player(second, name=player.name, federation_id="")  # a namesake, not him
    second.entries.update(player=player)
    before_first, before_second = version(first), version(second)
    stored = Player.objects.get(pk=player.pk)
    stored.name = "Ana Beatriz Conceição"
    stored.save()
    assert version(first)[0] > before_first[0] and version(second)[0] > before_second[0]


def test_editing_an_entry_in_the_admin_moves_the_version():
    tournament = make_tournament(2)
    entry = tournament.entries.first()
    entry.withdrawn = True
    moves(entry.save, tournament)


# --- the steps main gained with issue 12 (the desk) and the team competitions ----------------

def test_saving_a_whole_round_of_results_moves_the_version():
    from tournaments.pages.round_results import record_round_results

    tournament = make_tournament(4, paired=True)
    round_ = tournament.rounds.get(number=1)
    games = list(round_.games.order_by("board"))
    moves(lambda: record_round_results(
        round_, {game.pk: ("1-0", game.version) for game in games}), tournament)


def test_undoing_a_withdrawal_moves_the_version():
    tournament = make_tournament(4, paired=True)
    entry = tournament.entries.select_related("tournament").first()
    services.withdraw_player(entry)
    moves(lambda: services.undo_withdrawal(entry), tournament)


def test_the_withdrawal_annulment_setting_moves_the_version():
    tournament = make_tournament(4, paired=True)
    stored = Tournament.objects.get(pk=tournament.pk)
    stored.annul_early_withdrawals = not stored.annul_early_withdrawals
    moves(lambda: services.update_tournament(stored), tournament)


def _league(**kwargs):
    from team_factories import make_league

    return make_league(**kwargs)


def test_team_entries_move_the_version():
    from tournaments.services import teams as team_services

    league = _league(n_teams=2, paired=False)
    moves(lambda: team_services.add_team(league, name="Clube Olinda"), league)
    team = league.teams.order_by("pk").last()
    moves(lambda: team_services.add_team_player(team, name="Olinda 1"), league)


def test_generating_team_rounds_moves_the_version():
    from tournaments.models import TeamSystem
    from tournaments.services import teams as team_services

    league = _league(n_teams=4, paired=False)
    moves(lambda: team_services.generate_team_round_robin(league), league)
    swiss = _league(n_teams=4, paired=False, system=TeamSystem.SWISS,
                    team_settings={"swiss_rounds": 3}, name="Suíço por Equipes")
    moves(lambda: team_services.pair_next_swiss_round(swiss), swiss)


def test_a_lineup_starting_a_round_and_a_team_result_move_the_version():
    from tournaments.models import Game, TeamMatch
    from tournaments.services import teams as team_services

    league = _league(n_teams=4)
    round_ = league.rounds.get(number=1)
    match = TeamMatch.objects.filter(round=round_, away__isnull=False).order_by("table").first()
    home = team_services.roster(match.home)
    moves(lambda: team_services.set_lineup(round_, match.home, [h.pk for h in home[:4]]),
          league)
    moves(lambda: team_services.start_round(round_), league)
    game = Game.objects.filter(round=round_).order_by("board").first()
    moves(lambda: services.record_result(game, result="1-0", expected_version=game.version),
          league)


def test_team_settings_and_admin_edits_of_team_parts_move_the_version():
    from tournaments.models import Team, TeamCompetition, TeamMatch

    league = _league(n_teams=4)
    competition = TeamCompetition.objects.get(tournament=league)
    competition.match_win = 3
    moves(competition.save, league)  # the settings form saves the competition
    team = Team.objects.filter(tournament=league).first()
    team.name = "Clube Renomeado"
    moves(team.save, league)
    match = TeamMatch.objects.filter(round__tournament=league).first()
    moves(match.save, league)
