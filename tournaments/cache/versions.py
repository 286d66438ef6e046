"""One version per tournament for everything its public pages show (issue 15).

Every write that changes standings, pairings, the crosstable or a player's page calls `bump()`
inside its own transaction, so the new version commits together with the data it describes:
a reader that sees the new data also sees the new version, and every cached piece of a page
(`tournaments/cache/pages.py`) is keyed on it. The service steps bump explicitly (bulk writes send
no signals); the model signals below also catch the admin's edits of a tournament, a player or an
entry. Once the write commits, the standings and the crosstable of the new version are computed
(`committed`, which tournaments/pages/pieces.py answers with `warm`), so the first reader after
a result finds them ready.

The token joins the counter with the time of the change, so two databases (a test run, a
restored dump) that reuse a tournament's id and counter never share a cache key.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial

from django.conf import settings
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import F
from django.db.models.signals import post_delete, post_save
from django.dispatch import Signal, receiver
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from tournaments.cache import shared_versions as version_cache
from tournaments.models import (
    Absence,
    Entry,
    LineupBoard,
    MatchBoard,
    Player,
    PublishedCopyError,
    Round,
    Team,
    TeamCompetition,
    TeamMatch,
    TeamMember,
    Tournament,
    is_applying_publication,
)


def bump(tournament_id: int | None) -> None:
    """Move the tournament's version on; call it inside the transaction of the write.

    Every write calls it, so it is also where a copy published from the venue (issue 27,
    tournaments/models/publishing.py) refuses to change: PublishedCopyError rolls the write
    back, and config/published_copy.py turns it into a message."""
    if tournament_id is None:
        return
    with transaction.atomic(savepoint=False):  # so the shared copy goes before the commit
        rows = Tournament.objects.filter(pk=tournament_id)
        if not is_applying_publication():  # a copy published from the venue is read-only
            rows = rows.filter(published_at__isnull=True)
        if not rows.update(version=F("version") + 1, changed_at=timezone.now()) and (
                Tournament.objects.filter(pk=tournament_id, published_at__isnull=False).exists()):
            raise PublishedCopyError(tournament_id)  # the write's transaction rolls back
        if version_cache.active():  # the version kept in Redis too (shared_versions.py)
            slugs = Tournament.objects.filter(pk=tournament_id).values_list("slug", flat=True)
            version_cache.writing([version_cache.SITE, *slugs])
    if getattr(settings, "PAGE_CACHE_WARM_ON_WRITE", True):
        transaction.on_commit(partial(_warm, tournament_id))


# Sent once a write that moved a tournament's version has committed (argument tournament_id):
# the pages compute the new version's pieces then. A signal, because the pages sit above the
# cache and the cache must not import them (tests/project/test_layers.py).
committed = Signal()


def _warm(tournament_id: int) -> None:
    committed.send(sender=Tournament, tournament_id=tournament_id)


def token(tournament_id: int, version: int, changed_at: datetime) -> str:
    """The version as a cache key part and an ETag: id, counter and microseconds of the change."""
    return f"{tournament_id}.{version}.{int(changed_at.timestamp() * 1_000_000)}"


def token_of(tournament: Tournament) -> str:
    return token(tournament.pk, tournament.version, tournament.changed_at)


def current(slug: str) -> tuple[int, str, datetime] | None:
    """(id, token, time of the last change) of the tournament at `slug`, in one small query.

    Every shared read of a public page asks this first, so it skips the ORM's query building
    (about half a millisecond, more than the query itself): one prepared statement."""
    row = fetch_one(CURRENT_SQL, [slug])
    if row is None:
        return None
    pk, version, changed_at = row
    changed_at = as_aware(changed_at)
    return pk, token(pk, version, changed_at), changed_at


CURRENT_SQL = (f"SELECT id, version, changed_at FROM {Tournament._meta.db_table} "
               "WHERE slug = %s")


def fetch_one(sql: str, params: list | tuple = ()) -> tuple | None:
    """The first row of `sql`, the query itself serving as the kept connection's health check.

    With persistent connections (CONN_MAX_AGE) and CONN_HEALTH_CHECKS, Django sends `SELECT 1`
    before a request's first query, to find a connection that broke while idle (a database
    restart). On a warm public page the version read is the request's only query, so that check
    doubled its cost (issue 29: the database cache's pages at 0.34-0.54 of the bare view). Here
    the version read is the check: if it fails on a kept connection, the connection is closed
    and the query sent once more on a new one, as Django would after a failed `SELECT 1`; if
    the database is down, that second try raises and the request is answered 503
    (config/database_outage.py)."""
    checking = (connection.connection is not None and connection.health_check_enabled
                and not connection.health_check_done and not connection.in_atomic_block)
    if checking:
        connection.health_check_done = True  # this query is the check
        try:
            return _fetch_one(sql, params)
        except (OperationalError, InterfaceError):
            connection.close()  # broken while idle: one more try, on a new connection
    return _fetch_one(sql, params)


def _fetch_one(sql: str, params: list | tuple) -> tuple | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def as_aware(value: datetime | str) -> datetime:
    """A timestamp as the raw cursor gives it (PostgreSQL: aware; SQLite: text in UTC)."""
    if isinstance(value, str):
        value = parse_datetime(value)
    return value if timezone.is_aware(value) else value.replace(tzinfo=UTC)


@receiver(post_save, sender=Tournament, dispatch_uid="page-version-tournament")
def _tournament_saved(sender, instance: Tournament, created: bool, **kwargs) -> None:
    # A new tournament starts at its own version; a change of settings (the form, the admin,
    # the tie-break order, the scoring) moves it on.
    if not created:
        bump(instance.pk)


@receiver(post_save, sender=Entry, dispatch_uid="page-version-entry-saved")
@receiver(post_delete, sender=Entry, dispatch_uid="page-version-entry-deleted")
def _entry_changed(sender, instance: Entry, **kwargs) -> None:
    bump(instance.tournament_id)


@receiver(post_save, sender=Player, dispatch_uid="page-version-player")
def _player_saved(sender, instance: Player, created: bool, **kwargs) -> None:
    # A player's name or club shows on the pages of every tournament he entered.
    if created:
        return
    for tournament_id in (Entry.objects.filter(player=instance)
                          .values_list("tournament_id", flat=True).distinct()):
        bump(tournament_id)


# A team competition's pages read its settings, teams, members, matches, line-ups and boards:
# an edit of any of them (the settings form, the admin) moves the tournament's version on. The
# team services bump explicitly too, for their bulk writes, which send no signals.
def _team_tournament(team_id: int | None) -> int | None:
    return Team.objects.filter(pk=team_id).values_list("tournament_id", flat=True).first()


def _round_tournament(round_id: int | None) -> int | None:
    return Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True).first()


def _match_tournament(match_id: int | None) -> int | None:
    return (TeamMatch.objects.filter(pk=match_id)
            .values_list("round__tournament_id", flat=True).first())


TEAM_MODELS = {
    TeamCompetition: lambda instance: instance.tournament_id,
    Team: lambda instance: instance.tournament_id,
    TeamMember: lambda instance: _team_tournament(instance.team_id),
    TeamMatch: lambda instance: _round_tournament(instance.round_id),
    LineupBoard: lambda instance: _round_tournament(instance.round_id),
    MatchBoard: lambda instance: _match_tournament(instance.match_id),
}


def _team_part_changed(sender, instance, **kwargs) -> None:
    bump(TEAM_MODELS[sender](instance))


for _model in TEAM_MODELS:
    post_save.connect(_team_part_changed, sender=_model,
                      dispatch_uid=f"page-version-{_model.__name__}-saved")
    post_delete.connect(_team_part_changed, sender=_model,
                        dispatch_uid=f"page-version-{_model.__name__}-deleted")


# A Swiss round's `published` flag (the admin's round form edits it) decides whether the public
# sees its pairing, and a bye asked for shows in the crosstable and the player's page: their
# edits outside the steps of tournaments/services/swiss/ (which bump explicitly) move the version
# on too.
# Bulk writes (a round robin's rounds) send no signals and bump in their step.
SWISS_MODELS = {
    Round: lambda instance: instance.tournament_id,
    Absence: lambda instance: Entry.objects.filter(pk=instance.entry_id)
    .values_list("tournament_id", flat=True).first(),
}


def _swiss_part_changed(sender, instance, **kwargs) -> None:
    bump(SWISS_MODELS[sender](instance))


for _model in SWISS_MODELS:
    post_save.connect(_swiss_part_changed, sender=_model,
                      dispatch_uid=f"page-version-{_model.__name__}-saved")
    post_delete.connect(_swiss_part_changed, sender=_model,
                        dispatch_uid=f"page-version-{_model.__name__}-deleted")
