"""Every installed package is pinned, transitive ones included (issue 20, deployment hygiene).

requirements.txt and requirements-dev.txt are what a person edits; `make lock` resolves them into
requirements.lock and requirements-dev.lock with hashes, and `make` installs from the lock files.
These tests catch a lock that was not regenerated after an edit.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s;\\]+)")


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(path: Path) -> dict[str, str]:
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = PIN.match(line.strip())
        if match:
            found[normalise(match.group(1))] = match.group(2)
    return found


def locked_entries(path: Path) -> list[str]:
    """Each requirement of a lock file with its continuation lines (hashes)."""
    text = path.read_text(encoding="utf-8").replace("\\\n", " ")
    return [line for line in text.splitlines() if line and not line.startswith((" ", "#"))]


def test_each_input_pin_is_in_its_lock_at_the_same_version():
    for source, lock in (("requirements.txt", "requirements.lock"),
                         ("requirements-dev.txt", "requirements-dev.lock"),
                         ("requirements-bench.txt", "requirements-bench.lock")):
        wanted, locked = pins(ROOT / source), pins(ROOT / lock)
        assert wanted, source
        for name, version in wanted.items():
            assert locked.get(name) == version, (
                f"{source} pins {name}=={version}, {lock} has {locked.get(name)}: run make lock")


def test_the_lock_holds_the_transitive_packages_too():
    locked = pins(ROOT / "requirements.lock")
    for dependency in ("asgiref", "sqlparse", "psycopg-binary", "pillow"):
        assert dependency in locked, dependency
    assert len(locked) > len(pins(ROOT / "requirements.txt"))


def test_the_tests_run_on_the_versions_production_runs():
    runtime, development = pins(ROOT / "requirements.lock"), pins(ROOT / "requirements-dev.lock")
    for name, version in runtime.items():
        assert development.get(name) == version, name


def test_every_locked_package_is_pinned_with_a_hash():
    for lock in ("requirements.lock", "requirements-dev.lock", "requirements-bench.lock"):
        for entry in locked_entries(ROOT / lock):
            assert PIN.match(entry), entry
            assert "--hash=sha256:" in entry, entry


def test_make_installs_from_the_lock_files():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "install --quiet -r requirements.lock" in makefile
    assert "install --quiet -r requirements-dev.lock" in makefile
    assert "-r requirements.txt\n" not in makefile and "-r requirements-dev.txt\n" not in makefile
