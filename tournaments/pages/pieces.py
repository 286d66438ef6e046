"""The computed pieces of the public pages, each kept once per tournament version (issue 15).

The views read them through these functions, and a write computes the main ones as soon as it
commits (`warm`, from page_version.bump), so the first visitor after a result does not wait for
the standings and the crosstable to be computed: they are computed when something that changes
them is written, not on every read.
"""

from __future__ import annotations

import logging
from fractions import Fraction

from django.conf import settings
from django.dispatch import receiver
from django.utils import translation

from tournaments.cache.pages import cached_piece
from tournaments.cache.versions import committed
from tournaments.models import Entry, Game, Round, TeamCompetition, Tournament
from tournaments.pages import crosstable_grid as crosstable_grid_module
from tournaments.printing import swiss_rows
from tournaments.printing.counted_rounds import published_round_numbers
from tournaments.queries import reports
from tournaments.standings import teams

logger = logging.getLogger(__name__)


def round_numbers(tournament: Tournament) -> list[int]:
    return cached_piece(tournament, "round-numbers", lambda: list(
        tournament.rounds.values_list("number", flat=True)))


def round_games(tournament: Tournament, round_: Round) -> list[Game]:
    return cached_piece(tournament, f"round-games:{round_.number}", lambda: list(
        round_.games.select_related("round__tournament", "white__player", "black__player")))


def compute_standings_rows(tournament: Tournament, up_to_round: int | None) -> list[dict]:
    """The standings as the table takes them."""
    return [
        {"rank": standing.rank, "number": standing.entry.number,
         "name": standing.entry.player.name, "club": standing.entry.player.club,
         "sort_name": standing.entry.player.sort_name,
         "rating": standing.rating, "games": standing.games,
         "points": standing.points, "shared": standing.row.shared,
         "url": standing.entry.get_absolute_url(), "encounter": standing.row.encounter,
         **{f"tb_{index}": value
            for index, value in enumerate(standing.row.tiebreaks.values(), start=1)}}
        for standing in reports.standings(tournament, up_to_round=up_to_round)
    ]


def standings_rows(tournament: Tournament, up_to_round: int | None) -> list[dict]:
    return cached_piece(tournament, f"standings:{up_to_round}",
                        lambda: compute_standings_rows(tournament, up_to_round))


def crosstable_grid(tournament: Tournament, by_rank: bool = False) -> crosstable_grid_module.Grid:
    """The grid's rows and columns in the page's language (its colour initials and decimal
    sign), by pairing number or by rank (issue 12's `?ordem=classificacao`)."""
    order = "rank" if by_rank else "number"
    return cached_piece(tournament, f"crosstable-grid:{translation.get_language()}:{order}",
                        lambda: crosstable_grid_module.build(tournament, by_rank))


# --- the Swiss's pieces (issue 12's pages, issue 15's treatment) ----------------------------

def swiss_crosstable(tournament: Tournament) -> tuple[list[int], list[dict]]:
    """swiss_rows.crosstable_rows in the page's language (its decimal sign, "bye")."""
    return cached_piece(tournament, f"swiss-crosstable:{translation.get_language()}",
                        lambda: swiss_rows.crosstable_rows(tournament))


NO_ROUNDS = {"rows": [], "performance": None, "points": ""}


def swiss_player_rounds(tournament: Tournament, entry: Entry) -> dict:
    """A Swiss player's rounds and performance: every player's at once, once per version and
    language, so a rush on the player pages builds the table once."""
    every = cached_piece(tournament, f"swiss-players:{translation.get_language()}",
                         lambda: swiss_rows.every_player_rounds(tournament))
    return every.get(entry.pk, NO_ROUNDS)


def swiss_scores_before(tournament: Tournament, number: int) -> dict[int, Fraction]:
    """Each player's points before Swiss round `number`, by entry id (the pairing page's
    column): replaying the event as the engine sees it is the costly part of that page."""
    from tournaments.pages.swiss_views import scores_before

    return cached_piece(tournament, f"swiss-scores-before:{number}",
                        lambda: scores_before(tournament, number))


# --- the team competition's pieces (issue 16) ----------------------------------------------

def team_records(tournament: Tournament) -> list[teams.MatchRecord]:
    """Every match of the competition with its boards, as team_services.match_records."""
    from tournaments.services.teams import match_records

    return cached_piece(tournament, "team-records", lambda: match_records(tournament))


def team_standings(tournament: Tournament) -> list[teams.TeamLine]:
    """The team standings after every round (team_services.team_standings)."""
    from tournaments.services.teams import team_standings as compute

    return cached_piece(tournament, "team-standings", lambda: compute(tournament))


def warm(tournament_id: int) -> None:
    """Compute what a change makes stale: the round list, the standings and the crosstable in
    every language (a Swiss's own crosstable and player pages; a team competition's records
    and team standings). Runs after the write commits (once per step of it: the later calls
    find the pieces stored); a failure is logged, the write stands."""
    try:
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            return
        round_numbers(tournament)
        standings_rows(tournament, None)
        if TeamCompetition.objects.filter(tournament=tournament).exists():
            team_records(tournament)
            team_standings(tournament)
            return
        if tournament.is_swiss:
            published_round_numbers(tournament)
        for code, _name in settings.LANGUAGES:
            with translation.override(code):
                if tournament.is_swiss:
                    swiss_crosstable(tournament)
                else:
                    crosstable_grid(tournament)
    except Exception as error:  # the result is saved; a reader will compute what is missing
        from config.database_outage import discard_connections, is_outage

        if not is_outage(error):
            logger.exception("could not compute the pages of tournament %s", tournament_id)
            return
        # The database went away after the result committed (issue 29): one line, no
        # traceback, and the broken connection is not kept for the next request.
        first_line = (str(error).strip().splitlines() or [""])[0]
        logger.warning("could not compute the pages of tournament %s, the database is "
                       "unreachable: %s", tournament_id, first_line)
        discard_connections()


@receiver(committed, dispatch_uid="pages-warm-pieces")
def _warm_after_commit(sender, tournament_id: int, **kwargs) -> None:
    warm(tournament_id)
