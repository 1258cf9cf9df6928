"""``classic``: the Laws of Canasta (New York Regency Club), as 004 and 002 describe them.

Seeds: 004_329166eab24d8248.txt (Dutch Wikipedia, which follows the Laws) and
002_33025d4827e4c068.txt (German) where it describes the classic game.  Where
the two disagree, the Laws as 004 gives them win (a 2 is worth 20, not 002's 50;
9-9-X-X-X is a legal meld).  Other presets start from this one and change what
their own text changes: they spread ``RULES`` (the scoring core the classic-derived
books share), never ``LAWS`` (the rest of 004's rulebook, which holds for ``classic`` and
``dutch`` only).
"""

from __future__ import annotations

from ..cards import Rank
from ..problems import N_
from ..variant import CanastaKind, OpeningStep, RedThreeCondition, Rule, Variant

D = "004_329166eab24d8248.txt"
G = "002_33025d4827e4c068.txt"

CARD_POINTS = {
    # 004 §Puntentelling: "20 punten: aas"
    Rank.ACE: 20,
    # 004 §Puntentelling: "10 punten: heer, vrouw, boer, 10, 9, 8"
    Rank.KING: 10,
    Rank.QUEEN: 10,
    Rank.JACK: 10,
    Rank.TEN: 10,
    Rank.NINE: 10,
    Rank.EIGHT: 10,
    # 004 §Puntentelling: "5 punten: 7, 6, 5, 4"
    Rank.SEVEN: 5,
    Rank.SIX: 5,
    Rank.FIVE: 5,
    Rank.FOUR: 5,
    # 004 §Puntentelling: "5 punten: zwarte 3"
    Rank.THREE: 5,
    # 004 §Puntentelling: "20 punten: 2" (002 says 50; the Laws say 20)
    Rank.TWO: 20,
    # 004 §Puntentelling: "50 punten: joker"
    Rank.JOKER: 50,
}


def rule(key: str, text: str, source: str, quote: str) -> Rule:
    return Rule(key=key, text=text, source=source, quote=quote)


RULES = {
    r.key: r
    for r in [
        rule(
            "deck.values",
            "Cards count: a joker 50, an ace or a two 20, a king to an eight 10, a seven to a "
            "four and a black three 5.",
            f"{D} §Puntentelling",
            "50 punten: joker",
        ),
        rule(
            "deck.composition",
            "Two packs with four jokers: 108 cards (three packs for six players); "
            "no more of a card may be on the table or in the hands than the packs hold.",
            f"{D} §Delen",
            "Het spel wordt gespeeld met twee spellen kaarten inclusief jokers "
            "(2 keer 52 kaarten en 2 keer 2 jokers, dus 108 kaarten).",
        ),
        rule(
            "meld.min-cards",
            "A meld has at least three cards of the same rank.",
            f"{D} §Uitkomen op tafel",
            "Dat moet een set zijn van ten minste 3 kaarten van dezelfde waarde.",
        ),
        rule(
            "meld.one-rank",
            "A meld is cards of one rank; sequences are not melds.",
            f"{D} §Uitkomen op tafel",
            "In sommige exotische varianten (bijvoorbeeld Sambacanasta) mag men ook sets maken "
            "van opeenvolgende kaarten van dezelfde kleur. Deze varianten zijn geen onderdeel "
            "van dit artikel.",
        ),
        rule(
            "meld.wild-limit",
            "A meld may hold at most three wild cards (jokers and twos).",
            f"{D} §Uitkomen op tafel",
            "Een set moet minimaal twee gewone kaarten bevatten en mag niet meer dan drie "
            "(pseudo)jokers bevatten. Dus bijvoorbeeld 9-9-joker-joker-joker mag.",
        ),
        rule(
            "meld.natural-min",
            "A meld must hold at least two natural cards.",
            f"{D} §Uitkomen op tafel",
            "Een set moet minimaal twee gewone kaarten bevatten en mag niet meer dan drie "
            "(pseudo)jokers bevatten.",
        ),
        rule(
            "meld.one-per-rank",
            "A side may have only one meld of each rank; more cards of that rank are added to it.",
            f"{G} §Meldungen im Canasta",
            "Einer Partei ist es nicht erlaubt, mehrere Meldungen des selben Ranges zu haben.",
        ),
        rule(
            "meld.red-threes",
            "Red threes are never melded: they are laid out apart and counted as bonus cards.",
            f"{D} §De Rode Drie",
            "Zij wordt niet in combinatie, maar apart neergelegd.",
        ),
        rule(
            "meld.black-threes",
            "Black threes may be melded only by a player going out, three or four of them, "
            "without wild cards.",
            f"{D} §De zwarte Drie; {G} §Schwarze Dreien",
            "kan alleen in een set van 3 of 4 worden uitgelegd wanneer je ermee uit gaat / "
            "Joker dürfen in dieser Meldung jedoch nicht verwendet werden.",
        ),
        rule(
            "meld.wild-meld",
            "A meld must be built on natural cards; wild cards alone are not a meld.",
            f"{D} §Uitkomen op tafel",
            "Een set moet minimaal twee gewone kaarten bevatten.",
        ),
        rule(
            "canasta.kinds",
            "A canasta is a meld of seven or more cards: natural (no wild card) 500, "
            "mixed (with wild cards, at least four natural) 300; its cards count as well.",
            f"{D} §Puntentelling, §Canasta",
            "500 punten: zuivere canasta; 300 punten: onzuivere canasta. "
            "De kaarten in de canasta worden ook meegeteld.",
        ),
        rule(
            "canasta.concealed",
            "Only a canasta (seven or more cards) can be laid from the hand in one go.",
            f"{D} §Puntentelling",
            "Hand-canasta: een verzameling van 7 kaarten (al dan niet met jokers aangevuld) "
            "in de hand die in 1 keer als canasta wordt neergelegd.",
        ),
        rule(
            "red-threes.bonus",
            "Each red three laid out scores 100; all four for one side score 800.",
            f"{D} §Puntentelling",
            "100 punten: rode 3, indien op tafel; 800 punten: alle vier de rode drieën.",
        ),
        rule(
            "red-threes.penalty",
            "A side that has not melded at the end of the hand loses 100 for each red three "
            "(800 for all four).",
            f"{D} §De Rode Drie",
            "Heeft iemand aan het einde van een ronde nog geen enkele set gemeld, worden hem voor "
            "elke Drie 100 punten, voor alle 4 Drieën 800 punten afgetrokken.",
        ),
        rule(
            "red-threes.count",
            "There are four red threes in two packs (six in three).",
            f"{D} §Rol van de kaarten",
            "wie ze alle vier bij elkaar heeft, krijgt 800 punten.",
        ),
        rule(
            "going-out.canastas",
            "A side may go out only with at least one canasta on the table "
            "(or made with the last cards).",
            f"{D} §Uitgaan",
            "Uitgaan mag alleen door een speler (of een koppel bij vier spelers) die minstens "
            "één canasta op tafel heeft liggen of met zijn laatste kaart de benodigde "
            "canasta maakt.",
        ),
        rule(
            "going-out.one-side",
            "Only one player goes out; the hand ends at once.",
            f"{G} §Ausmachen beim Canasta",
            "Es macht stets nur ein Spieler aus. Sobald der erste Spieler ausgemacht hat, "
            "endet das Spiel.",
        ),
        rule(
            "going-out.empty-hand",
            "A player who goes out has no cards left; with partners, the partner's cards still "
            "count against the side.",
            f"{G} §Ausmachen beim Canasta",
            "Ausmachen bedeutet, alle seine Karten abzulegen. ... Die Karten die der Mitspieler "
            "auf der Hand hält werden bei der Abrechnung gegen die eigene Partei gezählt.",
        ),
        rule(
            "going-out.discard",
            "Going out does not need a final discard.",
            f"{D} §Uitgaan",
            "Uitgaan mag ook zonder een kaart op de stapel af te leggen.",
        ),
        rule(
            "going-out.bonus",
            "Going out scores 100.",
            f"{D} §Uitgaan",
            "De partij die een ronde beëindigt door het spelen van zijn laatste kaart, "
            "krijgt 100 punten.",
        ),
        rule(
            "going-out.concealed",
            "Going out concealed — all cards in one turn, a canasta included, without having "
            "melded before — scores 100 more.",
            f"{D} §Uitgaan",
            "Verborgen uitgaan: een speler die alle kaarten in zijn hand in een keer kan "
            "uitleggen, inclusief een canasta, verdient 100 punten extra.",
        ),
        rule(
            "going-out.concealed-needs-out",
            "Only the side that went out can have gone out concealed.",
            f"{D} §Uitgaan",
            "Verborgen uitgaan: een speler die alle kaarten in zijn hand in een keer kan "
            "uitleggen.",
        ),
        rule(
            "hand.points",
            "The cards left in the hands of the side that did not go out count against it.",
            f"{D} §Puntentelling",
            "In klassiek canasta worden alleen de kaarten in de hand in mindering gebracht.",
        ),
        rule(
            "hand.red-threes",
            "Red threes are never kept in the hand; count them as red threes laid out.",
            f"{D} §De Rode Drie",
            "Zij wordt ... onmiddellijk als men deze kaart in de hand krijgt [neergelegd].",
        ),
        rule(
            "opening.minimum",
            "A side's first meld must reach a minimum by its match score: negative 15, "
            "0–1495: 50, 1500–2995: 90, 3000–4995: 120. Red threes do not count.",
            f"{D} §Uitkomen op tafel",
            "Negatief: 15 punten; 0000 - 1495: 50 punten; 1500 - 2995: 90 punten; "
            "3000 - 4995: 120 punten. Rode drieën tellen niet mee voor het bereiken van de "
            "minimumwaarde.",
        ),
        rule(
            "opening.pile-top",
            "To open by taking the pile, two natural cards from the hand must match its top card; "
            "the top card counts towards the minimum, the rest of the pile does not.",
            f"{D} §Uitkomen op tafel",
            "mag men de punten van de twee eigen kaarten (zonder jokers) optellen bij de bovenste "
            "kaart van de stapel ... De overige kaarten in de stapel tellen niet mee voor het "
            "bereiken van de minimumwaarde.",
        ),
        rule(
            "opening.canasta-bonus",
            "Only the cards' values count towards the minimum, not canasta bonuses.",
            f"{G} §Mindestpunkte für die erste Meldung",
            "Hat eine Partei zum Beispiel bereits 2.000 Spielpunkte, darf ein Spieler eine "
            "Erstmeldung mit K-K-K-2 (80 Punkte) und 4-4-4 (15 Punkte) für insgesamt 95 Punkte "
            "machen.",
        ),
    ]
}

RULES.update(
    (r.key, r)
    for r in [
        rule(
            "pile.black-three",
            "A black three on the pile stops the next player from taking it.",
            f"{D} §Blokkeren",
            "Als een speler een zwarte drie op de stapel legt, mag de volgende speler de stapel "
            "niet oppakken. De speler daarna weer wel.",
        ),
        rule(
            "pile.wild-top",
            "Nobody may take the pile while a wild card (or a red three) lies on top.",
            f"{D} §Blokkeren",
            "Ook het afleggen van jokers of 2'en komt dan in aanmerking (want die mogen nooit "
            "worden gepakt, net zomin als zwarte drieën).",
        ),
        rule(
            "pile.frozen",
            "A wild card in the pile, or a red three or wild card turned as the first upcard, "
            "freezes it: then it is taken only with two natural cards in hand matching the top.",
            f"{D} §Blokkeren",
            "Als een speler een 2 of een joker dwars op de stapel legt, dan mag de stapel vanaf "
            "dat moment niet meer opgepakt worden met kaarten die op tafel liggen en ook niet "
            "met een kaart en een joker in de hand. De stapel mag dan alleen gepakt worden met "
            "2 of meer gelijke kaarten in de hand.",
        ),
        rule(
            "pile.unopened",
            "A side that has not melded may take the pile only if the top card matches two "
            "natural cards in the hand.",
            f"{D} §Jokers",
            "De spelers die nog niet op tafel zijn ... mogen alleen de stapel pakken indien de "
            "bovenste kaart aansluit bij twee gewone kaarten in de hand.",
        ),
        rule(
            "pile.take",
            "You may take the pile if you can use its top card: with two matching cards in hand.",
            f"{D} §Verloop van het spel",
            "Dit laatste mag indien men twee of meer dezelfde kaarten als bovenop de stapel in "
            "de hand heeft en men op tafel kan komen of al op tafel is.",
        ),
        rule(
            "pile.add-to-meld",
            "An unfrozen pile may be taken by adding its top card to the side's own meld, even "
            "a finished canasta.",
            f"{D} §Uitkomen op tafel",
            "Ook kan een speler de bovenste kaart op de stok aansluiten bij de eigen series op "
            "tafel. ... Aan een reeds gemaakte canasta mogen gelijke kaarten, jokers of 2'en "
            "worden toegevoegd.",
        ),
        rule(
            "pile.natural-and-wild",
            "Once the side has melded, an unfrozen pile may be taken with one natural card and "
            "a wild card.",
            f"{D} §Jokers",
            "Spelers die al op tafel zijn, mogen de stapel ook pakken als de bovenste kaart "
            "aansluit bij een gewone kaart in de hand in combinatie met een wilde kaart.",
        ),
        rule(
            "deal.order",
            "Play passes clockwise (to the left); the player at the dealer's left plays "
            "first. After each hand the deal passes one seat to the left (the texts do not "
            "say who deals next; this is the Laws' custom).",
            f"{D} §Verloop van het spel",
            "Er wordt met de klok mee gespeeld. ... De speler links naast de deler is als "
            "eerste aan de beurt.",
        ),
        rule(
            "going-out.partner",
            'With a partner, you may ask "may I go out?"; the answer is binding.',
            f"{D} §Spelen met partners",
            "Men mag als men uit wil gaan, aan de partner vragen of dit mag. Het antwoord is "
            "bindend.",
        ),
    ]
)

# The rest of the Laws as 004 gives them: dealing, a turn, the stock running out, the end
# of the match.  Kept apart from RULES on purpose: presets built on classic spread RULES
# (the scoring core every classic-derived book shares), while these sentences are 004's
# own and hold only for ``classic`` and ``dutch`` (the same text).  A preset that wants
# one of them takes it by key and says why.
LAWS = {
    r.key: r
    for r in [
        rule(
            "deal.cards",
            "Each player is dealt 15 cards with two players, 13 with three, 11 with four; "
            "six players use three packs and play by the rules for four (11 each).",
            f"{D} §Delen",
            "Bij een spel met 2 personen worden 15 kaarten gedeeld; bij een spel met 3 personen "
            "worden 13 kaarten per persoon gedeeld en bij 4 deelnemers 11 kaarten per persoon. "
            "... Het is ook mogelijk om met 6 spelers te spelen in teams, dan moet gebruikgemaakt "
            "worden van 3 spellen kaarten en speelt men volgens de regels voor het spel met 4 "
            "personen.",
        ),
        rule(
            "deal.stock",
            "The undealt cards are stacked face down on the table: the stock.",
            f"{D} §Delen",
            "De rest van de kaarten wordt op een gesloten stapel op de tafel gelegd en vormt de "
            "stock.",
        ),
        rule(
            "deal.upcard",
            "The top card of the stock is turned up to start the discard pile. If it is a two, "
            "a joker or a red three, it is laid crosswise and another card is turned onto it, "
            "as often as needed; the pile is then frozen.",
            f"{D} §Delen, §Blokkeren",
            "De bovenste kaart van de stock wordt open neergelegd en vormt het begin van de "
            "(afleg)stapel. Indien die eerste open kaart een 2, een rode 3 of een joker is, wordt "
            "deze dwars neergelegd ... en wordt een nieuwe kaart van de stock gepakt en boven op "
            "de aflegstapel gelegd. Dit wordt zo nodig herhaald.",
        ),
        rule(
            "play.players",
            "Two, three or four players; with four, the two sitting opposite each other are "
            "partners. Six can play in teams with three packs.",
            f"{D} §intro, §Delen",
            "Canasta ... is een kaartspel voor twee, drie of vier spelers. Bij vier deelnemers "
            "spelen de twee tegenover elkaar zittende spelers samen. ... Er is ook een variant "
            "voor zes spelers waarbij met meer kaarten wordt gespeeld.",
        ),
        rule(
            "play.turn-order",
            "Players take their turns one after another, clockwise, until the hand is over; "
            "the player at the dealer's left begins.",
            f"{D} §Verloop van het spel",
            "Er wordt met de klok mee gespeeld. Tijdens het spelverloop komen de spelers in "
            "volgorde aan de beurt net zolang tot de spelronde is afgelopen. De speler links "
            "naast de deler is als eerste aan de beurt.",
        ),
        rule(
            "play.draw",
            "A turn begins by drawing the top card of the stock or by taking the whole "
            "discard pile.",
            f"{D} §Beurt",
            "Een beurt van een speler houdt in dat de speler een kaart koopt, dat wil zeggen de "
            "bovenste gedekte kaart van de stock pakt of alle kaarten van de aflegstapel neemt.",
        ),
        rule(
            "play.red-three-drawn",
            "A red three is laid face up on the table at once and replaced by a card from the "
            "stock: one drawn in a turn straight away, one dealt at the player's first turn.",
            f"{D} §Beurt, §De Rode Drie",
            "Koopt de speler een rode drie dan legt hij die direct op tafel en koopt een "
            "volgende kaart van de stock. / Wie dus bij het geven een rode Drie krijgt, legt "
            "deze open op tafel als hij aan de beurt is en pakt dan een vervangende kaart van "
            "de stock.",
        ),
        rule(
            "play.meld-after-draw",
            "Melding comes after the draw: a player may not meld from the hand first and then "
            "take the pile in the same turn. A side may open by taking the pile.",
            f"{D} §Beurt, §Uitkomen op tafel",
            "Nadat de speler een kaart gekocht heeft, kan hij eventueel uitkomen op tafel. / In "
            "klassiek Canasta mag men in dezelfde beurt niet eerst uit de hand op tafel gaan en "
            "pas dan de stapel pakken. Er moet altijd eerst een kaart worden gepakt. Men mag wel "
            "op tafel komen via het pakken van de stapel.",
        ),
        rule(
            "play.discard",
            "A turn ends with one card discarded onto the pile; a player who goes out need "
            "not discard.",
            f"{D} §Beurt",
            "De beurt wordt beëindigd door het wegleggen van een kaart op de aflegstapel. ... In "
            "het geval dat een speler uitgaat, en daarmee het spel beëindigt, is de speler niet "
            "verplicht een kaart af te leggen.",
        ),
        rule(
            "play.discard-limits",
            "A side without a canasta must always keep at least one card in hand, so a player "
            "may have no card to discard; the opponents may then make him show that his last "
            "card cannot make a canasta (if it can, he must go out).",
            f"{D} §Uitgaan",
            "Bij ontbreken van een canasta moet een speler steeds ten minste één kaart in de hand "
            "houden. Dit kan tot gevolg hebben dat een speler in zijn beurt geen kaart kan "
            "afleggen. De tegenpartij mag deze speler dan laten aantonen dat hij ook met zijn "
            "laatste kaart geen canasta kan maken, zo nodig door deze kaart te laten zien. Want "
            "anders moet hij uitgaan.",
        ),
        rule(
            "play.partners",
            "Partners' melds and red threes belong to both: once one partner has melded, so "
            "has the other, and each may add to the other's melds.",
            f"{D} §Spelen met partners",
            "Als de partner op tafel is de andere partner ook op tafel / De kaarten op tafel zijn "
            "van beide partners, inclusief rode drieën. Men mag dus bij kaarten van de partner "
            "bijleggen.",
        ),
        rule(
            "play.stock-out",
            "When the stock runs out and nobody has gone out, play goes on as long as each "
            "player in turn lawfully takes the discard pile, and a player must take it when "
            "its top card fits one of the side's melds. The hand ends as soon as a player does "
            "not take it.",
            f"{D} §Uitgaan",
            "Het kan gebeuren dat de stock is uitgeput en er nog niemand uit is. In dat geval "
            "gaat het spel verder zolang de speler die aan de beurt is de stapel rechtmatig "
            "pakt. Zodra een speler de stapel ... niet pakt eindigt het spel en wordt de score "
            "opgemaakt. In dit stadium van het spel is een speler bovendien verplicht om de "
            "stapel te pakken als hij de bovenste kaart kan toevoegen aan een eigen set of "
            "canasta op tafel.",
        ),
        rule(
            "play.stock-out-red-three",
            "If the last card of the stock is a red three, the hand ends: the player who draws "
            "it may still meld, but may not discard and gets no bonus for going out.",
            f"{D} §Uitgaan",
            "Als de laatste kaart van de stapel een rode Drie is eindigt de speelronde. De "
            "speler die deze trekt mag nog kaarten uitleggen, maar hij mag geen kaart afgooien "
            "en hij krijgt geen bonus voor uitgaan.",
        ),
        rule(
            "meld.wild-cards",
            "Jokers and twos are wild: each may stand for any card in a meld except a red or "
            "black three.",
            f"{D} §Jokers",
            'De vier jokers en alle acht Tweeën zijn "wilde" kaarten, dat wil zeggen, zij '
            "kunnen in plaats van elke willekeurige kaart in een melding worden gebruikt, "
            "alleen niet voor een rode of een zwarte Drie.",
        ),
        rule(
            "canasta.squared",
            "A finished canasta is squared into a stack, a red card on top if natural, a black "
            "one if mixed, and may not be looked through afterwards.",
            f"{D} §Canasta",
            "Als een speler een canasta heeft, maakt hij een stapel van zijn verzameling. Bij "
            "een zuivere canasta ligt een rode kaart boven. Bij een onzuivere canasta ligt de "
            "zwarte kaart boven. Deze canasta mag vervolgens niet meer ingekeken worden.",
        ),
        rule(
            "opening.once",
            "Once a side has melded, the minimum no longer applies.",
            f"{D} §Uitkomen op tafel",
            "Eenmaal op tafel is de minimumwaarde niet meer van toepassing.",
        ),
        rule(
            "pile.whole",
            "The pile is always taken whole, crosswise wild cards and everything beneath included.",
            f"{D} §Beurt",
            "De stapel wordt altijd in zijn geheel gepakt, inclusief eventuele uitstekende "
            "jokers en alles wat daar onder zit.",
        ),
        rule(
            "pile.hidden",
            "A discard is laid squarely on the pile, so that the cards beneath cannot be seen.",
            f"{D} §Beurt",
            "Deze wordt zo gelegd dat de andere kaarten op de stapel niet zichtbaar zijn.",
        ),
        rule(
            "going-out.concealed-partner",
            "A player going out concealed may not use melds the partner has already laid.",
            f"{D} §Uitgaan",
            "Deze speler mag daarbij geen gebruik maken van sets die partner al heeft uitgelegd.",
        ),
        rule(
            "scoring.game-end",
            "The side that first reaches 5000 wins the match; if more than one side reaches "
            "5000, the highest score wins.",
            f"{D} §Doel",
            "De partij die het eerst 5000 punten heeft bereikt, wint de match, die meestal uit "
            "meerdere spelrondes bestaat. Als meerdere partijen 5000 punten bereiken, wint de "
            "hoogste.",
        ),
        rule(
            "scoring.counting",
            "The score is written down after every hand: what lies on the table, less the "
            "cards left in the hand; a side with nothing on the table scores its hand as a minus.",
            f"{D} §Doel, §Uitgaan",
            "Per spelronde worden de punten genoteerd. / De waarde van die kaarten wordt "
            "afgetrokken van hetgeen al op tafel ligt. Als de verliezer nog niets op tafel "
            "heeft, wordt alles dus als negatieve score genoteerd.",
        ),
    ]
}

CLASSIC = Variant(
    id="classic",
    name=N_("Classic (Laws of Canasta)"),  # shown translated on pages and sheets
    seed=f"{D}, {G}",
    language="en",
    # 004 §Verloop van het spel: "Er wordt met de klok mee gespeeld. ... De speler links
    # naast de deler is als eerste aan de beurt."  Who deals the next hand it does not
    # say: the deal passes to the left, as play does (the Laws' custom).
    play_clockwise=True,
    # 004 intro: "kaartspel voor twee, drie of vier spelers ... ook een variant voor zes spelers"
    players=(2, 3, 4, 6),
    default_players=4,
    # 004 §Delen: two packs; "met 6 spelers ... 3 spellen kaarten"
    packs={2: 2, 3: 2, 4: 2, 6: 3},
    # 004 §Delen: "2 personen worden 15 kaarten ... 3 personen 13 ... 4 deelnemers 11";
    # six players follow "de regels voor het spel met 4 personen": 11.
    cards_dealt={2: 15, 3: 13, 4: 11, 6: 11},
    # 004 §Doel: "De partij die het eerst 5000 punten heeft bereikt, wint de match"
    target_score=5000,
    card_points=CARD_POINTS,
    # 004 §Uitkomen op tafel: "ten minste 3 kaarten van dezelfde waarde"; no upper limit.
    min_meld_cards=3,
    max_meld_cards=None,
    # 004 §Uitkomen op tafel: "mag niet meer dan drie (pseudo)jokers bevatten"
    max_wild=3,
    # 004 §Uitkomen op tafel: "Een set moet minimaal twee gewone kaarten bevatten"
    min_natural=2,
    # 004 §Uitkomen op tafel: "Dus bijvoorbeeld 9-9-joker-joker-joker mag"
    wild_not_more_than_natural=False,
    # 004 is silent on a second meld of a rank beside an unfinished one; 002 §Meldungen,
    # describing the same classic game, forbids it: "nicht erlaubt, mehrere Meldungen des
    # selben Ranges zu haben".
    one_meld_per_rank=True,
    # 004 §Uitkomen op tafel: sequences belong to "exotische varianten ... geen onderdeel"
    sequences=False,
    sequence_wilds=False,
    escalas=False,
    # 004 §De zwarte Drie: "kan alleen in een set van 3 of 4 worden uitgelegd wanneer je
    # ermee uit gaat"
    black_threes_when_going_out=True,
    black_three_meld_max=4,
    # 002 §Schwarze Dreien: "Joker dürfen in dieser Meldung jedoch nicht verwendet werden"
    # (004 is silent).
    black_three_meld_wilds=False,
    # 004 §Uitkomen op tafel: at least two natural cards, so no meld of wild cards alone.
    wild_melds=False,
    wild_meld_at_once=False,
    # 004 §Puntentelling: "500 punten: zuivere canasta; 300 punten: onzuivere canasta"
    canasta_bonus={CanastaKind.NATURAL: 500, CanastaKind.MIXED: 300},
    # 004 §Puntentelling: hand canasta is "geen onderdeel van klassiek Canasta"
    concealed_canasta_bonus=None,
    hand_canasta_doubles=False,
    escala_bonus=0,
    escala_real_bonus=0,
    canasta_count_bonus={},
    # 004 §Puntentelling: "100 punten: rode 3, indien op tafel"
    red_three_bonus=100,
    # 004 §Puntentelling: "800 punten: alle vier de rode drieën" = 4 x 100 + 400
    all_red_threes_extra=400,
    # 004 §De Rode Drie: "Heeft iemand aan het einde van een ronde nog geen enkele set
    # gemeld ... afgetrokken"
    red_threes_count_if=RedThreeCondition.MELD,
    # 004 §De Rode Drie: the 500 penalty is one of the variants, off in the Laws.
    undeclared_red_three_penalty=0,
    # 004 §Uitgaan: "minstens één canasta op tafel"
    going_out_canastas={2: 1, 3: 1, 4: 1, 6: 1},
    going_out_needs_clean_and_dirty=False,
    # 004 §Uitgaan: "Uitgaan mag ook zonder een kaart op de stapel af te leggen"
    going_out_needs_discard=False,
    # 004 §Uitgaan: "krijgt 100 punten"
    going_out_bonus=100,
    # 004 §Uitgaan: "Verborgen uitgaan ... verdient 100 punten extra" -> 100 + 100
    concealed_going_out_bonus=200,
    black_three_going_out_bonus={},
    first_pickup_going_out_bonus=None,
    acabar_points=None,
    exact_cut_bonus=None,
    # 004 §De zwarte Drie: "De kaart zelf is 5 punten waard" - no extra hand penalty.
    black_three_in_hand_penalty=None,
    # 004 §Puntentelling: "alleen de kaarten in de hand in mindering"
    no_canasta_scores_all_negative=False,
    # 004 §Uitkomen op tafel: "Negatief: 15 punten"
    negative_minimum=15,
    # 004 §Uitkomen op tafel: "0000 - 1495: 50; 1500 - 2995: 90; 3000 - 4995: 120"
    opening_table=(OpeningStep(0, 50), OpeningStep(1500, 90), OpeningStep(3000, 120)),
    # The Laws count card values only; 002's opening example (K-K-K-2 = 80) agrees.
    opening_counts_canasta_bonus=False,
    opening_needs_natural_group=False,
    failed_opening_step=0,
    opening_waived_going_out=False,
    rules={**RULES, **LAWS},
)
