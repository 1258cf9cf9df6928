"""The ask index's built files: what a cold ``referee ask`` reads instead of building.

A cold ``referee ask`` spent most of its time stemming the glossary and every rule's
statement in six languages.  For the presets under the kept design that work is done
once, by :func:`referee.ask.build.write_built`, and kept beside the package in
:data:`BUILT`: the glossary's phrases, each preset's rows, the players' example questions
as an SQLite database and their postings (:mod:`.closest`), the situation's words.  The
files are not in git: they are built from their sources at set-up (``scripts/setup.sh``,
``python -m referee.prebuild``) and into the wheel (``setup.py``), the same bytes from the
same sources, so a message changed rewrites nothing in the repository.

Each file carries a digest of everything its content comes from (the modules that shape
the index, the glossary and the players' words, the examples, the six catalogues'
sources, the design, the preset's rules); a file whose digest differs, or a missing one,
is ignored and the index built from the code, so a stale file costs time, never a wrong
answer.  tests/test_ask.py checks the built files are what the code builds.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

from ..i18n import LANGUAGES, TRANSLATIONS
from ..rules import Variant
from .design import DESIGN

__all__ = ["BUILT", "EXAMPLES", "examples_path", "read_built", "rules_digest", "source_digest"]

HERE = Path(__file__).parent
BUILT = HERE / "built"
# What the built content comes from, besides the examples and the catalogues.
SOURCES = (
    "design.py",
    "texts.py",
    "words.py",
    "tokens.py",
    "index.py",
    "example_questions.py",
    "closest.py",
    "glossary.py",
    "players_words.toml",
)
# Questions players ask, a few per rule key in each language (``examples/LANG.toml``).
EXAMPLES = HERE / "examples"


def examples_path(lang: str) -> Path:
    return EXAMPLES / f"{lang}.toml"


# A digest detects a change, it guards against nothing: CRC-32s (zlib is loaded already;
# hashlib's OpenSSL cost a cold start 3 ms).


# Not kept: read again at each index's build it costs under 1 % of that build
# (bench/bench_caches.py "ask sources digest", 2026-11-27).
def source_digest() -> str:
    """A digest of every source of the built files but a preset's rules."""
    parts = [zlib.crc32(repr(DESIGN).encode())]
    for name in SOURCES:
        parts.append(zlib.crc32((HERE / name).read_bytes()))
    for lang in LANGUAGES:
        parts.append(zlib.crc32(examples_path(lang).read_bytes()))
    for lang in LANGUAGES:
        parts.append(zlib.crc32((TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").read_bytes()))
    return "-".join(f"{part:08x}" for part in parts)


def rules_digest(variant: Variant, sources: str | None = None) -> str:
    """:func:`source_digest` (``sources``, where the caller has it) and ``variant``'s rules:
    a preset's rows come from both."""
    rules = [
        (k, r.text, r.quote, r.source, r.house and r.house.render())
        for k, r in sorted(variant.rules.items())
    ]
    return f"{sources or source_digest()}-{zlib.crc32(json.dumps(rules).encode()):08x}"


def read_built(name: str, digest: str) -> Any:
    """The content of the built file ``name`` if it was built from ``digest``, else None."""
    try:
        data = json.loads((BUILT / f"{name}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data["content"] if data.get("digest") == digest else None
