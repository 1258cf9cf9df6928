"""Every function and filter a template may call, registered in this one place.

A template reads what its view passes and what is named here: nothing is added to the
templates' names by a view or by the plumbing (tests/web/test_page_functions.py), so a
page's template depends on no other page's module, and where a name comes from is
read off :data:`GLOBALS` and :data:`FILTERS`.

A person's words are isolated wherever they are shown, so that their direction stays
theirs (a Hebrew name, a right-to-left override must not turn the app's sentence around
it): ``|bdi`` in the page's text and the PDF sheets (``<bdi>name</bdi>``), ``|isolated``
where no element may go (the ``<title>``, an attribute, a message made in Python): the
name between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from flask import Flask
from flask_babel import get_locale

from ...markup import bdi
from ...match.ledger import Match
from ...match.plaintext import isolated
from ...match.standings import wins_text
from ...match.vocabulary import words
from ...rules import Variant
from ...rules.sources import source_title
from ..plumbing.locale import (
    LANGUAGES,
    day,
    fraction,
    in_language,
    number,
    rule_text,
    signed,
    switch_url,
    translate,
)
from .damaged import listed_damaged
from .default_names import match_title, shown
from .fragments import fragment
from .group_state import group_token
from .house_rules import rule_source
from .rulebook import short_name, variant_name


def one_time_token() -> str:
    """A fresh token for a form that must take effect once (delete, undo, a rematch)."""
    return secrets.token_urlsafe(16)


def minutes_left(clock_end: str) -> int:
    """Whole minutes (rounded up) until ``clock_end``; 0 or less once it has passed."""
    try:
        end = datetime.fromisoformat(clock_end)
    except (TypeError, ValueError):
        return 0
    seconds = (end - datetime.now(UTC)).total_seconds()
    return -int(-seconds // 60) if seconds > 0 else 0


def house_rule_changes(
    variant: Variant, chosen: Callable[[str], object]
) -> tuple[tuple[str, bool], ...]:
    """The house rules ``chosen`` sets otherwise than ``variant``'s preset: (help, on) pairs."""
    return tuple(
        (o.help, bool(chosen(o.name))) for o in variant.options if bool(chosen(o.name)) != o.default
    )


def paper_totals(match: Match) -> str:
    """Each side's total carried over from paper: "Anna 1 230 · Ben 890"."""
    return " · ".join(
        f"{name} {number(total)}"
        for name, total in zip(match.side_names, match.carried_totals, strict=False)
    )


GLOBALS: dict[str, Callable[..., Any] | tuple[str, ...]] = {
    # the page's language, the languages offered and the link to each
    "get_locale": get_locale,
    "LANGUAGES": LANGUAGES,
    "switch_url": switch_url,
    "translate": translate,  # a msgid kept in Python (a problem's, a state's) in the page's
    "rule_text": rule_text,  # a rule's text in the page's language
    "fragment": fragment,  # a kept piece of a page (parts/fragments.py)
    "one_time_token": one_time_token,
    # a match: its title, its rules, what a table changed, where a rule comes from
    "match_title": match_title,
    "variant_name": variant_name,
    "short_name": short_name,
    "house_rule_changes": house_rule_changes,
    "rule_source": rule_source,
    "source_title": source_title,
    "words": words,  # the hand form's headings in the game's words (a hand and foot)
    "paper_totals": paper_totals,
    "damaged_match": listed_damaged,  # a list of matches marks the damaged ones
    "group_token": group_token,  # the link to a group that a page may offer
    "minutes_left": minutes_left,  # a tournament round's clock
}

FILTERS: dict[str, Callable[..., Any]] = {
    "num": number,
    "signed": signed,
    "day": day,
    "fraction": fraction,
    "in_language": in_language,
    "wins": wins_text,
    "shown": shown,  # a stored name as a page shows it ("Side A" in the page's language)
    "bdi": bdi,
    "isolated": isolated,
}


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(GLOBALS)
    app.jinja_env.filters.update(FILTERS)
