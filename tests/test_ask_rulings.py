"""Ask the referee a situation (referee/ask/situation.py, judge.py): the cards, scores and
moment read from a player's words, ruled on by the rules core the referee's forms use --
never a sentence matched to the words."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.ask import Table, answers_json, ask
from referee.ask.situation import question_sentence, read_situation
from referee.ask.texts import gettext_of
from referee.i18n import LANGUAGES
from referee.rules import PRESETS, Meld, Rank, check_opening, format_cards, parse_cards
from referee.rules.rulings import check_meld, check_pickup
from tests.support.asking import ruling
from tests.support.profiles import examples


@pytest.mark.parametrize(
    ("question", "lang", "cards"),
    [
        ("can I meld J J 2 2 2", "en", ["J J 2 2 2"]),
        ("may we lay KKK2?", "en", ["K K K 2"]),
        ("three kings and a joker, can I meld that?", "en", ["K K K X"]),
        ("smí se vyložit tři krále a žolíka?", "cs", ["K K K X"]),
        ("smí se vyložit dvě dámy a tři dvojky", "cs", ["Q Q 2 2 2"]),
        ("darf ich drei Könige und einen Joker auslegen?", "de", ["K K K X"]),
        ("¿puedo bajar dos ases y un comodín?", "es", ["A A X"]),
        ("mag ik drie heren en een joker uitleggen?", "nl", ["K K K X"]),
        ("czy mogę wyłożyć trzy króle i jokera?", "pl", ["K K K X"]),
        ("we have 2 600 and want to meld K K K and Q Q Q", "en", ["K K K", "Q Q Q"]),
    ],
)
def test_the_cards_of_a_question_are_read_in_notation_and_in_words(question, lang, cards):
    assert [format_cards(g) for g in read_situation(question, lang).groups] == cards


@pytest.mark.parametrize(
    ("question", "score"),
    [("we have 2 600, how much to open?", 2600), ("máme 2.600", 2600), ("at -200", -200),
     ("we made 130 points", None), ("K K K 2", None)],
)  # fmt: skip
def test_a_score_is_read_and_a_meld_s_points_are_not(question, score):
    assert read_situation(question, "en").score == score


def test_can_i_meld_j_j_2_2_2_answers_yes_with_the_rule():
    found = ruling("can I meld J J 2 2 2")
    assert found["verdict"] == "yes"
    assert "J J 2 2 2" in found["text"]
    assert found["rules"]
    assert all(key.startswith("meld.") for key in found["rules"])


def test_the_opening_question_answers_no_with_the_sum_and_the_minimum():
    asked = "we have 2 600 and want to meld K K K and Q Q Q, is that enough to open?"
    found = ruling(asked)
    assert found["verdict"] == "no"
    assert found["figure"] == 60
    assert "60" in found["text"]
    assert "90" in found["text"]
    assert found["rules"] == ["opening.minimum"]
    # the same as the referee's opening form answers
    core = check_opening(PRESETS["classic"], 2600, [Meld(parse_cards("K K K")),
                                                    Meld(parse_cards("Q Q Q"))])  # fmt: skip
    assert (core.allowed, core.points, core.minimum) == (False, 60, 90)
    assert found["text"] == core.reason


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "how many points is a joker worth"),
        ("cs", "kolik bodů je za žolíka"),
        ("de", "wie viel zählt ein Joker"),
        ("es", "¿cuánto vale un comodín?"),
        ("nl", "hoeveel punten is een joker waard"),
        ("pl", "ile punktów jest wart joker"),
    ],
)
def test_a_card_s_value_is_answered_with_the_figure_in_six_languages(lang, question):
    data = answers_json(PRESETS["classic"], question, lang)
    assert data["ruling"]["figure"] == PRESETS["classic"].card_points[Rank.JOKER] == 50
    assert data["ruling"]["rules"] == ["deck.values"]
    assert data["answers"][0]["key"] == "deck.values"
    assert "50" in data["answers"][0]["text"]  # the catalogue states it, in the language
    assert data["covered"] is True


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "How much is a joker worth in canasta?"),
        ("cs", "kolik bodů je za žolíka v kanastě?"),
        ("de", "wie viel zählt ein Joker bei Canasta?"),
        ("es", "¿cuánto vale un comodín en la canasta?"),
        ("nl", "hoeveel punten is een joker waard bij canasta?"),
        ("pl", "ile punktów jest wart joker w kanaście?"),
    ],
)
def test_the_game_s_name_does_not_make_a_card_s_value_a_canasta_s(lang, question):
    # "in canasta" names the game, not a canasta (a real question's usual ending, issue 44)
    assert ruling(question, lang, variant="classic")["figure"] == 50


@pytest.mark.parametrize(
    ("question", "variant", "figure"),
    [
        ("How much is a black 3 worth in canasta?", "classic", 5),
        ("how many points is a black three", "classic", 5),
        ("how much is a 7 worth?", "classic", 5),
        ("How much is a black 3 worth in canasta?", "american", None),  # 100 against in hand
        ("how much is a 3 worth?", "classic", None),  # which three?
    ],
)
def test_a_black_three_or_a_card_written_as_a_digit_has_its_value(question, variant, figure):
    found = ruling(question, variant=variant)
    assert (found and found["figure"]) == figure


def test_a_two_is_worth_what_its_variant_says():
    assert ruling("how much is a two worth?", variant="classic")["figure"] == 20
    assert ruling("wie viel zählt eine Zwei?", "de", variant="german")["figure"] == 50


def test_every_catalogue_states_the_cards_values():
    for variant in PRESETS.values():
        text = variant.rules["deck.values"].text
        assert f"joker {variant.card_points[Rank.JOKER]}" in text or "joker or a two 50" in text
        for lang in LANGUAGES:
            assert answers_json(variant, "how many points is a joker worth", lang)["answers"]


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_joker_discarded_on_the_pile_cannot_be_taken(variant):
    data = answers_json(
        PRESETS[variant], "my partner discarded a joker, can I pick up the pile?", "en"
    )
    assert data["ruling"]["verdict"] == "no"
    assert data["ruling"]["rules"] == ["pile.wild-top"]
    assert data["answers"][0]["key"] == "pile.wild-top"


def test_a_wild_card_on_top_in_czech_is_read_as_the_top():
    found = ruling("spoluhráč odhodil žolíka, můžu vzít balíček?", "cs")
    assert found["verdict"] == "no"


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("should I dump my 7s and go out?", "en"),
        ("would you meld 4 wild cards or keep them?", "en"),
        ("sollte ich die Joker behalten oder auslegen?", "de"),
        ("vyplatí se držet žolíky v ruce?", "cs"),
        ("when to throw a black three?", "en"),
        ("Do you play down your hand at once or set by set? Any strategies?", "en"),
        ("¿cuándo conviene bajar los comodines?", "es"),
        ("kiedy warto zatrzymać jokery w ręce?", "pl"),
        ("wanneer is het beter om de stapel te pakken?", "nl"),
    ],
)
def test_strategy_is_a_matter_of_play_not_a_rule(question, lang):
    data = answers_json(PRESETS["classic"], question, lang)
    assert data["ruling"]["verdict"] is None
    assert data["ruling"]["rules"] == []
    assert data["answers"] == []
    assert data["covered"] is False
    assert data["ruling"]["text"] == gettext_of(lang)("That is a matter of play, not a rule.")


def test_a_question_the_book_does_not_decide_says_so_with_the_nearest_rules():
    data = answers_json(PRESETS["classic"], "someone played out of turn, what now?", "en")
    assert data["ruling"]["text"] == "This rulebook does not say."
    assert data["covered"] is False
    assert data["answers"]  # the nearest rules, shown as such


def test_an_off_topic_question_has_no_ruling():
    data = answers_json(PRESETS["classic"], "recipe for pancakes", "en")
    assert data["ruling"] is None
    assert data["answers"] == []
    assert data["covered"] is False


def test_inside_a_match_the_minimum_is_each_side_s():
    table = Table((("Us", 2600), ("Them", 800)), 4)
    found = ruling("how much do we need to open?", table=table)
    assert "Us (2600)" in found["text"]
    assert "90" in found["text"]
    assert "Them (800)" in found["text"]
    assert "50" in found["text"]
    melds = ruling("is K K K and Q Q Q enough to open?", table=Table((("Us", 2600),), 4))
    assert melds["verdict"] == "no"
    # a score the question names wins over the match's
    assert ruling("we have 0, is K K K and Q Q Q enough to open?", table=table)["verdict"] == "yes"


def test_a_long_post_s_question_is_its_last_asking_sentence():
    post = (
        "We were playing last night. My partner had three kings. The pile was frozen. "
        "Can I take it with two kings? Thanks."
    )
    assert question_sentence(post) == "Can I take it with two kings?"


_NATURAL = st.sampled_from(["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"])
_WILD = st.sampled_from(["2", "X"])


# no deadline: the first example builds the variant's index (a wall-clock limit would flake
# on a busy machine)
@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.one_of(_NATURAL, _WILD), min_size=3, max_size=9))
def test_a_meld_asked_in_words_is_ruled_as_the_meld_form_rules_it(cards):
    """Differential: the ruling on "can I meld <cards>" is the meld form's (check_meld)."""
    written = " ".join(cards)
    core = check_meld(PRESETS["classic"], Meld(parse_cards(written)))
    found = ruling(f"can I meld {written}?")
    assert found["verdict"] == ("yes" if core.allowed else "no")
    assert found["rules"] == [core.rule]


@settings(deadline=None)
@given(st.sampled_from(["2", "X", "3"]))
def test_a_pile_topped_by_a_wild_card_or_black_three_is_ruled_as_the_pile_form_rules_it(top):
    top_card = parse_cards(top)[0]
    core = check_pickup(
        PRESETS["classic"], top=top_card, frozen=False, stopped=False, hand=(), melds=()
    )
    asked = ask(PRESETS["classic"], f"there is a {top} on top, can I pick up the pile?", "en")
    assert asked.ruling is not None
    assert asked.ruling.verdict is core.allowed is False
    assert asked.ruling.rules == (core.rule,)


# -- Players' words (referee/ask/players_words.toml) ------------------------------------------


def test_every_players_word_says_where_it_was_seen_and_what_it_means():
    import tomllib

    from referee.ask.glossary import GLOSSARY, PLAYERS_WORDS

    concepts = {entry.concept for entry in GLOSSARY}
    with PLAYERS_WORDS.open("rb") as handle:
        entries = tomllib.load(handle)["word"]
    assert len(entries) >= 20
    assert {entry["lang"] for entry in entries} == set(LANGUAGES)
    for entry in entries:
        assert entry["seen"].strip(), entry
        assert entry["means"] in concepts, entry
        assert entry["words"], entry
        assert entry["variants"], entry


@pytest.mark.parametrize(
    ("question", "lang", "word", "key"),
    [
        ("darf ich das Paket nehmen, wenn es gesperrt ist?", "de", "paket", "pile.frozen"),
        ("can I pick up the tray when it is frozen", "en", "tray", "pile.frozen"),
        (
            "los treses negros son tapón, ¿se puede tomar el pozo?",
            "es",
            "tapón",
            "pile.black-three",
        ),
        ("kdy můžu zavřít?", "cs", "zavřít", "going-out.canastas"),
        ("ile jest warta kanasta fałszywa?", "pl", "kanasta fałszywa", "canasta.kinds"),
    ],
)
def test_a_players_word_finds_the_rule_of_what_it_means(question, lang, word, key):
    from referee.ask.design import MARK
    from referee.ask.engine import index_for
    from referee.ask.glossary import PLAYERS_WORDS

    assert word in PLAYERS_WORDS.read_text(encoding="utf-8")
    index = index_for(PRESETS["classic"])
    means = index.tokens.concepts(index.tokens.words(word, lang, stop=False), lang)
    assert means  # the word names a concept of the glossary
    assert {MARK + c for c in means} <= set(index.query_tokens(question, lang))
    assert answers_json(PRESETS["classic"], question, lang)["answers"][0]["key"] == key


# -- Situations told in words, in the six languages: the ruling is the core's -----------------

# How each language says "can I meld", a count, a rank's plural and a joker: written here,
# apart from referee/ask/situation.toml, so that the reading is checked against them.
_ASK_MELD = {
    "en": "can I meld {}?",
    "cs": "smím vyložit {}?",
    "de": "darf ich {} auslegen?",
    "es": "¿puedo bajar {}?",
    "nl": "mag ik {} uitleggen?",
    "pl": "czy mogę wyłożyć {}?",
}
_COUNTS = {
    "en": {2: "two", 3: "three", 4: "four"},
    "cs": {2: "dvě", 3: "tři", 4: "čtyři"},
    "de": {2: "zwei", 3: "drei", 4: "vier"},
    "es": {2: "dos", 3: "tres", 4: "cuatro"},
    "nl": {2: "twee", 3: "drie", 4: "vier"},
    "pl": {2: "dwie", 3: "trzy", 4: "cztery"},
}
_PLURALS = {
    "en": {"A": "aces", "K": "kings", "Q": "queens", "7": "sevens"},
    "cs": {"A": "esa", "K": "krále", "Q": "dámy", "7": "sedmičky"},
    "de": {"A": "Asse", "K": "Könige", "Q": "Damen", "7": "Siebener"},
    "es": {"A": "ases", "K": "reyes", "Q": "damas", "7": "sietes"},
    "nl": {"A": "azen", "K": "heren", "Q": "vrouwen", "7": "zevens"},
    "pl": {"A": "asy", "K": "króle", "Q": "damy", "7": "siódemki"},
}
_JOKERS = {  # one joker, and a count of them
    "en": ("a joker", "{} jokers"),
    "cs": ("žolíka", "{} žolíky"),
    "de": ("einen Joker", "{} Joker"),
    "es": ("un comodín", "{} comodines"),
    "nl": ("een joker", "{} jokers"),
    "pl": ("jokera", "{} jokery"),
}
_AND = {"en": "and", "cs": "a", "de": "und", "es": "y", "nl": "en", "pl": "i"}


def _in_words(lang: str, rank: str, naturals: int, jokers: int) -> str:
    said = f"{_COUNTS[lang][naturals]} {_PLURALS[lang][rank]}"
    if jokers == 1:
        said += f" {_AND[lang]} {_JOKERS[lang][0]}"
    elif jokers:
        said += f" {_AND[lang]} {_JOKERS[lang][1].format(_COUNTS[lang][jokers])}"
    return said


def _meld(rank: str, naturals: int, jokers: int) -> Meld:
    return Meld(parse_cards(" ".join([rank] * naturals + ["X"] * jokers)))


@settings(max_examples=examples(100), deadline=None)
@given(
    st.sampled_from(sorted(LANGUAGES)),
    st.sampled_from(["A", "K", "Q", "7"]),
    st.integers(2, 4),
    st.integers(0, 4),
)
def test_a_meld_told_in_words_in_any_language_is_ruled_as_the_meld_form_rules_it(
    lang, rank, naturals, jokers
):
    """Differential: "smím vyložit tři krále a dva žolíky?" gets check_meld's verdict and
    rule on K K K X X, in each of the six languages (three cards or more: a pair asked about
    gets the rules, not a ruling -- ruling on pairs cost an off-topic question its silence)."""
    assume(naturals + jokers >= 3)
    core = check_meld(PRESETS["classic"], _meld(rank, naturals, jokers))
    asked = _ASK_MELD[lang].format(_in_words(lang, rank, naturals, jokers))
    found = ruling(asked, lang)
    assert found is not None, asked
    assert found["verdict"] == ("yes" if core.allowed else "no"), asked
    assert found["rules"] == [core.rule], asked


_ASK_OPENING = {
    "en": "we have {score} and want to meld {melds}, is that enough to open?",
    "cs": "máme {score} a chceme vyložit {melds}, stačí to na první vyložení?",
    "de": "wir haben {score} und wollen {melds} auslegen, reicht das zum Auslegen?",
    "es": "tenemos {score} y queremos bajar {melds}, ¿es suficiente para bajar?",
    "nl": "wij hebben {score} en willen {melds} leggen, is dat genoeg om te openen?",
    "pl": "mamy {score} i chcemy wyłożyć {melds}, czy to wystarczy do wyłożenia?",
}


@settings(max_examples=examples(100), deadline=None)
@given(
    st.sampled_from(sorted(LANGUAGES)),
    st.sampled_from([0, 700, 1500, 2600, 3100, 4995]),
    st.lists(st.sampled_from(["A", "K", "Q", "7"]), min_size=1, max_size=2, unique=True),
    st.integers(0, 1),
)
def test_an_opening_told_in_words_is_ruled_as_the_opening_form_rules_it(lang, score, ranks, joker):
    """Differential: the melds and the match total told in words get check_opening's verdict
    and the melds' points, in each of the six languages (the joker joins the meld before it)."""
    melds = [_meld(rank, 3, joker if i == len(ranks) - 1 else 0) for i, rank in enumerate(ranks)]
    core = check_opening(PRESETS["classic"], score, melds)
    said = f" {_AND[lang]} ".join(
        _in_words(lang, rank, 3, joker if i == len(ranks) - 1 else 0)
        for i, rank in enumerate(ranks)
    )
    written = f"{score:,}".replace(",", " ")  # "2 600", as a table writes it
    asked = _ASK_OPENING[lang].format(score=written, melds=said)
    found = ruling(asked, lang)
    assert found is not None, asked
    assert found["verdict"] == ("yes" if core.allowed else "no"), asked
    assert found["figure"] == core.points, asked


_ASK_PILE = {  # a side that has not melded, the top card, the cards in hand
    "en": "we haven't melded yet, there is a {top} on top and I hold {hand}, can I take the pile?",
    "de": "wir haben noch nichts ausgelegt, oben liegt eine {top} und ich habe {hand}. "
    "Darf ich den Stapel nehmen?",
}


@settings(max_examples=examples(60), deadline=None)
@given(
    st.sampled_from(sorted(_ASK_PILE)),
    st.sampled_from(["9", "8", "5", "4"]),
    st.integers(0, 3),
    st.integers(0, 1),
    st.sampled_from([None, 0, 1600, 3100]),
)
def test_the_pile_for_a_side_that_has_not_melded_is_ruled_as_the_pile_form_rules_it(
    lang, top, naturals, joker, score
):
    """Differential: "we haven't melded yet, a 9 on top, I hold 9 9 X" gets check_pickup's
    verdict for a side with no melds, at the score told; with no score told, only a No that
    holds at any score (too few natural cards) is ruled."""
    hand = " ".join([top] * naturals + ["X"] * joker) or "nothing"
    asked = _ASK_PILE[lang].format(top=top, hand=hand)
    if score is not None:
        asked = f"{asked[:-1]} at {score:,}?".replace(",", " ")
    core = check_pickup(
        PRESETS["classic"],
        top=parse_cards(top)[0],
        frozen=False,
        stopped=False,
        hand=parse_cards(hand) if naturals + joker else (),
        melds=(),
        score=score or 0,
    )
    found = ruling(asked, lang)
    if score is None and (core.allowed or core.rule != "pile.unopened"):
        assert found is None or found["verdict"] is None, asked
        return
    if not naturals + joker:
        return  # "I hold nothing": no cards told, nothing to rule on
    assert found is not None, asked
    assert found["verdict"] == ("yes" if core.allowed else "no"), asked
    assert found["rules"] == [core.rule], asked


@pytest.mark.parametrize(
    ("variant", "lang", "question", "key"),
    [
        ("american", "en", "when do we get the talon?", "play.bonus-cards"),
        ("american", "en", "What does Talon mean in canasta?", "play.bonus-cards"),
        ("classic", "en", "what happens when the talon runs out?", "play.stock-out"),
        ("german", "de", "Was passiert, wenn der Talon aufgebraucht ist?", "play.stock-out"),
    ],
)
def test_a_word_of_some_tables_means_what_it_means_there(variant, lang, question, key):
    """'talon': the bonus cards at the American game's tables, the stock at the others'."""
    found = [a.key for a in ask(PRESETS[variant], question, lang).answers]
    assert found[0] == key, found
    if variant != "american":
        assert "play.bonus-cards" not in found


_LEFT_IN_HAND = {
    "en": "at the end we still had {} left in hand, how many points do we lose?",
    "cs": "na konci nám v ruce zůstaly {}, kolik bodů se odečte?",
    "es": "al final nos quedaron {} en la mano, ¿cuántos puntos perdemos?",
    "pl": "na koniec w ręce zostały nam {}, ile punktów tracimy?",
}


@settings(max_examples=examples(60), deadline=None)
@given(
    st.sampled_from(sorted(_LEFT_IN_HAND)),
    st.lists(st.sampled_from(["A", "K", "Q", "7"]), min_size=1, max_size=2, unique=True),
    st.lists(st.integers(2, 4), min_size=2, max_size=2),
    st.integers(0, 2),
)
def test_cards_left_in_hand_told_in_words_count_what_the_score_counts(lang, ranks, counts, jokers):
    """Differential: the figure for cards told as left in hand is what scoring charges for
    them (hand_costs, as `referee score` counts a hand's cards)."""
    from referee.rules.hand import hand_costs

    parts = [_in_words(lang, rank, count, 0) for rank, count in zip(ranks, counts, strict=False)]
    if jokers == 1:
        parts.append(_JOKERS[lang][0])
    elif jokers:
        parts.append(_JOKERS[lang][1].format(_COUNTS[lang][jokers]))
    asked = _LEFT_IN_HAND[lang].format(f" {_AND[lang]} ".join(parts))
    costs = hand_costs(PRESETS["classic"])
    cards = [r for r, c in zip(ranks, counts, strict=False) for _ in range(c)] + ["X"] * jokers
    want = sum(costs[parse_cards(card)[0].rank] for card in cards)
    found = ruling(asked, lang)
    assert found is not None, asked
    assert found["figure"] == want, asked
    assert found["rules"] == ["hand.points"], asked


@pytest.mark.parametrize("variant", sorted(PRESETS))
@pytest.mark.parametrize(
    ("lang", "question", "kind"),
    [
        ("en", "how much is a natural canasta worth?", "natural"),
        ("cs", "kolik bodů je za smíšenou kanastu?", "mixed"),
        ("de", "Wie viel ist ein gemischter Canasta wert?", "mixed"),
        ("es", "¿cuánto vale una canasta limpia?", "natural"),
        ("nl", "hoeveel punten is een zuivere canasta waard?", "natural"),
        ("pl", "ile punktów za kanastę mieszaną?", "mixed"),
    ],
)
def test_a_canasta_s_worth_is_its_variant_s_bonus(variant, lang, question, kind):
    from referee.rules.variant import CanastaKind

    rules = PRESETS[variant]
    bonus = rules.canasta_bonus.get(CanastaKind(kind))
    found = ruling(question, lang, variant)
    if bonus is None or "canasta.kinds" not in rules.rules:
        assert found is None or found["figure"] is None
        return
    assert found["figure"] == bonus
    assert found["rules"] == ["canasta.kinds"]


@pytest.mark.parametrize("variant", sorted(PRESETS))
@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "can we go out without a canasta?"),
        ("cs", "můžeme skončit bez kanasty?"),
        ("de", "Darf man ohne Canasta ausmachen?"),
        ("es", "¿se puede cerrar sin canasta?"),
        ("nl", "mogen we uitgaan zonder canasta?"),
        ("pl", "czy można zakończyć bez kanasty?"),
    ],
)
def test_going_out_without_a_canasta_is_ruled_as_the_going_out_form_rules_it(
    variant, lang, question
):
    from referee.rules.rulings import check_going_out

    rules = PRESETS[variant]
    kings = Meld(parse_cards("K K K"))  # a side's meld, not a canasta
    core = check_going_out(rules, players=rules.default_players, melds=[kings], hand=())
    found = ruling(question, lang, variant)
    if core.allowed or core.rule != "going-out.canastas":
        assert found is None or found["verdict"] != "no"
        return
    assert found["verdict"] == "no"
    assert found["rules"] == ["going-out.canastas"]


def test_how_much_we_need_with_melds_told_is_the_minimum_and_whether_they_reach_it():
    asked = "We have 3 100 and hold A A A 2 and K K K. How many points do we need to open?"
    found = ruling(asked)
    melds = [Meld(parse_cards("A A A 2")), Meld(parse_cards("K K K"))]
    core = check_opening(PRESETS["classic"], 3100, melds)
    assert found["figure"] == core.minimum == 120
    assert found["verdict"] == "no"
    assert str(core.points) in found["text"]


@pytest.mark.parametrize(
    ("lang", "post", "sentence"),
    [
        ("en", "We play most nights. My partner had two kings. can I take the pile with two "
         "kings. thanks a lot", "can I take the pile with two kings."),
        ("cs", "Hráli jsme včera. Soupeř vyložil tři krále. Může se brát balíček se dvěma "
         "králi. Díky", "Může se brát balíček se dvěma králi."),
        ("de", "Wir spielen oft zu viert. Darf man ohne Canasta ausmachen. Danke euch",
         "Darf man ohne Canasta ausmachen."),
        ("pl", "Gramy co tydzień. Ile kart dostaje każdy gracz. Dzięki",
         "Ile kart dostaje każdy gracz."),
    ],
)  # fmt: skip
def test_a_post_without_a_question_mark_is_asked_by_its_sentence_with_a_question_word(
    lang, post, sentence
):
    assert question_sentence(post, lang) == sentence


@pytest.mark.parametrize(
    ("lang", "sentence", "asking"),
    [("en", "Can I take the pile with two kings.", True), ("en", "Is that enough?", True),
     ("es", "¿Puedo bajar", True), ("de", "Darf man ohne Canasta ausmachen.", True),
     ("en", "Then the third player said she had two.", False),
     ("cs", "Hráli jsme včera u babičky.", False)],
)  # fmt: skip
def test_a_sentence_asks_by_its_mark_or_its_first_word(lang, sentence, asking):
    """A long post whose sentences ask nothing is searched whole (referee.ask._search)."""
    from referee.ask.situation import asks

    assert asks(sentence, lang) is asking


# -- A question naming nothing asks about the act told before it (issue 44, fifth pass) ---------

# ``(story, disputed act, question)``: the story's act is not disputed, the question names
# nothing of the game; the act it refers back to is a joker added to a meld of sevens, which
# the American book forbids (sevens take no wild card)
_WHO_IS_RIGHT = {
    "en": ("We opened with K K K.", "Then my partner put a joker on our 7 7 7 7.",
           "Who's right??"),
    "cs": ("Vyložili jsme K K K.", "Pak partnerka přiložila žolíka k našim 7 7 7 7.",
           "Kdo má pravdu?"),
    "de": ("Wir haben K K K ausgelegt.", "Dann hat meine Partnerin einen Joker an unsere "
           "7 7 7 7 angelegt.", "Wer hat recht?"),
    "es": ("Bajamos K K K.", "Luego mi compañera le puso un comodín a nuestros 7 7 7 7.",
           "¿Quién tiene razón?"),
    "nl": ("We hebben K K K uitgelegd.", "Toen heeft mijn partner een joker aangelegd bij "
           "onze 7 7 7 7.", "Mag dat?"),
    "pl": ("Wyłożyliśmy K K K.", "Potem partnerka dołożyła jokera do naszych 7 7 7 7.",
           "Kto ma rację?"),
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_question_naming_nothing_is_ruled_on_the_act_it_refers_back_to(lang):
    story, act, question = _WHO_IS_RIGHT[lang]
    from referee.rules.rulings import check_wild_card

    american = PRESETS["american"]
    expected = check_wild_card(american, meld=Meld(parse_cards("7 7 7 7")), opening=False)
    assert expected.allowed is False  # sevens take no wild card (the book's rule)
    found = ask(american, f"{story} {act} {question}", lang).ruling
    assert found is not None, lang
    assert (found.verdict, found.rules) == (expected.allowed, (expected.rule,))
    assert found.form == ("wild_card", {"meld": "7 7 7 7"})
    # the act told, then the question: the same ruling without the story
    assert ask(american, f"{act} {question}", lang).ruling == found
    # the question alone names nothing: nothing to rule on
    assert ask(american, question, lang).ruling is None


# A discard the story tells and nobody disputes ("I chose to discard a joker.": words a
# discard question is read by), then the act the question refers back to: a meld of natural
# cards (no three, no wild card)
_DISCARDED = {
    "en": "I chose to discard {}.", "cs": "Rozhodl jsem se odhodit {}.",
    "de": "Ich wollte {} abwerfen.", "es": "Decidí descartar {}.",
    "nl": "Ik wilde {} weggooien.", "pl": "Postanowiłem wyrzucić {}.",
}  # fmt: skip
_RESTRICTED = {  # a card the American book restricts the discard of: its words, its symbol
    "en": [("a joker", "X"), ("a black three", "3")], "cs": [("žolíka", "X")],
    "de": [("einen Joker", "X")], "es": [("un comodín", "X")], "nl": [("een joker", "X")],
    "pl": [("jokera", "X")],
}  # fmt: skip
_MELDED = {
    "en": "Then she melded {}.", "cs": "Pak vyložila {}.", "de": "Dann hat sie {} ausgelegt.",
    "es": "Luego bajó {}.", "nl": "Toen legde ze {} uit.", "pl": "Potem wyłożyła {}.",
}  # fmt: skip
_NAMING_NOTHING = {
    "en": ["Who's right??", "Is that legal?", "Can she do that?", "Was I wrong?"],
    "cs": ["Kdo má pravdu?", "Je to povolené?"], "de": ["Wer hat recht?", "Ist das erlaubt?"],
    "es": ["¿Quién tiene razón?", "¿Es válido?"], "nl": ["Mag dat?", "Wie heeft gelijk?"],
    "pl": ["Kto ma rację?", "Czy to dozwolone?"],
}  # fmt: skip
_FILLER = {
    "en": "We play every Friday.", "cs": "Hrajeme každý pátek.", "de": "Wir spielen freitags.",
    "es": "Jugamos los viernes.", "nl": "We spelen op vrijdag.", "pl": "Gramy w piątki.",
}  # fmt: skip
_NATURAL_RANKS = [r for r in Rank if r.value not in ("2", "3", "X")]


@settings(max_examples=examples(100), deadline=None)
@given(
    st.sampled_from(sorted(LANGUAGES)).flatmap(
        lambda lang: st.tuples(
            st.just(lang),
            st.sampled_from(_RESTRICTED[lang]),
            st.sampled_from(_NAMING_NOTHING[lang]),
            st.lists(st.sampled_from(_NATURAL_RANKS), min_size=1, max_size=2, unique=True),
            st.integers(3, 6),
            st.booleans(),
        )
    )
)
def test_a_question_naming_nothing_never_rules_on_an_undisputed_earlier_act(drawn):
    """The story's discard of a restricted card is never what a later act's question is ruled
    on: the ruling, if any, names none of that card and is no discard's."""
    lang, (card_words, symbol), question, ranks, count, filler = drawn
    melds = " ".join(" ".join([r.value] * count) for r in ranks)
    sentences = [_DISCARDED[lang].format(card_words), _MELDED[lang].format(melds)]
    if filler:
        sentences.insert(1, _FILLER[lang])
    post = " ".join([*sentences, question])
    found = ask(PRESETS["american"], post, lang).ruling
    assert found is None or found.form is None or found.form[0] != "discard", post
    if found is not None and found.form is not None:
        assert all(symbol not in value.split() for value in found.form[1].values()), post


# "We are at {score} and went down with {points} points. Who is right?": the opening told by
# its points, ruled by check_opening_points at the post's score
_POINTS_TOLD = {
    "en": "We are at {} and went down with {} points. Who is right?",
    "cs": "Máme {} a poprvé jsme vyložili se {} body. Kdo má pravdu?",
    "de": "Wir haben {} und sind mit {} Punkten rausgekommen. Wer hat recht?",
    "es": "Tenemos {} y bajamos con {} puntos. ¿Quién tiene razón?",
    "nl": "We hebben {} en kwamen uit met {} punten. Wie heeft gelijk?",
    "pl": "Mamy {} i wyłożyliśmy z {} punktami. Kto ma rację?",
}


@settings(max_examples=examples(60), deadline=None)
@given(
    st.sampled_from(sorted(LANGUAGES)),
    st.sampled_from(["american", "classic"]),
    st.integers(0, 9_000).map(lambda n: 5 * (n // 5)),
    st.integers(10, 400).map(lambda n: 5 * (n // 5)),
)
def test_an_opening_told_by_its_points_is_ruled_at_the_posts_score(lang, variant, score, points):
    from referee.rules.opening import check_opening_points

    assume(score >= 100)  # a score of three digits or more is read as one
    post = _POINTS_TOLD[lang].format(score, points)
    expected = check_opening_points(PRESETS[variant], score, points)
    found = ruling(post, lang, variant)
    assert found is not None, post
    assert (found["verdict"], found["rules"]) == (
        "yes" if expected.allowed else "no",
        ["opening.minimum"],
    ), post


_SCORE_HAD = {  # a score under a thousand told as had, in points, then the melds
    "en": "We have {} points. Is K K K 2 enough to go down?",
    "cs": "Máme {} bodů. Stačí K K K 2 na vyložení?",
    "de": "Wir haben {} Punkte. Reichen K K K 2 zum Auslegen?",
    "es": "Tenemos {} puntos, ¿alcanza con K K K 2 para bajar?",
    "nl": "We hebben {} punten. Is K K K 2 genoeg om uit te leggen?",
    "pl": "Mamy {} punktów. Czy wystarczy K K K 2 na wyłożenie?",
}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("score", [500, 750, 995])
def test_a_score_of_hundreds_told_as_had_is_the_side_s_score(lang, score):
    """ "tenemos 500 puntos": from 500 up, points a side has are its score (a meld's points
    told are under 500), so the opening is ruled at it (the lead's probes, 2026-11-28)."""
    from referee.rules.opening import check_opening_points

    post = _SCORE_HAD[lang].format(score)
    expected = check_opening_points(PRESETS["classic"], score, 50)
    found = ruling(post, lang, "classic")
    assert found is not None, post
    assert (found["verdict"], found["figure"]) == ("yes" if expected.allowed else "no", 50), post


def test_a_minimum_claimed_is_not_a_meld_s_points():
    # "we need 90 points" says what the minimum is, not what was laid: the claim is weighed
    # against the minimum at the score (tests/test_ask_table_talk.py), never 90 points laid
    found = ruling("We are at 1500 and need 90 points to open. Who is right?", "en")
    assert found is not None
    assert found["figure"] == PRESETS["classic"].opening_minimum(1500)
    assert found["verdict"] == "yes"
    assert "1500" in found["text"]
    assert "reach" not in found["text"]


_GOING_OUT_GETS = {
    "en": "We went out with two canastas. What do you get for going out?",
    "cs": "Co dostaneme za ukončení hry?",
    "de": "Was bekommt man fürs Ausmachen?",
    "es": "¿Cuánto se gana por cerrar?",
    "nl": "Wat krijg je voor uitgaan?",
    "pl": "Ile dostaje się za wyjście?",
}
_TARGET = {
    "en": "What do you play to?",
    "cs": "Do kolika se hraje?",
    "de": "Bis wie viel spielt man?",
    "es": "¿Hasta cuántos puntos se juega?",
    "nl": "Tot hoeveel punten speel je?",
    "pl": "Do ilu punktów gra się?",
}


@pytest.mark.parametrize("variant", ["american", "classic"])
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_what_going_out_scores_and_what_a_game_is_played_to_are_the_variant_s(lang, variant):
    from referee.rules.hand import going_out_points

    v = PRESETS[variant]
    gets = ruling(_GOING_OUT_GETS[lang], lang, variant)
    assert gets is not None, lang
    assert (gets["figure"], gets["rules"]) == (
        going_out_points(v, went_out=True),
        ["going-out.bonus"],
    )
    target = ruling(_TARGET[lang], lang, variant)
    assert target is not None, lang
    assert (target["figure"], target["rules"]) == (v.target_score, ["scoring.game-end"])


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "What does talon mean?"),
        ("cs", "Co znamená talon?"),
        ("de", "Was bedeutet Talon?"),
        ("es", "¿Qué significa talón?"),
        ("nl", "Wat betekent talon?"),
        ("pl", "Co znaczy talon?"),
    ],
)
def test_the_bonus_cards_named_with_no_first_meld_told_get_no_ruling(lang, question):
    assert ruling(question, lang, "american") is None
    # ... told, they do (the first side, before the turn card: four)
    told = ruling("We went down first. How many bonus cards do we get?", "en", "american")
    assert (told["verdict"], told["figure"]) == ("yes", 4)


def test_a_rank_named_again_is_the_meld_s_own_cards():
    # "králů je víc": the same kings as the meld's, not cards outside it
    post = (
        "Včera měl soupeř na stole tři krále a dvě dvojky a přidal ještě žolíka. Tvrdil, že je "
        "to v pořádku, protože králů je víc než divokých karet. Je taková sestava povolená?"
    )
    expected = check_meld(PRESETS["classic"], Meld(parse_cards("K K K 2 2 X")))
    found = ruling(post, "cs")
    assert found is not None
    assert found["verdict"] == ("yes" if expected.allowed else "no")


@settings(max_examples=examples(60), deadline=None)
@given(_NATURAL, st.lists(st.one_of(_NATURAL, _WILD), min_size=3, max_size=7))
def test_a_meld_asked_after_another_card_s_question_is_never_joined_to_that_card(earlier, cards):
    """A post that first asks of another card ("is an 8 worth five or ten?") and then of a
    meld is ruled, if at all, on the meld's own cards, as the meld form rules them -- the
    earlier card is never joined to it (a real post's "8 2 2")."""
    written = " ".join(cards)
    core = check_meld(PRESETS["classic"], Meld(parse_cards(written)))
    found = ruling(f"We forgot some rules. Is a {earlier} worth five or ten? Can I meld {written}?")
    if found is not None:
        assert found["verdict"] == ("yes" if core.allowed else "no")
        assert f'"{format_cards(parse_cards(written))}"' in found["text"]


def test_a_meld_question_naming_no_rank_is_not_ruled_on_the_story_s_card():
    post = (
        "We forgot some rules: is an eight worth five or ten? what's wrong with two wild cards "
        "and two naturals in one meld?"
    )
    assert ruling(post) is None
    assert ruling("Can I meld 8 8 2 2?")["verdict"] == "yes"


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=0, max_value=14),
    st.sampled_from(["jacks", "nines", "queens", "kings", "tens", "eights", "fives"]),
    st.sampled_from(["nines", "jacks", "eights", "sevens", "aces"]),
)
def test_going_out_with_more_canastas_than_ranks_left_is_answered(count, one, other):
    """A post counting more canastas than the ranks its other melds leave them ("5 canastas
    ... and three jacks and four nines on the table") is answered like any other -- it raised
    an error (a 500 on /api/ask) before, found by the twenty-ninth American posts' held half
    on arrival, 2026-11-30 -- and never with a Yes the count cannot hold."""
    post = (
        f"We had {count} canastas, one clean and one dirty, and three {one} and four {other} "
        "on the table. Can we go out?"
    )
    found = ask(PRESETS["american"], post, "en")
    assert found.answers
    if count < 2:
        assert found.ruling is None or found.ruling.verdict is not True
