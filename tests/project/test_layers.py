"""The project's modules depend one way, in layers, with no circle of imports (issues 15 and 26).

- The apps: `rules` (the engine, no Django) at the bottom, `tournaments` on it, `events`,
  `prizes` and `arbitration` on `tournaments`; `tournaments` never imports `arbitration`.
- Inside `tournaments`, its packages in the order of TOURNAMENTS_LAYERS: pure computation
  (`standings`, `pairing`) at the bottom, the Django models, what reads them, the cache, the
  services that change them, files, printing and pages on top. A module may import its own
  package and the ones below it, never one above.
- No circle of imports anywhere, at module level or inside a function.
- No module over MAX_LINES lines.

Read from the source, so a lazy import inside a function counts too.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "tournaments", "events", "prizes", "arbitration", "config")
# Bottom to top; `tournaments.<name>` for a package or a module at the top of the app.
TOURNAMENTS_LAYERS = ("standings", "pairing", "rules_messages", "signals", "models", "queries",
                      "cache", "services", "files", "printing", "pages", "demo", "management",
                      "admin", "apps", "urls")
MAX_LINES = 500


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {module_name(path): path
            for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
            if "migrations" not in path.parts}


MODULES = project_modules()


def imported_modules(path: Path) -> set[str]:
    """Every module of the project that `path` imports, relative imports resolved."""
    return imports_of(path.read_text(encoding="utf-8"), module_name(path),
                      is_package=path.name == "__init__.py")


def imports_of(source: str, name: str, *, is_package: bool = False) -> set[str]:
    here = name.split(".")
    package = here if is_package else here[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                prefix = package[:len(package) - (node.level - 1)]
                base = ".".join([*prefix, base] if base else prefix)
            candidates = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                          for alias in node.names]
        else:
            continue
        for candidate in candidates:
            while candidate and candidate not in MODULES:
                candidate = candidate.rpartition(".")[0]
            if candidate:
                found.add(candidate)
    return found - {name}


def import_graph() -> dict[str, set[str]]:
    return {name: imported_modules(path) for name, path in MODULES.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def tournaments_layer(name: str) -> int | None:
    parts = name.split(".")
    if parts[0] != "tournaments" or len(parts) < 2:
        return None
    return TOURNAMENTS_LAYERS.index(parts[1])


def test_no_circle_of_imports_anywhere():
    assert circles(import_graph()) == []


def test_every_module_of_tournaments_has_a_layer():
    unplaced = sorted(name for name in MODULES
                      if name.startswith("tournaments.")
                      and name.split(".")[1] not in TOURNAMENTS_LAYERS)
    assert unplaced == []


def test_no_import_climbs_a_layer_of_tournaments():
    climbs = sorted(f"{name} -> {target}" for name, targets in import_graph().items()
                    for target in targets
                    if (here := tournaments_layer(name)) is not None
                    and (there := tournaments_layer(target)) is not None and there > here)
    assert climbs == []


@pytest.mark.parametrize("package", ["tournaments.standings", "tournaments.pairing"])
def test_the_computation_packages_import_neither_models_nor_the_database(package):
    """Pairing and standings take plain data: they are tested and reused without a database."""
    offending = sorted(f"{name} -> {target}" for name, path in MODULES.items()
                       if name.startswith(package)
                       for target in imported_names(path)
                       if target.startswith(("django.db", "django.http", "tournaments.models")))
    assert offending == []


def imported_names(path: Path) -> set[str]:
    """Every module name imported, inside the project or not (absolute imports only)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_apps_depend_one_way():
    allowed = {"rules": set(), "tournaments": {"rules", "config"},
               "events": {"rules", "tournaments", "config"},
               "prizes": {"rules", "tournaments", "events", "config"},
               "arbitration": {"rules", "tournaments", "config"}}
    wrong = sorted(f"{name} -> {target}" for name, targets in import_graph().items()
                   for target in targets
                   if (app := name.split(".")[0]) in allowed
                   and (other := target.split(".")[0]) != app and other not in allowed[app])
    assert wrong == []


def test_tournaments_never_imports_arbitration():
    offending = sorted(f"{name} -> {target}" for name, targets in import_graph().items()
                       if name.startswith("tournaments") for target in targets
                       if target.startswith("arbitration"))
    assert offending == []


def test_the_rules_engine_imports_no_app():
    offending = sorted(f"{name} -> {target}" for name, path in MODULES.items()
                       if name.startswith("rules") for target in imported_names(path)
                       if target.split(".")[0] in {"tournaments", "arbitration", "django"})
    assert offending == []


def test_no_module_is_over_the_size_a_reader_takes_in():
    long = sorted(f"{name}: {lines} lines" for name, path in MODULES.items()
                  if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES)
    assert long == []


def test_the_checks_see_every_import_form():
    """Plain, from-, relative and function-level imports are all found, and a circle of two
    modules is reported, so a clean result above means something."""
    source = ("import arbitration.models\n"
              "from . import tables\n"
              "from ..models import Tournament\n"
              "def late():\n    from tournaments.cache.pages import serve\n")
    assert imports_of(source, "tournaments.pages.sample") == {
        "arbitration.models", "tournaments.pages.tables", "tournaments.models",
        "tournaments.cache.pages"}
    assert circles({"a": {"b"}, "b": {"c", "a"}, "c": set()}) == [["a", "b"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
