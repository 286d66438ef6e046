"""Finding the person behind a new entry in the player registry (issue 17).

One person is one Player however many tournaments he plays. A newcomer is matched by his
national (CBD) id, then his FMJD id, then by name and birth date together; a name alone is never
enough, since two people may share one.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player

BY_FEDERATION_ID = "federation_id"
BY_FMJD_ID = "fmjd_id"
BY_NAME_AND_BIRTH = "name_and_birth"

HOW_MATCHED = {
    BY_FEDERATION_ID: _("same federation id"),
    BY_FMJD_ID: _("same FMJD id"),
    BY_NAME_AND_BIRTH: _("same name and birth date"),
}


@dataclass(frozen=True)
class Match:
    player: Player
    how: str

    @property
    def reason(self) -> str:
        return str(HOW_MATCHED[self.how])


def normalised(name: str) -> str:
    return " ".join(name.split()).casefold()


def find_person(*, name: str, federation_id: str = "", fmjd_id: str = "",
                birth_date: datetime.date | None = None) -> Match | None:
    """The registered person these facts describe, and why; None for somebody new."""
    if federation_id:
        player = Player.objects.filter(federation_id=federation_id).first()
        if player is not None:
            return Match(player, BY_FEDERATION_ID)
    if fmjd_id:
        player = Player.objects.filter(fmjd_id=fmjd_id).first()
        if player is not None:
            return Match(player, BY_FMJD_ID)
    if birth_date is not None and name.strip():
        wanted = normalised(name)
        for player in Player.objects.filter(birth_date=birth_date,
                                            name__iexact=" ".join(name.split())):
            if normalised(player.name) == wanted:
                return Match(player, BY_NAME_AND_BIRTH)
    return None


def _same_name(stored: str, given: str) -> bool:
    """find_person's test of a name, made in Python: the database's `name__iexact` on the
    given name with its spaces collapsed (SQLite's LIKE folds only the ASCII letters' case),
    then the two names equal once normalised."""
    wanted = " ".join(given.split())
    if connection.vendor == "sqlite":
        same = stored.translate(_ASCII_LOWER) == wanted.translate(_ASCII_LOWER)
    else:
        same = stored.upper() == wanted.upper()
    return same and normalised(stored) == normalised(given)


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


class Registry:
    """find_person for a whole file (issue 27): the people its rows may be, fetched in one query
    (by their federation ids, or born on their birth dates), then found in memory as find_person
    finds them. People created or completed while the file is saved are `remember`ed, so that a
    later row finds them as it would find them saved."""

    def __init__(self, facts: Iterable[tuple[str, str, datetime.date | None]]):
        """`facts`: each row's name, federation id and birth date."""
        facts = list(facts)
        ids = {federation_id for _name, federation_id, _born in facts if federation_id}
        dates = {born for name, _id, born in facts if born is not None and name.strip()}
        self._by_id: dict[str, Player] = {}
        self._by_birth: dict[datetime.date, list[Player]] = {}
        if ids or dates:
            for player in Player.objects.filter(Q(federation_id__in=ids)
                                                | Q(birth_date__in=dates)):
                self.remember(player)

    def remember(self, player: Player) -> None:
        """Know this person by his federation id and birth date as they are now."""
        if player.federation_id:
            self._by_id.setdefault(player.federation_id, player)
        if player.birth_date is not None:
            born = self._by_birth.setdefault(player.birth_date, [])
            if not any(other is player for other in born):
                born.append(player)

    def find(self, *, name: str, federation_id: str = "",
             birth_date: datetime.date | None = None) -> Match | None:
        """As find_person (without the FMJD id, which a roster file has not)."""
        if federation_id:
            player = self._by_id.get(federation_id)
            if player is not None:
                return Match(player, BY_FEDERATION_ID)
        if birth_date is not None and name.strip():
            # The registry's order (Player.Meta.ordering), the first registered among equals.
            same = [player for player in self._by_birth.get(birth_date, ())
                    if _same_name(player.name, name)]
            if same:
                return Match(min(same, key=_registry_order), BY_NAME_AND_BIRTH)
        return None


def _registry_order(player: Player) -> tuple:
    return player.sort_name, player.name, player.pk is None, player.pk or 0
