"""Reference hands, and how a scorer enters them on a phone, counting taps and digits.

Shared by ``bench/bench_taps.py`` (the figures) and the browser tests of the entry
(``tests/web/test_browser_entry.py``).  Each hand is entered with the fewest touches the
page allows: card by card with the picker (a rank, then how many, where the page has that)
and quick (counts); pages of the code before this (no "how many", a sum to type) are
entered the way they allowed, so the same script measures before and after.

Two sets: ``HANDS``, five reference hands of five variants, and ``REAL_HANDS``, the five
classic hands of issue 37 as a real table had them, which are also entered as one evening
in one match (``evening``), each hand judged where the match stands.  A *tap* is every
touch but a digit (a field, a stepper, a radio, a box, the submit); a *key* is a digit or a
card typed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from playwright.sync_api import Locator, Page, expect

from referee.match.contract import score_json
from referee.rules import PRESETS
from tests.support.browser import totals


@dataclass
class Side:
    melds: list[str] = field(default_factory=list)  # card notation, one meld each
    hand: str = ""  # cards left in hand
    red_threes: int = 0


@dataclass
class Reference:
    name: str
    preset: str
    players: int
    sides: list[Side]
    out: int | None  # the side that went out
    concealed: bool = False  # it went out concealed
    agreed: bool = False  # it breaks a rule, and the table records it anyway


# Every side that melds reaches its opening minimum in a new match (50; american's 125).
HANDS = [
    # The typical hand: a canasta of kings, three fives, out; three aces, 20 in hand.
    Reference("classic, 4 players", "classic", 4,
              [Side(["K K K K K K K", "5 5 5"]), Side(["A A A"], hand="10 10")], 0),
    Reference("czech, 3 players", "czech", 3,
              [Side(["Q Q Q Q Q Q Q", "8 8 8"], red_threes=1), Side(["A A A"], hand="4 4"),
               Side(["9 9 X"], hand="6")], 0),
    Reference("spanish, 6 players", "spanish", 6,
              [Side(["J J J J J J J", "6 6 6 6 6 2 2"]), Side(["A A A"], hand="K Q")], 0),
    Reference("samba, 4 players", "samba", 4,
              [Side(["7h 8h 9h 10h Jh Qh Kh", "K K K K K K K"]), Side(["A A A"], red_threes=2)],
              0),
    Reference("american, 4 players", "american", 4,
              [Side(["K K K K K K K", "Q Q Q Q Q 2 2"]), Side(["A A A A A A A"], hand="5 5")], 0),
]  # fmt: skip

# Issue 37's five hands, classic, four players (side 0 is A).  Where the issue leaves cards
# unnamed they are chosen as a table would have them: a mixed canasta it does not describe
# is made like the one it does (five natural cards and two twos), "tens" are tens, "small
# cards" are 4 to 7, and ten-point cards melded besides the canastas are melds of four.
REAL_HANDS = [
    # A went out: natural kings, mixed aces (5 aces, 2 twos), 12 ten-point cards, a red three;
    # B: a joker, 3 tens, 4 fives melded, a red three; 2 aces, a ten, 3 small cards in hand.
    Reference("1: A out, 2 canastas", "classic", 4,
              [Side(["K K K K K K K", "A A A A A 2 2", "Q Q Q Q", "J J J J", "9 9 9 9"],
                    red_threes=1),
               Side(["10 10 10 X", "5 5 5 5"], hand="A A 10 4 6 7", red_threes=1)], 0),
    # A: natural sevens, 4 tens and 3 fives melded, a joker and 2 fives in hand;
    # B went out with two mixed canastas (queens, eights) and 2 red threes.
    Reference("2: B out, 2 mixed", "classic", 4,
              [Side(["7 7 7 7 7 7 7", "10 10 10 10", "5 5 5"], hand="X 5 5"),
               Side(["Q Q Q Q Q 2 2", "8 8 8 8 8 2 2"], red_threes=2)], 1),
    # A went out concealed: natural queens and 3 jacks; B: 6 ten-point cards melded,
    # 2 jokers and 4 small cards in hand.
    Reference("3: A out concealed", "classic", 4,
              [Side(["Q Q Q Q Q Q Q", "J J J"]),
               Side(["K K K", "9 9 9"], hand="X X 4 5 6 7")], 0, concealed=True),
    # Nobody out (the stock ran out): A mixed nines and 2 red threes; B 9 ten-point and
    # 3 five-point cards melded, an ace in hand.
    Reference("4: nobody out", "classic", 4,
              [Side(["9 9 9 9 9 2 2"], red_threes=2),
               Side(["K K K", "Q Q Q", "8 8 8", "6 6 6"], hand="A")], None),
    # B went out with natural kings and sevens and mixed jacks, 4 red threes; A 3 fives
    # melded, 2 aces, a joker, 3 tens and 2 small cards in hand.  A's 15 melded points are
    # under any opening minimum (50, or 120 at A's score in the evening): the app says so,
    # and the table records it anyway, one tap more.
    Reference("5: B out, 3 canastas", "classic", 4,
              [Side(["5 5 5"], hand="A A X 10 10 10 4 6"),
               Side(["K K K K K K K", "7 7 7 7 7 7 7", "J J J J J 2 2"], red_threes=4)], 1,
              agreed=True),
]  # fmt: skip


class Counted:
    """A page whose touches and keys are counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0
        self.keys = 0  # digits typed (and, in the code before, cards typed)
        self.sums = False  # a point sum worked out and typed

    def tap(self, target: Locator) -> None:
        target.click()
        self.taps += 1

    def type(self, target: Locator, text: str, *, a_sum: bool = False, keys: int = 0) -> None:
        """Touch the field and type ``text`` (``keys``: only that many are new)."""
        if not text or text == "0":
            return
        target.click()
        target.fill(text)
        self.taps += 1
        self.keys += keys or len(text)
        self.sums = self.sums or a_sum


def _runs(cards: str) -> list[tuple[str, int]]:
    """ "K K K 5 5" -> [("K", 3), ("5", 2)]: each rank with how many in a row."""
    runs: list[tuple[str, int]] = []
    for card in cards.split():
        if runs and runs[-1][0] == card:
            runs[-1] = (card, runs[-1][1] + 1)
        else:
            runs.append((card, 1))
    return runs


def _pick(c: Counted, picker: Locator, cards: str, send: Locator) -> bool:
    """Cards through the picker, then ``send``; False if they need suits and the picker has
    none (the code before: typed)."""
    suits = picker.locator("[data-suit]").count() > 0
    if not suits and any(card[-1] in "shdc" for card in cards.split()):
        return False
    times = picker.locator("[data-times]").count() > 0
    chosen = ""  # the suit the picker holds: it goes with every rank tapped after it
    for card, n in _runs(cards):
        rank, suit = (card[:-1], card[-1]) if card[-1] in "shdc" else (card, "")
        if suit != chosen:  # tap the suit wanted (or the one held, to let it go)
            c.tap(picker.locator(f'button[data-suit="{suit or chosen}"]'))
            chosen = suit
        face = picker.locator(f'button[data-card="{rank}"]')
        if times and n > 1:
            c.tap(face)
            c.tap(picker.locator(f'button[data-times="{n}"]'))
        else:
            for _ in range(n):
                c.tap(face)
    c.tap(send)
    return True


def _sender(page: Page, side: int, act: str, name: str) -> tuple[Locator, Locator]:
    """The picker and its button that sends cards to ``side``'s melds or hand: the form's one
    picker with a pair of buttons per side, or (the code before) a picker in each side's box."""
    shared = page.locator("#hand-form .picker")
    if shared.locator("[data-side]").count():
        return shared, shared.locator(f'button[data-act="{act}"][data-side="{side}"]')
    picker = page.locator(f"fieldset.s{side} .picker")
    return picker, picker.get_by_role("button", name=name)


def _count(c: Counted, field: Locator, n: int) -> None:
    """A count: one tap on its + for 1 where it has steppers, else typed."""
    plus = field.locator("xpath=following-sibling::button[@data-step='1']")
    if n == 1 and plus.count():
        c.tap(plus)
    else:
        c.type(field, str(n))


def _went_out(c: Counted, ref: Reference) -> None:
    """Who went out (Nobody too, where the page asks it) and whether concealed."""
    side = ref.out
    if side is None:
        nobody = c.page.locator("#out-none")
        if nobody.count():
            c.tap(nobody)
        return
    radio = c.page.locator(f"#out-{side}")
    if radio.count():
        c.tap(radio)
    else:  # the code before: a box per side
        c.tap(c.page.locator(f"#side{side}-went_out"))
    if ref.concealed:
        box = c.page.locator("#out_concealed")
        c.tap(box if box.count() else c.page.locator(f"#side{side}-concealed"))


def card_by_card(c: Counted, ref: Reference) -> None:
    for i, side in enumerate(ref.sides):
        picker, add = _sender(c.page, i, "meld", "Add meld")
        for meld in side.melds:
            if not _pick(c, picker, meld, add):
                field = c.page.locator(f"#side{i}-melds")
                old = field.input_value()
                c.type(field, (old + "\n" if old else "") + meld, keys=len(meld) + bool(old))
        if side.hand:
            picker, to_hand = _sender(c.page, i, "hand", "To hand")
            _pick(c, picker, side.hand, to_hand)
        _count(c, c.page.locator(f"#side{i}-red_threes"), side.red_threes)
    _went_out(c, ref)


def _by_value(cards: list[str], points: dict[str, int]) -> Counter[int]:
    return Counter(points[card.rstrip("shdc") if card != "X" else "X"] for card in cards)


WILD = ("2", "X")


def _by_cards(side: Side, values: dict[str, int]) -> tuple[Counter[str], list[str]]:
    """A side's canastas as the form counts them by what they are made of (``natural_c10``,
    ``mixed_c20``, ``mixed_twos_c20``…), and the melded cards left to count by value (the other
    melds', and a canasta's cards beyond seven)."""
    fields: Counter[str] = Counter()
    rest: list[str] = []
    for meld in side.melds:
        cards = meld.split()
        if len(cards) < 7:
            rest += cards
            continue
        wild = [card for card in cards if card in WILD]
        natural = [card for card in cards if card not in WILD]
        kind = "mixed" if wild else "natural"
        value = values[natural[0]]
        fields[f"{kind}_c{value}"] += 1
        for rank, name in (("2", "twos"), ("X", "jokers")):
            if wild.count(rank):
                fields[f"mixed_{name}_c{value}"] += wild.count(rank)
        rest += natural[7 - len(wild) :]  # beyond seven: counted with the others
    # The canastas first: the rows of their wild cards come with them.
    ordered = sorted(
        fields.items(), key=lambda item: item[0].startswith(("mixed_twos", "mixed_jok"))
    )
    return Counter(dict(ordered)), rest


def quick(c: Counted, ref: Reference, kinds: list[list[str]]) -> None:
    variant = PRESETS[ref.preset]
    values = {rank.value: pts for rank, pts in variant.card_points.items()}
    for i, side in enumerate(ref.sides):
        melded = [card for meld in side.melds for card in meld.split()]
        if c.page.locator(f"#side{i}-mixed_c10").count():  # canastas by what they're made of
            fields, melded = _by_cards(side, values)
            for name, n in fields.items():
                _count(c, c.page.locator(f"#side{i}-{name}"), n)
        else:
            for kind, n in Counter(kinds[i]).items():
                _count(c, c.page.locator(f"#side{i}-canastas_{kind}"), n)
        left = side.hand.split()
        counts = c.page.locator(f"#side{i}-meld_c10").count() > 0
        if counts:  # count cards by value: no sums
            for pts, n in sorted(_by_value(melded, values).items()):
                _count(c, c.page.locator(f"#side{i}-meld_c{pts}"), n)
            for pts, n in sorted(_by_value(left, values).items()):
                _count(c, c.page.locator(f"#side{i}-hand_c{pts}"), n)
        else:  # the code before: the point sums, worked out by the scorer
            total = sum(values[card.rstrip("shdc")] for card in melded)
            c.type(c.page.locator(f"#side{i}-meld_points"), str(total), a_sum=True)
            lost = sum(values[card.rstrip("shdc")] for card in left)
            c.type(c.page.locator(f"#side{i}-hand_points"), str(lost), a_sum=len(left) > 1)
        _count(c, c.page.locator(f"#side{i}-red_threes"), side.red_threes)
    _went_out(c, ref)


def expected(
    ref: Reference, scores: list[int] | None = None, number: int = 1
) -> tuple[list[int], list[list[str]]]:
    """Each side's score for the hand and its canasta kinds, as the rules core scores the
    hand where it stands: hand ``number`` of a match at ``scores``."""
    data = {
        "variant": ref.preset,
        "players": ref.players,
        "hand_number": number,
        "sides": [
            {"melds": s.melds, "hand": s.hand, "red_threes": s.red_threes,
             "went_out": i == ref.out, "concealed": ref.concealed and i == ref.out,
             "score": (scores or [0] * len(ref.sides))[i]}
            for i, s in enumerate(ref.sides)
        ],
    }  # fmt: skip
    out, status = score_json(data)
    assert status == (1 if ref.agreed else 0), out.get("errors") or out.get("problems")
    sides = out["sides"]
    return [s["total"] for s in sides], [[c["kind"] for c in s["canastas"]] for s in sides]


def start_match(page: Page, base: str, ref: Reference) -> str:
    """A new match of ``ref``'s rules and table; its page's address."""
    page.goto(base + "/matches/new")
    page.get_by_label("Rules", exact=True).select_option(ref.preset)
    page.get_by_label("Players").select_option(str(ref.players))
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator(".total .big").first).to_be_visible()
    return page.url.split("#")[0]


def enter_hand(
    page: Page,
    ref: Reference,
    mode: str,
    before: list[int] | None = None,
    number: int = 1,
    before_submit: Callable[[], None] = lambda: None,
) -> Counted:
    """Enter ``ref`` from its match's page as hand ``number`` of a match standing at
    ``before``; check the totals the page then shows against the rules core."""
    page.get_by_role("link", name="Quick hand" if mode == "quick" else "Record a hand").click()
    page.locator("#hand-form").wait_for()  # loaded: the form's count() checks do not wait
    scores = before or [0] * len(ref.sides)
    got_hand, kinds = expected(ref, scores, number)
    want = [t + s for t, s in zip(scores, got_hand, strict=True)]
    c = Counted(page)
    if mode == "quick":
        quick(c, ref, kinds)
    else:
        card_by_card(c, ref)
    before_submit()  # a look at the filled form (a test's screenshot), if wanted
    c.tap(page.get_by_role("button", name="Record the hand"))
    if ref.agreed:  # the page says which rule it breaks; the table records it as it is
        c.tap(page.get_by_role("button", name="Record it anyway: the table agrees"))
    # The match page, once it has loaded (on a busy machine the tap returns before it has).
    expect(page.get_by_role("link", name="Quick hand")).to_be_visible()
    expect(page.locator(".total .big")).to_have_count(len(want))
    got = totals(page)
    assert got == want, (ref.name, mode, got, want)
    return c


def enter(
    page: Page,
    base: str,
    ref: Reference,
    mode: str,
    before_submit: Callable[[], None] = lambda: None,
) -> Counted:
    """``ref`` as the first hand of a new match."""
    start_match(page, base, ref)
    return enter_hand(page, ref, mode, before_submit=before_submit)


def evening(page: Page, base: str, refs: list[Reference], mode: str) -> list[Counted]:
    """``refs`` as one evening: the hands of one match, in order, each judged (the opening
    minimum) where the match stands; the totals checked after each."""
    start_match(page, base, refs[0])
    scores = [0] * len(refs[0].sides)
    counted = []
    for number, ref in enumerate(refs, start=1):
        counted.append(enter_hand(page, ref, mode, scores, number))
        scores = totals(page)
    return counted


def floor(ref: Reference, each_up_to: int = 1) -> tuple[int, int]:
    """The fewest (taps, digits) the hand's information allows in any form that takes a
    touch per thing counted and a digit per figure typed: every canasta counts itself (one
    thing for each kind, value and wild cards alike), every other card is counted by value,
    and a count of up to ``each_up_to`` is tapped on its + that many times, a larger one
    typed (a tap on the field, its digits).  Who went out (Nobody too), concealed, the
    submit and a "record it anyway" are a tap each."""
    variant = PRESETS[ref.preset]
    values = {rank.value: pts for rank, pts in variant.card_points.items()}
    counts: list[int] = []
    for side in ref.sides:
        canastas: Counter[tuple[str, ...]] = Counter()
        rest: list[str] = []
        for meld in side.melds:
            cards = meld.split()
            if len(cards) >= 7:
                canastas[
                    tuple(sorted(c if c in WILD else str(values[c.rstrip("shdc")]) for c in cards))
                ] += 1
            else:
                rest += cards
        counts += canastas.values()
        counts += _by_value(rest, values).values()
        counts += _by_value(side.hand.split(), values).values()
        counts += [side.red_threes] if side.red_threes else []
    taps = 2 + ref.concealed + ref.agreed  # who went out, the submit
    digits = 0
    for n in counts:
        if n <= each_up_to:
            taps += n
        else:
            taps += 1
            digits += len(str(n))
    return taps, digits
