"""Who belongs to a category: age on the reference date, sex, rating band or a list."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from prizes.models import Category, Kind
from tournaments.models import Entry, Player


def age_on(player: Player, day: datetime.date) -> int | None:
    """Whole years completed on `day`; with only the birth year known, as if born on 1 January
    (the usual reading of a year-only entry form); None when the birth is unknown."""
    if player.birth_date is not None:
        born = player.birth_date
        return day.year - born.year - ((day.month, day.day) < (born.month, born.day))
    if player.birth_year is not None:
        return day.year - player.birth_year
    return None


def belongs(category: Category, entry: Entry, listed: set[int] | None = None) -> bool:
    """Whether `entry` is in `category`; `listed` (entry ids) saves a query for list kinds."""
    player = entry.player
    if category.kind == Kind.ALL:
        return True
    if category.kind in (Kind.UNDER, Kind.OVER):
        age = age_on(player, category.reference_date)
        if age is None:
            return False
        return age < category.age if category.kind == Kind.UNDER else age >= category.age
    if category.kind == Kind.SEX:
        return player.sex == category.sex
    if category.kind == Kind.RATING:
        rating = player.rating
        if rating is None:
            return False
        low, high = category.rating_min, category.rating_max
        return (low is None or rating >= low) and (high is None or rating <= high)
    if listed is None:
        listed = set(category.players.values_list("pk", flat=True))
    return entry.pk in listed


def members(category: Category, entries: Iterable[Entry]) -> list[Entry]:
    listed = (set(category.players.values_list("pk", flat=True))
              if category.kind == Kind.LIST and category.pk else set())
    return [entry for entry in entries if belongs(category, entry, listed)]
