"""What an event's page says of each section: its leaders and the round being played."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments import reports
from tournaments.models import Game, Tournament


@dataclass(frozen=True)
class SectionSummary:
    tournament: Tournament
    leaders: list[reports.Standing]
    round_in_play: int | None
    rounds: int

    @property
    def finished(self) -> bool:
        return self.rounds > 0 and self.round_in_play is None


def round_in_play(tournament: Tournament) -> int | None:
    """The first round with a game still without result; None before pairing or once all played."""
    return (Game.objects.of_tournament(tournament).filter(result="")
            .order_by("round__number").values_list("round__number", flat=True).first())


def summarise(tournament: Tournament) -> SectionSummary:
    """Leaders are every player ranked first (a shared first place lists them all)."""
    standings = reports.standings(tournament)
    played = any(standing.points for standing in standings)
    leaders = [standing for standing in standings if standing.rank == 1] if played else []
    return SectionSummary(tournament, leaders, round_in_play(tournament),
                          tournament.rounds.count())
