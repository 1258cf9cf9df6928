"""App, client and helpers for the web tests: each test gets its own database file."""

from __future__ import annotations

import re
import secrets

import pytest

from referee.web import create_app


@pytest.fixture
def app(tmp_path):
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "referee.db"),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def csrf_app(tmp_path):
    return create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "csrf.db"), "SECRET_KEY": "test"}
    )


@pytest.fixture
def csrf_client(csrf_app):
    return csrf_app.test_client()


def csrf_token(client, url: str) -> str:
    page = client.get(url).get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def start_match(client, **fields) -> str:
    """Create a match through the form; return its edit URL (path)."""
    data = {"preset": "classic", "players": "4", **fields}
    response = client.post("/matches/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.location


def view_url(client, edit_url: str) -> str:
    page = client.get(edit_url).get_data(as_text=True)
    match_id = edit_url.split("/")[2]
    links = re.findall(rf'href="http://localhost(/m/{match_id}/[^"#/]+)"', page)
    return next(link for link in links if link != edit_url)


def hand(mode: str = "detailed", token: str | None = None, **sides) -> dict[str, str]:
    """Form data for a hand: ``hand(side0={"melds": "K K K"}, side1={...})``."""
    data = {"mode": mode, "token": token or secrets.token_urlsafe(16)}
    for side, fields in sides.items():
        for key, value in fields.items():
            if value is True:
                value = "y"
            data[f"{side}-{key}"] = str(value)
    return data


def totals(client, edit_url: str) -> list[int]:
    page = client.get(edit_url).get_data(as_text=True)
    return [int(n) for n in re.findall(r'<p class="big">(-?\d+)</p>', page)]


# A legal hand under classic: North-South go out with a natural canasta of kings.
GOING_OUT = {
    "side0": {"melds": "K K K K K K K\n5 5 5", "went_out": True},
    "side1": {"melds": "A A A", "hand_points": 30},
}
# classic: 7 kings 70 + natural canasta 500 + 3 fives 15 + going out 100 = 685
# the other side: 3 aces 60 - 30 in hand = 30
GOING_OUT_SCORES = [685, 30]
