"""Import the score sheets of a PDN file with several games (issue 8), for scripts.

    python manage.py import_pdn SLUG FILE [--dry-run] [--replace] [--results] [--user NAME]

Each game is matched to a pairing by its Round tag and players, as on the preview page, and one
line is printed per game: "MATCHED game N (line L): ..." or "UNMATCHED game N (line L): why"
(the first word is never translated, for scripts to match). Without --dry-run the matched sheets
are stored, all in one transaction, through the audited score-sheet service. A game that already
has a score sheet keeps it unless --replace. Results are set only with --results, and only for
games without one: a different result already recorded is never changed here.

A PDN syntax error prints the games read before it and exits with status 1, importing nothing.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbitration.services import ArbitrationError, pdn_import, pdn_reading
from arbitration.services.pdn_import import ImportChoice, ImportRow, RowStatus
from rules.textfile import TextDecodingError
from tournaments.models import GameResult, Tournament
from tournaments.rules_messages import encoding_note, text_decoding_problem


class Command(BaseCommand):
    help = "Match the games of a PDN file to a tournament's pairings and import their sheets."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument("file", help="the PDN file (UTF-8, UTF-16 or Windows-1252)")
        parser.add_argument("--dry-run", action="store_true",
                            help="only print how each game matches; store nothing")
        parser.add_argument("--replace", action="store_true",
                            help="replace score sheets the games already have")
        parser.add_argument("--results", action="store_true",
                            help="also set the file's result on games that have none")
        parser.add_argument("--user", help="the username the audit log names (default: none)")

    def handle(self, *args, slug: str, file: str, dry_run: bool, replace: bool, results: bool,
               user: str | None, **options) -> None:
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(_("no tournament with the slug “%(slug)s”") % {"slug": slug})
        actor = self._actor(user)
        try:
            with open(file, "rb") as handle:
                decoded = pdn_reading.decode_pdn(handle.read())
        except OSError as error:
            raise CommandError(_("cannot read %(file)s: %(error)s") % {
                "file": file, "error": error.strerror or error}) from None
        except TextDecodingError as error:
            raise CommandError(_("%(file)s refused, nothing saved: %(error)s") % {
                "file": file, "error": text_decoding_problem(error)}) from None
        text = decoded.text
        if decoded.guessed:
            self.stderr.write(encoding_note(decoded))
        try:
            plan = pdn_import.analyse_import(tournament, text)
        except ArbitrationError as error:  # over the bounds of one import (issue 13)
            raise CommandError(error.message) from None
        choices = []
        for row in plan.rows:
            choice = self._choice(row, replace=replace, results=results)
            self.stdout.write(self._line(row, choice, replace=replace, results=results))
            if choice is not None:
                choices.append(choice)
        if plan.syntax_error is not None:
            raise CommandError(_("%(error)s. Nothing was imported: correct the file first.") % {
                "error": plan.syntax_message})
        if dry_run:
            self.stdout.write(_("Dry run: nothing was stored."))
            return
        try:
            outcome = pdn_import.import_games(plan, choices, user=actor)
        except ArbitrationError as error:
            raise CommandError(error.message) from None
        self.stdout.write(_("Imported: %(sheets)s, %(results)s.") % {
            "sheets": ngettext("%(count)d score sheet", "%(count)d score sheets",
                               len(outcome.sheets)) % {"count": len(outcome.sheets)},
            "results": ngettext("%(count)d result", "%(count)d results",
                                len(outcome.results)) % {"count": len(outcome.results)},
        })

    def _actor(self, username: str | None):
        if not username:
            return None
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(_("no user named “%(name)s”") % {"name": username})
        return user

    @staticmethod
    def _choice(row: ImportRow, *, replace: bool, results: bool) -> ImportChoice | None:
        sheet = row.status == RowStatus.NEW or (row.status == RowStatus.REPLACE and replace)
        result = results and row.can_set_result and not row.result_differs
        if not (sheet or result):
            return None
        return ImportChoice(number=row.number, sheet=sheet, replace=sheet and replace,
                            result=result, sheet_version=row.sheet_version,
                            game_version=row.game.version)

    @staticmethod
    def _line(row: ImportRow, choice: ImportChoice | None, *, replace: bool,
              results: bool) -> str:
        where = _("game %(number)d (line %(line)d)") % {"number": row.number, "line": row.line}
        if not row.matched:
            return f"UNMATCHED {where}: {row.reason}"
        game = row.game
        parts = [_("round %(round)d, board %(board)d: %(white)s – %(black)s") % {
            "round": game.round.number, "board": game.board,
            "white": game.white.player.name, "black": game.black.player.name}]
        if row.colours_differ:
            parts.append(_("colours differ from the pairing"))
        parts.append({
            RowStatus.NEW: ngettext("new score sheet, %(moves)d half-move",
                                    "new score sheet, %(moves)d half-moves", row.moves),
            RowStatus.REPLACE: (_("replaces the game's score sheet") if replace else
                                _("the game has a score sheet: kept (--replace replaces it)")),
            RowStatus.SAME: _("the game's score sheet is already this text"),
            RowStatus.RESULT_ONLY: _("no moves: no score sheet"),
        }[row.status] % {"moves": row.moves})
        if row.can_set_result:
            offered = GameResult(row.offered_result).label
            if choice is not None and choice.result:
                parts.append(_("sets the result %(result)s") % {"result": offered})
            elif row.result_differs:
                parts.append(_("the file gives %(result)s but the game has %(current)s: not "
                               "changed") % {"result": offered,
                                             "current": game.get_result_display()})
            else:
                parts.append(_("the file gives %(result)s (--results sets it)") % {
                    "result": offered})
        parts.extend(row.problems)
        return f"MATCHED {where}: " + "; ".join(parts)
