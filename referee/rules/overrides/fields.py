"""The values a table may change, in rulebook order: each with its group on the rulebook
page, its kind, the catalogue rules it decides and its words for a player."""

from __future__ import annotations

from typing import NamedTuple

from ..cards import Rank
from ..problems import N_
from ..variant import CanastaKind, RedThreeCondition
from .kinds import MOST, Choice, Kind, Minimums, Number, Steps, Switch, Table

_RANKS = Table(Rank, lambda rank: rank.value, Number(0, 1000))
_KINDS = Table(CanastaKind, lambda kind: kind.value, Number(0, MOST))
_PLAYERS = Table(int, str, Number(0, 10))


class Field(NamedTuple):
    """A value a table may change: its name, its group on the rulebook page, its kind,
    the catalogue rules it decides, and its words for a player."""

    name: str
    group: str
    kind: Kind
    rules: tuple[str, ...]
    label: str


def _field(name: str, group: str, kind: Kind, rules: str, label: str) -> Field:
    return Field(name, group, kind, tuple(rules.split()), label)


# In rulebook order (:data:`referee.rules.catalogue.GROUPS`); not the identity, the table
# of players or the catalogue itself, which are what a preset *is*.
FIELDS: tuple[Field, ...] = (
    _field("target_score", "cards", Number(0, 10 * MOST), "", N_("Target score")),
    _field("rounds", "cards", Number(1, 50, optional=True), "", N_("Hands in a match")),
    _field("card_points", "cards", _RANKS, "deck.values hand.points", N_("Card values")),
    _field(
        "packs",
        "cards",
        _PLAYERS._replace(number=Number(1, 8)),
        "deck.composition red-threes.count",
        N_("Packs of cards"),
    ),
    _field(
        "cards_dealt",
        "cards",
        _PLAYERS._replace(number=Number(1, 30)),
        "deck.composition",
        N_("Cards dealt to each player"),
    ),
    _field(
        "play_clockwise", "cards", Switch(), "deal.order", N_("Play passes clockwise (to the left)")
    ),
    _field("min_meld_cards", "melds", Number(2, 7), "meld.min-cards", N_("Fewest cards in a meld")),
    _field(
        "max_meld_cards",
        "melds",
        Number(3, 20, optional=True),
        "meld.max-cards",
        N_("Most cards in a meld (empty: no limit)"),
    ),
    _field("max_wild", "melds", Number(0, 7), "meld.wild-limit", N_("Most wild cards in a meld")),
    _field(
        "min_natural",
        "melds",
        Number(1, 7),
        "meld.natural-min",
        N_("Fewest natural cards in a meld"),
    ),
    _field(
        "wild_not_more_than_natural",
        "melds",
        Switch(),
        "meld.wild-limit",
        N_("No more wild cards than natural ones"),
    ),
    _field(
        "wilds_fewer_than_naturals",
        "melds",
        Switch(),
        "meld.wild-limit",
        N_("Fewer wild cards than natural ones"),
    ),
    _field("one_meld_per_rank", "melds", Switch(), "meld.one-per-rank", N_("One meld per rank")),
    _field(
        "sequences",
        "melds",
        Switch(),
        "meld.sequence meld.one-rank",
        N_("Sequences of one suit are melds"),
    ),
    _field("sequence_wilds", "melds", Switch(), "meld.sequence", N_("Wild cards in sequences")),
    _field(
        "max_sequence_cards",
        "melds",
        Number(3, 11),
        "meld.sequence",
        N_("Most cards in a sequence"),
    ),
    _field(
        "escalas",
        "melds",
        Switch(),
        "meld.sequence escala.bonus",
        N_("Escalas (runs without wild cards)"),
    ),
    _field(
        "black_threes_when_going_out",
        "melds",
        Switch(),
        "meld.black-threes",
        N_("Black threes melded when going out"),
    ),
    _field(
        "black_three_meld_max",
        "melds",
        Number(3, 12, optional=True),
        "meld.black-threes",
        N_("Most black threes in their meld (empty: no limit)"),
    ),
    _field(
        "black_three_meld_wilds",
        "melds",
        Switch(),
        "meld.black-threes",
        N_("Wild cards with black threes"),
    ),
    _field("wild_melds", "melds", Switch(), "meld.wild-meld", N_("Melds of wild cards only")),
    _field(
        "wild_meld_at_once",
        "melds",
        Switch(),
        "meld.wild-meld",
        N_("A wild meld is laid as a whole canasta"),
    ),
    _field("canasta_bonus", "canastas", _KINDS, "canasta.kinds", N_("Canasta bonus")),
    _field(
        "concealed_canasta_bonus",
        "canastas",
        Number(optional=True),
        "canasta.concealed",
        N_("Canasta laid from the hand (empty: as any other)"),
    ),
    _field(
        "hand_canasta_doubles",
        "canastas",
        Switch(),
        "canasta.concealed",
        N_("A canasta laid from the hand scores double"),
    ),
    _field("escala_bonus", "canastas", Number(), "escala.bonus", N_("Escala bonus")),
    _field(
        "escala_real_bonus",
        "canastas",
        Number(),
        "escala.bonus",
        N_("Escala real (4 to ace) bonus"),
    ),
    _field(
        "canasta_count_bonus",
        "canastas",
        Table(int, str, Number(), range(1, 21)),
        "canasta.count-bonus",
        N_("Bonus for this many canastas"),
    ),
    _field(
        "unfinished_penalty",
        "canastas",
        _KINDS,
        "canasta.unfinished",
        N_("An unfinished meld costs"),
    ),
    _field(
        "negative_minimum",
        "opening",
        Number(0, MOST),
        "opening.minimum",
        N_("Opening minimum below 0"),
    ),
    _field(
        "opening_table", "opening", Steps(), "opening.minimum", N_("Opening minimum from a score")
    ),
    _field(
        "opening_by_round",
        "opening",
        Minimums(),
        "opening.minimum",
        N_("Opening minimum by hand (1st, 2nd, …)"),
    ),
    _field(
        "failed_opening_step",
        "opening",
        Number(0, 1000),
        "opening.minimum",
        N_("Each failed opening adds"),
    ),
    _field(
        "opening_counts_pile_top",
        "opening",
        Switch(),
        "opening.pile-top",
        N_("The pile's top card counts towards the opening"),
    ),
    _field(
        "opening_counts_canasta_bonus",
        "opening",
        Switch(),
        "opening.canasta-bonus",
        N_("Canasta bonus counts towards the opening"),
    ),
    _field(
        "opening_needs_natural_group",
        "opening",
        Switch(),
        "opening.natural-group",
        N_("The opening needs three natural cards"),
    ),
    _field(
        "opening_waived_going_out",
        "opening",
        Switch(),
        "opening.going-out-waiver",
        N_("No minimum when going out at once"),
    ),
    _field(
        "pile_freezing",
        "pile",
        Switch(),
        "pile.frozen pile.wild-top",
        N_("Wild cards freeze the pile"),
    ),
    _field(
        "red_three_discard_freezes",
        "pile",
        Switch(),
        "pile.frozen",
        N_("A red three may be discarded and freezes the pile"),
    ),
    _field(
        "pickup_naturals",
        "pile",
        Number(1, 3),
        "pile.take pile.unopened",
        N_("Natural cards needed to take the pile"),
    ),
    _field(
        "crossed_pickup_naturals",
        "pile",
        Number(1, 3),
        "pile.frozen",
        N_("Natural cards needed when it is frozen"),
    ),
    _field(
        "pickup_by_adding",
        "pile",
        Switch(),
        "pile.add-to-meld",
        N_("Top card added to a meld takes the pile"),
    ),
    _field(
        "pickup_onto_canasta",
        "pile",
        Switch(),
        "pile.add-to-meld",
        N_("… even to a finished canasta"),
    ),
    _field(
        "pickup_onto_sequence",
        "pile",
        Switch(),
        "pile.add-to-meld",
        N_("Top card extends a sequence"),
    ),
    _field(
        "pickup_natural_and_wild",
        "pile",
        Switch(),
        "pile.natural-and-wild",
        N_("A natural and a wild card take the pile"),
    ),
    _field(
        "black_three_blocks_all",
        "pile",
        Switch(),
        "pile.black-three",
        N_("A black three on top stops everyone"),
    ),
    _field(
        "black_three_pickup_going_out",
        "pile",
        Switch(),
        "pile.black-three",
        N_("… except a player going out with it"),
    ),
    _field(
        "one_card_single_pile",
        "pile",
        Switch(),
        "pile.one-card",
        N_("One card in hand may not take a one-card pile"),
    ),
    _field(
        "one_card_no_pickup",
        "pile",
        Switch(),
        "pile.one-card",
        N_("One card in hand may not take the pile"),
    ),
    _field(
        "no_pickup_first_round",
        "pile",
        Switch(),
        "pile.first-round",
        N_("No taking the pile in the first round"),
    ),
    _field(
        "going_out_canastas",
        "going_out",
        _PLAYERS,
        "going-out.canastas",
        N_("Canastas needed to go out"),
    ),
    _field(
        "going_out_needs_clean_and_dirty",
        "going_out",
        Switch(),
        "going-out.canastas",
        N_("Going out needs a clean and a dirty canasta"),
    ),
    _field(
        "going_out_kinds",
        "going_out",
        _KINDS._replace(number=Number(0, 10)),
        "going-out.canastas",
        N_("Canastas of a kind needed to go out"),
    ),
    _field(
        "going_out_needs_discard",
        "going_out",
        Switch(),
        "going-out.discard",
        N_("Going out needs a last discard"),
    ),
    _field("going_out_bonus", "going_out", Number(), "going-out.bonus", N_("Going out bonus")),
    _field(
        "concealed_going_out_bonus",
        "going_out",
        Number(optional=True),
        "going-out.concealed",
        N_("Going out concealed (empty: not allowed)"),
    ),
    _field(
        "black_three_going_out_bonus",
        "going_out",
        Table(int, str, Number(), range(1, 13)),
        "going-out.bonus",
        N_("Going out with this many black threes"),
    ),
    _field(
        "first_pickup_going_out_bonus",
        "going_out",
        Number(optional=True),
        "going-out.first-pickup",
        N_("Going out on the first pickup (empty: none)"),
    ),
    _field(
        "partner_permission",
        "going_out",
        Choice({"may": "may", "must": "must", None: None}),
        "going-out.partner",
        N_("Asking the partner to go out"),
    ),
    _field(
        "acabar_points",
        "going_out",
        Number(optional=True),
        "scoring.acabar",
        N_("Acabar: points to the other side (empty: not played)"),
    ),
    _field(
        "exact_cut_bonus",
        "scoring",
        Number(optional=True),
        "scoring.exact-cut",
        N_("Exact cut bonus (empty: none)"),
    ),
    _field(
        "red_three_bonus",
        "scoring",
        Number(),
        "red-threes.bonus red-threes.penalty",
        N_("Each red three"),
    ),
    _field(
        "all_red_threes_extra",
        "scoring",
        Number(),
        "red-threes.bonus red-threes.penalty",
        N_("Extra for all four red threes"),
    ),
    _field(
        "all_red_threes_count",
        "scoring",
        Number(1, 16),
        "red-threes.bonus",
        N_("All the red threes are"),
    ),
    _field(
        "threes_table",
        "scoring",
        Table(int, str, Number(), range(1, 17)),
        "red-threes.bonus",
        N_("Threes of one colour score"),
    ),
    _field(
        "black_threes_laid_out",
        "scoring",
        Switch(),
        "red-threes.bonus",
        N_("Black threes are laid out and scored"),
    ),
    _field(
        "red_threes_count_if",
        "scoring",
        Choice({c.value: c for c in RedThreeCondition}),
        "red-threes.penalty",
        N_("Red threes count plus once the side has"),
    ),
    _field(
        "red_threes_canastas",
        "scoring",
        Number(0, 10),
        "red-threes.penalty",
        N_("Canastas for threes to count plus"),
    ),
    _field(
        "red_threes_void_canastas",
        "scoring",
        Number(0, 10, optional=True),
        "red-threes.penalty",
        N_("Canastas for threes to count nothing"),
    ),
    _field(
        "undeclared_red_three_penalty",
        "scoring",
        Number(),
        "red-threes.undeclared",
        N_("Red three not declared costs"),
    ),
    _field(
        "black_three_in_hand_penalty",
        "scoring",
        Number(optional=True),
        "hand.black-threes hand.points",
        N_("Black three left in hand costs (empty: its value)"),
    ),
    _field(
        "special_hands",
        "scoring",
        Table(str, str, Number(0, MOST)),
        "scoring.special-hands",
        N_("A special hand scores"),
    ),
    _field(
        "held_penalty",
        "scoring",
        Number(0, MOST),
        "hand.held",
        N_("Three aces or sevens left in a hand cost"),
    ),
    _field(
        "no_canasta_scores_all_negative",
        "scoring",
        Switch(),
        "scoring.no-canasta-negative",
        N_("No canasta: everything counts minus"),
    ),
)
BY_NAME = {field.name: field for field in FIELDS}
