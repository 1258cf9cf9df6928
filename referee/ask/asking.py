"""What a post's asking sentence asks about when it is not the game: people, feelings, manners
or morals (issue 44, fifth pass).

A reader's letter about a mother who peeks at the cards ("It's just a bit of fun, isn't it?"),
a grandmother's reproach ("How could you throw that card?"), an opinion asked ("what's my take
on quitting a game?"): each names things of the table in its story, and the rules those things
find are no answer.  The asking sentence's frame (:data:`asking.toml <PHRASES>`, a list per
language with where each phrase was seen) says it asks about people; :func:`people_frame`
finds it and gives the sentence without it, which the index then reads for a rule.  A post
that asks nothing and tells how people make its writer feel (:func:`tells_feelings`) is a
letter too.  A sentence that asks what the rule is (:func:`asks_the_rule`: "is that allowed",
"who is right") is a question for the book, whatever its frame.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from ..caches import lru_cached
from . import parsed
from .design import LONG_POST
from .situation import question_sentence
from .words import fold

__all__ = ["PHRASES", "about_people", "asks_the_rule", "people_frame", "tells_feelings"]

PHRASES = Path(__file__).with_name("asking.toml")
_WORD = re.compile(r"\w+")


@lru_cached(1)
def _phrases() -> dict[tuple[str, str], tuple[str, ...]]:
    """(kind, language) -> the phrases, folded, their words one space apart."""
    found = parsed.load(PHRASES)["phrase"]  # the built JSON where current (a cold ask)
    by_kind: dict[tuple[str, str], list[str]] = {}
    for entry in found:
        by_kind.setdefault((entry["kind"], entry["lang"]), []).extend(
            " ".join(_WORD.findall(fold(phrase))) for phrase in entry["words"]
        )
    return {key: tuple(phrases) for key, phrases in by_kind.items()}


@lru_cached(32)
def _pattern(kind: str, lang: str) -> re.Pattern[str] | None:
    phrases = sorted(_phrases().get((kind, lang), ()), key=len, reverse=True)
    if not phrases:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, phrases)) + r")(?!\w)")


def _words(text: str) -> str:
    return " ".join(_WORD.findall(fold(text)))


def people_frame(sentence: str, lang: str) -> str | None:
    """``sentence`` without its frame asking about people ("isn't it", "how could you"), or
    None when it has no such frame."""
    pattern = _pattern("people", lang)
    plain = _words(sentence)
    if pattern is None or not pattern.search(plain):
        return None
    return " ".join(pattern.sub(" ", plain).split())


def tells_feelings(text: str, lang: str) -> bool:
    """Whether ``text`` tells how people make its writer feel ("an annoying habit")."""
    pattern = _pattern("feelings", lang)
    return pattern is not None and pattern.search(_words(text)) is not None


def asks_the_rule(text: str, lang: str) -> bool:
    """Whether ``text`` asks what the rule is ("is that allowed", "who is right")."""
    pattern = _pattern("rule", lang)
    return pattern is not None and pattern.search(_words(text)) is not None


def about_people(text: str, lang: str, names_a_rule: Callable[[str], bool]) -> bool:
    """Whether ``text`` asks about people, not the game: its asking sentence's frame asks about
    people ("isn't it?", "how could you") and the sentence without it names no rule
    (``names_a_rule``, the index's reading: a rule found, not a procedure the book leaves
    open; "what's my take on quitting a game"); or, a long post that asks nothing, it tells
    how people make its writer feel.  A post asking what the rule is anywhere ("is that
    allowed", "who is right") never does."""
    if asks_the_rule(text, lang):
        return False
    rest = people_frame(question_sentence(text, lang), lang)
    if rest is not None:
        return not rest or not names_a_rule(rest)
    return (
        len(text.split()) > LONG_POST
        and "?" not in text
        and "¿" not in text
        and tells_feelings(text, lang)
    )
