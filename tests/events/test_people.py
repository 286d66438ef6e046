"""One person, one record: the registry shared by every tournament (issue 17)."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from tournament_factories import confirm_player_import, make_tournament

from tournaments import services
from tournaments.files import player_import
from tournaments.files.import_problems import CsvImportError
from tournaments.models import Player

pytestmark = pytest.mark.django_db

HEADER = "name;club;rating;federation_id;sex;birth_date;state;fmjd_id;fmjd_rating\n"


def test_csv_import_matches_by_federation_id_then_name_and_birth_date():
    first = make_tournament(name="Aberto de Campinas")
    player_import.import_players(first, (
        HEADER
        + "Ana Beatriz Conceição;Campinas;1850;CBD-1;F;03/04/2008;SP;;\n"
        + "João Gonçalves;Recife;;;M;1990;PE;FMJD-9;2100\n"
        + "Maria Silva;Curitiba;;;F;01/02/2000;PR;;\n"
    ).encode())
    second = make_tournament(name="Brasileiro")
    report = player_import.import_people(second, (
        HEADER
        + "Ana B. Conceição;Campinas;1860;CBD-1;F;;;;\n"
        + "Joao G.;Recife;;;M;;;FMJD-9;\n"
        + "maria  silva;Curitiba;;;F;2000-02-01;;;\n"
        + "Maria Silva;Londrina;;;F;02/02/2000;;;\n"
    ).encode())

    assert Player.objects.count() == 4
    how = {line: (match.player.name, match.how) for line, match in report.merged}
    assert how == {2: ("Ana Beatriz Conceição", "federation_id"),
                   3: ("João Gonçalves", "fmjd_id"),
                   4: ("Maria Silva", "name_and_birth")}
    ana = Player.objects.get(federation_id="CBD-1")
    assert ana.entries.count() == 2
    assert ana.rating == 1850  # what the registry knew is kept
    assert ana.birth_year == 2008


def test_the_import_page_reports_what_it_merged(client, organiser):
    from django.core.files.uploadedfile import SimpleUploadedFile

    first = make_tournament(name="Primeiro", organiser=organiser)
    services.add_player(first, name="Ana", federation_id="CBD-1")
    second = make_tournament(name="Segundo", organiser=organiser)
    client.force_login(organiser)
    upload = SimpleUploadedFile("p.csv", b"name;federation_id\nAna Maria;CBD-1\n")
    client.post(reverse("tournaments:import_players", args=[second.slug]), {"file": upload})
    page = confirm_player_import(client, second, {"choice_2_name": "keep"}).content.decode()
    assert "Line 2 is Ana, already registered (same federation id)" in page


@pytest.mark.parametrize(("line", "column", "words"), [
    ("Ana;;;;F;01/01/2999;;;", "birth_date", "in the future"),
    ("Ana;;3001;;F;;;;", "rating", "0 to 3000"),
    ("Ana;;;;F;;;;-5", "fmjd_rating", "0 to 3000"),
    ("Ana;;;;X;;;;", "sex", "M or F"),
    ("Ana;;;;F;31/02/2000;;;", "birth_date", "not a birth date"),
])
def test_bad_person_facts_name_the_column_and_nothing_is_saved(line, column, words):
    tournament = make_tournament(name="Aberto")
    with pytest.raises(CsvImportError) as error:
        player_import.import_players(tournament, (HEADER + "Bia;;;;F;;;;\n" + line + "\n").encode())
    problem = error.value.problems[0]
    assert problem.column == column and problem.line == 3 and words in problem.message
    assert not Player.objects.exists()


def test_player_model_refuses_a_future_birth_and_a_rating_over_3000():
    player = Player(name="Bia", birth_date=datetime.date.today() + datetime.timedelta(days=1),
                    rating=3001)
    with pytest.raises(ValidationError) as error:
        player.full_clean()
    assert set(error.value.message_dict) == {"birth_date", "rating"}


def test_the_player_form_names_the_future_birth_date(client, organiser):
    tournament = make_tournament(name="Aberto", organiser=organiser)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:add_player", args=[tournament.slug]),
                           {"name": "Bia", "birth_date": "2999-01-01"})
    assert response.status_code == 200
    assert "The birth date cannot be in the future." in response.content.decode()
    assert not Player.objects.exists()


def test_person_page_lists_all_his_tournaments(client):
    one = make_tournament(name="Torneio Um")
    two = make_tournament(name="Torneio Dois")
    entry = services.add_player(one, name="Ana", federation_id="CBD-1")
    services.add_player(two, name="Ana", federation_id="CBD-1")
    page = client.get(entry.player.get_absolute_url()).content.decode()
    assert "Torneio Um" in page and "Torneio Dois" in page
    entry_page = client.get(entry.get_absolute_url()).content.decode()
    assert entry.player.get_absolute_url() in entry_page


def test_ids_of_two_different_people_are_refused_not_merged():
    one = make_tournament(name="Um")
    services.add_player(one, name="Ana", federation_id="CBD-1")
    services.add_player(one, name="Bia", fmjd_id="F-2")
    two = make_tournament(name="Dois")
    with pytest.raises(services.DuplicatePlayerError) as error:
        services.add_player(two, name="Ana", federation_id="CBD-1", fmjd_id="F-2")
    assert "Ana is already registered" in str(error.value)
    assert not two.entries.exists()
    assert Player.objects.get(name="Ana").fmjd_id == ""
