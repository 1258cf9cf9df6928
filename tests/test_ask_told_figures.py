"""Figures a table tells or asks in few words (2026-11-30, issue 44), each the core's own:

- the first meld's minimum at a score ("meld at 3000?", "going down at 3000?", "at 3000 what
  do we need?", "whats the count at 3200": a score told, no card, a question naming the
  opening, a meld or what is needed, and nothing more) is ``Variant.opening_minimum``; a score
  to win, cards told, or a failed attempt where failing raises the minimum are other questions;
- a hand's bonuses told beside what the other side says of them are the side's own to sum;
- a hand's total where its melded cards' points are told as one figure (``score_items``);
- cards caught in hand, listed one by one (``hand_costs``);
- red threes of a side that never went down asked "do they count against us?": their sign.

Written for the tests, as tables say them."""

from __future__ import annotations

import pytest

from referee.ask import ask
from referee.rules import PRESETS


@pytest.mark.parametrize(
    ("question", "score", "lang", "variant"),
    [
        ("meld at 3000?", 3000, "en", "american"),
        ("what's the meld at 3000?", 3000, "en", "american"),
        ("going down at 1200?", 1200, "en", "american"),
        ("at 3000 what do we need?", 3000, "en", "american"),
        ("whats the count at 3200", 3200, "en", "american"),
        ("we're at 4,100, what's our count?", 4100, "en", "american"),
        ("we staan op 3100, hoeveel moeten we uitleggen", 3100, "nl", "classic"),
        ("Wir stehen bei 1600, was brauchen wir?", 1600, "de", "classic"),
    ],
)
def test_the_minimum_at_a_score_asked_in_few_words(question, score, lang, variant):
    ruling = ask(PRESETS[variant], question, lang).ruling
    assert ruling is not None
    assert ruling.figure == PRESETS[variant].opening_minimum(score)
    assert ruling.rules == ("opening.minimum",)


@pytest.mark.parametrize(
    ("question", "variant"),
    [
        ("we're at 3200, how much to win?", "american"),
        ("we're at 3200, can we go out?", "american"),
        ("We have 3200 points. What now?", "american"),
        (
            "we're at 800. I tried to put down 40 and it wasnt enough. whats our minimum now",
            "czech-fast",
        ),
    ],
)
def test_no_minimum_where_the_post_asks_something_else(question, variant):
    ruling = ask(PRESETS[variant], question, "en").ruling
    assert ruling is None or "opening.minimum" not in ruling.rules


def test_a_hand_s_bonuses_told_beside_what_the_other_team_says():
    """ "... the other team says thats wrong": the other side only speaks; the bonuses are the
    side's, summed as the hand form sums them (``hand_bonuses``)."""
    from referee.rules.hand_items import HandItems, score_items
    from referee.rules.variant import CanastaKind

    post = (
        "end of hand question. we had a natural canasta of queens, a dirty canasta of 9s, 2 red "
        "3s down, and my pard went out. not counting the card points, what should our bonuses "
        "add up to? we wrote 1100 and the other team says thats wrong"
    )
    american = PRESETS["american"]
    items = HandItems({CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1}, 2, 0, True, False, True)
    expected = score_items(american, american.default_players, items).total
    ruling = ask(american, post, "en").ruling
    assert ruling is not None
    assert ruling.figure == expected


def test_a_hand_s_total_with_its_melded_cards_points_told():
    """The melded cards' points told as one figure, the items told, the hand empty: the whole
    hand's score as the core scores those items with those points; the figure the hand form
    gives filled in the same."""
    from referee.rules.hand_items import HandItems, score_items
    from referee.rules.variant import CanastaKind

    post = (
        "Our side: a natural canasta of kings, a mixed canasta of nines (five nines, a deuce and "
        "a joker), two red threes, and I went out. Card points in our melds came to 310, "
        "nothing left in partner's hand. I get 1610, she gets 1510. What should our total be "
        "for the hand?"
    )
    american = PRESETS["american"]
    items = HandItems(
        {CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1},
        2,
        0,
        True,
        False,
        True,
        meld_points=310,
        hand_points=0,
    )
    expected = score_items(american, american.default_players, items).total
    ruling = ask(american, post, "en").ruling
    assert ruling is not None
    assert ruling.figure == expected
    assert ruling.form is not None
    assert ruling.form[1]["meld_points"] == "310"
    # the bonuses alone asked: the cards' points left out
    bonuses = post.replace("What should our total be for the hand?", "Just the bonuses?")
    alone = ask(american, bonuses, "en").ruling
    assert alone is None or alone.figure != expected
    # cards left in a hand not counted: no total
    held = post.replace("nothing left in partner's hand", "partner still had cards in her hand")
    kept = ask(american, held, "en").ruling
    assert kept is None or kept.figure != expected


@pytest.mark.parametrize(
    ("post", "cards"),
    [
        (
            "end of hand i got caught with: joker, 2, ace, ace, K, 8, 5 and a black 3. how many "
            "points do i lose?",
            "X 2 A A K 8 5 3s",
        ),
        (
            "I got caught holding: joker, two 2s, an ace, king, king, 8, 5 and a black 3. How "
            "much should that count against us?",
            "X 2 2 A K K 8 5 3s",
        ),
        (
            "I got caught with cards when LHO went out: joker, 2, A, K, 7, 7, 4 and a black 3. "
            "whats my minus?",
            "X 2 A K 7 7 4 3s",
        ),
    ],
)
def test_cards_left_in_hand_listed_one_by_one(post, cards):
    """The cards a player was caught with, listed one by one, cost what the core's
    ``hand_costs`` charges for each (2026-11-30: the thirty-third to thirty-sixth American
    posts' dev halves)."""
    from referee.rules import parse_cards
    from referee.rules.hand import hand_costs

    american = PRESETS["american"]
    costs = hand_costs(american)
    ruling = ask(american, post, "en").ruling
    assert ruling is not None
    assert ruling.figure == sum(costs[card.rank] for card in parse_cards(cards))


def test_red_threes_of_a_side_that_never_went_down_count_against_it():
    """ "Do they count against us if you never went down?" asks the threes' sign, not whether
    they count toward the minimum (the thirty-sixth American posts' dev half)."""
    from referee.rules.hand import threes_sign

    post = (
        "Hand ended, LHO went out, we had 3 red threes on the table but hadnt gone down yet, we "
        "needed 90. Do they count against us if you never went down?"
    )
    american = PRESETS["american"]
    ruling = ask(american, post, "en").ruling
    assert ruling is not None
    assert ruling.verdict is (threes_sign(american, melded=False, canastas=0) < 0)


@pytest.mark.parametrize(
    "question",
    [
        "Can you add a 2 to a finished clean canasta?",
        "Can you add a joker to a canasta that's already closed (natural)?",
        "can I add a king to our finished canasta of kings?",
    ],
)
def test_a_card_added_to_a_canasta_said_finished_is_the_eighth(question):
    """A canasta said finished anywhere in the sentence asking to add to it: a card past its
    seventh, which the American book refuses (``check_card_added``; 2026-11-30)."""
    from referee.rules import Card, Meld, Rank
    from referee.rules.moment_rulings import check_card_added

    american = PRESETS["american"]
    king = Card(Rank.KING)
    core = check_card_added(american, card=king, melds=[Meld((king,) * 7)])
    ruling = ask(american, question, "en").ruling
    assert ruling is not None
    assert ruling.verdict is core.allowed is False


def test_taking_the_pile_onto_a_finished_canasta_stays_the_dead_rank_s_question():
    post = (
        "We already have a closed natural canasta of jacks on the table. LHO throws a jack. I "
        "have two jacks in my hand. Can I pick up the pile and add all three jacks to the "
        "closed canasta?"
    )
    ruling = ask(PRESETS["american"], post, "en").ruling
    assert ruling is not None
    assert "meld.max-cards" not in ruling.rules


@pytest.mark.parametrize(
    ("post", "cards", "claim_denied"),
    [
        (
            "Dirty canasta of 8s: 8-8-8-8-2-2-jkr. my partner says thats too many wilds, max is "
            "2 per meld. i said 3 is fine as long as the 8s are more. is she right?",
            "8 8 8 8 2 2 X",
            True,
        ),
        (
            "I put down four fives, a joker and two deuces. He said that's three wild cards and "
            "I'm only allowed two in a meld. I said it's fine as long as the naturals outnumber "
            "the wilds. Was my meld legal?",
            "5 5 5 5 X 2 2",
            False,
        ),
    ],
)
def test_the_one_meld_a_story_tells_is_ruled_where_its_question_names_no_card(
    post, cards, claim_denied
):
    """ "Was my meld legal?", "is she right?" after one meld told and a claim about it: the
    meld form's ruling on that meld (``check_meld``); the claim's answer the other way round
    where the claim denied it (2026-11-30, the ninth and nineteenth American posts' dev
    halves)."""
    from referee.rules import Meld, parse_cards
    from referee.rules.rulings import check_meld

    american = PRESETS["american"]
    legal = check_meld(american, Meld(parse_cards(cards))).allowed
    ruling = ask(american, post, "en").ruling
    assert ruling is not None
    assert ruling.verdict is ((not legal) if claim_denied else legal)


def test_a_wild_card_that_would_go_on_sevens():
    """ "Can a joker go on my sevens?": a card added to the sevens (cla-laws: never wild)."""
    ruling = ask(PRESETS["american"], "Can a joker go on my sevens?", "en").ruling
    assert ruling is not None
    assert ruling.verdict is False
    assert ruling.rules[0] == "meld.natural-only"


@pytest.mark.parametrize(
    ("question", "variant", "lang"),
    [
        ("How many wild cards can you have in a meld?", "american", "en"),
        ("how many wilds can go in a dirty canasta?", "american", "en"),
        ("how many jokers can you put in a meld", "american", "en"),
        ("How many wild cards can you have in a meld?", "classic", "en"),
        ("Wie viele Joker darf ein Canasta haben?", "classic", "de"),
    ],
)
def test_how_many_wild_cards_a_meld_may_hold(question, variant, lang):
    from referee.rules.moment_rulings import wild_cards_allowed

    core = wild_cards_allowed(PRESETS[variant])
    assert core is not None
    ruling = ask(PRESETS[variant], question, lang).ruling
    assert ruling is not None
    assert ruling.figure == core.points == PRESETS[variant].max_wild
    assert ruling.verdict is None


def test_the_wild_cards_limit_with_the_story_s_meld_rules_that_meld_too():
    from referee.rules import Meld, parse_cards
    from referee.rules.rulings import check_meld

    american = PRESETS["american"]
    post = "How many wild cards are allowed in a single meld? I put down 6 6 2 2 jkr last night."
    ruling = ask(american, post, "en").ruling
    assert ruling is not None
    assert ruling.figure == american.max_wild
    assert ruling.verdict is check_meld(american, Meld(parse_cards("6 6 2 2 X"))).allowed


@pytest.mark.parametrize(
    "question",
    ["how many deuces can you have in your hand?", "can a meld have 3 wild cards?"],
)
def test_no_wild_cards_figure_for_a_hand_or_a_yes_or_no(question):
    ruling = ask(PRESETS["american"], question, "en").ruling
    assert (
        ruling is None
        or ruling.figure != PRESETS["american"].max_wild
        or ruling.verdict is not None
    )


def test_is_that_actually_a_rule_asks_after_the_claim():
    """ "the other side said it didn't count because you need two. Is that actually a rule?":
    the claim's answer, the act's ruling the other way round (the twentieth American posts'
    dev half)."""
    from referee.rules import Card, Meld, Rank
    from referee.rules.rulings import check_going_out

    american = PRESETS["american"]
    post = (
        "Played out last night with one canasta and the other side said it didn't count because "
        "you need two. Is that actually a rule in American canasta?"
    )
    one = [Meld((Card(Rank.KING),) * 7)]
    act = check_going_out(
        american, players=4, melds=one, hand=(Card(Rank.FIVE),), hand_told=False
    ).allowed
    ruling = ask(american, post, "en").ruling
    assert ruling is not None
    assert ruling.verdict is (not act)


@pytest.mark.parametrize(
    "question",
    [
        "Can you throw a 7 on the pile if its your last card and you're going out?",
        "can you discard a 7 to go out?",
    ],
)
def test_a_card_no_limit_touches_discarded_to_go_out(question):
    """A card the discard limits do not touch, asked as the last to go out: the core's
    ``check_discard`` on it alone (the thirty-third American posts' dev half)."""
    from referee.rules import Card, Rank
    from referee.rules.rulings import check_discard

    american = PRESETS["american"]
    seven = Card(Rank.SEVEN)
    core = check_discard(american, card=seven, hand=(seven,))
    ruling = ask(american, question, "en").ruling
    assert ruling is not None
    assert ruling.verdict is core.allowed


@pytest.mark.parametrize(
    ("question", "variant", "kind", "without"),
    [
        ("do you need a natural canasta to go out?", "american", "NATURAL", False),
        ("Do we really need a special canasta to go out?", "american", None, False),
        ("can u go out without a wild card canasta", "american", "WILD", True),
        ("do you need a natural canasta to go out?", "hand-and-foot", "NATURAL", False),
    ],
)
def test_a_kind_of_canasta_going_out_needs(question, variant, kind, without):
    from referee.rules.moment_rulings import check_canasta_kind_needed
    from referee.rules.variant import CanastaKind

    v = PRESETS[variant]
    core = check_canasta_kind_needed(
        v,
        kind=CanastaKind[kind] if kind else None,
        players=v.default_players,
        without=without,
    )
    assert core is not None
    ruling = ask(v, question, "en").ruling
    assert ruling is not None
    assert ruling.verdict is core.allowed
    assert ruling.rules == ("going-out.canastas",)


def test_can_i_go_out_or_do_we_need_a_natural_one_asks_the_going_out():
    post = "we have 2 canastas both dirty. can i go out or do we need a natural one too??"
    ruling = ask(PRESETS["american"], post, "en").ruling
    assert ruling is not None
    assert ruling.verdict is True


@pytest.mark.parametrize(
    ("question", "variant"),
    [
        ("What score wins the game? We've been playing to 5000.", "american"),
        ("What's the official game score in American canasta?", "american"),
        ("How many points wins a game of canasta?", "classic"),
        ("what score is game in modern american? we play to 8500", "american"),
    ],
)
def test_the_score_that_wins_the_game(question, variant):
    """The score a game is played to, asked "what score wins the game?" (the twenty-sixth
    American posts' dev half): the book's own."""
    ruling = ask(PRESETS[variant], question, "en").ruling
    assert ruling is not None
    assert ruling.figure == PRESETS[variant].target_score
    assert ruling.rules == ("scoring.game-end",)


def test_a_card_written_twice_in_a_list_is_two_of_them():
    """ "caught holding a joker, a 2, A A, a king ...": two aces (the thirty-eighth American
    posts' dev half)."""
    from referee.ask.situation import read_situation
    from referee.rules import parse_cards

    post = "I got caught holding a joker, a 2, A A, a king, an 8, a 5 and a black 3."
    assert read_situation(post, "en").hand_listed == list(parse_cards("X 2 A A K 8 5 3s"))
