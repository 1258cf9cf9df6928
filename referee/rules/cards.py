"""Cards and the card notation of ../shared/spec/contracts.md §1.

A card is a rank, optionally followed by a suit: ``K``, ``10h``, ``Ts``, ``X``.
Cards are separated by spaces and/or commas, or written run together
(``KKK2``, ``7h8h9h``).  A bare ``3`` is a black three; red threes carry a red
suit (``3h``, ``3d``).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import NamedTuple

from .problems import N_, Text

__all__ = ["Card", "NotationError", "Rank", "Suit", "format_cards", "parse_cards"]


class NotationError(ValueError):
    "The text is not card notation; the message names the offending text and its position."

    def __init__(self, text: str, position: int, problem: str, **params: object) -> None:
        self.text = text
        self.position = position
        self.problem = problem % params if params else problem
        # The same words, translatable: the web shows them in the table's language.
        self.words = Text(
            N_('"%(text)s": %(problem)s at position %(position)s'),
            {"text": text, "problem": Text(problem, params), "position": position},
        )
        super().__init__(self.words.render())


class Rank(Enum):
    """Card ranks, highest first; the value is the notation symbol."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"
    JOKER = "X"

    # Members are singletons compared by identity; hashing them the same way keeps the
    # many rank-keyed lookups of scoring in C (Enum's own hash is Python code).
    __hash__ = object.__hash__

    @property
    def is_wild(self) -> bool:
        return self in (Rank.TWO, Rank.JOKER)

    @property
    def order(self) -> int:
        """Position in a sequence, 4 = 4 … 14 = ace; threes, twos and jokers have none."""
        return _ORDER.get(self, 0)


_ORDER = {
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.JACK: 11,
    Rank.QUEEN: 12,
    Rank.KING: 13,
    Rank.ACE: 14,
}
RANK_BY_ORDER = {order: rank for rank, order in _ORDER.items()}
WILD_RANKS = frozenset({Rank.TWO, Rank.JOKER})


# The plural a player says ("two natural kings"), marked for the translation catalogues.
RANK_PLURALS = {
    Rank.ACE: N_("aces"),
    Rank.KING: N_("kings"),
    Rank.QUEEN: N_("queens"),
    Rank.JACK: N_("jacks"),
    Rank.TEN: N_("tens"),
    Rank.NINE: N_("nines"),
    Rank.EIGHT: N_("eights"),
    Rank.SEVEN: N_("sevens"),
    Rank.SIX: N_("sixes"),
    Rank.FIVE: N_("fives"),
    Rank.FOUR: N_("fours"),
    Rank.THREE: N_("black threes"),
    Rank.TWO: N_("twos"),
    Rank.JOKER: N_("jokers"),
}


class Suit(Enum):
    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    __hash__ = object.__hash__  # as Rank.__hash__

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Card(NamedTuple):
    """One card; ``suit`` is None where the notation left it out."""

    rank: Rank
    suit: Suit | None = None

    @property
    def is_wild(self) -> bool:
        return self.rank in WILD_RANKS

    @property
    def is_natural(self) -> bool:
        return self.rank not in WILD_RANKS

    @property
    def is_red_three(self) -> bool:
        return self.rank is Rank.THREE and self.suit is not None and self.suit.is_red

    @property
    def is_black_three(self) -> bool:
        # A bare 3 is a black three: red threes are never melded nor kept in hand.
        return self.rank is Rank.THREE and (self.suit is None or not self.suit.is_red)

    @classmethod
    def from_symbol(cls, symbol: str) -> Card:
        """Parse exactly one card, e.g. ``"10h"``; raise :class:`NotationError` otherwise."""
        cards = parse_cards(symbol)
        if len(cards) != 1:
            raise NotationError(
                symbol, 1, N_("expected one card, found %(count)s"), count=len(cards)
            )
        return cards[0]

    def symbol(self) -> str:
        return self.rank.value + (self.suit.value if self.suit else "")

    def __str__(self) -> str:
        return self.symbol()


_RANK_SYMBOLS: dict[str, Rank] = {rank.value: rank for rank in Rank if rank is not Rank.TEN}
_RANK_SYMBOLS.update({"T": Rank.TEN, "*": Rank.JOKER})
_SUIT_SYMBOLS = {suit.value: suit for suit in Suit}
_SUIT_SYMBOLS.update({"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS})
# Emoji-style suits (with the variation selector) are what phone keyboards produce.
_SEPARATORS = frozenset(" ,\t\n\r\ufe0f")
# Every card there can be, made once: parsing hands out these instead of building new ones.
_CARDS = {(rank, suit): Card(rank, suit) for rank in Rank for suit in (None, *Suit)}


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse card notation into cards.

    :raises NotationError: naming the first offending text and its 1-based position.
    """
    cards: list[Card] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS:
            i += 1
            continue
        start = i
        up = ch.upper()
        if text.startswith("10", i):
            rank, i = Rank.TEN, i + 2
        elif up in _RANK_SYMBOLS:
            rank, i = _RANK_SYMBOLS[up], i + 1
        elif up == "1":
            raise NotationError(text, start + 1, N_('unknown card "1" (write 10 or T for ten)'))
        else:
            end = i + 1
            while end < n and text[end] not in _SEPARATORS:
                end += 1
            bad = text[start:end]
            raise NotationError(text, start + 1, N_('unknown card "%(card)s"'), card=bad)
        suit = None
        if i < n and text[i].lower() in _SUIT_SYMBOLS:
            suit = _SUIT_SYMBOLS[text[i].lower()]
            if rank is Rank.JOKER:
                raise NotationError(text, i + 1, N_("a joker has no suit"))
            i += 1
        cards.append(_CARDS[rank, suit])
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """Print cards in canonical notation, separated by single spaces."""
    return " ".join(card.symbol() for card in cards)
