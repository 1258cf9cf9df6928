"""The totals-over-hands chart: an SVG drawn on the server, for the match page and its sheet.

No Flask here: the caller passes the words (already translated), so the CLI's
score sheet draws the same chart as the web.  Sides are told apart by class
(``s0``, ``s1``, ``s2``): the page colours them, the printed sheet dashes them
(WeasyPrint applies only a ``<style>`` inside the SVG, hence ``style``).
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

__all__ = ["totals_chart"]

WIDTH, HEIGHT, PAD = 320, 160, 24


def _key_places(names: Sequence[str], width: int) -> list[tuple[float, int]]:
    """Where each side's entry in the key goes: (left, row), wrapping at the chart's edge."""
    places, left, row = [], float(PAD), 0
    for name in names:
        size = 40 + 5.5 * len(name)  # a line sample, a gap and the name at about 5.5 per letter
        if left > PAD and left + size > width - PAD:
            left, row = float(PAD), row + 1
        places.append((left, row))
        left += size + 8
    return places


def totals_chart(
    names: Sequence[str],
    history: Sequence[Sequence[int]],
    target: int | None,
    *,
    title: str = "Running totals after each hand",
    target_label: str = "Target",
    width: int = WIDTH,
    height: int = HEIGHT,
    legend: bool = False,
    style: str = "",
) -> Markup:
    """One line per side through its running total after each hand, and the target
    (none if ``target`` is None: a group's wins over its matches).

    Each line ends in its side's name, or with ``legend`` the names stand in a key
    above the lines (clearer where lines end close together) and the hands are
    numbered along the bottom.
    """
    top = max([target or 0, *(max(row) for row in history)])
    bottom = min([0, *(min(row) for row in history)])
    span = (top - bottom) or 1
    steps = max(len(history) - 1, 1)
    key = _key_places(names, width) if legend else []
    upper = PAD + (max((row for _left, row in key), default=0) * 11 + 10 if legend else 0)

    def x(i: int) -> float:
        return round(PAD + i * (width - 2 * PAD) / steps, 1)

    def y(value: int) -> float:
        return round(height - PAD - (value - bottom) * (height - PAD - upper) / span, 1)

    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="chart-title"><title id="chart-title">{escape(title)}</title>',
        f"<style>{style}</style>" if style else "",
        f'<line class="axis" x1="{PAD}" y1="{y(0)}" x2="{width - PAD}" y2="{y(0)}"/>',
    ]
    if target is not None:
        parts += [
            f'<line class="target" x1="{PAD}" y1="{y(target)}" x2="{width - PAD}" '
            f'y2="{y(target)}"/>',
            f'<text x="{PAD}" y="{y(target) - 4}">{escape(target_label)} {target}</text>',
        ]
    for side in range(len(names)):
        points = " ".join(f"{x(i)},{y(row[side])}" for i, row in enumerate(history))
        parts.append(f'<polyline class="s{side}" points="{points}"/>')
    if legend:
        for side, (name, (left, row)) in enumerate(zip(names, key, strict=True)):
            top_y = PAD - 8 + 11 * row
            parts.append(
                f'<line class="s{side}" x1="{left}" y1="{top_y}" x2="{left + 28}" y2="{top_y}"/>'
                f'<text x="{left + 32}" y="{top_y + 3}">{escape(name)}</text>'
            )
        room = max(1, (width - 2 * PAD) // 40)  # a number every 40 units or more: readable
        every = next(n for n in (1, 2, 5, 10, 20, 50, 100, steps) if steps / n <= room)
        for i in range(0, len(history), every):
            parts.append(
                f'<text class="tick" x="{x(i)}" y="{height - PAD + 11}" '
                f'text-anchor="middle">{i}</text>'
            )
    else:
        for side, name in enumerate(names):
            last = history[-1][side]
            parts.append(
                f'<text class="t{side}" x="{width - PAD + 2}" y="{y(last) + 4}" '
                f'text-anchor="end" dx="-4" dy="{-6 if side == 0 else 12}">{escape(name)}</text>'
            )
    parts.append("</svg>")
    return Markup("".join(parts))
