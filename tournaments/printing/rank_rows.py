"""The rank after round N (issue 27): the standings after that round, as the standings pages
rank them (reports.standings: a Swiss's counted rounds), with each player's rating change game
by game and in total, by the Elo method of the tournament's rating report
(standings/rating_report.py: national ratings, the tournament's K). An unrated player, a game
against an unrated opponent and a forfeit show no change.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.urls import reverse
from django.utils.translation import gettext

from tournaments.models import Tournament
from tournaments.pairing.micro_match import GAMES_PER_MATCH
from tournaments.printing.collect import get_round
from tournaments.printing.standings_texts import tiebreak_texts
from tournaments.queries import reports
from tournaments.standings.rating_report import game_changes


@dataclass(frozen=True)
class RankAfterRound:
    """The rows, the rounds they show a change for (1..N), and a note when round N is not
    complete yet."""

    round: int
    rounds: list[int]
    rows: list[dict]
    note: str = ""


def rounded(value: float | None) -> Decimal | None:
    """A change to a tenth, as the rating report shows it."""
    if value is None:
        return None
    return Decimal(repr(value)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def rank_after_round(tournament: Tournament, number: int) -> RankAfterRound:
    """The standings after round `number` with the rating changes of rounds 1..`number`.
    Raises collect.RoundNotFoundError for a round not generated or not published."""
    get_round(tournament, number)
    records = reports.game_records(tournament)
    entries = reports.numbered_entries(tournament)
    ranked = reports.standings(tournament, up_to_round=number, records=records, entries=entries)
    last_record = reports.record_round(tournament, number)
    ratings = {entry.number: entry.player.rating for entry in entries}
    changes = game_changes([record for record in records if record.round <= last_record],
                           ratings, tournament.rating_k)
    per_round: dict[tuple[int, int], float] = {}
    for (record_round, player), change in changes.items():
        round_number = (math.ceil(record_round / GAMES_PER_MATCH) if tournament.micro_match
                        else record_round)
        per_round[(round_number, player)] = per_round.get((round_number, player), 0.0) + change
    rounds = list(range(1, number + 1))
    rows = []
    for standing in ranked:
        player = standing.entry.number
        own = [per_round.get((round_number, player)) for round_number in rounds]
        counted = [change for change in own if change is not None]
        rows.append({
            "rank": standing.rank, "number": player, "name": standing.entry.player.name,
            "sort_name": standing.entry.player.sort_name, "club": standing.entry.player.club,
            "rating": standing.rating, "points": Fraction(standing.points),
            "tiebreaks": tiebreak_texts(standing.row),
            "changes": [rounded(change) for change in own],
            "total": rounded(sum(counted)) if counted else None,
            "url": reverse("tournaments:player", args=[tournament.slug, standing.entry.pk]),
        })
    return RankAfterRound(number, rounds, rows, _incomplete_note(tournament, number))


def _incomplete_note(tournament: Tournament, number: int) -> str:
    """Round `number` still has games without a result: they count nothing yet."""
    pending = tournament.rounds.filter(number=number, games__result="").exists()
    if not pending:
        return ""
    return gettext("Round %(round)s is still being played: its games without a result count "
                   "nothing here yet.") % {"round": number}
