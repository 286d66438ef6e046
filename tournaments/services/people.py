"""Finding the person behind a new entry in the player registry (issue 17).

One person is one Player however many tournaments he plays. A newcomer is matched by his
national (CBD) id, then his FMJD id, then by name and birth date together; a name alone is never
enough, since two people may share one.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

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
