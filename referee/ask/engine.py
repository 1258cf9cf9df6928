"""The search behind "Ask the referee": a full-text index of one variant's rules.

Each rule is a row of an SQLite FTS5 table: its statement in all six languages (each
translated msgstr of ``Rule.text``, read from the catalogues, and the rulebook's own
quote), the words of its key and group title, and the glossary's tokens for the things
it names (:mod:`.glossary`), every word folded and stemmed (:mod:`.words`).  A question
is turned into the same tokens and ranked by BM25.

The index is a plain in-memory ``sqlite3`` database, not the app's storage: it holds
nothing of a table's and is rebuilt from the code at will, so it does not go through
:mod:`referee.storage` (the only importer of sqlite-utils, which it does not use).  One
is built per distinct catalogue (a preset, or a table's house rules) on first use and
kept, a bounded number of them, for the life of the process.
"""

from __future__ import annotations

import json
import re
import sqlite3
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from ..i18n import LANGUAGES, TRANSLATIONS
from ..rules import Rule, Variant
from ..rules.catalogue import GROUPS
from ..rules.sources import source_language
from .words import flat, stems, words

__all__ = [
    "DESIGN",
    "GAP_EXAMPLES",
    "Design",
    "Hit",
    "Index",
    "index_for",
    "numbers",
    "write_built",
]

MARK = "zz"  # a glossary token is its concept behind this: "zzwild" (no rule's word)
SCORE = "score"  # the concept of a match total in a question (a number to look up)
# Concepts a question off the game names as easily as one about it ("how much", "only"):
# they rank rules, but do not on their own make a question one the rules answer.
GENERIC = frozenset({"value", "alone", "bonus", "cards"})
# The game's own name: "canasta" is also a meld of seven, but a question naming only it (and
# cards) asks about the game, not a rule ("who invented canasta", "where to buy canasta
# cards"); with another concept ("how many points for a canasta") it is a rule question.
NAME = "canasta"
OFF = "offgame"  # the glossary's words of shopping, apps, the game's history


class Design(NamedTuple):
    """What the index does to words; the evaluation in docs/benchmarks.md compares them."""

    stem: bool = True
    fold: bool = True
    glossary: bool = True
    # statements, key words and group title, the glossary's concepts in the statements,
    # the concepts the rule's key names
    weights: tuple[float, float, float, float] = (1.0, 2.0, 0.5, 4.0)
    share: float = 1.0  # times about's weight, for the share of the key's concepts named
    threshold: float = 4.0  # below this best score, no rule of the book answers
    any_language: bool = True  # the glossary's words of every language, not the page's only
    # in another language than the page's, a word shorter than this names no concept
    # (Spanish "meta" is Dutch "met" stemmed)
    other_min: int = 5
    # the best rule must share a concept with the question, one not merely "how much" or
    # "only": else no rule answers (a ticket's price, the weather)
    need_concept: bool = True
    # the game's name alone (with "cards" at most) does not make a rule question
    name_alone: bool = True
    # a question sharing one concept with the best rule, most of whose words no rule nor the
    # glossary knows ("a que hora sale el autobus": "sale" is going out), gets nothing: the
    # share of unknown words above which it is off the game (1.0: never)
    unknown_share: float = 0.5
    # a question naming the glossary's words off the game (buying, an app) gets nothing
    off_words: bool = True
    # the weight of the questions players ask each rule (:data:`EXAMPLES`): a rule adds
    # this times the BM25 score of its example closest to the question (0: not used)
    examples: float = 1.5
    # a question this close to one of the best rule's examples (BM25) is a rule question,
    # even naming no concept of the glossary ("met hoeveel mensen kun je spelen")
    example_sure: float = 20.0
    # a question closer to one of the questions no rule answers (the examples' "off") than
    # this times its closeness to the best rule's closest example gets nothing (inf: never)
    off_factor: float = 1.15
    # a rule's closeness to the question: its closest example, plus this times its second
    second: float = 0.3
    # a question closer to the questions no rulebook decides (the examples' "gap") than this
    # times its closeness to the best rule's closest example: "this rulebook does not say"
    gap_factor: float = 1.15
    # a glossary phrase inside a longer one names no concept of its own ("draw pile" the
    # stock only): tried on the real set, it lost more than it found (docs/benchmarks.md)
    longest: bool = False


DESIGN = Design()


class Hit(NamedTuple):
    key: str
    score: float


@lru_cache(maxsize=len(LANGUAGES))
def gettext_of(lang: str) -> Callable[[str], str]:
    """The catalogue of ``lang`` as a function (English: the text itself).

    The compiled catalogue (``messages.mo``) is read as its two tables of offsets, and a
    message decoded only when asked for: babel's reader costs 0.3 s of imports and the
    standard library's decodes all 1 500 messages of each language, where the index
    needs a few dozen (a cold ``referee ask`` pays for it).
    """
    if lang == "en":
        return lambda text: text
    path = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo"
    data = path.read_bytes()
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals, translations = struct.unpack_from(order + "3I", data, 8)
    table = struct.Struct(order + "II")
    found = {
        data[offset : offset + length]: i
        for i, (length, offset) in enumerate(
            struct.iter_unpack(order + "II", data[originals : originals + 8 * count])
        )
    }

    def gettext(text: str) -> str:
        i = found.get(text.encode("utf-8"))
        if i is None:
            return text
        length, offset = table.unpack_from(data, translations + 8 * i)
        return data[offset : offset + length].decode("utf-8") or text

    return gettext


def _group_title(key: str) -> str:
    for _group, title, prefixes in GROUPS:
        if key.startswith(prefixes):
            return title
    return ""


_NUMBER = re.compile(r"(?<![\w])(-|−|minus\s+)?(\d{1,3}(?:[ .,'\u00a0\u202f]\d{3})+|\d+)(?![\w])")


def numbers(text: str) -> list[int]:
    """The whole numbers of a question: "2600", "2 600", "2.600", "-200", "minus 200"."""
    out = []
    for sign, digits in _NUMBER.findall(text):
        value = int(re.sub(r"\D", "", digits))
        out.append(-value if sign else value)
    return out


# -- The built indexes, shipped with the package -------------------------------------------
#
# A cold ``referee ask`` spent most of its time stemming the glossary and every rule's
# statement in six languages.  For the presets under the kept design that work is done
# once, by ``python -m referee.ask.engine`` (scripts/i18n.sh runs it after compiling the
# catalogues), and kept as JSON beside this module: the glossary's phrases and each
# preset's rows.  Each file carries a digest of everything its content comes from (this
# module, the words and the glossary, the six catalogues, the design, the preset's rules);
# a file whose digest differs is ignored and the index built from the code, so a stale file
# costs time, never a wrong answer.  tests/test_ask.py checks the shipped files are current.

BUILT = Path(__file__).with_name("built")
_SOURCES = ("engine.py", "words.py", "glossary.py", "players_words.toml")
# Questions players ask, a few per rule key in each language (``examples/LANG.toml``):
# what a rule's statement does not say in a player's words ("can I pick up the pile with
# a wild card on top") finds it through a question asked that way.
EXAMPLES = Path(__file__).with_name("examples")
# The examples' key of questions no rule answers (the weather, another game, the app).
OFF_EXAMPLES = "off"
# The examples' key of questions about the game that no rulebook decides (a misdeal, a card
# exposed, a turn played out of turn): the nearest rules are shown, as such.
GAP_EXAMPLES = "gap"
# The closest examples a question reads: a common word matches 1 600 on average, and the
# rules' best are among the first 400 (the evaluation sets score the same as reading all).
EXAMPLES_READ = 400

Phrases = dict[str, dict[str, list[tuple[tuple[frozenset[str], ...], str]]]]


# A digest detects a change, it guards against nothing: CRC-32s (zlib is loaded already;
# hashlib's OpenSSL cost a cold start 3 ms).


@lru_cache(maxsize=1)
def _source_digest() -> str:
    parts = [zlib.crc32(repr(DESIGN).encode())]
    for name in _SOURCES:
        parts.append(zlib.crc32(Path(__file__).with_name(name).read_bytes()))
    for lang in LANGUAGES:
        parts.append(zlib.crc32(_examples_path(lang).read_bytes()))
    for lang in LANGUAGES:
        parts.append(zlib.crc32((TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo").read_bytes()))
    return "-".join(f"{part:08x}" for part in parts)


def _rules_digest(variant: Variant) -> str:
    rules = [
        (k, r.text, r.quote, r.source, r.house and r.house.render())
        for k, r in sorted(variant.rules.items())
    ]
    return f"{_source_digest()}-{zlib.crc32(json.dumps(rules).encode()):08x}"


def _read_built(name: str, digest: str) -> Any:
    """The content of the built file ``name`` if it was built from ``digest``, else None."""
    try:
        data = json.loads((BUILT / f"{name}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data["content"] if data.get("digest") == digest else None


def _examples_path(lang: str) -> Path:
    return EXAMPLES / f"{lang}.toml"


def _read_examples() -> dict[str, list[tuple[str, str]]]:
    """Each rule key's example questions as (question, language)."""
    import tomllib  # only to build

    found: dict[str, list[tuple[str, str]]] = {}
    for lang in LANGUAGES:
        with _examples_path(lang).open("rb") as handle:
            for key, asked in tomllib.load(handle).items():
                found.setdefault(key, []).extend((question, lang) for question in asked)
    return found


_EXAMPLES_TABLE = (
    "CREATE VIRTUAL TABLE examples USING fts5(key UNINDEXED, text, "
    "tokenize = 'unicode61 remove_diacritics 0')"
)


def _examples_database(design: Design, *, built: bool = True) -> bytes:
    """Every rule key's example questions as an SQLite database holding their FTS5 table
    (serialized): for the kept design, read as built (``built/examples.sqlite``, 3 300
    questions whose indexing cost a cold ``referee ask`` 10 ms), else built here."""
    digest = _source_digest()
    if built and design == DESIGN:
        try:
            data = (BUILT / "examples.sqlite").read_bytes()
        except OSError:
            data = b""
        if data:
            db = sqlite3.connect(":memory:")
            try:
                db.deserialize(data)
                found = db.execute("SELECT digest FROM built").fetchone()
            except sqlite3.Error:
                found = None
            finally:
                db.close()
            if found == (digest,):
                return data
    tokens = _Tokens(design, built=built)
    db = sqlite3.connect(":memory:")
    db.execute(_EXAMPLES_TABLE)
    db.executemany(
        "INSERT INTO examples VALUES (?, ?)",
        [
            (key, tokens.document(question, lang))
            for key, asked in sorted(_read_examples().items())
            for question, lang in asked
        ],
    )
    db.execute("CREATE TABLE built (digest TEXT)")
    db.execute("INSERT INTO built VALUES (?)", (digest,))
    db.commit()
    data = db.serialize()
    db.close()
    return data


def _built_phrases() -> Phrases | None:
    content = _read_built("glossary", _source_digest())
    if content is None:
        return None
    return {
        lang: {
            form: [(tuple(frozenset(w) for w in phrase), concept) for phrase, concept in found]
            for form, found in starts.items()
        }
        for lang, starts in content.items()
    }


def write_built() -> list[Path]:
    """Build the glossary's phrases and every preset's rows under the kept design and write
    them to :data:`BUILT`; the files written."""
    from ..rules import PRESETS

    BUILT.mkdir(exist_ok=True)
    written = []
    tokens = _Tokens(DESIGN, built=False)
    phrases = {
        lang: {
            form: [([sorted(w) for w in phrase], concept) for phrase, concept in found]
            for form, found in sorted(starts.items())
        }
        for lang, starts in tokens.phrases.items()
    }
    files: dict[str, tuple[str, Any]] = {
        "glossary": (_source_digest(), phrases),
    }
    (BUILT / "examples.sqlite").write_bytes(_examples_database(DESIGN, built=False))
    written.append(BUILT / "examples.sqlite")
    for vid, variant in PRESETS.items():
        built = Index(variant, DESIGN, built=False)
        files[vid] = (_rules_digest(variant), built.rows)
    for name, (digest, content) in files.items():
        path = BUILT / f"{name}.json"
        text = json.dumps({"digest": digest, "content": content}, ensure_ascii=False)
        path.write_text(text + "\n", encoding="utf-8")
        written.append(path)
    from .situation import write_built as write_situation

    written.append(write_situation())
    return written


class _Tokens:
    """Turns texts into index tokens under one :class:`Design`."""

    def __init__(self, design: Design, *, built: bool = True) -> None:
        self.design = design
        # language -> a phrase's first form -> [(the phrase as its words' forms, concept)]
        self.phrases: Phrases = {}
        if built and design == DESIGN:
            found = _built_phrases()
            if found is not None:
                self.phrases = found
                return
        from .glossary import GLOSSARY  # only to build: its module costs a start 4 ms

        for lang in LANGUAGES:
            starts: dict[str, list[tuple[tuple[frozenset[str], ...], str]]] = {}
            for entry in GLOSSARY:
                for term in entry.terms.get(lang, ()):
                    phrase = tuple(frozenset(w) for w in self.words(term, lang, stop=False))
                    for form in phrase[0] if phrase else ():
                        starts.setdefault(form, []).append((phrase, entry.concept))
            self.phrases[lang] = starts

    def words(self, text: str, lang: str, *, stop: bool = True) -> list[tuple[str, ...]]:
        return stems(text, lang, stem=self.design.stem, stop=stop, folded=self.design.fold)

    def document(self, text: str, lang: str) -> str:
        """``text`` as one searchable run of tokens: its words' forms, then its concepts."""
        concepts = self.concepts(self.words(text, lang, stop=False), lang)
        return " ".join(flat(self.words(text, lang)) + [MARK + c for c in sorted(concepts)])

    def concepts(self, words: list[tuple[str, ...]], lang: str) -> set[str]:
        """The glossary's concepts named by a run of ``words`` (each as its forms)."""
        if not self.design.glossary:
            return set()
        starts = self.phrases[lang]
        matches = set()  # (start, end, concept)
        for i, forms in enumerate(words):
            for form in forms:
                for phrase, concept in starts.get(form, ()):
                    if len(phrase) <= len(words) - i and all(
                        phrase[j].intersection(words[i + j]) for j in range(1, len(phrase))
                    ):
                        matches.add((i, i + len(phrase), concept))
        if not self.design.longest:
            return {concept for _s, _e, concept in matches}
        return {
            concept
            for start, end, concept in matches
            if not any(s <= start and end <= e and e - s > end - start for s, e, _c in matches)
        }


class Index:
    """One catalogue's rules, searchable; thread-safe (one lock around its connection)."""

    def __init__(self, variant: Variant, design: Design = DESIGN, *, built: bool = True) -> None:
        self.design = design
        self.tokens = _Tokens(design, built=built)
        self.keys = sorted(variant.rules)
        self.rules = frozenset(self.keys)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        if design.examples:
            # every key's examples, the variant's own picked out when searching
            self._db.deserialize(_examples_database(design, built=built))
        else:
            self._db.execute(_EXAMPLES_TABLE)
        self._db.execute(
            "CREATE VIRTUAL TABLE rules USING fts5(key UNINDEXED, text, words, concepts, about, "
            "tokenize = 'unicode61 remove_diacritics 0')"
        )
        rows: list[list[str]] | None = None
        if built and design == DESIGN and re.fullmatch(r"[a-z0-9-]+", variant.id):
            rows = _read_built(variant.id, _rules_digest(variant))
        if rows is None:
            preset = _preset_rules(variant)
            rows = [
                [key, *self._document(key, variant.rules[key], preset.get(key))]
                for key in self.keys
            ]
        self.rows = rows
        # every word the rules are indexed by (statements, key and group title)
        self.vocabulary = frozenset(t for row in rows for col in row[1:3] for t in col.split())
        self._db.executemany("INSERT INTO rules VALUES (?, ?, ?, ?, ?)", rows)
        self._db.commit()

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
            concepts |= self.tokens.concepts(self.tokens.words(text, lang, stop=False), lang)
        title = _group_title(key)
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
        """The tokens ``question`` is searched by."""
        found = self.tokens.words(question, lang)
        tokens = flat(found)
        concepts = self.tokens.concepts(self.tokens.words(question, lang, stop=False), lang)
        if self.design.any_language:  # a Czech word typed on an English page still counts
            for other in LANGUAGES:
                if other != lang:
                    words = [
                        tuple(form for form in forms if len(form) >= self.design.other_min)
                        for forms in self.tokens.words(question, other, stop=False)
                    ]
                    concepts |= self.tokens.concepts(words, other)
        if self.design.glossary and any(n >= 1000 or n < 0 for n in numbers(question)):
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
            for key, score in self._db.execute(
                "SELECT key, -bm25(examples) FROM examples WHERE examples MATCH ? "
                "ORDER BY rank LIMIT ?",
                (match, EXAMPLES_READ),
            ):
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
        if off and off > self.design.off_factor * closest.get(scored[0].key, 0.0):
            return [], False
        return scored[:limit], False

    def _off_game(self, question: str, lang: str, shared: set[str]) -> bool:
        """Whether a question sharing the concepts ``shared`` with the best rule is one the
        rules do not answer (the weather, a ticket's price, who invented the game)."""
        specific = {c[len(MARK) :] for c in shared} - GENERIC
        if not specific:
            return True
        if self.design.name_alone and specific == {NAME}:
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
        """The index's bytes in memory (its database pages)."""
        with self._lock:
            count = self._db.execute("PRAGMA page_count").fetchone()[0]
            page = self._db.execute("PRAGMA page_size").fetchone()[0]
        return int(count * page)


def _preset_rules(variant: Variant) -> dict[str, Rule]:
    """The preset's own rules behind a table's house rules: their words find the rule."""
    if not any(rule.house is not None for rule in variant.rules.values()):
        return {}
    from ..rules import PRESETS

    preset = PRESETS.get(variant.id)
    return dict(preset.rules) if preset is not None else {}


_CACHE: OrderedDict[tuple[object, ...], Index] = OrderedDict()
_CACHE_LOCK = threading.Lock()
_BUILDING = threading.Lock()  # one index built at a time (index_for)
CACHE_SIZE = 16  # eleven presets and a few tables' house rules; each index is some 1 MB


def _fingerprint(variant: Variant, design: Design) -> tuple[object, ...]:
    return (
        design,
        variant.id,
        tuple(
            (k, r.text, r.quote, r.house and r.house.render())
            for k, r in sorted(variant.rules.items())
        ),
    )


def _kept(key: tuple[object, ...]) -> Index | None:
    with _CACHE_LOCK:
        found = _CACHE.get(key)
        if found is not None:
            _CACHE.move_to_end(key)
        return found


def index_for(variant: Variant, design: Design = DESIGN) -> Index:
    """The index of ``variant``'s catalogue, built on first use and kept (at most
    :data:`CACHE_SIZE`, the least recently used dropped first).

    One index is built at a time in a process (:data:`_BUILDING`), and a request that
    waited for a build finds the index it wanted if that was it: clients cycling through
    house-rule combinations (each a new index) keep at most one thread busy building,
    however many they are, and never build one index twice at once (issue 43)."""
    key = _fingerprint(variant, design)
    found = _kept(key)
    if found is not None:
        return found
    with _BUILDING:
        found = _kept(key)  # built by the request this one waited for?
        if found is not None:
            return found
        built = Index(variant, design)
        with _CACHE_LOCK:
            _CACHE[key] = built
            while len(_CACHE) > CACHE_SIZE:
                _CACHE.popitem(last=False)
    return built


if __name__ == "__main__":
    for path in write_built():
        print(path)
