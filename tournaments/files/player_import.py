"""A player file's import in two steps (issue 20): the preview says, row by row, who will be
added, who is a person the registry already knows (and where the file disagrees with what it
knows), and who is refused; nothing is saved until the organiser confirms, choosing for each
disagreement whether the registry keeps its value or takes the file's.

The rows wait in the session as plain values (player_list.PlayerRow.as_json), at most
spreadsheets.MAX_ROWS of them. The plan is made again on confirmation, and its digest must be the
one the organiser saw: if the registry or the tournament changed in between, he sees the new
preview instead of confirming the old one.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Collection
from dataclasses import dataclass, field, replace

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import services
from tournaments.files.import_problems import CsvImportError, CsvProblem
from tournaments.files.player_list import PlayerRow, parse_players_csv
from tournaments.models import Entry, Player, Tournament
from tournaments.services import (
    DuplicatePlayerError,
    announce,
    enter_person,
    refuse_too_many_players,
)
from tournaments.services.entries import NotOnRatingListError, from_rating_list
from tournaments.services.people import Match, find_person, normalised

ADD, MERGE, REFUSE = "add", "merge", "refuse"

# The facts a file may disagree on with the registry, in the preview's order.
COMPARED = ("name", "club", "rating", "sex", "birth_date", "birth_year", "state", "fmjd_id",
            "fmjd_rating", "federation_id", "title")
LABELS = {
    "name": gettext_lazy("name"), "club": gettext_lazy("club"),
    "rating": gettext_lazy("rating"), "sex": gettext_lazy("sex"),
    "birth_date": gettext_lazy("birth date"), "birth_year": gettext_lazy("birth year"),
    "state": gettext_lazy("state"), "fmjd_id": gettext_lazy("FMJD id"),
    "fmjd_rating": gettext_lazy("FMJD rating"), "federation_id": gettext_lazy("federation id"),
    "title": gettext_lazy("title"),
}


def shown(value) -> str:
    if isinstance(value, datetime.date):
        return value.strftime("%d/%m/%Y")
    return "" if value is None else str(value)


@dataclass(frozen=True)
class Difference:
    """The registry says `stored`, the file says `offered`."""

    field: str
    stored: object
    offered: object

    @property
    def label(self) -> str:
        return str(LABELS[self.field])

    @property
    def stored_text(self) -> str:
        return shown(self.stored)

    @property
    def offered_text(self) -> str:
        return shown(self.offered)


@dataclass
class PlannedRow:
    row: PlayerRow
    status: str
    match: Match | None = None
    differences: list[Difference] = field(default_factory=list)
    reason: str = ""

    @property
    def line(self) -> int:
        return self.row.line


@dataclass
class ImportPlan:
    rows: list[PlannedRow]

    def of(self, status: str) -> list[PlannedRow]:
        return [row for row in self.rows if row.status == status]

    @property
    def counts(self) -> dict[str, int]:
        return {status: len(self.of(status)) for status in (ADD, MERGE, REFUSE)}

    @property
    def digest(self) -> str:
        """What the organiser saw: each row's outcome, matched person and disagreements."""
        state = [[row.line, row.status, row.match.player.pk if row.match else None,
                  [[d.field, shown(d.stored), shown(d.offered)] for d in row.differences]]
                 for row in self.rows]
        return hashlib.sha256(json.dumps(state).encode()).hexdigest()[:32]


def differences(player: Player, row: PlayerRow) -> list[Difference]:
    """Where the file and the registry both know a fact and disagree; a fact the registry does
    not know yet is simply learnt (services.entries._fill_blanks), a blank in the file changes
    nothing."""
    found = []
    for key in COMPARED:
        offered = row.name if key == "name" else row.details()[key]
        stored = getattr(player, key)
        if offered in (None, "") or stored in (None, ""):
            continue
        same = (normalised(stored) == normalised(offered) if key in ("name", "club")
                else stored == offered)
        if not same:
            found.append(Difference(key, stored, offered))
    return found


def plan_import(tournament: Tournament, rows: list[PlayerRow]) -> ImportPlan:
    """Who each row is, without saving anything."""
    in_tournament = set(tournament.entries.values_list("player_id", flat=True))
    taken: dict[int, int] = {}  # registry person -> the file's line that takes him
    new_fmjd_ids: dict[str, int] = {}  # of the new people: two lines cannot share one
    planned = []
    for row in rows:
        try:  # issue 27: what the rating list in force says of the row's ids fills its blanks
            name, details = from_rating_list(tournament, row.name, row.details())
        except NotOnRatingListError as error:
            planned.append(PlannedRow(row, REFUSE, reason=str(error)))
            continue
        row = replace(row, name=name, **details)
        match = find_person(name=row.name, federation_id=row.federation_id,
                            fmjd_id=row.fmjd_id, birth_date=row.birth_date)
        if match is None:
            conflict = _id_owner(row)
            if not conflict and row.fmjd_id in new_fmjd_ids:
                conflict = _("the FMJD id %(id)s is already on line %(line)d.") % {
                    "id": row.fmjd_id, "line": new_fmjd_ids[row.fmjd_id]}
            if conflict:
                planned.append(PlannedRow(row, REFUSE, reason=conflict))
            else:
                planned.append(PlannedRow(row, ADD))
                if row.fmjd_id:
                    new_fmjd_ids[row.fmjd_id] = row.line
            continue
        player = match.player
        if player.pk in in_tournament:
            planned.append(PlannedRow(row, REFUSE, match, reason=_(
                "%(name)s (%(how)s) is already in this tournament."
            ) % {"name": player.name, "how": match.reason}))
        elif player.pk in taken:
            planned.append(PlannedRow(row, REFUSE, match, reason=_(
                "%(name)s (%(how)s) is already the player of line %(line)d."
            ) % {"name": player.name, "how": match.reason, "line": taken[player.pk]}))
        else:
            taken[player.pk] = row.line
            planned.append(PlannedRow(row, MERGE, match, differences(player, row)))
    return ImportPlan(planned)


def _id_owner(row: PlayerRow) -> str:
    """Why a new person cannot be registered: his FMJD id is somebody else's."""
    if row.fmjd_id:
        owner = Player.objects.filter(fmjd_id=row.fmjd_id).first()
        if owner is not None:
            return _("the FMJD id %(id)s belongs to %(name)s.") % {"id": row.fmjd_id,
                                                                   "name": owner.name}
    return ""


@dataclass(frozen=True)
class ImportOutcome:
    added: int
    merged: list[PlannedRow]
    refused: list[PlannedRow]
    updated: list[dict]  # {"player", "field", "before", "after"} for each value taken


@transaction.atomic
def carry_out(tournament: Tournament, plan: ImportPlan, take: Collection[tuple[int, str]], *,
              user=None) -> ImportOutcome:
    """Enter every row the plan adds or merges; for a merged row, the registry takes the file's
    value of each (line, field) in `take` and keeps its own for the others. All or nothing:
    CsvImportError (naming the line) or a TournamentError undo everything."""
    entering = [row for row in plan.rows if row.status != REFUSE]
    if not tournament.is_swiss:
        services.refuse_too_many_players(tournament,
                                         tournament.entries.count() + len(entering))
    updated = []
    for planned in entering:
        row = planned.row
        try:
            entry, match = services.enter_person(tournament, name=row.name, **row.details())
        except services.DuplicatePlayerError as error:
            raise CsvImportError([CsvProblem(row.line, None, str(error))]) from error
        except ValidationError as error:
            raise CsvImportError([CsvProblem(row.line, key, " ".join(messages))
                                  for key, messages in error.message_dict.items()]) from error
        chosen = [d for d in planned.differences if (row.line, d.field) in take]
        if match is not None and chosen:
            updated.extend(_take(match.player, chosen, row.line))
    after = {"players": len(entering), "merged_lines": [row.line for row in plan.of(MERGE)],
             "refused_lines": [row.line for row in plan.of(REFUSE)], "updated": updated}
    services.announce(tournament, "players-imported", user=user,
                      after={key: value for key, value in after.items() if value})
    return ImportOutcome(len(plan.of(ADD)), plan.of(MERGE), plan.of(REFUSE), updated)


def _take(player: Player, chosen: list[Difference], line: int) -> list[dict]:
    changes = []
    for difference in chosen:
        changes.append({"player": player.name, "field": difference.field,
                        "before": shown(getattr(player, difference.field)),
                        "after": shown(difference.offered)})
        setattr(player, difference.field, difference.offered)
    try:
        player.full_clean()
    except ValidationError as error:  # an id of the file's that belongs to someone else
        raise CsvImportError([CsvProblem(line, key, " ".join(messages))
                              for key, messages in error.message_dict.items()]) from error
    player.save()
    return changes


# --- the import in one step, without a preview ----------------------------------------------

@dataclass(frozen=True)
class ImportReport:
    """What a CSV import entered, and which lines were matched to a known person (and why)."""

    entries: list[Entry]
    merged: list[tuple[int, Match]]


@transaction.atomic
def import_players(tournament: Tournament, data: bytes, *, user=None) -> list[Entry]:
    """Add every player of a CSV file, or none if any line is wrong (CsvImportError); the log
    says how many."""
    return import_people(tournament, data, user=user).entries


@transaction.atomic
def import_people(tournament: Tournament, data: bytes, *, user=None) -> ImportReport:
    """import_players, saying which lines were merged with a person already registered."""
    rows: list[PlayerRow] = parse_players_csv(data)
    if not tournament.is_swiss:
        refuse_too_many_players(tournament, tournament.entries.count() + len(rows))
    entries, merged = [], []
    for row in rows:
        try:
            entry, match = enter_person(tournament, name=row.name, **row.details())
        except DuplicatePlayerError as error:
            raise CsvImportError([CsvProblem(row.line, "federation_id", str(error))]) from error
        except ValidationError as error:
            raise CsvImportError([
                CsvProblem(row.line, field, " ".join(messages))
                for field, messages in error.message_dict.items()
            ]) from error
        entries.append(entry)
        if match is not None:
            merged.append((row.line, match))
    announce(tournament, "players-imported", user=user, after={"players": len(entries)})
    return ImportReport(entries, merged)
