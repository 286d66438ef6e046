"""Micro-matches: two games per pairing in a round, colours reversed, ranked on the sum with
games counted as games (issue 17)."""

from fractions import Fraction

import pytest
from django.urls import reverse
from tournament_factories import game_at, make_tournament, play

from tournaments import services
from tournaments.models import Game
from tournaments.pairing import micro_match
from tournaments.pairing.berger import PairedGame
from tournaments.queries import reports

pytestmark = pytest.mark.django_db


def test_both_games_reverse_colours_on_consecutive_boards():
    assert micro_match.both_games([PairedGame(1, 1, 4), PairedGame(2, 2, 3)]) == [
        PairedGame(1, 1, 4), PairedGame(2, 4, 1), PairedGame(3, 2, 3), PairedGame(4, 3, 2)]
    assert [micro_match.game_round(3, board) for board in (1, 2, 3, 4)] == [5, 6, 5, 6]


def test_each_pairing_plays_two_games_each_player_one_with_each_colour():
    tournament = make_tournament(4, name="Circuito CBD", paired=True, micro_match=True)
    games = list(Game.objects.of_tournament(tournament).filter(round__number=1)
                 .order_by("board"))
    assert len(games) == 4
    first, second = games[0], games[1]
    assert (first.white, first.black) == (second.black, second.white)
    assert Game.objects.of_tournament(tournament).count() == 3 * 4


def test_standings_add_both_games_and_tie_breaks_count_games():
    tournament = make_tournament(2, name="Match", paired=True, micro_match=True,
                                 tiebreaks=["wins"])
    play(tournament, {(1, 1): "1-0", (1, 2): "1/2-1/2"})
    white_first = game_at(tournament, 1, 1).white.number
    standings = {s.entry.number: s for s in reports.standings(tournament)}
    assert standings[white_first].points == Fraction(3, 2)
    assert standings[3 - white_first].points == Fraction(1, 2)
    assert standings[white_first].row.tiebreaks["wins"] == 1
    assert standings[white_first].rank == 1


def test_crosstable_cell_shows_both_games(client):
    tournament = make_tournament(2, name="Match", paired=True, micro_match=True)
    play(tournament, {(1, 1): "1-0", (1, 2): "1-0"})
    response = client.get(reverse("tournaments:crosstable", args=[tournament.slug]),
                          {"_export": "csv"})
    text = response.content.decode()
    assert "1" in text and "0" in text
    cells = reports.cells_in_rounds(
        tournament, reports.crosstable_cells(reports.game_records(tournament)))
    assert all(len(games) == 2 for games in cells.values())
    assert {cell.round for games in cells.values() for cell in games} == {1}
    page = client.get(reverse("tournaments:crosstable", args=[tournament.slug])).content.decode()
    assert "round 2," not in page


def test_micro_match_form_saves_both_or_names_the_missing_game(client, organiser):
    tournament = make_tournament(2, name="Match", organiser=organiser, paired=True,
                                 micro_match=True)
    url = reverse("tournaments:micro_match", args=[tournament.slug, 1, 1])
    client.force_login(organiser)
    first, second = game_at(tournament, 1, 1), game_at(tournament, 1, 2)
    response = client.post(url, {"first": "1-0", "second": "",
                                 "first_version": first.version,
                                 "second_version": second.version})
    assert response.status_code == 400
    assert response.context["form"].errors["second"] == [
        "A micro-match result needs both games: this one is missing."]
    first.refresh_from_db()
    assert first.result == ""
    response = client.post(url, {"first": "1-0", "second": "0-1",
                                 "first_version": first.version,
                                 "second_version": second.version})
    assert response.status_code == 302
    assert sorted(Game.objects.of_tournament(tournament).values_list("result", flat=True)) == [
        "0-1", "1-0"]


def test_micro_matches_cannot_be_switched_once_paired():
    tournament = make_tournament(2, name="Match", paired=True, micro_match=True)
    tournament.micro_match = False
    with pytest.raises(services.PairingsExistError):
        services.update_tournament(tournament)


def test_a_plain_tournament_has_no_micro_match_page(client, organiser):
    tournament = make_tournament(2, name="Plain", organiser=organiser, paired=True)
    client.force_login(organiser)
    url = reverse("tournaments:micro_match", args=[tournament.slug, 1, 1])
    assert client.get(url).status_code == 404


def test_printed_pairings_standings_and_crosstable_of_micro_matches(client):
    tournament = make_tournament(4, name="Match", paired=True, micro_match=True)
    play(tournament, {(1, 1): "1-0", (1, 2): "1/2-1/2", (1, 3): "0-1", (1, 4): "1-0"})
    for name, kwargs in (("pairings", {"round_number": 2}), ("standings", {}),
                         ("crosstable", {})):
        response = client.get(reverse(f"printing:{name}",
                                      kwargs={"slug": tournament.slug, **kwargs}))
        assert response.status_code == 200 and response.content.startswith(b"%PDF"), name


def test_backup_keeps_micro_matches_and_k():
    from tournaments.files.backup import export_tournament, import_tournament

    tournament = make_tournament(4, name="Match", paired=True, micro_match=True, rating_k=32)
    play(tournament, {(1, 1): "1-0", (1, 2): "1/2-1/2", (1, 3): "0-1", (1, 4): "1-0"})
    data = export_tournament(tournament)
    assert data["micro_match"] is True and data["rating_k"] == 32
    copy = import_tournament(data, slug="match-copia")
    assert copy.micro_match and copy.rating_k == 32
    assert not Game.objects.of_tournament(copy).filter(colours_swapped=True).exists()
    before = [(s.entry.number, s.points) for s in reports.standings(tournament)]
    assert [(s.entry.number, s.points) for s in reports.standings(copy)] == before


@pytest.mark.parametrize("annul", [False, True])
def test_an_early_withdrawal_is_annulled_in_a_micro_match_tournament_too(annul):
    """Merged with issue 12's setting: the game rounds of a micro-match are what it annuls."""
    tournament = make_tournament(4, name="Circuito", paired=True, micro_match=True)
    tournament.annul_early_withdrawals = annul
    tournament.save()
    play(tournament, {(1, 1): "1-0", (1, 2): "0-1"})  # the same player wins both games
    winner = game_at(tournament, 1, 1).white
    services.withdraw_player(winner)
    records = reports.game_records(tournament)
    assert max(record.round for record in records) == 2 * 3  # game rounds, not rounds
    his = [record for record in records if winner.number in (record.white, record.black)]
    assert len(his) == 2 * 3
    points = {s.entry.number: s.points for s in reports.standings(tournament)}
    if annul:
        # Two games over the board of six: every one of his results counts for nobody.
        assert all(record.result is None for record in his)
        assert points[winner.number] == 0
    else:
        assert points[winner.number] == 2
