"""Domain steps of a team competition (issue 16), each one transaction, whole or not at all.

The package holds `competition` (the competition, its teams and rosters, and the errors of the
team steps), `rosters` (whole rosters from a file saved at once, issue 27), `rounds` (a round
robin generated whole, a team Swiss paired round by round), `lineups` (line-ups and the start of
a round), `withdrawals` (a whole team withdrawn) and `standings` (the competition read back
for the plain module tournaments/standings/teams/).

This module is the package's API: `from tournaments.services import teams as team_services`, then
`team_services.start_round(...)`, offers the team steps and their errors under their names
(`TournamentError` among them, the error every step raises). The modules of the package import
one another directly, never this one; like all of `tournaments.services`, they import the models,
the queries, the cache and what is below them, never files, printing or pages
(tests/project/test_layers.py).
"""

from tournaments.services.errors import TournamentError
from tournaments.services.teams.competition import (
    MAX_ROSTER,
    LineupError,
    RoundStartedError,
    add_team,
    add_team_player,
    create_team_competition,
    is_team_event,
    roster,
)
from tournaments.services.teams.lineups import (
    describe_problem,
    lineup_of,
    round_started,
    set_lineup,
    start_round,
)
from tournaments.services.teams.rosters import RosterPlace, RostersSaved, find_team, import_rosters
from tournaments.services.teams.rounds import (
    deletable_last_round,
    delete_last_swiss_round,
    generate_team_round_robin,
    pair_next_swiss_round,
    repair_last_swiss_round,
    team_round_has_results,
)
from tournaments.services.teams.standings import match_records, round_is_over, team_standings
from tournaments.services.teams.withdrawals import (
    first_round_to_withdraw,
    return_team,
    team_rounds,
    withdraw_team,
)

__all__ = [
    # errors
    "LineupError", "RoundStartedError", "TournamentError",
    # the competition, its teams and rosters
    "MAX_ROSTER", "add_team", "add_team_player", "create_team_competition", "is_team_event",
    "roster",
    # whole rosters from a file
    "RosterPlace", "RostersSaved", "find_team", "import_rosters",
    # rounds
    "deletable_last_round", "delete_last_swiss_round", "generate_team_round_robin",
    "pair_next_swiss_round", "repair_last_swiss_round", "team_round_has_results",
    # line-ups
    "describe_problem", "lineup_of", "round_started", "set_lineup", "start_round",
    # withdrawals
    "first_round_to_withdraw", "return_team", "team_rounds", "withdraw_team",
    # read back
    "match_records", "round_is_over", "team_standings",
]
