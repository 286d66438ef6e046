"""A federation's rating list loaded into the people registry (issue 27), in two steps: the list
is stored as pending with its rows (`stage_list`), the organiser sees what it changes in the
registry (`plan_list`), then confirms it (`confirm_list`, one transaction) or discards it.

What a confirmed list changes: each registered player whose id is on it (the federation id for
a national list, the FMJD id for the FMJD's) takes the list's rating; his club and birth year are
learnt from the list only where the registry has none, and his name is never changed. Why: the
registry's name and club are what organisers typed and players checked (accents, the club he
plays for), where a federation list often writes names in capitals without accents and gives
the state federation or country instead of the club; the rating is the federation's to say.
A list older than one of its kind already confirmed is kept for the tournaments it was in force
for, and changes nothing in the registry.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import REGISTRY_FIELDS, Player, RatingList, RatingListRow
from tournaments.queries.rating_lists import kind_of, newest_list
from tournaments.services.errors import TournamentError
from tournaments.services.people import normalised

ROW_FIELDS = ("federation_id", "name", "federation", "rating", "birth_year", "title", "games")
NEW_SHOWN = 100  # the preview names the first new people; the count says the rest


class RatingListChangedError(TournamentError):
    """The registry or the list changed since the preview: it must be seen again."""


@transaction.atomic
def stage_list(*, source: str, date: datetime.date, file_name: str, rows: Iterable,
               user=None) -> RatingList:
    """Store the list and its rows as pending (in force nowhere until confirmed); the user's
    earlier pending lists are dropped. `rows` hold the ROW_FIELDS as attributes."""
    owner = user if user is not None and user.is_authenticated else None
    RatingList.objects.filter(confirmed_at__isnull=True, loaded_by=owner).delete()
    rating_list = RatingList.objects.create(source=source, date=date, file_name=file_name[:255],
                                            loaded_by=owner)
    RatingListRow.objects.bulk_create(
        (RatingListRow(rating_list=rating_list, **{key: getattr(row, key) for key in ROW_FIELDS})
         for row in rows), batch_size=2000)
    return rating_list


@dataclass(frozen=True)
class Change:
    """What the list changes of one registered player."""

    player: Player
    row: RatingListRow
    rating_before: int | None
    rating_after: int | None
    club_filled: str = ""  # the registry had none
    club_kept: str = ""  # the list's, different from the registry's, which is kept
    birth_year_filled: int | None = None

    @property
    def rating_changes(self) -> bool:
        return self.rating_after is not None and self.rating_after != self.rating_before


@dataclass
class ListPlan:
    rating_list: RatingList
    changes: list[Change] = field(default_factory=list)
    unchanged: int = 0
    new_count: int = 0
    new_people: list[RatingListRow] = field(default_factory=list)  # the first NEW_SHOWN
    not_found: list[Player] = field(default_factory=list)
    newer: RatingList | None = None  # a later list of the kind: the registry is not changed

    @property
    def updates_registry(self) -> bool:
        return self.newer is None

    def of(self, what: str) -> list[Change]:
        tests = {"rating": lambda change: change.rating_changes,
                 "club": lambda change: bool(change.club_filled or change.club_kept),
                 "birth_year": lambda change: change.birth_year_filled is not None}
        return [change for change in self.changes if tests[what](change)]

    @property
    def digest(self) -> str:
        """What the organiser saw: the changes, the new count, the ids not found."""
        state = [self.rating_list.pk, self.newer.pk if self.newer else None, self.new_count,
                 [[c.player.pk, c.rating_before, c.rating_after, c.club_filled, c.club_kept,
                   c.birth_year_filled] for c in self.changes],
                 [player.pk for player in self.not_found]]
        return hashlib.sha256(json.dumps(state).encode()).hexdigest()[:32]


def plan_list(rating_list: RatingList) -> ListPlan:
    """What confirming the list would change in the registry, without changing anything."""
    id_field, rating_field = REGISTRY_FIELDS[rating_list.source]
    kind = kind_of(rating_list.source)
    newest = newest_list(kind)
    plan = ListPlan(rating_list)
    if newest is not None and newest.pk != rating_list.pk and newest.date > rating_list.date:
        plan.newer = newest
    rows = {row.federation_id: row for row in rating_list.rows.all()}
    registered = set()
    for player in Player.objects.exclude(**{id_field: ""}).order_by("sort_name", "pk"):
        identifier = getattr(player, id_field)
        registered.add(identifier)
        row = rows.get(identifier)
        if row is None:
            plan.not_found.append(player)
            continue
        change = _change(player, row, rating_field)
        if change.rating_changes or change.club_filled or change.club_kept \
                or change.birth_year_filled is not None:
            plan.changes.append(change)
        else:
            plan.unchanged += 1
    new_ids = [identifier for identifier in rows if identifier not in registered]
    plan.new_count = len(new_ids)
    plan.new_people = [rows[identifier] for identifier in new_ids[:NEW_SHOWN]]
    return plan


def _change(player: Player, row: RatingListRow, rating_field: str) -> Change:
    club_filled = club_kept = ""
    if row.federation and not player.club:
        club_filled = row.federation
    elif row.federation and normalised(row.federation) != normalised(player.club):
        club_kept = row.federation
    born = None if player.born_in() is not None else row.birth_year
    return Change(player, row, getattr(player, rating_field), row.rating,
                  club_filled, club_kept, born)


@dataclass(frozen=True)
class ListOutcome:
    ratings: int
    clubs: int
    birth_years: int


@transaction.atomic
def confirm_list(rating_list: RatingList, digest: str, *, user=None) -> ListOutcome:
    """Put the list in force and update the registry as the preview said; all or nothing.
    RatingListChangedError when the preview the organiser saw is no longer what would happen."""
    locked = RatingList.objects.select_for_update().filter(pk=rating_list.pk,
                                                          confirmed_at__isnull=True).first()
    if locked is None:
        raise RatingListChangedError(_("This list was already confirmed or discarded."))
    plan = plan_list(locked)
    if plan.digest != digest:
        raise RatingListChangedError(_(
            "The registry changed since you saw the preview: check it again, then confirm."))
    _id_field, rating_field = REGISTRY_FIELDS[locked.source]
    ratings = clubs = births = 0
    if plan.updates_registry:
        for change in plan.changes:
            player, fields = change.player, []
            if change.rating_changes:
                setattr(player, rating_field, change.rating_after)
                fields.append(rating_field)
                ratings += 1
            if change.club_filled:
                player.club = change.club_filled[:200]
                fields.append("club")
                clubs += 1
            if change.birth_year_filled is not None:
                player.birth_year = change.birth_year_filled
                fields.append("birth_year")
                births += 1
            if fields:
                player.save(update_fields=fields)
    locked.confirmed_at = timezone.now()
    locked.save(update_fields=["confirmed_at"])
    return ListOutcome(ratings, clubs, births)


@transaction.atomic
def discard_list(rating_list: RatingList) -> None:
    """Drop a pending list and its rows; a confirmed list stays (tournaments were rated by it)."""
    RatingList.objects.filter(pk=rating_list.pk, confirmed_at__isnull=True).delete()
