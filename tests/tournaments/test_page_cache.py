"""Public pages from the shared cache, with HTTP validators; private pages for signed-in users
(issue 15). Each test runs on local memory and again on Redis when one answers."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone
from page_cache_support import csv_rows, page_cache  # noqa: F401 -- the fixture
from tournament_factories import game_at, make_tournament, play

from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("page_cache")]


@pytest.fixture
def tournament(organiser, arbiter):
    tournament = make_tournament(4, organiser=organiser, arbiter=arbiter, paired=True,
                                 name="Aberto de Campinas")
    play(tournament, {(1, 1): "1-0"})
    return tournament


def settled(tournament: Tournament) -> None:
    """As if the last change were a few seconds old (Last-Modified waits for its second)."""
    Tournament.objects.filter(pk=tournament.pk).update(
        changed_at=timezone.now() - timedelta(seconds=5))


def standings_url(tournament: Tournament, **query) -> str:
    url = reverse("tournaments:standings", args=[tournament.slug])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def test_an_anonymous_page_is_public_with_validators_and_answers_304(tournament):
    settled(tournament)
    visitor = Client()
    first = visitor.get(standings_url(tournament))
    assert first.status_code == 200
    assert "public" in first["Cache-Control"] and "max-age=5" in first["Cache-Control"]
    assert first["ETag"] and first["Last-Modified"]
    assert "Cookie" in first["Vary"] and not first.cookies
    again = visitor.get(standings_url(tournament), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    since = visitor.get(standings_url(tournament), HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert since.status_code == 304


def test_a_result_shows_at_once_with_a_new_etag(tournament):
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    before = visitor.get(standings_url(tournament, _export="csv"))
    assert {row["No."]: row["Points"] for row in csv_rows(before)}["3"] == "0"
    game = game_at(tournament, 1, 2)
    services.record_result(game, result="0-1" if game.black.number == 3 else "1-0",
                           expected_version=game.version)
    after = visitor.get(standings_url(tournament, _export="csv"), HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert {row["No."]: row["Points"] for row in csv_rows(after)}["3"] == "1"


def test_last_modified_waits_until_the_second_of_the_change_is_over(tournament):
    response = Client().get(standings_url(tournament))
    assert response["ETag"] and not response.has_header("Last-Modified")


def test_signed_in_pages_are_private_and_keep_the_arbiters_buttons(tournament, arbiter):
    url = reverse("tournaments:round", args=[tournament.slug, 1])
    public = Client(HTTP_ACCEPT_LANGUAGE="en").get(url)
    assert "Enter result" not in public.content.decode()
    desk = Client(HTTP_ACCEPT_LANGUAGE="en")
    desk.force_login(arbiter)
    private = desk.get(url)
    assert "Enter result" in private.content.decode()
    assert "private" in private["Cache-Control"] and "public" not in private["Cache-Control"]
    assert not private.has_header("ETag")
    # ...and the visitors' stored page never picked the buttons up.
    assert "Enter result" not in Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()


def test_each_language_is_stored_apart(tournament):
    url = reverse("tournaments:crosstable", args=[tournament.slug])
    portuguese = Client().get(url).content.decode()
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()
    assert re.search(r">1B<", portuguese) and re.search(r">0P<", portuguese)
    assert re.search(r">1W<", english) and re.search(r">0B<", english)
    assert Client().get(url).content.decode() == portuguese


def test_a_visitor_with_a_message_waiting_reads_it_and_nobody_else_does(organiser):
    unpaired = make_tournament(2, organiser=organiser, name="Sem Rodadas")
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    detail = reverse("tournaments:detail", args=[unpaired.slug])
    visitor.get(detail)  # stored for everyone, without a message
    redirected = visitor.get(reverse("tournaments:rounds", args=[unpaired.slug]), follow=True)
    assert "Rounds not generated yet" in redirected.content.decode()
    assert "class=\"message" in redirected.content.decode()
    assert "class=\"message" not in Client(HTTP_ACCEPT_LANGUAGE="en").get(detail).content.decode()


def test_the_home_page_lists_a_new_tournament_at_once(tournament, organiser):
    visitor = Client()
    assert "Aberto de Recife" not in visitor.get(reverse("home")).content.decode()
    make_tournament(organiser=organiser, name="Aberto de Recife")
    assert "Aberto de Recife" in visitor.get(reverse("home")).content.decode()
    assert "Aberto de Recife" in visitor.get(reverse("tournaments:list")).content.decode()


def test_a_renamed_player_shows_at_once(tournament):
    url = reverse("tournaments:crosstable", args=[tournament.slug])
    assert "Ana Beatriz" not in Client().get(url).content.decode()
    player = tournament.entries.get(number=2).player
    player.name = "Ana Beatriz Conceição"
    player.save()
    assert "Ana Beatriz Conceição" in Client().get(url).content.decode()


def test_a_cache_server_that_does_not_answer_only_makes_pages_slower(tournament):
    gone = {"default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:9/0",  # the discard port: nothing listens there
        "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2}}}
    with override_settings(CACHES=gone):
        for name in ("standings", "crosstable", "detail"):
            response = Client().get(reverse(f"tournaments:{name}", args=[tournament.slug]))
            assert response.status_code == 200, name


# --- the crosstable grid ----------------------------------------------------------------------

def grid_numbers(page: str) -> list[int]:
    return [int(number) for number in re.findall(r'<td class="number pin-no">(\d+)</td>', page)]


def test_the_crosstable_sorts_like_the_other_tables(tournament):
    url = reverse("tournaments:crosstable", args=[tournament.slug])
    by_rank = grid_numbers(Client().get(url).content.decode())
    assert by_rank[0] in (1, 3) and len(by_rank) == 4  # round 1: 1-4 won by White... or Black
    assert grid_numbers(Client().get(url + "?sort=number").content.decode()) == [1, 2, 3, 4]
    assert grid_numbers(Client().get(url + "?sort=-number").content.decode()) == [4, 3, 2, 1]
    assert grid_numbers(Client().get(url + "?sort=nonsense").content.decode()) == by_rank
    page = Client().get(url + "?sort=number").content.decode()
    assert 'class="number pin-no orderable asc"' in page and "sort=-number" in page


def test_a_100_player_round_robin_half_played_crosstable_is_under_300_kib(organiser):
    big = make_tournament(100, organiser=organiser, paired=True, name="Aberto de 100")
    from tournaments.models import Game

    half = Game.objects.of_tournament(big).filter(round__number__lte=50)
    half.filter(board__lte=25).update(result="1-0")
    half.filter(board__gt=25).update(result="1/2-1/2")
    half.filter(board=50).update(result="-+")
    services.record_result(game_at(big, 60, 1), result="0-1", expected_version=1)  # bumps
    response = Client().get(reverse("tournaments:crosstable", args=[big.slug]))
    page = response.content
    assert response.status_code == 200
    assert len(page) < 300 * 1024, f"{len(page) / 1024:.0f} KiB"
    text = page.decode()
    assert len(grid_numbers(text)) == 100
    assert text.count('<td class="cross">') == 100 * 100
    assert text.count('class="cell forfeit"') == 2 * 50


def test_a_result_computes_the_standings_and_crosstables_as_it_commits(
        tournament, django_capture_on_commit_callbacks):
    from tournaments.cache.pages import cache_get, piece_key
    from tournaments.cache.versions import token_of

    game = game_at(tournament, 1, 2)
    with django_capture_on_commit_callbacks(execute=True):
        services.record_result(game, result="1/2-1/2", expected_version=game.version)
    token = token_of(Tournament.objects.get(pk=tournament.pk))
    for piece in ("round-numbers", "standings:None", "crosstable-grid:pt-br:number",
                  "crosstable-grid:en:number"):
        assert cache_get(piece_key(token, piece)) is not None, piece


def test_a_made_up_query_string_is_answered_but_not_stored(tournament, request):
    from tournaments.cache.pages import process_cache

    url = reverse("tournaments:standings", args=[tournament.slug])
    made_up = Client().get(url + "?utm=a%20b&x=1")
    assert made_up.status_code == 200 and not made_up.has_header("ETag")
    odd_sort = Client().get(url + "?sort=" + "n" * 40)
    assert odd_sort.status_code == 200 and not odd_sort.has_header("ETag")
    stored = Client().get(url + "?sort=-points&rodada=1")
    assert stored.has_header("ETag")
    if request.getfixturevalue("page_cache") == "memory":
        assert len([key for key in process_cache.entries if ":response:" in key]) == 1
