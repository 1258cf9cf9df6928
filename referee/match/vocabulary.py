"""The words each game uses for its melds of seven and the cards its players hold.

A preset's :class:`~referee.rules.Vocabulary` chooses them: Hand and Foot's books and
its hand and foot, Samba's samba, Bolivia's escalera and bolivia.  The pages (forms,
breakdowns) and the sheets both say them, so they live here rather than in either.
The texts are only marked (``N_``); each is translated where it is shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..rules import CanastaKind, Variant, Vocabulary
from ..rules.hand import SPECIAL_HAND_NAMES
from ..rules.problems import N_

__all__ = ["WORDS", "Words", "special_names", "words"]


class Words(NamedTuple):
    """One game's words, each as its msgid."""

    counts: Mapping[CanastaKind, str]  # how many canastas of a kind: the quick form's labels
    names: Mapping[CanastaKind, str]  # one canasta of a kind: a sheet's bonuses
    parts: Mapping[str, str]  # the parts of a hand's breakdown, by their keys
    left: str  # the cards left, card by card
    left_points: str  # ... or their points, in quick entry
    left_counts: str  # ... counted by value, in quick entry
    more_kinds: str  # the quick form's fold of the rarer kinds (wild, black threes)
    red_threes_left: str  # the red threes a side still held, counted on the hand form
    red_three_left: str  # one of them, on a sheet's bonuses
    sheet_key: str  # a sheet's note under its hands, saying what its columns hold


CANASTA = Words(
    counts={
        CanastaKind.NATURAL: N_("Natural canastas"),
        CanastaKind.MIXED: N_("Mixed canastas"),
        CanastaKind.WILD: N_("Wild canastas"),
        CanastaKind.WILD_JOKERS: N_("Wild canastas of four jokers"),
        CanastaKind.WILD_DEUCES: N_("Other wild canastas"),
        CanastaKind.WILD_MIXED: N_("Mixed wild canastas"),
        CanastaKind.WILD_CLEAN: N_("Clean wild canastas"),
        CanastaKind.BLACK_THREES: N_("Canastas of black threes"),
        CanastaKind.SEQUENCE: N_("Canastas in sequence (samba, escalera)"),
        CanastaKind.SEVENS: N_("Canastas of sevens"),
        CanastaKind.ACES: N_("Canastas of aces"),
        CanastaKind.WILD_TWOS: N_("Wild canastas of seven twos"),
    },
    names={
        CanastaKind.NATURAL: N_("Natural (clean) canasta"),
        CanastaKind.MIXED: N_("Mixed (dirty) canasta"),
        CanastaKind.WILD: N_("Wild canasta"),
        CanastaKind.WILD_JOKERS: N_("Wild canasta with the four jokers"),
        CanastaKind.WILD_DEUCES: N_("Other wild canasta"),
        CanastaKind.WILD_MIXED: N_("Wild canasta, jokers and twos"),
        CanastaKind.WILD_CLEAN: N_("Wild canasta, all twos or all jokers"),
        CanastaKind.BLACK_THREES: N_("Canasta of black threes"),
        CanastaKind.SEQUENCE: N_("Canasta in sequence (samba, escalera)"),
        CanastaKind.SEVENS: N_("Canasta of sevens"),
        CanastaKind.ACES: N_("Canasta of aces"),
        CanastaKind.WILD_TWOS: N_("Wild canasta of seven twos"),
    },
    parts={
        "melds": N_("Melded cards"),
        "canastas": N_("Canasta bonuses"),
        "red_threes": N_("Red threes"),
        "going_out": N_("Going out"),
        "hand": N_("Cards left in hand"),
        "canasta_count": N_("Number of canastas"),
        "escalas": N_("Escalas"),
        "exact_cut": N_("Exact cut"),
        "undeclared_red_threes": N_("Undeclared red threes"),
        "acabar": N_("Acabar"),
        "black_threes": N_("Black threes"),
        "unfinished": N_("Unfinished melds"),
        "held_in_hand": N_("Aces or sevens held"),
        "special_hand": N_("Special hand"),
        "penalties": N_("Penalties"),
    },
    left=N_("Cards left in hand"),
    left_points=N_("Points of cards left in hand"),
    left_counts=N_("Cards left in hand: how many of each value"),
    more_kinds=N_("Other kinds of canasta"),
    red_threes_left=N_("Red threes not declared"),
    red_three_left=N_("Red three not declared"),
    sheet_key=N_(
        "Min.: the opening minimum that applied to the hand. Bonus: canastas and every other "
        "bonus or penalty of the rules. Out: going out."
    ),
)

# Each game names only what it says otherwise than Canasta.
WORDS: Mapping[Vocabulary, Words] = {
    Vocabulary.CANASTA: CANASTA,
    Vocabulary.SAMBA: CANASTA._replace(
        counts={**CANASTA.counts, CanastaKind.SEQUENCE: N_("Sambas (seven of a suit in order)")},
        names={**CANASTA.names, CanastaKind.SEQUENCE: N_("Samba (seven of a suit in order)")},
    ),
    Vocabulary.BOLIVIA: CANASTA._replace(
        counts={
            **CANASTA.counts,
            CanastaKind.SEQUENCE: N_("Escaleras (seven of a suit in order)"),
            CanastaKind.WILD: N_("Bolivias (seven wild cards)"),
        },
        names={
            **CANASTA.names,
            CanastaKind.SEQUENCE: N_("Escalera (seven of a suit in order)"),
            CanastaKind.WILD: N_("Bolivia (seven wild cards)"),
        },
    ),
    # A player's cards left are the hand and the foot not yet picked up, entered together
    # (the preset's rule hand.points); a red three still in either costs (red-threes.undeclared).
    Vocabulary.BOOKS: CANASTA._replace(
        counts={
            **CANASTA.counts,
            CanastaKind.NATURAL: N_("Clean books"),
            CanastaKind.MIXED: N_("Dirty books"),
            CanastaKind.WILD: N_("Wild books"),
        },
        names={
            **CANASTA.names,
            CanastaKind.NATURAL: N_("Clean book"),
            CanastaKind.MIXED: N_("Dirty book"),
            CanastaKind.WILD: N_("Wild book"),
        },
        parts={
            **CANASTA.parts,
            "canastas": N_("Book bonuses"),
            "hand": N_("Cards left in hand and foot"),
            "undeclared_red_threes": N_("Red threes left in hand or foot"),
        },
        left=N_("Cards left in hand and foot"),
        left_points=N_("Points of cards left in hand and foot"),
        left_counts=N_("Cards left in hand and foot: how many of each value"),
        more_kinds=N_("Other kinds of book"),
        red_threes_left=N_("Red threes left in hand or foot"),
        red_three_left=N_("Red three left in hand or foot"),
        sheet_key=N_(
            "Min.: the opening minimum that applied to the hand. Bonus: books and every other "
            "bonus or penalty of the rules. Out: going out. Hand: cards left in hand and foot."
        ),
    ),
}


def words(variant: Variant) -> Words:
    """The words ``variant``'s game uses."""
    return WORDS[variant.vocabulary]


def special_names(entry: Mapping[str, Any]) -> tuple[str | None, ...]:
    """Per side of a stored hand, the special hand it went out with (american) as its
    msgid, or None: the ledger and the sheets name it beside its score."""
    return tuple(
        SPECIAL_HAND_NAMES.get(side.get("special_hand") or "") if isinstance(side, dict) else None
        for side in entry.get("sides", [])
    )
