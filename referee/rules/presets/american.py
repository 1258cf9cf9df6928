"""``american``: Modern American Canasta, from published rulebooks.

There is no seed text for this game.  Every value cites a published book by the id
:mod:`referee.rules.sources` lists, with its section:

* ``cla-laws``: the Canasta League of America's Official Rules of Modern American
  Canasta, the main text (the league standard).
* ``pagat-american``: John McLeod's pagat.com, Canasta, Modern American section, where
  the league says nothing, and to name a reading where the two differ.
* ``honors-house``: a club's published house rules for the game (Honors Bridge Club,
  numbered rules), for what the tables do at the turn card, with the bonus cards and with
  special hands, where the two books are silent or read otherwise.
* ``wca-club``: another club's rule book (Official WCA Canasta Rules, 2018),
  ``wikipedia-american`` (Wikipedia, US American Canasta) and ``canastajunction`` (an online
  room's help pages): where they name a reading.
* ``nvso-senior``: a senior games event on the American Canasta Society's rules, which ties
  the minimum to the hand's number (three hands: 125, 155, 180); not taken (see
  ``opening_table``).

Where the references disagree, the value says which reading it follows: the one most
widely published (the research behind this preset compared the league, pagat and the
club and teaching pages that follow them).  The rules' words are our own: a published
book's text is not copied, so no rule has a quote.

The special hands are scored (``special_hands``: the side that goes out with one scores
its value and nothing else).  What a finished hand cannot show -- the "rule of five", the
empty-pile discard, the bonus cards and the turn card -- the referee rules on turn by turn
(:mod:`referee.rules.rulings`, :mod:`referee.rules.play_rulings`,
:mod:`referee.rules.moment_rulings`).

Where the books read differently, the preset follows one reading and a house rule
(``options``) gives the other, naming its book:

* ``special_hand_courtesy`` (honors-house §9): a special hand also counts on the turn
  right after the partner's first meld; the preset, with pagat, takes it only as the
  side's first meld.
* ``bonus_cards_with_pile`` (pagat-american §Bonus Cards, wca-club §Initial Meld: no
  exception): a first meld that takes the pile still draws the bonus cards; the preset
  follows honors-house §6 (never the pile and the bonus cards in one turn), the league's
  reading as its players cite it.

Three more give the league's reading (cla-laws as its players cite it, with pages) where the
preset follows the other books (issue 45); each is decided where the opening is
(:func:`referee.rules.check_opening`), so ``referee check`` and the referee's pages honour it:

* ``natural_aces_with_pile``: a first meld taking the pile with an ace on top keeps its aces
  natural; the preset, with wca-club §Aces and wikipedia-american, lets aces take a wild card
  in any first meld.
* ``lone_wild_after_opening``: a first meld that leaves only wild cards to discard goes back
  and costs 10; the preset lets the lone wild card be discarded, nothing else being left.
* ``splash``: a natural canasta in the first meld opens whatever its count (pagat-american's
  splash too); the preset counts only the cards.
"""

from __future__ import annotations

from ..cards import Rank
from ..problems import N_
from ..variant import CanastaKind, OpeningStep, Option, RedThreeCondition
from .classic import CLASSIC, rule

L = "cla-laws"
P = "pagat-american"
H = "honors-house"
W = "wca-club"
K = "wikipedia-american"
J = "canastajunction"

RULES = {
    r.key: r
    for r in [
        rule(
            "deck.values",
            "Cards count: a joker 50, an ace or a two 20, a king to an eight 10, a seven to a "
            "four and a black three 5.",
            f"{L} §Scoring",
            "",
        ),
        rule(
            "deck.composition",
            "Four players in two partnerships, partners sitting opposite, with two packs and "
            "four jokers: 108 cards; no more of a card may be on the table or in the hands "
            "than the packs hold.",
            f"{L} §Deal",
            "",
        ),
        rule(
            "deal.order",
            "Thirteen cards each; there is no upcard, the pile starts empty. Play passes "
            "clockwise, the player at the dealer's left beginning, and the deal passes to the "
            "left. A player draws one card from the stock or takes the whole pile. After its "
            "first meld a side draws bonus cards from the stock, four for the first side to "
            "meld and three for the other; they do not change the score.",
            f"{L} §Deal",
            "",
        ),
        rule(
            "deal.cards",
            "Thirteen cards to each of the four players.",
            f"{L} §Deal",
            "",
        ),
        rule(
            "deal.upcard",
            "No card is turned up: the pile starts empty, and the first player can only draw "
            "from the stock.",
            f"{L} §Deal",
            "",
        ),
        rule(
            "deal.stock",
            "The cards not dealt form the stock, face down; the bonus cards a side draws after "
            "its first meld come from it.",
            f"{L} §Deal",
            "",
        ),
        rule(
            "play.players",
            "A game for four, in two partnerships with partners facing each other; neither "
            "book covers a game for two, three or six.",
            f"{L} §Deal",
            "",
        ),
        rule(
            "play.turn-order",
            "The player at the dealer's left plays first, and play goes on clockwise; the deal "
            "passes to the left after each hand.",
            f"{L} §Deal",
            "",
        ),
        rule(
            "play.draw",
            "A turn starts either by drawing one card from the stock or by taking the whole "
            "pile (only with a natural pair matching its top card).",
            f"{L} §Deal",
            "",
        ),
        rule(
            "play.bonus-cards",
            "After a side's first meld, the player who made it draws bonus cards from the "
            "stock once the turn is over: four for the first side to meld, three for the "
            "second. A first meld that took the pile draws none: never the pile and the "
            "bonus cards in one turn (unless the table plays the house rule of bonus cards "
            "with the pile).",
            f"{L} §Deal; {H} §6; {J} §Talon",
            "",
        ),
        rule(
            "play.turn-card",
            "When the stock is cut, the ninth card from its bottom is turned face up: the "
            "turn card. A first meld made once play has reached it draws no bonus cards, and "
            "the player must keep a card to discard and a card to hold.",
            f"{H} §1, §5",
            "",
        ),
        rule(
            "play.rule-of-five",
            "Once a side has opened, a wild card may join only a meld that already holds five "
            "natural cards, and no meld holds more than two wild cards.",
            f"{L} §Melding; {H} §3",
            "",
        ),
        rule(
            "play.discard",
            "Every turn ends with one discard, going out included: a player may never meld "
            "the last card.",
            f"{L} §Going Out",
            "",
        ),
        rule(
            "play.discard-limits",
            "A three may never be discarded; a wild card only when it is the last card or "
            "nothing else can be discarded. While the pile is empty, an ace or a seven may "
            "not be discarded unless the player holds no other natural card.",
            f"{L} §The Pack (discard pile); {P} §The Pack (discard pile)",
            "",
        ),
        rule(
            "play.partners",
            "Partners meld together: a side has one set of melds, and either partner adds to them.",
            f"{L} §Melding",
            "",
        ),
        rule(
            "scoring.game-end",
            "A game is 8500: the side that reaches it wins.",
            f"{L} §Scoring",
            "",
        ),
        rule(
            "meld.min-cards",
            "A meld has at least three cards of the same rank (or three wild cards).",
            f"{L} §Melding",
            "",
        ),
        rule(
            "meld.max-cards",
            "A meld holds at most seven cards: at seven it is a canasta and takes no more.",
            f"{L} §Melding",
            "",
        ),
        rule(
            "meld.one-rank",
            "A meld is cards of one rank, or wild cards alone; sequences are not melds.",
            f"{L} §Melding",
            "",
        ),
        rule(
            "meld.wild-limit",
            "A meld of natural cards may hold at most two wild cards. Once a side has opened, "
            "a wild card may join only a meld that already holds five natural cards (the "
            "rule of five: an order of play the referee cannot check at the end of a hand).",
            f"{L} §Melding",
            "",
        ),
        rule(
            "meld.natural-min",
            "A meld of natural cards needs at least two of them.",
            f"{L} §Melding",
            "",
        ),
        rule(
            "meld.natural-only",
            "A meld of sevens never holds a wild card. A meld of aces holds one only if the "
            "wild card went in with the side's first meld; it is then an ordinary mixed meld.",
            f"{L} §Melding",
            "",
        ),
        rule(
            "meld.one-per-rank",
            "A side may have only one meld of each rank; more cards of that rank are added to it.",
            f"{L} §Melding",
            "",
        ),
        rule(
            "meld.wild-meld",
            "Wild cards may be melded on their own: three to seven twos and jokers, towards a "
            "wild canasta.",
            f"{L} §Melding",
            "",
        ),
        rule(
            "meld.red-threes",
            "Threes are never melded: each one is laid out beside the side's melds on the "
            "player's turn and replaced from the stock.",
            f"{L} §Threes",
            "",
        ),
        rule(
            "meld.black-threes",
            "Black threes are never melded either: they are laid out and scored like red ones.",
            f"{L} §Threes",
            "",
        ),
        rule(
            "canasta.kinds",
            "A canasta is a meld of seven: natural 500, mixed (one or two wild cards) 300, "
            "sevens 2500, natural aces 2500 (aces with a wild card are a mixed canasta, 300), "
            "wild cards 2000, wild cards with all four jokers 2500, seven twos 3000; the "
            "cards count as well.",
            f"{L} §Canastas",
            "",
        ),
        rule(
            "canasta.concealed",
            "A canasta laid from the hand in one go scores like any other; only a canasta of "
            "seven can be laid that way.",
            f"{L} §Canastas",
            "",
        ),
        rule(
            "canasta.unfinished",
            "A meld left unfinished at the end of the hand costs its side: sevens 2500, "
            "natural aces 2500, wild cards 2000 (pagat charges 2500 when the wild meld holds "
            "all four jokers; the league and most references say 2000).",
            f"{L} §Penalties",
            "",
        ),
        rule(
            "opening.minimum",
            "A side's first meld must reach a minimum by its match score: 125 below 3000 "
            "(a negative score too, as pagat says), 155 from 3000, 180 from 5000. Threes do "
            "not count.",
            f"{L} §Initial Meld",
            "",
        ),
        rule(
            "opening.natural-group",
            "The first meld must include a natural meld of three or more cards, without wild "
            "cards (pagat also accepts a meld of three or more wild cards instead).",
            f"{L} §Initial Meld",
            "",
        ),
        rule(
            "opening.pile-top",
            "To open by taking the pile, two natural cards from the hand must match its top "
            "card, and the cards from the hand alone must reach the minimum: neither the top "
            "card nor the rest of the pile counts.",
            f"{L} §Initial Meld",
            "",
        ),
        rule(
            "opening.canasta-bonus",
            "Only the cards' values count towards the minimum, not canasta bonuses. A first "
            "meld may close a natural canasta, never a mixed one.",
            f"{L} §Initial Meld",
            "",
        ),
        rule(
            "pile.take",
            "The pile is taken whole, and only with two natural cards from the hand matching "
            "its top card; not if the side's meld of that rank would then hold more than seven.",
            f"{L} §The Pack (discard pile)",
            "",
        ),
        rule(
            "pile.frozen",
            "The pile is always frozen: it is taken only with a natural pair from the hand "
            "matching the top card; wild cards and threes never help, nor do melds on the "
            "table.",
            f"{L} §The Pack (discard pile)",
            "",
        ),
        rule(
            "pile.unopened",
            "A side that has not melded may take the pile only with a natural pair matching "
            "the top card, as part of a first meld that reaches its minimum that turn.",
            f"{P} §The Pack (discard pile)",
            "",
        ),
        rule(
            "pile.wild-top",
            "A wild card on top cannot be matched, so nobody may take the pile then; a wild "
            "card is discarded only as a last card or when nothing else is left.",
            f"{L} §The Pack (discard pile)",
            "",
        ),
        rule(
            "pile.black-three",
            "Threes are never discarded; a three on the pile could not be matched, so nobody "
            "could take it.",
            f"{L} §The Pack (discard pile)",
            "",
        ),
        rule(
            "going-out.canastas",
            "A side may go out only with at least two canastas, of any kind.",
            f"{L} §Going Out",
            "",
        ),
        rule(
            "going-out.unfinished",
            "A side may not go out while it has an unfinished meld of sevens, of natural aces "
            "or of wild cards.",
            f"{L} §Going Out",
            "",
        ),
        rule(
            "going-out.one-side",
            "Only one player goes out; the hand ends at once.",
            f"{L} §Going Out",
            "",
        ),
        rule(
            "going-out.empty-hand",
            "A player who goes out has no cards left; the partner's cards still count against "
            "the side.",
            f"{L} §Going Out",
            "",
        ),
        rule(
            "going-out.discard",
            "Going out needs a last card to discard: a player may not meld every card. The "
            "last discard may be a wild card but not a three.",
            f"{L} §Going Out",
            "",
        ),
        rule(
            "going-out.special-hands",
            "A player may go out with a special hand, laid down all at once as the side's "
            "first meld (with the house rule of courtesy, also on the turn right after the "
            "partner's first meld): a straight, pairs without wild cards, pairs with wild "
            "cards, or garbage. The side needs no canasta to go out this way.",
            f"{P} §Special Hands; {H} §9",
            "",
        ),
        rule(
            "scoring.special-hands",
            "A side that goes out with a special hand scores its value and nothing else: a "
            "straight 3000, pairs without wild cards 2500, pairs with wild cards 2000, "
            "garbage 2000. The other side scores its hand as usual.",
            f"{P} §Special Hands, §Scoring",
            "",
        ),
        rule(
            "going-out.bonus",
            "Going out scores 100.",
            f"{L} §Scoring",
            "",
        ),
        rule(
            "going-out.concealed",
            "There is no extra bonus for going out concealed: it scores the ordinary 100.",
            f"{L} §Going Out",
            "",
        ),
        rule(
            "going-out.concealed-needs-out",
            "Only the side that went out can have gone out concealed.",
            f"{L} §Going Out",
            "",
        ),
        rule(
            "going-out.partner",
            'A player may ask the partner "may I go out?" once in a hand; the answer is binding.',
            f"{P} §Going Out",
            "",
        ),
        rule(
            "red-threes.bonus",
            "Threes laid out score by colour, red and black apart: one 100, two 300, three "
            "500, four 1000.",
            f"{L} §Threes",
            "",
        ),
        rule(
            "red-threes.penalty",
            "A side's threes count against it if it has no canasta, not at all with one "
            "canasta, and for it with two or more.",
            f"{L} §Threes",
            "",
        ),
        rule(
            "red-threes.count",
            "Two packs hold four red threes and four black ones.",
            f"{L} §Deal",
            "",
        ),
        rule(
            "hand.points",
            "The cards left in the hands count against their side: joker 50, ace and two 20, "
            "king to eight 10, seven to four 5.",
            f"{L} §Scoring",
            "",
        ),
        rule(
            "hand.red-threes",
            "A three is laid out as soon as it is drawn. One still in hand at the end costs "
            "100: enter it without its suit, as a three left in hand.",
            f"{L} §Threes",
            "",
        ),
        rule(
            "hand.black-threes",
            "A three left in hand at the end costs 100 (only 5 if it was the last card drawn, "
            "which ended the hand).",
            f"{L} §Penalties",
            "",
        ),
        rule(
            "hand.held",
            "A player left holding three or more sevens, or three or more aces, costs the side "
            "1500 for each such rank, once per player (four or more are still 1500); the "
            "cards count as well.",
            f"{L} §Penalties",
            "",
        ),
        rule(
            "scoring.no-canasta-negative",
            "A side without a canasta counts its melded cards against it.",
            f"{L} §Scoring",
            "",
        ),
        # The readings the league's players take where this catalogue reads otherwise
        # (issue 45): each rule states the preset's reading and the house rule of the other.
        rule(
            "opening.pile-natural",
            "Aces may take a wild card in the side's first meld, also when that first meld "
            "takes the pile with an ace on top. With the house rule of natural aces under "
            "the pile (the league's reading), a first meld that takes the pile with an ace on "
            "top keeps its aces natural, without a wild card.",
            f"{W} §Aces; {K} §Melding Rules; {L} §Initial Meld",
            "",
        ),
        rule(
            "opening.lone-wild",
            "A first meld may leave the player a lone wild card, discarded since nothing else "
            "can be. With the house rule of no lone wild card after the first meld (the "
            "league's reading), a first meld that leaves only wild cards to discard is not "
            "allowed: the melds go back into the hand and the side loses 10 points.",
            f"{L} §The Pack (discard pile), §Penalties",
            "",
        ),
        rule(
            "opening.splash",
            "Only the cards count towards the first meld's minimum: a natural canasta in it "
            "does not make up for a short count. With the house rule of the splash (pagat's "
            "reading, which the league's players take too), a first meld that includes a "
            "natural canasta opens whatever its count.",
            f"{L} §Initial Meld; {P} §Initial Meld",
            "",
        ),
        rule(
            "play.dead-rank",
            "A rank is dead once either side has closed a canasta of it. The side that closed "
            "it melds no more of that rank (a meld takes no more than seven cards, and a side "
            "has only one meld of each rank); nobody may take the pile with a dead card, so it "
            "is a safe discard, but never onto an empty pile.",
            f"{L} §Melding; {J} §Picking the Pack",
            "",
        ),
        rule(
            "play.bonus-cards-forgotten",
            "Bonus cards are drawn at the end of the turn of the side's first meld; a player "
            "who forgets them then may not draw them later.",
            f"{H} §2",
            "",
        ),
        rule(
            "play.stock-out",
            "When the stock is used up and nobody has gone out, play goes on as long as each "
            "player in turn takes the pile, which needs a natural pair matching its top card "
            "as always; the hand ends as soon as a player cannot or does not take it, and "
            "nobody scores for going out.",
            f"{P} §Going Out",
            "",
        ),
        rule(
            "play.stock-out-red-three",
            "If the last card of the stock is a red three, the hand ends with that turn: the "
            "player lays it out and may meld, but does not discard, and nobody scores for "
            "going out.",
            f"{P} §Going Out",
            "",
        ),
        rule(
            "irregularities.penalty",
            "An irregularity costs the side 10 points, entered with the hand as a penalty: a "
            "meld that breaks the rules (the cards go back to the hand), cards melded and "
            "taken back, or a first meld short of the minimum (taken back).",
            f"{L} §Penalties",
            "",
        ),
    ]
}

AMERICAN = CLASSIC._replace(
    id="american",
    name=N_("Modern American Canasta"),  # shown translated on pages and sheets
    seed=f"{L}, {P}",
    language="en",
    # cla-laws §Deal: play passes clockwise from the dealer's left (the common custom; no
    # reference found reads otherwise).
    play_clockwise=True,
    # cla-laws §Deal (pagat-american agrees): a game of four in two partnerships.  Two- and
    # six-player versions exist, but neither book covers them.
    players=(4,),
    default_players=4,
    # cla-laws §Deal: two packs with their four jokers, 108 cards.
    packs={4: 2},
    # cla-laws §Deal: thirteen cards each.
    cards_dealt={4: 13},
    # cla-laws §Deal: no card is turned up, the pile starts empty; the first player can only
    # draw from the stock (the rule deal.upcard).
    upcard=False,
    # cla-laws §Scoring: the game is 8500 (pagat-american agrees).
    target_score=8500,
    # cla-laws §Scoring (pagat-american §Scoring agrees): joker 50, ace and two 20, king to
    # eight 10, seven to four 5 – the Canasta values.  A three has no card value of its own:
    # it scores through the threes table, and one left in hand costs
    # black_three_in_hand_penalty; the classic 5 stays only where the engine needs a value.
    card_points={**CLASSIC.card_points},
    # cla-laws §Melding: three to seven cards; pagat-american's exception of a longer meld
    # when going out is a minority reading and not taken.
    min_meld_cards=3,
    max_meld_cards=7,
    # cla-laws §Melding: at most two wild cards in a meld of natural cards.
    max_wild=2,
    # cla-laws §Melding: at least two natural cards.
    min_natural=2,
    # cla-laws §Melding: the "rule of five" (a wild card joins only a meld of five natural
    # cards once the side has opened) is about the order of play: a finished hand cannot
    # show it, so no shape rule is set for it.
    wild_not_more_than_natural=False,
    wilds_fewer_than_naturals=False,
    # cla-laws §Melding (pagat-american agrees): one meld of each rank per side.
    one_meld_per_rank=True,
    # cla-laws §Melding: sequences are not melds.
    sequences=False,
    sequence_wilds=False,
    escalas=False,
    # cla-laws §Threes: threes are never melded, not even going out; the black ones are laid
    # out as bonus cards like the red ones.
    black_threes_when_going_out=False,
    black_three_meld_max=None,
    black_three_meld_wilds=False,
    black_threes_laid_out=True,
    # cla-laws §Melding: wild cards may be melded alone, three to seven of them, and built
    # up over several turns.
    wild_melds=True,
    wild_meld_at_once=False,
    # cla-laws §Melding: a meld of sevens never holds a wild card.  Aces may hold one only
    # when it went in with the side's first meld (the meld is then ordinary and mixed):
    # the engine cannot tell when a card went in, so aces are not listed.
    natural_only_ranks=frozenset({Rank.SEVEN}),
    canasta_bonus={
        # cla-laws §Canastas: natural 500.
        CanastaKind.NATURAL: 500,
        # cla-laws §Canastas: mixed 300; an ace canasta with a wild card is one of these.
        CanastaKind.MIXED: 300,
        # cla-laws §Canastas: sevens 2500 (every MAC reference; 1500 or 2000 belong to other
        # games).
        CanastaKind.SEVENS: 2500,
        # cla-laws §Canastas: natural aces 2500 (no MAC reference gives 2000).
        CanastaKind.ACES: 2500,
        # cla-laws §Canastas: seven twos 3000.
        CanastaKind.WILD_TWOS: 3000,
        # cla-laws §Canastas: a wild canasta holding all four jokers 2500.
        CanastaKind.WILD_JOKERS: 2500,
        # cla-laws §Canastas: any other wild canasta 2000 (the 1000 of older texts is the
        # classic era's).
        CanastaKind.WILD_DEUCES: 2000,
    },
    # cla-laws §Penalties: an unfinished meld of these kinds costs this at the end.  A wild
    # meld with all four jokers: 2000 per the league and most references, 2500 per
    # pagat-american only; the majority is taken.
    unfinished_penalty={
        CanastaKind.SEVENS: 2500,
        CanastaKind.ACES: 2500,
        CanastaKind.WILD_TWOS: 2000,
        CanastaKind.WILD_JOKERS: 2000,
        CanastaKind.WILD_DEUCES: 2000,
    },
    # cla-laws §Penalties: a player left holding three or more sevens, or three or more
    # aces, costs 1500 per rank (once per player and rank, however many of them).
    held_ranks=frozenset({Rank.SEVEN, Rank.ACE}),
    held_penalty=1500,
    # cla-laws §Canastas: no special bonus for a canasta laid from the hand.
    concealed_canasta_bonus=None,
    hand_canasta_doubles=False,
    escala_bonus=0,
    escala_real_bonus=0,
    canasta_count_bonus={},
    # cla-laws §Threes (pagat-american has the same table for each colour): threes of one
    # colour score 100, 300, 500, 1000 for one to four.  Four red threes are 1000, not the
    # classic 800.
    threes_table={1: 100, 2: 300, 3: 500, 4: 1000},
    # Unused beside threes_table; kept as the one-three value (100) with no extra.
    red_three_bonus=100,
    all_red_threes_extra=0,
    all_red_threes_count=4,
    # cla-laws §Threes (pagat-american agrees): with no canasta the threes count minus, with
    # one they count nothing, with two or more they count plus.
    red_threes_count_if=RedThreeCondition.CANASTA,
    red_threes_canastas=2,
    red_threes_void_canastas=1,
    # cla-laws §Threes: no penalty for a three not laid out beyond the 100 for one in hand
    # (the classic 500 is not a MAC rule).
    undeclared_red_three_penalty=0,
    # cla-laws §Going Out (pagat-american agrees): two canastas of any kind.
    going_out_canastas={4: 2},
    going_out_needs_clean_and_dirty=False,
    going_out_kinds={},
    # cla-laws §Going Out: the player must end with a discard.
    going_out_needs_discard=True,
    # cla-laws §Scoring: going out 100.
    going_out_bonus=100,
    # cla-laws §Going Out (pagat-american agrees): no concealed bonus; going out concealed
    # is allowed and scores the ordinary 100.
    concealed_going_out_bonus=100,
    black_three_going_out_bonus={},
    first_pickup_going_out_bonus=None,
    acabar_points=None,
    exact_cut_bonus=None,
    # cla-laws §Penalties: a three left in hand costs 100 (5 when it was the last card
    # drawn, a case the engine does not tell apart).
    black_three_in_hand_penalty=100,
    # cla-laws §Scoring (pagat-american agrees): without a canasta the melded cards count
    # minus.
    no_canasta_scores_all_negative=True,
    # pagat-american §Initial Meld: a negative score still needs 125 (the league's table
    # starts at 0).
    negative_minimum=125,
    # cla-laws §Initial Meld: 125 below 3000, 155 from 3000, 180 from 5000.  A tournament
    # reading ties the minimum to the hand's number instead (nvso-senior §B Game Rules: three
    # timed hands, 125, 155, 180); the score table is the one most widely published.
    opening_table=(OpeningStep(0, 125), OpeningStep(3000, 155), OpeningStep(5000, 180)),
    opening_by_round=(),
    rounds=None,
    # cla-laws §Initial Meld: card values only.
    opening_counts_canasta_bonus=False,
    # cla-laws §Initial Meld: opening by taking the pile, the top card does not count
    # towards the minimum (in the classic game it does).
    opening_counts_pile_top=False,
    # cla-laws §Initial Meld: a natural meld of three or more; pagat-american also accepts a
    # wild meld of three, a minority reading not taken.
    opening_needs_natural_group=True,
    failed_opening_step=0,
    # Going out with the first meld still needs the minimum (the splash, a natural canasta
    # opening whatever its count, is the house rule splash: opening_natural_canasta).
    opening_waived_going_out=False,
    # cla-laws §The Pack (discard pile): the pile is always frozen: a natural pair from the
    # hand matching the top card, nothing else.
    pile_freezing=True,
    red_three_discard_freezes=False,
    pickup_naturals=2,
    crossed_pickup_naturals=2,
    pickup_by_adding=False,
    pickup_onto_canasta=False,
    pickup_natural_and_wild=False,
    pickup_onto_sequence=False,
    # cla-laws §The Pack (discard pile): threes are never discarded; one on top could be
    # matched by nobody, so it stops everyone.
    black_three_blocks_all=True,
    black_three_pickup_going_out=False,
    one_card_single_pile=False,
    one_card_no_pickup=False,
    no_pickup_first_round=False,
    # pagat-american §Going Out: a player may ask the partner once; the answer binds.
    partner_permission="may",
    # pagat-american §Special Hands (its values; honors-house §9 gives the two pairs hands
    # the same): the side that goes out with one scores this and nothing else, the other side
    # as usual.  The ids are the contract's and the stored entry's.
    special_hands={
        "straight": 3000,  # pagat-american §Special Hands: a straight 3000
        "pairs": 2500,  # pagat-american §Special Hands, honors-house §9: pairs without wilds 2500
        "pairs_wild": 2000,  # the same: pairs with wild cards (twos, sevens and aces) 2000
        "garbage": 2000,  # pagat-american §Special Hands: garbage 2000
    },
    # honors-house §9: only as the side's first meld (its courtesy after the partner's first
    # meld is the house rule special_hand_courtesy below).
    special_hand_after_partner=False,
    # cla-laws §Deal (honors-house §2 agrees): four bonus cards to the first side to meld,
    # three to the second.
    bonus_cards=(4, 3),
    # honors-house §6: a first meld that takes the pile draws no bonus cards, never both in
    # one turn (the league's reading too, as its players cite it; canastajunction §Talon, an
    # online room's help, deals none either).  pagat-american §Bonus Cards and wca-club
    # §Initial Meld give the bonus cards with no exception for the pile: the house rule
    # bonus_cards_with_pile.
    bonus_cards_with_pile=False,
    # honors-house §1: the ninth card from the bottom of the stock is turned up; §5: a first
    # meld after it draws no bonus cards.
    turn_card=9,
    # cla-laws §Melding, honors-house §3: after the opening, a wild card joins only a meld
    # of five natural cards.
    rule_of_five=5,
    # cla-laws and pagat-american §The Pack (discard pile): onto an empty pile, no ace or
    # seven while the player holds another natural card.
    empty_pile_no_discard=frozenset({Rank.ACE, Rank.SEVEN}),
    # cla-laws §The Pack (discard pile): a wild card is discarded only as the last card or
    # when nothing else can be.
    wild_discard_last=True,
    # wca-club §Aces, wikipedia-american §Melding Rules: aces take a wild card in the first
    # meld, with no exception for one that takes the pile with an ace on top.  The league's
    # reading (cla-laws §Initial Meld, as its players cite it) keeps them natural then: the
    # house rule natural_aces_with_pile.
    pile_top_natural_ranks=frozenset(),
    # cla-laws §The Pack (discard pile) as this preset reads it: a lone wild card left after
    # the first meld is discarded, nothing else being left.  The league's reading (§Penalties,
    # as its players cite it): the melds go back and cost 10, the house rule
    # lone_wild_after_opening.
    lone_wild_penalty=None,
    # cla-laws §Initial Meld: the cards' values only; a natural canasta does not waive the
    # count (honors-house §7: it satisfies the natural meld, not the minimum).  The splash of
    # pagat-american §Initial Meld, which the league's players take too: the house rule
    # splash.
    opening_natural_canasta=False,
    # cla-laws §Penalties: an irregularity costs its side 10 points (the league's players cite
    # it for a meld put right or taken back, and for a first meld short of the minimum).
    penalty_points=10,
    irregularities=("mismeld", "melds_taken_back", "short_opening"),
    options=(
        Option(
            "special_hand_courtesy",
            "Special hands by courtesy: a special hand also counts on the player's turn right "
            "after the partner's first meld; the side's melds then do not count.",
            f"{H} §9",
            False,
            {"special_hand_after_partner": True},
            {"special_hand_after_partner": False},
        ),
        Option(
            "bonus_cards_with_pile",
            "Bonus cards with the pile: a first meld that takes the pile still draws the "
            "bonus cards.",
            f"{P} §Bonus Cards; {W} §Initial Meld",
            False,
            {"bonus_cards_with_pile": True},
            {"bonus_cards_with_pile": False},
        ),
        # The league's readings (cla-laws as its players cite it) where this preset follows
        # the other books; each is off unless a table switches it on.
        Option(
            "natural_aces_with_pile",
            "Natural aces under the pile: a first meld that takes the pile with an ace on "
            "top keeps its aces natural, without a wild card.",
            f"{L} §Initial Meld",
            False,
            {"pile_top_natural_ranks": frozenset({Rank.ACE})},
            {"pile_top_natural_ranks": frozenset()},
        ),
        Option(
            "lone_wild_after_opening",
            "No lone wild card after the first meld: a first meld that leaves only wild cards "
            "to discard goes back into the hand, and the side loses 10 points.",
            f"{L} §Penalties",
            False,
            {"lone_wild_penalty": 10},
            {"lone_wild_penalty": None},
        ),
        Option(
            "splash",
            "The splash: a first meld that includes a natural canasta opens whatever its count.",
            f"{P} §Initial Meld; {L} §Initial Meld",
            False,
            {"opening_natural_canasta": True},
            {"opening_natural_canasta": False},
        ),
    ),
    rules=RULES,
)
