"""``polish``: 003_03884858e0794d50.txt, the rules of an online canasta room, 1 v 1 and 2 v 2."""

from __future__ import annotations

from ..problems import N_
from ..variant import CanastaKind, OpeningStep
from .classic import CLASSIC, rule
from .classic import RULES as CLASSIC_RULES

P = "003_03884858e0794d50.txt"

# classic's shared core (RULES), not CLASSIC.rules: the rest of the Laws (classic's LAWS,
# 004's dealing, turn and stock rules) is not this room's; its own follow below.
RULES = {
    **CLASSIC_RULES,
    **{
        r.key: r
        for r in [
            rule(
                "deck.values",
                "Cards count: a joker 50, an ace or a two 20, a king to an eight 10, a seven to "
                "a four and a black three 5.",
                f"{P} §Punktacja",
                "Joker – 50 punktów,",
            ),
            rule(
                "deck.composition",
                "Two packs with two jokers each: 108 cards.",
                f"{P} §intro",
                "W grze używa się 2 talii kart z dwoma jokerami w każdej. Razem jest 108 kart.",
            ),
            rule(
                "meld.min-cards",
                "A meld is at least three cards of the same value.",
                f"{P} §intro",
                "Polega na wykładaniu co najmniej trzech kart o takiej samej "
                "wartości (np. Q, Q, Q).",
            ),
            rule(
                "meld.one-rank",
                "Sequences of one suit cannot be melded.",
                f"{P} §intro",
                "Nie można natomiast, jak w remiku, wykładać sekwensów złożonych "
                "z kolejnych kart w tym samym kolorze (np. 10 J Q ).",
            ),
            rule(
                "meld.wild-limit",
                "A meld may hold at most three wild cards.",
                f"{P} §Dzikie karty",
                "W meldunkach mogą znajdować się maksymalnie trzy dzikie "
                "karty, jednak zawsze co najmniej dwie karty w meldunku muszą być naturalne.",
            ),
            rule(
                "meld.natural-min",
                "At least two cards of a meld must be natural (four to ace).",
                f"{P} §Dzikie karty",
                "zawsze co najmniej dwie karty w meldunku muszą być naturalne (od czwórki do asa).",
            ),
            rule(
                "meld.one-per-rank",
                "A player or team cannot lay two melds of the same value.",
                f"{P} §Rozgrywka",
                "Gracz lub drużyna nie mogą wyłożyć dwóch meldunków z kart o tej samej wartości.",
            ),
            rule(
                "meld.black-threes",
                "Black threes are melded only in the move that ends the hand: three or four "
                "of them.",
                f"{P} §Trójki",
                "jedynie w ruchu kończącym rozdanie możliwe jest zameldowanie "
                "trzech lub czterech czarnych trójek.",
            ),
            rule(
                "meld.wild-meld",
                "A wild canasta, of wild cards only, must be laid whole in one move.",
                f"{P} §Dzika kanasta",
                "Dzika kanasta to kanasta złożona z samych dzikich kart. "
                "... Musi zostać wyłożona w jednym ruchu.",
            ),
            rule(
                "canasta.kinds",
                "Canastas: natural 500, mixed 300, wild 2000; melded cards count too.",
                f"{P} §Punktacja",
                "ułożenie naturalnej (czerwonej) kanasty: 500 punktów; "
                "ułożenie mieszanej (czarnej) kanasty: 300 punktów; wyłożenie dzikiej kanasty: "
                "2000 punktów.",
            ),
            rule(
                "red-threes.bonus",
                "Each red three scores 100, all four 800 – if the side has melded.",
                f"{P} §Punktacja",
                "każdą posiadaną czerwoną trójkę (pod warunkiem, że gracz "
                "lub drużyna wyłożyli się): 100 punktów; posiadanie wszystkich czterech "
                "czerwonych trójek ...: 800 punktów",
            ),
            rule(
                "red-threes.penalty",
                "If the side has melded nothing, each red three costs 100, all four 800.",
                f"{P} §Punktacja",
                "każdą pozostałą na ręce czerwoną trójkę, jeśli gracz lub "
                "drużyna jeszcze nic nie zameldowali: -100 punktów; cztery ...: -800 punktów",
            ),
            rule(
                "going-out.canastas",
                "To go out, a side needs at least one canasta (2 v 2) or two (1 v 1).",
                f"{P} §Cel gry",
                "By zakończyć grę, gracze muszą ułożyć co najmniej jedną "
                "kanastę (w wersji 2 na 2) lub co najmniej dwie kanasty (w wersji 1 na 1).",
            ),
            rule(
                "going-out.discard",
                "Going out, lay all cards, or all but one which is discarded.",
                f"{P} §Punktacja",
                "Wyłożyć można wszystkie karty lub wszystkie karty oprócz "
                "jednej, którą odrzuca się na stos kart odkrytych.",
            ),
            rule(
                "going-out.bonus",
                "Laying out all cards with the canastas needed scores 100.",
                f"{P} §Punktacja",
                "wyłożenie wszystkich kart z ręki, jeśli gracz lub drużyna "
                "posiadają wymaganą liczbę kanast: 100 punktów",
            ),
            rule(
                "going-out.concealed",
                "Laying out every card in the first meld, a canasta included, scores 200.",
                f"{P} §Punktacja",
                "wyłożenie wszystkich kart z ręki w pierwszym wyłożeniu: 200 punktów",
            ),
            rule(
                "hand.points",
                "Cards left in hand count against, at their values.",
                f"{P} §Punktacja",
                "wszystkie pozostałe na ręce karty, zgodnie z wartościami podanymi powyżej",
            ),
            rule(
                "hand.black-threes",
                "Each black three left in hand costs 100.",
                f"{P} §Punktacja",
                "każdą pozostałą na ręce czarną trójkę: -100 punktów",
            ),
            rule(
                "opening.minimum",
                "The first meld needs: 0–1495: 50, 1500–2995: 90, 3000 or more 120, negative 15.",
                f"{P} §Jak zacząć",
                "50 – jeśli dana strona ma od 0 do 1495 punktów; 90 – od "
                "1500 do 2995; 120 – od 3000 lub więcej punktów; 15 – jeśli liczba punktów "
                "jest ujemna.",
            ),
            rule(
                "opening.going-out-waiver",
                "Going out with all cards in the first meld, with a canasta, needs no minimum.",
                f"{P} §Punktacja",
                "Przy takim wyłożeniu nie musi zostać spełniony warunek "
                "minimalnej liczby punktów koniecznej do wyłożenia.",
            ),
            rule(
                "opening.pile-top",
                "The rest of the pile may not be used in the opening meld; only its top card.",
                f"{P} §Stos kart odkrytych",
                "gracz może je meldować jeszcze w tym samym ruchu "
                "(za wyjątkiem meldunku początkowego)",
            ),
        ]
    },
}

RULES.update(
    (r.key, r)
    for r in [
        rule(
            "pile.black-three",
            "A black three on top blocks the pile for everyone until a natural card covers "
            "it – except for a player who melds it at once while going out.",
            f"{P} §Stos kart odkrytych",
            "Gdy stos jest zablokowany, żaden z graczy nie "
            "może go kupić. ... za wyjątkiem sytuacji, w której stos blokuje czarna trójka, "
            "którą gracz zaraz zamelduje pozbywając się wszystkich swoich kart",
        ),
        rule(
            "pile.wild-top",
            "While a wild card lies on top, nobody can take the pile.",
            f"{P} §Stos kart odkrytych",
            "Gdy dzika karta znajduje się na wierzchu stosu, nikt nie może go wziąć.",
        ),
        rule(
            "pile.frozen",
            "A wild card or red three in the pile freezes it: it is taken only with at "
            "least two natural cards in hand of the top card's value.",
            f"{P} §Stos kart odkrytych",
            "można kupić stos pod warunkiem, że ma się na ręku "
            "co najmniej dwie naturalne karty o takiej wartości, jak wierzchnia karta "
            "stosu.",
        ),
        rule(
            "pile.take",
            "The pile may be bought only when its top card can be laid at once, in a new "
            "meld or onto an existing one.",
            f"{P} §Stos kart odkrytych",
            "Gracz może „kupić” stos odkryty jedynie wtedy, "
            "kiedy może natychmiast wyłożyć jego wierzchnią kartę (w nowym meldunku lub "
            "dokładając ją do meldunku wyłożonego wcześniej)",
        ),
    ]
)

# The rest of the room's rules: dealing, a move, the stock running out, the end of the game.
RULES.update(
    (r.key, r)
    for r in [
        rule(
            "deal.cards",
            "Each player is dealt 11 cards in 2 v 2, 15 in 1 v 1.",
            f"{P} §Jak zacząć",
            "Na początku każdy z graczy otrzymuje 11 kart (w wersji 2 na 2) lub 15 kart (w "
            "wersji 1 na 1).",
        ),
        rule(
            "deal.stock",
            "The other cards form the face-down stock.",
            f"{P} §Jak zacząć",
            "Pozostałe karty tworzą stos kart zakrytych",
        ),
        rule(
            "deal.upcard",
            "The first card of the stock starts the discard pile; if it is a red three, the "
            "pile is frozen.",
            f"{P} §Jak zacząć, §Trójki",
            "a pierwsza karta z tego stosu tworzy stos kart odkrytych. / Szczególny przypadek "
            "ma miejsce wówczas, gdy po rozdaniu kart czerwona trójka jest pierwszą kartą na "
            "stosie kart odkrytych – w takiej sytuacji stos zostaje zamrożony.",
        ),
        rule(
            "play.players",
            "Two or four players; four play in pairs (2 v 2).",
            f"{P} §intro",
            "W opisaną tu rozgrywkę mogą grać dwie lub cztery osoby. W rozgrywce czteroosobowej "
            "gracze grają w parach.",
        ),
        rule(
            "play.draw",
            "A move begins by drawing a card from the stock, which is always allowed, or, on "
            "conditions, from the discard pile.",
            f"{P} §Jak zacząć, §Stos kart odkrytych",
            "Rozpoczynając ruch gracz ciągnie kartę ze stosu kart zakrytych lub (pod pewnymi "
            "warunkami) ze stosu kart odkrytych. / O ile ze stosu zakrytego gracz może "
            "pociągnąć kartę zawsze, o tyle ciągnięcie ze stosu kart odkrytych obwarowane jest "
            "pewnymi zasadami",
        ),
        rule(
            "play.discard",
            "After melding, if the player can and wants to, the move ends by discarding one "
            "card onto the discard pile.",
            f"{P} §Jak zacząć",
            "Następnie, jeśli może i chce, melduje, po czym wyrzuca jedną – potencjalnie "
            "najmniej przydatną – kartę na stos kart odkrytych, kończąc ruch. Jeśli nie "
            "melduje, po prostu wyrzuca jedną kartę.",
        ),
        rule(
            "play.red-three-drawn",
            "A red three is laid aside face up at once; one dealt or drawn from the stock is "
            "replaced by another card, one taken with the discard pile is not.",
            f"{P} §Trójki",
            "Jeśli gracz otrzymał czerwoną trójkę w rozdaniu początkowym lub pociągnął ją ze "
            "stosu kart zakrytych, to automatycznie ciągnięta jest inna karta w jej miejsce. "
            "Jeśli czerwona trójka trafi do gracza ze stosu kart odkrytych, także odkładana "
            "jest od razu na bok, ale nie jest w jej miejsce ciągnięta inna karta.",
        ),
        rule(
            "play.partners",
            "In 1 v 1 each player adds only to his own melds; in 2 v 2 partners build their "
            "melds together. Nobody may add to the opponents' melds.",
            f"{P} §Rozgrywka",
            "rozgrywce 1 na 1 każdy dokłada karty tylko do swoich układów. W rozgrywce 2 na 2 "
            "partnerzy tworzą wspólne układy. Nie można dokładać kart do układów przeciwników.",
        ),
        rule(
            "play.stock-out",
            "When the stock runs out, the hand ends at once and is scored as it stands when a "
            "player cannot draw from it: the only way a hand ends without the canastas needed.",
            f"{P} §Zakończenie",
            "Szczególny przypadek zakończenia rozdania następuje wówczas, gdy skończą się karty "
            "w stosie kart zakrytych. W takiej sytuacji koniec rozdania następuje automatycznie. "
            "... Jest to jedyny w grze przypadek, kiedy rozdanie kończy się nawet wówczas, gdy "
            "wymagana liczba kanast nie została osiągnięta.",
        ),
        rule(
            "meld.wild-cards",
            "Jokers and twos are wild: they may stand for any other card.",
            f"{P} §Dzikie karty",
            "Jokery i dwójki to tak zwane dzikie karty – mogą one zastąpić dowolną inną kartę.",
        ),
        rule(
            "canasta.min-cards",
            "A canasta is at least seven cards of the same value; its wild cards may never "
            "outnumber the natural ones (the wild canasta, of wild cards only, is the text's "
            "own exception).",
            f"{P} §Cel gry",
            "Kanasta to zbiór co najmniej siedmiu kart tej samej wartości. Mogą w niej "
            "występować także dzikie karty – nigdy jednak nie może ich być więcej, niż kart "
            "naturalnych.",
        ),
        rule(
            "canasta.dirtied",
            "Adding a wild card to a natural canasta makes it mixed.",
            f"{P} §Dzikie karty",
            "Możliwe jest „zabrudzenie” czystej kanasty przez dołożenie do niej dzikiej karty.",
        ),
        rule(
            "opening.once",
            "After the first meld, players lay cards freely: new melds or additions to those "
            "on the table.",
            f"{P} §Rozgrywka",
            "W kolejnych ruchach, następujących po pierwszym wyłożeniu, gracze mogą dowolnie "
            "wykładać karty – tworząc nowe meldunki lub dokładając karty do już istniejących.",
        ),
        rule(
            "pile.whole",
            "Taking the discard pile takes all of it: its top card is laid at once, then the "
            "rest go to the hand and may be melded in the same move (not in the opening meld).",
            f"{P} §Stos kart odkrytych",
            "Ciągnąc kartę ze stosu kart odkrytych gracz jednocześnie ciągnie wszystkie inne "
            "karty znajdujące się w tym stosie; ... Pozostałe karty ze stosu trafiają do ręki "
            "gracza dopiero po wyłożeniu wierzchniej karty – gracz może je meldować jeszcze w "
            "tym samym ruchu (za wyjątkiem meldunku początkowego)",
        ),
        rule(
            "pile.hidden",
            "Only the top card of the discard pile can be seen.",
            f"{P} §Stos kart odkrytych",
            "Tylko wierzchnia karta stosu odkrytego jest widoczna dla graczy, tak więc ten, kto "
            "pamięta, co jest pod spodem, ma przewagę",
        ),
        rule(
            "going-out.concealed-pile",
            "A player who took the discard pile in the move he goes out in with his first meld "
            "must lay out all the cards he took from it too.",
            f"{P} §Punktacja",
            "Jeśli gracz w danym ruchu ciągnął kartę ze stosu kart odkrytych, musi oczywiście "
            "wyłożyć także wszystkie karty, które otrzymał z tego stosu.",
        ),
        rule(
            "scoring.counting",
            "Each card laid out scores its value; each card left in the hand when the hand "
            "ends counts the same against.",
            f"{P} §Punktacja",
            "Każda karta ma określoną wartość. Za ich wyłożenie otrzymuje się punkty dodatnie. "
            "Punkty ujemne przyznawane są za karty pozostałe na ręce gracza w momencie "
            "zakończenia rozdania.",
        ),
        rule(
            "scoring.game-end",
            "The side that first reaches 5000 wins; the score counts only at the end of a "
            "hand, never during it.",
            f"{P} §Zakończenie",
            "Zwycięzcą jest ta strona, która pierwsza zdobyła 5000 punktów. Zawsze brany jest "
            "pod uwagę stan punktowy po zakończeniu rozdania, a nie w jego trakcie.",
        ),
    ]
)

POLISH = CLASSIC._replace(
    id="polish",
    name=N_("Polish (online room rules)"),  # shown translated on pages and sheets
    seed=P,
    language="pl",
    # §intro: "W opisaną tu rozgrywkę mogą grać dwie lub cztery osoby."
    players=(2, 4),
    default_players=4,
    packs={2: 2, 4: 2},
    # §Jak zacząć: "11 kart (w wersji 2 na 2) lub 15 kart (w wersji 1 na 1)"
    cards_dealt={2: 15, 4: 11},
    # §Cel gry: "Kończy się w momencie, gdy gracz lub drużyna zdobędą 5000 punktów."
    target_score=5000,
    # §Punktacja: "Joker – 50; As, 2 – 20; K, Q, J, 10, 9, 8 – 10; 7, 6, 5, 4, czarne trójki – 5"
    card_points={**CLASSIC.card_points},
    # §Dzikie karty: "maksymalnie trzy dzikie karty ... co najmniej dwie karty ... naturalne"
    max_wild=3,
    min_natural=2,
    wild_not_more_than_natural=False,
    # §Rozgrywka: "nie mogą wyłożyć dwóch meldunków z kart o tej samej wartości"
    one_meld_per_rank=True,
    # §Trójki: "trzech lub czterech czarnych trójek"; wild cards: silent, the classic none.
    black_threes_when_going_out=True,
    black_three_meld_max=4,
    black_three_meld_wilds=False,
    # §Dzika kanasta: "złożona z samych dzikich kart ... Musi zostać wyłożona w jednym ruchu."
    wild_melds=True,
    wild_meld_at_once=True,
    canasta_bonus={
        # §Punktacja: "naturalnej (czerwonej) kanasty: 500 punktów"
        CanastaKind.NATURAL: 500,
        # §Punktacja: "mieszanej (czarnej) kanasty: 300 punktów"
        CanastaKind.MIXED: 300,
        # §Punktacja: "wyłożenie dzikiej kanasty: 2000 punktów"
        CanastaKind.WILD: 2000,
    },
    # §Punktacja: "100 punktów"; all four "800 punktów (4x100 za każdą z trójek + 400)"
    red_three_bonus=100,
    all_red_threes_extra=400,
    # §Cel gry: "co najmniej jedną kanastę (w wersji 2 na 2) lub co najmniej dwie kanasty
    # (w wersji 1 na 1)"
    going_out_canastas={2: 2, 4: 1},
    # §Punktacja: "Wyłożyć można wszystkie karty lub wszystkie karty oprócz jednej"
    going_out_needs_discard=False,
    # §Punktacja: "wyłożenie wszystkich kart z ręki ...: 100 punktów"
    going_out_bonus=100,
    # §Punktacja: "wyłożenie wszystkich kart z ręki w pierwszym wyłożeniu: 200 punktów" – the
    # whole bonus for going out that way (not 100 + 200).
    concealed_going_out_bonus=200,
    # §Punktacja: "każdą pozostałą na ręce czarną trójkę: -100 punktów"
    black_three_in_hand_penalty=100,
    # §Jak zacząć: "15 – jeśli liczba punktów jest ujemna"
    negative_minimum=15,
    # §Jak zacząć: "50 – od 0 do 1495; 90 – od 1500 do 2995; 120 – od 3000 lub więcej"
    opening_table=(OpeningStep(0, 50), OpeningStep(1500, 90), OpeningStep(3000, 120)),
    # §Punktacja: "Przy takim wyłożeniu nie musi zostać spełniony warunek minimalnej liczby
    # punktów"
    opening_waived_going_out=True,
    # §Stos kart odkrytych: "Gdy stos jest zablokowany, żaden z graczy nie może go kupić"
    black_three_blocks_all=True,
    # "... (za wyjątkiem sytuacji, w której stos blokuje czarna trójka, którą gracz zaraz
    # zamelduje pozbywając się wszystkich swoich kart)"
    black_three_pickup_going_out=True,
    rules=RULES,
)
