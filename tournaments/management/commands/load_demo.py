"""Fill an empty database with demo accounts and a tournament, so `make run` shows something.

The tournament is a realistic 10-player Brazilian round robin, half played: rounds 1-5 of 9 with
wins, draws, a forfeit (Art. 28) and a game whose colours were swapped by agreement (Art. 10).
Beside it, a 30-player Swiss of seven rounds in its fifth round (tournaments/demo/swiss.py), a
20-player open with Baku acceleration and forbidden pairings, its round 2 a draft
(tournaments/demo/accelerated.py), and for the ratings (issue 27) a CBD rating list dated before
them all and a finished six-player round robin of October it rates (tournaments/demo/ratings.py).
"""

import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.demo.accelerated import load_accelerated
from tournaments.demo.ratings import load_cup, load_rating_list
from tournaments.demo.swiss import load_swiss
from tournaments.demo.teams import load_team_demo
from tournaments.models import Board, Game, TimeControl, Tournament

DEMO_PASSWORD = "damas-demo"
DEMO_ORGANISER = "organizador"
DEMO_ARBITER = "arbitro"
DEMO_SLUG = "aberto-de-damas-sao-paulo-2026"
ORGANISERS_GROUP = "Organizadores"
DEMO_SEED = 20261114  # the draw of pairing numbers, replayable

# (name, club, rating, federation id)
DEMO_PLAYERS = [
    ("João Gonçalves da Silva", "Clube de Damas de São Paulo", 2105, "CBD-10021"),
    ("Maria Aparecida Conceição", "Associação Campineira de Damas", 1987, "CBD-10458"),
    ("Antônio Márcio Araújo", "Clube Recifense de Damas", 2212, "CBD-09873"),
    ("Luíza Fernandes Brandão", "Federação Mineira de Damas", 1876, "CBD-11204"),
    ("José Inácio Lôbo", "Clube de Damas de Porto Alegre", 1932, "CBD-10777"),
    ("Beatriz Simões Guimarães", "Damas Clube Curitiba", 1810, "CBD-11532"),
    ("Sebastião Conceição Júnior", "Clube de Damas de Salvador", 2040, "CBD-10110"),
    ("Cláudia Patrícia Assunção", "Clube Fortalezense de Damas", 1755, ""),
    ("Raimundo Nonato Falcão", "Associação Manauara de Damas", 1699, ""),
    ("Tânia Regina Magalhães", "Clube Carioca de Damas", 1921, "CBD-10989"),
]

# Results of rounds 1-5, board by board, with the colours of the Berger table; "swap" marks the
# game whose players agreed to swap colours (Art. 10), its result read with the colours played.
DEMO_RESULTS = {
    1: ["1-0", "1/2-1/2", "0-1", "1-0", "1-0"],
    2: ["0-1", "1-0", "1-0", "1/2-1/2", "0-1"],
    3: ["1-0", "+-", "0-1", "1-0", "1/2-1/2"],
    4: ["1/2-1/2", "1-0", "0-1", "swap 0-1", "1-0"],
    5: ["1-0", "0-1", "1/2-1/2", "1-0", "0-1"],
}


class Command(BaseCommand):
    help = _("Load the demo accounts and tournament (skipped with --if-empty when data exists).")

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help=_("Do nothing when the database already holds a tournament or a user."),
        )

    def handle(self, *args, if_empty: bool = False, **options):
        User = get_user_model()
        if if_empty and (Tournament.objects.exists() or User.objects.exists()):
            self.stdout.write(_("The database already has data; demo not loaded."))
            return
        with transaction.atomic():
            self._load()
        self.stdout.write(
            _("Demo loaded. Sign in as %(organiser)s or %(arbiter)s, password %(password)s.")
            % {"organiser": DEMO_ORGANISER, "arbiter": DEMO_ARBITER, "password": DEMO_PASSWORD}
        )

    def _load(self) -> None:
        User = get_user_model()
        organiser, _created = User.objects.get_or_create(
            username=DEMO_ORGANISER,
            defaults={"first_name": "Helena", "last_name": "Vasconcelos", "is_staff": True,
                      "is_superuser": True},
        )
        organiser.set_password(DEMO_PASSWORD)
        organiser.save()
        group, _created = Group.objects.get_or_create(name=ORGANISERS_GROUP)
        organiser.groups.add(group)
        arbiter, _created = User.objects.get_or_create(
            # A name as the PDF headers print it ("Árbitro: Árbitro" read as a mistake).
            username=DEMO_ARBITER, defaults={"first_name": "Carlos Eduardo",
                                             "last_name": "Menezes"}
        )
        arbiter.set_password(DEMO_PASSWORD)
        arbiter.save()
        tournament, _created = Tournament.objects.get_or_create(
            slug=DEMO_SLUG,
            defaults={
                "name": "Aberto de Damas de São Paulo 2026",
                "place": "São Paulo, SP",
                "start_date": datetime.date(2026, 11, 14),
                "end_date": datetime.date(2026, 11, 15),
                "board": Board.BRAZILIAN,
                "time_control": TimeControl.RAPID,  # Art. 3: 20 x 20 minutes
            },
        )
        tournament.organisers.add(organiser)
        tournament.arbiters.add(arbiter)
        if not tournament.entries.exists():
            self._play_half(tournament, organiser, arbiter)
        load_team_demo(organiser, arbiter)  # the 6-team league of 4 boards (issue 16)
        load_swiss(organiser, arbiter)  # the 30-player Swiss in its fifth round (issue 14)
        # issue 27: a 20-player open with Baku acceleration and forbidden pairs, round 2 a draft
        load_accelerated(organiser, arbiter)
        load_rating_list(organiser)  # the CBD list in force at every demo tournament (issue 27)
        load_cup(organiser, arbiter)  # a finished round robin the season report rates

    def _play_half(self, tournament: Tournament, organiser, arbiter) -> None:
        # Done as the demo's organiser and arbiter would, so the audit log shows who did what.
        for name, club, rating, federation_id in DEMO_PLAYERS:
            services.add_player(tournament, name=name, club=club, rating=rating,
                                federation_id=federation_id, user=organiser)
        services.draw_numbers(tournament, seed=DEMO_SEED, user=organiser)
        services.generate_rounds(tournament, user=organiser)
        games = Game.objects.of_tournament(tournament).select_related("round")
        for game in games.filter(round__number__in=DEMO_RESULTS).order_by("round__number",
                                                                          "board"):
            planned = DEMO_RESULTS[game.round.number][game.board - 1]
            swap = planned.startswith("swap ")
            services.record_result(game, result=planned.removeprefix("swap "),
                                   colours_swapped=swap, expected_version=game.version,
                                   user=arbiter)
