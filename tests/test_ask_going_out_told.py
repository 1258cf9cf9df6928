"""Going out asked as a table tells it (issue 44, the lead's probes of 2026-11-29): the
canastas told with their kinds and ranks ("a clean canasta of queens and a dirty one of
kings"), every way an untold kind may be ruled where the game cares (a Spanish side needs a
clean and a dirty one), the canastas a side needs claimed ("you need two canastas to go out,
right?"), a wild card as the last discard, and black threes left in hand.  Every verdict and
figure expected is the rules core's (``check_going_out``, the preset's ``going_out_canastas``,
``hand_costs``), never one written here."""

from __future__ import annotations

import pytest

from referee.rules import PRESETS, Card, Meld, Rank, parse_cards
from referee.rules.hand import hand_costs
from referee.rules.rulings import check_going_out
from tests.support.asking import ruling


def _core_verdict(variant: str, *melds: str) -> str:
    """What the going-out form rules for these canastas and a card left to discard."""
    found = check_going_out(
        PRESETS[variant],
        players=4,
        melds=[Meld(parse_cards(m)) for m in melds],
        hand=(Card(Rank.FIVE),),
        hand_told=False,
    )
    return "yes" if found.allowed else "no"


@pytest.mark.parametrize(
    ("question", "variant", "melds"),
    [
        (
            "We have a clean canasta of queens and a dirty one of kings. My partner wants to "
            "go out. Can she?",
            "american",
            ("Q Q Q Q Q Q Q", "K K K K K K 2"),
        ),
        (
            "we have a clean canasta and a dirty one, can we go out?",
            "spanish",
            ("K K K K K K K", "Q Q Q Q Q Q 2"),
        ),
        (
            "we have two clean canastas, can we go out?",
            "spanish",
            ("K K K K K K K", "Q Q Q Q Q Q Q"),
        ),
        (
            "my partner has 2 canastas down and one card left, can she go out?",
            "american",
            ("K K K K K K K", "Q Q Q Q Q Q Q"),
        ),
        (
            "we closed 2 canastas last round, one natural one mixed, can we go out this turn?",
            "american",
            ("K K K K K K K", "Q Q Q Q Q Q 2"),
        ),
        (
            "Ok so we have two books closed. Am I allowed to go out?",
            "american",
            ("K K K K K K K", "Q Q Q Q Q Q Q"),
        ),
        (
            "We have a canasta of queens and one of kings. can I go out?",
            "american",
            ("K K K K K K K", "Q Q Q Q Q Q Q"),
        ),
        ("we have a canasta and one card left, can I go out?", "american", ("K K K K K K K",)),
    ],
)
def test_the_canastas_told_are_ruled_as_the_going_out_form_rules_them(question, variant, melds):
    found = ruling(question, "en", variant)
    assert found is not None
    assert found["verdict"] == _core_verdict(variant, *melds)
    assert found["rules"][0] == "going-out.canastas"


@pytest.mark.parametrize(
    ("question", "variant"),
    [
        # a Spanish side needs a clean and a dirty canasta: two of kinds untold may be either
        ("we have two canastas, can we go out?", "spanish"),
        # a sevens canasta holds no wild card: which of the two is the dirty one decides
        ("We have a clean canasta of 7s and a dirty one of kings. Can we go out?", "american"),
        # a black three held: going out's discard may not be a three
        (
            "We have a canasta of queens and one of kings and I hold a black 3. can I go out?",
            "american",
        ),
    ],
)
def test_no_going_out_verdict_where_what_is_untold_decides(question, variant):
    found = ruling(question, "en", variant)
    assert found is None or found["verdict"] != "yes"
    if variant == "spanish":
        assert found is None or found["verdict"] is None


@pytest.mark.parametrize("variant", ["classic", "american", "spanish", "hand-and-foot"])
@pytest.mark.parametrize(
    ("question", "claimed"),
    [
        ("Do you need two canastas to go out?", 2),
        ("you have to have 2 canastas to go out right?", 2),
        ("I thought you only need 1 canasta to go out?", 1),
    ],
)
def test_the_canastas_claimed_to_go_out_are_confirmed_or_corrected(question, claimed, variant):
    needed = PRESETS[variant].going_out_canastas.get(4, 1)
    found = ruling(question, "en", variant)
    assert found is not None
    assert found["verdict"] == ("yes" if claimed == needed else "no")
    assert str(needed) in found["text"] or (needed == 1 and "canasta" in found["text"])


def test_how_many_canastas_asked_is_no_claim():
    found = ruling("How many canastas do you need to go out?", "en", "american")
    assert found is None or found["verdict"] is None


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("I have only one card left and it's a joker, can I discard it to go out?", "yes"),
        ("My last card is a 2. Am I allowed to throw it and go out?", "yes"),
        ("Can I discard a wild card to go out?", "yes"),
        ("can I go out by discarding a black 3?", "no"),
    ],
)
def test_going_out_s_discard_is_the_last_card(question, verdict):
    """The American book: the last discard may be a wild card but not a three."""
    found = ruling(question, "en", "american")
    assert found is not None
    assert found["verdict"] == verdict


@pytest.mark.parametrize("variant", ["classic", "american"])
def test_black_threes_left_in_hand_count_each_and_counted(variant):
    each = hand_costs(PRESETS[variant])[Rank.THREE]
    found = ruling(
        "What happens if you have black threes in your hand at the end, how much are they?",
        "en",
        variant,
    )
    assert found is not None
    assert found["figure"] == each
    two = ruling("what do 2 black threes left in hand cost?", "en", variant)
    assert two is not None
    assert two["figure"] == 2 * each


@pytest.mark.parametrize(
    ("question", "lang", "asks"),
    [
        ("Máme dvě kanasty, můžeme jít ven?", "cs", "told"),
        ("Braucht man zwei Canastas zum Ausmachen?", "de", "claimed"),
        ("Tenemos dos canastas, ¿podemos cerrar?", "es", "told"),
        ("Czy trzeba mieć dwie kanasty, żeby wyjść?", "pl", "claimed"),
        ("Moet je twee canasta's hebben om uit te gaan?", "nl", "claimed"),
        ("Mi última carta es un comodín, ¿puedo descartarla y cerrar?", "es", "discard"),
        ("Kolik stojí černé trojky, které zůstanou v ruce?", "cs", "threes"),
    ],
)
def test_going_out_and_threes_left_asked_in_other_languages(question, lang, asks):
    american = PRESETS["american"]
    found = ruling(question, lang, "american")
    assert found is not None
    if asks == "threes":
        assert found["figure"] == hand_costs(american)[Rank.THREE]
    elif asks == "discard":  # the book: the last discard may be a wild card
        assert found["verdict"] == "yes"
    else:  # two canastas told or claimed, against what the American book needs
        assert found["verdict"] == ("yes" if american.going_out_canastas[4] == 2 else "no")
    if asks != "threes":
        expected = "play.discard-limits" if asks == "discard" else "going-out.canastas"
        assert found["rules"][0] == expected


@pytest.mark.parametrize("variant", ["classic", "american"])
def test_a_pair_alone_takes_a_pile_topped_by_its_rank(variant):
    """ "Can you take the frozen pile with a pair of 7s?": the top card is a 7, as
    ``check_pickup`` rules it; a pair of threes, or a pair never named, no ruling."""
    from referee.rules.rulings import check_pickup

    seven = Card(Rank.SEVEN)
    core = check_pickup(
        PRESETS[variant],
        top=seven,
        frozen=True,
        stopped=False,
        hand=(seven, seven),
        melds=[Meld((Card(Rank.KING),) * 3)],
        going_out=False,
    )
    found = ruling("can you take the pile with a pair of 7s when it's frozen?", "en", variant)
    assert found is not None
    assert found["verdict"] == ("yes" if core.allowed else "no")
    for unsaid in (
        "can I take the frozen pile with a pair of 3s?",
        "Can I pick up the pile with a pair?",
    ):
        other = ruling(unsaid, "en", variant)
        assert other is None or other["verdict"] is None


def test_a_canasta_of_2s_is_the_wild_canasta_of_twos():
    from referee.rules.melds import classify

    american = PRESETS["american"]
    twos = Meld((Card(Rank.TWO),) * 7)
    for question in ("how much is a canasta of 2s worth?", "how much is a canasta of twos worth?"):
        found = ruling(question, "en", "american")
        assert found is not None
        assert found["figure"] == classify(american, twos).bonus
    # the classic game has no wild canasta: no figure
    classic = ruling("how much is a canasta of 2s worth?", "en", "classic")
    assert classic is None or classic["figure"] is None


def test_what_the_red_threes_told_count_is_their_figure():
    from referee.rules.hand import threes_points

    found = ruling(
        "we had 4 red 3s and 3 canastas, what do the red threes count?", "en", "american"
    )
    assert found is not None
    assert found["figure"] == threes_points(PRESETS["american"], 4)


def test_a_hand_s_bonuses_asked_are_their_sum_never_one_part():
    """ "... plus 2 red threes. How much is that in bonuses?": the sum `referee score` adds
    where the kinds are counted; never the threes' part alone where they are not."""
    from referee.rules.hand import going_out_points, threes_points
    from referee.rules.melds import classify

    american = PRESETS["american"]
    natural = classify(american, Meld((Card(Rank.KING),) * 7)).bonus
    mixed = classify(american, Meld((Card(Rank.KING),) * 6 + (Card(Rank.TWO),))).bonus
    counted = ruling(
        "We went out with 2 clean canastas and 1 dirty one, plus 2 red threes. How much is that "
        "in bonuses?",
        "en",
        "american",
    )
    assert counted is not None
    expected = (
        2 * natural + mixed + threes_points(american, 2) + going_out_points(american, went_out=True)
    )
    assert counted["figure"] == expected
    uncounted = ruling(
        "We went out with 3 canastas, 2 clean 1 dirty, plus 2 red threes. How much is that in "
        "bonuses?",
        "en",
        "american",
    )
    assert uncounted is None or uncounted["figure"] in (None, expected)


@pytest.mark.parametrize(
    ("question", "cards"),
    [
        (
            "So the other team went out and we had 4 queens and 3 jokers in our hand. How many "
            "points do we lose?",
            "Q Q Q Q X X X",
        ),
        (
            "ok so my partner had two black 3s and a king left when they went out, what's that "
            "cost us",
            "3s 3s K",
        ),
    ],
)
def test_cards_left_when_the_other_side_went_out_count_against(question, cards):
    costs = hand_costs(PRESETS["american"])
    found = ruling(question, "en", "american")
    assert found is not None
    assert found["figure"] == sum(costs[card.rank] for card in parse_cards(cards))


def test_a_meld_told_beside_the_canastas_goes_out_with_them():
    """An unfinished meld of sevens stops the side going out (American), a meld of nines not:
    ``check_going_out`` on the canastas and the meld told."""
    sevens = ruling(
        "Opponent went out with one clean and one dirty canasta, but she still had a meld of "
        "three 7s on the table. Who's right?",
        "en",
        "american",
    )
    assert sevens is not None
    assert sevens["verdict"] == _core_verdict("american", "K K K K K K K", "Q Q Q Q Q Q 2", "7 7 7")
    nines = ruling("we have 2 canastas and three 9s on the table, can we go out?", "en", "american")
    assert nines is not None
    assert nines["verdict"] == _core_verdict("american", "K K K K K K K", "Q Q Q Q Q Q Q", "9 9 9")


def test_the_first_meld_s_minimum_asked_in_german_at_the_score_told():
    found = ruling(
        "Wir sind bei 7.100 Punkten. Wie viel brauchen wir zum ersten Auslegen?", "de", "american"
    )
    assert found is not None
    assert found["figure"] == PRESETS["american"].opening_minimum(7100)


def test_a_canasta_told_in_words_is_not_counted_twice():
    found = ruling("we have one canasta of seven kings, can we go out?", "en", "american")
    assert found is not None
    assert found["verdict"] == _core_verdict("american", "K K K K K K K")


def test_a_red_three_s_count_for_a_side_that_never_melded_is_signed():
    """ "What does a red three count if we never went down?": the sign `score_hand` gives a
    side without a meld, never the laid-out worth."""
    from referee.rules.hand import Hand, Side, score_hand

    unmelded = Hand(4, (Side("us", (), 1, hand=()), Side("them", hand=())))
    signed = score_hand(PRESETS["american"], unmelded).sides[0].breakdown["red_threes"]
    found = ruling("what does a red three count if we never went down?", "en", "american")
    assert found is not None
    assert found["figure"] == signed
    assert signed < 0
