"""A team competition read back for the plain module tournaments/standings/teams/: its
matches as records, the team standings, and whether a round is over."""

from __future__ import annotations

from tournaments.models import (
    Game,
    GameResult,
    LineupBoard,
    MatchBoard,
    Round,
    TeamMatch,
    TeamSystem,
    Tournament,
)
from tournaments.services.teams.lineups import round_started
from tournaments.standings import teams
from tournaments.standings.scoring import Result
from tournaments.standings.swiss_table import regulation_for


def match_records(tournament: Tournament, up_to_round: int | None = None, *,
                  include_pending: bool = False) -> list[teams.MatchRecord]:
    """Every match as teams.MatchRecord (team ids, entry ids), in two queries; byes of rounds
    not started yet only with `include_pending`."""
    matches = TeamMatch.objects.filter(round__tournament=tournament)
    if up_to_round is not None:
        matches = matches.filter(round__number__lte=up_to_round)
    boards: dict[int, list[teams.BoardGame]] = {}
    colours = dict(teams.board_colours(tournament.team_competition.boards))
    # who sat at a board without a game (his opponent missing): from the line-ups
    seated = {(round_id, team_id, board): entry_id for round_id, team_id, board, entry_id in
              LineupBoard.objects.filter(round__tournament=tournament)
              .values_list("round_id", "team_id", "board", "entry_id")}
    for row in (MatchBoard.objects.filter(match__in=matches)
                .values_list("match_id", "board", "forfeit", "game__result", "game__white_id",
                             "game__black_id", "match__round_id", "match__home_id",
                             "match__away_id").order_by("match_id", "board")):
        match_id, board, forfeit, result, white, black, round_id, home_id, away_id = row
        home_colour = colours.get(board, "white" if board % 2 else "black")
        value = forfeit or result
        home_player, away_player = (white, black) if home_colour == "white" else (black, white)
        if forfeit:
            home_player = seated.get((round_id, home_id, board))
            away_player = seated.get((round_id, away_id, board))
        boards.setdefault(match_id, []).append(teams.BoardGame(
            board, home_colour, Result(value) if value else None, home_player, away_player))
    # A bye counts from the moment its round starts, not while the round is still to come.
    started = set(MatchBoard.objects.filter(match__round__tournament=tournament)
                  .values_list("match__round__number", flat=True).distinct())
    return [teams.MatchRecord(number, home, away, tuple(boards.get(pk, ())))
            for pk, number, home, away in matches.values_list(
                "pk", "round__number", "home_id", "away_id").order_by("round__number", "table")
            if away is not None or number in started or include_pending]


def team_standings(tournament: Tournament, up_to_round: int | None = None
                   ) -> list[teams.TeamLine]:
    """The team standings by the competition's primary score and tie-break order."""
    competition = tournament.team_competition
    team_ids = list(tournament.teams.order_by("number", "pk").values_list("pk", flat=True))
    order_of = {pk: index for index, pk in enumerate(team_ids)}
    records = match_records(tournament, up_to_round)
    if tournament.annul_early_withdrawals and competition.system == TeamSystem.ROUND_ROBIN:
        # the withdrawal setting, as for players (standings/withdrawals.py): a team that left before
        # half its matches counts in no standing
        withdrawn = tournament.teams.filter(withdrawn_from_round__isnull=False)
        scheduled = match_records(tournament, include_pending=True)
        records = teams.annul(records, teams.annulled_teams(
            scheduled, withdrawn.values_list("pk", flat=True)))
    return teams.team_standings(team_ids, records,
                                tournament.scoring, competition.scoring, competition.tiebreaks,
                                sort_key=order_of.__getitem__,
                                regulation=regulation_for(tournament.start_date),
                                round_robin=competition.system == TeamSystem.ROUND_ROBIN)


def round_is_over(round_: Round) -> bool:
    """Whether every board of the round is decided (byes have none)."""
    return round_started(round_) and not Game.objects.filter(
        round=round_, result=GameResult.NOT_PLAYED).exists()
