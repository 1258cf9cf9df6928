"""The match page's chart: :func:`referee.match.chart.totals_chart` with its words translated."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _
from markupsafe import Markup

from ...caches import lru_cached
from ...i18n import local_number
from ...match import chart
from ..plumbing.locale import language


# Saves 0.16 ms (8 %) of the 2.0 ms read-only match page (bench/bench_caches.py "match
# chart", 2026-11-27; 6-8 % in three runs): the phones watching a table draw the chart the
# scorer's page drew.  Bound:
# 1 024 charts of a few KB; safe: the key is the whole history, all the chart shows.
@lru_cached(1024)
def _chart(
    language: str, names: tuple[str, ...], history: tuple[tuple[int, ...], ...], target: int | None
) -> Markup:
    return Markup(
        chart.totals_chart(
            names,
            history,
            target,
            title=_("Running totals after each hand"),
            target_label=_("Target"),
            number=lambda value: local_number(value, language),
        )
    )


def totals_chart(
    names: Sequence[str], history: Sequence[Sequence[int]], target: int | None
) -> Markup:
    """One line per side through its running total after each hand, and the target (None:
    a match of so many hands has none).

    Drawn once per match state and language: every phone at the table asks for it.
    """
    return _chart(language()[0], tuple(names), tuple(map(tuple, history)), target)


# Drawn each time: kept, it saved 3 % of the statistics page at most (bench/bench_caches.py
# "wins chart", 2026-11-27), where the stored matches and their checks are kept already.
def _wins(language: str, names: tuple[str, ...], history: tuple[tuple[int, ...], ...]) -> Markup:
    return Markup(
        chart.totals_chart(
            names,
            history,
            None,
            title=_("Matches won, one match after another"),
            legend=True,
            distinct=True,  # players often have won as often as each other: lines side by side
            height=200,  # room for the lines drawn apart and a key of a few rows
            number=lambda value: local_number(value, language),
        )
    )


def wins_chart(names: Sequence[str], history: Sequence[Sequence[int]]) -> Markup:
    """One line per player through the matches they have won so far, match after match.

    Drawn once per group state and language (a line per player of a small roster,
    each point a number: the cache holds little).
    """
    return _wins(language()[0], tuple(names), tuple(map(tuple, history)))
