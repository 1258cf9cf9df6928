"""A question's situation: the cards, scores, the pile's top card and the moment it asks
about, read from the player's own words.

"We have 2 600 and want to meld K K K and Q Q Q, is that enough to open?" is read as the
moment ``opening``, the score 2 600 and the melds ``K K K`` and ``Q Q Q``; "tři krále a
žolíka" as the meld ``K K K X``.  Cards are read as notation (``K K K 2``, ``KKK2``) and as
words in the six languages; the words are data (``situation.toml``).  Nothing here decides
a rule: :mod:`.judge` hands what was read to the rules core.

In a long post the question is its last sentence asking something (:func:`question_sentence`);
the situation is read from the whole post, as a table tells it: the story, then the question.
What is asked is what the question sentence names; a question that names nothing of the game
("Who's right??", "Is that legal?") asks about the act it refers back to, the last sentence
before it that names something (:func:`ruled_text`).
"""

from __future__ import annotations

import json
import re
import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..caches import lru_cached
from ..i18n import LANGUAGES
from ..rules import Card, Meld, NotationError, Rank, Suit, parse_cards
from . import parsed
from .words import fold

__all__ = [
    "MOMENTS",
    "SENTENCE_BREAK",
    "Situation",
    "asks",
    "question_sentence",
    "read_situation",
    "ruled_text",
    "without_cards",
]

WORDS = Path(__file__).with_name("situation.toml")
# What a question can ask about, in the order a question is tested for them.
MOMENTS = ("play", "opening", "minimum", "pickup", "go_out", "value", "not_value", "meld")

# The words for points, after a number: a meld's points ("160 points", "mit 160 Punkten")
_POINT_WORDS = (
    "pts|points|point|bod|bodu|body|bodů|bodama|punkte|punkten|puntos|punten|punktow|punktów|"
    "punktami|punkty|pkt"
)


# A score: a number of three digits or more, grouped or not ("2600", "2 600", "2.600"),
# or in thousands ("3k", "3.5k"), signed ("-200", "minus 200", "negative 150", "in the hole
# 200"; two digits only so: "-80") or told below zero after it ("200 in the hole").
@lru_cached(1)
def _score() -> re.Pattern[str]:
    """Compiled at the first question holding a digit (:func:`_scores`)."""
    return re.compile(
        r"(?<![\w])(-|−|minus\s+|mínus\s+|menos\s+|negative\s+|neg\s+|in\s+the\s+hole\s+)?"
        r"(\d{1,3}(?:[ .,'\u00a0\u202f]\d{3})+|\d{3,}|0|\d{1,2}(?:[.,]\d)?[kK]|\d{2})(?![\w])"
        r"(\s+(?:in\s+the\s+hole|below\s+zero|under\s+zero|in\s+the\s+minus|in\s+minus))?"
    )


# ... not one told in points ("went down with 130 points"), unless a score of 500 or more
# after a word that tells a score ("we have 2,995 points", "tenemos 500 puntos")
@lru_cached(1)
def _points_after() -> re.Pattern[str]:
    """Compiled at the first score read (:func:`_scores`)."""
    return re.compile(
        r"\s*(?:pts|points|point|bod|bodu|body|punkte|punkten|puntos|punten|punktow|punktów|pkt)"
        r"(?!\w)"
    )


# A run of card notation: ranks (upper case letters, digits 2-10, a joker's * or X) with
# an optional suit, each separated by spaces or commas, or run together ("KKK2").
_SYMBOL = r"(?:10|[2-9]|[AKQJTX*])(?!['’]s(?![a-z]))(?:[shdc♠♥♦♣](?![a-z]))?"
# ... not a number joined to a word ("my 88-year-old mother")
# ... or hyphens, in a run of one rank ("K-K-K-2"); "K's", "9's" are ranks named in words
_NOTATION = re.compile(rf"(?<![\w*]){_SYMBOL}(?:(?:[ ,]|, |-)?{_SYMBOL})*(?![\w*])(?!-\w)")
# A number is cards only as one digit written again and again, and its wild twos ("99", "888",
# "1010", "8882"): "2995" is no run of cards
_DIGITS = re.compile(r"\d+")
_CARD_DIGITS = re.compile(r"(?:([2-9])\1*|(?:10)+)2*")
# What else a question may tell, for the American game's play rules (issue 45's core): the
# moments of situation.toml read besides :data:`MOMENTS`.
TOLD = (
    "discard", "empty_pile", "last_card", "dead", "theirs", "add", "unfinished",
    "wild_canasta", "canasta", "holding", "cost", "mismeld", "taken_back", "short_opening",
    "bonus_cards", "late", "turn_card", "opened_before", "second_side", "stock_out",
    "took_pile", "hand_ends", "against", "frozen_state", "hand_total", "hand_empty",
)  # fmt: skip
# ... and the figures a question may ask for besides a card's value (issue 44, fifth pass)
ASKED_FIGURES = ("gets", "concealed", "target")
# ... and the table's setup: the cards dealt, drawn a turn, the jokers and packs (issue 44,
# :mod:`.judge_table`)
SETUP = ("deal", "draw", "jokers_used", "packs_used")
# ... and six moments of a hand the American tables ask about (issue 44: .judge_moments); the
# last three only say what the others ask of
MOMENT_QUESTIONS = (
    "second_meld", "counts_toward", "ask_partner", "special_hand", "eighth", "no_meld",
    "first_turn", "pile_rest", "binding", "partner_melded", "next_turn", "must", "the_pile",
    "top_card", "taking", "skip_ask", "partner_no", "last_discard",
    "no_discard", "opponents_meld",
)  # fmt: skip
# ... and a special hand, its kind, its pairs natural or not (the American game's), and two
# canastas of one rank asked (issue 44)
FIGURE_WORDS = (
    "special_hand", "special_straight", "special_pairs", "special_garbage", "no_wild",
    "with_wild", "same_rank", "all_threes", "bonus_named", "with_cards",
)  # fmt: skip
# ... and the events of a hand only some games score, which the referee's hand form asks
# (issue 44: judge_hand.hand_event)
EVENT_WORDS = ("undeclared", "acabar_called", "exact_cut", "first_pickup")
_DIGIT_CARD = re.compile(r"(10|[2-9])(s)?")
# a rank's English plural after "a" ("a sevens meld", "a 7s canasta"): the meld's article
_PLURAL_RANK = re.compile(r"(?:[a-z]{3,}|10|[2-9])s")


# Points a meld is told in: a number under 500 and its word, after "with" (or "down") in
# one of the six languages ("went down with exactly 160 points", "mit 160 Punkten"), or after a
# meld told done ("melded exactly 160 points", "laid 160 points": found by the reader's
# rewrites, issue 44); "we need 90 points" is a claim of the minimum, not a meld's points
@lru_cached(1)
def _points_told() -> re.Pattern[str]:
    """Compiled at the first question holding a digit (:func:`_points`)."""
    return re.compile(
        r"(?<!\w)(?:with|down|melded|laid|mit|se|s|con|met|z|ze)\s+(?:(?:exactly|only|just|"
        r"genau|nur|solo|precies|tylko|jen|presne|přesně)\s+)?(\d{2,3})\s*"
        rf"(?:{_POINT_WORDS})(?!\w)",
        re.IGNORECASE,
    )


# ... or without the word, where the number can only be a first meld's points: after the
# verb of going down ("she went down with exactly 125", "opened with 90"), or asked as
# "was 125 enough" (seen in the American posts' dev half, issue 44)
@lru_cached(1)
def _bare_points() -> re.Pattern[str]:
    """Compiled at the first question holding a digit (:func:`_points`)."""
    return re.compile(
        r"(?<!\w)(?:(?:went|go|goes|going|gone|came|come|comes|coming|get|got)\s+down|opened|"
        r"open|opening|melded)\s+with\s+(?:(?:exactly|only|just|a|an)\s+)?(\d{2,3})"
        r"(?![\w,.]?\d)(?!\s*[,+&]?\s*(?:\d|[AKQJX*][AKQJX*\d]*\b|cards?\b|of\b|in\b|x\b))"
        r"|(?<!\w)(?:is|was|are|were|be|s)\s+(?:(?:only|just)\s+)?(\d{2,3})\s+enough(?!\w)"
        # ... or the melds' count told as a sum ("5 5 2 joker plus 3 kings? That's 110 by my
        # count": seen in the twentieth American posts' dev half, issue 44)
        r"|(?<!\w)(?:that['’]?s|that is|total is|comes to|adds up to)\s+(?:(?:only|just)\s+)?"
        r"(\d{2,3})(?![\w,.]?\d)(?!\s*(?:cards?|to win)\b)",
        re.IGNORECASE,
    )


# Where a post's sentences part: after a mark and a space, at a new line, or -- a phone's slip,
# no space typed -- between a word's mark and a capital ("in my hand.Can I", "card?Had":
# found by the reader's rewrites, issue 44)
_CAPITAL = "A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽÄÖÜĄĆĘŁŃŚŹŻ¿¡"
SENTENCE_BREAK = re.compile(
    rf"(?<=[.!?¿¡])\s+|\n+|(?<=[^\W\d_][.!?])(?=[{_CAPITAL}])|(?<=[^\W\d_][.!?][.!?])(?=[{_CAPITAL}])"
    # ... or any letter after a question or exclamation mark ("my last card?had a joker"),
    # which no word holds
    r"|(?<=[^\W\d_][?!])(?=[^\W\d_])"
)
_SENTENCE = SENTENCE_BREAK
# a question quoted in a story ('"Why didn't you ask your partner?" Hope asks.'): the sentence
# asks, though it ends with who asked it
_QUOTED_ASK = re.compile(r"\?[\"”“'’»«]")
_MELDED_POINTS = re.compile(
    r"(?<!\w)(?:melded|laid)\s+(?:(?:exactly|only|just)\s+)?\d{2,3}\s*(?:pts|points)(?!\w)",
    re.IGNORECASE,
)
# A question's scores and points each need a digit (\d, as their patterns read one): most have
# none, and those patterns, compiled when first needed, cost a cold ``referee ask`` 1.3 ms.
_DIGIT = re.compile(r"\d")


class Situation:
    """What a question says of the table: each of its melds (or cards named together), the
    side's match score, the pile's top card, whether the pile is frozen, the cards in hand,
    and the moments its words name (of :data:`MOMENTS`).  A plain class: ``dataclasses``
    costs a cold ``referee ask`` its import of ``inspect``."""

    def __init__(self) -> None:
        self.groups: list[tuple[Card, ...]] = []
        self.score: int | None = None
        self.top: Card | None = None
        self.frozen = False
        self.moments: set[str] = set()
        self.ranks_named: list[Rank] = []  # a rank named alone ("jokers")
        self.red_three = False
        self.black_three = False  # a three named black ("a black 3")
        self.written: list[tuple[Card, ...]] = []  # the groups in notation
        self.on_table: list[tuple[Card, ...]] = []  # ... of them, those told on the table
        self.none_held = False  # ... and the hand told to hold none of a rank ("not a single")
        self.loose = 0  # cards named but not counted ("kings", a lone "8" not the pile's top)
        self.singles: list[Card] = []  # ... of them, those written as one symbol ("a 7")
        self.opened: bool | None = None  # whether the asking side has melded this hand
        self.points: list[int] = []  # points told ("went down with 160 points")
        self.claimed: int | None = None  # a first meld's minimum claimed ("we need 120")
        # the canastas the side is told to have ("with a clean canasta and a dirty one")
        self.canastas: int | None = None
        # the canastas claimed a side needs to go out ("you need two canastas to go out?")
        self.canastas_claimed: int | None = None
        # ... or asked ("how many canastas do you need to go out?")
        self.canastas_asked = False
        # ... by kind, where the post counts each canasta it names by its kind ("one clean
        # canasta and two dirty ones": natural 1, mixed 2); None where one is uncounted
        self.kinds: dict[str, int] | None = None
        self.kind_digits: list[str] = []  # ... the digits that counted them ("2 dirty ones")
        self.wilds_worded = 0  # wild cards named in words ("a joker"): one added to a meld
        # of a post of several sentences, the moments its question sentence names (the story
        # tells the table, the question what is asked), or where it names nothing of the game,
        # those of the act it refers back to (:func:`ruled_text`); None for one sentence
        self.asked: set[str] | None = None
        # whether the post asks with a question mark ("?", "¿"): a Yes on a card's count
        # against its side is given only to a question so marked, never to a story
        self.marked = False
        # ... and that sentence (or act), whose situation alone is :attr:`focus`
        self.focused: tuple[str, str] | None = None
        self._focus: Situation | None = None
        # the post and its language, where it asks more than one question (a figure, then
        # another thing): :func:`earlier_questions` re-reads it asking the earlier ones
        self.post: tuple[str, str] | None = None
        # the sentence read as the one asked (the question itself where it is one sentence)
        self.sentence = ""
        # whether that sentence asks how many or how much ("how many cards do you deal?")
        self.how_asked = False
        self.lang = "en"  # the language it was read in
        # a count told of the cards named before ("black threes ... stuck with three of
        # them"): the one such count, else None
        self.of_them: int | None = None
        # whether the other side is named only as speaking ("the other team says we're off"):
        # the post tells none of their items
        self.theirs_speaking = False
        # whether it tells an attempt ("partner tried twice and had too little"): a failed
        # first meld raises the minimum in some games (czech), by attempts not read
        self.tried = False
        # the melded cards' points the post tells as one figure ("card points in our melds
        # came to 310", "all our cards on the table count 640"): a hand's total asks them
        self.meld_points: int | None = None
        # the cards a player was left holding, listed one by one after the words that say so
        # ("caught with: joker, 2, ace, ace, K, 8, 5 and a black 3"); None where none is listed
        self.hand_listed: list[Card] | None = None
        # whether it names wild cards as such ("wild cards", "wilds", "jokers"): kept apart from
        # the moments, which many a ruling asks to name nothing else
        self.wild_named = False
        # a kind of canasta the sentence asked says going out needs, or goes without: (kind,
        # without) -- "natural", "mixed", "wild" or "special" -- else None
        self.kind_needed: tuple[str, bool] | None = None

    @property
    def focus(self) -> Situation | None:
        """The situation the sentence asked about tells alone (the cards asked about, apart
        from the story's), read when first asked for: most rulings never need it."""
        if self._focus is None and self.focused is not None:
            self._focus = read_situation(*self.focused, focus=False)
            self._focus.tried = self.tried  # an attempt the story tells bears on the minimum
        return self._focus

    @property
    def melds(self) -> list[Meld]:
        return [Meld(cards) for cards in self.groups if len(cards) >= 2]

    def __repr__(self) -> str:
        return f"Situation({self.__dict__!r})"


# The words, parsed once into JSON beside the built indexes (:mod:`.parsed`): tomllib costs
# a cold ``referee ask`` its import; a file whose digest differs from the TOML's is ignored.
BUILT = parsed.built_path(WORDS)


def _digest() -> str:
    return parsed.digest(WORDS)


@lru_cached(1)
def _data() -> dict[str, Any]:
    return parsed.load(WORDS)


def _parse() -> dict[str, Any]:
    return parsed.parse(WORDS)


def write_built() -> list[Path]:
    """Write the words as :data:`BUILT`, and each language's moments' first words
    (:func:`_firsts_path`); the files written."""
    written = [parsed.write(WORDS)]
    digest = _firsts_digest()
    for lang in LANGUAGES:
        firsts = {moment: _firsts(moment, lang) for moment in _data()["moments"]}
        path = _firsts_path(lang)
        text = json.dumps({"digest": digest, "content": firsts}, ensure_ascii=False)
        path.write_text(text + "\n", encoding="utf-8")
        written.append(path)
    return written


def firsts_current() -> bool:
    """Whether each language's built first words are there and made from today's words."""
    return all(_built_firsts(lang) is not None for lang in LANGUAGES)


_TOKEN = re.compile(r"\w+")
_PLAIN = re.compile(r"\w+\*?")  # a phrase's word the tokens can tell is there or not
# ... and a phrase all of whose words (``str.split``'s) are such: one match a phrase, not one
# a word (a cold ``referee ask`` makes some 20 :class:`_Phrases` of 100 phrases each)
_PLAIN_RUN = re.compile(r"\s*(?:\w+\*?(?:\s+|\Z))*")
_SEPARATOR = r"(?:\s+|\s*['’]\s*)"  # "haven t": haven't, haven’t


class _Phrases:
    """Phrases of folded words, a trailing ``*`` matching any ending, words parted by spaces
    or an apostrophe ("haven t" matches "haven't"); searched as one pattern of them all, the
    longest first.

    A text is searched by the pattern of those phrases alone whose every word it holds (a
    word ``w*``: a word of the text beginning with ``w``), which finds what the pattern of
    them all finds -- a phrase's words are whole words of what it matches -- without
    compiling the pattern of them all: compiling the situation's 19 such patterns cost a
    cold ``referee ask`` 35 ms, a third of its time (docs/benchmarks.md).  A text holding
    none of their first words is not searched at all."""

    def __init__(self, words: list[str]) -> None:
        self.phrases = sorted(set(words), key=len, reverse=True)
        self.parts = [phrase.split() for phrase in self.phrases]
        # a phrase with a word the tokens cannot tell (none is today) is always searched
        self.always = [
            i for i, phrase in enumerate(self.phrases) if not _PLAIN_RUN.fullmatch(phrase)
        ]
        self.first: dict[str, list[int]] = {}  # a first word (``w`` or ``w*``) -> its phrases
        spelt = _spellings()
        for i, part in enumerate(self.parts):
            if i not in self.always:
                for first in (part[0], *spelt.get(part[0], ())):
                    self.first.setdefault(first, []).append(i)
        self.exact = frozenset(w for w in self.first if not w.endswith("*"))
        self.starts = tuple(w[:-1] for w in self.first if w.endswith("*"))

    def _pattern(self, text: str) -> re.Pattern[str] | None:
        tokens = text.tokens if isinstance(text, _Words) else frozenset(_TOKEN.findall(text))
        firsts = list(self.exact.intersection(tokens))
        if self.starts:
            begun = [t for t in tokens if t.startswith(self.starts)]
            if begun:
                firsts += [w + "*" for w in self.starts if any(t.startswith(w) for t in begun)]
        if not firsts and not self.always:
            return None
        spelt = _spellings()
        picked = [
            i
            for w in firsts
            for i in self.first[w]
            if all(
                any(t.startswith(word[:-1]) for t in tokens)
                if word.endswith("*")
                else word in tokens or not tokens.isdisjoint(spelt.get(word, ()))
                for word in self.parts[i][1:]
            )
        ]
        if not picked and not self.always:
            return None
        return _compiled(tuple(self.phrases[i] for i in sorted(set(picked + self.always))))

    def search(self, text: str) -> re.Match[str] | None:
        pattern = self._pattern(text)
        return pattern.search(text) if pattern is not None else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        pattern = self._pattern(text)
        return pattern.finditer(text) if pattern is not None else iter(())

    def sub(self, replacement: str, text: str) -> _Words:
        """``text`` with the phrases replaced, as :class:`_Words`: the next patterns
        searching it read its words once (:func:`read_situation` searches some 20)."""
        pattern = self._pattern(text)
        return _Words(pattern.sub(replacement, text) if pattern is not None else text)


class _Words(str):
    """A text that carries its words (``\\w+`` runs), found once for every pattern that
    searches it (:meth:`_Phrases.sub`)."""

    __slots__ = ("tokens",)

    def __new__(cls, text: str) -> _Words:
        made = super().__new__(cls, text)
        made.tokens = frozenset(_TOKEN.findall(text))
        return made


# Kept here: ``re`` keeps only the last 512 patterns compiled, and the long posts' patterns
# outgrew it -- a third of its compiles were of patterns it had dropped, a tenth of a long
# post's time (2026-11-29; kept here on 2026-11-27 it had saved 0.1 %).  The few thousand a
# server meets are some megabytes.
@lru_cached(4096)
def _compiled(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for ``phrases``, tried in their order."""
    spelt = _spellings()
    parts = [
        _SEPARATOR.join(
            re.escape(w[:-1]) + r"\w*"
            if w.endswith("*")
            else "(?:" + "|".join(re.escape(s) for s in (w, *spelt.get(w, ()))) + ")"
            if w in spelt
            else re.escape(w)
            for w in p.split()
        )
        for p in phrases
    ]
    return re.compile(r"(?<!\w)(?:" + "|".join(parts) + r")(?!\w)")


@lru_cached(1)
def _spellings() -> dict[str, tuple[str, ...]]:
    """A word of the phrases -> how players write it in a hurry ("you" -> "u"), every
    language's (situation.toml, ``spellings``)."""
    found: dict[str, tuple[str, ...]] = {}
    for table in _data()["spellings"].values():
        for word, written in table.items():
            found[word] = (*found.get(word, ()), *written)
    return found


def _matcher(words: list[str]) -> _Phrases:
    """The phrases ``words`` as one searchable pattern (:class:`_Phrases`)."""
    return _Phrases(words)


@lru_cached(8)
def _game_pattern(lang: str) -> _Phrases:
    """The game's own name ("in canasta"), the score as a thing of the story ("our score",
    "does the score stand") and the words that only stress ("what do you actually get"):
    none asks about anything."""
    return _matcher(
        [
            p
            for table in ("game", "score_nouns", "fillers")
            for other, phrases in _data()[table].items()
            for p in phrases
            if other == lang or len(p) > 3
        ]
    )


def _phrases(moment: str, lang: str) -> list[str]:
    found = _data()["moments"][moment]
    # the page's language first; another language's phrases too (a Czech question on an
    # English page), those of three letters or more only
    words = list(found.get(lang, []))
    for other, phrases in found.items():
        if other != lang:
            words += [p for p in phrases if len(p) > 3]
    return words


@lru_cached(512)  # some 40 moments' words in six languages: every one kept
def _moment_pattern(moment: str, lang: str) -> _Phrases:
    return _matcher(_phrases(moment, lang))


@lru_cached(512)
def _first_words(moment: str, lang: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The words a moment's phrases begin with, and the beginnings of those written with
    "*": a question holding none of them cannot name the moment."""
    built = _built_firsts(lang)
    found = built.get(moment) if built is not None else None
    exact, starts = found if found is not None else _firsts(moment, lang)
    return frozenset(exact), tuple(starts)


def _firsts(moment: str, lang: str) -> list[list[str]]:
    """The first words of a moment's phrases in ``lang`` (:func:`_phrases`), each once: those
    written whole, and the beginnings of those written with "*"."""
    spelt = _spellings()
    firsts = {
        first
        for phrase in _phrases(moment, lang)
        for first in (phrase.split()[0], *spelt.get(phrase.split()[0], ()))
    }
    return [
        sorted(w for w in firsts if not w.endswith("*")),
        sorted(w[:-1] for w in firsts if w.endswith("*")),
    ]


# Every question tests some 60 moments, each for the first words of its phrases in all six
# languages (2 600 phrases split): 1.3 ms of a cold ``referee ask``, where reading its
# language's, built ahead, costs 0.3.  Built from the words and this module's code (how
# :func:`_phrases` picks them): a file of another digest is ignored, the words split here.
def _firsts_path(lang: str) -> Path:
    return BUILT.with_name(f"situation-firsts-{lang}.json")


def _firsts_digest() -> str:
    return f"{_digest()}-{zlib.crc32(Path(__file__).read_bytes()):08x}"


@lru_cached(8)
def _built_firsts(lang: str) -> dict[str, list[list[str]]] | None:
    """``lang``'s moments' first words (:func:`_firsts`) as built, if current."""
    try:
        built = json.loads(_firsts_path(lang).read_text(encoding="utf-8"))
        current = built.get("digest") == _firsts_digest()
    except (OSError, ValueError, AttributeError):
        return None
    content: dict[str, list[list[str]]] | None = built.get("content")
    return content if current else None


class _Moments:
    """The moments a folded question names.  A moment's pattern is compiled only once the
    question holds a word its phrases begin with: some 40 patterns compiled for every
    question would cost a cold ``referee ask`` some 70 ms."""

    def __init__(self, folded: str, lang: str) -> None:
        self.folded, self.lang = folded, lang
        self.words = frozenset(re.findall(r"\w+", folded))

    def _could(self, moment: str) -> bool:
        exact, starts = _first_words(moment, self.lang)
        if not exact.isdisjoint(self.words):
            return True
        return bool(starts) and any(word.startswith(starts) for word in self.words)

    def named(self, moment: str) -> bool:
        return self._could(moment) and bool(_moment_pattern(moment, self.lang).search(self.folded))

    def positions(self, moment: str) -> list[int]:
        if not self._could(moment):
            return []
        return [m.start() for m in _moment_pattern(moment, self.lang).finditer(self.folded)]


@lru_cached(8)
def _rank_words(lang: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The words for cards: whole words, and beginnings (a word written with "*"); the
    language's own first, another's of four letters or more after it."""
    ranks = _data()["ranks"]
    exact: dict[str, str] = {}
    starts: list[tuple[str, str]] = []
    for language in (lang, *[other for other in ranks if other != lang]):
        for symbol, words in ranks[language].items():
            for word in words:
                if language != lang and len(word.rstrip("*")) < 4:
                    continue  # Czech "es", Spanish "as" only in their own language
                if word.endswith("*"):
                    starts.append((word[:-1], symbol))
                else:
                    exact.setdefault(word, symbol)
    return exact, starts


def _rank_of(word: str, lang: str) -> str | None:
    exact, starts = _rank_words(lang)
    found = exact.get(word)
    if found is not None:
        return found
    return next((symbol for start, symbol in starts if word.startswith(start)), None)


# The words after which a player's cards left in hand are listed ("I got caught with: joker,
# 2, ace, ace, K, 8, 5 and a black 3": seen in the thirty-third, thirty-fifth and thirty-sixth
# American posts' dev halves), up to the sentence's end; each item a card, counted or not
_LISTED_AFTER = re.compile(r"\b(?:caught|stuck|left)(?: holding| with)\b\s*:?|\bholding\s*:", re.I)
_LIST_ITEM = re.compile(r"\s*(?:,|\band\b|&)\s*", re.I)
_SYMBOL_RANK = {"a": "A", "k": "K", "q": "Q", "j": "J", "x": "X", "jkr": "X"}


def _hand_listed(text: str, lang: str) -> list[Card] | None:
    """The cards listed after words telling a player was left holding them (English: a list
    of items, each "[a count] [black|red] rank", as words or symbols); None where there is
    none, or an item is no card -- then the cards are read as everywhere else."""
    found = _LISTED_AFTER.search(text)
    if found is None:
        return None
    end = re.search(r"[.!?\n]|$", text[found.end() :])
    listed = text[found.end() : found.end() + (end.start() if end else 0)]
    if ":" in listed[:48]:
        listed = listed[listed.index(":") + 1 :]  # "caught with cards when LHO went out: ..."
    cards: list[Card] = []
    for item in _LIST_ITEM.split(listed.strip()):
        words = fold(item).split()
        if not words:
            continue
        if len(words) > 1 and len(set(words)) == 1 and _SYMBOL_RANK.get(words[0]) is not None:
            # "A A", "K K": the same card written again is two of them
            cards += [Card(Rank(_SYMBOL_RANK[words[0]]))] * len(words)
            continue
        count = 1
        if len(words) > 1 and (words[0] in ("a", "an") or _count_of(words[0], lang) is not None):
            count = 1 if words[0] in ("a", "an") else _count_of(words[0], lang) or 1
            words = words[1:]
        elif len(words) > 1 and words[0].isdigit() and 1 <= int(words[0]) <= 8:
            count, words = int(words[0]), words[1:]
        colour = None
        if len(words) == 2 and words[0] in ("black", "red"):
            colour, words = words[0], words[1:]
        if len(words) != 1:
            return None
        word = words[0]
        symbol = _SYMBOL_RANK.get(word) or _rank_of(word, lang)
        if symbol is None and re.fullmatch(r"(?:10|[2-9])s?", word):
            symbol = word.rstrip("s")
        if symbol is None:
            return None
        rank = Rank(symbol)
        if rank is Rank.THREE and colour is not None:
            suit = Suit.SPADES if colour == "black" else Suit.HEARTS
            cards += [Card(rank, suit)] * count
        else:
            cards += [Card(rank)] * count
    return cards if len(cards) >= 2 else None


def _count_of(word: str, lang: str) -> int | None:
    counts = _data()["counts"]
    if word in counts.get(lang, {}):
        return int(counts[lang][word])
    for other, table in counts.items():  # another language's count of four letters or more
        if other != lang and len(word) >= 4 and word in table:
            return int(table[word])
    return None


# Counts that are only articles ("draw a card", "een kaart opengelegd"): no count a setup
# question claims
_ARTICLES = frozenset(
    {"a", "an", "single", "pair", "par", "paar", "pare", "para", "een", "ein", "eine", "einen"}
)
_SETUP_TOKEN = re.compile(r"\d{1,3}(?!\d)|[^\W\d_]+")


@lru_cached(8)
def _setup_words(
    lang: str,
) -> tuple[
    dict[str, int], frozenset[str], frozenset[str], frozenset[str], frozenset[str], frozenset[str]
]:
    """:class:`SetupTold`'s words in ``lang``: the counts past ten, the players' nouns, the
    cards', the cards' with the packs' and jokers', the either/or words, the one-word verbs
    of a deal and a draw."""
    data = _data()
    cards = _words_of("card_nouns", lang)
    verbs = frozenset(
        phrase
        for moment in ("deal", "draw")
        for phrase in data["moments"][moment].get(lang, [])
        if " " not in phrase
    )
    return (
        data["setup_counts"].get(lang, {}),
        _words_of("players_nouns", lang),
        cards,
        cards | _words_of("setup_nouns", lang),
        frozenset(data["either_or"].get(lang, [])),
        verbs,
    )


def asks_open(s: Situation) -> bool:
    """Whether the sentence asked holds a question word of its language that asks what, how
    or which, not whether ("What should the bonus number be?"; "Was he allowed" is no "was")."""
    return not _wh_words(s.lang).isdisjoint(_SETUP_TOKEN.findall(fold(s.sentence)))


@lru_cached(8)
def _wh_words(lang: str) -> frozenset[str]:
    return frozenset(_data()["wh_words"].get(lang, []))


def says_either(sentence: str, lang: str) -> bool:
    """Whether ``sentence`` asks which of two ("is it 2000 or 3000?"): an either/or word past
    its first (Polish "czy" opens a yes-or-no question)."""
    said = _SETUP_TOKEN.findall(fold(sentence))
    return not _setup_words(lang)[4].isdisjoint(said[1:])


# A figure written in a sentence: digits, their thousands grouped or not ("2,500", "2.500",
# "2500"), not a card's rank nor a count glued to a word ("7s", "3rd")
_FIGURE_WRITTEN = re.compile(r"(?<![\w,.])(\d{1,3}(?:[,.\u00a0\u202f']\d{3})+|\d+)(?![\w])")


_FIGURES_ADDED = re.compile(r"(?<![\w.,])\d+(?:\s*\+\s*\d+)+(?![\w])")


def figures_claimed(sentence: str, lang: str) -> list[int]:
    """The figures ``sentence`` claims ("aces canasta is worth 2000 right?", "is it still
    500?"), as a question asking whether, not what nor which of two: each number above ten (a
    card's rank is ten at most), once; none in a question naming a question word or two
    answers."""
    if says_either(sentence, lang) or not _wh_words(lang).isdisjoint(
        _SETUP_TOKEN.findall(fold(sentence))
    ):
        return []  # "is it 2000 or 3000?", "we're at 5,200, whats the count?"
    found: list[int] = []
    for match in _FIGURES_ADDED.finditer(sentence):
        # a sum written out ("we get 500+300+200+100 in bonuses": seen in the thirty-fifth
        # American posts' dev half) claims its total
        found.append(sum(int(n) for n in re.findall(r"\d+", match.group(0))))
    for match in _FIGURE_WRITTEN.finditer(_FIGURES_ADDED.sub(" ", sentence)):
        value = int(re.sub(r"\D", "", match.group(1)))
        if value > 10 and value not in found:
            found.append(value)
    return found


def opens_open(sentence: str, lang: str) -> bool:
    """Whether ``sentence`` opens with a question word asking what, when, how ... (``wh_words``),
    not whether."""
    said = _SETUP_TOKEN.findall(fold(sentence))
    return bool(said) and said[0] in _wh_words(lang)


class SetupTold:
    """What a question of the table's setup tells (:mod:`.judge_table`): the counts its asked
    sentence claims of cards, jokers or packs ("do you deal 13?", "draw two", "4 jokers?",
    "11 or 13?"), a count of players apart; the players the post counts ("with 4 people");
    whether the post names cards; whether the sentence is an either/or, or asks an open
    question ("what now?"); whether it holds nothing but counts ("4?", "Two or four?": it
    asks of what the post told before it)."""

    def __init__(self, s: Situation, lang: str) -> None:
        big, players_nouns, cards, nouns, either, verbs = _setup_words(lang)

        def count(word: str) -> int | None:
            if word.isdigit():
                return int(word)
            if word in _ARTICLES:
                return None
            found = big.get(word)
            return int(found) if found is not None else _count_of(word, lang)

        post = _SETUP_TOKEN.findall(fold(s.post[0] if s.post is not None else s.sentence))
        # ... a noun of one word, or two ("4 of us")
        pairs = [f"{a} {b}" for a, b in zip(post[1:], post[2:], strict=False)] + [""]
        self.players: int | None = next(
            (
                n
                for word, after, two in zip(post, post[1:], pairs, strict=False)
                if (after in players_nouns or two in players_nouns)
                and (n := count(word)) is not None
            ),
            None,
        )
        self.cards = not cards.isdisjoint(post)
        said = _SETUP_TOKEN.findall(fold(s.sentence))
        self.only_counts = bool(said) and all(
            count(word) is not None or word in either for word in said
        )
        self.either = not either.isdisjoint(said)
        self.open = not _wh_words(lang).isdisjoint(said)
        self.counts = [
            n
            for i, word in enumerate(said)
            if (n := count(word)) is not None
            and (
                self.only_counts
                or (i + 1 < len(said) and said[i + 1] in nouns)
                or (i > 0 and said[i - 1] in verbs)
            )
        ]


def question_sentence(text: str, lang: str | None = None) -> str:
    """The sentence of a long post that asks: its last one ending in "?" (or starting with
    "¿"), else its last one beginning with a question word of ``lang`` (or another
    language's, of four letters or more), else its last sentence.  A short question is
    itself."""
    sentences = [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()]
    if len(sentences) <= 1:
        return text.strip()
    asking = [s for s in sentences if s.endswith("?") or s.startswith("¿") or _QUOTED_ASK.search(s)]
    if not asking and lang is not None:
        asking = [s for s in sentences if asks(s, lang)]
    found = (asking or sentences)[-1]
    at = max(i for i, s in enumerate(sentences) if s == found)
    if at + 1 < len(sentences) and _gives_example(sentences[at + 1]):
        return f"{found} {sentences[at + 1]}"  # "... 1 wild? like 99 and a 2"
    return found


def _gives_example(sentence: str) -> bool:
    """Whether ``sentence`` gives the example of the question before it ("like 99 and a 2",
    "z. B. K K 2"): it begins with a word that says so, in any of the six languages."""
    words = re.findall(r"[^\W_]+", fold(sentence))
    return any(words[: len(lead.split())] == lead.split() for lead in _example_leads())


@lru_cached(1)
def _example_leads() -> tuple[str, ...]:
    return tuple(w for words in _data()["example_lead"].values() for w in words)


def asks(sentence: str, lang: str) -> bool:
    """Whether ``sentence`` is a question: it ends in "?", starts with "¿", or begins with a
    question word (of ``lang``, or another language's of four letters or more)."""
    text = sentence.strip()
    if text.endswith("?") or text.startswith("¿") or _QUOTED_ASK.search(text):
        return True
    words = [w.strip(",;:") for w in fold(text).split(maxsplit=4)]
    leads = _lead_ins(lang)
    # past a lead-in: "So can I ...", "Ok so can the next person ...", "Question: can I ..."
    # (found by the reader's rewrites, issue 44)
    # ... or an emoji ("😂 Can I pick up the whole pack.")
    word = next(
        (w for w in words[:4] if w not in leads and any(c.isalnum() for c in w)),
        words[-1] if words else "",
    )
    return word in _interrogatives(lang) or _uncontracted(word) in _interrogatives(lang)


def _words_of(table: str, lang: str) -> frozenset[str]:
    """A table of situation.toml's words: ``lang``'s, and the other languages' longer than
    three letters (a short word of another language is too often one of this one's)."""
    found = _data()[table]
    return frozenset(found.get(lang, [])) | {
        word for other, words in found.items() if other != lang for word in words if len(word) > 3
    }


def _theirs_speaking_only(folded: str, lang: str) -> bool:
    """Whether the post names the other side only as speaking ("we wrote 1100 and the other
    team says thats wrong"): a verb of saying (``speaking_words``) within the three words
    after each time it names them -- not their melds, their going out, their cards."""
    says = _words_of("speaking_words", lang)
    named = False
    for match in _moment_pattern("theirs", lang).finditer(folded):
        named = True
        if says.isdisjoint(_TOKEN.findall(folded[match.end() : match.end() + 40])[:3]):
            return False
    return named


@lru_cached(8)
def _lead_ins(lang: str) -> frozenset[str]:
    return _words_of("lead_ins", lang)


_CONTRACTED = re.compile(r"(\w+?)(?:n['’]t|['’](?:s|re|ve|ll|d|m))")
_CONTRACTED_BASE = {"ca": "can", "wo": "will", "sha": "shall"}  # "can't", "won't", "shan't"


def _uncontracted(word: str) -> str:
    """The word a contraction begins with: "what's" -> "what", "isn't" -> "is", "can't" ->
    "can" (a question begun so is asked all the same: "what's an aces canasta worth", found
    by the reader's rewrites, issue 44)."""
    found = _CONTRACTED.fullmatch(word)
    if found is None:
        return word
    return _CONTRACTED_BASE.get(found.group(1), found.group(1))


@lru_cached(8)
def _interrogatives(lang: str) -> frozenset[str]:
    found = _data()["interrogatives"]
    return frozenset(found.get(lang, [])) | {
        word for other, words in found.items() if other != lang for word in words if len(word) > 3
    }


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()]


_CLAUSE_END = re.compile(r"[.,;:!?]")


def _condition_spans(text: str, lang: str) -> list[tuple[int, int]]:
    """Where ``text`` claims a condition in cards ("you have to hold two natural queens",
    "you need a natural pair"): from each phrase of ``condition_cards`` to its clause's end.
    None where folding changed the text's length (the positions would not be the text's)."""
    folded = fold(text)
    if len(folded) != len(text):
        return []
    spans = []
    for match in _condition_pattern(lang).finditer(folded):
        end = _CLAUSE_END.search(folded, match.end())
        spans.append((match.end(), end.start() if end else len(folded)))
    return spans


@lru_cached(8)
def _condition_pattern(lang: str) -> re.Pattern[str]:
    phrases = sorted(_data()["condition_cards"].get(lang, []), key=len, reverse=True)
    if not phrases:
        return re.compile(r"(?!)")
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, phrases)) + r")(?!\w)")


def _partners_no(text: str, lang: str) -> bool:
    """Whether a "no" told (moment ``partner_no``: "she said no") is the partner's: said in a
    sentence naming the partner or asking them, or in the one right after ("I asked my
    partner. She said no.")."""
    told = _sentences(text)
    near = [
        _Moments(fold(sentence), lang).named("ask_partner")
        or bool(_partner_words(lang) & set(re.findall(r"\w+", fold(sentence))))
        for sentence in told
    ]
    return any(
        _Moments(fold(sentence), lang).named("partner_no") and (near[i] or (i and near[i - 1]))
        for i, sentence in enumerate(told)
    )


@lru_cached(8)
def _partner_words(lang: str) -> frozenset[str]:
    return _words_of("partner_words", lang)


# What a sentence may name of the game: the moments and what else a question tells
_NAMEABLE = (
    *(m for m in MOMENTS if m != "minimum"),
    *(t for t in TOLD if t != "theirs"),
    "top", "frozen", "opened", "not_opened", "in_hand", "natural_canasta", "mixed_canasta",
    "no_canasta", "how_much", *ASKED_FIGURES, *MOMENT_QUESTIONS[:9], *SETUP,
)  # fmt: skip


@lru_cached(8)
def _vague_pattern(lang: str) -> _Phrases:
    found = _data()["vague"]
    return _matcher(
        [p for other, phrases in found.items() for p in phrases if other == lang or len(p) > 3]
    )


def _names_game(sentence: str, lang: str) -> bool:
    """Whether ``sentence`` names something of the game: a card or a moment, besides the words
    that only ask for a verdict ("is that legal", "is she right", "mag dat").  A score alone
    ("I say at 3000 you need 155") is a claim about the act, not the act."""
    rest = _scores(sentence)[1]
    groups, singles, rest = _notation(rest)
    if groups or singles:
        return True
    folded = _vague_pattern(lang).sub(" ", _game_pattern(lang).sub(" ", fold(sentence)))
    said = _Moments(folded, lang)
    # "is that allowed or should we have stopped her?" asks the rule, not a matter of play
    play = "play" if asks_rule(sentence, lang) else None
    if any(said.named(moment) for moment in _NAMEABLE if moment != play):
        return True
    worded, alone, red, black, _counted, _ends = _word_cards(rest, lang)
    return bool(worded or alone or red or black)


def asks_rule(sentence: str, lang: str) -> bool:
    """Whether ``sentence`` asks what the book allows ("is that allowed", "is that legal"):
    a question of play asked so is the rules' (situation.toml, ``asks_rule``)."""
    return _Moments(fold(sentence), lang).named("asks_rule")


def ruled_text(text: str, lang: str) -> str:
    """What a post asks to be ruled on: its question sentence (:func:`question_sentence`)
    where that names something of the game; else -- "Who's right??", "Is that legal?", "Mag
    dat?" -- the last sentence before it that does, the act the question refers back to (the
    story's earlier acts are not asked about).  A short question, or one naming nothing
    after a story naming nothing, is its question sentence."""
    sentence = question_sentence(text, lang)
    if sentence == text.strip() or _names_game(sentence, lang):
        return sentence
    sentences = _sentences(text)
    # the question sentence, or it and the example after it (:func:`question_sentence`); not a
    # sentence it only begins with ("😂" before "😂 Is that allowed?": found by the reader's
    # rewrites, issue 44)
    found = [
        i
        for i, s in enumerate(sentences)
        if sentence == s or (i + 1 < len(sentences) and sentence == f"{s} {sentences[i + 1]}")
    ]
    at = found[-1] if found else max(i for i, s in enumerate(sentences) if sentence.startswith(s))
    # an earlier question naming the game first ("Can you put a wild on your 7s. My partner
    # stuck a joker on our 7 7 7 7. Who was right here": the post asks what it asked first,
    # as it does with its question mark; found by the reader's rewrites, issue 44)
    named = [earlier for earlier in sentences[:at] if _names_game(earlier, lang)]
    asking = [earlier for earlier in named if asks(earlier, lang)]
    return (asking or named or [sentence])[-1]


def earlier_questions(text: str, lang: str) -> list[str]:
    """The question a post asks before the one it is ruled on (:func:`ruled_text`), a sentence
    asking that names something of the game, where the post asks two questions (not a list
    of them) and the last begins as a further one ("And ...", "Also ...": situation.toml,
    ``follow_up``): "Sevens canasta is 2500 right? And what if you don't finish it?" asks
    its figure first (seen in the third American posts' dev half, issue 44)."""
    ruled = ruled_text(text, lang)
    first = fold(ruled).split(maxsplit=1)
    if not first or first[0].strip(",;:") not in _data()["follow_up"].get(lang, []):
        return []  # a question of its own ("is an 8 worth 5 or 10? what's wrong with ...?")
    sentences = _sentences(text)
    at = next((i for i, s in enumerate(sentences) if ruled.startswith(s)), None)
    if at is None or sum(asks(s, lang) for s in sentences) > 2:
        return []  # a list of questions ("13 cards or 11? is an 8 worth 5 or 10? ...?")
    return [s for s in reversed(sentences[:at]) if asks(s, lang) and _names_game(s, lang)]


def without_cards(text: str) -> str:
    """``text`` with its scores and its cards written as notation blanked out: what a post
    says besides the cards it lists ("K K K 2 2" names no rule)."""
    rest = _scores(text)[1]
    return _notation(rest)[2]


def _scores(text: str, *, points_told: bool = False) -> tuple[list[int], str]:
    """The scores a question names, and the question with them blanked out (so that the "2"
    of "2 600" is not read as a card).  With ``points_told`` (the post tells its meld by its
    points), a run of one digit after a word of having is the side's score: "Máme 555 a
    vyložili jsme se 10 body" has no cards to be 5 5 5."""
    found: list[int] = []
    ours: list[int] = []  # ... told as the asking side's ("so we're at 3,035"): first
    if not _DIGIT.search(text):  # nothing to read: no pattern of scores compiled
        return found, text

    def blank(match: re.Match[str]) -> str:
        sign, number, below = match.group(1), match.group(2), match.group(3)
        if number[-1] in "kK":  # "3k", "3.5k"
            value = round(float(number[:-1].replace(",", ".")) * 1000)
        else:
            digits = re.sub(r"\D", "", number)
            if len(digits) == 2 and not sign:
                return match.group(0)  # "80": a count or a card's points, not a score
            parts = re.findall(r"\d+", number)  # "999 888": two melds, not 999 888 ...
            runs = _CARD_DIGITS if len(parts) > 1 else _REPEATED
            # ... but "5,555" is a number written with its thousands
            cards = not re.search(r"[.,']", number) and all(runs.fullmatch(p) for p in parts)
            if cards and not (sign or below) and not _score_before(match, told=points_told):
                return match.group(0)  # "999", "4444": cards written together, not a score
            value = int(digits)
        if _points_after().match(match.string, match.end()) and not (
            value >= _TOLD_SCORE and _score_before(match, told=True)
        ):
            return match.group(0)  # a meld's points: "we made 130 points"
        told = (
            ours if _OURS.search(match.string, max(0, match.start() - 24), match.start()) else found
        )
        told.append(-value if sign or below else value)
        return " " * len(match.group(0))

    blanked = _score().sub(blank, text)
    return ours + found, blanked


# The asking side's own score told ("so we're at 3,035 and they're at 3,420", "our score is"):
# read before the others a post lists (a score sheet's hands: seen in the seventh American
# posts' dev half, issue 44)
_OURS = re.compile(
    r"(?:\bwe(?:'|’| a)?re (?:at|on)|\bwe are (?:at|on)|\bour (?:score|total) (?:is )?(?:now )?"
    r"(?:at )?|\bwe(?:'|’| )?ve got|\bwe have)\s*-?\s*$",
    re.IGNORECASE,
)


# The other side's score told as theirs ("they have 5k", "they're at 3,420", "their score is
# 2000"); English only, as the tables who wrote it
_THEIR_SCORE = re.compile(
    r"\b(?:they(?:'|’| a)?re (?:at|on)|they have|they've got|their (?:score|total) is|"
    r"the other (?:team|side) (?:has|is at))\s+(\d+(?:[.,]\d+)?[kK]\b|\d{1,3}(?:,\d{3})+|\d{3,5})",
    re.IGNORECASE,
)


# One digit of a card repeated three to eight times, or such a run and its twos: "999", "4444",
# "8882" (a meld written together; no score ends in 2).  "1010" stays a score.
_REPEATED = re.compile(r"([2-9])\1{2,7}|(?:([3-9])\2+|(?:10)+)2{1,3}")
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[^\w]*$")


def _score_before(match: re.Match[str], *, told: bool = False) -> bool:
    """Whether a word that tells a score comes just before ``match`` ("we're at 555"); with
    ``told``, also a word that has it ("we have 2,995 points")."""
    before = _WORD_BEFORE.search(match.string, 0, match.start())
    if before is None:
        return False
    word = fold(before.group(1))
    return word in _score_words() or (told and word in _HAVING)


# "we have 2,995 points", "máme 2995 bodů": a score told with its points -- from 500 up, as a
# meld's points told are only under it (:func:`_points`): "tenemos 500 puntos" is the score
# (the lead's probes, 2026-11-28 evening); "with" too ("om uit te komen met 3000 punten",
# "mit 3000 Punkten": the lead's probes, 2026-11-28 night)
_TOLD_SCORE = 500
_HAVING = frozenset(
    "have has had got are were is was mame mate maji haben hat hatten tenemos tienen "
    "tenian hebben heeft hadden mamy maja mielismy with mit con met".split()
)


@lru_cached(1)
def _score_words() -> frozenset[str]:
    return frozenset(w for words in _data()["score_before"].values() for w in words)


# The melded cards' points told as one figure, after words that say so ("card points in our
# melds came to 310", "All our cards on the table count 640": seen in the twenty-eighth and
# fourth American posts' dev halves) or before them ("310 in cards"): never a score
_MELD_POINTS = re.compile(
    r"(?:\b(?:card points|points in (?:our|the|their|his|her) (?:melds|cards)|"
    r"(?:cards|melds) on the table (?:count(?:ed)?|came to|come to|totall?ed|added up to)|"
    r"(?:our|the|their) melds? (?:count(?:ed)?|came to|come to|totall?ed|added up to)|"
    r"(?:our|the|their) (?:melded )?cards (?:count(?:ed)?|came to|come to|totall?ed|added up to))"
    r"(?:\s*\([^)]{0,60}\))?(?:\s+(?:to|up to|was|were|is|of|about|exactly|only|just))*\s+"
    r"(\d{2,4}|\d,\d{3}))|"
    r"(?:\b(\d{2,4}|\d,\d{3}) (?:points )?in (?:card points|cards|the melds|our melds)\b)|"
    # "card count on top of that was 340" (the thirty-third American posts' dev half)
    r"(?:\bcard (?:count|points)(?: [a-z]+){0,4}? (?:was|were|is|came to|of) (\d{2,4}|\d,\d{3}))",
    re.IGNORECASE,
)


def _meld_points(text: str) -> tuple[int | None, str]:
    """The melded cards' points the post tells as one figure (:data:`_MELD_POINTS`), and the
    text with that figure blanked out (it is no score); None where it tells none or two."""
    if not _DIGIT.search(text):
        return None, text
    found = list(_MELD_POINTS.finditer(text))
    if len(found) != 1:
        return None, text
    match = found[0]
    group = next(g for g in (1, 2, 3) if match.group(g) is not None)
    start, end = match.span(group)
    return int(match.group(group).replace(",", "")), text[:start] + " " * (end - start) + text[end:]


def _points(text: str) -> tuple[list[int], str]:
    """The points a meld is told in (:func:`_points_told`), and the text with their numbers
    blanked out (so that "45 points" is not read as the cards 4 and 5)."""
    found: list[int] = []
    if not _DIGIT.search(text):  # nothing to read: no pattern of points compiled
        return found, text

    def blank(match: re.Match[str]) -> str:
        value = int(match.group(1))
        if value >= 500:
            return match.group(0)
        found.append(value)
        start, end = match.span(1)
        whole = match.group(0)
        at = start - match.start()
        return whole[:at] + " " * (end - start) + whole[at + end - start :]

    told = _points_told().sub(blank, text)

    def bare(match: re.Match[str]) -> str:
        group = next(g for g in (1, 2, 3) if match.group(g) is not None)
        value = int(match.group(group))
        if not 50 <= value < 500 or value % 5:  # "went down with 10 10 10", "with 99, AA"
            return match.group(0)  # cards: every count of cards is a multiple of 5
        found.append(value)
        start, end = match.start(group) - match.start(), match.end(group) - match.start()
        whole = match.group(0)
        return whole[:start] + " " * (end - start) + whole[end:]

    return found, _bare_points().sub(bare, told)


def _notation(
    text: str,
) -> tuple[list[tuple[int, int, tuple[Card, ...]]], list[tuple[int, Card]], str]:
    """Runs of card notation of two cards or more with their spans (start, end), single cards
    written as a digit, X, K, Q or J with their positions ("a 7 on top", "discards a Q"), and
    the text with the runs blanked out.  A lone capital A or T is a word more often than a
    card.  A run of melds written together, each of one rank ("KKK, QQQ2", "KKK QQQ2 888"), is
    each of them (:func:`_split_run`)."""
    groups = []
    singles = []

    def take(match: re.Match[str]) -> str:
        written = match.group(0)
        begin, finish = match.start(), match.end()
        count = _COUNT_AT_END.search(written)
        after = _NEXT_WORD.match(text, finish)
        if (
            count is not None
            and after is not None
            and _counts_cards(after.group(1))
            # ... but a wild two before a wild card's word is one more card ("2 2 joker")
            and not (written.endswith("2") and _wild_word(fold(after.group(1))) is not None)
        ):
            # "KKK, 3 queens": the run's last digit counts the cards named after it (found by
            # the reader's rewrites, issue 44)
            kept = written[: count.start()]
            return cards_of(kept, begin, begin + len(kept)) + written[len(kept) :]
        return cards_of(written, begin, finish)

    def cards_of(written: str, begin: int, finish: int) -> str:
        if any(not _CARD_DIGITS.fullmatch(d) for d in _DIGITS.findall(written)):
            return written  # "2995", "3-4": numbers, not cards
        try:
            cards = parse_cards(written.replace("*", "X").replace("-", " "))
        except NotationError:
            return written
        if "-" in written and len({c.rank for c in cards if c.is_natural}) != 1:
            return written  # a hyphen joins the cards of one meld only ("K-K-K-2")
        if _counted_plurals(written, cards):
            # "5 7s", "3 Ks, 3 Qs", "Ks, Q Q Q 2": ranks in the plural (and their counts),
            # the rest of the run read apart
            out, at = [], 0
            for plural in [*_PLURAL_S.finditer(written), None]:
                stop = plural.start() if plural is not None else len(written)
                part = _RUN_CORE.search(written, at, stop)
                if part is None:
                    out.append(written[at:stop])
                else:
                    out += [
                        written[at : part.start()],
                        cards_of(part.group(0), begin + part.start(), begin + part.end()),
                        written[part.end() : stop],
                    ]
                if plural is not None:
                    out.append(plural.group(0))
                    at = plural.end()
            return "".join(out)
        if len(cards) == 1:
            # "A" and "T" are words more often; "Q:" is a question ("Q: how much do you
            # lose?": found by the reader's rewrites, issue 44)
            # ... but not after "an" ("holding a jk, an A and two 7s": seen in the third
            # American posts' dev half, issue 44)
            lone_word = written.strip() in ("A", "T") and text[max(0, begin - 3) : begin] != "an "
            # ... nor a digit a card's worth ("5s are 5 each", "50 points for the joker": the
            # eighth American posts' dev half, issue 44)
            following = _NEXT_WORD.match(text, finish)
            worth = following is not None and fold(following.group(1)) in _worth_words()
            # ... nor a limit told ("max is 2 per meld": the ninth American posts' dev half)
            before = re.findall(r"[^\W_]+", fold(text[max(0, begin - 12) : begin]))[-2:]
            worth = worth or bool(set(before) & _limit_words())
            # ... nor a count of cards told before ("five cards, 3 of them wild": seen in the
            # eleventh American posts' dev half, issue 44)
            worth = worth or bool(_OF_THEM.match(text, finish))
            if not lone_word and not worth and not text.startswith(":", finish):
                singles.append((begin, cards[0]))
            return written  # a digit may still be a count: "2 kings"
        # a wild card named in words right after the run is one more of its cards: "2 2 joker"
        after = _NEXT_WORD.match(text, finish)
        wild = _wild_word(fold(after.group(1))) if after is not None else None
        parts = _split_run(written) or [(0, len(written), cards)]
        if after is not None and wild is not None:
            start, _end, last = parts[-1]
            parts[-1] = (start, after.end(1) - begin, (*last, _wild_card(wild)))
            trailing.append((after.start(1), after.end(1)))
        for start, end, part in parts:
            groups.append((begin + start, begin + end, part))
        return " " * len(written)

    trailing: list[tuple[int, int]] = []
    blanked = _NOTATION.sub(take, text)
    for start, end in trailing:
        blanked = blanked[:start] + " " * (end - start) + blanked[end:]
    return groups, singles, blanked


# ... and after them ("a canasta of fives", "a meld in kings"): the meld's rank
_MELD_OF = re.compile(r".*\b(?:of|in)\s")
# Before cards told in words, the words that say they are not held ("I don't have a single
# jack", "not one king"): English, as the posts that said it
_NOT_HELD = re.compile(
    r"(?:\b(?:don['’ ]?t|didn['’ ]?t|do not|did not|doesn['’ ]?t|never)\s+"
    r"(?:have|had|hold|held|holding|got)\s+(?:a\s+|any\s+|one\s+)?(?:single\s+)?"
    r"|\bnot\s+(?:a|one)\s+(?:single\s+)?)$"
)
# Before cards told in words, the words that sum up those told before ("that's three wild
# cards", "so that's 4 naturals")
_SUMMED = re.compile(r"\bthat(?:['’ ]?s| is)\s+$")
# The words that make a rank before them a meld's ("a queen meld", "a king canasta")
_MELD_NOUNS = frozenset({"meld", "canasta", "book"})
_NEXT_WORD = re.compile(r"(?:[ ,]+|\s*\+\s*)([^\W\d_]+)")
# Right after a meld written, the words that put it on the table ("9 9 9 jkr on the table",
# "KKK already down"; "KK + jkr on the table": its wild card between), in the six languages
_ON_TABLE = re.compile(
    r"(?:\s*(?:\+|with|and)\s*(?:a\s+)?(?:jkr|jk|joker|deuce|wild|x|2)\b)?"
    r"\W*(?:(?:already|still|all|sitting|lying|laid|down)\s+)*(?:on the table|on the board|"
    r"already down|na stole|auf dem tisch|en la mesa|op tafel|na stol)\b"
)
# ... a count, in digits or words, before them ("three of them"), in a folded text
_COUNT_OF_THEM = re.compile(
    r"\b(\w+)\s+(?:of\s+(?:them|those|em)|z\s+nich|davon|de\s+ell[oa]s|ervan|van\s+hen)\b"
)
# "3 of them", "3 z nich", "3 davon", "3 de ellos", "3 ervan": a count of the cards told before
_OF_THEM = re.compile(
    r"\s+(?:of\s+(?:them|those|these|which|em)|z\s+nich|davon|de\s+ell[oa]s|ervan|van\s+hen)\b",
    re.IGNORECASE,
)


@lru_cached(1)
def _limit_words() -> frozenset[str]:
    """The words before a number that make it a limit, not a card ("max is 2")."""
    return frozenset(w for words in _data()["limit_before"].values() for w in words)


@lru_cached(1)
def _worth_words() -> frozenset[str]:
    """The words after a number that make it a worth, not a card ("5 each", "5 points")."""
    return frozenset(w for words in _data()["worth_after"].values() for w in words)


_COUNT_AT_END = re.compile(r"[ ,]+[1-8]$")
# "as": the Spanish and Polish ace's singular, the English conjunction; after a count of two
# or more never the ace (their plurals are "ases", "asy"): "5 5 5 5 jkr jkr 2 as a new meld"
# keeps its 2 (seen in the seventeenth American posts' dev half, issue 44)
_NEVER_COUNTED = frozenset({"as"})


def _counts_cards(word: str) -> bool:
    """Whether ``word``, after a digit, names what the digit counts: cards by rank in any of
    the six languages ("queens", "Könige", "9s"), or a count's noun ("cards", "naturals")."""
    folded = fold(word)
    if folded in _NEVER_COUNTED:
        return False
    if folded in _count_nouns() or re.fullmatch(r"(?:10|[2-9]|[akqj])['’]?s", folded):
        return True
    return any(
        folded == said or (said.endswith("*") and folded.startswith(said[:-1]))
        for table in _data()["ranks"].values()
        for words in table.values()
        for said in words
        if len(said.rstrip("*")) > 3
    )


_PLURAL_S = re.compile(r"(?:10|[2-9AKQJ])s(?=$|[ ,-])")


_RUN_CORE = re.compile(r"[^ ,-](?:.*[^ ,-])?")


def _counted_plurals(written: str, cards: tuple[Card, ...]) -> bool:
    """Whether a run of notation is counts and ranks in the plural ("5 7s", "3 Ks, 3 Qs"):
    some of its cards have no suit, and the others are spades written at a word's end, where
    a player's "s" is a plural (found by the reader's rewrites, issue 44).  "7s8s9s" and "3s
    3c" are suits."""
    suits = {card.suit for card in cards}
    if None not in suits or suits - {None, Suit.SPADES}:
        return False
    spades = sum(1 for card in cards if card.suit is Suit.SPADES)
    return 0 < spades == len(_PLURAL_S.findall(written))


def _wild_card(wild: str) -> Card:
    return Card(Rank.JOKER if wild == "X" else Rank.TWO)


def _split_run(written: str) -> list[tuple[int, int, tuple[Card, ...]]] | None:
    """A run that lists melds, each of one rank ("KKK, QQQ2", "KKK QQQ2 888", "K K K, Q Q
    Q"): each meld with its span in ``written``; None for a run that is one meld or a
    sequence ("K K K 2", "K K Q Q", "4 5 6").  The melds are its parts between commas, or
    else its words written together, where every part holds two cards or more of one
    natural rank (and its wild cards) and two parts differ in rank."""
    if "," in written:
        return _melds_of(written, _rank_spans(written))
    words = [(m.start(), m.end()) for m in re.finditer(r"\S+", written)]
    found = _melds_of(written, words)
    if found is None and any(len(_ONE_SYMBOL.findall(written[a:b])) > 1 for a, b in words):
        # "KKK Q Q Q 2": a meld written together beside one spaced, parted where the rank
        # changes (found by the reader's rewrites, issue 44); "K K Q Q" stays one run
        found = _melds_of(written, _rank_spans(written, spaced=True))
    return found


_ONE_SYMBOL = re.compile(_SYMBOL)


def _rank_spans(written: str, *, spaced: bool = False) -> list[tuple[int, int]]:
    """The spans of a run with commas, parted where the natural rank changes at a comma
    ("KKK, QQQ2", "K,K,K, Q,Q,Q,2", "K K K, Q,Q,Q,2": however each meld is written, found by
    the reader's rewrites, issue 44), wild cards with the cards before them; one span where
    the rank changes without a comma ("K K Q Q, 2"); with ``spaced``, at a space too."""
    spans: list[list[int]] = []
    rank: Rank | None = None
    for match in _ONE_SYMBOL.finditer(written):
        symbol = match.group(0)[:-1] if match.group(0)[-1] in "shdc♠♥♦♣" else match.group(0)
        card_rank = Rank.JOKER if symbol in "X*" else Rank("10" if symbol == "T" else symbol)
        natural = card_rank not in (Rank.JOKER, Rank.TWO)
        if spans and (not natural or rank in (None, card_rank)):
            spans[-1][1] = match.end()
        elif spans and not (
            "," in written[spans[-1][1] : match.start()]
            or (spaced and written[spans[-1][1] : match.start()].isspace())
        ):
            return [(0, len(written))]
        else:
            spans.append([match.start(), match.end()])
        rank = card_rank if natural else rank if spans[-1][0] < match.start() else None
    return [(start, end) for start, end in spans]


def _melds_of(
    written: str, spans: list[tuple[int, int]]
) -> list[tuple[int, int, tuple[Card, ...]]] | None:
    """The melds at ``spans`` of a run, each of two cards or more of one natural rank (and its
    wild cards), two of them of different ranks; else None."""
    if len(spans) < 2:
        return None
    parts = []
    named: set[Rank] = set()
    for start, end in spans:
        try:
            cards = parse_cards(written[start:end].replace("*", "X"))
        except NotationError:
            return None
        ranks = {card.rank for card in cards if card.is_natural}
        if len(cards) < 2 or len(ranks) != 1:
            return None
        parts.append((start, end, cards))
        named.add(ranks.pop())
    return parts if len(named) >= 2 else None


def _wild_word(word: str) -> str | None:
    """ "X" where ``word`` names a joker, "2" a wild card, in any of the six languages."""
    for table in _data()["ranks"].values():
        for symbol in ("X", "wild"):
            for said in table.get(symbol, []):
                if word == said or (said.endswith("*") and word.startswith(said[:-1])):
                    return "X" if symbol == "X" else "2"
    return None


def _card(symbol: str, colour: str | None) -> Card:
    if symbol == "wild":
        symbol = "2"
    if symbol == "3":
        return Card(Rank.THREE, Suit.HEARTS if colour == "red" else Suit.SPADES)
    return Card.from_symbol(symbol)


def _word_cards(
    text: str, lang: str
) -> tuple[list[tuple[int, tuple[Card, ...]]], list[tuple[int, Rank]], bool, bool, set[int]]:
    """Cards named in words with their positions: "three kings" (K K K), "a joker" (X); the
    ranks named without a count ("is a joker worth"); whether a red three, a black three is
    named."""
    data = _data()
    between = set(data["between"].get(lang, [])) | {
        w for ws in data["between"].values() for w in ws if len(w) > 3
    }
    black, red = set(data["colours"]["black"]), set(data["colours"]["red"])
    tokens = [(m.start(), fold(m.group(0)), m.end()) for m in re.finditer(r"[^\W_]+", text)]
    nouns = _count_nouns()
    out: list[tuple[int, tuple[Card, ...]]] = []
    alone: list[tuple[int, Rank]] = []
    red_three = black_three = False
    counted: set[int] = set()  # where a digit was read as a count ("2 kings")
    ends: dict[int, int] = {}  # where the words of each card told end
    i = 0
    while i < len(tokens):
        position, word, _end = tokens[i]
        count = _count_of(word, lang)
        if word.isdigit() and 1 <= int(word) <= 8 and i + 1 < len(tokens):
            count = count or int(word)
        if count is not None and i and tokens[i - 1][1] in _limit_words():
            i += 1  # "more than two wilds", "max 2 jokers": a limit, no cards
            continue
        colour = None
        j = i + 1 if count is not None else i
        while j < len(tokens) and j - i <= 3 and tokens[j][1] in between:
            colour = "black" if tokens[j][1] in black else "red" if tokens[j][1] in red else colour
            j += 1
        if j >= len(tokens):
            i += 1
            continue
        symbol = _rank_of(tokens[j][1], lang)
        if symbol is None and colour is not None and tokens[j][1] in ("3", "2"):
            symbol = tokens[j][1]  # a colour before a digit: "a black 3", "zwei rote 3"
            counted.add(tokens[j][0])  # ... the digit is this card, not another one
        digit = _DIGIT_CARD.fullmatch(tokens[j][1])
        # "K's", "9's": a rank in the plural
        plural = text[tokens[j][2] : tokens[j][2] + 2] in ("'s", "’s")
        if symbol is None and plural and tokens[j][1] in ("a", "k", "q", "j"):
            symbol = tokens[j][1].upper()
        if symbol is None and text[tokens[j][0] : tokens[j][2]] in ("Ks", "Qs", "Js"):
            symbol = tokens[j][1][0].upper()  # "two Ks": a rank in the plural, as "K's"
            counted.add(tokens[j][0])  # ... not a king of spades
        if symbol is None and digit and (count is not None or digit.group(2) or plural):
            # a card written as its digit after a count ("one 9", "two 9s"), or in the plural
            # ("9s"): a rank, not a card of spades
            symbol = digit.group(1)
            counted.add(tokens[j][0])
        if symbol is None and count == 1 and (j == i + 1 or colour is not None):
            # a numeral's singular after "a": "a seven", "a two"
            value = _count_of(tokens[j][1], lang)
            if tokens[j][1] in data["pair"]:
                value = None  # "a pair (of kings)": a count of two, not a two
            # ... up to "a ten" ("a nine and a four": seen in the seventh American posts' dev
            # half, issue 44), not where a count noun follows ("a nine card hand")
            noun_next = j + 1 < len(tokens) and tokens[j + 1][1] in nouns
            top = 8 if noun_next else 10
            symbol = str(value) if value is not None and 2 <= value <= top else None
        if symbol is None and count is None and colour is not None and j > i:
            # a colour before the numeral, no count: one card ("black three on top of the
            # pile": seen in the fifth American posts' dev half, issue 44)
            if _count_of(tokens[j][1], lang) == 3:
                symbol, count = "3", 1
                definite = set(data["definite"].get(lang, ()))
                again = word in definite or (i > 0 and tokens[i - 1][1] in definite)
                if again and any(c == _card("3", colour) for _, cards in out for c in cards):
                    i = j + 1  # "the black three": the one told before, not another
                    continue
        if symbol is None and word.isdigit() and i + 1 < len(tokens) and tokens[i + 1][1] in nouns:
            counted.add(position)  # "2 naturals and 1 wild": a count, no card "2"
        if symbol is None:
            i += 1
            continue
        article = count == 1 and word in ("a", "an") and j == i + 1
        # ... or its singular ("we already had a queen meld down": seen in the seventeenth
        # American posts' dev half, issue 44)
        meld_after = j + 1 < len(tokens) and tokens[j + 1][1] in _MELD_NOUNS
        if article and (_PLURAL_RANK.fullmatch(tokens[j][1]) or meld_after):
            # "a sevens meld", "a kings canasta": the article is the meld's, the rank is named
            # alone (the lead's probes, 2026-11-29: "Can I play a 7 on the discard pile if we
            # have a sevens meld?" read a meld of two sevens)
            count = None
        if symbol == "3" and colour == "red":
            red_three = True
        if j + 1 < len(tokens) and tokens[j + 1][1] in red | black:  # "tres rojo"
            colour = "red" if tokens[j + 1][1] in red else "black"
            red_three = red_three or (symbol == "3" and colour == "red")
        black_three = black_three or (symbol == "3" and colour == "black")
        if count is None and tokens[j][1] in data["one"].get(lang, ()):
            count = 1  # "a žolíka": one joker
        if count is None:  # "jokers", "kings": a rank named, no cards counted
            # ... not a worth told ("jokers 50, deuces 20, aces 20... what's a black three
            # worth": seen in the eighteenth American posts' dev half, issue 44)
            worth = j + 1 < len(tokens) and tokens[j + 1][1].isdigit() and len(tokens[j + 1][1]) > 1
            if symbol != "wild" and not worth:
                alone.append((position, _card(symbol, colour).rank))
            i = j + 1
            continue
        if symbol in ("wild", "X") and _CANASTA_WORD.match(
            " ".join(w for _, w, _e in tokens[j + 1 : j + 3] if w not in ("card", "cards"))
        ):
            # "a wild card canasta", "a joker canasta": the canasta's kind, no card (seen in the
            # thirteenth American posts' dev half, issue 44)
            i = j + 1
            continue
        out.append((position, tuple(_card(symbol, colour) for _ in range(min(count, 8)))))
        ends[position] = tokens[j][2]
        if word.isdigit():
            counted.add(position)
        i = j + 1
    return out, alone, red_three, black_three, counted, ends


def _after_definite(text: str, position: int, lang: str) -> bool:
    """Whether the word just before ``position`` in ``text`` is a definite one ("the 3")."""
    before = re.findall(r"[^\W_]+", fold(text[max(0, position - 8) : position]))
    return bool(before) and before[-1] in _data()["definite"].get(lang, ())


@lru_cached(1)
def _count_nouns() -> frozenset[str]:
    return frozenset(w for words in _data()["count_nouns"].values() for w in words)


def _not_told_again(
    told: list[tuple[int, tuple[Card, ...]]], asked_at: int
) -> list[tuple[int, tuple[Card, ...]]]:
    """The cards told in words, without those the sentence asked (from ``asked_at``) names
    again as the story told them just before ("Jean had one queen and a joker in her hand
    ... Can she take it with one queen and a joker?": the same two cards; seen in the
    seventeenth American posts' dev half, issue 44)."""
    if asked_at <= 0:
        return told
    story = sorted(((p, c) for p, c in told if p < asked_at), key=lambda item: item[0])
    again = sorted(((p, c) for p, c in told if p >= asked_at), key=lambda item: item[0])
    if not again or len(again) > len(story):
        return told
    last = Counter(c for _p, c in story[-len(again) :])
    if last != Counter(c for _p, c in again):
        return told
    return story


def _blocks_told_once(
    told: list[tuple[int, tuple[Card, ...]]],
) -> list[tuple[int, tuple[Card, ...]]]:
    """The cards told in words, without a later run of two or three of them that names the
    same cards as an earlier run ("I had one natural 9 and a joker in my hand ... said I
    couldn't pick up the pack with just one nine and a joker": one nine and one joker; seen in
    the eighteenth American posts' dev half, issue 44)."""
    ordered = sorted(told, key=lambda item: item[0])
    cards = [c for _p, c in ordered]
    dropped: set[int] = set()
    for size in (3, 2):
        for i in range(len(cards) - size + 1):
            block = Counter(cards[i : i + size])
            for j in range(i + size, len(cards) - size + 1):
                spots = set(range(j, j + size))
                if not spots & dropped and Counter(cards[j : j + size]) == block:
                    dropped |= spots
    return [item for k, item in enumerate(ordered) if k not in dropped]


def _attach_wilds(
    text: str,
    lang: str,
    runs: list[tuple[int, int, tuple[Card, ...]]],
    worded: list[tuple[int, tuple[Card, ...]]],
    ends: dict[int, int],
) -> tuple[list[tuple[Card, ...]], list[tuple[int, tuple[Card, ...]]]]:
    """The melds written in notation, each with the wild cards told right after it and
    joined to it by a word ("888 with a joker", "99 and a 2", "J J J J with 2, 2 and a
    joker"), and the cards told in words that are left."""
    melds: list[list[Any]] = []  # [start, end, cards]
    for start, end, cards in runs:
        if melds and all(c.is_wild for c in cards) and _joins(text[melds[-1][1] : start], lang):
            melds[-1][1:] = [end, (*melds[-1][2], *cards)]
        else:
            melds.append([start, end, cards])
    left = []
    for position, cards in worded:
        if all(c.is_wild for c in cards):
            before = [m for m in melds if m[1] <= position]
            if before and _joins(text[before[-1][1] : position], lang):
                before[-1][1:] = [ends.get(position, position), (*before[-1][2], *cards)]
                continue
            # ... or told just before a meld in notation, no meld told in words before them:
            # "I have 2 jokers, KKK, QQQ"
            after = [m for m in melds if m[0] >= ends.get(position, position)]
            natural_before = any(p < position and not all(c.is_wild for c in w) for p, w in worded)
            if (
                after
                and not natural_before
                and _joins(text[ends.get(position, position) : after[0][0]], lang)
            ):
                after[0][2] = (*after[0][2], *cards)
                continue
        left.append((position, cards))
    return [tuple(cards) for _start, _end, cards in melds], left


_GAP = re.compile(r"[\s,+&]+")


def _joins(gap: str, lang: str) -> bool:
    """Whether ``gap``, the words between a meld and a wild card told after it, joins them:
    a few of the language's joining words ("with", "and", "plus"), or none ("K K K, 2")."""
    if any(mark in gap for mark in ".!?;:"):
        return False
    words = [w for w in _GAP.split(fold(gap)) if w]
    return len(words) <= 2 and all(w in _joiners(lang) for w in words)


@lru_cached(8)
def _joiners(lang: str) -> frozenset[str]:
    return _words_of("joiners", lang)


# "books": what some tables call their canastas ("two books closed": the lead's probes,
# 2026-11-29)
_CANASTA_WORD = re.compile(r"^(?:canast|kanast|books?$)")
# "Only one canasta so far, can my partner go out?": the count after a leading "only" (the
# lead's probes, 2026-11-28 night)
_ONLY = frozenset(
    "only just still jen jenom uz nur erst noch solo solamente apenas alleen pas tylko".split()
)
_ANOTHER = frozenset("one ones jedna jednu jednou eine einen una uno een jedna jedno".split())
# "... and one of kings": another canasta, of a rank (the lead's probes, 2026-11-29)
_OF = frozenset("of z ze von de van".split())
_AND = frozenset("and a und y en i oraz".split())
# "both our canastas": two (the ninth American posts' dev half, issue 44)
_BOTH = frozenset("both beide beiden ambas ambos obe oba obie".split())
# after a canasta's kind said as the canasta itself: "in" or "of" its rank, or "one"; and the
# side's own one ("our clean one")
_OUR = frozenset("our my nasi nasu unsere unseren nuestra nuestro onze nasza nasze".split())
_KIND_NOUN_AFTER = frozenset("in of one ones v ve z ze aus von en de van uit w".split())


def _canastas_told(sentence: str, lang: str) -> int | None:
    """The canastas ``sentence`` tells a side has: after a word of having ("with", "we had")
    or at the sentence's start, each count followed within four words by a word for a
    canasta ("one clean canasta of kings", "1 natural and 1 mixed canasta", "two canastas")
    or, after the first, by "one" ("a clean canasta and a dirty one"); None where it tells
    none.  Not a rule claimed ("you have to have two canastas", "unless you have two")."""
    data = _data()
    # another language's word of two letters or fewer is too often a piece of this one's
    # (Czech "s", "with", is the "s" of "my sister's")
    having = {
        w
        for other, ws in data["canastas_having"].items()
        for w in ws
        if other == lang or len(w) > 2
    }
    claims = {w for ws in data["canastas_claim"].values() for w in ws}
    conditions = {w for ws in data["canastas_condition"].values() for w in ws}
    words = re.findall(r"[^\W_]+", fold(sentence))

    def count(word: str) -> int | None:
        if word in _BOTH:
            return 2  # "both our canastas"
        found = _count_of(word, lang)
        return int(word) if found is None and word.isdigit() and int(word) < 10 else found

    kinds = _kind_words(lang)

    anchors = [
        i
        for i, w in enumerate(words)
        if w in having
        and not (i and words[i - 1] in claims)
        and not (i + 1 < len(words) and words[i + 1] in claims)  # "have to"
        and not conditions & set(words[max(0, i - 3) : i])  # "unless you have two"
    ]
    lead = 1 if words and words[0] in _ONLY else 0
    if len(words) > lead and count(words[lead]) is not None:
        anchors.insert(0, lead - 1)  # "Two canastas on our side", "Only one canasta so far"
    for anchor in anchors:
        total = 0
        # a kind is the canasta itself only where no word for a canasta follows (else it
        # describes one counted: "only one book closed on our side, a mixed in 6s")
        kind_nouns = not any(_CANASTA_WORD.match(w) for w in words[anchor + 1 :])
        kinded = False  # whether the canastas counted were told by kind ("one clean canasta")
        for i in range(anchor + 1, min(anchor + 16, len(words))):
            if kind_nouns and words[i] in _OUR and words[i + 1 : i + 2] and words[i + 1] in kinds:
                if words[i + 2 : i + 3] == ["one"]:
                    total += 1  # "our clean one": one canasta, the side's own
                continue
            n = count(words[i])
            if n is None:
                continue
            if total and not kinded and _CANASTA_WORD.match(words[i - 1]):
                # the canastas just counted, described ("one canasta, a clean one", "two
                # canastas, a clean one and a dirty one"): no more of them (the lead's probes,
                # 2026-11-29: "only one canasta, a clean one" was two, and going out a Yes)
                break
            ahead = words[i + 1 : i + 6]
            if any(_CANASTA_WORD.match(w) for w in ahead) or (total and _ANOTHER & set(ahead)):
                total += n
                kinded = kinded or bool(kinds & set(ahead[:2]))
            elif (
                kind_nouns and len(ahead) > 1 and ahead[0] in kinds and ahead[1] in _KIND_NOUN_AFTER
            ):
                # a kind said as the canasta itself ("a natural in 10s and a mixed in jacks":
                # seen in the ninth American posts' dev half, issue 44)
                total += n
            elif (
                kinded
                and (words[i - 1] in _AND or _CANASTA_WORD.match(words[i - 1]))
                and ahead[:1]
                and ahead[0] in kinds
            ):
                # "one natural canasta and one mixed" (the lead's probes, 2026-11-29), or listed
                # on ("2 clean canastas, 1 dirty": the fourth American posts' dev half); not the
                # canastas counted described ("both our canastas done, a clean queens and a
                # dirty 9s": seen in the ninth American posts' dev half, issue 44)
                total += n
            elif (
                total
                and words[i] in _ANOTHER
                and ahead[:1]
                and ahead[0] in _OF
                and (words[i - 1] in _AND)
            ):
                total += n  # "a canasta of queens and one of kings"
        if total:
            return total
    return None


def _canastas_counted(text: str, lang: str) -> int | None:
    """The canastas ``text`` counts where each word for a canasta has its count right before
    it, a kind's word between at most ("2 canastas", "one clean canasta", "no canasta": 0);
    None where one has none ("the canastas")."""
    words = re.findall(r"[^\W_]+", fold(text))
    kinds = _kind_words(lang)
    none = {w for ws in _data()["canastas_none"].values() for w in ws}
    total, found = 0, False
    for j, word in enumerate(words):
        if not _CANASTA_WORD.match(word):
            continue
        at = j - 2 if j >= 2 and words[j - 1] in kinds else j - 1
        before = words[at] if at >= 0 else ""
        n = _count_of(before, lang)
        if n is None and before.isdigit() and int(before) < 10:
            n = int(before)
        if n is None and before in none:
            n = 0
        if n is None:
            return None
        total, found = total + n, True
    return total if found else None


def _canastas_claimed(sentence: str, lang: str) -> int | None:
    """The canastas ``sentence`` claims a side needs to go out ("you need two canastas to go
    out, right?", "don't you have to have 2 canastas?", "musí mít dvě kanasty?"): a count
    within four words after a word of needing (or "have to"), a word for a canasta within
    three after it; None where it claims none, or asks how many."""
    data = _data()
    claims = {w for ws in data["canastas_claim"].values() for w in ws if " " not in w} - {"to"}
    asked = {w for ws in data["canastas_count_asked"].values() for w in ws}
    words = re.findall(r"[^\W_]+", fold(sentence))
    if asked & set(words):
        return None  # a count asked, not claimed
    for i, w in enumerate(words):
        if not (w in claims or (w == "to" and i and words[i - 1] in {"have", "has", "had"})):
            continue
        for j in range(i + 1, min(i + 5, len(words))):
            n = _count_of(words[j], lang)
            if n is None and words[j].isdigit() and int(words[j]) < 10:
                n = int(words[j])
            if n is not None and any(_CANASTA_WORD.match(x) for x in words[j + 1 : j + 4]):
                return n
    return None


def _canastas_asked(sentence: str) -> bool:
    """Whether ``sentence`` asks how many canastas ("how many canastas do u need to go out?",
    "kolik kanast je potřeba?"): a word asking a count, a word for a canasta within three
    after it."""
    asked = {w for ws in _data()["canastas_count_asked"].values() for w in ws}
    words = re.findall(r"[^\W_]+", fold(sentence))
    return any(
        w in asked and any(_CANASTA_WORD.match(x) for x in words[i + 1 : i + 4])
        for i, w in enumerate(words)
    )


_KIND_MOMENTS = ("natural_canasta", "mixed_canasta")


def _canasta_kinds(folded: str, lang: str) -> tuple[dict[str, int] | None, list[str]]:
    """Each kind of canasta ``folded`` names, counted: the count before each phrase of a
    kind ("one clean canasta", "2 dirty canastas", "eine ... reinen Canasta") or the phrase's
    own article ("a clean one"); None where a phrase has no count before it or a canasta is
    named of no kind ("two canastas, one clean"): the figure would depend on it.  Beside them,
    the digits that counted (the notation reads a lone "2" as a card)."""
    kinds: dict[str, int] = {}
    digits_used: list[str] = []
    covered = 0
    rest = folded
    for moment in _KIND_MOMENTS:
        for match in _moment_pattern(moment, lang).finditer(folded):
            rest = rest[: match.start()] + " " * len(match.group()) + rest[match.end() :]
            said = re.findall(r"[^\W_]+", match.group())
            before = re.findall(r"[^\W_]+", folded[: match.start()])[-1:]
            counted = [w for w in (*before, said[0]) if _count_of(w, lang) is not None]
            # a digit before the phrase, or its own ("1 dirty one")
            digits = [w for w in (*before, said[0]) if w.isdigit() and 0 < int(w) < 10]
            if digits:
                n = int(digits[0])
                digits_used.append(digits[0])
            elif counted:
                n = _count_of(counted[0], lang) or 0
            else:
                return None, []
            kinds[moment] = kinds.get(moment, 0) + n
            covered += sum(1 for w in said if _CANASTA_WORD.match(w))
    named = sum(1 for w in re.findall(r"[^\W_]+", folded) if _CANASTA_WORD.match(w))
    # a kind's word outside its phrases ("two clean canastas and three dirty ones"): a
    # canasta of a kind not counted
    if set(re.findall(r"[^\W_]+", rest)) & _kind_words(lang):
        return None, []
    return (kinds, digits_used) if kinds and named == covered else (None, [])


def _shared_canasta(folded: str, lang: str) -> str:
    """``folded`` with a canasta's word shared by two kinds said of each ("1 natural and 1
    mixed canasta" as "1 natural canasta and 1 mixed canasta": the lead's probes,
    2026-11-29), so that each kind is counted."""
    shared = _shared_pattern(lang)
    if shared is None:
        return folded
    return shared.sub(lambda m: f"{m.group(1)} {m.group(3)} {m.group(2)}", folded)


@lru_cached(8)
def _shared_pattern(lang: str) -> re.Pattern[str] | None:
    """Two kinds of ``lang`` joined before one canasta's word (:func:`_shared_canasta`)."""
    kinds = _kind_words(lang)
    if not kinds:
        return None
    words = "|".join(sorted(map(re.escape, kinds)))
    joins = "|".join(sorted(_AND))
    return re.compile(rf"\b({words})\s+((?:{joins})\s+\w+\s+(?:{words})\s+((?:canast|kanast)\w*))")


@lru_cached(8)
def _kind_words(lang: str) -> frozenset[str]:
    """The words that tell a canasta's kind in its phrases ("clean", "dirty", "reinen"): not
    a canasta's word, a count, an article, nor a colour a three is told by."""
    return frozenset(
        w
        for moment in _KIND_MOMENTS
        for phrase in _phrases(moment, lang)
        for w in phrase.split()
        if len(w) > 3
        and not _CANASTA_WORD.match(w)
        and _count_of(w, lang) is None
        and w not in _COLOURS
    )


# the colours of the red and black canasta's phrases: the threes' too ("2 red threes")
_COLOURS = frozenset({"black", "cerna", "cervena", "schwarz", "negra", "roja", "zwart", "rood"})


# More natural cards of one rank than a meld holds in any game (a canasta of seven and the
# eighth asked about): a count named again is the same cards (seen in the fifteenth American
# posts' dev half, issue 44)
_MOST_TOLD = 8


def _join(found: list[tuple[int, tuple[Card, ...]]]) -> list[tuple[Card, ...]]:
    """Cards named in words grouped into melds: wild cards join the natural cards named
    before them (or, first in the question, the next ones); "three kings and three queens"
    are two melds."""
    groups: list[list[Card]] = []
    waiting: list[Card] = []
    told: list[tuple[Card, ...]] = []  # ... each mention of the wild cards waiting
    last: tuple[Card, ...] = ()  # the natural cards named last
    # wild cards counted first, then joined to the next natural cards ("Can a dirty canasta
    # have 3 wild cards? We had 4 natural queens and 3 jokers": seen in the thirty-third
    # American posts' dev half): those told by kind after them, as many, are the same cards
    counted: list[int] = []  # [the group, how many, how many told by kind since]
    for _position, cards in sorted(found, key=lambda item: item[0]):
        if all(card.is_wild for card in cards):
            if groups:
                groups[-1].extend(cards)
                if counted and counted[0] == len(groups) - 1:
                    counted[2] += len(cards)
                    if counted[2] == counted[1]:
                        del groups[-1][: counted[1]]  # the count, told again by kind
                        counted = []
            else:
                waiting.extend(cards)
                told.append(cards)
            continue
        rank = cards[0].rank
        if groups and groups[-1] and not groups[-1][0].is_wild and groups[-1][0].rank is rank:
            if cards == last and len(groups[-1]) + len(cards) > _MOST_TOLD:
                continue  # "seven eights ... seven 8s is only 70": the same cards told again
            groups[-1].extend(cards)
        else:
            if waiting and {c.rank for c in waiting} == {Rank.TWO} and len(told) == 1:
                counted = [len(groups), len(waiting), 0]
            groups.append([*waiting, *cards] if waiting else list(cards))
            waiting = []
        last = cards
    if waiting:
        if len(told) >= 3 and {c.rank for c in told[0]} == {Rank.TWO}:
            # "Seven wild cards in one canasta, four jokers and three deuces": the wild cards
            # counted, then told again by kind -- the same cards (the twenty-third American
            # posts' dev half)
            if len(told[0]) == sum(len(cards) for cards in told[1:]):
                waiting = [card for cards in told[1:] for card in cards]
        groups.append(waiting)
    return [tuple(sorted(g, key=lambda c: c.is_wild)) for g in groups]


def _suited(cards: tuple[Card, ...], text: str, lang: str) -> tuple[Card, ...]:
    """A run written without suits ("4 5 6 of hearts"): each natural card of the one suit the
    question names, where it names exactly one and the cards are three or more different
    ranks with no suit given; else the cards as written."""
    naturals = [card for card in cards if card.is_natural]
    ranks = {card.rank for card in naturals}
    if len(naturals) < 3 or len(ranks) != len(naturals) or any(c.suit for c in cards):
        return cards
    words = set(re.findall(r"[^\W_]+", fold(text)))
    named = {Suit(symbol) for symbol, said in _data()["suits"].items() if words & set(said)}
    if len(named) != 1:
        return cards
    suit = named.pop()
    return tuple(Card(c.rank, suit) if c.is_natural else c for c in cards)


_SHOUTED_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")
_ONE_RANK_LETTERS = re.compile(r"([AKQJX])\1*")


def _unshouted(text: str) -> str:
    """``text`` with each sentence written in capitals (a phone's caps lock: "WE WERE AT 2,990
    AND SHE WENT DOWN WITH A 2") in lower case but its notation, as long as it was: "AT" is
    no ace and ten, "A 2" no ace and two, "6S" a plural (found by the reader's rewrites,
    issue 44).  Notation stays: a word of one rank's letters ("KKK", "QQ"; "A" only beside
    another ace: "A A A"; "A,A,A"), a word with a digit ("QQQ2"; its plural's "S" lowered)."""

    def sentence(match: re.Match[str]) -> str:
        said = match.group(0)
        letters = [c for c in said if c.isalpha()]
        if sum(c.isupper() for c in letters) < 0.8 * len(letters):
            return said
        words = [(m.start(), m.end()) for m in re.finditer(r"\S+", said)]
        cores = [said[a:b].strip(",.;:!?()\"'") for a, b in words]
        shouted = [
            c for c in cores if len(c) > 1 and c.isalpha() and not _ONE_RANK_LETTERS.fullmatch(c)
        ]
        if len(shouted) < 2:
            return said  # notation ("KKK QQQ2"), or a word or two in capitals ("NOT allowed")
        out = list(said)
        for i, (start, end) in enumerate(words):
            core = cores[i]
            if any(c.isdigit() for c in core):
                if re.fullmatch(r"\d+['’]?S", core):
                    out[start:end] = said[start:end].replace("S", "s")
                continue
            if _ONE_RANK_LETTERS.fullmatch(core.replace(",", "")) and (
                core != "A"
                or "A" in {cores[i - 1] if i else "", cores[i + 1] if i + 1 < len(cores) else ""}
            ):
                continue
            lowered = said[start:end].lower()
            if i == 0:  # a sentence's capital kept: where a post's sentences part (SENTENCE_BREAK)
                lowered = said[start:end][:1] + lowered[1:]
            out[start:end] = lowered
        return "".join(out)

    # ... and, where a sentence is only partly in capitals ("AND A 2 Help settle an argument",
    # "WE'RE AT 3,200 ... three kings"), an "A" or "AT" after a shouted word is the word
    return _SHOUTED_ARTICLE.sub(
        lambda m: m.group(1) + m.group(2).lower(), _SHOUTED_SENTENCE.sub(sentence, text)
    )


# the top card named to say what another card matches, in English: "the top card's rank",
# "as the top card" (matched at the top word's position in the folded text)
_TOP_REFERRED = re.compile(r"top\s+cards?\s*['’]?\s*s\b")
_TOP_AS = re.compile(r"\bas\s+the\s+$")

_SHOUTED_ARTICLE = re.compile(r"(\b(?![AKQJX]+\b)[A-Z]{2,}['’]?[A-Z]*\s+)(AT|A)(?=\s+[\w*])")


@lru_cached(1)
def _joker_shorthand() -> re.Pattern[str]:
    """A joker written short ("jk", "jkr": situation.toml, ``joker_shorthand``), a word of its
    own, compiled at the first question holding one's letters."""
    words = sorted(_data()["joker_shorthand"]["all"], key=len, reverse=True)
    return re.compile(rf"(?<![\w*])(?:{'|'.join(map(re.escape, words))})(?![\w*])", re.I)


# A count written as a product before a rank's plural: "3 x 7s", "4x kings" (seen in the
# seventh American posts' dev half, issue 44) -- the "x" no joker, the digit no card
_TIMES = re.compile(r"\b([1-8])\s*[x×]\s*(?=(?:[2-9]|10|[AKQJ])['’]?s\b|[a-z]+s\b)")


def _times_written(text: str) -> str:
    """``text`` with a count written as a product read as a count ("3 x 7s": "3 7s")."""
    if "x" not in text and "×" not in text:
        return text
    return _TIMES.sub(r"\1 ", text)


def _jokers_written(text: str) -> str:
    """``text`` with each joker written short as the joker's symbol ("K K K jk": "K K K X")."""
    if "jk" not in text.lower():
        return text
    return _joker_shorthand().sub("X", text)


# A figure told, then asked to be confirmed: "= 300 right?", "is 2500 right?", "500, correct?"
_FIGURE_CONFIRMED = re.compile(
    r"(?:=|\s[-–:]|\b(?:is|are|counts?|worth|scores?))\s*\d[\d,.]*\s*(?:points?|pts)?\s*,?\s*"
    r"(?:right|correct|true)\s*\?",
    re.IGNORECASE,
)


# "Is a dirty canasta 300?", "Is a sevens canasta 2,500 points?": a figure asked to be confirmed
# as a yes or no question ending on it (the lead's probes, 2026-11-29); of two digits or more
# and not a ten, which are cards ("Is it legal to meld KK 2 2?")
_FIGURE_ASKED = re.compile(
    r"(?:^|[.!?]\s+)(?:is|are)\s[^.!?]*?\s(?!10\b)\d\d[\d,.]*\s*(?:points?|pts)?\s*\?",
    re.IGNORECASE,
)


# "What do the red threes count?", "what does a joker count?": a worth asked with the thing
# between (the lead's probes, 2026-11-29; "what does it count" is the glossary's own)
_COUNTS_A_FIGURE = re.compile(r"\bcounts?\s+(?:as\s+|for\s+)?-?\d\d", re.IGNORECASE)
_WHAT_COUNTS = re.compile(
    r"\bwhat\s+(?:do|does)\s+(?:[\w']+\s+){1,4}count\b(?:\s+(?:if|when|for)\b[^?.!]*)?\s*\?",
    re.IGNORECASE,
)


# A score, then "to win": the score a game is played to asked
_SCORE_TO_WIN = re.compile(r"\d\s*(?:points?\s+|pts\s+)?to\s+win\b", re.IGNORECASE)


# A first meld's minimum claimed, to be confirmed: "we need 120 to open, is that right?",
# "do we need 90?", "brauchen wir 120?", "potřebujeme 120?", "¿necesitamos 120?", "hebben we 120
# nodig?", "potrzebujemy 120?" -- a number under 500 after a word of needing (or before Dutch
# "nodig"), no cards after it (the lead's probes, 2026-11-28 night: the number was read as the
# side's score)
_NEED = (
    r"need|needs|needed|brauchen|braucht|brauche|potřebujeme|potřebuje|potřebujete|potřebuju|"
    r"necesitamos|necesita|necesitan|necesito|potrzebujemy|potrzebuje|potrzeba"
)
_MINIMUM_CLAIMED = re.compile(
    rf"(?<!\w)(?:(?:{_NEED})\s+(?:(?:we|you|i|wir|ihr|man|only|just|at\s+least|mindestens|"
    r"aspoň|alespoň|al\s+menos|co\s+najmniej)\s+)*(\d{2,3})|(\d{2,3})\s+(?:punten\s+)?nodig)"
    r"(?![\d,.]?\d)(?!\s*(?:cards?|karten|karet|karty|cartas|kaarten|kart)\b)"
    # ... or two, one or the other ("do we need 90 or 120?"): the minimum asked, no claim
    r"(?:\s+(?:or|oder|nebo|o|of|czy|albo)\s+(\d{2,3})(?!\d))?",
    re.IGNORECASE,
)


# "is it 50 or 90?": which of two minimums, asked where the opening is named
_WHICH_MINIMUM = re.compile(
    r"\b(?:is it|it s|its|it's|is that)\s+(\d{2,3})\s+(?:or|oder|nebo|o|of|czy|albo)\s+(\d{2,3})\b",
    re.IGNORECASE,
)


def _claimed(text: str) -> tuple[list[int], str]:
    """The minimum a post claims (:data:`_MINIMUM_CLAIMED`; two where it asks which), and the
    post with their numbers blanked out (no score, no cards)."""
    if not _DIGIT.search(text):
        return [], text
    match = _MINIMUM_CLAIMED.search(text)
    if match is None:
        return [], text
    groups = [g for g in (1, 2, 3) if match.group(g) is not None]
    values = [int(match.group(g)) for g in groups]
    if any(value % 5 for value in values):
        return [], text  # every minimum is a multiple of five: a count of something else
    for group in groups:
        start, end = match.span(group)
        text = text[:start] + " " * (end - start) + text[end:]
    return values, text


def read_situation(
    text: str, lang: str, *, focus: bool = True, asking: str | None = None
) -> Situation:
    """The situation ``text`` (a question asked in ``lang``) tells; with ``focus``, a post of
    several sentences also tells what it asks (``asked``, ``focus``: :func:`ruled_text`, or
    the sentence ``asking``, one of its :func:`earlier_questions`)."""
    text = _unshouted(_times_written(_jokers_written(text)))
    meld_points, text_told = _meld_points(text)  # "card points in our melds came to 310"
    points, rest = _points(text_told)  # first: "mit 160 Punkten" is no score
    claimed, rest = _claimed(rest)  # ... nor "we need 120"
    scores, rest = _scores(rest, points_told=bool(points))
    notation, singles, rest = _notation(rest)
    # the game's own name ("in canasta", "bei Canasta") says no moment: "canasta" alone
    # asks about a canasta
    folded = _shared_canasta(_game_pattern(lang).sub(" ", fold(text)), lang)
    situation = Situation()
    situation.marked = "?" in text or "¿" in text
    said = _Moments(folded, lang)
    situation.moments = {m for m in MOMENTS if m != "minimum" and said.named(m)}
    if "meld" in situation.moments and said.named("not_opened"):
        # "they didn't meld anything": a side that has not melded, no meld asked about --
        # unless a meld word stands outside the negation ("we haven't melded; may I lay K K X?")
        unsaid = _Moments(_moment_pattern("not_opened", lang).sub(" ", folded), lang)
        if not unsaid.named("meld"):
            situation.moments.discard("meld")
    situation.frozen = said.named("frozen") and not said.named("not_frozen")
    situation.theirs_speaking = said.named("theirs") and _theirs_speaking_only(folded, lang)
    for told in (
        *TOLD,
        *ASKED_FIGURES,
        *FIGURE_WORDS,
        *EVENT_WORDS,
        *SETUP,
        "in_hand",
        "natural_canasta",
        "mixed_canasta",
    ):
        if said.named(told):
            situation.moments.add(told)
    if said.named("no_canasta"):
        situation.moments.add("no_canasta")
    situation.moments |= {m for m in MOMENT_QUESTIONS if said.named(m)}
    if said.named("not_concealed"):
        # "not concealed", "... concealed which she wasn't": no concealed going out -- unless
        # a concealed word stands outside the negation
        unsaid = _Moments(_moment_pattern("not_concealed", lang).sub(" ", folded), lang)
        if not unsaid.named("concealed"):
            situation.moments.discard("concealed")
    if "partner_no" in situation.moments and (
        said.named("partner_yes") or not _partners_no(text, lang)
    ):
        # the partner said yes, or the "no" is told away from the partner: someone else's
        # ("she said yes so i melded everything ... Carol across the table says no you cant":
        # seen in the ninth American posts' dev half, issue 44)
        situation.moments.discard("partner_no")
    sentence = (asking or ruled_text(text, lang)) if focus else text.strip()
    situation.sentence = sentence
    situation.lang = lang
    of_them = {
        n
        for word in _COUNT_OF_THEM.findall(folded)
        if (n := int(word) if word.isdigit() else _count_of(word, lang)) is not None
    }
    if len(of_them) == 1:
        situation.of_them = of_them.pop()
    situation.how_asked = said.named("how_much")
    if focus and asking is None and sentence != text.strip():
        situation.post = (text, lang)
    if sentence != text.strip():
        within = _Moments(_game_pattern(lang).sub(" ", fold(sentence)), lang)
        situation.asked = {
            m
            for m in (*MOMENTS, *TOLD, *ASKED_FIGURES, *SETUP)
            if m != "minimum" and within.named(m)
        }
        situation.how_asked = within.named("how_much")
        situation.asked |= {m for m in MOMENT_QUESTIONS if within.named(m)}
        if "meld" in situation.asked and "meld" not in situation.moments:
            # the sentence asked (or referred back to) tells a side that "didn't meld", as
            # the post's moments read it above: no meld asked ("We had two red threes but
            # didn't meld. What's that?" asks nothing of the threes as a meld)
            situation.asked.discard("meld")
        situation.focused = (sentence, lang)
        if "partner_no" not in situation.moments:
            situation.asked.discard("partner_no")  # someone else's no (above)
    if "play" in situation.moments and any(
        asks_rule(asking, lang) for asking in _sentences(text) if asks(asking, lang)
    ):
        situation.moments.discard("play")  # "is that allowed or should we have stopped her?"
        if situation.asked is not None:
            situation.asked.discard("play")
    if said.named("not_opened"):
        situation.opened = False
    elif said.named("opened"):
        situation.opened = True
    if _FIGURE_CONFIRMED.search(text):
        # a figure told to be confirmed ("a dirty canasta = 300 right?", "sevens canasta is
        # 2500 right?": seen in the third American posts' dev half, issue 44; "queens - 300
        # right?": the lead's probes, 2026-11-28 night) asks the worth
        situation.moments.add("value")
    if _COUNTS_A_FIGURE.search(text):
        # a worth told as a figure counted ("Do the four red 3s count 400, or is there a bonus
        # for having all four?": seen in the twenty-first American posts' dev half) asks it
        situation.moments.add("value")
        if situation.asked is not None and _COUNTS_A_FIGURE.search(sentence):
            situation.asked.add("value")
    if _WHAT_COUNTS.search(text):
        situation.moments.add("value")
        if situation.asked is not None and _WHAT_COUNTS.search(sentence):
            situation.asked.add("value")  # "... 2 canastas. What do the red threes count?"
    if _SCORE_TO_WIN.search(text):
        # a score to win asked ("is it 8,500 or 10,000 to win?": seen in the third American
        # posts' dev half, issue 44): the score a game is played to
        situation.moments.add("target")
    if said.named("how_much") and "opening" in situation.moments:
        situation.moments.add("minimum")
    if claimed and scores and not points and (len(claimed) == 2 or "meld" in situation.moments):
        # ... which of two at the score told, the opening unnamed ("we're at 1495 do we need
        # 50 or 90": seen in the fifteenth American posts' dev half, issue 44), or one with a
        # meld named ("at 5,020 ... Bev says we need 120 to lay down": the nineteenth's)
        situation.moments.add("opening")
    if not claimed and "opening" in situation.moments and not points:
        # ... or asked which of two, the opening named ("first meld when you're at exactly
        # 1500, is it 50 or 90?": seen in the seventeenth American posts' dev half, issue 44)
        which = _WHICH_MINIMUM.search(text)
        if which is not None and not int(which.group(1)) % 5 and not int(which.group(2)) % 5:
            claimed = [int(which.group(1)), int(which.group(2))]
    if claimed and "opening" in situation.moments and not points:
        # the minimum claimed: is it the one at the score told? (of two: which is it?)
        situation.claimed = claimed[0] if len(claimed) == 1 else None
        situation.moments.add("minimum")
    if scores and (said.named("enough") or _MELDED_POINTS.search(text)):
        # "is that enough", "she melded exactly 160 points" with a score: the opening's
        # minimum is what a meld's points are weighed against (the latter found by the
        # reader's rewrites, issue 44)
        situation.moments.add("opening")
        # ... and asked, where the question sentence is "enough?" after the melds told ("we
        # have 2000 and i put down K K K and A A A. enough?": the lead's probes, 2026-11-29
        # night): the act it refers back to is the opening, not the melds' legality
        if situation.asked is not None and said.named("enough"):
            asking = question_sentence(text, lang)
            if _Moments(fold(asking), lang).named("enough"):
                situation.asked.add("opening")
    worded, alone, situation.red_three, situation.black_three, counted, ends = _word_cards(
        rest, lang
    )
    situation.score = scores[0] if scores else None
    # ... and the other side's, where the post tells it as theirs and the question asks of
    # them ("They have 5k and we have 3,200. How many points do THEY need for their first
    # meld now?": seen in the seventeenth American posts' dev half, issue 44)
    theirs = _THEIR_SCORE.search(text)
    asked_of = situation.asked if situation.asked is not None else situation.moments
    if theirs is not None and "theirs" in asked_of and len(scores) > 1:
        number = theirs.group(1)
        value = (
            round(float(number[:-1].replace(",", ".")) * 1000)
            if number[-1] in "kK"
            else int(re.sub(r"\D", "", number))
        )
        if value in scores:
            situation.score = value
    situation.points = list(dict.fromkeys(points))  # "went down with 125 ... was 125 enough"
    singles = [(p, (card,)) for p, card in singles if p not in counted]
    # ... nor a digit named again after a definite word, its rank told before ("a black 3 in
    # her hand ... 5 for the 3": the card told, not another; seen in the eleventh American
    # posts' dev half, issue 44)
    ranks_told = [(p, c.rank) for p, cards in worded for c in cards]
    ranks_told += [(p, c.rank) for p, _end, cards in notation for c in cards]
    singles = [
        (p, cards)
        for p, cards in singles
        if not (
            _after_definite(rest, p, lang)
            and any(at < p and rank is cards[0].rank for at, rank in ranks_told)
        )
    ]
    # the pile's top card: the single card named nearest a word for the top ("discarded a
    # joker", "a 7 on top")
    # -- not where the top card is named to say what another card matches ("one card of the
    # top card's rank and a wild", "the same rank as the top card"): no card is told on top
    top_at = [
        p
        for p in said.positions("top")
        if not _TOP_REFERRED.match(folded, p) and not _TOP_AS.search(folded[max(0, p - 8) : p])
    ]
    # ... or a rank named alone there ("nahoře černá trojka": a black three on top)
    three = "red" if situation.red_three and not situation.black_three else "black"
    named = [(p, (_card("3", three) if rank is Rank.THREE else Card(rank),)) for p, rank in alone]
    # ... not a meld's rank ("a dirty canasta of fives ... discarded his last one": seen in the
    # eighteenth American posts' dev half, issue 44)
    melds_of = [(p, c) for p, c in named if _MELD_OF.match(fold(rest[max(0, p - 4) : p + 3]))]
    lone = singles + [(p, c) for p, c in worded if len(c) == 1]
    lone += [item for item in named if item not in melds_of]
    if not lone:
        # ... or a wild card named without a count just before the pile, where no card is told
        # at all ("Wild card on the discard pile - can the next person pick it up?": seen in
        # the tenth American posts' dev half, issue 44)
        piles = top_at or said.positions("the_pile")
        wilds = [
            (m.start(), (_wild_card(wild),))
            for m in re.finditer(r"[^\W_]+", rest)
            if (wild := _wild_word(fold(m.group()))) is not None
        ]
        lone = [(p, c) for p, c in wilds if any(0 < t - p <= 30 for t in piles)]
        top_at = top_at or (piles if lone else [])
    taken = None
    if top_at and lone:
        taken, top = min(lone, key=lambda item: min(abs(item[0] - t) for t in top_at))
        situation.top = top[0]
    situation.singles = [c[0] for p, c in singles if p != taken]
    situation.ranks_named = [rank for p, rank in alone if p != taken]
    situation.loose = len(situation.ranks_named) + len(situation.singles)
    # ... nor the cards of a condition claimed ("the hostess said no, you have to hold two
    # natural queens": seen in the seventh American posts' dev half, issue 44): not the hand's
    conditions = _condition_spans(rest, lang)
    told = [
        (p, c)
        for p, c in worded
        if p != taken and not any(start <= p < end for start, end in conditions)
    ]
    # ... nor the cards a player says they do not hold ("I don't have a single jack in my
    # hand": seen in the twentieth American posts' dev half, issue 44)
    unheld = [(p, c) for p, c in told if _NOT_HELD.search(fold(rest[max(0, p - 32) : p]))]
    # ... nor the cards told before summed up again ("four fives, a joker and two deuces. He
    # said that's three wild cards": the nineteenth American posts' dev half, issue 44)
    told = [
        (p, c)
        for p, c in told
        if not (_SUMMED.search(fold(rest[max(0, p - 12) : p])) and any(q < p for q, _c in told))
    ]
    if unheld:
        told = [item for item in told if item not in unheld]
        situation.none_held = True
    asked = situation.asked if situation.asked is not None else situation.moments
    if situation.focused is not None and "add" not in asked:
        told = _not_told_again(told, text.rfind(situation.focused[0]))
    if "add" not in asked:
        told = _blocks_told_once(told)
    if "add" in asked:  # "can I add a joker to my K K K?": not in the meld yet
        runs = [cards for _start, _end, cards in sorted(notation)]
    else:
        runs, told = _attach_wilds(text, lang, sorted(notation), told, ends)
    # a meld written twice is one meld told again ("laid down J J J J 2 2 joker ... Is
    # JJJJ22+joker a legit canasta?": seen in the sixteenth American posts' dev half, issue 44)
    runs = list(dict.fromkeys(runs))
    situation.written = [_suited(c, text, lang) for c in runs]
    situation.groups = list(situation.written)
    # ... of them, those told on the table ("we already had 9 9 9 jkr on the table": seen in
    # the thirteenth American posts' dev half, issue 44): the side's meld, not the hand; in
    # words too, kept apart from the hand's cards of their rank ("one natural 9 and a joker in
    # my hand, and we already had a book of four nines on the table": the eighteenth's)
    tabled = [cards for _start, end, cards in notation if _ON_TABLE.match(fold(text[end:]))]
    situation.on_table = [
        run for run in situation.written if any(run[: len(c)] == c for c in tabled)
    ]
    laid = [(p, c) for p, c in told if p in ends and _ON_TABLE.match(fold(text[ends[p] :]))]
    if laid and (len(laid) < len(told) or situation.none_held):
        told = [item for item in told if item not in laid]
        situation.on_table += _join(laid)
        situation.groups += _join(laid)
    situation.groups += _join(told)
    if "go_out" in situation.moments:
        # the question's sentence first; else the story's, sentence by sentence
        for told_in in (sentence, *_sentences(text)):
            situation.canastas = _canastas_told(told_in, lang)
            if situation.canastas is not None:
                break
        if situation.canastas is None:
            situation.canastas_claimed = _canastas_claimed(sentence, lang)
            situation.canastas_asked = _canastas_asked(sentence)
    elif situation.red_three and "canasta" in situation.moments:
        # red threes beside the side's canastas: the canastas' count decides the threes' sign
        situation.canastas = _canastas_counted(text, lang)
    if situation.moments.intersection(_KIND_MOMENTS):
        situation.kinds, situation.kind_digits = _canasta_kinds(folded, lang)
        if situation.canastas is None and situation.kinds and "go_out" in situation.moments:
            # every canasta named counted by its kind ("we only have one clean canasta"): so
            # many in all (found by a held post's mechanism in the ninth American posts, no
            # text read: counted by kind, no count of canastas read)
            situation.canastas = sum(situation.kinds.values())
    situation.wilds_worded = sum(
        1 for p, cards in worded if p != taken for card in cards if card.is_wild
    )
    if (
        _FIGURE_ASKED.search(sentence)
        and not {"opening", "minimum", "go_out", "target"} & situation.moments
        and ("canasta" in situation.moments or situation.groups)
    ):
        situation.moments.add("value")
        if situation.asked is not None:
            situation.asked.add("value")
    situation.tried = said.named("tried")  # the post's words, read once (:class:`_Moments`)
    if {"add", "canasta"} <= situation.moments and "eighth" not in situation.moments:
        asked_folded = _Moments(fold(sentence), lang)
        if (
            asked_folded.named("finished")
            and asked_folded.named("add")
            and not asked_folded.named("pickup")  # a dead rank's pile
            and not asked_folded.named("discard")  # ... or its discard
        ):
            # a card added to a canasta said finished in the sentence asking (``finished``)
            situation.moments.add("eighth")
            if situation.asked is not None:
                situation.asked.add("eighth")
    situation.meld_points = meld_points
    situation.hand_listed = _hand_listed(text, lang)
    situation.wild_named = said.named("wild_named")
    if "go_out" in situation.moments:
        situation.kind_needed = _kind_needed(fold(sentence), lang)
    if _minimum_by_score(situation, folded, lang):
        situation.moments |= {"opening", "minimum"}
    return situation


def _kind_needed(sentence: str, lang: str) -> tuple[str, bool] | None:
    """The one kind of canasta ``sentence`` (folded) asks going out to need ("need a natural
    canasta to go out?") or to go without ("go out without a wild card canasta"), and whether
    without; None where it names no going out, no need nor "without", or not one kind."""
    said = _Moments(sentence, lang)
    if not said.named("go_out"):
        return None
    without = said.named("without")
    if not (without or said.named("need_word")):
        return None
    kinds = [
        kind
        for kind, moment in (
            ("natural", "natural_canasta"),
            ("mixed", "mixed_canasta"),
            ("wild", "wild_canasta"),
            ("special", "special_canasta"),
        )
        if said.named(moment)
    ]
    return (kinds[0], without) if len(kinds) == 1 else None


# What a post asking the first meld's minimum at its score names, and nothing more ("meld at
# 3000?", "going down at 3000?", "whats the count at 3200": the held halves of the first 28
# American sets counted the minimum among the figures most often missed, 2026-11-30)
_MINIMUM_ONLY = frozenset({"opening", "meld", "minimum", "cost", "value", "must", "not_value"})


def _minimum_by_score(s: Situation, folded: str, lang: str) -> bool:
    """Whether a post asks the first meld's minimum by its structure: a score told, no card,
    a question, and nothing named but the opening or a meld (or, naming nothing, a word of
    what is needed: "at 3000 what do we need?", "what's our count?")."""
    if s.score is None or "minimum" in s.moments or not (s.marked or s.how_asked):
        return False
    if s.groups or s.singles or s.top or s.ranks_named or s.red_three or s.black_three:
        return False
    if s.points or s.claimed is not None or s.moments - _MINIMUM_ONLY:
        return False
    if _moment_pattern("to_win", lang).search(folded):
        return False  # "we're at 3200, how much to win?": the game's end, not the minimum
    if s.moments & {"opening", "meld"}:
        return True
    return s.how_asked or not _words_of("needed_words", lang).isdisjoint(_TOKEN.findall(folded))
