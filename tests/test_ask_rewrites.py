"""The reader held to its own posts rewritten (issue 44): a post the referee rules right,
written as another player would write it -- lower case, no question mark, a greeting and
thanks, numbers in words, cards in another notation, two sentences swapped, "we" for "I", a
typo, British spelling, a contraction spelt out -- is ruled the same, verdict and figure.

The posts are the dev halves' (tests/ask_american.toml, tests/ask_american2.toml,
tests/ask_long.toml) that carry a ruling and are ruled right; the rewrites are
tests/support/rewrites.py's.  ``python -m tests.ask_rewrites`` counts what each rewrite
breaks (docs/benchmarks.md, "The reader, held to its own posts rewritten").
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from referee.caches import lru_cached
from tests.ask_rewrites import Post, dev_posts, ruled
from tests.support.profiles import examples
from tests.support.rewrites import REWRITES, rewritten, sites, stacked, variants


@lru_cached(1)
def _posts() -> tuple[Post, ...]:
    return tuple(dev_posts())


def _with_sites(name: str) -> list[Post]:
    return [post for post in _posts() if sites(name, post.text, post.lang)]


def test_the_posts_are_ruled() -> None:
    # the property below holds for something: most dev posts with a ruling are ruled right
    found = _posts()
    assert len(found) >= 40
    assert all(post.ruling != (None, None) for post in found)


@pytest.mark.parametrize("name", list(REWRITES))
def test_every_rewrite_has_posts_to_rewrite(name: str) -> None:
    # a rewrite that found no site in any post would test nothing
    assert _with_sites(name)


@pytest.mark.parametrize("name", list(REWRITES))
@seed(44)
@settings(
    max_examples=examples(40),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_a_rewritten_post_is_ruled_the_same(name: str, data: st.DataObject) -> None:
    post = data.draw(st.sampled_from(_with_sites(name)), label="post")
    text = data.draw(rewritten(name, post.text, post.lang), label="rewritten")
    assert ruled(text, post.lang, post.variant) == post.ruling


@seed(44)
@settings(
    max_examples=examples(40),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_a_post_rewritten_many_ways_at_once_is_ruled_the_same(data: st.DataObject) -> None:
    post = data.draw(st.sampled_from(_posts()), label="post")
    text = data.draw(stacked(post.text, post.lang), label="rewritten")
    assert ruled(text, post.lang, post.variant) == post.ruling


@pytest.mark.slow  # seconds of work: some 3 000 rewrites asked, the full run's, not --fast's
@pytest.mark.parametrize("name", list(REWRITES))
def test_every_rewrite_of_one_site_is_ruled_the_same(name: str) -> None:
    # each site rewritten alone by each of its options, and all at once: what
    # ``python -m tests.ask_rewrites`` counts, none ruled otherwise
    otherwise = [
        (text, ruled(text, post.lang, post.variant), post.ruling)
        for post in _with_sites(name)
        for text in variants(name, post.text, post.lang)
        if ruled(text, post.lang, post.variant) != post.ruling
    ]
    assert not otherwise


_SEVENS = (
    "My partner threw a 7 and the next lady picked up the pile with two 7s from her hand, they"
    " had already gone down."
)
_COUPLE = (
    "They were sitting at 2,990 after the third hand and we were way behind at 1200. Next hand"
    " she went down with exactly 125 and said since they were still under 3000 it was fine."
)
_CLUB = "The other team was at 5,020 going into the hand. Their lady picked from the deck and"
_JOKER = "Someone threw a joker on the pile (on purpose!) right after I was about to grab it."
# What each rewrite found the reader could not read, and now reads: the rewrite ruled as the
# post it rewrites is (both asked; no ruling written here).
FOUND = [
    (  # "We play with 2 decks": the 2 is a count of packs, no card
        "How many points for a clean canasta?",
        "We play with 2 decks. How many points for a clean canasta?",
        "american",
        "en",
    ),
    (
        "Je taková sestava povolená? Soupeř měl na stole tři krále a dvě dvojky.",
        "Hrajeme se 2 balíčky. Je taková sestava povolená? Soupeř měl na stole tři krále a dvě"
        " dvojky.",
        "classic",
        "cs",
    ),
    (  # a question begun with a contraction, no question mark
        "We play every Sunday with friends. what is an aces canasta worth in MAC Any help :)",
        "We play every Sunday with friends. what's an aces canasta worth in MAC Any help :)",
        "american",
        "en",
    ),
    (  # "Ks", "Qs": ranks in the plural, no kings of spades
        "We're at 3,200 and my partner went down with 3 kings, 3 queens and a joker. Enough?",
        "We're at 3,200 and my partner went down with 3 Ks, 3 Qs and a joker. Enough?",
        "american",
        "en",
    ),
    (  # "5 7s": five sevens
        "How much do you lose if you had 5 sevens down and did not finish the canasta?",
        "How much do you lose if you had 5 7s down and did not finish the canasta?",
        "american",
        "en",
    ),
    (  # commas within each meld, a comma and a space between them
        "At 4,200 my partner went down with KKK, QQQ2 and 888X. Was it enough to go down?",
        "At 4,200 my partner went down with K,K,K, Q,Q,Q,2 and 8,8,8,X. Was it enough to go down?",
        "american",
        "en",
    ),
    (  # "u" for "you"
        "We are at minus 340. What do you need to meld?",
        "We are at minus 340. What do u need to meld?",
        "american",
        "en",
    ),
    (  # "teammate" for "partner"
        "Do you have to ask your partner before going out?",
        "Do you have to ask your teammate before going out?",
        "american",
        "en",
    ),
    (  # "came down" as "went down": the side has opened
        "We went down second tonight. Who gets 4 bonus cards and who gets 3?",
        "We came down second tonight. Who gets 4 bonus cards and who gets 3?",
        "american",
        "en",
    ),
    (  # a "clean book" is a clean canasta
        "How many points for a clean canasta?",
        "How many points for a clean book?",
        "american",
        "en",
    ),
    (  # "is that ok" asks the rule as "is that allowed" does
        f"{_SEVENS} Is that allowed or should we have stopped her?",
        f"{_SEVENS} Is that ok or should we have stopped her?",
        "american",
        "en",
    ),
    (  # ... and so it does with a vague question after it
        f"{_SEVENS} Is that allowed or should we have stopped her?",
        f"{_SEVENS} Is that allowed or should we have stopped her? Who's right?",
        "american",
        "en",
    ),
    (  # a post in capitals: "AT" is no ace and ten, "A 2" no ace and two
        "Is it legal to meld 2 naturals and 1 wild? like 99 and a 2",
        "IS IT LEGAL TO MELD 2 NATURALS AND 1 WILD? LIKE 99 AND A 2",
        "american",
        "en",
    ),
    (
        "We are at 1,850 right now, what do we need to go down?",
        "WE ARE AT 1,850 RIGHT NOW, WHAT DO WE NEED TO GO DOWN?",
        "american",
        "en",
    ),
    (  # no space after a sentence's mark
        "Can I go out by discarding a wild card as my last card? Had a joker left.",
        "Can I go out by discarding a wild card as my last card?Had a joker left.",
        "american",
        "en",
    ),
    (  # "KKK, 3 queens": the 3 counts the queens, no card of the kings' meld
        "We're at 3,200 and my partner went down with K K K, Q Q Q and a joker. Enough?",
        "We're at 3,200 and my partner went down with KKK, 3 queens and a joker. Enough?",
        "american",
        "en",
    ),
    (  # "melded exactly 160 points": a first meld's points, weighed against the minimum
        f"{_CLUB} went down with exactly 160 points, all natural. Were they short or not?",
        f"{_CLUB} melded exactly 160 points, all natural. Were they short or not?",
        "american",
        "en",
    ),
    (  # a question without its mark after a lead-in ("Ok so can ...")
        f"{_JOKER} Can the next person pick up the pile now or is it blocked? We skipped it.",
        f"{_JOKER} Ok so can the next person pick up the pile now or is it blocked. We skipped it.",
        "american",
        "en",
    ),
    (  # a canasta's kind asked what it gets: its worth
        "How many points for a clean canasta?",
        "What do you get for a clean canasta?",
        "american",
        "en",
    ),
    (
        "How many points for a clean canasta?",
        "How much for a clean canasta?",
        "american",
        "en",
    ),
    (  # "Q:" is a question, no queen
        "If you start a meld of 7s and don't finish the canasta you lose points. How much do you"
        " lose? We had 5 sevens down when they went out.",
        "If you start a meld of 7s and don't finish the canasta you lose points. Q: how much do"
        " you lose? We had 5 sevens down when they went out.",
        "american",
        "en",
    ),
    (  # no question mark anywhere: the question naming the game, not a vague one after it
        "Can you put a wild on your 7s? My partner stuck a joker on our four sevens to close it"
        " faster and the opponents called her on it. Who was right here",
        "Can you put a wild on your 7s. My partner stuck a joker on our four sevens to close it"
        " faster and the opponents called her on it. Who was right here",
        "american",
        "en",
    ),
    (  # "was ... enough" asks without its mark
        f"{_COUPLE} Was 125 enough for her? Any help appreciated :)",
        f"{_COUPLE} Was 125 enough for her. Any help appreciated :)",
        "american",
        "en",
    ),
    (  # aces written "A,A,A" in a post in capitals
        "At the start of the game, both teams at 0, I put down AAA and 999 with a two in the 9's."
        " My partner said we needed more than that to go down. Did we?",
        "AT THE START OF THE GAME, BOTH TEAMS AT 0, I PUT DOWN A,A,A AND 999 WITH A TWO IN THE"
        " 9's. MY PARTNER SAID WE NEEDED MORE THAN THAT TO GO DOWN. DID WE?",
        "american",
        "en",
    ),
    (  # "Ks, Q Q Q 2": the plural read apart, the meld after it kept
        "We were at 4,200 and my partner went down with three kings, Q Q Q 2 and three 8's with"
        " a joker on the eights. Was that enough to go down or not?",
        "We were at 4,200 and my partner went down with three Ks, Q Q Q 2 and three 8's with a"
        " joker on the eights. Was that enough to go down or not?",
        "american",
        "en",
    ),
    (  # "2 melds" as "two melds" (the typo after it kept: the second phrase says nothing)
        "Can you have two melds of the same rank going at the same time? Like two seperate piles"
        " of 5s, because one is clean and one has a deuce in it.",
        "Can you have 2 melds of the same rank going at the same time? Like two seperate piles"
        " of 5s, because one is clean and one has a deuce in it.",
        "american",
        "en",
    ),
    (  # a letter right after a question mark: a new sentence
        "can i go out by discarding a wild card as my last card? had a joker left and nothing"
        " else.",
        "can i go out by discarding a wild card as my last card?had a joker left and nothing else.",
        "american",
        "en",
    ),
    (  # a question run into its sentence, no mark, no comma: it asks all the same
        "Newbie here, learning with three friends from my building. Our teacher is away for a"
        " month. We're on 1,850 right now, what do we need to go down? Thanks!!",
        "newbie here, learning with three friends from my building. our teacher is away for a"
        " month. we're on 1,850 right now what do we need to go down thanks!!",
        "american",
        "en",
    ),
    (  # "KKK Q Q Q 2": a meld written together beside one spaced
        "We were at 4,200 and my partner went down with KKK, Q Q Q 2 and 8,8,8 with a joker. Was"
        " it enough to go down or not?",
        "We were at 4,200 and my partner went down with KKK Q Q Q 2 and 8,8,8 with a joker. Was"
        " it enough to go down or not?",
        "american",
        "en",
    ),
    (  # a sentence partly in capitals: "AT" and "A" after a shouted word are words
        "We're at 3,200 and my partner went down with three kings, three queens and a joker. I"
        " say at 3000 you need 155. Who's right??",
        "WE'RE AT 3,200 AND MY PARTNER WENT DOWN WITH three kings, three queens AND A JOKER. I SAY"
        " AT 3000 YOU NEED 155 lol. WHO'S RIGHT??",
        "american",
        "en",
    ),
    (
        "Is it legal to meld 2 naturals and 1 wild? like 99 and a 2",
        "IS IT LEGAL TO MELD 2 NATURALS AND 1 WILD? LIKE 99 AND A 2 Help settle an argument"
        " please.",
        "american",
        "en",
    ),
    (  # an emoji after each sentence
        "My partner went out by putting an 8th card on a canasta. Is that allowed? We lost 400"
        " points over it.",
        "My partner went out by putting an 8th card on a canasta. 😂 Is that allowed? 😂 We lost"
        " 400 points over it. 😂",
        "american",
        "en",
    ),
]


@pytest.mark.parametrize(("post", "rewrite", "variant", "lang"), FOUND)
def test_what_the_rewrites_found_is_read(post: str, rewrite: str, variant: str, lang: str) -> None:
    assert ruled(post, lang, variant) != (None, None)
    assert ruled(rewrite, lang, variant) == ruled(post, lang, variant)
