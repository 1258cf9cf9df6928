"""A table's own rules in the forms: "Change the rules" on the new-match forms (the plain
page's, a group's, a tournament's), read back into the values a match keeps, a rules file
loaded into the form; and what a table plays differently, as its pages say it.

The values and their checks are the rules core's (:mod:`referee.rules.overrides`); here
they become form inputs and back, with messages in the page's language.  Only the values
that differ from the preset are kept with a match.  The pages of a table's rules (the
page, the file, the blank sheet) are the view :mod:`referee.web.views.house`.
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from flask import request
from flask_babel import gettext as _

from ...match.ledger import Match
from ...match.plaintext import isolated, safe_filename
from ...rules import PRESETS, MalformedInput, Variant, find_variant
from ...rules.overrides import (
    FIELDS,
    HOUSE_RULE,
    Choice,
    Field,
    Minimums,
    Number,
    OverrideError,
    Steps,
    Switch,
    Table,
    apply_overrides,
    checked_changes,
    difference_lines,
    differences,
    entry_words,
    read_rules_file,
    value_problems,
    value_text,
)
from ...rules.sources import seed_text, source_title
from ...rules.variant import Rule
from ..plumbing.locale import number as written
from ..plumbing.locale import translate
from . import rulebook
from .forms import chosen_options, option_field_name

SHOWN_FOR = "rules_for"  # hidden input: the preset whose values the editor shows
OPEN = "change_rules"  # the button that opens the editor
LOAD = "load_rules"  # the button that reads a rules file into the form
FILE = "rules_file"
PAIRS = re.compile(r"\s*(\d{1,7})\s*[:=]\s*(\d{1,7})\s*(?:[,;\n]|$)")
NUMBERS = re.compile(r"\d{1,7}(?:(?:\s*[,;]\s*|\s+)\d{1,7})*\s*[,;]?")  # "125, 155, 180"


# -- the editor -------------------------------------------------------------------------------


class Input(NamedTuple):
    """One control of the editor: its name, its own label (an entry of a table), its kind
    (number, check, choice, pairs, numbers), the text it holds, the choices of a select."""

    name: str
    label: str | None
    kind: str
    value: str
    choices: tuple[tuple[str, str], ...] = ()


def _name(field: Field, key: str | None = None) -> str:
    return f"r_{field.name}" + ("" if key is None else f"_{key}")


def _pairs(value: Any) -> str:
    if isinstance(value, list):  # the opening table
        return ", ".join(f"{start}: {minimum}" for start, minimum in value)
    return ", ".join(f"{key}: {number}" for key, number in value.items())


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _inputs(field: Field, variant: Variant) -> list[Input]:
    """The controls of ``field``, holding ``variant``'s value."""
    kind, value = field.kind, field.kind.write(getattr(variant, field.name))
    if isinstance(kind, Switch):
        return [Input(_name(field), None, "check", "y" if value else "")]
    if isinstance(kind, Choice):
        choices = tuple(
            ("none" if key is None else key, value_text(field, chosen).render(translate, written))
            for key, chosen in kind.values.items()
        )
        return [Input(_name(field), None, "choice", "none" if value is None else value, choices)]
    if isinstance(kind, Steps) or (isinstance(kind, Table) and kind.keys is not None):
        return [Input(_name(field), None, "pairs", _pairs(value))]
    if isinstance(kind, Minimums):
        return [Input(_name(field), None, "numbers", ", ".join(map(str, value)))]
    if isinstance(kind, Table):
        return [
            Input(
                _name(field, kind.name(key)),
                entry_words(field, key).render(translate, written),
                "number",
                _text(number),
            )
            for key, number in getattr(variant, field.name).items()
        ]
    return [Input(_name(field), None, "number", _text(value))]


class Editor(NamedTuple):
    """The "Change the rules" part of a new-match form, for one preset (with its switches)."""

    preset: Variant  # the preset with its switches as chosen
    shown_for: str  # the preset and its switches on ("czech:freezing"), sent back hidden
    texts: dict[str, str]  # input name -> text shown (as typed, or the value in force)
    errors: dict[str, list[str]]  # field name -> messages
    note: str = ""  # a line above it: where loaded rules came from

    def sections(self) -> list[tuple[Any, list[dict[str, Any]]]]:
        """(group title, rows) in rulebook order; each row a field with its controls, the
        preset's value, where that comes from, whether the table changed it, its errors."""
        shown = {}
        for field in FIELDS:
            preset_inputs = _inputs(field, self.preset)
            inputs = [i._replace(value=self.texts.get(i.name, i.value)) for i in preset_inputs]
            shown[field.name] = {
                "field": field,
                "label": translate(field.label),
                "inputs": inputs,
                "was": value_text(field, getattr(self.preset, field.name)).render(
                    translate, written
                ),
                "source": source(self.preset, field),
                "changed": [i.value for i in inputs] != [i.value for i in preset_inputs],
                "errors": self.errors.get(field.name, []),
            }
        return [
            (title, [row for row in shown.values() if row["field"].group == group])
            for group, title in rulebook.GROUP_TITLES.items()
        ]


def source(variant: Variant, field: Field) -> str:
    """Where the preset's value of ``field`` comes from: its rule's section, else the preset's
    texts."""
    for key in field.rules:
        if key in variant.rules:
            return source_title(variant.rules[key].source)
    return seed_text(variant.seed)


def _shown_for(base: Variant, options: dict[str, bool]) -> str:
    return ":".join([base.id, *sorted(name for name, on in options.items() if on)])


def editor(base: Variant, options: dict[str, bool], overrides: Any = None) -> Editor:
    """The editor showing ``base`` with its ``options`` and ``overrides`` in force."""
    switched = base.with_options(options)
    variant = apply_overrides(switched, overrides or {})
    texts = {i.name: i.value for field in FIELDS for i in _inputs(field, variant)}
    return Editor(switched, _shown_for(base, options), texts, {})


def _number(kind: Number, text: str) -> int | None:
    # Only whether it is a number: its bounds are the core's to check.
    text = text.strip()
    if not text and kind.optional:
        return None
    if not re.fullmatch(r"-?\d{1,9}", text):
        raise ValueError(_("Give a whole number."))
    return int(text)


def _read_pairs(text: str) -> list[list[int]]:
    pairs, at = [], 0
    text = text.strip()
    while at < len(text):
        found = PAIRS.match(text, at)
        if not found:
            raise ValueError(_("Write pairs such as “0: 50, 1500: 90”, separated by commas."))
        pairs.append([int(found[1]), int(found[2])])
        at = found.end()
    return pairs


def read_minimums(text: str) -> list[int]:
    """ "125, 155, 180" (commas and/or spaces) as numbers; nothing, none.  ValueError with
    the message to show (the editor's, and the tournament form's minimums by hand); how
    many and how high is the core's to check."""
    text = text.strip()
    if text and not NUMBERS.fullmatch(text):
        raise ValueError(_("Write minimums such as “125, 155, 180”, separated by commas."))
    return [int(n) for n in re.findall(r"\d+", text)]


def _value(field: Field, texts: dict[str, str], preset: Variant) -> Any:
    """The JSON value the controls of ``field`` give; ValueError with the message to show."""
    kind = field.kind
    if isinstance(kind, Switch):
        return bool(texts.get(_name(field)))
    if isinstance(kind, Choice):
        chosen = texts.get(_name(field), "")
        return None if chosen == "none" else chosen
    if isinstance(kind, Steps):
        return _read_pairs(texts.get(_name(field), ""))
    if isinstance(kind, Table) and kind.keys is not None:
        return {str(key): number for key, number in _read_pairs(texts.get(_name(field), ""))}
    if isinstance(kind, Minimums):
        return read_minimums(texts.get(_name(field), ""))
    if isinstance(kind, Table):
        return {
            i.name.removeprefix(_name(field) + "_"): _number(kind.number, texts.get(i.name, ""))
            for i in _inputs(field, preset)
        }
    assert isinstance(kind, Number)
    return _number(kind, texts.get(_name(field), ""))


def read_editor(base: Variant, options: dict[str, bool], form: Any) -> Editor:
    """The editor as posted: the texts kept as typed (:func:`overrides_of` reads them)."""
    switched = base.with_options(options)
    texts = {i.name: form.get(i.name, "") for field in FIELDS for i in _inputs(field, switched)}
    return Editor(switched, _shown_for(base, options), texts, {})


def overrides_of(ed: Editor) -> dict[str, Any] | None:
    """The values the editor changes from its preset (only those); None, and the problems on
    the editor's fields, where one cannot be played: every field's at once (what is no
    number, as the editor reads it; what is out of bounds, as the core checks it), then
    those of values together."""
    values, errors = {}, ed.errors
    for field in FIELDS:
        try:
            values[field.name] = _value(field, ed.texts, ed.preset)
        except ValueError as error:
            errors[field.name] = [str(error)]
    for problem in value_problems(ed.preset, values):
        errors[problem.name] = [problem.reason.render(translate, written)]
    if errors:
        return None
    try:
        return checked_changes(ed.preset, values)
    except OverrideError as error:
        errors[error.name] = [error.reason.render(translate, written)]
        return None


# -- the new-match forms -------------------------------------------------------------------


class TableRules(NamedTuple):
    """What a new-match form says of the table's own rules."""

    editor: Editor | None  # shown on the form; None: only the button to open it
    overrides: dict[str, Any] | None  # to keep with the match; None: a problem to show
    stay: bool = False  # the form is shown again (the editor opened, a file read), not sent
    problem: bool = False


def _switches(form: Any, base: Variant, on: Any = None) -> dict[str, bool]:
    """The house-rule switches the form chose, or those named ``on`` (the editor's note)."""
    if on is None:
        return chosen_options(form, base)
    return {o.name: o.name in on for o in base.options}


def form_rules(form: Any) -> TableRules:
    """Read the "Change the rules" part of a posted new-match ``form``: a rules file to load,
    the editor to open, or the values it changes from the chosen preset."""
    posted = request.form
    upload = request.files.get(FILE)
    if upload is not None and upload.filename:
        return _load(form, upload)
    base = PRESETS.get(form.preset.data) if form.preset.data in PRESETS else None
    if base is None:
        return TableRules(None, {})
    preset_id, *on = posted.get(SHOWN_FOR, "").split(":")
    if preset_id == base.id:  # the editor was on the form, for this preset
        # Read against the switches it was shown with: what the table changed stays changed.
        ed = read_editor(base, _switches(form, base, on), posted)
        overrides = overrides_of(ed)
        stay = OPEN in posted or LOAD in posted or overrides is None
        return TableRules(ed, overrides, stay, overrides is None)
    if OPEN in posted:
        return TableRules(editor(base, _switches(form, base)), {}, True)
    if LOAD in posted:
        form[FILE].errors = [_("Choose a rules file first.")]
        return TableRules(None, {}, True, True)
    return TableRules(None, {})


def _load(form: Any, upload: Any) -> TableRules:
    """A rules file read into the form (its preset, switches and values) to look at before
    the match starts."""
    try:
        data = json.loads(upload.read(64 * 1024 + 1).decode("utf-8"))
        base, options, overrides = read_rules_file(data, find_variant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        why = (
            error.render(translate, written)
            if isinstance(error, MalformedInput)
            else _("This is not JSON.")
        )
        form[FILE].errors = [_("Not a rules file: %(why)s", why=why)]
        return TableRules(None, {}, True, True)
    form.preset.data = base.id
    for option in base.options:
        field = form[option_field_name(base.id, option.name)]
        field.data = options.get(option.name, option.default)
    ed = editor(base, _switches(form, base), overrides)
    note = _(
        "Rules loaded from %(file)s: %(rules)s, %(n)s values changed. "
        "Look them over and start the match.",
        file=isolated(safe_filename(upload.filename[:80], "", "?")),  # the sender's words
        rules=rulebook.variant_name(base),
        n=len(differences(ed.preset, apply_overrides(ed.preset, overrides))),
    )
    return TableRules(ed._replace(note=note), overrides, True)


# -- what the table plays differently ---------------------------------------------------------


def changed_lines(match: Match) -> tuple[tuple[str, str, str], ...]:
    """(what, the preset's value, the table's) for each value the match's table changed."""
    return difference_lines(match.preset, match.variant, translate) if match.overrides else ()


def rule_source(rule: Rule) -> str:
    """Where a rule comes from, as a player reads it: a house rule says so; a published
    rulebook by its title ("Bicycle, Official Game Rules: Samba, §Scoring")."""
    if rule.source == HOUSE_RULE:
        return _("house rule")
    return source_title(rule.source)
