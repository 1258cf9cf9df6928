"""One catalogue's rules as a full-text index, and the search of a question in it.

Each rule is a row of an SQLite FTS5 table: its statement in all six languages (each
translated msgstr of ``Rule.text``, read from the catalogues, and the rulebook's own
quote), the words of its key and group title, and the glossary's tokens for the things
it names (:mod:`.glossary`), every word folded and stemmed (:mod:`.words`).  A question
is turned into the same tokens and ranked by BM25, with the players' example questions
(:mod:`.example_questions`) closest to it.

The index is a plain in-memory ``sqlite3`` database, not the app's storage: it holds
nothing of a table's and is rebuilt from the code at will, so it does not go through
:mod:`referee.storage` (the only importer of sqlite-utils, which it does not use).
"""

from __future__ import annotations

import re
import sqlite3
import threading

from ..i18n import LANGUAGES
from ..rules import Rule, Variant
from ..rules.sources import source_language
from .closest import Postings, closest_in_file, shared_postings
from .design import (
    DESIGN,
    GENERIC,
    MARK,
    MELD_NAMED,
    NAME,
    OFF,
    OTHER_TABLE,
    PASSING,
    PROCEDURES,
    SCORE,
    Design,
    Hit,
)
from .example_questions import (
    EXAMPLES_READ,
    EXAMPLES_TABLE,
    GAP_EXAMPLES,
    OFF_EXAMPLES,
    load_examples,
    stamped,
)
from .prebuilt import BUILT, read_built, rules_digest, source_digest
from .texts import gettext_of, group_title
from .tokens import Tokens
from .words import flat, numbers, stems, word_forms, words

__all__ = ["RULES_TABLE", "Index", "rules_database"]

# The examples closest to a question, closest first, as FTS5's "ORDER BY rank LIMIT n" gives
# them (the same rows and scores, ties in the same order: tests/test_ask_speedups.py), a
# fifth faster: SQLite keeps the best n as it goes and reads the key of those alone, where
# FTS5 sorts every match (some 3 000 for a common word, 5 000 for a long post's story).
CLOSEST_EXAMPLES = (
    "SELECT (SELECT key FROM examples WHERE rowid = best.id), -best.score FROM "
    "(SELECT rowid AS id, bm25(examples) AS score FROM examples WHERE examples MATCH ? "
    "ORDER BY score LIMIT ?) AS best"
)


# An index's searches that read their words' postings from the file, before it reads them all:
# a question's at most (a long post's two, its sentence and its story), so a process asked
# one question (referee ask) reads only its own words'.
FILE_SEARCHES = 2


RULES_TABLE = (
    "CREATE VIRTUAL TABLE rules USING fts5(key UNINDEXED, text, words, concepts, about, "
    "tokenize = 'unicode61 remove_diacritics 0')"
)


def rules_database(rows: list[list[str]], digest: str) -> bytes:
    """A catalogue's ``rows`` (:attr:`Index.rows`) as the FTS5 table an index searches, in an
    SQLite database (serialized) that says the ``digest`` they were built from: a preset's
    built table (``built/PRESET.sqlite``, :mod:`.build`)."""
    db = sqlite3.connect(":memory:")
    db.execute(RULES_TABLE)
    db.executemany("INSERT INTO rules VALUES (?, ?, ?, ?, ?)", rows)
    return stamped(db, digest)


class Index:
    """One catalogue's rules, searchable; thread-safe (one lock around its connection)."""

    def __init__(self, variant: Variant, design: Design = DESIGN, *, built: bool = True) -> None:
        self.design = design
        # what the built files were built from, read once for the three (a cold start)
        digest = source_digest()
        self.tokens = Tokens(design, built=built, digest=digest)
        self.variant = variant.id
        self.keys = sorted(variant.rules)
        self.rules = frozenset(self.keys)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._digest = digest
        self._built = built
        # The examples' FTS5 table, in a connection of its own, loaded when first needed
        # (:meth:`_examples`): the kept design's questions are ranked from the postings built
        # ahead (closest.py), at the index's first FILE_SEARCHES searches each from its own
        # words' runs alone, read from their file (a cold referee ask reads no more: 1.5 MB
        # of examples not loaded, FTS5 not run), from the next on from all of them, read
        # once a process; the table is read only for a word the postings cannot rank, or
        # under another design (whose postings are then computed from it).
        self._examples_db: sqlite3.Connection | None = None
        self._built_examples = built and design == DESIGN and bool(design.examples)
        self._postings: Postings | None = None
        self._searches = 0
        rows: list[list[str]] | None = None
        filled = False  # the rules' table read as built
        if built and design == DESIGN and re.fullmatch(r"[a-z0-9-]+", variant.id):
            wanted = rules_digest(variant, digest)
            rows = read_built(variant.id, wanted)
            filled = rows is not None and self._read_table(variant.id, wanted)
        if rows is None:
            preset = _preset_rules(variant)
            rows = [
                [key, *self._document(key, variant.rules[key], preset.get(key))]
                for key in self.keys
            ]
        self.rows = rows
        self._vocabulary: frozenset[str] | None = None  # made when first asked (vocabulary)
        # the table's procedures this catalogue has a rule about (its keys' concepts or its
        # statements'): the cut at the Czech book's table, none of them at most
        # (a rule naming one only as the moment of another decides nothing of it: PASSING)
        self.covered = (
            frozenset(
                c[len(MARK) :]
                for row in rows
                for col in row[3:5]
                for c in col.split()
                if c[len(MARK) :] not in PASSING.get(row[0], ())
            )
            & PROCEDURES
        )
        if not filled:
            self._db.execute(RULES_TABLE)
            self._db.executemany("INSERT INTO rules VALUES (?, ?, ?, ?, ?)", rows)
            self._db.commit()

    def _read_table(self, name: str, digest: str) -> bool:
        """Whether the rules' FTS5 table was read into the index's empty connection as built
        (``built/NAME.sqlite``, :func:`rules_database`) from ``digest``: a preset's table
        deserialized in 0.2 ms, where filling it costs a cold ``referee ask`` 1.9."""
        try:
            self._db.deserialize((BUILT / f"{name}.sqlite").read_bytes())
            if self._db.execute("SELECT digest FROM built").fetchone() == (digest,):
                return True
        except (OSError, sqlite3.Error):
            pass
        self._db.close()  # whatever was read, gone: the table is filled from the rows
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        return False

    @property
    def vocabulary(self) -> frozenset[str]:
        """Every word the rules are indexed by (statements, key and group title): made at the
        first question that needs it (a question sharing one concept with the best rule), not
        at every index's build (a cold ``referee ask`` saves 0.7 ms)."""
        if self._vocabulary is None:  # made twice at worst, by two threads at once: the same
            self._vocabulary = frozenset(
                t for row in self.rows for col in row[1:3] for t in col.split()
            )
        return self._vocabulary

    def _document(self, key: str, rule: Rule, preset: Rule | None) -> tuple[str, str, str, str]:
        from .glossary import GLOSSARY

        texts: list[tuple[str, str]] = []  # (text, language)
        for shown in (rule, preset) if preset is not None and preset != rule else (rule,):
            for lang in LANGUAGES:
                gettext = gettext_of(lang)
                if shown.house is not None:
                    texts.append((shown.house.render(gettext), lang))
                else:
                    texts.append((gettext(shown.text), lang))
            if shown.quote:
                texts.append((shown.quote, source_language(shown.source) or "en"))
        concepts: set[str] = set()
        words: list[str] = []
        text_tokens: list[str] = []
        for text, lang in texts:
            text_tokens += flat(self.tokens.words(text, lang))
            concepts |= self.tokens.concepts(
                self.tokens.words(text, lang, stop=False), lang, self.variant
            )
        title = group_title(key)
        for lang in LANGUAGES:
            gettext = gettext_of(lang)
            words += flat(self.tokens.words(gettext(title), lang))
        key_words = self.tokens.words(key.replace(".", " ").replace("-", " "), "en")
        words += flat(key_words)
        # What the rule is about: the glossary's concepts its key names ("pile.frozen": the
        # pile, frozen), and those whose entry names the key.
        about = self.tokens.concepts(key_words, "en") | {
            entry.concept
            for entry in GLOSSARY
            if self.design.glossary and any(part in key for part in entry.keys)
        }
        return (
            " ".join(text_tokens),
            " ".join(words),
            " ".join(MARK + c for c in sorted(concepts)),
            " ".join(MARK + c for c in sorted(about)),
        )

    def query_tokens(self, question: str, lang: str) -> list[str]:
        """The tokens ``question`` is searched by: its words' forms in ``lang`` (stop words
        left out), then the concepts they name in ``lang`` and, where the design reads every
        language, in the others (their forms of :attr:`Design.other_min` letters or more).
        Each word's forms in every language are looked up once (:func:`.words.word_forms`),
        as ``self.tokens.words`` would give them language by language."""
        design = self.design
        every = [word_forms(word, design.stem, design.fold) for word in words(question)]
        tokens = [
            form for found in every if lang not in found.stop_in for form in found.forms[lang]
        ]
        claimed: set[int] = set()  # the words a phrase of the page's language claims
        concepts = self.tokens.concepts(
            [found.forms[lang] for found in every], lang, self.variant, claimed
        )
        if design.any_language:  # a Czech word typed on an English page still counts
            for other in LANGUAGES:
                if other != lang:
                    long_forms = [
                        ()
                        if i in claimed
                        else tuple(
                            form for form in found.forms[other] if len(form) >= design.other_min
                        )
                        for i, found in enumerate(every)
                    ]
                    concepts |= self.tokens.concepts(long_forms, other, self.variant)
        if design.glossary and any(n >= 1000 or n < 0 for n in numbers(question)):
            concepts.add(SCORE)
        tokens += [MARK + c for c in sorted(concepts)]
        return list(dict.fromkeys(t for t in tokens if t))

    def search(self, question: str, lang: str, limit: int = 3) -> list[Hit]:
        """The rules that answer ``question`` best first (:meth:`find`)."""
        return self.find(question, lang, limit)[0]

    def find(self, question: str, lang: str, limit: int = 3) -> tuple[list[Hit], bool]:
        """The rules that answer ``question`` best first, at most ``limit``; none when even
        the best scores under the design's threshold; and whether the question is closer
        to those no rulebook decides than to the best rule's (then the rules are the nearest,
        not an answer).

        FTS5 finds the rules sharing a token with the question and scores their words
        (BM25 over the statements, and over the key and group words); the glossary's
        concepts then add what the rule is about: each concept of the question that the
        rule's key names, and the share of the key's concepts the question names (so
        "the pile, frozen" prefers ``pile.frozen`` to ``pile.natural-and-wild``).
        """
        tokens = self.query_tokens(question, lang)
        if not tokens:
            return [], False
        asked = {t for t in tokens if t.startswith(MARK)}
        match = " OR ".join('"' + t.replace('"', "") + '"' for t in tokens)
        text_w, words_w, concept_w, about_w = self.design.weights
        with self._lock:
            rows = self._db.execute(
                "SELECT key, -bm25(rules, 0, ?, ?, 0, 0), concepts, about FROM rules "
                "WHERE rules MATCH ?",
                (text_w, words_w, match),
            ).fetchall()
            closest: dict[str, float] = {}
            tops: dict[str, list[float]] = {}  # each rule's examples' scores, closest first
            for key, score in self._closest(tokens, match):
                if key in self.rules or key in (OFF_EXAMPLES, GAP_EXAMPLES):
                    tops.setdefault(key, []).append(score)
            second = self.design.second
            closest = {k: v[0] + second * (v[1] if len(v) > 1 else 0.0) for k, v in tops.items()}
            off = closest.pop(OFF_EXAMPLES, 0.0)
            gap = closest.pop(GAP_EXAMPLES, 0.0)
        known = {row[0] for row in rows}
        rows += [(key, 0.0, "", "") for key in closest if key not in known]
        scored = []
        shared: dict[str, set[str]] = {}
        for key, lexical, concepts, about in rows:
            named = set(about.split())
            found = asked & named
            mentioned = asked & set(concepts.split())
            score = (
                lexical + concept_w * len(mentioned) + self.design.examples * closest.get(key, 0.0)
            )
            if named:
                score += about_w * (len(found) + self.design.share * len(found) / len(named))
            scored.append(Hit(key, round(score, 3)))
            shared[key] = found | mentioned
        scored.sort(key=lambda hit: (-hit.score, hit.key))
        best = closest.get(scored[0].key, 0.0) if scored else 0.0
        if self.design.procedures:
            if self.design.off_words and {MARK + OFF, MARK + OTHER_TABLE} & asked:
                return [], False  # another game, a shop, an app: nothing of this book
            if self.uncovered(asked):
                if off > self.design.procedure_off * gap:  # the people, not the procedure
                    return [], False
                return scored[:limit], True  # the nearest, as such
        if gap > off and gap > self.design.gap_factor * best:  # the nearest, as such
            return scored[:limit], True
        if not scored or scored[0].score < self.design.threshold:
            return [], False
        sure = closest.get(scored[0].key, 0.0) >= self.design.example_sure
        if (
            self.design.need_concept
            and not sure
            and self._off_game(question, lang, shared[scored[0].key])
        ):
            return [], False
        if self.design.off_words and MARK + OFF in asked:
            return [], False
        nearest = closest.get(scored[0].key, 0.0)  # the best rule's closest example
        if off and off > self.design.off_factor * nearest:
            return [], False
        if scored[0].score < self.design.weak_per_token * len(tokens) and off >= nearest:
            return [], False  # a weak match, no nearer a rule's questions than the off-topic
        return scored[:limit], False

    def _closest(self, tokens: list[str], match: str) -> list[tuple[str, float]]:
        """The examples closest to the query ``match`` of ``tokens`` as (key, score), closest
        first: from the postings read ahead where they are read and every token is a plain
        one, else FTS5's (the same rows, scores and order: tests/test_ask_speedups.py); at
        the index's first :data:`FILE_SEARCHES`, from the built postings of its own words
        alone, read from their file (a cold ``referee ask``'s question).  Under the lock."""
        if self._postings is None and self._searches >= FILE_SEARCHES:  # not for one question
            self._postings = (
                shared_postings(self._digest, self._examples)
                if self._built_examples
                else Postings.of_table(self._examples())
            )
        found = None
        if self._postings is not None:
            found = self._postings.closest(tokens, EXAMPLES_READ)
        elif self._built_examples:
            found = closest_in_file(tokens, EXAMPLES_READ, self._digest)
        self._searches += 1
        if found is not None:
            return found
        return self._examples().execute(CLOSEST_EXAMPLES, (match, EXAMPLES_READ)).fetchall()

    def _examples(self) -> sqlite3.Connection:
        """The connection holding every key's example questions (the variant's own picked
        out when searching) in its FTS5 table ``examples``: for the kept design the built
        ones, read at the first call.  Under the lock."""
        if self._examples_db is None:
            db = sqlite3.connect(":memory:", check_same_thread=False)
            if self.design.examples:
                load_examples(db, self.design, built=self._built, digest=self._digest)
            else:
                db.execute(EXAMPLES_TABLE)
            self._examples_db = db
        return self._examples_db

    def names_off_game(self, question: str, lang: str) -> bool:
        """Whether ``question`` uses another game's own terms (:data:`OTHER_TABLE`): a long
        post telling of poker's pot in its story is not about this rulebook, whatever its
        last sentence asks."""
        return self.design.off_words and MARK + OTHER_TABLE in self.query_tokens(question, lang)

    def uncovered(self, asked: set[str]) -> set[str]:
        """The table's procedures the question's tokens ``asked`` name that no rule of this
        catalogue is about."""
        named = {c[len(MARK) :] for c in asked}
        uncovered = named & PROCEDURES - self.covered
        if uncovered and self.design.procedure_game and not named - PROCEDURES - GENERIC - {OFF}:
            return set()  # the procedure alone, with nothing of the game: not a gap
        return uncovered

    def _off_game(self, question: str, lang: str, shared: set[str]) -> bool:
        """Whether a question sharing the concepts ``shared`` with the best rule is one the
        rules do not answer (the weather, a ticket's price, who invented the game)."""
        specific = {c[len(MARK) :] for c in shared} - GENERIC
        if not specific:
            return True
        if self.design.name_alone and specific == {NAME} and not names_meld(question, lang):
            if not {c[len(MARK) :] for c in shared} - {NAME, "cards"}:
                return True
        if len(specific) == 1 and self.design.unknown_share < 1.0:
            # a word is known when, stemmed in any language, a rule or the glossary has it
            asked = [w for w in words(question) if not w.isdigit() and stems(w, lang)]
            unknown = sum(
                not any(
                    form in self.vocabulary or form in starts
                    for other, starts in self.tokens.phrases.items()
                    for forms in self.tokens.words(word, other, stop=False)
                    for form in forms
                )
                for word in asked
            )
            if asked and unknown / len(asked) > self.design.unknown_share:
                return True
        return False

    def size(self) -> int:
        """The index's bytes in memory (its databases' pages: the examples' once read)."""
        size = 0
        with self._lock:
            for db in (self._db, self._examples_db):
                if db is not None:
                    count = db.execute("PRAGMA page_count").fetchone()[0]
                    size += count * db.execute("PRAGMA page_size").fetchone()[0]
        return int(size)


def _preset_rules(variant: Variant) -> dict[str, Rule]:
    """The preset's own rules behind a table's house rules: their words find the rule."""
    if not any(rule.house is not None for rule in variant.rules.values()):
        return {}
    from ..rules import PRESETS

    preset = PRESETS.get(variant.id)
    return dict(preset.rules) if preset is not None else {}


def names_meld(question: str, lang: str) -> bool:
    """Whether ``question`` names the meld of seven as a thing of the table (a canasta, books:
    :data:`.design.MELD_NAMED`), not only the game by its name."""
    text = " ".join(words(question))
    return any(
        re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text) for phrase in MELD_NAMED.get(lang, ())
    )
