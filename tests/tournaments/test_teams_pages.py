"""The team pages: standings, crosstable, round matches with boards, team page, board prizes,
their CSV exports, and the line-up form with its refusals."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse
from team_factories import make_league, play_round

from tournaments.models import Game, LineupBoard, TeamMatch
from tournaments.services import teams as team_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    """Pages in English, so the assertions read the msgids."""
    return Client(headers={"accept-language": "en"})


@pytest.fixture
def league(organiser):
    league = make_league(4, organiser=organiser, name="Liga Estadual")
    play_round(league, 1, "1-0")
    first = Game.objects.filter(round__number=1).order_by("board").first()
    first.result = "1/2-1/2"
    first.save()
    return league


def url(name, league, *args):
    return reverse(f"tournaments:{name}", args=[league.slug, *args])


def csv_rows(response):
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_every_team_page_answers_and_exports(client, league):
    team = league.teams.first()
    for name, args in (("teams", []), ("team_standings", []), ("team_crosstable", []),
                       ("team_round", [1]), ("team_round", [2]), ("team", [team.pk]),
                       ("board_prizes", [])):
        response = client.get(url(name, league, *args))
        assert response.status_code == 200, name
        if name != "teams":
            assert client.get(url(name, league, *args) + "?_export=csv").status_code == 200


def test_team_standings_and_crosstable_show_the_match_with_game_points(client, league):
    rows = csv_rows(client.get(url("team_standings", league) + "?_export=csv"))
    assert rows[0][:5] == ["Rank", "Team", "Club or city", "Matches", "Match points"]
    # round 1, four boards, White wins each but board 1 of match 1 drawn: match 1 is
    # 1.5-2.5? home has White on 1 and 3: 0.5 + 1 = 1.5 vs 2: the away team wins it
    match = TeamMatch.objects.get(round__number=1, table=1)
    by_name = {row[1]: row for row in rows[1:]}
    assert by_name[match.away.name][4] == "2"
    assert by_name[match.home.name][4] == "0"
    cross = csv_rows(client.get(url("team_crosstable", league) + "?_export=csv"))
    home_row = next(row for row in cross if row[1] == match.home.name)
    # An en dash: a spreadsheet opening the CSV would read "3-1" as a date (issue 20).
    assert "1.5–2.5" in home_row


def test_round_page_lists_each_board_with_colours_alternating(client, league):
    rows = csv_rows(client.get(url("team_round", league, 1) + "?_export=csv"))
    assert rows[0] == ["Match", "Board", "Home team", "White", "Result", "Black", "Away team"]
    match = TeamMatch.objects.get(round__number=1, table=1)
    home = team_services.roster(match.home)
    assert rows[1][3] == home[0].player.name and rows[2][5] == home[1].player.name


def test_team_page_gives_each_players_individual_score(client, league):
    match = TeamMatch.objects.get(round__number=1, table=1)
    rows = csv_rows(client.get(url("team", league, match.home.pk) + "?_export=csv"))
    by_name = {row[1]: row for row in rows[1:]}
    home = team_services.roster(match.home)
    assert by_name[home[0].player.name][4:6] == ["1", "0.5"]  # drew board 1
    assert by_name[home[2].player.name][4:6] == ["1", "1"]  # won with White on board 3
    assert by_name[home[4].player.name][2] == "reserve"


def test_board_prizes_rank_by_percentage(client, league):
    rows = csv_rows(client.get(url("board_prizes", league) + "?_export=csv"))
    board_two = [row for row in rows[1:] if row[0] == "2"]
    assert [row[6] for row in board_two] == ["100", "100", "0", "0"]


def test_the_lineup_form_refuses_a_wrong_order_naming_the_board(client, organiser):
    league = make_league(4, organiser=organiser)
    client.force_login(organiser)
    match = TeamMatch.objects.get(round__number=1, table=1)
    home = team_services.roster(match.home)
    data = {"board_1": home[0].pk, "board_2": home[2].pk, "board_3": home[1].pk,
            "board_4": home[3].pk}
    response = client.post(url("lineup", league, match.home.pk, 1), data)
    assert response.status_code == 400
    assert (f"Board 3: {home[1].player.name} comes before {home[2].player.name} (board 2)"
            in response.content.decode())
    assert not LineupBoard.objects.exists()
    data["board_2"], data["board_3"], data["board_4"] = home[1].pk, home[2].pk, home[4].pk
    response = client.post(url("lineup", league, match.home.pk, 1), data)
    assert response.status_code == 302
    assert LineupBoard.objects.filter(team=match.home).count() == 4


def test_only_arbiters_and_the_captain_hand_in_a_lineup(client, outsider, organiser):
    league = make_league(4, organiser=organiser)
    match = TeamMatch.objects.get(round__number=1, table=1)
    client.force_login(outsider)
    assert client.get(url("lineup", league, match.home.pk, 1)).status_code == 403
    match.home.captain = outsider
    match.home.save()
    assert client.get(url("lineup", league, match.home.pk, 1)).status_code == 200
    assert client.get(url("lineup", league, match.away.pk, 1)).status_code == 403
    assert client.post(url("team_start_round", league, 1)).status_code == 403


def test_starting_a_round_from_the_page_locks_its_lineups(client, organiser):
    league = make_league(4, organiser=organiser)
    client.force_login(organiser)
    assert client.post(url("team_start_round", league, 1)).status_code == 302
    assert Game.objects.filter(round__number=1).count() == 8
    response = client.get(url("lineup", league, league.teams.first().pk, 1))
    assert "locked" in response.content.decode()


def test_a_tournament_of_players_has_no_team_pages(client, organiser):
    from tournament_factories import make_tournament

    tournament = make_tournament(4, organiser=organiser)
    assert client.get(url("team_standings", tournament)).status_code == 404


def test_the_organiser_pairs_a_team_swiss_round_by_round(client, organiser):
    from tournaments.models import TeamSystem

    league = make_league(5, organiser=organiser, paired=False, system=TeamSystem.SWISS)
    client.force_login(organiser)
    response = client.post(url("team_generate_rounds", league))
    assert response.status_code == 302
    assert TeamMatch.objects.filter(round__number=1, away__isnull=True).count() == 1
    response = client.post(url("team_generate_rounds", league), follow=True)
    assert "not over yet" in response.content.decode()


def test_the_team_pages_speak_portuguese_first(league):
    page = Client().get(url("team_standings", league)).content.decode()
    assert "Classificação por equipes" in page and "Pontos de confronto" in page
    page = Client().get(url("team_round", league, 1)).content.decode()
    assert "Mandante" in page and "Visitante" in page


def test_an_organiser_builds_a_team_competition_from_the_site(client, organiser):
    from tournament_factories import make_tournament

    from tournaments.models import TeamCompetition

    tournament = make_tournament(0, organiser=organiser, name="Copa Escolar")
    client.force_login(organiser)
    settings_url = url("team_settings", tournament)
    response = client.post(settings_url, {
        "system": "round-robin", "boards": 11, "match_win": 2, "match_draw": 1,
        "match_loss": 0, "primary": "match", "bye_match_points": 2,
        "tiebreak_1": "game_points", "board_prize_min_games": 1, "colour_preferences": "A"})
    assert response.status_code == 200 and not TeamCompetition.objects.exists()
    response = client.post(settings_url, {
        "system": "round-robin", "boards": 2, "match_win": 3, "match_draw": 1,
        "match_loss": 0, "primary": "match", "bye_match_points": 3,
        "tiebreak_1": "game_points", "tiebreak_2": "direct_encounter",
        "board_prize_min_games": 1, "colour_preferences": "B"})
    assert response.status_code == 302
    competition = TeamCompetition.objects.get(tournament=tournament)
    assert competition.boards == 2
    # C.04.6 Art. 1.7's colour preferences are the organiser's to set; the unchecked box is false
    assert competition.colour_preferences == "B" and not competition.secondary_for_colours
    assert competition.tiebreaks == ["game_points", "direct_encounter"]
    for name in ("Escola Recife", "Escola Olinda"):
        assert client.post(url("add_team", tournament), {"name": name}).status_code == 302
    assert client.post(url("add_team", tournament), {"name": "Escola Recife"}).status_code == 400
    twice = client.post(settings_url, {
        "system": "round-robin", "boards": 2, "match_win": 3, "match_draw": 1,
        "match_loss": 0, "primary": "match", "bye_match_points": 3,
        "tiebreak_1": "team_sb", "tiebreak_2": "team_sb", "board_prize_min_games": 1})
    assert twice.status_code == 200 and "is chosen twice" in twice.content.decode()
    for team in tournament.teams.all():
        for index in range(3):
            response = client.post(url("add_team_player", tournament, team.pk),
                                   {"name": f"{team.name} {index}"})
            assert response.status_code == 302
    assert client.post(url("team_generate_rounds", tournament)).status_code == 302
    assert TeamMatch.objects.filter(round__tournament=tournament).count() == 1
    page = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()
    assert url("teams", tournament) in page


def test_a_tournament_with_players_entered_alone_is_not_turned_into_teams(client, organiser):
    from tournament_factories import make_tournament

    tournament = make_tournament(4, organiser=organiser, name="Aberto Individual")
    client.force_login(organiser)
    response = client.get(url("team_settings", tournament), follow=True)
    assert "starts with its teams" in response.content.decode()


def test_the_team_tables_and_the_match_slips_print_as_pdf(client, league, organiser):
    team = league.teams.first()
    for name, args in (("team_standings", []), ("team_crosstable", []), ("team_round", [1]),
                       ("team", [team.pk]), ("board_prizes", [])):
        response = client.get(url(name, league, *args) + "?_export=pdf")
        assert response.status_code == 200, name
        assert response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF")
    response = client.get(url("team_slips", league, 2))
    assert response.content.startswith(b"%PDF")
    # the same data gives the same bytes (reportlab's invariant mode)
    assert client.get(url("team_slips", league, 2)).content == response.content
    client.force_login(organiser)
    assert url("team_slips", league, 1) in client.get(url("team_round", league, 1)).content.decode()


def test_the_round_matches_print_results_as_the_pairings_do(client, league):
    """Issue 25: "½ – ½", "1 – 0" and a forfeit "+ : −", not the codes "1/2-1/2" and "+-"."""
    from pypdf import PdfReader

    last = Game.objects.filter(round__number=1).order_by("board").last()
    last.result = "+-"
    last.save()
    response = client.get(url("team_round", league, 1) + "?_export=pdf")
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "½ – ½" in text and "1 – 0" in text and "+ : −" in text
    assert "1/2-1/2" not in text and "+-" not in text


def test_a_team_without_captain_or_club_has_no_dangling_separator(client, league):
    """Found in a rehearsal of a whole event (issue 25): the team list read "Recife ·" for a team
    with no captain."""
    first, second = league.teams.order_by("number")[:2]
    first.captain_name = ""
    first.save()
    second.club = ""
    second.save()
    teams = client.get(url("teams", league)).content.decode()
    assert f'<p class="muted">{first.club}</p>' in teams
    assert f'<p class="muted">captain: {second.captain_name}</p>' in teams
    assert "· </p>" not in teams and '<p class="muted"> ·' not in teams
    for team in (first, second):
        page = client.get(url("team", league, team.pk)).content.decode()
        assert "· </p>" not in page and '<p class="muted"> ·' not in page
