"""The players' example questions closest to a question, ranked as FTS5's ``bm25()`` ranks
them, from each word's postings computed once from the examples' FTS5 table.

For every question FTS5 did the same work again: for each of its words a pass over that
word's rows to count them (its IDF), then for each of the thousands of rows matching any
word, the row's length read from its own table and the word's places in it decoded, to
score it: 4 to 10 ms of a short question, twice that for a long post's two searches.  Yet
a row's part of the score for a word depends on the table alone: the word's IDF, the
row's length and the word's count in it.  So each (word, row) part is computed once
(:meth:`Postings.of_table`), by ``bm25()``'s own arithmetic in its own order (SQLite's
``fts5_aux.c``, ``fts5Bm25Function``), and a question's score for a row is its words'
parts added in the order of its query, as ``bm25()`` adds them (a word the row lacks
adds 0.0, which changes no sum): the same doubles, so the same rows in the same order,
ties (equal scores, in the order of their rowids) included.  ``tests/test_ask_speedups.py``
holds it against FTS5's own query on the sets' questions and on generated ones.

A word FTS5 might read otherwise than as one plain token (a character its tokenizer splits
on) is not guessed at: the question goes through FTS5 (:meth:`Postings.closest` answers
None).

The kept design's postings are built ahead (``built/example_terms.sqlite``, by
:mod:`.build`) and held once per process, shared by every index (each index holds the same
examples); another design's are computed from its index's table when first asked.
"""

from __future__ import annotations

import math
import re
import sqlite3
import sys
from array import array
from collections import Counter
from pathlib import Path

from ..caches import Lru
from .prebuilt import BUILT

__all__ = ["BUILT_POSTINGS", "Postings", "shared_postings"]

BUILT_POSTINGS = BUILT / "example_terms.sqlite"
# bm25()'s constants (fts5_aux.c)
K1 = 1.2
B = 0.75
# A word FTS5's unicode61 tokenizer reads as itself, one token: lower-case ASCII letters and
# digits.  Any other word is read here only if it is one of the table's own tokens.
_PLAIN = re.compile(r"[a-z0-9]+")


class Postings:
    """Each word of an examples table: the rows holding it (``rows``' typecode) and its part
    of each one's score (doubles), as bytes in this machine's order; each row's key."""

    def __init__(self, terms: dict[str, tuple[bytes, bytes]], keys: list[str], rows: str):
        self.terms = terms
        self.keys = keys  # by rowid
        self.rows = rows  # the array typecode of a word's rowids

    @classmethod
    def of_table(cls, db: sqlite3.Connection) -> Postings:
        """The postings of the FTS5 table ``examples`` of ``db`` as it is now."""
        db.execute(
            "CREATE VIRTUAL TABLE temp.example_vocabulary USING fts5vocab(main, examples, instance)"
        )
        try:
            counts = Counter(db.execute("SELECT term, doc FROM temp.example_vocabulary"))
        finally:
            db.execute("DROP TABLE temp.example_vocabulary")
        keys = db.execute("SELECT rowid, key FROM examples ORDER BY rowid").fetchall()
        length: Counter[int] = Counter()  # a row's tokens (xColumnSize)
        hits: Counter[str] = Counter()  # the rows holding a word (xQueryPhrase's count)
        for (term, row), count in counts.items():
            length[row] += count
            hits[term] += 1
        # (double)nToken / (double)nRow
        average = sum(length.values()) / len(keys) if keys else 0.0
        last = keys[-1][0] if keys else 0
        rows = "H" if last < 2**16 else "I"
        found: dict[str, tuple[array[int], array[float]]] = {}
        for (term, row), count in sorted(counts.items()):
            idf = math.log((len(keys) - hits[term] + 0.5) / (hits[term] + 0.5))
            if idf <= 0.0:
                idf = 1e-6
            freq = float(count)
            part = idf * ((freq * (K1 + 1.0)) / (freq + K1 * (1 - B + B * length[row] / average)))
            postings = found.setdefault(term, (array(rows), array("d")))
            postings[0].append(row)
            postings[1].append(part)
        by_row = [""] * (last + 1)
        for row, key in keys:
            by_row[row] = key
        terms = {term: (r.tobytes(), p.tobytes()) for term, (r, p) in found.items()}
        return cls(terms, by_row, rows)

    @classmethod
    def of_database(cls, examples: bytes) -> Postings:
        """The postings of the examples' database ``examples`` (serialized)."""
        db = sqlite3.connect(":memory:")
        try:
            db.deserialize(examples)
            return cls.of_table(db)
        finally:
            db.close()

    def database(self, digest: str) -> bytes:
        """These postings as an SQLite database (serialized), built from ``digest``."""
        db = sqlite3.connect(":memory:")
        db.execute("CREATE TABLE terms (term TEXT PRIMARY KEY, rowids BLOB, parts BLOB)")
        db.executemany(
            "INSERT INTO terms VALUES (?, ?, ?)",
            [(term, *self.terms[term]) for term in sorted(self.terms)],
        )
        db.execute("CREATE TABLE built (digest TEXT, byteorder TEXT, rows TEXT, keys TEXT)")
        db.execute(
            "INSERT INTO built VALUES (?, ?, ?, ?)",
            (digest, sys.byteorder, self.rows, "\n".join(self.keys)),
        )
        db.commit()
        data = db.serialize()
        db.close()
        return data

    @classmethod
    def from_database(cls, data: bytes, digest: str) -> Postings | None:
        """The postings :meth:`database` wrote, if built from ``digest``."""
        db = sqlite3.connect(":memory:")
        try:
            db.deserialize(data)
            built = db.execute("SELECT digest, byteorder, rows, keys FROM built").fetchone()
            if built is None or built[0] != digest:
                return None
            terms = {term: (r, p) for term, r, p in db.execute("SELECT * FROM terms")}
        except sqlite3.Error:
            return None
        finally:
            db.close()
        _digest, order, rows, keys = built
        if order != sys.byteorder:
            terms = {term: (_swapped(r, rows), _swapped(p, "d")) for term, (r, p) in terms.items()}
        return cls(terms, keys.split("\n"), rows)

    def closest(self, tokens: list[str], limit: int) -> list[tuple[str, float]] | None:
        """The ``limit`` examples closest to the FTS5 query of ``tokens`` (each a quoted
        phrase, joined by OR) as (key, score), closest first, as ``index.CLOSEST_EXAMPLES``
        reads them; None where a token may not be one plain FTS5 token."""
        terms = self.terms
        if any(t not in terms and not _PLAIN.fullmatch(t) for t in tokens):
            return None
        scores: dict[int, float] = {}
        get = scores.get
        for term in tokens:
            if term not in terms:
                continue  # no row holds it: it adds 0.0 to each
            rowids, parts = terms[term]
            rows, shares = array(self.rows), array("d")
            rows.frombytes(rowids)
            shares.frombytes(parts)
            if not scores:  # 0.0 + a part is that part
                scores = dict(zip(rows, shares, strict=True))
                get = scores.get
                continue
            for row, share in zip(rows, shares, strict=True):
                scores[row] = get(row, 0.0) + share
        if len(scores) > limit:  # the limit-th best score; the rows tied with it kept too
            floor = sorted(scores.values(), reverse=True)[limit - 1]
            best = sorted((-s, row) for row, s in scores.items() if s >= floor)
        else:
            best = sorted((-s, row) for row, s in scores.items())
        keys = self.keys
        return [(keys[row], -score) for score, row in best[:limit]]


def _swapped(data: bytes, typecode: str) -> bytes:
    values = array(typecode)
    values.frombytes(data)
    values.byteswap()
    return values.tobytes()


# The kept design's postings, one value a process, shared by every index (each holds the
# same examples); keyed by the digest they were built from, which changes only with the
# sources.  Saves what FTS5 spent on each question's closest examples, 80 % of it
# (docs/benchmarks.md, "Long posts under 30 ms").
_SHARED: Lru[Postings] = Lru(1)


def shared_postings(digest: str, db: sqlite3.Connection, path: Path = BUILT_POSTINGS) -> Postings:
    """The postings of the built examples (``digest``'s), which ``db`` holds: read from
    ``path`` once per process, or computed from ``db`` where that file is stale or missing."""

    def read() -> Postings:
        try:
            found = Postings.from_database(path.read_bytes(), digest)
        except OSError:
            found = None
        return found if found is not None else Postings.of_table(db)

    return _SHARED.get_or_make(digest, read)
