"""Issue 19: a double click is not a conflict, even when both posts reach the server at once.

Needs PostgreSQL, like the other concurrency tests (see test_robust_concurrency.py)."""

from __future__ import annotations

import pytest
import test_robust_concurrency as concurrency
from robust_http import Browser
from robust_scene import make_paired_tournament
from test_robust_concurrency import all_at_once, open_form, result_url, results_audited

from tournaments.models import Game, GameResult

pytestmark = concurrency.pytestmark  # PostgreSQL only, real transactions


@pytest.fixture
def arbiter(django_user_model):
    return django_user_model.objects.create_user("arbitro-ana")


def test_both_posts_of_a_double_click_at_once_answer_as_the_first(live_server, arbiter):
    tournament = make_paired_tournament(name="Aberto de Campinas", arbiters=[arbiter])
    game = Game.objects.of_tournament(tournament).select_related("round__tournament").first()
    browser = Browser(live_server.url, arbiter)
    form = {**open_form(browser, game), "result": GameResult.DRAW}
    answers = all_at_once([lambda: browser.post(result_url(game), form) for _ in range(2)])
    assert [answer.status for answer in answers] == [302, 302]
    game.refresh_from_db()
    assert (game.result, game.version) == (GameResult.DRAW, 2)
    assert [entry.after["result"] for entry in results_audited(game)] == [GameResult.DRAW]
