"""`manage.py export_tournament SLUG`: the tournament as JSON on standard output (the backup)."""

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.files.backup import export_tournament
from tournaments.models import Tournament


class Command(BaseCommand):
    help = _("Write a tournament as JSON to standard output (import it with import_tournament).")

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug: str, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(_("No tournament with the slug %(slug)s.") % {"slug": slug})
        self.stdout.write(json.dumps(export_tournament(tournament), ensure_ascii=False, indent=2))
