"""Issue 25: the direct-encounter column says what its number is. Five players on 4.5 all
read "2" (their level, C.07 6.2, as the tied players had not all met) and one who beat
another ranked below him: the column now shows the place the rule gives inside the tied
group, or * when it does not apply, each value explained on hover, on the page and on paper."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse
from tournament_factories import make_tournament, play

from tournaments.printing.standings_texts import NOT_MET_MARK, encounter_text
from tournaments.standings.games import GameRecord
from tournaments.standings.ranking import Encounter, compute_standings
from tournaments.standings.scoring import Result, Scoring

WIN, LOSS, DRAW = Result.WHITE_WIN, Result.BLACK_WIN, Result.DRAW
ORDER = ["direct-encounter", "wins", "sonneborn-berger"]
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}


def by_number(rows) -> dict:
    return {row.number: row for row in rows}


def test_players_who_all_met_get_their_place_in_the_tied_group():
    # 1 and 2 both end on 2 points; 1 beat 2, so the rule puts him first of the two
    games = [GameRecord(1, 1, 2, WIN), GameRecord(1, 3, 4, DRAW),
             GameRecord(2, 3, 1, WIN), GameRecord(2, 2, 4, WIN),
             GameRecord(3, 1, 4, WIN), GameRecord(3, 2, 3, WIN)]
    rows = by_number(compute_standings([1, 2, 3, 4], games, Scoring(), ORDER))
    assert rows[1].points == rows[2].points == 2 and rows[1].rank < rows[2].rank
    assert rows[1].encounter == Encounter(place=1, tied=2, points=Fraction(1), all_met=True)
    assert rows[2].encounter == Encounter(place=2, tied=2, points=Fraction(0), all_met=True)
    assert rows[3].encounter is None and rows[4].encounter is None  # not tied with anyone
    shown, title = encounter_text(rows[2].encounter)
    assert shown == "2" and title == ("Place 2 among the 2 players tied on points, by the "
                                      "games among them (C.07 6.1), where he scored 0.")


def test_tied_players_who_have_not_all_met_are_marked_not_placed():
    # a round robin half played: all four on 1 point, 1-4 and 2-3 still to be played
    games = [GameRecord(1, 1, 2, WIN), GameRecord(1, 3, 4, LOSS),
             GameRecord(2, 3, 1, WIN), GameRecord(2, 2, 4, WIN)]
    rows = by_number(compute_standings([1, 2, 3, 4], games, Scoring(), ORDER))
    for number in (1, 2, 3, 4):
        assert rows[number].encounter.place is None
        assert rows[number].encounter.all_met is False
        assert encounter_text(rows[number].encounter)[0] == NOT_MET_MARK
    assert encounter_text(rows[2].encounter)[1] == (
        "Not applied: the 4 players tied on points have not all met each other (C.07 6.2); "
        "his score in the games among them: 1.")


@pytest.fixture
def round_robin(organiser):
    tournament = make_tournament(4, organiser=organiser, paired=True, tiebreaks=ORDER,
                                 name="Torneio de Confronto")
    return tournament


@pytest.mark.django_db
def test_the_page_and_the_pdf_show_the_place_and_explain_it(client, round_robin):
    from io import BytesIO

    from pypdf import PdfReader

    from tournaments.models import Game

    pairs = {}
    for game in Game.objects.of_tournament(round_robin).select_related("round"):
        pairs[frozenset((game.white.number, game.black.number))] = game
    # the same results as above: 1 and 2 tied on 2 points, 1 beat 2
    wanted = {(1, 2): 1, (3, 4): None, (3, 1): 3, (2, 4): 2, (1, 4): 1, (2, 3): 2}
    results = {}
    for (a, b), winner in wanted.items():
        game = pairs[frozenset((a, b))]
        results[(game.round.number, game.board)] = (
            "1/2-1/2" if winner is None else "1-0" if game.white.number == winner else "0-1")
    play(round_robin, results)
    page = client.get(reverse("tournaments:standings", args=[round_robin.slug]), **ENGLISH)
    html = page.content.decode()
    assert ('<span title="Place 1 among the 2 players tied on points, by the games among them '
            '(C.07 6.1), where he scored 1.">1</span>') in html
    assert "DE: the place inside a group of players tied on points" in html
    import csv
    import io

    exported = client.get(reverse("tournaments:standings", args=[round_robin.slug]),
                          {"_export": "csv"}, **ENGLISH).content.decode().lstrip("\ufeff")
    column = {row["No."]: row["Direct encounter"] for row in csv.DictReader(io.StringIO(exported))}
    assert (column["1"], column["2"]) == ("1", "2")  # the places, as on the page
    crosstable = client.get(reverse("tournaments:crosstable", args=[round_robin.slug]),
                            **ENGLISH)
    assert {row.number: row.tiebreaks[0] for row in crosstable.context["grid"]}[2] == "2"
    assert "DE: the place inside a group" in crosstable.content.decode()  # the crosstable too
    response = client.get(reverse("printing:standings", kwargs={"slug": round_robin.slug}),
                          **ENGLISH)
    text = " ".join(" ".join(p.extract_text().split())
                    for p in PdfReader(BytesIO(response.content)).pages)
    assert "DE: the place inside a group of players tied on points" in text
    assert "Point at a value" not in text
    response = client.get(reverse("printing:crosstable", kwargs={"slug": round_robin.slug}),
                          **ENGLISH)
    text = " ".join(" ".join(p.extract_text().split())
                    for p in PdfReader(BytesIO(response.content)).pages)
    assert "DE: the place inside a group of players tied on points" in text
