"""A club's tournament in real Chromium: a director at 390×844 makes an 8-team Mitchell of
two rounds of three hands of American Canasta (minimums 125, 155, 180) through the form;
four table phones score their games from the director's links (the same links as the
table cards' QR codes); the read-only standings on a 1920×1080 projector follow without
a reload; round 2 moves East-West up a table; the results PDF has the standings.

Every page is scanned by axe (the standings at phone and projector size, the round clock
light and dark) and screenshot to tests/artifacts/tournament-*.png."""

from __future__ import annotations

import os
import re
import subprocess

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.support.browser import (
    LONG,
    PHONE,
    PROJECTOR,
    axe_clean,
    check_page,
    download,
    hand_over_http,
    open_points,
    reload,
    totals,
)
from tests.support.live import referee_serve
from tests.support.tournaments import NAMES

pytestmark = pytest.mark.browser

MINIMUMS = "125, 155, 180"  # the opening minimum of hands 1, 2 and 3
# Each table's game: the side that goes out every hand (0: North-South) and its melds'
# points; the other side has a mixed canasta and 200 more (over every hand's minimum) and
# is caught with more cards the higher the table, so no two teams end level.
GAMES = {1: (0, 250), 2: (1, 300), 3: (0, 200), 4: (1, 350)}


def quick_hand(page: Page, table: int, hand: int) -> None:
    """The hand of ``table``'s game by counts: the winner goes out with a natural and a
    mixed canasta (two canastas: American Canasta's condition to go out).  Table 1's phone
    taps it in; the others' send the same form over HTTP and reload the match page (each
    page a phone loads is some 130 ms of Chromium's CPU, each field typed 40)."""
    winner, melds = GAMES[table]
    loser = 1 - winner
    if table != 1:
        counts = {
            f"side{winner}-canastas_natural": "1", f"side{winner}-canastas_mixed": "1",
            f"side{winner}-meld_points": str(melds), "out": str(winner),
            f"side{loser}-canastas_mixed": "1", f"side{loser}-meld_points": "200",
            f"side{loser}-hand_points": str(20 + 5 * table),
        }  # fmt: skip
        match = page.url.split("#")[0].split("?")[0]
        hand_over_http(page.context, match, said=f"Hand {hand} recorded", **counts)
        reload(page)
        return
    page.get_by_role("link", name="Quick hand").click()
    page.locator(f"#side{winner}-canastas_natural").fill("1")
    page.locator(f"#side{winner}-canastas_mixed").fill("1")
    open_points(page)
    page.locator(f"#side{winner}-meld_points").fill(str(melds))
    page.locator(f"#out-{winner}").check()
    page.locator(f"#side{loser}-canastas_mixed").fill("1")
    page.locator(f"#side{loser}-meld_points").fill("200")
    page.locator(f"#side{loser}-hand_points").fill(str(20 + 5 * table))
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash")).to_contain_text(f"Hand {hand} recorded")


def seats(table: Locator) -> Locator:
    """A table of the director's list: its N-S and E-W teams, each with its points."""
    return table.locator("a > span")


def standings_rows(page: Page) -> list[list[str]]:
    return [
        [" ".join(cell.split()) for cell in row.locator("td, th").all_inner_texts()]
        for row in page.locator("table.standings tbody tr").all()
    ]


def qr_links(pdf, tmp_path) -> list[str]:
    """The links in the QR codes on the cards PDF's first page (two tables' cards)."""
    subprocess.run(
        ["pdftoppm", "-r", "150", "-f", "1", "-l", "1", "-png", str(pdf), str(tmp_path / "card")],
        check=True,
    )
    image = next(tmp_path.glob("card*.png"))
    found = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True, check=True
    )
    return found.stdout.split()


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    """The real ``referee serve``, its standings moving on every 2 s (the setting
    STANDINGS_SECONDS, 20 by default) and the projector asking every 3 s
    (STANDINGS_POLL_SECONDS, 10 by default)."""
    env = {
        **os.environ,
        "REFEREE_STANDINGS_SECONDS": "2",
        "REFEREE_STANDINGS_POLL_SECONDS": "3",
    }
    with referee_serve(tmp_path_factory.mktemp("tournament") / "referee.db", env=env) as server:
        yield server.url


def test_a_club_tournament_night(browser, base_url, tmp_path):
    phone = {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
    director = browser.new_context(**phone).new_page()

    # The director finds the form on the home page and fills it in.
    director.goto(base_url + "/")
    director.get_by_role("link", name="Run a club tournament").click()
    director.get_by_label("Tournament name").fill("Club night")
    director.get_by_label("Rules", exact=True).select_option("american")
    director.get_by_label("Players at a table").select_option("4")
    director.get_by_label("Teams, one per line").fill("\n".join(NAMES))
    director.get_by_label("Movement").select_option("mitchell")
    director.get_by_label("Rounds").fill("2")
    director.get_by_label("A game is").select_option("hands")
    director.get_by_label("Hands in a game").fill("3")
    director.get_by_label("Opening minimum by hand").fill(MINIMUMS)
    director.get_by_label("Time limit of a round").fill("40")
    check_page(director, "tournament-01-new")
    director.get_by_role("button", name="Make the tournament and its first round").click()
    expect(director.locator("h1")).to_have_text("Club night")
    expect(director.locator(".deal")).to_have_text("Round 1 of 2")
    expect(director.locator(".clock")).to_have_count(0)  # the players are not seated yet
    director.get_by_role("button", name="Start the clock (40 minutes)").click()
    expect(director.locator(".clock")).to_have_text("40 minutes left in the round.")
    tables = director.locator("ul.tables > li")
    expect(tables).to_have_count(4)
    # Mitchell: N-S team t stays at table t, E-W team 4 + t starts there.
    for t in range(1, 5):
        expect(tables.nth(t - 1).locator("strong")).to_have_text(f"Table {t} · not started")
        expect(seats(tables.nth(t - 1))).to_have_text(
            [f"N-S {NAMES[t - 1]} 0", f"E-W {NAMES[t + 3]} 0"]
        )
    check_page(director, "tournament-02-director")
    links = [base_url + tables.nth(t).locator("a").get_attribute("href") for t in range(4)]
    view = director.locator("a.link").get_attribute("href")
    assert view
    assert view != director.url

    # The table cards hold the same links in their QR codes (a card a half page).
    cards = download(director, "Table cards (PDF)", tmp_path / "cards.pdf")
    found = qr_links(cards, tmp_path)
    assert sorted(link for link in found if "/m/" in link) == sorted(links[:2])
    # and, with sign-off (the form's default), the other side's code to confirm: one a card
    assert len([link for link in found if "/c/" in link]) == 2

    # The projector shows the read-only standings; nothing scored yet.
    projector = browser.new_context(viewport=PROJECTOR).new_page()
    projector.goto(view)
    expect(projector.locator("main[data-projector]")).to_be_visible()
    expect(projector.get_by_role("button")).to_have_count(0)  # read-only: no next round
    expect(projector.locator("table.standings tbody tr")).to_have_count(8)
    axe_clean(projector, "tournament-03-standings-projector-empty")

    # Four table phones score their three hands each, the director's links in hand (the
    # clock of table 4's phone is Playwright's, moved on to the round's last minutes).
    finals = {}
    for t, link in enumerate(links, start=1):
        table = browser.new_context(**{**phone, "device_scale_factor": 1}).new_page()
        if t == 4:
            table.clock.install()
        table.goto(link)
        expect(table.locator("#table")).to_contain_text(f"round 1, table {t}")
        expect(table.locator(".total h2")).to_have_text([NAMES[t - 1], NAMES[t + 3]])
        expect(table.locator(".clock")).to_have_text("40 minutes left in the round.")
        if t == 1:
            check_page(table, "tournament-04-table-match")
        quick_hand(table, t, 1)
        # Hands 2 and 3: the director's minimums (by the score, under 3,000: 125).
        expect(table.locator(".totals")).to_contain_text("Needs 155 to open")
        quick_hand(table, t, 2)
        expect(table.locator(".totals")).to_contain_text("Needs 180 to open")
        if t == 4:  # the last ten minutes of the round: the clock warns, light and dark
            table.clock.fast_forward("32:00")
            clock = table.locator(".clock")
            expect(clock).to_have_class(re.compile(r"\bwarn\b"))
            expect(clock).to_contain_text("8 minutes left: the round ends soon.")
            check_page(table, "tournament-05-clock-warn")
            table.emulate_media(color_scheme="dark")
            check_page(table, "tournament-06-clock-warn-dark")
            table.emulate_media(color_scheme="light")
        quick_hand(table, t, 3)
        expect(table.locator(".winner")).to_contain_text(NAMES[t - 1 + 4 * GAMES[t][0]])
        finals[t] = totals(table)
    # The game over, the table is done: no clock, and no rematch (the players move on).
    expect(table.locator(".clock")).to_have_count(0)
    expect(table.get_by_role("button", name="Rematch")).to_have_count(0)
    check_page(table, "tournament-07-table-finished")

    # The standings as the games ended: a win each for the winners, then points.
    points = {}
    for t, (ns, ew) in finals.items():
        points[t] = ns
        points[t + 4] = ew
    winners = {t + 4 * GAMES[t][0] for t in GAMES}
    order = sorted(points, key=lambda n: (n not in winners, -points[n]))
    assert len(set(points.values())) == 8  # no two level: one order only
    leader = NAMES[order[0] - 1]
    assert leader == "Otto & Pia"

    # The projector follows by itself: its page asks for the version every 3 s here, and
    # the version takes in the hands entered before the start of each step (2 s here).
    rows = projector.locator("table.standings tbody tr")
    expect(rows.first).to_contain_text(leader, timeout=LONG)
    expect(rows.nth(7)).to_contain_text(NAMES[order[7] - 1], timeout=LONG)
    ranked = standings_rows(projector)
    assert [row[1] for row in ranked] == [NAMES[n - 1] for n in order]
    assert [row[0] for row in ranked] == [str(i) for i in range(1, 9)]
    assert [row[3] for row in ranked] == ["1"] * 4 + ["0"] * 4  # wins
    assert [int(row[4].replace(",", "")) for row in ranked] == [points[n] for n in order]
    axe_clean(projector, "tournament-08-standings-projector")
    # The players' phones: the same link, at 390 px.
    reader = browser.new_context(**phone).new_page()
    reader.goto(view)
    expect(reader.locator("table.standings tbody tr").first).to_contain_text(leader)
    check_page(reader, "tournament-09-standings-phone")

    # Round 2: every table finished, the director begins it; East-West move up a table.
    reload(director)
    for t in range(4):
        expect(tables.nth(t).locator("strong")).to_contain_text("finished")
    director.get_by_role("button", name="Begin round 2").click()
    expect(director.locator(".flash")).to_contain_text("Round 2 has begun")
    expect(director.locator(".deal")).to_have_text("Round 2 of 2")
    # Table 1: team 1 stays North-South; team 8 comes East-West from table 4.
    expect(seats(tables.nth(0))).to_have_text([f"N-S {NAMES[0]} 0", f"E-W {NAMES[7]} 0"])
    for t in range(2, 5):  # and E-W team 3 + t from table t - 1
        expect(seats(tables.nth(t - 1))).to_have_text(
            [f"N-S {NAMES[t - 1]} 0", f"E-W {NAMES[t + 2]} 0"]
        )
    check_page(director, "tournament-10-director-round-2")

    # The results PDF: the standings as the projector shows them.
    pdf = download(director, "Results (PDF)", tmp_path / "results.pdf")
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    head = text[: text.index("Round 1")]
    found = re.findall(r"^\s*(\d)\s+(\S+ & \S+)\s+(\d)\s+(\d)\s+(-?[\d,]+)\s*$", head, re.M)
    assert [(int(rank), name) for rank, name, *_ in found] == [
        (i, NAMES[n - 1]) for i, n in enumerate(order, start=1)
    ]
    assert [int(p.replace(",", "")) for *_, p in found] == [points[n] for n in order]

    # Meanwhile the projector has followed into round 2.
    expect(projector.locator("#round-2")).to_be_visible(timeout=LONG)
    axe_clean(projector, "tournament-11-standings-projector-round-2")


def test_the_new_tournament_form_keeps_the_acs_minimums_for_american_only(browser, base_url):
    """Switching the rules from American to Classic empties the opening minimums by hand
    (Classic opens by the score) and hides the ACS hint; back to American, they return; a
    director's own minimums are never overwritten."""
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto(base_url + "/tournaments/new")
    minimums = page.get_by_label("Opening minimum by hand (empty: by the score)")
    hint = page.locator("#minimums-hint")
    expect(minimums).to_have_value(MINIMUMS)
    expect(hint).to_be_visible()
    page.get_by_label("Rules", exact=True).select_option("classic")
    expect(minimums).to_have_value("")
    expect(hint).to_be_hidden()
    page.get_by_label("Rules", exact=True).select_option("american")
    expect(minimums).to_have_value(MINIMUMS)
    minimums.fill("50, 90, 120")
    page.get_by_label("Rules", exact=True).select_option("classic")
    expect(minimums).to_have_value("50, 90, 120")
