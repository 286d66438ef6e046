"""The creation form shows the chosen pairing system's fields and tie-breaks, and saves what it
shows (issue 25): a Swiss form showed the round robin's cycles, last-two-rounds swap and
tie-break order, then saved the Swiss order without a word. No JavaScript is needed: the
system is chosen with a link and travels in a hidden field."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from tournaments.models import Tournament
from tournaments.standings.tiebreaks import DEFAULT_ORDER, DEFAULT_SWISS_ORDER

pytestmark = pytest.mark.django_db

BASICS = {"name": "Aberto de Santos", "board": 64, "time_control": "classical",
          "draw_profile": "cbd", "notation": "", "scoring_win": "1", "scoring_draw": "0.5",
          "scoring_loss": "0"}


def shown_tiebreaks(page: str) -> list[str]:
    """The tie-break selected at each position, as the page shows it."""
    chosen = []
    for select in re.findall(r'<select name="tiebreak_\d+".*?</select>', page, re.S):
        value = re.search(r'<option value="([^"]*)" selected>', select)
        chosen.append(value.group(1) if value else "")
    return [value for value in chosen if value]


def page(client, query: str = "") -> str:
    return html.unescape(client.get(reverse("tournaments:create") + query,
                                    HTTP_ACCEPT_LANGUAGE="en").content.decode())


def test_the_swiss_form_shows_the_swiss_fields_and_tie_breaks(client, organiser):
    client.force_login(organiser)
    swiss = page(client, "?system=swiss")
    assert 'name="swiss_rounds"' in swiss and 'name="bye_points"' in swiss
    assert 'name="cycles"' not in swiss and 'name="swap_last_two"' not in swiss
    assert shown_tiebreaks(swiss) == list(DEFAULT_SWISS_ORDER)
    assert '<input type="hidden" name="system" value="swiss"' in swiss
    assert 'href="?system=round-robin"' in swiss


def test_the_round_robin_form_shows_only_its_own(client, organiser):
    client.force_login(organiser)
    robin = page(client)
    assert 'name="cycles"' in robin and 'name="swap_last_two"' in robin
    assert 'name="swiss_rounds"' not in robin and 'name="max_requested_byes"' not in robin
    assert shown_tiebreaks(robin) == list(DEFAULT_ORDER)
    assert 'href="?system=swiss"' in robin


def test_a_swiss_saves_the_tie_breaks_it_was_given(client, organiser):
    """The order sent is the order saved, even the round robin's: nothing is swapped silently."""
    client.force_login(organiser)
    chosen = {f"tiebreak_{i}": key for i, key in enumerate(DEFAULT_ORDER, start=1)}
    response = client.post(reverse("tournaments:create"), {
        **BASICS, "system": "swiss", "swiss_rounds": 7, "cycles": 2, **chosen})
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.is_swiss and tournament.tiebreaks == list(DEFAULT_ORDER)
    assert tournament.cycles == 1  # a round robin's field sent to the Swiss form is ignored
