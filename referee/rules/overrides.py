"""A table's own rules: any number or switch of a preset changed, checked, and cited.

A table starts from a preset and changes what it plays differently ("a clean canasta
is 600 here").  The changes are plain JSON under the :class:`~referee.rules.Variant`
field names that ``referee variants --json`` prints with each preset's values::

    {"canasta_bonus": {"natural": 600}, "going_out_bonus": 200, "card_points": {"5": 10}}

A table of values (card points, bonuses by kind, counts by players) may be changed
entry by entry; the opening table and the opening minimums by hand are given whole.
:func:`apply_overrides` checks every value and answers the preset with them; a rule
whose value changed is cited as a *house rule* of the table, not with the rulebook's
sentence, which no longer holds.
:func:`changes` gives back only what differs, which is what a match stores.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from .cards import Rank
from .problems import N_, MalformedInput, Text
from .variant import CanastaKind, OpeningStep, RedThreeCondition, Rule, Variant

__all__ = [
    "FIELDS",
    "HOUSE_RULE",
    "Change",
    "Field",
    "OverrideError",
    "apply_overrides",
    "changes",
    "check_values",
    "checked_changes",
    "difference_lines",
    "differences",
    "editable_values",
    "entry_label",
    "entry_words",
    "read_rules_file",
    "rules_file",
]

HOUSE_RULE = "house rule"  # the source of a rule the table changed
RULES_FILE = "canasta-referee-rules"  # what a shared rules file says it is
RULES_FILE_VERSION = 1
MOST = 100_000  # no score, bonus or minimum of any rulebook comes near this


class OverrideError(MalformedInput):
    """A value the table cannot play by; ``field`` is its name, as in ``rules.<field>``."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"rules.{field}: {problem}")


# -- kinds of value: read from JSON (checked), written back to JSON ---------------------------


def _whole(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise OverrideError(where, "must be a whole number")
    if not low <= value <= high:
        raise OverrideError(where, f"must be from {low} to {high}, not {value}")
    return value


class Number(NamedTuple):
    low: int = 0
    high: int = MOST
    optional: bool = False  # null: the rule does not apply ("not allowed", "none")

    def read(self, value: Any, where: str, _base: Any) -> int | None:
        if value is None and self.optional:
            return None
        return _whole(value, where, self.low, self.high)

    def write(self, value: Any) -> Any:
        return value


class Switch(NamedTuple):
    def read(self, value: Any, where: str, _base: Any) -> bool:
        if not isinstance(value, bool):
            raise OverrideError(where, "must be true or false")
        return value

    def write(self, value: Any) -> Any:
        return value


class Choice(NamedTuple):
    values: Mapping[Any, Any]  # JSON value -> the variant's value

    def read(self, value: Any, where: str, _base: Any) -> Any:
        if isinstance(value, bool) or value not in self.values:
            known = ", ".join("null" if v is None else str(v) for v in self.values)
            raise OverrideError(where, f"must be one of {known}")
        return self.values[value]

    def write(self, value: Any) -> Any:
        return next(key for key, chosen in self.values.items() if chosen == value)


class Table(NamedTuple):
    """Entries by key (rank, kind, players, a count); changed one by one.

    ``keys`` None: only the preset's own keys (a kind it does not have would never be
    scored); otherwise the keys a table may add, and null removes an entry."""

    key: Callable[[str], Any]  # JSON key -> the variant's key
    name: Callable[[Any], str]  # the variant's key -> JSON key
    number: Number
    keys: range | None = None

    def read(self, value: Any, where: str, base: Mapping[Any, int]) -> dict[Any, int]:
        if not isinstance(value, dict):
            raise OverrideError(where, "must be an object")
        out = dict(base)
        for text, entry in value.items():
            at = f"{where}.{text}"
            try:
                key = self.key(text)
            except (ValueError, KeyError):
                key = None
            known = key in base if self.keys is None else key in self.keys
            if key is None or not known:
                names = ", ".join(map(self.name, base)) if self.keys is None else None
                allowed = names or f"{self.keys.start} to {self.keys.stop - 1}"  # type: ignore[union-attr]
                raise OverrideError(at, f"is not one of {allowed}")
            if entry is None and self.keys is not None:
                out.pop(key, None)
            else:
                out[key] = self.number.read(entry, at, None)
        return out

    def write(self, value: Mapping[Any, int]) -> dict[str, int]:
        return {self.name(key): points for key, points in value.items()}


class Steps(NamedTuple):
    """The opening table: [[from score, minimum], ...], from 0 up, in order."""

    def read(self, value: Any, where: str, _base: Any) -> tuple[OpeningStep, ...]:
        if not isinstance(value, list) or not 1 <= len(value) <= 12:
            raise OverrideError(where, "must be a list of 1 to 12 [from score, minimum] pairs")
        steps = []
        for i, pair in enumerate(value):
            at = f"{where}[{i}]"
            if not isinstance(pair, list) or len(pair) != 2:
                raise OverrideError(at, "must be a pair [from score, minimum]")
            start = _whole(pair[0], at, 0, 10 * MOST)
            steps.append(OpeningStep(start, _whole(pair[1], at, 0, MOST)))
        if steps[0].from_score != 0:
            raise OverrideError(f"{where}[0]", "the first step must start from 0")
        for i in range(1, len(steps)):
            if steps[i].from_score <= steps[i - 1].from_score:
                raise OverrideError(f"{where}[{i}]", "steps must go up from score to score")
        return tuple(steps)

    def write(self, value: Iterable[OpeningStep]) -> list[list[int]]:
        return [[step.from_score, step.minimum] for step in value]


class Minimums(NamedTuple):
    """The opening minimum by the hand's number: [1st hand, 2nd, …], the last for every
    later hand; an empty list, the minimum goes by the score."""

    most: int = 50

    def read(self, value: Any, where: str, _base: Any) -> tuple[int, ...]:
        if not isinstance(value, list) or len(value) > self.most:
            raise OverrideError(where, f"must be a list of 0 to {self.most} minimums, by hand")
        return tuple(_whole(minimum, f"{where}[{i}]", 0, MOST) for i, minimum in enumerate(value))

    def write(self, value: Iterable[int]) -> list[int]:
        return list(value)


Kind = Number | Switch | Choice | Table | Steps | Minimums

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
    _field("card_points", "cards", _RANKS, "hand.points", N_("Card values")),
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


def editable_values(variant: Variant) -> dict[str, Any]:
    """Every value a table may change, as JSON, under its name."""
    return {f.name: f.kind.write(getattr(variant, f.name)) for f in FIELDS}


def _read(base: Variant, overrides: Any) -> dict[str, Any]:
    """The variant's values the overrides give, checked one by one and then together."""
    if not isinstance(overrides, dict):
        raise MalformedInput("rules must be an object of values to change")
    values: dict[str, Any] = {}
    for name, value in overrides.items():
        field = BY_NAME.get(name) if isinstance(name, str) else None
        if field is None:
            raise OverrideError(str(name)[:40], "is not a value of a variant one can change")
        values[name] = field.kind.read(value, name, getattr(base, name))
    merged = base._replace(**values)
    if merged.max_meld_cards is not None and merged.max_meld_cards < merged.min_meld_cards:
        raise OverrideError("max_meld_cards", "cannot be fewer than min_meld_cards")
    if merged.min_natural > merged.min_meld_cards:
        name = "min_natural" if "min_natural" in values else "min_meld_cards"
        raise OverrideError(name, "a meld cannot need more natural cards than cards")
    if merged.going_out_needs_clean_and_dirty and any(
        n < 2 for n in merged.going_out_canastas.values()
    ):
        raise OverrideError("going_out_canastas", "a clean and a dirty canasta are two")
    return {name: value for name, value in values.items() if value != getattr(base, name)}


def check_values(variant: Variant) -> None:
    """Check every value of ``variant`` a table may change as a table's own value is
    checked: a rules snapshot read from a file or an old database holds them all, and
    holds them as it likes.

    :raises OverrideError: naming the first value that is of the wrong kind, out of its
        bounds or impossible with the others.
    """
    written = {}
    for field in FIELDS:
        try:
            written[field.name] = field.kind.write(getattr(variant, field.name))
        except (AttributeError, StopIteration, TypeError, ValueError):
            raise OverrideError(field.name, "is not a value this version reads") from None
    _read(variant, written)


def apply_overrides(base: Variant, overrides: Any) -> Variant:
    """``base`` with the table's values; the rules they decide cited as house rules.

    No overrides, or each value the preset's own: ``base`` itself, unchanged.

    :raises OverrideError: naming the first value that is unknown, of the wrong type or
        impossible (a negative count, an opening table out of order).
    """
    if overrides == {}:
        return base
    changed = _read(base, overrides)
    if not changed:
        return base
    variant = base._replace(**changed)
    return variant._replace(rules=HouseRules(base, variant, changed))


def _changed_keys(was: Mapping[Any, int], now: Mapping[Any, int]) -> list[Any]:
    """The keys of two tables whose entries differ (one missing counts), in order."""
    return [key for key in {**was, **now} if was.get(key) != now.get(key)]


def checked_changes(base: Variant, overrides: Any) -> dict[str, Any]:
    """``overrides`` checked against ``base`` and given back as :func:`changes` writes them:
    only what differs from ``base``.

    :raises OverrideError: as :func:`apply_overrides` does.
    """
    return changes(base, apply_overrides(base, overrides))


def changes(base: Variant, variant: Variant) -> dict[str, Any]:
    """What ``variant`` plays differently from ``base``, as overrides (JSON): only the
    entries of a table that differ, and null for an entry it no longer has."""
    out: dict[str, Any] = {}
    for field in FIELDS:
        was, now = getattr(base, field.name), getattr(variant, field.name)
        if was == now:
            continue
        if isinstance(field.kind, Table):
            out[field.name] = {
                field.kind.name(key): now.get(key) for key in _changed_keys(was, now)
            }
        else:
            out[field.name] = field.kind.write(now)
    return out


# -- words for what changed -------------------------------------------------------------------


class Change(NamedTuple):
    """One value the table plays differently: its field, the entry of a table (or None),
    its words and the preset's value beside the table's, as text for a player."""

    field: Field
    key: str | None
    label: Text
    was: Text
    now: Text


_RANK_NAMES = {Rank.JOKER: N_("joker"), Rank.THREE: N_("black 3")}
_KIND_NAMES = {
    CanastaKind.NATURAL: N_("natural"),
    CanastaKind.MIXED: N_("mixed"),
    CanastaKind.WILD: N_("wild"),
    CanastaKind.WILD_JOKERS: N_("four jokers"),
    CanastaKind.WILD_DEUCES: N_("other wild"),
    CanastaKind.WILD_MIXED: N_("mixed wild"),
    CanastaKind.WILD_CLEAN: N_("clean wild"),
    CanastaKind.BLACK_THREES: N_("black threes"),
    CanastaKind.SEQUENCE: N_("sequence"),
    CanastaKind.SEVENS: N_("sevens"),
    CanastaKind.ACES: N_("aces"),
    CanastaKind.WILD_TWOS: N_("seven twos"),
}
_CHOICES = {
    "may": N_("may"),
    "must": N_("must"),
    "meld": N_("melded"),
    "canasta": N_("a canasta"),
    None: N_("none"),
}


def entry_words(field: Field, key: Any) -> Text:
    """The words for one entry's key: "joker", "natural", "6 players", "5"."""
    if field.name == "card_points":
        return Text(_RANK_NAMES.get(key, key.value))
    if isinstance(key, CanastaKind):
        return Text(_KIND_NAMES[key])
    if field.name in ("canasta_count_bonus", "black_three_going_out_bonus", "threes_table"):
        return Text(str(key))
    return Text(N_("%(n)s players"), {"n": key})


def entry_label(field: Field, key: Any) -> Text:
    """The words for one entry of a table: "Card values (joker)", "Packs of cards (6 players)"."""
    return Text(
        N_("%(what)s (%(which)s)"), {"what": Text(field.label), "which": entry_words(field, key)}
    )


def value_text(field: Field, value: Any) -> Text:
    """A value as a player reads it: a number, yes or no, "none", an opening table."""
    if isinstance(value, bool):
        return Text(N_("yes") if value else N_("no"))
    if value is None:
        return Text(N_("none"))
    if isinstance(field.kind, Choice):
        return Text(_CHOICES[field.kind.write(value)])
    if isinstance(field.kind, Steps):
        return Text(", ".join(f"{s.from_score}: {s.minimum}" for s in value))
    if isinstance(field.kind, Minimums):  # "125, 155, 180"; none: by the score
        return Text(", ".join(map(str, value)) or "—")
    if isinstance(value, Mapping):  # a whole table: "A 20, K 10, …"
        template = ", ".join(f"%(k{i})s %(v{i})s" for i in range(len(value))) or "—"
        params: dict[str, object] = {}
        for i, (key, number) in enumerate(value.items()):
            params.update({f"k{i}": entry_words(field, key), f"v{i}": number})
        return Text(template, params)
    return Text(str(value))


def differences(base: Variant, variant: Variant) -> list[Change]:
    """Every value ``variant`` plays differently from ``base``, in rulebook order."""
    out: list[Change] = []
    for field in FIELDS:
        was, now = getattr(base, field.name), getattr(variant, field.name)
        if was == now:
            continue
        if isinstance(field.kind, Table):
            out.extend(
                Change(
                    field,
                    field.kind.name(key),
                    entry_label(field, key),
                    value_text(field, was.get(key)),
                    value_text(field, now.get(key)),
                )
                for key in _changed_keys(was, now)
            )
        else:
            out.append(
                Change(
                    field,
                    None,
                    Text(field.label),
                    value_text(field, was),
                    value_text(field, now),
                )
            )
    return out


def difference_lines(
    base: Variant, variant: Variant, translate: Callable[[str], str] | None = None
) -> tuple[tuple[str, str, str], ...]:
    """(what, the preset's value, the table's) as text in ``translate``'s language, for each
    value ``variant`` plays differently from ``base``."""
    if variant is base:
        return ()
    return tuple(
        (c.label.render(translate), c.was.render(translate), c.now.render(translate))
        for c in differences(base, variant)
    )


def change_text(change: Change) -> Text:
    """ "Going out bonus: 200 (the preset: 100)"."""
    return Text(
        N_("%(what)s: %(now)s (the preset: %(was)s)"),
        {"what": change.label, "now": change.now, "was": change.was},
    )


def _joined(texts: list[Text]) -> Text:
    # "%(t0)s; %(t1)s" is no message of the catalogues: gettext gives it back as it is.
    template = "; ".join(f"%(t{i})s" for i in range(len(texts)))
    return Text(template, {f"t{i}": text for i, text in enumerate(texts)})


def house_rule(key: str, found: list[Change]) -> Rule:
    """The catalogue entry for a rule the table changed: what it plays, beside the preset."""
    changed = _joined([change_text(change) for change in found])
    text = Text(N_("House rule of this table: %(changes)s."), {"changes": changed})
    return Rule(key, text.render(), HOUSE_RULE, "", text)


class HouseRules(dict[str, Rule]):
    """The catalogue of a variant with house rules: the preset's entries, those whose
    values changed replaced by house rules.  A rule the preset never needed (a switch
    turned on that its rulebook does not have) is a house rule listing every change."""

    def __init__(self, base: Variant, variant: Variant, changed: Mapping[str, Any]) -> None:
        super().__init__(base.rules)
        self.found = differences(base, variant)
        keys = {key for name in changed for key in BY_NAME[name].rules}
        for key in keys:
            self[key] = house_rule(key, [c for c in self.found if key in c.field.rules])

    def __missing__(self, key: str) -> Rule:
        return house_rule(key, self.found)


# -- a rules file to share --------------------------------------------------------------------


def rules_file(
    preset: str, options: Mapping[str, bool], overrides: Mapping[str, Any], app_version: str
) -> dict[str, Any]:
    """A table's rules as a small JSON file another match (or another server) can start from."""
    return {
        "format": RULES_FILE,
        "format_version": RULES_FILE_VERSION,
        "app_version": app_version,
        "variant": preset,
        "options": dict(options),
        "rules": dict(overrides),
    }


def read_rules_file(
    data: Any, find: Callable[[str], Variant]
) -> tuple[Variant, dict[str, bool], dict[str, Any]]:
    """The preset, house-rule switches and changed values a rules file gives, all checked.

    ``find`` looks up a preset by id (raising KeyError for an unknown one).

    :raises MalformedInput: naming the part of the file that is wrong.
    """
    if not isinstance(data, dict) or data.get("format") != RULES_FILE:
        raise MalformedInput("this is not a rules file of Canasta Referee")
    if data.get("format_version") != RULES_FILE_VERSION:
        version = str(data.get("format_version"))[:20]
        raise MalformedInput(f"format_version {version} is not one this version reads")
    preset = data.get("variant")
    try:
        base = find(preset) if isinstance(preset, str) else None
    except KeyError:
        base = None
    if base is None:
        raise MalformedInput(f"variant {str(preset)[:40]!r} is not a preset of this version")
    options = data.get("options", {})
    known = {o.name for o in base.options}
    if not isinstance(options, dict) or not all(
        name in known and isinstance(on, bool) for name, on in options.items()
    ):
        names = ", ".join(sorted(known)) or "none"
        raise MalformedInput(f"options: {base.id} has the house rules {names}, each true or false")
    overrides = data.get("rules", {})
    switched = base.with_options(options)
    return base, dict(options), checked_changes(switched, overrides)
