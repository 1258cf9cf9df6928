"""Issue 44: the referee page's "What does this hand score?" -- a side's canastas by kind, its
threes, going out, the cards' points and every event the table's game scores (undeclared red
threes, acabar, the exact cut, escalas, the first pickup, a special hand, the American
penalties), answered with the figure and its parts.

The figure is ``referee score``'s on a hand of those items: the form, posted as a browser
posts it, is compared with ``referee score`` on hands this module writes in card notation
itself, at every preset and table size; generated junk never answers 500; and a hand's
bonuses asked in words open the form filled in, which states the ruling's own figure."""

from __future__ import annotations

import re
from html import unescape
from itertools import islice
from typing import NamedTuple
from urllib.parse import quote_plus, urlencode

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from referee.match.contract import score_json
from referee.rules import PRESETS, CanastaKind, RedThreeCondition
from referee.web.parts.forms import option_field_name
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
RUN = ("5", "6", "7", "8", "9", "10", "J")
REAL_RUN = ("4", *RUN, "Q", "K", "A")
# the test's own unfinished melds of the kinds that cost (american)
UNFINISHED = {
    CanastaKind.SEVENS: "7 7 7 7",
    CanastaKind.ACES: "A A A A A",
    CanastaKind.WILD_TWOS: "2 2 2 2",
    CanastaKind.WILD_JOKERS: "X X X X 2",
    CanastaKind.WILD_DEUCES: "X X 2",
}
TABLES = [(name, players) for name, v in PRESETS.items() for players in v.players]
# what the cards of a hand told by its items leave open: the opening's minimum (the melds'
# own cards are not told) and whether some deal holds these canastas' very cards (the two
# hands are built of different cards: the packs may hold one and not the other)
UNTOLD = {"opening_short", "deck_count"}


@pytest.fixture(scope="module")
def referee(tmp_path_factory):
    """One app for the module: the referee's forms store nothing."""
    return make_app(tmp_path_factory.mktemp("hand-score")).test_client()


class Told(NamedTuple):
    """A side's hand by its items, at a table of a game with its house rules chosen."""

    variant: str
    players: int
    options: dict[str, bool]
    canastas: dict[CanastaKind, int]
    laid: dict[CanastaKind, int]  # of those, laid from the hand at once
    threes: int
    black: int
    out: bool
    concealed: bool
    melded: bool
    meld: int | None
    hand: int | None
    threes_out: int = 0  # black threes melded in going out (czech fast)
    # the events only some games score, each drawn where the table's game scores it
    undeclared: int = 0  # red threes not declared (dutch's house rule, hand and foot)
    acabar: str = ""  # who called acabar (dutch's house rule): "us", "them" or nobody
    cut: bool = False  # spanish's exact cut
    first_pickup: bool = False  # czech fast: went out on the first pickup (going out, said)
    held: int = 0  # american: players left holding three or more aces or sevens
    penalties: int = 0  # american: irregularities charged the book's penalty
    special: str = ""  # american: went out with this special hand (going out, said)
    escalas: int = 0  # spanish's house rule: escalas ...
    escalas_real: int = 0  # ... and escalas reales
    unfinished: dict[CanastaKind, int] = {}  # american: unfinished melds that cost

    @property
    def going_out(self) -> bool:
        """Whether the side went out: ticked, or said by a special hand or the first pickup."""
        return self.out or bool(self.special) or self.first_pickup


def _melds(told: Told) -> list[object]:
    ranks = iter(RANKS)
    melds = []
    for kind, n in told.canastas.items():
        for i in range(n):
            if kind is CanastaKind.NATURAL:
                cards = " ".join([next(ranks)] * 7)
            elif kind is CanastaKind.MIXED:
                cards = " ".join([next(ranks)] * 6 + ["2"])
            elif kind is CanastaKind.SEQUENCE:
                cards = " ".join(f"{n}{SUITS[i % 4]}" for n in range(4, 11))
            else:
                cards = WILD[kind]
            # laid from the hand at once: those said so; going out concealed, every meld
            concealed = told.concealed or i < told.laid.get(kind, 0)
            melds.append({"cards": cards, "concealed": True} if concealed else cards)
    # the test's own escalas, a suit each in turn: 5 to jack, and 4 to the ace
    suits = iter(SUITS * 8)
    for n, ranks in ((told.escalas, RUN), (told.escalas_real, REAL_RUN)):
        for suit in islice(suits, n):
            melds.append(" ".join(f"{rank}{suit}" for rank in ranks))
    melds += [UNFINISHED[kind] for kind, n in told.unfinished.items() for _ in range(n)]
    if (told.melded or told.meld) and not melds:
        melds.append("4 4 4")
    if told.threes_out:
        threes = " ".join(["3"] * told.threes_out)
        melds.append({"cards": threes, "concealed": True} if told.concealed else threes)
    return melds


def _reference(told: Told) -> tuple[int, set[str]]:
    """``referee score`` on the test's own hand of these items, its figure as the form states
    it (the melds' own points replaced by those told: none told, left out), and the rules it
    breaks."""
    variant = PRESETS[told.variant]
    side = {
        "melds": _melds(told),
        "red_threes": told.threes,
        "went_out": told.going_out,
        "concealed": told.concealed,
    }
    if told.black:
        side["black_threes"] = told.black
    events = {
        "undeclared_red_threes": told.undeclared,
        "acabar": told.acabar == "us",
        "exact_cut": told.cut,
        "went_out_on_first_pickup": told.first_pickup,
        "held_in_hand": told.held,
        "penalties": told.penalties,
        "special_hand": told.special or None,
    }
    side |= {key: value for key, value in events.items() if value}
    side |= {"hand": ""} if told.hand is None else {"hand_points": told.hand}
    others = [{"hand": ""} for _ in range(variant.sides_for(told.players) - 1)]
    if told.acabar == "them":
        others[0]["acabar"] = True
    data = {"variant": told.variant, "players": told.players, "options": told.options}
    out_json, _status = score_json(data | {"sides": [side, *others]})
    scored = out_json["sides"][0]
    codes = {e["code"] for e in out_json["errors"]} - UNTOLD
    # the melded cards' points told in place of the test's own melds', counted as referee
    # score counts those: against a side without a canasta where its game says so; none in a
    # special hand's or acabar's score
    melds = scored["breakdown"].get("melds")
    if melds is None:
        return scored["total"], codes
    figure = scored["total"] - melds + (told.meld or 0) * (-1 if melds < 0 else 1)
    return figure, codes


def _figure(shown: str) -> int:
    found = re.search(r'<strong class="figure">([^<]+)</strong>', shown)
    assert found, shown[:1500]
    return int(unescape(found[1]).replace(",", "").replace("\u2212", "-"))


def _url(told: Told) -> str:
    """The referee page under the told table's rules, as its rules form sends them."""
    chosen = [("variant", told.variant), ("players", str(told.players)), ("house", "1")]
    chosen += [(option_field_name(told.variant, o), "y") for o, on in told.options.items() if on]
    return "/referee?" + urlencode(chosen)


def _post(client, told: Told, fields: dict[str, str]) -> tuple[int, str]:
    url = _url(told)
    page = client.get(url + "&q=hand_score").get_data(as_text=True)
    action, sent = form_data(page, "q-hand_score")
    sent = [(k, v) for k, v in sent if k.removeprefix("hand_score-") not in fields]
    sent += [(f"hand_score-{k}", v) for k, v in fields.items()]
    response = client.post(action.split("#")[0], data=MultiDict(sent))
    return response.status_code, response.get_data(as_text=True)


@st.composite
def hands(draw) -> Told:
    variant_id, players = draw(st.sampled_from(TABLES))
    options = {o.name: draw(st.booleans()) for o in PRESETS[variant_id].options}
    variant = PRESETS[variant_id].with_options(options)
    counts = {}
    for kind in (k for k in CanastaKind if k in variant.canasta_bonus):
        most = 3 if kind in (CanastaKind.NATURAL, CanastaKind.MIXED) else 1
        counts[kind] = draw(st.integers(0, most))
    laid = {}
    if variant.concealed_canasta_bonus is not None or variant.hand_canasta_doubles:
        laid = {k: draw(st.integers(0, 3)) for k in (CanastaKind.NATURAL, CanastaKind.MIXED)}
    out = draw(st.booleans())
    concealed = out and variant.concealed_going_out_bonus is not None and draw(st.booleans())
    points = st.none() | st.integers(0, 600).map(lambda n: n * 5)
    events = {}
    if variant.undeclared_red_three_penalty:
        events["undeclared"] = draw(st.integers(0, 2))
    if variant.acabar_points is not None:
        events["acabar"] = draw(st.sampled_from(["", "", "us", "them"]))
    if variant.exact_cut_bonus is not None:
        events["cut"] = draw(st.booleans())
    if variant.first_pickup_going_out_bonus is not None:
        events["first_pickup"] = draw(st.booleans())
    if variant.held_penalty:
        events["held"] = draw(st.integers(0, 2))
    if variant.penalty_points:
        events["penalties"] = draw(st.integers(0, 3))
    if variant.special_hands:
        events["special"] = draw(st.sampled_from(["", "", "", *variant.special_hands]))
    if variant.escalas:
        events["escalas"] = draw(st.integers(0, 2))
        events["escalas_real"] = draw(st.integers(0, 1))
    if variant.unfinished_penalty:
        kinds = sorted(variant.unfinished_penalty, key=lambda k: k.value)
        unfinished = draw(st.dictionaries(st.sampled_from(kinds), st.integers(0, 1), max_size=2))
        events["unfinished"] = {k: n for k, n in unfinished.items() if n}
    return Told(
        variant_id,
        players,
        options,
        {k: n for k, n in counts.items() if n},
        {k: n for k, n in laid.items() if n},
        draw(st.integers(0, 4)),
        draw(st.integers(0, 4)) if variant.black_threes_laid_out else 0,
        out,
        concealed,
        variant.red_threes_count_if is RedThreeCondition.MELD and draw(st.booleans()),
        draw(points),
        draw(points),
        draw(st.integers(0, 4)) if variant.black_three_going_out_bonus else 0,
        **events,
    )


@settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(told=hands())
def test_the_form_s_figure_is_referee_score_s_on_the_same_items(referee, told):
    fields = {f"canastas_{k.value}": str(n) for k, n in told.canastas.items()}
    fields |= {f"concealed_{k.value}": str(n) for k, n in told.laid.items()}
    fields |= {"red_threes": str(told.threes), "black_threes": str(told.black)}
    fields |= {"black_threes_out": str(told.threes_out)}
    fields |= {"meld_points": "" if told.meld is None else str(told.meld)}
    fields |= {"hand_points": "" if told.hand is None else str(told.hand)}
    fields |= {f"unfinished_{k.value}": str(n) for k, n in told.unfinished.items()}
    counts = {
        "undeclared_red_threes": told.undeclared,
        "held_sets": told.held,
        "penalties": told.penalties,
        "escalas": told.escalas,
        "escalas_real": told.escalas_real,
    }
    fields |= {name: str(n) for name, n in counts.items() if n}
    fields |= {
        name: value
        for name, value in (("acabar", told.acabar), ("special_hand", told.special))
        if value
    }
    ticked = {
        "went_out": told.out,
        "concealed": told.concealed,
        "melded": told.melded,
        "exact_cut": told.cut,
        "first_pickup": told.first_pickup,
    }
    fields |= {name: "y" for name, on in ticked.items() if on}
    status, page = _post(referee, told, fields)
    assert status == 200, page[:2000]
    shown = page.split('id="q-hand_score-answer"')[1].split("</section>")[0]
    allowed, sentence, _rule = ruling(shown)
    event("scored" if allowed else "refused")
    told_events = ("undeclared", "acabar", "cut", "first_pickup", "held", "penalties", "special")
    for name in (*told_events, "escalas", "escalas_real", "unfinished"):
        if getattr(told, name):
            event(f"{name} told, {'scored' if allowed else 'refused'}")

    figure, codes = _reference(told)
    if allowed:
        assert not codes, (told, sentence)
        assert _figure(shown) == figure, (told, sentence)
        parts = re.findall(r"<li>[^<]*: <strong>([^<]+)</strong></li>", shown)
        assert sum(int(p.replace(",", "").replace("\u2212", "-")) for p in parts) == figure
    else:  # every rule the hand breaks said, as referee score finds them
        assert sentence.startswith("✗ Not a hand the rules allow."), sentence
        assert codes <= set(_check_codes(referee, told)), (told, sentence)


def _check_codes(client, told: Told) -> list[str]:
    """The problems ``referee check``'s hand_score finds with the same items."""
    body = {
        "variant": told.variant,
        "question": "hand_score",
        "players": told.players,
        "options": told.options,
        "canastas": {k.value: n for k, n in told.canastas.items()},
        "concealed_canastas": {k.value: n for k, n in told.laid.items()},
        "red_threes": told.threes,
        "black_threes": told.black,
        "concealed": told.concealed,
        "melded": told.melded,
        "black_threes_out": told.threes_out,
        "went_out": told.going_out,
        "undeclared_red_threes": told.undeclared,
        "acabar": told.acabar == "us",
        "other_acabar": told.acabar == "them",
        "exact_cut": told.cut,
        "went_out_on_first_pickup": told.first_pickup,
        "held_in_hand": told.held,
        "penalties": told.penalties,
        "escalas": told.escalas,
        "escalas_real": told.escalas_real,
        "unfinished": {k.value: n for k, n in told.unfinished.items()},
    }
    if told.special:
        body["special_hand"] = told.special
    body |= {
        k: v for k, v in (("meld_points", told.meld), ("hand_points", told.hand)) if v is not None
    }
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
    "black_threes_out",
    "concealed_natural",
    "concealed_mixed",
    "undeclared_red_threes",
    "acabar",
    "exact_cut",
    "first_pickup",
    "held_sets",
    "penalties",
    "special_hand",
    "escalas",
    "escalas_real",
    *(f"canastas_{k.value}" for k in CanastaKind),
    *(f"unfinished_{k.value}" for k in CanastaKind),
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
            st.sampled_from(
                ["y", "", "0", "-5", "1e9", "3.5", "٣", "20", "21", "us", "them", "straight"]
            ),
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
    told = Told("samba", 4, {}, {}, {}, 0, 0, False, False, False, None, None)
    status, page = _post(referee, told, {"canastas_natural": "1", "went_out": "y"})
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
