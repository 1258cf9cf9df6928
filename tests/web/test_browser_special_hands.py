"""Issue 45: a Modern American table records each special hand on the quick form in a real
Chromium at 390×844 and reads the total on the match page: the side that went out with one
scores its value and nothing else (pagat-american §Special Hands), the other side its melds,
cards and penalties as usual (cla-laws §Scoring, §Penalties), as ``referee score`` gives
them on the same hand."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from referee.match.contract import score_json
from referee.rules import find_variant
from tests.support.browser import PHONE, check_page, totals
from tests.support.web import grouped

pytestmark = pytest.mark.browser

# The other side's melds, counted on the quick form as fifteen cards of 10 (no canasta:
# they count minus, cla-laws §Scoring), 25 points left in hand and one irregularity.
OTHER = {"melds": ["J J J J J", "10 10 10 10 10", "9 9 9 9 9"], "hand_points": 25, "penalties": 1}


@pytest.mark.parametrize("special", list(find_variant("american").special_hands))
def test_a_special_hand_on_the_quick_form(browser, base_url, special):
    page = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True).new_page()
    page.goto(base_url + "/matches/new")
    page.get_by_label("Rules", exact=True).select_option("american")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".total .big").first).to_be_visible()
    page.goto(page.url.split("#")[0] + "/hands/new?mode=quick")
    page.locator("#out-0").check()
    page.get_by_label("Went out with a special hand").select_option(special)
    page.locator("#side1-meld_c10").fill("15")
    page.locator("#side1-hand_c5").fill("5")
    page.locator("details.penalties summary").click()  # folded until wanted
    page.locator("#side1-penalties").fill("1")
    expected, status = score_json(
        {"variant": "american", "sides": [{"went_out": True, "special_hand": special}, OTHER]}
    )
    assert status == 0, expected["errors"]
    want = [side["total"] for side in expected["sides"]]
    # The live preview says it before the hand is recorded.
    expect(page.locator(".preview output.s0")).to_contain_text(grouped(str(want[0])))
    if special == "pairs":
        check_page(page, "entry-american-special-hand")
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".total .big").first).to_be_visible()
    assert totals(page) == want
    # The book's value, whatever the other side did; theirs: −150 − 25 − 10.
    assert want == [find_variant("american").special_hands[special], -185]
