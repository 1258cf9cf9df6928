from referee.rules import Meld, find_variant, meld_problems, parse_cards


def test_nine_nine_three_wilds_differs_between_classic_and_german():
    meld = Meld(parse_cards("9 9 X X X"))
    assert meld_problems(find_variant("classic"), meld) == []
    assert [p.code for p in meld_problems(find_variant("german"), meld)] == [
        "more_wilds_than_naturals"
    ]
