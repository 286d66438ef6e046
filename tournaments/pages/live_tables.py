"""The round's and the standings' tables as their pages draw them, which the live updates
(live.py) redraw the same way."""

from __future__ import annotations

from tournaments.models import Round, Tournament
from tournaments.pages import pieces as page_pieces
from tournaments.pages import standings_html
from tournaments.pages.swiss_tables import SwissPairingTable
from tournaments.pages.tables import PairingTable
from tournaments.printing.counted_rounds import rounds_counted_note
from tournaments.printing.standings_texts import local_points


def pairing_table(request, round_: Round, *, can_arbitrate: bool) -> PairingTable:
    """A round's table as its page shows it (also redrawn by the live updates, live.py): a
    Swiss round's with each player's points before it. Its games and those points are computed
    once per version (issue 15)."""
    tournament = round_.tournament
    games = page_pieces.round_games(tournament, round_)
    short_headings = not request.GET.get("_export")
    if tournament.is_swiss:
        before = page_pieces.swiss_scores_before(tournament, round_.number)
        return SwissPairingTable(
            games, points_before={pk: local_points(score) for pk, score in before.items()},
            exclude=() if can_arbitrate and round_.published else ("edit",),
            short_headings=short_headings)
    return PairingTable(games, exclude=() if can_arbitrate else ("edit",),
                        short_headings=short_headings)


def standings_page_table(request, tournament: Tournament,
                         up_to_round: int | None = None) -> standings_html.Table:
    """The standings as the page shows them (also redrawn by the live updates, live.py), sorted
    as `?sort=` asks."""
    rows = page_pieces.standings_rows(tournament, up_to_round)  # once per version (issue 15)
    note = rounds_counted_note(tournament) if up_to_round is None else ""
    return standings_html.build(rows, list(tournament.tiebreaks), request.GET, note)
