"""Issue 12: the tournament form offers only the draw profiles and notations that fit the board."""

import pytest
from tournament_factories import make_tournament

from tournaments.pages.forms import TournamentForm

pytestmark = pytest.mark.django_db


def values(form, name: str) -> list[str]:
    return [value for value, _label in form.fields[name].choices]


def test_a_100_square_tournament_is_offered_only_what_fits():
    form = TournamentForm(instance=make_tournament(board=100, name="Internacional"))
    assert values(form, "draw_profile") == ["cbd"]
    assert "algebraic" not in values(form, "notation")


def test_the_64_only_choices_are_marked_for_the_page_script():
    form = TournamentForm()
    assert values(form, "draw_profile") == ["cbd", "regional", "basic", "club"]
    html = str(form["draw_profile"]) + str(form["notation"])
    assert 'data-only-64="regional basic club"' in html and 'data-only-64="algebraic"' in html
    assert "data-board-select" in str(form["board"])
