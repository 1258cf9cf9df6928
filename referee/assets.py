"""Where the ``templates`` and ``static`` folders are: inside the package, checkout or installed.

They live in the package (as in Flask's own tutorial app) so that every way of
installing it -- a wheel, ``pip install --user``, ``pipx``, ``--target``, an editable
checkout -- ships them as package data found beside this file.  They used to be
top-level folders shipped as data files under ``<prefix>/share``: a glob there
cannot keep subfolders, and ``--user`` or ``--target`` installs put them where
``sys.prefix`` does not point, so an installed copy served 500 on every page.
The web app and the PDF sheets both read ``templates/``; this is the one place
that knows where it lives.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["asset_dir"]

_PACKAGE = Path(__file__).resolve().parent


def asset_dir(name: str) -> Path:
    """The folder ``name`` (``templates`` or ``static``) of this installation."""
    return _PACKAGE / name
