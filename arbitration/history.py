"""Audit entries as rows a person reads: what changed, from what, to what."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _

from .models import AuditEntry

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


@dataclass
class HistoryRow:
    entry: AuditEntry
    changes: list[Change] = field(default_factory=list)


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


def changes(before: Any, after: Any) -> list[Change]:
    """The fields whose values differ between before and after (all of them for a creation)."""
    before = before if isinstance(before, dict) else {}
    after = after if isinstance(after, dict) else {}
    found = []
    for key in list(dict.fromkeys([*before, *after])):
        if key in HIDDEN_FIELDS or before.get(key) == after.get(key):
            continue
        found.append(Change(key, str(FIELD_LABELS.get(key, key)), _shown(before.get(key)),
                            _shown(after.get(key)), long=key in LONG_FIELDS))
    return found


def history_rows(entries: Iterable[AuditEntry]) -> list[HistoryRow]:
    return [HistoryRow(entry, changes(entry.before, entry.after)) for entry in entries]
