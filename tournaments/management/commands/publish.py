"""`manage.py publish SLUG --to URL --token TOKEN`: send a tournament to the public server.

The address and token are kept (the tournament's outbox, tournaments/models/publishing.py), so
later `manage.py publish SLUG` sends again, and `manage.py publish --pending` (cron, every
minute) sends every tournament changed since its last send whose next try is due. `--force`
sends one tournament whole even when nothing changed since the last send acknowledged (the
server writes nothing if it has that copy already).
"""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.files.publish_send import send, send_pending
from tournaments.models import PublishingOutbox, Tournament
from tournaments.services.publishing import PublishingError, set_up_publishing


class Command(BaseCommand):
    help = _("Publish a tournament to the public server, or retry the pending sends.")

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?")
        parser.add_argument("--to", metavar="URL",
                            help=_("the publishing address the public server's token page shows"))
        parser.add_argument("--token", help=_("the publishing token the public server issued"))
        parser.add_argument("--pending", action="store_true",
                            help=_("send every tournament changed since its last send (for cron)"))
        parser.add_argument("--force", action="store_true",
                            help=_("send the tournament even if nothing changed since its last "
                                   "send"))

    def handle(self, *args, slug=None, to=None, token=None, pending=False, force=False,
               **options):
        if pending:
            if slug or to or token or force:
                raise CommandError(_("--pending takes no tournament, address, token or "
                                     "--force."))
            for outbox, outcome in send_pending():
                self.stdout.write(f"{outbox.tournament.slug}: {outcome.message}")
            return
        if not slug:
            raise CommandError(_("Name the tournament (its slug), or use --pending."))
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(_("No tournament with the slug %(slug)s.") % {"slug": slug})
        if to or token:
            if not (to and token):
                raise CommandError(_("Give both --to and --token."))
            try:
                outbox = set_up_publishing(tournament, to, token)
            except PublishingError as error:
                raise CommandError(str(error)) from error
        else:
            outbox = PublishingOutbox.objects.filter(tournament=tournament).first()
            if outbox is None:
                raise CommandError(_("Publishing is not set up for %(slug)s: give --to and "
                                     "--token.") % {"slug": slug})
        outcome = send(outbox, force=force)
        if not outcome.ok:
            raise CommandError(outcome.message)
        self.stdout.write(outcome.message)
