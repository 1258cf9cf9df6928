"""``samba`` and ``bolivia``: three-pack Canasta with sequences, from published rulebooks.

There is no seed text for these two.  Every value cites a published book by the id
:mod:`referee.rules.sources` lists, with its section:

* ``bicycle-samba`` and ``bicycle-bolivia``: the card maker's official rules (Bicycle),
  the main texts.  Bicycle's Samba is "as in Canasta" where it says nothing, and its
  Bolivia is "the same game as Samba" with its changes.
* ``pagat-samba``: John McLeod's pagat.com, for what Bicycle leaves out (card values,
  games of 2, 3 and 6 players) and to name a reading where the books differ.
* ``scarne-bolivia``: Scarne's Encyclopedia of Card Games, Bolivian Canasta, which agrees
  with Bicycle's Bolivia and gives its opening table in full.

Where the books disagree, the value says which reading it follows and why.  The rules'
words are our own: a published book's text is not copied, so no rule has a quote.
"""

from __future__ import annotations

from ..problems import N_
from ..variant import CanastaKind, OpeningStep, RedThreeCondition, Vocabulary
from .classic import CLASSIC, rule

B = "bicycle-samba"
P = "pagat-samba"
BB = "bicycle-bolivia"
SB = "scarne-bolivia"

SAMBA_RULES = {
    r.key: r
    for r in [
        rule(
            "deck.values",
            "Cards count: a joker 50, an ace or a two 20, a king to an eight 10, a seven to a "
            "four and a black three 5.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "deck.composition",
            "Three packs with six jokers: 162 cards, 18 of them wild; no more of a card may "
            "be on the table or in the hands than they hold.",
            f"{B} §The Pack",
            "",
        ),
        rule(
            "deal.order",
            "Fifteen cards each (thirteen with six players); deal and play go clockwise, and "
            "the player at the dealer's left begins. A player draws two cards and discards one.",
            f"{B} §The Deal",
            "",
        ),
        rule(
            "deal.cards",
            "Fifteen cards to each player with two, three or four players; thirteen each with six.",
            f"{P} §Deal",
            "",
        ),
        rule(
            "deal.upcard",
            "After the deal, the next card is turned face up to start the pile.",
            f"{P} §Deal",
            "",
        ),
        rule(
            "deal.stock",
            "The cards not dealt are stacked face down beside the pile: they are the stock.",
            f"{P} §Deal",
            "",
        ),
        rule(
            "play.players",
            "Four play in two partnerships, partners facing each other. Two or three players "
            "each play alone; six play in three partnerships of two, each player with an "
            "opponent on either side.",
            f"{B} §Number of Players; {P} §Players",
            "",
        ),
        rule(
            "play.turn-order",
            "As in Canasta, the player at the dealer's left plays first, and play goes on "
            "clockwise.",
            f"{B} §Number of Players",
            "",
        ),
        rule(
            "play.draw",
            "A turn starts either by drawing the top two cards of the stock or by taking the "
            "pile (see the pile's rules); never by drawing only one.",
            f"{B} §The Deal",
            "",
        ),
        rule(
            "play.discard",
            "Having drawn two, a player ends the turn by discarding one card, so a hand grows "
            "by one card a turn; a player going out need not discard.",
            f"{B} §The Deal",
            "",
        ),
        rule(
            "play.partners",
            "A side's melds belong to the partnership: either partner may add to them.",
            f"{P} §Melds",
            "",
        ),
        rule(
            "scoring.game-end",
            "A game is 10,000: the side that reaches it wins.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "meld.min-cards",
            "A meld is at least three cards: of one rank (a group) or of one suit in order "
            "(a sequence).",
            f"{B} §Sequence Meld",
            "",
        ),
        rule(
            "meld.one-rank",
            "A meld is cards of one rank, or a sequence of one suit; nothing else.",
            f"{B} §Sequence Meld",
            "",
        ),
        rule(
            "meld.sequence",
            "A sequence is three to seven cards of one suit in order, ace high and four low, "
            "without wild cards; at seven it is a samba, a canasta worth 1500.",
            f"{B} §Sequence Meld",
            "",
        ),
        rule(
            "meld.natural-min",
            "A group needs at least two natural cards.",
            f"{B} §Wild Cards",
            "",
        ),
        rule(
            "meld.wild-limit",
            "A group may hold at most two wild cards; a sequence none.",
            f"{B} §Wild Cards",
            "",
        ),
        rule(
            "meld.wild-meld",
            "Wild cards may not be melded on their own.",
            f"{B} §Wild Cards",
            "",
        ),
        rule(
            "meld.one-per-rank",
            "A side may have two melds, even two canastas, of the same rank, and may put "
            "them together at any time.",
            f"{B} §Canastas",
            "",
        ),
        rule(
            "meld.black-threes",
            "Black threes may be melded only by a player going out, three or four of them, "
            "without wild cards, as in Canasta.",
            f"{P} §Melds",
            "",
        ),
        rule(
            "meld.red-threes",
            "Red threes are never melded: they are laid out apart and scored as bonus cards.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "canasta.kinds",
            "A canasta is seven cards: a natural one 500, a mixed one (at most two wild cards) "
            "300, a samba (seven of a suit in order) 1500; the cards count as well.",
            f"{B} §Sequence Meld",
            "",
        ),
        rule(
            "canasta.concealed",
            "Only a canasta of seven or more cards can be laid from the hand in one go; it "
            "scores as any other.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "opening.minimum",
            "A side's first meld needs a minimum by its score: below 0: 15, 0–1495: 50, "
            "1500–2995: 90, 3000–6995: 120, 7000 and more 160.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "opening.canasta-bonus",
            "Only the cards' values count towards the minimum, not canasta bonuses.",
            f"{P} §Melds",
            "",
        ),
        rule(
            "opening.pile-top",
            "To open by taking the pile, a natural pair from the hand must match its top "
            "card; the top card counts towards the minimum, the rest of the pile does not.",
            f"{B} §The Deal",
            "",
        ),
        rule(
            "pile.take",
            "The pile is taken with a natural pair matching its top card, or, when it is not "
            "frozen, by adding the top card to the side's meld that is not yet a canasta; "
            "never with one natural card and a wild one.",
            f"{B} §The Deal",
            "",
        ),
        rule(
            "pile.add-to-meld",
            "When it is not frozen, the top card may go onto the side's group or sequence "
            "that is not yet a canasta; it may not start a sequence, nor join a card from the "
            "hand to extend one, nor go onto a finished canasta.",
            f"{B} §The Deal",
            "",
        ),
        rule(
            "pile.frozen",
            "A wild card or a red three in the pile freezes it, as in Canasta: then only a "
            "natural pair matching the top card takes it.",
            f"{B} §The Deal",
            "",
        ),
        rule(
            "pile.unopened",
            "A side that has not melded takes the pile only with a natural pair matching its "
            "top card.",
            f"{B} §The Deal",
            "",
        ),
        rule(
            "pile.black-three",
            "A black three on the pile stops the next player from taking it, as in Canasta.",
            f"{P} §Melds",
            "",
        ),
        rule(
            "pile.wild-top",
            "Nobody may take the pile while a wild card (or a red three) lies on top.",
            f"{B} §The Deal",
            "",
        ),
        rule(
            "going-out.canastas",
            "A side needs two canastas to go out: natural, mixed or sambas, in any mix.",
            f"{B} §Canastas",
            "",
        ),
        rule(
            "going-out.bonus",
            "Going out scores 200.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "going-out.concealed",
            "Going out concealed earns nothing more than going out: 200.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "going-out.concealed-needs-out",
            "Only the side that went out can have gone out concealed.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "going-out.discard",
            "Going out does not need a final discard.",
            f"{B} §Number of Players",
            "",
        ),
        rule(
            "going-out.empty-hand",
            "A player who goes out has no cards left; the partner's cards still count against "
            "the side.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "going-out.one-side",
            "Only one player goes out; the hand ends at once.",
            f"{B} §Number of Players",
            "",
        ),
        rule(
            "going-out.partner",
            "With a partner, you may ask whether to go out; the answer binds you, as in Canasta.",
            f"{B} §Number of Players",
            "",
        ),
        rule(
            "red-threes.bonus",
            "Each red three scores 100; all six for one side score 1000.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "red-threes.penalty",
            "A side that has not made two canastas by the end of the hand loses what its red "
            "threes would have scored.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "red-threes.count",
            "Three packs hold six red threes.",
            f"{B} §The Pack",
            "",
        ),
        rule(
            "hand.points",
            "The cards left in the hands of a side count against it.",
            f"{B} §Scoring",
            "",
        ),
        rule(
            "hand.red-threes",
            "Red threes are never kept in the hand; count them as red threes laid out.",
            f"{B} §Scoring",
            "",
        ),
    ]
}

SAMBA = CLASSIC._replace(
    id="samba",
    name=N_("Samba"),
    seed=f"{B}, {P}",
    language="en",
    # bicycle-samba §Number of Players: four in two partnerships.  pagat-samba §Players adds
    # two, three (each alone) and six (partners); five players would need three sides of
    # unequal size, which the table of sides here does not have.
    players=(2, 3, 4, 6),
    default_players=4,
    # bicycle-samba §The Pack: three packs and six jokers, 162 cards, for every table
    # (pagat-samba §Cards: the same; no book adds a pack for six players).
    packs={2: 3, 3: 3, 4: 3, 6: 3},
    # bicycle-samba §The Deal: 15 cards; pagat-samba §Deal: 13 each with six players.
    cards_dealt={2: 15, 3: 15, 4: 15, 6: 13},
    # bicycle-samba §The Deal (its play.draw rule): a turn draws the top two cards of the
    # stock, never one (bolivia is "the same game as Samba" there).
    cards_drawn=2,
    # bicycle-samba §Scoring: game is 10,000.
    target_score=10000,
    # pagat-samba §Cards: joker 50, ace and 2 20, K to 8 10, 7 to 4 and the black 3 5 – the
    # Canasta values, to which Bicycle refers.
    card_points={**CLASSIC.card_points},
    min_meld_cards=3,
    max_meld_cards=None,  # bicycle-samba §Canastas: groups grow past seven, as in Canasta
    # bicycle-samba §Wild Cards: "no regular meld may contain more than two wild cards"
    max_wild=2,
    min_natural=2,
    wild_not_more_than_natural=False,  # two naturals and two wild cards are allowed
    # bicycle-samba §Canastas: two canastas of the same rank, combined at any time.
    one_meld_per_rank=False,
    # bicycle-samba §Sequence Meld: three or more of a suit, ace high, four low, up to seven.
    sequences=True,
    sequence_wilds=False,  # §Wild Cards: "no sequence meld may contain any wild card"
    max_sequence_cards=7,
    escalas=False,
    # pagat-samba §Melds: black threes as in Canasta, melded only going out.
    black_threes_when_going_out=True,
    black_three_meld_max=4,
    black_three_meld_wilds=False,
    # bicycle-samba §Wild Cards: "may not be melded separately"
    wild_melds=False,
    wild_meld_at_once=False,
    # bicycle-samba §Sequence Meld: a samba "ranking as a canasta but receiving a bonus of
    # 1,500"; natural 500 and mixed 300 as in Canasta (§Number of Players: "as in Canasta").
    canasta_bonus={CanastaKind.NATURAL: 500, CanastaKind.MIXED: 300, CanastaKind.SEQUENCE: 1500},
    concealed_canasta_bonus=None,
    hand_canasta_doubles=False,
    # bicycle-samba §Scoring: red threes 100 each; all six for one side 1000 = 6 x 100 + 400.
    red_three_bonus=100,
    all_red_threes_extra=400,
    all_red_threes_count=6,
    # bicycle-samba §Scoring (and the Hoyle text on howstuffworks.com): the red threes count
    # minus if the side has not made two canastas.
    red_threes_count_if=RedThreeCondition.CANASTA,
    red_threes_canastas=2,
    # bicycle-samba §Canastas: "A side needs two canastas (mixed, natural, or samba) to go out"
    going_out_canastas={2: 2, 3: 2, 4: 2, 6: 2},
    going_out_needs_discard=False,
    # bicycle-samba §Scoring: "a 200-point bonus for going out. No bonus is awarded for a
    # concealed hand": going out concealed is allowed and scores the same 200.
    going_out_bonus=200,
    concealed_going_out_bonus=200,
    no_canasta_scores_all_negative=False,
    # bicycle-samba §Scoring: 15 below 0; 50 from 0 to 1,495; 90 to 2,995; 120 to 6,995;
    # 160 over 7,000.  pagat's Finnish and Icelandic relatives give 150 at 7,000; Bicycle and
    # the Hoyle text agree on 160, and Bicycle's own Bolivia page "stays at 150" against it.
    negative_minimum=15,
    opening_table=(
        OpeningStep(0, 50),
        OpeningStep(1500, 90),
        OpeningStep(3000, 120),
        OpeningStep(7000, 160),
    ),
    opening_counts_canasta_bonus=False,
    # bicycle-samba §The Deal: the pile is taken with a natural matching pair or, when it is
    # not frozen, by adding the top card to a meld "that is less than a canasta (including a
    # sequence meld)"; never to start a sequence or with a hand card to extend one.  Some
    # Swiss and Finnish tables keep the pile always frozen; Bicycle is the card maker's text.
    pickup_naturals=2,
    crossed_pickup_naturals=2,
    pickup_by_adding=True,
    pickup_onto_canasta=False,
    pickup_onto_sequence=True,
    pickup_natural_and_wild=False,
    options=(),
    rules=SAMBA_RULES,
    # bicycle-samba §Sequence Meld: seven of a suit in order is "a samba".
    vocabulary=Vocabulary.SAMBA,
)

BOLIVIA_RULES = {
    **SAMBA_RULES,
    **{
        r.key: r
        for r in [
            rule(
                "meld.wild-meld",
                "Three to seven wild cards may be melded on their own, jokers and twos mixed; "
                "seven make a bolivia.",
                f"{BB} §Wild Cards",
                "",
            ),
            rule(
                "meld.sequence",
                "A sequence is three to seven cards of one suit in order, ace high and four "
                "low, without wild cards; at seven it is an escalera, a canasta worth 1500.",
                f"{SB} §Sequences",
                "",
            ),
            rule(
                "canasta.kinds",
                "A canasta is seven cards: natural 500, mixed 300, an escalera (seven of a suit "
                "in order) 1500, a bolivia (seven wild cards) 2500; the cards count as well.",
                f"{BB} §Wild Cards",
                "",
            ),
            rule(
                "going-out.canastas",
                "A side needs two canastas to go out, and one of them must be an escalera.",
                f"{BB} §Going Out",
                "",
            ),
            rule(
                "opening.minimum",
                "A side's first meld needs a minimum by its score: below 0: 15, 0–1495: 50, "
                "1500–2995: 90, 3000–6995: 120, 7000 and more 150.",
                f"{BB} §Wild Cards",
                "",
            ),
            rule(
                "pile.wild-top",
                "When a wild card tops the pile, nobody may take it.",
                f"{BB} §Wild Cards",
                "",
            ),
            rule(
                "scoring.game-end",
                "A game is 15,000: the side that reaches it wins.",
                f"{BB} §Game",
                "",
            ),
            rule(
                "hand.points",
                "The cards left in the hands of a side count against it; a black three left "
                "in the hand when another player goes out costs 100.",
                f"{BB} §Black Threes",
                "",
            ),
            rule(
                "meld.black-threes",
                "Black threes may be melded only by a player going out, three or four of "
                "them, at 5 points each.",
                f"{BB} §Black Threes",
                "",
            ),
        ]
    },
}

BOLIVIA = SAMBA._replace(
    id="bolivia",
    name=N_("Bolivia"),
    seed=f"{BB}, {SB}",
    # bicycle-bolivia: "the same game as Samba with the following changes" – so Samba's
    # table, packs and deal.
    # bicycle-bolivia §Game: "Game is 15,000."
    target_score=15000,
    # bicycle-bolivia §Wild Cards: "Three or more wild cards may be melded", no distinction
    # between deuces and jokers; seven of them are a bolivia, 2,500.
    wild_melds=True,
    # bicycle-bolivia §Going Out: the sequence canasta "is called an escalera rather than a
    # samba" (1500, as Samba's samba; scarne-bolivia §Sequences: no wild cards in it).
    canasta_bonus={
        CanastaKind.NATURAL: 500,
        CanastaKind.MIXED: 300,
        CanastaKind.SEQUENCE: 1500,
        CanastaKind.WILD: 2500,
    },
    # bicycle-bolivia §Going Out: "At least one of the two canastas must be a sequence canasta"
    going_out_kinds={CanastaKind.SEQUENCE: 1},
    # bicycle-bolivia §Black Threes: one left in the hand "counts minus 100"; melded going
    # out, 5 each (the card's value, as in Samba's table).
    black_three_in_hand_penalty=100,
    # bicycle-bolivia: "The initial meld requirement stays at 150 from 7,000 points up";
    # scarne-bolivia §Initial Meld gives the whole table.
    opening_table=(
        OpeningStep(0, 50),
        OpeningStep(1500, 90),
        OpeningStep(3000, 120),
        OpeningStep(7000, 150),
    ),
    rules=BOLIVIA_RULES,
    # bicycle-bolivia §Going Out: the sequence canasta "is called an escalera rather than a
    # samba"; §Wild Cards: seven wild cards are "a bolivia".
    vocabulary=Vocabulary.BOLIVIA,
)
