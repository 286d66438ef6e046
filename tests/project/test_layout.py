"""The rules engine is a library in its own right: it must never depend on Django (issue 2)."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_no_module_of_rules_imports_django():
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "rules").rglob("*.py")
        if "django" in imported_modules(path)
    ]
    assert offenders == []


def test_importing_rules_loads_no_django():
    code = "import sys, rules; print('django' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"
