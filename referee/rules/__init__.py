"""The rules core: card notation, variants, meld legality, hand scoring, the opening.

Pure Python: no web, storage or PDF import, so ``referee score`` starts fast and
every other layer can lean on it.
"""

from .cards import Card, NotationError, Rank, Suit, format_cards, parse_cards
from .hand import CanastaScore, Hand, HandResult, Side, SideScore, score_hand, score_legal_hand
from .melds import Meld, MeldInfo, MeldShape, classify, meld_lines, meld_problems
from .presets import PRESETS, UnknownVariant, find_variant
from .problems import IllegalHand, MalformedInput, Problem
from .variant import (
    CanastaKind,
    OpeningStep,
    Option,
    RedThreeCondition,
    Rule,
    UnknownOption,
    Variant,
    Vocabulary,
)


def __getattr__(name: str) -> object:
    # The opening check is not needed to score a hand: imported when first asked for.
    if name in ("OpeningRuling", "check_opening"):
        from . import opening

        return getattr(opening, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "PRESETS",
    "CanastaKind",
    "CanastaScore",
    "Card",
    "Hand",
    "HandResult",
    "IllegalHand",
    "MalformedInput",
    "Meld",
    "MeldInfo",
    "MeldShape",
    "NotationError",
    "OpeningRuling",
    "OpeningStep",
    "Option",
    "Problem",
    "Rank",
    "RedThreeCondition",
    "Rule",
    "Side",
    "SideScore",
    "Suit",
    "UnknownOption",
    "UnknownVariant",
    "Variant",
    "Vocabulary",
    "check_opening",
    "classify",
    "find_variant",
    "format_cards",
    "meld_lines",
    "meld_problems",
    "parse_cards",
    "score_hand",
    "score_legal_hand",
]
