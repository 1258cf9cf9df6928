"""A club's tournament as the web tests make one: the director's form filled for eight
teams, the tables of a round, hands that a side wins."""

from __future__ import annotations

import re

from tests.support.web import hand

# The eight teams of a club night, team n on line n.
NAMES = [
    f"{a} & {b}"
    for a, b in zip(
        ("Anna", "Cleo", "Eva", "Gus", "Ivo", "Karl", "Milo", "Otto"),
        ("Ben", "Dan", "Finn", "Hana", "Jana", "Lea", "Nora", "Pia"),
        strict=True,
    )
]


TEAMS = "\n".join(NAMES)


FORM = {
    "name": "Club night",
    "preset": "american",
    "players": "4",
    "teams": TEAMS,
    "movement": "mitchell",
    "rounds": "2",
    "game": "hands",
    "hands": "3",
    "minimums": "125, 155, 180",
    "ranking": "wins",
}


def won_by(side: int) -> dict[str, str]:
    """A hand of American Canasta in the quick form that ``side`` (0: N-S) goes out with:
    natural and mixed canastas and 250 in melds against 200 melds and 45 in hand."""
    winner = {"canastas_natural": 1, "canastas_mixed": 1, "went_out": True, "meld_points": 250}
    loser = {"meld_points": 200, "hand_points": 45}
    return hand("quick", **{f"side{side}": winner, f"side{1 - side}": loser})


def make(client, **changes):
    response = client.post("/tournaments/new", data={**FORM, **changes})
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    director = response.headers["Location"]
    found = re.fullmatch(r"/t/(\d+)/([\w-]+)", director)
    assert found
    return director, int(found[1]), found[2]


def tables(client, director):
    page = client.get(director).get_data(as_text=True)
    return re.findall(r'href="(/m/\d+/[\w-]+)"', page)


def score(client, match_url, side=0, hands=3):
    for _ in range(hands):
        answer = client.post(f"{match_url}/hands/new?mode=quick", data=won_by(side))
        assert answer.status_code in (302, 303), answer.get_data(as_text=True)[:3000]
