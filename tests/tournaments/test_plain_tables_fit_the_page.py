"""The plain-table PDFs (rating report, a category's standings, the prize list) on paper, found in
a rehearsal of a whole event from an empty database: the rating report of a 35-player Swiss ran
off both sides of the A4 page (its long headings, "Partidas válidas para rating", kept on one line,
so the name column and the performance were cut away), and a Sub-14 category's standings cut every
name to "Renato Ara..." to leave a long club column whole.

Every word must lie on the page, and every player's name must be printed whole.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from pdf_layout import pages, text_runs
from tournament_factories import play_all

from prizes.models import Category, Kind
from tournaments import services
from tournaments.models import PairingSystem

pytestmark = pytest.mark.django_db

PORTUGUESE = {"HTTP_ACCEPT_LANGUAGE": "pt-BR"}
NAMES = ["Renato Araújo Almeida", "Antônio Carvalho Cavalcanti", "Caio Henrique Vasconcelos",
         "Gabriela Monteiro Melo", "Lucas Carvalho Albuquerque", "Isabela Barbosa Oliveira",
         "Vinícius Rodrigues Melo", "Francisco Almeida Araújo"]
CLUBS = ["Clube Náutico Capibaribe", "Associação Paraibana de Damas", "Clube de Damas de Caruaru"]


@pytest.fixture
def tournament():
    tournament = services.create_tournament(
        name="Aberto de Recife 2026 - Absoluto", place="Recife, PE", system=PairingSystem.SWISS,
        swiss_rounds=3, start_date=datetime.date(2026, 12, 5))
    for index, name in enumerate(NAMES):
        services.add_player(tournament, name=name, club=CLUBS[index % len(CLUBS)],
                            rating=2200 - 37 * index, federation_id=f"CBD-{5000 + index}",
                            birth_date=datetime.date(2013, 3, 14))
    from tournaments.services import swiss as swiss_event

    swiss_event.rank_by_rating(tournament)
    for _round in range(3):
        swiss_event.publish_round(swiss_event.pair_next_round(tournament))
        play_all(tournament, "1-0")
    return tournament


def assert_on_the_page_with_every_name_whole(pdf: bytes) -> None:
    text = ""
    for page in pages(pdf):
        width = float(page.mediabox.width)
        for run in text_runs(page):
            assert run.left >= 0 and run.right <= width, (
                f"{run.text!r} lies at {run.left:.1f}-{run.right:.1f}, off a page "
                f"{width:.0f} points wide")
        text += " ".join(page.extract_text().split()) + " "
    for name in NAMES:
        assert name in text, f"{name} is not printed whole"


def test_the_rating_report_fits_the_page(client, tournament):
    response = client.get(reverse("tournaments:rating_report", args=[tournament.slug]),
                          {"formato": "pdf"}, **PORTUGUESE)
    assert response["Content-Type"] == "application/pdf"
    assert_on_the_page_with_every_name_whole(response.content)


def test_a_categorys_standings_print_every_name_whole(client, tournament):
    category = Category.objects.create(tournament=tournament, name="Sub-14", kind=Kind.UNDER,
                                       age=14, reference_date=datetime.date(2026, 12, 5))
    response = client.get(reverse("prizes:category", args=[tournament.slug, category.pk]),
                          {"formato": "pdf"}, **PORTUGUESE)
    assert response["Content-Type"] == "application/pdf"
    assert_on_the_page_with_every_name_whole(response.content)


def test_the_rating_reports_headings_are_capitalised_on_the_page_and_on_paper(client,
                                                                              tournament):
    """The same rehearsal: two of its headings read "registro na federação" and "rating"."""
    url = reverse("tournaments:rating_report", args=[tournament.slug])
    page = client.get(url, **PORTUGUESE).content.decode()
    headings = [" ".join(re.sub(r"<[^>]+>", " ", cell).split())
                for cell in re.findall(r"<th[^>]*>(.*?)</th>", page, flags=re.S)]
    assert "Registro na federação" in headings and "Rating" in headings, headings
    assert all(heading[:1] == heading[:1].upper() for heading in headings), headings
    pdf = client.get(url, {"formato": "pdf"}, **PORTUGUESE).content
    words = " ".join(" ".join(page.extract_text().split()) for page in pages(pdf))
    assert "Registro na federação" in words
    assert "registro na federação" not in words
