"""Issue 12, every sentence in the reader's language: the engine's verdicts and the site's own
notes are stored as facts and said when a page is drawn, so an entry made on a Portuguese page
reads in English on an English one; the profiles' English article words are translated."""

import html

import pytest
import sheet_fragments as fragments
from arbitration_factories import attach, first_game, make_tournament
from django.test import Client
from django.urls import reverse
from django.utils import translation

from arbitration import services
from arbitration.models import AuditEntry

pytestmark = pytest.mark.django_db


def page(client: Client, url: str, language: str) -> str:
    return html.unescape(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode())


def test_a_claim_made_in_portuguese_reads_in_english_and_back(arbiter):
    game = first_game(make_tournament(arbiters=[arbiter]))
    attach(game, fragments.THREEFOLD)
    with translation.override("pt-br"):
        services.make_draw_claim(game, claimant=game.black, rule="threefold", move="4...",
                                 user=arbiter)
    assert "Procedente" not in AuditEntry.objects.get(action="draw-claimed").note
    client = Client()
    client.force_login(arbiter)
    url = reverse("arbitration:log", args=[game.round.tournament.slug])
    assert "Upheld (threefold repetition, CBD Art. 98)" in page(client, url, "en")
    with translation.override("pt-br"):
        upheld = translation.gettext("Upheld")
    assert f"{upheld} (" in page(client, url, "pt-br")


def test_an_irregularity_noted_while_typing_reads_in_the_pages_language(arbiter):
    game = first_game(make_tournament(arbiters=[arbiter]))
    with translation.override("pt-br"):
        for move, let_stand in (("c3-d4", False), ("f6-e5", False), ("g3-h4", True)):
            sheet = services.sheet_of(game)
            services.append_move(game, move_text=move, let_stand=let_stand, user=arbiter,
                                 expected_version=sheet.version if sheet else 0)
    client = Client()
    client.force_login(arbiter)
    url = reverse("arbitration:game", args=[game.round.tournament.slug, game.pk])
    assert "Recorded while typing the score sheet" in page(client, url, "en")


def test_the_profiles_article_words_are_translated(arbiter):
    game = first_game(make_tournament(board=100, time_control="rapid", arbiters=[arbiter]))
    attach(game, fragments.THREE_VS_ONE_100)
    client = Client()
    url = reverse("arbitration:viewer", args=[game.round.tournament.slug, game.pk])
    assert "CBD Art. 100 (rapid and blitz)" in page(client, url, "en")
    portuguese = page(client, url, "pt-br")
    assert "(rapid and blitz)" not in portuguese and "(rápidas e relâmpago)" in portuguese
