"""Issue 45: the play rules of Modern American Canasta the referee page asks (a dead rank,
the bonus cards, the stock running out, the penalty for an irregularity), each answered with
the sentence and rule ``referee check`` gives, filled in by a link; and only where the
table's book has them."""

from __future__ import annotations

import re

import pytest

from referee.match.contract import check_json
from referee.rules import PRESETS
from referee.web.parts.forms import offered_questions
from tests.support.web import ask, ruling, start_match

KINGS = "K K K K K K K"


@pytest.mark.parametrize(
    ("question", "fields", "contract", "allowed", "rule"),
    [
        # cla-laws §Melding: a closed canasta takes no more, one meld per rank: dead.
        (
            "dead_rank",
            {"rank": "K", "action": "meld", "melds": KINGS},
            {"rank": "K", "action": "meld", "melds": [KINGS]},
            False,
            "play.dead-rank",
        ),
        (
            "dead_rank",
            {"rank": "K", "action": "discard", "other_melds": KINGS},
            {"rank": "K", "action": "discard", "other_melds": [KINGS]},
            True,
            "play.dead-rank",
        ),
        # honors-house §6: never the pile and the bonus cards in one turn.
        (
            "bonus_cards",
            {"first_side": "y", "took_pile": "y"},
            {"first_side": True, "took_pile": True},
            False,
            "play.bonus-cards",
        ),
        (
            "bonus_cards",
            {"first_side": "y"},
            {"first_side": True},
            True,
            "play.bonus-cards",
        ),
        # honors-house §2: forgotten at the end of the turn, never drawn later.
        (
            "bonus_cards",
            {"late": "y"},
            {"first_side": False, "late": True},
            False,
            "play.bonus-cards-forgotten",
        ),  # fmt: skip
        (
            "stock_out",
            {"top": "9", "hand": "9 9 4", "melds": "K K K"},
            {"top": "9", "hand": "9 9 4", "melds": ["K K K"]},
            True,
            "play.stock-out",
        ),
        (
            "stock_out",
            {"red_three": "y"},
            {"red_three": True},
            False,
            "play.stock-out-red-three",
        ),
        # cla-laws §Melding, honors-house §3: the rule of five once the side has opened.
        ("wild_card", {"meld": "K K K K"}, {"meld": "K K K K"}, False, "play.rule-of-five"),
        (
            "wild_card",
            {"meld": "K K K", "opening": "y"},
            {"meld": "K K K", "opening": True},
            True,
            "meld.wild-limit",
        ),  # fmt: skip
        # cla-laws §The Pack (discard pile): no ace onto an empty pile beside another natural.
        (
            "discard",
            {"card": "A", "hand": "A 9", "pile_empty": "y"},
            {"card": "A", "hand": "A 9", "pile_empty": True},
            False,
            "play.discard-limits",
        ),  # fmt: skip
        (
            "discard",
            {"card": "A", "hand": "A 9"},
            {"card": "A", "hand": "A 9"},
            True,
            "play.discard-limits",
        ),  # fmt: skip
        # cla-laws §Penalties: 10 points.
        (
            "penalty",
            {"irregularity": "mismeld"},
            {"irregularity": "mismeld"},
            False,
            "irregularities.penalty",
        ),  # fmt: skip
        # cla-laws §Penalties: three or more sevens or aces held at the hand's end, 1500 each.
        ("held", {"hand": "7 7 7 A A A K"}, {"hand": "7 7 7 A A A K"}, False, "hand.held"),
        ("held", {"hand": "7 7 A A K"}, {"hand": "7 7 A A K"}, True, "hand.held"),
    ],
)
def test_each_play_question_is_the_contracts_ruling(
    client, question, fields, contract, allowed, rule
):
    status, page = ask(client, "/referee?variant=american", question, **fields)
    assert status == 200, page[:2000]
    shown_allowed, sentence, rule_id = ruling(page)
    assert (shown_allowed, rule_id) == (allowed, f"american.{rule}")
    expected = check_json({"variant": "american", "question": question, **contract})
    assert (expected["allowed"], expected["rule"]["id"]) == (allowed, f"american.{rule}")
    # the page groups a figure's digits (3,000) where the contract writes 3000
    assert re.sub(r"(\d),(\d{3})", r"\1\2", sentence).endswith(expected["reason"])


def test_a_dead_rank_answer_counts_what_the_packs_leave(client):
    # The other side closed its kings with seven naturals: one king of eight is left, and a
    # meld needs two (cla-laws §Melding), so the rank cannot be melded by this side.
    status, page = ask(
        client, "/referee?variant=american", "dead_rank", rank="K", action="meld",
        other_melds=KINGS,
    )  # fmt: skip
    allowed, sentence, _rule = ruling(page)
    assert not allowed
    assert "leaving 1" in sentence
    # A mixed canasta of five kings leaves three: the rank may still be melded.
    status, page = ask(
        client, "/referee?variant=american", "dead_rank", rank="K", action="meld",
        other_melds="K K K K K 2 2",
    )  # fmt: skip
    assert ruling(page)[0]


def test_a_wild_card_is_no_rank(client):
    status, page = ask(client, "/referee?variant=american", "dead_rank", rank="2")
    assert status == 422
    assert "Give a natural rank, from 4 to A." in page


def test_each_play_question_is_a_link_of_its_own_filled_in(client):
    page = client.get(
        "/referee?variant=american&q=dead_rank&dead_rank-rank=Q&dead_rank-action=discard"
    ).get_data(as_text=True)
    assert 'id="q-dead_rank"' in page
    assert re.search(r'name="dead_rank-rank"[^>]*value="Q"', page)
    assert re.search(r'<option selected value="discard">|<option value="discard" selected', page)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_page_offers_only_the_questions_its_book_has(client, variant):
    page = client.get(f"/referee?variant={variant}").get_data(as_text=True)
    links = set(re.findall(r'<a class="button[^"]*" href="[^"#]+#q-(\w+)"', page))
    assert links == set(offered_questions(PRESETS[variant]))
    american = {"wild_card", "discard", "dead_rank", "bonus_cards", "stock_out", "penalty"}
    american |= {"held"}
    if variant == "american":
        assert american <= links
    elif variant == "classic":
        assert links & american == {"stock_out"}  # 004 §Uitgaan: play goes on


def test_a_question_the_book_lacks_is_not_answered(client):
    status, page = ask(client, "/referee?variant=classic", "bonus_cards", first_side="y")
    assert status == 400
    assert 'class="ruling' not in page


def test_the_penalty_question_names_each_irregularity(client):
    page = client.get("/referee?variant=american&q=penalty").get_data(as_text=True)
    for key in ("mismeld", "melds_taken_back", "short_opening"):
        assert f'value="{key}"' in page
    status, page = ask(client, "/referee?variant=czech-fast", "penalty",
                       irregularity="short_opening")  # fmt: skip
    allowed, sentence, rule = ruling(page)
    # czech-fast Bod 10: a failed attempt raises the minimum by 10, no points penalty.
    assert (allowed, rule) == (False, "czech-fast.irregularities.insufficient-opening")
    assert "raises the side's minimum by 10" in sentence


def test_the_pile_question_asks_the_other_sides_melds_where_ranks_die(client):
    status, page = ask(
        client, "/referee?variant=american", "pickup", top="K", hand="K K 4", melds="Q Q Q",
        other_melds=KINGS, score="0",
    )  # fmt: skip
    allowed, sentence, rule = ruling(page)
    assert (allowed, rule) == (False, "american.play.dead-rank")
    assert "nobody may take the pile with a dead card" in sentence
    classic = client.get("/referee?variant=classic&q=pickup").get_data(as_text=True)
    assert "pickup-other_melds" not in classic


@pytest.mark.parametrize(
    ("hand", "penalty"),
    [("7 7 7 A A A K", 3000), ("A A A 5", 1500), ("7 7 A A K", None)],
)
def test_the_cards_held_are_answered_with_what_they_cost(client, hand, penalty):
    """cla-laws §Penalties: 1500 for each of sevens and aces held three or more times, shown
    beside the sentence as the figure the question asks for; nothing shown where none is due."""
    status, page = ask(client, "/referee?variant=american", "held", hand=hand)
    assert status == 200
    answer = page.split('id="q-held-answer"')[1].split("</section>")[0]
    shown = re.search(r'<p class="penalty">[^<]*<strong>([^<]+)</strong>', answer)
    expected = check_json({"variant": "american", "question": "held", "hand": hand})
    assert expected["penalty"] == (penalty or 0)
    assert (shown[1].replace(",", "") if shown else None) == (str(penalty) if penalty else None)
    assert re.search(r'name="held-hand"[^>]*value="' + hand + '"', page)  # the question stays


@pytest.mark.parametrize(
    ("hand", "error"),
    [("", "This field is required."), ("7 7 Z", "Not card notation"), ("   ", "Give the cards")],
)
def test_cards_held_the_core_cannot_read_are_the_fields_error(client, hand, error):
    status, page = ask(client, "/referee?variant=american", "held", hand=hand)
    assert status == 422
    assert 'class="ruling' not in page
    field = page.split('id="held-hand"')[1].split("</div>")[0]
    assert error in field


def test_the_cards_held_form_is_asked_in_every_language(client):
    for lang, words in [("cs", "Karty v ruce"), ("de", "Karten auf der Hand"),
                        ("es", "Cartas en la mano"), ("nl", "Kaarten in de hand"),
                        ("pl", "Karty na ręce")]:  # fmt: skip
        page = client.get(f"/referee?variant=american&q=held&lang={lang}").get_data(as_text=True)
        assert words in page
        assert 'id="held-hand"' in page


def test_a_match_at_the_american_table_asks_the_cards_held(client):
    """Inside a match the referee asks under its own rules: the held question is offered, and
    answered with the penalty, at an American table; not at a classic one."""
    edit = start_match(client, preset="american")
    status, page = ask(client, f"{edit}/referee", "held", hand="A A A 4")
    assert status == 200
    allowed, sentence, rule = ruling(page)
    assert (allowed, rule) == (False, "american.hand.held")
    assert re.search(r'<p class="penalty">[^<]*<strong>1,500</strong>', page)
    classic = client.get(f"{start_match(client)}/referee?q=held").get_data(as_text=True)
    assert 'id="q-held"' not in classic
    assert "#q-held" not in classic
