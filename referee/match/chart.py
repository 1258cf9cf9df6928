"""The totals-over-hands chart: an SVG drawn on the server, for the match page and its sheet.

No Flask here: the caller passes the words (already translated), so the CLI's
score sheet draws the same chart as the web.  Sides are told apart by class
(``s0``, ``s1``, ``s2``): the page colours them, the printed sheet dashes them
(WeasyPrint applies only a ``<style>`` inside the SVG, hence ``style``).

A group's wins chart is drawn ``distinct``: players who have won as often as each
other share a line's every point, so their lines are drawn side by side rather than
on top of one another, and each player's wins carry a mark of its own shape (told
apart without colour).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["totals_chart"]


def escape(text: object) -> str:
    """``text`` safe inside SVG's text and attributes (as markupsafe escapes it: the same
    bytes the pages had when this was markupsafe's, and no web library in the middle floor)."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace(">", "&gt;")
        .replace("<", "&lt;")
        .replace("'", "&#39;")
        .replace('"', "&#34;")
    )


WIDTH, HEIGHT, PAD = 320, 160, 24
COLOURS = 6  # the stylesheet colours s0 to s5; a seventh line takes s0's again
# A mark per line, drawn from its point (relative path data): circle, square, triangle,
# diamond, triangle pointing down, plus, bar.  Seven shapes against six colours: the
# first 42 lines differ in one or the other.
MARKS = (
    "m-3.4,0a3.4,3.4 0 1,0 6.8,0a3.4,3.4 0 1,0 -6.8,0z",
    "m-3,-3h6v6h-6z",
    "m0,-4l3.8,6.6h-7.6z",
    "m0,-4.2l4.2,4.2l-4.2,4.2l-4.2,-4.2z",
    "m0,4l3.8,-6.6h-7.6z",
    "m-1.3,-4h2.6v2.7h2.7v2.6h-2.7v2.7h-2.6v-2.7h-2.7v-2.6h2.7z",
    "m-4.2,-1.6h8.4v3.2h-8.4z",
)
APART = 4.5  # how far apart lines that meet are drawn: a 3-unit line, then a gap
LETTER = 5.5  # about how wide a letter of a name is drawn (the page's 9-unit text)
LABEL_GAP = 11.0  # how far apart two sides' names stand: a line of text


def _apart(places: Sequence[float], gap: float) -> list[float]:
    """Heights as near ``places`` as can be with any two at least ``gap`` apart, in the same
    order (ties in the order given): each run of lines too close together is spread
    evenly about its own middle, so a line alone stays exactly where its value is."""
    order = sorted(range(len(places)), key=lambda i: (places[i], i))
    runs: list[list[int]] = []  # runs of line numbers, top to bottom

    def centre(run: list[int]) -> float:
        return sum(places[i] for i in run) / len(run)

    for i in order:
        runs.append([i])
        # Merge while this run's top would come within ``gap`` of the run above's bottom.
        while len(runs) > 1:
            above, below = runs[-2], runs[-1]
            bottom = centre(above) + gap * (len(above) - 1) / 2
            top = centre(below) - gap * (len(below) - 1) / 2
            if top - bottom >= gap:
                break
            runs[-2:] = [above + below]
    spread = [0.0] * len(places)
    for run in runs:
        first = centre(run) - gap * (len(run) - 1) / 2
        for k, i in enumerate(run):
            spread[i] = round(first + k * gap, 1)
    return spread


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
    distinct: bool = False,
    number: Callable[[int], str] = str,
    style: str = "",
) -> str:
    """One line per side through its running total after each hand, and the target
    (none if ``target`` is None: a group's wins over its matches).

    Each line ends in its side's name, or with ``legend`` the names stand in a key
    above the lines (clearer where lines end close together) and the hands are
    numbered along the bottom.  With ``distinct`` (a group's wins: many lines, often
    equal) lines that meet are drawn side by side and each point where a line climbs
    carries that line's mark, shown in the key too.  ``number`` writes the numbers
    (the target, the hands) in the reader's language.
    """
    top = max([target or 0, *(max(row) for row in history)])
    bottom = min([0, *(min(row) for row in history)])
    span = (top - bottom) or 1
    steps = max(len(history) - 1, 1)
    key = _key_places(names, width) if legend else []
    # Without a key each side's name stands right of where its line ends, in a margin of
    # its own: no line, and not the target's, runs through a name.
    labels = 0.0 if legend else min(4 + LETTER * max(map(len, names), default=0), width / 3)
    right = width - PAD - labels
    upper = PAD + (max((row for _left, row in key), default=0) * 11 + 10 if legend else 0)
    # Lines spread apart need room above the top value and below the bottom one.
    room = APART * (len(names) - 1) / 2 if distinct else 0
    lowest = height - PAD - room
    upper += room

    def x(i: int) -> float:
        return round(PAD + i * (right - PAD) / steps, 1)

    def y(value: int) -> float:
        return round(lowest - (value - bottom) * (lowest - upper) / span, 1)

    def colour(side: int) -> str:
        return f"s{side % COLOURS}" if distinct else f"s{side}"

    heights = [[y(value) for value in row] for row in history]
    if distinct:
        heights = [_apart(row, APART) for row in heights]

    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="chart-title"><title id="chart-title">{escape(title)}</title>',
        f"<style>{style}</style>" if style else "",
        f'<line class="axis" x1="{PAD}" y1="{y(0)}" x2="{right}" y2="{y(0)}"/>',
    ]
    if target is not None:
        parts += [
            f'<line class="target" x1="{PAD}" y1="{y(target)}" x2="{right}" y2="{y(target)}"/>',
            f'<text x="{PAD}" y="{y(target) - 4}">{escape(target_label)} {number(target)}</text>',
        ]
    for side in range(len(names)):
        points = " ".join(f"{x(i)},{row[side]}" for i, row in enumerate(heights))
        parts.append(f'<polyline class="{colour(side)}" points="{points}"/>')
    if distinct:  # the marks over every line, so no line hides another's
        for side in range(len(names)):
            climbs = (i for i in range(1, len(history)) if history[i][side] > history[i - 1][side])
            parts += (
                f'<path class="{colour(side)} mark" data-side="{side}" '
                f'd="M{x(i)},{heights[i][side]}{MARKS[side % len(MARKS)]}"/>'
                for i in climbs
            )
    if legend:
        for side, (name, (left, row)) in enumerate(zip(names, key, strict=True)):
            top_y = PAD - 8 + 11 * row
            parts.append(
                f'<line class="{colour(side)}" x1="{left}" y1="{top_y}" x2="{left + 28}" '
                f'y2="{top_y}"/><text x="{left + 32}" y="{top_y + 3}">{escape(name)}</text>'
            )
            if distinct:
                parts.append(
                    f'<path class="{colour(side)} mark" '
                    f'd="M{left + 14},{top_y}{MARKS[side % len(MARKS)]}"/>'
                )
        room = max(1, (width - 2 * PAD) // 40)  # a number every 40 units or more: readable
        every = next(n for n in (1, 2, 5, 10, 20, 50, 100, steps) if steps / n <= room)
        for i in range(0, len(history), every):
            parts.append(
                f'<text class="tick" x="{x(i)}" y="{height - PAD + 11}" '
                f'text-anchor="middle">{number(i)}</text>'
            )
    else:  # each name at its line's end, names that would touch spread a line of text apart
        ends = _apart([y(total) for total in history[-1]], LABEL_GAP)
        letters = int((labels - 4) // LETTER)  # a longer name is cut short: the totals say it
        for side, name in enumerate(names):
            shown = name if len(name) <= letters else name[: letters - 1] + "…"
            at = min(max(ends[side] + 3, 9.0), height - 3.0)  # inside the picture
            parts.append(
                f'<text class="t{side}" x="{round(right + 4, 1)}" y="{round(at, 1)}">'
                f"{escape(shown)}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)
