"""Rulings on taking the pile and going out, per preset, each citing its seed sentence."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.match.contract import check_json
from referee.rules import MalformedInput
from tests.support.profiles import examples


def ask(variant, question, **fields):
    return check_json({"variant": variant, "question": question, **fields})


@pytest.mark.parametrize(
    ("variant", "fields", "allowed", "rule"),
    [
        # 004 §Blokkeren 2: "Als een speler een zwarte drie op de stapel legt, mag de volgende
        # speler de stapel niet oppakken."
        (
            "classic",
            {"top": "3s", "hand": "3c 3s K", "melds": ["K K K"]},
            False,
            "pile.black-three",
        ),
        # 003 §Stos kart odkrytych: blocked "za wyjątkiem sytuacji, w której stos blokuje czarna
        # trójka, którą gracz zaraz zamelduje pozbywając się wszystkich swoich kart"
        (
            "polish",
            {"top": "3s", "hand": "3c 3s", "melds": ["K K K K K K K"], "going_out": True},
            True,
            "pile.black-three",
        ),
        (
            "polish",
            {"top": "3s", "hand": "3c 3s", "melds": ["K K K K K K K"]},
            False,
            "pile.black-three",
        ),
        # 002 §Wilde Karten und Stopper: "Ist die oberste Karte ... ein Joker ... nicht gestattet"
        ("german", {"top": "X", "hand": "X X", "melds": ["K K K"]}, False, "pile.wild-top"),
        # 004 §Jokers: opened side, unfrozen pile: one natural and a wild card.
        (
            "classic",
            {"top": "7", "hand": "7 X Q", "melds": ["K K K"]},
            True,
            "pile.natural-and-wild",
        ),
        # 004 §Blokkeren 1: frozen: "alleen gepakt worden met 2 of meer gelijke kaarten in de hand"
        (
            "classic",
            {"top": "7", "frozen": True, "hand": "7 X Q", "melds": ["7 7 7"]},
            False,
            "pile.frozen",
        ),
        (
            "classic",
            {"top": "7", "frozen": True, "hand": "7 7 Q", "melds": ["K K K"]},
            True,
            "pile.frozen",
        ),
        # 004 §Uitkomen op tafel: add the top card to an own meld, even a finished canasta.
        ("dutch", {"top": "7", "hand": "Q", "melds": ["7 7 7 7 7 7 7"]}, True, "pile.add-to-meld"),
        # 000 §11c: only to a group "která ale ještě nevytvořila canastu"
        ("czech", {"top": "7", "hand": "Q", "melds": ["7 7 7 7 7 7 7"]}, False, "pile.add-to-meld"),
        ("czech", {"top": "7", "hand": "Q", "melds": ["7 7 7 7"]}, True, "pile.add-to-meld"),
        # 001 §Preparación: "dos o más cartas del mismo número" – no natural-and-wild pickup.
        ("spanish", {"top": "7", "hand": "7 X Q", "melds": ["K K K"]}, False, "pile.take"),
        # 001 §Nota: pote "cruzado": "serán necesarias tres cartas del mismo número"
        (
            "spanish",
            {"top": "7", "frozen": True, "hand": "7 7 Q", "melds": ["K K K"]},
            False,
            "pile.frozen",
        ),
        (
            "spanish",
            {"top": "7", "frozen": True, "hand": "7 7 7", "melds": ["K K K"]},
            True,
            "pile.frozen",
        ),
        # 004 §Uitgaan: one card in hand may not take a one-card pile (dutch plays it).
        ("dutch", {"pile": "7", "hand": "7", "melds": ["7 7 7"]}, False, "pile.one-card"),
        ("classic", {"pile": "7", "hand": "7", "melds": ["7 7 7"]}, True, "pile.add-to-meld"),
        # 000 fast, Bod 11: "Hráč, kterému zbyla v ruce jen 1 karta, nesmí už balík koupit."
        ("czech-fast", {"pile": "Q 7", "hand": "7", "melds": ["7 7 7"]}, False, "pile.one-card"),
        # 000 fast, Bod 11: "Balík nelze koupit, dokud všichni hráči jednou neodložili."
        (
            "czech-fast",
            {"top": "7", "hand": "7 7", "melds": ["K K K"], "first_round": True},
            False,
            "pile.first-round",
        ),
        # 002 §Eingefrorener Abwurfstapel: frozen by a wild card anywhere in the pile.
        ("german", {"pile": "5 X 8 7", "hand": "7 X", "melds": ["K K K"]}, False, "pile.frozen"),
        # 002 §Eingefrorener Abwurfstapel: a red three as first upcard freezes it.
        ("german", {"pile": "3h 8 7", "hand": "7 2", "melds": ["K K K"]}, False, "pile.frozen"),
        # 000 §13 lets beginners leave freezing out: the house rule switched off.
        (
            "czech",
            {"pile": "5 X 8 7", "hand": "7 X", "melds": ["K K K"], "options": {"freezing": False}},
            True,
            "pile.natural-and-wild",
        ),
    ],
)
def test_pickup(variant, fields, allowed, rule):
    ruling = ask(variant, "pickup", **fields)
    assert (ruling["allowed"], ruling["rule"]["id"]) == (allowed, f"{variant}.{rule}")
    assert ruling["reason"].startswith("Yes" if allowed else "No")


@pytest.mark.parametrize(
    ("variant", "score", "hand", "allowed", "minimum", "points"),
    [
        # 002 §Auftauen bei der Erstmeldung: only the top card and hand cards count.
        # K + K K = 30 < 50 at a score of 0.
        ("german", 0, "K K Q", False, 50, 30),
        # K K K (30) + A A A (60) = 90 >= 90 at 1500.
        ("german", 1500, "K K A A A", True, 90, 90),
        # 000 §11a: "srdcová desítka ... dvě desítky ... vyložil 30 bodů ... dejme tomu na 90"
        ("czech", 1500, "10 10 5", False, 90, 30),
        # Wild cards join pairs first: 10 10 + top 10 (30) + Q Q X (70) = 100.
        ("czech", 1500, "10 10 Q Q X", True, 90, 100),
    ],
)
def test_pickup_as_opening_counts_top_card_and_hand_only(
    variant, score, hand, allowed, minimum, points
):
    ruling = ask(
        variant,
        "pickup",
        pile="4 4 4 A A 10" if variant == "czech" else "A A A K",
        hand=hand,
        melds=[],
        score=score,
    )
    assert (ruling["allowed"], ruling["minimum"], ruling["points"]) == (allowed, minimum, points)
    assert ruling["rule"]["id"] == f"{variant}.opening.pile-top"


@pytest.mark.parametrize(
    ("variant", "fields", "allowed", "rule"),
    [
        # 004 §Uitgaan: "minstens één canasta op tafel"
        (
            "classic",
            {"players": 4, "melds": ["7 7 7 7 7 2 2", "K K K"], "hand": "Q"},
            True,
            "going-out.canastas",
        ),
        (
            "classic",
            {"players": 2, "melds": ["7 7 7 7 7 2", "K K K"], "hand": ""},
            False,
            "going-out.canastas",
        ),
        # 003 §Cel gry: "co najmniej dwie kanasty (w wersji 1 na 1)"
        (
            "polish",
            {"players": 2, "melds": ["7 7 7 7 7 2 2", "K K K"], "hand": ""},
            False,
            "going-out.canastas",
        ),
        (
            "polish",
            {"players": 4, "melds": ["7 7 7 7 7 2 2", "K K K"], "hand": ""},
            True,
            "going-out.canastas",
        ),
        # 001 §Acciones: "por lo menos una canasta limpia y otra sucia" and "una carta sobrante"
        (
            "spanish",
            {"players": 4, "melds": ["7 7 7 7 7 2 2", "K K K K K 2 2"], "hand": "Q"},
            False,
            "going-out.canastas",
        ),
        (
            "spanish",
            {"players": 4, "melds": ["7 7 7 7 7 2 2", "K K K K K K K"], "hand": ""},
            False,
            "going-out.discard",
        ),
        (
            "spanish",
            {"players": 2, "melds": ["7 7 7 7 7 2 2", "K K K K K K K"], "hand": "Q"},
            True,
            "going-out.canastas",
        ),
        # 002 §Schwarze Dreien: black threes in the last meld, "Joker dürfen ... nicht"
        (
            "german",
            {"players": 4, "melds": ["7 7 7 7 7 7 7", "3 3 3"], "hand": ""},
            True,
            "going-out.canastas",
        ),
        (
            "german",
            {"players": 4, "melds": ["7 7 7 7 7 7 7", "3 3 2"], "hand": ""},
            False,
            "meld.black-threes",
        ),
        # 000 §12: "Divokých karet může být v tom případě použito jako obvykle (např.3–3–2)"
        (
            "czech",
            {"players": 2, "melds": ["7 7 7 7 7 7 7", "3 3 2"], "hand": ""},
            True,
            "going-out.canastas",
        ),
        # Two cards left: cannot go out.
        (
            "classic",
            {"players": 2, "melds": ["7 7 7 7 7 7 7"], "hand": "Q J"},
            False,
            "going-out.discard",
        ),
        # 000 §14 house rule: a card must remain to discard.
        (
            "czech",
            {
                "players": 2,
                "melds": ["7 7 7 7 7 7 7"],
                "hand": "",
                "options": {"going_out_needs_discard": True},
            },
            False,
            "going-out.discard",
        ),
    ],
)
def test_go_out(variant, fields, allowed, rule):
    ruling = ask(variant, "go_out", **fields)
    assert (ruling["allowed"], ruling["rule"]["id"]) == (allowed, f"{variant}.{rule}")


def test_partner_permission_is_in_the_reason():
    # 000 fast, Bod 14: "Před uzavřením kola se hráč zeptá svého partnera"
    must = ask("czech-fast", "go_out", players=4, melds=["7 7 7 7 7 7 7"], hand="")
    # 002 §Ausmachen: "Es ist gestattet, den Mitspieler zu fragen"
    may = ask("german", "go_out", players=4, melds=["7 7 7 7 7 7 7"], hand="")
    assert "must agree" in must["reason"]
    assert "may first ask" in may["reason"]


questions = st.fixed_dictionaries(
    {
        "variant": st.sampled_from(
            ["classic", "czech", "czech-fast", "spanish", "german", "polish", "dutch"]
        ),
        "question": st.sampled_from(["pickup", "go_out", "meld", "opening"]),
    },
    optional={
        "top": st.sampled_from(["7", "3s", "3h", "X", "2", "K", "Q"]),
        "pile": st.text(alphabet="AKQJ98765432Xshdc ", max_size=12),
        "hand": st.text(alphabet="AKQJ98765432Xshdc ", max_size=14),
        "cards": st.text(alphabet="AKQJ98765432Xshdc ", max_size=14),
        "melds": st.lists(st.text(alphabet="AKQJ987654X32 ", max_size=10), max_size=4),
        "frozen": st.booleans(),
        "stopped": st.booleans(),
        "score": st.integers(-5000, 12000),
        "players": st.sampled_from([2, 3, 4, 6]),
        "going_out": st.booleans(),
        "first_round": st.booleans(),
        "pile_top": st.sampled_from(["7", "K", "X", "3s"]),
    },
)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(questions)
def test_no_question_crashes_and_every_answer_is_json(question):
    try:
        ruling = check_json(question)
    except MalformedInput as error:
        message = str(error)
        ruling = None
    if ruling is None:
        assert message
        assert "\n" not in message
        return
    assert json.loads(json.dumps(ruling)) == ruling
    assert isinstance(ruling["allowed"], bool)
    assert ruling["reason"]
    assert ruling["rule"]["id"].startswith(question["variant"] + ".")
