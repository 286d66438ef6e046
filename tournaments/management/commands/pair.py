"""`manage.py pair SLUG`: generate every round of a tournament from the Berger tables (Art. 2)."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.models import Tournament


class Command(BaseCommand):
    help = _("Generate every round of a tournament. Pairing numbers are drawn by lot first when "
             "no player has one (or with --draw).")

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--draw", action="store_true",
                            help=_("draw the pairing numbers by lot first"))
        parser.add_argument("--seed", type=int, default=None,
                            help=_("seed of the draw by lot, to replay an earlier one"))

    def handle(self, *args, slug: str, draw: bool, seed: int | None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(_("No tournament with the slug %(slug)s.") % {"slug": slug})
        try:
            unnumbered = not tournament.entries.filter(number__isnull=False).exists()
            if draw or seed is not None or unnumbered:
                services.draw_numbers(tournament, seed=seed)
                tournament.refresh_from_db()
                self.stdout.write(_("Pairing numbers drawn by lot, seed %(seed)d.") % {
                    "seed": tournament.pairing_seed})
            rounds = services.generate_rounds(tournament)
        except services.TournamentError as error:
            raise CommandError(_("%(slug)s not paired, nothing changed: %(error)s") % {
                "slug": slug, "error": error}) from error
        self.stdout.write(_("%(count)d rounds generated for %(name)s.") % {
            "count": len(rounds), "name": tournament.name})
