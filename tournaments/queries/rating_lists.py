"""Which rating list is in force on a day (issue 27), and what it says of a player.

A list is in force from its date until the next list of the same kind: the national one (the
CBD's, or another list of national ids) or the FMJD's. On a day, the list in force is the
confirmed list of that kind with the latest date on or before it (of two with the same date, the
one confirmed last). A tournament's day is its start date (today when it has none).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.utils import timezone

from tournaments.models import (
    NATIONAL_SOURCES,
    RatingList,
    RatingListRow,
    RatingSource,
    Tournament,
)

NATIONAL, FMJD = "national", "fmjd"
SOURCES = {NATIONAL: NATIONAL_SOURCES, FMJD: (RatingSource.FMJD,)}


def kind_of(source: str) -> str:
    return FMJD if source == RatingSource.FMJD else NATIONAL


def tournament_day(tournament: Tournament) -> datetime.date:
    return tournament.start_date or timezone.localdate()


def list_in_force(day: datetime.date, kind: str = NATIONAL) -> RatingList | None:
    """The confirmed list of this kind with the latest date on or before `day`."""
    return (RatingList.objects.filter(source__in=SOURCES[kind], date__lte=day,
                                      confirmed_at__isnull=False)
            .order_by("-date", "-confirmed_at", "-pk").first())


def newest_list(kind: str) -> RatingList | None:
    return (RatingList.objects.filter(source__in=SOURCES[kind], confirmed_at__isnull=False)
            .order_by("-date", "-confirmed_at", "-pk").first())


def rows_in_force(day: datetime.date, ids: Iterable[str], kind: str = NATIONAL
                  ) -> tuple[RatingList | None, dict[str, RatingListRow]]:
    """The list in force and its rows of these ids, in two queries."""
    rating_list = list_in_force(day, kind)
    wanted = {identifier for identifier in ids if identifier}
    if rating_list is None or not wanted:
        return rating_list, {}
    rows = rating_list.rows.filter(federation_id__in=wanted)
    return rating_list, {row.federation_id: row for row in rows}


def row_in_force(day: datetime.date, federation_id: str, kind: str = NATIONAL
                 ) -> RatingListRow | None:
    """The player of this id on the list in force on `day`, or None."""
    return rows_in_force(day, [federation_id], kind)[1].get(federation_id)
