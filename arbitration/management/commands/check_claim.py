"""Check a draw claim against a stored score sheet, for scripts (issue 7).

    python manage.py check_claim SLUG --round N --board B --rule ID --move 34...

Prints "UPHELD: <sentence>" or "REJECTED: <sentence>" (the prefix is never translated, for
scripts to match) and the evidence, one fact a line (or the
evidence as JSON with --json), and exits 0 for either verdict. Bad input (unknown tournament,
game, rule or move, no score sheet) is a CommandError: a message on stderr and exit status 1.
Nothing is stored.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from arbitration import describe
from arbitration.models import ScoreSheet
from arbitration.services import claim_refusal_message, sheet_replay
from arbitration.sheets import ClaimRefused, check_draw_claim
from rules.draws import RULE_IDS
from tournaments.models import Game, Tournament


class Command(BaseCommand):
    help = _("Check a draw claim against a game's score sheet and print the verdict and evidence.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help=_("the tournament's slug"))
        parser.add_argument("--round", type=int, required=True, dest="round_number")
        parser.add_argument("--board", type=int, required=True)
        parser.add_argument("--rule", required=True,
                            help=_("one of: %(rules)s") % {"rules": ", ".join(RULE_IDS)})
        parser.add_argument("--move", required=True,
                            help=_('the move after which the draw is claimed: "34." or "34..."'))
        parser.add_argument("--json", action="store_true", help=_("print the evidence as JSON"))

    def handle(self, *args, slug: str, round_number: int, board: int, rule: str, move: str,
               **options) -> None:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(_("no tournament with the slug “%(slug)s”") % {"slug": slug})
        game = (Game.objects.select_related("round__tournament", "white__player",
                                            "black__player")
                .filter(round__tournament=tournament, round__number=round_number, board=board)
                .first())
        if game is None:
            raise CommandError(_("%(slug)s: no game on board %(board)d of round %(round)d") % {
                "slug": slug, "board": board, "round": round_number})
        sheet = ScoreSheet.objects.filter(game=game).first()
        if sheet is None:
            raise CommandError(_("%(slug)s: round %(round)d, board %(board)d has no score sheet")
                               % {"slug": slug, "board": board, "round": round_number})
        try:
            check = check_draw_claim(sheet_replay(game, sheet), rule, move)
        except ClaimRefused as refusal:
            raise CommandError(claim_refusal_message(refusal)[0]) from None
        verdict = "UPHELD" if check.upheld else "REJECTED"
        sentence = describe.claim_sentence(check.evidence, check.upheld)
        self.stdout.write(f"{verdict}: {sentence}")
        if options["json"]:
            self.stdout.write(json.dumps({"rule": check.rule, "move": check.label,
                                          "ply": check.ply, "upheld": check.upheld,
                                          "evidence": check.evidence}, indent=2))
            return
        self.stdout.write(_("Game: %(white)s - %(black)s") % {
            "white": game.white.player.name, "black": game.black.player.name})
        self.stdout.write(_("Rule: %(rule)s (%(article)s)") % {
            "rule": check.rule, "article": check.evidence.get("article", "-")})
        self.stdout.write(_("Move: %(move)s (half-move %(ply)d)") % {
            "move": check.label, "ply": check.ply})
        for label, value in describe.evidence_facts(check.evidence):
            self.stdout.write(f"{label}: {value}")
