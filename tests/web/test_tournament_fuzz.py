"""Generated input at every tournament route: never a 5xx; a refused form says why and
keeps what was typed; whatever is accepted opens, page by page and file by file.

The form's fields are drawn around the real ones (a valid tournament is one draw
away) and far from them: text of any Unicode with control characters, numbers of
hundreds of digits, missing fields, wrong choices, 1 to 300 lines of teams with
duplicates, lines without "&" and names too long.  The pages, files and API get
real and junk ids, tokens, round numbers and query strings; the director's button
is pressed over and over, early or not, past the last round.

Hypothesis examples are kept few (see ``EXAMPLES``): the whole file runs in well
under a minute; ``bench/fuzz_server.py`` throws thousands more at the real server.
"""

from __future__ import annotations

import csv
import io
import json
import re
import urllib.parse
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from markupsafe import escape

from referee.rules import PRESETS
from referee.web.parts.forms import option_field_name
from tests.support.junk import HOSTILE_NAME, HUGE, NASTY, NUMBERISH, says_why
from tests.support.profiles import examples
from tests.support.web import hand, make_app

pytestmark = pytest.mark.fuzz

EXAMPLES = examples(60)  # per test of junk: the file runs in well under a minute

SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = make_app(
        tmp_path_factory.mktemp("tfuzz"),
        PROPAGATE_EXCEPTIONS=False,  # a crash is a 500 to assert on, as a phone sees it
    )
    return app.test_client()


# -- the director's form ----------------------------------------------------------------------

LETTERS = st.text(
    alphabet=st.sampled_from(list("AaBbČčĎdEeÉéFfŽžÖöSs ") + ["\u05e9", "\u0644", "♠"]),
    min_size=1,
    max_size=12,
)
ANY_TEXT = st.text(max_size=60)  # any Unicode but surrogates: control characters among it
# A browser sends no unpaired surrogate in a form (the bench sends them, as raw bytes).
NAMES = HOSTILE_NAME.map(lambda s: re.sub("[\ud800-\udfff]", "\ufffd", s))
PLAYER = st.one_of(LETTERS, LETTERS, NAMES, ANY_TEXT, st.just("X" * 31))


@st.composite
def team_line(draw: Any) -> str:
    kind = draw(st.sampled_from(["pair", "pair", "pair", "single", "three", "slash", "junk", ""]))
    if kind == "pair":
        return f"{draw(PLAYER)} & {draw(PLAYER)}"
    if kind == "slash":
        return f"{draw(PLAYER)} / {draw(PLAYER)}"
    if kind == "single":
        return draw(PLAYER)
    if kind == "three":
        return " & ".join(draw(st.lists(PLAYER, min_size=3, max_size=4)))
    if kind == "junk":
        return draw(ANY_TEXT)
    return ""


@st.composite
def teams_text(draw: Any, players: str = "4") -> str:
    """1 to 300 lines of teams: clean pairs (or single players), now and then a duplicate,
    a blank line, or lines of anything."""
    count = draw(st.one_of(st.integers(2, 12), st.integers(1, 300)))
    style = draw(st.sampled_from(["clean", "clean", "clean", "mixed"]))
    if style == "mixed":
        lines = draw(st.lists(team_line(), min_size=count, max_size=count))
    elif players == "2":
        lines = [f"Player {n}" for n in range(count)]
    else:
        sep = draw(st.sampled_from([" & ", "&", " / ", " &  "]))
        lines = [f"Player{n}a{sep}Player{n}b" for n in range(count)]
    if draw(st.integers(0, 5)) == 0:  # a duplicate
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(lines)))
    if draw(st.integers(0, 5)) == 0:  # one line of anything
        lines.insert(draw(st.integers(0, len(lines))), draw(team_line()))
    newline = draw(st.sampled_from(["\n", "\n", "\r\n", "\r", "\n\n"]))
    return newline.join(lines)


def choice(real: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(real), ANY_TEXT, NASTY)


def number(good: st.SearchStrategy[int]) -> st.SearchStrategy[str]:
    return st.one_of(good.map(str), NUMBERISH, ANY_TEXT)


MISSING = object()
FIELDS = ["name", "preset", "players", "teams", "movement", "rounds", "game", "hands"]
FIELDS += ["minimums", "minutes", "ranking", "scale", "bands", "forfeit", "absent_penalty"]
FIELDS += ["bye", "draw", "check_in", "missing"]


@st.composite
def tournament_form(draw: Any) -> dict[str, str]:
    """A director's form: every field sensible except a few (none, often) drawn from junk."""
    junk = draw(st.sets(st.sampled_from(FIELDS), max_size=3))
    preset = draw(choice(list(PRESETS)) if "preset" in junk else st.sampled_from(list(PRESETS)))
    playable = [str(n) for n in (2, 4) if preset in PRESETS and n in PRESETS[preset].players]
    players = draw(choice(["4", "2"]) if "players" in junk else st.sampled_from(playable or ["4"]))
    sensible = {
        "name": st.one_of(LETTERS, st.just("Club night")),
        "teams": teams_text(players),
        "movement": st.sampled_from(["mitchell", "round-robin", "swiss", "mitchell-swiss"]),
        "rounds": st.integers(1, 3).map(str),
        "game": st.sampled_from(["hands", "target"]),
        "hands": st.integers(1, 4).map(str),
        "minimums": st.just(""),  # not empty: refused until the rules take one by hand
        "minutes": st.one_of(st.just(""), st.integers(10, 600).map(str)),
        "ranking": st.sampled_from(["wins", "points", "vp"]),
        "scale": st.sampled_from(["fibur-3", "fibur-4", "own"]),
        "bands": st.sampled_from(["", "50 10, 150 12, * 20", "100 10, * 15"]),
        "forfeit": st.integers(10, 20).map(str),
        "absent_penalty": st.integers(0, 5).map(str),
        "bye": st.sampled_from(["nothing", "award"]),
        "draw": st.sampled_from(["", "y"]),
        "check_in": st.sampled_from(["", "", "y"]),
    }
    junky = {
        "name": st.one_of(ANY_TEXT, NAMES, st.just(""), st.just("N" * 61)),
        "teams": st.one_of(ANY_TEXT, st.lists(team_line(), max_size=300).map("\n".join)),
        "movement": choice(["mitchell", "round-robin"]),
        "rounds": number(st.integers(-5, 40)),
        "game": choice(["hands", "target"]),
        "hands": st.one_of(st.just(""), number(st.integers(-5, 40))),
        "minimums": st.one_of(st.just("125, 155, 180"), NASTY, NUMBERISH),
        "minutes": number(st.integers(-5, 1000)),
        "ranking": choice(["wins", "points", "vp"]),
        "scale": choice(["fibur-3", "fibur-4", "own"]),
        "bands": st.one_of(NASTY, NUMBERISH, ANY_TEXT, st.just("* 20"), st.just("50 30, * 40")),
        "forfeit": number(st.integers(-5, 40)),
        "absent_penalty": number(st.integers(-5, 40)),
        "bye": choice(["nothing", "award"]),
        "draw": ANY_TEXT,
        "check_in": ANY_TEXT,
    }
    fields: dict[str, Any] = {"preset": preset, "players": players}
    for key, good in sensible.items():
        fields[key] = draw(junky[key] if key in junk else good)
    if preset in PRESETS:
        for option in PRESETS[preset].options:
            if draw(st.booleans()):
                fields[option_field_name(preset, option.name)] = draw(st.sampled_from(["y", "x"]))
    if "missing" in junk:
        for key in draw(st.sets(st.sampled_from(sorted(fields)), min_size=1)):
            del fields[key]
    return fields


TYPED = ("name", "teams", "rounds", "hands", "minimums", "minutes")


def kept(page: str, value: str) -> bool:
    """Whether ``value`` is in the refused form's field as it was sent (HTML-escaped)."""
    return str(escape(value)) in page


def opens(client, director: str, pdfs: bool = True) -> None:
    """Every page and file of the tournament at ``director`` answers, and each parses."""
    page = client.get(director)
    assert page.status_code == 200, director
    html = page.get_data(as_text=True)
    tid, edit = director.split("/")[2:4]
    view = next(t for t in re.findall(rf"/t/{tid}/([\w-]+)", html) if t != edit)
    for token in (edit, view):
        base = f"/t/{tid}/{token}"
        for path in (base, f"{base}/standings", f"{base}/version"):
            assert client.get(path).status_code == 200, path
        got = client.get(f"{base}/results.csv")
        assert got.status_code == 200
        rows = list(csv.reader(io.StringIO(got.get_data().decode("utf-8-sig"))))
        assert rows[0] == ["rank", "team", "name", "players", "played", "wins", "points"]
        got = client.get(f"{base}/results.json")
        assert got.status_code == 200
        assert json.loads(got.get_data())["tournament"] == int(tid)
        api = client.get(f"/api/tournaments/{tid}?token={token}")
        assert api.status_code == 200
        assert api.get_json()["editable"] is (token == edit)
    results = json.loads(client.get(f"{base}/results.json").get_data())
    teams = len(results["standings"])
    if not results["current_round"]:  # the teams still checking in: no table card yet
        assert client.get(f"{director}/round/1/cards.pdf").status_code == 404
        pdfs = False
    if pdfs and teams <= 12:  # a PDF a table card: big ones are the bench's (bench/fuzz_server.py)
        for path in (f"{director}/round/1/cards.pdf?paper=letter", f"{director}/results.pdf"):
            got = client.get(path)
            assert got.status_code == 200, path
            assert got.get_data().startswith(b"%PDF"), path


@SETTINGS
@given(form=tournament_form())
def test_a_generated_form_is_refused_with_a_reason_or_the_tournament_opens(client, form):
    response = client.post("/tournaments/new", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code in (302, 422), (response.status_code, form, page[:3000])
    event(f"answered {response.status_code}")
    if response.status_code == 302:
        director = urllib.parse.urlsplit(response.location).path
        assert re.fullmatch(r"/t/\d+/[\w-]+", director), director
        opens(client, director)
        return
    assert says_why(422, response.content_type, response.get_data()), (form, page[:3000])
    for name in TYPED:
        if name in form:
            assert kept(page, form[name]), (name, form[name], page[:3000])


# -- the rules a director's form must refuse, by name -----------------------------------------

GOOD = {
    "name": "Club night",
    "preset": "american",
    "players": "4",
    "teams": "Anna & Ben\nCleo & Dan\nEva & Finn\nGus & Hana",
    "movement": "mitchell",
    "rounds": "2",
    "game": "hands",
    "hands": "3",
    "minimums": "",
    "ranking": "wins",
}


def errors(page: str) -> str:
    found = re.findall(r'<ul class="errors"[^>]*>(.*?)</ul>', page, re.S)
    return re.sub(r"<[^>]+>", " ", " ".join(found))


def test_the_good_form_makes_a_tournament(client):
    response = client.post("/tournaments/new", data=GOOD)
    assert response.status_code == 302
    opens(client, urllib.parse.urlsplit(response.location).path)


def test_a_preset_for_four_only_is_refused_at_two_players(client):
    singles = "Anna\nBen\nCleo\nDan"
    response = client.post("/tournaments/new", data={**GOOD, "preset": "german", "players": "2",
                                                     "teams": singles})  # fmt: skip
    assert response.status_code == 422
    assert "German" in errors(response.get_data(as_text=True))
    assert "not played by two sides of this many players" in errors(response.get_data(as_text=True))


@pytest.mark.parametrize(
    ("movement", "rounds", "most"), [("mitchell", 3, 2), ("round-robin", 4, 3)]
)
def test_more_rounds_than_the_movement_has_are_refused_naming_the_most(
    client, movement, rounds, most
):
    response = client.post(
        "/tournaments/new", data={**GOOD, "movement": movement, "rounds": str(rounds)}
    )
    assert response.status_code == 422
    assert f"at most {most} rounds" in errors(response.get_data(as_text=True))


def test_a_single_name_on_a_line_for_teams_of_two_is_refused_naming_the_line(client):
    teams = "Anna & Ben\nCleo\nEva & Finn"
    response = client.post("/tournaments/new", data={**GOOD, "teams": teams})
    assert response.status_code == 422
    shown = errors(response.get_data(as_text=True))
    assert "Cleo" in shown
    assert "two partners joined by &amp;" in shown


# -- the pages, files and API, with real and junk ids, tokens, rounds, queries -------------------

TOURNAMENT_GETS = [
    "/t/{id}/{token}",
    "/t/{id}/{token}/standings",
    "/t/{id}/{token}/version",
    "/t/{id}/{token}/round/{round}/cards.pdf",
    "/t/{id}/{token}/results.pdf",
    "/t/{id}/{token}/results.csv",
    "/t/{id}/{token}/results.json",
    "/api/tournaments/{id}",
]


@pytest.fixture(scope="module")
def made(client):
    """A real tournament of four teams over two rounds: its id and both links."""
    response = client.post("/tournaments/new", data=GOOD)
    director = urllib.parse.urlsplit(response.location).path
    tid, edit = director.split("/")[2:4]
    html = client.get(director).get_data(as_text=True)
    view = next(t for t in re.findall(rf"/t/{tid}/([\w-]+)", html) if t != edit)
    return int(tid), edit, view


def quoted(text: str) -> str:
    return urllib.parse.quote(text.encode("utf-8", "surrogatepass"), safe="")


def segment(real: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(real), st.sampled_from(real), ANY_TEXT.map(quoted))


QUERY = st.lists(
    st.tuples(
        st.sampled_from(["paper", "token", "lang", "round", "x"]),
        st.one_of(st.sampled_from(["a4", "letter", "A4", "", "legal"]), NUMBERISH, ANY_TEXT),
    ),
    max_size=4,
)


@SETTINGS
@given(data=st.data())
def test_every_tournament_page_answers_junk_without_a_server_error(client, made, data):
    tid, edit, view = made
    route = data.draw(st.sampled_from(TOURNAMENT_GETS))
    ids = [str(tid), str(tid), "0", "999999", str(2**63 - 1), str(2**63), str(10**40)]
    path = route.format(
        id=data.draw(segment(ids)),
        token=data.draw(segment([edit, view, "x" * 22])),
        round=data.draw(
            st.one_of(st.sampled_from(["1", "1", "2", "0", str(2**63 - 1)]), HUGE.map(str))
        ),
    )
    query = data.draw(QUERY)
    if route.startswith("/api/"):
        query.append(("token", data.draw(st.sampled_from([edit, view, "", "junk"]))))
    if query:
        path += "?" + "&".join(f"{quoted(k)}={quoted(v)}" for k, v in query)
    with client.get(path) as response:
        status, body = response.status_code, response.get_data()
    assert status < 500, (status, path, body[:2000])
    assert says_why(status, response.content_type, body), (status, path, body[:2000])
    if status == 200 and path.split("?")[0].endswith(".pdf"):
        assert body.startswith(b"%PDF")


# -- the director's button, over and over ------------------------------------------------------


def won_by(side: int) -> dict[str, str]:
    winner = {"canastas_natural": 1, "canastas_mixed": 1, "went_out": True, "meld_points": 250}
    loser = {"meld_points": 200, "hand_points": 45}
    return hand("quick", **{f"side{side}": winner, f"side{1 - side}": loser})


ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("next"), st.sampled_from(["", "yes", "no", "YES", "\x00"])),
        st.tuples(st.just("hand"), st.integers(0, 3)),
    ),
    min_size=1,
    max_size=12,
)


@settings(SETTINGS, max_examples=examples(12))
@given(
    teams=st.integers(2, 6),
    movement=st.sampled_from(["mitchell", "round-robin"]),
    actions=ACTIONS,
)
def test_the_next_round_button_pressed_any_number_of_times(client, teams, movement, actions):
    most = (teams + 1) // 2 if movement == "mitchell" else teams - 1 + teams % 2
    rounds = min(most, 3)
    form = {
        **GOOD,
        "teams": "\n".join(f"P{n} & Q{n}" for n in range(teams)),
        "movement": movement,
        "rounds": str(rounds),
        "hands": "1",
    }
    response = client.post("/tournaments/new", data=form)
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    director = urllib.parse.urlsplit(response.location).path
    tid, edit = director.split("/")[2:4]
    api = f"/api/tournaments/{tid}?token={edit}"
    for action, value in actions:
        before = client.get(api).get_json()
        if action == "next":
            answer = client.post(f"{director}/next", data={"early": value} if value else {})
            assert answer.status_code == 302, answer.get_data(as_text=True)[:2000]
        else:
            page = client.get(director).get_data(as_text=True)
            links = re.findall(r'href="(/m/\d+/[\w-]+)"', page)
            if links:
                link = links[value % len(links)]
                answer = client.post(f"{link}/hands/new?mode=quick", data=won_by(value % 2))
                assert answer.status_code < 500, answer.get_data(as_text=True)[:2000]
        after = client.get(api).get_json()
        assert 1 <= after["current_round"] <= rounds
        assert after["current_round"] - before["current_round"] in (0, 1)
        if before["finished"]:
            assert after["finished"]
            assert after["current_round"] == before["current_round"]
        assert client.get(director).status_code == 200
        assert client.get(f"{director}/standings").status_code == 200
    # Past the last round: pressed again and again, it stays over, and nothing breaks.
    for _ in range(rounds + 2):
        answer = client.post(f"{director}/next", data={"early": "yes"})
        assert answer.status_code == 302
    final = client.get(api).get_json()
    assert final["finished"]
    assert final["current_round"] == rounds
    assert len(final["games"]) == rounds * (teams // 2)
    opens(client, director, pdfs=False)  # slow: the last round's cards are enough
    with client.get(f"{director}/round/{rounds}/cards.pdf") as cards:
        assert cards.status_code == 200
        assert cards.get_data().startswith(b"%PDF")


@pytest.mark.parametrize("typed", ["9" * 400, "-" + "9" * 400, "abc"])
def test_a_number_that_is_no_number_is_refused_once_not_twice(client, typed):
    # A number of hundreds of digits was refused by the field and again by its range:
    # the same sentence twice under the field.
    response = client.post("/tournaments/new", data={**GOOD, "rounds": typed})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    shown = re.search(r'<ul class="errors" id="rounds-err">(.*?)</ul>', page, re.S)
    assert shown
    assert shown[1].count("<li>") == 1, shown[1]
    assert kept(page, typed)


# -- the director's presses ----------------------------------------------------------------

PRESS = st.one_of(
    st.tuples(st.just("here"), st.integers(-2, 9), st.sampled_from(["yes", "no", "", "maybe"])),
    st.tuples(st.just("withdraw"), st.integers(-2, 9), st.one_of(st.just("ill"), ANY_TEXT)),
    st.tuples(st.just("late"), st.integers(0, 0), st.one_of(LETTERS, ANY_TEXT, team_line())),
    st.tuples(st.just("swap"), st.integers(-1, 5), number(st.integers(-2, 9))),
    st.tuples(
        st.just("settle"),
        st.integers(-1, 5),
        st.tuples(
            choice(["result", "ew-absent", "ns-absent", "not-played", "restore"]),
            number(st.integers(-200_000, 200_000)),
            number(st.integers(-5000, 5000)),
            st.one_of(st.just("reason"), st.just(""), ANY_TEXT),
        ),
    ),
    st.tuples(st.just("next"), st.integers(0, 0), st.sampled_from(["", "yes"])),
    st.tuples(st.just("hand"), st.integers(0, 9), st.integers(0, 1)),
)


@settings(SETTINGS, max_examples=examples(12))
@given(
    teams=st.integers(2, 7),
    movement=st.sampled_from(["mitchell", "round-robin", "swiss", "mitchell-swiss"]),
    ranking=st.sampled_from(["wins", "vp"]),
    check_in=st.booleans(),
    presses=st.lists(PRESS, max_size=25),
)
def test_the_directors_presses_in_any_order_never_break_the_event(
    client, teams, movement, ranking, check_in, presses
):
    """Check-ins, withdrawals, late teams, swaps and settlements with junk among them, in
    any order with hands and rounds: never a 5xx, and every page and file still opens."""
    most = (
        (teams + 1) // 2 + (movement == "mitchell-swiss")
        if "mitchell" in movement
        else teams - 1 + teams % 2
    )
    form = {
        **GOOD,
        "teams": "\n".join(f"P{n} & Q{n}" for n in range(teams)),
        "movement": movement,
        "rounds": str(min(most, 3)),
        "hands": "1",
        "ranking": ranking,
        "scale": "fibur-3",
        "check_in": "y" if check_in else "",
    }
    response = client.post("/tournaments/new", data=form)
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    director = urllib.parse.urlsplit(response.location).path
    for press, number_, value in presses:
        if press == "here":
            answer = client.post(f"{director}/teams/{max(number_, 0)}/here", data={"here": value})
        elif press == "withdraw":
            n = max(number_, 0)
            answer = client.post(f"{director}/teams/{n}/withdraw", data={f"w{n}-reason": value})
        elif press == "late":
            answer = client.post(f"{director}/teams/late", data={"team": value})
        elif press == "swap":
            answer = client.post(f"{director}/tables/1/{max(number_, 0)}/swap", data={"ns": value})
        elif press == "settle":
            outcome, ns, ew, reason = value
            table = max(number_, 0)
            page = client.get(director).get_data(as_text=True)
            found = re.search(r'id="game-(\d+)-', page)
            rnd = found.group(1) if found else "1"
            prefix = f"g{rnd}-{table}-"
            answer = client.post(
                f"{director}/tables/{rnd}/{table}/settle",
                data={
                    prefix + "outcome": outcome,
                    prefix + "ns": ns,
                    prefix + "ew": ew,
                    prefix + "reason": reason,
                },
            )
        elif press == "next":
            answer = client.post(f"{director}/next", data={"early": value} if value else {})
        else:
            page = client.get(director).get_data(as_text=True)
            links = re.findall(r'href="(/m/\d+/[\w-]+)"', page)
            if not links:
                continue
            answer = client.post(
                f"{links[number_ % len(links)]}/hands/new?mode=quick", data=won_by(value)
            )
        assert answer.status_code < 500, (press, value, answer.get_data(as_text=True)[:2000])
    opens(client, director, pdfs=False)
