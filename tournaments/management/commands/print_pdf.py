"""Write a tournament's printed document to a PDF file, the same bytes as its download link.

    python manage.py print_pdf SLUG crosstable|standings|pairings|slips|scoresheets
                               [--round N] [--language pt-br|en] -o FILE.pdf
    python manage.py print_pdf SLUG game --pdn GAME.pdn [--diagram PLY ...] -o FILE.pdf
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from rules.pdn import PdnSyntaxError
from rules.textfile import TextDecodingError, decode_text
from tournaments.models import Tournament
from tournaments.printing import documents
from tournaments.printing.collect import RoundNotFoundError
from tournaments.printing.game_source import GameReplayError
from tournaments.rules_messages import syntax_line, text_decoding_problem


class Command(BaseCommand):
    help = _(
        "Print a tournament's crosstable, standings, a round's pairings or result slips, or "
        "score sheets, to a PDF file."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help=_("The tournament's slug, as in its address."))
        parser.add_argument("document", choices=[*documents.DOCUMENTS, documents.GAME])
        parser.add_argument(
            "--round", type=int, dest="round_number", metavar="N",
            help=_("The round (required for pairings and slips; fills in score sheets)."),
        )
        parser.add_argument(
            "--pdn", metavar="GAME.pdn",
            help=_("For a game record: the PDN file of the game (its first game is printed)."),
        )
        parser.add_argument(
            "--diagram", type=int, action="append", default=[], dest="diagrams", metavar="PLY",
            help=_("For a game record: draw the position after this many half-moves "
                   "(0 is the start, 2N after move N); repeat for more diagrams."),
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
               language: str, pdn: str | None, diagrams: list[int], **options):
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
        if document == documents.GAME and pdn is None:
            raise CommandError(_("A game record is printed from a PDN file: add --pdn GAME.pdn."))
        with translation.override(language):
            try:
                if document == documents.GAME:
                    printed = documents.render_game(tournament, _read_text(pdn), diagrams)
                else:
                    printed = documents.render(tournament, document, round_number)
            except PdnSyntaxError as error:
                # The engine's message is English: say it from its code, as the pages do.
                raise CommandError(syntax_line(error.code, error.line, error.column)) from error
            except (RoundNotFoundError, GameReplayError) as error:
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


def _read_text(name: str) -> str:
    """The PDN file's text, read as every uploaded text is (rules.textfile: UTF-8, UTF-16, else
    Windows-1252, which older draughts programs write)."""
    try:
        data = Path(name).read_bytes()
    except OSError as error:
        raise CommandError(
            _("Cannot read %(path)s: %(reason)s") % {"path": name, "reason": error.strerror}
        ) from error
    try:
        return decode_text(data).text
    except TextDecodingError as error:
        raise CommandError(_("%(path)s: %(problem)s") % {
            "path": name, "problem": text_decoding_problem(error)}) from error
