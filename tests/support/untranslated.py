"""What counts as English left in a translation: the words a language may share with English.

Used by the catalogue check (tests/test_catalogues.py) and the pages check
(tests/web/test_i18n.py): a word of the English text that a translation still carries
was left untranslated, unless the language uses that word too (listed here, with why).
"""

from __future__ import annotations

import re

# Words a translation may share with the English text, because the language uses them too.
# Everything else that reads the same in a translation as in English was left untranslated.
SHARED_PHRASES = (
    "Canasta Referee",  # the app's name
    "Hand and Foot",  # the game's name, as its players everywhere call it
    "Regency",  # the club whose laws the classic game follows
    "Mitchell",  # the tournament movement, named after its inventor
    "referee export", "referee score", "referee check",  # commands typed as they are
    "hand:", "pagat", "Pagat", "BGA", "QR", "https", "Unicode",  # notation, sources, names
    "(book)", "(foot)",  # the rulebook's own word beside its translation
    # the JSON API's own field names and values, quoted in its messages
    "match.snapshot", "Content-Type: application/json", "match-", "carried_over",
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
