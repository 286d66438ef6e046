"""The score sheets of a PDN file with several games matched to the pairings by round and player
names (issue 8); the file is the one arbitration/services/pdn_export.py writes, or another
program's.

Importing never writes anything silently: `analyse_import` reads and matches (nothing stored);
`import_games` carries out the arbiter's choices, all in one transaction, through `save_sheet`
(audited, replayed) and `record_result` (version-checked, audited).

Bounds (issue 13): reading a file, and refusing one over the import's bounds before anything is
replayed, is arbitration/services/pdn_reading.py. What reading and replaying a file found is
kept in Django's cache under the file's hash, so reloading the preview or confirming it never
reads or replays the file again; only the matching against the pairings (a few queries) is done
afresh, since games change meanwhile.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arbitration import describe
from arbitration.models import Notation, ScoreSheet
from arbitration.services.base import ArbitrationError, StaleSheetError, sheet_replay
from arbitration.services.pdn_export import DOUBLE_FORFEIT_TAG
from arbitration.services.pdn_reading import (
    ANALYSIS_CACHE_SECONDS,
    FileGame,
    read_file,
    text_digest,
)
from arbitration.services.score_sheets import save_sheet
from arbitration.sheet_problems import illegal_line
from arbitration.sheets import SheetReplay
from rules.pdn import BLACK, WHITE, PdnSyntaxError
from tournaments.models import Entry, Game, GameResult, Tournament
from tournaments.rules_messages import syntax_line
from tournaments.services import StaleResultError, TournamentError, record_result

_WO = re.compile(r"\bWO\b")
_ROUND_TAG = re.compile(r"^\s*(\d{1,6})(?:\.\d+)?\s*$")
# Of the problems kept under "pdn-import-problems:"; bumped with pdn_reading's when ReadFile
# moved there (issue 26), as the one constant both keys were built from.
_CACHE_VERSION = 2


# ------------------------------------------------------------------------------ player names


def name_key(name: str) -> str:
    """A name as compared: without accents, case or extra spaces, "Surname, Name" turned round.

    >>> name_key("Araújo,  João") == name_key("joao ARAUJO")
    True
    """
    if "," in name:
        surname, _comma, given = name.partition(",")
        name = f"{given} {surname}"
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(plain.casefold().split())


def _loose_key(name: str) -> str:
    """The words of a name in any order: "Araujo Joao" (surname first, no comma) still matches."""
    return " ".join(sorted(name_key(name).split()))


class _Players:
    """The tournament's entries by name: exact key first, the words in any order second."""

    def __init__(self, entries: list[Entry]) -> None:
        self.exact: dict[str, list[Entry]] = defaultdict(list)
        self.loose: dict[str, list[Entry]] = defaultdict(list)
        for entry in entries:
            self.exact[name_key(entry.player.name)].append(entry)
            self.loose[_loose_key(entry.player.name)].append(entry)

    def find(self, name: str) -> list[Entry]:
        return self.exact.get(name_key(name)) or self.loose.get(_loose_key(name)) or []


# ------------------------------------------------------------------------------------ import


class RowStatus:
    NEW = "new"  # matched, the game has no sheet: the sheet would be created
    REPLACE = "replace"  # matched, the game has another sheet: replaced only if ticked
    SAME = "same"  # matched, the game's sheet is this very text
    RESULT_ONLY = "result-only"  # matched, no moves in the file: at most the result is set
    UNMATCHED = "unmatched"


@dataclass
class ImportRow:
    """One game of the file: what it says, the pairing it matches, and what importing it does."""

    number: int  # its place in the file, from 1
    line: int
    pdn: FileGame
    text: str  # the game's text as written in the file
    status: str = RowStatus.UNMATCHED
    reason: str = ""  # why it is not matched
    game: Game | None = None
    sheet: ScoreSheet | None = None
    colours_differ: bool = False
    problems: list[str] = field(default_factory=list)
    offered_result: str = ""  # a GameResult value, with the pairing's colours
    notation: str = Notation.NUMERIC

    @property
    def white_name(self) -> str:
        return self.pdn.tags.get("White", "")

    @property
    def black_name(self) -> str:
        return self.pdn.tags.get("Black", "")

    @property
    def round_tag(self) -> str:
        return self.pdn.tags.get("Round", "")

    @property
    def moves(self) -> int:
        return self.pdn.moves

    @property
    def matched(self) -> bool:
        return self.status != RowStatus.UNMATCHED

    @property
    def can_import_sheet(self) -> bool:
        return self.status in (RowStatus.NEW, RowStatus.REPLACE)

    @property
    def sheet_version(self) -> int:
        return self.sheet.version if self.sheet is not None else 0

    @property
    def can_set_result(self) -> bool:
        """A result the file gives that differs from the game's."""
        return (self.game is not None and bool(self.offered_result)
                and self.offered_result != self.game.result)

    @property
    def result_differs(self) -> bool:
        """The game already has another result: setting the file's is never the default."""
        return self.can_set_result and bool(self.game.result)

    @property
    def offered_result_label(self) -> str:
        return GameResult(self.offered_result).label if self.offered_result else ""


@dataclass
class ImportPlan:
    """A file read and matched; nothing stored. A syntax error refuses the whole file."""

    text: str
    rows: list[ImportRow]
    syntax_error: PdnSyntaxError | None = None

    @property
    def syntax_message(self) -> str:
        error = self.syntax_error
        return syntax_line(error.code, error.line, error.column) if error else ""

    @property
    def syntax_near(self) -> str:
        error = self.syntax_error
        return describe.snippet(self.text, error.line, error.column) if error else ""

    @property
    def importable(self) -> bool:
        return self.syntax_error is None and any(
            row.can_import_sheet or row.can_set_result for row in self.rows)

    @property
    def state_digest(self) -> str:
        """A digest of the file and of every matched game's state (sheet and result versions):
        a confirmation made on a preview whose digest differs would import something else."""
        state = [self.text] + [
            [row.number, row.status, row.game.pk if row.game else None, row.sheet_version,
             row.game.version if row.game else None, row.game.result if row.game else None]
            for row in self.rows]
        return hashlib.sha256(json.dumps(state).encode()).hexdigest()

    @property
    def counts(self) -> dict[str, int]:
        """How many games of each status, keyed for templates ("result_only", not "-")."""
        counts = Counter(row.status for row in self.rows)
        return {status.replace("-", "_"): counts.get(status, 0) for status in (
            RowStatus.NEW, RowStatus.REPLACE, RowStatus.SAME, RowStatus.RESULT_ONLY,
            RowStatus.UNMATCHED)}



def _offered_result(pdn: FileGame, colours_differ: bool) -> str:
    """The result the file gives, as a GameResult with the pairing's colours ("" for none)."""
    forfeit = not pdn.moves and any(_WO.search(comment) for comment in pdn.comments)
    if forfeit and pdn.tags.get("Result", "").strip() == DOUBLE_FORFEIT_TAG:
        return GameResult.DOUBLE_FORFEIT
    winner = pdn.winner
    if winner is None:
        return ""
    if colours_differ and winner in (WHITE, BLACK):
        winner = BLACK if winner == WHITE else WHITE
    if forfeit:
        return {WHITE: GameResult.WHITE_FORFEIT_WIN,
                BLACK: GameResult.BLACK_FORFEIT_WIN}.get(winner, "")
    return {WHITE: GameResult.WHITE_WIN, BLACK: GameResult.BLACK_WIN,
            "draw": GameResult.DRAW}[winner]


class _Matcher:
    """The tournament's rounds and games, read once, to match each game of a file."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.players = _Players(list(tournament.entries.select_related("player")))
        self.rounds: dict[int, list[Game]] = {
            number: [] for number in tournament.rounds.values_list("number", flat=True)}
        games = (Game.objects.of_tournament(tournament)
                 .select_related("round__tournament", "white__player", "black__player",
                                 "score_sheet"))
        for game in games:
            self.rounds[game.round.number].append(game)

    def match(self, row: ImportRow) -> None:
        round_number = self._round_number(row)
        if round_number is None:
            return
        white, black = self.players.find(row.white_name), self.players.find(row.black_name)
        unknown = [name for name, found in ((row.white_name, white), (row.black_name, black))
                   if not found]
        if unknown:
            row.reason = _(
                "No game between these players in round %(round)d: no player named %(names)s "
                "in this tournament."
            ) % {"round": round_number, "names": _(" or ").join(f"“{n}”" for n in unknown)}
            return
        white_ids = {entry.pk for entry in white}
        black_ids = {entry.pk for entry in black}
        found = [(game, False) for game in self.rounds[round_number]
                 if game.white_id in white_ids and game.black_id in black_ids]
        found += [(game, True) for game in self.rounds[round_number]
                  if game.white_id in black_ids and game.black_id in white_ids
                  and (game, False) not in found]
        if not found:
            row.reason = _("No game between these players in round %(round)d.") % {
                "round": round_number}
            return
        if len(found) > 1:
            row.reason = _("Ambiguous: %(count)d games of round %(round)d fit these names.") % {
                "count": len(found), "round": round_number}
            return
        row.game, row.colours_differ = found[0]
        row.sheet = getattr(row.game, "score_sheet", None)

    def _round_number(self, row: ImportRow) -> int | None:
        tag = row.round_tag
        match = _ROUND_TAG.match(tag)
        if not tag.strip():
            row.reason = _("The game has no Round tag.")
        elif match is None:
            row.reason = _("The Round tag “%(round)s” is not a round number.") % {"round": tag}
        elif int(match.group(1)) not in self.rounds:
            row.reason = _("No such round: the tournament has no round %(round)s.") % {
                "round": match.group(1)}
        else:
            return int(match.group(1))
        return None


def _refuse_duplicates(rows: list[ImportRow]) -> None:
    """Two games of the file for one pairing: neither is imported, the arbiter decides."""
    counts = Counter(row.game.pk for row in rows if row.game is not None)
    for row in rows:
        if row.game is not None and counts[row.game.pk] > 1:
            row.reason = _(
                "Ambiguous: the file holds %(count)d games for round %(round)d, board "
                "%(board)d; remove all but one."
            ) % {"count": counts[row.game.pk], "round": row.game.round.number,
                 "board": row.game.board}
            row.game, row.sheet, row.colours_differ = None, None, False


def _describe_match(row: ImportRow, tournament: Tournament) -> None:
    """Status, result offered and notation of a matched game."""
    game = row.game
    assert game is not None
    row.offered_result = _offered_result(row.pdn, row.colours_differ)
    row.notation = (Notation.ALGEBRAIC if tournament.board == 64 and row.pdn.algebraic
                    else Notation.NUMERIC)
    if not row.pdn.moves:
        row.status = RowStatus.RESULT_ONLY
        return
    if row.sheet is None:
        row.status = RowStatus.NEW
    elif row.sheet.pdn.strip() == row.text.strip():
        row.status = RowStatus.SAME
    else:
        row.status = RowStatus.REPLACE


def _problems_key(plan: ImportPlan, tournament: Tournament) -> str:
    return (f"pdn-import-problems:{_CACHE_VERSION}:{text_digest(plan.text)}:{tournament.board}:"
            f"{tournament.draw_profile}:{tournament.time_control}:{get_language() or ''}")


def check_sheets(plan: ImportPlan) -> None:
    """List each importable sheet's problems on its row (in place), replaying only the sheets
    this file's earlier previews have not replayed (their problems are in the cache)."""
    rows = [row for row in plan.rows if row.can_import_sheet]
    if not rows:
        return
    key = _problems_key(plan, rows[0].game.round.tournament)
    known: dict[int, list[str]] = cache.get(key) or {}
    missing = False
    for row in rows:
        if row.number not in known:
            replay = sheet_replay(row.game, text=row.text, accepted=[])
            known[row.number] = sheet_problem_lines(replay, row.notation == Notation.ALGEBRAIC)
            missing = True
        row.problems = list(known[row.number])
    if missing:
        cache.set(key, known, ANALYSIS_CACHE_SECONDS)


def sheet_problem_lines(replay: SheetReplay, algebraic: bool) -> list[str]:
    """What the replay finds wrong with a sheet: a starting position that cannot be read, the
    first irregular move with its Art. 23 category, a GameType for another board."""
    problems = []
    if replay.start_error is not None:
        problems.append(syntax_line("start", None, None))
    if replay.syntax_error is not None:
        error = replay.syntax_error
        problems.append(syntax_line(error.code, error.line, error.column))
    line = illegal_line(replay, algebraic)
    if line:
        problems.append(line)
    if replay.gametype_mismatch:
        problems.append(_("The GameType tag names another board; the moves are replayed on "
                          "this tournament's board."))
    return problems


def analyse_import(tournament: Tournament, text: str, *, replay: bool = True) -> ImportPlan:
    """Read a PDN text with several games and match each to a pairing; nothing is stored.

    With a syntax error, the games before it are listed (still useful to fix the file) and the
    plan refuses to import anything. `replay=False` skips replaying the sheets for their
    problems, which only the preview shows (a confirmation need not pay for it again;
    `check_sheets` adds them later if needed). A file over the bounds raises
    ImportTooLargeError; reading and replaying are done once per file (see the module's
    docstring and arbitration/services/pdn_reading.py).
    """
    read = read_file(text)
    rows = [ImportRow(number=index, line=game.line, pdn=game, text=piece)
            for index, (game, piece) in enumerate(zip(read.games, read.texts, strict=True),
                                                  start=1)]
    matcher = _Matcher(tournament)
    for row in rows:
        matcher.match(row)
    _refuse_duplicates(rows)
    for row in rows:
        if row.game is not None:
            _describe_match(row, tournament)
    plan = ImportPlan(text=text, rows=rows, syntax_error=read.syntax_error)
    if replay:
        check_sheets(plan)
    return plan


@dataclass(frozen=True)
class ImportChoice:
    """What the arbiter ticked for one game of the file, and the versions the preview showed."""

    number: int
    sheet: bool = False
    replace: bool = False
    result: bool = False
    sheet_version: int = 0
    game_version: int = 1


@dataclass
class ImportOutcome:
    sheets: list[ScoreSheet] = field(default_factory=list)
    results: list[Game] = field(default_factory=list)


def _where(row: ImportRow) -> str:
    game = row.game
    if game is None:
        return _("Game %(number)d of the file") % {"number": row.number}
    return _("Game %(number)d of the file (round %(round)d, board %(board)d)") % {
        "number": row.number, "round": game.round.number, "board": game.board}


def _check_choice(row: ImportRow | None, choice: ImportChoice) -> ImportRow:
    if row is None:
        raise ArbitrationError(_("The file has no game %(number)d.") % {"number": choice.number})
    if not row.matched:
        raise ArbitrationError(_("%(game)s matches no pairing: it cannot be imported.") % {
            "game": _where(row)})
    if choice.sheet and not row.can_import_sheet:
        raise ArbitrationError(_("%(game)s has no score sheet to import.") % {
            "game": _where(row)})
    if choice.sheet and row.sheet is not None and not choice.replace:
        raise ArbitrationError(_(
            "%(game)s already has a score sheet: tick “replace” to replace it."
        ) % {"game": _where(row)})
    if choice.result and not row.can_set_result:
        raise ArbitrationError(_("%(game)s gives no new result to set.") % {
            "game": _where(row)})
    return row


@transaction.atomic
def import_games(plan: ImportPlan, choices: list[ImportChoice], *, user=None) -> ImportOutcome:
    """Carry out the arbiter's choices: every sheet and result, or, on any refusal, nothing.

    Sheets are stored as written in the file (problems and all) through `save_sheet`; results
    through `record_result`, each with the version the preview showed, so a change made by
    someone else since the preview refuses the whole import (StaleSheetError).
    """
    if plan.syntax_error is not None:
        raise ArbitrationError(_("%(error)s. Nothing was imported: correct the file first.") % {
            "error": plan.syntax_message})
    rows = {row.number: row for row in plan.rows}
    outcome = ImportOutcome()
    for choice in choices:
        row = _check_choice(rows.get(choice.number), choice)
        try:
            if choice.sheet:
                # No irregular move is let stand by an import (Art. 23: the opponent decides,
                # the arbiter records it). For a new sheet None means exactly that and spares
                # the service a replay; a replaced sheet must not keep the old one's.
                accepted = None if choice.sheet_version == 0 else []
                outcome.sheets.append(save_sheet(
                    row.game, pdn=row.text, notation=row.notation, accepted_moves=accepted,
                    expected_version=choice.sheet_version, user=user))
            if choice.result:
                outcome.results.append(record_result(
                    row.game, result=row.offered_result, expected_version=choice.game_version,
                    user=user))
        except (StaleSheetError, StaleResultError) as error:
            raise StaleSheetError(_(
                "%(game)s was changed by someone else since the preview: nothing was imported. "
                "Check the preview again."
            ) % {"game": _where(row)}) from error
        except ArbitrationError as error:
            raise ArbitrationError(_("%(game)s: %(message)s") % {
                "game": _where(row), "message": error.message}) from error
        except TournamentError as error:
            raise ArbitrationError(_("%(game)s: %(message)s") % {
                "game": _where(row), "message": str(error)}) from error
    return outcome
