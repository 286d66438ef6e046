"""Inputs that once broke a page with a server error, each replayed through the site."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from robust_scene import first_game, make_paired_tournament

from arbitration.models import ScoreSheet
from tournaments.files.backup import export_tournament, import_tournament
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

HUGE_NUMBER = "9" * 4301


def signed_in(user) -> Client:
    client = Client(raise_request_exception=False, headers={"accept-language": "en"})
    client.force_login(user)
    return client


def test_a_tournament_without_tie_breaks_is_created_and_backed_up(organiser):
    """Every tie-break left at "(none)" is a valid order (Art. 4 leaves it to the organiser);
    the model refused an empty order in full_clean, a server error on the form."""
    form = {"name": "Sem desempate", "board": "64", "time_control": "classical",
            "draw_profile": "cbd", "cycles": "1", "scoring_win": "1", "scoring_draw": "0.5",
            "scoring_loss": "0", **{f"tiebreak_{n}": "" for n in range(1, 7)}}
    response = signed_in(organiser).post(reverse("tournaments:create"), form)
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Sem desempate")
    assert tournament.tiebreaks == []
    copy = import_tournament({**export_tournament(tournament), "name": "Sem desempate 2"})
    assert copy.tiebreaks == []


@pytest.mark.parametrize("pdn", [
    f"{HUGE_NUMBER}. e3-f4 *",  # a move number longer than int() reads
    f"1. e3-f4 ${HUGE_NUMBER} *",  # a NAG as long
    '[GameType "²"]\n1. e3-f4 *',  # a digit that isdigit() accepts and int() does not
])
def test_a_pasted_sheet_that_once_broke_the_page_is_kept_and_shown(organiser, arbiter, pdn):
    tournament = make_paired_tournament(name="Aberto de Santos", organiser=organiser,
                                        arbiters=[arbiter], players=2)
    game = first_game(tournament)
    client = signed_in(arbiter)
    url = reverse("arbitration:sheet", args=[tournament.slug, game.pk])
    response = client.post(url, {"pdn": pdn, "notation": "algebraic", "accepted": "",
                                 "version": 0})
    assert response.status_code == 302
    assert ScoreSheet.objects.get(game=game).pdn == pdn  # kept exactly as written
    for page in (url, reverse("arbitration:game", args=[tournament.slug, game.pk]),
                 reverse("arbitration:viewer", args=[tournament.slug, game.pk])):
        assert client.get(page).status_code == 200, page


@pytest.mark.parametrize("version", [None, "", "abc", "-1", "0"])
def test_a_result_form_with_a_missing_or_tampered_version_says_so(organiser, arbiter, version):
    """The version is a hidden field: its error was not shown, and the form came back silent."""
    tournament = make_paired_tournament(name="Aberto de Santos", organiser=organiser,
                                        arbiters=[arbiter], players=2)
    game = first_game(tournament)
    data = {"result": "1-0"} if version is None else {"result": "1-0", "version": version}
    response = signed_in(arbiter).post(
        reverse("tournaments:game_result", args=[tournament.slug, game.pk]), data)
    assert response.status_code == 200
    assert "The form was incomplete: nothing was changed." in response.content.decode()
    game.refresh_from_db()
    assert (game.result, game.version) == ("", 1)


def test_a_binary_score_sheet_upload_is_refused_on_the_form(organiser, arbiter):
    """A NUL character reached PostgreSQL, which cannot store it: a server error there."""
    tournament = make_paired_tournament(name="Aberto de Santos", organiser=organiser,
                                        arbiters=[arbiter], players=2)
    game = first_game(tournament)
    # A zip (an .xlsx sent by mistake): NUL bytes that no text encoding explains. (UTF-16, once
    # the example here, is text since issue 20: Excel's "Texto Unicode" is read.)
    upload = SimpleUploadedFile("partida.pdn", b"PK\x03\x04\x14\x00\x00\x00\x08\x00"
                                b"\x00\x00!\x00\xb7\x8c\x00\x00\x00\x00\x13\x00")
    response = signed_in(arbiter).post(
        reverse("arbitration:sheet", args=[tournament.slug, game.pk]),
        {"upload": upload, "notation": "algebraic", "accepted": "", "version": 0})
    assert response.status_code == 200
    assert "so it is not a text file" in response.content.decode()
    assert not ScoreSheet.objects.filter(game=game).exists()


def test_a_stale_result_form_shows_both_results(organiser, arbiter, second_arbiter):
    """The conflict page said only what is stored; what the second arbiter entered was lost
    from view. (Concurrent posts: test_robust_concurrency.py, on PostgreSQL.)"""
    tournament = make_paired_tournament(name="Aberto de Santos", organiser=organiser,
                                        arbiters=[arbiter, second_arbiter], players=2)
    game = first_game(tournament)
    url = reverse("tournaments:game_result", args=[tournament.slug, game.pk])
    assert signed_in(arbiter).post(url, {"result": "1-0", "version": 1}).status_code == 302
    response = signed_in(second_arbiter).post(
        url, {"result": "0-1", "colours_swapped": "on", "version": 1})
    assert response.status_code == 409
    page = response.content.decode()
    white, black = game.white.player.name, game.black.player.name
    assert f"Its result is now 1-0 (White wins) ({white} with White, {black} with Black)" in page
    assert (f"What you entered was not saved: 0-1 (Black wins) ({black} with White, {white} "
            "with Black)") in page
    game.refresh_from_db()
    assert (game.result, game.version, game.colours_swapped) == ("1-0", 2, False)
