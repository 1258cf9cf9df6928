"""The languages the app speaks, and translating outside a web request (CLI, PDF sheets).

The catalogues live in ``referee/translations`` (``messages.po`` / ``.mo`` per
language).  Babel is imported only when a translation is asked for, so the
scoring commands do not pay for it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

__all__ = ["LANGUAGES", "TRANSLATIONS", "local_date", "translator"]

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
