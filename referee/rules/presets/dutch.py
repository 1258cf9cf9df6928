"""``dutch``: 004_329166eab24d8248.txt, the Laws of Canasta as the Dutch article gives them.

It shares classic's whole catalogue, the rest of the Laws (classic's ``LAWS``) included,
since both come from this text.  The named variants of the article are house rules a
table switches on:
hand canasta at double value, the 500 penalty for an undeclared red three, and
the British "acabar".
"""

from __future__ import annotations

from ..problems import N_
from ..variant import Option
from .classic import CLASSIC, D, rule

RULES = {
    **CLASSIC.rules,
    **{
        r.key: r
        for r in [
            rule(
                "meld.one-per-rank",
                "A side may lay a new meld of a rank it already has as a canasta.",
                f"{D} §Uitkomen op tafel",
                "Men mag een stapel met een zeven bovenop pakken en "
                "maakt zo een onechte canasta (5 zevens, 2 jokers). Dit mag ook als er al een "
                "canasta van zevens ligt.",
            ),
            rule(
                "meld.black-threes",
                "Black threes may be melded only by a player going out, in a set of three or four.",
                f"{D} §De zwarte Drie",
                "kan alleen in een set van 3 of 4 worden uitgelegd wanneer je ermee uit gaat.",
            ),
            rule(
                "canasta.concealed",
                "House rule (hand canasta): seven cards laid from the hand in one go as a "
                "canasta score double: 600 mixed, 1000 natural.",
                f"{D} §Puntentelling",
                "Hand-canasta: een verzameling van 7 kaarten (al dan niet "
                "met jokers aangevuld) in de hand die in 1 keer als canasta wordt neergelegd. "
                "Deze hand-canasta geeft de dubbele punten van een tafel canasta (600 en 1000 "
                "punten).",
            ),
            rule(
                "red-threes.undeclared",
                "House rule: a red three not declared by the end of the hand costs 500.",
                f"{D} §De Rode Drie",
                "Blijkt iemand aan het einde van de ronde te hebben "
                "verzuimd om een rode Drie te melden, dan krijgt hij 500 strafpunten.",
            ),
            rule(
                "scoring.acabar",
                "House rule (British acabar): a player may end the hand by calling acabar; the "
                "other side scores 1500, the caller's side nothing.",
                f"{D} §Uitgaan",
                'In de Britse versie bestaat de regel van "acabar". ... De '
                "tegenpartij krijgt daarmee 1500 punten en de eigen partij niets.",
            ),
        ]
    },
}

RULES.update(
    (r.key, r)
    for r in [
        rule(
            "pile.one-card",
            "A player with one card left may not take a pile of only one card.",
            f"{D} §Uitgaan",
            "een speler die nog maar één kaart in de hand heeft, niet de "
            "stapel mag pakken als die maar uit één kaart bestaat.",
        ),
        # The Laws' stock-out rule (classic's LAWS) with the exception this preset's
        # one-card-pile rule needs: the article states both together.
        rule(
            "play.stock-out",
            "When the stock runs out and nobody has gone out, play goes on as long as each "
            "player in turn lawfully takes the discard pile, and a player must take it when "
            "its top card fits one of the side's melds – even with one card left and a pile of "
            "one, so that he may still go out. The hand ends as soon as a player does not take "
            "it.",
            f"{D} §Uitgaan",
            "Het kan gebeuren dat de stock is uitgeput en er nog niemand uit is. In dat geval "
            "gaat het spel verder zolang de speler die aan de beurt is de stapel rechtmatig "
            "pakt. Zodra een speler de stapel ... niet pakt eindigt het spel en wordt de score "
            "opgemaakt. In dit stadium van het spel is een speler bovendien verplicht "
            "om de stapel te pakken als hij de bovenste kaart kan toevoegen aan een eigen set of "
            "canasta op tafel. Deze verplichting geldt ook voor de speler die nog maar één kaart "
            "in de hand heeft en eigenlijk de stapel niet mag pakken omdat die maar uit één kaart "
            "bestaat. Deze uitzondering maakt het mogelijk dat deze speler alsnog uitgaat (mits "
            "hij een canasta heeft).",
        ),
    ]
)

DUTCH = CLASSIC._replace(
    id="dutch",
    name=N_("Dutch (Regency Laws, with variants)"),  # shown translated on pages and sheets
    seed=D,
    language="nl",
    # §Uitkomen op tafel: a second meld of sevens "mag ook als er al een canasta van zevens ligt"
    one_meld_per_rank=False,
    # §De zwarte Drie: "in een set van 3 of 4"; wild cards: silent, the Laws' none.
    black_three_meld_max=4,
    black_three_meld_wilds=False,
    # §Uitgaan: "een speler die nog maar één kaart in de hand heeft, niet de stapel mag pakken
    # als die maar uit één kaart bestaat" (the seeds' README counts it among 004's variants;
    # this preset plays it, the classic one does not).
    one_card_single_pile=True,
    options=(
        Option(
            "hand_canasta",
            "Hand canasta: a canasta laid from the hand in one go scores "
            "double (600 mixed, 1000 natural).",
            f"{D} §Puntentelling",
            False,
            {"hand_canasta_doubles": True},
            {"hand_canasta_doubles": False},
        ),
        Option(
            "undeclared_red_three",
            "A red three not declared by the end of the hand costs 500.",
            f"{D} §De Rode Drie",
            False,
            {"undeclared_red_three_penalty": 500},
            {"undeclared_red_three_penalty": 0},
        ),
        Option(
            "acabar",
            "Acabar: calling it ends the hand; the other side scores 1500, the caller's nothing.",
            f"{D} §Uitgaan",
            False,
            {"acabar_points": 1500},
            {"acabar_points": None},
        ),
    ),
    rules=RULES,
)
