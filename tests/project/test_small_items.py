"""Issue 12's small items, each a thing a first user met: an empty tournament said "Nenhum
jogador ainda" twice, every active player had a ✘, a GET on a POST-only address was a blank
405, the site had no favicon, the keyboard hint showed on phones, PDF headers broke "Ritmo de /
jogo:" and cut long club names, result slips had no W.O. box, score sheets no date, and the
demo's arbiter was called "Árbitro"."""

from __future__ import annotations

import datetime
import html
from io import BytesIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from tournaments import services
from tournaments.models import Tournament
from tournaments.printing import collect
from tournaments.printing.data import StandingsData, StandingsRow, TournamentHeader
from tournaments.printing.layout import labelled
from tournaments.printing.slips import build_slips_pdf
from tournaments.printing.standings import build_standings_pdf

pytestmark = pytest.mark.django_db
PT = {"HTTP_ACCEPT_LANGUAGE": "pt-br"}


def pdf_text(pdf: bytes) -> str:
    reader = PdfReader(BytesIO(pdf))
    return "\n".join(page.extract_text().replace("\xa0", " ") for page in reader.pages)


@pytest.fixture
def tournament(django_user_model):
    organiser = django_user_model.objects.create_user("organizadora")
    tournament = services.create_tournament(
        name="Aberto de Olinda", created_by=organiser, start_date=datetime.date(2026, 11, 21),
        end_date=datetime.date(2026, 11, 21))
    return tournament


def test_an_empty_tournament_says_it_has_no_players_once(client, tournament):
    page = client.get(reverse("tournaments:detail", args=[tournament.slug]), **PT)
    with translation.override("pt-br"):
        sentence = translation.gettext(
            "No players yet: add players or import a spreadsheet (CSV, Excel or LibreOffice).")
    assert html.unescape(page.content.decode()).count(sentence) == 1


def test_only_a_withdrawn_player_is_marked(client, tournament):
    for name in ("Ana", "Bia", "Caio"):
        services.add_player(tournament, name=name)
    services.draw_numbers(tournament, seed=1)
    services.generate_rounds(tournament)
    services.withdraw_player(tournament.entries.get(player__name="Caio"))
    page = client.get(reverse("tournaments:detail", args=[tournament.slug]), **PT)
    text = html.unescape(page.content.decode())
    assert "✘" not in text and "✔" not in text
    assert text.count("desistente") == 1


def test_a_get_on_a_post_only_address_is_the_sites_own_page(client, tournament):
    url = reverse("tournaments:generate_rounds", args=[tournament.slug])
    response = client.get(url, **PT)
    assert response.status_code == 405 and response["Allow"] == "POST"
    page = html.unescape(response.content.decode())
    assert "Este endereço é de um formulário" in page and 'lang="pt-br"' in page
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert "This address is for a form" in english.content.decode()


def test_the_site_has_a_favicon(client):
    page = client.get(reverse("home")).content.decode()
    assert 'rel="icon"' in page
    assert (Path(settings.BASE_DIR) / "static" / "favicon.svg").is_file()


def test_the_keyboard_hint_is_hidden_on_phones():
    css = (Path(settings.BASE_DIR) / "static" / "css" / "site.css").read_text()
    assert "@media (hover: none) and (pointer: coarse)" in css and ".keyboard-hint" in css
    viewer = (Path(settings.BASE_DIR) / "templates" / "arbitration" / "viewer.html").read_text()
    assert "keyboard-hint" in viewer


def test_a_header_label_is_never_broken():
    assert labelled("Ritmo de jogo", "rápido") == "<b>Ritmo&nbsp;de&nbsp;jogo:</b>&nbsp;rápido"


def test_a_long_club_name_is_printed_whole():
    club = "Associação Desportiva e Cultural dos Amigos do Jogo de Damas de São José dos Campos"
    rows = [StandingsRow(rank=1, number=1, name="Ana Beatriz Conceição", club=club, points="1"),
            StandingsRow(rank=2, number=2, name="Bia", club="Recife", points="0")]
    text = pdf_text(build_standings_pdf(StandingsData(header=TournamentHeader(name="Aberto"),
                                                      rows=rows)))
    assert "…" not in text
    assert " ".join(text.split()).count("Amigos do Jogo de Damas") == 1


def test_slips_have_a_wo_box_and_sheets_the_rounds_date(tournament):
    for name in ("Ana", "Bia"):
        services.add_player(tournament, name=name)
    services.draw_numbers(tournament, seed=1)
    services.generate_rounds(tournament)
    with translation.override("en"):
        data = collect.pairings_data(tournament, 1)
        slips = pdf_text(build_slips_pdf(data))
        assert "W.O.: White absent" in slips and "W.O.: Black absent" in slips  # issue 25
        assert data.date == "11/21/2026"
        assert collect.scoresheet_data(tournament, 1).date == "11/21/2026"


def test_a_round_date_only_when_the_tournament_knows_it(tournament):
    for name in ("Ana", "Bia", "Caio"):
        services.add_player(tournament, name=name)
    services.draw_numbers(tournament, seed=1)
    services.generate_rounds(tournament)  # three rounds
    tournament.end_date = datetime.date(2026, 11, 23)  # three days: a round a day
    assert collect.round_date(tournament, 3) == datetime.date(2026, 11, 23)
    tournament.end_date = datetime.date(2026, 11, 22)  # two days, three rounds: unknown
    assert collect.round_date(tournament, 3) is None


def test_the_demos_arbiter_has_a_name(capsys):
    call_command("load_demo")
    demo = Tournament.objects.get(slug="aberto-de-damas-sao-paulo-2026")
    assert collect.tournament_header(demo).arbiters == ("Carlos Eduardo Menezes",)
