"""The data migration makes one record of a person entered once per tournament (issue 17)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0009_page_version")]
AFTER = [("tournaments", "0011_people_checks")]


@pytest.mark.django_db(transaction=True)
def test_duplicates_become_one_person_but_namesakes_in_one_tournament_stay_two():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    Tournament = apps.get_model("tournaments", "Tournament")
    Player = apps.get_model("tournaments", "Player")
    Entry = apps.get_model("tournaments", "Entry")
    one = Tournament.objects.create(name="Um", slug="um")
    two = Tournament.objects.create(name="Dois", slug="dois")
    ana_1 = Player.objects.create(name="Ana  Souza", club="Campinas", rating=1800)
    ana_2 = Player.objects.create(name="ana souza", club="Campinas", rating=9999)
    twin_1 = Player.objects.create(name="Rui", club="Recife")
    twin_2 = Player.objects.create(name="Rui", club="Recife")
    Entry.objects.create(tournament=one, player=ana_1)
    Entry.objects.create(tournament=two, player=ana_2)
    Entry.objects.create(tournament=one, player=twin_1)
    Entry.objects.create(tournament=one, player=twin_2)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    Player = apps.get_model("tournaments", "Player")
    Entry = apps.get_model("tournaments", "Entry")

    assert Player.objects.filter(club="Campinas").count() == 1
    assert Entry.objects.filter(player_id=ana_1.pk).count() == 2
    assert Player.objects.get(pk=ana_1.pk).rating == 1800
    assert Player.objects.filter(name="Rui").count() == 2

    MigrationExecutor(connection).migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
