"""The situation's phrase patterns (referee/ask/situation.py ``_Phrases``): a text is searched
by the pattern of the phrases whose words it holds, and finds exactly what the pattern of
every phrase finds -- the moments a question names, where the pile's top is said, the game's
name blanked out -- so the answers stay the same while a cold ``referee ask`` compiles no
pattern of hundreds of phrases (issue 44, docs/benchmarks.md)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.ask import situation
from referee.ask.words import fold
from referee.i18n import LANGUAGES
from tests.ask_eval import long_questions, questions, real_questions
from tests.support.profiles import examples


def every_pattern() -> list[tuple[str, situation._Phrases]]:
    found = [(f"game {lang}", situation._game_pattern(lang)) for lang in LANGUAGES]
    for moment in situation._data()["moments"]:
        found += [
            (f"{moment} {lang}", situation._moment_pattern(moment, lang)) for lang in LANGUAGES
        ]
    return found


PATTERNS = every_pattern()


def whole(phrases: situation._Phrases) -> re.Pattern[str]:
    """The pattern of every phrase, as the situation searched before (tried in order)."""
    return situation._compiled(tuple(phrases.phrases))


def spans(found: object) -> list[tuple[int, int]]:
    return [m.span() for m in found]  # type: ignore[attr-defined]


def same(phrases: situation._Phrases, text: str) -> None:
    full = whole(phrases)
    for asked in (text, situation._Words(text)):  # plain, and carrying its words
        hit, want = phrases.search(asked), full.search(asked)
        assert (hit and hit.span()) == (want and want.span()), text
        assert spans(phrases.finditer(asked)) == spans(full.finditer(asked)), text
        assert phrases.sub(" ", asked) == full.sub(" ", asked), text


@pytest.mark.slow
def test_every_question_of_the_sets_finds_what_every_phrase_finds():
    texts = [q["text"] for q in questions()]
    texts += [q["q"] for q in real_questions() + long_questions()]
    found = 0
    for _name, phrases in PATTERNS:
        full = whole(phrases)
        for text in texts:
            folded = fold(text)
            same(phrases, folded)
            found += bool(full.search(folded))
    assert found > 500  # the sets name moments: the patterns were put to work


def words_of(phrases: situation._Phrases) -> list[str]:
    return sorted({w.rstrip("*") for part in phrases.parts for w in part})


@settings(max_examples=examples(1000))
@given(data=st.data())
def test_a_text_made_of_the_phrases_words_finds_what_every_phrase_finds(data):
    """Texts of a pattern's own words, cut short or run on ("pick", "picked", "pickup"),
    parted by spaces, apostrophes or other marks: what the phrases' words are near to."""
    _name, phrases = data.draw(st.sampled_from(PATTERNS))
    word = st.sampled_from(words_of(phrases) or ["x"])
    piece = st.tuples(word, st.sampled_from(["", "", "s", "ed", "x", "_"]), st.booleans()).map(
        lambda p: (p[0][:-1] if p[2] and len(p[0]) > 1 else p[0]) + p[1]
    )
    gap = st.sampled_from([" ", " ", "  ", "'", " ’ ", ", ", "-", "\n", "? ", ""])
    pieces = data.draw(st.lists(st.tuples(piece, gap), min_size=1, max_size=8))
    same(phrases, "".join(p + g for p, g in pieces))


@settings(max_examples=examples(500))
@given(st.text(alphabet="ab9_*'’- \t\u00a0\u2028éß.", max_size=14))
def test_a_phrase_is_plain_when_each_of_its_words_is(phrase):
    """A phrase whose every word the tokens can tell (``_PLAIN``) is found through its words;
    another is always searched: told by one match of the phrase (``_PLAIN_RUN``), as by one
    of each of its words (``str.split``'s)."""
    each = all(situation._PLAIN.fullmatch(word) for word in phrase.split())
    assert bool(situation._PLAIN_RUN.fullmatch(phrase)) == each
