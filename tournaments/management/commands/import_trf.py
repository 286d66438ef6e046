"""`manage.py import_trf FILE.trf`: a Swiss tournament from a TRF file (Swiss-Manager, Swiss
Perfect, bbpPairings, lichess...), with its players, rounds and results, to be continued here;
a file with TRF-2026 team records (310) becomes a team competition. The slug is printed on
standard output, and how each unusual entry was read on standard error."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from rules.textfile import TextDecodingError, decode_text
from tournaments.files.swiss_trf import TrfImportError, import_trf
from tournaments.files.team_trf import TeamTrfError
from tournaments.files.team_trf_import import import_team_trf, is_team_file
from tournaments.pairing.swiss.trf import TrfError
from tournaments.rules_messages import text_decoding_problem
from tournaments.services import TournamentError


class Command(BaseCommand):
    help = _("Create a Swiss tournament from a TRF file; print its slug.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", help=_("the tournament's address (default: made from its "
                                             "name)"))
        parser.add_argument("--organiser", action="append", default=[], metavar="USERNAME",
                            help=_("make this user an organiser of the tournament (repeatable)"))

    def handle(self, *args, file: str, slug: str | None = None, organiser: list[str],
               **options):
        users = list(get_user_model().objects.filter(username__in=organiser))
        missing = set(organiser) - {user.get_username() for user in users}
        if missing:
            raise CommandError(_("No such user: %(names)s") % {"names": ", ".join(sorted(missing))})
        try:
            with open(file, "rb") as handle:
                text = decode_text(handle.read()).text
        except OSError as error:
            raise CommandError(_("Cannot read %(file)s: %(error)s") % {
                "file": file, "error": error.strerror}) from error
        except TextDecodingError as error:
            raise CommandError(_("%(file)s refused, nothing saved: %(error)s") % {
                "file": file, "error": text_decoding_problem(error)}) from error
        try:
            notes: list[str] = []
            if is_team_file(text):  # TRF-2026 team records: a team competition
                tournament = import_team_trf(text, slug=slug or "")
            else:
                imported = import_trf(text, slug=slug or "")
                tournament, notes = imported.tournament, imported.notes
        except (TrfError, TrfImportError, TeamTrfError, TournamentError) as error:
            raise CommandError(_("%(file)s refused, nothing saved: %(error)s") % {
                "file": file, "error": error}) from error
        tournament.organisers.add(*users)
        self.stdout.write(tournament.slug)
        # How entries other programs write were read (a blank round, "0000 - +"), for the
        # arbiter to check; on standard error, so the slug alone stays on standard output.
        for note in notes:
            self.stderr.write(note, style_func=self.style.WARNING)
