"""The rules core as a package: pure (STYLE §1), and every rule it cites is in the catalogue."""

from __future__ import annotations

import ast
import itertools
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import referee.rules
from referee.rules import PRESETS, Variant, meld_lines
from referee.rules.sources import book_of

RULES_DIR = Path(referee.rules.__file__).parent
SOURCES = sorted(RULES_DIR.rglob("*.py"))
# What a web page, a database or a PDF needs; the core must do without all of them.
FORBIDDEN = (
    "flask",
    "wtforms",
    "sqlite_utils",
    "weasyprint",
    "jinja2",
    "werkzeug",
    "waitress",
    "gunicorn",
)


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module":
            names.update(arg.value for arg in node.args if isinstance(arg, ast.Constant))
    return names


def test_rules_sources_found():
    names = {path.name for path in SOURCES}
    assert {"cards.py", "melds.py", "hand.py", "opening.py", "variant.py"} <= names


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(RULES_DIR)))
def test_rules_core_imports_no_framework(path):
    bad = sorted(
        name
        for name in imported_modules(path)
        if name.split(".")[0].startswith(FORBIDDEN)  # flask_wtf, flask_babel too
    )
    assert bad == []


def test_importing_the_core_loads_no_framework():
    # Indirect imports count as well: load the core in a fresh interpreter and look.
    code = (
        "import sys, referee.rules, referee.rules.presets\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0].startswith({FORBIDDEN!r})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"


# -- the rule catalogue ------------------------------------------------------------

KEY = re.compile(
    r"^(?:deck|meld|canasta|escala|red-threes|going-out|hand|opening|pile|scoring)\.[a-z][a-z-]*$"
)


def cited_keys() -> dict[str, set[str]]:
    """Every rule key written as a string literal in the engine (not the presets): key -> files.

    overrides/ (a package, not read here) names the rules a changed value replaces; it
    cites none itself."""
    found: dict[str, set[str]] = {}
    for path in RULES_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if KEY.match(node.value):
                    found.setdefault(node.value, set()).add(path.name)
    return found


# Keys the engine cites only when a variant has the feature; every other key can fire in
# any variant and must be in every catalogue.
ONLY_WHEN: dict[str, Callable[[Variant], bool]] = {
    "meld.sequence": lambda v: v.sequences or v.escalas,
    "escala.bonus": lambda v: v.escalas,
    "meld.max-cards": lambda v: v.max_meld_cards is not None,
    "opening.natural-group": lambda v: v.opening_needs_natural_group,
    "opening.going-out-waiver": lambda v: v.opening_waived_going_out,
    "going-out.first-pickup": lambda v: v.first_pickup_going_out_bonus is not None,
    "red-threes.undeclared": lambda v: bool(v.undeclared_red_three_penalty),
    "scoring.acabar": lambda v: v.acabar_points is not None,
    "scoring.exact-cut": lambda v: v.exact_cut_bonus is not None,
    "pile.add-to-meld": lambda v: v.pickup_by_adding,
    "pile.natural-and-wild": lambda v: v.pickup_natural_and_wild,
    "pile.first-round": lambda v: v.no_pickup_first_round,
    "pile.one-card": lambda v: v.one_card_no_pickup or v.one_card_single_pile,
    "going-out.unfinished": lambda v: bool(v.unfinished_penalty),
    "meld.natural-only": lambda v: bool(v.natural_only_ranks),
    "hand.held": lambda v: bool(v.held_penalty),
    "going-out.special-hands": lambda v: bool(v.special_hands),
    "scoring.special-hands": lambda v: bool(v.special_hands),
    "canasta.unfinished": lambda v: bool(v.unfinished_penalty),
    "opening.pile-natural": lambda v: bool(v.pile_top_natural_ranks),
    "opening.lone-wild": lambda v: v.lone_wild_penalty is not None,
    "opening.splash": lambda v: v.opening_natural_canasta,
    # looked up, cited only where the book has it (check_red_threes_toward_opening)
    "opening.red-threes": lambda v: "opening.red-threes" in v.rules,
}


def every_table() -> list[tuple[str, Variant]]:
    """Each preset under every combination of its house rules."""
    tables = []
    for preset_id, preset in PRESETS.items():
        names = [option.name for option in preset.options]
        for values in itertools.product((False, True), repeat=len(names)):
            chosen = dict(zip(names, values, strict=True))
            label = ",".join(name for name, on in chosen.items() if on) or "defaults"
            tables.append((f"{preset_id}[{label}]", preset.with_options(chosen)))
    return tables


def test_engine_cites_rules():
    # Guard the scan itself: if it finds nothing, the next test proves nothing.
    keys = cited_keys()
    assert {"meld.wild-limit", "going-out.canastas", "opening.minimum"} <= set(keys)


@pytest.mark.parametrize(("table", "v"), every_table(), ids=[t for t, _ in every_table()])
def test_every_rule_the_engine_can_cite_is_in_the_catalogue(table, v):
    missing = sorted(
        f"{key} ({', '.join(sorted(files))})"
        for key, files in cited_keys().items()
        if key not in v.rules and ONLY_WHEN.get(key, lambda _: True)(v)
    )
    assert missing == []


@pytest.mark.parametrize("key", sorted(ONLY_WHEN))
def test_every_feature_rule_is_live(key):
    # Some table has the feature, so the exemption above is not hiding a dead or misspelt key.
    assert key in cited_keys()
    assert any(ONLY_WHEN[key](v) for _, v in every_table())


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_catalogue_entries_cite_their_seed(preset_id):
    # A seed's rule quotes its sentence; a published rulebook's names its book and section
    # (its words are not copied, so there is no quote).  Every source is a known book.
    for key, rule in PRESETS[preset_id].rules.items():
        assert rule.key == key
        assert rule.text
        assert book_of(rule.source) is not None, (key, rule.source)
        if re.match(r"^00[0-4]_[0-9a-f]{16}\.txt", rule.source):
            assert rule.quote
        else:
            assert re.match(r"^[a-z-]+ §\S", rule.source), (key, rule.source)
            assert rule.quote == ""


@pytest.mark.parametrize(
    ("box", "lines"),
    [
        ("K K K\n7 7 7", ["K K K", "7 7 7"]),
        ("  K K K \r\n\r\n\t7 7 7\n", ["K K K", "7 7 7"]),  # a form sends CRLF
        ("", []),
        (None, []),
    ],
)
def test_a_box_of_melds_holds_one_a_line(box, lines):
    """The entry and the referee's questions read a melds box alike."""
    assert meld_lines(box) == lines
