"""A phone that loses the connection: pages kept, hands kept and sent once, in order.

Real Chromium at 390×844 against the real ``referee serve`` on 127.0.0.1 (a secure
context, as https is), with Playwright's offline switch cutting the phone off.
"""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import (
    LONG,
    PHONE,
    controlled,
    hand_over_http,
    kept_count,
    match_over_http,
    new_match,
    open_points,
    quick,
    totals,
    until,
)

pytestmark = pytest.mark.browser


def phone(browser):
    return browser.new_context(viewport=PHONE)


def recorded(page: Page, match: str, we: str, they: str) -> None:
    """Record a quick hand online, as the scorer does."""
    page.goto(match + "/hands/new?mode=quick")
    quick(page, we, they)
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash")).to_contain_text("Hand 1 recorded")


def hands(page: Page) -> int:
    return page.locator(".hands > li").count()


def test_a_hand_typed_offline_is_kept_and_sent_once_when_back(browser, base_url):
    context = phone(browser)
    page = context.new_page()
    match = new_match(page, base_url)
    page.goto(match + "/hands/new?mode=quick")  # the form, opened while online

    context.set_offline(True)
    quick(page, "150", "60")
    page.get_by_role("button", name="Record the hand").click()
    kept = page.locator(".flash.kept")
    expect(kept).to_contain_text("Saved on this phone")
    expect(kept).to_contain_text("waiting: 1")
    assert kept_count(page) == 1
    assert hands(page) == 0  # not recorded yet: the match as last seen

    context.set_offline(False)
    expect(page.locator(".flash.sent")).to_be_visible(timeout=LONG)
    expect(page.locator(".hands > li")).to_have_count(1)
    assert totals(page) == [150, 60]
    assert kept_count(page) == 0
    page.reload()
    assert hands(page) == 1  # exactly once
    context.close()


def kept_offline(browser, base_url: str, we: str, they: str, target: str = "5000"):
    """A phone that typed a quick hand offline on a new match: (its context, its page,
    the match), the hand waiting on the phone."""
    context = phone(browser)
    page = context.new_page()
    match = new_match(page, base_url, target=target)
    page.goto(match + "/hands/new?mode=quick")
    context.set_offline(True)
    quick(page, we, they)
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash.kept")).to_contain_text("waiting: 1")
    return context, page, match


def test_a_hand_that_no_longer_fits_comes_back_with_its_reason(browser, base_url):
    context, page, match = kept_offline(browser, base_url, "215", "55", target="500")

    # Meanwhile another phone with the edit link wins the match.
    other = phone(browser).new_page()
    other.goto(match + "/hands/new?mode=quick")
    quick(other, "600")
    other.get_by_role("button", name="Record the hand").click()
    expect(other.locator(".winner")).to_contain_text("Winner: We")

    context.set_offline(False)
    expect(page.locator(".problems")).to_contain_text("The match is over", timeout=LONG)
    expect(page.locator("#side0-meld_points")).to_have_value("215")
    expect(page.locator("#side1-meld_points")).to_have_value("55")
    assert kept_count(page) == 0  # answered: the form is in front of the player now
    other.context.close()
    context.close()


def test_a_hand_kept_offline_that_arrives_stale_is_shown_never_lost_or_doubled(browser, base_url):
    context, page, match = kept_offline(browser, base_url, "150", "60")

    # Meanwhile another phone at the table records hand 1 (its form sent over HTTP).
    other = phone(browser).new_page()
    recorded_over_http(other.context, match, "90", "50")

    # Back online: the kept hand is not stored silently as hand 2, nor dropped.
    context.set_offline(False)
    clash = page.locator("#clash")
    expect(clash).to_contain_text("Hand 1 was recorded from another phone", timeout=LONG)
    expect(clash).to_contain_text("We 90, They 50")
    expect(page.locator("#side0-meld_points")).to_have_value("150")
    assert kept_count(page) == 0  # answered: the form is in front of the player now
    page.get_by_role("button", name="Record mine as hand 2").click()
    expect(page.locator(".flash")).to_contain_text("Hand 2 recorded")
    page.reload()
    assert hands(page) == 2
    assert totals(page) == [240, 110]
    other.context.close()
    context.close()


def test_offline_a_match_opens_as_last_seen_marked_offline(browser, base_url):
    context = phone(browser)
    page = context.new_page()
    match = new_match(page, base_url)
    recorded(page, match, "90", "50")

    context.set_offline(True)
    page.goto(base_url + "/")
    page.goto(match)
    note = page.locator(".flash.offline")
    expect(note).to_contain_text(re.compile(r"Offline — last updated \d\d:\d\d"))
    assert totals(page) == [90, 50]
    page.goto(base_url + "/rules/never-opened")
    expect(page.locator("h1")).to_have_text("No connection")
    context.close()


def test_an_edit_and_an_undo_made_offline_arrive_in_order(browser, base_url):
    context = phone(browser)
    page = context.new_page()
    match = new_match(page, base_url)
    recorded(page, match, "120", "60")
    page.locator("#hand-1 summary").click()
    page.get_by_role("link", name="Edit hand 1").click()  # the edit form, opened online
    edit_url = page.url

    context.set_offline(True)
    open_points(page)
    page.locator("#side0-meld_points").fill("200")
    page.get_by_role("button", name="Save changes").click()
    expect(page.locator(".flash.kept")).to_contain_text("waiting: 1")
    page.get_by_role("button", name="Undo last change").click()
    expect(page.locator(".flash.kept")).to_contain_text("waiting: 2")

    context.set_offline(False)
    expect(page.locator(".flash.sent")).to_be_visible(timeout=LONG)
    # The edit, then the undo of that edit: hand 1 as first recorded.
    assert totals(page) == [120, 60]
    page.goto(match + "/history")
    entries = [e.split("\n")[0] for e in page.locator(".history > li").all_inner_texts()]
    # Newest first: the undo of the edit, the edit, the hand as recorded.
    assert [e.split(" hand")[0] for e in entries] == ["Undid a change to", "Edited", "Recorded"]
    assert edit_url.startswith(match + "/hands/")
    context.close()


def test_a_read_only_link_never_keeps_anything(browser, base_url):
    scorer = phone(browser).new_page()
    new_match(scorer, base_url)
    view = scorer.locator("a.link").first.get_attribute("href")
    context = phone(browser)
    viewer = context.new_page()
    viewer.goto(view)
    controlled(viewer)
    viewer.goto(view)  # kept by the worker now
    assert viewer.locator("form[method=post]").count() == 0

    context.set_offline(True)
    # Even a post made up by hand to the read-only link's undo is not kept.
    viewer.evaluate(
        """url => { const f = document.createElement('form'); f.method = 'post';
        f.action = url + '/undo'; document.body.append(f); f.submit(); }""",
        view,
    )
    expect(viewer.locator(".flash.offline")).to_be_visible()
    assert kept_count(viewer) == 0
    scorer.context.close()
    context.close()


def test_the_workers_cache_is_the_current_versions_only(browser, base_url):
    context = phone(browser)
    # A cache left by an older version of the app, before the current worker arrives.
    context.add_init_script("caches.open('referee-0123456789abcdef')")
    page = context.new_page()
    page.goto(base_url + "/")
    controlled(page)
    version = re.search(r'VERSION\s*=\s*"(\w+)"', page.request.get(base_url + "/sw.js").text())[1]
    until(page, "v => caches.keys().then(k => k.length === 1 && k[0] === 'referee-' + v)", version)
    cached = page.evaluate(
        "v => caches.open('referee-' + v).then(c => c.keys()).then(r => r.map(x => x.url))", version
    )
    assert any(url.endswith("/static/app.js") for url in cached)
    context.close()


def test_the_screen_stays_on_while_scoring_unless_switched_off(browser, base_url):
    context = phone(browser)
    page = context.new_page()
    new_match(page, base_url)
    until(page, "() => document.documentElement.dataset.awake === 'on'")
    switch = page.get_by_label("Keep the screen on")
    expect(switch).to_be_checked()
    switch.uncheck()
    until(page, "() => document.documentElement.dataset.awake === 'off'")
    page.reload()
    expect(page.get_by_label("Keep the screen on")).not_to_be_checked()
    assert page.evaluate("document.documentElement.dataset.awake") is None
    page.goto(base_url + "/rules/classic")  # not a scoring page: no switch, no lock
    expect(page.get_by_label("Keep the screen on")).to_be_hidden()
    context.close()


def test_on_a_plain_http_lan_address_the_footer_says_offline_needs_https(browser, base_url):
    """A name that is not this machine's own makes Chromium treat plain http as insecure."""
    from tests.support.browser import CHROMIUM, CHROMIUM_ARGS

    port = base_url.rsplit(":", 1)[1]
    chromium = browser.chromium.browser_type.launch(
        executable_path=CHROMIUM,
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP referee.test 127.0.0.1"],
    )
    try:
        page = chromium.new_context(viewport=PHONE).new_page()
        page.goto(f"http://referee.test:{port}/")
        assert page.evaluate("window.isSecureContext") is False
        expect(page.locator("#https-note")).to_be_visible()
        expect(page.locator("#https-note")).to_contain_text("only over https")
        assert page.evaluate("navigator.serviceWorker === undefined")
        expect(page.get_by_role("link", name="Start a new match")).to_be_visible()  # works
    finally:
        chromium.close()


def test_chromium_finds_the_app_installable(browser, base_url, tmp_path):
    """Chromium's own install criteria (what Lighthouse's retired PWA check asked it),
    in a profile of its own: Playwright's usual contexts are incognito, never installable."""
    from tests.support.browser import CHROMIUM, CHROMIUM_ARGS

    context = browser.chromium.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONE
    )
    try:
        page = context.new_page()
        page.goto(base_url + "/")
        controlled(page)
        page.reload()  # the start page, under the worker that answers it offline
        session = context.new_cdp_session(page)
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        manifest = session.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
    finally:
        context.close()


# -- A phone whose first page is the match (a link from a message, a QR code) ---------------


def recorded_over_http(context, match: str, we: str, they: str) -> None:
    """:func:`recorded`'s quick hand, sent by another phone's quick form over HTTP."""
    points = {"side0-meld_points": we, "side1-meld_points": they}
    hand_over_http(context, match, **points, out="none")


def made_on_another_phone(browser, base_url: str, hand: tuple[str, str] | None = None) -> str:
    """The edit link of a match started (and ``hand`` recorded) on another phone, as a
    message or a QR code brings it to this one: that phone's forms sent over HTTP, as
    :func:`new_match` and :func:`recorded` fill them (what these tests watch is this phone)."""
    context = phone(browser)
    names = {"side1_name": "We", "side2_name": "They"}
    match = match_over_http(context, base_url, target="5000", **names)
    if hand:
        recorded_over_http(context, match, *hand)
    context.close()
    return match


def first_visit(browser, url: str) -> tuple:
    """A fresh browser profile whose very first page is ``url``, once the worker it
    installs has taken charge of it and kept it (where no copy of the match is kept, a
    post is kept all the same: test_a_form_opened_first_is_kept_offline_with_a_plain_saved_page)."""
    context = phone(browser)
    page = context.new_page()
    page.goto(url)
    controlled(page)
    until(page, "() => caches.match(location.href, {ignoreVary: true}).then(Boolean)")
    return context, page


def stored(match: str) -> dict:
    """The match as the server has it (the JSON API, by the edit link's token)."""
    base, match_id, token = re.fullmatch(r"(.*)/m/(\d+)/([^/?#]+)", match).groups()
    with urllib.request.urlopen(f"{base}/api/matches/{match_id}?token={token}") as answer:
        return json.load(answer)


def changes(page: Page, match: str) -> list[str]:
    """The history page's changes, newest first, as "Recorded", "Edited", ..."""
    page.goto(match + "/history")
    entries = page.locator(".history > li strong").all_inner_texts()
    return [re.match(r"Recorded|Edited|Deleted|Undid a change to", e)[0] for e in entries]


def test_a_first_page_edit_link_keeps_an_offline_hand_and_sends_it_once(browser, base_url):
    match = made_on_another_phone(browser, base_url)
    context, page = first_visit(browser, match)
    page.get_by_role("link", name="Record a hand").click()
    page.locator("#side0-melds").fill("K K K K K K K\n5 5 5")
    page.locator("#out-0").check()
    page.locator("#side1-melds").fill("A A A")
    page.locator("#side1-hand_points").fill("30")

    context.set_offline(True)
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator("main")).to_contain_text("Saved on this phone")
    expect(page.locator("main")).not_to_contain_text("not opened on this phone")
    assert kept_count(page) == 1
    assert stored(match)["hands"] == []

    context.set_offline(False)
    expect(page.locator(".flash.sent")).to_be_visible(timeout=LONG)
    assert totals(page) == [685, 30]
    assert kept_count(page) == 0
    hands_stored = stored(match)["hands"]
    assert len(hands_stored) == 1  # exactly one new hand, with what was typed
    sides = hands_stored[0]["entry"]["sides"]
    assert sides[0]["melds"].splitlines() == ["K K K K K K K", "5 5 5"]  # a form sends CRLF
    assert sides[0]["went_out"] is True
    assert (sides[1]["melds"], sides[1]["hand_points"]) == ("A A A", 30)
    assert hands_stored[0]["scores"] == [685, 30]
    page.reload()
    assert hands(page) == 1
    context.close()


def test_a_form_opened_first_is_kept_offline_with_a_plain_saved_page(browser, base_url):
    """The hand form itself as the first page: the match page was never on this phone, so
    the worker answers the kept post with its own plain page, and still sends it once."""
    match = made_on_another_phone(browser, base_url)
    context, page = first_visit(browser, match + "/hands/new?mode=quick")
    quick(page, "150", "60")

    context.set_offline(True)
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator("h1")).to_have_text("Saved on this phone")
    expect(page.locator(".flash.kept")).to_contain_text("waiting: 1")
    assert kept_count(page) == 1

    context.set_offline(False)
    expect(page.locator(".flash.sent")).to_be_visible(timeout=LONG)
    assert page.url.startswith(match)
    assert totals(page) == [150, 60]
    assert [hand["scores"] for hand in stored(match)["hands"]] == [[150, 60]]
    context.close()


def test_a_first_page_edit_link_keeps_an_offline_edit_and_sends_it_once(browser, base_url):
    match = made_on_another_phone(browser, base_url, ("120", "60"))
    context, page = first_visit(browser, match)
    page.locator("#hand-1 summary").click()
    page.get_by_role("link", name="Edit hand 1").click()

    context.set_offline(True)
    open_points(page)
    page.locator("#side0-meld_points").fill("200")
    page.get_by_role("button", name="Save changes").click()
    expect(page.locator("main")).to_contain_text("Saved on this phone")
    assert kept_count(page) == 1
    assert stored(match)["hands"][0]["scores"] == [120, 60]

    context.set_offline(False)
    expect(page.locator(".flash.sent")).to_be_visible(timeout=LONG)
    assert totals(page) == [200, 60]
    hands_stored = stored(match)["hands"]
    assert len(hands_stored) == 1
    assert hands_stored[0]["entry"]["sides"][0]["meld_points"] == 200
    assert changes(page, match) == ["Edited", "Recorded"]  # the edit, once
    context.close()


def test_a_first_page_edit_link_keeps_an_offline_undo_and_sends_it_once(browser, base_url):
    match = made_on_another_phone(browser, base_url, ("90", "50"))
    context, page = first_visit(browser, match)

    context.set_offline(True)
    page.get_by_role("button", name="Undo last change").click()
    expect(page.locator(".flash.kept")).to_contain_text("Saved on this phone")
    assert totals(page) == [90, 50]  # the first page, kept by the worker it installed
    assert kept_count(page) == 1
    assert len(stored(match)["hands"]) == 1

    context.set_offline(False)
    expect(page.locator(".flash.sent")).to_be_visible(timeout=LONG)
    assert hands(page) == 0
    assert stored(match)["hands"] == []
    assert changes(page, match) == ["Undid a change to", "Recorded"]  # undone once
    context.close()


def test_a_first_page_hand_form_keeps_an_offline_delete_and_sends_it_once(browser, base_url):
    match = made_on_another_phone(browser, base_url, ("90", "50"))
    hand_id = stored(match)["hands"][0]["id"]
    context, page = first_visit(browser, f"{match}/hands/{hand_id}/edit")

    context.set_offline(True)
    page.get_by_role("button", name="Delete this hand").click()
    expect(page.locator("main")).to_contain_text("Saved on this phone")
    assert kept_count(page) == 1

    context.set_offline(False)
    expect(page.locator(".flash.sent")).to_be_visible(timeout=LONG)
    assert stored(match)["hands"] == []
    assert changes(page, match) == ["Deleted", "Recorded"]
    context.close()
