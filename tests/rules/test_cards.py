"""Card notation, as promised in ../shared/spec/contracts.md §1."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules import Card, NotationError, Rank, Suit, format_cards, parse_cards
from tests.support.profiles import examples


def printed(text: str) -> str:
    return format_cards(parse_cards(text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # §1: "Ranks: A K Q J 10 9 8 7 6 5 4 3 2"
        ("A K Q J 10 9 8 7 6 5 4 3 2", "A K Q J 10 9 8 7 6 5 4 3 2"),
        # §1: "T is accepted for 10"
        ("T", "10"),
        # §1: "Joker: X (also *)"
        ("X *", "X X"),
        # §1: "Letters are case-insensitive."
        ("a k q j t x", "A K Q J 10 X"),
        ("3S 3C 3H 3D", "3s 3c 3h 3d"),
        # §1: "Suits (optional): s h d c"
        ("3h 3d 3s 3c", "3h 3d 3s 3c"),
        ("Ah 10d Ts", "Ah 10d 10s"),
        # §1: "... or ♠ ♥ ♦ ♣"
        ("3♥ 3♦ 3♠ 3♣", "3h 3d 3s 3c"),
        ("10♥ T♠", "10h 10s"),
        # Phone keyboards add the emoji variation selector U+FE0F after a suit.
        ("3\u2665\ufe0f 3\u2666\ufe0f 3\u2660\ufe0f 3\u2663\ufe0f", "3h 3d 3s 3c"),
        ("9\u2665\ufe0f9\u2666\ufe0f", "9h 9d"),
        # §1: "K K K 2, K,K,K,2, KKK2, 10 10 10 X, 7h8h9h"
        ("K K K 2", "K K K 2"),
        ("K,K,K,2", "K K K 2"),
        ("KKK2", "K K K 2"),
        ("10 10 10 X", "10 10 10 X"),
        ("7h8h9h", "7h 8h 9h"),
        # Spaces and commas mix freely; runs of separators are one separator.
        ("K, K ,,K  2", "K K K 2"),
        ("101010X", "10 10 10 X"),
        ("QX", "Q X"),
        # 002 §Meldung writes melds with suit symbols: "5♦ 5♠ 5♠ 5♥ 5♥ 2♣ X X"
        ("5♦ 5♠ 5♠ 5♥ 5♥ 2♣ X X", "5d 5s 5s 5h 5h 2c X X"),
        # Nothing to parse is no cards, not an error: a side may hold nothing.
        ("", ""),
        (" , ", ""),
    ],
)
def test_notation_is_read(text, expected):
    assert printed(text) == expected


@pytest.mark.parametrize(
    ("symbol", "rank", "suit"),
    [
        ("10", Rank.TEN, None),
        ("t", Rank.TEN, None),
        ("Kh", Rank.KING, Suit.HEARTS),
        ("x", Rank.JOKER, None),
        ("*", Rank.JOKER, None),
        ("2♣", Rank.TWO, Suit.CLUBS),
    ],
)
def test_from_symbol_reads_one_card(symbol, rank, suit):
    assert Card.from_symbol(symbol) == Card(rank, suit)


@pytest.mark.parametrize(
    ("symbol", "red", "black"),
    [
        # §1: "threes (3h 3d red, 3s 3c black)"
        ("3h", True, False),
        ("3♦", True, False),
        ("3s", False, True),
        ("3♣", False, True),
        # §1: "A bare 3 inside a meld is a black three"
        ("3", False, True),
    ],
)
def test_three_colours(symbol, red, black):
    card = Card.from_symbol(symbol)
    assert (card.is_red_three, card.is_black_three) == (red, black)


@pytest.mark.parametrize(
    ("text", "position", "offending"),
    [
        ("K K Z", 5, "Z"),
        ("KKZ", 3, "Z"),
        ("7h 8z", 5, "z"),  # a letter that is no suit starts a new (bad) card
        ("1 K", 1, "1"),  # a lone 1 is not ten
        ("K 11", 3, "1"),
        ("K ♥", 3, "♥"),  # a suit needs a rank before it
        ("K;K", 2, ";K"),
        ("Q Q Q 0", 7, "0"),
        ("Xh", 2, "joker"),  # a joker has no suit
        ("*s", 2, "joker"),
    ],
)
def test_bad_notation_names_text_and_position(text, position, offending):
    with pytest.raises(NotationError) as caught:
        parse_cards(text)
    error = caught.value
    assert error.position == position
    assert error.text == text
    message = str(error)
    assert f'"{text}"' in message
    assert offending in message
    assert f"position {position}" in message


@pytest.mark.parametrize("symbol", ["", "K K", "KK", "Z"])
def test_from_symbol_wants_exactly_one_card(symbol):
    with pytest.raises(NotationError):
        Card.from_symbol(symbol)


def test_notation_error_is_a_value_error():
    # The web layer catches ValueError at its boundary; notation errors must be among them.
    assert issubclass(NotationError, ValueError)


# -- round trips -----------------------------------------------------------------

SUITED_RANKS = [rank for rank in Rank if rank is not Rank.JOKER]
cards_strategy = st.one_of(
    st.builds(Card, st.sampled_from(SUITED_RANKS), st.none() | st.sampled_from(list(Suit))),
    st.just(Card(Rank.JOKER)),
)
card_lists = st.lists(cards_strategy, max_size=20)


@settings(max_examples=examples(200))
@given(card_lists)
def test_parse_format_parse_round_trips(cards):
    text = format_cards(cards)
    assert parse_cards(text) == tuple(cards)
    assert format_cards(parse_cards(text)) == text


@settings(max_examples=examples(200))
@given(card_lists, st.lists(st.sampled_from([" ", ",", ", ", " ,", "", "\t"]), min_size=1))
def test_any_separators_read_the_same(cards, separators):
    # Cards written run together or with any mix of separators are the same cards.
    pieces = []
    for i, card in enumerate(cards):
        pieces.append(card.symbol())
        pieces.append(separators[i % len(separators)])
    assert parse_cards("".join(pieces)) == tuple(cards)


@settings(max_examples=examples(200))
@given(card_lists)
def test_case_does_not_matter(cards):
    text = format_cards(cards)
    assert parse_cards(text.upper()) == parse_cards(text.lower()) == tuple(cards)


@settings(max_examples=examples(200))
@given(st.text(max_size=30))
def test_any_text_parses_or_raises_notation_error(text):
    # Never another exception: the boundary turns NotationError into a field error.
    position = None
    try:
        cards = parse_cards(text)
    except NotationError as error:
        position = error.position
    if position is None:
        assert all(isinstance(card, Card) for card in cards)
    else:
        assert 1 <= position <= len(text)
