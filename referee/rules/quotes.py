"""Whether a rulebook's own words may stand as the authority for a variant's rule.

A quote is shown beside a rule as its authority (and, in the rulebook's language, as the
rule itself).  Some quotes work an example through ("K-K-K-2 (80 Punkte)"): the German
beginners' book values a 2 at 50, so its example contradicts a variant that values it at
20, where K K K 2 is 50.  Such a quote is not the authority of that variant's rule: a page
shows the plain statement alone.
"""

from __future__ import annotations

import re

from .cards import NotationError, parse_cards
from .variant import Rule, Variant

__all__ = ["agreeing_quote", "contradicted", "worked_examples"]

_RANK = r"(?:10|[AKQJ2-9XT])"
# Cards joined by hyphens, then their points in brackets: "K-K-K-2 (80 Punkte)".
_EXAMPLE = re.compile(rf"(?<![\w-])({_RANK}(?:-{_RANK}){{2,}})\s*\((\d[\d.\s]*\d|\d)\s*\w")


def worked_examples(quote: str) -> list[tuple[str, int]]:
    """The melds a quote counts out, as ("K K K 2", 80): their cards and the points it gives."""
    found = []
    for cards, points in _EXAMPLE.findall(quote):
        found.append((cards.replace("-", " "), int(re.sub(r"\D", "", points))))
    return found


def contradicted(variant: Variant, rule: Rule) -> list[tuple[str, int, int]]:
    """The worked examples of ``rule``'s quote that ``variant`` counts otherwise, as
    (cards, the quote's points, the variant's points); [] when the quote agrees."""
    wrong = []
    for cards, points in worked_examples(rule.quote):
        try:
            counted = sum(variant.card_points[card.rank] for card in parse_cards(cards))
        except NotationError:  # not cards after all: nothing to check
            continue
        if counted != points:
            wrong.append((cards, points, counted))
    return wrong


def agreeing_quote(variant: Variant, rule: Rule) -> str:
    """``rule``'s quote where it may stand as the rule's authority in ``variant``; "" where
    it has none, or works an example through that the variant counts otherwise."""
    return "" if contradicted(variant, rule) else rule.quote
