"""The match page's chart: :func:`referee.chart.totals_chart` with its words translated."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _
from markupsafe import Markup

from .. import chart


def totals_chart(names: Sequence[str], history: Sequence[Sequence[int]], target: int) -> Markup:
    """One line per side through its running total after each hand, and the target."""
    return chart.totals_chart(
        names,
        history,
        target,
        title=_("Running totals after each hand"),
        target_label=_("Target"),
    )
