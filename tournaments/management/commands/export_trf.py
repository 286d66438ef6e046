"""`manage.py export_trf SLUG`: a Swiss tournament, a round robin or a team competition as a
TRF-2026 file (for rating officers and other pairing programs), its complete rounds on standard
output or in a file. A team competition gets the team records of TRF-2026 (310, 320, 330, 300,
352, 362) with the player records (001) of every team member (tournaments/files/team_trf.py)."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.files.team_trf import team_trf
from tournaments.models import Tournament
from tournaments.queries.swiss_micro import TRF_REFUSAL
from tournaments.queries.swiss_trf import export_trf_text
from tournaments.services.teams import is_team_event


class Command(BaseCommand):
    help = _("Write a tournament as a TRF file (import it with import_trf).")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", help=_("the file to write (default: standard "
                                                     "output)"))

    def handle(self, *args, slug: str, output: str | None = None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(_("No tournament with the slug %(slug)s.") % {"slug": slug})
        if is_team_event(tournament):
            text = team_trf(tournament)
        elif tournament.micro_match:
            raise CommandError(str(TRF_REFUSAL))
        else:
            text = export_trf_text(tournament)
        if output:
            with open(output, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
        else:
            self.stdout.write(text, ending="")
