"""Everything an official does is in the log (issue 20): admin edits and withdrawals too.

Edits made through Django's admin (scoring, officials, an entry's number or withdrawal) bypassed the
services, and a withdrawal left only its forfeits in the log. Both are now entries with who, when,
and the values before and after. The admin is driven through its real change page.
"""

from __future__ import annotations

import pytest
from arbitration_factories import make_tournament
from django import forms
from django.contrib import admin
from django.test import RequestFactory
from django.urls import reverse

from arbitration.models import Action, AuditEntry
from tournaments.models import Tournament
from tournaments.services import withdraw_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def chief(django_user_model):
    return django_user_model.objects.create_superuser("chefe", password=None)


def _post_value(bound_field) -> list[str] | str | None:
    value = bound_field.value()
    if isinstance(bound_field.field, forms.JSONField):
        return value  # value() already gives the JSON text
    if value is None or value is False:
        return None
    if value is True:
        return "on"
    if isinstance(value, list | tuple):
        return [str(getattr(item, "pk", item)) for item in value]
    return str(value)


def _form_data(form) -> dict:
    data = {}
    for name in form.fields:
        value = _post_value(form[name])
        if value is not None:
            data[form.add_prefix(name)] = value
    return data


def change_form_data(tournament: Tournament, chief) -> dict:
    """What the admin's change page posts back when nothing is changed."""
    model_admin = admin.site._registry[Tournament]
    request = RequestFactory().get("/")
    request.user = chief
    data = _form_data(model_admin.get_form(request, tournament)(instance=tournament))
    for formset, _inline in model_admin.get_formsets_with_inlines(request, tournament):
        formset = formset(instance=tournament)
        data.update(_form_data(formset.management_form))
        for form in formset.forms:
            data.update(_form_data(form))
    return data


def test_scoring_changed_in_the_admin_is_logged(client, chief, organiser):
    tournament = make_tournament(organiser=organiser, players=4)
    data = change_form_data(tournament, chief)
    data["scoring_win"] = "2"
    data["scoring_draw"] = "1"
    client.force_login(chief)
    response = client.post(reverse("admin:tournaments_tournament_change", args=[tournament.pk]),
                           data)
    assert response.status_code == 302, response.context["errors"]
    entry = AuditEntry.objects.get(tournament=tournament, action=Action.ADMIN_EDITED)
    assert entry.actor == chief and entry.actor_name == "chefe"
    assert entry.before == {"scoring_win": "1.00", "scoring_draw": "0.50"}
    assert entry.after == {"scoring_win": "2.00", "scoring_draw": "1.00"}


def test_officials_numbers_and_withdrawals_changed_in_the_admin_are_logged(
        client, chief, organiser, arbiter):
    tournament = make_tournament(organiser=organiser, players=4)
    data = change_form_data(tournament, chief)
    data["arbiters"] = [str(arbiter.pk)]
    renumbered, leaving = sorted(name for name in data if name.endswith("-number"))[:2]
    data[renumbered] = "5"
    data[leaving.replace("-number", "-withdrawn")] = "on"
    client.force_login(chief)
    response = client.post(reverse("admin:tournaments_tournament_change", args=[tournament.pk]),
                           data)
    assert response.status_code == 302, response.context["errors"]
    entry = AuditEntry.objects.get(tournament=tournament, action=Action.ADMIN_EDITED)
    assert entry.actor == chief
    assert entry.before["arbiters"] == [] and entry.after["arbiters"] == ["arbitro"]
    entries_before, entries_after = entry.before["entries"], entry.after["entries"]
    assert set(entries_before) == set(entries_after) and len(entries_before) == 2
    assert sorted(e["number"] for e in entries_before.values()) == [1, 2]
    assert sorted(e["number"] for e in entries_after.values()) == [2, 5]
    assert [e["withdrawn"] for e in entries_before.values()] == [False, False]
    assert sorted(e["withdrawn"] for e in entries_after.values()) == [False, True]

def test_an_admin_save_without_changes_logs_nothing(client, chief, organiser):
    tournament = make_tournament(organiser=organiser, players=4)
    client.force_login(chief)
    response = client.post(reverse("admin:tournaments_tournament_change", args=[tournament.pk]),
                           change_form_data(tournament, chief))
    assert response.status_code == 302
    assert not AuditEntry.objects.filter(action=Action.ADMIN_EDITED).exists()


def test_a_withdrawal_itself_is_logged_with_who_and_before_after(organiser, arbiter):
    tournament = make_tournament(organiser=organiser, players=4)
    leaver = tournament.entries.select_related("player").get(number=1)
    withdraw_player(leaver, user=arbiter)
    entry = AuditEntry.objects.get(tournament=tournament, action=Action.PLAYER_WITHDRAWN)
    assert entry.actor == arbiter and entry.actor_name == "arbitro"
    assert entry.before == {"player": leaver.player.name, "number": 1, "withdrawn": False}
    assert entry.after == {"player": leaver.player.name, "number": 1, "withdrawn": True,
                           "forfeits": 3}
    forfeits = AuditEntry.objects.filter(tournament=tournament, action=Action.RESULT_ENTERED)
    assert forfeits.count() == entry.after["forfeits"]  # and its forfeits, as before
