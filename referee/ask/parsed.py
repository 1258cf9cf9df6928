"""A TOML source of the ask package, parsed once into JSON beside the built indexes.

``tomllib`` and the parse cost a cold ``referee ask`` some milliseconds a file; the JSON
(``built/<name>.json``, written by :func:`write` at set-up, ``python -m referee.prebuild``)
reads in a fraction of that.  It carries the source's digest: a file whose digest differs
from the TOML's, or a missing one, is ignored and the TOML read, so a stale file costs
time, never a wrong answer.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

__all__ = ["built_path", "digest", "is_current", "load", "parse", "write"]


def built_path(source: Path) -> Path:
    """Where ``source``'s parsed content is kept."""
    return source.parent / "built" / f"{source.stem}.json"


def digest(source: Path) -> str:
    return f"{zlib.crc32(source.read_bytes()):08x}"


def parse(source: Path) -> dict[str, Any]:
    """``source`` read as TOML."""
    import tomllib

    with source.open("rb") as handle:
        return tomllib.load(handle)


def load(source: Path) -> dict[str, Any]:
    """``source``'s content: from its built JSON where that is current, else parsed."""
    try:
        built = json.loads(built_path(source).read_text(encoding="utf-8"))
        if built.get("digest") == digest(source):
            return dict(built["content"])
    except (OSError, ValueError):
        pass
    return parse(source)


def write(source: Path) -> Path:
    """Write ``source``'s content as :func:`built_path`; the file written."""
    path = built_path(source)
    text = json.dumps({"digest": digest(source), "content": parse(source)}, ensure_ascii=False)
    path.write_text(text + "\n", encoding="utf-8")
    return path


def is_current(source: Path) -> bool:
    """Whether ``source``'s built JSON is there and made from it as it is now."""
    try:
        built = json.loads(built_path(source).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return bool(built.get("digest") == digest(source))
