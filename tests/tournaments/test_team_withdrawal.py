"""A whole team withdrawn (issue 16): no longer paired, its remaining matches forfeits on every
board, the tournament's withdrawal setting applied, audited, undone by an organiser; the page
button and form, and its refusals."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from team_factories import make_league, play_round

from arbitration.models import AuditEntry
from tournaments.models import Game, MatchBoard, Team, TeamMatch
from tournaments.services import AlreadyWithdrawnError, NotWithdrawnError, TournamentError
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db


def match_of(league, number, team):
    return TeamMatch.objects.filter(round__tournament=league, round__number=number).filter(
        home=team).first() or TeamMatch.objects.get(round__tournament=league,
                                                     round__number=number, away=team)


def lines(league):
    return {line.team: line for line in team_services.team_standings(league)}


@pytest.fixture
def league(organiser):
    """Four teams, 4 boards, three rounds; round 1 played, home teams winning every board."""
    league = make_league(4, organiser=organiser)
    play_round(league, 1)
    return league


def test_a_team_withdrawn_before_a_round_forfeits_every_board_of_its_later_matches(
        league, organiser):
    team = league.teams.get(number=2)
    assert team_services.withdraw_team(team, 2, user=organiser) == []
    team.refresh_from_db()
    assert team.withdrawn_from_round == 2
    for number in (2, 3):
        round_ = league.rounds.get(number=number)
        team_services.start_round(round_)
        match = match_of(league, number, team)
        opponent = match.away if match.home == team else match.home
        boards = list(match.boards.order_by("board"))
        assert [b.game for b in boards] == [None] * 4
        # the other team is present on every board: it wins each one by forfeit
        home_present = opponent == match.home
        assert [b.forfeit for b in boards] == [
            "+-" if (b.board % 2 == 1) == home_present else "-+" for b in boards]
        # the other team's players sit at their boards; the withdrawn team fields nobody
        assert team_services.lineup_of(round_, opponent)[0] is not None
        assert not round_.lineup_boards.filter(team=team).exists()
        Game.objects.filter(round=round_).update(result="1/2-1/2")
    by_team = lines(league)
    # team 2 keeps its round 1 result (White won every board: a 2-2 draw) and gets nothing
    # after. Its opponents of rounds 2 and 3 win 4-0 by forfeit (2 match points, 4 game points)
    # and draw their two other matches: 4 and 8; its round 1 opponent draws all three: 3, 6
    assert (by_team[team.pk].match_points, by_team[team.pk].game_points) == (1, 2)
    others = [t for t in by_team if t != team.pk]
    assert sorted((by_team[t].match_points, by_team[t].game_points) for t in others) == [
        (3, 6), (4, 8), (4, 8)]
    entry = AuditEntry.objects.get(action="team-withdrawn")
    assert entry.before == {"team": team.name, "number": 2, "withdrawn_from_round": None}
    assert entry.after == {"team": team.name, "number": 2, "withdrawn_from_round": 2,
                           "forfeits": 0}
    assert entry.actor == organiser


def test_a_round_already_set_up_turns_the_boards_still_to_play_into_forfeits(league):
    round_2 = league.rounds.get(number=2)
    team_services.start_round(round_2)
    team = league.teams.get(number=3)
    match = match_of(league, 2, team)
    played = match.boards.order_by("board").first().game
    played.result = "1/2-1/2"
    played.save()
    changed = team_services.withdraw_team(team, 2)
    assert len(changed) == 3  # board 1 was drawn over the board: it stands
    played.refresh_from_db()
    assert played.result == "1/2-1/2"
    for board in match.boards.select_related("game").exclude(game=played):
        team_white = (board.board % 2 == 1) == (match.home == team)
        assert board.game.result == ("-+" if team_white else "+-")
    # the other match of the round is untouched
    other = TeamMatch.objects.get(round=round_2, away__isnull=False, table=3 - match.table)
    assert not Game.objects.filter(match_board__match=other).exclude(result="").exists()
    # every forfeit is a result the audit log shows
    assert AuditEntry.objects.filter(action="result-entered").count() == 3


def test_undoing_the_withdrawal_gives_back_what_it_changed(league, organiser):
    round_2 = league.rounds.get(number=2)
    team_services.start_round(round_2)
    team = league.teams.get(number=1)
    team_services.withdraw_team(team, 2, user=organiser)
    round_3 = league.rounds.get(number=3)
    team_services.start_round(round_3)
    assert not Game.objects.filter(match_board__match=match_of(league, 3, team)).exists()
    # an arbiter corrects one forfeit to what was really played: it is kept on return
    corrected = Game.objects.filter(match_board__match=match_of(league, 2, team)).first()
    corrected.result = "1-0"
    corrected.save()
    restored, kept = team_services.return_team(team, user=organiser)
    assert (len(restored), kept) == (3, [corrected])
    assert Game.objects.filter(match_board__match=match_of(league, 2, team),
                               result="").count() == 3
    # round 3, set up while the team was out, is set up again from the line-ups
    third = match_of(league, 3, team)
    assert third.boards.filter(game__isnull=False).count() == 4
    assert team_services.lineup_of(round_3, team) == team_services.roster(team)[:4]
    team.refresh_from_db()
    assert team.withdrawn_from_round is None and team.withdrawal_changes == []
    entry = AuditEntry.objects.get(action="team-returned")
    assert entry.after["forfeits"] == 3 and entry.before["withdrawn_from_round"] == 2
    with pytest.raises(NotWithdrawnError, match="has not withdrawn"):
        team_services.return_team(team)


def test_two_withdrawn_teams_meeting_is_a_double_forfeit_on_every_board(league):
    match = TeamMatch.objects.get(round__tournament=league, round__number=2, table=1)
    team_services.withdraw_team(match.home, 2)
    team_services.withdraw_team(match.away, 2)
    team_services.start_round(league.rounds.get(number=2))
    assert set(match.boards.values_list("forfeit", flat=True)) == {"--"}


def test_in_a_round_set_up_the_second_team_to_leave_turns_its_forfeit_wins_to_double(league):
    round_2 = league.rounds.get(number=2)
    team_services.start_round(round_2)
    match = TeamMatch.objects.get(round=round_2, table=1)
    games = Game.objects.filter(match_board__match=match)
    team_services.withdraw_team(match.away, 2)
    assert set(games.values_list("result", flat=True)) == {"+-", "-+"}  # home present
    assert len(team_services.withdraw_team(match.home, 2)) == 4
    assert set(games.values_list("result", flat=True)) == {"--"}
    team_services.return_team(match.home)
    assert set(games.values_list("result", flat=True)) == {"+-", "-+"}


def test_a_team_withdrawn_after_its_opponent_turns_their_forfeits_to_double(league):
    round_2 = league.rounds.get(number=2)
    match = TeamMatch.objects.get(round=round_2, table=1)
    team_services.withdraw_team(match.away, 2)
    team_services.start_round(round_2)
    assert "--" not in set(match.boards.values_list("forfeit", flat=True))
    team_services.withdraw_team(match.home, 2)
    assert set(match.boards.values_list("forfeit", flat=True)) == {"--"}
    team_services.return_team(match.home)  # and back as they were
    assert "--" not in set(match.boards.values_list("forfeit", flat=True))


def test_refusals_withdraw_twice_and_rounds_out_of_range_save_nothing(league):
    team = league.teams.get(number=4)
    for number in (0, 1, 4):  # round 1 is over; the round robin has 3 rounds
        with pytest.raises(TournamentError, match=(
                f"Round {number} is out of range: Clube Natal can be withdrawn from round 2 "
                "to round 3")):
            team_services.withdraw_team(team, number)
    team.refresh_from_db()
    assert team.withdrawn_from_round is None
    assert not AuditEntry.objects.filter(action="team-withdrawn").exists()
    team_services.withdraw_team(team, 3)
    with pytest.raises(AlreadyWithdrawnError, match="already withdrawn, from round 3"):
        team_services.withdraw_team(team, 2)
    assert AuditEntry.objects.filter(action="team-withdrawn").count() == 1


def test_a_withdrawn_team_hands_in_no_lineup(league):
    team = league.teams.get(number=1)
    team_services.withdraw_team(team, 3)
    round_3 = league.rounds.get(number=3)
    roster = [e.pk for e in team_services.roster(team)[:4]]
    with pytest.raises(TournamentError, match="withdrawn from round 3: it hands in no line-up"):
        team_services.set_lineup(round_3, team, roster)
    team_services.set_lineup(league.rounds.get(number=2), team, roster)  # still plays round 2


def test_the_withdrawal_setting_annuls_a_team_that_left_before_half_its_matches(organiser):
    league = make_league(4, organiser=organiser, annul_early_withdrawals=True)
    play_round(league, 1)  # White wins every board: every match a 2-2 draw
    team = league.teams.get(number=1)
    match = match_of(league, 1, team)
    opponent = match.away if match.home == team else match.home
    assert {(line.match_points, line.game_points) for line in lines(league).values()} == {
        (1, 2)}
    team_services.withdraw_team(team, 2)  # one match of three played: annulled
    after = lines(league)
    assert (after[team.pk].match_points, after[team.pk].game_points) == (0, 0)
    # its opponent of round 1 loses what it got from that match, as if it had never entered
    assert (after[opponent.pk].match_points, after[opponent.pk].game_points) == (0, 0)
    assert sorted((line.match_points, line.game_points) for t, line in after.items()
                  if t not in (team.pk, opponent.pk)) == [(1, 2), (1, 2)]
    team_services.return_team(team)
    assert lines(league)[opponent.pk].match_points == 1


def test_without_the_setting_the_results_before_the_withdrawal_stand(league):
    team = league.teams.get(number=1)
    before = lines(league)[team.pk].match_points
    team_services.withdraw_team(team, 2)
    assert lines(league)[team.pk].match_points == before == 1


def test_a_team_swiss_does_not_pair_a_withdrawn_team(organiser):
    league = make_league(5, organiser=organiser, system="swiss", paired=False,
                         team_settings={"swiss_rounds": 4})
    team_services.pair_next_swiss_round(league)
    play_round(league, 1)
    team = league.teams.get(number=2)
    team_services.withdraw_team(team, 2)
    round_2 = team_services.pair_next_swiss_round(league)
    assert not TeamMatch.objects.filter(round=round_2, home=team).exists()
    assert not TeamMatch.objects.filter(round=round_2, away=team).exists()
    assert TeamMatch.objects.filter(round=round_2, away__isnull=True).count() == 0  # 4 left


# --- the page ---------------------------------------------------------------------------------

@pytest.fixture
def client():
    return Client(headers={"accept-language": "en"})


def url(name, league, *args):
    return reverse(f"tournaments:{name}", args=[league.slug, *args])


def test_an_organiser_withdraws_a_team_from_its_page_and_takes_it_back(client, league,
                                                                        organiser):
    team = league.teams.get(number=2)
    client.force_login(organiser)
    page = client.get(team.get_absolute_url()).content.decode()
    assert url("withdraw_team", league, team.pk) in page
    form = client.get(url("withdraw_team", league, team.pk))
    assert form.status_code == 200 and 'value="2"' in form.content.decode()
    response = client.post(url("withdraw_team", league, team.pk), {"from_round": "2"},
                           follow=True)
    assert "Clube Campinas withdrawn from round 2; 0 boards already set up became " \
        "forfeits" in response.content.decode()
    assert "withdrawn from round 2" in client.get(url("teams", league)).content.decode()
    page = client.get(team.get_absolute_url()).content.decode()
    assert url("return_team", league, team.pk) in page
    response = client.post(url("return_team", league, team.pk), follow=True)
    assert "Clube Campinas plays again" in response.content.decode()
    assert Team.objects.get(pk=team.pk).withdrawn_from_round is None
    response = client.post(url("return_team", league, team.pk), follow=True)
    assert "Clube Campinas has not withdrawn." in response.content.decode()


@pytest.mark.parametrize(("value", "message"), [
    ("", "This field is required."),
    ("dois", "Enter a whole number."),
    ("9", "Round 9 is out of range: Clube Campinas can be withdrawn from round 2 to round 3"),
    ("1", "Round 1 is out of range"),
])
def test_the_form_refuses_a_bad_round_naming_the_field(client, league, organiser, value,
                                                       message):
    team = league.teams.get(number=2)
    client.force_login(organiser)
    response = client.post(url("withdraw_team", league, team.pk), {"from_round": value})
    assert response.status_code == 400
    content = response.content.decode()
    assert message in content and 'id="id_from_round-errors"' in content
    assert Team.objects.get(pk=team.pk).withdrawn_from_round is None


def test_withdrawing_twice_from_the_form_is_refused(client, league, organiser):
    team = league.teams.get(number=2)
    team_services.withdraw_team(team, 3)
    client.force_login(organiser)
    response = client.post(url("withdraw_team", league, team.pk), {"from_round": "2"})
    assert response.status_code == 400
    assert "Clube Campinas has already withdrawn, from round 3." in response.content.decode()
    assert MatchBoard.objects.filter(match__round__number__gte=2).count() == 0


def test_only_organisers_withdraw_or_return_a_team(client, league, outsider):
    team = league.teams.get(number=2)
    assert client.post(url("withdraw_team", league, team.pk), {"from_round": "2"}
                       ).status_code == 302  # to sign in
    client.force_login(outsider)
    assert client.get(url("withdraw_team", league, team.pk)).status_code == 403
    assert client.post(url("withdraw_team", league, team.pk), {"from_round": "2"}
                       ).status_code == 403
    assert client.post(url("return_team", league, team.pk)).status_code == 403
    assert url("withdraw_team", league, team.pk) not in client.get(
        team.get_absolute_url()).content.decode()
    assert Team.objects.get(pk=team.pk).withdrawn_from_round is None


def test_the_withdrawal_speaks_portuguese(league, organiser):
    team = league.teams.get(number=2)
    client = Client(headers={"accept-language": "pt-br"})
    client.force_login(organiser)
    with translation.override("pt-br"):
        response = client.post(url("withdraw_team", league, team.pk), {"from_round": "7"})
        assert "A rodada 7 está fora do intervalo" in response.content.decode()
        response = client.post(url("withdraw_team", league, team.pk), {"from_round": "2"},
                               follow=True)
        assert "Clube Campinas desistiu a partir da rodada 2" in response.content.decode()


def test_the_json_backup_carries_the_withdrawal_and_it_can_be_undone_in_the_copy(league):
    import json

    from tournaments.files import backup

    team_services.start_round(league.rounds.get(number=2))
    team = league.teams.get(number=2)
    team_services.withdraw_team(team, 2)
    other = TeamMatch.objects.get(round__tournament=league, round__number=2, table=1)
    team_services.withdraw_team(other.home if other.home != team else other.away, 3)
    data = json.loads(json.dumps(backup.export_tournament(league)))
    section = {t["number"]: t for t in data["team_competition"]["teams"]}
    assert section[2]["withdrawn_from_round"] == 2
    assert len(section[2]["withdrawal_changes"]) == 4
    assert {change["round"] for change in section[2]["withdrawal_changes"]} == {2}
    copy_ = backup.import_tournament(data)
    assert json.loads(json.dumps(backup.export_tournament(copy_))) == data
    copied = copy_.teams.get(number=2)
    restored, kept = team_services.return_team(copied)
    assert (len(restored), kept) == (4, [])
    assert not Game.objects.filter(round__tournament=copy_, round__number=2).exclude(
        result="").exists()


def test_an_old_backup_without_withdrawals_still_loads(league):
    from tournaments.files import backup

    data = backup.export_tournament(league)
    for team in data["team_competition"]["teams"]:
        del team["withdrawn_from_round"], team["withdrawal_changes"]
    copy_ = backup.import_tournament(data)
    assert not copy_.teams.filter(withdrawn_from_round__isnull=False).exists()


def test_a_lineup_handed_in_before_the_withdrawal_seats_nobody(league):
    team = league.teams.get(number=1)
    round_2 = league.rounds.get(number=2)
    roster = team_services.roster(team)
    team_services.set_lineup(round_2, team, [e.pk for e in roster[:3]] + [roster[4].pk])
    team_services.withdraw_team(team, 2)
    assert not round_2.lineup_boards.filter(team=team).exists()
    assert league.rounds.get(number=1).lineup_boards.filter(team=team).exists()  # kept
    team_services.start_round(round_2)
    record = next(r for r in team_services.match_records(league, 2)
                  if r.round == 2 and team.pk in (r.home, r.away))
    absent = [g.home_player if record.home == team.pk else g.away_player for g in record.games]
    assert absent == [None] * 4  # no forfeit loss on any of its players' records


def test_the_standings_and_crosstable_mark_a_withdrawn_team_on_the_page_only(client, league):
    team = league.teams.get(number=3)
    team_services.withdraw_team(team, 2)
    for name in ("team_standings", "team_crosstable"):
        page = client.get(url(name, league)).content.decode()
        assert f"{team.name}</a> <span class=\"muted\">(withdrawn from round 2)</span>" in page
        exported = client.get(url(name, league) + "?_export=csv").content.decode()
        assert team.name in exported and "withdrawn" not in exported
