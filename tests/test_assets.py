"""Templates and static files are found in a checkout and in an installed copy."""

from __future__ import annotations

import sys

from referee import assets


def test_a_checkout_uses_its_own_folders():
    assert assets.asset_dir("templates") == assets._PROJECT / "templates"
    assert (assets.asset_dir("templates") / "sheets" / "match.html").is_file()


def test_an_installed_copy_uses_the_shared_data_folder(tmp_path, monkeypatch):
    # A wheel installs the package in site-packages (no templates beside it) and the
    # templates under <prefix>/share/canasta-referee (pyproject's data-files).
    shared = tmp_path / "prefix" / "share" / "canasta-referee" / "templates"
    shared.mkdir(parents=True)
    monkeypatch.setattr(assets, "_PROJECT", tmp_path / "site-packages")
    monkeypatch.setattr(sys, "prefix", str(tmp_path / "prefix"))
    assert assets.asset_dir("templates") == shared
