"""A tournament's games as one PDN file (issue 8), read back by arbitration/services/pdn_import.py.

Format written (and read back by `analyse_import`):

* Tags, in this order: Event (tournament name), Site (place, "?" when unknown), Date (start date
  as YYYY.MM.DD, "????.??.??" when unknown), Round, White, Black (names with the colours as
  played), Result, GameType (26 on 64 squares, 20 on 100), FEN when the sheet starts from one,
  then any other tag the sheet itself has.
* Results as the site stores and shows them: 1-0, 0-1, 1/2-1/2 (PDN's chess-style results, which
  every draughts program reads). The import also reads the draughts-style 2-0, 0-2, 1-1.
* A forfeit (Art. 28) has no moves: its result and the comment {WO (Art. 28)}. A double forfeit
  has the Result tag "0-0" (both lose) and "*" in the movetext, because "0-0" in movetext reads
  as a move.
* Moves as written on the sheet (comments, NAGs and variations kept); the game's result, not the
  sheet's, ends the movetext. A sheet with a syntax error gives the moves before the error and a
  comment saying where the error is, so the export never fails on one bad sheet.
"""

from __future__ import annotations

from datetime import date

from django.db.models import Q
from django.utils.translation import gettext as _

from arbitration.models import ScoreSheet
from arbitration.sheets import read_until_error, variant_for_board
from rules.pdn import PdnGame
from rules.pdn_writer import write_game
from tournaments.models import Game, GameResult, Tournament

FORFEIT_COMMENT = "WO (Art. 28)"
UNKNOWN_DATE = "????.??.??"
DOUBLE_FORFEIT_TAG = "0-0"

# What each stored result is written as (see the module docstring for why).
EXPORTED_RESULT = {
    GameResult.WHITE_WIN: "1-0",
    GameResult.BLACK_WIN: "0-1",
    GameResult.DRAW: "1/2-1/2",
    GameResult.WHITE_FORFEIT_WIN: "1-0",
    GameResult.BLACK_FORFEIT_WIN: "0-1",
    GameResult.DOUBLE_FORFEIT: DOUBLE_FORFEIT_TAG,
}
_FORFEITS = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN,
             GameResult.DOUBLE_FORFEIT)
_OWN_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "FEN")


def pdn_date(day: date | None) -> str:
    """PDN's Date tag: YYYY.MM.DD, or question marks when the date is not known."""
    return day.strftime("%Y.%m.%d") if day is not None else UNKNOWN_DATE


def export_filename(tournament: Tournament) -> str:
    return f"{tournament.slug}.pdn"


def _exported_game(game: Game, sheet: ScoreSheet | None) -> PdnGame:
    tournament = game.round.tournament
    forfeit = game.result in _FORFEITS
    written = PdnGame()
    syntax_note = ""
    if sheet is not None and not forfeit:
        games, error = read_until_error(sheet.pdn)
        if games:
            written = games[0]
        if error is not None:
            syntax_note = _(
                "The score sheet has a PDN syntax error at line %(line)d, column %(column)d: "
                "the moves after it are on the site only."
            ) % {"line": error.line, "column": error.column}
    result = EXPORTED_RESULT.get(game.result, "*")
    tags = {
        "Event": tournament.name,
        "Site": tournament.place or "?",
        "Date": pdn_date(tournament.start_date),
        "Round": str(game.round.number),
        "White": game.white.player.name,
        "Black": game.black.player.name,
        "Result": result,
        "GameType": str(variant_for_board(tournament.board).pdn_gametype),
    }
    if written.fen:
        tags["FEN"] = written.fen
    tags.update((name, value) for name, value in written.tags.items() if name not in _OWN_TAGS)
    exported = PdnGame(tags=tags, plies=written.plies, comments=list(written.comments),
                       result=result if result != DOUBLE_FORFEIT_TAG else "*")
    if forfeit:
        exported.comments = [FORFEIT_COMMENT]
    if syntax_note:
        exported.comments.append(syntax_note)
    return exported


def _exported_rows(tournament: Tournament, include_results: bool):
    """The games the file holds, filtered in the database (a round robin just paired has tens of
    thousands of games and none to export) and read in one query, row by row."""
    wanted = Q(score_sheet__isnull=False)
    if include_results:
        wanted |= ~Q(result=GameResult.NOT_PLAYED)
    return (Game.objects.of_tournament(tournament).filter(wanted)
            .select_related("round__tournament", "white__player", "black__player",
                            "score_sheet")
            .order_by("round__number", "board"))


def export_games(tournament: Tournament, *, include_results: bool = True) -> list[PdnGame]:
    """Every game with a score sheet, in round then board order; with `include_results`, also
    every game that has a result but no sheet (tags and result only; forfeits are among them)."""
    return [_exported_game(game, getattr(game, "score_sheet", None))
            for game in _exported_rows(tournament, include_results)]


def export_tournament(tournament: Tournament, *, include_results: bool = True) -> str:
    """The tournament's games as one PDN text (see the module docstring for the format)."""
    return "".join(stream_tournament(tournament, include_results=include_results))


def nothing_to_export(include_results: bool) -> str:
    """The file's text when no game qualifies: a PDN comment saying so (readers find no game
    in it), rather than an empty file that looks like a failed download."""
    if include_results:
        message = _("No game of this tournament has a score sheet or a result yet.")
    else:
        message = _("No game of this tournament has a score sheet yet.")
    return "{" + message.replace("{", "(").replace("}", ")") + "}\n"


def stream_tournament(tournament: Tournament, *, include_results: bool = True):
    """The tournament's PDN text game by game, for a streamed download: one query, read with
    iterator(), so neither the rows nor the text of thousands of games are held at once."""
    first = True
    for game in _exported_rows(tournament, include_results).iterator(chunk_size=500):
        text = write_game(_exported_game(game, getattr(game, "score_sheet", None)))
        yield text if first else "\n" + text
        first = False
    if first:
        yield nothing_to_export(include_results)
