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
examples); another design's are computed from its index's table when first asked.  The same
file holds each word's run on its own row, so an index's first question (all a cold ``referee
ask`` asks) reads its own words' runs alone (:func:`closest_in_file`): a millisecond, where
FTS5 costs 3 to 10 and all the postings 4.
"""

from __future__ import annotations

import math
import re
import sqlite3
import sys
from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from ..caches import Lru
from .prebuilt import BUILT

__all__ = ["BUILT_POSTINGS", "Postings", "closest_in_file", "shared_postings"]

BUILT_POSTINGS = BUILT / "example_terms.sqlite"
# bm25()'s constants (fts5_aux.c)
K1 = 1.2
B = 0.75
# A word FTS5's unicode61 tokenizer reads as itself, one token: lower-case ASCII letters and
# digits.  Any other word is read here only if it is one of the table's own tokens.
_PLAIN = re.compile(r"[a-z0-9]+")


class Postings:
    """Each word of an examples table: the rows holding it, ascending, and its part of each
    one's score, the words' runs one after another in two flat arrays (the rowids of
    typecode ``typecode``, the parts doubles: a file read in a millisecond, not a row a
    word); and each row's key."""

    def __init__(
        self,
        terms: list[str],
        starts: array[int],
        rowids: array[int],
        parts: array[float],
        names: list[str],
        of_row: array[int],
    ) -> None:
        self.terms = {term: n for n, term in enumerate(terms)}
        self.starts = starts  # a word's run: rowids[starts[n]:starts[n + 1]]
        self.rowids = rowids
        self.parts = parts
        self.names = names  # the keys, each once
        self.of_row = of_row  # a row's key, as its place in names

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
        terms: list[str] = []
        starts, parts = array("I"), array("d")
        rowids = array("H" if last < 2**16 else "I")
        for (term, row), count in sorted(counts.items()):
            if not terms or terms[-1] != term:
                terms.append(term)
                starts.append(len(rowids))
            idf = math.log((len(keys) - hits[term] + 0.5) / (hits[term] + 0.5))
            if idf <= 0.0:
                idf = 1e-6
            freq = float(count)
            part = idf * ((freq * (K1 + 1.0)) / (freq + K1 * (1 - B + B * length[row] / average)))
            rowids.append(row)
            parts.append(part)
        starts.append(len(rowids))
        names = sorted({key for _row, key in keys})
        number = {key: n for n, key in enumerate(names)}
        of_row = array("H", [0] * (last + 1))
        for row, key in keys:
            of_row[row] = number[key]
        return cls(terms, starts, rowids, parts, names, of_row)

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
        """These postings as an SQLite database (serialized), built from ``digest``: whole,
        as one row (:meth:`from_database`), and a word's run a row (:func:`closest_in_file`),
        the keys of the rows (``names``, ``of_row``) first, read without the rest."""
        db = sqlite3.connect(":memory:")
        db.execute(
            "CREATE TABLE postings (digest TEXT, byteorder TEXT, rows TEXT, names TEXT, "
            "of_row BLOB, terms TEXT, starts BLOB, rowids BLOB, parts BLOB)"
        )
        db.execute(
            "INSERT INTO postings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                digest,
                sys.byteorder,
                self.rowids.typecode,
                "\n".join(self.names),
                self.of_row.tobytes(),
                "\n".join(self.terms),
                self.starts.tobytes(),
                self.rowids.tobytes(),
                self.parts.tobytes(),
            ),
        )
        db.execute("CREATE TABLE runs (term TEXT PRIMARY KEY, rowids BLOB, parts BLOB)")
        starts = self.starts
        db.executemany(
            "INSERT INTO runs VALUES (?, ?, ?)",
            [
                (
                    term,
                    self.rowids[starts[n] : starts[n + 1]].tobytes(),
                    self.parts[starts[n] : starts[n + 1]].tobytes(),
                )
                for term, n in self.terms.items()
            ],
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
            found = db.execute("SELECT * FROM postings WHERE digest = ?", (digest,)).fetchone()
        except sqlite3.Error:
            return None
        finally:
            db.close()
        if found is None:
            return None
        _digest, order, rows, names, of_row, terms, *blobs = found
        rows_keys, starts, rowids, parts = _arrays(
            order, ("H", of_row), ("I", blobs[0]), (rows, blobs[1]), ("d", blobs[2])
        )
        return cls(terms.split("\n"), starts, rowids, parts, names.split("\n"), rows_keys)

    def closest(self, tokens: list[str], limit: int) -> list[tuple[str, float]] | None:
        """The ``limit`` examples closest to the FTS5 query of ``tokens`` (each a quoted
        phrase, joined by OR) as (key, score), closest first, as ``index.CLOSEST_EXAMPLES``
        reads them; None where a token may not be one plain FTS5 token."""
        terms, starts, rowids, parts = self.terms, self.starts, self.rowids, self.parts
        runs = {}
        for term in tokens:
            n = terms.get(term)
            if n is not None:
                runs[term] = (rowids[starts[n] : starts[n + 1]], parts[starts[n] : starts[n + 1]])
        return _closest(tokens, runs, self.names, self.of_row, limit)


Run = tuple[Sequence[int], Sequence[float]]  # a word's rows, ascending, and its part of each


def _arrays(order: str, *blobs: tuple[str, bytes]) -> list[array]:  # type: ignore[type-arg]
    """Each blob as an array of its typecode, written in the byte ``order`` given."""
    found = []
    for code, blob in blobs:
        values = array(code)
        values.frombytes(blob)
        if order != sys.byteorder:
            values.byteswap()
        found.append(values)
    return found


def _closest(
    tokens: list[str], runs: dict[str, Run], names: list[str], of_row: Sequence[int], limit: int
) -> list[tuple[str, float]] | None:
    """:meth:`Postings.closest` of the runs of ``tokens`` (those some row holds)."""
    if any(t not in runs and not _PLAIN.fullmatch(t) for t in tokens):
        return None
    scores: dict[int, float] = {}
    get = scores.get
    for term in tokens:
        run = runs.get(term)
        if run is None:
            continue  # no row holds it: it adds 0.0 to each
        rows, shares = run
        if not scores:  # 0.0 + a part is that part
            scores = dict(zip(rows, shares, strict=True))
            get = scores.get
            continue
        for row, share in zip(rows, shares, strict=True):
            scores[row] = get(row, 0.0) + share
    if len(scores) > limit:  # the limit-th best score; the rows tied with it kept too
        floor = sorted(scores.values(), reverse=True)[limit - 1]
        best = sorted([(-s, row) for row, s in scores.items() if s >= floor])
    else:
        best = sorted([(-s, row) for row, s in scores.items()])
    return [(names[of_row[row]], -score) for score, row in best[:limit]]


def closest_in_file(
    tokens: list[str], limit: int, digest: str, path: Path = BUILT_POSTINGS
) -> list[tuple[str, float]] | None:
    """:meth:`Postings.closest` of the postings built from ``digest`` in ``path``, the runs of
    ``tokens`` alone read (the file opened where it lies, as it is: nothing copied, no lock);
    None where the file is missing or stale, or a token may not be one plain FTS5 token."""
    try:
        db = sqlite3.connect(path.as_uri() + "?mode=ro&immutable=1", uri=True)
    except (sqlite3.Error, ValueError):
        return None
    try:
        found = db.execute(
            "SELECT byteorder, rows, names, of_row FROM postings WHERE digest = ?", (digest,)
        ).fetchone()
        if found is None:
            return None
        order, code, names, of_row = found
        runs: dict[str, Run] = {}
        asked = list(dict.fromkeys(tokens))
        for term, rowids, parts in db.execute(
            f"SELECT term, rowids, parts FROM runs WHERE term IN ({', '.join('?' * len(asked))})",
            asked,
        ):
            rows, shares = _arrays(order, (code, rowids), ("d", parts))
            runs[term] = (rows, shares)
    except sqlite3.Error:
        return None
    finally:
        db.close()
    (row_keys,) = _arrays(order, ("H", of_row))
    return _closest(tokens, runs, names.split("\n"), row_keys, limit)


# The kept design's postings, one copy a process (943 KB) for every index, each of which holds
# the same examples.  Saves 13.8 % of a new index's first two questions (bench/bench_caches.py
# "ask examples' postings", 2026-11-27).  Bound: one value.  Never stale: keyed by the digest
# of the sources they are built from.
_SHARED: Lru[Postings] = Lru(1)


def shared_postings(
    digest: str, db: Callable[[], sqlite3.Connection], path: Path = BUILT_POSTINGS
) -> Postings:
    """The postings of the built examples (``digest``'s), which the connection ``db()`` holds:
    read from ``path`` once per process, or computed from ``db()`` where that file is stale
    or missing."""

    def read() -> Postings:
        try:
            found = Postings.from_database(path.read_bytes(), digest)
        except OSError:
            found = None
        return found if found is not None else Postings.of_table(db())

    return _SHARED.get_or_make(digest, read)
