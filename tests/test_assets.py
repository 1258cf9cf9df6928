"""Templates and static files are found at the top of a checkout, and inside the package
where a wheel ships them (tests/test_packaging.py installs one)."""

from __future__ import annotations

from pathlib import Path

from referee import assets


def test_a_checkout_reads_its_top_level_folders():
    root = Path(__file__).resolve().parent.parent
    assert assets.asset_dir("templates") == root / "templates"
    assert assets.asset_dir("static") == root / "static"
    assert (assets.asset_dir("templates") / "sheets" / "match.html").is_file()
    assert (assets.asset_dir("templates") / "fragments" / "head.html").is_file()
    assert (assets.asset_dir("static") / "style.css").is_file()
