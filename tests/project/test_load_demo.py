"""`load_demo` fills an empty database once and leaves a used one alone (issue 2)."""

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command

from tournaments.management.commands.load_demo import DEMO_ORGANISER, DEMO_PASSWORD
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_demo_accounts_can_sign_in_and_a_tournament_exists():
    call_command("load_demo")
    assert Tournament.objects.count() >= 1
    organiser = authenticate(username=DEMO_ORGANISER, password=DEMO_PASSWORD)
    assert organiser is not None and organiser.is_staff


def test_if_empty_skips_a_database_with_data():
    get_user_model().objects.create_user("alguem", password="x-y-z-123")
    call_command("load_demo", if_empty=True)
    assert Tournament.objects.count() == 0


def test_loading_twice_does_not_duplicate():
    call_command("load_demo")
    count = Tournament.objects.count()
    call_command("load_demo")
    assert Tournament.objects.count() == count
