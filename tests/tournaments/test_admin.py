"""The admin opens on every tournament model, for a superuser fixing data by hand."""

import pytest
from django.urls import reverse
from tournament_factories import make_tournament

pytestmark = pytest.mark.django_db


def test_admin_pages_open(admin_client):
    tournament = make_tournament(3, paired=True)
    round_ = tournament.rounds.get(number=1)
    for url in (reverse("admin:tournaments_tournament_changelist"),
                reverse("admin:tournaments_tournament_change", args=[tournament.pk]),
                reverse("admin:tournaments_player_changelist"),
                reverse("admin:tournaments_round_change", args=[round_.pk])):
        assert admin_client.get(url).status_code == 200, url
