"""Build the files the package reads that are made from its sources, not kept in git.

* Each language's compiled catalogue, ``translations/LANG/LC_MESSAGES/messages.mo``, from
  its ``messages.po`` (Babel's compiler, as ``pybabel compile`` runs it: fuzzy entries
  left out).
* The ask index's built files (:mod:`referee.ask.prebuilt`), which read those catalogues.

Made at set-up (``scripts/setup.sh``, and before each start or fast test run:
``scripts/run.sh``, ``scripts/test.sh --fast``) and into the wheel (``setup.py``).  Only
what is out of date is made: a catalogue older than its source, ask files whose digest no
longer matches their sources; so a start with nothing changed costs a few milliseconds.
The same sources give the same bytes, so building twice, or on another machine, agrees.

``python -m referee.prebuild [--force]``; prints what it wrote.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .i18n import LANGUAGES, TRANSLATIONS

__all__ = ["build", "compile_catalogues"]


def _catalogue(lang: str) -> tuple[Path, Path]:
    folder = TRANSLATIONS / lang / "LC_MESSAGES"
    return folder / "messages.po", folder / "messages.mo"


def compile_catalogues(*, force: bool = False) -> list[Path]:
    """Compile every language's ``messages.po`` whose ``messages.mo`` is missing or older;
    the files written."""
    written = []
    for lang in LANGUAGES:
        po, mo = _catalogue(lang)
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        from babel.messages.mofile import write_mo  # only to build
        from babel.messages.pofile import read_po

        with po.open("rb") as source:
            catalog = read_po(source, locale=lang)
        with mo.open("wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        written.append(mo)
    return written


def build(*, force: bool = False) -> list[Path]:
    """Make what is out of date (everything, with ``force``); the files written."""
    written = compile_catalogues(force=force)
    from .ask.build import is_current, write_built

    if force or not is_current():
        written += write_built()
    return written


if __name__ == "__main__":
    for path in build(force="--force" in sys.argv[1:]):
        print(path)
