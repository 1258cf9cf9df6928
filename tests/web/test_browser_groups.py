"""A club's evening in a real Chromium at phone size: a group of five, a four-player match
picked from the roster, the dealer moving, a note, the finish, a rematch and the statistics
on the read-only link.  Screenshots go to tests/artifacts/ (group-*.png)."""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from PIL import Image
from playwright.sync_api import Locator, Page, expect

from tests.support.browser import (
    ARTIFACTS,
    PHONE,
    Label,
    check_page,
    quick_hand,
    quick_hand_over_http,
    send_form,
    totals,
)

pytestmark = pytest.mark.browser


def test_a_club_evening_on_a_phone(browser, base_url):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    page.goto(base_url)
    page.get_by_role("link", name="Make a group of players").click()
    page.get_by_label("Group name").fill("Thursday club")
    page.get_by_label("Players, one per line").fill("Anna\nBen\nCleo\nDan\nEva")
    check_page(page, "group-new")
    page.get_by_role("button", name="Make the group").click()
    expect(page.locator("h1")).to_have_text("Thursday club")
    expect(page.locator(".roster li")).to_have_count(5)
    check_page(page, "group-page")
    group_url = page.url

    # A four-player match, picked from the roster seat by seat; Ben deals first.
    page.get_by_role("link", name="Start a match").click()
    expect(page.locator('[data-seat="5"]')).to_be_hidden()  # four players: four seats
    for seat, name in enumerate(["Anna", "Ben", "Cleo", "Dan"], start=1):
        page.get_by_label(f"Seat {seat}", exact=True).select_option(label=name)
    dealer = page.get_by_label("Deals the first hand")
    expect(dealer.locator("option").nth(1)).to_have_text("Seat 2 · Ben")
    dealer.select_option(index=1)
    page.get_by_label("Target score").fill("1500")
    check_page(page, "group-match-new")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".total h2")).to_have_text(["Anna & Cleo", "Ben & Dan"])
    expect(page.locator("#deal")).to_have_text("Hand 1: Ben deals, Cleo plays first.")

    quick_hand(page, note="Ben misdealt once <b>twice</b>")
    expect(page.locator("#deal")).to_have_text("Hand 2: Cleo deals, Dan plays first.")
    expect(page.locator(".hand-note")).to_have_text("✎ Ben misdealt once <b>twice</b>")
    check_page(page, "group-match-dealer")
    quick_hand(page)
    assert totals(page) == [1800, 120]
    expect(page.locator(".winner")).to_contain_text("Anna & Cleo")
    check_page(page, "group-match-finished")

    # Rematch: the same four, the deal moved on to Dan (Ben, Cleo dealt the two hands).
    page.get_by_role("button", name="Rematch").click()
    expect(page.locator("#deal")).to_have_text("Hand 1: Dan deals, Anna plays first.")

    # The statistics, on the group's read-only link, as any player would open them.
    page.goto(group_url)
    view = page.locator("a.link").first.get_attribute("href")
    assert view
    assert view != group_url
    other = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    reader = other.new_page()
    reader.goto(view)
    expect(reader.get_by_role("link", name="Start a match")).to_have_count(0)
    reader.get_by_role("link", name="Statistics").click()
    anna = reader.locator("table.stats").first.locator("tr", has_text="Anna")
    expect(anna.locator("td").nth(0)).to_have_text("1")  # won
    expect(anna.locator("td").nth(2)).to_have_text("100%")
    expect(reader.locator("svg.chart")).to_be_visible()
    check_page(reader, "group-statistics")
    assert re.search(r"/statistics$", reader.url)
    other.close()
    context.close()


def group_match(page: Page, group_url: str, seats: list[str]) -> None:
    """A match of ``seats`` (in seat order) to 1500, won by the first seat's side: the
    group's new-match form and two quick hands sent over HTTP as the phone sends them (the
    same walk is tapped through in test_a_club_evening_on_a_phone)."""
    chosen = {f"seat{seat}": Label(name) for seat, name in enumerate(seats, start=1)}
    match = send_form(
        page.context, group_url + "/matches/new",
        {"players": str(len(seats)), "target": "1500", **chosen}, form="new-match",
    )  # fmt: skip
    quick_hand_over_http(page.context, match)
    quick_hand_over_http(page.context, match)
    shown = page.context.request.get(match).text()
    assert re.search(r'class="[^"]*\bwinner\b', shown), f"{seats}: no winner on {match}"


# Each header cell of the statistics against its longest word (measured word by word with
# a Range), and against what it holds (its text overflowing it would be cut).
HEADER_CELLS = """() => [...document.querySelectorAll('table.stats thead th')].map(th => {
  const text = th.firstChild, range = document.createRange(), style = getComputedStyle(th);
  let longest = 0, at = 0;
  for (const word of text.data.split(' ')) {
    range.setStart(text, at); range.setEnd(text, at + word.length); at += word.length + 1;
    longest = Math.max(longest, range.getBoundingClientRect().width);
  }
  const inside = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return {text: text.data, longest, inside, overflows: th.scrollWidth > th.clientWidth};
})"""


def greys(png: bytes) -> Image.Image:
    return Image.open(BytesIO(png)).convert("L")


def edge_shade(page: Page, box: Locator) -> int:
    """How much darker than the page the scroll box's rightmost pixels are (the median down
    its height: the shade, not a line of text or a border)."""
    shot = greys(box.screenshot())
    edge = sorted(shot.getpixel((shot.width - 2, y)) for y in range(shot.height))
    margin = greys(page.screenshot(clip={"x": 2, "y": 300, "width": 4, "height": 4}))
    return int(margin.getpixel((1, 1))) - int(edge[len(edge) // 2])  # main's padding: the page


def test_statistics_fit_a_phone(browser, base_url):
    """Five players, five matches: the table's headers are whole words, the names stay in
    view while the figures scroll, a shade says there is more, and the chart shows every
    player's line (before: two lines for five players)."""
    page = browser.new_context(viewport=PHONE).new_page()
    # The group and its matches as the phone's forms send them, over HTTP (the walk through
    # those pages is test_a_club_evening_on_a_phone's); the statistics page is opened.
    players = {"name": "Friday five", "players": "Anna\nBen\nCleo\nDan\nEva"}
    group_url = send_form(page.context, base_url + "/groups/new", players)
    # Ben and Dan always partners, Eva winning only the last: equal lines all along.
    for seats in (
        ["Anna", "Ben", "Cleo", "Dan"],
        ["Ben", "Cleo", "Dan", "Eva"],
        ["Anna", "Eva"],
        ["Anna", "Ben", "Cleo", "Dan"],
        ["Eva", "Ben"],
    ):
        group_match(page, group_url, seats)
    page.goto(group_url + "/statistics")
    check_page(page, "group-statistics-five")

    for cell in page.evaluate(HEADER_CELLS):
        assert cell["longest"] <= cell["inside"] + 0.5, f"header cut: {cell}"
        assert not cell["overflows"], f"header spills out of its cell: {cell}"

    box = page.locator(".scroll").first
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")  # ten columns: wider than 390 px
    assert edge_shade(page, box) > 20, "no sign that the table scrolls"
    box.evaluate("b => { b.scrollLeft = b.scrollWidth }")
    name = page.locator("table.stats").first.locator("th", has_text="Anna")
    assert name.bounding_box()["x"] >= box.bounding_box()["x"] - 0.5  # the names stay in view
    expect(name).to_be_visible()
    box.screenshot(path=str(ARTIFACTS / "group-statistics-scrolled.png"))
    assert edge_shade(page, box) < 5, "the shade stays after the last column"

    # The chart: every player's line apart from every other at every match, in a colour of
    # its own, and a mark for each match won (the table's "Won" column).
    lines = page.evaluate(
        "() => [...document.querySelectorAll('svg.chart polyline')].map(l => ({"
        "colour: getComputedStyle(l).stroke, width: parseFloat(getComputedStyle(l).strokeWidth),"
        " ys: [...l.points].map(p => p.y)}))"
    )
    assert len(lines) == 5
    assert len({line["colour"] for line in lines}) == 5
    width = max(line["width"] for line in lines)
    for point in range(len(lines[0]["ys"])):
        ys = sorted(line["ys"][point] for line in lines)
        assert min(b - a for a, b in zip(ys, ys[1:], strict=False)) > width, f"match {point}"
    table = page.locator("table.stats").first
    for side, player in enumerate(["Anna", "Ben", "Cleo", "Dan", "Eva"]):
        won = table.locator("tr", has_text=player).locator("td").first.inner_text()
        marks = page.locator(f'svg.chart .mark[data-side="{side}"]')
        expect(marks).to_have_count(int(won))
        for mark in marks.all():
            expect(mark).to_be_visible()
