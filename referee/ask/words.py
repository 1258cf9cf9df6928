"""Words as the index compares them: lower case, accents folded, stop words dropped, stemmed.

A question typed fast on a phone drops its diacritics ("kolik stoji cervena trojka"), so
every word is compared without them.  Each word is stemmed by the Snowball stemmer of
its language (``snowballstemmer`` has all six, Czech and Polish included, and runs them
in C through PyStemmer where it is installed: a hundred times faster, which a cold
``referee ask`` notices) both before and after folding, as the two can differ
("zmrazený" / "zmrazeny"); both forms are kept.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import NamedTuple

import snowballstemmer

from ..caches import lru_cached

__all__ = [
    "STEMMERS",
    "STOP_WORDS",
    "WordForms",
    "flat",
    "fold",
    "numbers",
    "stems",
    "word_forms",
    "words",
]

STEMMERS = {
    "en": "english",
    "cs": "czech",
    "de": "german",
    "es": "spanish",
    "nl": "dutch",
    "pl": "polish",
}

# Letters NFKD leaves whole: Polish ł, German ß, Danish-looking ø in a typed name.
_SPECIAL = str.maketrans({"ł": "l", "ß": "ss", "ø": "o", "đ": "d", "æ": "ae", "œ": "oe"})
_WORD = re.compile(r"[^\W_]+")

# Words a question is made of that no rule is found by: question words, articles, pronouns,
# prepositions and auxiliaries, written without accents (they are compared folded).
STOP_WORDS: dict[str, frozenset[str]] = {
    lang: frozenset(text.split())
    for lang, text in {
        "en": """a an the and or of to in on at by for with from as is are was were be been
            being do does did can could may might must shall should will would i we you he she
            it they me us him her them my our your his its their this that these those what
            which who whom whose when where why how if then than so about there here any
            some all get got have has had just also still please tell me rule rules say says
            happen happens much many need get like""",
        "cs": """a i o u v ve z ze k ke s se na do od po pro při pri za je jsou byl byla bylo
            být byt bude budou mám mam máme mame má ma můžu muzu může muze můžeme muzeme
            smím smim smi smí smíme smime lze co kdo kdy kde jak jaký jaky jaká jaka jaké
            jake proč proc který ktery která ktera které ktere to ten ta tu ty tak že ze
            když kdyz ale nebo já ja my vy on ona oni nás nas vás vas mi mu se si jsem
            jsme jste tom tomu pravidlo pravidla podle říká rika""",
        "de": """der die das den dem des ein eine einer einen einem eines und oder zu in im
            an am auf aus bei mit von vom für fur ist sind war waren sein bin bist wird
            werden kann können konnen darf dürfen durfen muss müssen mussen ich wir du ihr
            er sie es man mir uns was wer wann wo wie warum welche welcher welches wenn
            dann als so ob noch auch nur bitte regel regeln sagt""",
        "es": """el la los las un una unos unas y o de del a al en con por para es son
            era ser está esta están estan hay puedo puede podemos debo debe tengo tiene
            tenemos yo nosotros tu tú él ella me nos se le les lo que qué quien quién
            cuando cuándo donde dónde como cómo por porque cuál cual si mi mis su sus
            regla reglas dice""",
        "nl": """de het een en of van in op aan bij met voor door naar om te is zijn was
            waren ben wordt worden kan kunnen mag mogen moet moeten ik wij we jij je
            jullie hij zij ze het mij me ons wat wie wanneer waar hoe waarom welke als
            dan dat die dit deze er nog ook maar toch regel regels zegt""",
        "pl": """a i o u w we z ze do od na po przy za dla jest są sa był była było być byc
            będzie bedzie mogę moge może moze możemy mozemy muszę musze musi mamy mam ma
            ja my ty wy on ona oni nas was mi mu się sie co kto kiedy gdzie jak jaki jaka
            jakie dlaczego czy który ktory która ktora które ktore to ten ta te tak że ze
            jeśli jesli gdy ale lub albo zasada zasady mówi mowi""",
    }.items()
}
_FOLDED_STOPS = {
    lang: frozenset(unicodedata.normalize("NFKD", w).encode("ascii", "ignore").decode() for w in s)
    | s
    for lang, s in STOP_WORDS.items()
}


# Not kept: 4 % of an index built at most, under 1 % of a question (bench/bench_caches.py
# "folded words", 2026-11-27); a word's stems are (:func:`_stem_forms`).
def fold(text: str) -> str:
    """``text`` in lower case without accents: "Žolík" -> "zolik", "Großer" -> "grosser"."""
    lowered = text.lower().translate(_SPECIAL)
    return "".join(
        c for c in unicodedata.normalize("NFKD", lowered) if not unicodedata.combining(c)
    )


def words(text: str) -> list[str]:
    """The words of ``text``, lower case, accents kept (a stemmer reads them)."""
    return _WORD.findall(text.lower())


# Made for each word not yet stemmed, not kept: kept, it saved under 3 % of anything
# (bench/bench_caches.py "stemmers", 2026-11-27), and so no stemmer is shared
# between threads.
def _stemmer(lang: str) -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer(STEMMERS.get(lang, "english"))


# Saves 0.53 s (41 %) of the 1.3 s a variant's index takes to build (bench/bench_caches.py
# "word stems", 2026-11-27): the catalogue says the same words over and over.  Bound: 65 536
# words of a few bytes; safe: a word's stems depend on the word and the language only.
@lru_cached(65536)
def _stem_forms(word: str, lang: str, stem: bool, folded: bool) -> tuple[str, ...]:
    if not folded:  # accents kept (only to measure what folding brings)
        return (_stemmer(lang).stemWord(word) if stem else word,)
    bare = fold(word)
    if not stem:
        return (bare,)
    stemmer = _stemmer(lang)
    return tuple(dict.fromkeys((fold(stemmer.stemWord(word)), stemmer.stemWord(bare))))


def stems(
    text: str, lang: str, *, stem: bool = True, stop: bool = True, folded: bool = True
) -> list[tuple[str, ...]]:
    """Each word of ``text`` that is not a stop word of ``lang``, as its folded stems (one
    or two forms), in order.  Numbers are kept as they are."""
    out = []
    stops = _FOLDED_STOPS.get(lang, frozenset()) if stop else frozenset()
    for word in words(text):
        if stop and (word in stops or fold(word) in stops):
            continue
        out.append(_stem_forms(word, lang, stem, folded))
    return out


class WordForms(NamedTuple):
    """A word's forms in each language of :data:`STEMMERS`, as :func:`stems` gives them,
    and the languages it is a stop word of."""

    forms: dict[str, tuple[str, ...]]
    stop_in: frozenset[str]


_NOWHERE: frozenset[str] = frozenset()  # most words: one set for them all


# A question is read in all six languages: its words' forms and stop words looked up once
# each, where seven look-ups of :func:`_stem_forms` and a fold for the stop words cost a
# 170-word post 5 ms.  Saves 7 - 8 % of a long post asked (bench/bench_caches.py "a
# question's word forms", 2026-11-27).  Bound: 16 384 words of questions, a few hundred bytes
# each (their forms are _stem_forms' own tuples); never stale: made of _stem_forms' answers
# and the stop words, which depend on the word alone.
@lru_cached(16384)
def word_forms(word: str, stem: bool = True, folded: bool = True) -> WordForms:
    """``word`` (lower case, as :func:`words` gives it) in every language: its forms as
    ``stems(word, lang, stem=stem, folded=folded)`` has them, and where it is a stop word
    (``stems`` leaves it out)."""
    bare = fold(word)
    stop_in = frozenset(
        lang for lang, stops in _FOLDED_STOPS.items() if word in stops or bare in stops
    )
    return WordForms(
        {lang: _stem_forms(word, lang, stem, folded) for lang in STEMMERS},
        stop_in or _NOWHERE,
    )


def flat(forms: Iterable[tuple[str, ...]]) -> list[str]:
    """Every form of every word, in order."""
    return [form for word in forms for form in word]


_DIGIT = re.compile(r"\d")


# Compiled at the first question holding a digit (most hold none): a cold ``referee ask``
# compiled it for every question.
@lru_cached(1)
def _number() -> re.Pattern[str]:
    return re.compile(r"(?<![\w])(-|−|minus\s+)?(\d{1,3}(?:[ .,'\u00a0\u202f]\d{3})+|\d+)(?![\w])")


def numbers(text: str) -> list[int]:
    """The whole numbers of a question: "2600", "2 600", "2.600", "-200", "minus 200"."""
    out: list[int] = []
    if not _DIGIT.search(text):
        return out
    for sign, digits in _number().findall(text):
        value = int(re.sub(r"\D", "", digits))
        out.append(-value if sign else value)
    return out


# Other card games by name (the glossary's "offgame" words hold them): a question naming one
# asks about that game's table, not this rulebook's
OTHER_GAMES = (
    "poker",
    "rummy",
    "bridge",
    "whist",
    "skat",
    "solitaire",
    "patience",
    "blackjack",
    "belote",
    "pinochle",
    "gin rummy",
    "durak",
    "burraco",
    "scopa",
    "briscola",
    "cribbage",
    "euchre",
    "bezique",
    "mahjong",
    "rommé",
    "rummikub",
    # named in question-and-answer pages' card-game questions (the lead's probes, 2026-11-29):
    # Burraco as Argentina spells it, Phase 10, Mau-Mau, Germany's trick games
    "burako",
    "phase 10",
    "mau mau",
    "doppelkopf",
    "schafkopf",
    # the other games a card club's members play and write of (the lead's list, 2026-11-29)
    "scrabble",
    "chess",
    "checkers",
    "draughts",
    "monopoly",
    "backgammon",
    "dominoes",
    "yahtzee",
    "bunco",
    "bingo",
    "sudoku",
    "crossword",
    "canasta online",
)
# ... of which a post naming one is given no ruling (``ask``): not "patience", a word of
# everyday talk, nor "canasta online", this game
_RULED_ELSEWHERE = tuple(g for g in OTHER_GAMES if g not in ("patience", "canasta online"))


@lru_cached(1)
def _other_game() -> re.Pattern[str]:
    names = "|".join(re.escape(fold(name)) for name in _RULED_ELSEWHERE)
    # ... not a person known from that game's table ("my bridge friend Marjorie insists ...":
    # seen in the tenth American posts' dev half, issue 44), nor its club where the post's
    # game is played ("at bridge club-turned-canasta club", "bridge club canasta day": the
    # eleventh's and twelfth's)
    people = r"(?!\s+(?:friends?|partners?|buddy|buddies|lady|ladies|club)(?!\w))"
    return re.compile(rf"(?<!\w)(?:{names})(?!\w){people}")


def names_other_game(text: str) -> bool:
    """Whether ``text`` names another card game ("in rummy can I play 5 6 7?", "is 8 8 8 a
    valid set in gin rummy?"): its cards are that game's, no ruling of this rulebook's
    (seen in the real posts' eighth pass: question pages' rummy questions in our words)."""
    return bool(_other_game().search(fold(text)))
