"""The Swiss's and the team competition's public pages from the shared cache, as the round
robin's are (issue 15, last bullet; issue 16's pages): public with validators and 304 for
visitors, private for signed-in readers, never an unpublished pairing or an old table. Each
test runs on local memory and again on Redis when one answers."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from page_cache_support import csv_rows, page_cache  # noqa: F401 -- the fixture
from team_factories import make_league, play_round
from tournament_factories import make_tournament

from tournaments import services
from tournaments.cache.pages import cache_get, piece_key
from tournaments.cache.versions import token_of
from tournaments.models import Game, PairingSystem, TeamMatch, Tournament
from tournaments.services import swiss as swiss_event

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("page_cache")]


def settled(tournament: Tournament) -> None:
    """As if the last change were a few seconds old (Last-Modified waits for its second)."""
    Tournament.objects.filter(pk=tournament.pk).update(
        changed_at=timezone.now() - timedelta(seconds=5))


def finish(round_, result: str = "1-0") -> None:
    for game in round_.games.filter(result="").order_by("board"):
        services.record_result(game, result=result, expected_version=game.version)


@pytest.fixture
def swiss(organiser, arbiter):
    """Seven players, five rounds: round 1 played, round 2 published and half played."""
    tournament = make_tournament(7, organiser=organiser, arbiter=arbiter,
                                 system=PairingSystem.SWISS, swiss_rounds=5,
                                 name="Aberto Suíço de Natal")
    finish(swiss_event.publish_round(swiss_event.pair_next_round(tournament)))
    second = swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    game = second.games.get(board=1)
    services.record_result(game, result="1/2-1/2", expected_version=game.version)
    return tournament


@pytest.fixture
def league(organiser, arbiter):
    league = make_league(4, organiser=organiser, name="Liga Estadual de Damas")
    league.arbiters.add(arbiter)
    play_round(league, 1, "1-0")
    return league


def swiss_urls(tournament: Tournament) -> list[str]:
    slug = tournament.slug
    entry = tournament.entries.get(number=1)
    return [reverse("tournaments:detail", args=[slug]),
            reverse("tournaments:standings", args=[slug]),
            reverse("tournaments:standings", args=[slug]) + "?_export=csv",
            reverse("tournaments:standings", args=[slug]) + "?rodada=1",
            reverse("tournaments:crosstable", args=[slug]),
            reverse("tournaments:round", args=[slug, 1]),
            reverse("tournaments:round", args=[slug, 2]) + "?_export=csv",
            reverse("tournaments:player", args=[slug, entry.pk])]


def team_urls(league: Tournament) -> list[str]:
    slug = league.slug
    team = league.teams.order_by("pk").first()
    pages = [reverse("tournaments:teams", args=[slug]),
             reverse("tournaments:team_standings", args=[slug]),
             reverse("tournaments:team_crosstable", args=[slug]),
             reverse("tournaments:team_round", args=[slug, 1]),
             reverse("tournaments:team_round", args=[slug, 2]),
             reverse("tournaments:team", args=[slug, team.pk]),
             reverse("tournaments:board_prizes", args=[slug])]
    return [*pages, *(page + "?_export=csv" for page in pages[1:]),
            reverse("tournaments:team_slips", args=[slug, 2])]


def assert_public_and_validated(url: str) -> None:
    visitor = Client()
    first = visitor.get(url)
    assert first.status_code == 200, url
    assert first["Cache-Control"] == "public, max-age=5", url
    assert first["ETag"] and first["Last-Modified"], url
    assert not first.cookies, url
    again = visitor.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and not again.content, url
    since = visitor.get(url, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert since.status_code == 304, url
    stored = visitor.get(url)  # from the cache: the same bytes and headers
    assert stored.content == first.content, url
    assert stored.get("Content-Type") == first.get("Content-Type"), url
    assert stored.get("Content-Disposition") == first.get("Content-Disposition"), url


def assert_private(url: str, user) -> None:
    reader = Client()
    reader.force_login(user)
    response = reader.get(url)
    assert response.status_code == 200, url
    assert "private" in response["Cache-Control"] and "public" not in response["Cache-Control"]
    assert not response.has_header("ETag"), url


def test_every_public_swiss_page_is_public_with_validators_and_answers_304(swiss, arbiter):
    settled(swiss)
    for url in swiss_urls(swiss):
        assert_public_and_validated(url)
        assert_private(url, arbiter)


def test_every_public_team_page_is_public_with_validators_and_answers_304(league, arbiter):
    settled(league)
    for url in team_urls(league):
        assert_public_and_validated(url)
        assert_private(url, arbiter)
    slips = Client().get(team_urls(league)[-1])
    assert slips["Content-Type"] == "application/pdf" and slips.content.startswith(b"%PDF")


def test_a_draft_swiss_round_is_never_the_publics_even_once_the_arbiter_has_read_it(
        swiss, arbiter):
    slug = swiss.slug
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    finish(swiss.rounds.get(number=2))
    crosstable = reverse("tournaments:crosstable", args=[slug])
    detail = reverse("tournaments:detail", args=[slug])
    assert ">R2<" in visitor.get(crosstable).content.decode()  # stored for every visitor
    draft = swiss_event.pair_next_round(swiss)
    desk = Client(HTTP_ACCEPT_LANGUAGE="en")
    desk.force_login(arbiter)
    round_3 = reverse("tournaments:round", args=[slug, 3])
    assert desk.get(round_3).status_code == 200  # the arbiter reads his draft (and its pieces)
    assert "rodada/3/" in desk.get(detail).content.decode()
    assert visitor.get(round_3).status_code == 404
    assert "rodada/3/" not in visitor.get(detail).content.decode()
    assert ">R3<" not in visitor.get(crosstable).content.decode()
    swiss_event.publish_round(draft)
    page = visitor.get(round_3)
    assert page.status_code == 200
    shown = csv_rows(visitor.get(round_3 + "?_export=csv"))
    assert sorted(row["Board"] for row in shown) == sorted(
        str(board) for board in draft.games.values_list("board", flat=True))
    assert "rodada/3/" in visitor.get(detail).content.decode()
    assert ">R3<" in visitor.get(crosstable).content.decode()


def test_a_swiss_result_shows_at_once_on_every_page_with_a_new_etag(swiss):
    slug = swiss.slug
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    urls = swiss_urls(swiss)
    before = {url: visitor.get(url) for url in urls}
    game = swiss.rounds.get(number=2).games.get(board=2)
    services.record_result(game, result="0-1", expected_version=game.version)
    for url in urls:
        after = visitor.get(url, HTTP_IF_NONE_MATCH=before[url]["ETag"])
        assert after.status_code == 200 and after["ETag"] != before[url]["ETag"], url
    shown = csv_rows(visitor.get(reverse("tournaments:round", args=[slug, 2]),
                                 {"_export": "csv"}))
    assert {row["Board"]: row["Result"].removeprefix("'") for row in shown}["2"] == "0-1"
    black = game.black
    # The standings count round 2 once it is complete (issue 25): then the two pages agree.
    finish(swiss.rounds.get(number=2))
    page = visitor.get(reverse("tournaments:player", args=[slug, black.pk])).content.decode()
    standings = {row["No."]: row["Points"] for row in csv_rows(
        visitor.get(reverse("tournaments:standings", args=[slug]), {"_export": "csv"}))}
    assert f"Points: {standings[str(black.number)]}" in page


def test_a_team_result_shows_at_once_in_the_team_pages(league):
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    standings_url = reverse("tournaments:team_standings", args=[league.slug]) + "?_export=csv"
    round_url = reverse("tournaments:team_round", args=[league.slug, 2]) + "?_export=csv"
    before = visitor.get(standings_url)
    assert {row["Matches"] for row in csv_rows(before)} == {"1"}
    assert csv_rows(visitor.get(round_url)) == []  # no board before the round starts
    round_2 = league.rounds.get(number=2)
    from tournaments.services import teams as team_services

    team_services.start_round(round_2)
    for game in Game.objects.filter(round=round_2).order_by("board"):
        services.record_result(game, result="1/2-1/2", expected_version=game.version)
    after = visitor.get(standings_url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert {row["Matches"] for row in csv_rows(after)} == {"2"}
    assert {row["Result"] for row in csv_rows(visitor.get(round_url))} == {"1/2-1/2"}


def test_a_renamed_team_shows_at_once(league):
    url = reverse("tournaments:team_crosstable", args=[league.slug])
    assert "Clube Renomeado" not in Client().get(url).content.decode()
    team = league.teams.order_by("pk").first()
    team.name = "Clube Renomeado"
    team.save()
    assert "Clube Renomeado" in Client().get(url).content.decode()


def test_the_arbiters_lineup_links_stay_out_of_the_visitors_stored_page(league, arbiter):
    url = reverse("tournaments:team_round", args=[league.slug, 2])
    desk = Client(HTTP_ACCEPT_LANGUAGE="en")
    desk.force_login(arbiter)
    lineup = reverse("tournaments:lineup", args=[
        league.slug, TeamMatch.objects.filter(round__tournament=league, round__number=2,
                                              away__isnull=False).first().home_id, 2])
    assert lineup in desk.get(url).content.decode()
    assert lineup not in Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()


def test_a_swiss_write_computes_its_own_pages_as_it_commits(
        swiss, django_capture_on_commit_callbacks):
    game = swiss.rounds.get(number=2).games.get(board=2)
    with django_capture_on_commit_callbacks(execute=True):
        services.record_result(game, result="1-0", expected_version=game.version)
    token = token_of(Tournament.objects.get(pk=swiss.pk))
    for piece in ("round-numbers", "published-round-numbers", "standings:None",
                  "swiss-crosstable:pt-br", "swiss-crosstable:en"):
        assert cache_get(piece_key(token, piece)) is not None, piece
    # the round robin's grid means nothing for a Swiss: not computed for nothing
    assert cache_get(piece_key(token, "crosstable-grid:en:number")) is None


def test_a_team_write_computes_the_team_standings_as_it_commits(
        league, django_capture_on_commit_callbacks):
    game = Game.objects.filter(round__tournament=league).order_by("board").first()
    with django_capture_on_commit_callbacks(execute=True):
        services.record_result(game, result="0-1", expected_version=game.version)
    token = token_of(Tournament.objects.get(pk=league.pk))
    for piece in ("team-records", "team-standings"):
        assert cache_get(piece_key(token, piece)) is not None, piece


def test_a_swiss_rounds_live_update_redraws_the_swiss_table(swiss):
    """The round page of a Swiss polls for results (live.py): the table it gets back is the
    Swiss's, with each player's points before the round, as the page first showed it."""
    slug = swiss.slug
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    page = visitor.get(reverse("tournaments:round", args=[slug, 2])).content.decode()
    assert 'class="points-before"' in page
    update = visitor.get(reverse("tournaments:round_live", args=[slug, 2])).json()
    assert 'class="points-before"' in update["html"] and update["live"]
