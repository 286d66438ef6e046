"""The migration that allows one request per person and section (issue 25) first refuses the
later pending repeats already in the database, so that its constraints can be created; an
approved request is kept, and a request in another section is not a repeat."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from tournament_factories import make_tournament

BEFORE = [("events", "0003_issue29_registration_sender")]
AFTER = [("events", "0004_issue25_registration_contact_and_once")]


@pytest.mark.django_db(transaction=True)
def test_repeated_pending_requests_are_refused_before_the_constraints():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    # The tournaments app stays at its latest state: its own models make the tournaments.
    Event = apps.get_model("events", "Event")
    Section = apps.get_model("events", "Section")
    Registration = apps.get_model("events", "Registration")
    event = Event.objects.create(name="Brasileiro", slug="brasileiro")
    absoluto = Section.objects.create(
        event=event, tournament_id=make_tournament(name="Absoluto").pk)
    feminino = Section.objects.create(
        event=event, tournament_id=make_tournament(name="Feminino").pk, order=2)
    born = datetime.date(2001, 2, 3)

    def ask(section, name, status="pending", federation_id=""):
        return Registration.objects.create(section=section, name=name, birth_date=born,
                                           status=status, federation_id=federation_id).pk

    first = ask(absoluto, "Íris Prado")
    approved = ask(absoluto, "Caio Lima", status="approved")
    repeats = [ask(absoluto, "Íris Prado"), ask(absoluto, "Caio Lima"),
               ask(absoluto, "Outro Nome", federation_id="CBD-1"),
               ask(absoluto, "Mais Outro", federation_id="CBD-1")]
    elsewhere = ask(feminino, "Íris Prado")

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    Registration = executor.loader.project_state(AFTER).apps.get_model("events", "Registration")
    status = dict(Registration.objects.values_list("pk", "status"))
    assert (status[first], status[approved], status[elsewhere]) == (
        "pending", "approved", "pending")
    assert [status[pk] for pk in repeats] == ["refused", "refused", "pending", "refused"]

    MigrationExecutor(connection).migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
