"""What an event's page says of each section: its leaders and the round being played."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Game, Tournament
from tournaments.queries import reports


@dataclass(frozen=True)
class SectionSummary:
    tournament: Tournament
    leaders: list[reports.Standing]
    round_in_play: int | None
    rounds: int  # declared: a Swiss's number of rounds, a round robin's generated rounds
    complete: int = 0  # the last complete round (reports.complete_rounds)

    @property
    def finished(self) -> bool:
        """Every declared round complete: a Swiss between two rounds is not finished (issue
        25: it read "finished" after round 1 of 7)."""
        return self.rounds > 0 and self.round_in_play is None and self.complete >= self.rounds


def round_in_play(tournament: Tournament) -> int | None:
    """The first published round with a game still without result; None before pairing, once
    all are played, or while the next Swiss round is not published (not the public's yet)."""
    return (Game.objects.of_tournament(tournament).filter(result="", round__published=True)
            .order_by("round__number").values_list("round__number", flat=True).first())


def summarise(tournament: Tournament) -> SectionSummary:
    """Leaders are every player ranked first (a shared first place lists them all)."""
    standings = reports.standings(tournament)
    played = any(standing.points for standing in standings)
    leaders = [standing for standing in standings if standing.rank == 1] if played else []
    rounds = (tournament.swiss_rounds or 0) if tournament.is_swiss else tournament.rounds.count()
    return SectionSummary(tournament, leaders, round_in_play(tournament), rounds,
                          reports.complete_rounds(tournament))
