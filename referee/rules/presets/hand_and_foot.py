"""``hand-and-foot``: Hand and Foot, the North American Canasta with a second hand (the foot).

Books: ``pagat-hand-foot`` (John McLeod's pagat.com page, its main version: Bill Whitnack's
partnership rules, which the page calls the most usual one) and ``bga-hand-foot`` (Board
Game Arena's game help) where pagat is silent or to confirm it.  Sections are named by the
headings of Whitnack's rules as pagat carries them, and by BGA's headings.  The research
behind every choice (with all the other rule sets it compared) is in the project's notes on
Hand and Foot; pagat's values there rest on consistent copies of its text, not on the page
itself.  We never copy a book's words: ``quote`` is empty and ``text`` says the rule in our
own words.

Hand and Foot is played under many house rules.  Where the references disagree the preset
takes the most widely published reading and says so beside the value; the alternatives
tables really differ on are house rules (``options``):

* Hand and foot: 11 cards each, as most rule sets and BGA's first reading deal; pagat's
  Whitnack version deals 13 (four piles of 13 for the hands and four for the feet).
* Wild cards in a meld: fewer than the natural cards, and at most three (the most published
  reading; BGA says the limit is usually two or three).  Pagat's Whitnack version is stricter:
  at least twice as many natural cards as wild ones (one wild card in a meld of three to
  five, two in six or seven).
* Going out: two clean books, two dirty and one wild, as pagat (Whitnack) and BGA give the
  usual contract.  House rule: one clean and one dirty (pagat's Steve Simpson version and
  the Bicycle-like pages).
* A red three still in a hand or foot: 100 against, as pagat (Whitnack).  House rule: 500,
  as most score sheets print it (and pagat's Simpson version, where every red three costs 500).
* A clean book of sevens: no special value in pagat or BGA.  House rule: 1500, as drwingnut
  and a score app print it (one calculator gives 1000; 1500 is the value two sources share,
  one of them a rule page rather than an app default).
"""

from __future__ import annotations

from ..problems import N_
from ..variant import CanastaKind, OpeningStep, Option, RedThreeCondition, Vocabulary
from .classic import CLASSIC, rule

P = "pagat-hand-foot"
B = "bga-hand-foot"

RULES = {
    r.key: r
    for r in [
        rule(
            "deck.values",
            "Cards count: a joker 50, an ace or a two 20, a king to an eight 10, a seven to a "
            "four and a black three 5.",
            f"{B} §Scoring",
            "",
        ),
        # -- cards and the deal ----------------------------------------------------------
        rule(
            "deck.composition",
            "One more pack than players, each with its two jokers: three packs for two "
            "players, four for three, five (270 cards) for four and seven for six. No more of "
            "a card may be on the table or in the hands and feet than the packs hold.",
            f"{P} §Players, Cards",
            "",
        ),
        rule(
            "deal.order",
            "Each player gets a hand of 11 cards and a foot of 11 face down (pagat's main "
            "version deals 13 of each). The player at the dealer's left plays first and play "
            "passes to the left; the deal passes to the left after each hand.",
            f"{P} §The Deal",
            "",
        ),
        rule(
            "deal.cards",
            "Every player gets two piles of 11 cards, whatever the number of players: a hand "
            "to play first and a foot kept face down for later. Pagat's main version deals "
            "13 to each pile.",
            f"{B} §Round setup; {P} §The Deal",
            "",
        ),
        rule(
            "deal.dealer",
            "One side deals: one partner deals the hands face down, one pile to each player "
            "going clockwise, and the other partner deals the feet the same way.",
            f"{P} §The Deal",
            "",
        ),
        rule(
            "deal.upcard",
            "The top card of the stock is turned face up to start the pile. By agreement, a "
            "wild card turned up may be buried in the stock and another card turned instead.",
            f"{P} §The Deal",
            "",
        ),
        rule(
            "deal.stock",
            "The cards not dealt are placed face down in the middle: they are the stock.",
            f"{P} §The Deal",
            "",
        ),
        # -- playing a turn --------------------------------------------------------------
        rule(
            "play.players",
            "Two to six may play: two or three each alone, four or six as partners, two "
            "against two or three against three.",
            f"{P} §Players, Cards",
            "",
        ),
        rule(
            "play.turn-order",
            "The player at the left of the one who dealt the hands plays first, and play "
            "goes on clockwise.",
            f"{P} §The Deal",
            "",
        ),
        rule(
            "play.foot",
            "Each player puts the foot face down without looking at it and plays the hand "
            "first; the foot is picked up only once the hand is used up.",
            f"{P} §The Deal",
            "",
        ),
        rule(
            "play.draw",
            "A turn starts either by drawing two cards from the stock or by taking the top "
            "card of the pile with six more under it (see the pile's rules).",
            f"{B} §Order of play; {P} §Wild Cards, Red Threes and Black Threes",
            "",
        ),
        rule(
            "play.discard",
            "A turn ends with one discard while the player still holds a card; a player whose "
            "last card is melded need not discard.",
            f"{B} §Order of play",
            "",
        ),
        rule(
            "play.partners",
            "A side's melds belong to the partnership: either partner may add to them.",
            f"{P} §Melds",
            "",
        ),
        rule(
            "play.discard-limits",
            "A wild card may be discarded, though it rarely is; black threes are only ever "
            "discarded, never melded.",
            f"{P} §Wild Cards, Red Threes and Black Threes",
            "",
        ),
        # -- melds -----------------------------------------------------------------------
        rule(
            "meld.min-cards",
            "A meld has at least three cards of the same rank.",
            f"{P} §Melds",
            "",
        ),
        rule(
            "meld.max-cards",
            "A meld holds at most seven cards: at seven it is a finished book and takes no "
            "more cards.",
            f"{P} §Melds",
            "",
        ),
        rule(
            "meld.one-rank",
            "A meld is cards of one rank, with or without wild cards; runs in a suit are not "
            "melds.",
            f"{B} §Game objective",
            "",
        ),
        rule(
            "meld.wild-limit",
            "A meld must hold fewer wild cards (jokers and twos) than natural cards, and at "
            "most three: 2 natural cards take 1 wild card, 3 take 2, 4 to 6 take 3. This is "
            "the most widely published reading; BGA gives two or three at most, and pagat's "
            "main version is stricter (twice as many natural cards as wild ones).",
            f"{B} §Game objective",
            "",
        ),
        rule(
            "meld.natural-min",
            "A meld of a rank needs at least two natural cards of it (two with one wild card "
            "is the smallest dirty meld).",
            f"{P} §Melds",
            "",
        ),
        rule(
            "meld.one-per-rank",
            "A side may start another meld of a rank: a book closes at seven cards, and the "
            "packs hold many more of each rank.",
            f"{P} §Melds",
            "",
        ),
        rule(
            "meld.red-threes",
            "Red threes are never melded: a player lays each one face up at once and draws a "
            "card to replace it.",
            f"{P} §Wild Cards, Red Threes and Black Threes",
            "",
        ),
        rule(
            "meld.black-threes",
            "Black threes are never melded, not even by a player going out; they are only "
            "discarded.",
            f"{P} §Wild Cards, Red Threes and Black Threes",
            "",
        ),
        rule(
            "meld.wild-meld",
            "Wild cards may be melded on their own, three to seven of them; seven make a wild "
            "book.",
            f"{P} §Wild Cards, Red Threes and Black Threes",
            "",
        ),
        # -- books (canastas) ------------------------------------------------------------
        rule(
            "canasta.kinds",
            "A book is a meld of seven cards: clean (no wild card) 500, dirty (with wild "
            "cards) 300, wild (seven wild cards) 1500; its cards count as well. House rule: "
            "a clean book of sevens scores 1500.",
            f"{P} §Scoring",
            "",
        ),
        rule(
            "canasta.concealed",
            "Only a whole book of seven can be laid from the hand in one go; it scores the "
            "same as any other book.",
            f"{P} §Scoring",
            "",
        ),
        # -- opening ---------------------------------------------------------------------
        rule(
            "opening.minimum",
            "A side's first meld must reach a minimum that grows with the hand: 50 in the "
            "first hand, 90 in the second, 120 in the third, 150 in the fourth. Several melds "
            "may count together.",
            f"{P} §Minimum Card Count",
            "",
        ),
        rule(
            "opening.canasta-bonus",
            "Only the cards' values count towards the minimum, not book bonuses or red threes.",
            f"{P} §Minimum Card Count",
            "",
        ),
        rule(
            "opening.pile-top",
            "To open by taking the pile, two natural cards from the hand must match its top "
            "card; the top card counts towards the minimum, the six cards taken with it do "
            "not.",
            f"{P} §Minimum Card Count",
            "",
        ),
        # -- the pile --------------------------------------------------------------------
        rule(
            "pile.take",
            "Instead of drawing two cards, a player may take the top card of the pile with "
            "six more (seven cards), but only holding two natural cards that match it, "
            "melded with it at once.",
            f"{P} §Wild Cards, Red Threes and Black Threes",
            "",
        ),
        rule(
            "pile.unopened",
            "A side that has not melded takes the pile the same way, with two natural cards "
            "matching the top card.",
            f"{B} §Taking the discard",
            "",
        ),
        rule(
            "pile.frozen",
            "Every pickup already needs two natural cards matching the top card, so a wild "
            "card in the pile changes nothing.",
            f"{B} §Taking the discard",
            "",
        ),
        rule(
            "pile.black-three",
            "A black three on top of the pile cannot be taken: the next player draws from "
            "the stock.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "pile.wild-top",
            "A red three or a wild card on top of the pile cannot be taken with natural "
            "cards. (Pagat's main version lets a player holding a matching pair of wild cards "
            "take a rarely discarded wild card; the referee does not judge that case.)",
            f"{P} §Wild Cards, Red Threes and Black Threes",
            "",
        ),
        # -- going out -------------------------------------------------------------------
        rule(
            "going-out.canastas",
            "To go out, a side needs five books: two clean, two dirty and one wild (house "
            "rule: one clean and one dirty). The player going out must have played the hand "
            "and then the foot.",
            f"{P} §Going Out",
            "",
        ),
        rule(
            "going-out.partner",
            "With a partner, the player who wants to go out first asks permission, and the "
            "partner must agree.",
            f"{P} §Going Out",
            "",
        ),
        rule(
            "going-out.one-side",
            "Only one player goes out and the hand ends at once; if the stock runs out first, "
            "the hand ends with no going-out bonus.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "going-out.empty-hand",
            "A player who goes out has no cards left, in hand or foot; a partner's cards "
            "still count against the side.",
            f"{B} §Game objective",
            "",
        ),
        rule(
            "going-out.discard",
            "The last card may be melded or discarded: going out does not need a final discard.",
            f"{B} §Order of play",
            "",
        ),
        rule(
            "going-out.bonus",
            "Going out scores 100.",
            f"{P} §Scoring",
            "",
        ),
        rule(
            "going-out.concealed",
            "There is no going out concealed: a player must play the hand and then the foot, "
            "so nobody goes out in one turn without having melded.",
            f"{B} §Game objective",
            "",
        ),
        rule(
            "going-out.concealed-needs-out",
            "Only the side that went out could have gone out concealed, and this game has no "
            "going out concealed.",
            f"{B} §Game objective",
            "",
        ),
        # -- scoring ---------------------------------------------------------------------
        rule(
            "red-threes.bonus",
            "Each red three laid out scores 100 for its side; there is no extra for having "
            "all of them.",
            f"{P} §Scoring",
            "",
        ),
        rule(
            "red-threes.penalty",
            "Red threes laid out always count for the side, whether or not it has melded or "
            "made a book.",
            f"{P} §Scoring",
            "",
        ),
        rule(
            "red-threes.undeclared",
            "A red three still in a player's hand or foot at the end of the hand costs 100 "
            "(house rule: 500).",
            f"{P} §Scoring",
            "",
        ),
        rule(
            "red-threes.count",
            "Each pack holds two red threes: ten in the five packs of four players, fourteen "
            "in the seven packs of six.",
            f"{P} §Players, Cards",
            "",
        ),
        rule(
            "hand.points",
            "The cards melded count for the side. The cards left in its players' hands, and "
            "in a foot not yet picked up, count against it at their values (a black three "
            "5); enter the hand and the foot together.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "hand.red-threes",
            "A red three is never entered among the cards left: one laid out counts with the "
            "red threes laid out, one still in a hand or foot as a red three left (it costs "
            "100).",
            f"{P} §Scoring",
            "",
        ),
        rule(
            "scoring.rounds",
            "A game is four hands; the side with the highest total after the fourth wins.",
            f"{P} §Minimum Card Count",
            "",
        ),
    ]
}

# pagat §Players, Cards: players + 1 packs of 52 with two jokers each.
PACKS = {2: 3, 3: 4, 4: 5, 6: 7}

HAND_AND_FOOT = CLASSIC._replace(
    id="hand-and-foot",
    name=N_("Hand and Foot"),  # shown translated on pages and sheets
    seed=f"{P}, {B}",
    language="en",
    # pagat §The Deal: the player at the dealer's left begins, play passing clockwise;
    # bga §Order of play: the same.
    play_clockwise=True,
    # pagat §Players, Cards: two to six may play, four or six as partners (two and two, three
    # and three).  BGA allows more (up to 7 alone or 12 in teams); the most published game is
    # four in two partnerships, which the app seats for 4 and 6.  Five players (six packs in
    # some texts) would be five sides alone, which the app does not seat.
    players=(2, 3, 4, 6),
    default_players=4,
    # pagat §Players, Cards: one more pack than players, jokers in (five packs, 270 cards, for
    # four; seven for six).  BGA §Round setup: usually one or two more packs than players;
    # the most published reading is players + 1.
    packs=PACKS,
    # Hand and foot of 11 cards each: the most published size (BGA §Round setup: some say 11,
    # others 13).  pagat §The Deal (Whitnack) deals 13 of each; 11 is the one to print.
    cards_dealt={2: 11, 3: 11, 4: 11, 6: 11},
    # BGA §Order of play (its play.draw rule): a turn draws two cards from the stock
    cards_drawn=2,
    # pagat §Minimum Card Count: a game is four hands, the highest total wins; no target.
    # BGA §Game duration: a number of hands (usually four) or a target score; four it is.
    target_score=0,
    rounds=4,
    # pagat §Card Count Values and bga §Scoring agree on the Canasta values: joker 50, two
    # and ace 20, eight to king 10, four to seven 5.  (Some tables count 4-9 as 5 and 10-K
    # as 10; pagat and BGA do not.)  A black three is worth 5, for or against like any card
    # (BGA's table prints it as -5, a black three being only ever left in hand: the same 5
    # against); other tables use 0, -100 or -300, pagat's 5 is the most published.
    card_points={**CLASSIC.card_points},
    # pagat §Melds and bga §Game objective: three to seven cards of one rank; seven is a
    # finished book (BGA: some houses allow longer ones).
    min_meld_cards=3,
    max_meld_cards=7,
    # Wild cards: fewer than the natural ones, at most three.  The most widely published
    # reading (GOCC, hand8foot, the Bicycle-like pages and most score sheets); BGA §Game
    # objective: usually two or three at most.  pagat (Whitnack) wants twice as many
    # natural cards as wild ones, which the engine cannot say; this reading allows more.
    max_wild=3,
    min_natural=2,
    wilds_fewer_than_naturals=True,
    wild_not_more_than_natural=False,
    # pagat's copies and BGA do not say whether a side may start a second meld of a rank.
    # With books closed at seven and five packs holding twenty of a rank, tables start
    # another book of it (several published house pages say so); one meld per rank would
    # make a second book of kings impossible, so the preset allows it.
    one_meld_per_rank=False,
    # bga §Game objective: melds are cards of one rank; no runs in any reading.
    sequences=False,
    sequence_wilds=False,
    escalas=False,
    # pagat §Wild Cards, Red Threes and Black Threes and bga §Scoring: threes are never
    # melded, black ones not even going out.
    black_threes_when_going_out=False,
    black_three_meld_max=None,
    black_three_meld_wilds=False,
    # pagat §Wild Cards, Red Threes and Black Threes: wild cards may make melds alone, a
    # wild pile is needed to go out; BGA §Game objective: a meld of all wild cards where the
    # house allows it.  Built up like any meld, not laid at once.
    wild_melds=True,
    wild_meld_at_once=False,
    # pagat §Scoring and bga §Scoring: clean pile 500, dirty pile 300, wild pile 1500.
    # (Simpson's 300/100 and tables without a wild book are the minority.)
    canasta_bonus={CanastaKind.NATURAL: 500, CanastaKind.MIXED: 300, CanastaKind.WILD: 1500},
    # Neither book has an extra for a book laid from the hand.
    concealed_canasta_bonus=None,
    hand_canasta_doubles=False,
    escala_bonus=0,
    escala_real_bonus=0,
    canasta_count_bonus={},
    # pagat §Scoring (Whitnack): a red three laid out is +100; bga §Scoring: red 3 = 100.
    # No extra for all of them, and they count plus whatever the side melded: a side needs
    # no book (0 canastas) for its threes to count for it.
    red_three_bonus=100,
    all_red_threes_extra=0,
    red_threes_count_if=RedThreeCondition.CANASTA,
    red_threes_canastas=0,
    red_threes_void_canastas=None,
    # pagat §Scoring (Whitnack): a red three still in hand or foot is -100.  Score sheets
    # mostly print -500 (pagat's Simpson: every red three -500): the house rule red_three_500.
    undeclared_red_three_penalty=100,
    # pagat §Going Out (Whitnack) and bga §Game objective (the usual contract for teams of
    # two): five books, two clean, two dirty, one wild.  The house rule
    # one_clean_one_dirty plays pagat's Simpson contract.
    going_out_canastas={2: 5, 3: 5, 4: 5, 6: 5},
    going_out_kinds={CanastaKind.NATURAL: 2, CanastaKind.MIXED: 2, CanastaKind.WILD: 1},
    going_out_needs_clean_and_dirty=False,
    # bga §Order of play: a player discards only while holding cards: the last card may be
    # melded.  (Simpson requires a final discard; Whitnack and BGA do not.)
    going_out_needs_discard=False,
    # pagat §Scoring and bga §Scoring: going out 100 (200 and 300 are house figures).
    going_out_bonus=100,
    # No going out concealed: a player must play the hand and then the foot (bga §Game
    # objective), so everyone who goes out has melded before.
    concealed_going_out_bonus=None,
    black_three_going_out_bonus={},
    first_pickup_going_out_bonus=None,
    acabar_points=None,
    # The exact-cut bonus (100 for self-dealing exactly 22 cards) belongs to Simpson's
    # self-deal, not to pagat's main version; not scored.
    exact_cut_bonus=None,
    # pagat §Card Count Values: a black three left costs its 5, nothing more.
    black_three_in_hand_penalty=None,
    # Melded cards always count plus, books or not (bga §Scoring: cards played count for
    # the team, cards left in hand and foot against).
    no_canasta_scores_all_negative=False,
    # pagat §Minimum Card Count: 50, 90, 120, 150 by the hand's number, not the score (the
    # most published ladder: rogerdem's composite, GOCC and the Bicycle-like pages too).
    # A question without a hand number gets the first hand's 50, whatever the score.
    opening_by_round=(50, 90, 120, 150),
    negative_minimum=50,
    opening_table=(OpeningStep(0, 50),),
    # pagat §Minimum Card Count: card values only; bonuses and red threes do not count.
    opening_counts_canasta_bonus=False,
    opening_needs_natural_group=False,
    failed_opening_step=0,
    opening_waived_going_out=False,
    # pagat §Wild Cards, Red Threes and Black Threes: the top card is taken only with a
    # matching natural pair, melded at once, and six more cards with it; never by adding it
    # to a meld on the table or with one natural card and a wild one.  A wild card in the
    # pile freezes it as in Canasta (BGA §Taking the discard), which changes nothing here.
    pile_freezing=True,
    red_three_discard_freezes=False,
    pickup_naturals=2,
    crossed_pickup_naturals=2,
    pickup_by_adding=False,
    pickup_onto_canasta=False,
    pickup_natural_and_wild=False,
    # bga §Scoring: a black three on top cannot be taken (the next player's discard covers
    # it), as in Canasta.
    black_three_blocks_all=False,
    black_three_pickup_going_out=False,
    one_card_single_pile=False,
    one_card_no_pickup=False,
    no_pickup_first_round=False,
    # pagat §Going Out (Whitnack): the player going out asks the partner's permission.
    partner_permission="must",
    options=(
        Option(
            "one_clean_one_dirty",
            "Going out needs one clean and one dirty book, not two of each and a wild one.",
            f"{P} §Steve Simpson's Rules",
            False,
            {
                "going_out_canastas": {2: 2, 3: 2, 4: 2, 6: 2},
                "going_out_kinds": {CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1},
            },
            {
                "going_out_canastas": {2: 5, 3: 5, 4: 5, 6: 5},
                "going_out_kinds": {
                    CanastaKind.NATURAL: 2,
                    CanastaKind.MIXED: 2,
                    CanastaKind.WILD: 1,
                },
            },
        ),
        Option(
            "red_three_500",
            "A red three left in a hand or foot costs 500, not 100.",
            f"{P} §Steve Simpson's Rules",
            False,
            {"undeclared_red_three_penalty": 500},
            {"undeclared_red_three_penalty": 100},
        ),
        # Neither pagat nor BGA has a book of sevens: the research finds it in drwingnut's
        # rules (1500) and two score apps (1500 and 1000).  BGA §Game objective leaves the
        # books a contract counts to the house.
        Option(
            "sevens_book",
            "A clean book of sevens scores 1500.",
            f"{B} §Game objective",
            False,
            {
                "canasta_bonus": {
                    CanastaKind.NATURAL: 500,
                    CanastaKind.MIXED: 300,
                    CanastaKind.WILD: 1500,
                    CanastaKind.SEVENS: 1500,
                }
            },
            {
                "canasta_bonus": {
                    CanastaKind.NATURAL: 500,
                    CanastaKind.MIXED: 300,
                    CanastaKind.WILD: 1500,
                }
            },
        ),
    ),
    rules=RULES,
    # pagat §Melds and bga §Game objective call a finished meld a "book" (clean, dirty,
    # wild), and every player holds a hand and then a foot: the pages and sheets say so.
    vocabulary=Vocabulary.BOOKS,
)
