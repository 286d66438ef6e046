"""Issue 27: the starting list's title column (pairing number, name, title, club, rating, birth
year): on the page, in the CSV and .xlsx downloads and in the PDF, only when some player has a
title; a player's title comes from the player form, the JSON backup (so a copy published from
the venue shows it) and the rating list in force when he is added by id."""

from __future__ import annotations

import csv
import datetime
import io
import re
from io import BytesIO

import pytest
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook
from pypdf import PdfReader
from tournament_factories import make_tournament

from tournaments import services
from tournaments.files import player_import
from tournaments.files.backup import export_tournament, import_tournament
from tournaments.files.backup_values import BackupError
from tournaments.files.player_list import parse_players_csv
from tournaments.models import Player, RatingList, RatingListRow, RatingSource

pytestmark = pytest.mark.django_db

PORTUGUESE = {"HTTP_ACCEPT_LANGUAGE": "pt-BR"}


@pytest.fixture
def titled():
    tournament = services.create_tournament(name="Aberto com títulos",
                                            start_date=datetime.date(2026, 5, 1))
    services.add_player(tournament, name="Ana Conceição", club="Clube A", rating=2350,
                        title="GMI", birth_year=1985)
    services.add_player(tournament, name="Bruno Sá", club="Clube B", rating=2100, title="MF")
    services.add_player(tournament, name="Caio Lima", club="Clube C", rating=1700)
    services.set_numbers(tournament, {entry.pk: number for number, entry in enumerate(
        tournament.entries.order_by("pk"), start=1)})
    return tournament


def test_the_page_and_the_downloads_show_the_title_beside_the_name(client, titled):
    url = reverse("tournaments:starting_list", args=[titled.slug])
    html = client.get(url, **PORTUGUESE).content.decode()
    headings = [re.sub(r"<[^>]+>", "", cell).strip()
                for cell in re.findall(r"<th[^>]*>(.*?)</th>", html, re.S)]
    assert headings[:3] == ["Nº", "Nome", "Título"]
    sheet = client.get(url, {"_export": "xlsx"}, **PORTUGUESE)
    rows = list(load_workbook(BytesIO(sheet.content)).active.iter_rows(values_only=True))
    assert rows[0][:4] == ("Nº", "Nome", "Título", "Clube ou federação")
    assert [row[2] for row in rows[1:]] == ["GMI", "MF", None]
    text = client.get(url, {"_export": "csv"}, **PORTUGUESE).content.decode("utf-8-sig")
    table = list(csv.reader(io.StringIO(text), delimiter=text.split("\n")[0][2]))
    assert table[0][2] == "Título" and [row[2] for row in table[1:]] == ["GMI", "MF", ""]


def test_the_pdf_has_the_title_column(client, titled):
    pdf = client.get(reverse("printing:starting_list", args=[titled.slug]), **PORTUGUESE)
    text = " ".join(" ".join(page.extract_text().split())
                    for page in PdfReader(BytesIO(pdf.content)).pages)
    assert "Nº Nome Título Clube ou federação" in text
    assert "1 Ana Conceição GMI Clube A" in text and "3 Caio Lima Clube C" in text


def test_no_title_no_column(client):
    tournament = make_tournament(3, name="Aberto sem títulos")
    url = reverse("tournaments:starting_list", args=[tournament.slug])
    assert "Título" not in client.get(url, **PORTUGUESE).content.decode()
    pdf = client.get(reverse("printing:starting_list", args=[tournament.slug]), **PORTUGUESE)
    assert "Título" not in PdfReader(BytesIO(pdf.content)).pages[0].extract_text()


def test_the_backup_carries_the_title(titled):
    data = export_tournament(titled)
    assert [player.get("title") for player in data["players"]] == ["GMI", "MF", None]
    copy = import_tournament(data, slug="copia-com-titulos")
    assert sorted(copy.entries.values_list("player__title", flat=True)) == ["", "GMI", "MF"]
    data["players"][0]["title"] = "X" * 21
    with pytest.raises(BackupError, match=r"players\[0\]\.title"):
        import_tournament(data, slug="titulo-longo")


def test_a_player_added_by_id_takes_the_title_of_the_list_in_force():
    rating_list = RatingList.objects.create(source=RatingSource.FMJD,
                                            date=datetime.date(2026, 1, 1), file_name="l.csv",
                                            confirmed_at=timezone.now())
    RatingListRow.objects.create(rating_list=rating_list, federation_id="F-7", name="Dora Reis",
                                 federation="BRA", rating=2280, title="MI")
    tournament = make_tournament(start_date=datetime.date(2026, 3, 10))
    player = services.add_player(tournament, name="", fmjd_id="F-7").player
    assert (player.name, player.fmjd_rating, player.title) == ("Dora Reis", 2280, "MI")
    # What the organiser typed is kept.
    other = make_tournament(name="Outro", start_date=datetime.date(2026, 3, 10))
    typed = services.add_player(other, name="", fmjd_id="F-7", title="GMI").player
    assert typed.pk == player.pk and Player.objects.get(pk=player.pk).title == "MI"


def test_the_add_player_form_sets_the_title(client, titled, organiser):
    titled.organisers.add(organiser)
    client.force_login(organiser)
    page = reverse("tournaments:add_player", args=[titled.slug])
    assert 'name="title"' in client.get(page, **PORTUGUESE).content.decode()
    answer = client.post(page, {"name": "Davi Rocha", "club": "Clube D", "title": "MI"})
    assert answer.status_code == 302
    assert Player.objects.get(name="Davi Rocha").title == "MI"


def test_the_player_import_reads_a_title_column_and_says_when_it_differs():
    known = make_tournament(name="Aberto de Olinda")
    services.add_player(known, name="Ana Conceição", federation_id="1001", title="GMI")
    rows = parse_players_csv("nome;id federação;título\nAna Conceição;1001;MF\n"
                             "Davi Rocha;;MI\nEva Luz;;\n".encode())
    assert [row.title for row in rows] == ["MF", "MI", ""]
    tournament = make_tournament(name="Aberto de Recife")
    plan = player_import.plan_import(tournament, rows)
    # Ana is known by her id: the file's title differs from the registry's, which is kept.
    assert [(d.field, d.stored, d.offered) for row in plan.rows for d in row.differences] == [
        ("title", "GMI", "MF")]
    player_import.carry_out(tournament, plan, set())
    titles = dict(tournament.entries.values_list("player__name", "player__title"))
    assert titles == {"Ana Conceição": "GMI", "Davi Rocha": "MI", "Eva Luz": ""}
    with pytest.raises(ValueError, match="20"):
        parse_players_csv(("nome;título\nZeca;" + "X" * 21 + "\n").encode())
