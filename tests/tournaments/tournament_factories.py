"""Small factories for stored tournaments: players, paired rounds, results."""

from __future__ import annotations

from tournaments import services
from tournaments.models import Game, Tournament

CLUBS = ["Clube de Damas de Campinas", "Clube Recifense de Damas", "Damas Clube Curitiba"]


def make_tournament(n_players: int = 0, *, organiser=None, arbiter=None, paired: bool = False,
                    name: str = "Torneio de Teste", **fields) -> Tournament:
    tournament = services.create_tournament(created_by=organiser, name=name, **fields)
    if arbiter is not None:
        tournament.arbiters.add(arbiter)
    for index in range(1, n_players + 1):
        services.add_player(tournament, name=f"Jogador {index:02d} Conceição",
                            club=CLUBS[index % len(CLUBS)], rating=1500 + 10 * index)
    if paired:
        numbers = {entry.pk: index for index, entry in
                   enumerate(tournament.entries.order_by("pk"), start=1)}
        services.set_numbers(tournament, numbers)
        services.generate_rounds(tournament)
    return tournament


def play(tournament: Tournament, results: dict[tuple[int, int], str], user=None) -> None:
    """Enter results keyed by (round, board)."""
    for (round_number, board), result in results.items():
        game = Game.objects.get(round__tournament=tournament, round__number=round_number,
                                board=board)
        services.record_result(game, result=result, expected_version=game.version, user=user)


def play_all(tournament: Tournament, result: str = "1-0") -> None:
    Game.objects.of_tournament(tournament).update(result=result)


def game_at(tournament: Tournament, round_number: int, board: int) -> Game:
    return Game.objects.select_related("white__player", "black__player").get(
        round__tournament=tournament, round__number=round_number, board=board)


def confirm_player_import(client, tournament: Tournament, choices: dict | None = None):
    """Confirm the pending player import's preview (issue 20) as the organiser would."""
    import re

    from django.urls import reverse

    url = reverse("tournaments:import_players_preview", args=[tournament.slug])
    page = client.get(url).content.decode()
    digest = re.search(r'name="digest" value="([0-9a-f]+)"', page).group(1)
    return client.post(url, {"digest": digest, **(choices or {})}, follow=True)
