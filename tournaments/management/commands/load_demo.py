"""Fill an empty database with demo accounts and a tournament, so `make run` shows something."""

import datetime

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Board, Tournament

DEMO_PASSWORD = "damas-demo"
DEMO_ORGANISER = "organizador"
DEMO_ARBITER = "arbitro"


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
            defaults={"first_name": "Organizador", "is_staff": True, "is_superuser": True},
        )
        organiser.set_password(DEMO_PASSWORD)
        organiser.save()
        arbiter, _created = User.objects.get_or_create(
            username=DEMO_ARBITER, defaults={"first_name": "Árbitro"}
        )
        arbiter.set_password(DEMO_PASSWORD)
        arbiter.save()
        Tournament.objects.get_or_create(
            slug="aberto-de-damas-sao-paulo-2026",
            defaults={
                "name": "Aberto de Damas de São Paulo 2026",
                "place": "São Paulo, SP",
                "start_date": datetime.date(2026, 11, 14),
                "end_date": datetime.date(2026, 11, 15),
                "board": Board.BRAZILIAN,
            },
        )
