"""The apps depend one way: arbitration uses tournaments, never the reverse (issue 15).

Results know nothing of claims; what both need from the engine's messages lives in the shared
`engine_messages` module. Read from the source so a lazy import inside a function counts too.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", sources("tournaments"),
                         ids=lambda path: str(path.relative_to(ROOT)))
def test_tournaments_never_imports_arbitration(path):
    offending = sorted(name for name in imported_modules(path)
                       if name == "arbitration" or name.startswith("arbitration."))
    assert not offending, f"{path.relative_to(ROOT)} imports {offending}"


@pytest.mark.parametrize("layer", ["engine_messages.py", "rules"])
def test_shared_lower_layers_import_neither_app(layer):
    paths = [ROOT / layer] if layer.endswith(".py") else sources(layer)
    for path in paths:
        offending = sorted(name for name in imported_modules(path)
                           if name.split(".")[0] in {"tournaments", "arbitration"})
        assert not offending, f"{path.relative_to(ROOT)} imports {offending}"


def test_the_check_sees_every_import_form(tmp_path):
    """Plain, from- and function-level imports are all found, so a clean result above means
    something; relative imports stay inside their own app and are not counted."""
    module = tmp_path / "sample.py"
    module.write_text("import arbitration.models\n"
                      "def late():\n    from arbitration.describe import syntax_line\n"
                      "from . import models\n")
    assert imported_modules(module) == {"arbitration.models", "arbitration.describe"}
