"""The languages the app speaks, and translating outside a web request (CLI, PDF sheets).

The catalogues live in ``referee/translations`` (``messages.po`` / ``.mo`` per
language).  Babel is imported only when a translation is asked for, so the
scoring commands do not pay for it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .caches import lru_cached

__all__ = ["LANGUAGES", "TRANSLATIONS", "local_date", "local_number", "translator"]

# Code -> the language's own name, as the switch on every page shows it.
LANGUAGES = {
    "en": "English",
    "cs": "Čeština",
    "de": "Deutsch",
    "es": "Español",
    "nl": "Nederlands",
    "pl": "Polski",
}
TRANSLATIONS = Path(__file__).resolve().parent / "translations"


def translator(lang: str) -> Callable[[str], str]:
    """The gettext function of ``lang`` (English text for English or an unknown code)."""
    if lang not in LANGUAGES or lang == "en":
        return lambda text: text
    from babel.support import Translations

    return Translations.load(str(TRANSLATIONS), [lang]).gettext


def local_date(iso: str, lang: str = "en") -> str:
    """An ISO date-time's day as ``lang`` writes dates (22 Nov 2026 / 22. 11. 2026)."""
    from datetime import date

    from babel.dates import format_date

    try:
        return str(format_date(date.fromisoformat(iso[:10]), "medium", locale=lang))
    except ValueError:
        return iso[:10]


# Saves 0.24 ms (7 %) of the 3.3 ms statistics, 5 % of the read-only match page
# (bench/bench_caches.py "numbers", 2026-11-27; at best 7 % in each of three runs): Babel
# takes some 40 µs a number.  Bound: 8 192 short strings; safe: a number's text
# depends on the number and the language only.
HUGE = 10**18  # written as plain digits from here: far past any score, short of Babel's limit


@lru_cached(8192)
def local_number(value: int, lang: str = "en") -> str:
    """A whole number as ``lang`` writes it: 5,000 / 5.000 / 5 000; the one place every
    page, preview, banner, sheet and statistic formats a score.

    Babel's formatting is exact (Spanish and Polish group only from five digits on) but
    slow; the same scores come back on every page, so each is formatted once (8 192 of
    them at most: a few hundred KB).
    """
    from babel.numbers import format_decimal

    if abs(value) >= HUGE:  # typed, never scored ("is 10000000000000000000000000 enough?")
        return str(value)  # Babel's decimal context holds 28 digits; past it, a 500
    return str(format_decimal(value, locale=lang))
