"""Printed documents of a stored tournament: the download links and `print_pdf` (issue 6).

Each PDF is read back with pypdf. Expected points and ranks come from the results entered here:
the first round is worked out by hand, the standings as a whole from
`tournaments.queries.reports`, which the standings page uses too.
"""

from __future__ import annotations

import datetime
import re
from io import BytesIO, StringIO
from types import ModuleType, SimpleNamespace

import pytest
from django.core.management import CommandError, call_command
from django.template.loader import render_to_string
from django.urls import include, path, reverse
from django.utils import translation
from pypdf import PdfReader
from tournament_factories import make_tournament, play

from tournaments.models import Game
from tournaments.printing.collect import points_text
from tournaments.printing.slips import SLIPS_PER_PAGE
from tournaments.queries.reports import standings

pytestmark = pytest.mark.django_db

# The links are mounted by the project's URLconf at /torneios/<slug>/pdf/; the tests mount them
# the same way on their own so they do not depend on the rest of the site.
printing_urls = ModuleType("printing_test_urls")
printing_urls.urlpatterns = [
    path("torneios/<slug:slug>/pdf/", include("tournaments.printing.urls")),
]

ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture(autouse=True)
def mounted(settings):
    settings.ROOT_URLCONF = printing_urls


@pytest.fixture
def arbiter(django_user_model):
    return django_user_model.objects.create_user(
        "arbitra", first_name="Inês", last_name="Araújo", password="senha-forte-123")


@pytest.fixture
def tournament(arbiter):
    """Seven players (a bye each round); round 1 played with a win, a draw and a forfeit."""
    tournament = make_tournament(
        7, paired=True, arbiter=arbiter, name="Aberto de Damas de São José",
        place="São José dos Campos, SP", start_date=datetime.date(2026, 11, 14),
        end_date=datetime.date(2026, 11, 15),
    )
    play(tournament, {(1, 1): "1-0", (1, 2): "1/2-1/2", (1, 3): "-+", (2, 1): "0-1"})
    return tournament


def pdf_lines(pdf: bytes) -> list[list[str]]:
    reader = PdfReader(BytesIO(pdf))
    return [[line.replace("\xa0", " ").strip() for line in page.extract_text().splitlines()]
            for page in reader.pages]


def download(client, tournament, name: str, **kwargs):
    url = reverse(f"printing:{name}", kwargs={"slug": tournament.slug, **kwargs})
    return client.get(url, **ENGLISH)


def round_games(tournament, number: int) -> list[Game]:
    return list(Game.objects.with_players().filter(round__tournament=tournament,
                                                   round__number=number).order_by("board"))


@pytest.mark.parametrize(("round_number", "links"), [
    (None, ["starting_list", "crosstable", "crosstable_by_rank", "standings", "scoresheets",
            "all_pairings"]),
    (4, ["pairings", "alphabetical_list", "pairing_cards", "slips", "round_scoresheets",
         "all_pairings"]),
])
def test_the_download_links_partial_points_at_each_document(round_number, links):
    """templates/printing/_downloads.html, for the tournament and round pages to include."""
    tournament = SimpleNamespace(slug="aberto-de-damas")
    with translation.override("en"):
        html = render_to_string("printing/_downloads.html",
                                {"tournament": tournament, "round_number": round_number})
    # documents of the whole tournament
    whole = {"all_pairings", "crosstable_by_rank", "starting_list"}
    expected = [reverse(f"printing:{name}", kwargs={
        "slug": "aberto-de-damas",
        **({} if round_number is None or name in whole else {"round_number": round_number})})
        for name in links]
    assert re.findall(r'href="([^"]+)"', html) == expected
    assert html.count("(PDF)") == len(links)


def test_the_crosstable_downloads_as_an_attached_pdf(client, tournament):
    response = download(client, tournament, "crosstable")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    disposition = response["Content-Disposition"]
    assert disposition.startswith("attachment; filename=")
    assert tournament.slug in disposition and disposition.endswith('.pdf"')
    assert response.content.startswith(b"%PDF")


# A result as each side's crosstable cell, worked out by hand: (White's cell, Black's cell).
CELLS = {"1-0": ("1W", "0B"), "0-1": ("0W", "1B"), "1/2-1/2": ("½W", "½B"), "-+": ("-W", "+B")}


def printed_tiebreaks(standing) -> list[str]:
    """The tie-breaks as printed: the direct encounter as the place it gives in the tied
    group, or * where the tied players have not all met (issue 25)."""
    from tournaments.printing.standings_texts import encounter_text

    return [encounter_text(standing.row.encounter)[0]
            if key == "direct-encounter" and standing.row.encounter is not None
            else points_text(value) for key, value in standing.row.tiebreaks.items()]


def test_the_crosstable_shows_results_with_colours_points_and_tiebreaks(client, tournament):
    (lines,) = pdf_lines(download(client, tournament, "crosstable").content)
    text = "\n".join(lines)
    for fact in ("Aberto de Damas de São José", "Place: São José dos Campos, SP",
                 "Dates: 11/14/2026 – 11/15/2026", "Board: 64 squares (Brazilian)",
                 "Arbiter: Inês Araújo", "Crosstable — after round 2"):
        assert fact in text
    expected: dict[int, dict[int, str]] = {}
    for game in Game.objects.of_tournament(tournament).exclude(result=""):
        white_cell, black_cell = CELLS[game.result]
        expected.setdefault(game.white.number, {})[game.black.number] = white_cell
        expected.setdefault(game.black.number, {})[game.white.number] = black_cell
    for standing in standings(tournament):
        number = standing.entry.number
        at = lines.index(standing.entry.player.name)
        assert lines[at - 2 : at] == [str(standing.rank), str(number)]
        cells = [cell for _opponent, cell in sorted(expected.get(number, {}).items())]
        tiebreaks = printed_tiebreaks(standing)
        # Issue 12: rating after the name, games played after the points.
        assert lines[at + 1 : at + 5 + len(cells) + len(tiebreaks)] == [
            str(standing.rating), standing.entry.player.club, *cells,
            points_text(standing.points), str(standing.games), *tiebreaks
        ]


def test_the_standings_list_every_player_in_rank_order_with_points(client, tournament):
    (lines,) = pdf_lines(download(client, tournament, "standings").content)
    ranked = standings(tournament)
    positions = [lines.index(standing.entry.player.name) for standing in ranked]
    assert positions == sorted(positions)
    for standing in ranked:
        at = lines.index(standing.entry.player.name)
        tiebreaks = printed_tiebreaks(standing)
        assert lines[at - 2 : at + 5 + len(tiebreaks)] == [
            str(standing.rank), str(standing.entry.number), standing.entry.player.name,
            str(standing.rating), standing.entry.player.club, points_text(standing.points),
            str(standing.games), *tiebreaks,
        ]


def test_the_pairings_of_a_round_show_boards_results_points_before_and_the_bye(client, tournament):
    (lines,) = pdf_lines(download(client, tournament, "pairings", round_number=2).content)
    assert "Pairings — Round 2" in lines
    win, draw, forfeit = round_games(tournament, 1)
    points_before = {number: "0" for number in range(1, 8)}  # the bye of round 1 scores nothing
    points_before.update({
        win.white.number: "1", win.black.number: "0", draw.white.number: "0.5",
        draw.black.number: "0.5", forfeit.white.number: "0", forfeit.black.number: "1",
    })
    for game in round_games(tournament, 2):
        at = lines.index(game.white.player.name)
        scores = ["0", "1"] if game.board == 1 else []
        assert lines[at - 2 : at + 5 + len(scores)] == [
            str(game.board), str(game.white.number), game.white.player.name,
            points_before[game.white.number], *scores, str(game.black.number),
            game.black.player.name, points_before[game.black.number],
        ]
    bye = tournament.rounds.get(number=2).bye
    assert f"Bye: {bye.player.name} ({bye.number})" in lines


def test_result_slips_one_per_game_of_the_round(client, tournament):
    games = round_games(tournament, 1)
    pages = pdf_lines(download(client, tournament, "slips", round_number=1).content)
    assert len(pages) == -(-len(games) // SLIPS_PER_PAGE)
    text = [line for lines in pages for line in lines]
    for game in games:
        assert f"Round 1 · Board {game.board}" in text
        assert f"{game.white.player.name} ({game.white.number})" in text
    assert text.count("Arbiter's signature") == len(games)


def test_score_sheets_blank_or_filled_for_a_round(client, tournament):
    blank = pdf_lines(download(client, tournament, "scoresheets").content)
    assert len(blank) == 1
    assert "Score sheet — 64 squares (Brazilian)" in blank[0]
    games = round_games(tournament, 3)
    filled = pdf_lines(download(client, tournament, "round_scoresheets", round_number=3).content)
    assert len(filled) == len(games)
    for lines, game in zip(filled, games, strict=True):
        assert f"{game.black.player.name} ({game.black.number})" in lines


def test_a_round_the_tournament_does_not_have_is_not_found(client, tournament):
    assert download(client, tournament, "pairings", round_number=99).status_code == 404
    assert download(client, tournament, "slips", round_number=99).status_code == 404


def test_an_unknown_tournament_is_not_found(client):
    url = reverse("printing:crosstable", kwargs={"slug": "nao-existe"})
    assert client.get(url).status_code == 404


def test_downloads_are_read_only(client, tournament):
    url = reverse("printing:crosstable", kwargs={"slug": tournament.slug})
    assert client.post(url).status_code == 405


@pytest.mark.parametrize(("document", "link", "round_number"), [
    ("crosstable", "crosstable", None),
    ("standings", "standings", None),
    ("pairings", "pairings", 2),
    ("slips", "slips", 1),
    ("scoresheets", "scoresheets", None),
    ("scoresheets", "round_scoresheets", 3),
])
def test_the_command_writes_the_same_bytes_as_the_download_link(
    client, tournament, tmp_path, document, link, round_number
):
    output = tmp_path / "out.pdf"
    arguments = [tournament.slug, document, "-o", str(output)]
    kwargs = {}
    if round_number is not None:
        arguments += ["--round", str(round_number)]
        kwargs["round_number"] = round_number
    call_command("print_pdf", *arguments, stdout=StringIO())
    url = reverse(f"printing:{link}", kwargs={"slug": tournament.slug, **kwargs})
    assert output.read_bytes() == client.get(url).content  # both in the site's language


def test_the_command_prints_in_the_language_asked(tournament, tmp_path):
    output = tmp_path / "standings.pdf"
    call_command("print_pdf", tournament.slug, "standings", "--language", "en", "-o",
                 str(output), stdout=StringIO())
    reader = PdfReader(BytesIO(output.read_bytes()))
    assert reader.trailer["/Root"]["/Lang"] == "en"
    assert "Standings — after round 2" in reader.pages[0].extract_text()


def test_the_command_names_an_unknown_slug(tmp_path):
    with pytest.raises(CommandError, match="nao-existe"):
        call_command("print_pdf", "nao-existe", "crosstable", "-o", str(tmp_path / "x.pdf"))


def test_the_command_asks_for_the_round_of_pairings_and_slips(tournament, tmp_path):
    for document in ("pairings", "slips"):
        with pytest.raises(CommandError, match="--round"):
            call_command("print_pdf", tournament.slug, document, "-o", str(tmp_path / "x.pdf"))


def test_the_command_names_a_round_that_does_not_exist(tournament, tmp_path):
    output = tmp_path / "x.pdf"
    with pytest.raises(CommandError, match=r"no round 99.*1 to 7"):
        call_command("print_pdf", tournament.slug, "pairings", "--round", "99", "-o",
                     str(output), "--language", "en")
    assert not output.exists()


def test_rounds_not_generated_yet_are_named_as_such(tmp_path):
    tournament = make_tournament(4, name="Torneio sem rodadas")
    with pytest.raises(CommandError, match="not generated yet"):
        call_command("print_pdf", tournament.slug, "slips", "--round", "1", "-o",
                     str(tmp_path / "x.pdf"), "--language", "en")

