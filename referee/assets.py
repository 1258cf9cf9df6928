"""Where the ``templates`` and ``static`` folders are, in a checkout and installed alike.

In the repository they are top-level folders, as the project's design names its layout
(``pyproject.toml``, ``referee/``, ``templates/``, ``static/``, ``tests/``).  The wheel
ships them *inside* the package, as ``referee/templates`` and ``referee/static``
(``[tool.setuptools] package-dir`` in pyproject.toml maps them there), so every way of
installing it -- a wheel, ``pip install --user``, ``--target``, ``pipx`` -- finds them
beside this file, wherever it was installed.  (Shipped as data files under
``<prefix>/share`` instead, a glob could not keep subfolders, and ``--user`` or
``--target`` installs put them where ``sys.prefix`` does not point: an installed copy
once served 500 on every page.)  A checkout, installed editable or not, has no such
folders in the package and reads the top-level ones.  The web app and the PDF sheets
both ask here; this is the one place that knows.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["asset_dir"]

_PACKAGE = Path(__file__).resolve().parent


def asset_dir(name: str) -> Path:
    """The folder ``name`` (``templates`` or ``static``) of this installation."""
    shipped = _PACKAGE / name  # an installed copy: inside the package
    return shipped if shipped.is_dir() else _PACKAGE.parent / name  # a checkout
