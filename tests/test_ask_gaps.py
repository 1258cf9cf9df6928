"""The book's gaps (issue 44): which of the table's procedures a catalogue decides is read from
its rules, and a rule question of the written sets is not taken for one the book leaves open."""

from __future__ import annotations

import pytest

from referee.ask import SILENT, ask
from referee.ask.design import PROCEDURES
from referee.ask.engine import index_for
from referee.rules import PRESETS
from tests.ask_eval import (
    EIGHTH_BLIND,
    FIFTH_BLIND,
    SEVENTH_BLIND,
    SIXTH_BLIND,
    blind_questions,
    questions,
    said_gap,
)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_procedure_is_covered_where_a_rule_is_about_it(variant):
    """A catalogue covers the cut where one of its rules is about the cut (its key or its
    statement names it): the Czech and Spanish books' deal.cut, the American turn card's cut;
    the classic book has none, so a question about the cut is a gap there."""
    index = index_for(PRESETS[variant])
    about_cut = any("cut" in key for key in PRESETS[variant].rules)
    assert ("cut" in index.covered) >= about_cut
    assert index.covered <= PROCEDURES
    if variant == "classic":
        assert index.covered == frozenset()


def test_a_question_about_an_uncovered_procedure_says_so_with_the_nearest_rules():
    found = ask(PRESETS["classic"], "Who cuts the cards before the deal?", "en")
    assert found.ruling is not None
    assert found.ruling.text.template == SILENT
    assert not found.covered
    assert found.answers  # the nearest, shown as such
    ruled = ask(PRESETS["czech"], "Who cuts the cards before the deal?", "en")
    assert ruled.covered
    assert ruled.ruling is None
    assert ruled.answers[0].key == "deal.cut"


# Each of the table's procedures asked in the six languages: no rule of the classic book is
# about any of them (docs/benchmarks.md, "The book's gaps").
PROCEDURE_QUESTIONS = {
    "misdeal": {
        "en": "The dealer misdealt, do we deal again?",
        "cs": "Rozdávající špatně rozdal, musíme přerozdat?",
        "de": "Der Geber hat sich vergeben, wird neu gegeben?",
        "es": "Las cartas están mal repartidas, ¿hay que volver a repartir?",
        "nl": "Er is verkeerd gedeeld, moeten we opnieuw delen?",
        "pl": "Karty zostały źle rozdane, czy robimy ponowne rozdanie?",
    },
    "exposed": {
        "en": "A card fell on the floor during the deal, what now?",
        "cs": "Při rozdávání spadla karta na zem, co teď?",
        "de": "Beim Geben ist eine Karte auf den Boden gefallen, was nun?",
        "es": "Al repartir se cayó una carta al suelo, ¿qué hacemos?",
        "nl": "Bij het delen viel een kaart op de grond, wat nu?",
        "pl": "Podczas rozdawania karta spadła na podłogę, co teraz?",
    },
    "outofturn": {
        "en": "My partner drew a card out of turn, what happens?",
        "cs": "Spoluhráč si líznul kartu mimo pořadí, co se stane?",
        "de": "Mein Partner hat außer der Reihe gezogen, was passiert?",
        "es": "Mi compañero robó fuera de turno, ¿qué pasa?",
        "nl": "Mijn partner trok een kaart buiten de beurt, wat nu?",
        "pl": "Partner dobrał kartę poza kolejnością, co teraz?",
    },
    "tabletalk": {
        "en": "Is table talk allowed between partners?",
        "cs": "Smí si partneři při hře napovídat?",
        "de": "Darf man dem Partner Zeichen geben?",
        "es": "¿Se permiten señas entre compañeros?",
        "nl": "Mag je je partner seintjes geven?",
        "pl": "Czy partnerzy mogą sobie podpowiadać?",
    },
    "time": {
        "en": "Is there a time limit for a turn?",
        "cs": "Je nějaký časový limit na tah?",
        "de": "Gibt es ein Zeitlimit für einen Zug?",
        "es": "¿Hay un límite de tiempo por turno?",
        "nl": "Is er een tijdslimiet voor een beurt?",
        "pl": "Czy jest limit czasu na ruch?",
    },
    "cheating": {
        "en": "What do we do if someone cheats?",
        "cs": "Co dělat, když někdo podvádí?",
        "de": "Was tun, wenn jemand schummelt?",
        "es": "¿Qué hacemos si alguien hace trampa?",
        "nl": "Wat doen we als iemand valsspeelt?",
        "pl": "Co zrobić, gdy ktoś oszukuje?",
    },
    "scoreerror": {
        "en": "The scorer miscounted last hand, can we fix it?",
        "cs": "Zapisovatel špatně sečetl minulé kolo, můžeme to opravit?",
        "de": "Wir haben uns letzte Runde verrechnet, dürfen wir das korrigieren?",
        "es": "El que anota sumó mal la última mano, ¿se puede corregir? Hubo un error en la suma.",
        "nl": "De score is verkeerd geteld, mogen we dat verbeteren?",
        "pl": "Źle policzył punkty w ostatnim rozdaniu, czy można poprawić?",
    },
    "leaves": {
        "en": "A player has to leave in the middle of the game, what now?",
        "cs": "Hráč musí odejít uprostřed hry, co teď?",
        "de": "Ein Spieler muss mitten im Spiel den Tisch verlassen, was nun?",
        "es": "Un jugador tiene que irse a mitad de la partida, ¿qué hacemos?",
        "nl": "Een speler moet halverwege weg, wat nu?",
        "pl": "Gracz musi wyjść w trakcie gry, co teraz?",
    },
    "cardbacks": {
        "en": "Do the two decks need different colored backs?",
        "cs": "Musí mít oba balíčky jinou barvu rubu?",
        "de": "Brauchen die beiden Kartenspiele eine andere Farbe der Kartenrücken?",
        "es": "¿Las dos barajas tienen que tener distinto color del dorso?",
        "nl": "Moeten de twee spellen een andere kleur van de achterkant hebben?",
        "pl": "Czy obie talie muszą mieć inny kolor rewersu?",
    },
}


@pytest.mark.parametrize(
    ("procedure", "lang"),
    [(procedure, lang) for procedure, by in PROCEDURE_QUESTIONS.items() for lang in by],
)
def test_each_procedure_asked_in_each_language_is_a_gap_at_the_classic_table(procedure, lang):
    found = ask(PRESETS["classic"], PROCEDURE_QUESTIONS[procedure][lang], lang)
    assert found.ruling is not None
    assert found.ruling.text.template == SILENT
    assert not found.covered
    assert found.answers


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_the_written_sets_rule_questions_are_rarely_taken_for_gaps():
    """Of the own set's 160 rule questions none, of the judge sets' 504 at most two are
    answered "This rulebook does not say" (docs/benchmarks.md, "The book's gaps"); the
    judge's are counted, never listed."""
    assert said_gap(questions()) == 0
    pooled = []
    for path in (FIFTH_BLIND, SIXTH_BLIND, SEVENTH_BLIND, EIGHTH_BLIND):
        pooled += blind_questions(path=path)
    assert said_gap(pooled) <= 2


def test_a_gap_s_nearest_rules_are_its_table_s():
    """tests/ask_real.toml: a gap's optional ``near`` names rules its table's variant has, and
    only gaps carry it."""
    from tests.ask_eval import real_questions

    gaps = [q for q in real_questions() if q["kind"] == "gap"]
    assert len(gaps) >= 20
    for q in real_questions():
        near = q.get("near", [])
        assert not near or q["kind"] == "gap", q
        assert set(near) <= set(PRESETS[q["variant"]].rules), q
