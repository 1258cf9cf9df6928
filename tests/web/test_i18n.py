"""Every page in every language: chosen from the browser, switched and remembered."""

from __future__ import annotations

import re

import pytest

from referee.i18n import LANGUAGES
from referee.rules.presets import PRESETS
from tests.support.untranslated import english_on, vocabulary
from tests.support.web import GOING_OUT, hand, start_group, start_match


def _translations(lang: str):
    from babel.support import Translations

    from referee.i18n import TRANSLATIONS

    return Translations.load(str(TRANSLATIONS), [lang])


def _translated(lang: str, text: str) -> str:
    return _translations(lang).gettext(text)


@pytest.fixture
def match_url(client):
    url = start_match(client, side0_name="Nord", side1_name="Süd")
    for _hand in range(2):  # 2 x 685 = 1370: a total with a thousands separator
        client.post(url + "/hands/new", data=hand(**GOING_OUT))
    return url


def pages(match_url: str) -> list[str]:
    return [
        "/",
        "/matches/new",
        "/matches/import",
        match_url,
        match_url + "/hands/new",
        match_url + "/hands/new?mode=quick",
        match_url + "/history",
        match_url + "/referee",
        "/referee",
        "/rules/compare",
        *(f"/rules/{variant_id}" for variant_id in PRESETS),
    ]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_page_renders_in_every_language(client, match_url, lang):
    word = _translated(lang, "Rules")
    for path in pages(match_url):
        response = client.get(path, headers={"Accept-Language": lang})
        page = response.get_data(as_text=True)
        assert response.status_code == 200, path
        assert f'<html lang="{lang}">' in page, path
        assert f">{word}</a>" in page, (path, word)


def test_the_browser_language_is_used_then_a_switch_is_remembered(client):
    assert '<html lang="de">' in client.get("/", headers={"Accept-Language": "de-AT,de;q=0.9"}).text
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "ja"}).text
    switched = client.get("/?lang=pl", headers={"Accept-Language": "de"})
    assert '<html lang="pl">' in switched.text
    assert "lang=pl" in switched.headers["Set-Cookie"]
    # The next page, without the switch in its address, stays Polish.
    assert (
        '<html lang="pl">' in client.get("/rules/compare", headers={"Accept-Language": "de"}).text
    )


def test_every_page_offers_every_language(client):
    page = client.get("/rules/czech").text
    for code, name in LANGUAGES.items():
        assert re.search(rf'href="/rules/czech\?lang={code}"[^>]*>{name}</a>', page)


@pytest.mark.parametrize(
    ("lang", "written"),
    [
        ("en", "1,370"),
        ("de", "1.370"),
        ("es", "1.370"),
        ("nl", "1.370"),
        ("cs", "1\xa0370"),
        ("pl", "1\xa0370"),
    ],
)
def test_scores_are_written_as_the_language_writes_numbers(client, match_url, lang, written):
    page = client.get(match_url, headers={"Accept-Language": lang}).text
    assert f'<p class="big">{written}</p>' in page


def test_a_rule_in_its_rulebooks_language_is_the_rulebooks_own_sentence(client):
    czech = PRESETS["czech"].rule("going-out.bonus")
    assert czech.quote in client.get("/rules/czech?lang=cs").text
    assert czech.text not in client.get("/rules/czech?lang=cs").text
    # In another language, the plain statement, translated.
    assert _translated("de", czech.text) in client.get("/rules/czech?lang=de").text


def test_a_validation_message_comes_in_the_page_language(client, match_url):
    bad = hand(side0={"melds": "9 9 X X X X"}, side1={"melds": "A A A"})
    page = client.post(match_url + "/hands/new?lang=de", data=bad).text
    expected = _translated(
        "de", "a meld may hold at most %(most)s wild cards, this one has %(wilds)s"
    )
    assert (expected % {"most": 3, "wilds": 4}) in page


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Not a valid integer value"),
        ("cs", "Neplatná hodnota pro celé číslo"),
        ("de", "Keine gültige, ganze Zahl"),
        ("pl", "Nieprawidłowa liczba całkowita"),
    ],
)
def test_a_form_library_message_comes_in_the_page_language(client, match_url, lang, words):
    # WTForms' own message, for a field of one side's section of the hand form.
    bad = hand(side0={"red_threes": "three"}, side1={"melds": "A A A"})
    page = client.post(match_url + f"/hands/new?lang={lang}", data=bad).text
    errors = page.split('id="side0-red_threes-err"', 1)[1].split("</ul>", 1)[0]
    assert words in errors


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_card_picker_shows_the_languages_letters_and_sends_the_notations(
    client, match_url, lang
):
    page = client.get(match_url + f"/hands/new?lang={lang}").text
    for rank in ("A", "K", "Q", "J"):
        face = _translations(lang).pgettext("card rank", rank)
        button = re.search(rf'data-card="{rank}"[^>]*>([^<]+)</button>', page)
        assert button.group(1) == face


@pytest.mark.parametrize(("lang", "written"), [("en", "Nov"), ("de", "."), ("pl", "lis")])
def test_dates_are_written_as_the_language_writes_them(client, match_url, lang, written):
    from datetime import date

    from referee.i18n import local_date

    today = local_date(date.today().isoformat(), lang)
    assert written in today
    assert today in client.get("/", headers={"Accept-Language": lang}).text


@pytest.mark.parametrize(
    ("lang", "name"),
    [
        ("cs", "Česká (klubová pravidla, 13 karet)"),
        ("de", "Tschechisch (Clubregeln, 13 Karten)"),
        ("en", "Czech (club rules"),
    ],
)
def test_the_rules_are_named_in_the_page_language(client, lang, name):
    url = start_match(client, preset="czech")
    for path in (url, url + "/referee", "/rules/czech", "/matches/new", "/"):
        page = client.get(path, headers={"Accept-Language": lang}).text
        assert name.split(" (")[0] in page, path
    assert name in client.get(url, headers={"Accept-Language": lang}).text


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_page_is_left_partly_in_english(client, lang):
    english, theirs = vocabulary("en"), vocabulary(lang)
    client.set_cookie("lang", lang)  # the whole evening in this language, as a table has it
    url = start_match(client)
    for _hand in range(2):
        client.post(url + "/hands/new", data=hand(**GOING_OUT))
    group = start_group(client, name="Zofia", players="Zofia\nJiří\nKasia\nLuis")
    paths = [*pages(url), group, group + "/statistics", group + "/matches/new", "/nowhere"]
    left = {}
    for path in paths:
        if found := english_on(client.get(path).get_data(as_text=True), lang, english, theirs):
            left[path] = sorted(found)
    assert left == {}, f"{lang}: English words on its pages: {left}"


def test_the_pages_check_finds_english_and_spares_quotes():
    english, theirs = {"laws", "of", "hand"}, {"ruka"}
    page = '<p>Laws of <b>ruka</b></p><blockquote lang="en">hand</blockquote><p title="hand">x</p>'
    assert english_on(page, "cs", english, theirs) == {"Laws", "of", "hand"}
    assert english_on('<q lang="en">Laws of</q>', "cs", english, theirs) == set()


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_card_hint_names_the_joker_key_the_picker_shows(client, match_url, lang):
    # Issue 37: the hint said "X = joker" while the picker's key read "Jkr" ("Žol").
    page = client.get(match_url + "/hands/new", headers={"Accept-Language": lang}).text
    key = re.search(r'data-card="X"[^>]*>([^<]+)</button>', page).group(1)
    hint = re.search(r'<p class="hint">([^<]+)', page).group(1)
    assert re.search(rf"\b{re.escape(key)}\b", hint), (lang, key, hint)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_huge_figure_asked_about_is_answered_not_a_server_error(client, lang):
    """A figure no score reaches, typed into a question, comes back in plain digits (Babel
    refuses numbers past its 28-digit context: it was a 500)."""
    huge = "10000000000000000000000000"
    page = client.get(f"/referee?ask={huge}&lang={lang}")
    assert page.status_code == 200
