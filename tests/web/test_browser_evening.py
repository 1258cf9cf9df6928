"""A whole first evening on a 390×844 phone, as a new user plays it: a classic match for
four in both entry modes, a forgotten going-out choice, a typo and an illegal meld caught
live, an edit, undo and redo, a watching phone, the referee inside the match, the score
sheet, Spanish and Czech, the winning hand; then Hand and Foot and a samba built with the
picker's suits.  Every page is screenshot (tests/artifacts/evening-*.png), scanned by axe
and measured for controls under 44×44 px (``check_page``); the hand forms' heights are
measured against one screen and a half."""

from __future__ import annotations

import subprocess

import pytest
from playwright.sync_api import Page, expect

from referee.i18n import local_number
from tests.support.browser import (
    LONG,
    PHONE,
    check_page,
    download,
    match_over_http,
    pick,
    totals,
)

pytestmark = pytest.mark.browser

SCREEN = PHONE["height"]


def record_button_bottom(page: Page) -> float:
    """How far down the page the Record button ends, in CSS px (the page scrolled to the top),
    measured once the form's page has loaded (its style sheets applied)."""
    page.locator("#hand-form").wait_for()
    page.wait_for_load_state()
    page.evaluate("window.scrollTo(0, 0)")
    box = page.get_by_role("button", name="Record the hand").bounding_box()
    assert box is not None
    return box["y"] + box["height"]


def new_match(page: Page, base_url: str, preset: str, players: str, **names: str) -> str:
    page.goto(base_url + "/matches/new")
    page.get_by_label("Rules", exact=True).select_option(preset)
    page.get_by_label("Players").select_option(players)
    for field, name in names.items():
        page.locator(f"#{field}").fill(name)
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".total h2").first).to_be_visible()
    return page.url


def test_a_first_classic_evening(browser, base_url, tmp_path):
    phone = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
        timezone_id="America/New_York",
    )  # fmt: skip
    page = phone.new_page()
    page.goto(base_url + "/")
    check_page(page, "evening-01-home")
    url = new_match(
        page, base_url, "classic", "4", side1_name="Us", side2_name="Them", target="2000"
    )
    check_page(page, "evening-02-match")

    # Hand 1, card by card: the form fits two screens; going out forgotten is asked for.
    page.get_by_role("link", name="Record a hand").click()
    assert record_button_bottom(page) <= 2 * SCREEN
    pick(page, 0, "K K K K K K K")
    pick(page, 0, "5 5 5")
    pick(page, 1, "A A A")
    pick(page, 1, "10 10", then="hand")
    expect(page.locator("#side1-hand")).to_have_value("10 10")
    page.get_by_role("button", name="Record the hand").click()
    # Nothing chosen: the browser holds the form and says why, in the app's words.
    message = page.locator("#out-none").evaluate("radio => radio.validationMessage")
    assert message == "Choose who went out: a side, or Nobody."
    assert "/hands/new" in page.url
    page.locator("#out-0").check()
    expect(page.locator('output[data-side="0"]')).to_have_text("+685 → 685")
    expect(page.locator('output[data-side="1"]')).to_have_text("+40 → 40")
    check_page(page, "evening-03-hand-cards")
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 recorded")
    assert totals(page) == [685, 40]

    # The ledger reads itself: each row is a link to its hand, the hand told from the total.
    row = page.locator("#hand-1 summary")
    expect(page.locator(".hands-head")).to_contain_text("hand · total")
    expect(row).to_contain_text("+685")

    # A second phone watches with the read-only link.
    view_link = page.locator("a.link").first.get_attribute("href")
    watcher = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
    watcher.goto(view_link)
    expect(watcher.locator(".hands > li")).to_have_count(1)
    expect(watcher.get_by_role("link", name="Record a hand")).to_have_count(0)
    check_page(watcher, "evening-04-watcher")

    # Hand 2 by counts, with + and − only: the quick form fits two screens (a screen and a
    # half before its canastas counted their own cards: eight rows more, fewer taps).
    page.get_by_role("link", name="Quick hand").click()
    bottom = record_button_bottom(page)
    assert bottom <= 2 * SCREEN, f"the quick form's Record button ends at {bottom} px"
    plus = 'xpath=following-sibling::button[@data-step="1"]'
    page.locator("#side0-natural_c10").locator(plus).click()  # seven kings: they count
    page.locator("#side0-red_threes").locator(plus).click()
    page.locator("#side1-meld_c20").fill("3")  # three aces
    page.locator("#side1-hand_c5").fill("2")
    page.locator("#out-0").check()
    expect(page.locator('output[data-side="0"]')).to_have_text("+770 → 1,455")
    expect(page.locator('output[data-side="1"]')).to_have_text("+50 → 90")
    check_page(page, "evening-05-hand-quick")
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash")).to_contain_text("Hand 2 recorded")
    assert totals(page) == [1455, 90]
    expect(watcher.locator(".hands > li")).to_have_count(2, timeout=LONG)

    # Hand 3: a typo, then an illegal meld, each said live on its own side only.
    page.get_by_role("link", name="Record a hand").click()
    page.locator("#side1-melds").fill("A A 1")
    typo = page.locator("#side1-melds-perr")  # beside the field typed wrong
    expect(typo).to_contain_text('unknown card "1" (write 10 or T for ten)')
    expect(page.locator('.preview-problems[data-side="0"] li')).to_have_count(0)
    page.locator("#side1-melds").fill("A A A")
    page.locator("#side0-melds").fill("Q Q Q Q Q Q X\n9 9 X X X X")
    ours = page.locator('.preview-problems[data-side="0"] li')
    expect(ours).to_contain_text("at most 3 wild cards")
    expect(page.locator('output[data-side="0"]')).to_contain_text("breaks a rule")
    expect(page.locator('output[data-side="1"]')).not_to_contain_text("breaks a rule")
    page.locator("#out-none").check()
    check_page(page, "evening-06-hand-live-problems")
    page.locator("#side0-melds").fill("Q Q Q Q Q Q X\n9 9 X")
    expect(ours).to_have_count(0)
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash")).to_contain_text("Hand 3 recorded")
    # Us: 110 + 70 in melds, 300 for the mixed canasta = 480; Them: 3 aces, 60.
    assert totals(page) == [1935, 150]

    # An edit: hand 1's losers had nothing left in hand after all.
    page.locator("#hand-1 summary").click()
    page.get_by_role("link", name="Edit hand 1").click()
    page.locator("#side1-hand").fill("")
    # The total after hand 1 as it will stand (issue 37): 0 before it, +60 now.
    expect(page.locator('output[data-side="1"]')).to_have_text("+60 → 60")
    check_page(page, "evening-07-hand-edit")
    page.get_by_role("button", name="Save changes").click()
    expect(page.locator(".flash")).to_contain_text("recomputed")
    assert totals(page) == [1935, 170]

    # Undo says what it undid, sits apart from recording, and can be redone.
    undo = page.get_by_role("button", name="↶ Undo last change")
    record = page.get_by_role("link", name="Record a hand")
    assert undo.bounding_box()["y"] - record.bounding_box()["y"] > 100
    undo.click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 is as it was before its edit.")
    assert totals(page) == [1935, 150]
    page.get_by_role("button", name="↷ Redo").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 edited again.")
    assert totals(page) == [1935, 170]
    check_page(page, "evening-08-match-redone")

    # The referee inside the match starts from the match's own totals.
    page.get_by_role("link", name="Ask the referee").click()
    page.locator("nav.jump").get_by_role("link", name="Opening").click()
    side = page.get_by_label("Your side")
    expect(side.locator("option")).to_have_text(["Us — 1,935", "Them — 170"])
    side.select_option(label="Us — 1,935")
    page.locator("#opening-melds").fill("A A A\nK K K")
    page.get_by_role("button", name="Ask about the opening").click()
    answer = page.locator("#q-opening .ruling")
    expect(answer).to_contain_text("minimum of 90")
    expect(answer).not_to_contain_text("classic.opening")
    check_page(page, "evening-09-referee")

    # The score sheet, as the phone downloads it.
    page.goto(url)
    pdf = download(page, "Score sheet, A4 (PDF)", tmp_path / "sheet.pdf")
    assert pdf.read_bytes().startswith(b"%PDF")
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "Us" in text
    assert "1,935" in text

    # History in the phone's own time: the server's UTC, shown in New York's.
    page.get_by_role("link", name="History of changes").click()
    stamp = page.locator("time[data-local]").first
    utc = stamp.get_attribute("datetime")
    # The page's script writes it in the phone's time once it has run (a busy phone: later).
    expect(stamp).not_to_contain_text("UTC")
    shown = stamp.inner_text()
    local = page.evaluate(
        "iso => new Date(iso).toLocaleString('en', {dateStyle: 'medium', timeStyle: 'short'})", utc
    )
    assert shown == local
    check_page(page, "evening-10-history")

    # The table speaks Spanish, then Czech: the same match in their words and numbers.
    page.goto(url)
    page.get_by_role("link", name="Español").click()
    expect(page.get_by_role("link", name="Anotar una mano")).to_be_visible()
    expect(page.locator(".total .big").first).to_have_text(local_number(1935, "es"))
    check_page(page, "evening-11-match-es")
    page.get_by_role("link", name="Čeština").click()
    expect(page.locator(".total .big").first).to_have_text(local_number(1935, "cs"))
    check_page(page, "evening-12-match-cs")
    page.get_by_role("link", name="English").click()

    # The winning hand: the page opens on the result; no opening minimums any more.
    page.get_by_role("link", name="Record a hand").click()
    pick(page, 0, "J J J J J J J")
    pick(page, 0, "A A A")
    pick(page, 1, "A A A")
    page.locator("#out-0").check()
    page.get_by_role("button", name="Record the hand").click()
    result = page.locator("#result")
    expect(result).to_contain_text("Winner: Us, with 2,665")
    assert 0 <= result.bounding_box()["y"] < SCREEN
    expect(page.locator(".totals")).not_to_contain_text("to open")
    expect(watcher.locator("#result")).to_contain_text("Winner: Us", timeout=LONG)
    check_page(page, "evening-13-won")
    check_page(watcher, "evening-14-watcher-won")


def opened(page: Page, base_url: str, preset: str, players: str) -> None:
    """A new match made by the new-match form sent over HTTP (the form itself is walked in
    test_a_first_classic_evening), opened on the phone."""
    page.goto(match_over_http(page.context, base_url, preset=preset, players=players))
    expect(page.locator(".total h2").first).to_be_visible()


def test_hand_and_foot_and_a_samba_built_with_suits(browser, base_url):
    page = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True).new_page()

    # Hand and Foot: its hands, not a target; its own words.
    opened(page, base_url, "hand-and-foot", "4")
    expect(page.locator("progress")).to_have_count(0)
    expect(page.locator("#deal")).to_contain_text("Hand 1 of 4")
    page.get_by_role("link", name="Quick hand").click()
    expect(page.locator("#hand-form")).to_contain_text("Clean books")
    expect(page.locator("#hand-form")).to_contain_text("Cards left in hand and foot")
    assert record_button_bottom(page) <= 1.5 * SCREEN
    check_page(page, "evening-15-hf-quick")

    # Three sides: the quick form within two screens, its steppers a column each.
    opened(page, base_url, "czech", "3")
    page.get_by_role("link", name="Quick hand").click()
    assert record_button_bottom(page) <= 2 * SCREEN
    check_page(page, "evening-16-czech-three-quick")

    # Samba: the picker offers suits, and a samba is built without typing.
    opened(page, base_url, "samba", "4")
    page.get_by_role("link", name="Record a hand").click()
    expect(page.locator("#hand-form > p.hint")).to_contain_text("tap its suit")
    picker = page.locator("#hand-form .picker")
    hearts = picker.get_by_role("button", name="hearts")
    hearts.click()
    expect(hearts).to_have_attribute("aria-pressed", "true")
    for rank in "7 8 9 10 J Q K".split():
        picker.locator(f'button[data-card="{rank}"]').click()
    expect(picker.locator("output")).to_have_text("7h 8h 9h 10h Jh Qh Kh")
    picker.locator('button[data-act="meld"][data-side="0"]').click()
    expect(hearts).to_have_attribute("aria-pressed", "false")  # the suit goes with the meld
    pick(page, 0, "K K K K K K K")
    pick(page, 1, "A A A")
    expect(page.locator("#side0-melds")).to_have_value("7h 8h 9h 10h Jh Qh Kh\nK K K K K K K")
    page.locator("#out-0").check()
    check_page(page, "evening-17-samba-suits")
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 recorded")
    # 65 + 70 in melds, the samba 1 500, the kings' canasta 500, out 200.
    assert totals(page) == [2335, 60]
