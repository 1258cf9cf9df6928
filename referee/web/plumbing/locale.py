"""Languages: the table's language from the browser, switchable on every page and remembered.

Flask-Babel does the catalogues and the number and date formats; this module
only decides which language a request speaks: a ``?lang=`` switch (kept in a
cookie), else the cookie, else the browser's Accept-Language, else English.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from babel.numbers import format_decimal, format_percent
from flask import Flask, Response, g, request
from flask_babel import Babel, get_locale, get_translations, gettext
from markupsafe import Markup, escape

from ...i18n import LANGUAGES, TRANSLATIONS, local_date, local_number
from ...rules import Rule, Variant
from ...rules.quotes import agreeing_quote
from ...rules.sources import source_language

babel = Babel()
COOKIE = "lang"
ONE_YEAR = 365 * 24 * 3600


def _locale() -> str:
    chosen = request.args.get("lang") or request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


def _remember(response: Response) -> Response:
    chosen = request.args.get("lang")
    if chosen in LANGUAGES and chosen != request.cookies.get(COOKIE):
        response.set_cookie(
            COOKIE,
            chosen,
            max_age=ONE_YEAR,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure,  # over HTTPS only when it came over HTTPS
        )
    # Pages differ by language: caches must not hand one table's language to another.
    # Static files are the same in every language.
    if request.endpoint != "static":
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
    return response


def language() -> tuple[str, Any]:
    """This request's language code and catalogue, looked up once per request.

    A match page writes a hundred numbers and sixty translated phrases; asking
    Flask-Babel for the locale each time was a third of what the page cost.
    """
    # Saves 0.60 ms (17 %) of the 3.56 ms match page (bench/bench_caches.py "language",
    # 2026-11-27).
    # Bound: one pair on g, gone with the request; safe: a request speaks one language.
    found = g.get("_language")
    if found is None:
        found = g._language = (str(get_locale()), get_translations())
    return found


def fraction(value: float | None, percent: bool = False) -> str:
    """A rate or an average as the page's language writes it: 1.25 / 1,25, or 67 %; "—" for
    none (no match or hand to count)."""
    if value is None:
        return "—"
    if percent:
        return str(format_percent(value, locale=language()[0]))
    return str(format_decimal(round(value, 2), format="#,##0.##", locale=language()[0]))


def number(value: object) -> str:
    """A score as the table's language writes it: 5,000 / 5.000 / 5 000."""
    if isinstance(value, int) and not isinstance(value, bool):
        return local_number(value, language()[0])
    return str(value)


def day(iso: str) -> str:
    """A stored date-time's day as the page's language writes dates."""
    return local_date(iso or "", str(get_locale()))


def signed(value: int) -> str:
    """A hand's score with its sign: +1,230 / −45."""
    return ("+" if value > 0 else "") + number(value)


def in_language(text: str, lang: str | None) -> Markup:
    """``text`` marked as written in ``lang`` (a book's title on a page in another language)."""
    if not lang or lang == str(get_locale()):
        return escape(text)
    return Markup('<span lang="%s">%s</span>') % (lang, text)


# A figure of four digits or more written out in a translated text ("0–1495: 50, 1500–2995
# 90"), not part of a word, a decimal, a section number or an address.
_FIGURE = re.compile(r"(?<![\w.,/:§#-])\d{4,9}(?![\w]|[.,]\d)")


def grouped(text: str) -> str:
    """``text`` with each figure of four digits or more grouped as the page's language
    groups digits ("1 495"), as every figure the pages write themselves."""
    return _FIGURE.sub(lambda found: number(int(found[0])), text)


def translate(text: str) -> str:
    """Translate text that is data, not a template literal (it stays escaped on the page,
    unlike the templates' own ``_()``, which marks its result safe); its figures grouped
    as the page's (a rule's "0–1495" reads "0–1 495" in Czech)."""
    return grouped(str(gettext(text)))


def rule_text(rule: Rule, variant: Variant | None = None) -> str:
    """A rule's statement in the page's language.

    In the language of the rulebook the rule comes from, that rulebook's own sentence
    is the statement (the seed's wording); elsewhere, the translated plain statement.
    With ``variant``, a sentence that counts an example otherwise than the variant does
    (:mod:`referee.rules.quotes`) is not its statement: the plain one is.
    """
    if rule.house is not None:  # a value the table changed: its own words
        return rule.house.render(translate, number)
    quote = rule.quote if variant is None else agreeing_quote(variant, rule)
    own = bool(quote) and source_language(rule.source) == str(get_locale())
    return quote if own else translate(rule.text)


def switch_url(path: str, query: bytes, code: str) -> str:
    """The page at ``path`` with ``query`` in language ``code`` (the switch is then remembered)."""
    args = {key: value for key, value in parse_qsl(query.decode("latin-1")) if key != "lang"}
    return f"{path}?{urlencode({**args, 'lang': code})}"


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(Path(TRANSLATIONS)))
    babel.init_app(app, locale_selector=_locale)
    # The templates' _() and friends, over the catalogue looked up once per request.
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: language()[1].ugettext(s),
        ngettext=lambda s, p, n: language()[1].ungettext(s, p, n),
        pgettext=lambda c, s: language()[1].upgettext(c, s),
        npgettext=lambda c, s, p, n: language()[1].unpgettext(c, s, p, n),
        newstyle=True,
    )
    app.after_request(_remember)
