"""The keys other modules add to a tournament's JSON backup (the contract is in
tournaments/files/backup.py): what their checks and saves are given (FileGames, Restored), and
how they are found (extensions()), by name, so the backup imports none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType

from django.apps import apps
from django.utils.module_loading import module_has_submodule

from tournaments.models import Entry, Game, Tournament


@dataclass(frozen=True)
class FileGames:
    """What an extension checks its items against: the file's games, before anything is saved."""

    numbers: frozenset[int]
    # (round number, board) -> (white's number, black's number)
    games: dict[tuple[int, int], tuple[int, int]]


@dataclass
class Restored:
    """The saved tournament as extensions need it to save their items."""

    tournament: Tournament
    entries: dict[int, Entry] = field(default_factory=dict)
    games: dict[tuple[int, int], Game] = field(default_factory=dict)


def extensions() -> list[ModuleType]:
    """The `backup` modules of the other installed apps that add keys to the format."""
    found = []
    for app_config in apps.get_app_configs():
        if app_config.name == __package__ or not module_has_submodule(app_config.module,
                                                                       "backup"):
            continue
        module = import_module(f"{app_config.name}.backup")
        if hasattr(module, "BACKUP_KEYS"):
            found.append(module)
    # This app's own team competitions (issue 16) use the same hooks, first of all.
    found.insert(0, import_module(f"{__package__}.team_backup"))
    return found


def extension_keys() -> tuple[str, ...]:
    return tuple(key for module in extensions() for key in module.BACKUP_KEYS)
