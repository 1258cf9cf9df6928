"""The room's screen at 1920×1080 (issue 46): type of 48 px at least, the ranking and the
round's results each in view, paging by themselves; the winner's mark beside the winner;
the director's private reasons not shown to the room."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import PROJECTOR, until
from tests.support.live import Phone, referee_serve
from tests.support.tournaments import FORM

pytestmark = pytest.mark.browser

TEAMS = "\n".join(f"Player{n}a & Player{n}b" for n in range(1, 41))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with referee_serve(tmp_path_factory.mktemp("projector") / "referee.db") as live:
        yield live


def test_the_projector_reads_from_the_back_of_the_room(browser, server, tmp_path):
    phone = Phone(server.url)
    url, _page = phone.post(
        "/tournaments/new", {**FORM, "teams": TEAMS, "movement": "swiss", "rounds": "3"}
    )
    director = url.removeprefix(server.url)
    csrf = phone.form(director)["csrf_token"]
    phone.send(
        f"{director}/tables/1/1/settle",
        {"g1-1-outcome": "ew-absent", "g1-1-reason": "went home after round 2",
         "g1-1-csrf_token": csrf},
    )  # fmt: skip
    phone.send(f"{director}/next", {"early": "yes", "round": "1", "csrf_token": csrf})
    view = re.search(r'class="link"[^>]*href="([^"]+)"', phone.get(director))
    assert view
    page = browser.new_context(viewport=PROJECTOR).new_page()
    page.goto(view.group(1) if view.group(1).startswith("http") else server.url + view.group(1))
    expect(page.locator("table.standings tbody tr")).to_have_count(40)

    sizes = page.eval_on_selector_all(
        ".board td, .board th, .board li, .board h2, .deal, h1",
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))",
    )
    assert min(sizes) >= 48, sorted(sizes)[:5]
    for box in (".ranking", ".rounds"):
        bottom = page.eval_on_selector(box, "e => e.getBoundingClientRect().bottom")
        assert bottom <= PROJECTOR["height"], box
    first = page.locator(".rounds .games li").first
    expect(first).to_be_in_viewport()

    text = page.locator("main").inner_text()
    assert "went home after round 2" not in text  # the director's reason: not the room's
    # Table 1, round 1: East-West did not come, so North-South won: the mark follows them.
    game = page.locator("#round-1 ~ .games li").first.inner_text()
    assert re.search(r"Player1a & Player1b \S+ ✓ · ", game), game

    page.screenshot(path=str(tmp_path / "projector.png"))
    # The ranking is taller than the screen: it pages by itself.
    until(page, "document.querySelector('.ranking').scrollTop > 0", seconds=40)
