"""Each preset against its own text: bonuses, penalties, opening rules, meld legality, checks.

Rows cite the seed sentence that decides them.  Expected totals are worked out
by hand from the card values of the text (002 counts a 2 as 50, the others 20).
"""

from __future__ import annotations

import pytest

from referee.rules import (
    PRESETS,
    CanastaKind,
    Card,
    IllegalHand,
    Rank,
    UnknownOption,
    check_opening,
    classify,
    find_variant,
    meld_problems,
    score_legal_hand,
)
from referee.rules import Hand as HandOf
from tests.support.hands import CANASTA, PRESET_IDS, codes, meld, score, side, variant

ALL = frozenset(PRESET_IDS)

# -- card values -----------------------------------------------------------------


@pytest.mark.parametrize("variant_id", PRESET_IDS)
@pytest.mark.parametrize(
    ("rank", "points"),
    [
        # 004 §Puntentelling, 000 §7, 001, 002, 003 all agree on these:
        (Rank.JOKER, 50),
        (Rank.ACE, 20),
        (Rank.KING, 10),
        (Rank.EIGHT, 10),
        (Rank.SEVEN, 5),
        (Rank.FOUR, 5),
        (Rank.THREE, 5),  # the black three: "5 punten: zwarte 3", "Schwarze 3 | 5"
    ],
)
def test_card_values_shared_by_every_text(variant_id, rank, points):
    assert variant(variant_id).points(rank) == points


@pytest.mark.parametrize(
    ("variant_id", "two"),
    [
        ("classic", 20),  # 004 §Puntentelling: "20 punten: 2"
        ("dutch", 20),
        ("czech", 20),  # 000 §7: "dvojka – 20 bodů"
        ("czech-fast", 20),
        ("spanish", 20),  # 001: "2 (comodín): 20 puntos"
        ("polish", 20),  # 003: "As, 2 – 20 punktów"
        ("german", 50),  # 002: "2 | Wilde Karten | 50"
    ],
)
def test_value_of_a_two(variant_id, two):
    assert variant(variant_id).points(Rank.TWO) == two


# -- canastas --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant_id", "cards", "concealed", "kind", "bonus"),
    [
        # 004 §Puntentelling: "500 punten: zuivere canasta; 300 punten: onzuivere canasta"
        ("classic", "Q Q Q Q Q Q Q", False, CanastaKind.NATURAL, 500),
        ("classic", "Q Q Q Q Q X 2", False, CanastaKind.MIXED, 300),
        # 004: hand canasta is "geen onderdeel van klassiek Canasta": no extra
        ("classic", "Q Q Q Q Q Q Q", True, CanastaKind.NATURAL, 500),
        ("dutch", "Q Q Q Q Q Q Q", False, CanastaKind.NATURAL, 500),
        ("dutch", "Q Q Q Q 2 2 2", False, CanastaKind.MIXED, 300),
        ("dutch", "Q Q Q Q Q Q Q", True, CanastaKind.NATURAL, 500),  # house rule off
        # 002 §Abrechnung: "Natürlicher Canasta 500; Gemischter Canasta 300"
        ("german", "Q Q Q Q Q Q Q", False, CanastaKind.NATURAL, 500),
        ("german", "Q Q Q Q Q X X", False, CanastaKind.MIXED, 300),
        # 003 §Punktacja: "naturalnej (czerwonej) kanasty: 500; mieszanej (czarnej): 300;
        # dzikiej kanasty: 2000"
        ("polish", "Q Q Q Q Q Q Q", False, CanastaKind.NATURAL, 500),
        ("polish", "Q Q Q Q Q Q X", False, CanastaKind.MIXED, 300),
        ("polish", "2 2 2 2 X X X", False, CanastaKind.WILD, 2000),
        # 000 §7: "divokou canastu žolíkovou – 2000; dvojkovou – 1000; čistou – 600;
        # smíšenou – 300"; §8: "žolíková, skládá-li se ze 4 žolíků a 3 dvojek, jinak dvojková"
        ("czech", "Q Q Q Q Q Q Q", False, CanastaKind.NATURAL, 600),
        ("czech", "Q Q Q Q Q Q 2", False, CanastaKind.MIXED, 300),
        ("czech", "X X X X 2 2 2", False, CanastaKind.WILD_JOKERS, 2000),
        ("czech", "X X X 2 2 2 2", False, CanastaKind.WILD_DEUCES, 1000),
        ("czech", "2 2 2 2 2 2 2", False, CanastaKind.WILD_DEUCES, 1000),
        # 000 fast, Bod 7: "čistou canastu – 500" (the rest as the main text)
        ("czech-fast", "Q Q Q Q Q Q Q", False, CanastaKind.NATURAL, 500),
        ("czech-fast", "Q Q Q Q Q Q 2", False, CanastaKind.MIXED, 300),
        ("czech-fast", "X X X X 2 2 2", False, CanastaKind.WILD_JOKERS, 2000),
        ("czech-fast", "X 2 2 2 2 2 2", False, CanastaKind.WILD_DEUCES, 1000),
        # 001 §Canasta: "Limpia ... 500; Sucia ... 300; Oculta (limpia o sucia) ... 1000;
        # De Comodines Sucia ... 2000; De Comodines Limpia: 7 dos o 7 jokers ... 3000"
        ("spanish", "Q Q Q Q Q Q Q", False, CanastaKind.NATURAL, 500),
        ("spanish", "Q Q Q Q Q X X", False, CanastaKind.MIXED, 300),
        ("spanish", "Q Q Q Q Q Q Q", True, CanastaKind.NATURAL, 1000),
        ("spanish", "Q Q Q Q Q X X", True, CanastaKind.MIXED, 1000),
        ("spanish", "X X X 2 2 2 2", False, CanastaKind.WILD_MIXED, 2000),
        ("spanish", "2 2 2 2 2 2 2", False, CanastaKind.WILD_CLEAN, 3000),
        ("spanish", "X X X X X X X", False, CanastaKind.WILD_CLEAN, 3000),
        # 001: "Canasta a lo gusto: Canasta realizada con los 3 negros. Gana el partido"
        ("spanish", "3 3 3 3 3 3 3", False, CanastaKind.BLACK_THREES, 0),
    ],
)
def test_canasta_kinds_and_bonuses(variant_id, cards, concealed, kind, bonus):
    v = variant(variant_id)
    m = meld(cards, concealed)
    assert meld_problems(v, m) == []
    info = classify(v, m)
    assert (info.canasta, info.bonus) == (kind, bonus)


@pytest.mark.parametrize("variant_id", PRESET_IDS)
def test_six_cards_are_no_canasta(variant_id):
    # Every text: a canasta is seven cards ("sedm karet", "siete cartas", "mindestens sieben").
    info = classify(variant(variant_id), meld("Q Q Q Q Q Q"))
    assert (info.canasta, info.bonus) == (None, 0)


def test_czech_wild_canasta_scores_cards_and_premium():
    # 000 §7: jokers 50, twos 20, "za divokou canastu žolíkovou – 2000 bodů":
    # 4 x 50 + 3 x 20 + 2000 = 2260.
    ns = score("czech", side("X X X X 2 2 2")).sides[0]
    assert [(c.kind, c.bonus) for c in ns.canastas] == [(CanastaKind.WILD_JOKERS, 2000)]
    assert ns.total == 2260


@pytest.mark.parametrize(
    ("cards", "legal"),
    [
        # 003 §Dzika kanasta: "Musi zostać wyłożona w jednym ruchu." – no wild meld short of seven
        ("2 2 X", False),
        ("2 2 2 X X X", False),
        ("2 2 2 2 X X X", True),
    ],
)
def test_polish_wild_canasta_is_laid_at_once(cards, legal):
    problems = meld_problems(variant("polish"), meld(cards))
    assert (problems == []) is legal
    if not legal:
        assert [p.rule for p in problems] == ["meld.wild-meld"]


@pytest.mark.parametrize("variant_id", ["classic", "german", "dutch"])
def test_wild_cards_alone_are_no_meld_in_the_laws(variant_id):
    # 004 §Uitkomen op tafel: "Een set moet minimaal twee gewone kaarten bevatten";
    # 002 §Meldung: "mindestens genauso viele natürliche Karten wie wilde Karten"
    for cards in ("2 2 X", "2 2 2 2 X X X"):
        assert [p.code for p in meld_problems(variant(variant_id), meld(cards))] == ["wild_meld"]


def test_spanish_black_three_canasta_wins_the_match():
    # 001 §Canasta: "Canasta a lo gusto: Canasta realizada con los 3 negros. Gana el partido"
    result = score("spanish", side("3 3 3 3 3 3 3"), side("A A A"))
    assert result.valid
    assert (result.sides[0].wins_match, result.sides[1].wins_match) == (True, False)


@pytest.mark.parametrize(
    ("canastas", "bonus"),
    [
        # 001 §Bonificaciones Especiales: "5 canastas ... 500 puntos extra"; "7 canastas ...
        # 2000 puntos extra" (the preset reads 2000 as the tier for seven, not 2500)
        (4, None),
        (5, 500),
        (6, 500),
        (7, 2000),
    ],
)
def test_spanish_bonus_for_five_and_seven_canastas(canastas, bonus):
    melds = [" ".join([rank] * 7) for rank in ["K", "Q", "J", "10", "9", "8", "A"][:canastas]]
    result = score("spanish", side(*melds))
    assert result.valid
    assert result.sides[0].breakdown.get("canasta_count") == bonus


@pytest.mark.parametrize(
    ("melds", "escalas"),
    [
        # 001 §Variaciones: "Escala: Conjunto de 7 cartas del mismo palo en orden sucesivo ...
        # Sin comodines. Vale 1500 puntos."
        ((CANASTA, "5h 6h 7h 8h 9h 10h Jh"), 1500),
        # "Escala Real: Todas las cartas jugables del mismo palo (desde el 4 al As) ... 4000"
        ((CANASTA, "4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah"), 4000),
        # "deberá tener como mínimo una Canasta" – without one the escala's bonus is not counted
        (("A A A", "5h 6h 7h 8h 9h 10h Jh"), None),
    ],
)
def test_spanish_escalas_with_the_house_rule(melds, escalas):
    result = score("spanish", side(*melds), escalas=True)
    assert result.valid
    assert result.sides[0].breakdown.get("escalas") == escalas


@pytest.mark.parametrize(
    ("escalas", "cards", "code"),
    [
        # 001 §Variaciones: escalas exist only "En algunas variantes": off by default.
        (False, "5h 6h 7h 8h 9h 10h Jh", "meld_mixed_ranks"),
        # "Sin comodines."
        (True, "5h 6h 7h X 9h 10h Jh", "bad_sequence"),
        (True, "5h 6h 7s 8h 9h 10h Jh", "bad_sequence"),
    ],
)
def test_spanish_escalas_refused(escalas, cards, code):
    problems = meld_problems(variant("spanish", escalas=escalas), meld(cards))
    assert code in [p.code for p in problems]


@pytest.mark.parametrize(
    ("options", "cards", "bonus"),
    [
        # 004 §Puntentelling: "Deze hand-canasta geeft de dubbele punten ... (600 en 1000)"
        ({"hand_canasta": True}, "J J J J J J J", 1000),
        ({"hand_canasta": True}, "J J J J J J X", 600),
        ({"hand_canasta": False}, "J J J J J J J", 500),
    ],
)
def test_dutch_hand_canasta(options, cards, bonus):
    ns = score("dutch", side(meld(cards, concealed=True)), **options).sides[0]
    assert ns.breakdown["canastas"] == bonus


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        # A canasta laid from the hand must be one: seven cards (004 "7 kaarten", 001 "7 cartas").
        ("J J J J J J", "concealed_not_canasta"),
    ],
)
@pytest.mark.parametrize("variant_id", ["dutch", "spanish", "classic"])
def test_only_a_canasta_is_laid_concealed(variant_id, cards, code):
    assert [p.code for p in meld_problems(variant(variant_id), meld(cards, True))] == [code]


# -- red threes ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant_id", "melds", "red_threes", "points"),
    [
        # 004 §Puntentelling: "100 punten: rode 3, indien op tafel, anders 100 punten aftrek;
        # 800 punten: alle vier" – counts plus once the side has melded (§De Rode Drie).
        ("classic", ("K K K",), 1, 100),
        ("classic", ("K K K",), 3, 300),
        ("classic", ("K K K",), 4, 800),
        ("classic", (), 1, -100),
        ("classic", (), 4, -800),
        ("dutch", ("K K K",), 2, 200),
        ("dutch", (), 2, -200),
        # 002 §Abrechnung: "Für jede rote Drei 100; Für alle vier rote Dreien +400";
        # "Hat eine Partei keine Meldung gemacht ... 100 Minuspunkten"
        ("german", ("K K K",), 1, 100),
        ("german", (), 1, -100),
        # 003 §Punktacja: "pod warunkiem, że gracz lub drużyna wyłożyli się: 100 punktów"
        ("polish", ("K K K",), 2, 200),
        ("polish", (), 2, -200),
        # 000 §7: "za červenou trojku – 100 bodů", and a side without a canasta subtracts
        # "též prémiové hodnoty vyložených červených trojek"; §7 has no premium for all four.
        ("czech", (CANASTA,), 1, 100),
        ("czech", (CANASTA,), 4, 400),
        ("czech", ("K K K",), 1, -100),
        ("czech", (), 2, -200),
        # 000 fast, Bod 7: "Za všechny 4 červené trojky u jedné strany – 800 bodů"
        ("czech-fast", (CANASTA,), 4, 800),
        ("czech-fast", ("K K K",), 4, -800),
        # 001 §Bonificaciones: "Por cada 3 rojo ... 100. ... 4 tres rojos ... 800. ... es
        # necesario tener al menos una canasta ... Si no la tiene, ... en negativo."
        ("spanish", (CANASTA,), 1, 100),
        ("spanish", (CANASTA,), 4, 800),
        ("spanish", ("K K K",), 1, -100),
        ("spanish", ("K K K",), 4, -800),
    ],
)
def test_red_threes(variant_id, melds, red_threes, points):
    result = score(variant_id, side(*melds, red_threes=red_threes))
    assert result.valid
    assert result.sides[0].breakdown["red_threes"] == points


@pytest.mark.parametrize(
    ("options", "count", "expected"),
    [
        # 004 §De Rode Drie: "verzuimd om een rode Drie te melden, dan krijgt hij 500 strafpunten"
        ({"undeclared_red_three": True}, 1, -500),
        ({"undeclared_red_three": True}, 2, -1000),
    ],
)
def test_dutch_undeclared_red_three(options, count, expected):
    result = score("dutch", side("K K K", undeclared_red_threes=count), **options)
    assert result.valid
    assert result.sides[0].breakdown["undeclared_red_threes"] == expected


@pytest.mark.parametrize("variant_id", ["classic", "dutch", "german", "spanish"])
def test_undeclared_red_three_is_not_scored_without_the_house_rule(variant_id):
    result = score(variant_id, side("K K K", undeclared_red_threes=1))
    assert codes(result) == ["not_in_variant"]


# -- acabar ----------------------------------------------------------------------


def test_dutch_acabar():
    # 004 §Uitgaan: "De tegenpartij krijgt daarmee 1500 punten en de eigen partij niets."
    result = score("dutch", side("A A A"), side(CANASTA, acabar=True), acabar=True)
    assert result.valid
    assert [s.total for s in result.sides] == [1500, 0]


@pytest.mark.parametrize(
    ("sides", "code"),
    [
        ((side(acabar=True), side(acabar=True)), "two_acabar"),
        ((side(CANASTA, acabar=True, went_out=True), side()), "acabar_and_out"),
    ],
)
def test_dutch_acabar_ends_the_hand_alone(sides, code):
    assert code in codes(score("dutch", *sides, acabar=True))


def test_acabar_needs_the_house_rule():
    assert codes(score("dutch", side(acabar=True))) == ["not_in_variant"]


# -- going out -------------------------------------------------------------------

# A side that may go out under each preset (001 needs "una canasta limpia y otra sucia").
GOING_OUT_MELDS = {v: (CANASTA,) for v in PRESET_IDS} | {"spanish": (CANASTA, "Q Q Q Q Q X 2")}
# ... and another one, for its opponents.
OTHER_GOING_OUT_MELDS = {v: ("A A A A A A A",) for v in PRESET_IDS} | {
    "spanish": ("A A A A A A A", "J J J J J X 2")
}


@pytest.mark.parametrize(
    ("variant_id", "plain", "concealed"),
    [
        # 004 §Uitgaan: "krijgt 100 punten"; "Verborgen uitgaan ... 100 punten extra"
        ("classic", 100, 200),
        ("dutch", 100, 200),
        # 002 §Abrechnung: "Ausmachen 100; Verdecktes Ausmachen +100"
        ("german", 100, 200),
        # 003 §Punktacja: "wyłożenie wszystkich kart z ręki ...: 100 punktów"; "... w pierwszym
        # wyłożeniu: 200 punktów" (read as the whole bonus, not 100 + 200)
        ("polish", 100, 200),
        # 000 §7: "za uzavření kola – 200 bodů"; going out concealed: silent, classic +100
        ("czech", 200, 300),
        # 000 fast, Bod 7: "Za uzavření kola – 100 bodů"; concealed as the classic +100
        ("czech-fast", 100, 200),
    ],
)
def test_going_out_bonus(variant_id, plain, concealed):
    melds = GOING_OUT_MELDS[variant_id]
    out = score(variant_id, side(*melds, went_out=True))
    hidden = score(variant_id, side(*melds, went_out=True, concealed=True))
    assert out.valid
    assert hidden.valid
    assert out.sides[0].breakdown["going_out"] == plain
    assert hidden.sides[0].breakdown["going_out"] == concealed


def test_spanish_closing_bonus_and_no_concealed_closing():
    # 001 §Acciones: "a quien cierra se le bonifica con 200 puntos"; "Solo se puede cerrar la
    # partida en la mano siguiente de cerrar la canasta limpia" – never concealed.
    melds = GOING_OUT_MELDS["spanish"]
    assert score("spanish", side(*melds, went_out=True)).sides[0].breakdown["going_out"] == 200
    hidden = score("spanish", side(*melds, went_out=True, concealed=True))
    assert codes(hidden) == ["concealed_going_out"]


@pytest.mark.parametrize("variant_id", PRESET_IDS)
def test_side_that_did_not_go_out_gets_no_bonus(variant_id):
    ns = score(variant_id, side(*GOING_OUT_MELDS[variant_id])).sides[0]
    assert ns.breakdown["going_out"] == 0


@pytest.mark.parametrize(
    ("variant_id", "threes", "first_pickup", "bonus"),
    [
        # 000 fast, Bod 7: "Za uzavření kola třemi černými trojkami – 200 bodů"
        ("czech-fast", "3 3 3", False, 200),
        # "Za uzavření kola čtyřmi černými trojkami – 300 bodů"
        ("czech-fast", "3 3 3 3", False, 300),
        # 3-3-2 (000 §12) closes with two black threes: the plain 100
        ("czech-fast", "3 3 2", False, 100),
        # "Za uzavření kola při první koupi balíku v kole – 1000 bodů"
        ("czech-fast", None, True, 1000),
        ("czech-fast", "3 3 3 3", True, 1000),
        # The main text has none of these premiums: going out is 200 (000 §7).
        ("czech", "3 3 3", False, 200),
    ],
)
def test_czech_closing_premiums(variant_id, threes, first_pickup, bonus):
    melds = (CANASTA, threes) if threes else (CANASTA,)
    result = score(variant_id, side(*melds, went_out=True, first_pickup=first_pickup))
    assert result.valid
    assert result.sides[0].breakdown["going_out"] == bonus


def test_first_pickup_premium_is_for_the_side_that_went_out():
    result = score("czech-fast", side(CANASTA, first_pickup=True))
    assert codes(result) == ["first_pickup_without_going_out"]


@pytest.mark.parametrize("variant_id", sorted(ALL - {"czech-fast"}))
def test_first_pickup_premium_only_in_czech_fast(variant_id):
    melds = GOING_OUT_MELDS[variant_id]
    result = score(variant_id, side(*melds, went_out=True, first_pickup=True))
    assert codes(result) == ["not_in_variant"]


@pytest.mark.parametrize(
    ("has_canasta", "cut"),
    [
        # 001 §Preparación: "recibirá 100 puntos (pero que sólo serán positivos si hace una
        # canasta, y sino serán negativos)"
        (True, 100),
        (False, -100),
    ],
)
def test_spanish_exact_cut(has_canasta, cut):
    melds = (CANASTA,) if has_canasta else ("A A A",)
    result = score("spanish", side(*melds, exact_cut=True))
    assert result.valid
    assert result.sides[0].breakdown["exact_cut"] == cut


@pytest.mark.parametrize("variant_id", sorted(ALL - {"spanish"}))
def test_exact_cut_only_in_spanish(variant_id):
    assert codes(score(variant_id, side("A A A", exact_cut=True))) == ["not_in_variant"]


# -- cards left in hand ------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant_id", "hand", "points"),
    [
        # 004 §Puntentelling: Q 10, 5 5, joker 50, 2 20
        ("classic", "Q 5 X", -65),
        ("classic", "Q 5 2", -35),
        # 002: "2 | Wilde Karten | 50"
        ("german", "Q 5 2", -65),
        # Black threes left in hand: 5 each in the Laws (004 "De kaart zelf is 5 punten waard"),
        # 002 ("Schwarze 3 | 5") and 000 §7 without its house rule.
        ("classic", "3 3 K", -20),
        ("dutch", "3 3 K", -20),
        ("german", "3 3 K", -20),
        ("czech", "3 3 K", -20),
        ("czech-fast", "3 3 K", -20),
        # 001: "3 negro: cada uno que quede en la mano ... vale 100 puntos en contra"
        ("spanish", "3 3 K", -210),
        # 003 §Punktacja: "każdą pozostałą na ręce czarną trójkę: -100 punktów"
        ("polish", "3 3 K", -210),
        # 001 §Acciones: "otro tiene 5 Q en la mano ... 50 puntos en negativo"
        ("spanish", "Q Q Q Q Q", -50),
    ],
)
def test_cards_left_in_hand(variant_id, hand, points):
    result = score(variant_id, side("A A A", hand=hand))
    assert result.valid
    assert result.sides[0].breakdown["hand"] == points


@pytest.mark.parametrize("variant_id", ["czech", "czech-fast"])
def test_czech_black_three_house_rule(variant_id):
    # 000 §12: "Někdy se uplatňuje pravidlo, že za černou trojku, která hráči zůstala v ruce ...
    # se odpočítává 100 bodů, nikoliv jen 5."
    result = score(variant_id, side("A A A", hand="3 3 K"), black_three_penalty=True)
    assert result.sides[0].breakdown["hand"] == -210


@pytest.mark.parametrize("variant_id", PRESET_IDS)
def test_cards_left_as_points(variant_id):
    # For tables that count the hand instead of naming it (contracts §2 "hand_points").
    result = score(variant_id, side("A A A", hand_points=65))
    assert result.valid
    assert result.sides[0].breakdown["hand"] == -65


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"hand": "Q", "hand_points": 10}, "hand_twice"),
        ({"hand_points": 12}, "hand_points"),  # every card is worth a multiple of 5
        ({"hand": "Q 3h"}, "red_three_in_hand"),  # red threes are laid out at once
    ],
)
def test_cards_left_that_cannot_be(fields, code):
    assert codes(score("classic", side("A A A", **fields))) == [code]


@pytest.mark.parametrize(
    ("variant_id", "total"),
    [
        # 000 §7: "Nedosáhne-li však strana ... alespoň jedné canasty, odečítají se jí jako
        # špatné body součty ... všech karet vyložených na stole i karet v rukou ... a též
        # prémiové hodnoty vyložených červených trojek": -(30 + 60) - 10 - 100 = -200
        ("czech", -200),
        ("czech-fast", -200),
        # 001 §Acciones: "quienes hayan abierto sin lograr ninguna canasta, contarán todas sus
        # cartas en negativo" and the red threes "se cuentan en negativo"
        ("spanish", -200),
        # The Laws subtract only the hand (004: "alleen de kaarten in de hand"):
        # 30 + 60 + 100 - 10 = 180
        ("classic", 180),
        ("dutch", 180),
        ("german", 180),
        ("polish", 180),
    ],
)
def test_side_without_a_canasta(variant_id, total):
    result = score(variant_id, side("K K K", "A A A", hand="Q", red_threes=1))
    assert result.valid
    assert result.sides[0].total == total


@pytest.mark.parametrize(
    ("variant_id", "total"),
    [
        # With a canasta everything counts plus: cards 70 + 60, bonus, red three 100, hand -10.
        ("czech", 130 + 600 + 100 - 10),  # 000 §7: "za čistou canastu – 600 bodů"
        ("spanish", 130 + 500 + 100 - 10),  # 001: "Limpia ... Vale 500 puntos."
    ],
)
def test_side_with_a_canasta_counts_plus(variant_id, total):
    result = score(variant_id, side(CANASTA, "A A A", hand="Q", red_threes=1))
    assert result.sides[0].total == total


# -- opening -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score_", "failed", "minimum"),
    [
        # 000 fast, Bod 10: "Každý nezdařený pokus o vyložení se trestá zvýšením minimálního
        # počtu bodů o 10."
        (0, 0, 50),
        (0, 1, 60),
        (0, 3, 80),
        (-5, 1, 25),
        (3000, 2, 140),
    ],
)
def test_czech_fast_failed_attempts_raise_the_minimum(score_, failed, minimum):
    assert variant("czech-fast").opening_minimum(score_, failed) == minimum


def test_czech_fast_failed_attempt_ruling():
    # K K K (30) + five fives (25) = 55: enough at first (50), not after one failed try (60).
    melds = [meld("K K K"), meld("5 5 5 5 5")]
    fast = variant("czech-fast")
    assert check_opening(fast, 0, melds).allowed
    second = check_opening(fast, 0, melds, failed_attempts=1)
    assert (second.allowed, second.minimum, second.points) == (False, 60, 55)


@pytest.mark.parametrize("variant_id", sorted(ALL - {"czech-fast"}))
def test_failed_attempts_cost_nothing_elsewhere(variant_id):
    assert variant(variant_id).opening_minimum(0, 3) == variant(variant_id).opening_minimum(0)


@pytest.mark.parametrize(
    ("variant_id", "score_", "allowed", "points"),
    [
        # 000 §10: "Může-li ovšem hráč z ruky vyložit canastu, pak se prémiová hodnota canasty do
        # potřebných bodů započítává." 7 queens 70 + 600 = 670 >= 150 (5000 a výše).
        ("czech", 5000, True, 670),
        # The Laws count the cards only (002's example counts K-K-K-2 as 80, no bonus):
        # 70 < 120 (004: "3000 - 4995: 120 punten").
        ("classic", 3000, False, 70),
    ],
)
def test_canasta_from_hand_in_the_opening(variant_id, score_, allowed, points):
    ruling = check_opening(variant(variant_id), score_, [meld("Q Q Q Q Q Q Q")])
    assert (ruling.allowed, ruling.points) == (allowed, points)


@pytest.mark.parametrize(
    ("variant_id", "melds", "allowed"),
    [
        # 000 §10: "musí hráč ... vyložit alespoň jednu skupinu tří karet jen v kartách
        # originálních" – K K 2 (40) + A A X (90) reach 50 but hold no natural three.
        ("czech", ["K K 2", "A A X"], False),
        ("czech-fast", ["K K 2", "A A X"], False),
        # §11a adds wild cards to the three natural tens: K K K 2 holds the natural three.
        ("czech", ["K K K 2"], True),
        ("czech", ["K K 2", "A A A"], True),
        # The Laws have no such rule.
        ("classic", ["K K 2", "A A X"], True),
    ],
)
def test_czech_opening_needs_a_natural_three(variant_id, melds, allowed):
    ruling = check_opening(variant(variant_id), 0, [meld(m) for m in melds])
    assert ruling.allowed is allowed
    if not allowed:
        assert ruling.rule == "opening.natural-group"


@pytest.mark.parametrize(
    ("melds", "top", "allowed", "points"),
    [
        # 004 §Uitkomen op tafel: "mag men de punten van de twee eigen kaarten (zonder jokers)
        # optellen bij de bovenste kaart van de stapel en deze punten verder aanvullen met sets
        # van 3 of meer kaarten in de hand": K K + top K (30) + A A A (60) = 90 at 1500.
        (["K K", "A A A"], "K", True, 90),
        (["K K"], "K", False, 30),
        # Wild cards from the hand may join the top card's meld: K K + K + X = 80.
        (["K K X", "4 4 4"], "Kh", True, 95),
        # Two natural cards from the hand are needed with the top card, not one and a wild.
        (["K X", "A A A"], "K", False, 0),
        # A wild card or a black three on top cannot be taken (004 §Blokkeren).
        (["K K", "A A A"], "X", False, 0),
        (["3 3", "A A A"], "3s", False, 0),
    ],
)
def test_opening_with_the_pile_top(melds, top, allowed, points):
    ruling = check_opening(
        variant("classic"), 1500, [meld(m) for m in melds], pile_top=Card.from_symbol(top)
    )
    assert (ruling.allowed, ruling.points) == (allowed, points)


@pytest.mark.parametrize(
    ("players", "melds", "going_out", "allowed"),
    [
        # 003 §Punktacja: "Przy takim wyłożeniu nie musi zostać spełniony warunek minimalnej
        # liczby punktów" – going out in the first meld, with a canasta: 70 + 15 < 120 is fine.
        (4, [CANASTA, "4 4 4"], True, True),
        (4, [CANASTA, "4 4 4"], False, False),
        # 1 v 1 needs two canastas to go out at all (§Cel gry): one is not enough for the waiver.
        (2, [CANASTA, "4 4 4"], True, False),
        (2, [CANASTA, "Q Q Q Q Q Q X", "4 4 4"], True, True),
        # Without a canasta there is nothing to waive.
        (4, ["A A A", "4 4 4"], True, False),
    ],
)
def test_polish_going_out_waives_the_minimum(players, melds, going_out, allowed):
    ruling = check_opening(
        variant("polish"), 3000, [meld(m) for m in melds], going_out=going_out, players=players
    )
    assert ruling.allowed is allowed


def test_going_out_waiver_is_polish_only():
    ruling = check_opening(variant("classic"), 3000, [meld(CANASTA), meld("4 4 4")], going_out=True)
    assert (ruling.allowed, ruling.minimum, ruling.points) == (False, 120, 85)


@pytest.mark.parametrize("variant_id", PRESET_IDS)
def test_an_opening_needs_a_meld(variant_id):
    assert not check_opening(variant(variant_id), -5, []).allowed


@pytest.mark.parametrize(
    ("variant_id", "allowed"),
    [
        # 002 §Meldungen: "nicht erlaubt, mehrere Meldungen des selben Ranges zu haben"
        ("german", False),
        # 001: "en grupos de 3 a 7 cartas" – two melds of a number may be laid
        ("spanish", True),
    ],
)
def test_opening_with_two_melds_of_a_rank(variant_id, allowed):
    ruling = check_opening(variant(variant_id), 0, [meld("A A A"), meld("A A X")])
    assert ruling.allowed is allowed


# -- meld legality where the texts disagree ---------------------------------------

LAWS_AND_POLISH = {"classic", "czech", "czech-fast", "polish", "dutch"}


@pytest.mark.parametrize(
    ("cards", "going_out", "legal_in"),
    [
        # 004: "9-9-joker-joker-joker mag (in sommige varianten mag dat niet)"; 000 §8: 1 to 3
        # wild cards; 003: "maksymalnie trzy dzikie karty ... co najmniej dwie ... naturalne";
        # but 002 "mindestens genauso viele natürliche Karten wie wilde Karten" and 001 "no
        # puede haber más comodines que cartas comunes".
        ("9 9 X X X", False, LAWS_AND_POLISH),
        ("9 9 X X", False, ALL),
        # Every text: at least two natural cards, at most three wild ones, at least three cards.
        ("9 X X", False, set()),
        ("9 9 9 X X X X", False, set()),
        ("9 9", False, set()),
        # Black threes: only a player going out melds them (004 §De zwarte Drie "wanneer je
        # ermee uit gaat"; 000 §12; 002; 003 §Trójki; 001 follows the Laws).
        ("3 3 3", False, set()),
        ("3 3 3", True, ALL),
        ("3 3 3 3", True, ALL),
        # 000 §12: "Divokých karet může být v tom případě použito jako obvykle (např.3–3–2)";
        # 002: "Joker dürfen in dieser Meldung jedoch nicht verwendet werden"; the Laws: none.
        ("3 3 2", True, {"czech", "czech-fast"}),
        ("3 3 K", True, set()),
        # Red threes are never melded (004 "niet in combinatie"; 001 "nunca se juega").
        ("3h 3d 3h", True, set()),
        ("K K K 3h", False, set()),
        # Sequences: 000 §10 "Pravidla připouštějí také vykládání tzv. sekvencí ... vždy však
        # jen ve stejné barvě"; fast Bod 10 "není vůbec přípustné"; 002 "nur Sets
        # gleichwertiger Karten"; 003 "Nie można ... wykładać sekwensów"; 004 "geen onderdeel".
        ("7h 8h 9h", False, {"czech"}),
        ("Qh Kh Ah", False, {"czech"}),
        # 000 §10: "Divoké karty i v tomto případě nahrazují jakoukoliv kartu"
        ("7h 8h X", False, {"czech"}),
        ("7h 9h 2", False, {"czech"}),
        ("7h 9h 10h", False, set()),  # a gap with no wild card to fill it
        ("7h 8h 9s", False, set()),  # "jen ve stejné barvě"
        ("7 8 9", False, set()),  # a sequence must show its suit
        # 001 §Acciones: "en grupos de 3 a 7 cartas"; the others set no upper limit
        # (002: "Eine Meldung darf beliebig viele Karten enthalten").
        ("K K K K K K K K", False, ALL - {"spanish"}),
        # Melds of wild cards alone: 000 §8 "Canasta složená jen z divokých karet"; 001 "De
        # Comodines"; 003 "Dzika kanasta"; not in the Laws or 002.
        ("2 2 2 2 X X X", False, {"czech", "czech-fast", "spanish", "polish"}),
        # ... and 001's "3 a 7 cartas" holds for them too.
        ("2 2 2 2 X X X X", False, {"czech", "czech-fast", "polish"}),
        # 001 "Canasta a lo gusto: Canasta realizada con los 3 negros" (four packs hold eight);
        # 000 §12 "Canasta se z černých trojek nedělá"; elsewhere only three or four to go out.
        ("3 3 3 3 3 3 3", False, {"spanish"}),
        ("3 3 3 3 3 3 3 3", False, set()),
    ],
)
def test_meld_legality(cards, going_out, legal_in):
    m = meld(cards)
    legal = {v for v in PRESET_IDS if not meld_problems(variant(v), m, going_out=going_out)}
    assert legal == set(legal_in)


def test_meld_problems_name_the_meld_and_the_rule():
    # STYLE §3: '"9 9 X X X X": a meld may hold at most three wild cards'
    (problem,) = meld_problems(variant("classic"), meld("9 9 X X X X"))
    assert problem.message.startswith('"9 9 X X X X": ')
    assert "at most 3 wild cards" in problem.message
    assert problem.rule == "meld.wild-limit"


@pytest.mark.parametrize(
    ("variant_id", "allowed"),
    [
        # 002 §Meldungen: "Einer Partei ist es nicht erlaubt, mehrere Meldungen des selben
        # Ranges zu haben."
        ("german", False),
        ("classic", False),  # the Laws as 002 describes them
        # 003 §Rozgrywka: "nie mogą wyłożyć dwóch meldunków z kart o tej samej wartości"
        ("polish", False),
        # 000 §10: "Otevírá-li strana výklad skupiny dosud nevyložené"
        ("czech", False),
        ("czech-fast", False),
        # 004: "Dit mag ook als er al een canasta van zevens ligt"
        ("dutch", True),
        # 001: groups of "3 a 7 cartas" from four packs
        ("spanish", True),
    ],
)
def test_one_meld_per_rank(variant_id, allowed):
    result = score(variant_id, side("K K K", "K K K X"))
    assert result.valid is allowed
    if not allowed:
        assert codes(result) == ["second_meld_of_rank"]
        assert (result.problems[0].side, result.problems[0].meld) == (0, 1)


# -- whole hands -----------------------------------------------------------------


@pytest.mark.parametrize("variant_id", PRESET_IDS)
def test_two_sides_cannot_both_go_out(variant_id):
    melds, other = GOING_OUT_MELDS[variant_id], OTHER_GOING_OUT_MELDS[variant_id]
    assert score(variant_id, side(*melds, went_out=True), side(*other)).valid
    result = score(variant_id, side(*melds, went_out=True), side(*other, went_out=True))
    assert codes(result) == ["two_went_out"]


@pytest.mark.parametrize(
    ("variant_id", "players", "melds", "ok"),
    [
        # 004 §Uitgaan: "minstens één canasta op tafel"
        ("classic", 4, ["A A A"], False),
        ("classic", 4, [CANASTA], True),
        # 003 §Cel gry: "co najmniej jedną kanastę (w wersji 2 na 2) lub co najmniej dwie
        # kanasty (w wersji 1 na 1)"
        ("polish", 4, [CANASTA], True),
        ("polish", 2, [CANASTA], False),
        ("polish", 2, [CANASTA, "Q Q Q Q Q Q X"], True),
        # 001 §Acciones: "es necesario tener por lo menos una canasta limpia y otra sucia"
        ("spanish", 4, [CANASTA, "Q Q Q Q Q Q Q"], False),
        ("spanish", 4, ["K K K K K X 2", "Q Q Q Q Q X 2"], False),
        ("spanish", 4, [CANASTA, "Q Q Q Q Q X 2"], True),
        # 000 §14: "když jeho strana má vyloženou alespoň jednu canastu"
        ("czech", 4, ["A A A"], False),
        ("czech", 4, ["X X X 2 2 2 2"], True),  # a wild canasta is a canasta (000 §8)
    ],
)
def test_going_out_needs_canastas(variant_id, players, melds, ok):
    result = score(variant_id, side(*melds, went_out=True), players=players)
    assert result.valid is ok
    if not ok:
        assert codes(result) == ["going_out_without_canasta"]


@pytest.mark.parametrize(
    ("players", "ok"),
    [
        # Alone, the player who went out holds nothing; a partner may still hold cards
        # (002 §Ausmachen: "Die Karten die der Mitspieler auf der Hand hält werden ... gezählt").
        (2, False),
        (3, False),
        (4, True),
    ],
)
def test_player_who_went_out_holds_no_cards(players, ok):
    result = score("classic", side(CANASTA, hand="Q", went_out=True), players=players)
    assert result.valid is ok


@pytest.mark.parametrize("variant_id", PRESET_IDS)
def test_concealed_needs_going_out(variant_id):
    result = score(variant_id, side(*GOING_OUT_MELDS[variant_id], concealed=True))
    assert "concealed_without_going_out" in codes(result)


@pytest.mark.parametrize(
    ("variant_id", "players", "sides", "counted"),
    [
        # Two packs (004 §Delen, 000 §3, 002, 003): eight kings, four jokers, four red threes,
        # two of any one card.
        ("classic", 4, [side(CANASTA, hand="K K")], "9 kings"),
        ("german", 4, [side("Q Q X X", "J J X X", hand="X")], "5 jokers"),
        ("polish", 4, [side("K K K", red_threes=3), side("A A A", red_threes=2)], "5 red threes"),
        ("czech", 4, [side("K♥ K♥ K♥")], "3 × Kh"),
        # 000 §9: "Ve hře jsou čtyři žolíky a 8 dvojek, celkem tedy 12 divokých karet."
        ("czech", 4, [side("Q Q Q Q 2 2 2", "J J J J 2 2 2", hand="2 2 2")], "9 twos"),
        ("dutch", 4, [side("A A A", hand="3 3 3 3s 3c")], "5 black threes"),
        # 004 §Delen: "met 6 spelers ... 3 spellen kaarten": twelve kings
        ("classic", 6, [side(CANASTA, "A A A", hand="K K K K K K")], "13 kings"),
        # 001: "se juega con 4 mazos más dos comodines por cada uno": sixteen kings, eight
        # jokers, eight red threes ...
        ("spanish", 4, [side(CANASTA, CANASTA, hand="K K K")], "17 kings"),
        ("spanish", 4, [side("X X X X X X X", hand="X X")], "9 jokers"),
        ("spanish", 4, [side("K K K", red_threes=5), side("A A A", red_threes=4)], "9 red threes"),
        # ... "Cuando hay 6 o más jugadores ... se usarán 8": thirty-two kings
        ("spanish", 6, [side(*[CANASTA] * 4, hand="K K K K K")], "33 kings"),
    ],
)
def test_more_cards_than_the_packs_hold(variant_id, players, sides, counted):
    result = score(variant_id, *sides, players=players)
    deck = [p for p in result.problems if p.code == "deck_count"]
    assert len(deck) == 1
    assert counted in deck[0].message


@pytest.mark.parametrize(
    ("variant_id", "players", "sides"),
    [
        ("classic", 4, [side(CANASTA, hand="K")]),
        ("classic", 4, [side("K K K", red_threes=2), side("A A A", red_threes=2)]),
        ("classic", 6, [side(CANASTA, "A A A", hand="K K K K K")]),
        ("german", 4, [side("Q Q X X", "J J X X")]),
        ("spanish", 4, [side(CANASTA, CANASTA, hand="K K")]),
        ("spanish", 4, [side("X X X X X X X", hand="X")]),
        ("spanish", 4, [side("K K K", red_threes=4), side("A A A", red_threes=4)]),
        ("spanish", 4, [side("K♥ K♥ K♥ K♥")]),
    ],
)
def test_as_many_cards_as_the_packs_hold(variant_id, players, sides):
    assert score(variant_id, *sides, players=players).valid


def test_every_problem_is_reported():
    result = score(
        "classic",
        side("K K", "9 9 X X X X", went_out=True),
        side("A A A", hand="X", went_out=True),
    )
    found = sorted((p.code, p.side, p.meld) for p in result.problems)
    assert found == sorted(
        [
            ("meld_too_small", 0, 0),
            ("too_many_wilds", 0, 1),
            ("going_out_without_canasta", 0, None),
            ("going_out_without_canasta", 1, None),
            ("two_went_out", None, None),
            ("deck_count", None, None),  # four jokers in the meld and one in hand
        ]
    )
    # Each problem says what is wrong and cites a rule of the variant.
    classic = find_variant("classic")
    assert all(p.message and p.rule in classic.rules for p in result.problems)


def test_score_legal_hand_raises_with_every_problem():
    classic = find_variant("classic")
    hand = HandOf(4, (side("K K", "9 9 X X X X"), side()))
    with pytest.raises(IllegalHand) as caught:
        score_legal_hand(classic, hand)
    assert [p.code for p in caught.value.problems] == ["meld_too_small", "too_many_wilds"]


def test_a_legal_hand_scores_without_problems():
    classic = find_variant("classic")
    hand = HandOf(4, (side(CANASTA, red_threes=1, went_out=True), side("A A A", hand="Q")))
    result = score_legal_hand(classic, hand)
    # 70 + 500 + 100 + 100 = 770; 60 - 10 = 50
    assert [s.total for s in result.sides] == [770, 50]


# -- house rules -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant_id", "options"),
    [
        # 000 §12 and §14: "Někdy se uplatňuje pravidlo ..." / "To je věc dohody hráčů."
        ("czech", {"black_three_penalty", "going_out_needs_discard"}),
        # fast Bod 14 fixes the discard question ("nemusí hráči ... zbýt karta")
        ("czech-fast", {"black_three_penalty"}),
        # 001 §Variaciones: "En algunas variantes también existen las escalas"
        ("spanish", {"escalas"}),
        # 004 names hand canasta, the undeclared red three and acabar as variants
        ("dutch", {"hand_canasta", "undeclared_red_three", "acabar"}),
    ],
)
def test_scoring_house_rules_offered_and_off_by_default(variant_id, options):
    defaults = find_variant(variant_id).option_defaults()
    assert {name: defaults.get(name) for name in options} == dict.fromkeys(options, False)


@pytest.mark.parametrize(
    ("variant_id", "chosen"),
    [
        ("classic", {"escalas": True}),
        ("spanish", {"escalas": "yes"}),
    ],
)
def test_unknown_house_rule(variant_id, chosen):
    with pytest.raises(UnknownOption):
        find_variant(variant_id).with_options(chosen)


@pytest.mark.parametrize("asked", [[1], {"a": 1}, None, 3, "nope", "Classic"])
def test_asking_for_a_preset_by_anything_else_is_simply_no(asked):
    """A file or a request may name a list or a number as its variant: not a preset, and
    not a TypeError (hypothesis found ``{"variant": [...]}`` through the command line)."""
    assert asked not in PRESETS
    assert "classic" in PRESETS
