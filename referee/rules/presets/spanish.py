"""``spanish``: 001_680538e4d6b26737.txt, a Spanish/South-American family rulebook.

Choices where the text is unclear, each written beside its value:

* Packs: the text first speaks of two packs (108 cards), then plays "la variante
  española" with four packs (eight for six players).  A canasta of seven jokers
  (001's "de comodines limpia") or of seven black threes ("a lo gusto") needs
  more than two packs hold, so the preset counts four packs (eight for six).
* Meld size: "todas las cartas sobre la mesa (en grupos de 3 a 7 cartas)" – a
  meld holds three to seven cards; a second meld of a rank is allowed.
* Wild cards: "En una canasta no puede haber más comodines que cartas comunes"
  is read for every meld, since a meld is a canasta in the making.
"""

from __future__ import annotations

from ..problems import N_
from ..variant import CanastaKind, OpeningStep, Option, RedThreeCondition
from .classic import CLASSIC, rule
from .classic import RULES as CLASSIC_RULES

S = "001_680538e4d6b26737.txt"

RULES = {
    **CLASSIC_RULES,  # classic's shared core; not its LAWS (004's own rulebook)
    **{
        r.key: r
        for r in [
            rule(
                "deck.values",
                "Cards count: a joker 50, an ace or a two 20, a king to an eight 10, a seven to "
                "a four and a black three 5.",
                f"{S} §¿Cómo sumar puntos?",
                "· Jokers: 50 puntos.",
            ),
            rule(
                "deal.order",
                "The dealer sits at the left of the player who begins, and deals starting "
                "with that player: the deal and play go to the right (anticlockwise). After "
                "each hand the deal passes one seat to the right (the text does not say who "
                "deals next; the deal moves the way play goes).",
                f"{S} §Preparación del juego",
                "Las cartas serán repartidas por la persona que esté a la izquierda de quien "
                "comience a jugar. Entregará 15 cartas a cada participante comenzando por "
                "quien va a empezar el juego.",
            ),
            rule(
                "deck.composition",
                "Four packs with two jokers each (eight packs for six players); no more of a "
                "card may be on the table or in the hands than they hold.",
                f"{S} §Qué necesitamos para jugar",
                "En la variante española se juega con 4 mazos más dos comodines por cada uno "
                "... Cuando hay 6 o más jugadores, en vez de 4 barajas se usarán 8, con dos "
                "jokers por baraja.",
            ),
            rule(
                "meld.min-cards",
                "A meld has at least three cards of the same number.",
                f"{S} §Acciones por turno",
                "deben ponerse las cartas sobre la mesa en grupos de 3 o más del mismo número",
            ),
            rule(
                "meld.max-cards",
                "A meld holds three to seven cards; a canasta is seven.",
                f"{S} §Acciones por turno",
                "todas las cartas sobre la mesa (en grupos de 3 a 7 cartas)",
            ),
            rule(
                "meld.natural-min",
                "A meld needs at least two natural cards (two cards with a wild one).",
                f"{S} §Acciones por turno",
                "se pueden bajar al menos dos cartas con un comodín.",
            ),
            rule(
                "meld.wild-limit",
                "A meld may not hold more wild cards than natural ones, and at most three.",
                f"{S} §Canasta",
                "Sucia: ... 4, 5 ó 6 cartas del mismo número más 1, 2 ó 3 "
                "comodines. (Nota: En una canasta no puede haber más comodines que cartas "
                "comunes).",
            ),
            rule(
                "meld.one-rank",
                "A meld is cards of one number (escalas only where the table plays them).",
                f"{S} §Acciones por turno",
                "en grupos de 3 o más del mismo número",
            ),
            rule(
                "meld.sequence",
                "House rule (escalas): cards of one suit in order, without wild cards; seven "
                "make an escala (1500), 4 to ace an escala real (4000).",
                f"{S} §Variaciones de reglas",
                "Escala: Conjunto de 7 cartas del mismo palo en "
                "orden sucesivo ... Sin comodines. Vale 1500 puntos. Escala Real: Todas las "
                "cartas jugables del mismo palo (desde el 4 al As ...). Vale 4000 puntos.",
            ),
            rule(
                "meld.one-per-rank",
                "A side may have more than one meld of a number.",
                f"{S} §Acciones por turno",
                "en grupos de 3 a 7 cartas",
            ),
            rule(
                "meld.black-threes",
                "Black threes are stoppers: melded only by a player going out (three or four, "
                "as in the classic game), or as a whole canasta of seven, which wins the match.",
                f"{S} §¿Cómo sumar puntos?",
                "Canasta a lo gusto: Canasta realizada con los 3 negros. Gana el partido",
            ),
            rule(
                "meld.wild-meld",
                "Wild cards may be melded on their own towards a canasta of wild cards.",
                f"{S} §Canasta",
                "De Comodines Sucia: Canasta de 7 comodines, combinando jokers con dos.",
            ),
            rule(
                "canasta.kinds",
                "Canastas of seven: clean 500, dirty 300, concealed (made in the hand) 1000, "
                "wild mixed 2000, wild of one kind (seven twos or seven jokers) 3000, of black "
                "threes wins the match; the cards count too.",
                f"{S} §Canasta",
                "Limpia ... Vale 500 puntos. Sucia ... Vale 300 puntos. Oculta "
                "... Vale 1000 puntos. De Comodines Sucia ... 2000 puntos. De Comodines Limpia "
                "... 3000 puntos. Canasta a lo gusto ... Gana el partido",
            ),
            rule(
                "canasta.concealed",
                "A concealed canasta is seven cards made in the hand without showing any.",
                f"{S} §Canasta",
                "Oculta: Canasta de 7 cartas (limpia o sucia) que se realiza "
                "en la mano, sin mostrar ninguna carta.",
            ),
            rule(
                "canasta.count-bonus",
                "Five canastas score 500 more, seven canastas 2000 more.",
                f"{S} §Bonificaciones Especiales",
                "Cuando alguien consigue 5 canastas, se le "
                "bonifica con 500 puntos extra. Si se consigue 7 canastas, se recibe una "
                "bonificación de 2000 puntos extra.",
            ),
            rule(
                "red-threes.bonus",
                "Each red three scores 100, all four 800 – if the side has a canasta.",
                f"{S} §Bonificaciones Especiales",
                "Por cada 3 rojo se bonifica con 100 puntos. "
                "Cuando se consiguen 4 tres rojos se bonifica con 800 puntos.",
            ),
            rule(
                "red-threes.penalty",
                "Without a canasta at the end of the hand, the red threes count against.",
                f"{S} §Bonificaciones Especiales",
                "Para contar las bonificaciones de los tres "
                "rojos es necesario tener al menos una canasta ... Si no la tiene, esos puntos "
                "se cuentan en negativo.",
            ),
            rule(
                "red-threes.count",
                "Four packs hold eight red threes.",
                f"{S} §Qué necesitamos para jugar",
                "se juega con 4 mazos",
            ),
            rule(
                "going-out.canastas",
                "To close a hand a side needs at least one clean and one dirty canasta.",
                f"{S} §Acciones por turno",
                "Para cerrar cada “mano” es necesario tener por lo "
                "menos una canasta limpia y otra sucia",
            ),
            rule(
                "going-out.discard",
                "Closing needs one card left over, thrown face down on the pot.",
                f"{S} §Acciones por turno",
                "y una carta sobrante para cerrar, que lanzará sobre el pote boca abajo.",
            ),
            rule(
                "going-out.bonus",
                "The player who closes earns 200.",
                f"{S} §Acciones por turno",
                "Además, a quien cierra se le bonifica con 200 puntos.",
            ),
            rule(
                "going-out.concealed",
                "There is no closing concealed: a side may close only on a turn after it "
                "completed its clean canasta.",
                f"{S} §Acciones por turno",
                "Solo se puede cerrar la partida en la mano siguiente de cerrar la canasta limpia.",
            ),
            rule(
                "hand.points",
                "Cards left in hand when another player closes count against.",
                f"{S} §Acciones por turno",
                "Las cartas que alguien se quede en la mano, cuando "
                "otra cierre, cuentan en negativo.",
            ),
            rule(
                "hand.black-threes",
                "Each black three left in hand costs 100.",
                f"{S} §¿Cómo sumar puntos?",
                "3 negro: cada uno que quede en la mano de un "
                "jugador cuando termina el juego vale 100 puntos en contra (negativos).",
            ),
            rule(
                "scoring.no-canasta-negative",
                "A side that opened without making any canasta counts all its cards negative.",
                f"{S} §Acciones por turno",
                "Si se cierra la mano, quienes hayan abierto sin "
                "lograr ninguna canasta, contarán todas sus cartas en negativo.",
            ),
            rule(
                "scoring.exact-cut",
                "Cutting exactly the cards needed for the deal earns 100 – positive only with "
                "a canasta, negative without.",
                f"{S} §Preparación del juego",
                "Si quien hace el corte, corta en la cantidad "
                "exacta de cartas necesarias que se van a repartir, recibirá 100 puntos (pero "
                "que sólo serán positivos si hace una canasta, y sino serán negativos).",
            ),
            rule(
                "escala.bonus",
                "An escala's bonus counts only if the side has at least one canasta.",
                f"{S} §Variaciones de reglas",
                "para que los puntos bonificables de una escala "
                "sean contabilizados, deberá tener como mínimo una Canasta.",
            ),
            rule(
                "opening.minimum",
                "To open, lay a minimum by the score at the start of the hand: negative 15, "
                "0–1495: 50, 1500–2995: 90, 3000–4995: 120, 5000 and more 150.",
                f"{S} §Acciones por turno",
                "En negativo: 15 puntos; De 0 a 1495: 50 puntos; "
                "De 1500 a 2995: 90 puntos; De 3000 a 4995: 120 puntos; De 5000 en adelante: "
                "150 puntos",
            ),
            rule(
                "opening.pile-top",
                "To take the pot, hold two or more cards of the number of its top card, and "
                "the points needed.",
                f"{S} §Preparación del juego",
                "deberá tener en la mano dos o más cartas del "
                "mismo número que la carta que está boca arriba en el pote, más los puntos "
                "necesarios para llevárselo.",
            ),
        ]
    },
}

RULES.update(
    (r.key, r)
    for r in [
        rule(
            "pile.take",
            "To take the pot you need two or more cards in hand of the number of its top card.",
            f"{S} §Preparación del juego",
            "para llevárselo deberá tener en la mano dos o "
            "más cartas del mismo número que la carta que está boca arriba en el pote",
        ),
        rule(
            "pile.frozen",
            "A wild card thrown on the pot crosses it: then three cards of the top card's "
            "number are needed to take it.",
            f"{S} §Preparación del juego",
            "el comodín se colocará atravesado y el pote "
            "quedará “cruzado”. A partir de ese momento serán necesarias tres cartas del "
            "mismo número que la carta que está arriba para poder llevárselo.",
        ),
        rule(
            "pile.unopened",
            "Taking the pot obliges you to open: two cards of its number and the points needed.",
            f"{S} §Acciones por turno",
            "Es obligatorio abrirse cuando se lleva el pote",
        ),
        rule(
            "pile.black-three",
            "A black three is a stopper: the next player cannot take the pot and draws two "
            "from the stock.",
            f"{S} §Preparación del juego",
            "El 3 negro se usa como tapón. Cuando alguien lo "
            "tira al pote, la siguiente no puede llevárselo",
        ),
    ]
)

# The rest of the rulebook (issue 34): the deal, a turn, teams and the game's end.
RULES.update(
    (r.key, r)
    for r in [
        rule(
            "play.players",
            "Two to four play, four in the original game; four and six play in two teams, "
            "seated alternately (A, B, A, B): pairs with four, trios with six. Otherwise "
            "each plays alone with their own cards.",
            f"{S} §Acciones por turno",
            "Existen variantes del juego, desde dos hasta cuatro participantes, pero la "
            "versión original es la de 4 participantes. Los juegos de 4 y 6 personas son "
            "juegos de equipo. ... Las jugadoras se situarán de forma alterna en la mesa de "
            "juego.",
        ),
        rule(
            "play.partners",
            "In pairs or trios, once one player has opened, the team-mates may complete the "
            "team's canastas with their own cards on their turns; the team's points are "
            "counted together, not one by one.",
            f"{S} §Acciones por turno",
            "En la modalidad de parejas o tríos, cuando alguien se abre, el resto del equipo "
            "pueden completar sus canastas con las propias cuando llegue su turno. ... se "
            "suman y restan todos los puntos del equipo, no individualmente.",
        ),
        rule(
            "deal.dealer",
            "After shuffling, each player picks a card: the highest plays first, and the "
            "player at that player's left deals.",
            f"{S} §Preparación del juego",
            "se mezclan las cartas, cada participante elige una y quien saque la más alta es "
            "quien comienza. Las cartas serán repartidas por la persona que esté a la "
            "izquierda de quien comience a jugar.",
        ),
        rule(
            "deal.cut",
            "The player at the dealer's left cuts; a joker, two or red three turned up by "
            "the cut is kept, and so is each such card under it, on top of the 15 cards "
            "dealt.",
            f"{S} §Preparación del juego",
            "Si saca un joker, un 2 (que funciona como comodín) o un 3 rojo podrá "
            "quedárselo, sin que esta carta “cuente” en las que le deben ser repartidas ... "
            "Si debajo del jocker se encontrase otro jocker, 2 (comodín) o 3 rojo también se "
            "lo queda y así sucesivamente.",
        ),
        rule(
            "deal.cards",
            "Each player is dealt 15 cards, starting with the player who plays first.",
            f"{S} §Preparación del juego",
            "Entregará 15 cartas a cada participante comenzando por quien va a empezar el juego.",
        ),
        rule(
            "deal.upcard",
            "After the deal, six cards are laid face down with one face up on top: the "
            "initial pot of seven cards.",
            f"{S} §Preparación del juego",
            "se colocarán 6 cartas apiladas sobre la mesa boca abajo y encima de éstas se "
            "pondrá una boca arriba. Estas 7 cartas configuran el “pote” inicial.",
        ),
        rule(
            "deal.stock",
            "The rest of the cards are the stock, which players draw from.",
            f"{S} §Preparación del juego",
            "procedería a llevarse dos cartas del mazo",
        ),
        rule(
            "play.red-three-drawn",
            "Before play, players show their red threes, lay them beside them and draw as "
            "many cards from the stock; a red three got later is shown at once and replaced "
            "from the stock.",
            f"{S} §Preparación del juego, §¿Cómo sumar puntos?",
            "quien (o quienes) los tenga(n) deberá(n) mostrarlos y depositarlos sobre la "
            "mesa, a su lado, para luego robar del mazo tantas cartas como tres rojos "
            "tengan. / En cuanto se consigue, se muestra sobre la mesa y se reemplaza por "
            "otra carta del mazo.",
        ),
        rule(
            "play.turn-order",
            "The player who drew the highest card plays first; then each next player in "
            "turn does the same.",
            f"{S} §Preparación del juego",
            "Quien empieza decide si le interesa llevarse el pote ... La siguiente persona "
            "hace lo mismo ... y así sucesivamente.",
        ),
        rule(
            "play.draw",
            "On your turn, take the whole pot (with two or more cards of its top card's "
            "number and the points needed) or draw two cards from the stock.",
            f"{S} §Preparación del juego",
            "Si no pudiera o no quisiera llevarse el pote, procedería a llevarse dos cartas "
            "del mazo y a desechar una de las que tenga en la mano.",
        ),
        rule(
            "play.discard",
            "Each turn ends by discarding one card onto the pot.",
            f"{S} §Preparación del juego",
            "si no toma dos cartas del mazo, desecha al pote una que tenga en su mano y así "
            "sucesivamente.",
        ),
        rule(
            "opening.without-pile",
            "A player may open on their turn without taking the pot (advisable only in "
            "pairs or trios).",
            f"{S} §Acciones por turno",
            "no es necesario llevarse el pote para abrirse. También es válido que "
            "cualquiera, en su turno, se abra sin llevarse el pote, pero esto sólo es "
            "aconsejable en la modalidad por parejas o tríos.",
        ),
        rule(
            "scoring.game-end",
            "The game is won by reaching 5000 points (quick game) or 7000 (standard game, "
            "the preset's default), in one hand or several.",
            f"{S} §Acciones por turno",
            "Gana el juego quien llega a los 5000 o 7000 puntos, según el tipo de partida que "
            "se haya acordado y puede hacerlo en una sola “mano” o en varias.",
        ),
        rule(
            "scoring.counting",
            "At the end of each hand, count the canastas and bonuses, then each player adds "
            "up the cards they laid (red threes only once); cards left in hand count "
            "against; in pairs or trios the team's points are added together.",
            f"{S} §Acciones por turno",
            "Al terminar cada mano, se contarán los puntos obtenidos con las canastas más "
            "las bonificaciones. Además, cada cual tomará todas sus cartas (excepto los tres "
            "rojos, que se contabilizan una sola vez) y sumará los puntos de cada una de "
            "ellas.",
        ),
    ]
)

# §Preparación: the pot is taken only with "dos o más cartas del mismo número": the classic
# ways of taking it by adding to a meld, or with one card and a wild one, are not this game's.
del RULES["pile.add-to-meld"], RULES["pile.natural-and-wild"]

SPANISH = CLASSIC._replace(
    id="spanish",
    name=N_("Spanish (family rules, 15 cards)"),  # shown translated on pages and sheets
    seed=S,
    language="es",
    # §Variantes: "desde dos hasta cuatro participantes ... Los juegos de 4 y 6 personas son
    # juegos de equipo"; three play "Individual".
    players=(2, 3, 4, 6),
    default_players=4,
    # §Qué necesitamos: "En la variante española se juega con 4 mazos más dos comodines por
    # cada uno"; "Cuando hay 6 o más jugadores, en vez de 4 barajas se usarán 8".
    packs={2: 4, 3: 4, 4: 4, 6: 8},
    # §Preparación: "Las cartas serán repartidas por la persona que esté a la izquierda de
    # quien comience a jugar": the first player sits at the dealer's right, so play goes
    # to the right; the deal is taken to move the same way (the text is silent on it).
    play_clockwise=False,
    # §Preparación: "Entregará 15 cartas a cada participante"
    cards_dealt={2: 15, 3: 15, 4: 15, 6: 15},
    # §Preparación del juego: "procedería a llevarse dos cartas del mazo"
    cards_drawn=2,
    # §intro: "5.000 puntos (partida rápida) o a los 7.000 (partida normal o estándar)"
    target_score=7000,
    # §¿Cómo sumar puntos?: As 20; 8–K 10; 4–7 5; 2 20; Jokers 50.  The black three's value
    # on the table is not given: the classic 5.
    card_points={**CLASSIC.card_points},
    # §Acciones: "en grupos de 3 a 7 cartas"
    min_meld_cards=3,
    max_meld_cards=7,
    # §Canasta: "más 1, 2 ó 3 comodines"
    max_wild=3,
    # §Acciones: "se pueden bajar al menos dos cartas con un comodín"
    min_natural=2,
    # §Canasta: "En una canasta no puede haber más comodines que cartas comunes" (read for
    # every meld).
    wild_not_more_than_natural=True,
    # Four packs and seven-card groups: a second meld of a number must be possible.
    one_meld_per_rank=False,
    sequences=False,
    sequence_wilds=False,
    # §Variaciones de reglas: "En algunas variantes también existen las escalas" – house rule.
    escalas=False,
    # Silent on melding black threes besides "a lo gusto": the classic rule.
    black_threes_when_going_out=True,
    black_three_meld_max=4,
    black_three_meld_wilds=False,
    # §Canasta: "De Comodines Sucia: Canasta de 7 comodines"
    wild_melds=True,
    wild_meld_at_once=False,
    canasta_bonus={
        # §Canasta: "Limpia: ... Vale 500 puntos."
        CanastaKind.NATURAL: 500,
        # §Canasta: "Sucia: ... Vale 300 puntos."
        CanastaKind.MIXED: 300,
        # §Canasta: "De Comodines Sucia ... Vale 2000 puntos."
        CanastaKind.WILD_MIXED: 2000,
        # §Canasta: "De Comodines Limpia: ... 7 dos o 7 jokers. Vale 3000 puntos."
        CanastaKind.WILD_CLEAN: 3000,
        # §Canasta: "Canasta a lo gusto: Canasta realizada con los 3 negros. Gana el partido"
        CanastaKind.BLACK_THREES: 0,
    },
    # §Canasta: "Oculta: Canasta de 7 cartas (limpia o sucia) que se realiza en la mano ...
    # Vale 1000 puntos."
    concealed_canasta_bonus=1000,
    # §Variaciones: "Escala ... Vale 1500 puntos." "Escala Real ... Vale 4000 puntos."
    escala_bonus=1500,
    escala_real_bonus=4000,
    # §Bonificaciones Especiales: 5 canastas +500, 7 canastas +2000.  Read as tiers: a side
    # with seven gets 2000, not 2500.
    canasta_count_bonus={5: 500, 7: 2000},
    # §Bonificaciones Especiales: "Por cada 3 rojo se bonifica con 100 puntos."
    red_three_bonus=100,
    # "Cuando se consiguen 4 tres rojos se bonifica con 800 puntos." = 4 x 100 + 400
    all_red_threes_extra=400,
    # "es necesario tener al menos una canasta ... Si no la tiene, ... en negativo."
    red_threes_count_if=RedThreeCondition.CANASTA,
    # §Acciones: "es necesario tener por lo menos una canasta limpia y otra sucia"
    going_out_canastas={2: 2, 3: 2, 4: 2, 6: 2},
    going_out_needs_clean_and_dirty=True,
    # §Acciones: "y una carta sobrante para cerrar, que lanzará sobre el pote boca abajo"
    going_out_needs_discard=True,
    # §Acciones: "a quien cierra se le bonifica con 200 puntos"
    going_out_bonus=200,
    # §Acciones: "Solo se puede cerrar la partida en la mano siguiente de cerrar la canasta
    # limpia" – closing concealed cannot happen.
    concealed_going_out_bonus=None,
    # §Preparación: "recibirá 100 puntos (pero que sólo serán positivos si hace una canasta)"
    exact_cut_bonus=100,
    # §¿Cómo sumar puntos?: "3 negro: cada uno que quede en la mano ... 100 puntos en contra"
    black_three_in_hand_penalty=100,
    # §Acciones: "quienes hayan abierto sin lograr ninguna canasta, contarán todas sus
    # cartas en negativo"
    no_canasta_scores_all_negative=True,
    # §Acciones: "En negativo: 15 puntos"
    negative_minimum=15,
    # §Acciones: "De 0 a 1495: 50; De 1500 a 2995: 90; De 3000 a 4995: 120; De 5000 en
    # adelante: 150"
    opening_table=(
        OpeningStep(0, 50),
        OpeningStep(1500, 90),
        OpeningStep(3000, 120),
        OpeningStep(5000, 150),
    ),
    # §Preparación: to take the pot "deberá tener en la mano dos o más cartas del mismo número
    # que la carta que está boca arriba" – always two from the hand: no taking it by adding
    # the card to a meld on the table, nor with one card and a wild one.
    pickup_naturals=2,
    pickup_by_adding=False,
    pickup_natural_and_wild=False,
    # §Preparación, Nota: a wild card crosses the pot: "serán necesarias tres cartas del mismo
    # número que la carta que está arriba para poder llevárselo"
    crossed_pickup_naturals=3,
    options=(
        Option(
            "escalas",
            "Escalas: runs of one suit, 1500 for seven, 4000 for 4 to ace.",
            f"{S} §Variaciones de reglas",
            False,
            {"escalas": True},
            {"escalas": False},
        ),
    ),
    rules=RULES,
)
