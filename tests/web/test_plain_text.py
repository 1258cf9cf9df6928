"""Names and notes stay text: control characters refused naming the field (what was typed
kept), right-to-left text isolated on the pages and in the sheets, safe download names."""

from __future__ import annotations

import html
import re
import sqlite3
import subprocess

import pytest

from referee.match.plaintext import control_character, safe_filename
from tests.support.web import GOING_OUT, hand, start_group, start_match

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE: what follows it is shown backwards


def _matches(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as db:
        return db.execute("SELECT count(*) FROM matches").fetchone()[0]


def test_a_right_to_left_override_stays_inside_the_name_on_the_match_page(client):
    url = start_match(client, side1_p1=RLO + "Anna", side1_p2="Cleo", side2_p1="Ben")
    page = client.get(url).get_data(as_text=True)
    # The sentence is the app's: only the name between <bdi> and </bdi> may turn.
    assert f"Hand 1: <bdi>{RLO}Anna</bdi> deals, <bdi>Ben</bdi> plays first." in page
    client.post(url + "/hands/new", data={**hand(**GOING_OUT), "note": RLO + "slow deal"})
    page = client.get(url).get_data(as_text=True)
    assert f"<bdi>{RLO}Anna</bdi> dealt." in page
    assert f"✎ <bdi>{RLO}slow deal</bdi>" in page
    # Where no element may go, the name is between FIRST STRONG ISOLATE and its POP.
    won = start_match(client, side1_name=RLO + "We", target="500")
    client.post(won + "/hands/new", data=hand(**GOING_OUT))
    page = client.get(won).get_data(as_text=True)
    assert f"Winner: <bdi>{RLO}We</bdi>, with 685" in page
    assert f'aria-label="\u2068{RLO}We\u2069: 100% of the target"' in page
    home = client.get("/").get_data(as_text=True)
    assert f"won by <bdi>{RLO}We</bdi>" in home


def test_a_right_to_left_override_stays_inside_the_name_on_the_sheet(client, tmp_path):
    url = start_match(
        client, side1_name=RLO + "We", side1_p1=RLO + "Anna", side1_p2="Cleo", target="500"
    )
    client.post(url + "/hands/new", data=hand(**GOING_OUT))
    (tmp_path / "s.pdf").write_bytes(client.get(url + "/sheet.pdf").data)
    text = subprocess.run(
        ["pdftotext", "-layout", str(tmp_path / "s.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    # The names read backwards, as their override says; the words around them do not
    # (without isolation the line read ")586( eW :renniW" and ":oelC ,annA eW").
    assert "eW: annA, Cleo" in text
    assert "Winner: eW (685)" in text


@pytest.mark.parametrize(
    ("fields", "label", "typed"),
    [
        ({"name": "Fri\x00day"}, "Match name", "Fri\x00day"),
        ({"name": "Fri\x1b[31mday"}, "Match name", "Fri\x1b[31mday"),
        ({"side1_name": "We\x07"}, "Side name", "We\x07"),
        ({"side2_p1": "Ben\x08\x08"}, "Player 1", "Ben\x08\x08"),
        ({"side1_p2": "Zoe\x7f"}, "Player 2", "Zoe\x7f"),
        ({"side1_p1": "An\x85na"}, "Player 1", "An\x85na"),  # C1: NEXT LINE
        ({"name": "two\nlines"}, "Match name", "two\nlines"),
    ],
)
def test_a_control_character_in_a_name_is_refused_naming_the_field(
    app, client, fields, label, typed
):
    response = client.post("/matches/new", data={"preset": "classic", "players": "4", **fields})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert f"{label} holds a control character" in page
    assert html.escape(typed) in page  # what was typed stays in its field, to be corrected
    assert _matches(app) == 0


def test_a_control_character_in_a_note_is_refused_and_the_hand_kept_in_the_form(client):
    url = start_match(client)
    response = client.post(url + "/hands/new", data={**hand(**GOING_OUT), "note": "ring\x07"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Note on this hand (optional) holds a control character" in page
    assert 'value="ring\x07"' in page
    assert "K K K K K K K" in page  # the hand itself is still there
    # A tab or a line break in a note is only white space: joined into one line.
    response = client.post(url + "/hands/new", data={**hand(**GOING_OUT), "note": "a\tb\nc"})
    assert response.status_code == 302
    assert "✎ <bdi>a b c</bdi>" in client.get(url).get_data(as_text=True)


def test_groups_refuse_control_characters_in_names(client):
    response = client.post("/groups/new", data={"name": "Club\x00", "players": "Anna"})
    assert response.status_code == 422
    assert "Group name holds a control character" in response.get_data(as_text=True)
    response = client.post("/groups/new", data={"name": "Club", "players": "Anna\nB\x1ben"})
    assert response.status_code == 422
    assert "Players, one per line holds a control character" in response.get_data(as_text=True)
    url = start_group(client)
    response = client.post(url, data={"name": "Eve\x00"})
    assert response.status_code == 422
    assert "New player&#39;s name holds a control character" in response.get_data(as_text=True)


def test_download_names_are_reduced_to_safe_characters(client):
    url = start_match(client, name=f'{RLO}exe.pdf "a/b\\c" <x>|?*: ♠ Pátek')
    disposition = client.get(url + "/export.csv").headers["Content-Disposition"]
    assert "exe.pdf a b c x ♠ Pátek.csv" in _download_name(disposition)
    for bad in (RLO, '"', "/", "\\", "<", ">", "|", "?", "*", ":"):
        assert bad not in _download_name(disposition)


def _download_name(disposition: str) -> str:
    from urllib.parse import unquote

    found = re.search(r"filename\*=UTF-8''(\S+)", disposition)
    return unquote(found.group(1)) if found else disposition


@pytest.mark.parametrize(
    ("text", "lines", "found"),
    [
        ("Anna", False, None),
        ("Anna\tBen", False, "\t"),
        ("Anna\tBen\r\n", True, None),
        ("x\x00", True, "\x00"),
        ("x\x9b", False, "\x9b"),
        ("x\ud800", False, "\ud800"),
        ("\u202eAnna \u05e9\u05dc\u05d5\u05dd", False, None),  # bidirectional text is text
    ],
)
def test_control_character(text, lines, found):
    assert control_character(text, lines=lines) == found


def test_safe_filename_falls_back_when_nothing_is_left():
    assert safe_filename("\u202e/\\:*?", ".pdf", "match-3") == "match-3.pdf"
    assert safe_filename("  ..Pátek u Žofie ♠♥♦♣..  ", ".pdf", "x") == "Pátek u Žofie ♠♥♦♣.pdf"
    assert len(safe_filename("A" * 500, ".pdf", "x")) == 84
