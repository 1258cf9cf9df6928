"""The questions players ask, a few per rule key in each language, as the index reads them.

What a rule's statement does not say in a player's words ("can I pick up the pile with a
wild card on top") finds it through a question asked that way (``examples/LANG.toml``).
Two keys are no rule's: :data:`OFF_EXAMPLES` (questions no rule answers: the weather,
another game, the app) and :data:`GAP_EXAMPLES` (about the game, but no rulebook decides
them: a misdeal, a card exposed, a turn played out of turn).
"""

from __future__ import annotations

import sqlite3

from ..i18n import LANGUAGES
from .design import DESIGN, Design
from .prebuilt import BUILT, examples_path, source_digest
from .tokens import Tokens

__all__ = [
    "EXAMPLES_READ",
    "EXAMPLES_TABLE",
    "GAP_EXAMPLES",
    "OFF_EXAMPLES",
    "examples_database",
    "load_examples",
    "read_examples",
]

OFF_EXAMPLES = "off"
GAP_EXAMPLES = "gap"
# The closest examples a question reads: a common word matches 1 600 on average, and the
# rules' best are among the first 400 (the evaluation sets score the same as reading all).
EXAMPLES_READ = 400

EXAMPLES_TABLE = (
    "CREATE VIRTUAL TABLE examples USING fts5(key UNINDEXED, text, "
    "tokenize = 'unicode61 remove_diacritics 0')"
)


def read_examples() -> dict[str, list[tuple[str, str]]]:
    """Each rule key's example questions as (question, language)."""
    import tomllib  # only to build

    found: dict[str, list[tuple[str, str]]] = {}
    for lang in LANGUAGES:
        with examples_path(lang).open("rb") as handle:
            for key, asked in tomllib.load(handle).items():
                found.setdefault(key, []).extend((question, lang) for question in asked)
    return found


def read_database(digest: str) -> bytes | None:
    """``built/examples.sqlite`` if it was built from ``digest``."""
    try:
        data = (BUILT / "examples.sqlite").read_bytes()
    except OSError:
        return None
    db = sqlite3.connect(":memory:")
    try:
        db.deserialize(data)
        found = db.execute("SELECT digest FROM built").fetchone()
    except sqlite3.Error:
        found = None
    finally:
        db.close()
    return data if found == (digest,) else None


def load_examples(
    db: sqlite3.Connection, design: Design, *, built: bool = True, digest: str | None = None
) -> bool:
    """Every rule key's example questions into ``db``, an empty in-memory database: for the
    kept design, ``built/examples.sqlite`` read straight into it and its digest checked
    there (one copy of its 1.5 MB made, where :func:`read_database` makes two: a cold
    ``referee ask`` saves a millisecond), else :func:`examples_database`'s; whether the
    built file was read."""
    digest = digest or source_digest()
    if built and design == DESIGN:
        try:
            db.deserialize((BUILT / "examples.sqlite").read_bytes())
            if db.execute("SELECT digest FROM built").fetchone() == (digest,):
                return True
        except (OSError, sqlite3.Error):
            pass
    db.deserialize(examples_database(design, built=built, digest=digest))
    return False


def examples_database(design: Design, *, built: bool = True, digest: str | None = None) -> bytes:
    """Every rule key's example questions as an SQLite database holding their FTS5 table
    (serialized): for the kept design, read as built (``built/examples.sqlite``, 3 300
    questions whose indexing cost a cold ``referee ask`` 10 ms), else built here.
    ``digest``: :func:`~.prebuilt.source_digest`, where the caller has it."""
    digest = digest or source_digest()
    if built and design == DESIGN:
        found = read_database(digest)
        if found is not None:
            return found
    tokens = Tokens(design, built=built)
    db = sqlite3.connect(":memory:")
    db.execute(EXAMPLES_TABLE)
    db.executemany(
        "INSERT INTO examples VALUES (?, ?)",
        [
            (key, tokens.document(question, lang))
            for key, asked in sorted(read_examples().items())
            for question, lang in asked
        ],
    )
    return stamped(db, digest)


def stamped(db: sqlite3.Connection, digest: str) -> bytes:
    """An in-memory database built from the sources of ``digest``, with the digest stamped
    in (its table ``built``), as bytes to write to a built file; ``db`` is closed."""
    db.execute("CREATE TABLE built (digest TEXT)")
    db.execute("INSERT INTO built VALUES (?)", (digest,))
    db.commit()
    data = db.serialize()
    db.close()
    return data
