"""The demo is a realistic 10-player Brazilian round robin, half played (issue 5)."""

from collections import Counter

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments.management.commands.load_demo import (
    DEMO_ARBITER,
    DEMO_ORGANISER,
    DEMO_SEED,
    DEMO_SLUG,
)
from tournaments.models import Game, Tournament
from tournaments.pages.permissions import can_arbitrate, can_create_tournament, can_manage

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("load_demo")
    return Tournament.objects.get(slug=DEMO_SLUG)


def test_ten_players_with_accents_clubs_and_ratings(demo):
    entries = list(demo.entries.by_number())
    assert [entry.number for entry in entries] == list(range(1, 11))
    assert all(entry.player.club and entry.player.rating for entry in entries)
    assert any(set(entry.player.name) & set("ãçéíóúâêôà") for entry in entries)
    assert demo.pairing_seed == DEMO_SEED


def test_rounds_one_to_five_of_nine_are_played(demo):
    assert demo.rounds.count() == 9
    played = Counter(Game.objects.of_tournament(demo).exclude(result="")
                     .values_list("round__number", flat=True))
    assert played == {1: 5, 2: 5, 3: 5, 4: 5, 5: 5}
    results = Counter(Game.objects.of_tournament(demo).values_list("result", flat=True))
    assert results[""] == 20
    assert results["1/2-1/2"] >= 2 and results["+-"] + results["-+"] >= 1
    assert Game.objects.of_tournament(demo).filter(colours_swapped=True).count() == 1


def test_demo_roles(demo):
    users = get_user_model().objects
    organiser, arbiter = users.get(username=DEMO_ORGANISER), users.get(username=DEMO_ARBITER)
    assert organiser in demo.organisers.all() and arbiter in demo.arbiters.all()
    assert organiser.groups.filter(name="Organizadores").exists()
    assert can_create_tournament(organiser) and can_manage(organiser, demo)
    assert can_arbitrate(arbiter, demo) and not can_manage(arbiter, demo)
    assert not can_create_tournament(arbiter)


def test_loading_again_keeps_the_half_played_tournament(demo):
    before = list(Game.objects.of_tournament(demo).values_list("pk", "result", "version"))
    call_command("load_demo")
    # round robin, team league (16), Swiss (14), the finished cup the ratings rate (27), the
    # accelerated open with forbidden pairings (27)
    assert Tournament.objects.count() == 5
    assert list(Game.objects.of_tournament(demo).values_list("pk", "result", "version")) == before


def test_demo_standings_page(client, demo):
    response = client.get(f"/torneios/{DEMO_SLUG}/classificacao/")
    assert response.status_code == 200
    assert len(response.context["standings"].rows) == 10  # the one-pass table (issue 15)
