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

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.cache import versions as page_version
from tournaments.models import REGISTRY_FIELDS, Entry, Player, RatingList, RatingListRow
from tournaments.queries.rating_lists import kind_of, newest_list
from tournaments.services.errors import TournamentError
from tournaments.services.people import normalised

ROW_FIELDS = ("federation_id", "name", "federation", "rating", "birth_year", "title", "games")
NEW_SHOWN = 100  # the preview names the first new people; the count says the rest
INSERT_BATCH = 5000


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
    _insert_rows(rating_list, rows)
    return rating_list


def _insert_rows(rating_list: RatingList, rows: Iterable) -> None:
    """The rows in one INSERT run over every batch (executemany). A 30,000-player list took two
    seconds through bulk_create, which builds a model and compiles its SQL row by row; the
    parser has already checked every value against the fields, and the database's constraints
    still hold."""
    meta = RatingListRow._meta
    quote = connection.ops.quote_name
    columns = [meta.get_field("rating_list").column,
               *(meta.get_field(key).column for key in ROW_FIELDS)]
    sql = (f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(c) for c in columns)}) "
           f"VALUES ({', '.join(['%s'] * len(columns))})")
    values = [(rating_list.pk, *(getattr(row, key) for key in ROW_FIELDS)) for row in rows]
    with connection.cursor() as cursor:
        for start in range(0, len(values), INSERT_BATCH):
            cursor.executemany(sql, values[start:start + INSERT_BATCH])


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
    # Five queries whatever the sizes: only the rows of registered ids are read whole (a
    # 30,000-player list read as models took half a second); the new people are counted.
    with_ids = Player.objects.exclude(**{id_field: ""})
    registered_ids = with_ids.order_by().values(id_field)
    rows = {row.federation_id: row
            for row in rating_list.rows.filter(federation_id__in=registered_ids)}
    for player in with_ids.order_by("sort_name", "pk"):
        row = rows.get(getattr(player, id_field))
        if row is None:
            plan.not_found.append(player)
            continue
        change = _change(player, row, rating_field)
        if change.rating_changes or change.club_filled or change.club_kept \
                or change.birth_year_filled is not None:
            plan.changes.append(change)
        else:
            plan.unchanged += 1
    new_rows = rating_list.rows.exclude(federation_id__in=registered_ids)
    plan.new_count = new_rows.count()
    plan.new_people = list(new_rows.order_by("federation_id")[:NEW_SHOWN])
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
        changed: dict[str, list[Player]] = {rating_field: [], "club": [], "birth_year": []}
        for change in plan.changes:
            player = change.player
            if change.rating_changes:
                setattr(player, rating_field, change.rating_after)
                changed[rating_field].append(player)
            if change.club_filled:
                player.club = change.club_filled[:200]
                changed["club"].append(player)
            if change.birth_year_filled is not None:
                player.birth_year = change.birth_year_filled
                changed["birth_year"].append(player)
        for field_name, players in changed.items():
            _update_players(field_name, players)
        _move_their_tournaments({player.pk for players in changed.values() for player in players})
        ratings, clubs, births = (len(changed[rating_field]), len(changed["club"]),
                                  len(changed["birth_year"]))
    locked.confirmed_at = timezone.now()
    locked.save(update_fields=["confirmed_at"])
    return ListOutcome(ratings, clubs, births)


def _move_their_tournaments(player_ids: set[int]) -> None:
    """The UPDATE sends no signal: move on the version of every tournament the changed players
    entered, as a player's save does (tournaments/cache/versions.py), so their pages show the
    new ratings and a tournament published from the venue is pending again. A copy published
    from a venue is left alone: it changes only by the venue's next send."""
    tournament_ids = (Entry.objects.filter(player_id__in=player_ids,
                                           tournament__published_at__isnull=True)
                      .values_list("tournament_id", flat=True).distinct())
    for tournament_id in tournament_ids:
        page_version.bump(tournament_id)


def _update_players(field_name: str, players: list[Player]) -> None:
    """One UPDATE statement run over the players (executemany), not a save each: 3,000 ratings
    took seconds one by one, and bulk_update's CASE per row was hardly faster. Only the rating,
    the club or the birth year change here, never the name (nor, so, sort_name)."""
    if not players:
        return
    meta = Player._meta
    quote = connection.ops.quote_name
    sql = (f"UPDATE {quote(meta.db_table)} SET {quote(meta.get_field(field_name).column)} = %s "
           f"WHERE {quote(meta.pk.column)} = %s")
    with connection.cursor() as cursor:
        cursor.executemany(sql, [(getattr(player, field_name), player.pk) for player in players])


@transaction.atomic
def discard_list(rating_list: RatingList) -> None:
    """Drop a pending list and its rows; a confirmed list stays (tournaments were rated by it)."""
    RatingList.objects.filter(pk=rating_list.pk, confirmed_at__isnull=True).delete()
