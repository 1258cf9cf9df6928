"""The layers hold as the folders show them (docs/development.md, "How the code is laid
out"): read from the code's own imports, so a new import that crosses a layer the wrong
way fails here, naming the file and the module it imports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"
MODULES = sorted(PACKAGE.rglob("*.py"))


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module ``path`` imports (absolute; ``from X import name`` gives X and X.name,
    since the name may be a module), at any depth of the file."""
    here = _name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _within(module: str, *packages: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def _crossings(sources: str, forbidden: tuple[str, ...]) -> list[tuple[str, str]]:
    return [
        (str(path.relative_to(ROOT)), module)
        for path in MODULES
        if _within(_name(path), sources)
        for module in sorted(imports(path))
        if _within(module, *forbidden)
    ]


def test_no_view_imports_another_view():
    """What two views share lives below them, in web/parts."""
    views = [p for p in MODULES if _within(_name(p), "referee.web.views")]
    assert len(views) > 10
    crossing = [
        (str(path.relative_to(ROOT)), module)
        for path in views
        if path.name != "__init__.py"
        for module in sorted(imports(path))
        if _within(module, "referee.web.views") and module != _name(path)
    ]
    assert crossing == []


@pytest.mark.parametrize(
    ("layer", "never"),
    [
        # The plumbing knows no page; the parts are below every view.
        ("referee.web.plumbing", ("referee.web.parts", "referee.web.views")),
        ("referee.web.parts", ("referee.web.views",)),
        # The middle floor: pure Python over the rules core.
        (
            "referee.match",
            ("referee.web", "referee.storage", "referee.sheets", "referee.exchange",
             "referee.cli", "referee.serve", "flask", "sqlite_utils", "sqlite3", "weasyprint"),
        ),
        # The files layer and the database know nothing of the web or the commands.
        ("referee.storage", ("referee.web", "referee.cli", "referee.serve", "flask")),
        ("referee.exchange", ("referee.web", "referee.storage", "referee.cli", "flask")),
        ("referee.sheets", ("referee.web", "referee.storage", "referee.cli")),
    ],
)  # fmt: skip
def test_a_layer_imports_nothing_above_it(layer, never):
    assert _crossings(layer, never) == []


def test_storage_is_the_only_importer_of_sqlite_utils():
    importers = {
        str(path.relative_to(ROOT))
        for path in MODULES
        if any(_within(m, "sqlite_utils") for m in imports(path))
    }
    assert importers
    assert all(name.startswith("referee/storage") for name in importers), importers


def test_sqlite3_is_imported_by_storage_and_for_no_other_data():
    """Besides storage: the ask index (an in-memory FTS5 table of the rules, no data of
    the app) and the CLI, which names SQLite's errors to say a file is no database."""
    importers = {
        str(path.relative_to(ROOT))
        for path in MODULES
        if "sqlite3" in imports(path)
        and not str(path.relative_to(ROOT)).startswith("referee/storage")
    }
    assert importers <= {"referee/ask/engine.py", "referee/cli.py"}


def test_tests_and_benches_share_helpers_through_tests_support_only():
    """A test module or a benchmark imports no test module and no conftest: what they
    share is in tests/support/ (conftests hold fixtures, made from it)."""
    shared = sorted((ROOT / "tests").rglob("*.py")) + sorted((ROOT / "bench").glob("*.py"))
    crossing = [
        (str(path.relative_to(ROOT)), module)
        for path in shared
        if "vendor" not in path.parts
        for module in sorted(imports(path))
        if module.split(".")[-1].startswith("test_") or module.split(".")[-1] == "conftest"
        if module.startswith("tests")
    ]
    assert crossing == []
