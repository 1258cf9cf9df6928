"""The honest edges of the referee's question box and ``GET /api/ask`` (issue 44): a question
about the table's procedure that the table's book does not decide says so, with the nearest
rules shown as such; the same question at a table whose book has the rule gets the rule; a
post about another game's table gets no rule at all.  In the six languages."""

from __future__ import annotations

from html import escape
from urllib.parse import quote_plus

import pytest

from referee.ask import SILENT
from referee.ask.texts import gettext_of

NEAREST = "The nearest rules, which do not decide it"

# A misdeal: no catalogue has a rule about one.
MISDEAL = {
    "en": "What happens after a misdeal?",
    "cs": "Co se stane, když je špatně rozdáno?",
    "de": "Was passiert, wenn der Geber sich vergeben hat?",
    "es": "¿Qué pasa si las cartas están mal repartidas?",
    "nl": "Wat gebeurt er als er verkeerd gedeeld is?",
    "pl": "Co jeśli karty zostały źle rozdane?",
}
# Signals between partners: the Czech book forbids them (play.partners), the others are silent.
SIGNALS = {
    "en": "May partners give each other signals?",
    "cs": "Smí si spoluhráči napovídat?",
    "de": "Darf man dem Partner Zeichen geben?",
    "es": "¿Se pueden hacer señas al compañero?",
    "nl": "Mag je je partner seintjes geven?",
    "pl": "Czy wolno podpowiadać partnerowi?",
}
# Another game's table: no rule of this book, not even the nearest.
OTHER_GAME = {
    "en": "In hold em, what if the dealer exposes a card?",
    "cs": "V pokeru dealer ukázal kartu, co teď?",
    "de": "Beim Poker wurde eine Karte aufgedeckt, was nun?",
    "es": "En el póker se cayó una carta al suelo, ¿qué se hace?",
    "nl": "Bij poker viel een kaart op de grond, wat nu?",
    "pl": "W pokerze karta upadła na podłogę, co teraz?",
}


def answer_part(page: str) -> str:
    return page.split('id="ask-answer"')[1].split("</section>")[0]


def page_answer(client, variant: str, lang: str, question: str) -> str:
    path = f"/referee?variant={variant}&lang={lang}&ask={quote_plus(question)}"
    response = client.get(path)
    assert response.status_code == 200
    return answer_part(response.get_data(as_text=True))


def api(client, variant: str, lang: str, question: str) -> dict:
    response = client.get(f"/api/ask?variant={variant}&lang={lang}&q={quote_plus(question)}")
    assert response.status_code == 200
    return response.get_json()


@pytest.mark.parametrize("lang", sorted(MISDEAL))
def test_a_misdeal_is_said_to_be_left_open_by_the_book_in_the_page_s_language(client, lang):
    gettext = gettext_of(lang)
    found = page_answer(client, "classic", lang, MISDEAL[lang])
    assert escape(gettext(SILENT)) in found
    assert escape(gettext(NEAREST)) in found
    # the nearest rules are shown, after the words that they do not decide it
    assert found.index(escape(gettext(NEAREST))) < found.index("<article")


@pytest.mark.parametrize("lang", sorted(MISDEAL))
def test_the_api_says_the_book_does_not_decide_a_misdeal(client, lang):
    data = api(client, "classic", lang, MISDEAL[lang])
    assert data["covered"] is False
    assert data["ruling"]["text"] == gettext_of(lang)(SILENT)
    assert data["ruling"]["verdict"] is None
    assert data["ruling"]["figure"] is None
    assert data["answers"]  # the nearest rules
    assert all(a["rule"].startswith("classic.") for a in data["answers"])


@pytest.mark.parametrize("lang", sorted(SIGNALS))
def test_a_gap_at_one_table_is_answered_where_the_book_has_the_rule(client, lang):
    gettext = gettext_of(lang)
    silent = api(client, "classic", lang, SIGNALS[lang])
    assert silent["covered"] is False
    assert silent["ruling"]["text"] == gettext(SILENT)
    ruled = api(client, "czech", lang, SIGNALS[lang])
    assert ruled["covered"] is True
    assert ruled["ruling"] is None
    assert "play.partners" in [a["key"] for a in ruled["answers"]]
    # and the page says the same
    found = page_answer(client, "czech", lang, SIGNALS[lang])
    assert escape(gettext(SILENT)) not in found
    assert 'data-rule="play.partners"' in found


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("en", "Who cuts the cards before the deal?"),
        ("cs", "Kdo snímá karty před rozdáváním?"),
        ("es", "¿Quién corta la baraja antes de repartir?"),
        ("pl", "Kto przekłada karty przed rozdaniem?"),
    ],
)
def test_the_cut_is_the_czech_book_s_rule_and_not_the_classic_one_s(client, lang, question):
    assert api(client, "classic", lang, question)["covered"] is False
    ruled = api(client, "czech", lang, question)
    assert ruled["covered"] is True
    assert ruled["answers"][0]["key"] == "deal.cut"


@pytest.mark.parametrize("lang", sorted(OTHER_GAME))
def test_another_game_s_table_gets_no_rule_at_all(client, lang):
    data = api(client, "classic", lang, OTHER_GAME[lang])
    assert data["covered"] is False
    assert data["ruling"] is None
    assert data["answers"] == []
    found = page_answer(client, "classic", lang, OTHER_GAME[lang])
    assert "<article" not in found
    assert escape(gettext_of(lang)(SILENT)) not in found
