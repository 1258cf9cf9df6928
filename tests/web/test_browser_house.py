"""A table's own rules in a real Chromium at phone size: a classic match with a clean canasta
at 600 and going out at 200, a hand scored by them, the ≠ marks, the rules downloaded and a
second match started from the file.  Screenshots go to tests/artifacts/ (house-*.png)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.support.browser import PHONE, check_page, download, quick_hand_over_http, totals

pytestmark = pytest.mark.browser


def test_a_tables_own_rules_on_a_phone(browser, base_url, tmp_path):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    page.goto(base_url + "/matches/new")
    page.get_by_role("button", name="Change the rules").click()
    editor = page.locator("#house-rules")
    expect(editor.locator("legend").first).to_have_text("Your table's rules, based on Classic")
    editor.locator("summary", has_text="Canastas").click()
    natural = page.get_by_label("natural", exact=True)
    expect(natural).to_have_value("500")
    natural.fill("600")
    editor.locator("summary", has_text="Going out").click()
    page.get_by_label("Going out bonus", exact=True).fill("200")
    check_page(page, "house-editor")
    page.get_by_role("button", name="Start the match").click()

    # The match says what it plays differently, marked ≠ beside the preset's value.
    house = page.locator(".house")
    expect(house).to_contain_text("House rules based on Classic:")
    expect(house.locator("li")).to_have_text(
        ["≠ Canasta bonus (natural): 600 (Classic: 500)", "≠ Going out bonus: 200 (Classic: 100)"]
    )
    # A natural canasta, 300 in melds and out: 600 + 300 + 200 (the Laws: 500 and 100),
    # sent over HTTP as the phone's quick form sends it (the form is walked elsewhere).
    match_url = page.url.split("#")[0]
    quick_hand_over_http(context, match_url)
    page.goto(match_url)
    assert totals(page) == [1100, 60]
    check_page(page, "house-match")

    # The rulebook page of the match marks the change and cites it as a house rule.
    page.get_by_role("link", name="The rules").click()
    expect(page.locator(".house li").first).to_contain_text("600")
    expect(page.locator("#rule-canasta\\.kinds")).to_contain_text("House rule of this table")
    check_page(page, "house-rules-page")

    # The rules as a file, and a new match started from it.
    page.goto(match_url)
    path = download(page, "These rules, to start another match (JSON)", tmp_path / "rules.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["rules"] == {"canasta_bonus": {"natural": 600}, "going_out_bonus": 200}

    page.goto(base_url + "/matches/new")
    page.locator("#preset").select_option("czech")
    page.locator("summary", has_text="Start from a rules file").click()
    page.get_by_label("Rules file (JSON)").set_input_files(str(path))
    page.get_by_role("button", name="Load the rules").click()
    expect(page.locator("#house-rules .note")).to_contain_text("2 values changed")
    expect(page.locator("#preset")).to_have_value("classic")
    expect(page.get_by_label("natural", exact=True)).to_have_value("600")
    check_page(page, "house-loaded")
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".house li")).to_have_count(2)
    quick_hand_over_http(context, page.url.split("#")[0])
    page.reload()
    assert totals(page) == [1100, 60]
    context.close()
