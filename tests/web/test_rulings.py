"""The referee page, the Rules page of each preset and the comparison of them all."""

from __future__ import annotations

import re
from html import unescape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markupsafe import escape

from referee.match.contract import check_json
from referee.rules import PRESETS, meld_lines
from referee.rules.catalogue import catalogue
from referee.rules.quotes import agreeing_quote
from tests.support.profiles import examples
from tests.support.web import ask, grouped, ruling, start_match, view_url

QUESTIONS = {
    "meld": {"question": "meld"},
    "opening": {"question": "opening"},
    "pickup": {"question": "pickup"},
    "go_out": {"question": "go_out"},
}


def contract(variant: str, question: str, **fields) -> dict:
    data = {"variant": variant, "question": question, **fields}
    if "melds" in data:
        data["melds"] = meld_lines(data["melds"])  # as the page reads its box
    return check_json(data)


@pytest.mark.parametrize(
    ("variant", "question", "fields", "allowed", "rule"),
    [
        ("classic", "meld", {"cards": "9 9 X X X"}, True, "classic.meld.wild-limit"),
        ("classic", "meld", {"cards": "9 9 X X X X"}, False, "classic.meld.wild-limit"),
        ("german", "meld", {"cards": "9 9 X X X"}, False, "german.meld.wild-limit"),
        (
            "classic",
            "opening",
            {"score": "2500", "melds": "A A A\nK K K"},
            True,
            "classic.opening.minimum",
        ),
        (
            "czech",
            "opening",
            {"score": "2500", "melds": "A A A\nK K K"},
            False,
            "czech.opening.minimum",
        ),
        (
            "classic",
            "opening",
            {"score": "1500", "melds": "K K K 2\n4 4 4"},
            False,
            "classic.opening.minimum",
        ),
        ("classic", "pickup", {"top": "7", "hand": "7 7 Q"}, False, "classic.opening.pile-top"),
        (
            "classic",
            "pickup",
            {"top": "7", "hand": "7 X Q", "melds": "7 7 7"},
            True,
            "classic.pile.add-to-meld",
        ),
        (
            "classic",
            "pickup",
            {"top": "7", "frozen": "y", "hand": "7 X Q", "melds": "7 7 7"},
            False,
            "classic.pile.frozen",
        ),
        (
            "spanish",
            "pickup",
            {"top": "7", "hand": "7 X Q", "melds": "K K K"},
            False,
            "spanish.pile.take",
        ),
        (
            "classic",
            "go_out",
            {"melds": "7 7 7 7 7 2 2\nK K K", "hand": "Q"},
            True,
            "classic.going-out.canastas",
        ),
        ("classic", "go_out", {"melds": "K K K"}, False, "classic.going-out.canastas"),
        (
            "spanish",
            "go_out",
            {"melds": "7 7 7 7 7 2 2\nK K K", "hand": "Q"},
            False,
            "spanish.going-out.canastas",
        ),
    ],
)
def test_each_question_is_answered_with_the_rule(client, variant, question, fields, allowed, rule):
    status, page = ask(client, f"/referee?variant={variant}", question, **fields)
    assert status == 200
    shown_allowed, sentence, rule_id = ruling(page)
    assert (shown_allowed, rule_id) == (allowed, rule)
    typed = {k: v for k, v in fields.items() if k != "frozen"}
    if question != "meld":
        typed["players"] = PRESETS[variant].default_players
    if "frozen" in fields:
        typed["frozen"] = True
    if "score" in typed:
        typed["score"] = int(typed["score"])
    expected = contract(variant, question, **typed)
    # The sentence is the contract's, its figures grouped as the page groups them ("2,500").
    assert re.sub(r"(?<=\d),(?=\d{3})", "", sentence).endswith(expected["reason"])
    assert str(escape(grouped(expected["rule"]["text"]))) in page
    assert str(escape(expected["rule"]["quote"])) in page
    for value in fields.values():
        if value != "y":
            assert str(escape(value)) in page  # the question stays on the page


def test_the_match_referee_applies_the_matchs_house_rules(client):
    url = start_match(client, preset="czech", opt_czech_going_out_needs_discard="y")
    page = client.get(url).get_data(as_text=True)
    assert f'href="{url}/referee"' in page
    melds = "7 7 7 7 7 2 2\nK K K"
    status, page = ask(client, f"{url}/referee", "go_out", melds=melds)
    assert status == 200
    assert ruling(page)[0::2] == (False, "czech.going-out.discard")
    # The preset as shipped leaves that house rule off...
    _status, page = ask(client, "/referee?variant=czech", "go_out", melds=melds)
    assert ruling(page)[0] is True
    # ...and the referee page can switch it on too.
    on = "/referee?variant=czech&players=4&house=1&opt_czech_going_out_needs_discard=y"
    _status, page = ask(client, on, "go_out", melds=melds)
    assert ruling(page)[0::2] == (False, "czech.going-out.discard")


def test_the_read_only_link_may_ask_the_referee_too(client):
    viewer = view_url(client, start_match(client, players="2"))
    page = client.get(viewer).get_data(as_text=True)
    assert f'href="{viewer}/referee"' in page
    response = client.get(f"{viewer}/referee")
    assert response.status_code == 200
    assert "2 players" in response.get_data(as_text=True)


def test_the_referee_is_linked_from_every_page(client):
    for page in (
        client.get("/").get_data(as_text=True),
        client.get("/rules/dutch").get_data(as_text=True),
    ):
        assert 'href="/referee"' in page
        assert 'href="/rules/compare"' in page


def test_the_referee_page_offers_the_presets_players_and_house_rules(client):
    page = client.get("/referee?variant=dutch&players=6").get_data(as_text=True)
    assert 'selected value="dutch"' in page
    assert '<option selected value="6"' in page
    assert "Acabar: calling it ends the hand" in page
    # A switch shows only where the rules make it matter: the first round is czech-fast only.
    pile = client.get("/referee?variant=dutch&players=6&q=pickup").get_data(as_text=True)
    assert "pickup-first_round" not in pile
    czech = client.get("/referee?variant=czech-fast&q=pickup").get_data(as_text=True)
    assert "pickup-first_round" in czech


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"meld-cards": "9 9 Z"}, "meld-cards", "unknown card &#34;Z&#34;"),
        ({"meld-cards": ""}, "meld-cards", "This field is required."),
        (
            {"opening-score": "99999999999", "opening-melds": "K K K"},
            "opening-score",
            "between -100,000 and 100,000",
        ),
        (
            {"opening-score": "lots", "opening-melds": "K K K"},
            "opening-score",
            "Not a valid integer value.",
        ),
        ({"opening-melds": "K K K\nK Q ?"}, "opening-melds", "Meld 2 is not card notation"),
        (
            {"opening-melds": "K K K", "opening-pile_top": "K K"},
            "opening-pile_top",
            "Give one card",
        ),
        ({"pickup-top": "7 7", "pickup-hand": "7 7"}, "pickup-top", "Give one card"),
        (
            {"go_out-melds": "K K K", "go_out-hand": "x" * 400},
            "go_out-hand",
            "Field cannot be longer than 300",
        ),
    ],
)
def test_bad_input_is_refused_next_to_its_field_and_kept(client, fields, field, message):
    question = field.split("-")[0]
    response = client.post("/referee", data={"question": question, **fields})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    errors = re.search(rf'<ul class="errors" id="{field}-err"[^>]*>(.*?)</ul>', page, re.S)
    assert errors, page
    assert message in errors.group(1)
    assert 'class="ruling' not in page
    for name, value in fields.items():
        if value and len(value) < 100:
            assert str(escape(value)) in page, name


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/referee?variant=bogus", "There are no rules called “bogus”"),
        ("/referee?variant=german&players=2", "is played by 4 players, not “2”"),
        ("/referee?variant=classic&players=many", "not “many”"),
    ],
)
def test_unknown_rules_are_named_and_nothing_is_answered(client, url, message):
    assert client.get(url).status_code == 400
    status, page = ask(client, url, "meld", cards="K K K")
    assert status == 400
    assert message in page
    assert 'value="K K K"' in page
    assert 'class="ruling' not in page


def test_a_post_without_a_question_is_refused(client):
    response = client.post("/referee", data={"meld-cards": "K K K"})
    assert response.status_code == 400
    assert "did not say which question" in response.get_data(as_text=True)


def test_missing_csrf_token_is_refused_and_keeps_input(csrf_client):
    status, page = ask(csrf_client, "/referee", "meld", cards="K K K 2")
    assert status == 400
    assert "security token" in page
    assert 'value="K K K 2"' in page
    assert 'class="ruling' not in page


def test_each_form_carries_its_csrf_token(csrf_client):
    tokens = {}
    for question in QUESTIONS:
        page = csrf_client.get(f"/referee?q={question}").get_data(as_text=True)
        found = re.findall(r'name="(\w+)-csrf_token" type="hidden" value="([^"]+)"', page)
        assert [name for name, _token in found] == [question]  # one question at a time
        tokens.update(found)
    response = csrf_client.post(
        "/referee",
        data={"question": "meld", "meld-cards": "K K K", "meld-csrf_token": tokens["meld"]},
    )
    assert response.status_code == 200
    assert ruling(response.get_data(as_text=True))[0] is True


def test_a_match_referee_with_a_wrong_token_is_not_found(client):
    url = start_match(client)
    assert client.get(url.rsplit("/", 1)[0] + "/wrong-token/referee").status_code == 404


@pytest.mark.parametrize("variant", list(PRESETS.values()), ids=list(PRESETS))
def test_rules_page_shows_every_rule_grouped(client, variant):
    response = client.get(f"/rules/{variant.id}")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    for key, rule in variant.rules.items():
        assert f'id="rule-{key}"' in page
        assert str(escape(grouped(rule.text))) in page  # its figures as the page's: 1,500
        # A quote drawn from two books shows each book's words, each in its own language;
        # one that counts an example otherwise than the rules do is not shown (issue 48).
        for part in agreeing_quote(variant, rule).split(" / "):
            assert str(escape(part)) in page
    headings = re.findall(r'<h2 id="([\w-]+)-h">', page)
    # Every group that holds a rule of the variant, in rulebook order; no empty heading.
    held = [group for group, _title, rules in catalogue(variant) if rules]
    assert headings == [*held, "house-rules"]
    for option in variant.options:
        assert str(escape(grouped(option.help))) in page
    two = variant.card_points[next(r for r in variant.card_points if r.value == "2")]
    assert re.search(rf"<th scope=\"row\">2</th><td>{two}</td>", page)
    assert f"<td>{variant.negative_minimum}</td>" in page


def test_rules_of_an_unknown_preset_is_not_found(client):
    response = client.get("/rules/bogus")
    assert response.status_code == 404
    assert "There are no rules called “bogus”" in response.get_data(as_text=True)


def cell(page: str, row: str, preset: str) -> tuple[bool, str]:
    """Whether the comparison marks ``preset``'s value in ``row`` as different, and its text."""
    row_html = re.search(rf'<tr data-row="{row}">(.*?)</tr>', page, re.S)
    assert row_html, row
    found = re.search(rf'<td data-preset="{preset}"([^>]*)>(.*?)</td>', row_html.group(1), re.S)
    assert found, (row, preset)
    return 'class="differs"' in found.group(1), unescape(re.sub(r"<[^>]+>", "", found.group(2)))


def test_compare_sets_all_presets_side_by_side_and_marks_differences(client):
    page = client.get("/rules/compare").get_data(as_text=True)
    heads = re.findall(r'<th scope="col" data-preset="([\w-]+)">', page)
    assert heads == list(PRESETS)
    assert cell(page, "two", "german") == (True, "≠ 50 (differs)")
    assert cell(page, "natural", "czech") == (True, "≠ 600 (differs)")
    assert cell(page, "two", "czech") == (False, "20")
    assert cell(page, "natural", "german") == (False, "500")
    assert cell(page, "two", "classic") == (False, "20")
    assert cell(page, "trial", "german")[0]  # 9 9 X X X is not legal there
    assert cell(page, "opening.2500", "czech") == (True, "≠ 120 (differs)")  # not 90
    assert "differs" not in " ".join(cell(page, row, "classic")[1] for row in ("two", "natural"))


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    question=st.sampled_from([*QUESTIONS, "?"]),
    data=st.dictionaries(
        st.sampled_from(
            [
                "cards",
                "score",
                "melds",
                "pile_top",
                "top",
                "hand",
                "frozen",
                "pile_size",
                "going_out",
                "concealed",
                "failed_attempts",
            ]
        ),
        st.one_of(
            st.text(max_size=30),
            st.integers(min_value=-(10**12), max_value=10**12).map(str),
            st.sampled_from(
                ["K K K", "X X X X", "3h", "3", "10 10 10 2", "y", "", "2 2 2 2 2 2 2"]
            ),
        ),
    ),
    variant=st.sampled_from([*PRESETS, "nope"]),
)
def test_any_question_is_answered_without_a_crash(client, question, data, variant):
    form = {"question": question} | {f"{question}-{k}": v for k, v in data.items()}
    response = client.post(f"/referee?variant={variant}", data=form)
    assert response.status_code in (200, 400, 422)


def test_one_question_at_a_time_each_its_own_page_and_the_last_one_remembered(client):
    # The page opens the meld question first; each of the four is a link of its own.
    page = client.get("/referee?variant=classic").get_data(as_text=True)
    assert page.count('class="question"') == 1
    assert 'id="q-meld"' in page
    links = dict(re.findall(r'<a class="button[^"]*" href="([^"#]+)#q-(\w+)"', page))
    # The four of every game, the play rules its book has (classic: the stock running out),
    # and what a hand scores (every game).
    assert sorted(links.values()) == sorted([*QUESTIONS, "stock_out", "hand_score"])
    pile = next(url for url, q in links.items() if q == "pickup")
    assert "variant=classic" in pile
    page = client.get(pile.replace("&amp;", "&")).get_data(as_text=True)
    assert 'id="q-pickup"' in page
    assert re.search(r'class="button current" href="[^"]*q=pickup#q-pickup" aria-current', page)
    # Without naming one, the page opens the question this browser asked last.
    again = client.get("/referee?variant=czech").get_data(as_text=True)
    assert 'id="q-pickup"' in again
    assert 'id="q-meld"' not in again


def test_the_answer_stands_right_under_its_form(client):
    data = {"question": "meld", "meld-cards": "9 9 X X X X"}
    page = client.post("/referee?variant=classic", data=data).get_data(as_text=True)
    section = page.split('id="q-meld"')[1].split("</section>")[0]
    assert section.index("</form>") < section.index('class="ruling no"')
    assert 'action="/referee?variant=classic#q-meld-answer"' in section


def _ruling(client, lang: str, cards: str, variant: str = "classic") -> str:
    """The ruling on a meld, in ``lang``, as its words read (tags gone)."""
    client.set_cookie("lang", lang)
    data = {"question": "meld", "meld-cards": cards}
    page = client.post(f"/referee?variant={variant}", data=data).get_data(as_text=True)
    ruling = page.split('class="ruling')[1].split('<p class="source">')[0]
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", ruling)).split())


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        (
            "cs",
            "Doslova z knihy „Canasta, Wikipedia (Nederlands)“ (jazyk originálu: nizozemština):",
        ),
        ("de", "Wörtlich aus „Canasta, Wikipedia (Nederlands)“ (Originalsprache: Niederländisch):"),
        ("en", "Word for word from “Canasta, Wikipedia (Nederlands)” (original language: Dutch):"),
    ],
)
def test_a_quote_is_labelled_with_its_book_and_language_in_the_pages_language(client, lang, label):
    """Not "Vlastní slova pravidel (Nederlands)" (issue 48): whose words, and which language,
    said in the page's."""
    assert label in _ruling(client, lang, "9 9 X X X X")


@pytest.mark.parametrize("lang", ["cs", "de", "es", "en", "nl", "pl"])
def test_a_ruling_quoting_two_books_labels_each_with_no_empty_brackets(client, lang):
    """Classic's black threes quote the Dutch and the German book: each quote has its own
    label and language (issue 48: "Oryginalne słowa zasad ():")."""
    said = _ruling(client, lang, "3 3 3")
    client.set_cookie("lang", lang)
    assert "()" not in said
    assert "( )" not in said
    page = client.post("/referee?variant=classic", data={"question": "meld", "meld-cards": "3 3 3"})
    quotes = re.findall(r'<blockquote lang="(\w+)">', page.get_data(as_text=True))
    # A rule of two books is stated in plain words: each book's are quoted.
    assert quotes == ["nl", "de"]
    for title in ("Canasta, Wikipedia (Nederlands)", "Canasta Regeln für Anfänger"):
        assert title in said


def _ruling_page(client, lang: str, cards: str, variant: str = "classic") -> str:
    client.set_cookie("lang", lang)
    data = {"question": "meld", "meld-cards": cards}
    page = client.post(f"/referee?variant={variant}", data=data).get_data(as_text=True)
    return page.split('class="ruling')[1].split('<p class="source">')[0]


@pytest.mark.parametrize(("lang", "quoted"), [("nl", []), ("de", ["nl"]), ("cs", ["nl"])])
def test_a_statement_in_the_rulebooks_own_words_is_not_quoted_again(client, lang, quoted):
    """In Dutch, the Dutch book's sentence is the statement: shown once, not again as its
    quote (issue 48); in another language the statement is translated, the quote kept."""
    ruling = _ruling_page(client, lang, "9 9 X X X X")  # the wild-card limit: the Dutch book
    quote = str(escape(PRESETS["classic"].rules["meld.wild-limit"].quote))
    assert re.findall(r'<blockquote lang="(\w+)">', ruling) == quoted
    assert ruling.count(quote) == 1


@pytest.mark.parametrize(("lang", "variant", "shown"), [
    ("de", "classic", False), ("cs", "classic", False), ("de", "german", True),
])  # fmt: skip
def test_a_quote_that_counts_otherwise_than_the_rules_is_not_their_authority(
    client, lang, variant, shown
):
    """The German book's "K-K-K-2 (80 Punkte)" (a 2 is 50 there) is not quoted, nor is it the
    German statement, where the rules count K K K 2 as 50 (issue 48)."""
    client.set_cookie("lang", lang)
    page = client.get(f"/rules/{variant}").get_data(as_text=True)
    rule = page.split('id="rule-opening.canasta-bonus"')[1].split("</li>")[0]
    assert ("K-K-K-2 (80 Punkte)" in rule) is shown


@pytest.mark.parametrize("courtesy", [False, True])
@pytest.mark.parametrize("melded", [False, True])
@pytest.mark.parametrize("right_after", [False, True])
def test_the_special_hand_form_rules_as_referee_check(client, courtesy, melded, right_after):
    """cla-laws §Special hands (issue 44): a special hand goes down only as the side's first
    meld; by the house rule of courtesy, also on the first turn right after the partner's."""
    options = {"special_hand_courtesy": True} if courtesy else {}
    want = check_json(
        {"variant": "american", "question": "special_hand", "options": options,
         "side_melded": melded, "right_after_partner": right_after}
    )  # fmt: skip
    house = "&house=1" + ("&opt_american_special_hand_courtesy=y" if courtesy else "")
    url = f"/referee?variant=american{house}"
    page = client.get(url + "&q=special_hand").get_data(as_text=True)
    assert ('name="special_hand-right_after_partner"' in page) is courtesy  # only where it counts
    data = {"question": "special_hand"}
    data |= {"special_hand-side_melded": "y"} if melded else {}
    data |= {"special_hand-right_after_partner": "y"} if right_after else {}
    shown = client.post(url, data=data).get_data(as_text=True)
    allowed, sentence, rule = ruling(shown.split('id="q-special_hand-answer"')[1])
    assert (allowed, rule) == (want["allowed"], want["rule"]["id"])
    assert sentence.endswith(want["reason"])


def test_the_special_hand_form_only_where_the_book_has_special_hands(client):
    for variant in PRESETS:
        page = client.get(f"/referee?variant={variant}").get_data(as_text=True)
        has = bool(PRESETS[variant].special_hands)
        assert ("#q-special_hand" in page) is has, variant
