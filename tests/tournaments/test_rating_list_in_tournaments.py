"""Issue 27: a player entered by id takes his facts from the rating list in force at the
tournament's start (the add-player form and the player import), and the rating report rates by
that list, saying which one."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from tournament_factories import make_tournament

from tournaments import services
from tournaments.files import player_import
from tournaments.files.player_list import parse_players_csv
from tournaments.models import Game, Player, RatingList, RatingListRow, RatingSource
from tournaments.services.entries import NotOnRatingListError

pytestmark = pytest.mark.django_db


def make_list(source, day, rows):
    rating_list = RatingList.objects.create(source=source, date=day, file_name="l.csv",
                                            confirmed_at=timezone.now())
    for federation_id, name, rating in rows:
        RatingListRow.objects.create(rating_list=rating_list, federation_id=federation_id,
                                     name=name, federation="FPD", rating=rating,
                                     birth_year=1990)
    return rating_list


@pytest.fixture
def lists():
    return (make_list(RatingSource.CBD, datetime.date(2026, 1, 1),
                      [("1001", "ANA CONCEICAO", 1800), ("1002", "BRUNO SA", 1600)]),
            make_list(RatingSource.CBD, datetime.date(2026, 6, 1),
                      [("1001", "ANA CONCEICAO", 1900), ("1002", "BRUNO SA", 1500)]),
            make_list(RatingSource.FMJD, datetime.date(2026, 1, 1),
                      [("F-1", "Ana Conceicao", 2100)]))


def test_adding_by_id_fills_name_club_rating_and_birth_year_from_the_list_in_force(lists):
    tournament = make_tournament(start_date=datetime.date(2026, 3, 10))
    entry = services.add_player(tournament, name="", federation_id="1001")
    player = entry.player
    assert (player.name, player.club, player.rating, player.birth_year) == (
        "Ana Conceicao", "FPD", 1800, 1990)  # the January list: June's is not in force yet


@pytest.mark.parametrize(("listed", "shown"), [
    ("MARIA DAS DORES D'ÁVILA", "Maria das Dores D'Ávila"),
    ("JOSÉ DE SOUZA E SILVA-NETO", "José de Souza e Silva-Neto"),
    ("DA SILVA, ANA", "Da Silva, Ana"),
    ("Ian McAllister", "Ian McAllister"),  # mixed case: the list's own spelling
    ("Ana de souza", "Ana de souza"),
])
def test_a_name_in_capitals_from_the_list_is_written_as_names_are(listed, shown):
    from tournaments.services.entries import name_from_list

    assert name_from_list(listed) == shown


def test_what_the_organiser_typed_is_kept(lists):
    tournament = make_tournament(start_date=datetime.date(2026, 7, 1))
    player = services.add_player(tournament, name="Bruno Sá", club="Recife", federation_id="1002",
                                 fmjd_id="").player
    assert (player.name, player.club, player.rating) == ("Bruno Sá", "Recife", 1500)


def test_an_fmjd_id_fills_the_fmjd_rating(lists):
    tournament = make_tournament(start_date=datetime.date(2026, 3, 10))
    player = services.add_player(tournament, name="", fmjd_id="F-1").player
    assert (player.name, player.fmjd_rating, player.rating) == ("Ana Conceicao", 2100, None)


def test_an_unknown_id_without_a_name_is_refused(lists):
    tournament = make_tournament(start_date=datetime.date(2025, 12, 1))  # before any list
    with pytest.raises(NotOnRatingListError, match="1001"):
        services.add_player(tournament, name="", federation_id="1001")
    assert not Player.objects.exists()


def test_the_add_player_form_takes_an_id_alone(client, organiser, lists):
    tournament = make_tournament(organiser=organiser, start_date=datetime.date(2026, 3, 10))
    client.force_login(organiser)
    url = reverse("tournaments:add_player", args=[tournament.slug])
    client.post(url, {"name": "", "federation_id": "1002"})
    assert tournament.entries.get().player.rating == 1600
    page = client.post(url, {"name": ""}, HTTP_ACCEPT_LANGUAGE="en")
    assert "Type the name, or an id of the rating list in force." in page.content.decode()


def test_the_player_import_fills_rows_by_id_and_refuses_unknown_ids(lists):
    tournament = make_tournament(start_date=datetime.date(2026, 3, 10))
    rows = parse_players_csv("nome;id federação\n;1001\nCaio;\n;9999\n".encode())
    plan = player_import.plan_import(tournament, rows)
    assert [(p.row.name, p.row.rating, p.status) for p in plan.rows] == [
        ("Ana Conceicao", 1800, "add"), ("Caio", None, "add"), ("", None, "refuse")]
    assert "9999" in plan.rows[2].reason
    player_import.carry_out(tournament, plan, set())
    assert Player.objects.get(federation_id="1001").birth_year == 1990


def rated_tournament(start):
    tournament = make_tournament(name="Rated", start_date=start)
    services.add_player(tournament, name="Ana", federation_id="1001", rating=1700)
    services.add_player(tournament, name="Bruno", federation_id="1002", rating=1700)
    services.add_player(tournament, name="Caio", rating=1650)
    services.draw_numbers(tournament, seed=1)
    services.generate_rounds(tournament)
    Game.objects.of_tournament(tournament).update(result="1/2-1/2")
    return tournament


def report(client, tournament, **params):
    url = reverse("tournaments:rating_report", args=[tournament.slug])
    return client.get(url, params, HTTP_ACCEPT_LANGUAGE="en")


def test_the_rating_report_rates_by_the_list_in_force_and_says_which(client, lists):
    tournament = rated_tournament(datetime.date(2026, 7, 1))
    page = report(client, tournament)
    ratings = {row["name"]: row["rating"] for row in page.context["table"].data.data}
    assert ratings == {"Ana": 1900, "Bruno": 1500, "Caio": 1650}  # Caio: not on the list
    text = page.content.decode()
    assert "Ratings of the CBD (national) 01/06/2026 list" in text
    assert "1 player not on it is rated by the registry&#x27;s rating." in text \
        or "1 player not on it is rated by the registry's rating." in text
    pdf = report(client, tournament, formato="pdf")
    assert pdf.content.startswith(b"%PDF")


def test_before_any_list_the_report_uses_the_registry(client, lists):
    tournament = rated_tournament(datetime.date(2025, 1, 1))
    page = report(client, tournament)
    assert {row["rating"] for row in page.context["table"].data.data} == {1700, 1650}
    assert "No rating list of this kind is in force" in page.content.decode()
