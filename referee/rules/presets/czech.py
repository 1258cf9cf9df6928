"""``czech`` and ``czech-fast``: 000_09093ec587c4cd5a.txt.

``czech`` is the main text (points 1-16).  ``czech-fast`` is its second half,
"Zajímavá a rychlejší varianta hry canasta", which changes only what it lists
(by the main text's point numbers); everything else stays as the main text says.
"""

from __future__ import annotations

from ..problems import N_
from ..variant import CanastaKind, OpeningStep, Option, RedThreeCondition
from .classic import CLASSIC, rule
from .classic import RULES as CLASSIC_RULES

C = "000_09093ec587c4cd5a.txt"
F = f"{C} §Zajímavá a rychlejší varianta"

RULES = {
    **CLASSIC_RULES,  # classic's shared core; not its LAWS (004's own rulebook)
    **{
        r.key: r
        for r in [
            rule(
                "deck.values",
                "Cards count: a joker 50, an ace or a two 20, a king to an eight 10, a seven to "
                "a four and a black three 5.",
                f"{C} §7",
                "žolík – 50 bodů",
            ),
            rule(
                "deal.order",
                "The deal and play go clockwise; the player at the dealer's left plays "
                "first. After each hand the deal passes one seat to the left (the text does "
                "not say who deals next; the classic custom).",
                f"{C} §5, §6",
                "Rozdává se po jedné kartě dokola ve směru hodinových ručiček. ... Hráč po "
                "levici rozdávajícího zahajuje hru.",
            ),
            rule(
                "deck.composition",
                "Two packs of 52 cards and four jokers: 108 cards.",
                f"{C} §3",
                "Celkem je tedy ve hře 108 karet.",
            ),
            rule(
                "meld.min-cards",
                "A new meld has at least three cards.",
                f"{C} §10",
                "Otevírá-li strana výklad skupiny dosud nevyložené, musí mít možnost "
                "vyložit nejméně 3 karty.",
            ),
            rule(
                "meld.one-rank",
                "A meld is cards of one rank, or a sequence of one suit.",
                f"{C} §10",
                "Pravidla připouštějí také vykládání tzv. sekvencí, např. 7–8–9 nebo "
                "Q–K–A apod., vždy však jen ve stejné barvě.",
            ),
            rule(
                "meld.sequence",
                "A sequence is three or more cards of one suit in unbroken order (4 up to ace); "
                "wild cards may stand in for missing cards; it never becomes a canasta.",
                f"{C} §10",
                "vždy však jen ve stejné barvě a ve směru od nižší karty k vyšší ... "
                "Divoké karty i v tomto případě nahrazují jakoukoliv kartu bez ohledu na barvu.",
            ),
            rule(
                "meld.natural-min",
                "A meld needs at least two natural cards: of a new group of three, at least "
                "two are natural and only one wild.",
                f"{C} §10",
                "vždy však ze tří karet nově vykládané skupiny musí být nejméně dvě "
                "originální a jen jedna divoká.",
            ),
            rule(
                "meld.wild-limit",
                "A canasta always holds four natural cards: at most three wild cards in a meld.",
                f"{C} §8",
                "Čtyři originální karty musí canasta obsahovat vždy. Přidají-li se na "
                "místo 1 až 3 originálních karet karty „divoké“, utvoří se canasta smíšená.",
            ),
            rule(
                "meld.one-per-rank",
                "A side opens a group only of a rank it has not laid yet; more cards of that "
                "rank are added to the group.",
                f"{C} §10",
                "Otevírá-li strana výklad skupiny dosud nevyložené ... Doplňovat "
                "skupinu již vyloženou můžeme, kdykoliv přijdeme na řadu.",
            ),
            rule(
                "meld.black-threes",
                "Black threes are melded only by the player who ends the hand with them; wild "
                "cards may join them as usual (3-3-2).",
                f"{C} §12",
                "Vyloženy smějí být jen tehdy, když hráč tímto vyložením končí kolo. "
                "Divokých karet může být v tom případě použito jako obvykle (např.3–3–2).",
            ),
            rule(
                "meld.wild-meld",
                "Wild cards may be melded on their own towards a wild canasta.",
                f"{C} §8",
                "Canasta složená jen z divokých karet platí jako canasta divoká.",
            ),
            rule(
                "canasta.kinds",
                "A canasta is seven cards of one rank: clean 600, mixed (1 to 3 wild cards) "
                "300, wild with the four jokers 2000, any other wild canasta 1000; the "
                "cards count too.",
                f"{C} §7, §8",
                "za divokou canastu žolíkovou – 2000 bodů; za divokou canastu "
                "dvojkovou – 1000 bodů; za čistou canastu – 600 bodů; za smíšenou canastu – "
                "300 bodů.",
            ),
            rule(
                "red-threes.bonus",
                "Each red three laid out scores 100.",
                f"{C} §7",
                "za červenou trojku (kára a srdce) – 100 bodů",
            ),
            rule(
                "red-threes.penalty",
                "A side without a canasta subtracts its red threes too.",
                f"{C} §7",
                "odečítají se jí ... a též prémiové hodnoty vyložených červených trojek.",
            ),
            rule(
                "going-out.canastas",
                "A player may end the hand only when the side has at least one canasta.",
                f"{C} §14",
                "Uzavřít kolo smí hráč jen tehdy, když jeho strana má vyloženou "
                "alespoň jednu canastu.",
            ),
            rule(
                "going-out.bonus",
                "Ending the hand scores 200.",
                f"{C} §7",
                "za uzavření kola – 200 bodů",
            ),
            rule(
                "going-out.discard",
                "Whether a card must remain to discard when ending the hand is for the players "
                "to agree (house rule).",
                f"{C} §14",
                "Někdy se uplatňuje pravidlo, že musí ještě zbýt karta na odložení, "
                "takže teprve touto kartou kolo uzavírá. To je věc dohody hráčů.",
            ),
            rule(
                "hand.points",
                "The cards left in the players' hands count against their side.",
                f"{C} §15",
                "odečtou bodovou hodnotu karet, které zůstaly při uzavření hráčům v ruce.",
            ),
            rule(
                "hand.black-threes",
                "House rule: a black three left in hand costs 100 instead of 5.",
                f"{C} §12",
                "Někdy se uplatňuje pravidlo, že za černou trojku, která hráči "
                "zůstala v ruce při uzavření kola se odpočítává 100 bodů, nikoliv jen 5.",
            ),
            rule(
                "scoring.no-canasta-negative",
                "A side without a canasta scores everything negative: the cards on the table, "
                "the cards in hand and its red threes.",
                f"{C} §7, §15",
                "Strana, která nemá canastu, odečítá prémiové body a bodovou "
                "hodnotu všech karet z ruky i ze stolu.",
            ),
            rule(
                "opening.minimum",
                "The first player to meld for a side must lay, alone and at once, a minimum by "
                "the side's score: 0–1495: 50, 1500–2495: 90, 2500–4995: 120, 5000 and more 150 "
                "(negative: 15, as in the classic game).",
                f"{C} §10",
                "0 až 1495 – 50 bodů; 1500 až 2495 – 90 bodů; 2500 až 4995 – 120 "
                "bodů; 5000 a výše – 150 bodů",
            ),
            rule(
                "opening.natural-group",
                "The first meld of a side must include a group of three natural cards; wild "
                "cards may be added to that group (§11a).",
                f"{C} §10, §11a",
                "musí hráč, který za stranu prvně vykládá, vyložit alespoň jednu "
                "skupinu tří karet jen v kartách originálních, tedy bez použití divoké karty. / "
                "... nebo přidáním divokých karet k vyloženým 3 desítkám na 90 bodů.",
            ),
            rule(
                "opening.canasta-bonus",
                "A canasta laid from the hand counts its bonus towards the minimum.",
                f"{C} §10",
                "Může-li ovšem hráč z ruky vyložit canastu, pak se prémiová hodnota "
                "canasty do potřebných bodů započítává.",
            ),
            rule(
                "opening.pile-top",
                "To open with the pile, hold two natural cards matching the discard and reach "
                "the minimum with what you lay; the rest of the pile does not count.",
                f"{C} §11a",
                "musíte mít ke kartě odložené vaším sousedem v ruce dvě originální "
                "doplňující karty. Jedná-li se o první vyložení vaší strany v kole, musíte mít "
                "současně možnost uskutečnit je s počtem bodů, který je v daném okamžiku pro "
                "vaši stranu předepsán.",
            ),
        ]
    },
}

RULES.update(
    (r.key, r)
    for r in [
        rule(
            "pile.frozen",
            "A discarded wild card or red three from the side's table freezes the pile: "
            "then everyone needs two natural cards from the hand to buy it, not one and a "
            "wild card, nor by adding to a laid group.",
            f"{C} §13",
            "Všichni hráči mohou pak koupit balík jedině doplněním dvěma "
            "originálními kartami z ruky, nikoliv jednou originální a jednou divokou, nebo "
            "prostým přiložením odložené karty ke skupině stejné hodnoty už dříve "
            "vyložené.",
        ),
        rule(
            "pile.unopened",
            "A side that has not laid yet needs two natural cards in hand to go with the "
            "discard, and the opening minimum.",
            f"{C} §11a",
            "Nemá-li vaše strana ještě vyloženo, nebo je-li balík zmrazen (viz "
            "bod 13), musíte mít ke kartě odložené vaším sousedem v ruce dvě originální "
            "doplňující karty.",
        ),
        rule(
            "pile.take",
            "You may buy the pile with the discard and two natural cards from your hand.",
            f"{C} §11a",
            "musíte mít ke kartě odložené vaším sousedem v ruce dvě originální doplňující karty.",
        ),
        rule(
            "pile.natural-and-wild",
            "Once your side has laid and the pile is not frozen, one natural card and a "
            "wild card from the hand are enough.",
            f"{C} §11b",
            "můžete odloženou kartu a celý balík koupit i k jedné originální "
            "kartě z ruky a druhou nahradit divokou.",
        ),
        rule(
            "pile.add-to-meld",
            "If the pile is not frozen, the discard may be added to a laid group of the "
            "side that is not yet a canasta.",
            f"{C} §11c",
            "můžete koupit balík také odloží-li váš předchůdce kartu, která se "
            "hodí do skupiny vaší stranou už vyložené, která ale ještě nevytvořila "
            "canastu.",
        ),
        rule(
            "pile.black-three",
            "A discarded black three stops the player on the left from buying the pile.",
            f"{C} §12",
            "Odložíte-li černou trojku na odkládaný balík, nesmí jej hráč po "
            "vaší levici, který hraje po vás koupit.",
        ),
    ]
)

# The rest of the rulebook (issue 34): the deal, a turn, partners and the game's end.
RULES.update(
    (r.key, r)
    for r in [
        rule(
            "play.players",
            "Four play in two partnerships, partners sitting opposite each other; three or "
            "two may play too, each for themselves, with two more cards each.",
            f"{C} §1, §16",
            "canasta hraná čtyřmi hráči, z nichž vždy dva a dva hráči sedící proti sobě jsou "
            "společníky pro celou hru. ... V pravidlech se liší od hry ve čtyřech jen tím, "
            "že každý hráč hraje sám.",
        ),
        rule(
            "deal.partners",
            "Partners are chosen by agreement, or the two players who cut the two highest "
            "cards play together (ace is highest, two lowest).",
            f"{C} §4",
            "Společníci se určí buď dohodou anebo tak, že se jimi stanou dva hráči, kteří "
            "před hrou sejmou dvě nejvyšší karty. ... Pro účel vylosování je nejvyšší kartou "
            "A (eso) a nejnižší dvojka.",
        ),
        rule(
            "play.partners",
            "Partners each play their own hand, without signalling, for a common score; a "
            "player may add cards to the partner's melds, and the side keeps its melds "
            "together in front of one of them.",
            f"{C} §1, §6",
            "Hrají sice každý sám, skrytě bez dorozumívání, ale společným úsilím a na "
            "společný účet. ... Spoluhráči soustředí své vyložené skupiny k jednomu nebo "
            "druhému hráči.",
        ),
        rule(
            "deal.dealer",
            "The player who cut the lowest card deals first; others may help shuffle, the "
            "dealer shuffles last and has the player at the right cut.",
            f"{C} §5",
            "První rozdává hráč, který sejmul nejnižší kartu. ... konečné promíchání "
            "provede hráč rozdávající. Před rozdáváním dá sejmout hráči, který sedí po jeho "
            "pravici.",
        ),
        rule(
            "deal.cut",
            "The player who cuts may look at the bottom three cards of the part cut off and "
            "keep any joker, two or red three among them; they are dealt that many cards "
            "fewer.",
            f"{C} §5",
            "Ten má právo podívat se na tři poslední karty toho dílu, který sejmul. Najde-li "
            "v nich žolíka, dvojku nebo červenou trojku, vezme si je a předem a o tolik karet, "
            "kolik si vzal předem, dostane při rozdávání méně.",
        ),
        rule(
            "deal.cards",
            "Each player is dealt 13 cards, one at a time, clockwise; with two or three "
            "players, two more (15).",
            f"{C} §5, §16",
            "Každý hráč dostává 13 karet. Rozdává se po jedné kartě dokola ve směru "
            "hodinových ručiček. ... Pro urychlení vývinu hry se rozdává každému o 2 karty "
            "více.",
        ),
        rule(
            "deal.stock",
            "The undealt cards go face down in the middle as the stock; the cards discarded "
            "face up on it form the pile.",
            f"{C} §5",
            "Balík, který zbude po rozdání se položí doprostřed stolu rubem navrch a jmenuje "
            "se kmenový balík. Průběhem hry vzniká odkládáním karet lícem navrch balík "
            "odkládaný, zvaný obyčejně „balík“.",
        ),
        rule(
            "deal.upcard",
            "The dealer shows the first card of the stock to the first player, who may take "
            "it; if refused, it is laid face up as the first card of the pile. Either way the "
            "first player then draws from the stock as usual.",
            f"{C} §6",
            "Rozdávající mu nabídne veřejně ... první kartu z kmenového balíku. Hodí-li se "
            "kupujícímu, vezme ji jako koupi, nehodí-li se mu, odmítne ji a rozdávající ji "
            "odloží lícem navrch jako první kartu odkládaného balíku. Zahajující hráč si pak "
            "koupí normálně ... další kartu z kmenového balíku.",
        ),
        rule(
            "play.turn-order",
            "The player at the dealer's left plays first; the others follow in turn.",
            f"{C} §6",
            "Hráči kupují po řadě počínajíc hráčem, který sedí po levici rozdávajícího.",
        ),
        rule(
            "play.turn",
            "A turn is three steps: draw, meld if you can and wish, and discard.",
            f"{C} §6",
            "Každý hráč, když na něj přijde řada, provádí tři úkony hry: a) koupí karty ... "
            "b) případné vyložení c) odložení karty na odkládaný balík",
        ),
        rule(
            "play.draw",
            "Each turn starts by drawing the top card of the stock, or, when the rules allow, "
            "taking the last discard and with it the whole pile.",
            f"{C} §11",
            "Hráč, který je na řadě, kupuje pravidelně vrchní kartu kmenového balíku. ... s "
            "touto kartou „koupí balík“, tj. vezme si všechny odložené karty",
        ),
        rule(
            "play.discard",
            "Each turn ends with one card discarded face up on the pile.",
            f"{C} §6",
            "konečně odloží kartu, která se mu nejméně hodí, na odkládaný balík",
        ),
        rule(
            "play.red-three-drawn",
            "A red three in the hand dealt is laid face up at once and replaced from the "
            "stock at the next draw; a red three drawn is laid at once and another card "
            "drawn.",
            f"{C} §6, §11",
            "Mají-li v ruce červenou trojku ... vyjmou ji hned z ruky a položí před sebe na "
            "stůl lícem navrch. ... Koupí-li takto červenou trojku, vyloží ji hned na stůl a "
            "koupí si další kartu náhradní.",
        ),
        rule(
            "meld.adding",
            "Once the side has opened, both partners may add cards, even one at a time, to "
            "its melds and lay new melds of any value; cards of the rank may be added to a "
            "finished canasta too (a wild card turns a clean one mixed).",
            f"{C} §10",
            "Po prvním vyložení mají oba hráči volnost přikládat k vyloženým skupinám i "
            "vykládat nové skupiny s jakýmkoliv počtem bodů ... Také na hotové canasty možno "
            "v průběhu kola přikládat karty stejného stupně.",
        ),
        rule(
            "meld.sequence-extend",
            "A sequence grows only upwards: a lower card may not be added to it.",
            f"{C} §10",
            "ve směru od nižší karty k vyšší. Přikládat k vyložené sekvenci kartu nižší není "
            "přípustné.",
        ),
        rule(
            "opening.several-melds",
            "The opening minimum may be reached with one meld or several laid together.",
            f"{C} §10",
            "Minimálního počtu bodů může být dosaženo vyložením jedné nebo několika skupin.",
        ),
        rule(
            "scoring.game-end",
            "A game is several hands; it ends with the hand in which one side or both reach "
            "10 000 points, and the side with more points wins.",
            f"{C} §2",
            "Hra sestává z více kol a končí kolem, ve kterém jedna ze stran nebo obě strany "
            "dosáhly počtu 10000 bodů nebo více. Vítězem je strana, která docílila vyššího "
            "počtu bodů.",
        ),
        rule(
            "scoring.counting",
            "After each hand each side adds its bonuses and the cards it laid and subtracts "
            "the cards left in its hands; the score is kept in two columns, one per side.",
            f"{C} §15",
            "Po uzavření kola spočítají strany své prémie, připočtou bodovou hodnotu "
            "vyložených karet a odečtou bodovou hodnotu karet, které zůstaly při uzavření "
            "hráčům v ruce. ... Skóre se zapisuje pro každou stranu, tedy ve dvou sloupcích.",
        ),
    ]
)

CZECH = CLASSIC._replace(
    id="czech",
    name=N_("Czech (club rules, 13 cards)"),  # shown translated on pages and sheets
    seed=C,
    language="cs",
    # §1: four in partnerships; "Dobře je možno hrát canastu ve třech, případně i ve dvou."
    players=(2, 3, 4),
    default_players=4,
    # §3: "dvou kompletních her francouzských karet po 52 listech, k nimž jsou přidány celkem
    # čtyři Jolly Jocker"
    packs={2: 2, 3: 2, 4: 2},
    # §5: "Každý hráč dostává 13 karet."; §16: two and three players get "o 2 karty více".
    cards_dealt={2: 15, 3: 15, 4: 13},
    # §2: "končí kolem, ve kterém jedna ze stran nebo obě strany dosáhly počtu 10000 bodů"
    target_score=10000,
    # §7: "žolík – 50; dvojka – 20; eso – 20; K–Q–J–10–9–8 – 10; 7–6–5–4–a černé 3 – 5"
    card_points={**CLASSIC.card_points},
    # §10: "ze tří karet nově vykládané skupiny musí být nejméně dvě originální a jen jedna
    # divoká"
    min_natural=2,
    # §8: "Čtyři originální karty musí canasta obsahovat vždy ... 1 až 3 ... karty divoké"
    max_wild=3,
    wild_not_more_than_natural=False,
    # §10: "Otevírá-li strana výklad skupiny dosud nevyložené": one group per rank.
    one_meld_per_rank=True,
    # §10: "Pravidla připouštějí také vykládání tzv. sekvencí ... vždy však jen ve stejné barvě"
    sequences=True,
    # §10: "Divoké karty i v tomto případě nahrazují jakoukoliv kartu bez ohledu na barvu."
    sequence_wilds=True,
    # §12: "Vyloženy smějí být jen tehdy, když hráč tímto vyložením končí kolo."
    black_threes_when_going_out=True,
    # §12: no count is given (two packs hold four); "Canasta se z černých trojek nedělá."
    black_three_meld_max=None,
    # §12: "Divokých karet může být v tom případě použito jako obvykle (např.3–3–2)."
    black_three_meld_wilds=True,
    # §8: "Canasta složená jen z divokých karet platí jako canasta divoká"
    wild_melds=True,
    # Unclear: §10's "ze tří karet nově vykládané skupiny musí být nejméně dvě originální"
    # would forbid starting a group of wild cards, but §9 warns that "vyložením divokých karet"
    # towards a wild canasta you spoil your other groups – read as wild cards laid out as they
    # come, so a wild group may grow like any other (003, by contrast, says "w jednym ruchu").
    wild_meld_at_once=False,
    canasta_bonus={
        # §7: "za čistou canastu – 600 bodů"
        CanastaKind.NATURAL: 600,
        # §7: "za smíšenou canastu – 300 bodů"
        CanastaKind.MIXED: 300,
        # §7/§8: "žolíková, skládá-li se ze 4 žolíků a 3 dvojek" – 2000
        CanastaKind.WILD_JOKERS: 2000,
        # §7/§8: "jinak dvojková" – 1000
        CanastaKind.WILD_DEUCES: 1000,
    },
    # §7: "za červenou trojku (kára a srdce) – 100 bodů"
    red_three_bonus=100,
    # §7's list of premiums has no bonus for all four red threes (the fast variant adds one,
    # "Za všechny 4 červené trojky u jedné strany – 800 bodů", as a change): none here.
    all_red_threes_extra=0,
    # §7: a side without a canasta subtracts "též prémiové hodnoty vyložených červených trojek"
    red_threes_count_if=RedThreeCondition.CANASTA,
    # §14: "když jeho strana má vyloženou alespoň jednu canastu"
    going_out_canastas={2: 1, 3: 1, 4: 1},
    # §14: "musí ještě zbýt karta na odložení ... To je věc dohody hráčů." – a house rule, off.
    going_out_needs_discard=False,
    # §7: "za uzavření kola – 200 bodů"
    going_out_bonus=200,
    # Silent on going out concealed: the classic +100, so 300.
    concealed_going_out_bonus=300,
    # §12: "Někdy se uplatňuje pravidlo ... odpočítává 100 bodů" – a house rule, off.
    black_three_in_hand_penalty=None,
    # §7: "Nedosáhne-li však strana ... alespoň jedné canasty, odečítají se jí ... všech karet"
    no_canasta_scores_all_negative=True,
    # §10 gives no row for a negative score: the classic 15.
    negative_minimum=15,
    # §10: "0 až 1495 – 50; 1500 až 2495 – 90; 2500 až 4995 – 120; 5000 a výše – 150"
    opening_table=(
        OpeningStep(0, 50),
        OpeningStep(1500, 90),
        OpeningStep(2500, 120),
        OpeningStep(5000, 150),
    ),
    # §10: "pak se prémiová hodnota canasty do potřebných bodů započítává"
    opening_counts_canasta_bonus=True,
    # §10: "vyložit alespoň jednu skupinu tří karet jen v kartách originálních"; §11a then
    # adds wild cards to such a group ("přidáním divokých karet k vyloženým 3 desítkám"), so
    # three natural cards of one rank inside a bigger meld satisfy it.
    opening_needs_natural_group=True,
    # §13: freezing "zmrazí balík odložením divoké karty nebo červené trojky, kterou jeho
    # strana vyložila"
    red_three_discard_freezes=True,
    # §11c: adding the discard to a group "která ale ještě nevytvořila canastu"
    pickup_onto_canasta=False,
    options=(
        Option(
            "freezing",
            "Freezing the pile (the text lets beginners leave it out).",
            f"{C} §13",
            True,
            {"pile_freezing": True},
            {"pile_freezing": False},
        ),
        Option(
            "going_out_needs_discard",
            "Going out needs a last card to discard.",
            f"{C} §14",
            False,
            {"going_out_needs_discard": True},
            {"going_out_needs_discard": False},
        ),
        Option(
            "black_three_penalty",
            "A black three left in hand costs 100, not 5.",
            f"{C} §12",
            False,
            {"black_three_in_hand_penalty": 100},
            {"black_three_in_hand_penalty": None},
        ),
    ),
    rules=RULES,
)

FAST_RULES = {
    **RULES,
    **{
        r.key: r
        for r in [
            rule(
                "meld.one-rank",
                "A meld is cards of one rank; sequences are not allowed at all.",
                f"{F}, Bod 10",
                "Vykládání sekvencí (např.7–8–9, Q–K–A apod.) není vůbec přípustné.",
            ),
            rule(
                "canasta.kinds",
                "Canastas: clean 500, mixed 300, wild with the four jokers 2000, other wild "
                "1000; the cards count too.",
                f"{F}, Bod 7",
                "Za divokou canastu žolíkovou – 2000 bodů; Za divokou canastu "
                "dvojkovou – 1000 bodů; Za čistou canastu – 500 bodů; Za smíšenou canastu – "
                "300 bodů",
            ),
            rule(
                "red-threes.bonus",
                "Each red three scores 100; all four for one side 800.",
                f"{F}, Bod 7",
                "Za červenou trojku (kára a srdce) – 100 bodů; Za všechny 4 "
                "červené trojky u jedné strany – 800 bodů",
            ),
            rule(
                "going-out.bonus",
                "Ending the hand scores 100; with three black threes 200, with four 300; on the "
                "first pickup of the pile in the hand 1000.",
                f"{F}, Bod 7",
                "Za uzavření kola – 100 bodů; Za uzavření kola třemi černými "
                "trojkami – 200 bodů; čtyřmi černými trojkami – 300 bodů; Za uzavření kola při "
                "první koupi balíku v kole – 1000 bodů",
            ),
            rule(
                "going-out.first-pickup",
                "Ending the hand on the first pickup of the pile in the hand scores 1000.",
                f"{F}, Bod 7",
                "Za uzavření kola při první koupi balíku v kole – 1000 bodů",
            ),
            rule(
                "going-out.discard",
                "No card needs to remain to discard when ending the hand; ask your partner first.",
                f"{F}, Bod 14",
                "Při této variantě nemusí hráči při uzavírání kola zbýt karta "
                "na odložení. Před uzavřením kola se hráč zeptá svého partnera, souhlasí-li s "
                "uzavřením.",
            ),
            rule(
                "opening.minimum",
                "Minimum for the first meld: negative 15, 0–1495: 50, 1500–2995: 90, 3000 and "
                "more 120; each failed attempt raises it by 10.",
                f"{F}, Bod 10",
                "0 až 1495 – 50 bodů; 1500 až 2995 – 90 bodů; 3000 a výše – "
                "120 bodů. Strana, která má minusové body, může vykládat již na 15 bodů. Každý "
                "nezdařený pokus o vyložení se trestá zvýšením minimálního počtu bodů o 10.",
            ),
        ]
    },
}

FAST_RULES.update(
    (r.key, r)
    for r in [
        rule(
            "pile.first-round",
            "Nobody may meld or buy the pile until every player has discarded once.",
            f"{F}, Bod 11",
            "Balík nelze koupit, dokud všichni hráči jednou neodložili.",
        ),
        rule(
            "pile.one-card",
            "A player with only one card left may not buy the pile.",
            f"{F}, Bod 11",
            "Hráč, kterému zbyla v ruce jen 1 karta, nesmí už balík koupit.",
        ),
        rule(
            "going-out.partner",
            "Before ending the hand, ask your partner whether they agree.",
            f"{F}, Bod 14",
            "Před uzavřením kola se hráč zeptá svého partnera, souhlasí-li s uzavřením.",
        ),
    ]
)

FAST_RULES.update(
    (r.key, r)
    for r in [
        rule(
            "deal.cut",
            "The player who cuts does not look at the bottom three cards, nor take wild cards "
            "or red threes from them.",
            f"{F}, Bod 5",
            "Při snímání odpadá podívání na poslední 3 karty a případné vybírání divoké karty "
            "nebo červené trojky.",
        ),
        rule(
            "deal.cards",
            "Each player is dealt only 11 cards (two or three players: 13, two more as the "
            "main text says).",
            f"{F}, Bod 5",
            "Každý hráč dostane při rozdávání jen 11 karet.",
        ),
        rule(
            "deal.upcard",
            "The dealer does not offer the first card: it is simply turned up to start the "
            "pile, and if it is a wild card or a red three the pile is frozen from the start.",
            f"{F}, Bod 6",
            "Rozdávající nenabídne prvnímu hráči kartu k výběru. První kartu z kmenového "
            "balíku prostě odkryje, je-li to divoká karta nebo červená trojka, je odložený "
            "balík od počátku zmrazen.",
        ),
        rule(
            "scoring.game-end",
            "The game is played until a side reaches 5000 points.",
            f"{F}, Bod 2",
            "Hraje se do dosažení 5000 bodů.",
        ),
        rule(
            "irregularities.insufficient-opening",
            "Each failed attempt to open raises the side's opening minimum by 10.",
            f"{F}, Bod 10",
            "Každý nezdařený pokus o vyložení se trestá zvýšením minimálního počtu bodů o 10.",
        ),
    ]
)

CZECH_FAST = CZECH._replace(
    id="czech-fast",
    name=N_("Czech fast (quicker variant, 11 cards)"),  # shown translated on pages and sheets
    seed=F,
    # Bod 2: "Hraje se do dosažení 5000 bodů."
    target_score=5000,
    # Bod 5: "Každý hráč dostane při rozdávání jen 11 karet." (two or three: two more, §16)
    cards_dealt={2: 13, 3: 13, 4: 11},
    # Bod 10: "Vykládání sekvencí ... není vůbec přípustné."
    sequences=False,
    sequence_wilds=False,
    canasta_bonus={
        # Bod 7: "Za divokou canastu žolíkovou – 2000 bodů"
        CanastaKind.WILD_JOKERS: 2000,
        # Bod 7: "Za divokou canastu dvojkovou – 1000 bodů"
        CanastaKind.WILD_DEUCES: 1000,
        # Bod 7: "Za čistou canastu – 500 bodů"
        CanastaKind.NATURAL: 500,
        # Bod 7: "Za smíšenou canastu – 300 bodů"
        CanastaKind.MIXED: 300,
    },
    # Bod 7: "Za všechny 4 červené trojky u jedné strany – 800 bodů" = 4 x 100 + 400
    all_red_threes_extra=400,
    # Bod 7: "Za uzavření kola – 100 bodů"
    going_out_bonus=100,
    # Silent on going out concealed: the classic +100 on its 100.
    concealed_going_out_bonus=200,
    # Bod 7: "třemi černými trojkami – 200 bodů; čtyřmi černými trojkami – 300 bodů"
    black_three_going_out_bonus={3: 200, 4: 300},
    # Bod 7: "Za uzavření kola při první koupi balíku v kole – 1000 bodů"
    first_pickup_going_out_bonus=1000,
    # Bod 14: "nemusí hráči při uzavírání kola zbýt karta na odložení" – fixed, not a house rule.
    going_out_needs_discard=False,
    # Bod 10: "Strana, která má minusové body, může vykládat již na 15 bodů."
    negative_minimum=15,
    # Bod 10: "0 až 1495 – 50; 1500 až 2995 – 90; 3000 a výše – 120"
    opening_table=(OpeningStep(0, 50), OpeningStep(1500, 90), OpeningStep(3000, 120)),
    # Bod 10: "Každý nezdařený pokus o vyložení se trestá zvýšením minimálního počtu bodů o 10."
    failed_opening_step=10,
    # Bod 11: "Hráč, kterému zbyla v ruce jen 1 karta, nesmí už balík koupit."
    one_card_no_pickup=True,
    # Bod 11: "Balík nelze koupit, dokud všichni hráči jednou neodložili."
    no_pickup_first_round=True,
    # Bod 14: "Před uzavřením kola se hráč zeptá svého partnera, souhlasí-li s uzavřením."
    partner_permission="must",
    # Bod 13: "Pravidlo o zmrazování balíku nelze při této variantě smluvně vypustit." – no
    # freezing switch; Bod 14 fixes the discard question – no discard switch.
    options=tuple(o for o in CZECH.options if o.name == "black_three_penalty"),
    rules=FAST_RULES,
)
