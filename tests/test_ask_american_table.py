"""The American table's plain situations, ruled by the core (issue 44, 2026-11-29): a canasta
told and then described ("one canasta, a clean one") is one canasta, not two -- going out was
a wrong Yes; a wild card asked onto a meld whose naturals are counted in words ("a meld of 8s
with 5 natural 8s") or written apart from it ("8 8 8 8 8 on the table. Can I add a joker?") is
ruled by the rule of five (``check_wild_card``); one natural and a wild card asked to take the
pile, where the game never lets them, is a No (``check_pickup``).
The questions are written for the tests, as a table at the American game says them."""

from __future__ import annotations

import pytest

from referee.ask import ask
from referee.ask.situation import read_situation
from referee.rules import PRESETS, Card, Meld, Rank
from referee.rules.hand import going_out_points, hand_costs, threes_points, threes_sign
from referee.rules.melds import classify
from referee.rules.variant import CanastaKind


def _ruling(question: str, variant: str = "american", lang: str = "en"):
    return ask(PRESETS[variant], question, lang).ruling


def _ruled(question: str, verdict: bool, rule: str, variant: str = "american") -> None:
    """The question gets ``verdict``, with ``rule`` among the rules that decide it."""
    ruling = _ruling(question, variant)
    assert ruling is not None
    assert ruling.verdict is verdict
    assert rule in ruling.rules


@pytest.mark.parametrize(
    ("question", "canastas"),
    [
        ("We only have one canasta, a clean one. Can my partner go out?", 1),
        ("We have two canastas, a clean one and a dirty one. Can we go out?", 2),
        ("We have a clean canasta and a dirty one. Can we go out?", 2),
        ("We have a canasta of queens and one of kings, can we go out?", 2),
        # told in a table's words (the ninth American posts' dev half, 2026-11-29 evening)
        ("we had both our canastas and I have one card left. can I go out?", 2),
        ("we have a natural in kings and a mixed in 9s, can I go out?", 2),
        ("we only have our clean one, can my partner go out?", 1),
        # ... a kind after a canasta counted describes it: no more canastas
        ("only one book closed on our side, a mixed in 6s. can my partner go out?", 1),
        ("we had both our canastas done, a clean queens and a dirty 9s. can I go out?", 2),
        # ... but counted by kind, each kind is one, listed on too
        ("We have one natural canasta and one mixed. Can we go out?", 2),
        ("We have 2 clean canastas, 1 dirty. Can we go out?", 3),
    ],
)
def test_canastas_told_then_described_are_counted_once(question, canastas):
    from referee.rules import Card, Meld, Rank
    from referee.rules.rulings import check_going_out

    assert read_situation(question, "en").canastas == canastas
    # ... and going out is the going-out form's on so many canastas
    melds = [Meld((Card(rank),) * 7) for rank in (Rank.KING, Rank.QUEEN, Rank.JACK)[:canastas]]
    core = check_going_out(
        PRESETS["american"], players=4, melds=melds, hand=(Card(Rank.FIVE),), hand_told=False
    )
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.verdict is core.allowed


def test_one_canasta_described_is_no_at_the_american_table():
    ruling = _ruling("We only have one canasta, a clean one. Can my partner go out?")
    assert ruling is not None
    assert ruling.verdict is False
    assert "going-out.canastas" in ruling.rules


def test_two_canastas_described_go_out_at_the_american_table():
    ruling = _ruling("We have two canastas, a clean one and a dirty one. Can we go out?")
    assert ruling is not None
    assert ruling.verdict is True


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("We have a meld of 8s with 5 natural 8s. Can I add a joker?", True),
        ("Can I put a 2 on our meld of 9s? It has 4 natural nines. We already opened.", False),
        ("We have 8 8 8 8 8 on the table. Can I add a joker?", True),
        ("Our meld is 9 9 9 9, we opened already. Can I add a 2?", False),
        ("We have K K K 2 on the table, can I add a joker?", False),
    ],
)
def test_a_wild_card_onto_a_meld_told_is_ruled_by_the_rule_of_five(question, verdict):
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.verdict is verdict


@pytest.mark.parametrize(
    "question",
    [
        "Can I pick up the pack with one 7 and a joker?",
        "Can I take the pile with a king and a joker?",
        "Can I take the pile with K 2?",
    ],
)
def test_one_natural_and_a_wild_card_never_take_the_american_pile(question):
    _ruled(question, False, "pile.take")


def test_one_natural_and_a_wild_card_at_the_classic_table_get_no_verdict_untold():
    # whether the pile is frozen and the side has opened decides it there: not told
    ruling = _ruling("Can I take the pile with a king and a joker?", variant="classic")
    assert ruling is None or ruling.verdict is None


@pytest.mark.parametrize("variant", ["american", "samba", "spanish", "czech"])
@pytest.mark.parametrize(
    ("question", "threes", "canastas"),
    [
        ("We had 2 red threes and 2 canastas. What do the red threes count?", 2, 2),
        ("We had 3 red threes and one canasta. How much are they worth?", 3, 1),
        ("We had 4 red 3s and 3 canastas, what do the red threes count?", 4, 3),
    ],
)
def test_red_threes_beside_the_canastas_told_count_with_their_sign(
    variant, question, threes, canastas
):
    preset = PRESETS[variant]
    ruling = _ruling(question, variant=variant)
    assert ruling is not None
    sign = threes_sign(preset, melded=True, canastas=canastas)
    assert ruling.figure == sign * threes_points(preset, threes)


def test_one_canasta_makes_the_american_threes_count_nothing():
    ruling = _ruling("We had 3 red threes and one canasta. How much are they worth?")
    assert ruling is not None
    assert ruling.figure == 0


def test_red_threes_without_canastas_told_keep_their_worth_laid_out():
    ruling = _ruling("How much are 4 red threes worth?")
    assert ruling is not None
    assert ruling.figure == threes_points(PRESETS["american"], 4)


@pytest.mark.parametrize(
    "question",
    [
        "We have one natural canasta and one mixed. Can we go out?",
        "We have one clean canasta and one dirty. Can we go out?",
    ],
)
def test_a_second_canasta_told_by_its_kind_alone_counts(question):
    assert read_situation(question, "en").canastas == 2
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.verdict is True


def test_a_meld_and_a_canasta_are_not_two_canastas():
    ruling = _ruling("We have one canasta and one meld of kings. Can we go out?")
    assert ruling is not None
    assert ruling.verdict is False


def test_a_figure_asked_of_a_meld_gets_no_yes_on_the_meld():
    found = ask(
        PRESETS["american"],
        "If we go out and the other team has a meld of 4 aces, how much do they lose?",
        "en",
    )
    assert found.ruling is None or found.ruling.verdict is None
    assert [a.key for a in found.answers][:1] == ["canasta.unfinished"]


def test_a_meld_asked_whether_legal_keeps_its_yes():
    ruling = _ruling("Can I meld A A A A?")
    assert ruling is not None
    assert ruling.verdict is True


def test_red_threes_counting_nothing_quote_the_rule_of_their_sign():
    ruling = _ruling("We had 3 red threes and one canasta. How much are they worth?")
    assert ruling is not None
    assert ruling.rules == ("red-threes.bonus", "red-threes.penalty")


# Canastas told by rank, a meld left open beside them, and a claim asked "is that right?"
# (the lead's probes of 2026-11-29, afternoon)


@pytest.mark.parametrize(
    "question",
    [
        "We had a canasta of 7s and a dirty canasta of kings. Can we go out?",
        "Is it legal to go out with a canasta of sevens and a canasta of aces?",
    ],
)
def test_canastas_of_ranks_told_go_out_as_the_game_melds_them(question):
    # sevens are never mixed at the American table: the canasta of 7s is a clean one, and two
    # canastas of any kind go out
    _ruled(question, True, "going-out.canastas")


def test_a_kind_told_of_a_rank_the_game_never_melds_so_is_not_read_as_another():
    # "a dirty canasta of 7s" cannot be at the American table: no Yes read from a clean one
    ruling = _ruling("We have a dirty canasta of 7s and a clean canasta of queens. Can we go out?")
    assert ruling is None or ruling.verdict is not True


@pytest.mark.parametrize(
    ("question", "cards"),
    [
        ("We have 2 canastas but still have an unfinished meld of aces. Can we go out?", "A A A"),
        ("We have two canastas and an open meld of 7s. Can my partner go out?", "7 7 7"),
    ],
)
def test_an_unfinished_meld_of_aces_or_sevens_beside_the_canastas_keeps_a_side_in(question, cards):
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.verdict is False
    assert ruling.rules == ("going-out.unfinished",)
    assert cards in ruling.text.render(lambda s: s)
    # the classic game has no such rule: the same side goes out
    classic = _ruling(question, "classic")
    assert classic is not None
    assert classic.verdict is True


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("The other team said you can't go out with two dirty canastas. Is that right?", "en"),
        ("Soupeři tvrdí, že to nejde: jít ven se dvěma smíšenými kanastami. Je to pravda?", "cs"),
        (
            "Die anderen sagten, das geht nicht: mit zwei gemischten Canastas ausmachen. "
            "Stimmt das?",
            "de",
        ),
    ],
)
def test_a_claim_that_something_may_not_be_done_asked_whether_right_is_answered_on_the_claim(
    question, lang
):
    # the act's Yes (the side may go out) is a No to "is that right?", the act's ruling after it
    act = _ruling("Can we go out with two dirty canastas?")
    ruling = _ruling(question, lang=lang)
    assert act is not None
    assert ruling is not None
    assert ruling.verdict is (not act.verdict) is False
    assert ruling.text.template == "That is not right. %(ruling)s"
    assert ruling.rules == act.rules


def test_a_claim_of_too_little_to_open_asked_whether_right_is_answered_on_the_claim():
    question = (
        "We were sitting at 4,950 going into the hand. I went down with Q Q Q jk, 5 5 5 2 and "
        "4 4 4. The other team said I didnt have enough and made me pick it all back up. Were "
        "they right??"
    )
    rules = PRESETS["american"]
    ruling = _ruling(question)
    assert ruling is not None
    # 130 against the minimum at 4,950: short, so they were right
    assert rules.opening_minimum(4950) > 130
    assert ruling.verdict is True
    assert ruling.text.template == "That is right. %(ruling)s"


def test_a_claim_that_something_may_be_done_asked_whether_right_keeps_the_verdict():
    question = "My partner says we can go out with two dirty canastas. Is that right?"
    _ruled(question, True, "going-out.canastas")


def test_the_act_asked_beside_a_claim_keeps_its_verdict():
    question = (
        "The other team said you can't go out with two dirty canastas. "
        "Can we go out with two dirty canastas? Is that right?"
    )
    _ruled(question, True, "going-out.canastas")


@pytest.mark.parametrize(
    ("question", "score"),
    [
        ("We have 5,000 points, what is our meld?", 5000),
        ("What's the opening meld at 7000?", 7000),
        ("What is the meld requirement at 3000?", 3000),
        # "lay down" as the opening; cards told held in a hand are no opening's melds
        ("quick one, how much do we need to lay down when we're at 3,100??", 3100),
        (
            "partner got caught holding 18 cards incl two jokers and a bunch of aces and we "
            "ended up at minus 340. what do we need for our first meld next hand? how much "
            "exactly",
            -340,
        ),
    ],
)
def test_our_meld_at_a_score_is_the_first_melds_minimum_there(question, score):
    variant = PRESETS["american"]
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure == variant.opening_minimum(score)
    assert ruling.rules == ("opening.minimum",)


def test_a_meld_asked_of_no_score_is_still_what_a_meld_is():
    assert ask(PRESETS["american"], "What is a meld?", "en").ruling is None


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Can you take the pile with 2 wild cards?", "en"),
        ("The pile is frozen. Can I pick up the pack with two jokers?", "en"),
        ("Můžu vzít balíček se dvěma žolíky?", "cs"),
        ("Darf ich den Stapel mit zwei Jokern nehmen?", "de"),
        ("¿Puedo tomar el pozo con dos comodines?", "es"),
    ],
)
def test_wild_cards_alone_never_take_the_american_pile(question, lang):
    ruling = _ruling(question, lang=lang)
    assert ruling is not None
    assert ruling.verdict is False
    assert ruling.rules == ("pile.take",)


def test_wild_cards_alone_at_a_table_where_a_meld_takes_the_pile_get_no_verdict():
    # the classic game's side with a meld of the top card's rank takes an unfrozen pile
    ruling = _ruling("Can you take the pile with 2 wild cards?", "classic")
    assert ruling is None or ruling.verdict is None


@pytest.mark.parametrize(
    "question",
    [
        "My turn card was a joker so I got the bonus. Can I pick up the pile now?",
        "We had the turn card, a joker. Can I take the pile?",
    ],
)
def test_a_joker_told_in_the_story_is_not_the_hand_asked(question):
    ruling = _ruling(question)
    assert ruling is None or "pile.take" not in ruling.rules


def test_bonus_cards_told_in_the_story_are_not_what_the_pile_question_asks():
    ruling = _ruling("My turn card was a joker so I got the bonus. Can I pick up the pile now?")
    assert ruling is None or "play.turn-card" not in ruling.rules


def test_bonus_cards_asked_after_the_story_keep_their_ruling():
    ruling = _ruling("I went down after the turn card. Do I still get my bonus cards?")
    assert ruling is not None
    assert ruling.verdict is False
    assert ruling.rules == ("play.turn-card",)


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("What are red threes worth?", "en"),
        ("What do red threes count?", "en"),
        ("Kolik bodů jsou červené trojky?", "cs"),
        ("Hoeveel zijn rode drieën waard?", "nl"),
        ("Ile są warte czerwone trójki?", "pl"),
        ("Wie viel ist ein roter Dreier wert?", "de"),
    ],
)
def test_red_threes_named_and_not_counted_are_each_ones_worth(question, lang):
    for variant in ("classic", "american"):
        ruling = _ruling(question, variant, lang)
        assert ruling is not None
        assert ruling.figure == threes_points(PRESETS[variant], 1)
        assert ruling.rules == ("red-threes.bonus",)


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("What are all the red threes worth?", "en"),
        ("What do you get if you have all the red 3's?", "en"),
        ("Kolik bodů jsou všechny červené trojky?", "cs"),
    ],
)
def test_all_the_red_threes_are_all_of_the_games_red_threes(question, lang):
    for variant in ("classic", "american", "samba"):
        rules = PRESETS[variant]
        ruling = _ruling(question, variant, lang)
        assert ruling is not None
        assert ruling.figure == threes_points(rules, rules.all_red_threes_count)


def test_red_threes_without_a_canasta_keep_no_figure():
    # the sign is the question where the side has no canasta
    ruling = _ruling("We have no canasta. What are red threes worth?")
    assert ruling is None or ruling.figure is None


@pytest.mark.parametrize(
    ("question", "figure"),
    [
        ("Is a sevens canasta 2500?", "sevens"),
        ("Is a dirty canasta 300?", "mixed"),
    ],
)
def test_a_canastas_worth_asked_as_yes_or_no_gets_its_figure(question, figure):
    variant = PRESETS["american"]
    ruling = _ruling(question)
    assert ruling is not None
    bonus = {kind.name.lower(): points for kind, points in variant.canasta_bonus.items()}
    assert ruling.figure == bonus[figure]


def test_an_opening_asked_as_yes_or_no_on_a_number_stays_the_opening():
    ruling = _ruling("Is 120 enough to open at 1500?")
    assert ruling is not None
    assert ruling.verdict is False
    assert ruling.rules == ("opening.minimum",)


@pytest.mark.parametrize("variant", ["american", "classic"])
def test_going_out_asked_its_worth_is_the_bonus_the_score_adds(variant):
    ruling = _ruling("How much is going out worth?", variant)
    assert ruling is not None
    assert ruling.figure == going_out_points(PRESETS[variant], went_out=True, concealed=False)


def test_a_special_hands_worth_after_a_story_of_going_out_is_not_going_outs():
    ruling = _ruling(
        "My aunt says you can go out on the first turn with a special hand. "
        "What are they and what do they count?"
    )
    assert ruling is None or "going-out.bonus" not in ruling.rules


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Can I go out without asking my partner?", "en"),
        ("My partner went out without asking me. Is that legal?", "en"),
        ("Můžu jít ven bez zeptání partnera?", "cs"),
        ("¿Puedo cerrar sin preguntar a mi compañero?", "es"),
        ("Darf ich ausgehen, ohne meinen Partner zu fragen?", "de"),
        ("Mag ik uitgaan zonder het aan mijn partner te vragen?", "nl"),
        ("Můžu jít ven bez ptaní partnera?", "cs"),
    ],
)
def test_going_out_without_asking_is_yes_where_asking_is_not_required(question, lang):
    from referee.rules.moment_rulings import check_partner_permission

    for variant in ("american", "hand-and-foot"):
        rules = PRESETS[variant]
        core = check_partner_permission(
            rules, players=rules.default_players, question="without_asking"
        )
        ruling = _ruling(question, variant, lang)
        assert ruling is not None
        assert ruling.verdict is core.allowed
        assert ruling.rules == ("going-out.partner",)
    # the American book: asking is allowed, not required; Hand and Foot's: required
    assert _ruling(question, "american", lang).verdict is True
    assert _ruling(question, "hand-and-foot", lang).verdict is False


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("My partner said no when I asked to go out. Can I still go out?", "en"),
        ("I asked my partner and she said no. Can I go out anyway?", "en"),
        # the partner's no told without the asking: the answer asked for
        ("My partner said no, can I still go out?", "en"),
        ("Mein Partner hat nein gesagt, darf ich trotzdem ausgehen?", "de"),
        ("Mijn partner zei nee, mag ik dan toch uitgaan?", "nl"),
        ("Partner řekl ne, můžu přesto jít ven?", "cs"),
        ("Mi compañero me dijo que no, ¿puedo cerrar igual?", "es"),
        ("Partner powiedział nie, czy mogę mimo to wyjść?", "pl"),
    ],
)
def test_going_out_after_the_partners_no_is_no(question, lang):
    ruling = _ruling(question, "american", lang)
    assert ruling is not None
    assert ruling.verdict is False
    assert ruling.rules == ("going-out.partner",)


@pytest.mark.parametrize(
    "question",
    [
        # "why" asks no yes or no
        'She went out without asking. "Why didn\'t you ask your partner if you can go out?"',
        # the answer binds the turn it is given: a later turn is another question
        "My partner said no. Can I still go out next turn?",
    ],
)
def test_the_partners_permission_asked_otherwise_gets_no_verdict(question):
    ruling = _ruling(question)
    assert ruling is None or ruling.verdict is None


@pytest.mark.parametrize(
    "question",
    [
        "Can I play a 7 on the discard pile if we have a sevens meld?",
        "Can I add a king to a kings meld?",
    ],
)
def test_a_melds_article_before_a_ranks_plural_counts_no_card(question):
    # "a sevens meld" is a meld of sevens, not one more seven beside the one asked about
    assert len([c for g in read_situation(question, "en").groups for c in g]) == 1
    ruling = _ruling(question)
    assert ruling is None or "meld.min-cards" not in ruling.rules


def test_canastas_named_by_a_ranks_plural_after_an_article_go_out():
    _ruled("I have a 7s canasta and a kings canasta. Can we go out?", True, "going-out.canastas")


def test_a_melds_legality_asked_after_an_opening_told_is_the_melds():
    from referee.rules.cards import parse_cards
    from referee.rules.melds import Meld
    from referee.rules.rulings import check_meld

    question = (
        "last night I put down A A jk as part of our opening, we were at 1,200 so it was with "
        "some other stuff, and my cousin said aces can't have wilds at all. is A A jk a legal "
        "meld in the american game or did we play it wrong"
    )
    ruling = _ruling(question)
    assert ruling is not None
    core = check_meld(PRESETS["american"], Meld(parse_cards("A A X")))
    assert ruling.verdict is core.allowed is True


def test_a_red_threes_worth_asked_before_its_sign_is_its_worth():
    rules = PRESETS["american"]
    # the sign asked second: the worth asked first is answered
    ruling = _ruling("how many points for a red three? and is it minus if you never laid down")
    assert ruling is not None
    assert ruling.figure == threes_points(rules, 1)
    # the side's canastas told first: the sign is part of the figure
    ruling = _ruling("We have no canasta. How much is a red three worth?")
    assert ruling is not None
    assert ruling.figure == threes_sign(rules, melded=True, canastas=0) * threes_points(rules, 1)
    assert ruling.figure < 0


def test_a_colour_before_the_numeral_is_one_card():
    # "black three on top", no article: the pile's top card, which nobody takes
    question = (
        "black three on top of the pile and I've got 2 black threes sitting in my hand. "
        "can I grab the pile?"
    )
    s = read_situation(question, "en")
    assert s.top is not None
    assert s.top.rank.value == "3"
    assert not s.top.is_red_three
    _ruled(question, False, "pile.black-three")


@pytest.mark.parametrize(
    ("question", "concealed"),
    [
        ("we went out, not concealed. how much is the going out bonus?", False),
        (
            "it depends on if you were concealed which she wasnt. how much is the going out bonus?",
            False,
        ),
        ("we went out concealed. how much is the going out bonus?", True),
    ],
)
def test_going_out_concealed_or_not_is_told_with_its_negation(question, concealed):
    rules = PRESETS["classic"]  # where going out concealed scores more
    ruling = _ruling(question, "classic")
    assert ruling is not None
    assert ruling.figure == going_out_points(rules, went_out=True, concealed=concealed)


def test_going_outs_worth_asked_after_the_canastas_cards_is_its_bonus():
    question = (
        "partner went out last hand, we had 3 canastas down (a clean one of 9s, dirty jacks, "
        "and a dirty one of 4s), she melded everything. how much is the going out bonus?"
    )
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure == going_out_points(PRESETS["american"], went_out=True, concealed=False)


@pytest.mark.parametrize("variant", ["american", "classic"])
def test_black_threes_named_asked_whether_they_meld_get_the_meld_forms_answer(variant):
    from referee.rules import Card, Meld, Rank, Suit
    from referee.rules.rulings import check_meld

    rules = PRESETS[variant]
    meld = Meld((Card(Rank.THREE, Suit.SPADES),) * 3)
    core = {check_meld(rules, meld, going_out=out).allowed for out in (False, True)}
    ruling = _ruling("can u meld black threes? MIL says never", variant)
    # ... asked as "can they be melded": a claim of going out, whose game melds them never
    claim = _ruling("My partner says black threes can only be melded when you go out.", variant)
    assert variant != "american" or (claim is not None and claim.verdict is False)
    if len(core) == 1:  # the American game: never, going out or not
        assert ruling is not None
        assert ruling.verdict is core.pop()
    else:  # the classic game: only going out, which the post does not tell
        assert ruling is None or ruling.verdict is None
    assert variant != "american" or ruling.verdict is False


@pytest.mark.parametrize(
    "question",
    [
        "what does a game of american canasta go to?",
        "we've always played to 5,000 like my mom did. what does a game go to?",
    ],
)
def test_the_score_a_game_goes_to_is_the_ledgers_target(question):
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure == PRESETS["american"].target_score


def test_a_card_past_a_closed_canasta_is_the_meld_forms_no():
    from referee.rules import Card, Meld, Rank
    from referee.rules.rulings import check_meld

    question = (
        "we closed a clean canasta of 5s, then partner kept adding 5s to it. the other side "
        "said once its closed you cant keep piling on. can you keep adding natural cards to a "
        "canasta once it has 7?"
    )
    ruling = _ruling(question)
    core = check_meld(PRESETS["american"], Meld((Card(Rank.FIVE),) * 8))
    assert ruling is not None
    assert ruling.verdict is core.allowed is False
    assert ruling.form == ("meld", {"cards": "5 5 5 5 5 5 5 5"})


@pytest.mark.parametrize(
    ("question", "cards"),
    [
        (
            "We ended up with a canasta of nothing but wild cards, four deuces and three "
            "jokers. We gave ourselves 1,000 for it. What is a canasta like that worth?",
            "2 2 2 2 X X X",
        ),
        (
            "My partner and I finished a canasta of aces, seven aces and no wild cards at all. "
            "What bonus does that get us?",
            "A A A A A A A",
        ),
        # "the bonus" of a canasta told, not the bonus cards
        (
            "Finished a canasta of seven natural aces tonight! What's the bonus for it?",
            "A A A A A A A",
        ),
    ],
)
def test_a_canasta_told_card_by_card_is_worth_its_kinds_bonus(question, cards):
    from referee.rules.cards import parse_cards
    from referee.rules.melds import Meld, classify

    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure == classify(PRESETS["american"], Meld(parse_cards(cards))).bonus
    assert ruling.form == ("meld", {"cards": cards})


def test_the_pile_bought_is_the_pile_taken():
    ruling = _ruling("Can you buy the pile with one natural queen and a joker, queen on top?")
    taken = _ruling("Can you take the pile with one natural queen and a joker, queen on top?")
    assert ruling is not None
    assert taken is not None
    assert ruling.verdict is taken.verdict is False


def test_going_out_with_a_special_hand_told_in_the_story_is_the_cores():
    from referee.rules.moment_rulings import check_special_hand

    question = (
        "Somebody told me there are special hands where you lay down everything at once. I had "
        "seven pairs (4 4, 6 6, 9 9, J J, Q Q, K K, A A) and a 5 to discard. I hadn't melded "
        "anything yet this hand. Can I lay the pairs down and go out with that?"
    )
    core = check_special_hand(PRESETS["american"], side_melded=False, right_after_partner=False)
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.verdict is core.allowed is True


def test_a_claim_of_what_one_needs_asked_whether_right_is_answered_on_the_claim():
    question = (
        "Left-hand opponent threw a joker on the pile. My partner claims that from now on you "
        "need a natural pair matching the top card to take it. I thought you can take it with "
        "one card and a wild. Is she right?"
    )
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.verdict is True
    assert ruling.text.template == "That is right. %(ruling)s"


def test_a_figure_claimed_keeps_the_claims_own_verdict():
    # "she said you need 120": the minimum claimed is weighed itself, never turned
    rules = PRESETS["classic"]
    ruling = _ruling("She said you need 120 to open at 3000. Is that right?", "classic")
    assert ruling is not None
    assert ruling.verdict is (rules.opening_minimum(3000) == 120)
    assert ruling.text.template != "That is right. %(ruling)s"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Which playing cards hold up best when you shuffle five or six decks together?", "en"),
        ("what brand of cards do you use for canasta?", "en"),
        ("Welche Spielkarten halten am längsten?", "de"),
        ("¿Qué marca de cartas usáis para la canasta?", "es"),
    ],
)
def test_which_cards_to_buy_gets_no_rule(question, lang):
    found = ask(PRESETS["american"], question, lang)
    assert [a.key for a in found.answers] == []
    assert found.ruling is None or found.ruling.verdict is None


def test_the_asking_sides_score_told_among_a_score_sheets_is_the_one_ruled_at():
    question = (
        "Here's our sheet from tonight so far. Hand 1: us 1,240 / them 560. Hand 2: us 2,105 / "
        "them 890. Hand 3: us -310 / them 1,970. So we're at 3,035 and they're at 3,420. My "
        "partner thinks we still need 90 to open next hand. What's the real number for us?"
    )
    rules = PRESETS["american"]
    assert read_situation(question, "en").score == 3035
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure == rules.opening_minimum(3035)


def test_a_nine_and_a_ten_in_words_are_cards():
    from referee.rules import Rank

    question = (
        "They went out and caught me holding a joker, a deuce, an ace, two kings, a nine and a "
        "four. How much comes off our score for the cards left in our hands?"
    )
    costs = hand_costs(PRESETS["american"])
    held = [Rank.JOKER, Rank.TWO, Rank.ACE, Rank.KING, Rank.KING, Rank.NINE, Rank.FOUR]
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure == sum(costs[rank] for rank in held)
    # ... but a nine before a noun counts it: no card
    assert read_situation("we were dealt a nine card hand", "en").groups == []


@pytest.mark.parametrize(
    ("question", "meld", "card"),
    [
        (
            "K-K-K-2-Jkr on the table. Can I add another 2 or is that too many wild cards?",
            "K K K 2 X",
            "2",
        ),
        ("We have K K K K on the table. Can I add a joker?", "K K K K", "X"),
        ("We have K K K on the table. Can I add a K?", "K K K", "K"),
    ],
)
def test_a_card_added_to_the_meld_told_is_the_cores(question, meld, card):
    from referee.rules.cards import parse_cards
    from referee.rules.melds import Meld
    from referee.rules.moment_rulings import check_card_added
    from referee.rules.rulings import check_wild_card

    rules, told, added = PRESETS["american"], Meld(parse_cards(meld)), parse_cards(card)[0]
    if added.is_wild:
        core = check_wild_card(rules, meld=told, opening=False)
    else:
        core = check_card_added(rules, card=added, melds=[told])
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.verdict is core.allowed
    assert ruling.rules == (core.rule,)


@pytest.mark.parametrize(
    "question",
    [
        "we have 3 x 7s down. if we never finish the 7s what does it cost us?",
        "if we don't finish our 7 7 7 what does it cost us?",
    ],
)
def test_a_meld_never_finished_costs_its_unfinished_penalty(question):
    from referee.rules.cards import parse_cards
    from referee.rules.melds import Meld, classify

    # "3 x 7s": a count written as a product; "never finish": unfinished, no going out
    assert read_situation(question, "en").groups == [parse_cards("7 7 7")]
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure == classify(PRESETS["american"], Meld(parse_cards("7 7 7"))).penalty


@pytest.mark.parametrize("variant", ["american", "classic"])
def test_must_the_last_card_be_a_discard_is_the_cores(variant):
    from referee.rules.moment_rulings import check_last_discard

    core = check_last_discard(PRESETS[variant])
    ruling = _ruling("Does the last card have to be a discard?", variant)
    assert ruling is not None
    assert ruling.verdict is core.allowed
    assert ruling.rules == ("going-out.discard",)


@pytest.mark.parametrize("variant", ["american", "classic"])
@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("can you go out without discarding?", "en"),
        ("I melded all my cards and had nothing left to discard. Is that a legal go out?", "en"),
        ("We have 3 canastas. I played off all my cards, no discard. Are we out?", "en"),
        ("Darf man ausmachen, ohne abzuwerfen?", "de"),
        ("¿Se puede cerrar sin descartar?", "es"),
    ],
)
def test_going_out_with_no_card_to_discard_is_the_cores(question, lang, variant):
    """Going out by melding every card, asked the other way round from "must the last card be
    a discard?": the core's answer for the table's book (american: No; classic: Yes)."""
    from referee.rules.moment_rulings import check_meld_every_card

    core = check_meld_every_card(PRESETS[variant])
    ruling = _ruling(question, variant, lang)
    assert ruling is not None
    assert ruling.verdict is core.allowed
    assert ruling.rules == ("going-out.discard",)


def test_a_told_discard_after_melding_is_no_going_out_without_one():
    """ "She melded everything and threw her last card": a discard told, so the no-discard
    question is not the one asked (the fifth American posts' dev half)."""
    ruling = _ruling(
        "we had 3 canastas down, she melded everything and threw her last card. how much is "
        "the going out bonus?"
    )
    assert ruling is not None
    assert ruling.figure == PRESETS["american"].going_out_bonus


# -- the eighth American posts' dev half (2026-11-29 evening) ---------------------------------


@pytest.mark.parametrize(
    ("question", "variant", "allowed"),
    [
        ("can I go out by throwing a black 3?", "american", False),
        ("can I go out by throwing a joker?", "american", True),
        ("can I go out by throwing a black 3?", "classic", True),
    ],
)
def test_going_out_on_a_discard_told_is_the_discard_forms(question, variant, allowed):
    from referee.rules import Card, Rank, Suit
    from referee.rules.rulings import check_discard

    card = Card(Rank.THREE, Suit.SPADES) if "3" in question else Card(Rank.JOKER)
    core = check_discard(PRESETS[variant], card=card, hand=(card,))
    assert core.allowed is allowed
    ruling = _ruling(question, variant)
    if allowed and variant == "classic":
        # a black three may be discarded at the classic table: nothing restricts it, and
        # whether the side may go out is its canastas', untold
        assert ruling is None or ruling.verdict is not False
        return
    assert ruling is not None
    assert ruling.verdict is allowed
    assert ruling.rules == (core.rule,)


def test_a_card_named_again_after_the_is_the_same_card():
    question = (
        "hand ended and I was stuck holding a joker, two kings and a black three, the other "
        "team went out on me. how many points do I lose? partner said joker is 50 but the black "
        "three counts 100 against you if its left in your hand. that right?"
    )
    from referee.rules import Rank

    threes = [c for g in read_situation(question, "en").groups for c in g if c.rank is Rank.THREE]
    assert len(threes) == 1
    costs = hand_costs(PRESETS["american"])
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure == costs[Rank.JOKER] + 2 * costs[Rank.KING] + costs[Rank.THREE]
    # ... but three aces held with their penalty asked are the held penalty's, not 20 each
    held = (
        "Got stuck holding 3 aces when they went out. What's the penalty for aces left in your "
        "hand? One lady says 1500, another says its just 20 each like normal."
    )
    ruling = _ruling(held)
    assert ruling is None or ruling.figure != 3 * costs[Rank.ACE]


@pytest.mark.parametrize(
    ("question", "variant", "lang"),
    [
        ("do red threes count toward the opening meld points?", "american", "en"),
        ("can I count my red threes toward the 90 I need to go down?", "classic", "en"),
        ("počítají se červené trojky do prvního vyložení?", "classic", "cs"),
        ("zählen rote Dreien zur ersten Meldung?", "german", "de"),
        ("¿cuentan los treses rojos para la primera bajada?", "classic", "es"),
        ("tellen rode drieën mee voor de eerste melding?", "dutch", "nl"),
    ],
)
def test_red_threes_toward_the_opening_are_the_cores_no(question, variant, lang):
    from referee.rules.moment_rulings import check_red_threes_toward_opening

    core = check_red_threes_toward_opening(PRESETS[variant])
    assert core is not None
    ruling = ask(PRESETS[variant], question, lang).ruling
    assert ruling is not None
    assert ruling.verdict is False
    assert ruling.rules == (core.rule,)
    assert ruling.figure is None  # no red three's worth in its place


def test_red_threes_toward_the_opening_where_the_book_is_silent():
    from referee.ask import SILENT

    ruling = ask(
        PRESETS["polish"], "czy liczą się czerwone trójki do pierwszego wyłożenia?", "pl"
    ).ruling
    assert ruling is not None
    assert ruling.text.template == SILENT


@pytest.mark.parametrize(
    "question",
    ["whats a wild card canasta worth? all 2s and jokers", "what is a wild canasta worth?"],
)
def test_a_wild_canasta_of_an_untold_mix_names_each_mixs_bonus(question):
    from referee.rules import parse_cards
    from referee.rules.melds import Meld, classify

    rules = PRESETS["american"]
    bonuses = [
        classify(rules, Meld(parse_cards(cards))).bonus
        for cards in ("2 2 2 2 X X X", "X X X X 2 2 2", "2 2 2 2 2 2 2")
    ]
    assert len(set(bonuses)) == 3  # the American game scores each mix its own
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure is None
    assert all(str(bonus) in ruling.text.render() for bonus in bonuses)
    # ... told, the mix has its one figure
    told = _ruling("what's a wild canasta with 3 jokers worth?")
    assert told is not None
    assert told.figure == bonuses[0]


def test_a_claim_asked_last_after_the_act_is_answered_on_the_claim():
    from referee.rules import Card, Rank, Suit
    from referee.rules.rulings import check_discard

    act = "can I go out by throwing the black 3?"
    claim = "my neighbor Barb says a black three can't be your last discard. is that right?"
    three = Card(Rank.THREE, Suit.SPADES)
    core = check_discard(PRESETS["american"], card=three, hand=(three,))
    assert core.allowed is False
    alone = _ruling(act)
    assert alone is not None
    assert alone.verdict is False
    ruling = _ruling(f"we had both our canastas. {act} {claim}")
    assert ruling is not None
    assert ruling.verdict is True  # Barb is right ...
    assert ruling.text.template == "That is right. %(ruling)s"
    assert ruling.text.params["ruling"] == alone.text  # ... for the act's reason
    # the claim asked first, the act last: the act's answer
    last = _ruling(f"Barb says a black three can't be your last discard, is that right? {act}")
    assert last is not None
    assert last.verdict is False


# -- the ninth American posts' dev half (2026-11-29 evening) ----------------------------------


def _card(symbol: str):
    from referee.rules import Card

    return Card.from_symbol(symbol)


def _canastas_of(count: int):
    from referee.rules import parse_cards
    from referee.rules.melds import Meld

    return [Meld(parse_cards(f"{r} {r} {r} {r} {r} {r} {r}")) for r in "KQJ"[:count]]


def test_the_partners_yes_makes_another_players_no_no_partners_no():
    question = (
        'we had a natural in 10s and a mixed in jacks down. i asked her "partner may i go out" '
        "she said yes so i melded everything and threw my last card. Then Carol across the "
        "table says no you cant. who's right??"
    )
    situation = read_situation(question, "en")
    assert "partner_no" not in situation.moments
    assert situation.canastas == 2
    ruling = _ruling(question)
    # never the partner's no ("a player who asked the partner and heard no must play on")
    assert ruling is None or ruling.verdict is not False
    assert "partner_no" in read_situation("I asked my partner and she said no.", "en").moments


def test_a_claim_of_an_unfinished_meld_asked_as_a_real_rule_is_answered_on_the_claim():
    from referee.rules import parse_cards
    from referee.rules.melds import Meld
    from referee.rules.rulings import check_going_out

    question = (
        "we had both our canastas done, a clean queens and a dirty 9s, plus three sevens "
        "sitting on the table (7-7-7) not finished yet. i had melded down to one card and "
        "wanted to discard and go out. Opponents said you can't go out while your sevens are "
        "still open on the table. is that a real rule"
    )
    melds = [Meld(parse_cards("7 7 7")), *_canastas_of(2)]
    core = check_going_out(PRESETS["american"], players=4, melds=melds, hand=(_card("5"),))
    assert (core.allowed, core.rule) == (False, "going-out.unfinished")
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.verdict is True  # the opponents are right ...
    assert ruling.text.template == "That is right. %(ruling)s"
    assert ruling.rules == ("going-out.unfinished",)  # ... for the core's reason


@pytest.mark.parametrize(
    ("question", "right"),
    [
        # a must: the claim that doing otherwise is not allowed is right where it holds
        (
            "do you HAVE to discard to go out? my partner melded every single card in her "
            "hand, and the other team said thats not allowed. is that right?",
            True,
        ),
        # a may: turned
        (
            "I went out without asking my partner and the other team said you can't do that. "
            "Is that right?",
            False,
        ),
    ],
)
def test_a_claim_against_a_must_keeps_the_musts_verdict(question, right):
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.verdict is right
    assert ruling.text.template == (
        "That is right. %(ruling)s" if right else "That is not right. %(ruling)s"
    )


def test_a_black_three_as_the_last_discard_is_the_discard_forms_no():
    ruling = _ruling("going out w/ a black 3 as my last discard, legal??")
    assert ruling is not None
    assert (ruling.verdict, ruling.rules) == (False, ("play.discard-limits",))


def test_where_to_get_cards_is_off_the_rules():
    found = ask(
        PRESETS["american"],
        "anyone know where to get those big print canasta cards w/ the point values on them?",
        "en",
    )
    assert [a.key for a in found.answers] == []


@pytest.mark.parametrize(
    ("question", "partners"),
    [
        ("I asked my partner and she said no. Can I still go out?", True),
        ("I asked my partner. She said no. Can I still go out?", True),
        ("Can I go out if my partner said no?", True),
        # a no told away from the partner is someone else's
        ("We have two canastas. The lady across the table said no. Can I go out?", False),
    ],
)
def test_a_no_is_the_partners_only_told_beside_the_partner(question, partners):
    assert ("partner_no" in read_situation(question, "en").moments) is partners
    ruling = _ruling(question)
    assert ruling is not None
    if partners:  # the answer binds: the core's after-no
        assert (ruling.verdict, ruling.rules) == (False, ("going-out.partner",))
    else:  # two canastas go out
        assert (ruling.verdict, ruling.rules) == (True, ("going-out.canastas",))


def test_canastas_counted_by_kind_alone_are_the_sides_canastas():
    question = "we only have one clean canasta, can I go out?"
    situation = read_situation(question, "en")
    assert situation.kinds == {"natural_canasta": 1}
    assert situation.canastas == 1
    ruling = _ruling(question)
    assert ruling is not None
    assert (ruling.verdict, ruling.rules) == (False, ("going-out.canastas",))


def test_the_cards_of_a_condition_claimed_are_not_the_hand():
    from referee.rules import Meld, parse_cards
    from referee.rules.rulings import check_pickup

    story = (
        "the top of the pile was a queen. I had one queen and a joker in my hand and wanted "
        "to pick it up. The hostess said no, you have to hold two natural queens, period."
    )
    assert read_situation(story, "en").groups == [tuple(parse_cards("Q X"))]
    core = check_pickup(
        PRESETS["american"],
        top=parse_cards("Q")[0],
        frozen=False,
        stopped=False,
        hand=parse_cards("Q X"),
        melds=[Meld(parse_cards("K K K"))],  # refused before the first meld too
    )
    assert core.allowed is False
    ruling = _ruling(f"{story} Was she right?")
    assert ruling is not None
    assert ruling.verdict is True  # she said no: she was right ...
    assert ruling.text.template == "That is right. %(ruling)s"
    assert ruling.rules == (core.rule,)  # ... for the core's reason


@pytest.mark.parametrize(
    ("question", "meld"),
    [
        ("can you put one deuce in a meld of sevens?", "7 7 7"),
        # asked of a claim, the sentence before the question naming no moment ruled on
        (
            "He says you can put one deuce in a meld of sevens as long as it's only one. I say "
            "sevens have to be pure. Is he right?",
            "7 7 7",
        ),
        # after the opening told: the rule of five, not the opening's wild card
        (
            "Me and partner opened with 5-5-5 three turns ago, just naturals. Now I have a "
            "deuce and want to add it to the 5s. Can I?",
            "5 5 5",
        ),
    ],
)
def test_a_wild_card_added_is_the_wild_card_forms_no(question, meld):
    from referee.rules import Meld, parse_cards
    from referee.rules.rulings import check_wild_card

    core = check_wild_card(PRESETS["american"], meld=Meld(parse_cards(meld)), opening=False)
    assert core.allowed is False
    ruling = _ruling(question)
    assert ruling is not None
    assert (ruling.verdict, ruling.rules) == (False, (core.rule,))


# -- the tenth American posts' dev half (2026-11-29 evening) ----------------------------------


def test_cards_added_to_a_completed_canasta_are_the_card_added_forms_no():
    from referee.rules import Card, Meld, Rank, parse_cards
    from referee.rules.moment_rulings import check_card_added

    question = (
        "When a canasta has been completed, may one continue to add cards to it? My bridge "
        "friend Marjorie insists that once it is closed nothing more may be added, but I "
        "recall adding extra kings to finished canastas for many years."
    )
    core = check_card_added(
        PRESETS["american"], card=Card(Rank.KING), melds=[Meld(parse_cards("K K K K K K K"))]
    )
    assert core.allowed is False
    ruling = _ruling(question)
    assert ruling is not None  # "my bridge friend" names a person, not another game's table
    assert (ruling.verdict, ruling.rules) == (False, (core.rule,))


def test_a_wild_card_named_on_the_discard_pile_is_its_top():
    from referee.rules.rulings import check_pickup

    question = "Wild card on the discard pile - can the next person pick it up?"
    situation = read_situation(question, "en")
    assert situation.top is not None
    assert situation.top.is_wild
    for variant in ("american", "classic"):
        core = check_pickup(
            PRESETS[variant], top=situation.top, frozen=False, stopped=False, hand=(), melds=[]
        )
        ruling = _ruling(question, variant)
        assert ruling is not None
        assert (
            (ruling.verdict, ruling.rules)
            == (core.allowed, (core.rule,))
            == (
                False,
                ("pile.wild-top",),
            )
        )


@pytest.mark.parametrize("variant", ["american", "classic", "hand-and-foot"])
def test_going_out_concealed_asked_of_the_game_is_the_cores(variant):
    from referee.rules.moment_rulings import check_concealed_going_out

    core = check_concealed_going_out(PRESETS[variant])
    ruling = _ruling("Is going out concealed still a thing in the modern game?", variant)
    assert ruling is not None
    assert (ruling.verdict, ruling.rules) == (core.allowed, (core.rule,))
    # its worth asked is the figure, as before; what it is, or a partner told, rules nothing
    for other in (
        "how much is going out concealed worth?",
        "what is going out concealed?",
        "can I go out concealed if my partner has already melded?",
    ):
        found = _ruling(other, variant)
        assert found is None or found.verdict is None, other


# -- the eleventh and twelfth American posts' dev halves (2026-11-29 night) -------------------


@pytest.mark.parametrize(
    ("variant", "question", "lang"),
    [
        (
            "american",
            "How many canastas do u need to go out? we always played 2 natural 2 mixed",
            "en",
        ),
        ("classic", "how many canastas are needed to go out?", "en"),
        ("american", "Kolik kanast je potřeba k ukončení?", "cs"),
    ],
)
def test_the_canastas_going_out_needs_asked_is_the_fewest_the_going_out_form_passes(
    variant, question, lang
):
    from referee.rules import Card, Meld, Rank
    from referee.rules.rulings import check_going_out

    rules = PRESETS[variant]
    ruling = _ruling(question, variant, lang)
    assert ruling is not None
    assert ruling.verdict is None
    assert ruling.rules == ("going-out.canastas",)

    def passes(n):
        canastas = [Meld((Card(r),) * 7) for r in (Rank.KING, Rank.QUEEN, Rank.JACK)[:n]]
        return check_going_out(
            rules, players=rules.default_players, melds=canastas, hand=(Card(Rank.FIVE),)
        ).allowed

    assert passes(ruling.figure)
    assert not passes(ruling.figure - 1)


@pytest.mark.parametrize(
    "question",
    [
        "What's the going out bonus in American canasta? Old Hoyle book says 100, my friend "
        "says its 200 now",
        "whats the bonus for going out",
    ],
)
def test_the_going_out_bonus_asked_with_what_is_the_figure_the_score_adds(question):
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure == going_out_points(PRESETS["american"], went_out=True)


def test_the_count_on_a_card_is_its_value():
    from referee.rules import Rank

    ruling = _ruling("Whats the count on an ace? 15 or 20? arguing with my brother again")
    assert ruling is not None
    assert ruling.figure == PRESETS["american"].card_points[Rank.ACE]


def test_a_rule_book_and_a_bridge_club_are_no_canasta_and_no_other_game():
    """ "bridge club-turned-canasta club", "I don't have my rule book with me": the minimum
    claimed before them is the question, at the score told."""
    ruling = _ruling(
        "Bit of a debate at bridge club-turned-canasta club lol. Our score was 5,050. Someone "
        "said we need 120 to open, someone else said 90 until you hit 6000. I don't have my "
        "rule book with me. Which is it?"
    )
    assert ruling is not None
    assert ruling.figure == PRESETS["american"].opening_minimum(5050)


def test_the_pile_used_toward_the_opening_is_the_pile_counts_ruling():
    from referee.rules.moment_rulings import check_pile_counts

    ruling = _ruling(
        "my opponent picked up the pile with A A and an ace on top. she hadnt opened yet. can "
        "she use cards from the pile to make her opening count??"
    )
    assert ruling is not None
    assert ruling.verdict is check_pile_counts(PRESETS["american"], top=False).allowed


@pytest.mark.parametrize(
    ("question", "cards"),
    [
        # "3 of them": a count of the cards told (the eleventh American posts' dev half)
        (
            "My partner laid down J J 2 2 joker, five cards, 3 of them wild. Is that legal?",
            "J J 2 2 X",
        ),
        # a meld written twice, a limit in words (the sixteenth's)
        (
            "My partner laid down J J J J 2 2 joker and said that's a canasta. Other side said "
            "you can't have more than two wilds in it. Is JJJJ22+joker a legit canasta?",
            "J J J J 2 2 X",
        ),
        # "as": the Spanish ace's singular, never after a count of two (the seventeenth's)
        (
            "Laid down 5 5 5 5 jkr jkr 2 as a new meld, seven cards, so a canasta right away?",
            "5 5 5 5 X X 2",
        ),
    ],
)
def test_the_one_meld_a_post_tells_gets_the_meld_forms_answer(question, cards):
    """No count, limit, repetition or conjunction of the post adds or takes a card."""
    from referee.rules import Meld, parse_cards
    from referee.rules.rulings import check_meld

    read = read_situation(question, "en")
    assert read.groups == [parse_cards(cards)]
    assert read.singles == []
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.verdict is check_meld(PRESETS["american"], Meld(parse_cards(cards))).allowed


@pytest.mark.parametrize("wild", ["a deuce", "a joker"])
def test_a_wild_card_added_to_a_closed_canasta_is_the_wild_cards_ruling(wild):
    from referee.rules import Card, Meld, Rank
    from referee.rules.rulings import check_wild_card

    rules = PRESETS["american"]
    closed = Meld((Card(Rank.KING),) * rules.max_meld_cards)
    ruling = _ruling(f"Can you add {wild} to a closed clean canasta?")
    assert ruling is not None
    assert ruling.verdict is check_wild_card(rules, meld=closed, opening=False).allowed


def test_a_legal_out_asks_going_out():
    """ "Is that a legal out?": going out asked as a noun (with no card left to discard)."""
    from referee.rules.moment_rulings import check_meld_every_card

    ruling = _ruling(
        "We had 2 clean and 2 dirty canastas down. My husband melded his last three cards, "
        "8 8 8, and had nothing left to discard. Is that a legal out?"
    )
    assert ruling is not None
    assert ruling.verdict is check_meld_every_card(PRESETS["american"]).allowed


def test_a_worth_claimed_and_the_card_named_again_are_no_more_cards_left():
    """ "2 jokers and a black 3 in her hand ... I said 100 for the jokers and 5 for the 3": the
    hand is X X and the black three, as `referee score` counts them left in hand."""
    from referee.rules import Card, Rank, Suit

    question = (
        "At the end of the hand my partner was stuck with 2 jokers and a black 3 in her hand "
        "when the other team went out. How many points does that cost us? I said 100 for the "
        "jokers and 5 for the 3 but she thinks black threes are minus 100 if caught"
    )
    assert read_situation(question, "en").singles == []
    ruling = _ruling(question)
    assert ruling is not None
    costs = hand_costs(PRESETS["american"])
    held = [Card(Rank.JOKER), Card(Rank.JOKER), Card(Rank.THREE, Suit.SPADES)]
    assert ruling.figure == sum(costs[card.rank] for card in held)


@pytest.mark.parametrize(
    ("question", "score", "melds"),
    [
        # "5 each": a worth, not a card (the eighth American posts' dev half)
        (
            "Opening question. Score was 1,600 us 2,050 them. I put down A A A (60) and 5 5 5 "
            "jkr, 5s are 5 each right? so 15 plus 50 for the joker. total 125. we needed 90 so "
            "fine?? table said jokers don't count for the opening. now I'm confused",
            1600,
            ["A A A", "5 5 5 X"],
        ),
        # "like 6 rounds": a story's count, not a card (the twelfth's)
        (
            "We were at 4,600 and it's been like 6 rounds of nobody being able to get down. I "
            "finally had a natural canasta right in my hand - seven jacks. My partner said a "
            "whole canasta from your hand lets you go down no matter the count. True?",
            4600,
            ["J J J J J J J"],
        ),
    ],
)
def test_an_opening_told_with_numbers_that_are_no_cards_is_ruled_at_the_score(
    question, score, melds
):
    from referee.rules import Meld, check_opening, parse_cards

    assert read_situation(question, "en").singles == []
    core = check_opening(PRESETS["american"], score, [Meld(parse_cards(m)) for m in melds])
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.verdict is core.allowed
    assert ruling.figure == core.points


# -- the thirteenth American posts' dev half (2026-11-29 night) -------------------------------


def test_a_word_that_only_stresses_leaves_the_question_as_asked():
    """ "What do you actually get for going out?": the going out bonus, as "what do you get"."""
    ruling = _ruling(
        "Partner went out this hand. We had one natural canasta (kings) and one mixed canasta "
        "(6s). What do you actually get for going out?"
    )
    assert ruling is not None
    assert ruling.verdict is None
    assert ruling.figure == going_out_points(PRESETS["american"], went_out=True)


def test_a_wild_card_canasta_names_its_kind_and_no_card():
    """ "a wild card canasta, 4 jokers and 3 twos": seven cards, scored as the core scores
    that canasta."""
    from referee.rules import Meld, classify, parse_cards
    from referee.rules.melds import canasta_bonus

    question = (
        "We finished a wild card canasta, 4 jokers and 3 twos. My partner wrote 3000 on the "
        "sheet. How much is it worth?"
    )
    assert read_situation(question, "en").groups == [parse_cards("X X X X 2 2 2")]
    ruling = _ruling(question)
    assert ruling is not None
    canasta = classify(PRESETS["american"], Meld(parse_cards("X X X X 2 2 2"))).canasta
    assert ruling.figure == canasta_bonus(PRESETS["american"], canasta)


@pytest.mark.parametrize("variant", ["american", "classic"])
def test_a_meld_told_on_the_table_is_no_card_in_hand(variant):
    """ "I had ONE 9 in my hand, but we already had 9 9 9 jkr on the table": the pickup form's
    answer on one nine in hand and that meld on the table."""
    from referee.rules import Card, Meld, Rank, parse_cards
    from referee.rules.rulings import check_pickup

    rules = PRESETS[variant]
    ruling = _ruling(
        "LHO discarded a 9. I had ONE 9 in my hand, but we already had 9 9 9 jkr on the "
        "table. Could I take the pile?",
        variant,
    )
    assert ruling is not None
    core = check_pickup(
        rules,
        top=Card(Rank.NINE),
        frozen=False,
        stopped=False,
        hand=(Card(Rank.NINE),),
        melds=[Meld(parse_cards("9 9 9 X"))],
        going_out=False,
    )
    assert ruling.verdict is core.allowed


# -- the fourteenth American posts' dev half (2026-11-29 night) -------------------------------


def test_a_canastas_worth_counting_the_cards_too_is_its_bonus_and_its_cards():
    from referee.rules import Meld, classify, parse_cards

    info = classify(PRESETS["american"], Meld(parse_cards("8 8 8 8 8 X 2")))
    ruling = _ruling(
        "mixed canasta of 8s on the table at the end: five 8s, a joker and a deuce. what's it "
        "worth counting the cards too?"
    )
    assert ruling is not None
    assert ruling.figure == info.bonus + info.points
    alone = _ruling("what is a canasta of 8 8 8 8 8 X 2 worth?")
    assert alone is not None
    assert alone.figure == info.bonus


# -- the fifteenth American posts' dev half (2026-11-29 night) --------------------------------


def test_a_meld_on_the_table_told_with_its_wild_card_is_no_card_in_hand():
    from referee.rules import Card, Meld, Rank, parse_cards
    from referee.rules.rulings import check_pickup

    question = (
        "KK + jkr on the table already, K on top of pile, I have one K in hand. can I pick up "
        "by adding to the meld on the table??"
    )
    assert read_situation(question, "en").on_table == [parse_cards("K K")]
    ruling = _ruling(question)
    assert ruling is not None
    core = check_pickup(
        PRESETS["american"],
        top=Card(Rank.KING),
        frozen=False,
        stopped=False,
        hand=(Card(Rank.KING),),
        melds=[Meld(parse_cards("K K X"))],
        going_out=False,
    )
    assert ruling.verdict is core.allowed


@pytest.mark.parametrize("score", [1495, 3200])
def test_which_of_two_minimums_at_a_score_is_the_minimum_there(score):
    ruling = _ruling(f"we're at {score} do we need 50 or 90")
    assert ruling is not None
    assert ruling.figure == PRESETS["american"].opening_minimum(score)


def test_a_count_told_again_is_the_same_cards():
    """ "a natural canasta of 8s, seven eights ... seven 8s is only 70": seven eights."""
    from referee.rules import parse_cards

    question = (
        "she opened with a natural canasta of 8s, seven eights, nothing else. The other couple "
        "said seven 8s is only 70 points in cards. Were they right?"
    )
    assert read_situation(question, "en").groups == [parse_cards("8 8 8 8 8 8 8")]


def test_a_claim_that_an_opening_is_not_enough_is_answered_on_the_claim():
    """ "they said it isn't enough. were they right?": right where the opening falls short."""
    from referee.rules import Meld, check_opening, parse_cards

    ruling = _ruling(
        "we are at 4000 and opened with 7 8s. they said it isn't enough. were they right?"
    )
    assert ruling is not None
    eights = Meld(parse_cards("8 8 8 8 8 8 8"))
    assert ruling.verdict is (not check_opening(PRESETS["american"], 4000, [eights]).allowed)


# -- the sixteenth American posts' dev half (2026-11-29 night) --------------------------------


def test_a_canastas_worth_asked_with_its_legality_is_the_told_canastas():
    from referee.rules import Meld, classify, parse_cards

    ruling = _ruling(
        "Our aces book was five aces plus a joker and a deuce, so a dirty aces canasta I "
        "guess? Is that allowed, and if it is what's it worth?"
    )
    assert ruling is not None
    info = classify(PRESETS["american"], Meld(parse_cards("A A A A A X 2")))
    assert ruling.figure == info.bonus


def test_red_threes_with_no_canasta_cost_what_the_scoring_takes():
    rules = PRESETS["american"]
    ruling = _ruling(
        "We had all four red threes on the table and no canasta. How many points do the threes "
        "cost us?"
    )
    assert ruling is not None
    assert threes_sign(rules, melded=True, canastas=0) == -1
    assert ruling.figure == threes_points(rules, 4)


# -- the seventeenth American posts' dev half (2026-11-29 night) ------------------------------


def test_the_other_sides_minimum_is_at_their_score():
    rules = PRESETS["american"]
    theirs = _ruling(
        "They have 5k and we have 3,200. How many points do THEY need for their first meld now?"
    )
    ours = _ruling("we have 3200 and they have 5000. how much do we need to open?")
    assert theirs is not None
    assert ours is not None
    assert theirs.figure == rules.opening_minimum(5000)
    assert ours.figure == rules.opening_minimum(3200)


def test_which_of_two_minimums_asked_with_is_it():
    ruling = _ruling("first meld when you're at exactly 1500, is it 50 or 90?")
    assert ruling is not None
    assert ruling.figure == PRESETS["american"].opening_minimum(1500)


def test_the_threes_total_asked_beside_the_canastas_is_the_threes():
    rules = PRESETS["american"]
    ruling = _ruling(
        "At the end of the hand my partner and I had all four red threes between us, and we had "
        "gone down fine and made two canastas. Do we get 100 each or is there a bigger bonus for "
        "all four? What's the total for the threes?"
    )
    assert ruling is not None
    assert ruling.figure == threes_sign(rules, melded=True, canastas=2) * threes_points(rules, 4)


def test_cards_named_again_in_the_question_and_a_rank_meld_are_no_more_cards():
    """ "Jean had one queen and a joker in her hand, and we already had a queen meld down ...
    Can she take it with one queen and a joker?": one queen and one joker in hand."""
    from referee.rules import Card, Rank

    question = (
        "Top discard was a queen. Jean had one queen and a joker in her hand, and we already had "
        "a queen meld down on the table. Can she take it with one queen and a joker?"
    )
    cards = [c for g in read_situation(question, "en").groups for c in g]
    assert sorted(c.rank.value for c in cards) == sorted([Rank.QUEEN.value, Rank.JOKER.value])
    assert read_situation(question, "en").top == Card(Rank.QUEEN)


def test_caught_holding_cards_asks_what_they_cost():
    ruling = _ruling(
        "Got caught when they went out. I was holding a joker, two aces, a 2 and a king. How "
        "many points come off our score for that?"
    )
    from referee.rules import Rank

    costs = hand_costs(PRESETS["american"])
    held = [Rank.JOKER, Rank.ACE, Rank.ACE, Rank.TWO, Rank.KING]
    assert ruling is not None
    assert ruling.figure == sum(costs[rank] for rank in held)


# -- the eighteenth American posts' dev half (2026-11-29 night) -------------------------------


def test_asking_the_partner_asked_of_the_rules_alone_is_the_partner_ruling():
    from referee.rules.moment_rulings import check_partner_permission

    ruling = _ruling(
        'At our table we always ask "partner, may I go out?" before going out. My new partner '
        "just went out without asking. Is asking actually required in the rules or just good "
        "manners?"
    )
    core = check_partner_permission(PRESETS["american"], players=4, question="must_ask")
    assert ruling is not None
    assert core is not None
    assert ruling.verdict is core.allowed


def test_was_i_out_asks_going_out_with_no_card_to_discard():
    from referee.rules.moment_rulings import check_meld_every_card

    ruling = _ruling(
        "Partner and I had two canastas down, one clean and one dirty. I had three cards left: K "
        "K and a joker. I melded K K joker as a new book and had nothing left to discard. "
        "Opponents said you must discard to go out and made me take it back. Thoughts? Was I out?"
    )
    assert ruling is not None
    assert ruling.verdict is check_meld_every_card(PRESETS["american"]).allowed


def test_can_a_sevens_canasta_have_a_wild_in_it_is_the_wild_cards_ruling():
    from referee.rules import Card, Meld, Rank
    from referee.rules.rulings import check_wild_card

    ruling = _ruling("7s canasta can it have a wild in it??")
    sevens = Meld((Card(Rank.SEVEN),) * 3)
    assert ruling is not None
    assert (
        ruling.verdict is check_wild_card(PRESETS["american"], meld=sevens, opening=False).allowed
    )


def test_worths_listed_are_no_ranks_held():
    from referee.rules import Rank

    ruling = _ruling(
        "jokers 50, deuces 20, aces 20... what's a black three worth left in your hand?"
    )
    assert ruling is not None
    assert ruling.figure == hand_costs(PRESETS["american"])[Rank.THREE]


def test_a_canastas_rank_is_no_top_card():
    """ "a dirty canasta of fives ... discarded his last one": no five on the pile; the going
    out form's answer on the two canastas told."""
    question = (
        "We had one natural canasta of queens and one dirty canasta of fives, plus three jacks on "
        "the table. He melded his last cards, discarded his last one and said he was out. Was he "
        "allowed to go out?"
    )
    from referee.rules import Card, Meld, Rank
    from referee.rules.rulings import check_going_out

    assert read_situation(question, "en").top is None
    ruling = _ruling(question)
    assert ruling is not None
    canastas = [
        Meld((Card(Rank.QUEEN),) * 7),
        Meld((Card(Rank.FIVE),) * 6 + (Card(Rank.TWO),)),
    ]
    core = check_going_out(
        PRESETS["american"], players=4, melds=canastas, hand=(Card(Rank.FIVE),), hand_told=False
    )
    assert ruling.verdict is core.allowed
    assert ruling.rules == ("going-out.canastas",)


def test_a_meld_told_in_words_on_the_table_and_cards_told_again_are_kept_apart():
    """ "one natural 9 and a joker in my hand, and we already had a book of four nines on the
    table ... with just one nine and a joker": one nine and a joker in hand, four on the
    table."""
    from referee.rules import Card, Meld, Rank
    from referee.rules.rulings import check_pickup

    question = (
        "Top of the pile was the 9 of hearts. I had one natural 9 and a joker in my hand, and we "
        "already had a book of four nines on the table. My brother in law said I couldn't pick "
        "up the pack with just one nine and a joker even though we had nines down. Thoughts?"
    )
    read = read_situation(question, "en")
    assert read.on_table == [(Card(Rank.NINE),) * 4]
    ruling = _ruling(question)
    assert ruling is not None
    core = check_pickup(
        PRESETS["american"],
        top=Card(Rank.NINE),
        frozen=False,
        stopped=False,
        hand=(Card(Rank.NINE), Card(Rank.JOKER)),
        melds=[Meld((Card(Rank.NINE),) * 4)],
        going_out=False,
    )
    assert ruling.verdict is core.allowed


# -- the twentieth American posts' dev half (2026-11-29 night) --------------------------------


def test_a_sum_told_is_no_score():
    """ "That's 110 by my count": the melds' count, not the side's score."""
    read = read_situation(
        "First meld question. Can I open with 5 5 2 joker plus 3 kings? That's 110 by my count.",
        "en",
    )
    assert read.score is None
    assert read.points == [110]


def test_enough_asked_after_the_melds_told_is_the_opening():
    from referee.rules import Meld, check_opening, parse_cards

    ruling = _ruling("we have 2000 and i put down K K K and A A A. enough?")
    assert ruling is not None
    melds = [Meld(parse_cards("K K K")), Meld(parse_cards("A A A"))]
    assert ruling.verdict is check_opening(PRESETS["american"], 2000, melds).allowed
    assert ruling.rules == ("opening.minimum",)


def test_cards_not_held_and_a_meld_sitting_on_the_table_are_no_hand():
    """ "we have four jacks sitting on the table ... I don't have a single jack in my hand"."""
    from referee.rules import Card, Meld, Rank
    from referee.rules.rulings import check_pickup

    question = (
        "Our side has already melded, and we have four jacks sitting on the table. The top card "
        "of the pack is a jack, and I don't have a single jack in my hand. Can I take the pack?"
    )
    read = read_situation(question, "en")
    assert read.on_table == [(Card(Rank.JACK),) * 4]
    assert read.groups == read.on_table
    ruling = _ruling(question)
    assert ruling is not None
    core = check_pickup(
        PRESETS["american"],
        top=Card(Rank.JACK),
        frozen=False,
        stopped=False,
        hand=(),
        melds=[Meld((Card(Rank.JACK),) * 4)],
        going_out=False,
    )
    assert ruling.verdict is core.allowed


def test_meld_out_asks_going_out():
    from referee.rules import Meld, parse_cards
    from referee.rules.rulings import check_going_out

    ruling = _ruling(
        "We have two books down, both of them partner's. I'm holding 3 aces and one other card. "
        "Can I meld out even though I never made a book myself?"
    )
    assert ruling is not None
    canastas = [Meld(parse_cards("K K K K K K K")), Meld(parse_cards("Q Q Q Q Q Q Q"))]
    aces = Meld(parse_cards("A A A"))
    core = check_going_out(PRESETS["american"], players=4, melds=[*canastas, aces], hand=())
    assert ruling.verdict is core.allowed
    assert ruling.rules == (core.rule,)


# -- the nineteenth American posts' dev half (2026-11-29 night) -------------------------------


@pytest.mark.parametrize(
    ("variant", "question", "melded", "canastas"),
    [
        (
            "american",
            "Sorry beginner here - do red threes count against you if your team never goes down?",
            False,
            0,
        ),
        ("american", "do red threes count against you if you have no canasta?", True, 0),
        ("classic", "do red threes count against you if you never go down?", False, 0),
    ],
)
def test_whether_red_threes_count_against_a_side_is_the_scorings_sign(
    variant, question, melded, canastas
):
    ruling = _ruling(question, variant)
    assert ruling is not None
    assert ruling.figure is None
    assert ruling.verdict is (threes_sign(PRESETS[variant], melded, canastas) < 0)


@pytest.mark.parametrize(
    ("variant", "question"),
    [
        # where melding decides, a side with no canasta may have melded or not
        ("classic", "do red threes count against you if you have no canasta?"),
        # either or: no yes or no answers it
        ("american", "We never got to go down. Do we get the 100 for the red three or lose 100?"),
    ],
)
def test_red_threes_against_a_side_undecided_or_either_or_get_no_verdict(variant, question):
    ruling = _ruling(question, variant)
    assert ruling is None or ruling.verdict is None


def test_a_minimum_claimed_at_a_score_told_with_a_meld_named_is_the_openings():
    rules = PRESETS["american"]
    question = (
        "We're sitting at about 5 grand (5,020 on the sheet). Bev says we need 120 to lay down, "
        "I thought 90. Is Bev right?"
    )
    assert read_situation(question, "en").singles == []
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure == rules.opening_minimum(5020)
    assert ruling.verdict is (rules.opening_minimum(5020) == 120)


def test_cards_summed_up_again_are_no_more_cards():
    from referee.rules import parse_cards

    read = read_situation(
        "I put down four fives, a joker and two deuces. He said that's three wild cards and I'm "
        "only allowed two in a meld. Was my meld legal?",
        "en",
    )
    assert read.groups == [parse_cards("5 5 5 5 X 2 2")]


def test_a_figure_the_sentence_asks_is_given_whatever_cards_the_story_tells():
    """2026-11-29 late: a canasta's worth asked in the question sentence, the story telling
    a deuce and a joker of its own -- the figure of the kind asked, as `referee score` gives
    a canasta of that kind."""
    variant = PRESETS["american"]
    question = (
        "He swears every canasta is 500 no matter what. I say the ones with a deuce or joker "
        "in them are worth less. What does a mixed canasta actually score?"
    )
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure == variant.canasta_bonus[CanastaKind.MIXED]
    assert ruling.verdict is None


def test_a_story_asked_a_yes_or_no_is_not_ruled_on_its_last_sentence_alone():
    """The sentence alone may give a figure, never a Yes or No the story might decide."""
    question = (
        "We had two clean canastas, a dirty one and three red threes. He discarded his last "
        "card. Was he allowed to go out?"
    )
    ruling = _ruling(question)
    assert ruling is None or ruling.verdict is not None or ruling.figure is None


@pytest.mark.parametrize(
    "asked", ["Sevens canasta - whats the bonus?", "whats a sevens canasta worth?"]
)
def test_a_canasta_named_by_its_rank_alone_scores_as_the_core_scores_it(asked):
    """Sevens make only a natural canasta in the American game: its rank alone says its
    worth, the bonus named or not."""
    variant = PRESETS["american"]
    ruling = _ruling(asked)
    assert ruling is not None
    assert ruling.figure == classify(variant, Meld((Card(Rank.SEVEN),) * 7)).bonus


@pytest.mark.parametrize(("variant", "count"), [("american", 3), ("classic", 2), ("american", 2)])
def test_threes_counted_after_they_are_named_are_costed_together(variant, count):
    """ "black threes ... stuck with three of them in my hand": the count told after the rank
    is theirs; what they cost is the core's cost of so many black threes in hand."""
    word = {2: "two", 3: "three"}[count]
    question = (
        "What do black threes count at the end? I got stuck with "
        f"{word} of them in my hand. How many points is that against me?"
    )
    ruling = _ruling(question, variant)
    assert ruling is not None
    assert ruling.figure == count * hand_costs(PRESETS[variant])[Rank.THREE]


def test_wild_cards_counted_then_told_again_by_kind_are_one_canasta():
    """ "Seven wild cards in one canasta, four jokers and three deuces": seven cards, not
    fourteen -- the canasta the core scores as four jokers and three twos."""
    variant = PRESETS["american"]
    ruling = _ruling(
        "Seven wild cards in one canasta, four jokers and three deuces. What's that canasta worth?"
    )
    cards = (Card(Rank.JOKER),) * 4 + (Card(Rank.TWO),) * 3
    assert ruling is not None
    assert ruling.figure == classify(variant, Meld(cards)).bonus


def test_be_out_is_going_out():
    ruling = _ruling("Can I meld 4-4-joker and be out without discarding anything?")
    assert ruling is not None
    # the American game needs a last discard: melding every card is no way out
    assert PRESETS["american"].going_out_needs_discard
    assert ruling.verdict is False


OPPONENTS_MELD = {
    "en": "Can I add a card to my opponents' meld?",
    "cs": "Můžu přiložit kartu k soupeřovu vyložení?",
    "de": "Darf man beim Gegner anlegen?",
    "es": "¿Puedo añadir una carta al juego del otro equipo?",
    "nl": "Mag ik aanleggen bij de tegenpartij?",
    "pl": "Czy mogę dołożyć kartę do układu przeciwnika?",
}


@pytest.mark.parametrize("lang", sorted(OPPONENTS_MELD))
@pytest.mark.parametrize("variant", ["american", "classic", "german"])
def test_a_card_on_the_other_sides_meld_is_the_cores_no(variant, lang):
    """2026-11-29 late: laying off on the other side's meld, asked in six languages, is
    `referee check`'s ``opponents_meld`` -- never the legality of the meld it would make."""
    from referee.rules.moment_rulings import check_opponents_meld

    core = check_opponents_meld(PRESETS[variant])
    ruling = _ruling(OPPONENTS_MELD[lang], variant, lang)
    assert core is not None
    assert ruling is not None
    assert ruling.verdict is core.allowed is False
    assert ruling.rules == (core.rule,)


def test_an_unfinished_meld_left_on_the_table_costs_its_penalty_not_a_held_hands():
    variant = PRESETS["american"]
    ruling = _ruling(
        "When the hand ended LHO still had five aces sitting on the table, never finished the "
        "canasta. Isn't there a penalty for that? How much?"
    )
    assert ruling is not None
    assert ruling.rules == ("canasta.unfinished",)
    assert ruling.figure == classify(variant, Meld((Card(Rank.ACE),) * 5)).penalty


@pytest.mark.parametrize("wild", ["a wild", "a joker", "a deuce"])
def test_a_rank_that_holds_no_wild_card_asked_with_one_is_the_meld_forms_no(wild):
    """ "Can you meld sevens with a wild?": the meld form's No on sevens with that wild card
    (the American game's natural-only ranks); a rank that may hold one gets no Yes from the
    words alone -- how many naturals, and whether the side has melded, decide it."""
    variant = PRESETS["american"]
    assert Rank.SEVEN in variant.natural_only_ranks
    ruling = _ruling(f"Can you meld sevens with {wild}?")
    assert ruling is not None
    assert ruling.verdict is False
    assert ruling.rules == ("meld.natural-only",)
    kings = _ruling(f"Can you meld kings with {wild}?")
    assert kings is None or kings.verdict is not True


def test_each_kinds_worth_asked_together_is_no_hands_sum():
    """ "What's the bonus for a natural canasta and for a dirty one? Still 500 and 300?":
    each kind's worth, not the 800 of a hand holding both."""
    variant = PRESETS["american"]
    ruling = _ruling(
        "What's the bonus for a natural canasta and for a dirty one? Still 500 and 300?"
    )
    assert ruling is not None
    assert ruling.figure is None
    said = ruling.text.render()
    assert str(variant.canasta_bonus[CanastaKind.NATURAL]) in said
    assert str(variant.canasta_bonus[CanastaKind.MIXED]) in said


@pytest.mark.parametrize(
    ("question", "count", "signed"),
    [
        ("They went out before we'd laid down and we had all four red threes on the table. "
         "How much do those cost us?", 4, False),
        ("They went out and we never got our meld down. I had two red threes sitting in front "
         "of me. Do they count for us or against us? How much?", 2, True),
    ],
)  # fmt: skip
def test_the_red_threes_of_a_side_that_never_melded_cost_what_the_core_scores(
    question, count, signed
):
    """2026-11-29 late: a side told not to have melded when the other side went out loses its red
    threes' worth (``threes_points`` with the sign ``threes_sign`` gives it): the cost where a
    cost is asked, the signed figure where for or against is asked with it."""
    from referee.rules.hand import threes_points, threes_sign

    variant = PRESETS["american"]
    assert threes_sign(variant, melded=False, canastas=0) < 0
    points = threes_points(variant, count)
    ruling = _ruling(question)
    assert ruling is not None
    assert ruling.figure == (-points if signed else points)
    assert ruling.rules == ("red-threes.penalty",)
