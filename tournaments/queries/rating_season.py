"""A season's rating calculation read from the database (issue 27): the finished tournaments
that started in the season, in date order, their players and games, and each player's rating at
the season's start; the computation itself is standings/rating_season.py.

The start rating is the one of the list of the kind asked (national or FMJD) in force on the
season's first day, and, for a player not on it, the registry's (as a tournament's rating report
does). The number of queries grows with the tournaments, not with the players: two for the list
in force and its rows, one for the tournaments, one for every entry, and one (two when a
tournament annuls early withdrawals) for each tournament's games.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from tournaments.models import Entry, Player, RatingList, Status, Tournament
from tournaments.queries.rating_lists import FMJD, NATIONAL, rows_in_force
from tournaments.queries.reports import game_records
from tournaments.standings.rating_season import (
    SeasonRow,
    SeasonTournament,
    TournamentLine,
    season_ratings,
)

# The registry's rating and id a kind of list rates and matches.
PLAYER_FIELDS = {NATIONAL: ("rating", "federation_id"), FMJD: ("fmjd_rating", "fmjd_id")}


@dataclass(frozen=True)
class SeasonReport:
    start: datetime.date
    end: datetime.date
    kind: str
    tournaments: list[Tournament]
    in_force: RatingList | None
    from_registry: int
    rows: list[tuple[Player, SeasonRow]]
    lines: list[TournamentLine]


def season_tournaments(start: datetime.date, end: datetime.date) -> list[Tournament]:
    """The finished tournaments that started in the season, oldest first."""
    return list(Tournament.objects.filter(status=Status.FINISHED,
                                          start_date__range=(start, end))
                .order_by("start_date", "pk"))


def season_report(start: datetime.date, end: datetime.date, kind: str = NATIONAL
                  ) -> SeasonReport:
    rating_field, id_field = PLAYER_FIELDS[kind]
    tournaments = season_tournaments(start, end)
    entries = (Entry.objects.filter(tournament__in=tournaments, number__isnull=False)
               .select_related("player"))
    players_of: dict[int, dict[int, int]] = {tournament.pk: {} for tournament in tournaments}
    people: dict[int, Player] = {}
    for entry in entries:
        players_of[entry.tournament_id][entry.number] = entry.player_id
        people[entry.player_id] = entry.player
    in_force, listed = rows_in_force(
        start, [getattr(player, id_field) for player in people.values()], kind)
    start_ratings, from_registry = {}, 0
    for pk, player in people.items():
        row = listed.get(getattr(player, id_field))
        if row is not None and row.rating is not None:
            start_ratings[pk] = row.rating
        else:
            start_ratings[pk] = getattr(player, rating_field)
            from_registry += in_force is not None and start_ratings[pk] is not None
    season = [SeasonTournament(tournament.pk, tournament.rating_k, players_of[tournament.pk],
                               game_records(tournament))
              for tournament in tournaments]
    rows, lines = season_ratings(season, start_ratings)
    return SeasonReport(start, end, kind, tournaments, in_force, from_registry,
                        [(people[row.person], row) for row in rows], lines)
