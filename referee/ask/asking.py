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

A post that asks nothing at all (:func:`asks_nothing`: a story, an introduction, a boast, trash
talk) has no question to rule on: several sentences or a long one, ending as a sentence does,
none of them nor any of their clauses a question, no phrase that asks without a question mark
("wondering", "settle this"), no dispute over a rule told ("that's not allowed", "she said
that").  A query typed in the box ("joker value") is one short sentence: never a story.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..caches import lru_cached
from . import parsed
from .design import LONG_POST
from .situation import SENTENCE_BREAK, asks, question_sentence
from .words import fold

__all__ = [
    "PHRASES",
    "about_people",
    "asks_if_a_denial_is_right",
    "asks_nothing",
    "asks_play",
    "asks_the_rule",
    "people_frame",
    "tells_feelings",
]

PHRASES = Path(__file__).with_name("asking.toml")
_WORD = re.compile(r"\w+")
# a post's sentences, as the situation splits them
_SENTENCE = SENTENCE_BREAK
# a sentence's clauses: a question asked after a comma ("a black three on the pile, can the
# next player take it") or a dash is a question all the same
_CLAUSE = re.compile(r"\s*[,;:\u2013\u2014]\s*|\s+-\s+")
# the words at most of a query typed in fragments ("Frozen pile. Two kings in hand."): never a
# story, however it ends (a told story runs longer: "Look at this hand I was dealt! ...")
TERSE = 12
# the words at most of a question asking nothing ("Can you believe it?", "Who knew?")
RHETORICAL = 8
# how a told story's last sentence ends: a query typed in the box often has no mark at all
_ENDS = tuple(".!…\"”»'’)")


@lru_cached(1)
def _entries() -> list[dict[str, Any]]:
    return list(parsed.load(PHRASES)["phrase"])  # the built JSON where current (a cold ask)


@lru_cached(8)
def _phrases(lang: str) -> dict[str, tuple[str, ...]]:
    """kind -> ``lang``'s phrases, folded, their words one space apart (one language folded
    at a time: a cold ``referee ask`` folds its own)."""
    by_kind: dict[str, list[str]] = {}
    for entry in _entries():
        if entry["lang"] == lang:
            by_kind.setdefault(entry["kind"], []).extend(
                " ".join(_WORD.findall(fold(phrase))) for phrase in entry["words"]
            )
    return {kind: tuple(phrases) for kind, phrases in by_kind.items()}


class _Phrases:
    """A kind's phrases in one language, found as whole runs of words in a text whose words
    are one space apart (:func:`_words`), the longest first at each word: what a regular
    expression of the phrases would find, with nothing to compile at a cold start (a few
    hundred phrases made three patterns cost 10 ms of a cold ``referee ask``)."""

    def __init__(self, phrases: tuple[str, ...]) -> None:
        self.known = frozenset(tuple(phrase.split()) for phrase in phrases)
        self.lengths = sorted({len(words) for words in self.known}, reverse=True)

    def _matches(self, plain: str) -> list[tuple[int, int]]:
        """The runs found, (first word, past the last), left to right, none overlapping."""
        words, found, at = plain.split(), [], 0
        while at < len(words):
            for n in self.lengths:
                if tuple(words[at : at + n]) in self.known:
                    found.append((at, at + n))
                    at += n
                    break
            else:
                at += 1
        return found

    def search(self, plain: str) -> bool:
        words = plain.split()
        return any(
            tuple(words[at : at + n]) in self.known
            for at in range(len(words))
            for n in self.lengths
        )

    def sub(self, plain: str) -> str:
        """``plain`` without the runs found (each a space)."""
        words, kept, at = plain.split(), [], 0
        for start, end in self._matches(plain):
            kept += words[at:start]
            at = end
        return " ".join(kept + words[at:])


@lru_cached(32)
def _pattern(kind: str, lang: str) -> _Phrases | None:
    phrases = _phrases(lang).get(kind, ())
    return _Phrases(phrases) if phrases else None


def _words(text: str) -> str:
    return " ".join(_WORD.findall(fold(text)))


def people_frame(sentence: str, lang: str) -> str | None:
    """``sentence`` without its frame asking about people ("isn't it", "how could you"), or
    None when it has no such frame."""
    pattern = _pattern("people", lang)
    plain = _words(sentence)
    if pattern is None or not pattern.search(plain):
        return None
    return pattern.sub(plain)


def tells_feelings(text: str, lang: str) -> bool:
    """Whether ``text`` tells how people make its writer feel ("an annoying habit")."""
    pattern = _pattern("feelings", lang)
    return pattern is not None and pattern.search(_words(text))


def asks_the_rule(text: str, lang: str) -> bool:
    """Whether ``text`` asks what the rule is ("is that allowed", "who is right"), in words
    no frame asking about people takes ("I don't know what to do or say": a letter's plea, not
    "what to do if the pile is frozen")."""
    pattern = _pattern("rule", lang)
    if pattern is None:
        return False
    plain = _words(text)
    people = _pattern("people", lang)
    return pattern.search(people.sub(plain) if people is not None else plain)


def asks_if_a_denial_is_right(text: str, lang: str) -> bool:
    """Whether ``text`` tells a claim that something may not be done ("the other team said you
    can't go out": kind "denial", or a verb of saying and its "can't", :func:`_says_not`) and
    its last asking sentence asks whether that is right ("Is that right?", "Was she right?":
    kind "is_right", never "who is right"): the act's Yes or No would answer the claim the
    other way round.  A post asking the act too ("... Can we go out with two dirty canastas?
    Is that right?") is answered on the act, but where its "is that right?" comes right after
    the claim ("can I go out by throwing the black 3? Barb says a black three can't be your
    last discard. is that right?": seen in the eighth American posts' dev half, issue 44): on
    the claim then, the act's ruling after the verdict."""
    right, denial = _pattern("is_right", lang), _pattern("denial", lang)
    if right is None or denial is None:
        return False
    if not denial.search(_words(text)) and not _says_not(text, lang):
        return False
    sentences = [s for s in _SENTENCE.split(text) if s.strip()]
    asking = [i for i, s in enumerate(sentences) if asks(s, lang)]
    if not asking or not right.search(_words(sentences[asking[-1]])):
        return False
    if all(right.search(_words(sentences[i])) for i in asking):
        return True  # it asks nothing but whether that is right
    # ... or the act too, then the claim last: "is that right?" right after the claim told
    before = sentences[asking[-1] - 1] if asking[-1] else ""
    return bool(denial.search(_words(before))) or _says_not(before, lang)


# the words at most between a verb of saying and the "can't" it reports ("Barb says a black
# three can't be your last discard")
_SAID_REACH = 8


def _says_not(text: str, lang: str) -> bool:
    """Whether a sentence of ``text`` reports someone saying a thing may not be done: a verb of
    saying (kind "say") and, within :data:`_SAID_REACH` words after it, a negation of may or
    can (kind "negation"), as the claims told are worded past the phrases of kind "denial"
    (seen in the eighth American posts' dev half, issue 44)."""
    say, negation = _pattern("say", lang), _pattern("negation", lang)
    if say is None or negation is None:
        return False
    for sentence in _SENTENCE.split(text):
        plain = _words(sentence)
        for _start, end in say._matches(plain):
            after = " ".join(plain.split()[end : end + _SAID_REACH])
            if negation.search(after):
                return True
    return False


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


def asks_nothing(text: str, lang: str) -> bool:
    """Whether ``text`` is a story that asks nothing: one sentence or several of more than
    :data:`TERSE` words in all (a single sentence only past :data:`~.design.LONG_POST`
    before the real posts' dev part showed one of 18 asking nothing: "X should draw the first
    card of the discard pile, instead he draws another"; and then not one telling what someone
    says, a claim), ending as a told sentence does,
    with no question mark (but a rhetorical one: "Can you believe it?"), no sentence nor
    clause opening with a question word, no phrase asking without a mark ("wondering", "can
    someone tell me", "settle this": kind "asks"), and no rule named in dispute ("against the
    rules", "she said that": kinds "rule" and "dispute")."""
    told = [s for s in _SENTENCE.split(text.strip()) if s.strip()]
    words = len(text.split())
    if words <= TERSE:
        return False  # a query typed in the box ("joker value", "Frozen pile. Two kings.")
    say = _pattern("say", lang)
    if len(told) < 2 and words <= LONG_POST and say is not None and say.search(_words(text)):
        return False  # one sentence telling what someone says: a claim ("My partner says ...")
    told = [s for s in told if not _rhetorical(s, lang)]  # "Can you believe it?" asks nothing
    if not told or not told[-1].rstrip().endswith(_ENDS):
        return False
    rest = " ".join(told)
    if "?" in rest or "¿" in rest:
        return False
    if any(asks(clause, lang) for sentence in told for clause in _CLAUSE.split(sentence)):
        return False
    plain = _words(rest)
    for kind in ("asks", "rule", "dispute"):
        pattern = _pattern(kind, lang)
        if pattern is not None and pattern.search(plain):
            return False
    return True


def _rhetorical(sentence: str, lang: str) -> bool:
    """Whether ``sentence`` is a question that asks nothing ("Can you believe it?", "Who
    knew?": kind "rhetorical"), a few words long."""
    if not sentence.rstrip().endswith("?") or len(sentence.split()) > RHETORICAL:
        return False
    pattern = _pattern("rhetorical", lang)
    return pattern is not None and pattern.search(_words(sentence))


def asks_play(text: str, lang: str) -> bool:
    """Whether ``text``'s asking sentence asks how best to play in a rule question's words
    ("what's the best way to", "do you always": kind "play") and not what one must or may do,
    nor what a thing counts, nor a number (kinds "must" and "rule": "do you always have to
    discard?", "do you usually deal 11 cards?")."""
    sentence = _words(question_sentence(text, lang))
    knack = _pattern("knack", lang)  # "how can you always win?": play, whatever it can do
    if knack is not None and knack.search(sentence) and not any(c.isdigit() for c in sentence):
        return True
    play = _pattern("play", lang)
    if play is None or not play.search(sentence) or any(c.isdigit() for c in sentence):
        return False  # a number asked of ("do you usually deal 11 cards?"): the book's
    return not any(
        pattern is not None and pattern.search(sentence)
        for pattern in (_pattern("must", lang), _pattern("rule", lang))
    )
