"""`manage.py import_tournament FILE.json`: restore a tournament from its JSON backup."""

import json
import sys
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from rules.textfile import TextDecodingError, decode_text
from tournaments.files.backup import import_tournament
from tournaments.files.backup_check import too_deep
from tournaments.files.backup_values import BackupError
from tournaments.rules_messages import text_decoding_problem


class Command(BaseCommand):
    help = _("Import a tournament from a JSON file (the export_tournament format); print its slug.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=_("the JSON file, or - for standard input"))
        parser.add_argument("--organiser", action="append", default=[], metavar="USERNAME",
                            help=_("make this user an organiser of the tournament (repeatable)"))
        parser.add_argument("--slug", help=_("the tournament's address, e.g. its old one when "
                                             "restoring a backup (default: made from its name)"))

    def handle(self, *args, file: str, organiser: list[str], slug: str | None = None,
               **options):
        users = list(get_user_model().objects.filter(username__in=organiser))
        missing = set(organiser) - {user.get_username() for user in users}
        if missing:
            raise CommandError(_("No such user: %(names)s") % {"names": ", ".join(sorted(missing))})
        data = self._read(file)
        try:
            tournament = import_tournament(data, organisers=users, slug=slug)
        except BackupError as error:
            raise CommandError(_("%(file)s refused, nothing saved: %(error)s") % {
                "file": file, "error": error}) from error
        self.stdout.write(tournament.slug)

    def _read(self, file: str):
        try:
            if file == "-":
                stream = getattr(sys.stdin, "buffer", None)  # None: a test's StringIO
                data = sys.stdin.read() if stream is None else stream.read()
            else:
                with open(file, "rb") as handle:
                    data = handle.read()
            # Read as every uploaded text is (rules.textfile): a backup saved again by an
            # editor in UTF-16 or Windows-1252 is read too.
            text = data if isinstance(data, str) else decode_text(data).text
        except OSError as error:
            raise CommandError(_("Cannot read %(file)s: %(error)s") % {
                "file": file, "error": error.strerror}) from error
        except TextDecodingError as error:
            raise CommandError(_("%(file)s refused, nothing saved: %(error)s") % {
                "file": file, "error": text_decoding_problem(error)}) from error
        try:
            # Decimals keep 0.5 exact on its way to the scoring fields.
            return json.loads(text, parse_float=Decimal)
        except json.JSONDecodeError as error:
            raise CommandError(_("%(file)s is not valid JSON: line %(line)d, column %(column)d: "
                                 "%(message)s") % {"file": file, "line": error.lineno,
                                                   "column": error.colno,
                                                   "message": error.msg}) from error
        except RecursionError as error:  # json's parser recurses on each [ and {: thousands
            raise CommandError(_("%(file)s refused, nothing saved: %(error)s") % {
                "file": file, "error": too_deep()}) from error
