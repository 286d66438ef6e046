"""Small tournaments built through the tournaments services, and sheets attached to games."""

from __future__ import annotations

from arbitration import services
from arbitration.models import ScoreSheet
from tournaments import services as tournament_services
from tournaments.models import Game, Tournament

PLAYERS = ["Ana Conceição", "João Brandão", "Maria Araújo", "Pedro Gonçalves"]


def make_tournament(*, name: str = "Aberto de Campinas", board: int = 64,
                    draw_profile: str = "cbd", time_control: str = "classical",
                    organiser=None, arbiters=(), players: int = 2) -> Tournament:
    """A paired round robin: with 2 players, one round of one game."""
    tournament = tournament_services.create_tournament(
        created_by=organiser, name=name, board=board, draw_profile=draw_profile,
        time_control=time_control, arbiters=arbiters,
    )
    for player in PLAYERS[:players]:
        tournament_services.add_player(tournament, name=player)
    numbers = {entry.pk: index for index, entry in
               enumerate(tournament.entries.order_by("pk"), start=1)}
    tournament_services.set_numbers(tournament, numbers)
    tournament_services.generate_rounds(tournament)
    return tournament


def first_game(tournament: Tournament) -> Game:
    return (Game.objects.of_tournament(tournament)
            .select_related("round__tournament", "white__player", "black__player")
            .order_by("round__number", "board").first())


def attach(game: Game, pdn: str, *, notation: str = "numeric", accepted=None) -> ScoreSheet:
    """Store a sheet the way an arbiter pasting it would."""
    current = ScoreSheet.objects.filter(game=game).first()
    return services.save_sheet(game, pdn=pdn, notation=notation, accepted_moves=accepted,
                               expected_version=current.version if current else 0)


def fresh(game: Game) -> Game:
    return Game.objects.select_related("round__tournament", "white__player",
                                       "black__player").get(pk=game.pk)


