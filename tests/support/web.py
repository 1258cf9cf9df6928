"""The app as the web tests drive it through Flask's test client: a test's app, a match and
a group made through their forms, a hand's form data, what a page shows (totals, the
read-only link), and hands every test knows the score of."""

from __future__ import annotations

import io
import os
import re
import secrets
import tempfile
from html import unescape
from pathlib import Path
from typing import Any

from referee.storage import Storage
from referee.web import create_app
from tests.support.forms import read_form

_migrated: list[bytes] = []  # the one new database of this process, once made


def _new_database(path: Path) -> None:
    """Write at ``path`` the file a new database is once its migrations ran.

    Every app a test makes ran every migration on its own new file (13 of ``make_app``'s
    17 ms of CPU); one process's first app runs them (:meth:`Storage.initialise`, as a
    server does), and every later one starts from a copy of that file, made as SQLite
    makes one (readable by its owner only).  The app still opens it through
    ``Storage.initialise``, which finds nothing left to apply.  Tests of the migrations
    themselves (tests/test_storage.py) and every server a test starts make theirs anew.
    """
    if not _migrated:
        with tempfile.TemporaryDirectory() as folder:
            made = Path(folder) / "referee.db"
            Storage.initialise(made)
            _migrated.append(made.read_bytes())
    file = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(file, "wb") as out:
        out.write(_migrated[0])


def make_app(folder: Path, **config: Any):
    """An app over a new database in ``folder`` (unless ``config`` names a file that is
    there already), as the tests make it: no CSRF, no rate limits (each has its own
    tests), ``config`` on top."""
    database = Path(config.get("DATABASE", folder / "referee.db"))
    if database.suffix == ".db" and database.parent.is_dir() and not database.exists():
        _new_database(database)
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(database),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "RATELIMIT_ENABLED": False,
            **config,
        }
    )


def csrf_token(client, url: str) -> str:
    page = client.get(url).get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def start_match(client, **fields) -> str:
    """Create a match through the form; return its edit URL (path)."""
    data = {"preset": "classic", "players": "4", **fields}
    response = client.post("/matches/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.location


def start_group(client, name: str = "Family", players: str = "Anna\nBen\nCleo\nDan") -> str:
    """Make a group through its form; return its edit URL (path)."""
    response = client.post("/groups/new", data={"name": name, "players": players})
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.location


def view_url(client, edit_url: str) -> str:
    page = client.get(edit_url).get_data(as_text=True)
    match_id = edit_url.split("/")[2]
    links = re.findall(rf'href="http://localhost(/m/{match_id}/[^"#/]+)"', page)
    return next(link for link in links if link != edit_url)


def hand(mode: str = "detailed", token: str | None = None, **sides) -> dict[str, str]:
    """Form data for a hand: ``hand(side0={"melds": "K K K"}, side1={...})``.  A hand where
    no side says it went out says "Nobody" went out, as the form asks a player to choose."""
    data = {"mode": mode, "token": token or secrets.token_urlsafe(16)}
    if not any("went_out" in fields or "concealed" in fields for fields in sides.values()):
        data["out"] = "none"
    for side, fields in sides.items():
        for key, value in fields.items():
            if value is True:
                value = "y"
            data[f"{side}-{key}"] = str(value)
    return data


def import_file(client, body: bytes, **options):
    """Send ``body`` as a match file through the import form, as a browser uploads it."""
    return client.post(
        "/matches/import",
        data={"file": (io.BytesIO(body), "match.json")},
        content_type="multipart/form-data",
        **options,
    )


def totals(client, edit_url: str) -> list[int]:
    page = client.get(edit_url).get_data(as_text=True)
    # Totals are written as the page's language groups digits (5,000 / 5.000 / 5 000).
    found = re.findall(r'<p class="big">([-−]?[\d.,\s\u00a0\u202f]+)</p>', page)
    return [int(re.sub(r"[^\d-]", "", n.replace("−", "-"))) for n in found]


# A legal hand under classic: North-South go out with a natural canasta of kings.
GOING_OUT = {
    "side0": {"melds": "K K K K K K K\n5 5 5", "went_out": True},
    "side1": {"melds": "A A A", "hand_points": 30},
}
# classic: 7 kings 70 + natural canasta 500 + 3 fives 15 + going out 100 = 685
# the other side: 3 aces 60 - 30 in hand = 30
GOING_OUT_SCORES = [685, 30]
# A hand whose melds open at any classic score (150 and 60, the minimum reaching 120 and
# 50): eight of them play a match to 5 000.  Mixed canasta 300 + melds 230 + out 100 = 630.
LONG_MATCH_HAND = {
    "side0": {"melds": "K K K K K 2 2\nA A A A\nQ Q Q Q Q Q", "went_out": True},
    "side1": {"melds": "A A A", "hand_points": 30},
}
LONG_MATCH_SCORES = [630, 30]


# A small club tournament: two teams, one round of three hands (American).
TOURNAMENT = {
    "name": "Spring cup",
    "preset": "american",
    "players": "4",
    "teams": "Anna & Ben\nCleo & Dan",
    "movement": "mitchell",
    "rounds": "1",
    "game": "hands",
    "hands": "3",
    "ranking": "wins",
}


def first_hand_id(app, match_id: int) -> int:
    """The id of the match's first hand, read on a connection closed again at once."""
    from referee.storage import Storage

    storage = Storage(app.config["DATABASE"])
    try:
        return storage.hands(match_id)[0].id
    finally:
        storage.close()


# -- a table's own rules, through the editor of the new-match form --------------------------


def editor_fields(page: str) -> dict[str, str]:
    """The values an opened editor posts back as it stands (as a browser would send them)."""
    data = dict(re.findall(r'type="text" id="[^"]+" name="(r_[^"]+)" value="([^"]*)"', page))
    for name in re.findall(r'type="checkbox" id="[^"]+" name="(r_[^"]+)" value="y" checked', page):
        data[name] = "y"
    for select in re.findall(r'<select id="(r_[^"]+)".*?</select>', page, re.S):
        block = page.split(f'<select id="{select}"')[1].split("</select>")[0]
        data[select] = re.search(r'<option value="([^"]*)" selected', block).group(1)
    data["rules_for"] = re.search(r'name="rules_for" value="([^"]*)"', page).group(1)
    return data


def open_editor(client, url: str = "/matches/new", **fields) -> str:
    data = {"preset": "classic", "players": "4", "change_rules": "1", **fields}
    response = client.post(url, data=data)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def house_match(client, changes: dict[str, str], preset: str = "classic", **fields) -> str:
    """A match started with the editor's values changed as ``changes`` says; its edit URL."""
    page = open_editor(client, preset=preset)
    data = {"preset": preset, "players": "4", **editor_fields(page), **changes, **fields}
    response = client.post("/matches/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    return response.location


def grouped(text: str) -> str:
    """``text`` with its figures as an English page writes them: 1500 -> 1,500 (what
    ``referee.web.plumbing.locale.grouped`` does to a translated text, in English)."""
    return re.sub(r"(?<![\w.,/:§#-])\d{4,9}(?![\w]|[.,]\d)", lambda m: f"{int(m[0]):,}", text)


# -- the referee page's question forms --------------------------------------------------


def ask(client: Any, url: str, question: str, **fields: Any) -> tuple[int, str]:
    """Post the referee page's form ``question`` with ``fields``: the status and the page."""
    data = {"question": question} | {f"{question}-{k}": v for k, v in fields.items()}
    response = client.post(url, data=data)
    return response.status_code, response.get_data(as_text=True)


def ruling(page: str) -> tuple[bool, str, str]:
    """(allowed, the answer sentence, the cited rule id) as the page shows them."""
    block = re.search(
        r'<div class="ruling (yes|no)" role="status" data-rule="([^"]*)">'
        r'.*?<p class="verdict">(.*?)</p>',
        page,
        re.S,
    )
    assert block, "no ruling on the page"
    sentence = unescape(re.sub(r"<[^>]+>", "", block.group(3))).strip()
    return block.group(1) == "yes", sentence, block.group(2)


def form_data(page: str, within: str) -> tuple[str, list[tuple[str, str]]]:
    """The action and the fields a browser would send of the form in element ``within``."""
    reader = read_form(page, within=within)
    assert reader.action is not None, f"no form in #{within}"
    return reader.action, reader.data
