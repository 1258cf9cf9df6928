"""Where the top-level ``templates`` and ``static`` folders are, checkout or installed.

The web app and the PDF sheets both read ``templates/``; this is the one place
that knows where it lives.
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["asset_dir"]

_PROJECT = Path(__file__).resolve().parent.parent


def asset_dir(name: str) -> Path:
    """The folder ``name`` (``templates`` or ``static``) of this installation.

    A checkout (or an editable install) has ``<project>/<name>``; an installed wheel
    puts it in ``<prefix>/share/canasta-referee/<name>`` (pyproject's data-files).
    """
    shared = Path(sys.prefix) / "share" / "canasta-referee" / name
    for candidate in (_PROJECT / name, shared):
        if candidate.is_dir():
            return candidate
    return _PROJECT / name
