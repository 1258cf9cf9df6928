"""One hand of actual cards entered three ways, for the differential tests (issue 42): as
`referee score` reads it, card by card and through the quick form's own fields.

The hands are end-of-hand positions of actual cards (``legal_hands``, with every house-rule
switch of its preset drawn, black threes melded in going out where a variant pays for them,
canastas laid from the hand).  :func:`quick_fields` fills the quick form as a player counts
the cards on the table: it reads the fields the page offers (their names) and the cards'
values as the form prints them, never the scoring.
"""

from __future__ import annotations

import re
import secrets
from collections import Counter
from typing import Any

import pytest
from hypothesis import strategies as st

from referee.rules import PRESETS, Rank, Variant, classify, parse_cards
from referee.rules.hand import hand_costs
from referee.rules.melds import Meld
from tests.support.strategies import legal_hands

CANASTA = 7
WILD = (Rank.TWO, Rank.JOKER)


@st.composite
def card_hands(draw: st.DrawFn) -> dict:
    """A legal hand of actual cards as the contract reads it, with the table's house rules
    (every switch of its preset drawn), and black threes melded in going out where the
    variant pays a premium for them."""
    data = draw(legal_hands())
    preset = PRESETS[data["variant"]]
    if preset.options:
        data["options"] = {o.name: draw(st.booleans()) for o in preset.options}
    variant = preset.with_options(data.get("options", {}))
    out = next((s for s in data["sides"] if s.get("went_out")), None)
    if variant.black_three_going_out_bonus and out is not None and draw(st.booleans()):
        # The black threes come out of the hands (a pack holds two): none left in any hand.
        for side in data["sides"]:
            if side.get("hand"):
                side["hand"] = " ".join(c for c in side["hand"].split() if c != "3")
        out["melds"].append(" ".join(["3"] * draw(st.integers(3, 4))))
    if variant.penalty_points:
        # The book's penalty for an irregularity (american), counted per side as the table
        # charged it during the hand.
        for side in data["sides"]:
            if n := draw(st.integers(0, 3)):
                side["penalties"] = n
    return data


def contract_variant(data: dict) -> Variant:
    return PRESETS[data["variant"]].with_options(data.get("options", {}))


def _cards(item: Any) -> tuple[str, bool]:
    if isinstance(item, dict):
        return item["cards"], bool(item.get("concealed"))
    return item, False


def quick_fields(variant: Variant, data: dict, offered: set[str]) -> dict[str, str] | str:
    """The quick form's fields (as the page posts them) for the hand ``data``, filled as a
    player counts the cards; or why the form offers no way to say this hand (a str)."""
    fields: dict[str, str] = {"mode": "quick", "token": secrets.token_urlsafe(16)}
    out = next((i for i, s in enumerate(data["sides"]) if s.get("went_out")), None)
    fields["out"] = "none" if out is None else str(out)
    values = dict(variant.card_points)
    by_content = any(name.startswith("natural_c") for name in offered)
    for i, side in enumerate(data["sides"]):
        counts: Counter[str] = Counter()
        melded: Counter[int] = Counter()  # other melded cards, by value
        for item in side["melds"]:
            text, concealed = _cards(item)
            cards = parse_cards(text)
            info = classify(variant, Meld(cards, concealed))
            ranks = [c.rank for c in cards]
            naturals = [r for r in ranks if r not in WILD]
            if (
                info.canasta is not None
                and by_content
                and info.canasta.value
                in (
                    "natural",
                    "mixed",
                )
            ):
                value = values[naturals[0]]
                wild = [r for r in ranks if r in WILD]
                kind = "natural" if not wild else "mixed"
                counts[f"{kind}_c{value}"] += 1
                if wild:
                    counts[f"mixed_twos_c{value}"] += wild.count(Rank.TWO)
                    counts[f"mixed_jokers_c{value}"] += wild.count(Rank.JOKER)
                for r in naturals[CANASTA - len(wild) :]:  # beyond seven: other melded cards
                    melded[values[r]] += 1
            else:
                if info.canasta is not None:
                    counts[f"canastas_{info.canasta.value}"] += 1
                for r in ranks:
                    melded[values[r]] += 1
            if concealed and info.canasta is not None:
                if f"concealed_{info.canasta.value}" in offered:
                    counts[f"concealed_{info.canasta.value}"] += 1
                elif variant.concealed_canasta_bonus is not None or variant.hand_canasta_doubles:
                    return "no field for a canasta laid from the hand"
            if ranks and set(ranks) == {Rank.THREE} and i == out:
                if variant.black_three_going_out_bonus:
                    if "black_threes_out" not in offered:
                        return "no field for black threes melded in going out"
                    counts["black_threes_out"] += len(ranks)
        for value, n in melded.items():
            counts[f"meld_c{value}"] += n
        if side.get("hand"):
            costs = hand_costs(variant)
            for card in parse_cards(side["hand"]):
                counts[f"hand_c{costs[card.rank]}"] += 1
        elif side.get("hand_points"):
            fields[f"side{i}-hand_points"] = str(side["hand_points"])
        for key, name in (("red_threes", "red_threes"), ("penalties", "penalties")):
            if side.get(key):
                counts[name] += side[key]
        for key, name in (("exact_cut", "exact_cut"), ("went_out_on_first_pickup", "first_pickup")):
            if side.get(key):
                if name not in offered:
                    return f"no field for {name}"
                fields[f"side{i}-{name}"] = "y"
        for name, n in counts.items():
            if name not in offered:
                return f"no field {name}"
            fields[f"side{i}-{name}"] = str(n)
        if i == out and side.get("concealed"):
            fields["out_concealed"] = "y"
    return fields


# -- entering it in the app (the test client) -----------------------------------------

FIELD = re.compile(r'name="(side0-[a-z_0-9]+|out_concealed)"')


def match_form(data: dict) -> dict[str, str]:
    """The new-match form for the hand's variant, table and house rules, at the totals its
    sides had before it (carried over from paper)."""
    # A target past every total carried over: the match is on when the hand comes.
    form = {"preset": data["variant"], "players": str(data["players"]), "target": "50000"}
    for name, on in data.get("options", {}).items():
        if on:
            form[f"opt_{data['variant'].replace('-', '_')}_{name}"] = "y"
    scores = [side.get("score", 0) for side in data["sides"]]
    if any(scores):
        form["paper_hands"] = "1"
        for i, score in enumerate(scores, start=1):
            form[f"paper_side{i}"] = str(score)
    return form


def new_match(client, data: dict) -> tuple[str, int, str]:
    """A match for the hand (:func:`match_form`) through the test client; its edit path,
    id and token."""
    answer = client.post("/matches/new", data=match_form(data))
    assert answer.status_code == 302, answer.get_data(as_text=True)[:2000]
    path = answer.location.split("#")[0]
    match_id, token = path.split("/")[2], path.split("/")[3]
    return path, int(match_id), token


def stored(client, match_id: int, token: str) -> dict:
    return client.get(f"/api/matches/{match_id}?token={token}").get_json()


def nonzero(breakdown: dict) -> dict:
    return {k: v for k, v in breakdown.items() if v}


def detailed_fields(data: dict) -> dict[str, str]:
    """The card-by-card form's fields for the same cards, as the page posts them."""
    fields = {"mode": "detailed", "token": secrets.token_urlsafe(16)}
    out = next((i for i, s in enumerate(data["sides"]) if s.get("went_out")), None)
    fields["out"] = "none" if out is None else str(out)
    for i, side in enumerate(data["sides"]):
        lines = []
        for item in side["melds"]:
            if isinstance(item, dict):
                lines.append(("hand: " if item.get("concealed") else "") + item["cards"])
            else:
                lines.append(item)
        fields[f"side{i}-melds"] = "\n".join(lines)
        if side.get("hand"):
            fields[f"side{i}-hand"] = side["hand"]
        elif side.get("hand_points"):
            fields[f"side{i}-hand_points"] = str(side["hand_points"])
        for key in ("red_threes", "penalties"):
            if side.get(key):
                fields[f"side{i}-{key}"] = str(side[key])
        for key, name in (("exact_cut", "exact_cut"), ("went_out_on_first_pickup", "first_pickup")):
            if side.get(key):
                fields[f"side{i}-{name}"] = "y"
        if i == out and side.get("concealed"):
            fields["out_concealed"] = "y"
    return fields


def enter(client, data: dict, mode: str) -> tuple[dict | None, str]:
    """Enter the hand in a new match in ``mode``; (what the match stored, or None, and the
    page the form answered with)."""
    path, match_id, token = new_match(client, data)
    page = client.get(f"{path}/hands/new?mode={mode}").get_data(as_text=True)
    offered = {name.removeprefix("side0-") for name in FIELD.findall(page)}
    variant = contract_variant(data)
    if mode == "quick":
        fields = quick_fields(variant, data, offered)
        if isinstance(fields, str):
            pytest.fail(f"the quick form cannot say this hand: {fields}")
    else:
        fields = detailed_fields(data)
    answer = client.post(f"{path}/hands/new", data=fields)
    hands = stored(client, match_id, token)["hands"]
    return (hands[0] if hands else None), answer.get_data(as_text=True)
