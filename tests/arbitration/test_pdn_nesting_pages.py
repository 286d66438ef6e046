"""A sheet whose variations are nested 1,200 deep (issue 19): the public partidas.pdn and the
sheet page answered 500 (RecursionError while writing it). Now it is refused as a PDN syntax
error naming the line and column, and every page around it answers."""

import pytest
from django.test import Client
from django.urls import reverse

from arbitration.models import ScoreSheet
from rules.pdn import MAX_VARIATION_DEPTH

pytestmark = pytest.mark.django_db

DEEP = '[GameType "26"]\n1. 22-18 ' + "(1. 21-17 " * 1200 + ")" * 1200 + " *"


def url(name: str, *args) -> str:
    return reverse(f"arbitration:{name}", args=list(args))


@pytest.fixture
def client_arbiter(arbiter):
    client = Client()
    client.force_login(arbiter)
    return client


def test_a_sheet_nested_too_deep_is_kept_as_written_and_its_place_shown(
    client_arbiter, tournament, game
):
    response = client_arbiter.post(
        url("sheet", tournament.slug, game.pk),
        {"pdn": DEEP, "notation": "numeric", "accepted": "", "version": 0},
        follow=True,
    )
    assert response.status_code == 200
    sheet = ScoreSheet.objects.get(game=game)
    column = len("1. 22-18 ") + 1 + MAX_VARIATION_DEPTH * len("(1. 21-17 ")
    assert (sheet.syntax_code, sheet.syntax_line, sheet.syntax_column) == (
        "variation-too-deep",
        2,
        column,
    )
    page = response.content.decode()
    assert f"line 2, column {column}" in page
    assert f"variations are nested more than {MAX_VARIATION_DEPTH} deep" in page
    for name, args in (
        ("game", (tournament.slug, game.pk)),
        ("sheet", (tournament.slug, game.pk)),
        ("tournament_pdn", (tournament.slug,)),
    ):
        assert client_arbiter.get(url(name, *args)).status_code == 200, name
        assert Client().get(url(name, *args)).status_code in (200, 302, 403, 404), name
