"""Issue 8: every game of a tournament as one PDN file, and the score sheets of a file with
several games matched to the pairings by round and player names, previewed, then imported in one
transaction through the audited sheet service.

The club below has four players; the Berger table pairs them (numbers 1-4 in this order):
round 1: João-Pedro (board 1), Ana-Maria (board 2); round 2: Pedro-Maria, João-Ana;
round 3: Ana-Pedro, Maria-João.
"""

from __future__ import annotations

import re
from datetime import date
from io import StringIO

import pytest
import sheet_fragments as fragments
from arbitration_factories import attach, fresh
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from arbitration.models import Action, AuditEntry, ScoreSheet
from arbitration.services import ArbitrationError, StaleSheetError, pdn_export, pdn_import
from arbitration.services.pdn_import import ImportChoice, RowStatus
from rules.pdn import read_games
from tournaments import services as tournament_services
from tournaments.models import Game, GameResult, Tournament

pytestmark = pytest.mark.django_db

NAMES = ["João Araújo", "Ana Conceição", "Maria Souza", "Pedro Gonçalves"]

# From the start position, legal throughout (numeric notation).
OPENING = "1. 22-18 11-15 2. 18x11 8x15 3. 21-17"


def make_club(*, name: str = "Torneio do Clube", organiser=None, arbiters=(),
              start_date: date | None = date(2025, 3, 8), board: int = 64) -> Tournament:
    tournament = tournament_services.create_tournament(
        created_by=organiser, name=name, place="Campinas, SP", start_date=start_date,
        board=board, arbiters=arbiters)
    for player in NAMES:
        tournament_services.add_player(tournament, name=player)
    numbers = {entry.pk: index for index, entry in
               enumerate(tournament.entries.order_by("pk"), start=1)}
    tournament_services.set_numbers(tournament, numbers)
    tournament_services.generate_rounds(tournament)
    return tournament


def game_at(tournament: Tournament, round_number: int, board: int) -> Game:
    return fresh(Game.objects.get(round__tournament=tournament, round__number=round_number,
                                  board=board))


def set_result(game: Game, result: str) -> Game:
    return tournament_services.record_result(game, result=result,
                                             expected_version=fresh(game).version)


def pdn_game(round_tag: str, white: str, black: str, moves: str = OPENING,
             result: str = "*", extra: str = "") -> str:
    return (f'[Round "{round_tag}"]\n[White "{white}"]\n[Black "{black}"]\n'
            f'[Result "{result}"]\n[GameType "26"]\n{extra}\n{moves} {result}\n')


@pytest.fixture(autouse=True)
def english(settings):
    """The assertions read the English msgids; the site's default language is Portuguese, and
    its catalogue may translate them."""
    settings.LANGUAGE_CODE = "en"


@pytest.fixture
def club(organiser, arbiter):
    return make_club(organiser=organiser, arbiters=[arbiter])


@pytest.fixture
def client_arbiter(arbiter):
    client = Client()
    client.force_login(arbiter)
    return client


def upload(client: Client, tournament: Tournament, text: str, name: str = "ronda.pdn"):
    return client.post(reverse("arbitration:pdn_import", args=[tournament.slug]), {
        "upload": SimpleUploadedFile(name, text.encode("utf-8"))})


def preview_url(tournament: Tournament) -> str:
    return reverse("arbitration:pdn_import_preview", args=[tournament.slug])


def digest_of(page: str) -> str:
    return re.search(r'name="preview" value="([0-9a-f]+)"', page).group(1)


# --- export -------------------------------------------------------------------------------------

def test_export_reads_back_with_sheets_a_forfeit_and_a_game_without_sheet(club):
    sheet_game = game_at(club, 1, 1)
    attach(sheet_game, pdn_game("1", "x", "y", result="1-0"))
    set_result(sheet_game, GameResult.WHITE_WIN)
    set_result(game_at(club, 1, 2), GameResult.BLACK_FORFEIT_WIN)  # Ana absent
    set_result(game_at(club, 2, 1), GameResult.DRAW)  # no sheet
    fen_game = game_at(club, 2, 2)
    attach(fen_game, fragments.THREEFOLD, notation="algebraic")  # a sheet, no result yet

    games = read_games(pdn_export.export_tournament(club))

    assert [(g.tags["Round"], g.tags["White"], g.tags["Black"]) for g in games] == [
        ("1", "João Araújo", "Pedro Gonçalves"), ("1", "Ana Conceição", "Maria Souza"),
        ("2", "Pedro Gonçalves", "Maria Souza"), ("2", "João Araújo", "Ana Conceição")]
    for game in games:
        assert game.tags["Event"] == "Torneio do Clube"
        assert game.tags["Site"] == "Campinas, SP"
        assert game.tags["Date"] == "2025.03.08"
        assert game.tags["GameType"] == "26"
    played, forfeit, drawn, from_fen = games
    assert [ply.text for ply in played.plies] == ["22-18", "11-15", "18x11", "8x15", "21-17"]
    assert (played.tags["Result"], played.result) == ("1-0", "1-0")
    assert "FEN" not in played.tags
    assert forfeit.plies == [] and forfeit.comments == ["WO (Art. 28)"]
    assert (forfeit.tags["Result"], forfeit.result) == ("0-1", "0-1")
    assert drawn.plies == [] and drawn.comments == [] and drawn.result == "1/2-1/2"
    assert from_fen.tags["FEN"] == "W:WKc1,Ke1:BKb8,Kd8"
    assert [ply.text for ply in from_fen.plies] == [
        "c1-d2", "b8-a7", "d2-c1", "a7-b8", "c1-d2", "b8-a7", "d2-c1", "a7-b8"]
    assert (from_fen.tags["Result"], from_fen.result) == ("*", "*")


def test_export_without_results_keeps_only_games_with_a_sheet(club):
    attach(game_at(club, 2, 2), pdn_game("2", "x", "y"))
    set_result(game_at(club, 1, 1), GameResult.DRAW)
    set_result(game_at(club, 1, 2), GameResult.WHITE_FORFEIT_WIN)
    games = read_games(pdn_export.export_tournament(club, include_results=False))
    assert [(g.tags["Round"], g.tags["White"]) for g in games] == [("2", "João Araújo")]


def test_export_writes_a_double_forfeit_an_unknown_date_and_a_broken_sheet(organiser):
    club = make_club(organiser=organiser, start_date=None)
    set_result(game_at(club, 1, 1), GameResult.DOUBLE_FORFEIT)
    attach(game_at(club, 1, 2), fragments.SYNTAX_ERROR)  # "22-1B" on line 3, column 16
    text = pdn_export.export_tournament(club)
    double, broken = read_games(text)
    assert double.tags["Date"] == "????.??.??"
    assert (double.tags["Result"], double.result, double.comments) == (
        "0-0", "*", ["WO (Art. 28)"])
    assert [ply.text for ply in broken.plies] == ["22-18", "11-15"]
    # The note follows the last readable move (where PDN readers attach a trailing comment).
    assert "syntax error at line 3, column 16" in broken.plies[-1].comments[-1]


def test_export_of_a_100_square_tournament_says_gametype_20(organiser):
    club = make_club(organiser=organiser, board=100)
    attach(game_at(club, 1, 1), "1. 32-28 19-23 2. 28x19 14x23 *")
    (game,) = read_games(pdn_export.export_tournament(club))
    assert game.tags["GameType"] == "20"
    assert [ply.text for ply in game.plies] == ["32-28", "19-23", "28x19", "14x23"]


def test_the_export_is_a_public_attachment_named_after_the_slug(club):
    attach(game_at(club, 1, 1), pdn_game("1", "x", "y"))
    set_result(game_at(club, 1, 2), GameResult.DRAW)
    url = reverse("arbitration:tournament_pdn", args=[club.slug])
    response = Client().get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{club.slug}.pdn"'
    assert response.getvalue().decode() == pdn_export.export_tournament(club)
    # The desk's form sends results=0, plus results=1 when its box is ticked.
    assert len(read_games(Client().get(url, {"results": "0"}).getvalue().decode())) == 1
    assert len(read_games(Client().get(url + "?results=0&results=1").getvalue().decode())) == 2
    assert Client().post(url).status_code == 405


def test_the_public_link_partial_points_at_the_download(club):
    html = render_to_string("arbitration/_pdn_export_link.html", {"tournament": club})
    assert f'href="{reverse("arbitration:tournament_pdn", args=[club.slug])}"' in html


def test_the_desk_offers_the_download_and_the_import(client_arbiter, club):
    page = client_arbiter.get(reverse("arbitration:desk", args=[club.slug])).content.decode()
    assert reverse("arbitration:tournament_pdn", args=[club.slug]) in page
    assert reverse("arbitration:pdn_import", args=[club.slug]) in page


# --- matching -----------------------------------------------------------------------------------

MIXED_FILE = "\n".join([
    pdn_game("1", "Joao Araujo", "PEDRO GONCALVES", result="1-0"),  # accents and capitals
    pdn_game("2", "Araújo, João", "Conceição,  Ana", result="1/2-1/2"),  # "Surname, Name"
    pdn_game("3", "João Araújo", "Maria Souza", result="1-0"),  # colours swapped: João had Black
    pdn_game("1", "Zé Ninguém", "Ana Conceição"),  # no such player
    pdn_game("1", "Pedro Gonçalves", "Maria Souza"),  # they meet in round 2, not 1
    pdn_game("9", "Ana Conceição", "Pedro Gonçalves"),  # no round 9
    pdn_game("3", "Ana Conceição", "Pedro Gonçalves",
             moves="1. 22-18 11-15 2. 21-17 15x13 3. 25-21", result="0-1"),  # Art. 23 (f)
])


def test_names_match_without_accents_case_or_order_and_colour_swaps_are_flagged(club):
    plan = pdn_import.analyse_import(club, MIXED_FILE)
    assert plan.syntax_error is None
    matched = [(row.number, row.game.round.number, row.game.board, row.colours_differ)
               for row in plan.rows if row.matched]
    assert matched == [(1, 1, 1, False), (2, 2, 2, False), (3, 3, 2, True), (7, 3, 1, False)]
    by_number = {row.number: row for row in plan.rows}
    assert "no player named “Zé Ninguém”" in by_number[4].reason
    assert by_number[5].reason == "No game between these players in round 1."
    assert by_number[6].reason == "No such round: the tournament has no round 9."
    # The result is offered with the pairing's colours: João (Black in round 3) won.
    assert by_number[1].offered_result == GameResult.WHITE_WIN
    assert by_number[2].offered_result == GameResult.DRAW
    assert by_number[3].offered_result == GameResult.BLACK_WIN
    # An irregular move is shown with its Art. 23 category, and the sheet stays importable.
    assert by_number[7].status == RowStatus.NEW
    assert any("Art. 23 (f)" in problem for problem in by_number[7].problems)
    assert all(row.problems == [] for row in plan.rows[:3])


def test_the_preview_page_lists_each_game_with_its_match_or_why_not(client_arbiter, club):
    response = upload(client_arbiter, club, MIXED_FILE)
    assert response.status_code == 302 and response["Location"] == preview_url(club)
    page = client_arbiter.get(preview_url(club)).content.decode()
    assert "Matched: round 1, board 1: João Araújo – Pedro Gonçalves" in page
    assert "Matched: round 3, board 2: Maria Souza – João Araújo" in page
    assert page.count("colours differ from the pairing") == 1
    assert "Not matched: No such round: the tournament has no round 9." in page
    assert "Not matched: No game between these players in round 1." in page
    assert "Art. 23 (f)" in page
    assert "Also set the result to 0-1 (Black wins)" in page
    assert ScoreSheet.objects.count() == 0  # the preview stores nothing


def test_two_games_of_the_file_for_one_pairing_are_both_refused_as_ambiguous(club):
    twice = pdn_game("1", "João Araújo", "Pedro Gonçalves") + "\n" + pdn_game(
        "1", "Joao Araujo", "Pedro Goncalves", moves="1. 22-18 11-15")
    plan = pdn_import.analyse_import(club, twice)
    assert [row.matched for row in plan.rows] == [False, False]
    assert all(row.reason.startswith("Ambiguous: the file holds 2 games") for row in plan.rows)


def test_a_surname_first_without_comma_still_matches(club):
    plan = pdn_import.analyse_import(club, pdn_game("1", "Araujo Joao", "Goncalves Pedro"))
    assert plan.rows[0].game == game_at(club, 1, 1)


def test_two_games_on_one_line_are_each_stored_as_their_own_game(club):
    text = ('[Round "1"] [White "João Araújo"] [Black "Pedro Gonçalves"] 1. 22-18 11-15 * '
            '[Round "1"] [White "Ana Conceição"] [Black "Maria Souza"] 1. 21-17 *\n')
    plan = pdn_import.analyse_import(club, text)
    assert [row.game for row in plan.rows] == [game_at(club, 1, 1), game_at(club, 1, 2)]
    assert [[p.text for p in read_games(row.text)[0].plies] for row in plan.rows] == [
        ["22-18", "11-15"], ["21-17"]]
    assert all(len(read_games(row.text)) == 1 for row in plan.rows)


# --- confirming ---------------------------------------------------------------------------------

def test_confirm_creates_the_ticked_sheets_and_results_with_audit_entries(client_arbiter, club,
                                                                         arbiter):
    upload(client_arbiter, club, MIXED_FILE)
    page = client_arbiter.get(preview_url(club)).content.decode()
    response = client_arbiter.post(preview_url(club), {
        "preview": digest_of(page), "sheet_1": "on", "result_1": "on", "sheet_2": "on",
        "sheet_3": "on", "result_3": "on", "sheet_7": "on"})
    assert response.status_code == 302, response.content.decode()[:3000]
    assert response["Location"] == reverse("arbitration:desk", args=[club.slug])
    plan_rows = {row.number: row for row in pdn_import.analyse_import(club, MIXED_FILE).rows}
    first, second, swapped, irregular = (game_at(club, 1, 1), game_at(club, 2, 2),
                                         game_at(club, 3, 2), game_at(club, 3, 1))
    for number, game in ((1, first), (2, second), (3, swapped), (7, irregular)):
        sheet = ScoreSheet.objects.get(game=game)
        assert sheet.pdn == plan_rows[number].text  # as written in the file
        assert sheet.updated_by == arbiter
    assert ScoreSheet.objects.get(game=first).moves_count == 5
    assert ScoreSheet.objects.get(game=irregular).illegal_article == "23(f)"
    assert (first.result, second.result, swapped.result, irregular.result) == (
        GameResult.WHITE_WIN, "", GameResult.BLACK_WIN, "")
    entries = AuditEntry.objects.filter(tournament=club)
    assert entries.filter(action=Action.SHEET_SAVED, actor=arbiter).count() == 4
    assert entries.filter(action=Action.RESULT_ENTERED, actor=arbiter).count() == 2
    assert client_arbiter.get(preview_url(club)).status_code == 302  # nothing left pending


def test_result_boxes_default_on_only_for_games_without_a_result(client_arbiter, club):
    set_result(game_at(club, 2, 2), GameResult.WHITE_WIN)  # the file says 1/2-1/2
    upload(client_arbiter, club, MIXED_FILE)
    page = client_arbiter.get(preview_url(club)).content.decode()
    assert re.search(r'<input type="checkbox" name="result_1"[^>]*checked', page)
    assert re.search(r'<input type="checkbox" name="result_2"(?![^>]*checked)[^>]*>', page)
    assert "The game's result is 1-0 (White wins); the file gives 1/2-1/2 (draw)." in page


def test_an_existing_sheet_is_replaced_only_when_ticked(client_arbiter, club):
    first = game_at(club, 1, 1)
    kept = attach(first, "1. 22-17 11-15 *")
    one_game = pdn_game("1", "João Araújo", "Pedro Gonçalves")
    upload(client_arbiter, club, one_game)
    page = client_arbiter.get(preview_url(club)).content.decode()
    assert "The game already has a score sheet" in page
    assert not re.search(r'name="replace_1"[^>]*checked', page)
    # The new-sheet box is not there: posting it does not replace anything.
    response = client_arbiter.post(preview_url(club), {"preview": digest_of(page),
                                                       "sheet_1": "on"})
    assert response.status_code == 200
    assert "Tick at least one score sheet or result to import." in response.content.decode()
    assert ScoreSheet.objects.get(game=first).pdn == kept.pdn
    response = client_arbiter.post(preview_url(club), {"preview": digest_of(page),
                                                       "replace_1": "on"})
    assert response.status_code == 302
    sheet = ScoreSheet.objects.get(game=first)
    assert sheet.version == 2 and "22-18" in sheet.pdn


def test_confirming_nothing_shows_the_preview_again_with_its_problems(client_arbiter, club):
    upload(client_arbiter, club, MIXED_FILE)
    page = client_arbiter.get(preview_url(club)).content.decode()
    response = client_arbiter.post(preview_url(club), {"preview": digest_of(page)})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Tick at least one score sheet or result to import." in page
    assert "2. 21-17 (a3-b4): not a legal move — Art. 23 (f)" in page
    assert ScoreSheet.objects.count() == 0


def test_a_replaced_sheet_keeps_no_irregular_move_the_old_one_let_stand(club):
    game = game_at(club, 1, 1)
    old = attach(game, fragments.CAPTURE_IGNORED, accepted=["2."])
    assert (old.accepted_plies, old.illegal_ply) == ([3], None)
    text = pdn_game("1", "João Araújo", "Pedro Gonçalves",
                    moves="1. 22-18 11-15 2. 21-17 15x13 3. 25-21")
    plan = pdn_import.analyse_import(club, text)
    pdn_import.import_games(plan, [ImportChoice(1, sheet=True, replace=True, sheet_version=1)])
    sheet = ScoreSheet.objects.get(game=game)
    # Art. 23: only the opponent lets a move stand; the arbiter records it again if so.
    assert (sheet.accepted_plies, sheet.illegal_ply, sheet.illegal_article) == ([], 3, "23(f)")


def test_the_service_refuses_a_replacement_without_the_tick(club):
    attach(game_at(club, 1, 1), "1. 22-17 *")
    plan = pdn_import.analyse_import(club, pdn_game("1", "João Araújo", "Pedro Gonçalves"))
    with pytest.raises(ArbitrationError, match="tick “replace”"):
        pdn_import.import_games(plan, [ImportChoice(1, sheet=True, sheet_version=1)])
    assert ScoreSheet.objects.get(game=game_at(club, 1, 1)).version == 1


def test_a_syntax_error_shows_the_games_before_it_and_imports_nothing(client_arbiter, club):
    text = (pdn_game("1", "João Araújo", "Pedro Gonçalves") + "\n"
            + pdn_game("1", "Ana Conceição", "Maria Souza") + "\n"
            + pdn_game("2", "Pedro Gonçalves", "Maria Souza", moves="1. 22-18 11-1B"))
    response = upload(client_arbiter, club, text)
    page = response.content.decode()
    assert response.status_code == 200
    assert "PDN syntax error at line 23, column 10" in page
    assert page.count("Readable.") == 2
    assert "Would match round 1, board 2." in page
    assert "Import the ticked games" not in page and 'name="preview"' not in page
    assert client_arbiter.get(preview_url(club)).status_code == 302  # nothing pending
    plan = pdn_import.analyse_import(club, text)
    assert (plan.syntax_error.line, plan.syntax_error.column) == (23, 10)
    with pytest.raises(ArbitrationError, match="line 23, column 10"):
        pdn_import.import_games(plan, [ImportChoice(1, sheet=True)])
    assert ScoreSheet.objects.count() == 0


def test_a_failure_in_the_middle_of_the_import_leaves_nothing(club, monkeypatch):
    plan = pdn_import.analyse_import(club, MIXED_FILE)
    real_save = pdn_import.save_sheet
    calls = []

    def second_save_fails(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("disk full")
        return real_save(*args, **kwargs)

    monkeypatch.setattr(pdn_import, "save_sheet", second_save_fails)
    choices = [ImportChoice(1, sheet=True, result=True, game_version=1),
               ImportChoice(2, sheet=True), ImportChoice(3, sheet=True)]
    with pytest.raises(RuntimeError):
        pdn_import.import_games(plan, choices)
    assert len(calls) == 2
    assert ScoreSheet.objects.count() == 0
    assert game_at(club, 1, 1).result == ""
    assert not AuditEntry.objects.filter(tournament=club, game__isnull=False).exists()


def test_a_change_since_the_preview_refuses_the_confirmation(client_arbiter, club):
    upload(client_arbiter, club, MIXED_FILE)
    page = client_arbiter.get(preview_url(club)).content.decode()
    attach(game_at(club, 2, 2), "1. 21-17 *")  # another arbiter, meanwhile
    response = client_arbiter.post(preview_url(club), {
        "preview": digest_of(page), "sheet_1": "on", "sheet_2": "on"})
    assert response.status_code == 409
    assert "changed since the preview" in response.content.decode()
    assert ScoreSheet.objects.count() == 1  # only the other arbiter's


def test_the_service_refuses_a_stale_version(club):
    plan = pdn_import.analyse_import(club, MIXED_FILE)
    set_result(game_at(club, 1, 1), GameResult.DRAW)
    with pytest.raises(StaleSheetError):
        pdn_import.import_games(plan, [ImportChoice(2, sheet=True),
                                       ImportChoice(1, sheet=True, result=True, game_version=1)])
    assert ScoreSheet.objects.count() == 0 and game_at(club, 1, 1).result == GameResult.DRAW


def test_cancel_forgets_the_pending_file(client_arbiter, club):
    upload(client_arbiter, club, MIXED_FILE)
    response = client_arbiter.post(preview_url(club), {"cancel": "1"})
    assert response.status_code == 302
    assert client_arbiter.get(preview_url(club)).status_code == 302
    assert ScoreSheet.objects.count() == 0


def test_an_oversized_upload_is_refused_on_the_form(client_arbiter, club, settings):
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 500
    assert len(MIXED_FILE.encode()) > 500
    response = upload(client_arbiter, club, MIXED_FILE)
    page = response.content.decode()
    assert response.status_code == 200
    assert "The file is too large" in page and "at most 500" in page
    assert client_arbiter.get(preview_url(club)).status_code == 302


def test_a_windows_1252_file_is_read(client_arbiter, club):
    text = pdn_game("1", "João Araújo", "Pedro Gonçalves")
    response = client_arbiter.post(reverse("arbitration:pdn_import", args=[club.slug]), {
        "upload": SimpleUploadedFile("old.pdn", text.encode("cp1252"))})
    assert response.status_code == 302
    page = client_arbiter.get(preview_url(club)).content.decode()
    assert "Matched: round 1, board 1" in page


def test_a_guessed_encoding_is_said_on_the_preview(client_arbiter, club):
    """Issue 20: the file had no mark and was not UTF-8, so the arbiter is told how it was
    read (wrong letters in a name then have an explanation)."""
    text = pdn_game("1", "João Araújo", "Pedro Gonçalves")
    response = client_arbiter.post(reverse("arbitration:pdn_import", args=[club.slug]), {
        "upload": SimpleUploadedFile("old.pdn", text.encode("cp1252"))},
        follow=True, HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert "The file was read as Windows-1252" in page
    assert "Matched: round 1, board 1" in page
    response = client_arbiter.post(reverse("arbitration:pdn_import", args=[club.slug]), {
        "upload": SimpleUploadedFile("new.pdn", text.encode())},
        follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "The file was read as" not in response.content.decode()


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le"])
def test_a_utf16_file_is_read(client_arbiter, club, encoding):
    """Windows' "Unicode" text, with its byte-order mark or without one."""
    text = pdn_game("1", "João Araújo", "Pedro Gonçalves")
    response = client_arbiter.post(reverse("arbitration:pdn_import", args=[club.slug]), {
        "upload": SimpleUploadedFile("unicode.pdn", text.encode(encoding))})
    assert response.status_code == 302
    page = client_arbiter.get(preview_url(club)).content.decode()
    assert "Matched: round 1, board 1" in page


def test_a_binary_file_is_refused_on_the_form_with_its_line(client_arbiter, club):
    response = client_arbiter.post(reverse("arbitration:pdn_import", args=[club.slug]), {
        "upload": SimpleUploadedFile("photo.pdn", b"[Event \"x\"]\n\x89PNG\x00\x00\x01")},
        HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert response.status_code == 200
    assert "line 2: the file holds a NUL character" in page
    assert client_arbiter.get(preview_url(club)).status_code == 302


def test_the_import_command_reads_utf16_and_refuses_binary(club, tmp_path):
    path = tmp_path / "unicode.pdn"
    path.write_bytes(pdn_game("1", "João Araújo", "Pedro Gonçalves").encode("utf-16"))
    out = StringIO()
    call_command("import_pdn", club.slug, str(path), "--dry-run", stdout=out)
    assert "round 1, board 1: João Araújo – Pedro Gonçalves" in out.getvalue()
    path.write_bytes(b"\x00\x01\x02binary")
    with pytest.raises(CommandError, match="NUL character"):
        call_command("import_pdn", club.slug, str(path), "--dry-run", stdout=StringIO())


# --- roles --------------------------------------------------------------------------------------

@pytest.mark.parametrize("role, expected", [("anonymous", "login"), ("outsider", 403),
                                            ("other_arbiter", 403), ("arbiter", 200),
                                            ("organiser", 200)])
def test_only_the_tournament_s_arbiters_may_import(role, expected, club, request):
    client = Client()
    if role != "anonymous":
        client.force_login(request.getfixturevalue(role))
    url = reverse("arbitration:pdn_import", args=[club.slug])
    for response in (client.get(url), upload(client, club, MIXED_FILE),
                     client.post(preview_url(club), {"cancel": "1"})):
        if expected == "login":
            assert response.status_code == 302
            assert response["Location"].startswith(reverse("login"))
        elif expected == 403:
            assert response.status_code == 403
    if expected == 200:
        assert client.get(url).status_code == 200
        assert upload(client, club, MIXED_FILE)["Location"] == preview_url(club)
        assert client.get(preview_url(club)).status_code == 200
    assert ScoreSheet.objects.count() == 0


# --- round trip ---------------------------------------------------------------------------------

def test_export_then_import_into_a_copy_reproduces_the_sheets_and_results(club, organiser):
    attach(game_at(club, 1, 1), pdn_game("1", "x", "y", result="1-0"))
    set_result(game_at(club, 1, 1), GameResult.WHITE_WIN)
    set_result(game_at(club, 1, 2), GameResult.BLACK_FORFEIT_WIN)
    attach(game_at(club, 2, 1), fragments.CAPTURE_IGNORED, accepted=[])  # stops at 2. (f)
    set_result(game_at(club, 2, 2), GameResult.DOUBLE_FORFEIT)
    attach(game_at(club, 3, 1), fragments.THREEFOLD, notation="algebraic")
    set_result(game_at(club, 3, 1), GameResult.DRAW)
    exported = pdn_export.export_tournament(club)

    copy = make_club(name="Cópia do Torneio", organiser=organiser)
    plan = pdn_import.analyse_import(copy, exported)
    assert all(row.matched and not row.colours_differ for row in plan.rows)
    choices = [ImportChoice(row.number, sheet=row.can_import_sheet, result=row.can_set_result,
                            game_version=row.game.version)
               for row in plan.rows]
    outcome = pdn_import.import_games(plan, choices)
    assert (len(outcome.sheets), len(outcome.results)) == (3, 4)

    for original in Game.objects.of_tournament(club).select_related("round"):
        twin = game_at(copy, original.round.number, original.board)
        assert twin.result == original.result
        sheet = ScoreSheet.objects.filter(game=original).first()
        twin_sheet = ScoreSheet.objects.filter(game=twin).first()
        if sheet is None:
            assert twin_sheet is None
            continue
        assert [p.text for p in read_games(twin_sheet.pdn)[0].plies] == [
            p.text for p in read_games(sheet.pdn)[0].plies]
        assert (twin_sheet.notation, twin_sheet.moves_count, twin_sheet.illegal_ply,
                twin_sheet.illegal_article) == (sheet.notation, sheet.moves_count,
                                                sheet.illegal_ply, sheet.illegal_article)
    # And the copy's own export is the same file but for the Event tag.
    assert pdn_export.export_tournament(copy).replace("Cópia do Torneio", "Torneio do Clube") == (
        exported)


# --- management commands ------------------------------------------------------------------------

def test_export_pdn_writes_stdout_or_a_file(club, tmp_path):
    attach(game_at(club, 1, 1), pdn_game("1", "x", "y"))
    set_result(game_at(club, 1, 2), GameResult.DRAW)
    out = StringIO()
    call_command("export_pdn", club.slug, stdout=out)
    assert out.getvalue() == pdn_export.export_tournament(club)
    target = tmp_path / "all.pdn"
    call_command("export_pdn", club.slug, "-o", str(target), "--sheets-only", stderr=StringIO())
    assert len(read_games(target.read_text(encoding="utf-8"))) == 1
    with pytest.raises(CommandError, match="no tournament"):
        call_command("export_pdn", "no-such-slug")


def run_import(*args: str) -> list[str]:
    out = StringIO()
    call_command("import_pdn", *args, stdout=out)
    return out.getvalue().splitlines()


def test_import_pdn_prints_each_match_and_stores_only_without_dry_run(club, tmp_path):
    path = tmp_path / "round.pdn"
    path.write_text(MIXED_FILE, encoding="utf-8")
    lines = run_import(club.slug, str(path), "--dry-run")
    assert [line.split(" ", 1)[0] for line in lines[:7]] == [
        "MATCHED", "MATCHED", "MATCHED", "UNMATCHED", "UNMATCHED", "UNMATCHED", "MATCHED"]
    assert "colours differ from the pairing" in lines[2]
    assert "no round 9" in lines[5]
    assert ScoreSheet.objects.count() == 0

    lines = run_import(club.slug, str(path), "--results")
    assert ScoreSheet.objects.count() == 4
    assert game_at(club, 3, 2).result == GameResult.BLACK_WIN
    assert lines[-1] == "Imported: 4 score sheets, 4 results."


def test_import_pdn_keeps_existing_sheets_unless_replace(club, tmp_path):
    kept = attach(game_at(club, 1, 1), "1. 22-17 *")
    path = tmp_path / "one.pdn"
    path.write_text(pdn_game("1", "João Araújo", "Pedro Gonçalves"), encoding="utf-8")
    lines = run_import(club.slug, str(path))
    assert "kept" in lines[0]
    assert ScoreSheet.objects.get(pk=kept.pk).version == 1
    run_import(club.slug, str(path), "--replace")
    assert ScoreSheet.objects.get(pk=kept.pk).version == 2


def test_import_pdn_fails_on_a_syntax_error_and_stores_nothing(club, tmp_path):
    path = tmp_path / "bad.pdn"
    path.write_text(pdn_game("1", "João Araújo", "Pedro Gonçalves") + "\n1. 22-1B *\n",
                    encoding="utf-8")
    with pytest.raises(CommandError, match="line 9, column 4"):
        call_command("import_pdn", club.slug, str(path), stdout=StringIO())
    assert ScoreSheet.objects.count() == 0


# --- one score sheet's upload reads text as every upload does (issue 20) -------------------------

@pytest.mark.parametrize(("encoding", "note"), [("utf-16", False), ("cp1252", True)])
def test_a_score_sheet_upload_reads_utf16_and_says_a_guess(client_arbiter, club, encoding,
                                                           note):
    game = Game.objects.filter(round__tournament=club).order_by("round__number", "board")[0]
    text = f'[White "{game.white.player.name}"]\n{OPENING} *\n'
    response = client_arbiter.post(
        reverse("arbitration:sheet", args=[club.slug, game.pk]),
        {"upload": SimpleUploadedFile("jogo.pdn", text.encode(encoding)), "notation": "numeric",
         "version": 0}, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert ScoreSheet.objects.get(game=game).moves_count == 5
    assert ("The file was read as Windows-1252" in response.content.decode()) is note


def test_a_binary_score_sheet_upload_is_refused_with_its_line(client_arbiter, club):
    game = Game.objects.filter(round__tournament=club).order_by("round__number", "board")[0]
    response = client_arbiter.post(
        reverse("arbitration:sheet", args=[club.slug, game.pk]),
        {"upload": SimpleUploadedFile("foto.pdn", b"1. 22-18\n\x89PNG\x00"), "notation": "numeric",
         "version": 0}, HTTP_ACCEPT_LANGUAGE="en")
    assert "line 2: the file holds a NUL character" in response.content.decode()
    assert not ScoreSheet.objects.filter(game=game).exists()
