"""The arbitration part of a tournament's JSON backup (the format is in
tournaments/files/backup.py).

Four optional keys, each written only when the tournament has such records; a game is named by
its round and board, a player by his pairing number, a person by his username (null: nobody):

    "score_sheets": [{"round", "board", "pdn", "notation", "accepted_plies", "version",
                      "updated_by"}]
    "draw_claims": [{"round", "board", "claimant", "rule", "move", "ply", "system_upheld",
                     "evidence", "sheet_version", "decision", "reason", "created_at",
                     "created_by", "decided_at", "decided_by"}]
    "irregularity_claims": [{"round", "board", "category", "move", "ply", "sheet_category",
                             "reported_by", "decision", "note", "created_at", "created_by"}]
    "audit_log": [{"at", "actor", "action", "round", "board", "before", "after", "note"}]

Every item needs all its keys. Times are ISO 8601 with their offset, written in UTC. A sheet's
PDN text is kept exactly as written, errors and all; what the engine makes of it (moves replayed,
first irregular move) is computed again on import, not read from the file. Claims and the log
are written oldest first and imported in that order. An audit entry whose game was deleted
has null round and board.

A username the server does not know is created as an inactive account with no usable password:
the claims and the log keep saying who acted, so importing then exporting gives the same file on
any server, and nobody can sign in as that person until an administrator activates the account
and sets a password.
"""

from __future__ import annotations

import datetime
import math
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

from arbitration.budget import MAX_SHEET_PLIES
from arbitration.models import (
    Action,
    AuditEntry,
    ClaimDecision,
    DrawClaim,
    IrregularityClaim,
    Notation,
    OpponentDecision,
    ScoreSheet,
)
from arbitration.regulation import Category, RuleId
from arbitration.services.base import sheet_replay
from arbitration.sheets import written_plies
from tournaments.files.backup_extensions import FileGames, Restored
from tournaments.files.backup_values import (
    BackupError,
    choice,
    fail,
    json_number,
    text,
    whole_number,
)
from tournaments.models import Tournament

BACKUP_KEYS = ("score_sheets", "draw_claims", "irregularity_claims", "audit_log")

SHEET_KEYS = ("round", "board", "pdn", "notation", "accepted_plies", "version", "updated_by")
DRAW_CLAIM_KEYS = ("round", "board", "claimant", "rule", "move", "ply", "system_upheld",
                   "evidence", "sheet_version", "decision", "reason", "created_at", "created_by",
                   "decided_at", "decided_by")
IRREGULARITY_KEYS = ("round", "board", "category", "move", "ply", "sheet_category",
                     "reported_by", "decision", "note", "created_at", "created_by")
AUDIT_KEYS = ("at", "actor", "action", "round", "board", "before", "after", "note")

# A PDN text of a whole game is a few kilobytes; a generous bound keeps a corrupt file out.
MAX_PDN_CHARACTERS = 200_000


# --- export -------------------------------------------------------------------------------------

def export_backup(tournament: Tournament) -> dict[str, Any]:
    """The tournament's sheets, claims and log, each key only when it has items."""
    found = {
        "score_sheets": [_export_sheet(sheet) for sheet in (
            ScoreSheet.objects.filter(game__round__tournament=tournament)
            .select_related("game__round", "updated_by")
            .order_by("game__round__number", "game__board"))],
        "draw_claims": [_export_draw_claim(claim) for claim in (
            DrawClaim.objects.filter(game__round__tournament=tournament)
            .select_related("game__round", "claimant", "created_by", "decided_by")
            .order_by("created_at", "pk"))],
        "irregularity_claims": [_export_irregularity(claim) for claim in (
            IrregularityClaim.objects.filter(game__round__tournament=tournament)
            .select_related("game__round", "reported_by", "created_by")
            .order_by("created_at", "pk"))],
        "audit_log": [_export_audit(entry) for entry in (
            tournament.audit_entries.select_related("game__round").order_by("at", "pk"))],
    }
    return {key: items for key, items in found.items() if items}


def _username(user) -> str | None:
    return user.get_username() if user is not None else None


def _time(value: datetime.datetime | None) -> str | None:
    return value.astimezone(datetime.UTC).isoformat() if value is not None else None


def _place(game) -> dict[str, int | None]:
    if game is None:
        return {"round": None, "board": None}
    return {"round": game.round.number, "board": game.board}


def _export_sheet(sheet: ScoreSheet) -> dict[str, Any]:
    return {**_place(sheet.game), "pdn": sheet.pdn, "notation": sheet.notation,
            "accepted_plies": list(sheet.accepted_plies), "version": sheet.version,
            "updated_by": _username(sheet.updated_by)}


def _export_draw_claim(claim: DrawClaim) -> dict[str, Any]:
    return {**_place(claim.game), "claimant": claim.claimant.number, "rule": claim.rule,
            "move": claim.move, "ply": claim.ply, "system_upheld": claim.system_upheld,
            "evidence": claim.evidence, "sheet_version": claim.sheet_version,
            "decision": claim.decision, "reason": claim.reason,
            "created_at": _time(claim.created_at), "created_by": _username(claim.created_by),
            "decided_at": _time(claim.decided_at), "decided_by": _username(claim.decided_by)}


def _export_irregularity(claim: IrregularityClaim) -> dict[str, Any]:
    return {**_place(claim.game), "category": claim.category, "move": claim.move,
            "ply": claim.ply, "sheet_category": claim.sheet_category,
            "reported_by": claim.reported_by.number if claim.reported_by else None,
            "decision": claim.decision, "note": claim.note,
            "created_at": _time(claim.created_at), "created_by": _username(claim.created_by)}


def _export_audit(entry: AuditEntry) -> dict[str, Any]:
    return {"at": _time(entry.at), "actor": entry.actor_name or None, "action": entry.action,
            **_place(entry.game), "before": entry.before, "after": entry.after,
            "note": entry.note}


# --- check (no database) ------------------------------------------------------------------------

def check_backup(data: dict[str, Any], games: FileGames) -> dict[str, list[dict[str, Any]]]:
    """Every item checked against the file's games and players; BackupError names the first
    problem. Nothing here reads or writes the database."""
    sheets = _check_list(data.get("score_sheets", []), "score_sheets", SHEET_KEYS, games,
                         _check_sheet)
    _check_sheets_once_per_game(sheets)
    return {
        "score_sheets": sheets,
        "draw_claims": _check_list(data.get("draw_claims", []), "draw_claims", DRAW_CLAIM_KEYS,
                                   games, _check_draw_claim),
        "irregularity_claims": _check_list(data.get("irregularity_claims", []),
                                           "irregularity_claims", IRREGULARITY_KEYS, games,
                                           _check_irregularity),
        "audit_log": _check_list(data.get("audit_log", []), "audit_log", AUDIT_KEYS, games,
                                 _check_audit),
    }


def _check_list(items: Any, key: str, keys: tuple[str, ...], games: FileGames, check_item):
    if not isinstance(items, list):
        raise fail(key, _("must be a list"))
    checked = []
    for index, item in enumerate(items):
        where = f"{key}[{index}]"
        if not isinstance(item, dict) or set(item) != set(keys):
            raise fail(where, _("must be an object with exactly the keys %(keys)s") % {
                "keys": ", ".join(keys)})
        checked.append({"where": where, **check_item(item, where, games)})
    return checked


def _game_place(item: dict[str, Any], where: str, games: FileGames, *,
                nullable: bool = False) -> tuple[int, int] | None:
    round_number = whole_number(item["round"], f"{where}.round", minimum=1, nullable=nullable)
    board = whole_number(item["board"], f"{where}.board", minimum=1, nullable=nullable)
    if round_number is None and board is None:
        return None
    if round_number is None or board is None:
        raise fail(where, _("round and board must both be given or both be null"))
    if (round_number, board) not in games.games:
        raise fail(where, _("the file has no game on board %(board)d of round %(round)d") % {
            "board": board, "round": round_number})
    return round_number, board


def _player_of(value: Any, where: str, games: FileGames, place: tuple[int, int], *,
               nullable: bool = False) -> int | None:
    number = whole_number(value, where, minimum=1, nullable=nullable)
    if number is not None and number not in games.games[place]:
        raise fail(where, _("player %(number)d does not play on board %(board)d of round "
                            "%(round)d") % {"number": number, "board": place[1],
                                            "round": place[0]})
    return number


def _username_of(value: Any, where: str) -> str | None:
    if value is None:
        return None
    username = text(value, where, max_length=150)
    if username != value:
        raise fail(where, _("must not begin or end with spaces"))
    validator = getattr(get_user_model(), "username_validator", None)
    if validator is not None:
        try:
            validator(username)
        except ValidationError as error:
            raise fail(where, " ".join(error.messages)) from error
    return username


def _free_text(value: Any, where: str, *, max_length: int | None = None) -> str:
    """Text kept exactly as written (a reason, a note, a PDN game): not stripped."""
    if not isinstance(value, str):
        raise fail(where, _("must be text, got %(value)r") % {"value": value})
    _refuse_nul(value, where)
    if max_length is not None and len(value) > max_length:
        raise fail(where, _("is longer than %(max)d characters") % {"max": max_length})
    return value


def _refuse_nul(value: str, where: str) -> None:
    if "\x00" in value:  # PostgreSQL stores no NUL character, in text or in JSON
        raise fail(where, _("must not contain the NUL character"))


def _moment(value: Any, where: str, *, nullable: bool = False) -> datetime.datetime | None:
    if value is None and nullable:
        return None
    try:
        moment = datetime.datetime.fromisoformat(value)
    except (TypeError, ValueError) as error:
        raise fail(where, _("must be a date and time such as 2026-11-14T13:05:00+00:00, got "
                            "%(value)r") % {"value": value}) from error
    if moment.tzinfo is None:
        raise fail(where, _("needs its UTC offset, e.g. +00:00"))
    return moment


def _json_data(value: Any, where: str) -> Any:
    """JSON as loaded (the import command reads numbers with a fraction as Decimal), made plain
    again so a JSON field can store it."""
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            raise fail(where, _("object keys must be text"))
        for key in value:
            _refuse_nul(key, where)
        return {key: _json_data(item, f"{where}.{key}") for key, item in value.items()}
    if isinstance(value, list):
        return [_json_data(item, f"{where}[{index}]") for index, item in enumerate(value)]
    if isinstance(value, Decimal):
        return json_number(value)
    if isinstance(value, str):
        _refuse_nul(value, where)
        return value
    if isinstance(value, float) and not math.isfinite(value):
        # Python's json reads NaN and Infinity; PostgreSQL's JSON has neither.
        raise fail(where, _("is not JSON data: %(value)r") % {"value": value})
    if value is None or isinstance(value, int | float | bool):
        return value
    raise fail(where, _("is not JSON data: %(value)r") % {"value": value})


def _check_sheet(item: dict[str, Any], where: str, games: FileGames) -> dict[str, Any]:
    plies = item["accepted_plies"]
    if not isinstance(plies, list):
        raise fail(f"{where}.accepted_plies", _("must be a list of half-move numbers"))
    place = _game_place(item, where, games)
    pdn = _free_text(item["pdn"], f"{where}.pdn", max_length=MAX_PDN_CHARACTERS)
    count = written_plies(pdn)
    if count > MAX_SHEET_PLIES:
        raise fail(f"{where}.pdn", _(
            "the score sheet of round %(round)s, board %(board)s has %(count)d half-moves: a "
            "score sheet holds at most %(limit)d"
        ) % {"round": item["round"], "board": item["board"], "count": count,
             "limit": MAX_SHEET_PLIES})
    return {
        "place": place,
        "pdn": pdn,
        "notation": choice(item["notation"], f"{where}.notation", Notation.values),
        "accepted_plies": [whole_number(ply, f"{where}.accepted_plies[{index}]", minimum=1)
                           for index, ply in enumerate(plies)],
        "version": whole_number(item["version"], f"{where}.version", minimum=1),
        "updated_by": _username_of(item["updated_by"], f"{where}.updated_by"),
    }


def _check_draw_claim(item: dict[str, Any], where: str, games: FileGames) -> dict[str, Any]:
    place = _game_place(item, where, games)
    if not isinstance(item["evidence"], dict):
        raise fail(f"{where}.evidence", _("must be an object"))
    return {
        "place": place,
        "claimant": _player_of(item["claimant"], f"{where}.claimant", games, place),
        "rule": choice(item["rule"], f"{where}.rule", RuleId.values),
        "move": text(item["move"], f"{where}.move", max_length=12),
        "ply": whole_number(item["ply"], f"{where}.ply", minimum=0),
        "system_upheld": choice(item["system_upheld"], f"{where}.system_upheld", [True, False]),
        "evidence": _json_data(item["evidence"], f"{where}.evidence"),
        "sheet_version": whole_number(item["sheet_version"], f"{where}.sheet_version",
                                      minimum=0),
        "decision": choice(item["decision"], f"{where}.decision", ClaimDecision.values),
        "reason": _free_text(item["reason"], f"{where}.reason"),
        "created_at": _moment(item["created_at"], f"{where}.created_at"),
        "created_by": _username_of(item["created_by"], f"{where}.created_by"),
        "decided_at": _moment(item["decided_at"], f"{where}.decided_at", nullable=True),
        "decided_by": _username_of(item["decided_by"], f"{where}.decided_by"),
    }


def _check_irregularity(item: dict[str, Any], where: str, games: FileGames) -> dict[str, Any]:
    place = _game_place(item, where, games)
    sheet_category = item["sheet_category"]
    if sheet_category != "":
        choice(sheet_category, f"{where}.sheet_category", Category.values)
    return {
        "place": place,
        "category": choice(item["category"], f"{where}.category", Category.values),
        "move": text(item["move"], f"{where}.move", max_length=12),
        "ply": whole_number(item["ply"], f"{where}.ply", minimum=0, nullable=True),
        "sheet_category": sheet_category,
        "reported_by": _player_of(item["reported_by"], f"{where}.reported_by", games, place,
                                  nullable=True),
        "decision": choice(item["decision"], f"{where}.decision", OpponentDecision.values),
        "note": _free_text(item["note"], f"{where}.note"),
        "created_at": _moment(item["created_at"], f"{where}.created_at"),
        "created_by": _username_of(item["created_by"], f"{where}.created_by"),
    }


def _check_audit(item: dict[str, Any], where: str, games: FileGames) -> dict[str, Any]:
    return {
        "place": _game_place(item, where, games, nullable=True),
        "at": _moment(item["at"], f"{where}.at"),
        "actor": _username_of(item["actor"], f"{where}.actor"),
        "action": choice(item["action"], f"{where}.action", Action.values),
        "before": _json_data(item["before"], f"{where}.before"),
        "after": _json_data(item["after"], f"{where}.after"),
        "note": _free_text(item["note"], f"{where}.note"),
    }


def _check_sheets_once_per_game(sheets: list[dict[str, Any]]) -> None:
    seen = set()
    for sheet in sheets:
        if sheet["place"] in seen:
            raise fail(sheet["where"], _("a game has one score sheet; this one is its second"))
        seen.add(sheet["place"])


# --- save (inside the import's transaction) -----------------------------------------------------

def save_backup(checked: dict[str, list[dict[str, Any]]], restored: Restored) -> None:
    """Create the sheets, claims and log entries; a refusal rolls the whole import back."""
    users = _Users()
    for item in checked["score_sheets"]:
        game = restored.games[item["place"]]
        replay = sheet_replay(game, text=item["pdn"], accepted=item["accepted_plies"])
        _save(item["where"], ScoreSheet(
            game=game, pdn=item["pdn"], notation=item["notation"],
            accepted_plies=item["accepted_plies"], version=item["version"],
            updated_by=users.get(item["updated_by"]), **replay.summary()))
    for item in checked["draw_claims"]:
        _save(item["where"], DrawClaim(
            game=restored.games[item["place"]], claimant=restored.entries[item["claimant"]],
            rule=item["rule"], move=item["move"], ply=item["ply"],
            system_upheld=item["system_upheld"], evidence=item["evidence"],
            sheet_version=item["sheet_version"], decision=item["decision"],
            reason=item["reason"], created_at=item["created_at"],
            created_by=users.get(item["created_by"]), decided_at=item["decided_at"],
            decided_by=users.get(item["decided_by"])))
    for item in checked["irregularity_claims"]:
        reported_by = item["reported_by"]
        _save(item["where"], IrregularityClaim(
            game=restored.games[item["place"]], category=item["category"], move=item["move"],
            ply=item["ply"], sheet_category=item["sheet_category"],
            reported_by=restored.entries[reported_by] if reported_by is not None else None,
            decision=item["decision"], note=item["note"], created_at=item["created_at"],
            created_by=users.get(item["created_by"])))
    # The log is the file's longest list (541 entries after a 150-player open's 7 rounds) and is
    # saved on every send from the venue: checked one by one without the queries that cost
    # nothing here (its check constraint is the action field's choices; its foreign keys are
    # rows this import just made or found), then one bulk insert.
    entries = []
    for item in checked["audit_log"]:
        place = item["place"]
        entry = AuditEntry(
            tournament=restored.tournament,
            game=restored.games[place] if place is not None else None,
            actor=users.get(item["actor"]), actor_name=item["actor"] or "", at=item["at"],
            action=item["action"], before=item["before"], after=item["after"],
            note=item["note"])
        _check(item["where"], entry, exclude=("tournament", "game", "actor"),
               validate_constraints=False)
        entries.append(entry)
    AuditEntry.objects.bulk_create(entries, batch_size=500)


def _save(where: str, record: models.Model) -> None:
    """Save after the model's own checks (choices, lengths, constraints), named in the file."""
    _check(where, record)
    record.save()


def _check(where: str, record: models.Model, exclude: tuple[str, ...] = (),
           validate_constraints: bool = True) -> None:
    try:
        record.full_clean(exclude=exclude, validate_constraints=validate_constraints)
    except ValidationError as error:
        problems = "; ".join(
            f"{name}: {' '.join(messages)}" if name != "__all__" else " ".join(messages)
            for name, messages in error.message_dict.items())
        raise BackupError(f"{where}: {problems}") from error


class _Users:
    """Accounts by username, each looked up once; unknown ones created inactive (see above)."""

    def __init__(self) -> None:
        self.known: dict[str, Any] = {}

    def get(self, username: str | None):
        if username is None:
            return None
        if username not in self.known:
            User = get_user_model()
            user = User.objects.filter(**{User.USERNAME_FIELD: username}).first()
            if user is None:
                user = User(**{User.USERNAME_FIELD: username}, is_active=False)
                user.set_unusable_password()
                user.save()
            self.known[username] = user
        return self.known[username]
