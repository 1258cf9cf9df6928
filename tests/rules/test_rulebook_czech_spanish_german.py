"""The rest of the rulebook (issue 34) for czech, czech-fast, spanish and german.

Each row is a rule a player would ask about: its statement must say what the seed
says, and its source must name the seed's section.  The statements are checked for
the facts a player would notice (a count, a direction, a target), not word for word.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.rules import find_variant

C = "000_09093ec587c4cd5a.txt"
S = "001_680538e4d6b26737.txt"
G = "002_33025d4827e4c068.txt"
F = f"{C} §Zajímavá a rychlejší varianta"
# The seed texts live beside the project, not in it: the quote check runs where they are.
SEEDS = Path("/work/shared/seeds")

ROWS = [
    # 000 §5: "Každý hráč dostává 13 karet." §16: "rozdává se každému o 2 karty více."
    ("czech", "deal.cards", ["13 cards", "two or three players", "15"], f"{C} §5, §16"),
    # 000 §5: the cutter "má právo podívat se na tři poslední karty toho dílu"
    ("czech", "deal.cut", ["bottom three cards", "that many cards fewer"], f"{C} §5"),
    # 000 §5: "První rozdává hráč, který sejmul nejnižší kartu."
    ("czech", "deal.dealer", ["lowest card deals first"], f"{C} §5"),
    # 000 §4: "dva hráči, kteří před hrou sejmou dvě nejvyšší karty"
    ("czech", "deal.partners", ["two highest", "ace is highest"], f"{C} §4"),
    # 000 §6: the first card of the stock is offered to the first player.
    ("czech", "deal.upcard", ["may take it", "first card of the pile"], f"{C} §6"),
    ("czech", "deal.stock", ["face down", "stock"], f"{C} §5"),
    ("czech", "play.turn-order", ["dealer's left plays first"], f"{C} §6"),
    ("czech", "play.draw", ["top card of the stock", "whole pile"], f"{C} §11"),
    ("czech", "play.discard", ["one card discarded"], f"{C} §6"),
    (
        "czech",
        "play.red-three-drawn",
        ["laid face up at once", "another card drawn"],
        f"{C} §6, §11",
    ),
    # 000 §1: "Hrají sice každý sám, skrytě bez dorozumívání, ale ... na společný účet."
    ("czech", "play.partners", ["without signalling", "common score"], f"{C} §1, §6"),
    ("czech", "play.players", ["partners sitting opposite", "three or two"], f"{C} §1, §16"),
    ("czech", "meld.sequence-extend", ["lower card may not be added"], f"{C} §10"),
    ("czech", "opening.several-melds", ["several"], f"{C} §10"),
    # 000 §2: "končí kolem, ve kterém jedna ze stran nebo obě strany dosáhly počtu 10000 bodů"
    ("czech", "scoring.game-end", ["10 000", "more points wins"], f"{C} §2"),
    # 000 §15: "Skóre se zapisuje pro každou stranu, tedy ve dvou sloupcích."
    ("czech", "scoring.counting", ["two columns"], f"{C} §15"),
    # The fast variant changes the deal, the upcard and the target.
    ("czech-fast", "deal.cards", ["only 11 cards", "two or three players: 13"], f"{F}, Bod 5"),
    ("czech-fast", "deal.cut", ["does not look"], f"{F}, Bod 5"),
    ("czech-fast", "deal.upcard", ["simply turned up", "frozen from the start"], f"{F}, Bod 6"),
    ("czech-fast", "scoring.game-end", ["5000"], f"{F}, Bod 2"),
    # Bod 10: "Každý nezdařený pokus o vyložení se trestá zvýšením ... o 10."
    (
        "czech-fast",
        "irregularities.insufficient-opening",
        ["failed attempt", "by 10"],
        f"{F}, Bod 10",
    ),
    # What the fast text leaves alone stays the main text's.
    ("czech-fast", "deal.partners", ["two highest"], f"{C} §4"),
    ("czech-fast", "scoring.counting", ["two columns"], f"{C} §15"),
    # 001 §Preparación: "Entregará 15 cartas a cada participante"
    (
        "spanish",
        "deal.cards",
        ["15 cards", "player who plays first"],
        f"{S} §Preparación del juego",
    ),
    # "se colocarán 6 cartas ... boca abajo y encima de éstas se pondrá una boca arriba"
    (
        "spanish",
        "deal.upcard",
        ["six cards", "face down", "seven cards"],
        f"{S} §Preparación del juego",
    ),
    (
        "spanish",
        "deal.dealer",
        ["highest plays first", "left deals"],
        f"{S} §Preparación del juego",
    ),
    (
        "spanish",
        "deal.cut",
        ["joker, two or red three", "on top of the 15"],
        f"{S} §Preparación del juego",
    ),
    # "procedería a llevarse dos cartas del mazo y a desechar una"
    ("spanish", "play.draw", ["draw two cards"], f"{S} §Preparación del juego"),
    ("spanish", "play.discard", ["one card onto the pot"], f"{S} §Preparación del juego"),
    (
        "spanish",
        "play.red-three-drawn",
        ["show their red threes", "replaced"],
        f"{S} §Preparación del juego, §¿Cómo sumar puntos?",
    ),
    ("spanish", "play.players", ["A, B, A, B", "trios with six"], f"{S} §Acciones por turno"),
    ("spanish", "play.partners", ["team-mates", "counted together"], f"{S} §Acciones por turno"),
    ("spanish", "opening.without-pile", ["without taking the pot"], f"{S} §Acciones por turno"),
    # "Gana el juego quien llega a los 5000 o 7000 puntos"
    ("spanish", "scoring.game-end", ["5000", "7000"], f"{S} §Acciones por turno"),
    ("spanish", "scoring.counting", ["red threes only once"], f"{S} §Acciones por turno"),
    # 002 §Kartenverteilung: "bekommt jeder Spieler 11 Karten"
    ("german", "deal.cards", ["11 cards"], f"{G} §Kartenverteilung"),
    ("german", "deal.stock", ["face down", "stock"], f"{G} §Kartenverteilung"),
    (
        "german",
        "deal.upcard",
        ["first card of the discard pile", "red three", "frozen"],
        f"{G} §Kartenverteilung, §Eingefrorener Abwurfstapel",
    ),
    ("german", "deal.partners", ["two highest play together"], f"{G} §Mitspieler beim Canasta"),
    ("german", "play.players", ["Four players", "opposite"], f"{G} §Mitspieler beim Canasta"),
    (
        "german",
        "play.draw",
        ["one card from the stock", "whole discard pile"],
        f"{G} §Ablauf einer Spielrunde",
    ),
    ("german", "play.discard", ["starts a new pile"], f"{G} §Ablauf einer Spielrunde"),
    (
        "german",
        "play.partners",
        ["never to the opponents'"],
        f"{G} §Ablauf einer Spielrunde, §Meldung",
    ),
    ("german", "play.red-three-drawn", ["at once", "another card drawn"], f"{G} §Rote Dreien"),
    # "Sobald ein Spieler den Abwurfstapel nicht aufnehmen kann (oder dies nicht will), endet
    # das Spiel"
    (
        "german",
        "play.stock-out",
        ["cannot or will not ends the hand", "last card of the stock is a red three"],
        f"{G} §Alle Karten aufgebraucht – Ende ohne Ausmachen",
    ),
    ("german", "meld.permanent", ["wild card may not be taken back"], f"{G} §Meldung"),
    (
        "german",
        "opening.several-melds",
        ["K-K-K-2 and 4-4-4 make 95"],
        f"{G} §Mindestpunkte für die erste Meldung",
    ),
    (
        "german",
        "opening.red-threes",
        ["do not count towards the opening minimum"],
        f"{G} §Rote Dreien",
    ),
    ("german", "pile.show", ["first show the cards"], f"{G} §Meldung anzeigen"),
    ("german", "scoring.game-end", ["5 000"], f"{G} §Spielpunkte, §Abrechnung beim Canasta"),
    (
        "german",
        "scoring.counting",
        ["stock running out", "next hand"],
        f"{G} §Abrechnung beim Canasta",
    ),
]


# Every key issue 34 added to these presets, each quoted from its own seed.
ADDED = {
    "czech": (
        "deal.cards deal.cut deal.dealer deal.partners deal.stock deal.upcard meld.adding "
        "meld.sequence-extend opening.several-melds play.discard play.draw play.partners "
        "play.players play.red-three-drawn play.turn play.turn-order scoring.counting "
        "scoring.game-end"
    ).split(),
    "czech-fast": (
        "deal.cards deal.cut deal.upcard irregularities.insufficient-opening scoring.game-end"
    ).split(),
    "spanish": (
        "deal.cards deal.cut deal.dealer deal.stock deal.upcard opening.without-pile "
        "play.discard play.draw play.partners play.players play.red-three-drawn "
        "play.turn-order scoring.counting scoring.game-end"
    ).split(),
    "german": (
        "deal.cards deal.partners deal.stock deal.upcard meld.max-cards meld.permanent "
        "opening.red-threes opening.several-melds pile.show play.discard play.draw "
        "play.partners play.players play.red-three-drawn play.stock-out play.turn "
        "scoring.counting scoring.game-end"
    ).split(),
}


@pytest.mark.parametrize(("variant_id", "key", "says", "source"), ROWS)
def test_rulebook_rule(variant_id: str, key: str, says: list[str], source: str) -> None:
    found = find_variant(variant_id).rules[key]
    for words in says:
        assert words in found.text, f"{variant_id} {key}: {found.text!r} lacks {words!r}"
    assert found.source == source
    assert found.quote.strip()


@pytest.mark.parametrize(
    ("variant_id", "seed"),
    [("czech", C), ("czech-fast", C), ("spanish", S), ("german", G)],
)
def test_quotes_are_the_seed_s_own_words(variant_id: str, seed: str) -> None:
    """Every quote cited to a variant's seed is found in that seed (a ``...`` marks a cut)."""
    text = SEEDS / seed
    if not text.exists():
        pytest.skip("the seed texts are not on this machine")
    book = " ".join(text.read_text(encoding="utf-8").split())
    for key in ADDED[variant_id]:
        found = find_variant(variant_id).rules[key]
        assert found.source.startswith(seed), f"{variant_id} {key}: cites {found.source}"
        for part in found.quote.replace(" / ", " ... ").split("..."):
            part = " ".join(part.split()).strip(" .;,")
            assert part in book, f"{variant_id} {key}: {part!r} is not in {seed}"


@pytest.mark.parametrize(
    ("variant_id", "cards"),
    [("czech", (13, 15)), ("czech-fast", (11, 13)), ("spanish", (15,)), ("german", (11,))],
)
def test_the_deal_rule_says_what_the_preset_deals(variant_id: str, cards: tuple[int, ...]) -> None:
    v = find_variant(variant_id)
    assert set(cards) == set(v.cards_dealt.values())
    for count in cards:
        assert str(count) in v.rules["deal.cards"].text


@pytest.mark.parametrize("variant_id", ["czech", "czech-fast", "spanish", "german"])
def test_the_game_end_rule_names_the_target(variant_id: str) -> None:
    v = find_variant(variant_id)
    said = v.rules["scoring.game-end"].text.replace(" ", "")
    assert str(v.target_score) in said
