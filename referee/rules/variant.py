"""A rule variant as data: every number and switch the engine reads.

Code branches on these named fields, never on a variant's id.  The presets in
:mod:`referee.rules.presets` fill them in, each value commented with the seed
sentence it comes from.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import NamedTuple

from .cards import Rank
from .problems import Text

__all__ = [
    "CanastaKind",
    "OpeningStep",
    "Option",
    "RedThreeCondition",
    "Rule",
    "UnknownOption",
    "Variant",
    "Vocabulary",
]


class UnknownOption(KeyError):
    "The variant has no house rule of that name, or the value is not a yes/no."


class CanastaKind(Enum):
    """The kinds of canasta the texts name; not every variant has every kind."""

    NATURAL = "natural"  # clean, "zuivere", "čistá", "limpia", "naturalna"
    MIXED = "mixed"  # dirty, "onzuivere", "smíšená", "sucia", "mieszana"
    WILD = "wild"  # only wild cards (003's "dzika kanasta")
    WILD_JOKERS = "wild_jokers"  # 000: wild canasta holding the four jokers
    WILD_DEUCES = "wild_deuces"  # 000: any other wild canasta
    WILD_MIXED = "wild_mixed"  # 001: "de comodines sucia", jokers and twos
    WILD_CLEAN = "wild_clean"  # 001: "de comodines limpia", all twos or all jokers
    BLACK_THREES = "black_threes"  # 001: "canasta a lo gusto", wins the match
    SEQUENCE = "sequence"  # seven of a suit in order: samba's "samba", bolivia's "escalera"
    SEVENS = "sevens"  # american: seven natural sevens
    ACES = "aces"  # american: seven natural aces
    WILD_TWOS = "wild_twos"  # american: a wild canasta of seven twos


class Vocabulary(Enum):
    """The words a game's books use for its melds of seven and for the cards a player holds,
    which the pages and sheets then use too.  Scoring never reads it: a name, not a rule."""

    CANASTA = "canasta"  # the Laws and the seeds: canastas, cards left in hand
    SAMBA = "samba"  # samba: seven of a suit in order is a "samba"
    BOLIVIA = "bolivia"  # bolivia: the same run is an "escalera", seven wild cards a "bolivia"
    BOOKS = "books"  # hand and foot: "books" (clean, dirty, wild), cards left in hand and foot


class RedThreeCondition(Enum):
    """What a side must have for its red threes to count plus rather than minus."""

    MELD = "meld"  # the side has melded at all (the Laws, 002, 003, 004)
    CANASTA = "canasta"  # the side has ``red_threes_canastas`` canastas (000, 001, samba)


class OpeningStep(NamedTuple):
    """From ``from_score`` on (inclusive), a side's initial meld needs ``minimum`` points."""

    from_score: int
    minimum: int


class Rule(NamedTuple):
    """One entry of a variant's rule catalogue.

    ``text`` says the rule in plain words; ``source`` is the seed file and
    section; ``quote`` the seed sentence it comes from, in the seed's language.
    A house rule (:mod:`.overrides`) has ``house``: its ``text`` to translate.
    """

    key: str
    text: str
    source: str
    quote: str
    house: Text | None = None


class Option(NamedTuple):
    """A house rule a table may switch on or off.

    ``on`` and ``off`` give the :class:`Variant` fields the switch sets; the
    preset itself is written with the values of its ``default`` state.
    """

    name: str
    help: str
    source: str
    default: bool
    on: Mapping[str, object]
    off: Mapping[str, object]


class Variant(NamedTuple):
    """Everything the engine needs to know about one rule variant."""

    id: str
    name: str
    seed: str
    language: str
    # -- table ---------------------------------------------------------------
    players: tuple[int, ...]
    default_players: int
    packs: Mapping[int, int]  # players -> packs of 52 cards, each with two jokers
    cards_dealt: Mapping[int, int]
    target_score: int
    card_points: Mapping[Rank, int]  # THREE is the black three
    # -- melds ---------------------------------------------------------------
    min_meld_cards: int
    max_meld_cards: int | None
    max_wild: int
    min_natural: int
    wild_not_more_than_natural: bool
    one_meld_per_rank: bool
    sequences: bool  # same-suit runs counted as melds (000)
    sequence_wilds: bool
    escalas: bool  # 001's same-suit runs without wild cards, with their own bonus
    black_threes_when_going_out: bool
    black_three_meld_max: int | None
    black_three_meld_wilds: bool
    wild_melds: bool  # melds of wild cards only
    wild_meld_at_once: bool  # a wild meld must be a whole canasta laid in one move
    # -- canastas --------------------------------------------------------------
    canasta_bonus: Mapping[CanastaKind, int]
    concealed_canasta_bonus: int | None  # replaces a natural/mixed bonus when laid from hand
    hand_canasta_doubles: bool  # a canasta laid from the hand scores twice its bonus
    escala_bonus: int
    escala_real_bonus: int
    canasta_count_bonus: Mapping[int, int]  # number of canastas -> bonus (highest reached)
    # -- red threes ------------------------------------------------------------
    red_three_bonus: int
    all_red_threes_extra: int
    red_threes_count_if: RedThreeCondition
    undeclared_red_three_penalty: int
    # -- going out -------------------------------------------------------------
    going_out_canastas: Mapping[int, int]  # players -> canastas the side needs
    going_out_needs_clean_and_dirty: bool
    going_out_needs_discard: bool
    going_out_bonus: int
    # the whole bonus for going out concealed; None: going out concealed is not allowed
    concealed_going_out_bonus: int | None
    black_three_going_out_bonus: Mapping[int, int]  # black threes melded -> going-out bonus
    first_pickup_going_out_bonus: int | None
    acabar_points: int | None
    exact_cut_bonus: int | None
    # -- cards left ------------------------------------------------------------
    black_three_in_hand_penalty: int | None  # points per black three instead of its value
    no_canasta_scores_all_negative: bool
    # -- opening ---------------------------------------------------------------
    negative_minimum: int
    opening_table: tuple[OpeningStep, ...]
    opening_counts_canasta_bonus: bool
    opening_needs_natural_group: bool
    failed_opening_step: int
    opening_waived_going_out: bool
    # -- house rules and catalogue ---------------------------------------------
    options: tuple[Option, ...] = ()
    rules: Mapping[str, Rule] = {}
    # -- the discard pile (defaults: the classic game; presets override) ---------
    pile_freezing: bool = True  # wild cards (and red threes) freeze the pile
    red_three_discard_freezes: bool = False  # a red three from the table may be discarded
    pickup_naturals: int = 2  # natural cards in hand to take the pile with the top card
    crossed_pickup_naturals: int = 2  # the same when the pile is frozen
    pickup_by_adding: bool = True  # take the pile by adding its top card to an own meld
    pickup_onto_canasta: bool = True  # ... also to a finished canasta
    pickup_natural_and_wild: bool = True  # one natural and a wild card, once opened
    black_three_blocks_all: bool = False  # a black three on top blocks everyone
    black_three_pickup_going_out: bool = False  # ... except a player going out with it
    one_card_single_pile: bool = False  # one card in hand may not take a one-card pile
    one_card_no_pickup: bool = False  # one card in hand may not take the pile at all
    no_pickup_first_round: bool = False  # no pickup before everyone has discarded once
    partner_permission: str | None = "may"  # "may" / "must" ask the partner to go out
    # -- the deal ------------------------------------------------------------------
    play_clockwise: bool = True  # play (and the deal) pass to the left; False: to the right
    upcard: bool = True  # a card is turned up at the deal to start the pile; False: it starts
    # empty, and the first player has nothing to take
    cards_drawn: int = 1  # the cards a turn draws from the stock (two in samba, spanish, h&f)
    # -- the Canasta family (samba, bolivia, american, hand and foot) -----------------
    max_sequence_cards: int = 11  # a run of one suit holds at most this many (4 to ace)
    red_threes_canastas: int = 1  # canastas a side needs for its threes to count plus
    red_threes_void_canastas: int | None = None  # from this many up to the above: they count 0
    all_red_threes_count: int = 4  # how many red threes "all of them" are (six in 3 packs)
    threes_table: Mapping[int, int] = {}  # threes of one colour -> points (american), if set
    black_threes_laid_out: bool = False  # black threes are laid out and scored like red ones
    going_out_kinds: Mapping[CanastaKind, int] = {}  # kinds going out needs, with how many
    wilds_fewer_than_naturals: bool = False  # a meld holds fewer wild cards than natural ones
    natural_only_ranks: frozenset[Rank] = frozenset()  # melds of these ranks hold no wild card
    unfinished_penalty: Mapping[CanastaKind, int] = {}  # an unfinished meld of that kind costs
    held_ranks: frozenset[Rank] = frozenset()  # a player left holding three or more of one…
    held_penalty: int = 0  # …of these ranks costs this, per player and rank
    pickup_onto_sequence: bool = False  # the top card may extend the side's unfinished run
    opening_counts_pile_top: bool = True  # the pile's top card counts towards the opening
    # These two say "round" for a hand: their names are JSON keys (rules files, snapshots,
    # the contract), kept as they are; everywhere else a round is a tournament's.
    opening_by_round: tuple[int, ...] = ()  # the minimum by the hand's number, not the score
    rounds: int | None = None  # the match is this many hands; the highest total wins
    # -- special hands (american) ---------------------------------------------------
    # A side that goes out with one of these scores its value and nothing else (the id is
    # the hand's name in the contract and the stored entry: "straight", "pairs", ...).
    special_hands: Mapping[str, int] = {}
    # A special hand counts on the turn after the partner's first meld too, not only as the
    # side's own first meld: the side's melds are then on the table, and not scored.
    special_hand_after_partner: bool = False
    # -- play rules the referee rules on turn by turn (american) -----------------------
    bonus_cards: tuple[int, ...] = ()  # bonus cards drawn after a side's first meld: 1st, 2nd side
    bonus_cards_with_pile: bool = True  # ...also by a first meld that took the pile
    turn_card: int | None = None  # the stock's card this far from the bottom is turned up:
    # from it on, a first meld draws no bonus cards
    rule_of_five: int | None = (
        None  # once opened, a wild card joins only a meld of this many naturals
    )
    empty_pile_no_discard: frozenset[Rank] = frozenset()  # not discarded onto an empty pile…
    # …while the player holds another natural card
    wild_discard_last: bool = False  # a wild card is discarded only when nothing else can be
    # -- readings a house rule switches (american) -------------------------------------
    # A first meld that takes the pile with a card of one of these ranks on top keeps that
    # rank's meld natural (the league's reading: no mixed aces when opening with an ace).
    pile_top_natural_ranks: frozenset[Rank] = frozenset()
    # A first meld that leaves the player only wild cards to discard is refused (the melds go
    # back into the hand) and costs the side this; None: the wild card may be discarded.
    lone_wild_penalty: int | None = None
    # A natural canasta in the first meld opens whatever the count ("the splash").
    opening_natural_canasta: bool = False
    # -- irregularities (american) --------------------------------------------------------
    # The book's one penalty for an irregularity, in points (a hand's "penalties" count it);
    # None: the book names no points penalty, the cards are only put right.
    penalty_points: int | None = None
    # The irregularities the book charges that penalty for, by id (the contract's and the
    # referee's: "mismeld", "melds_taken_back", "short_opening").
    irregularities: tuple[str, ...] = ()
    # -- words ---------------------------------------------------------------------
    vocabulary: Vocabulary = Vocabulary.CANASTA  # what pages and sheets call its melds

    # -- derived -----------------------------------------------------------------

    def sides_for(self, players: int) -> int:
        """Two partnerships for 4 and 6 players; everyone alone for 2 and 3."""
        return 3 if players == 3 else 2

    def points(self, rank: Rank) -> int:
        return self.card_points[rank]

    def opening_minimum(
        self, score: int, failed_attempts: int = 0, hand_number: int | None = None
    ) -> int:
        """The initial-meld minimum for a side whose match total is ``score``; where the
        minimum goes by the hand (``opening_by_round``), for hand ``hand_number``."""
        if self.opening_by_round and hand_number is not None:
            table = self.opening_by_round
            base = table[min(max(hand_number, 1), len(table)) - 1]
        elif score < 0:
            base = self.negative_minimum
        else:
            base = self.opening_table[0].minimum
            for step in self.opening_table:
                if score >= step.from_score:
                    base = step.minimum
        return base + self.failed_opening_step * max(failed_attempts, 0)

    def rule(self, key: str) -> Rule:
        """The catalogue entry for ``key``; every key the engine cites must exist."""
        return self.rules[key]

    def with_options(self, chosen: Mapping[str, bool]) -> Variant:
        """A copy with the named house rules switched on or off.

        :raises UnknownOption: for a name the variant does not offer, or a non-boolean.
        """
        if not chosen:
            return self
        known = {option.name: option for option in self.options}
        changes: dict[str, object] = {}
        for name, value in chosen.items():
            option = known.get(name)
            if option is None or not isinstance(value, bool):
                raise UnknownOption(name)
            changes.update(option.on if value else option.off)
        return self._replace(**changes)  # type: ignore[arg-type]

    def option_defaults(self) -> dict[str, bool]:
        return {option.name: option.default for option in self.options}
