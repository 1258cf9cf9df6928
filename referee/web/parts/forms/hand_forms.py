"""A hand as the phone enters it: a section per side, its fields made from what the
match's rules score (which canasta kinds and events the variant has), so the form is built
per match by :func:`hand_form`; read back into the plain JSON entry a match keeps, and an
entry shown again for editing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict
from wtforms import (
    BooleanField,
    FormField,
    HiddenField,
    SelectChoice,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import AnyOf, Length, Optional, Regexp, ValidationError

from ....caches import lru_cached
from ....match.entry import WILD_KEYS, wild_by_value
from ....match.vocabulary import WORDS
from ....rules import CanastaKind, Rank, Variant, Vocabulary
from ....rules.hand import SPECIAL_HAND_NAMES, hand_costs
from .base import FlaskForm, Form, PlainText, count_field, points_field, stepped_field

NOTE_LENGTH = 200  # a hand's note: a line or two
TOKEN_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"

# Unfinished melds that cost a penalty (american), counted in quick entry.
UNFINISHED_LABELS = {
    CanastaKind.SEVENS: _l("Unfinished melds of sevens"),
    CanastaKind.ACES: _l("Unfinished melds of aces"),
    CanastaKind.WILD_TWOS: _l("Unfinished melds of twos only"),
    CanastaKind.WILD_JOKERS: _l("Unfinished wild melds with four jokers"),
    CanastaKind.WILD_DEUCES: _l("Unfinished wild melds"),
    CanastaKind.WILD: _l("Unfinished wild melds"),
}


class _Section(NamedTuple):
    """What decides the fields of a side's section: the mode and what the variant scores."""

    mode: str
    concealed: bool
    kinds: tuple[CanastaKind, ...]  # enum order, not the snapshot's (its JSON keys are sorted)
    escalas: bool  # quick entry counts them (card by card, the melds show them)
    undeclared_red_threes: bool
    acabar: bool
    exact_cut: bool
    first_pickup: bool
    black_threes: bool = False  # laid out as bonus cards
    held: bool = False  # players left holding three aces or sevens
    unfinished: tuple[CanastaKind, ...] = ()  # quick entry counts what costs unfinished
    # Quick entry counts cards by value, melded and left in hand: (points, ranks) each.
    meld_values: tuple[tuple[int, str], ...] = ()
    hand_values: tuple[tuple[int, str], ...] = ()
    vocabulary: Vocabulary = Vocabulary.CANASTA  # the labels' words: books, a hand and foot…
    # Quick entry of a game of natural and mixed canastas only: the canastas by what they
    # are made of, by the value of their natural cards, so that their cards count themselves.
    canasta_values: tuple[tuple[int, str], ...] = ()
    # Quick entry of canastas laid from the hand, where they score more (spanish's oculta,
    # dutch's hand canasta): counted per kind, whose own bonus the oculta replaces or the
    # hand canasta doubles.
    laid: bool = False
    black_threes_out: bool = False  # quick entry: black threes melded in going out
    special_hands: tuple[str, ...] = ()  # the one choice "went out with a special hand: which"
    penalty: int | None = None  # the book's penalty for an irregularity: its count is asked


def _laid(variant: Variant) -> bool:
    return variant.concealed_canasta_bonus is not None or variant.hand_canasta_doubles


def value_groups(points_of: dict[Rank, int]) -> tuple[tuple[int, str], ...]:
    """The ranks by what each is worth, highest first: ((50, "X"), (20, "A 2"), …)."""
    groups: dict[int, list[str]] = {}
    for rank in Rank:  # A K Q … 3 2 X, as a player reads them
        if rank in points_of:
            groups.setdefault(points_of[rank], []).append(rank.value)
    return tuple(
        (points, " ".join(ranks)) for points, ranks in sorted(groups.items(), reverse=True)
    )


# The ranks a canasta of natural cards is made of: neither wild cards nor threes.
NATURAL_RANKS = tuple(r for r in Rank if r not in (Rank.TWO, Rank.JOKER, Rank.THREE))


def canasta_values(variant: Variant) -> tuple[tuple[int, str], ...]:
    """The natural ranks by what each is worth, where a game has natural and mixed canastas
    only (classic, German, Dutch): ((20, "A"), (10, "K Q J 10 9 8"), (5, "7 6 5 4"))."""
    if set(variant.canasta_bonus) != {CanastaKind.NATURAL, CanastaKind.MIXED}:
        return ()
    points = dict(variant.card_points)
    return value_groups({r: points[r] for r in NATURAL_RANKS})


def _span(ranks: str) -> str:
    """ "K Q J 10 9 8" -> "K–8" (never broken at its dash): a canasta is of one of them."""
    first, *_middle, last = ranks.split() if " " in ranks else (ranks, ranks)
    return first if first == last else f"{first}\u2060–\u2060{last}"  # kept on one line


def _section(variant: Variant, mode: str) -> _Section:
    return _Section(
        mode,
        variant.concealed_going_out_bonus is not None,
        tuple(k for k in CanastaKind if k in variant.canasta_bonus),
        variant.escalas,
        bool(variant.undeclared_red_three_penalty),
        variant.acabar_points is not None,
        variant.exact_cut_bonus is not None,
        variant.first_pickup_going_out_bonus is not None,
        variant.black_threes_laid_out,
        bool(variant.held_penalty),
        tuple(k for k in CanastaKind if k in variant.unfinished_penalty),
        value_groups(dict(variant.card_points)) if mode == "quick" else (),
        value_groups(hand_costs(variant)) if mode == "quick" else (),
        variant.vocabulary,
        canasta_values(variant) if mode == "quick" else (),
        mode == "quick" and _laid(variant),
        mode == "quick" and bool(variant.black_three_going_out_bonus),
        tuple(variant.special_hands),
        variant.penalty_points or None,
    )


def _side_form(section: _Section) -> type[Form]:
    """The fields of one side's section (made only with its hand form's class, which is kept)."""
    # The labels in the game's own words; the fields' names stay the same in every game.
    words = WORDS[section.vocabulary]
    attrs: dict[str, Any] = {
        "red_threes": count_field(_l("Red threes laid out"), 8),
        "went_out": BooleanField(_l("Went out")),
    }
    if section.concealed:
        attrs["concealed"] = BooleanField(_l("Went out concealed"))
    if section.mode == "quick":
        # By what they are made of (their cards count themselves), then by kind alone (their
        # cards counted with the others: the form before this, still read and shown).
        for points, ranks in section.canasta_values:
            label = _l("Natural, %(cards)s", cards=_span(ranks))
            attrs[f"natural_c{points}"] = stepped_field(label, 20)
        for points, ranks in section.canasta_values:
            label = _l("Mixed, %(cards)s", cards=_span(ranks))
            attrs[f"mixed_c{points}"] = stepped_field(label, 20)
            # The wild cards standing in them, asked once they are counted (hand_form.html).
            label = _l("Twos in the mixed %(cards)s", cards=_span(ranks))
            attrs[f"mixed_twos_c{points}"] = stepped_field(label, 60)
            label = _l("Jokers in the mixed %(cards)s", cards=_span(ranks))
            attrs[f"mixed_jokers_c{points}"] = stepped_field(label, 60)
        for kind in section.kinds:
            # Empty until counted (its placeholder says 0): the rows that come with a
            # canasta (laid from the hand) see it (hand.css).
            attrs[f"canastas_{kind.value}"] = stepped_field(_l(words.counts[kind]), 20)
        if section.laid:  # which kind it was decides its bonus, in every variant
            label = _l("Natural ones laid from the hand at once")
            attrs["concealed_natural"] = stepped_field(label, 20)
            label = _l("Mixed ones laid from the hand at once")
            attrs["concealed_mixed"] = stepped_field(label, 20)
        if section.black_threes_out:
            label = _l("Black threes melded in going out")
            attrs["black_threes_out"] = stepped_field(label, 8)
        if section.escalas:
            attrs["escalas"] = count_field(_l("Escalas (seven of a suit, no wild card)"), 8)
            attrs["escalas_real"] = count_field(_l("Escalas reales (4 to ace of a suit)"), 4)
        for kind in section.unfinished:
            attrs[f"unfinished_{kind.value}"] = count_field(UNFINISHED_LABELS[kind], 8)
        for part, values, most in (("meld", section.meld_values, 200),
                                   ("hand", section.hand_values, 100)):  # fmt: skip
            for points, ranks in values:
                cards = _l("Joker") if ranks == "X" else ranks
                label = _l("%(cards)s, %(points)s each", cards=cards, points=points)
                attrs[f"{part}_c{points}"] = stepped_field(label, most)
        attrs["meld_points"] = points_field(_l("Points of all melded cards"), 20_000)
        attrs["hand_points"] = points_field(_l(words.left_points), 5_000)
    else:
        attrs["melds"] = TextAreaField(
            _l("Melds, one per line"),
            validators=[Length(max=2000)],
            render_kw={"rows": 3, "autocapitalize": "characters", "spellcheck": "false"},
        )
        attrs["hand"] = StringField(
            _l(words.left),
            validators=[Length(max=500)],
            render_kw={"autocapitalize": "characters", "spellcheck": "false"},
        )
        attrs["hand_points"] = points_field(_l("…or their points"), 5_000)
    # The events only some variants score, in both modes.
    if section.black_threes:
        attrs["black_threes"] = count_field(_l("Black threes laid out"), 8)
    if section.held:
        attrs["held_sets"] = count_field(_l("Players left holding three or more aces or sevens"), 8)
    if section.penalty:
        attrs["penalties"] = count_field(
            _l("Penalties of %(points)s for an irregularity", points=section.penalty), 20
        )
    if section.undeclared_red_threes:
        attrs["undeclared_red_threes"] = count_field(_l(words.red_threes_left), 8)
    if section.acabar:
        attrs["acabar"] = BooleanField(_l("Called acabar"))
    if section.exact_cut:
        attrs["exact_cut"] = BooleanField(_l("Exact cut"))
    if section.first_pickup:
        attrs["first_pickup"] = BooleanField(_l("Went out on the first pickup"))
    return type("SideForm", (Form,), attrs)


# A quick side's counts by what its canastas are made of: each field's prefix and its
# table in the entry (``mixed_twos_c20`` -> ``{"mixed_twos": {"20": n}}``).
BY_CARDS = (
    ("natural_c", "natural_canastas"),
    ("mixed_c", "mixed_canastas"),
    ("mixed_twos_c", "mixed_twos"),
    ("mixed_jokers_c", "mixed_jokers"),
)


class _HandForm(FlaskForm):
    token = HiddenField(validators=[Regexp(TOKEN_PATTERN)])
    mode = HiddenField()
    # The match's version when the form was opened (referee/web/parts/conflicts.py): a change
    # made from another phone since is shown before this hand is stored.
    seen = HiddenField()
    # Who went out: one choice across the sides ("none", or a side's index).  A form sent
    # without it (a phone's queue kept from before) still says it per side.
    out = StringField(validators=[Optional(), AnyOf(["none", "0", "1", "2"])])
    note = StringField(
        _l("Note on this hand (optional)"),
        validators=[Length(max=NOTE_LENGTH), PlainText(lines=True)],  # joined into one line
    )

    def validate_out_concealed(self, field: Any) -> None:
        """Ticked with Nobody chosen: said, not dropped (it scored nothing without a word)."""
        if field.data and self.out.data == "none":
            raise ValidationError(
                _l("Nobody went out, so nobody went out concealed: choose who went out.")
            )


def hand_form(variant: Variant, sides: int, entry_mode: str, **kwargs: Any) -> FlaskForm:
    """A form for a whole hand, one section (``side0``, ``side1``…) per side.

    The form classes are made once for each set of fields (making them was half
    the cost of reading a posted hand) and instantiated per request as usual.
    """
    return _hand_form(_section(variant, entry_mode), sides)(**kwargs)


# Saves 5 % of the hand form, at the edge (bench/bench_caches.py "hand form classes",
# 2026-11-27: 3.0, 6.4 and 5.2 % in three runs, 0.16-0.33 ms).  Safe: a class is made from
# the section, which is all its fields depend on.
# Bounded: a section carries the preset's card values, which a table's own rules may set to
# anything, so the kinds of section are not few; 512 classes cover every preset in both
# modes and table sizes with room to spare, and one dropped is only made again.
@lru_cached(512)
def _hand_form(section: _Section, sides: int) -> type[FlaskForm]:
    side = _side_form(section)
    attrs: dict[str, Any] = {f"side{i}": FormField(side) for i in range(sides)}
    if section.concealed:
        attrs["out_concealed"] = BooleanField(_l("Went out concealed"))
    if section.special_hands:
        choices = [SelectChoice("", _l("No special hand"))] + [
            SelectChoice(name, _l(SPECIAL_HAND_NAMES.get(name, name)))
            for name in section.special_hands
        ]
        attrs["out_special"] = SelectField(
            _l("Went out with a special hand"),
            choices=choices,
            default="",
            validators=[Optional()],  # a form kept on a phone from before it: none
        )
    return type("HandForm", (_HandForm,), attrs)


def out_chosen(form: FlaskForm, sides: int) -> bool:
    """Whether the hand says who went out: the one choice ("none" included) or, in a form
    kept on a phone from before that choice, a side's own box.  Forgetting it would score
    the hand as if nobody went out, 100 to 300 points lost without a word."""
    if form.out.data:
        return True
    return any(form[f"side{i}"].form.went_out.data for i in range(sides))


def entry_from_form(form: FlaskForm, sides: int, mode: str) -> dict[str, Any]:
    """The hand as typed, as the plain JSON entry :mod:`referee.match.entry` scores and
    storage keeps."""
    out = []
    chosen = form.out.data or ""
    concealed_out = "out_concealed" in form and bool(form.out_concealed.data)
    special = (form.out_special.data or "") if "out_special" in form else ""
    for i in range(sides):
        data = dict(form[f"side{i}"].data)
        if chosen:  # the one choice across the sides decides
            data["went_out"] = chosen == str(i)
            data["concealed"] = concealed_out and chosen == str(i)
        side: dict[str, Any] = {}
        if mode == "quick":
            side["canastas"] = {
                key.removeprefix("canastas_"): value or 0
                for key, value in data.items()
                if key.startswith("canastas_")
            }
            side["meld_points"] = data.get("meld_points") or 0
            side["hand_points"] = data.get("hand_points") or 0
            for part, key in BY_CARDS:
                made = {
                    name.removeprefix(part): value
                    for name, value in data.items()
                    if name.startswith(part) and value
                }
                if made:  # canastas by what they are made of, the wild cards standing in them
                    side[key] = made
            for part in ("meld", "hand"):
                counted = {
                    key.removeprefix(f"{part}_c"): value
                    for key, value in data.items()
                    if key.startswith(f"{part}_c") and value
                }
                if counted:  # the cards counted by value: the app adds them up
                    side[f"{part}_cards"] = counted
            for key in ("escalas", "escalas_real"):
                if key in data:
                    side[key] = data[key] or 0
            unfinished = {
                key.removeprefix("unfinished_"): value or 0
                for key, value in data.items()
                if key.startswith("unfinished_")
            }
            if unfinished:
                side["unfinished"] = unfinished
            laid = _laid_from_hand(data)
            if laid:
                side["concealed_canastas"] = laid
            if data.get("black_threes_out"):
                side["black_threes_out"] = data["black_threes_out"]
        else:
            side["melds"] = (data.get("melds") or "").strip()
            side["hand"] = (data.get("hand") or "").strip()
            side["hand_points"] = data.get("hand_points")
        for key in ("undeclared_red_threes", "black_threes", "held_sets", "penalties"):
            if key in data:
                side[key] = data[key] or 0
        for key in ("acabar", "exact_cut", "first_pickup"):
            if key in data:
                side[key] = data[key]
        side["red_threes"] = data.get("red_threes") or 0
        side["went_out"] = bool(data.get("went_out"))
        side["concealed"] = bool(data.get("concealed"))
        if special and chosen == str(i):  # the special hand goes with the side that went out
            side["special_hand"] = special
        out.append(side)
    entry: dict[str, Any] = {"mode": mode, "sides": out}
    note = " ".join((form.note.data or "").split())  # one line, as the ledger shows it
    if note:
        entry["note"] = note
    return entry


def _laid_from_hand(data: dict[str, Any]) -> dict[str, int]:
    """The canastas laid from the hand by kind, as the entry keeps them."""
    return {
        kind: data[f"concealed_{kind}"]
        for kind in ("natural", "mixed")
        if data.get(f"concealed_{kind}")
    }


def formdata_from_entry(entry: dict[str, Any]) -> MultiDict[str, Any]:
    """The form data that shows a stored entry again, for editing."""
    pairs: list[tuple[str, Any]] = [("mode", entry.get("mode", "detailed"))]
    if entry.get("note"):
        pairs.append(("note", entry["note"]))
    sides = entry.get("sides", [])
    went = [i for i, side in enumerate(sides) if side.get("went_out")]
    pairs.append(("out", str(went[0]) if went else "none"))
    if went and sides[went[0]].get("concealed"):
        pairs.append(("out_concealed", "y"))
    if went and sides[went[0]].get("special_hand"):
        pairs.append(("out_special", sides[went[0]]["special_hand"]))
    for i, side in enumerate(entry.get("sides", [])):
        for name, value in side_fields(side):
            if isinstance(value, bool):
                if value:
                    pairs.append((f"side{i}-{name}", "y"))
            elif value is not None:
                pairs.append((f"side{i}-{name}", str(value)))
    return MultiDict(pairs)


def _mixed_of(side: dict[str, Any]) -> dict[str, Any]:
    mixed = side.get("mixed_canastas")
    return {"mixed_canastas": mixed} if isinstance(mixed, dict) else {}


def side_fields(side: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """A stored side's values by the names of the form's fields: a quick hand's canastas,
    unfinished melds and counted cards each by its own field (``canastas_natural``,
    ``meld_c10``), the rest as they are kept."""
    for key, value in side.items():
        if key == "special_hand":  # the hand's one choice (out_special), not a side's field
            continue
        if key in ("canastas", "unfinished") and isinstance(value, dict):
            yield from ((f"{key}_{k}", n) for k, n in value.items())
        elif key in ("meld_cards", "hand_cards", "natural_canastas", "mixed_canastas") and (
            isinstance(value, dict)
        ):
            part = key.removesuffix("_cards").removesuffix("_canastas")
            yield from ((f"{part}_c{k}", n) for k, n in value.items())
        elif key == "concealed_canastas" and isinstance(value, dict):
            yield from ((f"concealed_{k}", n) for k, n in value.items())
        elif key in ("mixed_twos", "mixed_jokers") and isinstance(value, dict):
            yield from ((f"{key}_c{k}", n) for k, n in value.items())
        elif key == "mixed_wild" and isinstance(value, dict):
            # Kept from the form that said them for all the mixed canastas at once: shown
            # beside the canastas' value where they were all of one (else said as wrong).
            for at, cards in wild_by_value({"mixed_wild": value, **_mixed_of(side)}).items():
                yield from ((f"{WILD_KEYS[rank]}_c{at}", n) for rank, n in cards.items())
        else:
            yield key, value
