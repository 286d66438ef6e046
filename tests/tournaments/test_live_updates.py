"""Issue 12, live pages: the round and standings pages poll a small JSON address while a round
is in play; nothing changed costs a bodiless 304, a change sends the table, and the answer says
when to stop (tests/browser/test_players_on_a_phone.py drives the page's script)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from tournament_factories import make_tournament, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(organiser, arbiter):
    """Five players, paired: two games a round, round 1 half played."""
    tournament = make_tournament(5, organiser=organiser, arbiter=arbiter, paired=True,
                                 name="Aberto de Recife")
    play(tournament, {(1, 1): "1-0"})
    return tournament


def page_live(page: str) -> dict[str, str]:
    """The data-live-* attributes of the page's live table ({} when it does not update)."""
    return dict(re.findall(r'data-live-(url|etag|seconds)="([^"]*)"', page))


def get(client, url: str, etag: str | None = None, **query):
    headers = {"HTTP_ACCEPT_LANGUAGE": "en"}
    if etag:
        headers["HTTP_IF_NONE_MATCH"] = etag.replace("&quot;", '"')
    return client.get(url, query, **headers)


def test_the_round_in_play_updates_itself_until_it_is_complete(tournament):
    client = Client()
    page = get(client, reverse("tournaments:round", args=[tournament.slug, 1])).content.decode()
    live = page_live(page)
    assert live["url"] == reverse("tournaments:round_live", args=[tournament.slug, 1])
    assert "js/live.js" in page
    # Nothing changed since the page was drawn: 304, no body.
    unchanged = get(client, live["url"], live["etag"])
    assert unchanged.status_code == 304 and unchanged.content == b""

    play(tournament, {(1, 2): "0-1"})
    changed = get(client, live["url"], live["etag"])
    assert changed.status_code == 200 and changed["ETag"] != live["etag"]
    answer = changed.json()
    assert answer["live"] is False  # both games have results: the page stops asking
    assert 'class="table-container"' in answer["html"] and "0-1" in answer["html"]
    assert answer["status"].startswith("Updated at")
    assert get(client, live["url"], changed["ETag"]).status_code == 304
    # Drawn again, the complete round no longer asks; nor does a round not yet started.
    assert page_live(get(client, reverse("tournaments:round", args=[tournament.slug, 1]))
                     .content.decode()) == {}
    assert page_live(get(client, reverse("tournaments:round", args=[tournament.slug, 3]))
                     .content.decode()) == {}


def test_the_standings_follow_the_round_in_play(tournament):
    client = Client()
    standings = reverse("tournaments:standings", args=[tournament.slug])
    live = page_live(get(client, standings).content.decode())
    assert live["url"] == reverse("tournaments:standings_live", args=[tournament.slug, 1])
    assert get(client, live["url"], live["etag"]).status_code == 304
    # The standings after an earlier round never change: no live table there.
    assert page_live(get(client, standings, rodada=1).content.decode()) == {}

    play(tournament, {(1, 2): "1/2-1/2"})
    answer = get(client, live["url"], live["etag"]).json()
    assert answer["live"] is False
    assert "Jogador" in answer["html"]
    # Round 2 is now the one in play: a new page follows it.
    assert page_live(get(client, standings).content.decode())["url"] == reverse(
        "tournaments:standings_live", args=[tournament.slug, 2])


def test_the_etag_follows_language_sorting_and_role(tournament, arbiter):
    visitor, official = Client(), Client()
    official.force_login(arbiter)
    url = reverse("tournaments:round_live", args=[tournament.slug, 1])
    tags = {
        get(visitor, url)["ETag"],
        visitor.get(url, HTTP_ACCEPT_LANGUAGE="pt-br")["ETag"],
        get(visitor, url, sort="-board")["ETag"],
        get(official, url)["ETag"],
    }
    assert len(tags) == 4
    # The arbiter's table keeps the arbiter's buttons, the visitor's has none.
    assert 'class="button"' not in get(visitor, url).json()["html"]
    assert 'class="button"' in get(official, url).json()["html"]


def test_a_live_address_refuses_what_it_does_not_know(tournament):
    client = Client()
    assert get(client, reverse("tournaments:round_live", args=[tournament.slug, 99])
               ).status_code == 404
    assert get(client, reverse("tournaments:standings_live", args=[tournament.slug, 99])
               ).status_code == 404
    assert client.post(reverse("tournaments:round_live", args=[tournament.slug, 1])
                       ).status_code == 405


def test_nothing_changed_costs_a_few_small_queries(tournament, django_assert_max_num_queries):
    """An open tab asks every 25 s: the 304 must not compute the standings."""
    client = Client()
    live = page_live(get(client, reverse("tournaments:standings", args=[tournament.slug]))
                     .content.decode())
    with django_assert_max_num_queries(4):
        assert get(client, live["url"], live["etag"]).status_code == 304
