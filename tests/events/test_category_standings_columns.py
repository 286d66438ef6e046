"""Issue 25: a category's standings (Sub-14) showed the overall rank under "Pos.", no rating
and "—" for the games. They now give the place inside the category beside the overall rank
and every column of the standings, on the page, in the CSV and on paper."""

import csv
import datetime
import io
import re

import pytest
from django.urls import reverse
from tournament_factories import make_tournament

from prizes.models import Category, Kind
from tournaments import services
from tournaments.models import Game
from tournaments.queries import reports

pytestmark = pytest.mark.django_db
REFERENCE = datetime.date(2026, 1, 1)
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}
# name, born, rating: three under 14 on the reference date
PEOPLE = [("Ana Lima", datetime.date(2013, 6, 1), 1400),
          ("Bruno Sá", datetime.date(1980, 1, 1), 2100),
          ("Caio Reis", datetime.date(2014, 3, 1), 1350),
          ("Davi Melo", datetime.date(1990, 1, 2), 1800),
          ("Enzo Paz", datetime.date(2015, 8, 9), 1500),
          ("Fábio Luz", datetime.date(1975, 5, 5), 1900)]


@pytest.fixture
def sub14(organiser):
    tournament = make_tournament(name="Aberto de Caruaru", organiser=organiser)
    for name, born, rating in PEOPLE:
        services.add_player(tournament, name=name, birth_date=born, rating=rating)
    services.set_numbers(tournament, {entry.pk: index for index, entry in enumerate(
        tournament.entries.order_by("pk"), start=1)})
    services.generate_rounds(tournament)
    for index, game in enumerate(Game.objects.of_tournament(tournament).order_by("pk")):
        services.record_result(game, result=("1-0", "0-1", "1/2-1/2")[index % 3],
                               expected_version=game.version)
    return Category.objects.create(tournament=tournament, name="Sub-14", kind=Kind.UNDER,
                                   age=14, reference_date=REFERENCE)


def expected(category) -> list[tuple]:
    """(place in the category, overall rank, name, rating, games) from the overall standings."""
    members = [s for s in reports.standings(category.tournament)
               if s.entry.player.name in ("Ana Lima", "Caio Reis", "Enzo Paz")]
    return [(1 + sum(1 for other in members if other.rank < s.rank), s.rank,
             s.entry.player.name, s.entry.player.rating, s.games) for s in members]


def test_the_category_page_shows_its_place_the_overall_rank_and_every_column(client, sub14):
    wanted = expected(sub14)
    assert [row[0] for row in wanted] == [1, 2, 3]  # the overall ranks are not 1, 2, 3
    assert [row[1] for row in wanted] != [1, 2, 3]
    url = reverse("prizes:category", args=[sub14.tournament.slug, sub14.pk])
    page = client.get(url, **ENGLISH).content.decode()
    headings = [re.sub(r"<[^>]+>", "", cell).strip()
                for cell in re.findall(r"<th[^>]*>(.*?)</th>", page, re.S)]
    assert headings[:2] == ["Place", "Overall"] and "Rating" in headings and "G" in headings
    body = re.search(r"<tbody[^>]*>(.*?)</tbody>", page, re.S).group(1)
    rows = [[re.sub(r"<[^>]+>", "", cell).strip() for cell in
             re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]
    at = {name: headings.index(name) for name in ("Place", "Overall", "Name", "Rating", "G")}
    assert [(int(r[at["Place"]]), int(r[at["Overall"]]), r[at["Name"]], int(r[at["Rating"]]),
             int(r[at["G"]])) for r in rows] == wanted
    exported = list(csv.DictReader(io.StringIO(
        client.get(url, {"_export": "csv"}, **ENGLISH).content.decode().lstrip("\ufeff"))))
    assert [(int(r["Place"]), int(r["Overall"]), r["Name"], int(r["Rating"]),
             int(r["Games played"])) for r in exported] == wanted


def test_the_printed_category_standings_have_the_same_columns(client, sub14):
    from pypdf import PdfReader

    url = reverse("prizes:category", args=[sub14.tournament.slug, sub14.pk])
    response = client.get(url, {"formato": "pdf"}, **ENGLISH)
    text = " ".join(" ".join(page.extract_text().split())
                    for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Place Overall No. Name Club Rating Points G" in text
    for place, overall, name, rating, games in expected(sub14):
        assert re.search(rf"\b{place} {overall} \d+ {name} .*?{rating} [\d.]+ {games}\b", text)
