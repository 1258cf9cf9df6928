"""Rulings on the table's setup (issue 44): how many cards each player is dealt, how many a
turn draws from the stock, how many jokers and packs the game is played with.

Each figure is the variant's own (:class:`referee.rules.Variant`'s ``cards_dealt``,
``cards_drawn``, ``packs``; two jokers to a pack, as ``referee.rules.deck`` builds it), for
the players the post counts, the match's, or the variant's usual table.  A count the question
claims ("do you draw two cards a turn?") is answered Yes or No beside the figure; "11 or 13?"
and "how many?" get the figure alone.  The American sets asked these 24 times (both halves)
before this module and got no ruling.
"""

from __future__ import annotations

from ..rules import Rank, Variant
from ..rules.problems import N_, Text
from .judge import RULED, Ruling, Table
from .situation import SETUP, SetupTold, Situation

__all__ = ["rule_on_setup"]

# Moments that ask something else of a post naming the deal or a draw ("I was dealt three
# red threes", "how many bonus cards do you draw")
# ("how many decks do you play with?" reads a meld, "kolik karet" a cost: neither asks)
_OTHER = (RULED - {"meld", "value", "cost"}) | {
    "bonus_cards", "turn_card", "stock_out", "hand_ends", "against", "top", "frozen",
}  # fmt: skip

_RULE = {
    "deal": "deal.cards",
    "draw": "play.draw",
    "jokers_used": "deck.composition",
    "packs_used": "deck.composition",
}


def _asked(s: Situation, told: SetupTold) -> str | None:
    """The one setup the question asks about: named in its asking sentence, or in the post
    where that sentence holds nothing but counts ("How many cards do you deal with 4 people?
    11 or 13?")."""
    if s.asked is None:
        named = [m for m in SETUP if m in s.moments]
        if s.moments & _OTHER:
            return None
    elif set(SETUP) & s.asked:
        named = [m for m in SETUP if m in s.asked]
        if s.asked & _OTHER:
            return None
    elif told.only_counts:
        named = [m for m in SETUP if m in s.moments]
    else:
        return None
    if len(named) != 1 and named != ["jokers_used", "packs_used"]:
        return None  # none, or two asked at once
    return named[0]


# What each setup's figure says, told plainly, or as the Yes or the No to a count claimed
_TEXTS = {
    "deal": (
        N_("Each of %(players)s players is dealt %(cards)s cards."),
        N_("Yes: each of %(players)s players is dealt %(cards)s cards."),
        N_("No: each of %(players)s players is dealt %(cards)s cards."),
    ),
    "draw_one": (
        N_("A turn draws one card from the stock (or takes the pile)."),
        N_("Yes: a turn draws one card from the stock (or takes the pile)."),
        N_("No: a turn draws one card from the stock (or takes the pile)."),
    ),
    "draw": (
        N_("A turn draws %(cards)s cards from the stock (or takes the pile)."),
        N_("Yes: a turn draws %(cards)s cards from the stock (or takes the pile)."),
        N_("No: a turn draws %(cards)s cards from the stock (or takes the pile)."),
    ),
    "jokers_used": (
        N_("%(players)s players play with %(jokers)s jokers (%(packs)s packs of cards)."),
        N_("Yes: %(players)s players play with %(jokers)s jokers (%(packs)s packs of cards)."),
        N_("No: %(players)s players play with %(jokers)s jokers (%(packs)s packs of cards)."),
    ),
    "packs_used": (
        N_("%(players)s players play with %(packs)s packs of cards and %(jokers)s jokers."),
        N_("Yes: %(players)s players play with %(packs)s packs of cards and %(jokers)s jokers."),
        N_("No: %(players)s players play with %(packs)s packs of cards and %(jokers)s jokers."),
    ),
}


def _figure(variant: Variant, setup: str, players: int) -> tuple[int, str, dict[str, int]] | None:
    """The setup's figure for ``players``, the key of its words and their values; None where
    the book has no table for so many players."""
    if setup == "deal":
        dealt = variant.cards_dealt.get(players)
        if dealt is None:
            return None
        return dealt, "deal", {"players": players, "cards": dealt}
    if setup == "draw":
        drawn = variant.cards_drawn
        return drawn, "draw_one" if drawn == 1 else "draw", {"cards": drawn}
    packs = variant.packs.get(players)
    if packs is None:
        return None
    values = {"players": players, "packs": packs, "jokers": 2 * packs}
    return (packs if setup == "packs_used" else 2 * packs), setup, values


def rule_on_setup(variant: Variant, s: Situation, table: Table | None) -> Ruling | None:
    """The figure of the setup asked, with a Yes or No on a count the question claims; None
    where the question asks none, asks it of cards (a rank named, cards told), counts players
    the book has no table for, or asks no count ("the top card of the draw pile")."""
    if not set(SETUP) & s.moments:
        return None
    told = SetupTold(s, s.lang)
    setup = _asked(s, told)
    if setup is None:
        return None
    asked = s.focus or s  # the sentence asked: a story's cards are no claim ("draw 2")
    if asked.groups or asked.red_three or asked.black_three:
        return None
    counted = {*told.counts, told.players}
    if setup != "jokers_used" and any(
        card.rank != Rank.TWO and int(card.rank.value) not in counted
        if card.rank.value.isdigit()
        else True
        for card in asked.singles
    ):
        return None  # a card named ("I was dealt a joker"), not a count ("draw 2", "4 of us")
    if asked.ranks_named and setup != "jokers_used":
        return None
    if setup in ("deal", "draw") and not told.cards:
        return None  # "the deal", "a draw" of something else
    how = s.how_asked or told.only_counts
    # a count claimed in the question itself ("do you draw two cards a turn?"), not in a
    # story's act it refers back to ("When I drew my two cards ...")
    questioned = s.sentence.rstrip().endswith("?") or s.sentence.lstrip().startswith("¿")
    # ... asked as a Yes or No ("Two cards were stuck together when I drew, what now?": none)
    claims = bool(told.counts) and questioned and not told.open and setup in ("deal", "draw")
    if not how and not claims:
        return None  # "a shuffler that handles 6 decks?": no question of the game's setup
    players = table.players if table else variant.default_players
    if told.players is not None:
        if told.players not in variant.cards_dealt:
            return None  # a table the book has no deal for ("with 5 players")
        players = told.players
    found = _figure(variant, setup, players)
    if found is None:
        return None
    figure, words, values = found
    claimed = set(told.counts)
    verdict = None
    if len(claimed) == 1 and not s.how_asked and not told.either and (claims or told.only_counts):
        verdict = figure in claimed
    said = _TEXTS[words][0 if verdict is None else 1 if verdict else 2]
    return Ruling(verdict, figure, Text(said, values), (_RULE[setup],), lead=True)
