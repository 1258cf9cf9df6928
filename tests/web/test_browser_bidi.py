"""A right-to-left override in a player's name, as Chromium lays the match page out: the
name reads backwards inside itself, the app's sentence around it does not turn."""

from __future__ import annotations

import pytest

from tests.support.browser import PHONE

pytestmark = pytest.mark.browser

RLO = "\u202e"

# Where the words before and after the first name of a sentence are drawn, and the name.
MEASURE = """(selector) => {
  const p = document.querySelector(selector);
  const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  const left = (word) => {
    const node = texts.find((n) => n.textContent.includes(word));
    const range = document.createRange();
    const at = node.textContent.indexOf(word);
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    return range.getBoundingClientRect().left;
  };
  return {hand: left("Hand"), name: left("Anna"), deals: left("deals")};
}"""


def test_a_right_to_left_name_does_not_turn_the_sentence_around_it(browser, base_url):
    context = browser.new_context(viewport=PHONE, is_mobile=True)
    page = context.new_page()
    page.goto(base_url + "/matches/new")
    page.evaluate("document.querySelector('form').noValidate = true")
    page.locator("#players").select_option("4")
    page.locator("#side1_p1").fill(RLO + "Anna")
    page.get_by_role("button", name="Start the match").click()
    deal = page.locator("#deal")
    assert RLO + "Anna" in deal.inner_text()
    drawn = page.evaluate(MEASURE, "#deal")
    # Left to right as written: "Hand 1:", the name, then "deals".
    assert drawn["hand"] < drawn["name"] < drawn["deals"], drawn

    # The same sentence without the isolation: the override turns everything after it,
    # and "deals" comes out left of the name (what issue 24 saw).
    page.set_content(f'<p id="raw">Hand 1: {RLO}Anna deals, Ben plays first.</p>')
    raw = page.evaluate(MEASURE, "#raw")
    assert raw["deals"] < raw["name"], raw
