"""A Redis that restarts from its snapshot serves no old version
(tournaments/cache/shared_versions.py, issue 29).

A Redis with persistence, killed after missing some writes, comes back holding copies those
writes had deleted: before, every read of that tournament served the old version until its next
write, up to an hour. Here a real redis-server of the test's own (its own port and folder; the
shared one is never restarted) is killed and started again from its RDB snapshot, and from an
AOF that lacks the last writes; the copies it brings back are of another run (INFO's run_id),
so they are not served. Skipped where redis-server is not installed, except in CI.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from django.db import transaction
from test_version_cache import Database, read

from config.settings import redis_cache
from tournaments.cache import shared_versions as version_cache

pytestmark = pytest.mark.django_db

SERVER = shutil.which("redis-server")
WRITES_MISSED = 8


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class OwnRedis:
    """A redis-server on a free port with its data in `folder`, to kill and start again."""

    def __init__(self, folder: Path, persistence: str) -> None:
        self.folder, self.port, self.process = folder, free_port(), None
        self.persistence = persistence
        self.options = ["--save", "", "--appendonly", "no"]  # snapshots only when told (SAVE)
        if persistence == "aof":
            self.options = ["--save", "", "--appendonly", "yes", "--appendfsync", "always"]

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        for _attempt in range(3):  # the port may be taken between free_port() and the bind
            self.process = subprocess.Popen(
                [SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--dir",
                 str(self.folder), "--dbfilename", "dump.rdb", *self.options],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline and self.process.poll() is None:
                try:
                    if redis.Redis.from_url(self.url, socket_timeout=1).ping():
                        return
                except (redis.RedisError, OSError):
                    time.sleep(0.05)
            self.kill()
            self.port = free_port()
        raise RuntimeError("redis-server did not start")

    def kill(self) -> None:
        """As a crash or a power cut: no saving on the way out."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def run_id(self) -> str:
        return redis.Redis.from_url(self.url).info("server")["run_id"]


@pytest.fixture(params=["rdb", "aof"])
def own_redis(request, tmp_path, settings) -> Iterator[OwnRedis]:
    if SERVER is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is required in CI")
        pytest.skip("redis-server is not installed")
    server = OwnRedis(tmp_path, request.param)
    server.start()
    try:
        settings.CACHES = {"default": redis_cache(server.url)}
        version_cache.mark_settled()
        yield server
    finally:
        server.kill()
        version_cache._clients.pop(server.url, None)


def snapshot(server: OwnRedis) -> object:
    """Keep the data as it is now: what the server will come back with."""
    if server.persistence == "aof":  # fsynced at every write (appendfsync always)
        return shutil.copytree(server.folder / "appendonlydir", server.folder / "kept-aof")
    redis.Redis.from_url(server.url).save()
    return server.folder / "dump.rdb"


def restart_from_snapshot(server: OwnRedis, kept) -> None:
    server.kill()
    if server.persistence == "aof":  # the AOF as kept, without the writes made since
        shutil.rmtree(server.folder / "appendonlydir")
        shutil.copytree(kept, server.folder / "appendonlydir")
    server.start()


def test_a_redis_back_from_its_snapshot_serves_no_version_it_had_lost(own_redis, settings,
                                                                      monkeypatch):
    settings.PAGE_VERSION_SETTLE_SECONDS = 30
    # A write that may still be running across the restart: on PostgreSQL the test's transaction
    # holds its id, so the settle wait cannot end early (version_cache._settle); SQLite waits.
    with transaction.atomic():
        version_cache._hold_transaction_id()
    assert read("aberto", Database("v1")) == "v1"
    assert version_cache.stored("aberto") == b"v1"
    before = own_redis.run_id()
    kept = snapshot(own_redis)
    # Writes the snapshot misses: each deletes the copy and commits a new version.
    for number in range(2, WRITES_MISSED + 2):
        version_cache.end(["aberto"], version_cache.begin(["aberto"]))
        assert read("aberto", Database(f"v{number}")) == f"v{number}"
    latest = f"v{WRITES_MISSED + 1}"
    assert version_cache.stored("aberto") == latest.encode()

    restart_from_snapshot(own_redis, kept)
    assert own_redis.run_id() != before
    raw = redis.Redis.from_url(own_redis.url).get(version_cache.keys("aberto")[0])
    assert raw is not None and raw.endswith(b"v1")  # the old copy is back in Redis...
    database = Database(latest)
    for _ in range(3):
        assert read("aberto", database) == latest  # ...and never served
    assert database.asked == 3
    assert version_cache.stored("aberto") is None  # nor replaced while a write may be running

    later = time.time() + 31  # SETTLE after the restart: the new version is copied again
    monkeypatch.setattr(version_cache.time, "time", lambda: later)
    assert read("aberto", database) == latest
    assert read("aberto", database) == latest and database.asked == 4
    assert version_cache.stored("aberto") == latest.encode()
