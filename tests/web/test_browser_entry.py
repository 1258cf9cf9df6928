"""The scorer's minute in a real Chromium at 390×844: the five reference hands of
``tests/support/taps.py`` (classic, a 3-player czech hand, a 6-player spanish hand, samba,
american) entered card by card (a rank, then how many) and quick (cards counted by
value, no sums), each scoring as the rules core says, in at most 10 taps for the quick
form; axe clean on each filled form.  Screenshots: tests/artifacts/entry-*.png."""

from __future__ import annotations

import pytest

from tests.support.browser import PHONE, check_page
from tests.support.taps import HANDS, enter

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("reference", HANDS, ids=[h.preset for h in HANDS])
def test_the_reference_hands_on_a_phone(browser, base_url, reference):
    page = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True).new_page()
    shots = []

    def look(mode: str) -> None:
        check_page(page, f"entry-{reference.preset}-{mode}")
        shots.append(mode)

    cards = enter(page, base_url, reference, "cards", before_submit=lambda: look("cards"))
    quick = enter(page, base_url, reference, "quick", before_submit=lambda: look("quick"))
    assert shots == ["cards", "quick"]
    assert not cards.sums
    assert not quick.sums  # no point sum worked out by the scorer
    assert quick.taps <= 10
