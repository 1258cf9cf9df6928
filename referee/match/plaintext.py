"""Words people type -- names and notes -- kept as text, and file names made safe.

A name or a note is shown on pages, in sheets and in CSV files: a control
character in it (NUL, ESC, BEL, backspace, DEL, the C1 range) has no business
there, so it is refused where it comes in (a form, an imported file), naming the
field.  Tab and newline are allowed only where a text has lines (a box of melds,
a list of players).  Bidirectional text is not refused -- Hebrew and Arabic names
are names -- but isolated where shown (``<bdi>``), so it cannot turn the sentence
around it.  Pure Python: the forms and :mod:`referee.match.integrity` share it.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "control_character",
    "default_match",
    "default_match_number",
    "isolated",
    "safe_filename",
    "spreadsheet_cell",
]

# A match nobody named is stored as "Match 2" (its phone's second), shown in the reader's
# language: the web's pages (referee.web.parts.default_names) and the sheets alike.
_DEFAULT_MATCH = re.compile(r"Match (\d{1,6})")


def default_match(number: int) -> str:
    """A match nobody named, as stored: counted among the matches its phone started (a
    phone's second match is "Match 2", not the server's 13th)."""
    return f"Match {number}"


def default_match_number(name: str) -> int | None:
    """The number of a match's default name ("Match 2": 2); None for a name typed."""
    found = _DEFAULT_MATCH.fullmatch(name)
    return int(found[1]) if found else None


# C0 but tab, line feed and carriage return; DEL; C1; and lone surrogates (which JSON
# may carry as "\ud800" but no text file or database can hold).
_IN_LINES = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_IN_A_LINE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")

# What a download's name keeps besides letters, marks and digits of any language.
_FILENAME_PUNCTUATION = frozenset(" -_.,()&+'!")
FILENAME_LENGTH = 80


def control_character(text: str, *, lines: bool = False) -> str | None:
    """The first character of ``text`` that is not text (a control character), or None.

    ``lines``: the text may hold tabs and line breaks (a box with a line per item).
    """
    found = (_IN_LINES if lines else _IN_A_LINE).search(text)
    return None if found is None else found.group(0)


def _named(category: str) -> bool:
    # Letters, marks, digits, and symbols such as the suits (So); not Sm: < > | are.
    return category[0] in "LMN" or category == "So"


def isolated(text: object) -> str:
    """``text`` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: its direction
    its own, nothing around it turned (where no ``<bdi>`` can go: a title, a message)."""
    return f"\u2068{text}\u2069"


def safe_filename(name: str, suffix: str, fallback: str) -> str:
    """``name`` as a download's file name: letters, digits, symbols and a little punctuation of any
    language (``Pátek u Žofie.pdf``), nothing a file system or a header could misread --
    no slash, quote, control or bidirectional character -- at most 80 characters, and
    ``fallback`` where nothing is left."""
    kept = "".join(
        char if char in _FILENAME_PUNCTUATION or _named(unicodedata.category(char)) else " "
        for char in name
    )
    kept = " ".join(kept.split())[:FILENAME_LENGTH].strip(" .")
    return f"{kept or fallback}{suffix}"


def spreadsheet_cell(text: str) -> str:
    """``text`` as a CSV cell: a spreadsheet runs a cell that starts with = + - @ as a
    formula, and names are text."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
