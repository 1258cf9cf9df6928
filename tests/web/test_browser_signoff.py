"""A Swiss night with sign-off in real Chromium at 390×844 (issue 46): nine teams, each
table's result confirmed from the other side's own phone (one tap naming the totals), one
table confirmed by the director for its players, one confirmed result corrected through the
director (reopened with a reason, in the history) and confirmed again, and a team following
its own page, which moves on to round 2 by itself.  The scorers' hands go in over HTTP, each
table's scorer its own phone; every page is scanned by axe and the 44 px check."""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import PHONE, check_page, reload
from tests.support.live import Phone, referee_serve
from tests.support.tournaments import won_by

pytestmark = pytest.mark.browser

TEAMS = [
    "Anna & Ben", "Cleo & Dan", "Eva & Finn", "Gus & Hana", "Ivo & Jana",
    "Karl & Lea", "Milo & Nora", "Otto & Pia", "Rita & Sam",
]  # fmt: skip
MOBILE = {"viewport": PHONE, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # The team's page polls every 2 s here (10 s in a club), so the test waits less.
    env = {**os.environ, "REFEREE_STANDINGS_POLL_SECONDS": "2"}
    with referee_serve(tmp_path_factory.mktemp("signoff") / "referee.db", env=env) as live:
        yield live


def _tables(page: Page) -> dict[int, str]:
    """The current round's tables on the director's page: number -> the match's edit link."""
    found = {}
    for item in page.locator("ul.tables > li").all():
        table = int(re.search(r"game-\d+-(\d+)", item.get_attribute("id")).group(1))
        found[table] = item.locator("a").first.get_attribute("href")
    return found


def _confirm_link(scorer: Phone, match: str) -> str:
    """The other side's link, as the scorer's match page shows it once the game is over."""
    return re.search(r'href="https?://[^/"]+(/c/\d+/[\w-]+)"', scorer.get(match))[1]


def _undo(scorer: Phone, match: str):
    """The scorer's "Undo last change", its form's tokens as the page holds them."""
    page = scorer.get(match)
    form = re.search(r'action="[^"]*/undo">(.*?)</form>', page, re.S)
    assert form, "no undo button on the match page"
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form[1]))
    return scorer.send(f"{match}/undo", fields)


def _other_side_confirms(browser, server, link: str, name: str) -> None:
    other = browser.new_context(**MOBILE).new_page()
    other.goto(server.url + link)
    button = other.get_by_role("button", name=re.compile(r"^Confirm: "))
    expect(button).to_contain_text(" · ")  # both sides' names and totals on the one button
    check_page(other, name)
    button.click()
    expect(other.locator(".flash")).to_contain_text("the result is confirmed and locked")
    expect(other.locator("#confirmed")).to_contain_text("Confirmed:")
    other.context.close()


def test_a_swiss_night_signed_off_from_the_other_sides_phones(browser, server):
    page = browser.new_context(**MOBILE).new_page()
    page.goto(server.url + "/tournaments/new")
    page.get_by_label("Tournament name").fill("Signed night")
    page.get_by_label("Rules", exact=True).select_option("american")
    page.get_by_label("Teams, one per line").fill("\n".join(TEAMS))
    page.get_by_label("Movement").select_option("swiss")
    page.get_by_label("Rounds").fill("3")
    page.get_by_label("Ranking").select_option("vp")
    expect(page.get_by_label("The other side confirms each table's result")).to_be_checked()
    page.get_by_role("button", name="Make the tournament").click()
    expect(page.locator("ul.tables > li")).to_have_count(4)
    director = page.url

    # A team follows its own page (the code on its team card opens it).
    view = page.locator("a.link").get_attribute("href")
    team = browser.new_context(**MOBILE).new_page()
    team.goto(f"{view}/team/1")
    expect(team.locator("#now")).to_contain_text("Round 1: table 1, North-South, against")
    expect(team.locator("#next")).to_contain_text("paired from the standings")
    check_page(team, "signoff-01-team-page")

    # Each table's scorer records three hands; North-South win at odd tables.
    tables = _tables(page)
    scorers = {n: Phone(server.url) for n in tables}
    for n, match in tables.items():
        for _hand in range(3):
            scorers[n].post(f"{match}/hands/new?mode=quick", won_by(0 if n % 2 else 1))
    links = {n: _confirm_link(scorers[n], match) for n, match in tables.items()}

    # The scorer's own phone is turned away: the other side confirms on theirs.
    mine = scorers[1].send(links[1], {**scorers[1].form(links[1])})
    assert mine.status == 409
    assert "This phone entered the result" in mine.text

    # Tables 1 to 3: confirmed from the other side's phone.
    for n in (1, 2, 3):
        _other_side_confirms(browser, server, links[n], f"signoff-02-confirm-{n}")

    # Table 4: the director confirms it for its players, from the list of tables waiting.
    reload(page)
    waiting = page.locator("#unconfirmed")
    expect(waiting).to_contain_text("Round 1, table 4:")
    expect(waiting.locator("li")).to_have_count(1)
    check_page(page, "signoff-03-director-waiting")
    waiting.get_by_role("button", name="Confirm table 4 for them").click()
    expect(page.locator(".flash")).to_contain_text("result confirmed for its players")
    expect(page.locator("#unconfirmed")).to_have_count(0)

    # Table 1's confirmed result is locked: its scorer cannot take the last hand back ...
    locked = scorers[1].get(tables[1])
    assert "the other side confirmed its result" in locked
    assert "/undo" not in locked
    csrf = scorers[1].form("/tournaments/new")["csrf_token"]  # a phone sending it anyway
    undo = scorers[1].send(f"{tables[1]}/undo", {"csrf_token": csrf, "token": "x" * 22})
    assert undo.status == 409
    assert "the other side confirmed its result" in undo.text
    # ... until the director reopens it, saying why (in the history).
    reopen = page.locator("#reopen")
    reopen.get_by_label("Round", exact=True).fill("1")
    reopen.get_by_label("Table", exact=True).fill("1")
    reopen.get_by_label("Why (it goes into the tournament's history)").fill(
        "last hand the wrong way"
    )
    reopen.get_by_role("button", name="Reopen the table's game").click()
    expect(page.locator(".flash")).to_contain_text("Table 1 of round 1 is open again")
    expect(page.locator("ol.events")).to_contain_text("last hand the wrong way")
    undone = _undo(scorers[1], tables[1])
    assert undone.status == 200, undone.text[:2000]
    scorers[1].post(f"{tables[1]}/hands/new?mode=quick", won_by(1))
    # The correction is no longer what was confirmed: listed again, confirmed again.
    reload(page)
    expect(page.locator("#unconfirmed")).to_contain_text("Round 1, table 1:")
    _other_side_confirms(browser, server, links[1], "signoff-04-confirm-again")
    reload(page)
    expect(page.locator("#unconfirmed")).to_have_count(0)
    check_page(page, "signoff-05-director-all-confirmed")

    # Round 2 begins; the team's page moves on by itself (it polls the standings' version).
    page.get_by_role("button", name="Begin round 2").click()
    expect(page.locator(".flash")).to_contain_text("Round 2 has begun")
    expect(team.locator("#now")).to_contain_text("Round 2: table", timeout=30_000)
    rows = team.locator("#card tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("Cleo & Dan")  # round 1's opponents at table 1
    assert director in page.url
