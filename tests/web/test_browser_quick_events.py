"""The quick form at 390×844 in a real Chromium (issue 42): it ends within 1.5 screens in
every variant, and the three events it could not say score what their cards score —
Dutch's hand canasta (house rule on), Spanish's canasta oculta, Czech fast's going out
with black threes — read on the match page against `referee score` on the same cards."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from referee.match.contract import score_json
from referee.rules import PRESETS
from tests.support.browser import PHONE, check_page, match_over_http, totals

pytestmark = pytest.mark.browser

SCREEN = PHONE["height"]


def start(page: Page, base_url: str, preset: str, option: str | None = None) -> None:
    """A new match of ``preset`` (and its ``option`` ticked), made by the new-match form
    sent over HTTP (what these tests check is the quick form), opened on the phone."""
    ticked = {f"opt_{preset.replace('-', '_')}_{option}": True} if option else {}
    page.goto(match_over_http(page.context, base_url, preset=preset, **ticked))
    expect(page.locator(".total h2")).to_have_count(2)


def open_quick(page: Page) -> None:
    """The quick form by its link, loaded (its style sheets applied: a button measured before
    them is an unstyled one, 21 px high)."""
    page.get_by_role("link", name="Quick hand").click()
    page.locator("#hand-form").wait_for()
    page.wait_for_load_state()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_quick_form_ends_within_one_and_a_half_screens(browser, base_url, preset):
    page = browser.new_context(viewport=PHONE).new_page()
    start(page, base_url, preset)
    open_quick(page)
    button = page.get_by_role("button", name="Record the hand").bounding_box()
    assert button["y"] + button["height"] <= 1.5 * SCREEN, preset
    page.context.close()


def tap(page: Page, field: str, times: int) -> None:
    """Count ``times`` on a field's + (the field's row shows once what it needs is counted)."""
    plus = page.locator(f"#{field}").locator("xpath=following-sibling::button")
    for _ in range(times):
        plus.click()


def expected(variant: str, sides: list[dict], options: dict | None = None) -> list[int]:
    data = {"variant": variant, "players": 4, "sides": sides, "options": options or {}}
    answer, _status = score_json(data)
    assert answer["valid"], answer["errors"]
    return [side["total"] for side in answer["sides"]]


def test_a_dutch_hand_canasta_scores_double(browser, base_url):
    # Seven kings laid from the hand in one go, the side went out (house rule: hand canasta).
    page = browser.new_context(viewport=PHONE).new_page()
    start(page, base_url, "dutch", "hand_canasta")
    open_quick(page)
    page.locator("#out-0").check()
    tap(page, "side0-natural_c10", 1)
    tap(page, "side0-concealed_natural", 1)  # shown once a canasta is counted
    tap(page, "side1-meld_c10", 6)
    check_page(page, "quick-dutch-hand-canasta")
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash")).to_contain_text("recorded")
    assert totals(page) == expected(
        "dutch",
        [
            {"melds": [{"cards": "K K K K K K K", "concealed": True}], "went_out": True},
            {"melds": ["Q Q Q", "J J J"], "hand_points": 0},
        ],
        {"hand_canasta": True},
    )
    page.context.close()


def test_a_spanish_canasta_oculta_scores_its_thousand(browser, base_url):
    # One oculta of kings and a mixed canasta of queens (with a two), the side went out.
    page = browser.new_context(viewport=PHONE).new_page()
    start(page, base_url, "spanish")
    open_quick(page)
    page.locator("#out-0").check()
    tap(page, "side0-canastas_natural", 1)
    tap(page, "side0-canastas_mixed", 1)
    tap(page, "side0-concealed_natural", 1)
    tap(page, "side0-meld_c10", 13)  # 7 kings and 6 queens
    tap(page, "side0-meld_c20", 1)  # the two
    tap(page, "side1-meld_c10", 6)
    check_page(page, "quick-spanish-oculta")
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash")).to_contain_text("recorded")
    assert totals(page) == expected(
        "spanish",
        [
            {
                "melds": [{"cards": "K K K K K K K", "concealed": True}, "Q Q Q Q Q Q 2"],
                "went_out": True,
            },
            {"melds": ["J J J J J J"], "hand_points": 0},
        ],
    )
    page.context.close()


def test_czech_fast_going_out_with_three_black_threes(browser, base_url):
    # Out with a natural canasta of kings and three black threes: the 200 premium.
    page = browser.new_context(viewport=PHONE).new_page()
    start(page, base_url, "czech-fast")
    open_quick(page)
    page.locator("#out-0").check()
    tap(page, "side0-canastas_natural", 1)
    tap(page, "side0-meld_c10", 7)
    page.locator("#side0-meld_c5").fill("3")  # the black threes are melded cards too
    tap(page, "side0-black_threes_out", 3)  # shown once a side went out
    tap(page, "side1-meld_c10", 6)
    check_page(page, "quick-czech-fast-black-threes")
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash")).to_contain_text("recorded")
    assert totals(page) == expected(
        "czech-fast",
        [
            {"melds": ["K K K K K K K", "3 3 3"], "went_out": True},
            {"melds": ["Q Q Q Q Q Q"], "hand_points": 0},
        ],
    )
    page.context.close()
