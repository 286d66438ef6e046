"""The rating report: expected score, Elo change with the tournament's K, performance (issue 17)."""

from fractions import Fraction

import pytest
from django.urls import reverse
from tournament_factories import make_tournament

from tournaments import services
from tournaments.models import Game
from tournaments.standings.games import GameRecord
from tournaments.standings.rating_report import expected_score, rating_report
from tournaments.standings.scoring import Result


def test_expected_score_is_the_elo_formula():
    assert expected_score(1600, 1400) == pytest.approx(0.7597, abs=1e-4)
    assert expected_score(1500, 1500) == 0.5


def test_report_worked_by_hand():
    games = [GameRecord(1, 1, 2, Result.WHITE_WIN), GameRecord(2, 3, 1, Result.DRAW),
             GameRecord(3, 2, 3, Result.WHITE_FORFEIT_WIN)]
    rows = {row.number: row for row in rating_report(
        [1, 2, 3], games, {1: 1600, 2: 1400, 3: None}, k=20)}
    one = rows[1]
    assert one.games == 1  # the draw against the unrated player is not rated
    assert one.score == 1 and one.expected == pytest.approx(0.7597, abs=1e-4)
    assert one.change == pytest.approx(4.81, abs=0.01) and one.new_rating == 1605
    assert one.performance == 1400 + 800  # p = 1.00: dp 800 (FIDE B.02 8.1.a)
    two = rows[2]
    assert two.games == 1 and two.score == 0 and two.performance == 1600 - 800
    assert two.change == pytest.approx(-4.81, abs=0.01)
    three = rows[3]  # unrated: scored against a rated player, no change
    assert three.games == 1 and three.score == Fraction(1, 2)
    assert three.change is None and three.performance == 1600


@pytest.mark.django_db
def test_report_page_csv_and_pdf(client):
    tournament = make_tournament(name="Rated", rating_k=32)
    for name, rating in (("Ana", 1800), ("=cmd|calc", 1500)):
        services.add_player(tournament, name=name, rating=rating)
    services.draw_numbers(tournament, seed=1)
    services.generate_rounds(tournament)
    Game.objects.of_tournament(tournament).update(result="1-0")
    url = reverse("tournaments:rating_report", args=[tournament.slug])
    page = client.get(url)
    assert page.status_code == 200 and "Ana" in page.content.decode()
    csv_text = client.get(url, {"_export": "csv"}).content.decode()
    assert "'=cmd|calc" in csv_text  # a formula is neutralised
    pdf = client.get(url, {"formato": "pdf"})
    assert pdf.content.startswith(b"%PDF")
    fmjd = client.get(url, {"lista": "fmjd", "_export": "csv"}).content.decode()
    assert "+" not in fmjd.splitlines()[1]  # nobody has an FMJD rating: no change
    assert client.get(url, {"lista": "x" * 50}).status_code == 200


@pytest.mark.django_db
def test_k_outside_its_range_names_the_field():
    from django.core.exceptions import ValidationError

    tournament = make_tournament(name="K")
    tournament.rating_k = 0
    with pytest.raises(ValidationError) as error:
        tournament.full_clean()
    assert "rating_k" in error.value.message_dict
