"""Words for what a table changed: each changed value (or entry of a table) beside the
preset's, as text for a player in any language; and the catalogue entries of the rules they
decide, cited as house rules of the table."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ..cards import Rank
from ..hand import SPECIAL_HAND_NAMES
from ..problems import N_, Text
from ..variant import CanastaKind, Rule, Variant
from .fields import BY_NAME, FIELDS, Field
from .kinds import Choice, Minimums, Steps, Table, changed_keys

HOUSE_RULE = "house rule"  # the source of a rule the table changed


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
    if field.name == "special_hands":
        return Text(SPECIAL_HAND_NAMES.get(key, key))
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
                for key in changed_keys(was, now)
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
