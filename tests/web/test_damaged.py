"""Damaged match files are refused naming the part, and nothing is stored; a match an
older version stored from such a file answers a clear page on every route, never a 500."""

from __future__ import annotations

import html
import io
import json
import sqlite3

import pytest

from referee import cli
from referee.rules import PRESETS
from referee.rules.snapshot import variant_to_dict
from tests.support.web import GOING_OUT, first_hand_id, hand, start_match


@pytest.fixture
def exported(client):
    """A real export: a classic match of four with one hand, as the JSON download gives it."""
    url = start_match(client, name="Friday")
    assert client.post(url + "/hands/new", data=hand(**GOING_OUT)).status_code == 302
    return json.loads(client.get(url + "/export.json").data)


def _import(client, data, text: str | None = None, lang: str = "en"):
    body = (text if text is not None else json.dumps(data)).encode()
    return client.post(
        f"/matches/import?lang={lang}",
        data={"file": (io.BytesIO(body), "match.json")},
        content_type="multipart/form-data",
    )


def _matches(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return db.execute("SELECT count(*) FROM matches").fetchone()[0]


def _side(data, side: int = 0, hand_index: int = 0) -> dict:
    return data["hands"][hand_index]["entry"]["sides"][side]


# The damaged files issue 24 found accepted (302) and then breaking every page of the match.
DAMAGED = [
    (
        "sides that are strings",
        lambda d: d["hands"][0]["entry"].update(sides=["North", "South"]),
        "hand 1, side 1: a side must be an object",
    ),
    (
        "one side",
        lambda d: d["hands"][0]["entry"].update(sides=d["hands"][0]["entry"]["sides"][:1]),
        "hand 1: sides must be a list of 2 sides",
    ),
    (
        "three sides",
        lambda d: d["hands"][0]["entry"]["sides"].append(_side(d)),
        "hand 1: sides must be a list of 2 sides",
    ),
    ("melds a number", lambda d: _side(d, 1).update(melds=5), "hand 1, side 2: melds must be text"),
    (
        "red threes infinite",
        lambda d: _side(d, 1).update(red_threes=float("inf")),
        "hand 1, side 2: red_threes must be a whole number",
    ),
    (
        "red threes 10**30",
        lambda d: _side(d).update(red_threes=10**30),
        "hand 1, side 1: red_threes must be from 0 to 8",
    ),
    (
        "an empty opening table",
        lambda d: d["match"]["snapshot"].update(opening_table=[]),
        "match.snapshot is not rules this version reads: opening_table: must be a list",
    ),
    (
        "a null failed-attempt step",
        lambda d: d["match"]["snapshot"].update(failed_opening_step=None),
        "failed_opening_step: must be a whole number",
    ),
    (
        "carried totals of 10**30",
        lambda d: d["match"].update(carried_over={"totals": [10**30, 0], "hands": 2}),
        "the match: carried_over.totals must be from -100,000 to 100,000",
    ),
    (
        "a target of 2**70",
        lambda d: d["match"].update(target=2**70),
        "the match: target must be from 0 to 1,000,000",
    ),
    (
        "a 200 KB name",
        lambda d: d["match"].update(name="A" * 200_000),
        "the match: name is longer than 60 characters",
    ),
    (
        "a name with NUL and ESC",
        lambda d: d["match"].update(name="Fri\x00day\x1b[31m"),
        "the match: name holds a control character",
    ),
    (
        "a note with BEL",
        lambda d: d["hands"][0]["entry"].update(note="ring\x07"),
        "hand 1: note holds a control character",
    ),
    (
        "a history entry of one side",
        lambda d: d["history"][0].update(after={"mode": "detailed", "sides": [{}]}),
        "change 1 of the history: sides must be a list of 2 sides",
    ),
    (
        "a lone surrogate in a key nobody reads",
        lambda d: d["hands"][0]["entry"].update(extra="\ud800"),
        "the file holds text that is not Unicode",
    ),
]


@pytest.mark.parametrize(
    ("damage", "message"), [d[1:] for d in DAMAGED], ids=[d[0] for d in DAMAGED]
)
def test_a_damaged_file_is_refused_naming_the_part_and_nothing_is_stored(
    app, client, exported, damage, message
):
    before = _matches(app)
    damage(exported)
    response = _import(client, exported)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Not a match file" in page
    assert message in page
    assert _matches(app) == before


def test_the_refusal_is_in_the_players_language(client, exported):
    _side(exported, 1)["melds"] = 5
    page = _import(client, exported, lang="de").get_data(as_text=True)
    assert "Spiel 1, Partei 2: melds muss Text sein" in page
    page = _import(client, exported, lang="cs").get_data(as_text=True)
    assert "kolo 1, strana 2: melds musí být text" in page


@pytest.mark.parametrize(
    ("damage", "where"),
    [
        (lambda d: d["hands"][0]["entry"].update(problems=["x"] * 1000), "hand 1: problems"),
        (lambda d: _side(d, 1).update(kept_by="a newer version"), "hand 1, side 2: kept_by"),
    ],
)
def test_keys_this_version_does_not_write_are_refused_naming_their_place(
    client, exported, damage, where
):
    # Issue 43: a file may hold in a hand only what playing writes, so no file makes the
    # server keep (and send with every page of the match) what no page reads.
    damage(exported)
    response = _import(client, exported)
    assert response.status_code == 422
    assert f"{where} is not a field this version knows" in response.get_data(as_text=True)


def test_the_real_file_still_imports(client, exported):
    response = _import(client, exported)
    assert response.status_code == 302
    page = client.get(response.location).get_data(as_text=True)
    assert "Friday" in page


# -- a match stored damaged, as an older version stored whatever an import gave it ---------


def _routes(url: str, match_id: str, hand_id: int) -> list[tuple[str, str]]:
    token = url.split("/")[3]
    return [
        ("GET", url),
        ("GET", url + "/hands/new"),
        ("GET", f"{url}/hands/{hand_id}/edit"),
        ("GET", url + "/history"),
        ("GET", url + "/sheet.pdf"),
        ("GET", url + "/export.csv"),
        ("GET", url + "/export.json"),
        ("GET", f"/api/matches/{match_id}?token={token}"),
        ("GET", url + "/rules"),
        ("GET", url + "/rules.json"),
        ("GET", url + "/blank.pdf"),
        ("GET", url + "/referee"),
        ("GET", url + "/qr.svg"),
        ("POST", url + "/hands/new"),
        ("POST", f"{url}/hands/{hand_id}/edit"),
        ("POST", f"{url}/hands/{hand_id}/delete"),
        ("POST", url + "/undo"),
    ]


def _snapshot(**changes) -> str:
    return json.dumps({**variant_to_dict(PRESETS["classic"]), **changes})


STORED_DAMAGE = [
    ("hands", "entry", '{"mode": "detailed", "sides": ["a", "b"]}', "hand 1, side 1"),
    ("hands", "entry", '{"mode": "detailed", "sides": [{}]}', "hand 1: sides must be"),
    ("hands", "entry", '{"sides": [{"melds": 5}, {}]}', "hand 1, side 1: melds must be text"),
    ("hands", "entry", '{"sides": [{}, {"red_threes": 1e999}]}', "red_threes must be a whole"),
    ("hands", "entry", "{not json", "the hands of the match cannot be read"),
    ("hands", "created", "\x00" * 100, "hand 1: created is longer than 64"),
    ("matches", "carried_over", '{"totals": [1e30, 0], "hands": 2}', "carried_over.totals"),
    ("matches", "carried_over", json.dumps({"totals": [10**30, 0], "hands": 2}), "carried_over"),
    ("matches", "target", 2**62, "target must be from 0 to 1,000,000"),
    ("matches", "name", "x" * 200_000, "name is longer than 60 characters"),
    ("matches", "side_names", '["A", "B", "C"]', "side_names must hold 2 names"),
    ("matches", "overrides", '{"going_out_bonus": "a lot"}', "the table's own rules"),
    ("matches", "snapshot", _snapshot(opening_table=[]), "opening_table: must be a list"),
    ("matches", "snapshot", "{not json", "the rules of the match: must be an object"),
    ("matches", "side_names", "5", "side_names must hold 2 names"),
    ("matches", "carried_over", "[1, 2]", "carried_over must give 2 totals"),
    ("matches", "options", '{"no such rule": true}', "the rules of the match: options"),
    ("matches", "players", "four", "these rules are not played by four players"),
    ("matches", "snapshot", _snapshot(failed_opening_step=None), "failed_opening_step"),
]


@pytest.mark.parametrize(("table", "column", "value", "part"), STORED_DAMAGE)
def test_a_match_stored_damaged_answers_a_clear_page_on_every_route(
    app, client, capsys, table, column, value, part
):
    url = start_match(client, name="Old")
    assert client.post(url + "/hands/new", data=hand(**GOING_OUT)).status_code == 302
    match_id = url.split("/")[2]
    # Seen while it was sound (so whatever a process keeps of it is kept), then damaged.
    assert client.get(url).status_code == 200
    with sqlite3.connect(app.config["DATABASE"]) as db:
        hand_id = db.execute("SELECT id FROM hands WHERE match_id = ?", [match_id]).fetchone()[0]
        key = "id" if table == "matches" else "match_id"
        db.execute(f"UPDATE {table} SET {column} = ? WHERE {key} = ?", [value, match_id])
    for method, path in _routes(url, match_id, hand_id):
        response = client.open(path, method=method, data=hand(**GOING_OUT))
        assert response.status_code == 409, (method, path, response.status_code)
        body = html.unescape(response.get_data(as_text=True))
        assert part in body, (method, path, body[:300])
        assert "damaged" in body
    # The watching phones' poll (referee/web/plumbing/poll.py) reads only the secrets and the
    # version, which stay sound: it answers them, and never a 500.
    poll = client.get(url + "/version")
    assert poll.status_code == 200, poll.status_code
    assert poll.get_json()["version"] > 0
    # The rest of the app is untouched by it.
    assert client.get("/").status_code == 200
    # The commands say it in one line too (exit 2), never a traceback.
    database = app.config["DATABASE"]
    for command in (["export", match_id, "--out", "-"], ["sheet", match_id, "--out", "x.pdf"]):
        assert cli.main([*command, "--db", str(database)]) == 2
        said = capsys.readouterr().err
        assert f"match {match_id} is damaged" in said
        assert len(said.strip().splitlines()) == 1


# A change (or a deleted hand) kept damaged is refused where it is shown: the history page
# that lists it and the export that writes it.  The match page, which reads neither, opens.
HISTORY_DAMAGE = [
    ("after", '{"sides": "x"}', "change 1 of the history: sides must be"),
    ("after", "{not json", "change 1 of the history: the entry must be an object"),
    ("action", "shuffle", "change 1 of the history: action must be one of: add, edit, delete"),
    ("at", "\x00" * 100, "change 1 of the history: at is longer than 64 characters"),
]


@pytest.mark.parametrize(("column", "value", "part"), HISTORY_DAMAGE)
def test_a_change_stored_damaged_is_refused_where_it_is_shown(app, client, column, value, part):
    url = start_match(client, name="Old")
    assert client.post(url + "/hands/new", data=hand(**GOING_OUT)).status_code == 302
    match_id = url.split("/")[2]
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute(f"UPDATE history SET {column} = ? WHERE match_id = ?", [value, match_id])
    response = client.get(url + "/history")
    assert response.status_code == 409
    body = html.unescape(response.get_data(as_text=True))
    assert part in body, body[:300]
    assert "damaged" in body
    response = client.get(url + "/export.json")
    assert response.status_code == 409
    assert "damaged" in response.get_data(as_text=True)
    for path in (url, url + "/export.csv", url + "/hands/new", url + "/version"):
        assert client.get(path).status_code == 200, path


def test_a_deleted_hand_stored_damaged_is_refused_by_the_export(app, client):
    url = start_match(client, name="Old")
    for _ in range(2):
        assert client.post(url + "/hands/new", data=hand(**GOING_OUT)).status_code == 302
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute("UPDATE hands SET entry = '{\"sides\": 5}', deleted = 1 WHERE id = 1")
    response = client.get(url + "/export.json")
    assert response.status_code == 409
    assert "hand 1: sides must be a list of 2 sides" in html.unescape(
        response.get_data(as_text=True)
    )
    assert client.get(url).status_code == 200  # one hand in play, and sound


def test_a_group_with_a_match_stored_damaged_still_answers(app, client):
    from tests.support.web import start_group

    group_url = start_group(client)
    url = start_match(client, name="Old")
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    group_id, match_id = group_url.split("/")[2], url.split("/")[2]
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute(
            "UPDATE matches SET group_id = ?, overrides = ? WHERE id = ?",
            [group_id, '{"going_out_bonus": "a lot"}', match_id],
        )
        db.execute("UPDATE hands SET entry = '{\"sides\": 5}' WHERE match_id = ?", [match_id])
    token = group_url.split("/")[3]
    for path in (
        group_url,
        group_url + "/statistics",
        group_url + "/statistics.csv",
        f"/api/groups/{group_id}?token={token}",
        "/",
    ):
        response = client.get(path)
        assert response.status_code == 200, path
    assert "damaged data" in client.get("/").get_data(as_text=True)


def test_a_group_match_named_after_three_long_names_a_side_is_sound(client):
    # "A, B & C" of three 30-letter names: a side's name as a group makes it, never damaged.
    names = [letter * 30 for letter in "ABCDEF"]
    group_url = start_group_of(client, names)
    seats = {f"seat{k}": str(k) for k in range(1, 7)}  # the roster's ids, in its order
    response = client.post(
        group_url + "/matches/new", data={"preset": "classic", "players": "6", **seats}
    )
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    page = client.get(response.location)
    assert page.status_code == 200
    assert "A" * 30 + ", " + "C" * 30 + " &amp; " + "E" * 30 in page.get_data(as_text=True)


def start_group_of(client, names: list[str]) -> str:
    from tests.support.web import start_group

    return start_group(client, players="\n".join(names))


def test_a_file_with_a_disputed_hand_imports_and_every_page_answers(client):
    # Issue 23 keeps a hand the table agreed to with its problems: its export is sound.
    paper = {"paper_hands": "5", "paper_side1": "3420", "paper_side2": "1000"}
    url = start_match(client, **paper)
    short = {"side0": {"melds": "5 5 5\n4 4 4", "hand_points": 20}, "side1": {"melds": "A A A"}}
    recorded = client.post(url + "/hands/new", data={**hand(**short), "anyway": "yes"})
    assert recorded.status_code == 302
    assert "Disputed" in client.get(url).get_data(as_text=True)
    response = _import(client, json.loads(client.get(url + "/export.json").data))
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    for path in ("", "/history", "/export.csv", "/export.json", "/hands/new", "/sheet.pdf"):
        assert client.get(response.location + path).status_code == 200, path


@pytest.mark.parametrize("redo", [False, True])
def test_undo_or_redo_of_a_change_stored_damaged_is_refused_and_changes_nothing(app, client, redo):
    url = start_match(client, name="Old")
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    # Undo would put back a deleted hand's copy (change 3, the deletion); Redo would put
    # back the hand an undo took out (change 2, its recording).
    taken = f"{url}/hands/{first_hand_id(app, int(url.split('/')[2])) + 1}/delete"
    assert (
        client.post(url + "/undo" if redo else taken, data={"token": "u" * 20}).status_code == 302
    )
    column, row = ("after", 2) if redo else ("before", 3)
    with sqlite3.connect(app.config["DATABASE"]) as db:
        db.execute(f"UPDATE history SET {column} = ? WHERE id = ?", ['{"sides": "x"}', row])
    page = client.get(url).get_data(as_text=True)
    response = client.post(url + ("/redo" if redo else "/undo"), data={"token": "v" * 20})
    assert response.status_code == 409
    body = html.unescape(response.get_data(as_text=True))
    assert "its stored copy is damaged (the hand: sides must be" in body
    assert client.get(url).get_data(as_text=True).count("hand-row") == page.count("hand-row")
