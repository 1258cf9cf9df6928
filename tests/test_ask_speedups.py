"""What makes "Ask the referee" faster answers as the plain way did (issue 44,
docs/benchmarks.md): the closest examples read by SQLite's own ORDER BY ... LIMIT
(referee/ask/index.py ``CLOSEST_EXAMPLES``) are the rows FTS5's ``ORDER BY rank`` gives,
the same scores, ties (many) in the same order; and so are those added up from the
postings read ahead (referee/ask/closest.py), whole or a question's own words' runs read
from their file (an index's first question), on the sets' questions and on generated
ones."""

from __future__ import annotations

import re
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.ask.closest import BUILT_POSTINGS, Postings, closest_in_file, shared_postings
from referee.ask.design import LONG_POST
from referee.ask.engine import index_for
from referee.ask.example_questions import EXAMPLES_READ
from referee.ask.index import CLOSEST_EXAMPLES
from referee.ask.prebuilt import BUILT, source_digest
from referee.ask.situation import question_sentence, without_cards
from referee.rules import PRESETS
from tests.ask_eval import american_questions, long_questions, questions, real_questions
from tests.support.profiles import examples

LONG = [q for q in long_questions() + real_questions() if len(q["q"].split()) > LONG_POST]


# FTS5's own order: what the index read before (ties among equal scores are many).
BY_RANK = "SELECT key, -bm25(examples) FROM examples WHERE examples MATCH ? ORDER BY rank LIMIT ?"


def fts5(db: sqlite3.Connection, tokens: list[str], query: str = CLOSEST_EXAMPLES) -> list:
    match = " OR ".join('"' + t.replace('"', "") + '"' for t in tokens)
    return db.execute(query, (match, EXAMPLES_READ)).fetchall()


def closest_both_ways(questions_asked: list[tuple[str, str]]) -> int:
    """Assert the three ways give the same rows for each question (FTS5's order, SQLite's
    ORDER BY ... LIMIT, the postings added up); the number with ties."""
    index = index_for(PRESETS["classic"])
    postings = shared_postings(source_digest(), index._examples)
    tied = 0
    for text, lang in questions_asked:
        tokens = index.query_tokens(text, lang)
        if not tokens:
            continue
        fast = fts5(index._examples(), tokens)
        assert fast == fts5(index._examples(), tokens, BY_RANK), text
        assert postings.closest(tokens, EXAMPLES_READ) == fast, text
        assert closest_in_file(tokens, EXAMPLES_READ, source_digest()) == fast, text
        tied += any(a[1] == b[1] and a[0] != b[0] for a, b in zip(fast, fast[1:], strict=False))
    return tied


def test_the_closest_examples_are_fts5s_own_ties_and_all():
    asked = [(q["text"], q["lang"]) for q in questions()[::8]]
    asked += [(without_cards(q["q"]), q["lang"]) for q in LONG[::4]]
    assert closest_both_ways(asked) > len(asked) // 2  # ties put to the test


@pytest.mark.slow
def test_the_closest_examples_are_fts5s_own_for_every_part_of_every_set():
    asked = [(q["text"], q["lang"]) for q in questions()]
    for q in long_questions() + real_questions() + american_questions():
        for text in {q["q"], question_sentence(q["q"], q["lang"]), without_cards(q["q"])}:
            asked.append((text, q["lang"]))
    assert closest_both_ways(asked) > len(asked) // 2


def test_the_built_postings_are_the_examples_own():
    """built/example_terms.sqlite (python -m referee.prebuild) holds what the built examples'
    FTS5 table gives now: the index of the kept design reads it, not a stand-in."""
    db = sqlite3.connect(":memory:")
    db.deserialize((BUILT / "examples.sqlite").read_bytes())
    built = Postings.from_database(BUILT_POSTINGS.read_bytes(), source_digest())
    assert built is not None
    made = Postings.of_table(db)
    for part in ("terms", "starts", "rowids", "parts", "names", "of_row"):
        assert getattr(built, part) == getattr(made, part), part
    # another digest's file is not read
    assert Postings.from_database(BUILT_POSTINGS.read_bytes(), "other") is None


def test_a_stale_or_missing_file_of_postings_gives_no_examples_and_fts5_answers(tmp_path):
    tokens = ["pile", "zzwild"]
    assert closest_in_file(tokens, EXAMPLES_READ, source_digest()) is not None
    assert closest_in_file(tokens, EXAMPLES_READ, "other") is None
    missing = tmp_path / "example_terms.sqlite"
    assert closest_in_file(tokens, EXAMPLES_READ, source_digest(), missing) is None
    missing.write_bytes(b"not a database")
    assert closest_in_file(tokens, EXAMPLES_READ, source_digest(), missing) is None


# Words as questions give them (the table's own tokens, the glossary's marks among them),
# words no example has, and words FTS5 does not read as one plain token.
@settings(max_examples=examples(300))
@given(data=st.data())
def test_added_up_postings_rank_as_fts5_on_generated_queries(data):
    index = index_for(PRESETS["classic"])
    postings = shared_postings(source_digest(), index._examples)
    known = sorted(postings.terms)
    word = st.one_of(
        st.sampled_from(known),
        st.sampled_from(known[:40]),  # a few words, often together: ties
        st.from_regex(r"[a-z0-9]{1,8}", fullmatch=True),
        st.text(alphabet="aéß½ x-'", min_size=1, max_size=4),
    )
    tokens = list(dict.fromkeys(data.draw(st.lists(word, min_size=1, max_size=60))))
    tokens = [t for t in tokens if t.replace('"', "").strip(" -'")]
    if not tokens:
        return
    found = postings.closest(tokens, EXAMPLES_READ)
    assert closest_in_file(tokens, EXAMPLES_READ, source_digest()) == found
    plain = all(t in postings.terms or t.isascii() and t.isalnum() for t in tokens)
    assert (found is not None) == (plain and all(t == t.lower() for t in tokens))
    try:
        expected = fts5(index._examples(), tokens)
    except sqlite3.OperationalError:  # FTS5 cannot read the query at all (a lone "-")
        return
    if found is not None:
        assert found == expected
    # what the index reads: the postings' rows where they have them, else FTS5's own
    match = " OR ".join('"' + t.replace('"', "") + '"' for t in tokens)
    with index._lock:
        assert index._closest(tokens, match) == expected


def tokens_language_by_language(index, question: str, lang: str) -> list[str]:
    """A question's tokens as the index read them before each word's forms were looked up
    once for every language: ``Tokens.words`` language by language (stop words left out by
    ``words.stems``)."""
    from referee.ask.design import MARK, SCORE
    from referee.ask.words import flat, numbers
    from referee.i18n import LANGUAGES

    tokens = flat(index.tokens.words(question, lang))
    claimed: set[int] = set()  # a phrase claiming its words: no other language reads them
    concepts = index.tokens.concepts(
        index.tokens.words(question, lang, stop=False), lang, index.variant, claimed
    )
    for other in LANGUAGES:
        if other != lang:
            found = [
                ()
                if i in claimed
                else tuple(form for form in forms if len(form) >= index.design.other_min)
                for i, forms in enumerate(index.tokens.words(question, other, stop=False))
            ]
            concepts |= index.tokens.concepts(found, other, index.variant)
    if any(n >= 1000 or n < 0 for n in numbers(question)):
        concepts.add(SCORE)
    tokens += [MARK + c for c in sorted(concepts)]
    return list(dict.fromkeys(t for t in tokens if t))


def test_a_questions_tokens_are_read_as_language_by_language_on_the_sets():
    asked = [(q["text"], q["lang"], q.get("variant", "classic")) for q in questions()]
    asked += [(q["q"], q["lang"], q["variant"]) for q in LONG + american_questions()]
    for text, lang, vid in asked:
        index = index_for(PRESETS[vid])
        assert index.query_tokens(text, lang) == tokens_language_by_language(index, text, lang)


# Words of the sets' questions and of the stop-word lists, in any case, with and without
# their accents, among digits and punctuation.
SET_WORDS = sorted(
    {w for q in questions() for w in q["text"].split()}
    | {"Å", "ÅNGSTRÖM", "Środa", "już", "Żolík", "ß", "İ", "2 600", "-200", "½"}
)


@settings(max_examples=examples(300))
@given(
    words=st.lists(
        st.one_of(st.sampled_from(SET_WORDS), st.text(min_size=1, max_size=6)), max_size=40
    ),
    lang=st.sampled_from(["en", "cs", "de", "es", "nl", "pl"]),
    vid=st.sampled_from(sorted(PRESETS)),
)
def test_a_questions_tokens_are_read_as_language_by_language_on_generated_text(words, lang, vid):
    index = index_for(PRESETS[vid])
    text = " ".join(words)
    assert index.query_tokens(text, lang) == tokens_language_by_language(index, text, lang)


def test_an_index_reads_the_shared_postings_once_a_question_is_past():
    """A process asked one question (referee ask: a long post searches twice) reads its own
    words' runs alone, not the whole postings; a server's index reads them at its next
    search, the one copy every index of the kept design shares, and answers as it did at
    the first; none loads the examples' 1.5 MB table, which only FTS5 reads."""
    from referee.ask.index import FILE_SEARCHES, Index

    index = Index(PRESETS["classic"])
    question = "my partner threw a two on the pile, can I take it now?"
    first = index.find(question, "en")
    for _ in range(FILE_SEARCHES - 1):
        assert index.find(question, "en") == first
    assert index._postings is None
    assert index.find(question, "en") == first
    assert index._postings is shared_postings(source_digest(), index._examples)
    assert index._examples_db is None
    other = Index(PRESETS["american"])
    for _ in range(FILE_SEARCHES + 1):
        other.find(question, "en")
    assert other._postings is index._postings


# Texts without a digit: the sets' words and the patterns' own words ("minus", "in the hole",
# "went down with", "points", "k"), in any case, among any characters but digits.
NO_DIGIT = st.lists(
    st.one_of(
        st.sampled_from(SET_WORDS + "minus in the hole went down with exactly points k".split()),
        st.text(alphabet=st.characters(blacklist_categories=("Nd",)), max_size=6),
    ),
    max_size=30,
).map(" ".join)


@settings(max_examples=examples(300))
@given(text=NO_DIGIT.filter(lambda t: not re.search(r"\d", t)))
def test_a_question_without_a_digit_holds_no_score_points_or_number(text):
    """A question holding no digit is not searched for scores, points or numbers (their
    patterns compiled only for one that holds a digit): none of them can match it."""
    from referee.ask import situation, words

    for pattern in (
        situation._score(),
        situation._points_told(),
        situation._bare_points(),
        words._number(),
    ):
        assert pattern.search(text) is None, pattern.pattern
