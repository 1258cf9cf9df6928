"""The referee's question box (``/referee?ask=``, and inside a match) and ``GET /api/ask``."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import quote_plus, unquote_plus

import pytest

from referee.ask import MAX_QUESTION
from tests.support.commands import run
from tests.support.web import house_match, start_match


def answer_part(page: str) -> str:
    return page.split('id="ask-answer"')[1].split("</section>")[0]


def test_the_box_opens_the_referee_page_above_the_four_forms(client):
    page = client.get("/referee").get_data(as_text=True)
    assert page.index('id="ask-q"') < page.index('aria-label="Questions"')
    assert '<form method="get" action="/referee#ask-answer"' in page
    assert "Asking needs the connection to the server" in page  # said plainly, offline


def test_a_question_is_answered_with_the_rule_its_quote_and_link(client):
    asked = "Can we pick up the pile when it's frozen?"
    response = client.get(f"/referee?variant=classic&ask={quote_plus(asked)}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert f'value="{asked}"'.replace("'", "&#39;") in page  # the question kept in the box
    found = answer_part(page)
    best = found.split("</article>")[0]
    assert 'class="found best" data-rule="pile.frozen"' in best
    # Whose words, and in what language (issue 48).
    assert (
        "Word for word from “Canasta, Wikipedia (Nederlands)” (original language: Dutch):" in best
    )
    assert '<blockquote lang="nl">' in best
    assert '<a href="/rules/classic#rule-pile.frozen">' in best
    assert len(re.findall(r'<article class="found', found)) == 3
    # The rules page has that anchor.
    rules = client.get("/rules/classic").get_data(as_text=True)
    assert 'id="rule-pile.frozen"' in rules


def test_the_rules_chosen_are_kept_by_the_box(client):
    page = client.get("/referee?variant=czech&players=2&ask=postupka").get_data(as_text=True)
    assert '<input type="hidden" name="variant" value="czech">' in page
    assert '<input type="hidden" name="players" value="2">' in page
    assert 'data-rule="meld.sequence"' in page


def test_an_off_topic_question_gets_the_honest_answer(client):
    page = client.get("/referee?variant=german&ask=What%27s+the+weather+tomorrow").get_data(
        as_text=True
    )
    found = answer_part(page)
    assert "No rule of this book answers that." in found
    assert '<a href="/rules/german">' in found
    assert "<article" not in found


def best_answer(client, path: str) -> str:
    """The best answer (its article) of the referee page at ``path``."""
    return answer_part(client.get(path).get_data(as_text=True)).split("</article>")[0]


def test_a_match_total_in_the_question_gives_its_figure(client):
    best = best_answer(client, "/referee?variant=classic&ask=when+we+have+2600+how+much+to+open")
    assert 'data-rule="opening.minimum"' in best
    assert "With a match total of 2,600, a side&#39;s first meld needs at least 90 points." in best


def test_the_page_speaks_the_askers_language(client):
    best = best_answer(client, "/referee?variant=classic&lang=cs&ask=kolik+stoji+cervena+trojka")
    assert 'data-rule="red-threes.bonus"' in best
    assert "Toto pravidlo na stránce pravidel" in best


@pytest.mark.parametrize(
    ("typed", "message"),
    [("", "Type a question first."), ("   ", "Type a question first."),
     ("red three " * 230, "That question has 2,299 characters; ask it in at most 2,000.")],
)  # fmt: skip
def test_an_empty_or_long_question_is_refused_keeping_what_was_typed(client, typed, message):
    response = client.get(f"/referee?ask={quote_plus(typed)}")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in page
    assert f'value="{typed}"' in page
    assert 'aria-invalid="true"' in page


def test_the_match_referee_asks_under_the_tables_rules(client):
    edit = house_match(client, {"r_going_out_bonus": "200"})
    response = client.get(f"{edit}/referee?ask=how+much+do+you+get+for+going+out")
    assert response.status_code == 200
    best = answer_part(response.get_data(as_text=True)).split("</article>")[0]
    assert 'data-rule="going-out.bonus"' in best
    assert "House rule of this table: Going out bonus: 200 (the preset: 100)." in unescape(best)
    assert f'<a href="{edit}/rules#rule-going-out.bonus">' in best


def test_the_match_referee_keeps_its_own_link(client):
    edit = start_match(client, preset="czech")
    page = client.get(f"{edit}/referee?ask=zmrazeny+balicek").get_data(as_text=True)
    assert f'<form method="get" action="{edit}/referee#ask-answer"' in page
    assert f'<a href="{edit}/rules#rule-pile.frozen">' in page


# -- GET /api/ask -----------------------------------------------------------------------------


def test_the_api_answers_as_referee_ask_does(client):
    response = client.get("/api/ask?variant=classic&lang=de&q=Darf+ich+ohne+Canasta+ausmachen%3F")
    assert response.status_code == 200
    data = response.get_json()
    assert data["variant"] == "classic"
    assert data["lang"] == "de"
    assert data["question"] == "Darf ich ohne Canasta ausmachen?"
    best = data["answers"][0]
    assert best["rule"] == "classic.going-out.canastas"
    assert set(best) >= {"rule", "text", "quote", "source", "score"}
    off = client.get("/api/ask?variant=classic&q=recipe+for+pancakes").get_json()
    assert off["answers"] == []
    assert off["lang"] == "en"


@pytest.mark.parametrize(
    "query",
    ["variant=nope&q=red+three", "variant=classic&lang=fr&q=red+three", "variant=classic&q=",
     "variant=classic", f"variant=classic&q={'x' * (MAX_QUESTION + 1)}", "q=red+three",
     "variant=dutch&q=red+three&options=acabar", "variant=dutch&q=red+three&options=%5B%5D",
     "variant=dutch&q=red+three&options=%7B%22nope%22%3Atrue%7D",
     "variant=dutch&q=red+three&options=%7B%22acabar%22%3A%22yes%22%7D",
     "variant=dutch&q=red+three&options=" + "%5B" * 100_000],
)  # fmt: skip
def test_the_api_refuses_bad_input(client, query):
    response = client.get(f"/api/ask?{query}")
    assert response.status_code == 400
    assert set(response.get_json()) == {"error"}


def test_the_api_asks_under_the_house_rules_it_is_given(client):
    """``options``, as ``score``'s: the same ruling ``referee ask --options`` gives, and none
    at a table that does not play the house rule."""
    asked = quote_plus("the other side called acabar, what do we get?")
    plain = client.get(f"/api/ask?variant=dutch&q={asked}").get_json()
    options = quote_plus('{"acabar": true}')
    played = client.get(f"/api/ask?variant=dutch&q={asked}&options={options}").get_json()
    assert plain["ruling"] is None
    assert played["ruling"]["rules"] == ["scoring.acabar"]
    code, out, _err = run(
        [
            "ask",
            unquote_plus(asked),
            "--variant",
            "dutch",
            "--options",
            '{"acabar": true}',
            "--json",
        ]
    )
    assert code == 0
    assert played == json.loads(out)


# -- The ruling on the question's situation ---------------------------------------------------


def test_the_ruling_comes_first_with_a_link_to_its_form_filled_in(client):
    asked = "we have 2 600 and want to meld K K K and Q Q Q, is that enough to open?"
    page = client.get(f"/referee?variant=classic&ask={quote_plus(asked)}").get_data(as_text=True)
    found = answer_part(page)
    said = found.split('class="ruling said no"')[1].split("</div>")[0]
    assert found.index('class="ruling said no"') < found.index("<article")
    assert "No: 60 points fall short of the minimum of 90 for a score of 2,600." in said
    link = unescape(re.search(r'<a class="button" href="([^"]+)"', said)[1])
    assert "Check it on the opening form" in said
    form = client.get(link).get_data(as_text=True)
    opening = form.split('id="q-opening"')[1]
    assert re.search(r'name="opening-score"[^>]*value="2600"', opening)
    assert "K K K\nQ Q Q" in unescape(opening)


def test_a_card_s_value_is_said_in_the_page_s_language(client):
    page = client.get("/referee?variant=classic&lang=de&ask=wie+viel+z%C3%A4hlt+ein+Joker")
    said = answer_part(page.get_data(as_text=True)).split("</div>")[0]
    assert '<strong class="figure">50</strong>' in said
    assert "Ein Joker zählt 50 Punkte." in said


def test_a_matter_of_play_and_a_gap_are_said_as_such(client):
    play = answer_part(
        client.get("/referee?ask=should+I+dump+my+7s+and+go+out%3F").get_data(as_text=True)
    )
    assert "That is a matter of play, not a rule." in play
    assert "<article" not in play
    gap = answer_part(
        client.get("/referee?ask=someone+played+out+of+turn%2C+what+now").get_data(as_text=True)
    )
    assert "This rulebook does not say." in gap
    assert "The nearest rules, which do not decide it" in gap
    assert "<article" in gap


def test_a_story_asking_nothing_is_said_to_ask_nothing_in_the_page_s_language(client):
    # issue 44, sixth pass: a story naming the pile and the jokers, asking nothing
    story = (
        "Včera jsme hráli u babičky a pořád jsem dostávala červené trojky. Partner dvakrát "
        "vzal balíček se dvěma žolíky a celý večer se smál!"
    )
    page = client.get(f"/referee?variant=classic&lang=cs&ask={quote_plus(story)}")
    said = answer_part(page.get_data(as_text=True))
    assert "Tady není žádná otázka k rozhodnutí" in said
    assert "<article" not in said
    data = client.get(f"/api/ask?variant=classic&lang=cs&q={quote_plus(story)}").get_json()
    assert data["covered"] is False
    assert data["answers"] == []
    assert data["ruling"]["verdict"] is None
    assert data["ruling"]["text"].startswith("Tady není žádná otázka k rozhodnutí")


def test_inside_a_match_the_ruling_uses_its_totals(client):
    edit = start_match(client)
    page = client.get(f"{edit}/referee?ask=how+much+do+we+need+to+open").get_data(as_text=True)
    said = answer_part(page).split("</div>")[0]
    # a new match: both sides at 0, each told its minimum
    assert said.count("a side&#39;s first meld needs at least 50 points") == 2


def test_the_api_gives_the_ruling_and_whether_the_book_covers_it(client):
    data = client.get("/api/ask?variant=classic&q=can+I+meld+J+J+2+2+2").get_json()
    assert data["covered"] is True
    assert data["ruling"]["verdict"] == "yes"
    assert data["ruling"]["figure"] is None
    assert set(data["ruling"]) == {"verdict", "figure", "text", "rules"}
    off = client.get("/api/ask?variant=classic&q=recipe+for+pancakes").get_json()
    assert off["ruling"] is None
    assert off["covered"] is False


def test_the_api_asked_at_a_match_rules_for_its_totals(client):
    # a match begun on paper: 3 420 against 1 000 after five hands
    edit = start_match(client, paper_hands="5", paper_side1="3420", paper_side2="1000")
    match_id, token = edit.split("/")[2], edit.split("/")[3]
    asked = quote_plus("kolik potřebujeme na první vyložení?")
    data = client.get(f"/api/ask?match={match_id}&token={token}&lang=cs&q={asked}").get_json()
    assert data["ruling"]["figure"] is None  # the two sides need different minimums
    assert "(3420): " in data["ruling"]["text"]
    assert "aspoň 120 bodů" in data["ruling"]["text"]
    assert "aspoň 50 bodů" in data["ruling"]["text"]
    assert data["answers"][0]["key"] == "opening.minimum"
    # the same question with no match: no totals, so no ruling
    plain = client.get(f"/api/ask?variant=classic&lang=cs&q={asked}").get_json()
    assert plain["ruling"] is None


def test_the_api_asked_at_a_match_needs_its_link(client):
    edit = start_match(client)
    match_id = edit.split("/")[2]
    wrong = client.get(f"/api/ask?match={match_id}&token=nope&q=how+much+to+open")
    assert wrong.status_code == 404
    bad = client.get("/api/ask?match=abc&q=how+much+to+open")
    assert bad.status_code == 400
    assert "abc" in bad.get_json()["error"]


def test_who_has_opened_is_what_the_question_says(client):
    asked = "we have already melded; a 9 on top and I hold a 9 and a joker, can I take the pile?"
    data = client.get(f"/api/ask?variant=classic&q={quote_plus(asked)}").get_json()
    assert data["ruling"]["verdict"] == "yes"
    assert data["ruling"]["rules"] == ["pile.natural-and-wild"]
    unsaid = "a 9 on top and I hold a 9 and a joker, can I take the pile?"
    data = client.get(f"/api/ask?variant=classic&q={quote_plus(unsaid)}").get_json()
    # whether the side has melded decides, and it is not said: no verdict, both cases told
    assert data["ruling"]["verdict"] is None
    assert data["ruling"]["rules"] == ["pile.natural-and-wild", "pile.unopened"]
    assert data["ruling"]["text"].startswith("Once your side has melded: Yes")


def test_a_close_runner_up_is_offered_as_or_did_you_mean(client):
    # a runner-up at 0.97 of the first (the red three's upcard sat at 0.9003: any new example
    # question moved it across the 0.9 line)
    asked = quote_plus("the first upcard is a black three, what now")
    data = client.get(f"/api/ask?variant=classic&q={asked}").get_json()
    first, second = data["answers"][0], data["answers"][1]
    assert data["did_you_mean"] == second["key"]
    assert second["score"] >= 0.9 * first["score"]
    page = answer_part(client.get(f"/referee?variant=classic&ask={asked}").get_data(as_text=True))
    offered = page.index("Or did you mean…")
    assert page.index(f'data-rule="{first["key"]}"') < offered
    assert offered < page.index(f'data-rule="{second["key"]}"')


def test_a_runner_up_far_behind_is_not_offered(client):
    data = client.get("/api/ask?variant=classic&q=can+I+meld+J+J+2+2+2").get_json()
    assert data["did_you_mean"] is None
    cs = client.get("/referee?variant=classic&lang=cs&ask=kolik+bod%C5%AF+je+za+%C5%BEol%C3%ADka")
    assert "Nebo jste mysleli" not in answer_part(cs.get_data(as_text=True))


@pytest.mark.parametrize(
    ("question", "form"),
    [
        ("may I discard a joker?", "discard"),
        ("smím odhodit sedmičku na prázdný balíček?", "discard"),
        ("they closed their canasta of kings, may I take the pile with a king?", "dead_rank"),
        ("can I add a joker to my K K K K?", "wild_card"),
        ("I forgot to draw the bonus cards, may I still draw them?", "bonus_cards"),
        ("what is the penalty for a mismeld?", "penalty"),
    ],
)
def test_a_play_ruling_links_to_its_form_which_rules_the_same(client, question, form):
    """The American game's play rulings (issue 44): the ruling's link fills in the referee's
    own form, and that form, sent, rules as the answer did."""
    from urllib.parse import parse_qsl, urlsplit

    from tests.support.web import ask, ruling

    url = f"/referee?variant=american&ask={quote_plus(question)}"
    found = answer_part(client.get(url).get_data(as_text=True))
    said = re.search(r'class="ruling said ?(yes|no|)"(.*?)</div>', found, re.S)
    assert said, found[:400]
    link = unescape(re.search(r'<a class="button" href="([^"]+)"', said[2])[1])
    query = dict(parse_qsl(urlsplit(link).query))
    assert query["q"] == form
    fields = {k.split("-", 1)[1]: v for k, v in query.items() if k.startswith(f"{form}-")}
    status, page = ask(client, "/referee?variant=american", form, **fields)
    assert status == 200
    allowed, _sentence, rule = ruling(page)
    if said[1]:  # a verdict, not a figure alone
        assert allowed is (said[1] == "yes")
    assert rule.startswith("american.")
