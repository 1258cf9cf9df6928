"""Issue 44: the referee page's "What does this hand score?" -- a side's canastas by kind, its
threes, going out and the cards' points, answered with the figure and its parts.

The figure is ``referee score``'s on a hand of those items: the form, posted as a browser
posts it, is compared with ``referee score`` on hands this module writes in card notation
itself, at every preset and table size; generated junk never answers 500; and a hand's
bonuses asked in words open the form filled in, which states the ruling's own figure."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import quote_plus

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from referee.match.contract import score_json
from referee.rules import PRESETS, CanastaKind, RedThreeCondition
from tests.support.profiles import examples
from tests.support.web import form_data, make_app, ruling

# The test's own canastas, one of each kind, in notation: seven cards of its kind each, the
# natural and mixed ones of ranks their own (no seven or ace, which american scores apart).
RANKS = ("K", "Q", "J", "10", "9", "8", "6", "5", "4")
WILD = {
    CanastaKind.WILD: "2 2 2 2 2 2 2",
    CanastaKind.WILD_JOKERS: "X X X X 2 2 2",
    CanastaKind.WILD_DEUCES: "X 2 2 2 2 2 2",  # not seven twos: american scores those apart
    CanastaKind.WILD_MIXED: "X 2 2 2 2 2 2",
    CanastaKind.WILD_CLEAN: "2 2 2 2 2 2 2",
    CanastaKind.WILD_TWOS: "2 2 2 2 2 2 2",
    CanastaKind.BLACK_THREES: "3 3 3 3 3 3 3",
    CanastaKind.SEVENS: "7 7 7 7 7 7 7",
    CanastaKind.ACES: "A A A A A A A",
}
SUITS = "hdsc"
TABLES = [(name, players) for name, v in PRESETS.items() for players in v.players]
# what the cards of a hand told by its items leave open: the opening's minimum (the melds'
# own cards are not told) and whether some deal holds these canastas' very cards (the two
# hands are built of different cards: the packs may hold one and not the other)
UNTOLD = {"opening_short", "deck_count"}


@pytest.fixture(scope="module")
def referee(tmp_path_factory):
    """One app for the module: the referee's forms store nothing."""
    return make_app(tmp_path_factory.mktemp("hand-score")).test_client()


def _melds(counts: dict[CanastaKind, int], melded: bool, concealed: bool) -> list[object]:
    ranks = iter(RANKS)
    melds = []
    for kind, n in counts.items():
        for i in range(n):
            if kind is CanastaKind.NATURAL:
                cards = " ".join([next(ranks)] * 7)
            elif kind is CanastaKind.MIXED:
                cards = " ".join([next(ranks)] * 6 + ["2"])
            elif kind is CanastaKind.SEQUENCE:
                cards = " ".join(f"{n}{SUITS[i % 4]}" for n in range(4, 11))
            else:
                cards = WILD[kind]
            # going out concealed lays every meld from the hand at once
            melds.append({"cards": cards, "concealed": True} if concealed else cards)
    if melded and not melds:
        melds.append("4 4 4")
    return melds


def _reference(variant_id, players, counts, threes, black, out, concealed, melded, meld, hand):
    """``referee score`` on the test's own hand of these items, its figure as the form states
    it: the melds' own points replaced by those told (none told: left out)."""
    variant = PRESETS[variant_id]
    side = {
        "melds": _melds(counts, melded or bool(meld), concealed),
        "red_threes": threes,
        "went_out": out,
        "concealed": concealed,
    }
    if black:
        side["black_threes"] = black
    side |= {"hand": ""} if hand is None else {"hand_points": hand}
    others = [{"hand": ""} for _ in range(variant.sides_for(players) - 1)]
    data = {"variant": variant_id, "players": players, "sides": [side, *others]}
    out_json, _status = score_json(data)
    scored = out_json["sides"][0]
    figure = scored["total"] - scored["breakdown"]["melds"] + (meld or 0)
    codes = {e["code"] for e in out_json["errors"]} - UNTOLD
    return figure, codes


def _figure(shown: str) -> int:
    found = re.search(r'<strong class="figure">([^<]+)</strong>', shown)
    assert found, shown[:1500]
    return int(unescape(found[1]).replace(",", "").replace("\u2212", "-"))


def _post(client, variant_id, players, fields):
    url = f"/referee?variant={variant_id}&players={players}&q=hand_score"
    action, sent = form_data(client.get(url).get_data(as_text=True), "q-hand_score")
    sent = [(k, v) for k, v in sent if k.removeprefix("hand_score-") not in fields]
    sent += [(f"hand_score-{k}", v) for k, v in fields.items()]
    response = client.post(action.split("#")[0], data=MultiDict(sent))
    return response.status_code, response.get_data(as_text=True)


@st.composite
def hands(draw):
    variant_id, players = draw(st.sampled_from(TABLES))
    variant = PRESETS[variant_id]
    counts = {}
    for kind in (k for k in CanastaKind if k in variant.canasta_bonus):
        most = 3 if kind in (CanastaKind.NATURAL, CanastaKind.MIXED) else 1
        counts[kind] = draw(st.integers(0, most))
    out = draw(st.booleans())
    concealed = out and variant.concealed_going_out_bonus is not None and draw(st.booleans())
    points = st.none() | st.integers(0, 600).map(lambda n: n * 5)
    return (
        variant_id,
        players,
        {k: n for k, n in counts.items() if n},
        draw(st.integers(0, 4)),
        draw(st.integers(0, 4)) if variant.black_threes_laid_out else 0,
        out,
        concealed,
        variant.red_threes_count_if is RedThreeCondition.MELD and draw(st.booleans()),
        draw(points),
        draw(points),
    )


@settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(hand=hands())
def test_the_form_s_figure_is_referee_score_s_on_the_same_items(referee, hand):
    variant_id, players, counts, threes, black, out, concealed, melded, meld, left = hand
    fields = {f"canastas_{k.value}": str(n) for k, n in counts.items()}
    fields |= {"red_threes": str(threes), "black_threes": str(black)}
    fields |= {"meld_points": "" if meld is None else str(meld)}
    fields |= {"hand_points": "" if left is None else str(left)}
    fields |= {
        name: "y"
        for name, ticked in (("went_out", out), ("concealed", concealed), ("melded", melded))
        if ticked
    }
    status, page = _post(referee, variant_id, players, fields)
    assert status == 200, page[:2000]
    shown = page.split('id="q-hand_score-answer"')[1].split("</section>")[0]
    allowed, sentence, _rule = ruling(shown)

    figure, codes = _reference(
        variant_id, players, counts, threes, black, out, concealed, melded, meld, left
    )
    if allowed:
        assert not codes, (hand, sentence)
        assert _figure(shown) == figure, (hand, sentence)
        parts = re.findall(r"<li>[^<]*: <strong>([^<]+)</strong></li>", shown)
        assert sum(int(p.replace(",", "").replace("\u2212", "-")) for p in parts) == figure
    else:  # every rule the hand breaks said, as referee score finds them
        assert sentence.startswith("✗ Not a hand the rules allow."), sentence
        check = {"variant": variant_id, "question": "hand_score", "players": players}
        assert codes <= set(_check_codes(referee, check, hand)), (hand, sentence)


def _check_codes(client, check, hand):
    _v, _p, counts, threes, black, out, concealed, melded, meld, left = hand
    body = check | {
        "canastas": {k.value: n for k, n in counts.items()},
        "red_threes": threes,
        "black_threes": black,
        "went_out": out,
        "concealed": concealed,
        "melded": melded,
    }
    body |= {k: v for k, v in (("meld_points", meld), ("hand_points", left)) if v is not None}
    said = client.post("/api/check", json=body).get_json()
    assert said["allowed"] is False, said
    return [p["code"] for p in said["problems"]]


FIELDS = [
    "red_threes",
    "black_threes",
    "went_out",
    "concealed",
    "melded",
    "meld_points",
    "hand_points",
    *(f"canastas_{k.value}" for k in CanastaKind),
    "csrf_token",
    "nope",
]


@settings(
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    variant=st.sampled_from([*PRESETS, "nope"]),
    data=st.dictionaries(
        st.sampled_from(FIELDS),
        st.one_of(
            st.text(max_size=20),
            st.integers(-(10**15), 10**15).map(str),
            st.sampled_from(["y", "", "0", "-5", "1e9", "3.5", "٣", "20", "21"]),
        ),
    ),
)
def test_any_hand_posted_is_answered_without_a_crash(referee, variant, data):
    form = {"question": "hand_score"} | {f"hand_score-{k}": v for k, v in data.items()}
    response = referee.post(f"/referee?variant={variant}", data=form)
    assert response.status_code in (200, 400, 422), response.get_data(as_text=True)[:2000]


def test_a_game_s_own_kinds_are_asked_in_its_own_words(referee):
    samba = referee.get("/referee?variant=samba&q=hand_score").get_data(as_text=True)
    assert "Sambas (seven of a suit in order)" in samba
    assert 'name="hand_score-canastas_wild_jokers"' not in samba
    american = referee.get("/referee?variant=american&q=hand_score").get_data(as_text=True)
    for kind in ("sevens", "aces", "wild_twos", "wild_jokers", "wild_deuces"):
        assert f'name="hand_score-canastas_{kind}"' in american
    assert 'name="hand_score-black_threes"' in american
    assert 'name="hand_score-concealed"' not in referee.get(
        "/referee?variant=spanish&q=hand_score"
    ).get_data(as_text=True)  # 001 has no going out concealed


def test_a_rule_the_hand_breaks_is_said_not_scored(referee):
    """samba §Canastas: going out needs two canastas; one is not enough."""
    status, page = _post(referee, "samba", 4, {"canastas_natural": "1", "went_out": "y"})
    shown = page.split('id="q-hand_score-answer"')[1]
    allowed, sentence, rule = ruling(shown)
    assert (allowed, rule) == (False, "samba.going-out.canastas")
    assert "2 canastas to go out" in sentence


# A hand's bonuses told in words (referee/ask/judge_hand.py), at the tables whose books score
# a natural and a mixed canasta apart.
ASK_TABLES = sorted(
    name
    for name, v in PRESETS.items()
    if {CanastaKind.NATURAL, CanastaKind.MIXED} <= set(v.canasta_bonus)
)
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four"}


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    table=st.sampled_from(ASK_TABLES),
    natural=st.integers(0, 3),
    mixed=st.integers(0, 3),
    threes=st.integers(0, 4),
    out=st.sampled_from(["", " and went out", " and went out concealed"]),
    digits=st.booleans(),
)
def test_a_hand_s_bonuses_asked_open_the_form_filled_in_with_the_same_figure(
    referee, table, natural, mixed, threes, out, digits
):
    assume(natural + mixed >= 1 and (natural + mixed >= 2 or threes or out))
    told = [
        f"{n if digits else NUMBERS[n]} {word}{'s' if n > 1 else ''}"
        for n, word in (
            (natural, "natural canasta"),
            (mixed, "mixed canasta"),
            (threes, "red three"),
        )
        if n
    ]
    said = ", ".join(told[:-1]) + " and " + told[-1] if len(told) > 1 else told[0]
    question = f"We had {said}{out}. What do we score for bonuses?"
    asked = referee.get(f"/api/ask?variant={table}&q={quote_plus(question)}").get_json()["ruling"]
    page = referee.get(f"/referee?variant={table}&ask={quote_plus(question)}")
    answer = page.get_data(as_text=True).split('id="ask-answer"')[1].split("</section>")[0]
    if asked is None or "come on top" not in asked["text"]:  # the core refuses the hand
        assert "Check it on the hand" not in answer
        return
    link = re.search(r'<a class="button" href="([^"]+)">Check it on the hand', answer)
    assert link, (question, asked)
    form_page = referee.get(unescape(link[1])).get_data(as_text=True)
    action, fields = form_data(form_page, "q-hand_score")
    filled = dict(fields)
    assert filled.get("hand_score-canastas_natural", "0") == str(natural)
    assert filled.get("hand_score-canastas_mixed", "0") == str(mixed)
    assert filled["hand_score-red_threes"] == str(threes)
    assert ("hand_score-went_out" in filled) is bool(out)
    response = referee.post(action.split("#")[0], data=MultiDict(fields))
    shown = response.get_data(as_text=True).split('id="q-hand_score-answer"')[1]
    assert _figure(shown) == asked["figure"], (question, asked)
    assert ruling(shown)[2].removeprefix(f"{table}.") in asked["rules"]
