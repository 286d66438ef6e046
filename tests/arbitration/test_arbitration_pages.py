"""The arbiter's pages: forms with errors next to their fields, never a server error on bad
input; the viewer at any half-move; the round view; the officials page."""

import re

import pytest
import sheet_fragments as fragments
from arbitration_factories import attach, first_game, fresh, make_tournament
from django.test import Client
from django.urls import reverse

from arbitration import services
from arbitration.models import DrawClaim, IrregularityClaim, ScoreSheet
from tournaments.models import GameResult

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_arbiter(arbiter):
    client = Client()
    client.force_login(arbiter)
    return client


def url(name: str, *args) -> str:
    return reverse(f"arbitration:{name}", args=list(args))


def field_errors(page: str, field: str) -> str:
    """The error block rendered right after a field (empty when there is none)."""
    match = re.search(rf'id="(?:id|typed)_{field}-errors"[^>]*>(.*?)</div>', page, re.S)
    return match.group(1) if match else ""


# --- score sheets -------------------------------------------------------------------------------

def test_a_pasted_sheet_with_a_syntax_error_is_kept_and_the_place_shown(client_arbiter, tournament,
                                                                        game):
    response = client_arbiter.post(url("sheet", tournament.slug, game.pk), {
        "pdn": fragments.SYNTAX_ERROR, "notation": "numeric", "accepted": "", "version": 0},
        follow=True)
    page = response.content.decode()
    sheet = ScoreSheet.objects.get(game=game)
    assert sheet.pdn == fragments.SYNTAX_ERROR  # as written, to the last character
    assert (sheet.syntax_line, sheet.syntax_column) == (3, 16)
    assert "line 3, column 16" in page
    assert "<code>22-1B 8x15 *</code>" in page


def test_a_pasted_illegal_move_is_flagged_with_its_art_23_category(client_arbiter, tournament,
                                                                    game):
    client_arbiter.post(url("sheet", tournament.slug, game.pk), {
        "pdn": fragments.CAPTURE_IGNORED, "notation": "numeric", "version": 0})
    page = client_arbiter.get(url("game", tournament.slug, game.pk)).content.decode()
    assert ("2. 21-17 (a3-b4): not a legal move — Art. 23 (f): a capture was compulsory: 18x11"
            in page)
    page = client_arbiter.get(url("sheet", tournament.slug, game.pk)).content.decode()
    assert 'id="move-form"' not in page  # no typing past an undecided irregular move


def test_an_uploaded_pdn_file_is_read(client_arbiter, tournament, game):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("r1m1.pdn", fragments.CAPTURE_MADE.encode("cp1252"))
    client_arbiter.post(url("sheet", tournament.slug, game.pk), {
        "upload": upload, "notation": "algebraic", "version": 0})
    sheet = ScoreSheet.objects.get(game=game)
    assert (sheet.moves_count, sheet.notation) == (5, "algebraic")


def test_paste_form_errors_sit_next_to_their_fields(client_arbiter, tournament, game):
    response = client_arbiter.post(url("sheet", tournament.slug, game.pk), {
        "pdn": fragments.CAPTURE_MADE, "notation": "numeric", "accepted": "17...",
        "version": 0})
    assert response.status_code == 200
    assert "has no move 17..." in field_errors(response.content.decode(), "accepted")
    response = client_arbiter.post(url("sheet", tournament.slug, game.pk), {
        "pdn": "", "notation": "numeric", "version": 0})
    assert "Paste the moves" in field_errors(response.content.decode(), "pdn")
    assert not ScoreSheet.objects.exists()


def test_algebraic_notation_is_refused_on_100_squares(arbiter):
    tournament = make_tournament(board=100, arbiters=[arbiter], name="Internacional")
    game = first_game(tournament)
    client = Client()
    client.force_login(arbiter)
    response = client.post(url("sheet", tournament.slug, game.pk), {
        "pdn": fragments.THREE_VS_ONE_100, "notation": "algebraic", "version": 0})
    assert field_errors(response.content.decode(), "notation")
    assert not ScoreSheet.objects.exists()


def test_typing_moves_one_by_one(client_arbiter, tournament, game):
    sheet_url = url("sheet_move", tournament.slug, game.pk)
    response = client_arbiter.post(sheet_url, {"move": "c3-d4", "version": 0}, follow=True)
    assert "1. c3-d4 recorded." in response.content.decode()
    client_arbiter.post(sheet_url, {"move": "11-15", "version": 1})  # numbers read too
    response = client_arbiter.post(sheet_url, {"move": "a3-b4", "version": 2})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Art. 23 (f)" in field_errors(page, "move")
    assert ScoreSheet.objects.get(game=game).moves_count == 2
    response = client_arbiter.post(sheet_url, {"move": "a3-b4", "let_stand": "on",
                                               "version": 2})
    assert response.status_code == 302
    assert ScoreSheet.objects.get(game=game).accepted_plies == [3]
    assert IrregularityClaim.objects.get(game=game).decision == "stand"


def test_the_first_typed_move_chooses_the_sheets_notation(client_arbiter, tournament, game):
    response = client_arbiter.post(url("sheet_move", tournament.slug, game.pk), {
        "move": "c3-d4", "notation": "numeric", "version": 0}, follow=True)
    assert "1. 22-18 recorded." in response.content.decode()
    assert ScoreSheet.objects.get(game=game).notation == "numeric"


@pytest.mark.parametrize("typed", ["", "z9-x1", "c3-d4-e5", "99-98"])
def test_an_unreadable_move_is_a_field_error(client_arbiter, tournament, game, typed):
    response = client_arbiter.post(url("sheet_move", tournament.slug, game.pk),
                                   {"move": typed, "version": 0})
    assert response.status_code == 200
    assert field_errors(response.content.decode(), "move")


def test_a_stale_sheet_form_is_refused_with_409(client_arbiter, tournament, game):
    attach(game, fragments.CAPTURE_MADE)
    response = client_arbiter.post(url("sheet_move", tournament.slug, game.pk),
                                   {"move": "9-14", "version": 0})
    assert response.status_code == 409
    assert ScoreSheet.objects.get(game=game).moves_count == 5


def test_removing_the_last_move(client_arbiter, tournament, game):
    attach(game, fragments.CAPTURE_MADE)
    client_arbiter.post(url("sheet_undo", tournament.slug, game.pk), {"version": 1})
    assert ScoreSheet.objects.get(game=game).moves_count == 4


# --- the viewer ---------------------------------------------------------------------------------

def test_the_viewer_marks_the_current_move_and_shows_the_counters(tournament, game):
    attach(game, fragments.THREEFOLD, notation="algebraic")
    page = Client().get(url("viewer", tournament.slug, game.pk), {"ply": 4}).content.decode()
    current = re.findall(r'<a href="\?ply=(\d+)"[^>]*aria-current="step"', page)
    assert current == ["4"]
    assert "<svg" in page and 'class="draughts-board brazilian"' in page
    assert "Position after 2... a7-b8" in page
    assert "this position: 2 of 3 occurrences (at the start and after 2...)" in page
    assert "King moves only" in page and "4 of 40 half-moves, since the start" in page
    assert "Five-move endgame" in page and "4 of 10 half-moves" in page
    assert 'href="?ply=3"' in page and 'href="?ply=5"' in page  # previous and next
    assert 'data-step="first"' in page and 'data-step="last"' in page


def test_the_viewer_at_the_last_move_shows_the_draw_holding(tournament, game):
    attach(game, fragments.THREEFOLD, notation="algebraic")
    page = Client().get(url("viewer", tournament.slug, game.pk)).content.decode()
    assert "Position after 4... a7-b8" in page
    assert re.search(r'class="arb-counter holds" data-rule="threefold">.*?'
                     r'<span class="arb-counter-holds">[^<]*<strong[^>]*>draw holds', page, re.S)
    # Nothing after the last move: the step is there for the script, without an address.
    assert re.search(r'<a class="button" aria-disabled="true" data-step="next"', page)
    assert not re.search(r'href="[^"]*"[^>]*data-step="next"', page)


@pytest.mark.parametrize("ply,shown", [("abc", "8/8"), ("99", "8/8"), ("-3", "0/8"),
                                       ("0", "0/8")])
def test_a_bad_ply_is_kept_within_the_sheet(tournament, game, ply, shown):
    attach(game, fragments.THREEFOLD)
    response = Client().get(url("viewer", tournament.slug, game.pk), {"ply": ply})
    assert response.status_code == 200
    assert f'<span class="arb-ply" aria-live="polite">{shown}</span>' in response.content.decode()


def test_the_viewer_shows_where_the_replay_stopped_and_what_follows(tournament, game):
    attach(game, fragments.CAPTURE_IGNORED)
    page = Client().get(url("viewer", tournament.slug, game.pk)).content.decode()
    assert "Art. 23 (f)" in page
    assert '<span class="arb-unreplayed">2. 21-17</span>' in page


def test_the_viewer_flips_the_board(tournament, game):
    attach(game, fragments.THREEFOLD)
    normal = Client().get(url("viewer", tournament.slug, game.pk)).content.decode()
    flipped = Client().get(url("viewer", tournament.slug, game.pk), {"flip": "1"}).content.decode()
    assert normal != flipped
    assert "&amp;flip=1" in flipped


# --- claims -------------------------------------------------------------------------------------

def test_a_draw_claim_is_checked_then_confirmed_to_a_draw(client_arbiter, tournament, game):
    attach(game, fragments.THREEFOLD)
    response = client_arbiter.post(url("draw_claim_new", tournament.slug, game.pk), {
        "claimant": game.black_id, "rule": "threefold", "move": "4..."}, follow=True)
    page = response.content.decode()
    assert "UPHELD" in page and "has stood 3 times" in page
    claim = DrawClaim.objects.get()
    response = client_arbiter.post(url("draw_claim_decide", tournament.slug, claim.pk), {
        "decision": "upheld", "reason": "", "game_version": 1}, follow=True)
    assert fresh(game).result == GameResult.DRAW
    page = response.content.decode()
    assert "draw claim decided" in page and "result entered" in page  # the game's history


@pytest.mark.parametrize("data,field", [
    ({"rule": "threefold", "move": "34"}, "move"),
    ({"rule": "threefold", "move": "9..."}, "move"),
    ({"rule": "bogus", "move": "4..."}, "rule"),
    ({"rule": "threefold", "move": ""}, "move"),
])
def test_bad_claims_are_field_errors(client_arbiter, tournament, game, data, field):
    attach(game, fragments.THREEFOLD)
    response = client_arbiter.post(url("draw_claim_new", tournament.slug, game.pk),
                                   {"claimant": game.white_id, **data})
    assert response.status_code == 200
    assert field_errors(response.content.decode(), field)
    assert not DrawClaim.objects.exists()


def test_overriding_without_a_reason_is_a_field_error(client_arbiter, tournament, game):
    attach(game, fragments.THREEFOLD)
    claim = services.make_draw_claim(game, claimant=game.white, rule="threefold", move="3...")
    response = client_arbiter.post(url("draw_claim_decide", tournament.slug, claim.pk), {
        "decision": "upheld", "reason": "", "game_version": 1})
    assert "Give the reason" in field_errors(response.content.decode(), "reason")
    claim.refresh_from_db()
    assert claim.is_open


def test_deciding_against_a_changed_result_shows_it_with_409(client_arbiter, tournament, game):
    from tournaments.services import record_result

    attach(game, fragments.THREEFOLD)
    claim = services.make_draw_claim(game, claimant=game.white, rule="threefold", move="4...")
    record_result(fresh(game), result="1-0", expected_version=1)
    response = client_arbiter.post(url("draw_claim_decide", tournament.slug, claim.pk), {
        "decision": "upheld", "reason": "", "game_version": 1})
    assert response.status_code == 409
    assert fresh(game).result == "1-0"


def test_the_irregularity_form_proposes_the_sheets_category(client_arbiter, tournament, game):
    attach(game, fragments.CAPTURE_IGNORED)
    page = client_arbiter.get(url("irregularity_new", tournament.slug, game.pk)).content.decode()
    assert 'name="move" value="2."' in page
    assert '<option value="f" selected>' in page
    response = client_arbiter.post(url("irregularity_new", tournament.slug, game.pk), {
        "move": "2.", "category": "", "decision": "stand", "reported_by": game.black_id})
    assert response.status_code == 302
    assert ScoreSheet.objects.get(game=game).moves_count == 5


# --- desk, round, officials ---------------------------------------------------------------------

def test_the_round_view_shows_what_is_missing_with_links(client_arbiter, arbiter):
    tournament = make_tournament(players=4, arbiters=[arbiter], name="Quatro Jogadores")
    game = first_game(tournament)
    attach(game, fragments.THREEFOLD)
    claim = services.make_draw_claim(game, claimant=game.white, rule="threefold", move="4...")
    page = client_arbiter.get(url("round", tournament.slug, 1)).content.decode()
    assert "2 games without a result" in page
    assert "1 without a score sheet" in page
    assert url("draw_claim", tournament.slug, claim.pk) in page
    assert reverse("tournaments:game_result", args=[tournament.slug, game.pk]) in page
    desk = client_arbiter.get(url("desk", tournament.slug)).content.decode()
    assert url("round", tournament.slug, 3) in desk


def test_the_game_history_is_shown_to_arbiters_only(client_arbiter, tournament, game):
    attach(game, fragments.THREEFOLD)
    game_url = url("game", tournament.slug, game.pk)
    assert "score sheet saved" in client_arbiter.get(game_url).content.decode()
    assert "score sheet saved" not in Client().get(game_url).content.decode()


def test_organiser_names_and_removes_arbiters(organiser, tournament, outsider):
    client = Client()
    client.force_login(organiser)
    response = client.post(url("official_add", tournament.slug),
                           {"username": "ninguem", "role": "arbiter"})
    assert "No account has the username" in field_errors(response.content.decode(), "username")
    client.post(url("official_add", tournament.slug), {"username": "torcedor", "role": "arbiter"})
    assert tournament.arbiters.filter(pk=outsider.pk).exists()
    client.post(url("official_remove", tournament.slug), {"user_id": outsider.pk,
                                                          "role": "arbiter"})
    assert not tournament.arbiters.filter(pk=outsider.pk).exists()


def test_the_last_organiser_cannot_be_removed(organiser, tournament):
    client = Client()
    client.force_login(organiser)
    response = client.post(url("official_remove", tournament.slug),
                           {"user_id": organiser.pk, "role": "organiser"}, follow=True)
    assert "at least one organiser" in response.content.decode()
    assert tournament.organisers.filter(pk=organiser.pk).exists()


@pytest.mark.parametrize("with_sheet", [False, True])
def test_the_sheet_page_has_unique_ids_so_every_label_finds_its_field(client_arbiter, tournament,
                                                                      game, with_sheet):
    if with_sheet:
        attach(game, fragments.CAPTURE_MADE)
    page = client_arbiter.get(url("sheet", tournament.slug, game.pk)).content.decode()
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids))
    for target in re.findall(r'<label for="([^"]+)"', page):
        assert target in ids


GARBAGE = [{}, {"version": "x", "game_version": "-1", "move": "<b>34</b>", "rule": "../",
                "decision": "maybe", "claimant": "999999", "reported_by": "abc",
                "category": "z", "user_id": "nope", "role": "king", "username": "",
                "pdn": "\x00[", "notation": "hex", "accepted": "a, b", "let_stand": "on"}]


@pytest.mark.parametrize("data", GARBAGE)
@pytest.mark.parametrize("action", ["sheet", "sheet_move", "sheet_undo", "draw_claim_new",
                                    "draw_claim_decide", "irregularity_new", "official_add",
                                    "official_remove"])
def test_bad_input_never_causes_a_server_error(organiser, tournament, game, action, data):
    attach(game, fragments.THREEFOLD)
    claim = services.make_draw_claim(game, claimant=game.white, rule="threefold", move="4...")
    args = {"draw_claim_decide": [tournament.slug, claim.pk],
            "official_add": [tournament.slug], "official_remove": [tournament.slug]}.get(
        action, [tournament.slug, game.pk])
    client = Client(raise_request_exception=False)
    client.force_login(organiser)
    response = client.post(url(action, *args), data)
    assert response.status_code < 500
    claim.refresh_from_db()
    assert claim.is_open and ScoreSheet.objects.get(game=game).version == 1


def test_the_viewer_explains_a_sheet_it_cannot_replay(tournament, game):
    attach(game, '[GameType "26"]\n[FEN "W:W99:B1"]\n1. 22-18 *\n')
    page = Client().get(url("viewer", tournament.slug, game.pk)).content.decode()
    assert "The starting position (FEN tag) cannot be read." in page
