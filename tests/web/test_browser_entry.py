"""The scorer's minute in a real Chromium at 390×844: the five reference hands of
``tests/support/taps.py`` (classic, a 3-player czech hand, a 6-player spanish hand, samba,
american) entered card by card (a rank, then how many) and quick (cards counted by
value, no sums), each scoring as the rules core says, in at most 10 taps for the quick
form; axe clean on each filled form; and issue 37's five real classic hands entered quick
as one evening.  Screenshots: tests/artifacts/entry-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.browser import PHONE, check_page
from tests.support.taps import HANDS, REAL_HANDS, Counted, enter, evening, expected, quick

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("reference", HANDS, ids=[h.preset for h in HANDS])
def test_the_reference_hands_on_a_phone(browser, base_url, reference):
    page = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True).new_page()
    shots = []

    def look(mode: str) -> None:
        check_page(page, f"entry-{reference.preset}-{mode}")
        shots.append(mode)

    cards = enter(page, base_url, reference, "cards", before_submit=lambda: look("cards"))
    quick_ = enter(page, base_url, reference, "quick", before_submit=lambda: look("quick"))
    assert shots == ["cards", "quick"]
    assert not cards.sums
    assert not quick_.sums  # no point sum worked out by the scorer
    assert quick_.taps <= 10


def test_issue_37s_real_hands_as_one_evening_on_the_quick_form(browser, base_url):
    # Each hand's totals are checked against the rules core where the match stands (the
    # opening minimum rises with the score; hand 5 breaks it and is recorded anyway).
    page = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True).new_page()
    counted = evening(page, base_url, REAL_HANDS, "quick")
    assert [c.sums for c in counted] == [False] * 5  # no point sum worked out, ever
    # A canasta's cards count themselves: the canasta of kings and the mixed one of aces
    # are a tap each, the 12 other ten-point cards one count.
    assert counted[0].keys == 7  # 12, and B's 3, 4, 2 and 3: no 19 to count up


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_quick_form_filled_with_issue_37s_first_hand(browser, base_url, lang):
    # A look at the form a family fills in, in English and in Czech.
    page = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True).new_page()
    ref = REAL_HANDS[0]
    enter(page, base_url, ref, "quick", before_submit=lambda: None)  # a match to add to
    page.goto(page.url.split("#")[0] + f"?lang={lang}")
    page.goto(page.url.split("?")[0] + "/hands/new?mode=quick")
    quick(Counted(page), ref, expected(ref)[1])
    expect(page.locator(".preview output.s0")).to_contain_text("+1")  # 1,330 for side A
    expect(page.locator(".preview output.s1")).to_contain_text("+135")
    check_page(page, f"entry-real-1-quick-{lang}")
