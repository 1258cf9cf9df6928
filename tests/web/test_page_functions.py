"""The names a template may call beside its view's values are registered in one place,
referee/web/parts/page_functions.py: no view and no plumbing adds to them, so a page's
template leans on no other page's module, and the table there says where each comes from."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee.web.parts import page_functions
from tests.support.web import make_app

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "referee" / "web"
HOME = WEB / "parts" / "page_functions.py"

# Flask's and Jinja's ways of adding a template global or filter.
REGISTERING = {
    "add_app_template_global",
    "app_template_global",
    "add_app_template_filter",
    "app_template_filter",
    "add_app_template_test",
    "app_template_test",
    "add_template_global",
    "template_global",
    "add_template_filter",
    "template_filter",
    "add_template_test",
    "template_test",
    "context_processor",
    "app_context_processor",
}


def _registrations(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in REGISTERING:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} .{node.attr}")
        # app.jinja_env.globals[...] = ..., .globals.update(...), .filters[...] = ...
        if (
            isinstance(node, ast.Attribute)
            and node.attr in ("globals", "filters", "tests")
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "jinja_env"
        ):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} jinja_env.{node.attr}")
    return found


def test_no_module_of_the_web_but_one_registers_a_template_function():
    elsewhere = [
        found
        for path in sorted(WEB.rglob("*.py"))
        if path != HOME
        for found in _registrations(path)
    ]
    assert elsewhere == []


def test_the_one_place_does_register_them():
    assert _registrations(HOME)


def test_the_app_s_template_names_are_the_libraries_and_the_table_s(app, tmp_path, monkeypatch):
    """Without the one place, the app's templates have only what Flask and its extensions
    (Flask-Babel, Flask-WTF, Talisman) give them: every other name is in the table."""
    monkeypatch.setattr(page_functions, "init_app", lambda app: None)
    bare = make_app(tmp_path / "bare")
    assert set(app.jinja_env.globals) - set(bare.jinja_env.globals) == set(page_functions.GLOBALS)
    assert set(app.jinja_env.filters) - set(bare.jinja_env.filters) == set(page_functions.FILTERS)


@pytest.mark.parametrize(
    ("clock_end", "left"),
    [("not a time", 0), ("2000-01-01T00:00:00+00:00", 0), ("9999-01-01T00:00:00+00:00", None)],
)
def test_minutes_left(clock_end, left):
    found = page_functions.minutes_left(clock_end)
    assert found == left if left is not None else found > 0
