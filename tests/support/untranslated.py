"""What counts as English left in a translation: the words a language may share with English,
and the words a reader meets on a page, a sheet or a message.

Used by the catalogue check (tests/test_catalogues.py) and the pages checks
(tests/web/test_i18n.py, tests/web/test_every_word.py): a word of the English text that a
translation still carries was left untranslated, unless the language uses that word too
(listed here, with why).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

# Words a translation may share with the English text, because the language uses them too.
# Everything else that reads the same in a translation as in English was left untranslated.
SHARED_PHRASES = (
    "Canasta Referee",  # the app's name
    "Hand and Foot",  # the game's name, as its players everywhere call it
    "Regency",  # the club whose laws the classic game follows
    "Mitchell",  # the tournament movement, named after its inventor
    "referee export", "referee score", "referee check",  # commands typed as they are
    "referee serve --host",
    "hand:", "pagat", "Pagat", "BGA", "QR", "https", "Unicode",  # notation, sources, names
    "(book)", "(foot)",  # the rulebook's own word beside its translation
    # the JSON API's own field names and values, quoted in its messages
    "match.snapshot", "Content-Type: application/json", "match-", "carried_over",
    "canasta-referee/match", "\"format\"",
    "mode", "detailed", "quick", "sides", "true", "false", "a4", "letter", "US Letter",
)  # fmt: skip
SHARED_WORDS = {
    # the games' own names and the Spanish and Brazilian words for their melds
    "*": {"canasta", "canastas", "samba", "sambas", "bolivia", "bolivias", "escala", "escalas",
          "real", "reales", "escalera", "escaleras", "acabar", "cruzado", "json", "pdf", "csv",
          "utc", "nul", "esc", "offline", "online", "plus", "minus", "kb", "mb",
          "fibur", "mitchell"},  # the Italian Burraco federation, a movement by its inventor
    "cs": {"data", "min", "minimum", "server", "text", "import", "backspace"},
    "de": {"bonus", "hand", "joker", "jkr", "links", "min", "minimum", "team", "teams", "west",
           "wild", "was"},
    "es": {"total", "control", "natural", "club", "original", "extra", "final", "error",
           "director"},
    "nl": {"apart", "even", "late", "backspace", "beginners", "bonus", "club", "code",
           "computer", "effect",
           "extra", "hand", "in", "is", "joker", "jokers", "jkr", "later", "league", "letters",
           "link", "links", "match", "matches", "meld", "min", "minimum", "modern", "object",
           "open", "partner", "partners", "per", "pure", "rest", "scan", "score", "server", "set",
           "sets", "spreadsheet", "stock", "team", "teams", "token", "variant", "was", "west",
           "wild"},
    "pl": {"backspace", "import", "joker", "jkr", "link", "min", "minimum", "partner", "one"},
}  # fmt: skip
WORD = re.compile(r"[^\W\d_]{2,}")


class Words(HTMLParser):
    """The words a reader meets on a page: its text and the labels a screen reader says (and
    the sentences a page hands its script in ``data-`` attributes), leaving out scripts,
    quotes and book titles (``q``, ``blockquote``, ``cite``) and whatever is marked as
    written in another language."""

    SAID = ("aria-label", "title", "alt", "placeholder")
    QUOTES = ("script", "style", "q", "blockquote", "cite")
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
            "track", "wbr"}  # fmt: skip

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang, self.skipping, self.words, self.text = lang, [], [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.skipping or tag in self.QUOTES or attrs.get("lang", self.lang) != self.lang:
            if tag not in self.VOID:
                self.skipping.append(tag)
            return
        for name in self.SAID:
            self.words += WORD.findall(_tokens_out(attrs.get(name) or ""))
        for name, value in attrs.items():
            # A sentence the page's script shows ("Saved on this phone"), not an id or a URL.
            if name.startswith("data-") and value and " " in value and "/" not in value:
                self.words += WORD.findall(re.sub(r"%\(\w+\)s", " ", value))  # its blanks

    def handle_endtag(self, tag):
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data):
        if not self.skipping:  # the text as read, its "&#34;" a quotation mark again
            self.words += WORD.findall(_tokens_out(_unshared(data)))
            self.text.append(data)


def vocabulary(lang: str) -> set[str]:
    """Every word of ``lang``'s catalogue (English: the app's own words, its msgids), and of
    the rulebooks written in ``lang`` ("ten minste", "Stopper"), lower-cased."""
    from babel.messages.pofile import read_po

    from referee.i18n import TRANSLATIONS
    from referee.rules.presets import PRESETS
    from referee.rules.sources import source_language

    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        texts = [m.string for m in read_po(handle) if m.id]
    flat = [t for text in texts for t in (text if isinstance(text, tuple) else (text,))]
    flat += [
        rule.quote
        for variant in PRESETS.values()
        for rule in variant.rules.values()
        if rule.quote and source_language(rule.source) == lang
    ]
    # Not the names of a message's fields ("%(total)s" is no Czech word) nor the phrases
    # every language keeps ("Hand and Foot").
    flat = [_unshared(re.sub(r"%\(\w+\)", " ", text)) for text in flat]
    return {w.lower() for text in flat for w in WORD.findall(text)}


def _unshared(page: str) -> str:
    for phrase in SHARED_PHRASES:
        page = page.replace(phrase, " ")
    # A link shown as text holds its random token, whose letters may spell "at" or "de".
    return re.sub(r"https?://[^\s<\"]+", " ", page)


def _english(words: list[str], lang: str, english: set[str], theirs: set[str]) -> set[str]:
    shared = SHARED_WORDS["*"] | SHARED_WORDS.get(lang, set())
    return {
        w for w in words
        if (low := w.lower()) in english and low not in theirs and low not in shared
        and not _token_piece(w)
    }  # fmt: skip


# A random token or a path shown as text ("/m/4/QC1m7Lyg…"): ten characters or more with
# a digit among letters, no word of a sentence.
TOKEN = re.compile(r"[\w/-]*\d[\w/-]*")


def _tokens_out(text: str) -> str:
    return TOKEN.sub(lambda found: " " if len(found[0]) >= 10 else found[0], text)


def _token_piece(word: str) -> bool:
    """Letters of a random token shown as a path or a code ("…9CuT-x…"): mixed case inside
    the word, which no sentence writes ("Cut", "cut", "PDF" are words)."""
    return not word.isupper() and any(c.isupper() for c in word[1:])


def english_on(page: str, lang: str, english: set[str], theirs: set[str]) -> set[str]:
    """Words of the HTML ``page`` that English has and ``lang``'s own texts never use."""
    reader = Words(lang)
    reader.feed(_unshared(page))
    return _english(reader.words, lang, english, theirs)


def english_in(text: str, lang: str, english: set[str], theirs: set[str]) -> set[str]:
    """:func:`english_on` for plain text: a sheet as pdftotext reads it, a message."""
    return _english(WORD.findall(_tokens_out(_unshared(text))), lang, english, theirs)


# A figure of four digits or more that no group separator splits ("1505"), in text: not a
# part of a word, an address, a decimal, a time or an ISO date ("2026-11-26 19:30 UTC").
UNGROUPED = re.compile(r"(?<![\w.,/:§#\-])\d{4,}(?![\w]|[.,:\-]\d)")


def ungrouped(page: str, lang: str, kept: tuple[str, ...] = ()) -> list[str]:
    """The figures of the HTML ``page`` written without grouping, each with a little of
    its sentence; ``kept``: texts kept as written (a rulebook's own sentences, a date)."""
    reader = Words(lang)
    reader.feed(page)
    text = " ".join(reader.text)
    for sentence in sorted(kept, key=len, reverse=True):  # a quote holding a shorter one
        text = text.replace(sentence, " ")
    return [text[max(0, m.start() - 30) : m.end() + 10] for m in UNGROUPED.finditer(text)]
