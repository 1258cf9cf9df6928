"""A player's post rewritten as another player would write it, meaning kept (issue 44).

The referee's reader of posts (``referee/ask/situation.py``) was tuned on posts; whether it
generalises is asked here by *invariance*: a post it rules right, written otherwise -- in
lower case, without its question mark, with a greeting before it and thanks after it, its
numbers in words, its cards in another notation the reader claims to read, two sentences the
other way round, "we" for "I", a common typo, British spelling, a contraction spelt out --
must be ruled the same (verdict and figure).

A rewrite is a list of :class:`Site` s of a text, each a span and the texts that may stand
for it; :func:`rewritten` is the Hypothesis strategy of a rewrite applied at some of its
sites (at least one; it shrinks towards one site and its first option), :func:`variants`
every rewrite of one site, and all sites at once, as ``python -m tests.ask_rewrites``
counts them.  Nothing here asks the referee: the posts and their rulings are the tests'.

What each rewrite leaves alone, and why, is said beside it: a rewrite that could change what
a post means is no rewrite of it.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable, Iterator
from typing import NamedTuple

from hypothesis import strategies as st


class Site(NamedTuple):
    """A span of a text and what may be written there instead."""

    start: int
    end: int
    options: tuple[str, ...]


Finder = Callable[[str, str], list[Site]]


def apply(text: str, sites: list[Site], picks: dict[int, int]) -> str:
    """``text`` with each picked site (index -> option) written as its option."""
    out, at = [], 0
    for i, site in sorted(enumerate(sites), key=lambda item: item[1].start):
        if i not in picks:
            continue
        out += [text[at : site.start], site.options[picks[i]]]
        at = site.end
    return "".join(out) + text[at:]


def _matches(
    pattern: str, text: str, options: Callable[[re.Match[str]], tuple[str, ...]], flags: int = 0
) -> list[Site]:
    sites = []
    for match in re.finditer(pattern, text, flags):
        found = tuple(o for o in options(match) if o != match.group(0))
        if found:
            sites.append(Site(match.start(), match.end(), found))
    return sites


def _keep_case(word: str, like: str) -> str:
    """``word`` capitalised as ``like`` is ("Can't" -> "Cannot")."""
    if like[:1].isupper() and not like.isupper():
        return word[:1].upper() + word[1:]
    return word


def _table(pairs: dict[str, tuple[str, ...]], *, both: bool = True) -> dict[str, tuple[str, ...]]:
    """Each word's other spellings; with ``both``, every spelling of a row stands for the
    others."""
    found: dict[str, tuple[str, ...]] = {}
    for word, others in pairs.items():
        found[word] = others
        if both:
            for other in others:
                found.setdefault(other, tuple(w for w in (word, *others) if w != other))
    return found


def _words_from(table: dict[str, tuple[str, ...]], text: str) -> list[Site]:
    """A site for every word (or phrase) of ``table`` in ``text``, compared in lower case,
    written back in the case it was found in."""
    if not table:
        return []
    phrases = sorted(table, key=len, reverse=True)
    pattern = r"(?<![\w'’])(?:" + "|".join(re.escape(p) for p in phrases) + r")(?![\w'’])"

    def options(match: re.Match[str]) -> tuple[str, ...]:
        said = match.group(0)
        key = said.lower().replace("’", "'")
        return tuple(_keep_case(o, said) for o in table.get(key, ()))

    return _matches(pattern, text, options, re.IGNORECASE)


# -- Case and punctuation ---------------------------------------------------------------------

# Card notation keeps its capitals: in prose a lower-case "a", "j" or "x" is a word, and the
# reader reads notation in capitals only (docs/contracts.md's notation is the referee's input,
# not a post's words).  A word of card symbols with a capital or a digit is notation.
_NOTATION_WORD = re.compile(r"(?:(?:10|[2-9AKQJX*]),?)+(?:['’]?s)?")


def _recased(said: str, change: Callable[[str], str]) -> str:
    """``said`` with ``change`` made to each word but its notation ("KKK", "Q,Q,Q", "8s"); a
    lone "A" is the article, unless an ace stands beside it ("A A A")."""
    words = list(re.finditer(r"\S+", said))
    cores = [w.group(0).strip(",.;:!?()") for w in words]
    out, at = [], 0
    for i, word in enumerate(words):
        core = cores[i]
        beside = {cores[i - 1] if i else "", cores[i + 1] if i + 1 < len(cores) else ""}
        keep = _NOTATION_WORD.fullmatch(core) and (core != "A" or "A" in beside)
        out += [said[at : word.start()], word.group(0) if keep else change(word.group(0))]
        at = word.end()
    return "".join(out) + said[at:]


def lower_case(text: str, lang: str) -> list[Site]:
    """Each sentence in lower case, its card notation as written."""
    sites = []
    for match in re.finditer(r"[^.!?\n]+[.!?]*", text):
        said = match.group(0)
        lowered = _recased(said, str.lower)
        if lowered != said:
            sites.append(Site(match.start(), match.end(), (lowered,)))
    return sites


def no_question_mark(text: str, lang: str) -> list[Site]:
    """Each question mark (and a Spanish "¿") left out: "who's right" for "who's right??" at
    the post's end, a full stop for one inside it (a post run on without marks between its
    sentences is another rewrite, one the reader cannot read: where one sentence ends is
    then not written)."""
    end = len(text.rstrip())
    return [
        Site(m.start(), m.end(), ("" if m.group(0) == "¿" or m.end() >= end else ".",))
        for m in re.finditer(r"\?+|¿", text)
    ]


def no_punctuation(text: str, lang: str) -> list[Site]:
    """Each comma, semicolon, colon, dash between words and exclamation mark left out (the
    sentence's end kept as a full stop where it was one: a post run on without any is another
    post, whose sentences the reader cannot tell).  Not a comma or point inside a number
    ("3,200", "2.5k"), nor an apostrophe (:func:`contractions`)."""
    sites = [
        Site(m.start(), m.end(), ("",))
        for m in re.finditer(r"(?<!\d)[,;:](?!\d)|(?<=\d)[,;:](?=\s)|(?<=\s)[-–—](?=\s)", text)
    ]
    sites += [Site(m.start(), m.end(), (".",)) for m in re.finditer(r"!+", text)]
    return sites


# -- A greeting before, thanks after ----------------------------------------------------------

_GREETINGS = {
    "en": ("Hi all!", "Hello everyone.", "Long time lurker, first time poster.",
           "Help settle an argument.", "We play with 2 decks.", "Quick question for the group.",
           "My husband and I play every Sunday with friends."),
    "cs": ("Ahoj všichni.", "Dobrý den.", "Hrajeme se 2 balíčky.", "Rozsuďte nás prosím."),
    "de": ("Hallo zusammen.", "Guten Abend!", "Wir spielen mit 2 Kartenspielen.",
           "Bitte helft uns bei einem Streit."),
    "es": ("Hola a todos.", "¡Buenas!", "Jugamos con 2 barajas.",
           "Ayuda para resolver una discusión."),
    "nl": ("Hallo allemaal.", "Goedenavond!", "We spelen met 2 spellen kaarten.",
           "Help ons een discussie beslechten."),
    "pl": ("Cześć wszystkim.", "Dzień dobry!", "Gramy dwiema taliami.",
           "Pomóżcie rozstrzygnąć spór."),
}  # fmt: skip
_SIGN_OFFS = {
    "en": ("Thanks in advance!", "TIA", "Thanks!!", "Help settle an argument please.",
           "We play with 2 decks.", "Any help appreciated :)"),
    "cs": ("Díky předem!", "Děkuji.", "Hrajeme se 2 balíčky."),
    "de": ("Danke im Voraus!", "Vielen Dank.", "Wir spielen mit 2 Kartenspielen."),
    "es": ("¡Gracias de antemano!", "Gracias.", "Jugamos con 2 barajas."),
    "nl": ("Alvast bedankt!", "Dank je.", "We spelen met 2 spellen kaarten."),
    "pl": ("Z góry dzięki!", "Dziękuję.", "Gramy dwiema taliami."),
}  # fmt: skip


def framed(text: str, lang: str) -> list[Site]:
    """A greeting or a line of the story before the post, thanks after it."""
    end = len(text)
    return [
        Site(0, 0, tuple(f"{g} " for g in _GREETINGS[lang])),
        Site(end, end, tuple(f" {s}" for s in _SIGN_OFFS[lang])),
    ]


# -- Numbers ------------------------------------------------------------------------------

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight")
# A count in digits is one in words (and back) only before what is counted: a card named in
# words, a rank's plural in digits ("two 9s"), or one of these; a digit elsewhere may be a card
# ("a 9 on top", "our 7 7 7 7"), which is :func:`card_names`'s.
_COUNTED = (
    r"(?:aces?|kings?|queens?|jacks?|jokers?|deuces?|twos|threes|fours|fives|sixes|sevens|"
    r"eights|nines|tens|(?:10|[2-9AKQJ])['’]?s|wilds?|wild\s+cards?|cards?|naturals?|pairs?|"
    r"red|black|clean|dirty|natural|canastas?|melds?|bonus|decks?|players?|more|other|extra)"
)


def numbers(text: str, lang: str) -> list[Site]:
    """English counts in digits or words ("3 kings" / "three kings", "1 dirty" / "one
    dirty"); a match total grouped or not, or in thousands where it is whole hundreds
    ("3,200" / "3200" / "3.2k"); a total below zero said another way the reader reads ("minus
    340" / "-340" / "negative 340").  Not a number under a thousand that is no count ("125",
    "30 + 50"): players write those in digits."""
    sites = []
    if lang == "en":

        def count(match: re.Match[str]) -> tuple[str, ...]:
            said = match.group(1)
            n = int(said) if said.isdigit() else _NUMBER_WORDS.index(said.lower())
            if not said.isdigit() and match.group(2).strip()[0].isdigit():
                return ()  # "two 7s" as "2 7s": two digits in a row, a run of cards
            other = _NUMBER_WORDS[n] if said.isdigit() else str(n)
            return (_keep_case(other, said) + match.group(2),)

        sites += _matches(
            rf"(?<![\w,.'’-])(?<![2-9AKQJX] )(?<!10 )([1-8]|one|two|three|four|five|six|seven|"
            rf"eight)(\s+{_COUNTED})(?![\w'’])",
            text,
            count,
            re.IGNORECASE,
        )

    def total(match: re.Match[str]) -> tuple[str, ...]:
        value = int(re.sub(r"\D", "", match.group(0)))
        grouped = f"{value:,}" if lang == "en" else f"{value:,}".replace(",", ".")
        forms = [str(value), grouped]
        if lang == "en" and value % 100 == 0:
            forms.append(f"{value / 1000:g}k")
        return tuple(forms)

    sites += _matches(
        r"(?<![\w.,])\d{1,2}[,.]\d{3}(?![\w]|[.,]\d)|(?<![\w.,])\d{4,5}(?![\w]|[.,]\d)", text, total
    )
    if lang == "en":

        def below(match: re.Match[str]) -> tuple[str, ...]:
            n = match.group(1) or match.group(2)
            return (f"minus {n}", f"-{n}", f"negative {n}")

        sites += _matches(r"(?<![\w-])(?:minus\s+(\d+)|-(\d+))(?![\w])", text, below, re.IGNORECASE)
    return _apart(sites)


def _apart(sites: list[Site]) -> list[Site]:
    """The sites, those overlapping an earlier one left out."""
    kept: list[Site] = []
    for site in sorted(sites):
        if not kept or site.start >= kept[-1].end:
            kept.append(site)
    return kept


# -- Cards ---------------------------------------------------------------------------------

_RANK_WORDS = {
    "A": ("ace", "aces"), "K": ("king", "kings"), "Q": ("queen", "queens"),
    "J": ("jack", "jacks"), "10": ("ten", "tens"), "9": ("nine", "nines"),
    "8": ("eight", "eights"), "7": ("seven", "sevens"), "6": ("six", "sixes"),
    "5": ("five", "fives"), "4": ("four", "fours"), "3": ("three", "threes"),
}  # fmt: skip


def _plurals() -> dict[str, tuple[str, ...]]:
    """A rank in the plural, in the forms situation.toml's words and the reader's notation
    claim: "kings", "Ks", "K's"; "nines", "9s", "9's"; "deuces", "twos", "2s".  Each form
    (as written: "Ks" is a card in capitals only) -> the others."""
    groups = [
        (many, f"{symbol}s", f"{symbol}'s") if symbol != "A" else (many, "A's")
        for symbol, (_one, many) in _RANK_WORDS.items()
    ]
    groups.append(("deuces", "twos", "2s", "2's"))
    found: dict[str, tuple[str, ...]] = {}
    for group in groups:
        for form in group:
            others = tuple(f for f in group if f != form)
            found[form] = others
            if form.islower():
                found[form.capitalize()] = tuple(_keep_case(o, form.capitalize()) for o in others)
    return found


_PLURALS = _plurals()


def card_names(text: str, lang: str) -> list[Site]:
    """English cards in the other notations the reader claims to read: a rank's plural
    ("kings" / "Ks" / "K's", "9s" / "nines"), a single card after "a" ("a deuce" / "a two" /
    "a 2", "a 9" / "a nine"), a meld's notation spaced or run together ("K K K 2" / "KKK2" /
    "K,K,K,2").  Not "a joker" as "a jkr": no players' words list it (players_words.toml).
    Not a capital written in lower case ("ks"): notation is read in capitals."""
    if lang != "en":
        return []
    pattern = (
        r"(?<![\w'’])(?:"
        + "|".join(re.escape(p) for p in sorted(_PLURALS, key=len, reverse=True))
        + r")(?![\w'’])"
    )
    sites = _matches(pattern, text, lambda m: _PLURALS.get(m.group(0).replace("’", "'"), ()))

    def single(match: re.Match[str]) -> tuple[str, ...]:
        article, said = match.group(1), match.group(2)
        if said.lower() in ("deuce", "two", "2"):
            forms = ("deuce", "two", "2")
        else:
            symbol = next(
                (s for s, (one, _many) in _RANK_WORDS.items() if said.lower() in (one, s.lower())),
                None,
            )
            if symbol is None:
                return ()
            forms = (_RANK_WORDS[symbol][0], symbol)
        other = [f for f in forms if f.lower() != said.lower()]
        return tuple(
            f"{'an' if f[0] in 'aeio8A' or f == '8' else 'a'} {f}"
            if article.lower() in ("a", "an")
            else f"{article} {f}"
            for f in other
        )

    sites += _matches(
        r"(?<![\w'’])(a|an|one)\s+(deuce|two|2|nine|9|eight|8|seven|7|six|6|five|5|four|4|ten|10|king|K|queen|Q|jack|J)(?![\w'’])",
        text,
        single,
    )

    def run(match: re.Match[str]) -> tuple[str, ...]:
        said = match.group(0)
        if re.fullmatch(r"A (?:10|[2-9KQJX])", said):
            return ()  # "A 2" in capitals is "a two": no ace
        cards = said.split() if " " in said else re.findall(r"10|[2-9AKQJX]", said)
        naturals = {c for c in cards if c not in ("2", "X")}
        if len(naturals) > 1:
            return ()  # "K K Q Q", "4 5 6": more than one meld, or a sequence
        return ("".join(cards), " ".join(cards), ",".join(cards))

    sites += _matches(
        r"(?<![\w,*'’-])(?:(?:10|[2-9AKQJX])(?: (?:10|[2-9AKQJX]))+|(?:10|[2-9AKQJX]){2,8})"
        r"(?![\w*'’]|-\w|[,.]\d)",
        text,
        run,
    )
    return _apart(sites)


# -- Sentences, subjects --------------------------------------------------------------------

_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)")


def swapped_sentences(text: str, lang: str) -> list[Site]:
    """Two sentences of the story next to each other told the other way round.  Not the
    question, and not the sentence just before a question that names nothing of the game
    ("Who's right??" asks about what was told last), nor a sentence that refers to one before
    it ("she", "it", "that", "then", "later", "so"): those are told in the order they
    happened or are asked about."""
    spans = [(m.start(), m.end()) for m in _SENTENCE.finditer(text) if m.group(0).strip()]
    spans = [(s + len(text[s:e]) - len(text[s:e].lstrip()), e) for s, e in spans]
    asking = [i for i, (s, e) in enumerate(spans) if "?" in text[s:e]]
    last = asking[-1] if asking else len(spans) - 1
    # a short question may ask about the sentence before it ("Who's right??"): that stays
    stay = last - 1 if spans and len(text[spans[last][0] : spans[last][1]].split()) <= 6 else last
    sites = []
    for i in range(stay - 1):
        (s1, e1), (s2, e2) = spans[i], spans[i + 1]
        one, two = text[s1:e1], text[s2:e2]
        if "?" in one or "?" in two or _REFERS.search(two) or _REFERS.search(one):
            continue
        sites.append(Site(s1, e2, (f"{two} {one}",)))
    return sites


_REFERS = re.compile(
    r"\b(?:she|he|they|it|that|this|then|later|so|but|now|after|afterwards|again|also|too|"
    r"her|him|them|there|which|sie|er|es|das|dann|ella|él|eso|luego|zij|hij|het|dat|toen|"
    r"ona|on|to|pak|potom|ono|wtedy|potem)\b",
    re.IGNORECASE,
)
_I_WE = {
    "i had": ("we had",), "i have": ("we have",), "i went": ("we went",), "i put": ("we put",),
    "i picked": ("we picked",), "i laid": ("we laid",), "i melded": ("we melded",),
    "i took": ("we took",), "i added": ("we added",), "i wanted": ("we wanted",),
    "can i": ("can we",), "may i": ("may we",), "could i": ("could we",),
    "my partner": ("my teammate",), "your partner": ("your teammate",),
}  # fmt: skip


def subjects(text: str, lang: str) -> list[Site]:
    """English "I" as "we" ("I had" / "we had", "can I" / "can we"), "my partner" as "partner"
    or "my teammate": the side is the one that melds and scores.  Not "I" as "my partner":
    whose hand holds a card is what some rulings ask (asking the partner, going out)."""
    return _words_from(_table(_I_WE), text) if lang == "en" else []


# -- Spelling ------------------------------------------------------------------------------

_TYPOS = {
    "that's": ("thats",), "don't": ("dont",), "i'm": ("im",), "it's": ("its",),
    "what's": ("whats",), "there's": ("theres",), "didn't": ("didnt",), "doesn't": ("doesnt",),
    "can't": ("cant",), "isn't": ("isnt",), "wasn't": ("wasnt",), "you're": ("your", "youre"),
    "we're": ("were",), "who's": ("whos",), "haven't": ("havent",), "i've": ("ive",),
    "their": ("thier",), "received": ("recieved",), "separate": ("seperate",),
    "definitely": ("definately", "deffo"), "until": ("untill", "til"), "believe": ("beleive",),
    "weird": ("wierd",), "argument": ("arguement",), "already": ("allready", "alredy"),
    "opponent": ("oponent",), "opponents": ("oponents",), "because": ("becuase", "cuz", "bc"),
    "really": ("realy",), "which": ("wich",), "though": ("tho",), "tonight": ("tonite",),
    "you": ("u",), "please": ("pls", "plz"), "thanks": ("thx",), "friend": ("freind",),
    "question": ("qustion",), "before": ("b4",), "anyone": ("any1",), "sure": ("shure",),
    "wanted": ("wantd",), "someone": ("some one",),
}  # fmt: skip


def typos(text: str, lang: str) -> list[Site]:
    """English words as players mistype them on a phone ("thats", "seperate", "u", "tho"),
    from a list of common misspellings.  Not a word of the game ("pile", "meld", "partner":
    "ask your parter" asks about asking the partner only to a reader that guesses typos)."""
    return _words_from(_table(_TYPOS, both=False), text) if lang == "en" else []


_BRITISH = {
    "colour": ("color",), "colours": ("colors",), "favour": ("favor",), "realise": ("realize",),
    "realised": ("realized",), "practise": ("practice",), "towards": ("toward",),
    "learnt": ("learned",), "whilst": ("while",), "neighbour": ("neighbor",),
    "neighbours": ("neighbors",), "organise": ("organize",), "recognise": ("recognize",),
    "judgement": ("judgment",), "cancelled": ("canceled",), "totalled": ("totaled",),
    "totalling": ("totaling",), "centre": ("center",), "mum": ("mom",), "behaviour": ("behavior",),
    "apologise": ("apologize",), "favourite": ("favorite",), "defence": ("defense",),
    "offence": ("offense",), "penalise": ("penalize",), "penalised": ("penalized",),
    "analyse": ("analyze",), "spelt": ("spelled",), "dreamt": ("dreamed",),
}  # fmt: skip


def spellings(text: str, lang: str) -> list[Site]:
    """English words spelt the British or the American way ("colour" / "color", "towards" /
    "toward", "penalised" / "penalized")."""
    return _words_from(_table(_BRITISH), text) if lang == "en" else []


_CONTRACTIONS = {
    "can't": ("cannot", "can not"), "don't": ("do not",), "doesn't": ("does not",),
    "didn't": ("did not",), "isn't": ("is not",), "wasn't": ("was not",),
    "aren't": ("are not",), "weren't": ("were not",), "won't": ("will not",),
    "wouldn't": ("would not",), "shouldn't": ("should not",), "couldn't": ("could not",),
    "haven't": ("have not",), "hasn't": ("has not",), "hadn't": ("had not",),
    "i'm": ("i am",), "we're": ("we are",), "they're": ("they are",), "you're": ("you are",),
    "that's": ("that is",),
    "what's": ("what is",), "who's": ("who is",), "it's": ("it is",), "let's": ("let us",),
}  # fmt: skip


# "I have to" is never "I've to": spelt out only, never contracted
_SPELT_OUT = {"i've": ("i have",), "we've": ("we have",), "i'd": ("i would",)}


def _curly(table: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    found = _table(table)
    for word, others in list(found.items()):
        if "'" in word:
            found[word] = (*others, word.replace("'", "’"))
    return found


def contractions(text: str, lang: str) -> list[Site]:
    """English contractions spelt out and back ("can't" / "cannot" / "can not", "we're" /
    "we are"), or written with a curly apostrophe ("can’t")."""
    return _words_from({**_curly(_CONTRACTIONS), **_SPELT_OUT}, text) if lang == "en" else []


# -- Players' words, the question asked otherwise, the score told otherwise --------------------

# The game's things in the words players' words (players_words.toml) and the situation's
# words (situation.toml) claim: each row's words mean the same at the table.
_GAME_WORDS = {
    "the pile": ("the discard pile", "the tray"), "the discard pile": ("the pile", "the tray"),
    "the tray": ("the pile",), "the pack": ("the pile", "the tray"),
    "go down": ("come down", "get down"), "went down": ("came down",),
    "goes down": ("gets down",),
    "clean canasta": ("natural canasta", "clean book"), "natural canasta": ("clean canasta",),
    "dirty canasta": ("mixed canasta", "dirty book"), "mixed canasta": ("dirty canasta",),
    "wild card": ("wildcard", "wild"), "wild cards": ("wildcards", "wilds"),
    "wildcard": ("wild card",), "wilds": ("wild cards",),
}  # fmt: skip


def game_words(text: str, lang: str) -> list[Site]:
    """English words of the game said as players say them (players_words.toml): "the pile" /
    "the tray" (at the American tables, "the pack" too), "go down" / "come down", "clean
    canasta" / "natural canasta" / "clean book", "wild card" / "wildcard" / "wild".  Not "a
    pile of aces" (no discard pile), nor "the pack" where it may be the stock (classic)."""
    if lang != "en":
        return []
    return _words_from(_GAME_WORDS, text)


_FRAMES = {
    "who's right": ("who is right", "who is correct", "which of us is right"),
    "who is right": ("who's right", "who is correct", "which of us is right"),
    "is that allowed": ("is that legal", "is that ok", "is this allowed"),
    "is that legal": ("is that allowed", "is that ok"),
    "is she right": ("is she correct",), "is he right": ("is he correct",),
    "can i": ("am i allowed to", "may i"), "can we": ("are we allowed to", "may we"),
    "can you": ("are you allowed to",), "do you have to": ("do you need to", "must you"),
    "do we have to": ("do we need to", "must we"), "how much is": ("what is",),
}  # fmt: skip


def asked_otherwise(text: str, lang: str) -> list[Site]:
    """An English question asked in other words that ask the same: "who's right" / "which of
    us is right", "is that allowed" / "is that legal", "can I" / "am I allowed to" / "may I",
    "do you have to" / "must you", "how much is ... worth" / "what is ... worth".  "Can I" as
    "am I allowed to" only at a question's start, before a verb ("can I go out" -- not "can I
    have", "can I get", where the allowed form reads wrongly), "how much is" only before
    "worth" in the same sentence."""
    if lang != "en":
        return []
    sites = []
    for site in _words_from(_FRAMES, text):
        said = text[site.start : site.end].lower()
        after = text[site.end :]
        if said.startswith(("can ", "do ")):
            before = text[: site.start].rstrip()
            if before and before[-1] not in ".!?,":
                continue  # within a sentence: "if you can I ..."
            if re.match(r"\s+(?:have|get|be|not)\b", after, re.IGNORECASE):
                continue
            options = tuple(
                o if not o.endswith(" to") or not re.match(r"\s+to\b", after) else o[:-3]
                for o in site.options
            )
            site = site._replace(options=options)
        if said == "how much is" and not re.match(r"[^.?!]*\bworth\b", after):
            continue
        sites.append(site)
    return sites


def score_told(text: str, lang: str) -> list[Site]:
    """An English match total told another way: "we're at 3,200" / "we have 3,200 points" /
    "our score is 3,200"; "we were at" / "we had ... points" / "our score was"."""
    if lang != "en":
        return []

    def options(match: re.Match[str]) -> tuple[str, ...]:
        verb, number = match.group(1).lower(), match.group(2)
        past = verb.startswith("we were")
        forms = (
            f"we had {number} points" if past else f"we have {number} points",
            f"our score was {number}" if past else f"our score is {number}",
            f"we were on {number}" if past else f"we're on {number}",
        )
        return tuple(_keep_case(f, match.group(0)) for f in forms)

    return _matches(
        r"(?<![\w'’])(we're|we are|we were)\s+(?:at|on|sitting at|sitting on)\s+"
        r"(-?\d{1,2}[,.]?\d{3}|\d{3,5})(?![\w,.]\d|\s*(?:points|pts)\b)",
        text,
        options,
        re.IGNORECASE,
    )


# -- How a post is put together -------------------------------------------------------------

_AFTER = {
    "en": ("Who's right?", "Is that right?", "Thoughts?", "Which is it?", "Can someone clarify?"),
    "cs": ("Kdo má pravdu?", "Je to tak?"),
    "de": ("Wer hat recht?", "Stimmt das?"),
    "es": ("¿Quién tiene razón?", "¿Es así?"),
    "nl": ("Wie heeft gelijk?", "Klopt dat?"),
    "pl": ("Kto ma rację?", "Czy tak jest?"),
}


def _asking(text: str) -> list[tuple[int, int]]:
    spans = [(m.start(), m.end()) for m in _SENTENCE.finditer(text) if m.group(0).strip()]
    spans = [(s + len(text[s:e]) - len(text[s:e].lstrip()), e) for s, e in spans]
    return [(s, e) for s, e in spans if "?" in text[s:e]]


def asked_again(text: str, lang: str) -> list[Site]:
    """A question that asks for nothing new after the post's own ("... was it enough? Who's
    right?"): the post still asks what it asked.  Only after a post whose last sentence is
    its question (a story after it would be what "who's right" refers to)."""
    asking = _asking(text)
    if not asking or text[asking[-1][1] :].strip():
        return []
    end = len(text)
    return [Site(end, end, tuple(f" {q}" for q in _AFTER[lang]))]


def question_first(text: str, lang: str) -> list[Site]:
    """The post's one question asked first, its story after it ("Can I take the pile? The top
    card was a 9 ..."): only a question of more than six words that refers to nothing told
    before it (a short one, "Who's right??", or "is that allowed", asks about what was told
    before it), the post's only sentence with a question mark."""
    asking = _asking(text)
    if len(asking) != 1:
        return []
    start, end = asking[0]
    question = text[start:end]
    before = text[:start].strip()
    if not before or len(question.split()) <= 6 or _REFERS.search(question):
        return []  # "Is that allowed ...?" asks about what was told before it
    after = text[end:].strip()
    rest = f"{before} {after}".strip()
    return [Site(0, len(text), (f"{question} {rest}",))]


_LEADS = {
    "en": ("So ", "My question is: ", "Question: ", "Ok so ", "Basically, "),
    "cs": ("Takže ", "Otázka: "),
    "de": ("Also ", "Frage: "),
    "es": ("Entonces ", "Pregunta: "),
    "nl": ("Dus ", "Vraag: "),
    "pl": ("Więc ", "Pytanie: "),
}


def lead_in(text: str, lang: str) -> list[Site]:
    """A lead-in before the post's question ("So can I take the pile?", "My question is:
    can I ..."), its first word then in lower case."""
    sites = []
    for start, end in _asking(text)[-1:]:
        first = text[start:end].split(maxsplit=1)[0]
        if first == "I" or _NOTATION_WORD.fullmatch(first.strip(",.;:!?")) or first[0] in "¿¡":
            lowered = first
        elif first.isupper():  # a sentence in capitals: its lead-in in capitals too
            sites.append(Site(start, start, tuple(f"{lead.upper()}" for lead in _LEADS[lang])))
            continue
        else:
            lowered = first[:1].lower() + first[1:]
        sites.append(
            Site(start, start + len(first), tuple(f"{lead}{lowered}" for lead in _LEADS[lang]))
        )
    return sites


def capitals(text: str, lang: str) -> list[Site]:
    """Each sentence in capitals (a phone's caps lock), its card notation as written."""
    sites = []
    for match in re.finditer(r"[^.!?\n]+[.!?]*", text):
        said = match.group(0)
        upper = _recased(said, str.upper)
        if upper != said:
            sites.append(Site(match.start(), match.end(), (upper,)))
    return sites


def spacing(text: str, lang: str) -> list[Site]:
    """A sentence's end followed by a new line, by two spaces, or (a phone's slip) by no space
    before a capital ("in my hand.Can I")."""
    return _matches(
        r"(?<=[.!?])\s+(?=\S)",
        text,
        lambda m: (
            ("\n", "  ", "")
            if m.string[m.end()].isupper()
            and m.string[m.start() - 1] != "."
            or m.string[m.end()].isupper()
            else ("\n", "  ")
        ),
    )


def laughing(text: str, lang: str) -> list[Site]:
    """A sentence's end with "lol" before it or an emoji after it ("it ruined my plan lol.",
    "Who's right?? 😂")."""
    return _matches(r"[.!?]+(?=\s|$)", text, lambda m: (f" lol{m.group(0)}", f"{m.group(0)} 😂"))


# -- A situation told otherwise: its cards, its points, whether the side is down ------------

_WILD_WORDS = {
    "2": ("a deuce", "two deuces", "three deuces"),
    "X": ("a joker", "two jokers", "three jokers"),
}
_PLURAL_OF = {symbol: many for symbol, (_one, many) in _RANK_WORDS.items()}
_SYMBOL_OF = {many: symbol for symbol, many in _PLURAL_OF.items()}


def _in_words(cards: list[str]) -> str | None:
    """A meld of one rank and its wild cards in words: "three queens and a deuce"."""
    naturals = [c for c in cards if c not in ("2", "X")]
    if not 2 <= len(naturals) <= 8 or len(set(naturals)) != 1:
        return None
    said = [f"{_NUMBER_WORDS[len(naturals)]} {_PLURAL_OF[naturals[0]]}"]
    for wild in ("2", "X"):
        n = cards.count(wild)
        if n > 3:
            return None
        if n:
            said.append(_WILD_WORDS[wild][n - 1])
    return " and ".join(said)


def cards_in_words(text: str, lang: str) -> list[Site]:
    """English melds in notation told in words and back: "QQQ2" / "Q Q Q 2" / "three queens
    and a deuce", "99" / "two nines"; "three kings" / "3 kings" / "KKK"; "a pair of queens" /
    "two queens" / "QQ".  Not jokers in notation ("XXX"), which players do not write, nor a
    run of several melds ("K K Q Q"), nor part of a meld written on ("KK 2 2": "two kings 2 2"
    is no player's)."""
    if lang != "en":
        return []

    def notation(match: re.Match[str]) -> tuple[str, ...]:
        said = match.group(0)
        cards = said.split() if " " in said else re.findall(r"10|[2-9AKQJX]", said)
        words = _in_words(cards)
        return (words,) if words else ()

    sites = _matches(
        r"(?<![\w,*'’-])(?<![2-9AKQJX] )(?:(?:10|[3-9AKQJ])(?: (?:10|[2-9AKQJX]))+|"
        r"(?:10|[3-9AKQJ])(?:10|[2-9AKQJX]){1,7})(?![\w*'’]|-\w|[,.]\d| (?:10|[2-9AKQJX])\b)",
        text,
        notation,
    )
    plurals = "|".join(_SYMBOL_OF)

    def counted(match: re.Match[str]) -> tuple[str, ...]:
        count, rank = match.group(1).lower(), match.group(2).lower()
        n = (
            2
            if count == "a pair of"
            else int(count)
            if count.isdigit()
            else _NUMBER_WORDS.index(count)
        )
        symbol = _SYMBOL_OF[rank]
        forms = [symbol * n if symbol != "10" else " ".join(["10"] * n), " ".join([symbol] * n)]
        if count == "a pair of":
            forms.append(f"two {rank}")
        return tuple(dict.fromkeys(forms))

    sites += _matches(
        rf"(?<![\w'’])(a pair of|[2-8]|two|three|four|five|six|seven|eight)\s+({plurals})"
        r"(?![\w'’])",
        text,
        counted,
        re.IGNORECASE,
    )
    return _apart(sites)


def points_told(text: str, lang: str) -> list[Site]:
    """An English first meld's points told another way: "went down with 125" / "went down
    with 125 points" / "opened with 125" / "came down with 125" / "melded 125 points"."""
    if lang != "en":
        return []

    def options(match: re.Match[str]) -> tuple[str, ...]:
        verb, exactly, number = match.group(1), match.group(2) or "", match.group(3)
        past = verb.lower().startswith(("went", "opened", "came", "melded"))
        forms = (
            f"went down with {exactly}{number} points"
            if past
            else f"go down with {exactly}{number} points",
            f"opened with {exactly}{number}" if past else f"open with {exactly}{number}",
            f"melded {exactly}{number} points" if past else f"meld {exactly}{number} points",
            f"came down with {exactly}{number}" if past else f"come down with {exactly}{number}",
        )
        return tuple(_keep_case(f, match.group(0)) for f in forms)

    return _matches(
        r"(?<![\w'’])(went down|go down|opened|came down) with\s+(exactly |only |just )?"
        r"(\d{2,3})(?:\s+points)?(?![\w,.]?\d)(?!\s*(?:[AKQJX*]|cards?|of|in)\b)",
        text,
        options,
        re.IGNORECASE,
    )


_DOWN = {
    "already went down": ("had already melded", "were already down", "had already opened"),
    "already gone down": ("already melded", "already opened"),
    "had already melded": ("had already gone down", "were already down"),
    "already melded": ("already gone down", "already opened"),
    "were already down": ("had already gone down", "had already melded"),
    "hadn't put anything down": ("hadn't melded", "hadn't gone down", "hadn't opened"),
    "haven't gone down": ("haven't melded", "haven't opened", "haven't put anything down"),
    "hadn't gone down": ("hadn't melded", "hadn't opened", "had not gone down"),
    "not down yet": ("not melded yet", "not opened yet"),
}  # fmt: skip


def down_told(text: str, lang: str) -> list[Site]:
    """Whether the side has melded this hand told another way: "we already went down" / "we
    had already melded" / "we were already down"; "I hadn't put anything down" / "hadn't
    melded" / "hadn't opened"."""
    return _words_from(_DOWN, text) if lang == "en" else []


_HOLDING = {
    "in my hand": ("in hand", "in my hands"), "in hand": ("in my hand",),
    "i had": ("i was holding", "i held"), "i have": ("i'm holding", "i hold"),
}  # fmt: skip


def hand_told(text: str, lang: str) -> list[Site]:
    """The cards a player holds told another way: "in my hand" / "in hand"; "I had two 9s" /
    "I was holding two 9s" / "I held two 9s" (only before cards: a count, a card's digit or
    notation)."""
    if lang != "en":
        return []
    sites = []
    for site in _words_from(_HOLDING, text):
        said = text[site.start : site.end].lower()
        if said.startswith("i ") and not re.match(
            r"\s+(?:a |an |\d|two|three|four|five|six|seven|eight|[AKQJX])", text[site.end :]
        ):
            continue
        sites.append(site)
    return sites


# What a post asks or tells, in the other words players use for it (each row means the same
# at the table; every word the situation's words or the players' words claim to read).
_SAID_OTHERWISE = {
    "pick up the pile": ("take the pile", "grab the pile", "pick up the discard pile"),
    "take the pile": ("pick up the pile", "take the discard pile"),
    "picked up the pile": ("took the pile", "grabbed the pile"),
    "took the pile": ("picked up the pile",),
    "pick up the pack": ("take the pack",), "picked up the pack": ("took the pack",),
    "threw a": ("discarded a", "tossed a"), "threw one": ("discarded one",),
    "tossed a": ("threw a", "discarded a"), "discarded a": ("threw a",),
    "on the pile": ("onto the pile",), "onto the pile": ("on the pile",),
    "top card": ("upcard",),
    "enough to go down": ("enough to meld", "enough to open"),
    "enough to open": ("enough to go down",),
    "was it enough": ("was that enough",), "is that enough": ("is it enough",),
    "were they short": ("did they have enough",),
    "how many points for": ("what do you get for", "how much for"),
    "how much do you lose": ("what's the penalty", "how many points do you lose"),
    "what do we need": ("how much do we need",), "what do you need": ("how much do you need",),
    "is it legal to meld": ("can you meld", "are you allowed to meld", "is it ok to meld"),
    "can you meld": ("is it legal to meld", "are you allowed to meld"),
    "start a meld": ("begin a meld", "make a meld"),
    "blocked": ("frozen",), "frozen": ("blocked",),
    "a wild card": ("a wild",), "wild cards": ("wilds",),
    "bonus cards": ("talon cards",),
}  # fmt: skip


def said_otherwise(text: str, lang: str) -> list[Site]:
    """English things of the game asked or told in other words players use for them: "pick up
    the pile" / "take the pile" / "grab the pile", "threw a" / "discarded a", "enough to go
    down" / "enough to meld", "how many points for" / "what do you get for", "frozen" /
    "blocked".  Not "go out" as "finish": a canasta is finished too."""
    return _words_from(_SAID_OTHERWISE, text) if lang == "en" else []


def no_diacritics(text: str, lang: str) -> list[Site]:
    """A word typed without its accents, as on a phone ("žolíka" / "zolika", "König" /
    "Konig"); German umlauts also as "ae", "oe", "ue" ("Koenig")."""

    def options(match: re.Match[str]) -> tuple[str, ...]:
        said = match.group(0)
        plain = (
            "".join(c for c in unicodedata.normalize("NFKD", said) if not unicodedata.combining(c))
            .replace("ł", "l")
            .replace("Ł", "L")
        )
        forms = [plain]
        if lang == "de":
            forms.insert(0, said.translate(_UMLAUTS))
        return tuple(dict.fromkeys(forms))

    return _matches(r"\w*[^\W\d_a-zA-Z]\w*", text, options) if lang != "en" else []


_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})
_COUNT_WORDS = {
    "cs": {"dva": 2, "dvě": 2, "tři": 3, "čtyři": 4, "pět": 5, "šest": 6, "sedm": 7},
    "de": {"zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7},
    "es": {"dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7},
    "nl": {"twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7},
    "pl": {"dwie": 2, "dwa": 2, "trzy": 3, "cztery": 4, "pięć": 5, "sześć": 6, "siedem": 7},
}  # fmt: skip


def counts_in_digits(text: str, lang: str) -> list[Site]:
    """A count of cards in another language written in digits ("tři krále" / "3 krále",
    "zwei Könige" / "2 Könige"): only before a word that is no number (the count's cards)."""
    table = _COUNT_WORDS.get(lang)
    if not table:
        return []
    return _matches(
        r"(?<![\w'’])(" + "|".join(table) + r")(?=\s+[^\W\d_]{3,})",
        text,
        lambda m: (str(table[m.group(1).lower()]),) if m.group(1).lower() in table else (),
        re.IGNORECASE,
    )


REWRITES: dict[str, Finder] = {
    "lower case": lower_case,
    "no question mark": no_question_mark,
    "no punctuation": no_punctuation,
    "greeting and thanks": framed,
    "numbers": numbers,
    "card names": card_names,
    "sentences swapped": swapped_sentences,
    "subjects": subjects,
    "typos": typos,
    "British/American spelling": spellings,
    "contractions": contractions,
    "players' words": game_words,
    "asked otherwise": asked_otherwise,
    "score told otherwise": score_told,
    "asked again after": asked_again,
    "question first": question_first,
    "lead-in": lead_in,
    "capitals": capitals,
    "spacing": spacing,
    "lol and emoji": laughing,
    "cards in words or notation": cards_in_words,
    "points told otherwise": points_told,
    "down told otherwise": down_told,
    "hand told otherwise": hand_told,
    "said otherwise": said_otherwise,
    "no diacritics": no_diacritics,
    "counts in digits": counts_in_digits,
}
# A rewrite whose sites stand for one another (two sentences swapped): one site at a time.
ONE_AT_A_TIME = frozenset({"sentences swapped"})


def sites(name: str, text: str, lang: str) -> list[Site]:
    """The sites of the rewrite ``name`` in ``text``, written in ``lang``."""
    return REWRITES[name](text, lang)


def rewritten(name: str, text: str, lang: str) -> st.SearchStrategy[str]:
    """``text`` rewritten by ``name`` at one site or more (each drawn with one of its
    options); it shrinks towards a single site, its first option.  ``text`` must have a site
    (:func:`sites`)."""
    found = sites(name, text, lang)
    if not found:
        raise ValueError(f"{name}: no site in {text!r}")
    many = 1 if name in ONE_AT_A_TIME else len(found)

    @st.composite
    def draw(draw: st.DrawFn) -> str:
        chosen = draw(st.sets(st.integers(0, len(found) - 1), min_size=1, max_size=many))
        picks = {i: draw(st.integers(0, len(found[i].options) - 1)) for i in sorted(chosen)}
        return apply(text, found, picks)

    return draw()


def stacked(text: str, lang: str, most: int = 4) -> st.SearchStrategy[str]:
    """``text`` rewritten by two to ``most`` rewrites one after the other (each at one site or
    more, drawn on the text the last one left): a player varies many things at once."""

    @st.composite
    def draw(draw: st.DrawFn) -> str:
        names = draw(st.lists(st.sampled_from(list(REWRITES)), min_size=2, max_size=most))
        said = text
        for name in names:
            if sites(name, said, lang):
                said = draw(rewritten(name, said, lang))
        return said

    return draw()


def stacks(text: str, lang: str, rng: random.Random, n: int, most: int = 4) -> Iterator[str]:
    """``n`` rewrites of ``text`` by two to ``most`` rewrites one after the other, drawn by
    ``rng`` (each rewrite at one site or more): what the count of stacked rewrites reads."""
    seen = {text}
    for _ in range(n):
        said = text
        for name in rng.choices(list(REWRITES), k=rng.randint(2, most)):
            found = sites(name, said, lang)
            if not found:
                continue
            many = 1 if name in ONE_AT_A_TIME else rng.randint(1, len(found))
            chosen = rng.sample(range(len(found)), many)
            said = apply(said, found, {i: rng.randrange(len(found[i].options)) for i in chosen})
        if said not in seen:
            seen.add(said)
            yield said


def variants(name: str, text: str, lang: str) -> Iterator[str]:
    """Every rewrite of one site by ``name`` (each option), then every site at once (each
    site's first option, then its last), without repeats: what the count of failures reads."""
    found = sites(name, text, lang)
    seen = {text}
    candidates = [
        apply(text, found, {i: k}) for i, s in enumerate(found) for k in range(len(s.options))
    ]
    if name not in ONE_AT_A_TIME and len(found) > 1:
        candidates.append(apply(text, found, dict.fromkeys(range(len(found)), 0)))
        candidates.append(apply(text, found, {i: len(s.options) - 1 for i, s in enumerate(found)}))
    for candidate in candidates:
        if candidate not in seen:
            seen.add(candidate)
            yield candidate
