"""The computed pieces of the public pages, each kept once per tournament version (issue 15).

The views read them through these functions, and a write computes the main ones as soon as it
commits (`warm`, from page_version.bump), so the first visitor after a result does not wait for
the standings and the crosstable to be computed: they are computed when something that changes
them is written, not on every read.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.utils import translation

from . import crosstable_grid as crosstable_grid_module
from . import reports
from .models import Game, Round, Tournament
from .page_cache import cached_piece

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
         "url": standing.entry.get_absolute_url(),
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


def warm(tournament_id: int) -> None:
    """Compute what a change makes stale: the round list, the standings and the crosstable in
    every language. Runs after the write commits (once per step of it: the later calls find the
    pieces stored); a failure is logged, the write stands."""
    try:
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            return
        round_numbers(tournament)
        standings_rows(tournament, None)
        for code, _name in settings.LANGUAGES:
            with translation.override(code):
                crosstable_grid(tournament)
    except Exception:  # the result is saved; a reader will compute what is missing
        logger.exception("could not compute the pages of tournament %s", tournament_id)
