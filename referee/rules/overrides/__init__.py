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

Its modules, each importing only those before it: :mod:`.kinds` (the kinds of value and
:class:`OverrideError`), :mod:`.fields` (the values a table may change), :mod:`.wording`
(what changed, in words; the house rules cited), :mod:`.apply` (checked and applied),
:mod:`.sharing` (the rules file).
"""

from .apply import (
    apply_overrides,
    changes,
    check_values,
    checked_changes,
    editable_values,
    value_problems,
)
from .fields import BY_NAME, FIELDS, Field
from .kinds import MOST, Choice, Kind, Minimums, Number, OverrideError, Steps, Switch, Table
from .sharing import RULES_FILE, RULES_FILE_VERSION, read_rules_file, rules_file
from .wording import (
    HOUSE_RULE,
    Change,
    HouseRules,
    difference_lines,
    differences,
    entry_label,
    entry_words,
    value_text,
)

__all__ = [
    "BY_NAME",
    "FIELDS",
    "HOUSE_RULE",
    "MOST",
    "RULES_FILE",
    "RULES_FILE_VERSION",
    "Change",
    "Choice",
    "Field",
    "HouseRules",
    "Kind",
    "Minimums",
    "Number",
    "OverrideError",
    "Steps",
    "Switch",
    "Table",
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
    "value_problems",
    "value_text",
]
