"""Issue 25: the backup of a Swiss over 100 players comes back.

`import_tournament` applied the round robin's 100-player limit to every file, so the export of
a 139-player Swiss was refused on import ("players: 139 players: a round robin takes at most
100"). The limit is a round robin's only. The fields below are stored in bulk (no pairing engine,
no service per player), so 150 and 500 players round-trip in a few seconds.
"""

from __future__ import annotations

import json

import pytest
from tournament_factories import make_tournament

from tournaments.files.backup import export_tournament, import_tournament
from tournaments.files.backup_values import BackupError
from tournaments.models import (
    Absence,
    Entry,
    Game,
    PairingSystem,
    Player,
    Round,
    Status,
    Tournament,
)
from tournaments.services.entries import MAX_ROUND_ROBIN_PLAYERS

pytestmark = pytest.mark.django_db

ROUNDS = 5  # of 7: the last two are still to be paired
RESULTS = ("1-0", "0-1", "1/2-1/2", "1-0", "+-", "0-1", "-+", "--")


def opponent(number: int, round_number: int, players: int) -> int:
    """Player `number` of the top half meets a different one of the bottom half each round."""
    half = players // 2
    return half + (number - 1 + round_number - 1) % half + 1


def make_big_swiss(players: int) -> Tournament:
    """A Swiss of `players` (even) after ROUNDS rounds, stored in bulk: ratings, clubs and
    federation ids, a withdrawal, a late entry, a requested bye (its opponent gets the PAB),
    results of every kind, the last round unpublished with some results still missing."""
    tournament = make_tournament(0, name=f"Aberto Suíço {players}", system=PairingSystem.SWISS,
                                 swiss_rounds=ROUNDS + 2)
    people = Player.objects.bulk_create([
        Player(name=f"Jogador {number:03d} São João", club=f"Clube {number % 7}",
               rating=1200 + (number * 37) % 900 if number % 11 else None,
               federation_id=f"CBD{number:05d}" if number % 3 else "")
        for number in range(1, players + 1)])
    entries = Entry.objects.bulk_create([
        Entry(tournament=tournament, player=person, number=number,
              withdrawn=number == players, first_round=2 if number == players - 1 else 1)
        for number, person in enumerate(people, start=1)])
    by_number = {entry.number: entry for entry in entries}
    absent = 1  # asks for a bye in the last round; his would-be opponent gets the PAB
    Absence.objects.create(entry=by_number[absent], round_number=ROUNDS, kind="H")
    rounds = Round.objects.bulk_create([
        Round(tournament=tournament, number=number, published=number < ROUNDS,
              bye=by_number[opponent(absent, number, players)] if number == ROUNDS else None)
        for number in range(1, ROUNDS + 1)])
    games = []
    for round_ in rounds:
        board = 0
        for number in range(1, players // 2 + 1):
            other = opponent(number, round_.number, players)
            if round_.number == ROUNDS and number == absent:
                continue
            if round_.number == 1 and players - 1 in (number, other):
                continue  # the late entry's first round is 2
            board += 1
            white, black = (number, other) if (number + round_.number) % 2 else (other, number)
            result = RESULTS[(number * 3 + round_.number) % len(RESULTS)]
            if round_.number == ROUNDS and number % 4 == 0:
                result = ""  # still being played
            games.append(Game(round=round_, board=board, white=by_number[white],
                              black=by_number[black], result=result))
    Game.objects.bulk_create(games)
    Tournament.objects.filter(pk=tournament.pk).update(status=Status.ONGOING)
    tournament.refresh_from_db()
    return tournament


def stored(tournament: Tournament) -> dict:
    """Everything the database keeps of the Swiss, by pairing number (not by row id)."""
    return {
        "tournament": {field: getattr(tournament, field) for field in (
            "name", "board", "cycles", "system", "swiss_rounds", "bye_points",
            "max_requested_byes", "initial_colour", "scoring_win", "scoring_draw",
            "scoring_loss", "tiebreaks", "status")},
        "entries": list(Entry.objects.filter(tournament=tournament).order_by("number").values_list(
            "number", "player__name", "player__club", "player__rating",
            "player__federation_id", "withdrawn", "first_round")),
        "rounds": list(tournament.rounds.order_by("number").values_list(
            "number", "bye__number", "published")),
        "games": list(Game.objects.of_tournament(tournament).order_by(
            "round__number", "board").values_list(
            "round__number", "board", "white__number", "black__number", "result",
            "colours_swapped")),
        "absences": list(Absence.objects.filter(entry__tournament=tournament).order_by(
            "round_number", "entry__number").values_list("entry__number", "round_number",
                                                         "kind")),
    }


@pytest.mark.parametrize("players", [150, 500])
def test_a_big_swiss_backup_round_trips(players):
    original = make_big_swiss(players)
    data = json.loads(json.dumps(export_tournament(original)))
    assert len(data["players"]) == players > MAX_ROUND_ROBIN_PLAYERS
    copy = import_tournament(data)
    assert copy.pk != original.pk
    assert export_tournament(copy) == data
    before, after = stored(original), stored(copy)
    assert after == before
    assert len(after["games"]) == ROUNDS * players // 2 - 1 - 1  # the bye and the late entry
    assert after["rounds"][-1] == (ROUNDS, opponent(1, ROUNDS, players), False)


def test_a_round_robin_backup_over_100_players_is_still_refused():
    data = json.loads(json.dumps(export_tournament(make_big_swiss(150))))
    del data["swiss"]
    data["rounds"] = []
    with pytest.raises(BackupError, match=r"^players: 150 players: a round robin takes at most"):
        import_tournament(data)
