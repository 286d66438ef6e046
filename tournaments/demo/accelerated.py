"""The demo's accelerated open (issue 27): 20 players, 7 rounds, FIDE's Baku acceleration, players
of one club kept apart in the first two rounds and two brothers in every round.

Round 1 is played and published; round 2 is paired and waits for the arbiter, so the Swiss page
shows the draft with each player's virtual points and the forbidden pairs it kept.
"""

from __future__ import annotations

import datetime
import random

from tournaments import services
from tournaments.models import Board, GameResult, PairingSystem, TimeControl, Tournament
from tournaments.services import swiss as swiss_event

ACCELERATED_SLUG = "aberto-acelerado-de-santos-2026"
ACCELERATED_SEED = 20261128
CLUBS = [
    "Santos Damas Clube",
    "Clube de Damas de São Vicente",
    "Clube Guarujaense de Damas",
    "Associação Praiagrandense de Damas",
]
NAMES = [
    "Abel Macedo",
    "Bianca Torres",
    "Cícero Lima",
    "Dora Falcão",
    "Emílio Prado",
    "Fernanda Rocha",
    "Gilson Matos",
    "Helena Sá",
    "Ivo Tavares",
    "Júlia Paiva",
    "Kléber Nunes",
    "Lívia Castro",
    "Mateus Macedo",
    "Nádia Pires",
    "Osmar Borges",
    "Priscila Lopes",
    "Raul Antunes",
    "Selma Viana",
    "Túlio Bastos",
    "Vera Campos",
]
BROTHERS = ("Abel Macedo", "Mateus Macedo")


def load_accelerated(organiser, arbiter) -> Tournament:
    """Create (once) the accelerated open, round 2 paired and not published."""
    tournament = Tournament.objects.filter(slug=ACCELERATED_SLUG).first()
    if tournament is not None:
        return tournament
    rng = random.Random(ACCELERATED_SEED)
    tournament = services.create_tournament(
        name="Aberto Acelerado de Santos 2026",
        slug=ACCELERATED_SLUG,
        place="Santos, SP",
        start_date=datetime.date(2026, 11, 28),
        end_date=datetime.date(2026, 11, 29),
        board=Board.BRAZILIAN,
        time_control=TimeControl.RAPID,
        system=PairingSystem.SWISS,
        swiss_rounds=7,
        created_by=organiser,
        arbiters=[arbiter],
    )
    for index, name in enumerate(NAMES):
        # "santos damas clube " and "Santos Damas Clube" are one club: compared folded.
        club = CLUBS[index % len(CLUBS)]
        services.add_player(
            tournament,
            name=name,
            club=club.lower() + " " if index == 8 else club,
            rating=rng.randint(1500, 2300),
        )
    swiss_event.rank_by_rating(tournament)
    tournament = swiss_event.set_pairing_options(
        tournament,
        baku_acceleration=True,
        forbid_same_club=True,
        same_club_rounds=2,
        user=organiser,
    )
    first, second = (tournament.entries.get(player__name=name) for name in BROTHERS)
    swiss_event.add_forbidden_pair(tournament, first, second, note="irmãos", user=organiser)
    round_ = swiss_event.pair_next_round(tournament, user=arbiter)
    swiss_event.publish_round(round_, user=arbiter)
    for game in round_.games.select_related("white__player", "black__player").order_by("board"):
        services.record_result(
            game, result=_result(rng, game), expected_version=game.version, user=arbiter
        )
    swiss_event.pair_next_round(tournament, user=arbiter)
    return tournament


def _result(rng: random.Random, game) -> str:
    expected = 1 / (1 + 10 ** ((game.black.player.rating - game.white.player.rating) / 400))
    if rng.random() < 0.2:
        return GameResult.DRAW
    return GameResult.WHITE_WIN if rng.random() < expected else GameResult.BLACK_WIN
