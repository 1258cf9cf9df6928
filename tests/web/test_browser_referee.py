"""The referee, rules and comparison pages in a real Chromium at phone size (390x844).

One question of each kind from a match's own referee page (its house rules applying),
the card picker for the meld and the opening; an axe-core scan of every page, light and dark.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import PHONE, check_page, czech_match_over_http

pytestmark = pytest.mark.browser


def pick(page: Page, section: str, cards: str, then: str) -> None:
    """Tap ``cards`` on the picker of question ``section``, then its ``then`` button."""
    picker = page.locator(f"#q-{section} .picker")
    for card in cards.split():
        picker.locator(f'button[data-card="{card}"]').click()
    picker.get_by_role("button", name=then).click()


def answer(page: Page, section: str) -> str:
    return page.locator(f"#q-{section} .ruling .verdict").inner_text()


def test_four_questions_from_a_match(browser, base_url):
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(czech_match_over_http(page.context, base_url))  # made as the phone's form sends it
    page.get_by_role("link", name="Ask the referee").click()
    expect(page.locator("h1")).to_have_text("Referee")
    expect(page.locator("main > p.muted").first).to_contain_text("Czech (club rules, 13 cards)")
    rules_line = page.locator("main > p.muted").first
    expect(rules_line).to_contain_text("Going out needs a last card to discard.")

    # A meld, with the card picker only.
    pick(page, "meld", "9 9 X X X", "Use as the meld")
    expect(page.locator("#meld-cards")).to_have_value("9 9 X X X")
    page.get_by_role("button", name="Ask about the meld").click()
    assert answer(page, "meld").startswith("✓ Allowed. Yes:")
    expect(page.locator("#q-meld .ruling")).to_have_attribute("data-rule", "czech.meld.wild-limit")
    expect(page.locator("#meld-cards")).to_have_value("9 9 X X X")  # the question stays
    check_page(page, "20-referee-meld")

    # One question at a time: the opening is the next link.
    page.locator("nav.jump").get_by_role("link", name="Opening").click()
    expect(page.locator(".question")).to_have_count(1)
    # The opening: melds from the picker, the side chosen with the total the match knows.
    pick(page, "opening", "A A A", "Add meld")
    pick(page, "opening", "K K K", "Add meld")
    expect(page.locator("#opening-melds")).to_have_value("A A A\nK K K")
    page.locator("#opening-score").select_option(index=1)
    page.get_by_role("button", name="Ask about the opening").click()
    assert answer(page, "opening") == (
        "✓ Allowed. Yes: 90 points reach the minimum of 50 for a score of 0."
    )
    expect(page.locator("#q-opening .ruling")).to_have_attribute(
        "data-rule", "czech.opening.minimum"
    )

    # The pile: the top card and hand typed.
    page.locator("nav.jump").get_by_role("link", name="The pile").click()
    page.locator("#pickup-top").fill("7")
    page.locator("#pickup-hand").fill("7 X Q")
    page.locator("#pickup-melds").fill("7 7 7")
    page.get_by_role("button", name="Ask about the pile").click()
    assert answer(page, "pickup") == (
        "✓ Allowed. Yes: the top card goes onto your side's meld of sevens."
    )
    expect(page.locator("#q-pickup .ruling")).to_have_attribute(
        "data-rule", "czech.pile.add-to-meld"
    )

    # Going out with no card to discard: this match's house rule forbids it.
    page.locator("nav.jump").get_by_role("link", name="Going out").click()
    page.locator("#go_out-melds").fill("7 7 7 7 7 2 2\nK K K")
    page.get_by_role("button", name="Ask about going out").click()
    assert answer(page, "go_out") == (
        "✗ Not allowed. No: going out needs one card left to discard."
    )
    expect(page.locator("#q-go_out .ruling")).to_have_attribute(
        "data-rule", "czech.going-out.discard"
    )
    expect(page.locator("#q-go_out blockquote")).to_have_attribute("lang", "cs")
    check_page(page, "21-referee-go-out")

    # A bad question keeps what was typed and names the problem next to the field.
    page.locator("#go_out-hand").fill("Q Z")
    page.get_by_role("button", name="Ask about going out").click()
    expect(page.locator("#go_out-hand-err")).to_contain_text('unknown card "Z"')
    expect(page.locator("#go_out-hand")).to_have_value("Q Z")
    expect(page.locator("#go_out-melds")).to_have_value("7 7 7 7 7 2 2\nK K K")
    check_page(page, "22-referee-error")


def test_referee_without_a_match_offers_every_preset(browser, base_url):
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(base_url + "/")
    page.locator(".site").get_by_role("link", name="Referee").click()
    page.locator(".rules-choice summary").click()
    page.get_by_label("Rules", exact=True).select_option("german")
    expect(page.locator("#players option[value='2']")).to_be_disabled()
    page.get_by_role("button", name="Use these rules").click()
    expect(page.locator(".rules-choice summary")).to_contain_text("German")
    page.locator("#meld-cards").fill("9 9 X X X")
    page.get_by_role("button", name="Ask about the meld").click()
    assert answer(page, "meld").startswith("✗ Not allowed.")
    expect(page.locator("#q-meld .ruling")).to_have_attribute("data-rule", "german.meld.wild-limit")
    check_page(page, "23-referee-german")


@pytest.mark.parametrize(("path", "name"), [
    ("/rules/classic", "24-rules-classic"),
    ("/rules/czech", "25-rules-czech"),
    ("/rules/spanish", "26-rules-spanish"),
    ("/rules/compare", "27-compare"),
])  # fmt: skip
def test_rules_pages_pass_the_scan(browser, base_url, path, name):
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(base_url + path)
    check_page(page, name)


def test_compare_scrolls_inside_its_table_only(browser, base_url):
    page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    page.goto(base_url + "/rules/compare")
    wrap = page.locator(".table-wrap")
    assert wrap.evaluate("e => e.scrollWidth > e.clientWidth")  # the table scrolls...
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # ...the page does not
    german_two = page.locator('tr[data-row="two"] td[data-preset="german"]')
    expect(german_two).to_have_class("differs")
    expect(german_two).to_contain_text("≠")


def test_dark_mode_referee_and_rules_pass_the_scan(browser, base_url):
    page = browser.new_context(viewport=PHONE, color_scheme="dark").new_page()
    page.goto(base_url + "/referee?variant=dutch&q=pickup")
    page.locator("#pickup-top").fill("3")
    page.locator("#pickup-hand").fill("3 3 K")
    page.get_by_role("button", name="Ask about the pile").click()
    assert answer(page, "pickup").startswith("✗ Not allowed.")
    check_page(page, "28-referee-dark")
    page.goto(base_url + "/rules/dutch")
    check_page(page, "29-rules-dark")
    page.goto(base_url + "/rules/compare")
    check_page(page, "30-compare-dark")


def test_american_play_questions_at_phone_size(browser, base_url):
    """Issue 45: a dead rank from the picker, the stock running out and a penalty, asked on
    an American match's own referee page at 390×844, each with its rule, as referee check
    answers."""
    from referee.match.contract import check_json

    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(base_url + "/matches/new")
    page.get_by_label("Rules", exact=True).select_option("american")
    page.get_by_role("button", name="Start the match").click()
    page.get_by_role("link", name="Ask the referee").click()
    page.locator("nav.jump").get_by_role("link", name="A dead rank").click()
    pick(page, "dead_rank", "K", "Use as the rank")
    pick(page, "dead_rank", "K K K K K K K", "Add their meld")
    expect(page.locator("#dead_rank-other_melds")).to_have_value("K K K K K K K")
    page.locator("#dead_rank-action").select_option("discard")
    page.get_by_role("button", name="Ask about the rank").click()
    want = check_json(
        {"variant": "american", "question": "dead_rank", "rank": "K", "action": "discard",
         "other_melds": ["K K K K K K K"]}
    )  # fmt: skip
    assert answer(page, "dead_rank") == f"✓ Allowed. {want['reason']}"
    expect(page.locator("#q-dead_rank .ruling")).to_have_attribute(
        "data-rule", "american.play.dead-rank"
    )
    check_page(page, "20-referee-dead-rank")

    page.locator("nav.jump").get_by_role("link", name="The stock is out").click()
    page.get_by_label("The last card of the stock was a red three").check()
    page.get_by_role("button", name="Ask about the end of the stock").click()
    assert answer(page, "stock_out").startswith("✗ Not allowed. No: the last card")
    check_page(page, "20-referee-stock-out")

    page.locator("nav.jump").get_by_role("link", name="A penalty").click()
    page.get_by_label("What happened").select_option("melds_taken_back")
    page.get_by_role("button", name="Ask about the penalty").click()
    assert "penalty of 10 points" in answer(page, "penalty")
    expect(page.locator("#q-penalty .ruling")).to_have_attribute(
        "data-rule", "american.irregularities.penalty"
    )


def test_cards_held_asked_in_words_then_on_their_form_at_phone_size(browser, base_url):
    """Issue 44: at an American table, sevens and aces left in hand asked in the box; the ruling
    leads with what it costs (cla-laws §Penalties: 1500 each), its button opens the held form
    filled in, and that form, with a card added from the picker, charges the same."""
    from referee.match.contract import check_json

    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(base_url + "/matches/new")
    page.get_by_label("Rules", exact=True).select_option("american")
    page.get_by_role("button", name="Start the match").click()
    page.get_by_role("link", name="Ask the referee").click()
    page.get_by_label("Your question, in your own words").fill(
        "I was left holding 7 7 7 A A A at the end, what does it cost?"
    )
    page.get_by_role("button", name="Ask", exact=True).click()
    said = page.locator("#ask-answer .ruling.said")
    expect(said.locator("strong.figure")).to_have_text("3,000")
    check_page(page, "20-referee-held-asked")
    said.get_by_role("link", name="Check it on the cards held form").click()

    expect(page.locator("#held-hand")).to_have_value("7 7 7 A A A")
    pick(page, "held", "K", "To hand")
    expect(page.locator("#held-hand")).to_have_value("7 7 7 A A A K")
    page.get_by_role("button", name="Ask about the cards held").click()
    want = check_json({"variant": "american", "question": "held", "hand": "7 7 7 A A A K"})
    assert want["penalty"] == 3000
    # a cost, not a prohibition: holding cards at the hand's end is no breach of a rule
    assert answer(page, "held").startswith("✗ Penalised. A player left holding")
    expect(page.locator("#q-held .ruling .penalty strong")).to_have_text("3,000")
    expect(page.locator("#q-held .ruling")).to_have_attribute("data-rule", "american.hand.held")
    page.locator("#q-held-answer").scroll_into_view_if_needed()
    check_page(page, "20-referee-held")


def _ask_then_open_the_hand_form(page, url: str, question: str, figure: str) -> None:
    """The question asked in the referee's box at ``url``: its ruling leads with ``figure``,
    and its button opens the hand's score form filled in."""
    page.goto(url)
    page.get_by_label("Your question, in your own words").fill(question)
    page.get_by_role("button", name="Ask", exact=True).click()
    said = page.locator("#ask-answer .ruling.said")
    expect(said.locator("strong.figure")).to_have_text(figure)
    said.get_by_role("link", name="Check it on the hand's score form").click()


def test_a_hand_s_score_asked_in_words_then_on_its_form_at_phone_size(browser, base_url):
    """Issue 44: a hand's bonuses asked in the box; the ruling leads with the figure, its button
    opens the hand form filled in, and that form, with the melded cards' points added, states
    referee score's figure and its parts, at 390×844 (axe, 44 px targets, no sideways scroll)."""
    from referee.match.contract import check_json

    page = browser.new_context(viewport=PHONE).new_page()
    _ask_then_open_the_hand_form(
        page,
        base_url + "/referee?variant=classic",
        "We had a clean canasta, a dirty canasta and 2 red threes and went out. "
        "What do we score for bonuses?",
        "1,100",
    )

    expect(page.locator("#hand_score-canastas_natural")).to_have_value("1")
    expect(page.locator("#hand_score-canastas_mixed")).to_have_value("1")
    expect(page.locator("#hand_score-red_threes")).to_have_value("2")
    expect(page.get_by_label("Went out", exact=True)).to_be_checked()
    page.get_by_label("Points of all melded cards").fill("190")
    page.get_by_role("button", name="Score the hand").click()
    want = check_json(
        {"variant": "classic", "question": "hand_score", "canastas": {"natural": 1, "mixed": 1},
         "red_threes": 2, "went_out": True, "meld_points": 190}
    )  # fmt: skip
    assert want["points"] == 1290
    expect(page.locator("#q-hand_score .ruling .verdict strong.figure")).to_have_text("1,290")
    expect(page.locator("#q-hand_score .ruling .parts li")).to_have_text(
        ["Melded cards: 190", "Canasta bonuses: 800", "Red threes: 200", "Going out: 100"]
    )
    expect(page.locator("#q-hand_score .ruling")).to_have_attribute(
        "data-rule", "classic.canasta.kinds"
    )
    page.locator("#q-hand_score-answer").scroll_into_view_if_needed()
    check_page(page, "20-referee-hand-score")


def test_an_event_of_the_game_asked_then_scored_on_the_hand_form_at_phone_size(browser, base_url):
    """Issue 44: at a Dutch table with the house rule of the undeclared red three, a red three
    forgotten, asked in the box: the ruling leads with referee score's figure, its button opens
    the hand form filled in (the table's items only: no American penalties), and that form,
    with the other side's acabar chosen too, states referee score's figure for those events,
    at 390×844 (axe, 44 px targets, no sideways scroll); then the American form, whose
    penalties fold open where one is counted."""
    from referee.match.contract import score_json

    page = browser.new_context(viewport=PHONE).new_page()
    rules = "variant=dutch&house=1&opt_dutch_undeclared_red_three=y&opt_dutch_acabar=y"
    _ask_then_open_the_hand_form(
        page,
        f"{base_url}/referee?{rules}",
        "We forgot to declare a red three. What does that cost?",
        "-500",
    )

    expect(page.locator("#hand_score-undeclared_red_threes")).to_have_value("1")
    expect(page.locator("#hand_score-held_sets")).to_have_count(0)
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("#q-hand_score .ruling .verdict strong.figure")).to_have_text("-500")
    page.get_by_label("Acabar", exact=True).select_option(label="The other side called it")
    page.get_by_role("button", name="Score the hand").click()
    scored, _ = score_json(
        {"variant": "dutch", "options": {"undeclared_red_three": True, "acabar": True},
         "sides": [{"undeclared_red_threes": 1, "hand": ""}, {"acabar": True, "hand": ""}]}
    )  # fmt: skip
    figure = f"{scored['sides'][0]['total']:,}"
    expect(page.locator("#q-hand_score .ruling .verdict strong.figure")).to_have_text(figure)
    expect(page.locator("#q-hand_score .ruling")).to_have_attribute(
        "data-rule", "dutch.scoring.acabar"
    )
    page.locator("#q-hand_score-answer").scroll_into_view_if_needed()
    check_page(page, "20-referee-hand-event")

    page.goto(f"{base_url}/referee?variant=american&q=hand_score")
    fold = page.locator("#q-hand_score details.penalties")
    expect(fold).not_to_have_attribute("open", "")
    fold.locator("summary").click()
    page.get_by_label("Players left holding three or more aces or sevens").fill("1")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("#q-hand_score details.penalties")).to_have_attribute("open", "")
    expect(page.locator("#q-hand_score .ruling .verdict strong.figure")).to_have_text("-1,500")
    check_page(page, "20-referee-hand-penalties")
