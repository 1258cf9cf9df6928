"""The ``referee`` command line: exit statuses, streams and JSON of contracts §2 and §3.

A few cases run the installed console script as a real process; the rest call
``referee.cli.main`` in-process, which is the same code without the start-up.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli import COMMANDS, build_parser, quick_args
from referee.match.standings import Team, Tournament
from referee.rules import PRESETS
from referee.storage import Storage
from tests.support import sample
from tests.support.commands import assert_refused, process, run
from tests.support.profiles import examples
from tests.support.sample import EXAMPLE_HAND
from tests.support.strategies import PRESET_IDS, legal_hands, well_formed_hands

ROOT = Path(__file__).resolve().parent.parent

ILLEGAL_HAND = {
    "variant": "classic",
    "sides": [{"melds": ["K K K", "Q Q X X X X"], "went_out": True}, {"melds": ["A A A"]}],
}
MELD_QUESTION = {"variant": "classic", "question": "meld", "cards": "9 9 X X X", "going_out": False}
OPENING_QUESTION = {
    "variant": "classic",
    "question": "opening",
    "score": 1500,
    "melds": ["K K K 2", "4 4 4"],
}


# -- as a real process -----------------------------------------------------------------


def test_score_example_hand_from_standard_input():
    done = process(["score"], json.dumps(EXAMPLE_HAND).encode())
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    out = json.loads(done.stdout)
    assert list(out) == ["variant", "valid", "sides", "errors"]
    assert out["valid"] is True
    assert [side["total"] for side in out["sides"]] == [1130, -5]


def test_score_illegal_hand_from_a_file_exits_1(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(ILLEGAL_HAND), encoding="utf-8")
    done = process(["score", str(path)])
    assert done.returncode == 1
    out = json.loads(done.stdout)
    assert out["valid"] is False
    assert {"code", "message", "side", "rule"} <= set(out["errors"][0])


@pytest.mark.parametrize(
    "stdin",
    [
        b"",
        b"not json",
        b"\xff\xfe\x00garbage",
        b"[" * 100_000,
        b"1" * 5000,
        b'{"variant": "rummy", "sides": []}',
        b'{"variant": "classic", "sides": [{"melds": ["K K 1"]}, {}]}',
        b'{"variant": "classic", "sides": [{"melds": ["K\\nK 1"]}, {}]}',
    ],
)
def test_score_refuses_what_is_not_a_hand_with_one_line_and_exit_2(stdin):
    done = process(["score"], stdin)
    assert_refused(done.returncode, done.stdout.decode(), done.stderr.decode())


def test_output_that_cannot_be_encoded_is_escaped_not_an_error():
    data = b'{"variant": "classic", "sides": [{"name": "\\ud800", "melds": []}, {}]}'
    done = process(["score"], data)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["sides"][0]["name"] == "\ud800"


def test_check_answers_with_exit_0_whatever_the_verdict():
    for question, allowed in ((MELD_QUESTION, True), (OPENING_QUESTION, False)):
        done = process(["check"], json.dumps(question).encode())
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["allowed"] is allowed


def test_check_refuses_a_malformed_question_with_exit_2():
    done = process(["check"], b'{"variant": "classic", "question": "meld"}')
    assert_refused(done.returncode, done.stdout.decode(), done.stderr.decode())


def test_variants_json_as_a_process():
    done = process(["variants", "--json"])
    assert done.returncode == 0
    assert [row["id"] for row in json.loads(done.stdout)] == PRESET_IDS


# -- referee score, in-process -----------------------------------------------------------


def test_score_reads_a_file_and_writes_indented_json(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(EXAMPLE_HAND), encoding="utf-8")
    code, out, err = run(["score", str(path)])
    assert (code, err) == (0, "")
    assert out.endswith("}\n")
    assert out.startswith('{\n  "variant": "classic"')
    assert json.loads(out)["sides"][0]["canastas"][1] == {
        "rank": "Q",
        "kind": "natural",
        "bonus": 500,
        "concealed": True,
    }


def test_score_dash_reads_standard_input():
    code, out, _ = run(["score", "-"], json.dumps(EXAMPLE_HAND))
    assert code == 0
    assert json.loads(out)["variant"] == "classic"


def test_score_illegal_hand_lists_errors_and_exits_1():
    code, out, err = run(["score"], json.dumps(ILLEGAL_HAND))
    assert (code, err) == (1, "")
    result = json.loads(out)
    assert result["valid"] is False
    assert [(e["code"], e["side"], e.get("meld")) for e in result["errors"]] == [
        ("too_many_wilds", 0, 1),
        ("going_out_without_canasta", 0, None),
    ]
    for error in result["errors"]:
        assert error["rule"].startswith("classic.")
        assert error["message"]


@pytest.mark.parametrize(
    ("stdin", "words"),
    [
        ("", "not JSON"),
        ("{'variant': 'classic'}", "not JSON"),
        ("[]", "must be a JSON object"),
        ('{"variant": "rummy", "sides": []}', "unknown variant 'rummy'"),
        ('{"variant": "classic", "players": "4", "sides": []}', "players must be a whole number"),
        ('{"variant": "classic", "sides": [{"red_threes": "one"}, {}]}', "red_threes"),
        ('{"variant": "classic", "sides": [{"melds": ["K Q 1"]}, {}]}', 'unknown card "1"'),
        ('{"variant": "classic", "sides": [{"hand": "K\\r\\nZ"}, {}]}', 'unknown card "Z"'),
    ],
)
def test_score_malformed_input_is_one_line_on_stderr(stdin, words):
    code, out, err = run(["score"], stdin)
    assert_refused(code, out, err)
    assert words in err


def test_score_missing_file_is_malformed_input(tmp_path):
    code, out, err = run(["score", str(tmp_path / "nope.json")])
    assert_refused(code, out, err)
    assert "cannot read" in err


def test_score_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "hand.json"
    path.write_bytes(b'{"variant": "\xe9"}')
    code, out, err = run(["score", str(path)])
    assert_refused(code, out, err)
    assert "not UTF-8" in err


# -- referee check, in-process ------------------------------------------------------------


def test_check_meld_ruling_shape():
    code, out, err = run(["check"], json.dumps(MELD_QUESTION))
    assert (code, err) == (0, "")
    ruling = json.loads(out)
    assert ruling["allowed"] is True
    assert ruling["reason"].startswith("Yes")
    assert ruling["rule"]["id"] == "classic.meld.wild-limit"
    assert ruling["rule"]["text"]


def test_check_opening_ruling_gives_minimum_and_points(tmp_path):
    path = tmp_path / "question.json"
    path.write_text(json.dumps(OPENING_QUESTION), encoding="utf-8")
    code, out, _ = run(["check", str(path)])
    assert code == 0
    ruling = json.loads(out)
    assert (ruling["allowed"], ruling["minimum"], ruling["points"]) == (False, 90, 65)
    assert ruling["rule"]["id"] == "classic.opening.minimum"


@pytest.mark.parametrize(
    "question",
    [
        {"variant": "classic", "question": "poker"},
        {"variant": "classic", "question": "meld", "cards": 7},
        {"variant": "classic", "question": "meld", "cards": "9 9 Q1"},
        {"variant": "classic", "question": "opening", "melds": [["K"]]},
        {"question": "meld", "cards": "K K K"},
        ["meld"],
    ],
)
def test_check_malformed_question_exits_2(question):
    assert_refused(*run(["check"], json.dumps(question)))


# -- referee variants and the command line itself -------------------------------------------


def test_variants_lists_every_preset():
    code, out, _ = run(["variants"])
    assert code == 0
    listed = [line.split()[0] for line in out.splitlines()[1:] if line[:1].strip()]
    assert listed == PRESET_IDS


def test_variants_json_gives_every_preset_with_its_numbers():
    code, out, _ = run(["variants", "--json"])
    assert code == 0
    rows = json.loads(out)
    assert [row["id"] for row in rows] == list(PRESETS) == PRESET_IDS
    assert all((row["target_score"] > 0 or row["rounds"]) and row["players"] for row in rows)


@pytest.mark.parametrize(
    "args",
    [[], ["bogus"], ["score", "a.json", "b.json"], ["score", "--bogus"], ["variants", "x"]],
)
def test_a_bad_command_line_is_one_line_and_exit_2(args):
    assert_refused(*run(args))


@pytest.mark.parametrize(
    "args", [["score"], ["score", "hand.json"], ["score", "-"], ["check"], ["check", "q.json"]]
)
def test_the_quick_path_reads_arguments_as_argparse_does(args):
    quick = quick_args(args)
    assert quick is not None
    assert vars(quick) == vars(build_parser().parse_args(args))


@pytest.mark.parametrize(
    "args",
    [
        ["ask", "can I take the pile?", "--variant", "classic"],
        ["ask", "--variant", "czech", "--lang", "cs", "kolik stojí žolík", "--json"],
        ["ask", "--json", "--variant=american", "--lang=de", "wie viel zählt ein Joker"],
        ["ask", "", "--variant", ""],
    ],
)
def test_the_quick_path_reads_a_question_as_argparse_does(args):
    quick = quick_args(args)
    assert quick is not None
    assert vars(quick) == vars(build_parser().parse_args(args))


ARGUMENTS = st.sampled_from(
    ["--variant", "--lang", "--json", "--var", "-h", "--", "-", "--lang=xx", "--json=1"]
    + ["--variant=classic", "--lang=pl", "classic", "en", "cs", "a question", "-5", ""]
)


@settings(max_examples=examples(300))
@given(
    st.lists(ARGUMENTS, max_size=3).flatmap(
        lambda extra: st.permutations(["a question", "--variant", "classic", "--json", *extra])
    )
)
def test_a_command_line_read_quickly_is_read_as_argparse_reads_it(rest):
    """Whatever the quick path reads, argparse reads the same; the rest (an abbreviation,
    an option twice, help, a value beginning with "-") it leaves to argparse."""
    args = ["ask", *rest]
    quick = quick_args(args)
    if quick is not None:
        assert vars(quick) == vars(build_parser().parse_args(args))


@pytest.mark.parametrize(
    "args",
    [
        ["score", "-h"],
        ["score", "a", "b"],
        ["variants"],
        [],
        ["ask", "q"],
        ["ask", "q", "--variant", "classic", "--lang", "xx"],
        ["ask", "q", "--var", "classic"],
        ["ask", "q", "--variant", "classic", "--variant", "czech"],
        ["ask", "q", "--variant", "--json"],
        ["ask", "--lang", "en", "q"],
        ["ask", "-h"],
    ],
)
def test_anything_else_goes_to_argparse(args):
    assert quick_args(args) is None


# -- referee list: everything on the server, for its operator ------------------------------


def _server_with_one_of_each(path: Path) -> Storage:
    """A database with an unnamed match in progress, a finished one, a group and a finished
    tournament (whose first round gave no table a match: none is begun)."""
    Storage.initialise(path)
    storage = Storage(path)
    for name in ("", "Friday \x1b[2J\u202eevil"):  # what a terminal must not act on
        sample.stored(storage, name, 5000)
    storage.set_outcome(2, "Side A")
    storage.create_group("Novak family", ["Anna", "Ben"])
    cup = Tournament(0, "Spring cup", "classic", {}, {}, 4, 1, "mitchell", None, None, "wins",
                     "", "")  # fmt: skip
    storage.create_tournament(cup, [Team(1, "A & B", ("A", "B")), Team(2, "C & D", ("C", "D"))])
    assert storage.finish_tournament(1, 0)
    return storage


def test_list_json_gives_every_match_group_and_tournament_with_its_links(tmp_path):
    storage = _server_with_one_of_each(tmp_path / "referee.db")
    try:
        first, second = storage.get_match(1), storage.get_match(2)
        group, cup = storage.get_group(1), storage.get_tournament(1)
    finally:
        storage.close()
    code, out, err = run(["list", "--json", "--db", str(tmp_path / "referee.db")])
    assert (code, err) == (0, "")
    found = json.loads(out)
    assert list(found) == ["matches", "groups", "tournaments"]
    assert found["matches"] == [
        {
            "id": 1,
            "name": "",
            "created": first.created,
            "state": "in progress",
            "edit": f"/m/1/{first.edit_token}",
            "view": f"/m/1/{first.view_token}",
        },
        {
            "id": 2,
            "name": "Friday \x1b[2J\u202eevil",
            "created": second.created,
            "state": "finished",
            "edit": f"/m/2/{second.edit_token}",
            "view": f"/m/2/{second.view_token}",
        },
    ]
    assert found["groups"] == [
        {
            "id": 1,
            "name": "Novak family",
            "created": group.created,
            "state": None,
            "edit": f"/g/1/{group.edit_token}",
            "view": f"/g/1/{group.view_token}",
        }
    ]
    assert [(t["name"], t["state"], t["edit"], t["view"]) for t in found["tournaments"]] == [
        ("Spring cup", "finished", f"/t/1/{cup.edit_token}", f"/t/1/{cup.view_token}")
    ]


def test_list_prints_a_table_a_terminal_shows_safely(tmp_path):
    _server_with_one_of_each(tmp_path / "referee.db").close()
    code, out, err = run(["list", "--db", str(tmp_path / "referee.db")])
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "matches (2)"
    assert lines[1].split() == ["id", "state", "created", "(UTC)", "name"]
    assert lines[2].split()[:3] == ["1", "in", "progress"]
    assert lines[2].endswith("(no name)")
    assert re.fullmatch(r"\s+edit:\s+/m/1/[\w-]{22}", lines[3])
    assert re.fullmatch(r"\s+read-only:\s+/m/1/[\w-]{22}", lines[4])
    assert lines[5].split()[:2] == ["2", "finished"]
    assert lines[5].endswith("Friday \\u001b[2J\\u202eevil")  # escaped, not obeyed
    assert "\x1b" not in out
    assert "\u202e" not in out
    assert "groups (1)" in lines
    assert "tournaments (1)" in lines
    assert lines[-3].endswith("Spring cup")


def test_list_of_an_empty_database_says_so(tmp_path):
    Storage.initialise(tmp_path / "empty.db")
    code, out, err = run(["list", "--db", str(tmp_path / "empty.db")])
    assert (code, out, err) == (0, "matches: none\ngroups: none\ntournaments: none\n", "")
    code, out, err = run(["list", "--json", "--db", str(tmp_path / "empty.db")])
    assert (code, json.loads(out), err) == (0, {"matches": [], "groups": [], "tournaments": []}, "")


def test_list_without_a_database_is_one_line_and_exit_2(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "nowhere.db"))
    assert_refused(*run(["list"]))
    _server_with_one_of_each(tmp_path / "nowhere.db").close()
    code, out, _err = run(["list", "--json"])  # $REFEREE_DB, as the other commands read it
    assert code == 0
    assert len(json.loads(out)["matches"]) == 2


DOCS = ROOT / "docs"


def _commands_table() -> str:
    """The README's table of `referee` commands (its rows only)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The `referee` command", 1)[1].split("\n## ", 1)[0]
    return "\n".join(line for line in section.splitlines() if line.startswith("| `referee "))


def test_every_command_is_documented_in_the_readme():
    table = _commands_table()
    missing = [name for name in COMMANDS if f"| `referee {name}" not in table]
    assert missing == [], f"README.md's commands table does not have: {missing}"


def test_every_option_of_every_command_is_in_the_readme_table():
    table = _commands_table()
    missing = []
    for name in COMMANDS:
        row = next(line for line in table.splitlines() if line.startswith(f"| `referee {name}"))
        parsers = [build_parser(only=name)._subparsers._group_actions[0].choices[name]]
        while parsers:
            parser = parsers.pop()
            for action in parser._actions:
                if isinstance(action, argparse._SubParsersAction):
                    parsers.extend(action.choices.values())
                missing += [
                    f"{name} {option}"
                    for option in action.option_strings
                    if option.startswith("--") and option != "--help" and option not in row
                ]
    assert missing == [], f"README.md's commands table does not have: {missing}"


def test_every_variant_and_house_rule_is_documented_in_docs_variants():
    page = (DOCS / "variants.md").read_text(encoding="utf-8")
    names = [*PRESETS, *(option.name for v in PRESETS.values() for option in v.options)]
    missing = [name for name in names if f"`{name}`" not in page and f" {name} " not in page]
    assert missing == [], f"docs/variants.md does not document: {missing}"


def test_every_setting_is_documented_in_docs_server():
    from referee.web.plumbing.settings import DEFAULTS

    page = (DOCS / "server.md").read_text(encoding="utf-8")
    table = page.split("## Settings", 1)[1].split("\n## ", 1)[0]
    missing = [name for name in DEFAULTS if f"| `{name}` |" not in table]
    assert missing == [], f"docs/server.md's settings table does not have: {missing}"


def test_every_serve_option_is_in_docs_server():
    page = (DOCS / "server.md").read_text(encoding="utf-8")
    table = page.split("## `referee serve`", 1)[1].split("\n## ", 1)[0]
    parser = build_parser(only="serve")._subparsers._group_actions[0].choices["serve"]
    options = [o for a in parser._actions for o in a.option_strings if o.startswith("--")]
    missing = [o for o in options if o != "--help" and f"| `{o}" not in table]
    assert missing == [], f"docs/server.md's `referee serve` table does not have: {missing}"


def test_the_readme_gives_the_two_fresh_machine_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "bash scripts/run.sh     # install everything, then start the phone companion" in readme
    assert "bash scripts/test.sh    # install everything, then run every check" in readme
    assert "bash scripts/test.sh --fast" in readme


def test_the_exit_statuses_are_documented_in_docs_contracts():
    page = (DOCS / "contracts.md").read_text(encoding="utf-8")
    section = page.split("## Exit status", 1)[1].split("\n## ", 1)[0]
    for status in ("**0**", "**1**", "**2**", "**3**"):
        assert status in section


# -- properties ----------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)
not_a_hand = json_values.filter(
    lambda value: not (isinstance(value, dict) and value.get("variant") in PRESETS)
)
QUICK = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@QUICK
@given(st.sampled_from(["score", "check"]), st.binary() | st.text().map(str.encode))
def test_random_bytes_or_text_exit_2_with_one_line(command, stdin):
    assert_refused(*run([command], stdin))


@QUICK
@given(st.sampled_from(["score", "check"]), not_a_hand)
def test_random_json_values_exit_2_with_one_line(command, value):
    assert_refused(*run([command], json.dumps(value)))


def _paths(value: object, path: tuple = ()) -> list[tuple]:
    """Every place inside a JSON value, as a tuple of keys and indexes."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


@QUICK
@given(st.data())
def test_a_hand_with_one_field_replaced_by_junk_never_crashes(data):
    hand = copy.deepcopy(EXAMPLE_HAND)
    path = data.draw(st.sampled_from(_paths(hand)[1:]))
    target = hand
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = data.draw(json_values)
    code, out, err = run(["score"], json.dumps(hand))
    if code == 2:
        assert_refused(code, out, err)
    else:
        assert code in (0, 1), err
        assert err == ""
        assert json.loads(out)["valid"] is (code == 0)


@QUICK
@given(legal_hands() | well_formed_hands())
def test_a_readable_hand_gives_json_on_stdout_and_exit_0_or_1(hand):
    code, out, err = run(["score"], json.dumps(hand))
    assert code in (0, 1), err
    assert err == ""
    result = json.loads(out)
    assert result["valid"] is (code == 0)
    for side in result["sides"]:
        assert sum(side["breakdown"].values()) == side["total"]


def test_a_few_junk_inputs_as_real_processes():
    for stdin in (b"\x00\x01", b"null", b'{"variant": ["classic"]}', "☃".encode()):
        done = process(["score"], stdin)
        assert_refused(done.returncode, done.stdout.decode(), done.stderr.decode())
