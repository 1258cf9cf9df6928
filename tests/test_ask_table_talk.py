"""Ask the referee as a table asks (issue 44, the lead's probes of 2026-11-28 night): a red
three's worth, the cards left in hand after the other side went out, a minimum claimed, and
words of five languages the reader missed.  Every figure expected is the rules core's own
(the preset's values, ``threes_points``, ``hand_costs``, ``opening_minimum``), never a number
written here."""

from __future__ import annotations

import pytest

from referee.rules import PRESETS, parse_cards
from referee.rules.hand import going_out_points, hand_costs, threes_points
from referee.rules.variant import CanastaKind
from tests.support.asking import ruling

RED_THREE = [
    ("How much is a red three worth?", "en"),
    ("Kolik stojí červená trojka?", "cs"),
    ("Wie viel zählt eine rote Drei?", "de"),
    ("¿Cuánto vale un tres rojo?", "es"),
    ("Hoeveel is een rode drie waard?", "nl"),
    ("Ile jest warta czerwona trójka?", "pl"),
]


@pytest.mark.parametrize("variant", ["classic", "czech", "samba", "american", "hand-and-foot"])
@pytest.mark.parametrize(("question", "lang"), RED_THREE)
def test_a_red_three_s_worth_is_the_figure_in_six_languages(question, lang, variant):
    found = ruling(question, lang, variant)
    assert found is not None
    assert found["figure"] == threes_points(PRESETS[variant], 1)
    assert found["rules"][0] == "red-threes.bonus"


@pytest.mark.parametrize(
    ("question", "count"),
    [("How much are 4 red threes worth?", 4), ("What are two red threes worth?", 2)],
)
@pytest.mark.parametrize("variant", ["classic", "american"])
def test_red_threes_counted_are_worth_what_the_core_counts(question, count, variant):
    found = ruling(question, "en", variant)
    assert found is not None
    assert found["figure"] == threes_points(PRESETS[variant], count)


@pytest.mark.parametrize(
    "question",
    [
        "Is a red three ever a penalty?",  # the sign asked, not a worth
        "When do red threes count against you?",
        "How much is a red three left in my hand?",  # kept in hand: another rule
        # a story that tells a house's threes and asks nothing
        "He had his own rules. Or if you had three red threes it was worth an extra 100, but "
        "you get the idea.",
    ],
)
def test_no_red_three_worth_where_the_post_asks_no_worth_of_threes_laid_out(question):
    found = ruling(question)
    assert found is None or found["figure"] is None


def test_a_red_three_s_worth_for_a_side_that_has_not_melded_stays_its_cost():
    found = ruling("How much is a red three worth if we haven't melded?")
    assert found is not None
    assert found["figure"] == -threes_points(PRESETS["classic"], 1)


@pytest.mark.parametrize(
    ("question", "lang", "cards"),
    [
        (
            "I have a joker and two 2s left in my hand when they went out. How much do I lose?",
            "en",
            "X 2 2",
        ),
        ("They went out and I was stuck with K K Q. How much do we lose?", "en", "K K Q"),
        (
            "Soupeř ukončil kolo a mně zůstal v ruce žolík a dvě dvojky. Kolik ztrácím?",
            "cs",
            "X 2 2",
        ),
    ],
)
def test_cards_left_in_hand_when_the_others_went_out_count_against(question, lang, cards):
    found = ruling(question, lang)
    assert found is not None
    costs = hand_costs(PRESETS["classic"])
    assert found["figure"] == sum(costs[card.rank] for card in parse_cards(cards))
    assert found["rules"] == ["hand.points"]


def test_going_out_with_a_card_left_is_still_not_a_count():
    found = ruling("Can I go out with a joker left in my hand?")
    assert found is None or found["figure"] is None


CLAIMS = [
    ("We need 120 to open, we're on 3100. Is that right?", "en", 3100, 120),
    ("We're on 3100. Do we need 90 to open?", "en", 3100, 90),
    ("Wir haben 3100 Punkte. Brauchen wir 120 zum Rauskommen?", "de", 3100, 120),
    ("Máme 3500, potřebujeme 90 na první vyložení?", "cs", 3500, 90),
    ("Tenemos 1800, ¿necesitamos 90 para bajar?", "es", 1800, 90),
    ("We staan op 3100. Hebben we 120 nodig om uit te komen?", "nl", 3100, 120),
    ("Mamy 700, potrzebujemy 90 do wyłożenia?", "pl", 700, 90),
]


@pytest.mark.parametrize("variant", ["classic", "american", "czech"])
@pytest.mark.parametrize(("question", "lang", "score", "claimed"), CLAIMS)
def test_a_minimum_claimed_is_confirmed_or_corrected_at_the_score_told(
    question, lang, score, claimed, variant
):
    found = ruling(question, lang, variant)
    minimum = PRESETS[variant].opening_minimum(score)
    assert found is not None
    assert found["figure"] == minimum  # the score, not the number claimed
    assert found["verdict"] == ("yes" if minimum == claimed else "no")
    assert found["rules"] == ["opening.minimum"]


def test_two_minimums_asked_between_get_the_figure_and_no_verdict():
    found = ruling("At 2000, do we need 90 or 120 to go down?")
    assert found is not None
    assert found["verdict"] is None
    assert found["figure"] == PRESETS["classic"].opening_minimum(2000)


@pytest.mark.parametrize(
    ("question", "lang", "score", "variant"),
    [
        ("Ile punktów potrzebujemy do pierwszego wyłożenia przy 1800?", "pl", 1800, "polish"),
        ("Kolik bodů potřebujeme k prvnímu vyložení, když máme 3500?", "cs", 3500, "czech"),
        ("Wie viel brauchen wir bei 1600 zur ersten Meldung?", "de", 1600, "german"),
        ("Hoeveel punten moeten we hebben om uit te komen met 3000 punten?", "nl", 3000, "dutch"),
        ("How many points do we need to go down with 3000 points?", "en", 3000, "classic"),
    ],
)
def test_the_minimum_asked_in_the_players_other_words(question, lang, score, variant):
    found = ruling(question, lang, variant)
    assert found is not None
    assert found["figure"] == PRESETS[variant].opening_minimum(score)


@pytest.mark.parametrize(
    "question", ["Wie viel ist eine unreine Canasta wert?", "Was bringt ein unreiner Canasta?"]
)
def test_an_unreine_canasta_is_a_mixed_one(question):
    found = ruling(question, "de", "german")
    assert found is not None
    assert found["figure"] == PRESETS["german"].canasta_bonus[CanastaKind.MIXED]


@pytest.mark.parametrize(
    "question", ["Mi compañero se fue sin canasta, ¿es válido?", "¿Puedo irme sin canasta?"]
)
def test_going_out_said_irse_is_going_out(question):
    found = ruling(question, "es", "spanish")
    assert found is not None
    assert found["verdict"] == "no"
    assert found["rules"] == ["going-out.canastas"]


def test_se_fue_alone_is_no_going_out():
    found = ruling("Mi compañero se fue a casa, ¿cuánto vale un comodín?", "es", "spanish")
    assert found is not None
    assert found["figure"] == PRESETS["spanish"].card_points[parse_cards("X")[0].rank]


def _minimum_figure(question: str, variant: str = "classic") -> str | None:
    from referee.ask import answers_json

    found = answers_json(PRESETS[variant], question, "en")["answers"]
    return next((a["figure"] for a in found if a["key"] == "opening.minimum"), "not answered")


@pytest.mark.parametrize(
    ("question", "score"),
    [
        ("We need 125 to go down.", None),  # a minimum claimed: no match total named
        ("went down with 90 points at 1500, enough?", 1500),  # a meld's points: not the total
        ("We have 2600, how much to open?", 2600),
    ],
)
def test_the_rule_s_own_figure_reads_the_match_total_as_the_ruling_does(question, score):
    """The minimum shown under the opening's rule is for the match total the question names,
    never for the first number in it ("a match total of 125": the lead's evening play)."""
    figure = _minimum_figure(question, "american")
    if score is None:
        assert figure is None
    else:
        minimum = PRESETS["american"].opening_minimum(score)
        assert figure == (
            f"With a match total of {score}, a side's first meld needs at least {minimum} points."
        )


@pytest.mark.parametrize(
    "question",
    [
        "She laid down K K K and went out. Is that legal?",
        "My partner went out after melding 9 9 9. Then the other team said it didn't count. "
        "Who is right?",
    ],
)
def test_a_going_out_told_with_melds_but_not_its_canastas_gets_no_verdict(question):
    """The side's canastas decide and the post does not tell them: no "No: ... has 0", and
    no Yes on the melds alone, which would read as the going out allowed."""
    assert ruling(question) is None


def test_the_canastas_told_beside_the_melds_count_for_going_out():
    found = ruling("I went out with 7 7 7 and we had two canastas already. Fine?")
    assert found is not None
    assert found["verdict"] == "yes"


@pytest.mark.parametrize(
    "question",
    [
        "Can I go out if I have no cards left but no canasta?",
        "We went out with K K K and Q Q Q and no canasta. Allowed?",
    ],
)
def test_a_going_out_told_without_a_canasta_is_still_a_no(question):
    found = ruling(question)
    assert found is not None
    assert found["verdict"] == "no"
    assert found["rules"] == ["going-out.canastas"]


@pytest.mark.parametrize(
    "question",
    [
        "In rummy can I play 5 6 7 of hearts?",
        "In gin rummy, is 8 8 8 a valid set?",
        "Darf ich beim Rommé 9 9 9 auslegen?",
        "¿En el burraco puedo bajar K K K 2?",
    ],
)
def test_another_game_s_cards_get_no_ruling_of_this_book(question):
    """A question about rummy's or burraco's table is off the game: no rules (the search's
    other games' words) and no ruling on its cards, which read as this book's before."""
    from referee.ask import answers_json

    lang = "de" if "Rommé" in question else "es" if "burraco" in question else "en"
    found = answers_json(PRESETS["classic"], question, lang)
    assert found["ruling"] is None
    assert found["answers"] == []


@pytest.mark.parametrize(
    "question",
    [
        "My partner has no patience: she laid K K K 2 at once. Is K K K 2 legal?",
        "Can I meld K K K 2 in canasta online the way we do at home?",
    ],
)
def test_patience_and_canasta_online_are_no_other_game(question):
    found = ruling(question)
    assert found is not None
    assert found["verdict"] == "yes"


@pytest.mark.parametrize(
    ("question", "lang", "variant", "verdict"),
    [
        ("Only one canasta so far, can my partner go out?", "en", "american", "no"),
        ("Only one canasta so far, can my partner go out?", "en", "classic", "yes"),
        ("Just two canastas, can we go out?", "en", "american", "yes"),
    ],
)
def test_the_canastas_counted_after_only(question, lang, variant, verdict):
    found = ruling(question, lang, variant)
    assert found is not None
    assert found["verdict"] == verdict
    assert found["rules"] == ["going-out.canastas"]


@pytest.mark.parametrize(
    "question",
    [
        "How much is a canasta of seven 2s?",
        "Seven 2s in a canasta, how much?",
        "How much for a canasta of all twos?",
    ],
)
def test_a_canasta_of_seven_twos_told_in_words_is_worth_its_bonus(question):
    from referee.rules import Meld, classify

    found = ruling(question, "en", "american")
    assert found is not None
    assert (
        found["figure"] == classify(PRESETS["american"], Meld(tuple(parse_cards("2 " * 7)))).bonus
    )


@pytest.mark.parametrize(
    ("question", "lang", "variant", "cards"),
    [
        ("I got stuck with a black 3 in my hand. How much?", "en", "american", "3s"),
        ("I had a black three and a king left in my hand. How much do we lose?", "en", "classic",
         "3s K"),
        ("Zůstala mi v ruce černá trojka. Kolik to stojí?", "cs", "czech", "3s"),
        ("Zostały mi w ręce dwa jokery. Ile tracimy?", "pl", "polish", "X X"),
    ],
)  # fmt: skip
def test_a_black_three_left_in_hand_costs_what_the_core_charges(question, lang, variant, cards):
    found = ruling(question, lang, variant)
    costs = hand_costs(PRESETS[variant])
    assert found is not None
    assert found["figure"] == sum(costs[card.rank] for card in parse_cards(cards))


@pytest.mark.parametrize(
    "question",
    [
        # the last card drawn: the game charges it less, and the reader does not weigh that
        "The last card I drew was a black three and that ended the hand. What does it cost?",
        "I had a red three left in my hand. How much?",
    ],
)
def test_a_three_whose_cost_is_not_its_penalty_gets_no_figure(question):
    found = ruling(question, "en", "american")
    assert found is None or found["figure"] is None


@pytest.mark.parametrize(
    ("question", "variant", "verdict"),
    [
        # the hand's cards make 20 of the American game's lowest minimum, 125: No at any score
        ("Can I take the pile to go down with K K and a K on top?", "american", "no"),
        ("We haven't gone down yet. Top card is a 9 and I have 9 9. Can I pick up?", "american",
         "no"),
        # 30 points fall short of 50, but a side below zero needs 15: the score decides
        ("We haven't melded. Can I take the pile with K K, a K on top?", "classic", None),
        ("Can I pick up the pile to open with Q Q, a queen on top, we're at 200?", "classic", "no"),
    ],
)  # fmt: skip
def test_the_pile_taken_to_open_is_ruled_at_every_score_when_none_is_told(
    question, variant, verdict
):
    found = ruling(question, "en", variant)
    if verdict is None:
        assert found is None or found["verdict"] is None
    else:
        assert found is not None
        assert found["verdict"] == verdict


def test_one_part_s_figure_is_not_given_for_a_hand_told_with_more():
    """Going out's 100 alone, for a hand told with canastas the reader could not count, read
    as the side's whole bonus."""
    found = ruling(
        "We closed 2 clean books and 1 dirty and went out. What's our bonus?", "en", "american"
    )
    assert found is None or found["figure"] is None
    counted = ruling("We went out with 2 natural canastas, what's our bonus?")
    assert counted is not None
    out = going_out_points(PRESETS["classic"], went_out=True, concealed=False)
    assert counted["figure"] == 2 * PRESETS["classic"].canasta_bonus[CanastaKind.NATURAL] + out
    assert ruling("We went out, what do we get?")["figure"] == out


@pytest.mark.parametrize(
    ("question", "variant", "figure"),
    [
        ("Dirty canasta of queens - 300 right?", "american", "mixed"),
        ("How much does a 5 count?", "classic", "5"),
    ],
)
def test_a_figure_confirmed_after_a_dash_and_how_much_does_it_count(question, variant, figure):
    found = ruling(question, "en", variant)
    preset = PRESETS[variant]
    assert found is not None
    if figure == "mixed":
        assert found["figure"] == preset.canasta_bonus[CanastaKind.MIXED]
    else:
        assert found["figure"] == preset.card_points[parse_cards(figure)[0].rank]


def test_how_much_does_a_red_three_count_with_two_canastas():
    found = ruling("How much does a red 3 count if we have 2 canastas?", "en", "american")
    assert found is not None
    assert found["figure"] == threes_points(PRESETS["american"], 1)
    lost = ruling("How much do we lose for red threes?")
    assert lost is None or lost["figure"] is None  # the sign asked


@pytest.mark.parametrize(
    ("question", "variant", "verdict"),
    [
        ("Can I lay A A A with a joker after we've opened?", "american", "no"),
        ("We have opened. Can I meld 6 6 6 2 2?", "american", "no"),
        ("We're down. Can I meld 9 9 9 9 9 2?", "american", "yes"),  # five naturals
        ("Can I meld 6 6 6 2 2?", "american", "yes"),  # opened or not, the post does not say
        ("We have opened. Can I meld 6 6 6 2 2?", "classic", "yes"),  # no rule of five
    ],
)
def test_a_meld_asked_once_the_side_has_opened_meets_the_rule_of_five(question, variant, verdict):
    found = ruling(question, "en", variant)
    assert found is not None
    assert found["verdict"] == verdict
    if verdict == "no":
        assert found["rules"][0] == "play.rule-of-five"


@pytest.mark.parametrize(
    ("question", "variant", "before"),
    [
        # 9 9 and the 9 make 30: short of 50 from 0, enough for a side below zero (15)
        ("Can I take the pile with two 9s, top card is a 9?", "classic", "depends"),
        # the hand's two nines alone make 20 of the American game's lowest minimum, 125
        ("Can I take the pack with a pair of 9s, a 9 is on top?", "american", "no"),
        ("Můžu vzít balíček, když mám dvě sedmičky a nahoře je sedmička?", "czech", None),
    ],
)
def test_the_pile_asked_without_saying_whether_the_side_melded_is_ruled_both_ways(
    question, variant, before
):
    """Once the side has melded the pile is the pair's; before, the first meld's minimum
    decides: no verdict, the two cases told (the core's check_pickup each way)."""
    lang = "cs" if variant == "czech" else "en"
    found = ruling(question, lang, variant)
    assert found is not None
    assert found["verdict"] is None
    assert found["rules"][0] == "pile.take"
    if before == "no":
        assert "125" in found["text"]
    elif before == "depends":
        assert "depends on its match total" in found["text"]


def test_the_pile_taken_whatever_the_side_has_melded_is_a_plain_yes():
    # five aces and the top ace make 120: the highest classic minimum, so a Yes at any score
    found = ruling("Can I take the pile with A A A A A, an ace on top?")
    assert found is not None
    assert found["verdict"] == "yes"
