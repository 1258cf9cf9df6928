"""A table's rules as a small JSON file to share: written, and read back checked."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..problems import N_, Text, malformed
from ..variant import Variant
from .apply import checked_changes

RULES_FILE = "canasta-referee-rules"  # what a shared rules file says it is
RULES_FILE_VERSION = 1


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
        raise malformed(N_("this is not a rules file of Canasta Referee"))
    if data.get("format_version") != RULES_FILE_VERSION:
        version = str(data.get("format_version"))[:20]
        raise malformed(
            N_("format_version %(version)s is not one this version reads"), version=version
        )
    preset = data.get("variant")
    try:
        base = find(preset) if isinstance(preset, str) else None
    except KeyError:
        base = None
    if base is None:
        raise malformed(
            N_("variant %(name)s is not a preset of this version"), name=repr(str(preset)[:40])
        )
    options = data.get("options", {})
    known = {o.name for o in base.options}
    if not isinstance(options, dict) or not all(
        name in known and isinstance(on, bool) for name, on in options.items()
    ):
        names = ", ".join(sorted(known)) or Text(N_("none"))
        raise malformed(
            N_("options: %(preset)s has the house rules %(names)s, each true or false"),
            preset=base.id,
            names=names,
        )
    overrides = data.get("rules", {})
    switched = base.with_options(options)
    return base, dict(options), checked_changes(switched, overrides)
