"""The rows of the lists a hall pins up (issue 27), shared by their pages, downloads and PDFs so
the wall, the phone and the spreadsheet say the same: the starting list and a round's
alphabetical pairing list. (The rank after round N is in rank_rows.py.)

Rows are plain dicts of values: numbers stay numbers for the downloads, texts are already in the
active language.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext, pgettext

from tournaments.models import Tournament
from tournaments.models.collation import fold, name_key
from tournaments.printing.data import PairingsData, PlayerEntry
from tournaments.printing.pairings import printed_score


def starting_rows(tournament: Tournament) -> list[dict]:
    """Every player by pairing number (those without one yet last, by name): number, name,
    title, club or federation, state, national and FMJD ratings, birth year, and a withdrawal."""
    entries = tournament.entries.by_number()
    return [{
        "number": entry.number, "name": entry.player.name, "sort_name": entry.player.sort_name,
        "title": entry.player.title, "club": entry.player.club, "state": entry.player.state,
        "rating": entry.player.rating, "fmjd_rating": entry.player.fmjd_rating,
        "birth_year": birth_year(entry.player),
        "withdrawn": gettext("withdrawn") if entry.withdrawn else "",
        "url": reverse("tournaments:player", args=[tournament.slug, entry.pk]),
    } for entry in entries]


def birth_year(player) -> int | None:
    """The year alone, as starting lists print it (a birth date is not for the wall)."""
    if player.birth_year:
        return player.birth_year
    return player.birth_date.year if player.birth_date else None


def colour_word(white: bool) -> str:
    return gettext("White") if white else gettext("Black")


def _row(player: PlayerEntry, **cells) -> dict:
    return {"name": player.name, "sort_name": fold(player.name), "number": player.number,
            "points": player.points, "board": None, "colour": "", "opponent": "",
            "opponent_number": None, "result": "", **cells}


def alphabetical_rows(data: PairingsData) -> list[dict]:
    """Each player of the round once, sorted by name as people read it (collation.name_key): his
    board, colour and opponent, or why he has no game (the bye, an absence); his points before
    the round and, once it is in, what he scored."""
    rows = []
    for game in data.games:
        for player, opponent, white, score in (
                (game.white, game.black, True, game.white_score),
                (game.black, game.white, False, game.black_score)):
            rows.append(_row(player, board=game.board, colour=colour_word(white),
                             opponent=opponent.name, opponent_number=opponent.number,
                             result=printed_score(score)))
    bye = pgettext("a round without a game for one player", "bye")
    rows += [_row(player, opponent=bye) for player in data.byes]
    rows += [_row(player, opponent=kind) for player, kind in data.not_paired]
    return sorted(rows, key=lambda row: (*name_key(row["name"]), row["number"]))
