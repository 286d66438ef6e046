"""Every game of a tournament as one PDN file (issue 8), for scripts and backups.

    python manage.py export_pdn SLUG [-o FILE] [--sheets-only]

Writes to standard output, or to FILE (UTF-8). The format is described in
arbitration/services/pdn_export.py; --sheets-only leaves out the games that have a result but no
score sheet (forfeits among them).
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbitration.services import pdn_export
from rules.pdn_writer import write_games
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write every game of a tournament (score sheets and results) as one PDN file."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument("-o", "--output", help="the file to write (default: standard output)")
        parser.add_argument("--sheets-only", action="store_true",
                            help="leave out games that have a result but no score sheet")

    def handle(self, *args, slug: str, output: str | None, sheets_only: bool, **options) -> None:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(_("no tournament with the slug “%(slug)s”") % {"slug": slug})
        games = pdn_export.export_games(tournament, include_results=not sheets_only)
        text = write_games(games) or pdn_export.nothing_to_export(not sheets_only)
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(_("cannot write %(file)s: %(error)s") % {
                "file": output, "error": error.strerror or error}) from None
        self.stderr.write(ngettext("%(count)d game written to %(file)s",
                                   "%(count)d games written to %(file)s", len(games)) % {
            "count": len(games), "file": output})
