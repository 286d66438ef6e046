"""Categories by age, sex, rating and list; the prize list and category standings (issue 17)."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse
from tournament_factories import make_tournament, play_all

from prizes.membership import age_on
from prizes.models import Category, Kind, Prize
from prizes.services import category_standings, prize_list
from tournaments import services
from tournaments.models import Player

pytestmark = pytest.mark.django_db
REFERENCE = datetime.date(2026, 1, 1)


@pytest.fixture
def tournament(organiser):
    tournament = make_tournament(name="Brasileiro Absoluto", organiser=organiser,
                                 tiebreaks=[])
    people = [("Ana", "F", datetime.date(2013, 6, 1), 1400),   # 12 on the reference date
              ("Bruno", "M", datetime.date(1960, 1, 1), 2100),  # 66
              ("Carla", "F", datetime.date(1990, 1, 2), 1800),
              ("Davi", "M", datetime.date(2012, 1, 1), 1600)]   # exactly 14
    for name, sex, born, rating in people:
        services.add_player(tournament, name=name, sex=sex, birth_date=born, rating=rating)
    numbers = {entry.pk: index for index, entry in
               enumerate(tournament.entries.order_by("player__name"), start=1)}
    services.set_numbers(tournament, numbers)
    services.generate_rounds(tournament)
    play_all(tournament, "1-0")  # white always wins: ranks follow the Berger colours
    return tournament


def names(standings):
    return [standing.entry.player.name for standing in standings]


def test_age_on_a_reference_date_counts_whole_years():
    assert age_on(Player(name="x", birth_date=datetime.date(2012, 1, 2)), REFERENCE) == 13
    assert age_on(Player(name="x", birth_date=datetime.date(2012, 1, 1)), REFERENCE) == 14
    assert age_on(Player(name="x", birth_year=2012), REFERENCE) == 14
    assert age_on(Player(name="x"), REFERENCE) is None


def test_category_standings_keep_only_members(tournament):
    sub14 = Category.objects.create(tournament=tournament, name="Sub-14", kind=Kind.UNDER,
                                    age=14, reference_date=REFERENCE)
    senior = Category.objects.create(tournament=tournament, name="Sênior 60+", kind=Kind.OVER,
                                     age=60, reference_date=REFERENCE)
    women = Category.objects.create(tournament=tournament, name="Feminino", kind=Kind.SEX,
                                    sex="F")
    band = Category.objects.create(tournament=tournament, name="Até 1700", kind=Kind.RATING,
                                   rating_max=1700)
    assert names(category_standings(sub14)) == ["Ana"]
    assert names(category_standings(senior)) == ["Bruno"]
    assert sorted(names(category_standings(women))) == ["Ana", "Carla"]
    assert sorted(names(category_standings(band))) == ["Ana", "Davi"]


def test_an_empty_category_is_refused_on_its_field_and_not_saved(client, organiser,
                                                                 tournament):
    client.force_login(organiser)
    response = client.post(reverse("prizes:manage", args=[tournament.slug]), {
        "form": "category", "name": "Sub-10", "kind": "under", "age": "10",
        "reference_date": "2026-01-01", "order": "1"})
    assert response.status_code == 400
    assert "No player of this tournament belongs to the category" in response.content.decode()
    assert response.context["category_form"].errors["age"]
    assert not Category.objects.exists()


def test_a_category_without_its_criterion_names_the_field(client, organiser, tournament):
    client.force_login(organiser)
    response = client.post(reverse("prizes:manage", args=[tournament.slug]), {
        "form": "category", "name": "Sub-14", "kind": "under", "order": "1"})
    errors = response.context["category_form"].errors
    assert "age" in errors and "reference_date" in errors


def test_prize_list_page_and_pdf(client, organiser, tournament):
    overall = Category.objects.create(tournament=tournament, name="Absoluto", kind=Kind.ALL)
    women = Category.objects.create(tournament=tournament, name="Feminino", kind=Kind.SEX,
                                    sex="F", order=2)
    Prize.objects.create(category=overall, place=1, amount=Decimal("500"))
    Prize.objects.create(category=overall, place=2, amount=Decimal("200"))
    Prize.objects.create(category=women, place=1, amount=Decimal("300"), trophy="Troféu")
    lines = prize_list(tournament)
    winners = [line.entry.player.name for line in lines]
    assert len(set(winners)) == 3  # one prize each

    page = client.get(reverse("prizes:list", args=[tournament.slug]))
    assert page.status_code == 200 and "Troféu" in page.content.decode()
    pdf = client.get(reverse("prizes:list", args=[tournament.slug]), {"formato": "pdf"})
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    category_pdf = client.get(reverse("prizes:category", args=[tournament.slug, women.pk]),
                              {"formato": "pdf"})
    assert category_pdf.content.startswith(b"%PDF")


def test_only_organisers_manage_categories(client, outsider, tournament):
    client.force_login(outsider)
    assert client.get(reverse("prizes:manage", args=[tournament.slug])).status_code == 403


def test_category_standings_page_and_csv(client, tournament):
    women = Category.objects.create(tournament=tournament, name="Feminino", kind=Kind.SEX,
                                    sex="F")
    url = reverse("prizes:category", args=[tournament.slug, women.pk])
    page = client.get(url).content.decode()
    assert "Ana" in page and "Bruno" not in page
    csv_text = client.get(url, {"_export": "csv"}).content.decode()
    assert "Carla" in csv_text and "Davi" not in csv_text
