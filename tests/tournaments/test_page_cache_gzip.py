"""A stored public page keeps a gzip copy, compressed once per version, for the visitors who
accept it (issue 15). Each test runs on local memory and again on Redis when one answers."""

from __future__ import annotations

import gzip

import pytest
from django.test import Client
from django.urls import reverse
from page_cache_support import page_cache  # noqa: F401 -- the fixture
from tournament_factories import game_at, make_tournament, play

from tournaments import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("page_cache")]


@pytest.fixture
def tournament(organiser, arbiter):
    tournament = make_tournament(6, organiser=organiser, arbiter=arbiter, paired=True,
                                 name="Aberto de Sorocaba")
    play(tournament, {(1, 1): "1-0"})
    return tournament


def crosstable_url(tournament) -> str:
    return reverse("tournaments:crosstable", args=[tournament.slug])


def test_a_visitor_who_accepts_gzip_gets_the_same_page_compressed(tournament):
    plain = Client().get(crosstable_url(tournament))
    for _ in range(2):  # computed, then from the cache
        zipped = Client().get(crosstable_url(tournament), HTTP_ACCEPT_ENCODING="gzip, deflate, br")
        assert zipped.status_code == 200 and zipped["Content-Encoding"] == "gzip"
        assert gzip.decompress(zipped.content) == plain.content
        assert len(zipped.content) * 3 < len(plain.content)
    assert not plain.has_header("Content-Encoding")
    assert "Accept-Encoding" in plain["Vary"] and "Accept-Encoding" in zipped["Vary"]
    # One representation, one ETag: a cache in between never swaps them.
    assert zipped["ETag"] != plain["ETag"]


def test_a_visitor_who_does_not_accept_gzip_gets_it_plain_even_after_one_who_does(tournament):
    Client().get(crosstable_url(tournament), HTTP_ACCEPT_ENCODING="gzip")
    for refused in ("identity", "deflate", ""):
        page = Client().get(crosstable_url(tournament), HTTP_ACCEPT_ENCODING=refused)
        assert not page.has_header("Content-Encoding")
        assert b"Aberto de Sorocaba" in page.content


def test_each_encoding_answers_its_own_conditional_request(tournament):
    zipped = Client().get(crosstable_url(tournament), HTTP_ACCEPT_ENCODING="gzip")
    again = Client().get(crosstable_url(tournament), HTTP_ACCEPT_ENCODING="gzip",
                         HTTP_IF_NONE_MATCH=zipped["ETag"])
    assert again.status_code == 304
    plain = Client().get(crosstable_url(tournament), HTTP_IF_NONE_MATCH=zipped["ETag"])
    assert plain.status_code == 200 and not plain.has_header("Content-Encoding")


def test_a_result_shows_in_the_compressed_page_at_once(tournament):
    before = Client().get(crosstable_url(tournament), HTTP_ACCEPT_ENCODING="gzip")
    game = game_at(tournament, 1, 2)
    services.record_result(game, result="0-1", expected_version=game.version)
    after = Client().get(crosstable_url(tournament), HTTP_ACCEPT_ENCODING="gzip")
    assert after["ETag"] != before["ETag"]
    assert gzip.decompress(after.content) == Client().get(crosstable_url(tournament)).content
    assert gzip.decompress(after.content) != gzip.decompress(before.content)


def test_a_csv_export_is_compressed_too_and_keeps_its_file_name(tournament):
    url = reverse("tournaments:standings", args=[tournament.slug]) + "?_export=csv"
    plain = Client().get(url)
    zipped = Client().get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert zipped["Content-Disposition"] == plain["Content-Disposition"]
    if len(plain.content) >= 1024:
        assert gzip.decompress(zipped.content) == plain.content
    else:  # too small to be worth it: sent as it is
        assert zipped.content == plain.content and not zipped.has_header("Content-Encoding")
