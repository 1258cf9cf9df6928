"""Asking the referee in process, as `referee ask --json` answers: the ruling alone."""

from __future__ import annotations

from typing import Any

from referee.ask import Table, answers_json
from referee.rules import PRESETS


def ruling(
    question: str, lang: str = "en", variant: str = "classic", table: Table | None = None
) -> dict[str, Any] | None:
    """The ``ruling`` of ``question`` asked in ``lang`` at ``variant``'s table (inside the
    match ``table`` describes, if any)."""
    return answers_json(PRESETS[variant], question, lang, table)["ruling"]
