"""The Canasta family in a real Chromium at phone size: a 4-player samba match and a hand and
foot match recorded hand by hand, with axe on every page.  Screenshots go to
tests/artifacts/ (family-*.png)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import PHONE, check_page, open_points, row_labels, totals

pytestmark = pytest.mark.browser


def start(page: Page, base_url: str, preset: str, players: str = "4") -> None:
    page.goto(base_url + "/matches/new")
    page.get_by_label("Rules", exact=True).select_option(preset)
    page.get_by_label("Players").select_option(players)
    page.locator("#side1_name").fill("We")
    page.locator("#side2_name").fill("They")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".total h2")).to_have_text(["We", "They"])


def record(page: Page, melds: tuple[str, str], out: int | None, **fields: str) -> None:
    page.get_by_role("link", name="Record a hand").click()
    for i, text in enumerate(melds):
        page.locator(f"#side{i}-melds").fill(text)
    page.locator("#out-none" if out is None else f"#out-{out}").check()
    for name, value in fields.items():
        page.locator(f"#{name.replace('__', '-')}").fill(value)
    page.get_by_role("button", name="Record the hand").click()


def test_a_samba_match_on_a_phone(browser, base_url):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    start(page, base_url, "samba")
    match_url = page.url
    expect(page.locator(".muted").first).to_contain_text("to 10,000")
    check_page(page, "family-samba-match")

    # A samba (seven hearts in order) and a natural canasta of kings, out: 1500 + 65 in
    # cards + 500 + 70 + 200 going out = 2335.  They: three aces, 60, and two red threes
    # without two canastas: −200.
    record(
        page,
        ("7h 8h 9h 10h Jh Qh Kh\nK K K K K K K", "A A A"),
        0,
        side1__red_threes="2",
    )
    expect(page.locator(".flash")).to_contain_text("Hand 1 recorded")
    assert totals(page) == [2335, -140]

    # An eighth card on the samba is refused on its field, the typing kept.
    page.get_by_role("link", name="Record a hand").click()
    page.locator("#side0-melds").fill("7h 8h 9h 10h Jh Qh Kh Ah")
    page.evaluate("document.getElementById('hand-form').noValidate = true")
    page.get_by_role("button", name="Record the hand").click()
    error = page.locator("#side0-melds-err")
    expect(error).to_contain_text("at most 7 cards")
    expect(error).to_contain_text("Bicycle, Official Game Rules: Samba")
    expect(page.locator("#side0-melds")).to_have_value("7h 8h 9h 10h Jh Qh Kh Ah")
    check_page(page, "family-samba-error")

    # Quick mode counts sambas beside the other canastas.
    page.goto(match_url)
    page.get_by_role("link", name="Quick hand").click()
    # read the rows once the quick form has opened (a busy machine returns from the tap first)
    expect(page.locator("#side0-canastas_sequence")).to_be_visible()
    labels = row_labels(page)
    assert "Sambas (seven of a suit in order)" in labels
    page.locator("#side0-canastas_sequence").fill("1")
    page.locator("#side0-canastas_natural").fill("1")
    open_points(page)
    page.locator("#side0-meld_points").fill("135")
    page.locator("#out-0").check()
    page.locator("#side1-meld_points").fill("30")
    check_page(page, "family-samba-quick")
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash")).to_contain_text("Hand 2 recorded")
    assert totals(page) == [2335 + 2335, -140 + 30]

    # Its rules page cites the book, and the referee answers under its rules.
    page.goto(base_url + "/rules/samba")
    expect(page.locator("#rule-meld\\.sequence")).to_contain_text("Bicycle, Official Game Rules")
    check_page(page, "family-samba-rules")
    context.close()


def test_a_hand_and_foot_match_on_a_phone(browser, base_url):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    # The new-match form asks no target of a game of four hands (app.js hides it).
    page.goto(base_url + "/matches/new")
    expect(page.locator("#target")).to_be_visible()
    page.get_by_label("Rules", exact=True).select_option("hand-and-foot")
    expect(page.locator("#target")).to_be_hidden()
    start(page, base_url, "hand-and-foot")
    expect(page.locator(".muted").first).to_contain_text("4 hands")
    # The hands, not a bar towards a target of 0.
    expect(page.locator("#deal")).to_contain_text("Hand 1 of 4:")
    expect(page.locator(".total progress")).to_have_count(0)
    check_page(page, "family-hf-match")

    # Out with two clean books, two dirty and a wild one: 500 + 500 + 300 + 300 + 1500 in
    # books; 70 + 70 + (50 + 40) + (60 + 50) + (60 + 200) = 600 in cards; 100 out.
    books = "K K K K K K K\nQ Q Q Q Q Q Q\nJ J J J J 2 2\n8 8 8 8 8 8 X\n2 2 2 X X X X"
    out_side = 500 + 500 + 300 + 300 + 1500 + 600 + 100
    for number in range(1, 5):
        record(page, (books, "A A A A A A\n10 10 10"), 0, side1__hand_points="40")
        expect(page.locator(".flash")).to_contain_text(f"Hand {number} recorded")
        if number == 1:
            expect(page.locator("#deal")).to_contain_text("Hand 2 of 4:")
            page.locator("#hand-1 summary").click()
            expect(page.locator("#hand-1 dl").first).to_contain_text("Book bonuses")
            check_page(page, "family-hf-after-one")
            # Quick entry counts books, and the cards left in hand and foot.
            page.get_by_role("link", name="Quick hand").click()
            labels = row_labels(page)
            assert "Clean books" in labels
            assert "Red threes left in hand or foot" in labels
            check_page(page, "family-hf-quick")
            page.get_by_role("link", name="Back to the match").click()
    assert totals(page) == [4 * out_side, 4 * (150 - 40)]  # 150: the fourth hand opens
    # Four hands make the match: the highest total wins.
    expect(page.locator(".winner")).to_contain_text("Winner: We")
    check_page(page, "family-hf-finished")

    # The referee asks for the hand's number, not the score, for the opening.
    page.goto(base_url + "/referee?variant=hand-and-foot")
    page.locator("nav.jump").get_by_role("link", name="Opening").click()
    opening = page.locator("#q-opening")
    opening.get_by_label("Which hand of the match this is").fill("3")
    opening.get_by_label("The opening melds, one per line").fill("K K K\nQ Q Q\nJ J J")
    opening.get_by_role("button", name="Ask about the opening").click()
    answer = page.locator("#q-opening .ruling")
    expect(answer).to_contain_text("fall short of the minimum of 120 in hand 3")
    expect(answer.locator(".source")).to_contain_text("pagat.com: Hand and Foot")
    check_page(page, "family-hf-referee")
    context.close()


def test_a_family_evening_with_four_named_players(browser, base_url):
    # Issue 37: four players named and no side names; the concealed box offered to
    # "Nobody"; a negative count previewed as "…" without a reason, and a typo on one side
    # hiding the other's.
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    page.goto(base_url + "/matches/new")
    for field, name in (("side1_p1", "Anna"), ("side1_p2", "Ben"), ("side2_p1", "Cleo")):
        page.locator(f"#{field}").fill(name)
    page.locator("#side2_p2").fill("Dan")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".total h2")).to_have_text(["Anna & Ben", "Cleo & Dan"])
    check_page(page, "family-evening-match")

    page.get_by_role("link", name="Record a hand").click()
    expect(page.locator(".out-choice .choices label")).to_have_text(
        ["Nobody", "Anna & Ben", "Cleo & Dan"]
    )
    concealed = page.locator("#out_concealed")
    place = page.locator(".out-choice .field").bounding_box()
    expect(concealed).to_be_hidden()
    page.locator("#out-0").check()
    expect(concealed).to_be_visible()
    # Offered in the place kept for it: nothing below moves.
    assert page.locator(".out-choice .field").bounding_box()["height"] == place["height"]
    concealed.check()
    page.locator("#out-none").check()
    expect(concealed).to_be_hidden()
    expect(concealed).to_be_disabled()  # and not sent

    # The reason beside the field, the field marked; a typo on the other side is said too.
    page.locator("#side1-red_threes").fill("-1")
    expect(page.locator("#side1-red_threes-perr")).to_have_text(
        "Cleo & Dan: Red threes laid out: Number must be between 0 and 8."
    )
    expect(page.locator("#side1-red_threes")).to_have_attribute("aria-invalid", "true")
    page.locator("#side0-melds").fill("K K K\n5 5 Z")
    expect(page.locator("#side0-melds-perr")).to_contain_text("Anna & Ben: Meld 2: ")
    expect(page.locator("#side1-red_threes-perr")).to_be_visible()  # still said
    page.locator("#side1-red_threes").fill("1")
    expect(page.locator("#side1-red_threes-perr")).to_have_count(0)
    expect(page.locator(".preview output.s1")).to_contain_text("→")  # scored despite A's typo
    key = page.locator("[data-card='X']").inner_text()
    expect(page.locator("p.hint").first).to_contain_text(f"X = joker (the {key} key)")
    check_page(page, "family-evening-hand")
    context.close()
