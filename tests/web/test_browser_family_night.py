"""Issue 37's evening on a 390×844 phone, as a family plays it: four players named and no
side names, the table switching to Czech, four hands, hand 1 edited after hand 4, the match
won, then the match on the TV at 1920×1080.  Every page is screenshot
(tests/artifacts/night-*.png), scanned by axe and measured for 44 px controls."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from referee.i18n import local_number
from referee.match.contract import score_json
from tests.support.browser import (
    PHONE,
    PNG,
    PROJECTOR,
    SHEET,
    SMALL,
    axe_clean,
    check_page,
    totals,
    until,
)

pytestmark = pytest.mark.browser

US, THEM = "Eva & Tom", "Grandma Eva & Grandpa Karel"

# (side A's melds, side A's hand, side B's melds, side B's hand, who went out)
HANDS = [
    ("K K K K K K K\n5 5 5", "", "A A A", "10 10", 0),
    ("A A A", "4", "Q Q Q Q Q Q Q\n8 8 8", "", 1),
    ("9 9 9 9 9 2 2", "", "A A A", "", None),
    ("J J J J J J J\nA A A", "", "A A A 2", "", 0),
    ("Q Q Q Q Q Q Q\n10 10 10", "", "A A A", "", 0),  # the winning hand
]


def scored(hand: tuple) -> list[int]:
    """What the rules core gives the hand (the page must say the same)."""
    a_melds, a_hand, b_melds, b_hand, out = hand
    data = {
        "variant": "classic",
        "players": 4,
        "sides": [
            {"melds": melds.splitlines(), "hand": left, "went_out": out == i}
            for i, (melds, left) in enumerate([(a_melds, a_hand), (b_melds, b_hand)])
        ],
    }
    result, status = score_json(data)
    assert status == 0, result
    return [side["total"] for side in result["sides"]]


def fill(page: Page, hand: tuple) -> None:
    a_melds, a_hand, b_melds, b_hand, out = hand
    page.locator("#side0-melds").fill(a_melds)
    page.locator("#side0-hand").fill(a_hand)
    page.locator("#side1-melds").fill(b_melds)
    page.locator("#side1-hand").fill(b_hand)
    page.locator("#out-none" if out is None else f"#out-{out}").check()


def in_sight(page: Page) -> None:
    """The confirmation of what was just done is on the phone's screen, not above it."""
    expect(page.locator(".flash")).to_be_visible()
    said = page.locator(".flash").bounding_box()
    assert said is not None
    assert 0 <= said["y"] < PHONE["height"]


def send(page: Page) -> None:
    page.locator("#hand-form > button[type=submit]").click()


def test_a_family_night_named_by_its_players_in_czech(browser, base_url):
    phone = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    phone.add_init_script(SHEET.replace("FILES", "true"))
    page = phone.new_page()
    page.goto(base_url + "/matches/new")
    page.get_by_label("Rules", exact=True).select_option("classic")
    for field, name in [("side1_p1", "Eva"), ("side1_p2", "Tom"),
                        ("side2_p1", "Grandma Eva"), ("side2_p2", "Grandpa Karel")]:  # fmt: skip
        page.locator(f"#{field}").fill(name)
    page.locator("#target").fill("2500")
    page.get_by_role("button", name="Start the match").click()

    # Nobody typed a side name: the sides are their players, on the page and in the form.
    expect(page.locator(".total h2")).to_have_text([US, THEM])
    page.get_by_role("link", name="Čeština").click()
    expect(page.locator(".total h2")).to_have_text([US, THEM])
    expect(page.locator("main")).not_to_contain_text("Side A")
    expect(page.locator("main")).not_to_contain_text("Strana A")
    check_page(page, "night-01-match-cs")
    match_url = page.url.split("?")[0].split("#")[0]

    running = [0, 0]
    for number, hand in enumerate(HANDS[:4], start=1):
        page.goto(match_url + "/hands/new")
        expect(page.locator(".out-choice")).to_contain_text(US)
        fill(page, hand)
        got = scored(hand)
        running = [t + g for t, g in zip(running, got, strict=True)]
        expect(page.locator('output[data-side="1"]')).to_contain_text(
            "→ " + local_number(running[1], "cs")
        )
        if number == 1:
            check_page(page, "night-02-hand-cs")
        send(page)
        expect(page.locator(".flash")).to_contain_text(str(number))
        assert totals(page) == running
    check_page(page, "night-03-after-four-cs")

    # Hand 1 edited after hand 4: grandpa had nothing left in hand after all.  The preview
    # says the hand's own score and the total after hand 1 (not today's), in Czech numbers.
    first = list(HANDS[0])
    first[3] = ""
    before, after = scored(HANDS[0]), scored(tuple(first))
    page.goto(match_url)
    page.locator("#hand-1 summary").click()
    page.locator('a[href*="/hands/"][href$="/edit"]').first.click()
    page.locator("#side1-hand").fill("")
    expect(page.locator('output[data-side="1"]')).to_have_text(
        f"+{local_number(after[1], 'cs')} → {local_number(after[1], 'cs')}"
    )
    expect(page.locator('output[data-side="0"]')).to_have_text(
        f"+{local_number(after[0], 'cs')} → {local_number(after[0], 'cs')}"
    )
    check_page(page, "night-04-edit-hand-1-cs")
    send(page)
    running[1] += after[1] - before[1]
    assert totals(page) == running
    # The message is on the screen, not above it.
    in_sight(page)
    # Undo and redo, pressed at the list of hands: each says what it did where it is seen.
    page.locator("#hands").scroll_into_view_if_needed()
    with page.expect_navigation():
        page.locator("form[action$='/undo'] button").click()
    in_sight(page)
    running[1] -= after[1] - before[1]
    assert totals(page) == running
    with page.expect_navigation():
        page.locator("form[action$='/redo'] button").click()
    in_sight(page)
    running[1] += after[1] - before[1]
    assert totals(page) == running

    # The winning hand: the banner names the winners by their players.
    page.goto(match_url + "/hands/new")
    fill(page, HANDS[4])
    send(page)
    running = [t + g for t, g in zip(running, scored(HANDS[4]), strict=True)]
    assert totals(page) == running
    result = page.locator("#result")
    expect(result).to_contain_text(US)
    expect(result).to_contain_text(local_number(running[0], "cs"))
    check_page(page, "night-05-won-cs")

    # Shared to the family chat: the text in Czech, the sides by their players, the totals,
    # the winner; the final card as a small PNG.
    page.locator("a[data-result]").click()
    until(page, "() => window.shared !== undefined")
    shared = page.evaluate("window.shared")
    lines = shared["text"].splitlines()
    assert f"{US}: {local_number(running[0], 'cs')}" in lines
    assert f"{THEM}: {local_number(running[1], 'cs')}" in lines
    assert any(line.startswith("★") and US in line for line in lines)
    [card] = shared["files"]
    assert card["head"] == PNG
    assert 0 < card["size"] <= SMALL

    # The TV: the read-only link with ?screen=1, the totals large, the whole 1920×1080.
    tv_link = page.locator('a[href$="?screen=1"]').get_attribute("href")
    tv = browser.new_context(viewport=PROJECTOR).new_page()
    tv.goto(tv_link)
    expect(tv.locator(".screen-totals .big")).to_have_text([local_number(t, "en") for t in running])
    expect(tv.locator("main")).to_contain_text(US)
    tv.screenshot(path="tests/artifacts/night-06-tv.png")
    assert tv.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"]
    axe_clean(tv, "night-06-tv")
