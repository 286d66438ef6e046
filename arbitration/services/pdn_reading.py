"""Reading a PDN file to import (issue 8): its bytes decoded, its games read once and kept in
Django's cache under the file's hash, each game's text as written, and the import's bounds.

Bounds (issue 13): a file holds at most MAX_IMPORT_GAMES games and MAX_IMPORT_PLIES half-moves
in all, and each game at most MAX_SHEET_PLIES; a larger file is refused before anything is
replayed. Matching the games to a tournament's pairings and importing them is
arbitration/services/pdn_import.py.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.cache import cache
from django.utils.translation import gettext as _

from arbitration.budget import MAX_SHEET_PLIES
from arbitration.services.base import ArbitrationError
from rules.pdn import PdnGame, PdnSyntaxError, read_games, read_games_until_error
from rules.pdn_writer import write_game
from rules.textfile import DecodedText, decode_text

# What one file may hold (issue 13; see the README). A round of a 100-player event is 50 games
# and a 20-player round robin 190; 25,000 half-moves replay in about a second.
MAX_IMPORT_GAMES = 250
MAX_IMPORT_PLIES = 25_000
ANALYSIS_CACHE_SECONDS = 6 * 3600
# 2 since ReadFile and FileGame moved here from pdn_io (issue 26): an entry pickled under 1
# names the old module and is never unpickled.
_CACHE_VERSION = 2


class ImportTooLargeError(ArbitrationError):
    """A file over the import's bounds: refused whole, before any game is replayed."""


@dataclass
class FileGame:
    """One game of a file as the import needs it: its tags, result, own comments and how many
    half-moves it has, without the moves (the row keeps the game's text), so that what was
    read of a file is small enough to keep in the cache."""

    tags: dict[str, str]
    result: str
    comments: list[str]
    line: int
    moves: int
    algebraic: bool

    @classmethod
    def of(cls, game: PdnGame) -> FileGame:
        return cls(tags=dict(game.tags), result=game.result, comments=list(game.comments),
                   line=game.line, moves=len(game.plies), algebraic=game.algebraic)

    @property
    def winner(self) -> str | None:
        """ "W", "B", "draw", or None for an unfinished game, as PdnGame says."""
        return PdnGame(result=self.result).winner


@dataclass
class ReadFile:
    """What reading a file found: its games with their texts, and its first syntax error as
    (message, line, column, code), which pickles where the exception does not."""

    games: list[FileGame]
    texts: list[str]
    error: tuple[str, int, int, str] | None

    @property
    def syntax_error(self) -> PdnSyntaxError | None:
        return PdnSyntaxError(*self.error) if self.error else None


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def check_bounds(games: list[PdnGame]) -> None:
    """Refuse a file over MAX_IMPORT_GAMES games, MAX_IMPORT_PLIES half-moves in all, or with
    a game over MAX_SHEET_PLIES, naming the game and the figures."""
    if len(games) > MAX_IMPORT_GAMES:
        raise ImportTooLargeError(_(
            "The file holds %(count)d games: at most %(limit)d can be imported at once. Split it "
            "into several files, a round at a time. Nothing was imported."
        ) % {"count": len(games), "limit": MAX_IMPORT_GAMES}, "upload")
    for number, game in enumerate(games, start=1):
        if len(game.plies) > MAX_SHEET_PLIES:
            raise ImportTooLargeError(_(
                "Game %(number)d of the file (line %(line)d) has %(count)d half-moves: a score "
                "sheet holds at most %(limit)d. Nothing was imported: correct the file."
            ) % {"number": number, "line": game.line, "count": len(game.plies),
                 "limit": MAX_SHEET_PLIES}, "upload")
    total = sum(len(game.plies) for game in games)
    if total > MAX_IMPORT_PLIES:
        raise ImportTooLargeError(_(
            "The file holds %(count)d half-moves in all: at most %(limit)d can be imported at "
            "once. Split it into several files, a round at a time. Nothing was imported."
        ) % {"count": total, "limit": MAX_IMPORT_PLIES}, "upload")


def read_file(text: str) -> ReadFile:
    """The file's games and texts, read once per file (kept in the cache under its hash);
    ImportTooLargeError when it is over the bounds."""
    key = f"pdn-import-file:{_CACHE_VERSION}:{text_digest(text)}"
    found = cache.get(key)
    if found is not None:
        return found
    games, error = read_games_until_error(text)
    check_bounds(games)
    found = ReadFile(
        games=[FileGame.of(game) for game in games], texts=game_texts(text, games),
        error=(error.message, error.line, error.column, error.code) if error else None)
    cache.set(key, found, ANALYSIS_CACHE_SECONDS)
    return found


def decode_pdn(data: bytes) -> DecodedText:
    """A PDN file's text, read as every uploaded text is (rules.textfile: UTF-8, UTF-16,
    else Windows-1252, which older draughts programs write); TextDecodingError for a file that
    is not text."""
    return decode_text(data)


def game_texts(text: str, games: list[PdnGame]) -> list[str]:
    """Each game's text as written: from its first line to the line before the next game.

    A slice that does not read back as that one game (two games on one line) is replaced by
    the game written anew, so what is stored always replays as what was previewed.
    """
    lines = text.split("\n")
    texts = []
    for index, game in enumerate(games):
        end = games[index + 1].line - 1 if index + 1 < len(games) else len(lines)
        piece = "\n".join(lines[game.line - 1:end]).strip("\r\n") + "\n"
        texts.append(piece if _reads_as(piece, game) else write_game(game))
    return texts


def _reads_as(piece: str, game: PdnGame) -> bool:
    try:
        games = read_games(piece)
    except PdnSyntaxError:
        return False
    return (len(games) == 1 and games[0].tags == game.tags
            and [ply.text for ply in games[0].plies] == [ply.text for ply in game.plies])
