"""The page version kept in Redis too, so a warm public page asks the database nothing (issue 15).

Every shared read of a public page needs the tournament's current version (`page_version`).
Asking PostgreSQL for it costs a round trip per request, more than the bare view's whole
answer on a busy machine; this module keeps a copy of it in the shared Redis, read with one GET.
It is used only when the default cache is Django's Redis backend (shared by every worker on
every machine); with any other cache the version comes from the database, as before.

The guarantee stays the one of `page_version`: once a write has committed, no reader gets a
version older than it. Keys, for each *name* (a tournament's slug, or SITE for the list of
tournaments):

  value:<name>    what the reader needs (id, token, time of the change); it may be missing
  writes:<name>   a counter that every write moves on when it begins and when it ends
  writing:<name>  the writes begun and not ended yet, each scored with the time it began
  epoch           when this Redis started to hold these keys (lost with them)

- A write *begins* before its transaction commits (`page_version.bump`, a tournament saved or
  deleted): it deletes the value, adds itself to `writing` and moves `writes` on. It *ends* in
  `transaction.on_commit`: deletes the value again, leaves `writing`, moves `writes` on.
- A reader takes the value when it is there. Otherwise it notes `writes`, reads the version
  from the database and stores it only if, checked at once in one script: `writes` has not
  moved since it noted it, no write is in `writing`, no value is there, and the epoch is
  SETTLE seconds old.

Why a stored value is never stale: take a write W that committed after the reader's database
read R. If W began before the reader noted `writes`, W was in `writing` then, and is still there
at the check unless it ended, which moved `writes` on: either way nothing is stored. If W began
after, it moved `writes` on: nothing is stored. If the value was stored before W began, W's
beginning deleted it, before W committed. So a value present after W commits was read after W
committed. A write that began but never ended (its transaction rolled back) only keeps its
tournament on the database path until SETTLE passes.

What this assumes: a write commits within SETTLE seconds of beginning (a write is one short
transaction; settings.PAGE_VERSION_SETTLE_SECONDS, default 60), and Redis keeps the keys it has
(a Redis that restarts empty is fine: the epoch goes with the rest, so for SETTLE seconds
nothing is stored while a write begun before the restart may still commit). On PostgreSQL the
wait ends sooner, usually at the first read (issue 29): as soon as every transaction that was
running when the epoch was first seen has ended (`_settle`); writes open in a transaction take
their transaction id when they begin, for that. A write outside any transaction (a tournament
saved from a shell in autocommit) is not covered by that early end. If Redis cannot
be reached when a write begins, the write still goes ahead (a result is never refused for a
cache); the readers then fall back to the database, and a value that survives the outage
expires after VALUE_SECONDS.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

import redis
from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_delete, post_save, pre_delete, pre_save
from django.dispatch import receiver
from redis.exceptions import RedisError

from .models import Tournament

logger = logging.getLogger(__name__)

KEY_VERSION = 1
PREFIX = f"damas:page-version:{KEY_VERSION}:"
EPOCH = PREFIX + "epoch"
SITE = "@site"  # not a slug: the list of every tournament (the home page)
VALUE_SECONDS = 3600

# The reader's store: KEYS value, writes, writing, epoch; ARGV writes as noted ("" if absent),
# the value, its lifetime, SETTLE, now. 1 when stored.
STORE = """
local epoch = redis.call('GET', KEYS[4])
if not epoch then
  redis.call('SET', KEYS[4], ARGV[5], 'NX')
  return 0
end
if tonumber(ARGV[5]) - tonumber(epoch) < tonumber(ARGV[4]) then return 0 end
if (redis.call('GET', KEYS[2]) or '') ~= ARGV[1] then return 0 end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', tonumber(ARGV[5]) - tonumber(ARGV[4]))
if redis.call('ZCARD', KEYS[3]) > 0 then return 0 end
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
return 1
"""

# The PostgreSQL transaction horizon taken once this Redis's epoch exists (see `_settle`); KEYS
# epoch, horizon; ARGV the epoch as read, the horizon. Set only for the epoch it was taken under.
HORIZON = PREFIX + "horizon"
SET_HORIZON = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'NX', 'EX', 86400)
return 1
"""
# Date the epoch back (settled); KEYS epoch; ARGV the epoch as read, the settled time.
SETTLED = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
return 1
"""
# A new transaction id, above every one assigned before (the horizon), and the oldest id still
# running (the snapshot's xmin; its xmax is only one past the highest completed one).
NEW_ID_SQL = "SELECT pg_current_xact_id()::text::bigint"
OLDEST_RUNNING_SQL = "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint"

_clients: dict[str, tuple[redis.Redis, Any]] = {}


def settle_seconds() -> float:
    return getattr(settings, "PAGE_VERSION_SETTLE_SECONDS", 60)


def client() -> redis.Redis | None:
    """The Redis of the default cache, or None when the default cache is something else."""
    found = _shared()
    return found[0] if found else None


def _shared() -> tuple[redis.Redis, Any] | None:
    config = settings.CACHES["default"]
    if not config["BACKEND"].endswith(".RedisCache"):
        return None
    location = config["LOCATION"]
    if not isinstance(location, str):
        location = location[0]
    location = location.split(",")[0]  # the first server takes the writes (Django's rule)
    found = _clients.get(location)
    if found is None:
        options = config.get("OPTIONS", {})
        connection = redis.Redis.from_url(
            location, socket_connect_timeout=options.get("socket_connect_timeout", 1),
            socket_timeout=options.get("socket_timeout", 1))
        found = _clients[location] = (connection, connection.register_script(STORE))
    return found


def keys(name: str) -> tuple[str, str, str]:
    return PREFIX + "value:" + name, PREFIX + "writes:" + name, PREFIX + "writing:" + name


def read(name: str, from_database: Callable[[], Any], encode: Callable[[Any], str],
         decode: Callable[[bytes], Any]) -> Any:
    """The version of `name`: from Redis when it holds it, else from the database (and then
    stored when that is safe, see the module's docstring)."""
    found = _shared()
    if found is None:
        return from_database()
    shared, store = found
    value_key, writes_key, writing_key = keys(name)
    try:
        value, writes, epoch, horizon = shared.mget(value_key, writes_key, EPOCH, HORIZON)
        if value is None and epoch is not None:
            _settle(shared, epoch, horizon)  # before the database read below, never after
    except (RedisError, OSError) as error:
        logger.warning("page version cache unavailable, asking the database: %s", error)
        return from_database()
    if value is not None:
        return decode(value)
    state = from_database()
    if state is not None:
        try:
            store(keys=[value_key, writes_key, writing_key, EPOCH],
                  args=[writes or b"", encode(state), VALUE_SECONDS, settle_seconds(),
                        time.time()], client=shared)
        except (RedisError, OSError) as error:
            logger.warning("page version cache unavailable, not storing: %s", error)
    return state


def _settle(shared: redis.Redis, epoch: bytes, horizon: bytes | None) -> None:
    """End this Redis's SETTLE wait as soon as PostgreSQL shows it is safe (issue 29).

    The wait is for writes that began before Redis started empty: their beginnings were lost, so
    a reader could store a version they are about to replace. Waiting SETTLE seconds kept every
    read of the first minute on the database path (0.06 of the bare view with a connection per
    request). But each such write holds a PostgreSQL transaction id from its beginning (`begin`
    makes sure of it), taken before this Redis's epoch existed: once every transaction that was
    running when a reader first saw the epoch has ended (the oldest running id has passed the
    horizon noted then), none of them can commit any more, and the epoch is dated back as if
    SETTLE had passed. Writes begun since are in `writing`, as always. Other databases than
    PostgreSQL wait SETTLE seconds, as before.
    """
    if time.time() - float(epoch) >= settle_seconds():
        return
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        if horizon is None:  # once per epoch: spends one transaction id
            cursor.execute(NEW_ID_SQL)
            shared.eval(SET_HORIZON, 2, EPOCH, HORIZON, epoch, cursor.fetchone()[0])
            horizon = shared.get(HORIZON)
            if horizon is None:
                return
        cursor.execute(OLDEST_RUNNING_SQL)
        oldest_running = cursor.fetchone()[0]
    if oldest_running >= int(horizon):
        shared.eval(SETTLED, 1, EPOCH, epoch, time.time() - settle_seconds() - 1)


def _hold_transaction_id() -> None:
    """Make the current PostgreSQL transaction take its id now, before `begin` is recorded: the
    horizon of `_settle` then covers every write whose beginning a restarted Redis lost."""
    from django.db import connection

    if connection.vendor == "postgresql" and connection.in_atomic_block:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_current_xact_id()")


def begin(names: Iterable[str]) -> str:
    """A write to `names` begins (before its transaction commits); its id, for `end`."""
    writer = secrets.token_hex(8)
    shared = client()
    if shared is None:
        return writer
    _hold_transaction_id()
    now = time.time()
    try:
        with shared.pipeline(transaction=True) as pipe:
            for name in names:
                value_key, writes_key, writing_key = keys(name)
                pipe.incr(writes_key)
                pipe.zadd(writing_key, {writer: now})
                pipe.delete(value_key)
            pipe.set(EPOCH, now, nx=True)
            pipe.execute()
    except (RedisError, OSError) as error:
        logger.error("page version cache unavailable as a write begins: %s", error)
    return writer


def end(names: Iterable[str], writer: str) -> None:
    """The write `writer` to `names` has committed (transaction.on_commit)."""
    shared = client()
    if shared is None:
        return
    try:
        with shared.pipeline(transaction=True) as pipe:
            for name in names:
                value_key, writes_key, writing_key = keys(name)
                pipe.delete(value_key)
                pipe.zrem(writing_key, writer)
                pipe.incr(writes_key)
            pipe.execute()
    except (RedisError, OSError) as error:
        logger.error("page version cache unavailable as a write ends: %s", error)


def writing(names: Iterable[str]) -> None:
    """Begin a write to `names` now and end it when the current transaction commits (at once
    when none is open, so call it inside the transaction of the write)."""
    names = tuple(dict.fromkeys(names))
    writer = begin(names)
    transaction.on_commit(partial(end, names, writer))


def active() -> bool:
    return client() is not None


def mark_settled() -> None:
    """Say that Redis was emptied while no write could be running (the site not started yet, a
    test's fresh Redis): the versions may be copied into it at once, without waiting SETTLE."""
    shared = client()
    if shared is not None:
        shared.set(EPOCH, time.time() - settle_seconds() - 1)


# A tournament saved or deleted changes the list of tournaments, and may change its slug: both
# the old and the new slug's versions go (bump() covers the version's own moves).
@receiver(pre_save, sender=Tournament, dispatch_uid="version-cache-tournament-saving")
@receiver(pre_delete, sender=Tournament, dispatch_uid="version-cache-tournament-deleting")
def _tournament_writing(sender, instance: Tournament, **kwargs) -> None:
    if not active():
        return
    names = [SITE, instance.slug]
    if instance.pk is not None:
        names += Tournament.objects.filter(pk=instance.pk).values_list("slug", flat=True)
    names = tuple(dict.fromkeys(name for name in names if name))
    instance._version_cache_write = (names, begin(names))


@receiver(post_save, sender=Tournament, dispatch_uid="version-cache-tournament-saved")
@receiver(post_delete, sender=Tournament, dispatch_uid="version-cache-tournament-deleted")
def _tournament_written(sender, instance: Tournament, **kwargs) -> None:
    write = instance.__dict__.pop("_version_cache_write", None)
    if write is not None:
        transaction.on_commit(partial(end, *write))
