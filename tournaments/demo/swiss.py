"""The demo's Swiss: a 30-player, 7-round open in its fifth round (load_demo loads it).

Results are drawn from the players' ratings with a fixed seed, so every load is the same event:
a half-point bye asked for in round 3, a forfeit, round 5 published with some boards finished.
"""

from __future__ import annotations

import datetime
import random

from tournaments import services
from tournaments.models import Board, GameResult, PairingSystem, Player, TimeControl, Tournament
from tournaments.services import swiss as swiss_event

SWISS_SLUG = "circuito-paulista-suico-2026"
SWISS_SEED = 20261121
FIRST = ["Ana", "Bruno", "Carla", "Davi", "Elisa", "Fábio", "Gabriela", "Heitor", "Iara", "Jorge",
         "Kátia", "Lucas", "Márcia", "Nélson", "Otávio", "Paula", "Quitéria", "Renato", "Sônia",
         "Tiago", "Úrsula", "Vânia", "Wagner", "Xênia", "Yuri", "Zélia", "Caio", "Débora",
         "Evandro", "Flávia"]
LAST = ["Araújo", "Batista", "Cardoso", "Duarte", "Esteves", "Figueiredo", "Gonçalves", "Holanda",
        "Ipiranga", "Jatobá", "Leão", "Macedo", "Nogueira", "Oliveira", "Peixoto", "Queiroz",
        "Rezende", "Sampaio", "Teixeira", "Uchoa", "Vasconcelos", "Xavier", "Zanetti", "Brito",
        "Coelho", "Damasceno", "Freitas", "Guerra", "Lacerda", "Moraes"]
CLUBS = ["Clube de Damas de São Paulo", "Associação Campineira de Damas", "Santos Damas Clube",
         "Clube de Damas de Ribeirão Preto", "Clube Sorocabano de Damas"]


DEMO_TITLES = ("MI", "MF", "MF")


def load_swiss(organiser, arbiter) -> Tournament:
    """Create (once) and play the demo Swiss up to its fifth round."""
    tournament = Tournament.objects.filter(slug=SWISS_SLUG).first()
    if tournament is not None:
        return tournament
    rng = random.Random(SWISS_SEED)
    tournament = services.create_tournament(
        name="Circuito Paulista de Damas — Etapa Santos 2026", slug=SWISS_SLUG,
        place="Santos, SP", start_date=datetime.date(2026, 11, 21),
        end_date=datetime.date(2026, 11, 22), board=Board.BRAZILIAN,
        time_control=TimeControl.RAPID, system=PairingSystem.SWISS, swiss_rounds=7,
        created_by=organiser, arbiters=[arbiter])
    for index in range(30):
        services.add_player(tournament, name=f"{FIRST[index]} {LAST[(index * 7) % 30]}",
                            club=CLUBS[index % len(CLUBS)], rating=rng.randint(1450, 2250))
    swiss_event.rank_by_rating(tournament)
    # The three strongest carry FMJD titles, so the starting list shows its title column.
    for entry, title in zip(tournament.entries.by_number()[:3], DEMO_TITLES, strict=False):
        Player.objects.filter(pk=entry.player_id).update(title=title)
    for number in range(1, 6):
        if number == 3:
            swiss_event.request_absence(tournament.entries.get(number=12), 3, "H")
        round_ = swiss_event.pair_next_round(tournament, user=arbiter)
        swiss_event.publish_round(round_, user=arbiter)
        games = list(round_.games.select_related("white__player", "black__player")
                     .order_by("board"))
        for game in games[: len(games) // 2 if number == 5 else len(games)]:
            services.record_result(game, result=_result(rng, game, number),
                                   expected_version=game.version, user=arbiter)
    return tournament


def _result(rng: random.Random, game, number: int) -> str:
    if number == 2 and game.board == 9:
        return GameResult.WHITE_FORFEIT_WIN  # Black did not come (Art. 28)
    expected = 1 / (1 + 10 ** ((game.black.player.rating - game.white.player.rating) / 400))
    roll = rng.random()
    if roll < 0.25:
        return GameResult.DRAW
    return GameResult.WHITE_WIN if rng.random() < expected else GameResult.BLACK_WIN
