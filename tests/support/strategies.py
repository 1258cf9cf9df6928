"""Hypothesis strategies the tests share: hands the JSON contract reads (legal ones, and
any well-formed one), and random hands of the rules core's own values."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from referee.rules import (
    PRESETS,
    Card,
    Hand,
    Meld,
    Rank,
    Side,
    Suit,
    Variant,
    classify,
    find_variant,
    parse_cards,
)
from tests.support.hands import PRESET_IDS as RULES_PRESET_IDS

PRESET_IDS = [
    "classic",
    "czech",
    "czech-fast",
    "spanish",
    "german",
    "polish",
    "dutch",
    "samba",
    "bolivia",
    "american",
    "hand-and-foot",
]


NATURALS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]


# A score in each step of every preset's opening table, and between them.
SCORES = [-5000, -10, 0, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 7000, 9000, 12000]


def opening_points(variant, melds: list) -> int:
    """What a side's melds count towards its opening, as its book counts them: card values,
    and canasta bonuses where the book lets them count."""
    points = 0
    for item in melds:
        text = item["cards"] if isinstance(item, dict) else item
        info = classify(variant, Meld(parse_cards(text), isinstance(item, dict)))
        points += info.points + (info.bonus if variant.opening_counts_canasta_bonus else 0)
    return points


@st.composite
def legal_hands(draw: st.DrawFn) -> dict:
    """An end-of-hand position that breaks no rule of its variant.

    Each side melds its own ranks (so no rank is melded twice); cards come out
    of the packs the table uses; the side that went out has the canastas it needs.
    """
    variant_id = draw(st.sampled_from(PRESET_IDS))
    variant = PRESETS[variant_id]
    players = draw(st.sampled_from(variant.players))
    packs = variant.packs.get(players, 2)
    pool = {rank: 4 * packs for rank in NATURALS}
    pool.update({"2": 4 * packs, "X": 2 * packs, "3": 2 * packs})
    n_sides = variant.sides_for(players)
    out = draw(st.none() | st.integers(0, n_sides - 1))
    # Ranks whose melds the variant restricts or fines unfinished (american sevens and aces)
    # are left out: a legal hand need not have them.
    special = {rank.value for rank in variant.natural_only_ranks | variant.held_ranks}
    ranks = [rank for rank in draw(st.permutations(NATURALS)) if rank not in special]
    biggest = variant.max_meld_cards or 10
    most_wild = min(3, variant.max_wild)

    def wild_limit(naturals: int) -> int:
        if variant.wilds_fewer_than_naturals:
            return min(most_wild, naturals - 1)
        return min(most_wild, naturals)

    def run_of_seven() -> str:
        # A canasta in sequence (samba, escalera): 4 to 10 of a suit.
        suit = draw(st.sampled_from("shdc"))
        run = ["4", "5", "6", "7", "8", "9", "10"]
        for rank in run:
            pool[rank] -= 1
        return " ".join(f"{rank}{suit}" for rank in run)

    def wild_canasta() -> str:
        twos = min(7, pool["2"])
        pool["2"] -= twos
        pool["X"] -= 7 - twos
        return " ".join(["2"] * twos + ["X"] * (7 - twos))

    def meld(naturals: int, wilds: int, concealable: bool) -> object:
        rank = ranks.pop()
        twos = min(wilds, pool["2"])
        pool[rank] -= naturals
        pool["2"] -= twos
        pool["X"] -= wilds - twos
        text = " ".join([rank] * naturals + ["2"] * twos + ["X"] * (wilds - twos))
        if concealable and draw(st.booleans()):
            return {"cards": text, "concealed": True}
        return text

    def cards_left(most: int) -> str:
        symbols = [s for s, n in pool.items() for _ in range(n)]
        chosen = draw(st.lists(st.sampled_from(symbols), max_size=most)) if symbols else []
        kept = []
        for symbol in chosen:
            if pool[symbol]:
                pool[symbol] -= 1
                kept.append(symbol)
        return " ".join(kept)

    all_melds: list[list[object]] = [[] for _ in range(n_sides)]
    # Every meld first, then the cards left from what remains; the side that went out
    # melds first, so its canastas always find the wild cards they need in the packs.
    order = ([out] if out is not None else []) + [i for i in range(n_sides) if i != out]
    for i in order:
        melds = all_melds[i]
        if i == out:
            needed = variant.going_out_canastas.get(players, 1)
            kinds = ["natural", "mixed"] if variant.going_out_needs_clean_and_dirty else []
            kinds += [k.value for k, n in variant.going_out_kinds.items() for _ in range(n)]
            while len(kinds) < needed:
                kinds.append(draw(st.sampled_from(["natural", "mixed"])))
            for kind in kinds:
                if kind == "sequence":
                    melds.append(run_of_seven())
                elif kind == "wild":
                    melds.append(wild_canasta())
                else:
                    wilds = 0 if kind == "natural" else draw(st.integers(1, most_wild))
                    size = draw(st.integers(7, min(biggest, 8)))
                    melds.append(meld(size - wilds, wilds, concealable=True))
        for _ in range(draw(st.integers(0, 2))):
            naturals = draw(st.integers(2, 4))
            wilds = draw(st.integers(0, min(wild_limit(naturals), pool["2"] + pool["X"])))
            melds.append(meld(max(naturals, 3 - wilds), wilds, concealable=False))
    red_threes = 2 * packs
    sides = []
    for i, melds in enumerate(all_melds):
        # A score whose opening minimum the side's melds reach: melds only grow, so a side
        # whose melds are short of every minimum cannot have opened; it melded nothing.
        points = opening_points(variant, melds)
        scores = [s for s in SCORES if variant.opening_minimum(s) <= points]
        if not scores and i != out:
            melds.clear()
            scores = SCORES
        assume(scores)
        side: dict[str, object] = {
            "name": f"Side {i + 1}",
            "melds": melds,
            "score": draw(st.sampled_from(scores)),
        }
        reds = draw(st.integers(0, min(red_threes, 4)))
        red_threes -= reds
        side["red_threes"] = reds
        if i == out:
            side["went_out"] = True
            if variant.concealed_going_out_bonus is not None and draw(st.booleans()):
                side["concealed"] = True
            if players != n_sides:  # the partner still holds cards
                side["hand"] = cards_left(8)
            if variant.first_pickup_going_out_bonus is not None and draw(st.booleans()):
                side["went_out_on_first_pickup"] = True
        elif draw(st.booleans()):
            side["hand"] = cards_left(12)
        else:
            side["hand_points"] = 5 * draw(st.integers(0, 100))
        if variant.exact_cut_bonus is not None and draw(st.booleans()):
            side["exact_cut"] = True
        sides.append(side)
    data: dict[str, object] = {"variant": variant_id, "players": players, "sides": sides}
    if variant_id == "dutch" and draw(st.booleans()):
        data["options"] = {"hand_canasta": draw(st.booleans())}
    return data


card = st.sampled_from(NATURALS + ["2", "X", "3", "3h", "Ks", "7h", "8h", "9h"])


meld_text = st.lists(card, min_size=0, max_size=9).map(" ".join)


any_side = st.fixed_dictionaries(
    {
        "melds": st.lists(
            meld_text
            | st.builds(lambda c, f: {"cards": c, "concealed": f}, meld_text, st.booleans()),
            max_size=4,
        )
    },
    optional={
        "red_threes": st.integers(0, 9),
        "went_out": st.booleans(),
        "concealed": st.booleans(),
        "hand": st.lists(card, max_size=12).map(",".join),
        "hand_points": st.integers(0, 400),
        "score": st.integers(-10_000, 20_000),
        "undeclared_red_threes": st.integers(0, 2),
        "acabar": st.booleans(),
        "exact_cut": st.booleans(),
        "went_out_on_first_pickup": st.booleans(),
    },
)


@st.composite
def well_formed_hands(draw: st.DrawFn) -> dict:
    """Any hand the contract can read, legal or not."""
    variant = PRESETS[draw(st.sampled_from(PRESET_IDS))]
    players = draw(st.sampled_from(variant.players))
    sides = draw(
        st.lists(any_side, min_size=variant.sides_for(players), max_size=variant.sides_for(players))
    )
    data = {"variant": variant.id, "players": players, "sides": sides}
    if variant.options:
        names = [option.name for option in variant.options]
        data["options"] = draw(st.dictionaries(st.sampled_from(names), st.booleans()))
    return data


SUITS = st.none() | st.sampled_from(list(Suit))


any_cards = st.one_of(
    st.builds(Card, st.sampled_from([r for r in Rank if r is not Rank.JOKER]), SUITS),
    st.just(Card(Rank.JOKER)),
)


@st.composite
def random_hands(draw: st.DrawFn) -> tuple[Variant, Hand]:
    v = find_variant(draw(st.sampled_from(RULES_PRESET_IDS)))
    chosen = {option.name: draw(st.booleans()) for option in v.options}
    v = v.with_options(chosen)
    players = draw(st.sampled_from(v.players))
    sides = []
    for _ in range(v.sides_for(players)):
        melds = draw(
            st.lists(
                st.builds(Meld, st.lists(any_cards, max_size=9).map(tuple), st.booleans()),
                max_size=5,
            )
        )
        hand = draw(st.none() | st.lists(any_cards, max_size=6).map(tuple))
        sides.append(
            Side(
                melds=tuple(melds),
                red_threes=draw(st.integers(0, 9)),
                went_out=draw(st.booleans()),
                concealed=draw(st.booleans()),
                hand=hand,
                hand_points=draw(st.none() | st.integers(0, 500)),
                score=draw(st.integers(-5000, 15000)),
                undeclared_red_threes=draw(st.integers(0, 2)),
                acabar=draw(st.booleans()),
                exact_cut=draw(st.booleans()),
                first_pickup=draw(st.booleans()),
            )
        )
    return v, Hand(players, tuple(sides))
