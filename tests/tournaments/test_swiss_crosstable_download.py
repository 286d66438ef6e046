"""A Swiss crosstable downloads as CSV and .xlsx like every other table (issue 27's rehearsal:
its page had no download, and ?_export=csv gave the page back, so the crosstable was the one
table the venue and the public server could not be compared by)."""

import pytest
from django.urls import reverse
from tournament_factories import make_tournament

from tournaments.models import Game, PairingSystem
from tournaments.services import record_result
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(organiser, arbiter):
    tournament = make_tournament(
        5, organiser=organiser, arbiter=arbiter, system=PairingSystem.SWISS, swiss_rounds=3
    )
    swiss_event.rank_by_rating(tournament)
    swiss_event.publish_round(swiss_event.pair_next_round(tournament, user=arbiter), user=arbiter)
    for game in Game.objects.filter(round__tournament=tournament).order_by("board"):
        record_result(game, result="1-0", expected_version=game.version)
    return tournament


def test_the_swiss_crosstable_downloads_as_csv(client, swiss):
    page = reverse("tournaments:crosstable", args=[swiss.slug])
    assert b"_export=csv" in client.get(page, HTTP_ACCEPT_LANGUAGE="pt-br").content
    answer = client.get(page, {"_export": "csv"}, HTTP_ACCEPT_LANGUAGE="pt-br")
    assert answer["Content-Type"].startswith("text/csv")
    lines = answer.content.decode("utf-8-sig").splitlines()
    assert lines[0].split(";")[:7] == [
        "Pos.",
        "Nº",
        "Nome",
        "Clube ou federação",
        "Rating",
        "R1",
        "Pontos",
    ]
    rows = [line.split(";") for line in lines[1:]]
    assert len(rows) == 5
    # Round 1 as the page prints it (opponent, colour, result) and the points as numbers: two
    # won with White, two lost with Black, the bye scores a win.
    assert sorted((row[5][-3:], row[6]) for row in rows if "folga" not in row[5]) == [
        ("B 1", "1"),
        ("B 1", "1"),
        ("P 0", "0"),
        ("P 0", "0"),
    ]
    assert [row[5:7] for row in rows if "folga" in row[5]] == [["folga 1", "1"]]
    assert [row[0] for row in rows] == sorted((row[0] for row in rows), key=int)
    xlsx = client.get(page, {"_export": "xlsx"})
    assert xlsx.status_code == 200 and xlsx.content[:2] == b"PK"
