"""Issue 27: a season's rating calculation. Each finished tournament that started in the season
is rated in date order by its own K, as its rating report rates it, and each player's new rating
is carried into his next tournament; figures worked by hand below."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from tournament_factories import make_tournament

from tournaments import services
from tournaments.models import Game, Player, RatingList, RatingListRow, RatingSource, Status
from tournaments.queries.rating_season import season_report
from tournaments.standings.games import GameRecord
from tournaments.standings.rating_season import SeasonTournament, season_ratings
from tournaments.standings.scoring import Result

W, B, D, WF = Result.WHITE_WIN, Result.BLACK_WIN, Result.DRAW, Result.WHITE_FORFEIT_WIN

# By hand, with E = 1 / (1 + 10^((Ro − R) / 400)) and new = round(R + K × (S − E)):
# Spring (K 20): Ana 1600 beats Bruno 1400: E = 0.7597, +4.81 → 1605; Bruno −4.81 → 1395.
#   Ana's draw with Caio (no rating) is not rated; Caio's forfeit win over Bruno is not rated.
# Autumn (K 32): Ana 1605 loses to Bruno 1395 (E 0.7701) and draws Dora 1500 (E 0.6467):
#   S 0.5, E 1.4168, 32 × (0.5 − 1.4168) = −29.34 → 1576. Bruno: E 0.2299, +24.64 → 1420.
#   Dora's forfeit win over Bruno is not rated; Dora: E 0.3533, 32 × (0.5 − 0.3533) → 1505.
# Ana's season: start 1600, 3 rated games, score 1.5, expected 2.1765, change −24, new 1576.


def test_the_season_carries_each_new_rating_into_the_next_tournament():
    spring = SeasonTournament("spring", 20, {1: "ana", 2: "bruno", 3: "caio"},
                              [GameRecord(1, 1, 2, W), GameRecord(2, 3, 1, D),
                               GameRecord(3, 3, 2, WF)])
    autumn = SeasonTournament("autumn", 32, {1: "bruno", 2: "ana", 3: "dora"},
                              [GameRecord(1, 1, 2, W), GameRecord(2, 2, 3, D),
                               GameRecord(3, 3, 1, WF)])
    rows, lines = season_ratings([spring, autumn], {"ana": 1600, "bruno": 1400, "dora": 1500})
    by_person = {row.person: row for row in rows}
    ana = by_person["ana"]
    assert (ana.start_rating, ana.tournaments, ana.games, ana.score) == (
        1600, 2, 3, Fraction(3, 2))
    assert ana.expected == pytest.approx(0.7597 + 1.4168, abs=1e-3)
    assert (ana.new_rating, ana.change) == (1576, -24)
    ana_autumn = next(line for line in lines if line.person == "ana" and line.tournament ==
                      "autumn")
    assert ana_autumn.row.rating == 1605 and ana_autumn.k == 32  # carried, and autumn's K
    assert ana_autumn.row.change == pytest.approx(-29.34, abs=0.01)
    bruno = by_person["bruno"]
    assert (bruno.games, bruno.score, bruno.new_rating, bruno.change) == (2, 1, 1420, 20)
    assert (by_person["dora"].new_rating, by_person["dora"].games) == (1505, 1)
    caio = by_person["caio"]  # no rating: his rated game counts, no new rating
    assert (caio.start_rating, caio.games, caio.score) == (None, 1, Fraction(1, 2))
    assert caio.expected is None and caio.new_rating is None and caio.change is None


def test_a_player_who_played_only_unrated_opponents_keeps_his_rating():
    alone = SeasonTournament("t", 20, {1: "ana", 2: "caio"}, [GameRecord(1, 1, 2, W)])
    (ana, caio), _lines = season_ratings([alone], {"ana": 1600})
    assert (ana.games, ana.expected, ana.new_rating, ana.change) == (0, None, 1600, 0)
    assert (caio.games, caio.score, caio.new_rating) == (1, 0, None)  # lost to a rated player


# The same season stored: two finished tournaments in it, one unfinished and one outside it.

def play(tournament, results):
    """Results keyed by the two players' names as (white, black): the round robin's games are
    turned to play those colours."""
    for game in Game.objects.of_tournament(tournament).select_related("white__player",
                                                                       "black__player"):
        pair = (game.white.player.name, game.black.player.name)
        if pair in results:
            game.result = results[pair]
        elif pair[::-1] in results:
            game.white, game.black = game.black, game.white
            game.result = results[pair[::-1]]
        else:
            continue
        game.save()


def stored(name, day, k, players, results, status=Status.FINISHED):
    tournament = make_tournament(name=name, start_date=day, rating_k=k)
    for player in players:
        services.add_player(tournament, name=player.name, federation_id=player.federation_id)
    services.draw_numbers(tournament, seed=1)
    services.generate_rounds(tournament)
    play(tournament, results)
    tournament.status = status
    tournament.save(update_fields=["status"])
    return tournament


@pytest.fixture
def season():
    ana = Player.objects.create(name="Ana", federation_id="1001", rating=1700)
    bruno = Player.objects.create(name="Bruno", federation_id="1002", rating=1400)
    caio = Player.objects.create(name="Caio", federation_id="")
    dora = Player.objects.create(name="Dora", federation_id="1004", rating=1500)
    cbd = RatingList.objects.create(source=RatingSource.CBD, date=datetime.date(2026, 1, 1),
                                    file_name="cbd.csv", confirmed_at=timezone.now())
    for federation_id, rating in (("1001", 1600), ("1002", 1400)):  # Dora is not on it
        RatingListRow.objects.create(rating_list=cbd, federation_id=federation_id,
                                     name="X", rating=rating)
    stored("Primavera", datetime.date(2026, 3, 1), 20, [ana, bruno, caio],
           {("Ana", "Bruno"): "1-0", ("Caio", "Ana"): "1/2-1/2", ("Caio", "Bruno"): "+-"})
    stored("Outono", datetime.date(2026, 9, 1), 32, [bruno, ana, dora],
           {("Bruno", "Ana"): "1-0", ("Ana", "Dora"): "1/2-1/2", ("Dora", "Bruno"): "+-"})
    stored("Inverno", datetime.date(2026, 7, 1), 20, [ana, bruno], {("Bruno", "Ana"): "1-0"},
           status=Status.ONGOING)  # not finished: not in the season
    stored("Ano seguinte", datetime.date(2027, 2, 1), 20, [ana, bruno],
           {("Bruno", "Ana"): "1-0"})
    return cbd


@pytest.mark.django_db
def test_the_stored_season_rates_the_finished_tournaments_by_the_list_in_force(season):
    report = season_report(datetime.date(2026, 1, 1), datetime.date(2026, 12, 31))
    assert [tournament.name for tournament in report.tournaments] == ["Primavera", "Outono"]
    assert report.in_force == season and report.from_registry == 1  # Dora, from the registry
    rows = {player.name: row for player, row in report.rows}
    assert (rows["Ana"].start_rating, rows["Ana"].new_rating, rows["Ana"].change) == (
        1600, 1576, -24)  # the list's 1600, not the registry's 1700
    assert (rows["Bruno"].new_rating, rows["Dora"].new_rating) == (1420, 1505)
    assert rows["Caio"].new_rating is None


@pytest.mark.django_db
def test_the_queries_grow_with_the_tournaments_not_the_players(season):
    with CaptureQueriesContext(connection) as queries:
        season_report(datetime.date(2026, 1, 1), datetime.date(2026, 12, 31))
    assert len(queries) <= 3 + 2 * 2  # list, its rows, tournaments + entries, games of each


@pytest.mark.django_db
def test_the_page_its_downloads_and_who_may_see_it(client, organiser, season):
    url = reverse("tournaments:rating_season")
    assert client.get(url).status_code in (302, 403)  # the public may not
    client.force_login(organiser)
    query = {"inicio": "2026-01-01", "fim": "2026-12-31"}
    page = client.get(url, query, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Primavera" in page and "Outono" in page and "Inverno" not in page
    assert "1576" in page and "CBD (national) 01/01/2026" in page
    csv_text = client.get(url, {**query, "_export": "csv", "excel": "en"}).content.decode()
    ana = next(line for line in csv_text.splitlines() if line.startswith("Ana"))
    assert ana.split(",")[2:] == ["1600", "2", "3", "1.5", "2.18", "-24", "1576"]
    xlsx = client.get(url, {**query, "_export": "xlsx"})
    assert xlsx.content.startswith(b"PK")
    pdf = client.get(url, {**query, "formato": "pdf"})
    assert pdf.content.startswith(b"%PDF")
    refused = client.get(url, {"inicio": "2026-12-31", "fim": "2026-01-01"},
                         HTTP_ACCEPT_LANGUAGE="en")
    assert "The season ends before it starts." in refused.content.decode()
