"""Issue 27: the demo holds a CBD rating list dated before its tournaments and a finished round
robin, so the rating report and the season's rating report show figures on a fresh run."""

import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournaments.demo.ratings import CUP_SLUG, DEMO_LIST_DATE
from tournaments.management.commands.load_demo import DEMO_ORGANISER, DEMO_SLUG
from tournaments.models import RatingList, Status, Tournament
from tournaments.queries.rating_lists import list_in_force
from tournaments.queries.rating_season import season_report

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    call_command("load_demo")


def test_the_list_is_in_force_at_every_demo_tournament(demo):
    rating_list = RatingList.objects.get()
    assert rating_list.confirmed_at is not None and rating_list.date == DEMO_LIST_DATE
    assert rating_list.rows.count() == 10
    for tournament in Tournament.objects.all():
        assert list_in_force(tournament.start_date) == rating_list


def test_the_season_rates_the_finished_cup(demo):
    cup = Tournament.objects.get(slug=CUP_SLUG)
    assert cup.status == Status.FINISHED
    report = season_report(datetime.date(2026, 1, 1), datetime.date(2026, 12, 31))
    assert report.tournaments == [cup]
    rows = {player.name: row for player, row in report.rows}
    assert len(rows) == 6 and rows["Pedro Henrique Sales"].new_rating is None
    rated = [row for row in rows.values() if row.new_rating is not None]
    assert len(rated) == 5 and any(row.change for row in rated)


def test_loading_again_adds_no_list(demo):
    call_command("load_demo")
    assert RatingList.objects.count() == 1


def test_the_demo_pages_show_the_list(client, demo):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.get(username=DEMO_ORGANISER))
    report = client.get(reverse("tournaments:rating_report", args=[DEMO_SLUG]),
                        HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "CBD (national) 01/09/2026" in report
    season = client.get(reverse("tournaments:rating_season"),
                        {"inicio": "2026-01-01", "fim": "2026-12-31"}).content.decode()
    assert "Copa Primavera de Damas de Campinas 2026" in season
