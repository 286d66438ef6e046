"""Issue 25: prize money in the reader's language with its currency, the same on the prize page,
the organiser's page and the prize list PDF: R$ 1.000,00 in Portuguese, R$1,000.00 in English
(not "1000.00" on paper beside "1000,00" on the page)."""

from decimal import Decimal
from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader
from tournament_factories import make_tournament

from prizes.models import Category, Kind, Prize

pytestmark = pytest.mark.django_db
NBSP = "\xa0"
WRITTEN = {"pt-br": ["R$ 1.000,00", "R$ 250,50", "R$ 12.345,00"],
           "en": ["R$1,000.00", "R$250.50", "R$12,345.00"]}


@pytest.fixture
def with_prizes(organiser):
    tournament = make_tournament(4, organiser=organiser, paired=True, name="Aberto com prêmios")
    overall = Category.objects.create(tournament=tournament, name="Absoluto", kind=Kind.ALL)
    Prize.objects.create(category=overall, place=1, amount=Decimal("1000"))
    Prize.objects.create(category=overall, place=2, amount=Decimal("250.50"), trophy="Troféu")
    Prize.objects.create(category=overall, place=3, amount=Decimal("12345"))
    return tournament


def read(content: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(BytesIO(content)).pages)


@pytest.mark.parametrize("language", ["pt-br", "en"])
def test_the_prize_page_and_its_pdf_write_the_same_money(client, organiser, with_prizes,
                                                         language):
    url = reverse("prizes:list", args=[with_prizes.slug])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode().replace(NBSP, " ")
    pdf = read(client.get(url, {"formato": "pdf"}, HTTP_ACCEPT_LANGUAGE=language).content)
    pdf = " ".join(pdf.replace(NBSP, " ").split())
    client.force_login(organiser)
    manage = client.get(reverse("prizes:manage", args=[with_prizes.slug]),
                        HTTP_ACCEPT_LANGUAGE=language).content.decode().replace(NBSP, " ")
    for amount in WRITTEN[language]:
        assert amount in page, f"{amount} not on the prize page"
        assert amount in pdf, f"{amount} not in the prize list PDF"
        assert amount in manage, f"{amount} not on the organiser's page"
    assert f"{WRITTEN[language][1]} + Troféu" in page and f"{WRITTEN[language][1]} + Troféu" in pdf
    for wrong in ("1000.00", "1000,00", "12345"):
        assert wrong not in page and wrong not in pdf


def test_the_symbol_never_ends_a_line_alone(client, with_prizes):
    page = client.get(reverse("prizes:list", args=[with_prizes.slug]),
                      HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert f"R${NBSP}1.000,00" in page


def test_a_prize_list_without_prizes_says_so_on_paper_as_on_the_page(client, organiser):
    tournament = make_tournament(4, organiser=organiser, paired=True, name="Aberto sem prêmios")
    url = reverse("prizes:list", args=[tournament.slug])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    pdf = read(client.get(url, {"formato": "pdf"}, HTTP_ACCEPT_LANGUAGE="pt-br").content)
    assert "Nenhum prêmio definido ainda." in page
    assert "Nenhum prêmio definido ainda." in " ".join(pdf.split())
