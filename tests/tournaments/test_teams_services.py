"""Team competitions stored: rosters, the team round robin, line-ups and their refusals, boards
as ordinary games, forfeits for missing players, standings from stored results."""

from fractions import Fraction as F

import pytest
from django.utils import translation
from team_factories import make_league, play_round

from arbitration.models import AuditEntry
from tournaments import services
from tournaments.models import Game, LineupBoard, MatchBoard, Status, TeamMatch
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db


def test_a_team_round_robin_pairs_teams_by_the_berger_tables_with_byes():
    league = make_league(5, paired=True)
    assert league.rounds.count() == 5
    first = TeamMatch.objects.filter(round__tournament=league, round__number=1)
    # Berger round 1 for 5 (phantom 6): 1-6 is the bye, then 2-5, 3-4
    assert sorted((m.home.number, m.away.number if m.away else None) for m in first) == [
        (1, None), (2, 5), (3, 4)]
    for team in league.teams.all():
        met = TeamMatch.objects.filter(round__tournament=league, home=team).count() + \
            TeamMatch.objects.filter(round__tournament=league, away=team).count()
        assert met == 5  # four matches and one bye
    league.refresh_from_db()
    assert league.status == Status.ONGOING


def test_a_double_round_robin_meets_twice_with_home_and_away_reversed():
    league = make_league(4, cycles=2)
    assert league.rounds.count() == 6
    first = {(m.home_id, m.away_id) for m in TeamMatch.objects.filter(round__number=1)}
    fourth = {(m.away_id, m.home_id) for m in TeamMatch.objects.filter(round__number=4)}
    assert first == fourth


def test_starting_a_round_makes_ordinary_games_with_colours_alternating_along_the_boards():
    league = make_league(4)
    round_ = league.rounds.get(number=1)
    team_services.start_round(round_)
    match = TeamMatch.objects.filter(round=round_).order_by("table").first()
    home = team_services.roster(match.home)
    away = team_services.roster(match.away)
    games = [board.game for board in match.boards.select_related("game").order_by("board")]
    assert [(g.white, g.black) for g in games] == [
        (home[0], away[0]), (away[1], home[1]), (home[2], away[2]), (away[3], home[3])]
    # the reserve (fifth on the roster) does not play when no line-up was handed in
    assert Game.objects.filter(round=round_).count() == 8
    # and the generic result service works on a board's game, status included
    game = games[0]
    services.record_result(game, result="1/2-1/2", expected_version=game.version)
    league.refresh_from_db()
    assert league.status == Status.ONGOING


def test_a_lineup_in_roster_order_with_a_missing_player_gives_a_forfeit_on_his_board(organiser):
    league = make_league(4)
    round_ = league.rounds.get(number=1)
    match = TeamMatch.objects.filter(round=round_).order_by("table").first()
    home = team_services.roster(match.home)
    team_services.set_lineup(round_, match.home, [home[0].pk, home[2].pk, home[4].pk, None],
                             user=organiser)
    team_services.start_round(round_)
    boards = {b.board: b for b in MatchBoard.objects.filter(match=match)}
    assert boards[2].game.black == home[2]  # home has Black on board 2
    # board 4: home would have Black and names nobody; White (away) is present and wins
    assert boards[4].game is None and boards[4].forfeit == "+-"
    lines = {line.team: line for line in team_services.team_standings(league)}
    assert lines[match.away_id].game_points == 0  # the other boards are not played yet
    Game.objects.filter(round=round_).update(result="1/2-1/2")
    lines = {line.team: line for line in team_services.team_standings(league)}
    assert lines[match.away_id].game_points == F(5, 2)
    assert lines[match.away_id].match_points == 2


def test_the_roster_order_refusal_says_who_comes_first_in_portuguese():
    # Issue 25: roster A, B; B on board 1 and A on board 2 read "A vem depois de B", the
    # rule backwards. A comes before B on the roster, so B may not play above A.
    league = make_league(4)
    round_ = league.rounds.get(number=1)
    match = TeamMatch.objects.filter(round=round_).order_by("table").first()
    home = team_services.roster(match.home)
    first, second = home[0].player.name, home[1].player.name
    with translation.override("pt-br"), pytest.raises(team_services.LineupError) as refused:
        team_services.set_lineup(round_, match.home,
                                 [home[1].pk, home[0].pk, home[2].pk, home[3].pk])
    assert (f"Tabuleiro 2: {first} vem antes de {second} (tabuleiro 1) na relação, então "
            f"{second} não pode jogar acima dele") in str(refused.value)
    assert "depois" not in str(refused.value)


def test_lineup_refusals_name_the_board_and_the_rule_and_save_nothing():
    league = make_league(4)
    round_ = league.rounds.get(number=1)
    match = TeamMatch.objects.filter(round=round_).order_by("table").first()
    home, away = team_services.roster(match.home), team_services.roster(match.away)
    cases = [
        ([home[0].pk, away[1].pk, home[2].pk, home[3].pk],
         f"Board 2: {away[1].player.name} is not on this team's roster."),
        ([home[0].pk, home[1].pk, home[0].pk, home[3].pk],
         f"Board 3: {home[0].player.name} is already on board 1"),
        ([home[0].pk, home[2].pk, home[1].pk, home[3].pk],
         f"Board 3: {home[1].player.name} comes before {home[2].player.name} (board 2) on the "
         f"roster, so {home[2].player.name} may not play above him"),
        ([home[0].pk, None, None, None], "Board 2: too few players; a line-up names at least 3."),
    ]
    for lineup, message in cases:
        with pytest.raises(team_services.LineupError) as refused:
            team_services.set_lineup(round_, match.home, lineup)
        assert message in str(refused.value)
    assert not LineupBoard.objects.exists()
    assert not AuditEntry.objects.filter(action="lineup-set").exists()


def test_a_lineup_is_audited_and_locked_once_the_round_starts(organiser):
    league = make_league(4)
    round_ = league.rounds.get(number=1)
    match = TeamMatch.objects.filter(round=round_).order_by("table").first()
    home = team_services.roster(match.home)
    team_services.set_lineup(round_, match.home, [h.pk for h in home[1:5]], user=organiser)
    entry = AuditEntry.objects.get(action="lineup-set")
    assert entry.actor == organiser
    assert entry.before["boards"] == [h.player.name for h in home[:4]]
    assert entry.after["boards"] == [h.player.name for h in home[1:5]]
    team_services.start_round(round_)
    with pytest.raises(team_services.RoundStartedError, match="locked"):
        team_services.set_lineup(round_, match.home, [h.pk for h in home[:4]])


def test_team_standings_from_stored_results():
    league = make_league(4, boards=2, roster=2)
    play_round(league, 1, "1-0")  # every board won by White: each match 1-1, a drawn match
    table = team_services.team_standings(league)
    assert {line.match_points for line in table} == {F(1)}
    assert {line.game_points for line in table} == {F(1)}
    assert [line.rank for line in table] == [1, 1, 1, 1]


def test_individual_tournament_steps_refuse_a_team_competition():
    league = make_league(4, paired=False)
    with pytest.raises(services.TournamentError, match="team competition"):
        services.generate_rounds(league)


def test_match_points_three_one_zero_and_a_bye_as_set():
    league = make_league(3, boards=2, roster=2,
                         team_settings={"match_win": 3, "bye_match_points": 1,
                                        "bye_game_points": 1})
    round_ = league.rounds.get(number=1)
    play_round(league, 1, "0-1")
    match = TeamMatch.objects.get(round=round_, away__isnull=False)
    bye = TeamMatch.objects.get(round=round_, away__isnull=True)
    lines = {line.team: line for line in team_services.team_standings(league)}
    # two boards, Black wins both: home has Black on board 2 only, so 1-1, a drawn match
    assert lines[match.home_id].match_points == 1 == lines[match.away_id].match_points
    assert lines[bye.home_id].match_points == 1 and lines[bye.home_id].game_points == 1


def test_a_team_swiss_pairs_round_after_round_from_stored_results():
    from tournaments.models import TeamSystem

    league = make_league(6, paired=False, system=TeamSystem.SWISS,
                         team_settings={"swiss_rounds": 3})
    first = team_services.pair_next_swiss_round(league)
    assert first.number == 1
    pairs = [(m.home.number, m.away.number) for m in first.team_matches.order_by("table")]
    assert pairs == [(1, 4), (5, 2), (3, 6)]
    with pytest.raises(services.TournamentError, match="not over yet"):
        team_services.pair_next_swiss_round(league)
    play_round(league, 1, "1-0")  # White wins everywhere: every match drawn 2-2
    second = team_services.pair_next_swiss_round(league)
    met_before = {frozenset(p) for p in pairs}
    for match in second.team_matches.all():
        assert frozenset({match.home.number, match.away.number}) not in met_before
    play_round(league, 2, "1-0")
    team_services.pair_next_swiss_round(league)
    play_round(league, 3, "1-0")
    with pytest.raises(services.TournamentError, match="All 3 rounds"):
        team_services.pair_next_swiss_round(league)


def test_a_team_swiss_stays_in_progress_between_rounds():
    from tournaments.models import TeamSystem

    league = make_league(4, boards=2, roster=2, paired=False, system=TeamSystem.SWISS,
                         team_settings={"swiss_rounds": 2})
    round_ = team_services.pair_next_swiss_round(league)
    team_services.start_round(round_)
    for game in Game.objects.filter(round=round_):
        services.record_result(game, result="1-0", expected_version=game.version)
    league.refresh_from_db()
    assert league.status == Status.ONGOING  # round 2 is still to be paired
    round_ = team_services.pair_next_swiss_round(league)
    team_services.start_round(round_)
    for game in Game.objects.filter(round=round_):
        services.record_result(game, result="0-1", expected_version=game.version)
    league.refresh_from_db()
    assert league.status == Status.FINISHED


def test_a_team_players_games_show_on_his_own_page(client):
    from django.urls import reverse

    league = make_league(4)
    play_round(league, 1, "1-0")
    match = TeamMatch.objects.get(round__number=1, table=1)
    player = team_services.roster(match.home)[0]
    opponent = team_services.roster(match.away)[0]
    page = client.get(reverse("tournaments:player", args=[league.slug, player.pk]),
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert opponent.player.name in page
