"""``german``: 002_33025d4827e4c068.txt exactly as written.

Classic canasta for four beginners, with its own numbers: a 2 is worth 50 (all
its worked examples use that value), a meld may not hold more wild cards than
natural ones, a negative score needs no opening minimum, and its opening table
steps at 1 500 and 3 000.
"""

from __future__ import annotations

from ..cards import Rank
from ..problems import N_
from ..variant import OpeningStep
from .classic import CLASSIC, rule
from .classic import RULES as CLASSIC_RULES

G = "002_33025d4827e4c068.txt"

RULES = {
    **CLASSIC_RULES,  # classic's shared core; not its LAWS (004's own rulebook)
    **{
        r.key: r
        for r in [
            rule(
                "deck.values",
                "Cards count: a joker or a two 50, an ace 20, a king to an eight 10, a seven to "
                "a four and a black three 5.",
                f"{G} §Canasta Karten",
                "2 | Wilde Karten | 50 |",
            ),
            rule(
                "deck.composition",
                "Two packs of 52 cards plus four jokers: 108 cards.",
                f"{G} §Canasta Karten",
                "Canasta wird mit zwei Sets von je 52 Karten plus 4 "
                "Joker gespielt. Das heißt, beim Canasta werden insgesamt 108 Karten verwendet.",
            ),
            rule(
                "meld.min-cards",
                "A meld has at least three cards of the same rank.",
                f"{G} §Meldung",
                "Eine Meldung besteht aus mindestens 3 Karten des gleichen Ranges.",
            ),
            rule(
                "meld.one-rank",
                "Only sets of one rank may be melded, no sequences.",
                f"{G} §Spielziel",
                "darf man beim Canasta nur Sets gleichwertiger Karten ablegen.",
            ),
            rule(
                "meld.wild-limit",
                "A meld may hold at most three wild cards, and at least as many natural cards "
                "as wild ones.",
                f"{G} §Meldung",
                "Eine Meldung darf maximal drei wilde Karten enthalten. Eine "
                "Meldung muss mindestens genauso viele natürliche Karten wie wilde Karten "
                "enthalten.",
            ),
            rule(
                "meld.natural-min",
                "A meld must hold at least as many natural cards as wild ones.",
                f"{G} §Meldung",
                "Eine Meldung muss mindestens genauso viele natürliche Karten "
                "wie wilde Karten enthalten.",
            ),
            rule(
                "meld.black-threes",
                "Black threes may be melded only in the last meld of a player going out: three "
                "or four of them, without jokers.",
                f"{G} §Schwarze Dreien",
                "Wenn ein Spieler ausmacht, darf er in seiner letzten "
                "Meldung jedoch eine Gruppe von drei oder vier schwarzen Dreien melden. Joker "
                "dürfen in dieser Meldung jedoch nicht verwendet werden.",
            ),
            rule(
                "meld.red-threes",
                "Red threes are pure bonus cards, laid out at once, never melded.",
                f"{G} §Rote Dreien",
                "Rote Dreien sind reine Bonus-Karten.",
            ),
            rule(
                "canasta.kinds",
                "A canasta is a meld of at least seven cards: natural (no wild card) 500, mixed "
                "300; its cards count too (7-7-7-7-7-2-2 is 125 + 300 = 425).",
                f"{G} §Canasta, §Abrechnung",
                "Natürlicher Canasta 500; Gemischter Canasta 300. "
                "Ein 7-7-7-7-7-2-2 Canasta ist also 425 Punkte wert – 125 für die Kartenwerte "
                "und 300 Bonuspunkte für den gemischten Canasta.",
            ),
            rule(
                "red-threes.bonus",
                "Each red three scores 100; all four 400 more (200 each).",
                f"{G} §Abrechnung",
                "Für jede rote Drei 100; Für alle vier rote Dreien +400",
            ),
            rule(
                "red-threes.penalty",
                "A side that has not melded loses 100 per red three, 800 for all four.",
                f"{G} §Abrechnung",
                "Hat eine Partei keine Meldung gemacht, werden die roten "
                "Dreien dieser Partei mit 100 Minuspunkten berechnet. Sollte diese Partei alle "
                "vier roten Dreien haben, werden 800 Minuspunkte berechnet.",
            ),
            rule(
                "going-out.canastas",
                "A side may go out only with at least one canasta.",
                f"{G} §Ausmachen",
                "Um ausmachen zu dürfen, muss eine Partei mindestens ein "
                "Canasta ... gemacht haben.",
            ),
            rule(
                "going-out.discard",
                "Going out, you meld all your cards, or all but one which you discard.",
                f"{G} §Ausmachen",
                "Beim Ausmachen legt man entweder all seine Karten in "
                "Meldungen ab, oder legt alle bis auf eine Karte ab.",
            ),
            rule("going-out.bonus", "Going out scores 100.", f"{G} §Abrechnung", "Ausmachen 100"),
            rule(
                "going-out.concealed",
                "Going out concealed – without having melded before, laying a canasta of your "
                "own – scores 100 more.",
                f"{G} §Verdecktes Ausmachen",
                "Für das verdeckte Ausmachen gibt es 100 Bonuspunkte.",
            ),
            rule(
                "hand.points",
                "The cards in a side's hands are subtracted.",
                f"{G} §Abrechnung",
                "Karten in den Händen einer Partei: Punktwerte der Karten werden abgezogen",
            ),
            rule(
                "opening.minimum",
                "The first meld needs: negative score no minimum, 0–1 499: 50, 1 500–2 999: 90, "
                "3 000 and more 120.",
                f"{G} §Mindestpunkte für die erste Meldung",
                "Negativ: Kein Minimum; 0 bis "
                "1.499: 50 Punkte; 1.500 bis 2.999: 90 Punkte; Über 3.000: 120 Punkte",
            ),
            rule(
                "opening.going-out-waiver",
                "Going out concealed – all your cards at once, with a canasta of your own – "
                "needs no opening minimum, whether or not your partner has melded.",
                f"{G} §Verdecktes Ausmachen",
                "Es ist einem Spieler möglich auszumachen, ohne vorher eine eigene Meldung "
                "gemacht zu haben.",
            ),
            rule(
                "opening.pile-top",
                "Opening with the pile, only its top card and cards from the hand count; two "
                "natural cards in hand must match the top card.",
                f"{G} §Auftauen bei der Erstmeldung",
                "für die Erstmeldung nur die oberste "
                "Karte des Stapels und Handkarten verwendet werden dürfen. Die weiteren Karten "
                "des Abwurfstapels zählen nicht zu den Punkten für die Erstmeldung.",
            ),
        ]
    },
}

RULES.update(
    (r.key, r)
    for r in [
        rule(
            "pile.black-three",
            "A black three stops only the next player; once a card covers it, it has no effect.",
            f"{G} §Hinweis zu den Stoppern",
            "Eine schwarze Drei friert den Abwurfstapel "
            "nicht ein ... Nachdem eine weitere Karte auf die schwarze Drei gelegt wurde, "
            "ist die Wirkung des Stoppers verflogen.",
        ),
        rule(
            "pile.wild-top",
            "With a joker or a black three on top, the pile may not be taken.",
            f"{G} §Wilde Karten und Stopper",
            "Ist die oberste Karte auf dem Abwurfstapel "
            "ein Joker oder eine schwarze Drei ist es nicht gestattet, die den "
            "Abwurfstapel aufzunehmen.",
        ),
        rule(
            "pile.frozen",
            "A wild card anywhere in the pile, or a red three as first upcard, freezes it: "
            "to thaw it you need two natural cards of the top card's rank in hand.",
            f"{G} §Den Abwurfstapel auftauen",
            "Um den Abwurfstapel aufzutauen muss der "
            "Spieler zu der obersten Karte zwei natürliche Karten auf der Hand halten und "
            "mit diesen Karten eine Meldung machen.",
        ),
        rule(
            "pile.unopened",
            "The pile is frozen for a side that has not made its first meld.",
            f"{G} §Eingefrorener Abwurfstapel",
            "Keine Erstmeldung: Der Stapel ist für die "
            "Partei eingefroren, die noch keine Erstmeldung gemacht hat.",
        ),
        rule(
            "pile.take",
            "To take the pile, make a regular meld with its top card and cards from your hand.",
            f"{G} §Meldung mit der obersten Karte",
            "Der Spieler muss mit der obersten Karte "
            "des Abwurfstapels und weiteren Karten seiner Hand eine reguläre Meldung "
            "auslegen können.",
        ),
        rule(
            "pile.add-to-meld",
            "If the side already has a meld of the top card's rank, lay the card onto it and "
            "take the pile.",
            f"{G} §Meldung mit der obersten Karte",
            "Hat die Partei des Spielers bereits eine "
            "Meldung vom gleichen Rang wie die oberste Karte des Abwurfstapels, darf der "
            "Spieler diese Karte einfach anlegen und den restlichen Stapel aufnehmen.",
        ),
        rule(
            "pile.natural-and-wild",
            "A regular meld may use one natural card and a wild card with the top card, "
            "unless the pile is frozen.",
            f"{G} §Meldung mit der obersten Karte",
            "Es gelten die üblichen Regeln für die Meldung.",
        ),
        rule(
            "going-out.partner",
            'You may ask your partner "may I go out?"; the answer is binding.',
            f"{G} §Ausmachen",
            "Der Partner muss mit “Ja” oder “Nein” antworten und die Antwort ist bindend.",
        ),
    ]
)

# The rest of the rulebook (issue 34): the deal, a turn, the stock running out, the game's end.
RULES.update(
    (r.key, r)
    for r in [
        rule(
            "play.players",
            "Four players in two sides of two, partners sitting opposite (North-South "
            "against East-West); the text covers only the four-player game.",
            f"{G} §Mitspieler beim Canasta",
            "Canasta wird mit 4 Spielern in zwei Teams gespielt. ... Die zwei Mitspieler "
            "bilden jeweils eine Partei und sitzen sich gegenüber.",
        ),
        rule(
            "deal.partners",
            "Before the game each player draws a card: the two highest play together "
            "against the two lowest.",
            f"{G} §Mitspieler beim Canasta",
            "Bevor es mit dem Canasta-Spiel überhaupt los geht, zieht jeder Spieler eine "
            "Karte. Die beiden Spieler mit den höchsten Karten spielen zusammen, ebenso wie "
            "die beiden Spieler mit den niedrigsten Karten.",
        ),
        rule(
            "deal.cards",
            "Each player is dealt 11 cards.",
            f"{G} §Kartenverteilung",
            "Vor einer Partie bekommt jeder Spieler 11 Karten",
        ),
        rule(
            "deal.stock",
            "The rest of the cards are laid face down as the stock.",
            f"{G} §Kartenverteilung",
            "der Rest der Karten wird verdeckt als Nachziehstapel gelegt",
        ),
        rule(
            "deal.upcard",
            "One card is turned face up as the first card of the discard pile; if it is a "
            "red three, the pile is frozen (the red three laid crosswise).",
            f"{G} §Kartenverteilung, §Eingefrorener Abwurfstapel",
            "eine Karte wird abgelegt. Diese offene Karte ist die erste Karte des "
            "Abwurfstapels. / Manchmal kommt es vor, dass die erste aufgedeckte Karte bei "
            "einer Partie eben eine rote Drei ist. In diesem Fall gilt der Stapel auch als "
            "eingefroren",
        ),
        rule(
            "play.turn",
            "A turn is: draw, meld if you wish, and discard.",
            f"{G} §Ablauf einer Spielrunde",
            "Karte ziehen ... Meldungen machen ... Karte ablegen",
        ),
        rule(
            "play.draw",
            "Each turn starts by drawing one card from the stock, or by taking the whole "
            "discard pile into your hand where the rules allow it.",
            f"{G} §Ablauf einer Spielrunde",
            "Verdeckte Karte: Der Spieler zieht eine Karte vom verdeckten Nachziehstapel. "
            "... Offene Karten: Der Spieler nimmt den gesamten offenen Abwurfstapel auf die Hand.",
        ),
        rule(
            "play.discard",
            "Each turn ends with one card discarded face up; if you took the pile, that "
            "card starts a new pile.",
            f"{G} §Ablauf einer Spielrunde",
            "Der Spieler muss eine Karte offen auf den Abwurfstapel legen. Gibt es keinen "
            "Abwurfstapel (weil der Spieler ihn in der Runde aufgenommen hat), bildet diese "
            "Karte den neuen Abwurfstapel.",
        ),
        rule(
            "play.partners",
            "You may add cards to your own side's melds, never to the opponents'; a side may "
            "hold a meld of the same rank as the opponents.",
            f"{G} §Ablauf einer Spielrunde, §Meldung",
            "Es ist nicht gestattet, an die Meldungen der Gegenpartei anzulegen. / Sehr wohl "
            "ist es jedoch gestattet ..., dass man eine Meldung des selben Ranges wie die "
            "Gegenpartei hat.",
        ),
        rule(
            "play.red-three-drawn",
            "A red three drawn is laid face up on the table at once and another card drawn; "
            "one in the hand dealt is shown at once and replaced.",
            f"{G} §Rote Dreien",
            "Sobald ein Spieler eine rote Drei zieht, muss er diese offen auf dem Tisch "
            "platzieren und eine Karte nachziehen. ... Auch eine rote Drei in der Starthand "
            "... muss von dem Spieler sofort angezeigt werden und er erhält dafür eine neue "
            "Karte.",
        ),
        rule(
            "play.stock-out",
            "When the stock is used up, play goes on only while each player can and will "
            "take the discard pile; the first who cannot or will not ends the hand without "
            "anyone going out. If the last card of the stock is a red three, the hand ends "
            "at once: that player neither melds nor discards.",
            f"{G} §Alle Karten aufgebraucht – Ende ohne Ausmachen",
            "So lange die Spieler den Abwurfstapel aufnehmen können und sich entscheiden, "
            "dies zu tun, geht das Spiel weiter. ... Sobald ein Spieler den Abwurfstapel "
            "nicht aufnehmen kann (oder dies nicht will), endet das Spiel, ohne dass ein "
            "Spieler ausgemacht hat.",
        ),
        rule(
            "meld.max-cards",
            "A meld may hold any number of cards, identical cards too.",
            f"{G} §Meldung",
            "Eine Meldung darf identische Karten (etwa zweimal die 7 ♦) enthalten. ... Eine "
            "Meldung darf beliebig viele Karten enthalten.",
        ),
        rule(
            "meld.permanent",
            "Melded cards stay on the table for the rest of the hand: a wild card may not be "
            "taken back or swapped for a natural card.",
            f"{G} §Meldung",
            "es nicht gestattet, gemeldete wilde Karten aufzunehmen und gegen natürliche "
            "Karten auszutauschen. Einmal gemeldete Karten verbleiben für den Rest des "
            "Spiels auf dem Tisch.",
        ),
        rule(
            "opening.several-melds",
            "The opening minimum may be reached with several melds laid at once, each one "
            "valid (at 2 000 points, K-K-K-2 and 4-4-4 make 95).",
            f"{G} §Mindestpunkte für die erste Meldung",
            "Um die Mindestpunktzahl zu erreichen, darf ein Spieler mehrere Meldungen "
            "gleichzeitig auslegen, solange jede einzelne Meldung die Bedingungen für "
            "korrekte Meldungen erfüllt.",
        ),
        rule(
            "opening.red-threes",
            "Red threes do not count towards the opening minimum, nor do they stop a player "
            "going out concealed.",
            f"{G} §Rote Dreien",
            "Rote Dreien haben einen Punktwert von 100 pro Karte, zählen aber nicht als "
            "Meldung, wenn es um die Punktwerte der Erstmeldung geht. Auch zählen rote "
            "Dreien nicht gegen ein mögliches verdecktes Ausmachen.",
        ),
        rule(
            "pile.show",
            "To take the pile, first show the cards from your hand that make the meld with "
            "its top card; only then meld and take the pile.",
            f"{G} §Meldung anzeigen",
            "Will der Spieler den Abwurfstapel aufnehmen, legt er zunächst die Karten seiner "
            "Hand offen, mit denen er die Meldung mit der obersten Karte machen will.",
        ),
        rule(
            "scoring.counting",
            "When the hand ends – by going out or by the stock running out – it is scored; "
            "the points are written down and the next hand is dealt.",
            f"{G} §Abrechnung beim Canasta",
            "Wenn das Spiel beendet ist – entweder weil ein Spieler ausgemacht hat oder weil "
            "die Karten des Nachziehstapels verbaucht sind – wird abgerechnet. ... Nach der "
            "Abrechnung werden die Punkte notiert und das nächste Spiel wird gegeben.",
        ),
        rule(
            "scoring.game-end",
            "A game is several hands, played until a side has at least 5 000 points; the "
            "first side to reach 5 000 wins.",
            f"{G} §Spielpunkte, §Abrechnung beim Canasta",
            "Gewonnen hat am Ende die Partei, die als erste 5.000 Punkte erreicht. ... Es "
            "wird so lange gespielt, bis eine Partei mindestens 5.000 Punkte hat.",
        ),
    ]
)

GERMAN = CLASSIC._replace(
    id="german",
    name=N_("German (beginners' rules)"),  # shown translated on pages and sheets
    seed=G,
    language="de",
    # §intro: "beschränken wir uns ... auf die Regeln des klassischen Canasta für vier Spieler"
    players=(4,),
    default_players=4,
    # §Canasta Karten: "zwei Sets von je 52 Karten plus 4 Joker"
    packs={4: 2},
    # §Kartenverteilung: "bekommt jeder Spieler 11 Karten"
    cards_dealt={4: 11},
    # §Spielpunkte: "Gewonnen hat ... die Partei, die als erste 5.000 Punkte erreicht."
    target_score=5000,
    # §Canasta Karten: "2 | Wilde Karten | 50" (the worked examples use 50:
    # "9♥ 9♦ 9♦ 2♠ | 80").  Other values as the table: Ass 20, König–8 10, 7–4 5,
    # Schwarze 3 5, Joker 50.
    card_points={**CLASSIC.card_points, Rank.TWO: 50},
    # §Meldung: "maximal drei wilde Karten"
    max_wild=3,
    # §Meldung: "mindestens genauso viele natürliche Karten wie wilde Karten" (with three
    # cards at least, that is at least two natural cards).
    min_natural=2,
    wild_not_more_than_natural=True,
    # §Meldung: "Einer Partei ist es nicht erlaubt, mehrere Meldungen des selben Ranges zu haben."
    one_meld_per_rank=True,
    # §Schwarze Dreien: "eine Gruppe von drei oder vier schwarzen Dreien ... Joker dürfen in
    # dieser Meldung jedoch nicht verwendet werden" (read as no wild card at all).
    black_three_meld_max=4,
    black_three_meld_wilds=False,
    # §Abrechnung: "Für jede rote Drei 100; Für alle vier rote Dreien +400"
    red_three_bonus=100,
    all_red_threes_extra=400,
    # §Abrechnung: "Ausmachen 100; Verdecktes Ausmachen +100"
    going_out_bonus=100,
    concealed_going_out_bonus=200,
    going_out_canastas={4: 1},
    # §Mindestpunkte: "Negativ | Kein Minimum"
    negative_minimum=0,
    # §Mindestpunkte: "0 bis 1.499 | 50; 1.500 bis 2.999 | 90; Über 3.000 | 120" (3 000 itself
    # is in the last row, since the one before ends at 2 999).
    opening_table=(OpeningStep(0, 50), OpeningStep(1500, 90), OpeningStep(3000, 120)),
    # §Verdecktes Ausmachen: "auszumachen, ohne vorher eine eigene Meldung gemacht zu haben",
    # whether or not the partner has melded; its conditions (no own meld, an own canasta,
    # only own melds) name no minimum, so a side going out concealed is not held to one.
    opening_waived_going_out=True,
    rules=RULES,
)
