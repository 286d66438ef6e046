"""The page version kept in Redis too, so a warm public page asks the database nothing (issue 15).

Every shared read of a public page needs the tournament's current version (`page_version`).
Asking PostgreSQL for it costs a round trip per request, more than the bare view's whole
answer on a busy machine; this module keeps a copy of it in the shared Redis, read with one
script call (a GET and the run_id check).
It is used only when the default cache is Django's Redis backend (shared by every worker on
every machine); with any other cache the version comes from the database, as before.

The guarantee stays the one of `page_version`: once a write has committed, no reader gets a
version older than it. Keys, for each *name* (a tournament's slug, or SITE for the list of
tournaments):

  value:<name>    what the reader needs (id, token, time of the change), after the run_id of
                  the Redis that stored it; it may be missing
  writes:<name>   a counter that every write moves on when it begins and when it ends
  writing:<name>  the writes begun and not ended yet, each scored with the time it began
  epoch           the run_id of the Redis that holds these keys, and when it started to
                  hold them (the first store of its run sets it)
  horizon         on PostgreSQL, the run_id, the epoch it was taken under and a transaction id
                  assigned after that epoch began (`_settle`)

- A write *begins* before its transaction commits (`page_version.bump`, a tournament saved or
  deleted): it deletes the value, adds itself to `writing` and moves `writes` on. It *ends* in
  `transaction.on_commit`: deletes the value again, leaves `writing`, moves `writes` on.
- A reader takes the value when it is there and stored by this same run of Redis (checked in
  the script that reads it). Otherwise it notes `writes` (with the run_id), reads the version
  from the database and stores it only if, checked at once in one script: `writes` (and the
  run_id) has not moved since it noted it, no write is in `writing`, no value of this run is
  there, and the epoch is of this run and SETTLE seconds old.

Why a stored value is never stale: take a write W that committed after the reader's database
read R. If W began before the reader noted `writes`, W was in `writing` then, and is still there
at the check unless it ended, which moved `writes` on: either way nothing is stored. If W began
after, it moved `writes` on: nothing is stored. If the value was stored before W began, W's
beginning deleted it, before W committed. So a value present after W commits was read after W
committed. A write that began but never ended (its transaction rolled back) only keeps its
tournament on the database path until SETTLE passes.

A Redis that restarts (issue 29). It may come back empty, or from its snapshot (RDB or AOF)
holding the keys of some earlier moment: values that later writes had deleted, a `writes`
counter moved back, a `writing` set without the writes begun since. That Redis has a new
run_id (INFO's, new at every start of the server, and another on a replica taking over), and
every key that says something carries the run_id of the Redis that wrote it: a value of another
run is unknown (never served, overwritten by the next store), a `writes` noted from another run
never matches, an epoch of another run counts as none, so the store sets a new one and stores
nothing for SETTLE seconds. So whatever a restarted Redis holds, it is read as if it had come
back empty, and the argument above holds from its start: a value it serves was stored by it,
after its epoch, by a reader whose `writes` it counted itself.

What this assumes: a write commits within SETTLE seconds of beginning (a write is one short
transaction; settings.PAGE_VERSION_SETTLE_SECONDS, default 60), so for SETTLE seconds after a
restart nothing is stored while a write begun before it may still commit, and a reader takes
less than SETTLE from its database read to its store; and a Redis keeps the
keys it has for as long as its run lasts (the run_id says when it does not). On PostgreSQL the
wait after a restart ends sooner, usually at the first read (issue 29): as soon as every
transaction that was running when a reader first saw the epoch has ended (`_settle`); writes
open in a transaction take their transaction id when they begin, for that. A write outside any
transaction (a tournament saved from a shell in autocommit) is not covered by that early end.
If Redis cannot
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

from tournaments.models import Tournament

logger = logging.getLogger(__name__)

KEY_VERSION = 2  # 2: values carry the run_id of the Redis that stored them (issue 29)
PREFIX = f"damas:page-version:{KEY_VERSION}:"
EPOCH = PREFIX + "epoch"
HORIZON = PREFIX + "horizon"
SITE = "@site"  # not a slug: the list of every tournament (the home page)
VALUE_SECONDS = 3600

# This run of Redis: INFO's run_id, new at every start of the server (a Lua function, at the
# head of each script below; INFO is one of the commands a script may call).
RUN = """
local run = string.match(redis.call('INFO', 'server'), 'run_id:(%x+)')
local function of_run(stored)
  if not stored then return nil end
  local bar = string.find(stored, '|', 1, true)
  if bar and string.sub(stored, 1, bar - 1) == run then return string.sub(stored, bar + 1) end
  return nil
end
"""

# The reader's look: KEYS value, writes, epoch, horizon. {the value if stored by this run (else
# false), writes as noted: this run's id and the counter, this run's epoch (else false), the
# horizon taken under that epoch (else false)}.
READ = RUN + """
local epoch = of_run(redis.call('GET', KEYS[3]))
local horizon = false
if epoch then
  local taken = of_run(redis.call('GET', KEYS[4]))
  if taken then
    local slash = string.find(taken, '/', 1, true)
    if slash and string.sub(taken, 1, slash - 1) == epoch then
      horizon = string.sub(taken, slash + 1)
    end
  end
end
return {of_run(redis.call('GET', KEYS[1])) or false,
        run .. '|' .. (redis.call('GET', KEYS[2]) or ''), epoch or false, horizon}
"""

# The reader's store: KEYS value, writes, writing, epoch; ARGV writes as noted by READ, the
# value, its lifetime, SETTLE, now. 1 when stored.
STORE = RUN + """
local epoch = of_run(redis.call('GET', KEYS[4]))
if not epoch then
  redis.call('SET', KEYS[4], run .. '|' .. ARGV[5])
  return 0
end
if tonumber(ARGV[5]) - tonumber(epoch) < tonumber(ARGV[4]) then return 0 end
if run .. '|' .. (redis.call('GET', KEYS[2]) or '') ~= ARGV[1] then return 0 end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', tonumber(ARGV[5]) - tonumber(ARGV[4]))
if redis.call('ZCARD', KEYS[3]) > 0 then return 0 end
if of_run(redis.call('GET', KEYS[1])) then return 0 end
redis.call('SET', KEYS[1], run .. '|' .. ARGV[2], 'EX', ARGV[3])
return 1
"""

# What mark_settled says: KEYS epoch; ARGV the time to write.
SETTLED = RUN + """
redis.call('SET', KEYS[1], run .. '|' .. ARGV[1])
return 1
"""

# The PostgreSQL transaction horizon, taken once under this run's epoch (see `_settle`); KEYS
# epoch, horizon; ARGV the epoch as read, a new transaction id. The horizon in force under that
# epoch (the one given, unless another reader's came first), or false when the epoch moved.
SET_HORIZON = RUN + """
if of_run(redis.call('GET', KEYS[1])) ~= ARGV[1] then return false end
local taken = of_run(redis.call('GET', KEYS[2]))
if taken then
  local slash = string.find(taken, '/', 1, true)
  if slash and string.sub(taken, 1, slash - 1) == ARGV[1] then
    return string.sub(taken, slash + 1)
  end
end
redis.call('SET', KEYS[2], run .. '|' .. ARGV[1] .. '/' .. ARGV[2], 'EX', 86400)
return ARGV[2]
"""

# Date this run's epoch back (settled) if it is still the one read; KEYS epoch; ARGV the epoch
# as read, the settled time.
SETTLED_IF = RUN + """
if of_run(redis.call('GET', KEYS[1])) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], run .. '|' .. ARGV[2])
return 1
"""

# A new transaction id, above every one assigned before (the horizon), or NULL when the reader's
# own transaction already holds an id (an older one, maybe from before the epoch: no horizon
# then); and the oldest id still running (the snapshot's xmin; its xmax is only one past the
# highest completed one).
NEW_ID_SQL = """SELECT CASE WHEN pg_current_xact_id_if_assigned() IS NULL
                            THEN pg_current_xact_id()::text::bigint END"""
OLDEST_RUNNING_SQL = "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint"

_clients: dict[str, tuple[redis.Redis, dict[str, Any]]] = {}


def settle_seconds() -> float:
    return getattr(settings, "PAGE_VERSION_SETTLE_SECONDS", 60)


def client() -> redis.Redis | None:
    """The Redis of the default cache, or None when the default cache is something else."""
    found = _shared()
    return found[0] if found else None


def _shared() -> tuple[redis.Redis, dict[str, Any]] | None:
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
        scripts = {name: connection.register_script(text)
                   for name, text in (("read", READ), ("store", STORE), ("settled", SETTLED),
                                      ("set_horizon", SET_HORIZON), ("settled_if", SETTLED_IF))}
        found = _clients[location] = (connection, scripts)
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
    shared, scripts = found
    value_key, writes_key, writing_key = keys(name)
    try:
        value, writes, epoch, horizon = scripts["read"](
            keys=[value_key, writes_key, EPOCH, HORIZON], client=shared)
        if value is None and epoch is not None:
            _settle(scripts, shared, epoch, horizon)  # before the database read below, never after
    except (RedisError, OSError) as error:
        logger.warning("page version cache unavailable, asking the database: %s", error)
        return from_database()
    if value is not None:
        return decode(value)
    state = from_database()
    if state is not None:
        try:
            scripts["store"](keys=[value_key, writes_key, writing_key, EPOCH],
                             args=[writes, encode(state), VALUE_SECONDS, settle_seconds(),
                                   time.time()], client=shared)
        except (RedisError, OSError) as error:
            logger.warning("page version cache unavailable, not storing: %s", error)
    return state


def _settle(scripts: dict[str, Any], shared: redis.Redis, epoch: bytes,
            horizon: bytes | None) -> None:
    """End this Redis's SETTLE wait as soon as PostgreSQL shows it is safe (issue 29).

    The wait is for writes that began before this run of Redis: their beginnings were lost, so
    a reader could store a version they are about to replace. Waiting SETTLE seconds kept every
    read of the first minute on the database path. But each such write holds a PostgreSQL
    transaction id from its beginning (`begin` makes sure of it), taken before this run's epoch
    existed: once every transaction that was running when a reader first saw the epoch has ended
    (the oldest running id has passed the horizon noted then), none of them can commit any more,
    and the epoch is dated back as if SETTLE had passed. Writes begun since are in `writing`, as
    always. Other databases than PostgreSQL wait SETTLE seconds, as before.
    """
    if time.time() - float(epoch) >= settle_seconds():
        return
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        if horizon is None:  # once per epoch: spends one transaction id
            cursor.execute(NEW_ID_SQL)
            new_id = cursor.fetchone()[0]
            if new_id is None:  # this transaction's id may predate the epoch: wait SETTLE
                return
            horizon = scripts["set_horizon"](keys=[EPOCH, HORIZON], args=[epoch, new_id],
                                             client=shared)
            if horizon is None:
                return
        cursor.execute(OLDEST_RUNNING_SQL)
        oldest_running = cursor.fetchone()[0]
    if oldest_running >= int(horizon):
        scripts["settled_if"](keys=[EPOCH], args=[epoch, time.time() - settle_seconds() - 1],
                              client=shared)


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
    found = _shared()
    if found is not None:
        shared, scripts = found
        scripts["settled"](keys=[EPOCH], args=[time.time() - settle_seconds() - 1],
                           client=shared)


def stored(name: str) -> bytes | None:
    """The copy of `name`'s version that a reader would take now (None: none, or one kept
    from another run of Redis); for tests and checks."""
    found = _shared()
    if found is None:
        return None
    shared, scripts = found
    value_key, writes_key, _writing_key = keys(name)
    return scripts["read"](keys=[value_key, writes_key, EPOCH, HORIZON], client=shared)[0]


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
