"""Issue 44: a ruling of ``referee ask`` links to the referee's form that asks the same, filled
in; that form, sent as a browser sends it, rules as the ruling did (its verdict, its figure,
its rule).  Questions of every kind of ruling ``referee ask`` gives (``judge.py``,
``judge_play.py``), generated from a few words and cards each, asked of the real app."""

from __future__ import annotations

import re
from html import unescape
from itertools import product
from urllib.parse import quote_plus, urlsplit

import pytest
from werkzeug.datastructures import MultiDict

from referee.ask.judge import rule_on
from referee.rules import PRESETS
from referee.web.parts.forms import offered_questions, option_field_name
from tests.support.web import form_data, make_app, ruling

SCORES = (-200, 0, 1500, 3000)


@pytest.fixture(scope="module")
def asking(tmp_path_factory):
    """One app for the module's questions: asking and the referee's forms store nothing."""
    return make_app(tmp_path_factory.mktemp("asking")).test_client()


def _cases() -> list[tuple[str, str, str, str]]:
    """(kind, variant, question, the form its ruling links to)."""
    cases = []
    for score in SCORES:  # the minimum: a figure
        cases.append(
            ("minimum", "classic", f"we have {score}, how much do we need to open?", "opening")
        )
    melds = ("K K K and Q Q Q", "A A A and K K K 2", "X X A A A and 9 9 9", "J J J 2 and 5 5 5")
    for score, told in product(SCORES, melds):  # enough to open: a verdict, and its points
        asked = f"we have {score} and want to meld {told}, is that enough to open?"
        cases.append(("opening", "classic", asked, "opening"))
    for told in melds:  # the melds' points, no score told
        cases.append(("opening points", "classic", f"is {told} enough to open?", "opening"))
    for top, held in (("9", "a 9 and a joker"), ("K", "K K"), ("5", "5 5 5")):
        asked = f"we have already melded; a {top} on top and I hold {held}, can I take the pile?"
        cases.append(("pile", "classic", asked, "pickup"))
        asked = f"the pile is frozen, a {top} on top and I hold {held}, can I take the pile?"
        cases.append(("pile frozen", "classic", asked, "pickup"))
    for score, hand in product((0, 1500, 3000), ("K K", "K K A A A", "K X")):
        asked = f"we have not melded yet, we have {score}, a K on top and I hold {hand}"
        asked += ", may I take the pile?"
        cases.append(("pile unopened", "classic", asked, "pickup"))
    for told in ("K K K K K K K and Q Q Q", "K K K K K 2 2", "Q Q Q and J J J"):
        cases.append(("going out", "classic", f"can we go out with {told}?", "go_out"))
    cases.append(("going out", "classic", "may we go out without a canasta?", "go_out"))
    cards = ("J J 2 2 2", "9 9 X X X X", "4 4 4", "K K K K K K K", "7 7 7 7 7 2 2", "A A 2")
    for variant, told in product(("classic", "american"), cards):
        cases.append(("meld", variant, f"can I meld {told}?", "meld"))
        cases.append(("meld worth", variant, f"how much is {told} worth?", "meld"))
    for variant, kind in product(("classic", "american", "samba"), ("natural", "mixed")):
        cases.append(("canasta", variant, f"what does a {kind} canasta score?", "meld"))
    # A hand's bonuses (judge_hand.py): the referee's hand form, filled in with its items.
    for variant, asked in (
        ("american", "We had a clean canasta, a dirty canasta and 2 red threes and went out. "
         "What do we score for bonuses?"),
        ("classic", "What do we score with one natural canasta, one mixed canasta and 3 red "
         "threes?"),
        ("classic", "we have 2 red threes and have not melded, what do we score?"),
        ("classic", "we went out concealed with 2 natural canastas and a red three, what do "
         "we get?"),
        ("samba", "we went out with 2 natural canastas and 1 red three, what do we score?"),
    ):  # fmt: skip
        cases.append(("hand bonuses", variant, asked, "hand_score"))
    # The American game's play rules (issue 45's core).
    for card in ("a joker", "a two", "a black 3", "my last card, a joker"):
        cases.append(("discard", "american", f"may I discard {card}?", "discard"))
    for card in ("an ace", "a 7"):
        asked = f"can I discard {card} onto an empty pile?"
        cases.append(("discard", "american", asked, "discard"))
    for ranks, rank in (("kings", "king"), ("queens", "queen"), ("nines", "nine")):
        theirs = f"they closed their canasta of {ranks}, may I take the pile with a {rank}?"
        ours = f"we closed our canasta of {ranks}, may I discard a {rank}?"
        added = f"can I add a {rank} to our closed canasta of {ranks}?"
        cases.append(("dead rank", "american", theirs, "dead_rank"))
        cases.append(("dead rank", "american", ours, "dead_rank"))
        cases.append(("dead rank", "american", added, "meld"))
    for told in ("K K K K", "K K K K K", "Q Q Q", "9 9 9 9 9 9"):
        cases.append(("wild card", "american", f"can I add a joker to my {told}?", "wild_card"))
    cases.append(("wild card", "american", "can I add a two to my sevens?", "wild_card"))
    for ranks in ("aces", "kings", "nines"):
        cases.append(("pair", "american", f"can I meld two {ranks}?", "meld"))
    for what in ("a canasta of sevens", "a canasta of aces", "a wild canasta of twos"):
        cases.append(("canasta", "american", f"what does {what} score?", "meld"))
    for hand in ("7 7 7 A A A", "A A A K", "7 7 7 7 5", "A A A A 7 7 7 2"):
        asked = f"I was left holding {hand} at the end, what does it cost?"
        cases.append(("held", "american", asked, "held"))
    for what in ("a mismeld", "melds taken back", "a first meld short of the minimum"):
        cases.append(("penalty", "american", f"what is the penalty for {what}?", "penalty"))
    asked = "what is the penalty for a first meld short of the minimum?"
    cases.append(("penalty", "czech-fast", asked, "penalty"))
    for asked in (
        "I forgot to draw the bonus cards, may I still draw them?",
        "how many bonus cards do we draw with our first meld?",
        "we took the pile with our first meld, do we draw the bonus cards?",
    ):
        cases.append(("bonus cards", "american", asked, "bonus_cards"))
    asked = "the stock ran out on a red three, what now?"
    cases.append(("stock out", "american", asked, "stock_out"))
    # Six moments of a hand (issue 44, rules/moment_rulings.py): those a form asks the same of.
    for ranks, going in product(("kings", "nines", "aces"), ("", " to go out")):
        asked = f"can I add an eighth card to our canasta of {ranks}{going}?"
        cases.append(("eighth card", "american", asked, "meld"))
    for ranks in ("kings", "nines", "aces"):
        asked = f"we have no meld of {ranks}, can I add one of them to our melds?"
        cases.append(("no meld", "american", asked, "meld"))
        asked = f"we closed our canasta of {ranks}, can we start a new meld of {ranks}?"
        cases.append(("second meld", "american", asked, "dead_rank"))
    for asked in (
        "a special hand after partner melded: may I?",
        "we have not melded yet, can I go out with a special hand?",
        "can I go out with a special hand after my partner has melded?",
    ):
        cases.append(("special hand", "american", asked, "special_hand"))
    return cases


def _numbers(text: str) -> set[int]:
    """The figures a sentence states (the page groups their digits: 3,000)."""
    return {int(n.replace(",", "")) for n in re.findall(r"-?\d[\d,]*\d|\d", text)}


@pytest.mark.parametrize(("kind", "variant", "question", "form"), _cases())
def test_the_ruling_s_link_opens_a_form_that_rules_the_same(asking, kind, variant, question, form):
    said = asking.get(f"/api/ask?variant={variant}&q={quote_plus(question)}").get_json()["ruling"]
    assert said is not None, f"{kind}: no ruling for {question!r}"
    page = asking.get(f"/referee?variant={variant}&ask={quote_plus(question)}")
    answer = page.get_data(as_text=True).split('id="ask-answer"')[1].split("</section>")[0]
    link = re.search(r'<a class="button" href="([^"]+)">([^<]+)</a>', answer)
    assert link, f"{kind}: the ruling on {question!r} links to no form"
    assert link[2].startswith("Check it on the ")  # the button names its form
    url = unescape(link[1])
    assert urlsplit(url).fragment == f"q-{form}"

    # The form opened by the link, filled in, sent as the player would send it.
    action, fields = form_data(asking.get(url).get_data(as_text=True), f"q-{form}")
    assert ("question", form) in fields
    response = asking.post(action.split("#")[0], data=MultiDict(fields))
    assert response.status_code == 200, response.get_data(as_text=True)[:2000]
    shown = response.get_data(as_text=True).split(f'id="q-{form}-answer"')[1]
    allowed, sentence, rule = ruling(shown)
    penalty = re.search(
        r'<p class="penalty">[^<]*<strong>([^<]+)</strong>', shown.split("</div>")[0]
    )

    if said["verdict"] is not None:
        assert allowed is (said["verdict"] == "yes"), (sentence, said)
    if said["figure"] is not None:
        stated = _numbers(sentence) | (_numbers(penalty[1]) if penalty else set())
        assert said["figure"] in stated, (sentence, said)
    assert rule.removeprefix(f"{variant}.") in said["rules"], (rule, said)


@pytest.mark.parametrize(
    ("variant", "question"),
    [
        # A card's value, a canasta left unfinished, cards left in hand: the variant's values,
        # which no question of `referee check` asks, so no form to open.
        ("classic", "how much is a joker worth?"),
        ("american", "what does an unfinished canasta of sevens cost?"),
        ("classic", "at the end we still had K Q 9 left in hand, how many points do we lose?"),
    ],
)  # fmt: skip
def test_a_value_no_form_asks_is_given_without_a_link(client, variant, question):
    said = client.get(f"/api/ask?variant={variant}&q={quote_plus(question)}").get_json()["ruling"]
    assert said is not None
    assert said["figure"] is not None
    page = client.get(f"/referee?variant={variant}&ask={quote_plus(question)}")
    answer = page.get_data(as_text=True).split('id="ask-answer"')[1].split("</section>")[0]
    assert '<a class="button"' not in answer
    assert f'<strong class="figure">{said["figure"]:,}</strong>' in answer


# The moments no form asks (issue 44, rules/moment_rulings.py): a second meld beside an open
# one, the pile's cards toward the opening, asking the partner, the pile on the first turn and
# past the turn card.  Their ruling has no button: its rule
# leads the answers, with the link that opens that rule on the rules page.
NO_FORM = [
    ("american", "can we start a second meld of fives while we have one?", "meld.one-per-rank"),
    ("samba", "can we have two melds of fives?", "meld.one-per-rank"),
    ("american", "does the pile's top card count toward the 125?", "opening.pile-top"),
    ("classic", "does the pile's top card count toward the minimum?", "opening.pile-top"),
    ("american", "do I have to ask my partner before going out?", "going-out.partner"),
    ("hand-and-foot", "do I have to ask my partner before going out?", "going-out.partner"),
    ("american", "can I take the pile on the first turn?", "deal.upcard"),
    ("czech-fast", "can I take the pile on the first turn?", "pile.first-round"),
    ("american", "can we still pick up the pile after the turn card?", "play.turn-card"),
]  # fmt: skip


@pytest.mark.parametrize(("variant", "question", "key"), NO_FORM)
def test_a_moment_no_form_asks_leads_with_its_rule_s_link(asking, variant, question, key):
    said = asking.get(f"/api/ask?variant={variant}&q={quote_plus(question)}").get_json()
    assert said["ruling"]["rules"] == [key]
    page = asking.get(f"/referee?variant={variant}&ask={quote_plus(question)}")
    answer = page.get_data(as_text=True).split('id="ask-answer"')[1].split("</section>")[0]
    assert '<a class="button"' not in answer  # no form to open
    first = answer.split('<article class="found')[1].split("</article>")[0]
    assert f'data-rule="{key}"' in first
    link = re.search(r'<a href="([^"]+)">This rule on the rules page</a>', first)
    assert unescape(link[1]) == f"/rules/{variant}#rule-{key}"
    rules = asking.get(f"/rules/{variant}").get_data(as_text=True)
    assert f'id="rule-{key}"' in rules


@pytest.mark.parametrize(
    ("variant", "question"),
    [
        ("classic", "can I go out with a special hand after my partner has melded?"),
        ("classic", "can we still pick up the pile after the turn card?"),
    ],
)
def test_a_moment_the_book_leaves_open_says_so_on_the_page(asking, variant, question):
    """No special hands, no turn card in the classic book: the page says the book does not
    say, shows the nearest rules as such, and offers no form."""
    said = asking.get(f"/api/ask?variant={variant}&q={quote_plus(question)}").get_json()
    assert said["covered"] is False
    assert said["ruling"] == {
        "verdict": None,
        "figure": None,
        "text": "This rulebook does not say.",
        "rules": [],
    }
    page = asking.get(f"/referee?variant={variant}&ask={quote_plus(question)}")
    answer = page.get_data(as_text=True).split('id="ask-answer"')[1].split("</section>")[0]
    assert "This rulebook does not say." in answer
    assert '<a class="button"' not in answer
    if said["answers"]:
        assert "The nearest rules, which do not decide it" in answer


HELD_ASKED = {
    "en": ("I was left holding 7 7 7 A A A at the end, what does it cost?",
           "Check it on the cards held form"),
    "cs": ("na konci mi v ruce zůstalo 7 7 7 A A A, kolik to stojí?",
           "Ověřit ve formuláři pro karty v ruce"),
    "de": ("am Ende hatte ich noch 7 7 7 A A A auf der Hand, was kostet das?",
           "Im Formular zu den Karten auf der Hand prüfen"),
    "es": ("al final me quedaron 7 7 7 A A A en la mano, ¿cuánto cuesta?",
           "Comprobarlo en el formulario de cartas en la mano"),
    "nl": ("aan het eind had ik nog 7 7 7 A A A in de hand, wat kost dat?",
           "Controleren in het formulier voor kaarten in de hand"),
    "pl": ("na koniec zostało mi w ręce 7 7 7 A A A, ile to kosztuje?",
           "Sprawdź w formularzu kart na ręce"),
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(HELD_ASKED))
def test_cards_held_asked_in_each_language_open_their_form(client, lang):
    """cla-laws §Penalties: sevens and aces, three or more of each, 1500 each; asked in the
    player's words in each language, the ruling's link opens the held form, which charges the
    same."""
    question, label = HELD_ASKED[lang]
    asked = f"/referee?variant=american&lang={lang}&ask={quote_plus(question)}"
    page = client.get(asked).get_data(as_text=True)
    answer = page.split('id="ask-answer"')[1].split("</section>")[0]
    link = re.search(r'<a class="button" href="([^"]+)">([^<]+)</a>', answer)
    assert link[2] == label
    action, fields = form_data(client.get(unescape(link[1])).get_data(as_text=True), "q-held")
    assert ("held-hand", "7 7 7 A A A") in fields
    page = client.post(action.split("#")[0], data=MultiDict(fields)).get_data(as_text=True)
    penalty = re.search(r'<p class="penalty">[^<]*<strong>([^<]+)</strong>', page)
    assert int(re.sub(r"\D", "", penalty[1])) == 3000
    assert ruling(page)[2] == "american.hand.held"


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_table_s_ruling_links_to_a_form_its_page_offers(variant):
    """The same questions at every preset's table: a ruling's link names a question that
    table's referee page asks (a form the page does not offer would open the meld form)."""
    offered = offered_questions(PRESETS[variant])
    linked = set()
    for _kind, _variant, question, _form in _cases():
        found = rule_on(PRESETS[variant], question, "en")
        if found is not None and found.form is not None:
            linked.add(found.form[0])
    assert linked, variant
    assert linked <= set(offered), linked - set(offered)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_ruling_s_sentence_says_what_its_verdict_says(variant):
    """A figure's ruling (a penalty, cards held, a minimum) answers with its figure, never
    "No:" or "Yes:"; a Yes never reads "No:", nor a No "Yes:"."""
    said = {True: "Yes:", False: "No:"}
    for _kind, _variant, question, _form in _cases():
        found = rule_on(PRESETS[variant], question, "en")
        if found is None:
            continue
        text = found.text.render()
        opens = next((word for word in said.values() if text.startswith(word)), None)
        assert opens in (said.get(found.verdict), None), (question, found.verdict, text)
        if found.verdict is None:
            assert opens is None, (question, text)


# The events of a hand only some games score (issue 44, referee/ask/judge_hand.hand_event),
# asked at a table whose game and house rules score them: the ruling's link opens the hand
# form filled in with the event, which, sent, states the ruling's own figure under its rule.
EVENT_ASKED = [
    ("dutch", "undeclared_red_three", "en", "we forgot to declare a red three, what does it cost",
     {"undeclared_red_threes": "1"}),
    ("dutch", "undeclared_red_three", "en", "We forgot to declare 2 red threes. What does that "
     "cost?", {"undeclared_red_threes": "2"}),
    ("dutch", "undeclared_red_three", "nl", "wij vergaten een rode drie te melden, wat kost dat?",
     {"undeclared_red_threes": "1"}),
    ("dutch", "undeclared_red_three", "de", "Wir haben vergessen, eine rote Drei zu melden. Was "
     "kostet das?", {"undeclared_red_threes": "1"}),
    ("dutch", "undeclared_red_three", "es", "Olvidamos declarar un tres rojo, ¿cuánto cuesta?",
     {"undeclared_red_threes": "1"}),
    ("dutch", "undeclared_red_three", "cs", "Zapomněli jsme vyložit červenou trojku, kolik to "
     "stojí?", {"undeclared_red_threes": "1"}),
    ("dutch", "undeclared_red_three", "pl", "Zapomnieliśmy wyłożyć czerwoną trójkę, ile to "
     "kosztuje?", {"undeclared_red_threes": "1"}),
    ("hand-and-foot", None, "en", "I still had a red three in my foot at the end, what does it "
     "cost?", {"undeclared_red_threes": "1"}),
    ("dutch", "acabar", "en", "the other side called acabar, what do we get?", {"acabar": "them"}),
    ("dutch", "acabar", "nl", "De tegenpartij riep acabar. Hoeveel punten krijgen wij?",
     {"acabar": "them"}),
    ("dutch", "acabar", "en", "I called acabar, how many points do we get?", {"acabar": "us"}),
    # the other side in each language's words for it (the lead's probes, 2026-11-28 evening)
    ("dutch", "acabar", "nl", "De andere partij riep acabar. Hoeveel punten krijgen wij?",
     {"acabar": "them"}),
    ("dutch", "acabar", "de", "Das andere Team hat Acabar gesagt. Wie viele Punkte bekommen "
     "wir?", {"acabar": "them"}),
    ("dutch", "acabar", "cs", "Druhý tým ohlásil acabar. Kolik bodů dostaneme?",
     {"acabar": "them"}),
    ("dutch", "acabar", "pl", "Druga drużyna powiedziała acabar. Ile punktów dostajemy?",
     {"acabar": "them"}),
    ("dutch", "acabar", "es", "La otra pareja cantó acabar. ¿Cuántos puntos nos tocan?",
     {"acabar": "them"}),
    ("spanish", None, "en", "we cut the exact number of cards, what do we get?",
     {"exact_cut": "y"}),
    ("spanish", None, "es", "Hice el corte exacto y no tenemos ninguna canasta, ¿cuánto se gana?",
     {"exact_cut": "y"}),
    ("czech-fast", None, "en", "we went out on the first pickup, what do we score?",
     {"first_pickup": "y"}),
    ("czech-fast", None, "cs", "Ukončili jsme kolo při první koupi balíku, kolik bodů dostaneme?",
     {"first_pickup": "y"}),
    ("american", None, "en", "I had 7 pairs, all natural, and went out: how much is that worth?",
     {"special_hand": "pairs"}),
    ("american", None, "en", "We went out with a straight. How many points is that?",
     {"special_hand": "straight"}),
]  # fmt: skip


def _figure_shown(shown: str) -> int:
    """The figure a ruling shows, in any of the page's languages (1,500 / 1 500 / −500)."""
    found = re.search(r'<strong class="figure">([^<]+)</strong>', shown)
    assert found, shown[:1500]
    text = unescape(found[1]).replace("\u2212", "-")
    return int(("-" if text.lstrip().startswith("-") else "") + re.sub(r"\D", "", text))


@pytest.mark.parametrize(("variant", "option", "lang", "question", "filled"), EVENT_ASKED)
def test_an_event_asked_in_words_opens_the_hand_form_filled_in(
    asking, variant, option, lang, question, filled
):
    table = PRESETS[variant].with_options({option: True} if option else {})
    said = rule_on(table, question, lang)
    assert said is not None, question
    assert said.form is not None, question
    rules = f"variant={variant}&house=1"
    rules += f"&{option_field_name(variant, option)}=y" if option else ""
    page = asking.get(f"/referee?{rules}&lang={lang}&ask={quote_plus(question)}")
    answer = page.get_data(as_text=True).split('id="ask-answer"')[1].split("</section>")[0]
    link = re.search(r'<a class="button" href="([^"]+)">', answer)
    assert link, (question, answer[:1500])
    url = unescape(link[1])
    assert urlsplit(url).fragment == "q-hand_score"

    action, fields = form_data(asking.get(url).get_data(as_text=True), "q-hand_score")
    sent = dict(fields)
    assert {f"hand_score-{name}": value for name, value in filled.items()}.items() <= sent.items()
    response = asking.post(action.split("#")[0], data=MultiDict(fields))
    shown = response.get_data(as_text=True).split('id="q-hand_score-answer"')[1]
    allowed, _sentence, rule = ruling(shown)
    assert allowed
    assert rule.removeprefix(f"{variant}.") in said.rules
    if said.figure is not None:
        assert _figure_shown(shown) == said.figure


@pytest.mark.parametrize(
    ("variant", "question"),
    [
        ("dutch", "we forgot to declare a red three, what does it cost"),  # the house rule off
        ("classic", "we forgot to declare a red three, what does it cost"),
        ("dutch", "the other side called acabar, what do we get?"),
        ("classic", "we cut the exact number of cards, what do we get?"),
    ],
)
def test_an_event_the_table_does_not_score_opens_no_hand_form(asking, variant, question):
    """Where the table's game (its house rules as chosen) does not score the event told, no
    ruling scores it (nor another: acabar called is no going out, though "acabar" is the
    Spanish for finishing), and no button opens the hand form with it."""
    said = rule_on(PRESETS[variant], question, "en")
    assert said is None or said.form is None or said.form[0] != "hand_score", said
    assert said is None or "going-out.bonus" not in said.rules, said
    page = asking.get(f"/referee?variant={variant}&ask={quote_plus(question)}")
    answer = page.get_data(as_text=True).split('id="ask-answer"')[1].split("</section>")[0]
    assert "hand_score-" not in answer
