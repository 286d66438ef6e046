"""A stored team league: teams with rosters, the round robin generated, rounds played."""

from __future__ import annotations

from tournaments.cache import versions as page_version
from tournaments.models import Game, Tournament
from tournaments.services import teams as team_services

CITIES = ["Recife", "Campinas", "Curitiba", "Natal", "Belém", "Manaus", "Goiânia", "Vitória"]


def make_league(n_teams: int = 4, *, boards: int = 4, roster: int = 5, organiser=None,
                system: str = "round-robin",
                paired: bool = True, team_settings: dict | None = None,
                **fields) -> Tournament:
    fields.setdefault("name", "Liga de Teste")
    tournament = team_services.create_team_competition(
        created_by=organiser, boards=boards, system=system, team_settings=team_settings,
        **fields)
    for index in range(n_teams):
        team = team_services.add_team(tournament, name=f"Clube {CITIES[index]}",
                                      club=CITIES[index], captain_name=f"Capitão {index + 1}")
        for place in range(1, roster + 1):
            team_services.add_team_player(team, name=f"{CITIES[index]} {place}",
                                          rating=1800 - 20 * place)
    if paired:
        team_services.generate_team_round_robin(tournament)
    return tournament


def play_round(tournament: Tournament, number: int, result: str = "1-0") -> None:
    """Start the round (line-ups as they are) and give every game `result`."""
    round_ = tournament.rounds.get(number=number)
    team_services.start_round(round_)
    Game.objects.filter(round=round_).update(result=result)
    # A bulk update sends no signal: move the pages' version on as the result steps do.
    page_version.bump(tournament.pk)
