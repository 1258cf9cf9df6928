"""Build the ask index's files (:mod:`.prebuilt`) from their sources.

``python -m referee.ask.build`` writes them; ``python -m referee.prebuild`` (set-up and the
wheel's build) runs it after compiling the catalogues it reads.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import parsed
from .asking import PHRASES
from .closest import BUILT_POSTINGS, Postings
from .design import DESIGN
from .example_questions import examples_database
from .index import Index, rules_database
from .prebuilt import BUILT, read_built, rules_digest, source_digest
from .tokens import Tokens

__all__ = ["is_current", "write_built"]


def write_built() -> list[Path]:
    """Build the glossary's phrases, the examples' database, every preset's rows (and their
    FTS5 table) under the kept design and the situation's words, and write them to
    :data:`BUILT`; the files written.  The same sources give the same bytes (nothing of the
    moment is written)."""
    from ..rules import PRESETS
    from .situation import write_built as write_situation

    BUILT.mkdir(exist_ok=True)
    written = []
    tokens = Tokens(DESIGN, built=False)
    phrases = {lang: dict(sorted(starts.items())) for lang, starts in tokens.phrases.items()}
    files: dict[str, tuple[str, Any]] = {"glossary": (source_digest(), phrases)}
    examples = examples_database(DESIGN, built=False)
    (BUILT / "examples.sqlite").write_bytes(examples)
    written.append(BUILT / "examples.sqlite")
    BUILT_POSTINGS.write_bytes(Postings.of_database(examples).database(source_digest()))
    written.append(BUILT_POSTINGS)
    for vid, variant in PRESETS.items():
        rows = Index(variant, DESIGN, built=False).rows
        files[vid] = (rules_digest(variant), rows)
        (BUILT / f"{vid}.sqlite").write_bytes(rules_database(rows, rules_digest(variant)))
        written.append(BUILT / f"{vid}.sqlite")
    for name, (digest, content) in files.items():
        path = BUILT / f"{name}.json"
        text = json.dumps({"digest": digest, "content": content}, ensure_ascii=False)
        path.write_text(text + "\n", encoding="utf-8")
        written.append(path)
    written += write_situation()
    written.append(parsed.write(PHRASES))
    return written


def is_current() -> bool:
    """Whether every built file is there and was built from today's sources."""
    from ..rules import PRESETS
    from . import situation
    from .example_questions import read_database

    try:
        words = json.loads(situation.BUILT.read_text(encoding="utf-8")).get("digest")
    except (OSError, ValueError):
        words = None
    return (
        words == situation._digest()
        and situation.firsts_current()
        and parsed.is_current(PHRASES)
        and read_built("glossary", source_digest()) is not None
        and read_database(source_digest()) is not None
        and _postings_current(source_digest())
        and all(read_built(vid, rules_digest(v)) is not None for vid, v in PRESETS.items())
        and all(_table_current(vid, rules_digest(v)) for vid, v in PRESETS.items())
    )


def _table_current(vid: str, digest: str) -> bool:
    try:
        return (BUILT / f"{vid}.sqlite").read_bytes() == rules_database(
            read_built(vid, digest) or [], digest
        )
    except OSError:
        return False


def _postings_current(digest: str) -> bool:
    try:
        return Postings.from_database(BUILT_POSTINGS.read_bytes(), digest) is not None
    except OSError:
        return False


if __name__ == "__main__":
    for path in write_built():
        print(path)
