"""A tournament's draw profile and notation must fit its board (RULES.md, profile table)."""

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from tournament_factories import make_tournament

from tournaments.models import Board, DrawProfile, Notation, Tournament
from tournaments.pages.forms import TournamentForm

pytestmark = pytest.mark.django_db


def form_data(**overrides) -> dict:
    data = {"name": "Campeonato Paulista", "place": "Santos", "board": Board.BRAZILIAN,
            "time_control": "classical", "draw_profile": DrawProfile.CBD, "notation": "",
            "cycles": 1, "swap_last_two": "on", "scoring_win": "1", "scoring_draw": "0.5",
            "scoring_loss": "0", "tiebreak_1": "direct-encounter"}
    data.update(overrides)
    return data


@pytest.mark.parametrize("profile", [DrawProfile.REGIONAL, DrawProfile.BASIC, DrawProfile.CLUB])
def test_database_refuses_a_64_square_profile_on_100_squares(profile):
    with pytest.raises(IntegrityError), transaction.atomic():
        Tournament.objects.create(name="Open", slug="open", board=Board.INTERNATIONAL,
                                  draw_profile=profile)


def test_database_refuses_algebraic_notation_on_100_squares():
    with pytest.raises(IntegrityError), transaction.atomic():
        Tournament.objects.create(name="Open", slug="open", board=Board.INTERNATIONAL,
                                  notation=Notation.ALGEBRAIC)


def test_form_names_the_profile_field_when_it_does_not_fit_the_board():
    form = TournamentForm(data=form_data(board=Board.INTERNATIONAL, draw_profile="club"))
    assert not form.is_valid()
    assert list(form.errors) == ["draw_profile"]


def test_form_names_the_notation_field_for_algebraic_on_100_squares():
    form = TournamentForm(data=form_data(board=Board.INTERNATIONAL, notation="algebraic"))
    assert not form.is_valid()
    assert list(form.errors) == ["notation"]


def test_form_accepts_a_club_profile_on_64_squares():
    form = TournamentForm(data=form_data(draw_profile="club", notation="numeric"))
    assert form.is_valid(), form.errors


@pytest.mark.parametrize(("board", "chosen", "used"), [
    (Board.BRAZILIAN, "", "algebraic"),
    (Board.INTERNATIONAL, "", "numeric"),
    (Board.BRAZILIAN, "numeric", "numeric"),
])
def test_sheets_use_the_chosen_notation_else_the_boards_usual_one(board, chosen, used):
    assert Tournament(name="T", board=board, notation=chosen).move_notation == used


def test_round_page_links_each_game_to_its_public_game_page(client):
    tournament = make_tournament(4, paired=True)
    game = tournament.rounds.get(number=1).games.first()
    page = client.get(reverse("tournaments:round", args=[tournament.slug, 1])).content.decode()
    assert reverse("arbitration:game", args=[tournament.slug, game.pk]) in page


def test_tournament_page_offers_the_printed_documents_and_the_games_as_pdn(client):
    tournament = make_tournament(4, paired=True)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert reverse("printing:crosstable", kwargs={"slug": tournament.slug}) in page
    assert reverse("arbitration:tournament_pdn", args=[tournament.slug]) in page


def test_round_page_offers_that_rounds_pairings_and_slips(client):
    tournament = make_tournament(4, paired=True)
    page = client.get(reverse("tournaments:round", args=[tournament.slug, 2])).content.decode()
    assert reverse("printing:pairings", kwargs={"slug": tournament.slug, "round_number": 2}) in page
    assert reverse("printing:slips", kwargs={"slug": tournament.slug, "round_number": 2}) in page
