"""A throwaway PostgreSQL cluster of a test's own, for tests that stop and restart the database
(issue 29): the shared server on 5432 is never stopped. Skips cleanly where PostgreSQL's server
binaries are missing (they exist in CI); as root it runs the cluster as the `postgres` user.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

BIN_DIRS = [Path(f"/usr/lib/postgresql/{version}/bin") for version in (17, 16, 15, 14)]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class OwnPostgres:
    """One cluster in a temporary folder, listening on 127.0.0.1 only, trust authentication."""

    def __init__(self) -> None:
        found = next((path for path in BIN_DIRS if (path / "initdb").exists()), None)
        if found is None:
            pytest.skip("PostgreSQL's server binaries (initdb, pg_ctl) are not installed")
        self.bin = found
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="damas-own-postgres-"))
        self.data = self.folder / "data"
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # initdb refuses root
            shutil.chown(self.folder, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "--no-sync", "-E", "UTF8", "--locale", "C.UTF-8")

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def database_url(self, name: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{name}"

    def _run(self, program: str, *args: str) -> None:
        subprocess.run([*self.as_user, str(self.bin / program), *args], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)

    def start(self) -> None:
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 "
                   f"-c unix_socket_directories={self.folder} -c fsync=off")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l",
                  str(self.folder / "server.log"), "-w", "-t", "60", "start")

    def stop(self) -> None:
        """A fast shutdown, as a restart by an operator or a package upgrade does."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def create_database(self, name: str) -> None:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')

    def remove(self) -> None:
        try:
            if self.running():
                subprocess.run([*self.as_user, str(self.bin / "pg_ctl"), "-D", str(self.data),
                                "-m", "immediate", "-w", "stop"], timeout=60,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def wait_until(condition, seconds: float = 30) -> None:
    """Poll `condition` until true, failing after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"not true after {seconds} s: {condition}")
        time.sleep(0.1)
