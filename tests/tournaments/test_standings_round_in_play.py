"""Issue 25: the numbers people read while a Swiss round is in play (a rehearsal of a 7-round
Swiss found them wrong): the default standings count only complete rounds, a Swiss is not
finished until its last round is, and a player sees his pairing as soon as it is published."""

from __future__ import annotations

import pytest
from django.urls import reverse
from tournament_factories import make_tournament

from tournaments import services
from tournaments.models import PairingSystem, Round, Status, Tournament
from tournaments.queries import reports
from tournaments.services import swiss as swiss_event

pytestmark = pytest.mark.django_db

# Results by board, the same each round: decisive games both ways and a draw, so the
# tie-breaks (Buchholz, its cut, Sonneborn-Berger) differ from player to player.
RESULTS = ("1-0", "0-1", "1/2-1/2", "1-0", "1-0", "0-1")


def result_for(round_number: int, board: int) -> str:
    return RESULTS[(board + round_number) % len(RESULTS)]


def play_round(round_: Round, *, boards: int | None = None) -> None:
    """Enter the round's results (the first `boards` of them) as the arbiter does."""
    for game in round_.games.order_by("board")[:boards]:
        services.record_result(game, result=result_for(round_.number, game.board),
                               expected_version=game.version)


def swiss(organiser, arbiter, *, players: int = 13, rounds: int = 5,
          complete: int = 3) -> Tournament:
    """A Swiss of `players` (odd: a bye each round) with `complete` rounds played and the next
    one published, no result in yet."""
    tournament = make_tournament(players, organiser=organiser, arbiter=arbiter,
                                 system=PairingSystem.SWISS, swiss_rounds=rounds,
                                 name="Aberto de Olinda")
    for _number in range(complete):
        round_ = swiss_event.publish_round(swiss_event.pair_next_round(tournament))
        play_round(round_)
    if complete < rounds:
        swiss_event.publish_round(swiss_event.pair_next_round(tournament))
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def in_play(organiser, arbiter) -> Tournament:
    return swiss(organiser, arbiter)


def table(standings: list[reports.Standing]) -> list[tuple]:
    return [(s.rank, s.entry.number, s.points, tuple(s.row.tiebreaks.values()), s.games)
            for s in standings]


def test_a_published_round_without_results_is_not_counted_in_the_default_standings(in_play):
    assert table(reports.standings(in_play)) == table(reports.standings(in_play, up_to_round=3))
    assert reports.complete_rounds(in_play) == 3


def test_results_already_in_for_the_round_in_play_do_not_make_it_count(in_play):
    play_round(in_play.rounds.get(number=4), boards=2)
    assert table(reports.standings(in_play)) == table(reports.standings(in_play, up_to_round=3))
    play_round(in_play.rounds.get(number=4))
    assert table(reports.standings(in_play)) == table(reports.standings(in_play, up_to_round=4))
    assert reports.complete_rounds(in_play) == 4


ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}


def tiebreak_cells(html: str) -> list[str]:
    """The tie-break cells of the standings page, row by row."""
    import re

    return re.findall(r'<td class="fold number tb">([^<]*)</td>', html)


def test_the_standings_page_and_its_downloads_are_after_the_last_complete_round(client,
                                                                                in_play):
    play_round(in_play.rounds.get(number=4), boards=3)
    url = reverse("tournaments:standings", args=[in_play.slug])
    page = client.get(url, **ENGLISH).content.decode()
    after_three = client.get(url + "?rodada=3", **ENGLISH).content.decode()
    assert tiebreak_cells(page) == tiebreak_cells(after_three)
    assert ("Standings after round 3, the last complete round. Round 4 is being played: its "
            "results count here once every game of it has one.") in page
    assert "the last complete round" not in after_three
    portuguese = client.get(url, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "Classificação após a rodada 3, a última rodada completa." in portuguese
    csv = client.get(url + "?_export=csv", **ENGLISH).content
    assert csv == client.get(url + "?rodada=3&_export=csv", **ENGLISH).content


def test_the_swiss_crosstable_says_its_points_are_after_the_last_complete_round(client,
                                                                               in_play):
    play_round(in_play.rounds.get(number=4), boards=3)
    page = client.get(reverse("tournaments:crosstable", args=[in_play.slug]), **ENGLISH)
    after_three = {s.entry.number: s.rank for s in reports.standings(in_play, up_to_round=3)}
    assert {row["number"]: row["rank"] for row in page.context["rows"]} == after_three
    assert "Standings after round 3, the last complete round." in page.content.decode()


def test_the_live_update_redraws_the_note_with_the_table(client, in_play):
    url = reverse("tournaments:standings_live", args=[in_play.slug, 4])
    answer = client.get(url, **ENGLISH).json()
    assert answer["live"] and "Standings after round 3, the last complete round." in \
        answer["html"]
    play_round(in_play.rounds.get(number=4))
    answer = client.get(url, **ENGLISH).json()
    assert not answer["live"] and "the last complete round" not in answer["html"]


def test_the_printed_standings_are_after_the_last_complete_round(client, in_play):
    from io import BytesIO

    from pypdf import PdfReader

    from tournaments.printing import collect

    play_round(in_play.rounds.get(number=4), boards=3)
    data = collect.standings_data(in_play)
    after_three = [(s.rank, s.entry.number, s.points) for s in
                   reports.standings(in_play, up_to_round=3)]
    assert [(row.rank, row.number) for row in data.rows] == [(r, n) for r, n, _p in after_three]
    assert data.after_round == 3
    response = client.get(reverse("printing:standings", kwargs={"slug": in_play.slug}),
                          **ENGLISH)
    text = " ".join(page.extract_text() for page in PdfReader(BytesIO(response.content)).pages)
    assert "after round 3" in text and "the last complete round" in " ".join(text.split())


def sections_cell(client, event_slug: str) -> str:
    """The event page's "Round in play" cell of its one section, tags removed."""
    import re

    page = client.get(reverse("events:detail", args=[event_slug]), **ENGLISH).content.decode()
    row = re.search(r"<tbody>\s*<tr>(.*?)</tr>", page, re.S).group(1)
    return re.sub(r"<[^>]+>", "", re.findall(r"<td>(.*?)</td>", row, re.S)[2]).strip()


def test_a_swiss_is_finished_only_after_its_last_declared_round(client, organiser, arbiter):
    from events.models import Event, Section

    tournament = swiss(organiser, arbiter, players=7, rounds=3, complete=1)
    Section.objects.create(event=Event.objects.create(name="Festival de Olinda", slug="olinda"),
                           tournament=tournament)
    header = reverse("tournaments:detail", args=[tournament.slug])
    # round 2 published, not played yet
    assert tournament.status == Status.ONGOING
    assert sections_cell(client, "olinda") == "Round 2 of 3"
    play_round(tournament.rounds.get(number=2))
    tournament.refresh_from_db()
    assert tournament.status == Status.ONGOING  # two rounds of three complete
    assert "finished" not in client.get(header, **ENGLISH).content.decode()
    listed = client.get(reverse("tournaments:list"), **ENGLISH).content.decode()
    assert "in progress" in listed and "finished" not in listed
    assert sections_cell(client, "olinda") == "Round 2 of 3 complete"
    play_round(swiss_event.publish_round(swiss_event.pair_next_round(tournament)))
    tournament.refresh_from_db()
    assert tournament.status == Status.FINISHED
    assert "finished" in client.get(header, **ENGLISH).content.decode()
    assert sections_cell(client, "olinda") == "finished"


def test_a_player_sees_his_opponent_colour_and_board_once_the_round_is_published(client,
                                                                                 in_play):
    round_4 = in_play.rounds.get(number=4)
    game = round_4.games.select_related("white__player", "black__player").order_by(
        "-board").first()  # the last board, as the player on board 15 of the rehearsal
    for entry, opponent, colour in ((game.white, game.black, "W"), (game.black, game.white, "B")):
        page = client.get(entry.get_absolute_url(), **ENGLISH)
        row = page.context["rows"][3]
        assert row["round"] == 4 and row["opponent"] == opponent
        assert (row["cell"].colour, row["cell"].result, row["board"]) == (colour, "", game.board)
        html = page.content.decode()
        assert f'<td class="number board">{game.board}</td>' in html
        assert opponent.player.name in html
    # the rounds played keep their board too
    first = in_play.rounds.get(number=1).games.get(board=1)
    assert client.get(first.white.get_absolute_url()).context["rows"][0]["board"] == 1
