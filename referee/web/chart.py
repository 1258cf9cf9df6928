"""The totals-over-hands chart: an SVG drawn on the server, so no JavaScript is needed."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _
from markupsafe import Markup, escape

WIDTH, HEIGHT, PAD = 320, 160, 24


def totals_chart(names: Sequence[str], history: Sequence[Sequence[int]], target: int) -> Markup:
    """One line per side through its running total after each hand, and the target."""
    top = max([target, *(max(row) for row in history)])
    bottom = min([0, *(min(row) for row in history)])
    span = (top - bottom) or 1
    steps = max(len(history) - 1, 1)

    def x(i: int) -> float:
        return round(PAD + i * (WIDTH - 2 * PAD) / steps, 1)

    def y(value: int) -> float:
        return round(HEIGHT - PAD - (value - bottom) * (HEIGHT - 2 * PAD) / span, 1)

    title = _("Running totals after each hand")
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-title"><title id="chart-title">{escape(title)}</title>',
        f'<line class="axis" x1="{PAD}" y1="{y(0)}" x2="{WIDTH - PAD}" y2="{y(0)}"/>',
        f'<line class="target" x1="{PAD}" y1="{y(target)}" x2="{WIDTH - PAD}" y2="{y(target)}"/>',
        f'<text x="{PAD}" y="{y(target) - 4}">{escape(_("Target"))} {target}</text>',
    ]
    for side, name in enumerate(names):
        points = " ".join(f"{x(i)},{y(row[side])}" for i, row in enumerate(history))
        parts.append(f'<polyline class="s{side}" points="{points}"/>')
        last = history[-1][side]
        parts.append(
            f'<text class="t{side}" x="{WIDTH - PAD + 2}" y="{y(last) + 4}" '
            f'text-anchor="end" dx="-4" dy="{-6 if side == 0 else 12}">{escape(name)}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
