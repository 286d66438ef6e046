"""Issue 12: a sheet's problems quote the move as the player wrote it (the other notation beside
it), say it is not legal and what was compulsory; the paste form reads the notation from the
text instead of requiring it."""

import html

import pytest
import sheet_fragments as fragments
from arbitration_factories import first_game, make_tournament
from django.test import Client
from django.urls import reverse

from arbitration.models import Notation, ScoreSheet
from arbitration.notation import as_written, detect_notation
from rules.variants import BRAZILIAN, INTERNATIONAL

pytestmark = pytest.mark.django_db

ALGEBRAIC_SHEET = """[GameType "26"]

1. c3-d4 f6-e5 2. g3-h4 e5xc3 *
"""


@pytest.fixture
def client_arbiter(arbiter):
    client = Client()
    client.force_login(arbiter)
    return client


def sheet_url(game) -> str:
    return reverse("arbitration:sheet", args=[game.round.tournament.slug, game.pk])


def game_url(game) -> str:
    return reverse("arbitration:game", args=[game.round.tournament.slug, game.pk])


@pytest.mark.parametrize(("text", "board", "expected"), [
    (fragments.CAPTURE_IGNORED, 64, Notation.NUMERIC),
    (ALGEBRAIC_SHEET, 64, Notation.ALGEBRAIC),
    ('[Event "1-0"]\n{a comment 22-18}\n1. c3-d4 *', 64, Notation.ALGEBRAIC),
    ("*", 64, Notation.ALGEBRAIC),  # nothing to read: the default
    ("1. 32-28 19-23 *", 100, Notation.NUMERIC),
])
def test_the_notation_is_read_from_the_text(text, board, expected):
    assert detect_notation(text, board, Notation.ALGEBRAIC) == expected


def test_a_move_is_quoted_as_written_with_the_other_notation():
    assert as_written("18-13", BRAZILIAN) == "18-13 (d4-a5)"
    assert as_written("g3-h4", BRAZILIAN) == "g3-h4 (24-20)"
    assert as_written("32-28", INTERNATIONAL) == "32-28"
    assert as_written("zz", BRAZILIAN) == "zz"


def test_a_numeric_sheet_shown_in_algebraic_quotes_the_move_as_written(client_arbiter,
                                                                       tournament, game):
    client_arbiter.post(sheet_url(game), {
        "pdn": fragments.CAPTURE_IGNORED, "notation": "algebraic", "version": 0})
    assert ScoreSheet.objects.get(game=game).notation == Notation.ALGEBRAIC
    page = html.unescape(client_arbiter.get(game_url(game)).content.decode())
    # Written 21-17 (a3-b4 in algebraic): not legal, and the capture that was compulsory is
    # named in the sheet's own notation.
    assert ("2. 21-17 (a3-b4): not a legal move — Art. 23 (f): a capture was compulsory: 18x11"
            in page)


def test_an_algebraic_sheet_quotes_algebraic_moves(client_arbiter, tournament, game):
    client_arbiter.post(sheet_url(game), {
        "pdn": ALGEBRAIC_SHEET, "notation": "numeric", "version": 0})
    page = html.unescape(client_arbiter.get(game_url(game)).content.decode())
    assert ("2. g3-h4 (24-20): not a legal move — Art. 23 (f): a capture was compulsory: d4xf6"
            in page)


@pytest.mark.parametrize(("text", "expected"), [
    (fragments.CAPTURE_IGNORED, Notation.NUMERIC), (ALGEBRAIC_SHEET, Notation.ALGEBRAIC)])
def test_the_paste_form_needs_no_notation(client_arbiter, tournament, game, text, expected):
    response = client_arbiter.post(sheet_url(game), {"pdn": text, "version": 0})
    assert response.status_code == 302
    assert ScoreSheet.objects.get(game=game).notation == expected


def test_the_notation_field_defaults_to_the_tournaments(client_arbiter, arbiter):
    numeric = make_tournament(name="Numérico", arbiters=[arbiter])
    numeric.notation = Notation.NUMERIC
    numeric.save()
    page = client_arbiter.get(sheet_url(first_game(numeric))).content.decode()
    assert '<option value="numeric" selected>' in page
