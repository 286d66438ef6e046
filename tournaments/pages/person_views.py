"""A person's page in the player registry: every tournament he entered (issue 17)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render

from tournaments.models import Player
from tournaments.printing.standings_texts import local_points
from tournaments.queries import reports


def person_detail(request, pk: int):
    """His tournaments, newest first, with his rank and points where the rounds are paired."""
    player = get_object_or_404(Player, pk=pk)
    rows = []
    for entry in player.entries.select_related("tournament").order_by(
            "-tournament__start_date", "tournament__name"):
        standing = None
        if entry.number is not None and entry.tournament.rounds.exists():
            standing = next((row for row in reports.standings(entry.tournament)
                             if row.entry.pk == entry.pk), None)
        rows.append({"entry": entry, "tournament": entry.tournament,
                     "rank": standing.rank if standing else "",
                     "points": local_points(standing.points) if standing else ""})
    return render(request, "tournaments/person_detail.html", {"player": player, "rows": rows})
