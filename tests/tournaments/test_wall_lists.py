"""Issue 27: the lists a hall pins up, on a round robin and a Swiss: the starting list, a round's
alphabetical pairing list, the pairing cards and the rank after round N with each game's rating
change, as pages, .xlsx downloads and PDFs read back."""

from __future__ import annotations

import datetime
import re
from io import BytesIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader
from tournament_factories import play

from tournaments import services
from tournaments.models import AbsenceKind, PairingSystem
from tournaments.printing.rank_rows import rank_after_round
from tournaments.queries import reports
from tournaments.services import swiss as swiss_event
from tournaments.standings.rating_report import game_changes, rating_report

pytestmark = pytest.mark.django_db

PORTUGUESE = {"HTTP_ACCEPT_LANGUAGE": "pt-BR"}
# Added in this order; read in the order people read names: Â, B, É, M, Z.
NAMES = ["Zélia Souza", "Márcio Lima", "Érico Alves", "Bruno Costa", "Ângela Dias"]


def pdf_text(content: bytes) -> str:
    reader = PdfReader(BytesIO(content))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def page_text(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


def name_cells(response) -> list[str]:
    """The names in the table's name column, top to bottom."""
    html = response.content.decode()
    return [re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r'<td class="pin-name"[^>]*>(.*?)</td>', html, re.S)]


@pytest.fixture
def round_robin():
    """Five players (one sits out each round), numbers in the order added; Ângela unrated."""
    tournament = services.create_tournament(name="Aberto de Teste", rating_k=20,
                                            start_date=datetime.date(2026, 5, 1))
    for index, name in enumerate(NAMES):
        services.add_player(tournament, name=name, club="Clube de Damas",
                            rating=None if name.startswith("Â") else 1500 + 100 * index,
                            birth_year=1990 + index)
    numbers = {entry.pk: index for index, entry in
               enumerate(tournament.entries.order_by("pk"), start=1)}
    services.set_numbers(tournament, numbers)
    services.generate_rounds(tournament)
    play(tournament, {(1, 1): "1-0", (1, 2): "1/2-1/2"})
    return tournament


def board_of(tournament, round_number: int) -> dict[str, tuple[int, str, str]]:
    """Each player's board, colour and opponent in the round, from the stored games."""
    seen = {}
    for game in tournament.rounds.get(number=round_number).games.with_players():
        seen[game.white.player.name] = (game.board, "Brancas", game.black.player.name)
        seen[game.black.player.name] = (game.board, "Pretas", game.white.player.name)
    return seen


def test_the_alphabetical_list_sorts_names_as_read_with_board_colour_and_opponent(
        client, round_robin):
    response = client.get(reverse("tournaments:alphabetical_list", args=[round_robin.slug, 1]),
                          **PORTUGUESE)
    assert response.status_code == 200
    names = name_cells(response)
    assert names == sorted(NAMES, key=lambda name: name.replace("Â", "A").replace("É", "E"))
    assert names[0] == "Ângela Dias" and names[2] == "Érico Alves"
    html = response.content.decode()
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S)[1:]
    expected = board_of(round_robin, 1)
    bye = round_robin.rounds.get(number=1).bye.player.name
    for row in rows:
        text = " ".join(re.sub(r"<[^>]+>", " ", row).split())
        name = next(name for name in NAMES if text.startswith(name))
        if name == bye:
            assert "folga" in text
            continue
        board, colour, opponent = expected[name]
        assert f" {board} {colour} {opponent} (" in text, text


def test_the_round_page_links_to_the_alphabetical_list_and_the_cards(client, round_robin):
    page = client.get(reverse("tournaments:round", args=[round_robin.slug, 1]), **PORTUGUESE)
    html = page.content.decode()
    assert reverse("tournaments:alphabetical_list", args=[round_robin.slug, 1]) in html
    assert reverse("printing:pairing_cards", args=[round_robin.slug, 1]) in html
    assert "Encontre a sua mesa" in html


def test_the_alphabetical_list_pdf_and_xlsx_say_the_same(client, round_robin):
    pdf = client.get(reverse("printing:alphabetical_list", args=[round_robin.slug, 1]),
                     **PORTUGUESE)
    assert pdf["Content-Type"] == "application/pdf"
    assert "lista-alfabetica-rodada-1.pdf" in pdf["Content-Disposition"]
    text = pdf_text(pdf.content)
    assert "Lista alfabética de emparceiramento — Rodada 1" in text
    # A player's own row: his number, 0 points before round 1, then his board and colour.
    positions = [re.search(rf"{name} \d+ 0 (\d+ (Brancas|Pretas)|folga)", text).start()
                 for name in ("Ângela Dias", "Bruno Costa", "Érico Alves", "Márcio Lima",
                              "Zélia Souza")]
    assert positions == sorted(positions)
    assert "folga" in text

    sheet = client.get(reverse("tournaments:alphabetical_list", args=[round_robin.slug, 1]),
                       {"_export": "xlsx"}, **PORTUGUESE)
    rows = list(load_workbook(BytesIO(sheet.content)).active.iter_rows(values_only=True))
    assert rows[0] == ("Nome", "Mesa", "Cor", "Adversário", "Nº", "Pts", "Resultado", "Nº")
    expected = board_of(round_robin, 1)
    for row in rows[1:]:
        if row[0] in expected:
            board, colour, opponent = expected[row[0]]
            assert (row[1], row[2], row[3]) == (board, colour, opponent)
            assert isinstance(row[4], int) and isinstance(row[7], int)
    assert [row[0] for row in rows[1:]][0] == "Ângela Dias"


def test_the_starting_list_page_pdf_and_xlsx(client, round_robin):
    page = client.get(reverse("tournaments:starting_list", args=[round_robin.slug]),
                      **PORTUGUESE)
    assert name_cells(page) == NAMES  # by pairing number
    assert "Ano de nascimento" in page.content.decode()
    pdf = pdf_text(client.get(reverse("printing:starting_list", args=[round_robin.slug]),
                              **PORTUGUESE).content)
    assert "Lista inicial" in pdf and "1994" in pdf and "Clube de Damas" in pdf
    sheet = client.get(reverse("tournaments:starting_list", args=[round_robin.slug]),
                       {"_export": "xlsx"}, **PORTUGUESE)
    rows = list(load_workbook(BytesIO(sheet.content)).active.iter_rows(values_only=True))
    assert rows[0] == ("Nº", "Nome", "Clube ou federação", "Rating", "Ano de nascimento")
    assert rows[1] == (1, "Zélia Souza", "Clube de Damas", 1500, 1990)
    assert rows[5][3] is None  # Ângela is unrated
    detail = client.get(reverse("tournaments:detail", args=[round_robin.slug]), **PORTUGUESE)
    assert reverse("tournaments:starting_list", args=[round_robin.slug]) in (
        detail.content.decode())


def test_pairing_cards_one_per_board_with_ratings_and_points(client, round_robin):
    play(round_robin, {(2, 1): "0-1", (2, 2): "1-0"})
    response = client.get(reverse("printing:pairing_cards", args=[round_robin.slug, 2]),
                          **PORTUGUESE)
    text = pdf_text(response.content)
    games = list(round_robin.rounds.get(number=2).games.with_players().order_by("board"))
    assert text.count("Cartão de emparceiramento") == len(games) == 2
    for game in games:
        assert f"Mesa {game.board}" in text
        for entry in (game.white, game.black):
            assert f"({entry.number}) {entry.player.name}" in text
    assert "Rating 1600" in text and "Pontos antes da rodada: 1" in text
    assert "Resultado" in text
    assert "Assinatura" not in text  # not a result slip: nobody signs a card


def test_rank_after_round_changes_add_up_to_the_rating_report(client, round_robin):
    play(round_robin, {(2, 1): "0-1", (2, 2): "1-0"})
    report = rank_after_round(round_robin, 2)
    entries = reports.numbered_entries(round_robin)
    ratings = {entry.number: entry.player.rating for entry in entries}
    records = reports.game_records(round_robin)
    played = [record for record in records if record.round <= 2]
    totals = {row.number: row.change for row in rating_report(list(ratings), played, ratings, 20)}
    for row in report.rows:
        expected = totals[row["number"]]
        if expected is None:
            assert row["total"] is None
        else:
            assert abs(float(row["total"]) - expected) < 0.05
        counted = [change for change in row["changes"] if change is not None]
        if counted:
            assert abs(sum(counted) - row["total"]) <= 0.1
    unrated = next(row for row in report.rows if row["name"] == "Ângela Dias")
    assert unrated["changes"] == [None, None] and unrated["total"] is None
    assert [row["rank"] for row in report.rows] == [
        standing.rank for standing in reports.standings(round_robin, up_to_round=2)]

    page = client.get(reverse("tournaments:rank_after_round", args=[round_robin.slug, 2]),
                      **PORTUGUESE)
    assert "Classificação após a rodada 2" in page_text(page)
    winner = report.rows[0]
    shown = f"+{str(winner['total']).replace('.', ',')}" if winner["total"] > 0 else None
    assert shown is None or shown in page_text(page)
    pdf = pdf_text(client.get(reverse("printing:rank_after_round", args=[round_robin.slug, 2]),
                              **PORTUGUESE).content)
    assert "Classificação com variação de rating — após a rodada 2" in pdf
    assert "R1" in pdf and "R2" in pdf and "Total" in pdf
    sheet = client.get(reverse("tournaments:rank_after_round", args=[round_robin.slug, 2]),
                       {"_export": "xlsx"}, **PORTUGUESE)
    rows = list(load_workbook(BytesIO(sheet.content)).active.iter_rows(values_only=True))
    assert rows[0][-3:] == ("R1", "R2", "Total")
    assert all(isinstance(row[-1], int | float) or row[-1] is None for row in rows[1:])
    standings = client.get(reverse("tournaments:standings", args=[round_robin.slug]),
                           **PORTUGUESE)
    link = reverse("tournaments:rank_after_last_round", args=[round_robin.slug])
    assert link in standings.content.decode()
    assert client.get(link).url == reverse("tournaments:rank_after_round",
                                           args=[round_robin.slug, 2])  # the last complete
    chosen = client.get(reverse("tournaments:standings", args=[round_robin.slug]),
                        {"rodada": 1}, **PORTUGUESE)
    assert reverse("tournaments:rank_after_round", args=[round_robin.slug, 1]) in (
        chosen.content.decode())


def test_game_changes_sum_to_the_reports_change():
    from tournaments.standings.games import GameRecord
    from tournaments.standings.scoring import Result

    games = [GameRecord(1, 1, 2, Result.WHITE_WIN), GameRecord(2, 3, 1, Result.DRAW),
             GameRecord(3, 1, 4, Result("+-")), GameRecord(3, 2, 3, Result.BLACK_WIN)]
    ratings = {1: 1800, 2: 1600, 3: 2000, 4: None}
    changes = game_changes(games, ratings, 20)
    assert (3, 1) not in changes  # a forfeit, and an unrated opponent
    for row in rating_report([1, 2, 3, 4], games, ratings, 20):
        own = [change for (_round, player), change in changes.items() if player == row.number]
        assert (row.change is None and not own) or abs(sum(own) - row.change) < 1e-9


def test_a_round_that_does_not_exist_is_a_404(client, round_robin):
    for name in ("tournaments:alphabetical_list", "tournaments:rank_after_round",
                 "printing:alphabetical_list", "printing:pairing_cards",
                 "printing:rank_after_round"):
        key = "number" if name.startswith("tournaments") else "round_number"
        url = reverse(name, kwargs={"slug": round_robin.slug, key: 99})
        assert client.get(url).status_code == 404, url


@pytest.fixture
def swiss():
    """Eight players; in round 1 number 3 takes a half-point bye and number 6 is away."""
    tournament = services.create_tournament(name="Suíço de Teste", system=PairingSystem.SWISS,
                                            swiss_rounds=5)
    for index in range(1, 9):
        services.add_player(tournament, name=f"Jogador {index:02d} Conceição",
                            rating=1500 + 10 * index)
    swiss_event.rank_by_rating(tournament)
    swiss_event.request_absence(tournament.entries.get(number=3), 1, AbsenceKind.HALF_BYE)
    swiss_event.request_absence(tournament.entries.get(number=6), 1, AbsenceKind.ABSENT)
    swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    return tournament


def test_a_swiss_round_lists_who_sits_out_and_why(client, swiss):
    half, away = swiss.entries.get(number=3), swiss.entries.get(number=6)
    page = client.get(reverse("tournaments:alphabetical_list", args=[swiss.slug, 1]),
                      **PORTUGUESE)
    text = page_text(page)
    assert f"{half.player.name} folga de meio ponto 3 0" in text
    assert f"{away.player.name} ausente (não emparceirado) 6 0" in text
    assert len(name_cells(page)) == 8
    pdf = pdf_text(client.get(reverse("printing:alphabetical_list", args=[swiss.slug, 1]),
                              **PORTUGUESE).content)
    assert "folga de meio ponto" in pdf and "ausente (não emparceirado)" in pdf


def test_a_swiss_round_not_published_is_a_404_and_round_one_ranks(client, swiss):
    for game in swiss.rounds.get(number=1).games.all():
        game.result = "1-0"
        game.save()
    services_round = swiss_event.pair_next_round(swiss)  # round 2, a draft
    assert not services_round.published
    for url in (reverse("tournaments:alphabetical_list", args=[swiss.slug, 2]),
                reverse("printing:pairing_cards", args=[swiss.slug, 2]),
                reverse("tournaments:rank_after_round", args=[swiss.slug, 2])):
        assert client.get(url).status_code == 404, url
    page = client.get(reverse("tournaments:rank_after_round", args=[swiss.slug, 1]),
                      **PORTUGUESE)
    assert page.status_code == 200
    report = rank_after_round(swiss, 1)
    assert sum(1 for row in report.rows if row["total"] is not None) == 6  # six played


def test_print_pdf_writes_the_download_bytes(client, round_robin, tmp_path):
    for document, url in (
            ("alphabetical-list", reverse("printing:alphabetical_list",
                                          args=[round_robin.slug, 1])),
            ("pairing-cards", reverse("printing:pairing_cards", args=[round_robin.slug, 1])),
            ("rank-after-round", reverse("printing:rank_after_round",
                                         args=[round_robin.slug, 1]))):
        output = tmp_path / f"{document}.pdf"
        call_command("print_pdf", round_robin.slug, document, "--round", "1", "-o", str(output))
        assert output.read_bytes() == client.get(url).content
    output = tmp_path / "starting.pdf"
    call_command("print_pdf", round_robin.slug, "starting-list", "-o", str(output))
    assert output.read_bytes() == client.get(
        reverse("printing:starting_list", args=[round_robin.slug])).content
