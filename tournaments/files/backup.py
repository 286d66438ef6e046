"""A tournament as JSON: the backup format and the contract for checking the system from outside.

    {"name", "board": 64|100, "cycles": 1|2, "scoring": {"win", "draw", "loss"}, "tiebreaks": [ids],
     "players": [{"number", "name", "club", "rating"}],
     "rounds": [{"number", "games": [{"board", "white", "black", "result"}], "bye": number|null}],
     "standings": [{"rank", "number", "name", "points", "tiebreaks": {id: value}}]}   (export only)

Numbers are JSON numbers: 0.5, never "1/2"; a tie-break value is a number (an integer when whole)
or null where the tie-break does not apply. Optional keys are written only when they say something
the defaults do not, so a file with only the required keys comes back unchanged: "place",
"start_date", "end_date" (ISO dates), "time_control", "profile", "swap_last_two", "seed",
"annul_early_withdrawals" (true: see tournaments/standings/withdrawals.py), and per player
"federation_id", "birth_year", "state", "fmjd_rating" (what the starting list shows: a copy
published from the venue prints the same list; the birth date stays at the venue), "withdrawn"
and "withdrawal_games" (the games his withdrawal made forfeits, so it can be undone:
[{"round", "board", "before": result|null, "after": result}]). A Swiss has "swiss"
(tournaments/files/swiss_backup.py): its number of rounds, bye settings, initial colour, late
entries, byes asked for, unpublished rounds and pairing options. A file with any error is
refused whole; nothing is saved.

Other apps add optional keys of their own through a `backup` module (found by
backup_extensions.extensions(), so this app imports none of them): arbitration/backup.py adds
"score_sheets", "draw_claims", "irregularity_claims" and "audit_log", described there. Such a
module defines
    BACKUP_KEYS: tuple[str, ...]                  the top-level keys it owns
    export_backup(tournament) -> dict             its keys, only those with something to say
    check_backup(data, games: FileGames) -> Any   raises BackupError; nothing touches the database
    save_backup(checked, restored: Restored)      in the import's transaction, after the games

This module writes a tournament's file and reads one back: backup_check checks the file,
backup_save saves it; backup_values holds the refusal and the value checks every part shares,
backup_extensions what the extensions are given (FileGames, Restored) and how they are found.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tournaments.files import swiss_backup as swiss_state
from tournaments.files.backup_check import (
    PLAYER_FACTS,
    check_depth,
    check_tournament,
    free_slug,
)
from tournaments.files.backup_extensions import extensions
from tournaments.files.backup_save import save_tournament
from tournaments.files.backup_values import json_number
from tournaments.models import DrawProfile, Entry, Game, TimeControl, Tournament
from tournaments.queries import reports
from tournaments.services.tournament import unique_slug

# --- export -------------------------------------------------------------------------------------

def export_tournament(tournament: Tournament) -> dict[str, Any]:
    entries = list(tournament.entries.by_number())
    data: dict[str, Any] = {
        "name": tournament.name,
        "board": tournament.board,
        "cycles": tournament.cycles,
        "scoring": {"win": json_number(tournament.scoring_win),
                    "draw": json_number(tournament.scoring_draw),
                    "loss": json_number(tournament.scoring_loss)},
        "tiebreaks": list(tournament.tiebreaks),
    }
    _export_optional(tournament, data, entries)
    places = {pk: (round_number, board) for pk, round_number, board in
              Game.objects.of_tournament(tournament).values_list("pk", "round__number", "board")}
    data["players"] = [_export_player(entry, places) for entry in entries]
    games_by_round: dict[int, list[dict]] = {}
    for game in (Game.objects.of_tournament(tournament).order_by("round__number", "board")
                 .values("round__number", "board", "white__number", "black__number", "result")):
        games_by_round.setdefault(game["round__number"], []).append({
            "board": game["board"], "white": game["white__number"],
            "black": game["black__number"], "result": game["result"] or None,
        })
    data["rounds"] = [
        {"number": number, "games": games_by_round.get(number, []), "bye": bye}
        for number, bye in tournament.rounds.order_by("number").values_list("number", "bye__number")
    ]
    for module in extensions():
        data.update(module.export_backup(tournament))
    numbered = [entry for entry in entries if entry.number is not None]
    data["standings"] = [
        {"rank": standing.rank, "number": standing.entry.number,
         "name": standing.entry.player.name, "points": json_number(standing.points),
         "tiebreaks": {key: None if value is None else json_number(value)
                       for key, value in standing.row.tiebreaks.items()}}
        for standing in reports.standings(tournament, entries=numbered)
    ] if len(numbered) == len(entries) and entries else []
    return data


def _export_optional(tournament: Tournament, data: dict[str, Any],
                     entries: list[Entry]) -> None:
    if tournament.place:
        data["place"] = tournament.place
    if tournament.start_date:
        data["start_date"] = tournament.start_date.isoformat()
    if tournament.end_date:
        data["end_date"] = tournament.end_date.isoformat()
    if tournament.time_control != TimeControl.CLASSICAL:
        data["time_control"] = tournament.time_control
    if tournament.draw_profile != DrawProfile.CBD:
        data["profile"] = tournament.draw_profile
    if not tournament.swap_last_two:
        data["swap_last_two"] = False
    if tournament.micro_match:
        data["micro_match"] = True
    if tournament.rating_k != 20:
        data["rating_k"] = tournament.rating_k
    if tournament.pairing_seed is not None:
        data["seed"] = tournament.pairing_seed
    if tournament.annul_early_withdrawals:
        data["annul_early_withdrawals"] = True
    if tournament.is_swiss:
        data["swiss"] = swiss_state.export_swiss(tournament, entries)


def _export_player(entry: Entry, places: dict[int, tuple[int, int]]) -> dict[str, Any]:
    player = {"number": entry.number, "name": entry.player.name, "club": entry.player.club,
              "rating": entry.player.rating}
    if entry.player.federation_id:
        player["federation_id"] = entry.player.federation_id
    for key in PLAYER_FACTS:
        if getattr(entry.player, key) not in (None, ""):
            player[key] = getattr(entry.player, key)
    if entry.withdrawn:
        player["withdrawn"] = True
    changes = [change for change in entry.withdrawal_games if change["game"] in places]
    if changes:
        player["withdrawal_games"] = [
            {"round": places[change["game"]][0], "board": places[change["game"]][1],
             "before": change["before"] or None, "after": change["after"]}
            for change in changes]
    return player


# --- import -------------------------------------------------------------------------------------

def import_tournament(data: Any, *, organisers=(), slug: str | None = None) -> Tournament:
    """Check the whole file first, then save it in one transaction (BackupError if refused).

    The slug is not part of the file: the tournament gets one made from its name, or `slug`
    (to restore a backup under its old address), which must be free.
    """
    check_depth(data)
    checked = check_tournament(data)
    with transaction.atomic():
        checked["slug"] = free_slug(slug) if slug is not None else unique_slug(checked["name"])
        return save_tournament(checked, organisers)
