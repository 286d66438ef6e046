"""The database itself refuses rows that break the rules, whatever wrote them (issue 5)."""

from decimal import Decimal

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import RestrictedError
from tournament_factories import game_at, make_tournament

from tournaments.models import Entry, Game, Player, Round, Tournament
from tournaments.standings.tiebreaks import DEFAULT_ORDER

pytestmark = pytest.mark.django_db


def assert_refused(save) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        save()


@pytest.fixture
def paired():
    return make_tournament(4, paired=True)


def test_defaults_follow_the_regulation():
    tournament = Tournament.objects.create(name="Aberto", slug="aberto")
    assert (tournament.scoring_win, tournament.scoring_draw, tournament.scoring_loss) == (
        Decimal("1"), Decimal("0.5"), Decimal("0"))  # Art. 2 §1
    assert tournament.tiebreaks == list(DEFAULT_ORDER)  # Art. 4
    assert tournament.draw_profile == "cbd"
    assert tournament.cycles == 1 and tournament.swap_last_two is True


@pytest.mark.parametrize("changes", [
    {"board": 81},
    {"cycles": 3},
    {"time_control": "bullet"},
    {"draw_profile": "fide"},
    {"status": "cancelled"},
    {"scoring_loss": Decimal("-1")},
    {"scoring_win": Decimal("0.5"), "scoring_draw": Decimal("1")},
    {"scoring_win": Decimal("0"), "scoring_draw": Decimal("0"), "scoring_loss": Decimal("0")},
    {"name": ""},
])
def test_tournament_constraints(changes):
    assert_refused(lambda: Tournament.objects.create(
        **{"name": "Aberto", "slug": "aberto", **changes}))


def test_fmjd_scoring_is_accepted():
    tournament = Tournament.objects.create(name="FMJD", slug="fmjd", scoring_win=2,
                                           scoring_draw=1, scoring_loss=0)
    assert tournament.scoring.win == 2


def test_pairing_number_unique_per_tournament_and_positive(paired):
    entry = paired.entries.get(number=2)
    entry.number = 1
    assert_refused(entry.save)
    entry.number = 0
    assert_refused(entry.save)


def test_same_number_allowed_in_another_tournament(paired):
    other = make_tournament(2, name="Outro", paired=True)
    assert other.entries.filter(number=1).exists() and paired.entries.filter(number=1).exists()


def test_a_player_enters_a_tournament_once(paired):
    entry = paired.entries.first()
    assert_refused(lambda: Entry.objects.create(tournament=paired, player=entry.player))


def test_white_is_not_black(paired):
    game = game_at(paired, 1, 1)
    game.black = game.white
    assert_refused(game.save)


def test_result_must_be_allowed(paired):
    game = game_at(paired, 1, 1)
    game.result = "2-0"
    assert_refused(game.save)


@pytest.mark.parametrize("result", ["", "1-0", "0-1", "1/2-1/2", "+-", "-+", "--"])
def test_every_allowed_result_is_stored(paired, result):
    game = game_at(paired, 1, 1)
    game.result = result
    game.save()
    assert Game.objects.get(pk=game.pk).result == result


def test_board_unique_per_round(paired):
    first, second = game_at(paired, 1, 1), game_at(paired, 1, 2)
    second.board = first.board
    assert_refused(second.save)


def test_a_player_is_white_once_per_round(paired):
    first, second = game_at(paired, 1, 1), game_at(paired, 1, 2)
    second.white = first.white
    assert_refused(second.save)


def test_round_number_unique_and_positive(paired):
    assert_refused(lambda: Round.objects.create(tournament=paired, number=1))
    assert_refused(lambda: Round.objects.create(tournament=paired, number=0))


def test_federation_id_unique_when_given():
    Player.objects.create(name="Ana", federation_id="CBD-1")
    Player.objects.create(name="Bia")
    Player.objects.create(name="Carla")  # two players without an id are fine
    assert_refused(lambda: Player.objects.create(name="Dora", federation_id="CBD-1"))


def test_players_in_games_cannot_be_deleted_but_the_tournament_can(paired):
    entry = paired.entries.get(number=1)
    with pytest.raises(RestrictedError), transaction.atomic():
        entry.delete()
    paired.delete()
    assert not Game.objects.exists()


def test_tiebreak_order_is_validated_against_the_registry():
    tournament = Tournament(name="Aberto", slug="aberto", tiebreaks=["wins", "coin-toss"])
    with pytest.raises(ValidationError, match="coin-toss"):
        tournament.full_clean()
    tournament.tiebreaks = ["wins", "wins"]
    with pytest.raises(ValidationError):
        tournament.full_clean()
    tournament.tiebreaks = ["most-black", "wins"]
    tournament.full_clean()


def test_organisers_group_may_create_tournaments():
    group = Group.objects.get(name="Organizadores")
    assert list(group.permissions.values_list("codename", flat=True)) == ["add_tournament"]


def test_scheduled_colours_follow_a_swap(paired):
    game = game_at(paired, 1, 1)
    white, black = game.white, game.black
    game.white, game.black, game.colours_swapped = black, white, True
    game.save()
    assert game.scheduled_white == white and game.white == black
