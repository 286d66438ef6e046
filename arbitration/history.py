"""Audit entries as rows a person reads: what changed, from what, to what."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _

from arbitration.models import (
    AuditEntry,
    ClaimDecision,
    Notation,
    OpponentDecision,
)
from arbitration.notes import shown
from arbitration.regulation import Category, RuleId
from tournaments.models import Tournament
from tournaments.services.tournament import SETTINGS_FIELDS
from tournaments.standings.tiebreak_names import tiebreak_name

FIELD_LABELS = {
    "result": _("result"),
    "white": _("White"),
    "black": _("Black"),
    "pdn": _("PDN text"),
    "notation": _("notation"),
    "accepted_plies": _("irregular half-moves let stand"),
    "moves": _("half-moves"),
    "version": _("version"),
    "rule": _("draw rule"),
    "move": _("move"),
    "claimant": _("claimant"),
    "system_upheld": _("upheld by the score sheet"),
    "decision": _("decision"),
    "reason": _("reason"),
    "evidence": _("evidence"),
    "sheet_version": _("score sheet version checked"),
    "category": _("category (Art. 23)"),
    "sheet_category": _("category the score sheet shows"),
    "reported_by": _("reported by"),
    "note": _("note"),
    "arbiter": _("arbiters"),
    "organiser": _("organisers"),
    # The organisers' steps on the whole tournament (tournaments.services.tournament.announce).
    "player": _("player"),
    "players": _("players imported"),
    # issue 20: the player import's preview
    "merged_lines": _("lines entered as a registered person"),
    "refused_lines": _("lines refused"),
    "updated": _("registry values taken from the file"),
    "seed": _("seed of the draw"),
    "numbers": _("pairing numbers"),
    "rounds": _("rounds"),
    "games": _("games"),
    "forfeits": _("games turned into forfeits"),
}
CHOICES = {
    "rule": RuleId,
    "decision": None,  # a draw claim's or an irregularity's: see _choice
    "notation": Notation,
    "category": Category,
    "sheet_category": Category,
}
LONG_FIELDS = {"pdn", "evidence"}
HIDDEN_FIELDS = {"version"}


@dataclass
class Change:
    key: str
    label: str
    before: str
    after: str
    long: bool = False
    created: bool = False  # nothing before: show the value alone


@dataclass
class HistoryRow:
    entry: AuditEntry
    changes: list[Change] = field(default_factory=list)

    @property
    def note(self) -> str:
        """The entry's note in the reader's language (arbitration.notes)."""
        return shown(self.entry.note)


def _shown(value: Any) -> str:
    if value is None or value == "":
        return "–"
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, list):
        return ", ".join(str(item) for item in value) or "–"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {_shown(item)}" for key, item in value.items())
    return str(value)


def _tournament_field(key: str):
    """The tournament's setting a logged key names
    (tournaments.services.tournament.SETTINGS_FIELDS)."""
    if key not in SETTINGS_FIELDS:
        return None
    return Tournament._meta.get_field(key)


def _label(key: str) -> str:
    """A logged key's name: the log's own, else the tournament setting's."""
    if key in FIELD_LABELS:
        return str(FIELD_LABELS[key])
    field = _tournament_field(key)
    return str(field.verbose_name) if field is not None else key


def _choice(key: str, value: Any) -> Any:
    """A stored choice (a rule id, a decision code, a setting) as its label."""
    if key == "tiebreaks" and isinstance(value, list):
        return [tiebreak_name(item) for item in value]
    if key not in CHOICES:
        field = _tournament_field(key)
        if field is not None and field.choices and value not in (None, ""):
            return dict(field.flatchoices).get(value, value)
        return value
    if not isinstance(value, str) or not value:
        return value
    kinds = [CHOICES[key]] if CHOICES[key] else [ClaimDecision, OpponentDecision]
    for kind in kinds:
        if value in kind.values:
            return kind(value).label
    return value


def changes(before: Any, after: Any) -> list[Change]:
    """The fields whose shown values differ between before and after; for a creation (nothing
    before), the fields that have a value."""
    created = not isinstance(before, dict)
    before = before if isinstance(before, dict) else {}
    after = after if isinstance(after, dict) else {}
    found = []
    for key in list(dict.fromkeys([*before, *after])):
        old = _shown(_choice(key, before.get(key)))
        new = _shown(_choice(key, after.get(key)))
        if key in HIDDEN_FIELDS or old == new:
            continue
        found.append(Change(key, _label(key), old, new,
                            long=key in LONG_FIELDS, created=created))
    return found


def history_rows(entries: Iterable[AuditEntry]) -> list[HistoryRow]:
    return [HistoryRow(entry, changes(entry.before, entry.after)) for entry in entries]
