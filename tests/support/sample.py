"""Sample matches for the sheet, export and backup tests: names in four languages and suits."""

from __future__ import annotations

import random
import secrets
from dataclasses import replace

from referee.match.entry import score_entry
from referee.match.ledger import HandRecord, Ledger, Match, compute_ledger, result_to_dict
from referee.rules import find_variant
from tests.support.database import turn

# Czech, Polish, German and Spanish letters, and the four suits.
MATCH_NAME = "Pátek u Žofie ♠♥♦♣"
SIDE_NAMES = ("Łódź Wschód", "Jürgen & Iñigo", "Señoría Año")
PLAYER_NAMES = ("Bořek", "Zoë", "Łucja", "Ñandú", "Grüße", "Čeněk")


# The example input of contracts.md §2, as written there.
EXAMPLE_HAND = {
    "variant": "classic",
    "players": 4,
    "sides": [
        {
            "name": "North-South",
            "score": 1200,
            "melds": [
                "K K K K 2",
                "7 7 7 7 7 2 2",
                {"cards": "Q Q Q Q Q Q Q", "concealed": True},
            ],
            "red_threes": 1,
            "went_out": True,
            "concealed": False,
            "hand": "Q 5 X",
        },
        {"name": "East-West", "melds": ["A A A"], "red_threes": 0, "hand_points": 65},
    ],
}


# What each side melds: enough for every opening minimum of the presets the samples play
# (120; czech's 150 counts its canasta bonus), in ranks apart so that the packs hold them
# whoever goes out; where going out needs a clean and a dirty canasta (spanish, whose 150
# from 5 000 counts cards only), the side going out has both.
WINNER_MELDS = "K K K K K 2 2\n8 8 8 8 8"
CLEAN_AND_DIRTY = "K K K K K 2 2\n8 8 8 8 8 8 8"
OTHER_MELDS = ("A A A A A\nJ J J J J", "10 10 10 10 10 10\n9 9 9 9 9 9\n7 7 7 7 7 7")


def entries(count: int, sides: int = 2, seed: int = 1, preset: str = "classic") -> list[dict]:
    """``count`` legal detailed hands of ``preset`` at any total: one side goes out with
    the canastas it needs, the others meld enough to have opened."""
    winning = (
        CLEAN_AND_DIRTY if find_variant(preset).going_out_needs_clean_and_dirty else WINNER_MELDS
    )
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        winner = rng.randrange(sides)
        others = iter(OTHER_MELDS)
        out.append(
            {
                "mode": "detailed",
                "sides": [
                    {
                        "melds": winning if side == winner else next(others),
                        "red_threes": rng.randint(0, 1),
                        "went_out": side == winner,
                        "concealed": False,
                        "hand": "" if side == winner else rng.choice(["5 6", "Q J 9", "X 4"]),
                    }
                    for side in range(sides)
                ],
            }
        )
    return out


def match(players: int = 4, preset: str = "classic", target: int = 100_000) -> Match:
    """A match of :data:`MATCH_NAME`, as stored (an id, links, a time)."""
    variant = find_variant(preset)
    sides = variant.sides_for(players)
    begun = Match.begin(
        variant, {}, players, SIDE_NAMES[:sides], PLAYER_NAMES[:players], name=MATCH_NAME,
        target=target,
    )  # fmt: skip
    return replace(begun, id=1, edit_token="e", view_token="v", created="2026-11-22T19:30:00+00:00")


def ledger(hands: int, players: int = 4, preset: str = "classic", **kwargs) -> Ledger:
    """A ledger of ``hands`` hands, built without a database."""
    m = match(players, preset, **kwargs)
    sides = len(m.side_names)
    made = entries(hands, sides, preset=preset)
    records = [HandRecord(i, 1, e, {}) for i, e in enumerate(made, start=1)]
    return compute_ledger(m, records)


def stored(
    storage, name: str = MATCH_NAME, target: int = 100_000, preset: str = "classic"
) -> Match:
    """A new four-player match of :func:`match`'s names, stored by ``storage``."""
    return storage.create_match(replace(match(4, preset, target), name=name))


def stored_match(storage, hands: int = 8, preset: str = "classic", churn: bool = True) -> Match:
    """A match written through storage as the web writes it; with ``churn`` its history
    holds an edit, a deletion, a hand deleted for good and undos."""
    m = stored(storage, preset=preset)
    variant = m.variant

    def result(entry):
        scored = score_entry(variant, m.players, m.side_names, entry)
        return result_to_dict(scored)

    added = [
        storage.add_hand(m.id, e, result(e), secrets.token_urlsafe(8))
        for e in entries(hands, preset=preset)
    ]
    if churn and hands >= 3:
        edited = entries(1, seed=99)[0]
        storage.update_hand(m.id, added[1].id, edited, result(edited))
        storage.delete_hand(m.id, added[2].id)
        turn(storage, m.id, result)  # the deletion is undone: hand 3 is back
        storage.delete_hand(m.id, added[0].id)  # hand 1 goes for good
        extra = entries(1, seed=7)[0]
        storage.add_hand(m.id, extra, result(extra), secrets.token_urlsafe(8))
        turn(storage, m.id, result)  # ... and that addition is undone: a deleted hand
    return m
