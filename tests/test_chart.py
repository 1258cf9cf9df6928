"""The server-drawn charts: lines that meet drawn apart on a group's wins chart."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.match.chart import APART, _apart, totals_chart


def test_equal_lines_are_drawn_side_by_side_about_their_value():
    # Three players on 100, one alone on 50: the three spread about 100, the one untouched.
    assert _apart([100.0, 50.0, 100.0, 100.0], 4.5) == [95.5, 50.0, 100.0, 104.5]


@given(st.lists(st.floats(0, 200, allow_nan=False), max_size=12))
def test_lines_drawn_apart_keep_their_order_and_their_distance(places):
    spread = _apart(places, APART)
    order = sorted(range(len(places)), key=lambda i: (places[i], i))
    heights = [spread[i] for i in order]
    # Rounded to a tenth of a unit each: a gap may lose a tenth (and a float's last bit).
    assert all(b - a >= APART - 0.1001 for a, b in zip(heights, heights[1:], strict=False))


def _lines(svg: str) -> dict[str, list[float]]:
    found = re.findall(r'<polyline class="(s\d)" points="([^"]+)"', svg)
    return {cls: [float(p.split(",")[1]) for p in points.split()] for cls, points in found}


def test_a_group_of_equal_players_shows_every_line_and_each_win_marked():
    # Five players; Ben and Dan always partners, Eva never wins: before, three lines hid two.
    history = [(0, 0, 0, 0, 0), (1, 0, 1, 0, 0), (1, 1, 1, 1, 0), (2, 1, 1, 1, 0)]
    names = ["Anna", "Ben", "Cleo", "Dan", "Eva"]
    svg = str(totals_chart(names, history, None, legend=True, distinct=True, height=200))
    lines = list(_lines(svg).values())
    assert len(lines) == 5
    for point in range(len(history)):
        heights = sorted(line[point] for line in lines)
        assert min(b - a for a, b in zip(heights, heights[1:], strict=False)) >= APART - 0.1001
    # A mark wherever a player's wins climb, and one in each player's entry of the key.
    wins = [svg.count(f'class="s{side % 6} mark" data-side="{side}"') for side in range(5)]
    assert wins == [2, 1, 1, 1, 0]
    assert svg.count(" mark") == sum(wins) + 5


def test_a_match_chart_is_drawn_as_before():
    # Two sides on 0 before the first hand still meet there: a match has no ``distinct``.
    svg = str(totals_chart(["We", "They"], [(0, 0), (100, 50)], 5000, number="{:,}".format))
    assert _lines(svg)["s0"][0] == _lines(svg)["s1"][0]
    assert "mark" not in svg
    assert "Target 5,000<" in svg  # numbers as the reader writes them


def _boxes(svg: str) -> dict[str, tuple[float, float, float, float]]:
    """Each side's name at its line's end, as the box it takes: (left, top, right, bottom)."""
    found = re.findall(r'<text class="t\d" x="([\d.]+)" y="([\d.]+)">([^<]*)</text>', svg)
    return {
        name: (float(x), float(y) - 9, float(x) + 5.5 * len(name), float(y) + 2)
        for x, y, name in found
    }


def _segments(svg: str) -> list[tuple[float, float, float, float]]:
    """Every stretch of a line drawn: the series' and the target's."""
    out = []
    for points in re.findall(r'<polyline class="s\d" points="([^"]+)"', svg):
        xy = [tuple(map(float, p.split(","))) for p in points.split()]
        out += [(*a, *b) for a, b in zip(xy, xy[1:], strict=False)]
    for x1, y1, x2, y2 in re.findall(
        r'<line class="target" x1="([\d.]+)" y1="([\d.-]+)" x2="([\d.]+)" y2="([\d.-]+)"', svg
    ):
        out.append((float(x1), float(y1), float(x2), float(y2)))
    return out


def _crosses(box, segment) -> bool:
    left, top, right, bottom = box
    x1, y1, x2, y2 = segment
    for k in range(101):  # points along the stretch, a hundredth apart
        x, y = x1 + (x2 - x1) * k / 100, y1 + (y2 - y1) * k / 100
        if left <= x <= right and top <= y <= bottom:
            return True
    return False


@pytest.mark.parametrize(
    ("names", "history", "target"),
    [
        (["Eva & Tomáš", "Jana & Karel"], [(0, 0), (2400, 2300), (4960, 4900)], 5000),
        (["We", "They"], [(0, 0), (100, 50)], 5000),
        (["Side A", "Side B", "Side C"], [(0, 0, 0), (300, 310, 40), (600, 590, 995)], 1000),
        (["A very long side name indeed", "B"], [(0, 0), (4990, -200)], 5000),
    ],
)
def test_no_line_runs_through_a_sides_name(names, history, target):
    """The names at the lines' ends stand clear of every series and of the target line, and
    apart from each other (issue 48: the target line and the series ran through them)."""
    svg = str(totals_chart(names, history, target))
    boxes = _boxes(svg)
    assert len(boxes) == len(names)
    for name, box in boxes.items():
        assert not any(_crosses(box, s) for s in _segments(svg)), name
        assert 0 <= box[1]
        assert box[3] <= 160
        assert box[2] <= 320 + 0.1
    tops = sorted(box[1] for box in boxes.values())
    assert all(b - a >= 11 - 0.01 for a, b in zip(tops, tops[1:], strict=False))
