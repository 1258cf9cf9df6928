"""Two phones at the table record hand 1 at once, in a real Chromium at 390×844: the
second is shown what the first recorded, keeps what it typed, and chooses (issue 33)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.browser import PHONE, check_page

pytestmark = pytest.mark.browser


def _phone(browser):
    return browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True).new_page()


def test_two_phones_recording_hand_one_at_once_keep_both_hands_once(browser, base_url):
    anna, ben = _phone(browser), _phone(browser)
    anna.goto(base_url + "/matches/new")
    anna.get_by_label("Players").select_option("4")
    anna.get_by_role("button", name="Start the match").click()
    expect(anna.locator(".total h2")).to_have_count(2)
    match = anna.url.split("#")[0]

    # Both open "Record a hand" for hand 1 and type it.
    for page, melds in ((anna, "K K K K K K K\n5 5 5"), (ben, "A A A A A A A")):
        page.goto(match + "/hands/new")
        page.locator("#side0-melds").fill(melds)
        page.locator("#side1-melds").fill("J J J J J")
        page.locator("#out-0").check()

    anna.get_by_role("button", name="Record the hand").click()
    expect(anna.get_by_text("Hand 1 recorded.")).to_be_visible()

    # Ben's phone sends its hand 1 too: nothing is stored, he is shown what happened.
    ben.get_by_role("button", name="Record the hand").click()
    clash = ben.locator("#clash")
    expect(clash).to_contain_text("Hand 1 was recorded from another phone just now")
    expect(clash).to_contain_text("Side A 685, Side B 50")
    expect(ben.locator("#side0-melds")).to_have_value("A A A A A A A")  # what he typed
    expect(clash.get_by_role("button")).to_have_count(3)
    check_page(ben, "two-phones-clash")

    # Not the same hand: his is hand 2.
    ben.get_by_role("button", name="Record mine as hand 2").click()
    expect(ben.get_by_text("Hand 2 recorded.")).to_be_visible()

    # Both hands, once each: 685 + 740 (seven aces 140, natural canasta 500, out 100).  Read
    # on a page of its own: Anna's match page reloads itself when its poll sees hand 2, and a
    # navigation of the test's at that moment would be aborted by it.
    ledger = anna.context.new_page()
    ledger.goto(match)
    expect(ledger.locator(".total .big")).to_have_text(["1,425", "100"])
    check_page(ledger, "two-phones-ledger")


def test_a_czech_family_reads_in_the_history_which_hand_the_other_phone_took_out(browser, base_url):
    """Two phones clash over hand 2 in Czech: Anna deletes it while Ben edits it.  Ben is
    told which hand went, and the history says so, not "kolo, které už v partii není"
    (issue 48)."""
    anna, ben = _phone(browser), _phone(browser)
    anna.goto(base_url + "/matches/new?lang=cs")
    anna.get_by_label("Hráči").select_option("4")
    anna.get_by_role("button", name="Začít partii").click()
    expect(anna.locator(".total h2")).to_have_count(2)
    match = anna.url.split("#")[0]
    ben.goto(match + "?lang=cs")

    # Both type hand 1; Anna's is recorded first, Ben's becomes hand 2.
    for page, melds in ((anna, "K K K K K K K\n5 5 5"), (ben, "A A A A A A A")):
        page.goto(match + "/hands/new")
        page.locator("#side0-melds").fill(melds)
        page.locator("#side1-melds").fill("J J J J J")
        page.locator("#out-0").check()
    anna.get_by_role("button", name="Zapsat kolo").click()
    expect(anna.get_by_text("Kolo 1 zapsáno.")).to_be_visible()
    ben.get_by_role("button", name="Zapsat kolo").click()
    ben.get_by_role("button", name="Zapsat mé jako kolo 2").click()
    expect(ben.get_by_text("Kolo 2 zapsáno.")).to_be_visible()

    # Ben opens hand 2 to correct it; meanwhile Anna deletes it.
    ben.locator("#hand-2 summary").click()
    ben.get_by_role("link", name="Upravit kolo 2").click()
    ben.locator("#side1-melds").fill("J J J J J J")
    anna = anna.context.new_page()  # her match page may be reloading itself for hand 2
    anna.goto(match)
    anna.locator("#hand-2 summary").click()
    anna.get_by_role("link", name="Upravit kolo 2").click()
    anna.get_by_role("button", name="Smazat toto kolo").click()
    expect(anna.get_by_text("Kolo 2 smazáno.", exact=False)).to_be_visible()

    # Ben saves: he is told which hand the other phone took out, his typing kept.
    ben.get_by_role("button", name="Uložit změny").click()
    expect(ben.locator("#clash")).to_contain_text(
        "Kolo 2 bylo právě teď z jiného telefonu z partie odebráno."
    )
    expect(ben.locator("#side1-melds")).to_have_value("J J J J J J")

    # The history reads as what happened: which hand, done from where.
    ben.goto(match + "/history")
    entries = ben.locator("ol.history > li")
    expect(entries.first).to_contain_text("Smazáno kolo 2")
    expect(entries.first).to_contain_text("z jiného telefonu")
    recorded = entries.filter(has_text="Zapsáno kolo 2")
    expect(recorded).to_contain_text("Kolo 2 bylo smazáno z jiného telefonu a v partii už není.")
    expect(ben.get_by_text("kolo, které už v partii není")).to_have_count(0)
    check_page(ben, "two-phones-history-cs")
