"""A real Chromium at phone size, as the browser tests drive it: the checks of every page
(no sideways scrolling, axe, 44 px targets, a screenshot), and the taps a player makes
(the card picker, a hand by picker or by counts, a download, a match begun, a phone's
offline queue counted).  The browser and server fixtures are tests/web/conftest.py's."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tests.support.forms import read_form

# How long a browser test waits for a condition: far beyond the app's own timers (the
# offline queue retries every 5 s, a watching phone polls every 3 s, the standings step
# every STANDINGS_SECONDS) and a loaded machine's slowness.  A condition that comes true
# ends the wait at once, so a long limit costs a passing test nothing.
LONG = 60_000  # ms, as Playwright counts
expect.set_options(timeout=LONG)  # every expect(...) without its own timeout

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


AXE = Path(__file__).resolve().parent.parent / "web" / "vendor" / "axe.min.js"


ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


TOUCH = 44  # CSS px, each way: the smallest target a finger hits without a second try


SMALL_TARGETS = r"""(touch) => {
  const controls = document.querySelectorAll(
    'a[href], button, .button, [role=button], select, textarea, summary, input:not([type=hidden])');
  const shown = (el) => el.checkVisibility({visibilityProperty: true})
    && el.getClientRects().length > 0;
  const big = (el) => { const r = el.getBoundingClientRect();
    return r.width >= touch - 0.01 && r.height >= touch - 0.01; };
  const inText = (a) => { const block = a.parentElement.closest('p, li, figcaption');
    if (block === null) return false;
    const words = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let t = words.nextNode(); t; t = words.nextNode())
      if (t.data.trim() && !t.parentElement.closest('a[href], button')) return true;
    return false; };
  const size = (r) => `${Math.round(r.width * 10) / 10}×${Math.round(r.height * 10) / 10}`;
  const name = (el) => {
    const kind = el.tagName === 'INPUT' ? `[type=${el.type}]` : '';
    const classes = typeof el.className === 'string' && el.className.trim()
      ? '.' + el.className.trim().split(/ +/).join('.') : '';
    const label = el.labels && el.labels.length ? el.labels[0].textContent : '';
    const text = (label || el.textContent || el.value || '').trim().replace(/\s+/g, ' ');
    return `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${kind}${classes}`
      + ` "${text.slice(0, 40)}": ${size(el.getBoundingClientRect())}`; };
  const small = [];
  for (const el of controls) {
    if (!shown(el)) continue;
    if (el.matches('a:not(.button, [role=button])') && inText(el)) continue;
    const tapped = el.matches('input[type=checkbox], input[type=radio]')
      ? [el, ...el.labels].filter(shown)
      : el.matches('.step > input') ? [el.parentElement] : [el];
    if (!tapped.some(big)) small.push(name(el));
  }
  return small;
}"""


def small_targets(page: Page) -> list[str]:
    """Every control on ``page`` a finger taps whose box is under TOUCH (44) CSS px either
    way, each as ``tag#id.class "text": W×H``.

    Controls are links, buttons (and links drawn as buttons), selects, inputs, text areas
    and disclosures (``summary``).  Hidden ones (not rendered, inside a closed
    ``<details>``, ``visibility: hidden``) are skipped.  A checkbox or radio passes if it
    or one of its labels is big enough: the label is what is tapped.  A count between a
    stepper's − and + is measured with them: the stepper is the target (its − and + are
    checked on their own too).

    A link in running text is left out: a link (not drawn as a button) inside a ``<p>``,
    ``<li>`` or ``<figcaption>`` that holds words of its own, outside any link or button
    ("Group: Thursday club", "… scan this, or open http://…").  It is as tall as its
    sentence's line, as text links are everywhere.  A link alone in its paragraph, item
    or caption, or beside other links and buttons only (a row of actions), stands alone
    and is checked.
    """
    return page.evaluate(SMALL_TARGETS, TOUCH)


def screenshot(page: Page, name: str) -> None:
    """The whole page as ``tests/artifacts/<name>.png``, at CSS pixels: a phone's page at
    390 px wide, to look at.  At the phone's own scale (2) it had four times the pixels and
    took 126 ms of CPU (Chromium's mostly) against 62 (docs/benchmarks.md, "The suite's
    CPU, lever by lever")."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True, scale="css")


def check_page(page: Page, name: str) -> None:
    """Screenshot, no sideways scrolling at 390 px or 360 px, no axe violation, and every
    control a finger taps at least 44×44 CSS px at 390 px (:func:`small_targets` says which
    count)."""
    screenshot(page, name)
    for width in (390, 360):
        page.set_viewport_size({"width": width, "height": 844})
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"{name}: {scroll}px wide at a {width}px viewport"
    page.set_viewport_size(PHONE)
    page.evaluate(AXE.read_text())  # through DevTools: an inline <script> would break the CSP
    violations = page.evaluate(
        "async () => (await axe.run(document)).violations.map(v => ({id: v.id, help: v.help,"
        " nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))"
    )
    assert violations == [], f"{name}: " + json.dumps(violations, indent=1)
    small = small_targets(page)
    assert small == [], f"{name}: under {TOUCH}×{TOUCH} px:\n" + "\n".join(small)


def pick(page: Page, side: int, cards: str, then: str = "meld") -> None:
    """Cards through the hand form's one picker, sent to ``side``'s melds (or hand)."""
    picker = page.locator("#hand-form .picker")
    for card in cards.split():
        picker.locator(f'button[data-card="{card}"]').click()
    picker.locator(f'button[data-act="{then}"][data-side="{side}"]').click()


def download(page: Page, link: str, path: Path) -> Path:
    """Tap the download link named ``link``, as a phone does, and keep the file at ``path``."""
    with page.expect_download() as waiting:
        page.get_by_role("link", name=link).click()
    waiting.value.save_as(path)
    return path


def row_labels(page: Page) -> list[str]:
    """The hand form's row labels, top to bottom (each names a row of the sides' columns)."""
    return page.locator("#hand-form .row:not(.head) > .what").all_inner_texts()


def first_hand_by_picker(scorer: Page, check=lambda: None) -> None:
    """Hand 1 of the two-phone match: 7 kings, 3 fives and out against 3 aces, 30 in hand."""
    scorer.get_by_role("link", name="Record a hand").click()
    pick(scorer, 0, "K K K K K K K")
    pick(scorer, 0, "5 5 5")
    expect(scorer.locator("#side0-melds")).to_have_value("K K K K K K K\n5 5 5")
    scorer.locator("#out-0").check()
    pick(scorer, 1, "A A A")
    scorer.locator("#side1-hand_points").fill("30")
    expect(scorer.locator('output[data-side="0"]')).to_have_text("+685 → 685")
    check()
    scorer.get_by_role("button", name="Record the hand").click()
    expect(scorer.locator(".flash")).to_contain_text("Hand 1 recorded")
    assert totals(scorer) == [685, 30]


def natural_canasta(page: Page, melded: int) -> None:
    """Side 0's natural canasta and ``melded`` points of melded cards in all, on the quick
    form: a canasta of 10-point cards that counts its own 70 where the form counts canastas
    by what they are made of (classic), else one of the natural canastas counted."""
    page.locator("#side0-meld_points").wait_for(state="attached")  # count() waits not
    made_of = page.locator("#side0-natural_c10")
    if made_of.count():
        made_of.fill("1")
        melded -= 70
    else:
        page.locator("#side0-canastas_natural").fill("1")
    open_points(page)
    page.locator("#side0-meld_points").fill(str(melded))


def open_points(page: Page) -> None:
    """Unfold the quick form's "Points instead of cards" (folded until wanted)."""
    fold = page.locator("details.points")
    fold.wait_for()
    if not fold.evaluate("details => details.open"):
        fold.locator("summary").click()


def second_hand_quick(scorer: Page, hand_points: str) -> None:
    """Hand 2 by counts: a natural canasta, 200 in melds and out against 50."""
    scorer.get_by_role("link", name="Quick hand").click()
    natural_canasta(scorer, melded=200)
    scorer.locator("#out-0").check()
    scorer.locator("#side1-meld_points").fill("50")
    scorer.locator("#side1-hand_points").fill(hand_points)


def totals(page: Page) -> list[int]:
    # The totals are grouped as the page's language writes them: 1,485 / 1.485 / 1 485.
    texts = page.locator(".total .big").all_inner_texts()
    return [int(re.sub(r"[^\d-]", "", t.replace("−", "-"))) for t in texts]


def until(page: Page, script: str, arg=None, seconds: float = LONG / 1000) -> None:
    """Wait for ``script`` to be true in the page (Playwright's wait_for_function
    evaluates a string, which the app's CSP forbids)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"not true within {seconds} s: {script}"
        time.sleep(0.1)


def reload(page: Page) -> None:
    """Reload ``page``, as a person pulls it down to see what others changed.  A page that
    polls (``data-poll``) reloads itself once its version changes; when that reload and
    this one cross, Chromium aborts one (``net::ERR_ABORTED``), so the reload is made
    again: the page ends freshly loaded either way."""
    for _try in range(3):
        try:
            page.reload()
            return
        except PlaywrightError as error:
            if "ERR_ABORTED" not in error.message:
                raise
    page.reload()


def controlled(page: Page) -> None:
    """Wait until the service worker controls the page (it claims it on activation)."""
    until(page, "() => navigator.serviceWorker.controller !== null")


def new_match(page: Page, base_url: str, target: str = "5000") -> str:
    page.goto(base_url + "/matches/new")
    controlled(page)
    page.locator("#side1_name").fill("We")
    page.locator("#side2_name").fill("They")
    page.locator("#target").fill(target)
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".total h2")).to_have_text(["We", "They"])
    return page.url


def quick(page: Page, we: str, they: str = "0") -> None:
    open_points(page)
    page.locator("#side0-meld_points").fill(we)
    page.locator("#side1-meld_points").fill(they)
    page.locator("#out-none").check()  # the choice the form asks for


def kept_count(page: Page) -> int:
    return page.evaluate("RefereeQueue.all().then(items => items.length)")


def quick_hand(page: Page, note: str = "") -> None:
    """Side 1 goes out with a natural canasta: 500 + 300 in melds + 100 out = 900 against 60
    (melds reaching the opening minimum of a new match, 50)."""
    page.get_by_role("link", name="Quick hand").click()
    natural_canasta(page, melded=300)
    page.locator("#out-0").check()
    page.locator("#side1-meld_points").fill("60")
    if note:  # folded away until wanted
        page.locator("details.note summary").click()
        page.locator("#note").fill(note)
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator(".flash")).to_contain_text("recorded")


# -- a match's state set up over HTTP ------------------------------------------------------
# Where a test checks a later page, not the walk to it, the phone's forms are sent by the
# test itself over real HTTP to the test's real server, through the browser context's own
# request client (``context.request``: the same cookies, so the same session and CSRF
# token, and the match is the phone's), as the phone would send them: every control of the
# form with the value the page gave it, changed where the test says.  The page is then
# opened in Chromium.  Each flow is still walked through its pages, tapped as a person
# does, by at least one test (tests/web/test_browser.py, test_browser_evening.py, ...);
# a page load spared is some 130 ms of Chromium's CPU, a fill or tap 40 - 65 ms
# (docs/benchmarks.md, "Pages cheaper to render, and browser tests set up over HTTP").


class Label(str):
    """A select's option chosen by what it says (``Label("Anna")``), as a person picks it."""


def send_form(
    context: BrowserContext,
    url: str,
    changes: dict[str, str | bool] | None = None,
    form: str | None = None,
    said: str | None = None,
) -> str:
    """Open ``url`` over HTTP in ``context`` and send its form (``form``: its id, else the
    first form that posts) as a phone does, with ``changes``: a field's new value, a
    checkbox ``True`` (ticked, with its own value) or ``False`` (unticked), a radio its
    value, a select a :class:`Label`.  The answer is followed through its redirects and
    must be a page (2xx), saying ``said`` if given (a flash: "Hand 2 recorded"); the address
    it ended on is returned (a new match's edit link, the match page after a hand)."""
    opened = context.request.get(url)
    assert opened.ok, f"{url}: {opened.status}"
    found = read_form(opened.text(), form)
    assert found.done, f"{url}: no form {form or 'that posts'}"
    data = dict(found.data)  # each name once: none of these forms repeats one
    for name, value in (changes or {}).items():
        if value is True:
            [value] = [v for k, v in found.data if k == name] or [
                key.split("=", 1)[1] for key, box in found.boxes.items() if box == name
            ]
        if isinstance(value, Label):
            value = found.options[name][value]
        if value is False:
            data.pop(name, None)
        else:
            data[name] = str(value)
    action = urljoin(opened.url, found.action or opened.url)
    if found.multipart:
        sent = context.request.post(action, multipart=data)
    else:
        sent = context.request.post(action, form=data)
    assert sent.ok, f"{action}: {sent.status}\n{sent.text()[:2000]}"
    if said is not None:
        assert said in sent.text(), f"{action}: {said!r} not said on {sent.url}"
    return sent.url


def match_over_http(context: BrowserContext, base_url: str, **fields: str | bool) -> str:
    """A new match made through the new-match form sent over HTTP (its defaults, changed
    by ``fields``); its edit link."""
    match = send_form(context, base_url + "/matches/new", fields, form="new-match")
    assert re.search(r"/m/\d+/[^/]+$", match), match
    return match


def hand_over_http(
    context: BrowserContext, match: str, said: str = "recorded", **fields: str | bool
) -> str:
    """A quick hand sent through the quick form over HTTP (``fields`` as the form names
    them: ``side0-meld_points``, ``out``, ...), recorded (the page it led to says ``said``,
    the flash): the match page it led to."""
    url = match + "/hands/new?mode=quick"
    shown = send_form(context, url, fields, form="hand-form", said=said)
    assert "/hands/" not in shown, f"the hand was not recorded: {shown}"
    return shown


def quick_hand_over_http(context: BrowserContext, match: str, note: str = "") -> None:
    """:func:`quick_hand`'s hand (side 1 out with a natural canasta, 900 against 60) sent
    over HTTP: the natural canasta counted as :func:`natural_canasta` counts it."""
    opened = context.request.get(match + "/hands/new?mode=quick")
    fields = dict(read_form(opened.text(), "hand-form").data)
    if "side0-natural_c10" in fields:  # canastas counted by what they are made of
        canasta = {"side0-natural_c10": "1", "side0-meld_points": "230"}
    else:
        canasta = {"side0-canastas_natural": "1", "side0-meld_points": "300"}
    said = {"note": note} if note else {}
    hand_over_http(context, match, **canasta, out="0", **{"side1-meld_points": "60"}, **said)


def czech_match_over_http(context: BrowserContext, base_url: str) -> str:
    """A Czech match whose going out needs a last card to discard, made over HTTP: its
    edit link."""
    return match_over_http(
        context, base_url, preset="czech", opt_czech_going_out_needs_discard=True
    )


def axe_clean(page: Page, name: str) -> None:
    """Screenshot and axe at the page's own size (check_page's is the phone's)."""
    screenshot(page, name)
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    page.evaluate(AXE.read_text())
    violations = page.evaluate(
        "async () => (await axe.run(document)).violations.map(v => ({id: v.id, help: v.help,"
        " nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))"
    )
    assert violations == [], f"{name}: " + json.dumps(violations, indent=1)


# A shared result card is at most this big (issue 37).
SMALL = 60 * 1024

# The share sheet stubbed (a headless browser has none): what it was handed, the file's
# first bytes and size read back.  FILES: what canShare answers for files.
SHEET = """
Object.defineProperty(navigator, 'canShare', {configurable: true, value: (data) => FILES});
Object.defineProperty(navigator, 'share', {configurable: true, value: (data) => {
  const files = (data.files || []).map(f => f.arrayBuffer().then(b => ({
    name: f.name, type: f.type, size: f.size,
    head: Array.from(new Uint8Array(b.slice(0, 8)))})));
  return Promise.all(files).then(got => {
    window.shared = {text: data.text, url: data.url || null, files: got};
  });
}});
"""
NO_SHEET = (
    "Object.defineProperty(Navigator.prototype, 'share', {configurable: true, value: undefined});"
)
PNG = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
