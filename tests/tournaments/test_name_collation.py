"""Issue 12: "Ângela" and "Érico" sorted after "Márcio". Names sort with accents and case
folded, the name as written breaking ties, in the pages, the CSV and the PDFs, and the same on
SQLite and PostgreSQL (the key is stored beside the name, not left to the database's locale)."""

import csv
import io

import pytest
from django.urls import reverse
from tournament_factories import make_tournament

from tournaments import services
from tournaments.models import Player
from tournaments.models.collation import fold, name_key
from tournaments.printing.collect import tournament_header

pytestmark = pytest.mark.django_db

NAMES = ["Márcio Souza", "Ângela Lima", "Érico Prado", "bruno Alves", "Álvaro Reis",
         "Angela Lima"]
READ_ORDER = ["Álvaro Reis", "Angela Lima", "Ângela Lima", "bruno Alves", "Érico Prado",
              "Márcio Souza"]


def test_the_key_folds_accents_and_case_then_keeps_the_original():
    assert fold("Ângela  ÉRICO") == "angela erico"
    assert sorted(NAMES, key=name_key) == READ_ORDER


def test_players_are_listed_as_people_read_them(client, organiser):
    tournament = make_tournament(organiser=organiser, name="Aberto de Campinas")
    for name in NAMES:
        services.add_player(tournament, name=name)
    assert [entry.player.name for entry in tournament.entries.by_number()] == READ_ORDER
    assert list(Player.objects.values_list("name", flat=True)) == READ_ORDER
    response = client.get(reverse("tournaments:detail", args=[tournament.slug]),
                          {"_export": "csv", "sort": "name"}, HTTP_ACCEPT_LANGUAGE="en")
    rows = list(csv.DictReader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
    assert [row["Name"] for row in rows] == READ_ORDER


def test_standings_sorted_by_name_and_the_pdf_arbiters(client, organiser, django_user_model):
    tournament = make_tournament(organiser=organiser, name="Aberto de Recife")
    for name in NAMES:
        services.add_player(tournament, name=name)
    services.draw_numbers(tournament, seed=3)
    for username, first, last in (("m", "Márcio", "Dias"), ("a", "Ângela", "Reis"),
                                  ("b", "bruno", "Melo")):
        tournament.arbiters.add(django_user_model.objects.create_user(
            username, first_name=first, last_name=last))
    for page in ("standings", "crosstable"):
        response = client.get(reverse(f"tournaments:{page}", args=[tournament.slug]),
                              {"_export": "csv", "sort": "name"}, HTTP_ACCEPT_LANGUAGE="en")
        rows = list(csv.DictReader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
        assert [row["Name"] for row in rows] == READ_ORDER, page
    assert tournament_header(tournament).arbiters == ("Ângela Reis", "bruno Melo",
                                                       "Márcio Dias")


def test_renaming_a_player_keeps_the_key(organiser):
    player = Player.objects.create(name="Érico")
    player.name = "Ótavio"
    player.save(update_fields=["name"])
    player.refresh_from_db()
    assert player.sort_name == "otavio"
