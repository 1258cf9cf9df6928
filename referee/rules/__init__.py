"""The rules core: card notation, variants, meld legality, hand scoring, the opening.

Pure Python: no web, storage or PDF import, so ``referee score`` starts fast and
every other layer can lean on it.
"""

from .cards import Card, NotationError, Rank, Suit, format_cards, parse_cards
from .hand import CanastaScore, Hand, HandResult, Side, SideScore, score_hand, score_legal_hand
from .melds import Meld, MeldInfo, MeldShape, classify, meld_problems
from .opening import OpeningRuling, check_opening
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
)

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
    "check_opening",
    "classify",
    "find_variant",
    "format_cards",
    "meld_problems",
    "parse_cards",
    "score_hand",
    "score_legal_hand",
]
