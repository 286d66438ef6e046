"""Player lists from CSV: `;` or `,`, UTF-8 with or without BOM, all or nothing (issue 5)."""

import pytest
from tournament_factories import make_tournament

from tournaments import services
from tournaments.files import player_import
from tournaments.files.import_problems import CsvImportError
from tournaments.files.player_list import parse_players_csv
from tournaments.models import Player

pytestmark = pytest.mark.django_db

EXCEL_BR = (
    "\ufeffname;club;rating;federation_id\r\n"
    "Ana Beatriz Conceição;Clube de Damas de Campinas;1850;CBD-1001\r\n"
    "João Gonçalves;Clube Recifense de Damas;;\r\n"
    "\r\n"
    "Márcia Araújo;\"Damas; Xadrez e Cia\";1702;CBD-1002\r\n"
).encode()


def test_brazilian_excel_file_with_bom_and_semicolons():
    rows = parse_players_csv(EXCEL_BR)
    assert [(r.name, r.club, r.rating, r.federation_id) for r in rows] == [
        ("Ana Beatriz Conceição", "Clube de Damas de Campinas", 1850, "CBD-1001"),
        ("João Gonçalves", "Clube Recifense de Damas", None, ""),
        ("Márcia Araújo", "Damas; Xadrez e Cia", 1702, "CBD-1002"),
    ]


def test_commas_without_bom_and_portuguese_headers():
    data = "nome,clube,rating\nLuíza Brandão,Federação Mineira,1876\n".encode()
    rows = parse_players_csv(data)
    assert [(r.name, r.club, r.rating) for r in rows] == [
        ("Luíza Brandão", "Federação Mineira", 1876)]


def test_import_adds_every_player():
    tournament = make_tournament()
    entries = player_import.import_players(tournament, EXCEL_BR)
    assert len(entries) == 3
    assert sorted(tournament.entries.values_list("player__name", flat=True)) == [
        "Ana Beatriz Conceição", "João Gonçalves", "Márcia Araújo"]


@pytest.mark.parametrize(("text", "line", "column", "message"), [
    ("name;club;rating\nAna;Campinas;mil\n", 2, "rating", "mil"),
    ("name;club;rating\nAna;Campinas;1800\n;Recife;1700\n", 3, "name", "empty"),
    ("name;club;rating;federation_id\nAna;;;X1\nBia;;;X1\n", 3, "federation_id", "line 2"),
    ("name;clube;pontos\nAna;Campinas;3\n", 1, "pontos", "unknown column"),
    ("name;club;rating\nAna;Campinas;-5\n", 2, "rating", "-5"),
])
def test_bad_line_is_named_and_nothing_is_saved(text, line, column, message):
    tournament = make_tournament()
    with pytest.raises(CsvImportError) as refused:
        player_import.import_players(tournament, text.encode())
    problem = refused.value.problems[0]
    assert (problem.line, problem.column) == (line, column)
    assert message in problem.message or message in str(problem)
    assert f"line {line}" in str(problem) and column in str(problem)
    assert not tournament.entries.exists()
    assert not Player.objects.exists()


def test_every_bad_line_is_reported_at_once():
    text = "name;rating\nAna;x\nBia;1500\n;1600\nDora;y\n"
    with pytest.raises(CsvImportError) as refused:
        parse_players_csv(text.encode())
    assert [(p.line, p.column) for p in refused.value.problems] == [
        (2, "rating"), (4, "name"), (5, "rating")]


def test_too_many_fields_names_the_line():
    with pytest.raises(CsvImportError) as refused:
        parse_players_csv(b"name,club\nAna,Campinas,extra\n")
    assert refused.value.problems[0].line == 2


def test_excels_windows_1252_csv_is_read():
    """Issue 12: Excel's "CSV (separado por vírgulas)" saves Windows-1252 in Brazil."""
    data = "nome;clube;rating\nJoão Gonçalves;Grêmio São José;1800\nÂngela Érico;;\n"
    [joao, angela] = parse_players_csv(data.encode("cp1252"))
    assert (joao.name, joao.club, joao.rating) == ("João Gonçalves", "Grêmio São José", 1800)
    assert angela.name == "Ângela Érico"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig"])
def test_utf8_with_or_without_bom_is_read_as_utf8(encoding):
    [row] = parse_players_csv("nome\nJoão “Jota” Araújo\n".encode(encoding))
    assert row.name == "João “Jota” Araújo"


def test_bytes_that_are_neither_utf8_nor_windows_1252_are_refused():
    with pytest.raises(CsvImportError, match="neither UTF-8, UTF-16 nor Windows-1252"):
        parse_players_csv(b"name\nJo\x81o\n")


def test_player_already_in_the_tournament_refuses_the_file():
    tournament = make_tournament()
    services.add_player(tournament, name="Ana", federation_id="CBD-1001")
    with pytest.raises(CsvImportError) as refused:
        player_import.import_players(tournament, EXCEL_BR)
    assert refused.value.problems[0].line == 2
    assert tournament.entries.count() == 1


def test_known_federation_id_reuses_the_player():
    first = make_tournament(name="Primeiro")
    second = make_tournament(name="Segundo")
    player_import.import_players(first, EXCEL_BR)
    player_import.import_players(second, EXCEL_BR)
    assert Player.objects.filter(federation_id="CBD-1001").count() == 1
    assert second.entries.count() == 3


def test_empty_file_and_header_only_are_refused():
    with pytest.raises(CsvImportError):
        parse_players_csv(b"")
    with pytest.raises(CsvImportError, match="no players"):
        parse_players_csv(b"name;club\n")


def test_the_import_page_takes_excels_file_and_shows_the_portuguese_columns(client, organiser):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    tournament = make_tournament(organiser=organiser)
    client.force_login(organiser)
    url = reverse("tournaments:import_players", args=[tournament.slug])
    page = client.get(url).content.decode()
    assert "nome;clube;rating;id federação" in page
    excel = "nome;clube\nJoão Gonçalves;Grêmio\n".encode("cp1252")
    response = client.post(url, {"file": SimpleUploadedFile("jogadores.csv", excel)},
                           HTTP_ACCEPT_LANGUAGE="en")
    preview = reverse("tournaments:import_players_preview", args=[tournament.slug])
    assert response.status_code == 302 and response["Location"] == preview
    assert not tournament.entries.exists()  # nothing before the preview is confirmed
    page = client.get(preview, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "João Gonçalves" in page and "The file was read as Windows-1252" in page
    response = client.post(preview, {"digest": digest_on(page)})
    assert response.status_code == 302
    assert tournament.entries.get().player.name == "João Gonçalves"


def digest_on(page: str) -> str:
    import re

    return re.search(r'name="digest" value="([0-9a-f]+)"', page).group(1)
