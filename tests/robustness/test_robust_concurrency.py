"""Concurrent edits through real HTTP requests on PostgreSQL (issue 9).

Two arbiters who loaded the same result form both save it at once: one is saved, the other is
told the result changed meanwhile and shown both, and nothing is overwritten. Many arbiters
entering different games at once: every result is stored and audited once.

They run on PostgreSQL and on SQLite: the tests' SQLite database is a file (tests/conftest.py),
so each request has its own connection and the writers queue as on `make run` (issue 13).
"""

from __future__ import annotations

import threading
from collections import Counter

import pytest
from django.db import connection
from django.urls import reverse
from robust_http import Answer, Browser, hidden_value
from robust_scene import REPEATING_SHEET, first_game, make_paired_tournament

from arbitration import services as arbitration_services
from arbitration.models import Action, AuditEntry, DrawClaim
from tournaments.models import Game, GameResult, Status

pytestmark = pytest.mark.django_db(transaction=True)


def all_at_once(tasks) -> list:
    """Run the callables in threads released together; their results, in order."""
    barrier = threading.Barrier(len(tasks))
    results: list = [None] * len(tasks)
    errors: list[BaseException] = []

    def run(index, task):
        try:
            barrier.wait(timeout=30)
            results[index] = task()
        except BaseException as error:  # reported in the test's thread below
            errors.append(error)
        finally:
            connection.close()  # each thread's own connection, if it opened one

    threads = [threading.Thread(target=run, args=(index, task))
               for index, task in enumerate(tasks)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=90)
    assert not errors, errors
    assert not any(thread.is_alive() for thread in threads), "a request never returned"
    return results


def result_url(game: Game) -> str:
    return reverse("tournaments:game_result", args=[game.round.tournament.slug, game.pk])


def open_form(browser: Browser, game: Game) -> dict:
    """Load the result form as the arbiter sees it: its CSRF token and version."""
    page = browser.get(result_url(game))
    assert page.status == 200, page.status
    return {"csrfmiddlewaretoken": hidden_value(page.html, "csrfmiddlewaretoken"),
            "version": hidden_value(page.html, "version")}


def results_audited(game: Game) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(
        game=game, action__in=[Action.RESULT_ENTERED, Action.RESULT_CORRECTED]))


@pytest.fixture
def arbiters(django_user_model):
    return [django_user_model.objects.create_user(name)
            for name in ("arbitro-ana", "arbitro-joao")]


def test_two_arbiters_saving_one_game_from_stale_pages(live_server, arbiters):
    """Repeated on several games, so that the two posts meet in different orders."""
    tournament = make_paired_tournament(name="Aberto de Campinas", arbiters=arbiters)
    ana, joao = (Browser(live_server.url, arbiter) for arbiter in arbiters)
    games = list(Game.objects.of_tournament(tournament).select_related("round__tournament"))
    entered = {ana: GameResult.WHITE_WIN, joao: GameResult.BLACK_WIN}
    for game in games:
        forms = {browser: open_form(browser, game) for browser in (ana, joao)}
        assert forms[ana]["version"] == forms[joao]["version"] == "1"
        answers: list[Answer] = all_at_once([
            lambda browser=browser, game=game, form=forms[browser]: browser.post(
                result_url(game), {**form, "result": entered[browser]})
            for browser in (ana, joao)])
        statuses = sorted(answer.status for answer in answers)
        assert statuses == [302, 409], statuses
        saved_by, refused = (ana, joao) if answers[0].status == 302 else (joao, ana)
        conflict = answers[1] if answers[0].status == 302 else answers[0]
        # The first is stored, once, and audited once.
        game.refresh_from_db()
        assert (game.result, game.version) == (entered[saved_by], 2)
        audited = results_audited(game)
        assert [entry.after["result"] for entry in audited] == [entered[saved_by]]
        # The second is told, and shown both results: the stored one and his own.
        assert "changed by someone else" in conflict.html
        assert f"Its result is now {GameResult(entered[saved_by]).label}" in conflict.html
        assert ("What you entered was not saved: "
                f"{GameResult(entered[refused]).label}") in conflict.html
        # His page now carries the new version: saving again is a deliberate correction.
        assert hidden_value(conflict.html, "version") == "2"


def test_many_arbiters_enter_different_games_at_once(live_server, django_user_model):
    arbiters = [django_user_model.objects.create_user(f"arbitro-{n}") for n in range(4)]
    tournament = make_paired_tournament(name="Aberto de Campinas", arbiters=arbiters)
    # Four players: three rounds of two games; every game entered by its own request.
    games = list(Game.objects.of_tournament(tournament).select_related("round__tournament"))
    assert len(games) == 6
    browsers = [Browser(live_server.url, arbiters[index % len(arbiters)])
                for index in range(len(games))]
    forms = [open_form(browser, game) for browser, game in zip(browsers, games, strict=True)]
    results = [GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN,
               GameResult.WHITE_FORFEIT_WIN, GameResult.DRAW, GameResult.WHITE_WIN]
    answers = all_at_once([
        lambda browser=browser, game=game, form=form, result=result: browser.post(
            result_url(game), {**form, "result": result})
        for browser, game, form, result in zip(browsers, games, forms, results, strict=True)])
    assert [answer.status for answer in answers] == [302] * len(games)
    for index, (game, result) in enumerate(zip(games, results, strict=True)):
        game.refresh_from_db()
        assert (game.result, game.version) == (result, 2)
        audited = results_audited(game)
        assert [(entry.after["result"], entry.actor_name) for entry in audited] == [
            (result, arbiters[index % len(arbiters)].username)]
    assert Counter(entry.action for entry in AuditEntry.objects.filter(
        tournament=tournament, game__isnull=False)) == {Action.RESULT_ENTERED: len(games)}
    # The last results came in together: the tournament is finished all the same.
    tournament.refresh_from_db()
    assert tournament.status == Status.FINISHED


def test_a_withdrawal_and_a_result_of_his_game_at_once(live_server, arbiters):
    """The withdrawal turns the player's unplayed games into forfeits while another arbiter
    saves one of them: whichever comes second sees the first, and every change is audited."""
    tournament = make_paired_tournament(name="Aberto de Campinas", arbiters=arbiters)
    leaver = tournament.entries.get(number=1)
    his_games = list(Game.objects.of_tournament(tournament).involving(leaver)
                     .select_related("round__tournament"))
    game = his_games[-1]
    ana, joao = (Browser(live_server.url, arbiter) for arbiter in arbiters)
    detail = ana.get(reverse("tournaments:detail", args=[tournament.slug]))
    token = hidden_value(detail.html, "csrfmiddlewaretoken")
    form = open_form(joao, game)
    withdrawal, entry = all_at_once([
        lambda: ana.post(reverse("tournaments:withdraw", args=[tournament.slug, leaver.pk]),
                         {"csrfmiddlewaretoken": token}),
        lambda: joao.post(result_url(game), {**form, "result": GameResult.DRAW}),
    ])
    assert withdrawal.status == 302
    assert "remaining game" in ana.get(withdrawal.location).html  # the success message
    assert entry.status in (302, 409), entry.status
    game.refresh_from_db()
    if entry.status == 302:  # entered first: a result over the board stays (Art. 28)
        assert game.result == GameResult.DRAW
    else:  # entered second: told that the game became a forfeit
        assert game.result in (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN)
        assert "changed by someone else" in entry.html
    for each in his_games:
        each.refresh_from_db()
        assert each.result and len(results_audited(each)) == each.version - 1


def test_a_claim_upheld_while_another_arbiter_enters_the_result(live_server, arbiters):
    """Upholding writes a draw through the same versioned step as the result form: one of the
    two is saved, the other is told, and the claim is decided only if its draw was saved."""
    tournament = make_paired_tournament(name="Aberto de Campinas", arbiters=arbiters,
                                        players=2)
    game = first_game(tournament)
    arbitration_services.save_sheet(game, pdn=REPEATING_SHEET, notation="algebraic",
                                    expected_version=0)
    claim = arbitration_services.make_draw_claim(game, claimant=game.white, rule="threefold",
                                                 move="4...")
    ana, joao = (Browser(live_server.url, arbiter) for arbiter in arbiters)
    claim_page = ana.get(reverse("arbitration:draw_claim", args=[tournament.slug, claim.pk]))
    decision = {"csrfmiddlewaretoken": hidden_value(claim_page.html, "csrfmiddlewaretoken"),
                "game_version": hidden_value(claim_page.html, "game_version"),
                "decision": "upheld", "reason": ""}
    form = open_form(joao, game)
    decided, entered = all_at_once([
        lambda: ana.post(reverse("arbitration:draw_claim_decide",
                                 args=[tournament.slug, claim.pk]), decision),
        lambda: joao.post(result_url(game), {**form, "result": GameResult.WHITE_WIN}),
    ])
    assert sorted([decided.status, entered.status]) == [302, 409]
    game.refresh_from_db()
    claim = DrawClaim.objects.get(pk=claim.pk)
    if decided.status == 302:
        assert (game.result, claim.decision) == (GameResult.DRAW, "upheld")
    else:
        assert (game.result, claim.decision) == (GameResult.WHITE_WIN, "")
    assert (game.version, len(results_audited(game))) == (2, 1)
