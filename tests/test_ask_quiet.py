"""A post that asks nothing has no question to rule on (issue 44, sixth pass): a story, an
introduction, a boast, trash talk gets no rule, and says so; a rule question, told as a
story, typed as a few words, or put after any story, is never taken for one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.ask import NO_QUESTION, ask
from referee.ask.asking import asks_nothing, asks_play
from referee.ask.design import DESIGN
from referee.ask.judge import PLAY
from referee.rules import PRESETS
from tests import ask_eval

# Stories naming the pile, red threes, jokers and wild cards: read for rules, each finds some.
STORIES = {
    "en": "We played at my sister's house last night and the red threes kept coming to me. "
    "My partner took the discard pile twice with a pair of jokers and laughed the whole "
    "evening!",
    "cs": "Včera jsme hráli u babičky a pořád jsem dostávala červené trojky. Partner dvakrát "
    "vzal balíček se dvěma žolíky a celý večer se smál!",
    "de": "Gestern haben wir bei Oma gespielt und ich bekam dauernd rote Dreien. Mein Partner "
    "hat zweimal den Ablagestapel mit zwei Jokern genommen und den ganzen Abend gelacht!",
    "es": "Anoche jugamos en casa de mi hermana y me tocaban todos los treses rojos. Mi "
    "compañero tomó el pozo dos veces con dos comodines y se rió toda la noche!",
    "nl": "Gisteren speelden we bij oma en ik kreeg steeds rode drieën. Mijn partner pakte "
    "twee keer de stapel met twee jokers en heeft de hele avond gelachen!",
    "pl": "Wczoraj graliśmy u babci i ciągle dostawałam czerwone trójki. Partner dwa razy "
    "wziął stos z dwoma jokerami i śmiał się cały wieczór!",
}


@pytest.mark.parametrize("lang", sorted(STORIES))
def test_a_story_asking_nothing_gets_no_rule_and_says_so(lang):
    found = ask(PRESETS["classic"], STORIES[lang], lang)
    assert found.answers == []
    assert not found.covered
    assert found.ruling is not None
    assert found.ruling.text.template == NO_QUESTION
    assert found.ruling.verdict is None
    assert found.ruling.figure is None
    # read for rules as before, the same story finds them: the check is what keeps it quiet
    assert ask(PRESETS["classic"], STORIES[lang], lang, design=DESIGN._replace(quiet=False)).answers


# One told sentence past a typed query's few words asks nothing either (the real posts' dev
# part: a report of what a player did, 18 words, was given three rules).
@pytest.mark.parametrize(
    ("lang", "story"),
    [
        (
            "en",
            "Last night my aunt took the pile with two kings and laughed at all of us the whole "
            "evening.",
        ),
        (
            "de",
            "Gestern hat meine Tante den Stapel mit zwei Königen genommen und den ganzen Abend "
            "über uns gelacht.",
        ),
    ],
)
def test_one_told_sentence_asking_nothing_gets_no_rule(lang, story):
    assert asks_nothing(story, lang)
    found = ask(PRESETS["classic"], story, lang)
    assert found.answers == []
    assert found.ruling is not None
    assert found.ruling.text.template == NO_QUESTION
    # ... but asked, or told with its rule in dispute, it is a question
    assert not asks_nothing("Can my aunt take the pile with two kings when it is frozen?", "en")
    assert not asks_nothing(
        "Last night my aunt took the pile with two kings and her brother said that is against "
        "the rules.",
        "en",
    )


# The same story with a rule dispute in words, a question, or a phrase asking without a mark.
@pytest.mark.parametrize(
    ("lang", "ending"),
    [
        ("en", " Her brother says that is against the rules."),
        ("en", " Can you take the pile with two jokers?"),
        ("en", " I was wondering whether the pile may be taken like that."),
        ("en", " She insisted you need a natural pair."),
        ("cs", " Bratr tvrdí, že to je proti pravidlům."),
        ("de", " Ihr Bruder sagt, das ist gegen die Regeln."),
        ("es", " Su hermano dice que eso va contra las reglas."),
        ("nl", " Haar broer zegt dat dat tegen de regels is."),
        ("pl", " Jej brat twierdzi, że to wbrew zasadom."),
    ],
)
def test_a_story_that_disputes_or_asks_is_answered_with_rules(lang, ending):
    found = ask(PRESETS["classic"], STORIES[lang] + ending, lang)
    assert found.answers
    assert found.ruling is None or found.ruling.text.template != NO_QUESTION


# What a player types in the box: a few words, no question mark, never a story.
@pytest.mark.parametrize(
    ("lang", "query"),
    [
        ("en", "joker value"),
        ("en", "red three"),
        ("en", "Rule for going out with black threes"),
        ("en", "Frozen pile. Two kings in hand."),
        ("de", "Stapel gesperrt. Zwei Könige auf der Hand."),
        ("cs", "hodnota žolíka"),
        ("de", "Wert vom Joker"),
        ("es", "valor del comodín"),
        ("nl", "waarde van een joker"),
        ("pl", "wartość jokera"),
    ],
)
def test_a_query_typed_in_a_few_words_is_a_question(lang, query):
    assert not asks_nothing(query, lang)
    assert ask(PRESETS["classic"], query, lang).answers


# A story of a procedure the book leaves open is the book's gap, said so, question or not.
def test_a_story_of_a_procedure_the_book_leaves_open_is_its_gap():
    story = (
        "At our club the dealer always shuffled the cards after the deal, never before. "
        "The other table shuffled first and laughed at us!"
    )
    found = ask(PRESETS["classic"], story, "en")
    assert found.ruling is not None
    assert found.ruling.text.template != NO_QUESTION
    assert not found.covered


def _rule_questions() -> list[tuple[str, str]]:
    """Every question a rule decides of the written sets and of the dev parts (the text and
    its language): the sets the check was counted on before it was built."""
    sets = [ask_eval.questions()]
    sets += [
        ask_eval.blind_questions(path=path)
        for path in (
            ask_eval.BLIND,
            ask_eval.SECOND_BLIND,
            ask_eval.THIRD_BLIND,
            ask_eval.FOURTH_BLIND,
            ask_eval.FIFTH_BLIND,
            ask_eval.SIXTH_BLIND,
            ask_eval.SEVENTH_BLIND,
            ask_eval.EIGHTH_BLIND,
        )
    ]
    found = [(q["text"], q["lang"]) for asked in sets for q in asked if q["rules"]]
    for part in (
        ask_eval.long_questions(),
        ask_eval.american_questions("dev"),
        ask_eval.real_questions("dev"),
    ):
        found += [(q["q"], q["lang"]) for q in part if q["kind"] == "rule"]
    return found


RULE_QUESTIONS = _rule_questions()


def test_no_rule_question_of_any_set_is_taken_for_a_post_asking_nothing():
    taken = [(text, lang) for text, lang in RULE_QUESTIONS if asks_nothing(text, lang)]
    # counted, not listed: the blind sets' questions are never printed
    assert len(taken) == 0, f"{len(taken)} of {len(RULE_QUESTIONS)} rule questions"


# Told sentences (past tense, people, the table's things), any of which a story is made of.
TOLD = {
    "en": (
        "We played at the club on Tuesday.",
        "My aunt dealt and the red threes went to her partner.",
        "Grandpa froze the pile with a joker!",
        "Nobody could take the discard pile for an hour.",
        "My husband won again, as he always does.",
        "We laughed so much that evening.",
    ),
    "de": (
        "Wir haben am Dienstag im Verein gespielt.",
        "Meine Tante hat gegeben und die roten Dreien gingen an ihren Partner.",
        "Opa hat den Stapel mit einem Joker eingefroren!",
        "Niemand konnte eine Stunde lang den Ablagestapel nehmen.",
    ),
    "es": (
        "Jugamos en el club el martes.",
        "Mi tía repartió y los treses rojos fueron para su compañero.",
        "El abuelo congeló el pozo con un comodín!",
    ),
}


@given(
    lang=st.sampled_from(sorted(TOLD)),
    picks=st.lists(st.integers(min_value=0, max_value=5), min_size=3, max_size=6),
    question=st.sampled_from(RULE_QUESTIONS),
    joint=st.sampled_from([" ", "\n", "\n\n"]),
)
def test_a_rule_question_after_any_story_is_never_taken_for_a_story(lang, picks, question, joint):
    told = TOLD[lang]
    story = " ".join(told[i % len(told)] for i in picks)
    assert asks_nothing(story, lang)  # the story alone asks nothing
    text, asked_in = question
    assert not asks_nothing(story + joint + text, asked_in)


# A story ending in a question that asks nothing is a story all the same.
def test_a_story_ending_in_a_question_asking_nothing_gets_no_rule():
    post = STORIES["en"] + " Can you believe it?"
    found = ask(PRESETS["classic"], post, "en")
    assert found.answers == []
    assert found.ruling is not None
    assert found.ruling.text.template == NO_QUESTION
    asked = STORIES["en"] + " Can you take the pile with two jokers?"
    assert ask(PRESETS["classic"], asked, "en").answers


# -- Strategy in a rule question's words: a matter of play (asking.asks_play) -----------------

PLAY_QUESTIONS = [
    ("en", "What's the best way to use jokers?"),
    ("en", "Do you always pick up the pile when you can?"),
    ("en", "When do you usually freeze the pile?"),
    ("en", "Does it make sense to keep pairs for the pile?"),
    ("cs", "Jaký je nejlepší způsob, jak využít žolíky?"),
    ("de", "Was ist der beste Weg, die Joker einzusetzen?"),
    ("es", "¿Cuál es la mejor manera de usar los comodines?"),
    ("nl", "Wat is de beste manier om jokers te gebruiken?"),
    ("pl", "Jaki jest najlepszy sposób na wykorzystanie jokerów?"),
    ("cs", "Berete vždycky balíček, když můžete?"),
    ("de", "Nehmt ihr immer den Stapel, wenn ihr könnt?"),
    ("es", "¿Sueles tomar el pozo cuando puedes?"),
    ("nl", "Pakken jullie altijd de stapel als het kan?"),
    ("pl", "Czy zawsze bierzecie stos, kiedy się da?"),
]


@pytest.mark.parametrize(("lang", "question"), PLAY_QUESTIONS)
def test_strategy_asked_in_a_rule_question_s_words_is_a_matter_of_play(lang, question):
    found = ask(PRESETS["classic"], question, lang)
    assert found.answers == []
    assert not found.covered
    assert found.ruling is not None
    assert found.ruling.play
    assert found.ruling.text.template == PLAY


# The same words asking what one must or may do, or what a thing counts: the book's.
@pytest.mark.parametrize(
    ("lang", "question", "rule"),
    [
        ("en", "Do you always have to discard at the end of your turn?", "play.discard"),
        ("en", "Do you always count the red threes at the end?", "red-threes.count"),
        ("de", "Muss man immer eine Karte abwerfen?", "play.discard"),
        ("es", "¿Siempre hay que descartar al final del turno?", "play.discard"),
    ],
)
def test_the_same_words_asking_what_one_must_do_get_the_rule(lang, question, rule):
    found = ask(PRESETS["classic"], question, lang)
    assert found.covered
    assert rule in [answer.key for answer in found.answers]


# "Always" said of a card, not of the players: the book's, in every language.
@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "Is a joker always wild?"),
        ("cs", "Je žolík vždycky divoký?"),
        ("de", "Gilt ein Joker immer als wild?"),
        ("es", "¿Un comodín siempre es comodín?"),
        ("nl", "Is een joker altijd wild?"),
        ("pl", "Czy joker zawsze jest dziki?"),
    ],
)
def test_always_said_of_a_card_is_a_rule_question(lang, question):
    assert not asks_play(question, lang)
    assert ask(PRESETS["classic"], question, lang).covered


def test_no_rule_question_of_any_set_is_taken_for_one_of_play():
    taken = [(text, lang) for text, lang in RULE_QUESTIONS if asks_play(text, lang)]
    assert len(taken) == 0, f"{len(taken)} of {len(RULE_QUESTIONS)} rule questions"


@given(
    frame=st.sampled_from(
        ["What's the best way to", "Do you always", "Is it a good idea to", "When do you usually"]
    ),
    must=st.sampled_from(["have to", "must", "can you", "count", "is it allowed to"]),
    thing=st.sampled_from(["take the pile", "meld a joker", "the red threes", "discard a two"]),
)
def test_a_question_asking_what_one_must_do_is_never_taken_for_play(frame, must, thing):
    assert not asks_play(f"{frame} {must} {thing}?", "en")


@settings(max_examples=200, deadline=None)
@given(
    kind=st.sampled_from(["people", "feelings", "rule", "asks", "dispute", "rhetorical", "play"]),
    lang=st.sampled_from(["en", "cs", "de", "es", "nl", "pl"]),
    data=st.data(),
)
def test_the_phrases_are_found_as_a_regular_expression_of_them_finds_them(kind, lang, data):
    """The phrases are looked up as runs of words (nothing compiled at a cold start): found,
    and taken out, exactly where the regular expression of them would be."""
    import re

    from referee.ask.asking import _pattern, _phrases

    phrases = sorted(_phrases(lang).get(kind, ()), key=len, reverse=True)
    if not phrases:
        assert _pattern(kind, lang) is None
        return
    regex = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, phrases)) + r")(?!\w)")
    pieces = st.sampled_from([*phrases, "the", "pile", "a", "is", "it", "not", "we", "x1"])
    plain = " ".join(data.draw(st.lists(pieces, max_size=12)))
    found = _pattern(kind, lang)
    assert found is not None
    assert found.search(plain) == (regex.search(plain) is not None)
    assert found.sub(plain) == " ".join(regex.sub(" ", plain).split())
