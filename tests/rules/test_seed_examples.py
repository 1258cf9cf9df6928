"""Every worked number in the five seed rulebooks, checked against the preset built from it.

The expected figures are worked out by hand from the texts (card values times
cards, plus the bonus the text names), never by calling the code.
"""

from __future__ import annotations

import pytest

from referee.rules import CanastaKind, Card, check_opening, classify, meld_problems
from tests.support.hands import CANASTA, codes, meld, score, side, variant

# -- 002 (German) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        # 002 §Beispiele für eine Meldung: "9♥ 9♦ 9♦ 2♠ | 80" = 3 x 10 + 50 (a 2 is 50 in 002)
        ("9♥ 9♦ 9♦ 2♠", 80),
        # 002: "5♦ 5♠ 5♠ 5♥ 5♥ 2♣ X X | 175" = 5 x 5 + 50 + 2 x 50
        ("5♦ 5♠ 5♠ 5♥ 5♥ 2♣ X X", 175),
        # 002: "K♦ K♦ K♣ | 30" = 3 x 10
        ("K♦ K♦ K♣", 30),
    ],
)
def test_002_worked_melds(cards, points):
    german = variant("german")
    m = meld(cards)
    assert meld_problems(german, m) == []
    assert classify(german, m).points == points


def test_002_eight_fives_are_a_mixed_canasta():
    # 002 §Canasta: "Ein Canasta ist eine Meldung mit mindestens sieben Karten" and
    # "Gemischter Canasta: ... mit wilden Karten"
    assert classify(variant("german"), meld("5♦ 5♠ 5♠ 5♥ 5♥ 2♣ X X")).canasta is CanastaKind.MIXED


def test_002_opening_example():
    # 002 §Mindestpunkte: "Hat eine Partei zum Beispiel bereits 2.000 Spielpunkte, darf ein
    # Spieler eine Erstmeldung mit K-K-K-2 (80 Punkte) und 4-4-4 (15 Punkte) für insgesamt
    # 95 Punkte machen." 2000 is in "1.500 bis 2.999 | 90 Punkte".
    ruling = check_opening(variant("german"), 2000, [meld("K K K 2"), meld("4 4 4")])
    assert (ruling.allowed, ruling.minimum, ruling.points) == (True, 90, 95)


def test_002_opening_example_falls_short_where_a_two_is_20():
    # The same melds under the Laws (004 §Puntentelling: "20 punten: 2") make 30 + 20 + 15 = 65.
    ruling = check_opening(variant("classic"), 2000, [meld("K K K 2"), meld("4 4 4")])
    assert (ruling.allowed, ruling.minimum, ruling.points) == (False, 90, 65)


def test_002_mixed_canasta_of_sevens_is_425():
    # 002 §Abrechnung: "Ein 7-7-7-7-7-2-2 Canasta ist also 425 Punkte wert – 125 für die
    # Kartenwerte und 300 Bonuspunkte für den gemischten Canasta."  125 = 5 x 5 + 2 x 50.
    result = score("german", side("7 7 7 7 7 2 2"))
    ns = result.sides[0]
    assert result.valid
    assert (ns.breakdown["melds"], ns.breakdown["canastas"], ns.total) == (125, 300, 425)


@pytest.mark.parametrize(
    ("melds", "expected"),
    [
        # 002 §Abrechnung: "Für jede rote Drei 100; Für alle vier rote Dreien +400" = 800
        (("K K K",), 800),
        # 002: "Sollte diese Partei alle vier roten Dreien haben, werden 800 Minuspunkte
        # berechnet." (a side that has not melded)
        ((), -800),
    ],
)
def test_002_all_four_red_threes(melds, expected):
    assert score("german", side(*melds, red_threes=4)).sides[0].breakdown["red_threes"] == expected


def test_002_one_meld_per_rank_example():
    # 002 §Meldungen: "Hat eine Partei zum Beispiel bereits 7-7-2 ausgelegt, kann sie nicht eine
    # weitere Meldung mit 7-7-X-X separat auslegen."
    result = score("german", side("7 7 2", "7 7 X X"))
    assert codes(result) == ["second_meld_of_rank"]
    assert result.problems[0].meld == 1


def test_002_adding_to_the_meld_instead():
    # 002 §Meldungen: "... und hätte dann 7-7-7-7-X-X-2" – three wild cards, legal, a mixed
    # canasta: 4 x 5 + 3 x 50 = 170 in cards.
    german = variant("german")
    m = meld("7 7 7 7 X X 2")
    assert meld_problems(german, m) == []
    info = classify(german, m)
    assert (info.points, info.canasta, info.bonus) == (170, CanastaKind.MIXED, 300)


def test_002_identical_cards_in_a_meld():
    # 002 §Meldung: "Eine Meldung darf identische Karten (etwa zweimal die 7 ♦) enthalten."
    assert meld_problems(variant("german"), meld("7♦ 7♦ 7♠")) == []


# -- 001 (Spanish) --------------------------------------------------------------


def test_001_clean_canasta_of_queens():
    # 001 §Acciones por turno: "Una canasta limpia de Q vale 500 puntos y, además, se cuentan
    # las Q una por una. Dado que cada Q vale 10 puntos, se sumarían 70 puntos más."
    ns = score("spanish", side("Q Q Q Q Q Q Q")).sides[0]
    assert (ns.breakdown["canastas"], ns.breakdown["melds"], ns.total) == (500, 70, 570)


def test_001_five_queens_in_hand():
    # 001: "si al cerrar la mano un jugador, otro tiene 5 Q en la mano ... se contarían 50
    # puntos en negativo."
    closer = side("Q Q Q Q Q Q Q", "J J J J X 2 2", went_out=True)
    other = side("A A A", hand="Q Q Q Q Q")
    result = score("spanish", closer, other)
    assert result.valid
    assert result.sides[1].breakdown["hand"] == -50
    # 001: "Además, a quien cierra se le bonifica con 200 puntos."
    assert result.sides[0].breakdown["going_out"] == 200


# -- 003 (Polish) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("melds", "expected"),
    [
        # 003 §Punktacja: "800 punktów (4x100 za każdą z trójek + 400)"
        (("K K K",), 800),
        # 003: "cztery ... czerwone trójki, jeśli gracz lub drużyna jeszcze nic nie
        # zameldowali: -800 punktów (4x(-100) – 400)"
        ((), -800),
    ],
)
def test_003_all_four_red_threes(melds, expected):
    assert score("polish", side(*melds, red_threes=4)).sides[0].breakdown["red_threes"] == expected


# -- 000 (Czech) ----------------------------------------------------------------


def test_000_eleven_a_three_tens_fall_short_of_90():
    # 000 §11a: "Vy máte v ruce dvě desítky. ... koupíte odloženou desítku a vyložíte ji hned na
    # stůl spolu se svými dvěma. Tím jste vyložil 30 bodů. Vaše strana musí však provést první
    # vyložení, dejme tomu na 90 bodů."  90 is the minimum for 1500 to 2495 (§10).
    ruling = check_opening(
        variant("czech"), 1500, [meld("10 10")], pile_top=Card.from_symbol("10h")
    )
    assert (ruling.allowed, ruling.minimum, ruling.points) == (False, 90, 30)


@pytest.mark.parametrize(
    ("melds", "points"),
    [
        # 000 §11a: "Musíte proto z ruky doplnit vyložením jinými skupinami ..." –
        # three tens 30 + three aces 60 = 90.
        (["10 10", "A A A"], 90),
        # 000 §11a: "... nebo přidáním divokých karet k vyloženým 3 desítkám na 90 bodů" –
        # three tens 30 + a joker 50 + a two 20 = 100.
        (["10 10 X 2"], 100),
    ],
)
def test_000_eleven_a_making_up_the_90(melds, points):
    ruling = check_opening(
        variant("czech"), 1500, [meld(m) for m in melds], pile_top=Card.from_symbol("10h")
    )
    assert (ruling.allowed, ruling.points) == (True, points)


# -- opening tables of every preset ----------------------------------------------


@pytest.mark.parametrize(
    ("variant_id", "score_", "minimum"),
    [
        # 000 §10: "0 až 1495 – 50 bodů; 1500 až 2495 – 90 bodů; 2500 až 4995 – 120 bodů;
        # 5000 a výše – 150 bodů"; no row for a negative score: the classic 15.
        ("czech", -5, 15),
        ("czech", 0, 50),
        ("czech", 1495, 50),
        ("czech", 1500, 90),
        ("czech", 2495, 90),
        ("czech", 2500, 120),
        ("czech", 4995, 120),
        ("czech", 5000, 150),
        ("czech", 9995, 150),
        # 000 rychlejší varianta, Bod 10: "0 až 1495 – 50; 1500 až 2995 – 90; 3000 a výše –
        # 120. Strana, která má minusové body, může vykládat již na 15 bodů."
        ("czech-fast", -5, 15),
        ("czech-fast", 0, 50),
        ("czech-fast", 1495, 50),
        ("czech-fast", 1500, 90),
        ("czech-fast", 2495, 90),
        ("czech-fast", 2995, 90),
        ("czech-fast", 3000, 120),
        ("czech-fast", 4995, 120),
        # 001 §Acciones: "En negativo: 15; De 0 a 1495: 50; De 1500 a 2995: 90; De 3000 a
        # 4995: 120; De 5000 en adelante: 150"
        ("spanish", -5, 15),
        ("spanish", 0, 50),
        ("spanish", 1495, 50),
        ("spanish", 1500, 90),
        ("spanish", 2995, 90),
        ("spanish", 3000, 120),
        ("spanish", 4995, 120),
        ("spanish", 5000, 150),
        ("spanish", 6995, 150),
        # 002 §Mindestpunkte: "Negativ | Kein Minimum; 0 bis 1.499 | 50; 1.500 bis 2.999 | 90;
        # Über 3.000 | 120"
        ("german", -1000, 0),
        ("german", -5, 0),
        ("german", 0, 50),
        ("german", 1495, 50),
        ("german", 1500, 90),
        ("german", 2995, 90),
        ("german", 3000, 120),
        ("german", 4995, 120),
        # 003 §Jak zacząć: "50 – od 0 do 1495; 90 – od 1500 do 2995; 120 – od 3000 lub
        # więcej; 15 – jeśli liczba punktów jest ujemna"
        ("polish", -5, 15),
        ("polish", 0, 50),
        ("polish", 1495, 50),
        ("polish", 1500, 90),
        ("polish", 2995, 90),
        ("polish", 3000, 120),
        ("polish", 4995, 120),
        # 004 §Uitkomen op tafel: "Negatief: 15; 0000 - 1495: 50; 1500 - 2995: 90;
        # 3000 - 4995: 120" (classic and dutch both follow it)
        ("dutch", -5, 15),
        ("dutch", 0, 50),
        ("dutch", 1495, 50),
        ("dutch", 1500, 90),
        ("dutch", 2995, 90),
        ("dutch", 3000, 120),
        ("dutch", 4995, 120),
        ("classic", -5, 15),
        ("classic", 0, 50),
        ("classic", 1495, 50),
        ("classic", 1500, 90),
        ("classic", 2995, 90),
        ("classic", 3000, 120),
        ("classic", 4995, 120),
    ],
)
def test_opening_minimum_tables(variant_id, score_, minimum):
    v = variant(variant_id)
    assert v.opening_minimum(score_) == minimum
    # The ruling for the side quotes the same minimum.
    assert check_opening(v, score_, []).minimum == minimum


@pytest.mark.parametrize(
    ("variant_id", "score_", "melds", "allowed"),
    [
        # 004: 1500 - 2995 → 90.  K K K (30) + A A A (60) = 90: exactly enough.
        ("dutch", 1500, ["K K K", "A A A"], True),
        # 004: 1495 is still 50: A A A (60) is enough, K K K (30) is not.
        ("dutch", 1495, ["A A A"], True),
        ("dutch", 1495, ["K K K"], False),
        # 004: "Negatief: 15 punten" – 4 4 4 is 15.
        ("dutch", -5, ["4 4 4"], True),
        # 000 §10: 5000 a výše – 150: A A A (60) + K K K (30) + Q Q Q (30) + J J J (30) = 150.
        ("czech", 5000, ["A A A", "K K K", "Q Q Q", "J J J"], True),
        ("czech", 5000, ["A A A", "K K K", "Q Q Q", "4 4 4"], False),  # 135
        # 002: "Negativ | Kein Minimum" – the smallest meld will do.
        ("german", -5, ["4 4 4"], True),
        # 002: "0 bis 1.499 | 50" – 4 4 4 (15) is not enough.
        ("german", 0, ["4 4 4"], False),
    ],
)
def test_opening_at_the_boundaries(variant_id, score_, melds, allowed):
    assert check_opening(variant(variant_id), score_, [meld(m) for m in melds]).allowed is allowed


# -- 004 (Dutch) ----------------------------------------------------------------


def test_004_nine_nine_and_three_jokers():
    # 004 §Uitkomen op tafel: "Dus bijvoorbeeld 9-9-joker-joker-joker mag"
    assert meld_problems(variant("dutch"), meld("9 9 X X X")) == []


@pytest.mark.parametrize(
    ("cards", "bonus"),
    [
        # 004 §Puntentelling: "Deze hand-canasta geeft de dubbele punten van een tafel canasta
        # (600 en 1000 punten)."
        ("J J J J J X 2", 600),
        ("J J J J J J J", 1000),
    ],
)
def test_004_hand_canasta_doubles(cards, bonus):
    dutch = variant("dutch", hand_canasta=True)
    ns = score(dutch, side(meld(cards, concealed=True), CANASTA)).sides[0]
    assert ns.canastas[0].bonus == bonus


def test_004_undeclared_red_three_costs_500():
    # 004 §De Rode Drie: "dan krijgt hij 500 strafpunten"
    ns = score("dutch", side("K K K", undeclared_red_threes=1), undeclared_red_three=True).sides[0]
    assert ns.breakdown["undeclared_red_threes"] == -500


def test_004_acabar_gives_the_other_side_1500():
    # 004 §Uitgaan: "De tegenpartij krijgt daarmee 1500 punten en de eigen partij niets."
    result = score("dutch", side(CANASTA, acabar=True), side("A A A"), acabar=True)
    assert [s.total for s in result.sides] == [0, 1500]


def test_004_going_out_100_and_concealed_100_more():
    # 004 §Uitgaan: "krijgt 100 punten" and "Verborgen uitgaan ... verdient 100 punten extra"
    plain = score("dutch", side(CANASTA, went_out=True)).sides[0]
    hidden = score("dutch", side(CANASTA, went_out=True, concealed=True)).sides[0]
    assert (plain.breakdown["going_out"], hidden.breakdown["going_out"]) == (100, 200)


def test_004_second_meld_of_sevens_beside_a_canasta():
    # 004 §Uitkomen op tafel: "men heeft 4 zevens en 2 jokers op tafel liggen. Men mag een stapel
    # met een zeven bovenop pakken en maakt zo een onechte canasta (5 zevens, 2 jokers). Dit mag
    # ook als er al een canasta van zevens ligt" – twelve sevens need the six-player three packs.
    # 5 x 5 + 2 x 50 = 125 in cards, 300 for the mixed canasta.
    melds = ("7 7 7 7 7 7 7", "7 7 7 7 7 X X")
    dutch = score("dutch", side(*melds), players=6)
    assert dutch.valid
    assert [(c.kind, c.bonus) for c in dutch.sides[0].canastas] == [
        (CanastaKind.NATURAL, 500),
        (CanastaKind.MIXED, 300),
    ]
    assert dutch.sides[0].breakdown["melds"] == 35 + 125
    # 002 §Meldungen forbids it ("nicht erlaubt, mehrere Meldungen des selben Ranges").
    assert codes(score("german", side(melds[1], "7 7 X"))) == ["second_meld_of_rank"]


# -- the table: how far a match goes, how many cards are dealt ---------------------


@pytest.mark.parametrize(
    ("variant_id", "target"),
    [
        ("classic", 5000),  # 004 §Doel: "De partij die het eerst 5000 punten heeft bereikt"
        ("dutch", 5000),
        ("czech", 10000),  # 000 §2: "dosáhly počtu 10000 bodů nebo více"
        ("czech-fast", 5000),  # 000 fast, Bod 2: "Hraje se do dosažení 5000 bodů."
        # 001: "5.000 puntos (partida rápida) o a los 7.000 (partida normal o estándar)"
        ("spanish", 7000),
        ("german", 5000),  # 002 §Spielpunkte: "die als erste 5.000 Punkte erreicht"
        ("polish", 5000),  # 003 §Cel gry: "zdobędą 5000 punktów"
    ],
)
def test_match_target(variant_id, target):
    assert variant(variant_id).target_score == target


@pytest.mark.parametrize(
    ("variant_id", "players", "dealt"),
    [
        # 004 §Delen: "2 personen worden 15 kaarten ... 3 personen 13 ... 4 deelnemers 11"
        ("classic", 2, 15),
        ("classic", 3, 13),
        ("classic", 4, 11),
        # 000 §5: "Každý hráč dostává 13 karet."; §16: "o 2 karty více" for two or three
        ("czech", 4, 13),
        ("czech", 2, 15),
        # 000 fast, Bod 5: "jen 11 karet"
        ("czech-fast", 4, 11),
        # 001 §Preparación: "Entregará 15 cartas a cada participante"
        ("spanish", 4, 15),
        # 002 §Kartenverteilung: "bekommt jeder Spieler 11 Karten"
        ("german", 4, 11),
        # 003 §Jak zacząć: "11 kart (w wersji 2 na 2) lub 15 kart (w wersji 1 na 1)"
        ("polish", 4, 11),
        ("polish", 2, 15),
    ],
)
def test_cards_dealt(variant_id, players, dealt):
    assert variant(variant_id).cards_dealt[players] == dealt
