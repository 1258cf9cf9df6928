"""Templates and static files are found inside the package, where packaging ships them."""

from __future__ import annotations

from pathlib import Path

from referee import assets


def test_templates_and_static_live_in_the_package():
    package = Path(__file__).resolve().parent.parent / "referee"
    assert assets.asset_dir("templates") == package / "templates"
    assert (assets.asset_dir("templates") / "sheets" / "match.html").is_file()
    assert (assets.asset_dir("templates") / "fragments" / "head.html").is_file()
    assert (assets.asset_dir("static") / "style.css").is_file()
