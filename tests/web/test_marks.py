"""The plumbing finds the views it treats otherwise by the marks they wear
(referee/web/plumbing/marks.py), never by their endpoint's name: the marked views are
listed here once, and no module of the plumbing names an endpoint of the app."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee.web.plumbing.bodies import import_paths
from referee.web.plumbing.marks import marked

PLUMBING = Path(__file__).resolve().parents[2] / "referee" / "web" / "plumbing"

MARKED = {
    "form_shown_again": {
        "matches.new_match",
        "hands.new",
        "hands.edit",
        "rulings.referee",
        "rulings.match_referee",
        "downloads.import_match",
        "groups.new_group",
        "groups.group",
        "groups.new_match",
        "tournaments.new_tournament",
    },
    "limited": {
        "matches.new_match",
        "matches.rematch",
        "groups.new_group",
        "groups.new_match",
        "tournaments.new_tournament",
        "downloads.import_match",
    },
    "takes_match_file": {"downloads.import_match"},
    "not_a_document": {"matches.manifest"},
}


@pytest.mark.parametrize("mark", sorted(MARKED))
def test_the_views_wearing_each_mark(app, mark):
    assert set(marked(app, mark)) == MARKED[mark]


def test_the_limits_name_their_settings(app):
    assert marked(app, "limited")["downloads.import_match"] == ("LIMIT_IMPORTS", ["POST"])
    assert {s for s, _m in marked(app, "limited").values()} == {
        "LIMIT_NEW_MATCHES",
        "LIMIT_IMPORTS",
    }


def test_the_import_s_path_is_read_off_its_route(app):
    assert import_paths(app) == {"/matches/import"}


def test_no_module_of_the_plumbing_names_an_endpoint_of_the_app(app):
    endpoints = set(app.view_functions) - {"static"}  # Flask's own, no view's
    named = [
        (path.name, node.value)
        for path in sorted(PLUMBING.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and node.value in endpoints
    ]
    assert named == []
