"""Write a tournament's printed document to a PDF file, the same bytes as its download link.

    python manage.py print_pdf SLUG crosstable|standings|pairings|slips|scoresheets
                               [--round N] [--language pt-br|en] -o FILE.pdf
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.printing import documents
from tournaments.printing.collect import RoundNotFoundError


class Command(BaseCommand):
    help = _(
        "Print a tournament's crosstable, standings, a round's pairings or result slips, or "
        "score sheets, to a PDF file."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help=_("The tournament's slug, as in its address."))
        parser.add_argument("document", choices=documents.DOCUMENTS)
        parser.add_argument(
            "--round", type=int, dest="round_number", metavar="N",
            help=_("The round (required for pairings and slips; fills in score sheets)."),
        )
        parser.add_argument(
            "-o", "--output", required=True, metavar="FILE.pdf",
            help=_("Where to write the PDF."),
        )
        parser.add_argument(
            "--language", default=settings.LANGUAGE_CODE,
            choices=[code for code, _name in settings.LANGUAGES],
            help=_("Language of the document (default: the site's, as the download links)."),
        )

    def handle(self, *args, slug: str, document: str, round_number: int | None, output: str,
               language: str, **options):
        try:
            tournament = Tournament.objects.get(slug=slug)
        except Tournament.DoesNotExist:
            raise CommandError(
                _("No tournament has the slug \"%(slug)s\".") % {"slug": slug}
            ) from None
        if document in documents.NEEDS_ROUND and round_number is None:
            raise CommandError(
                _("%(document)s are printed for one round: add --round N.")
                % {"document": document}
            )
        with translation.override(language):
            try:
                printed = documents.render(tournament, document, round_number)
            except RoundNotFoundError as error:
                raise CommandError(str(error)) from error
        path = Path(output)
        try:
            path.write_bytes(printed.content)
        except OSError as error:
            raise CommandError(
                _("Cannot write %(path)s: %(reason)s") % {"path": path, "reason": error.strerror}
            ) from error
        self.stdout.write(
            _("Wrote %(path)s (%(size)d bytes).") % {"path": path, "size": len(printed.content)}
        )
