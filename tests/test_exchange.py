"""Export and import: JSON recreates the same match, CSV has a row per hand and side."""

from __future__ import annotations

import copy
import csv
import dataclasses
import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.exchange import (
    FORMAT,
    NotAnExport,
    ledger_csv,
    match_from_json,
    match_to_json,
)
from referee.match.ledger import Change, HandRecord, compute_ledger
from referee.rules import CanastaKind
from referee.storage import Storage
from tests.support import sample
from tests.support.profiles import examples


@pytest.fixture
def storage(tmp_path):
    Storage.initialise(tmp_path / "a.db")
    storage = Storage(tmp_path / "a.db")
    yield storage
    storage.close()


def export(storage, match) -> dict:
    data = match_to_json(match, storage.all_hands(match.id), storage.history(match.id))
    return json.loads(json.dumps(data, ensure_ascii=False))  # as a file would give it back


def same_ledger(a, b):
    def rows(ledger):
        return [(r.number, r.scores, r.totals, r.breakdowns, r.error) for r in ledger.rows]

    assert rows(a) == rows(b)
    assert (a.totals, a.minimums, a.winner, a.tie, a.history) == (
        b.totals,
        b.minimums,
        b.winner,
        b.tie,
        b.history,
    )


def test_export_then_import_recreates_the_same_match(storage, tmp_path):
    original = sample.stored_match(storage, hands=8)
    data = export(storage, original)
    Storage.initialise(tmp_path / "b.db")
    other = Storage(tmp_path / "b.db")
    try:
        imported = match_from_json(data)
        copy_ = other.import_match(imported.match, imported.hands, imported.history)
        same_ledger(
            compute_ledger(original, storage.hands(original.id)),
            compute_ledger(copy_, other.hands(copy_.id)),
        )
        # Everything but the id and the secret links is the same, history and deleted hands too.
        assert export(other, copy_) == data
        assert {copy_.edit_token, copy_.view_token}.isdisjoint(
            {original.edit_token, original.view_token}
        )
        for field in ("name", "snapshot", "options", "side_names", "player_names", "created"):
            assert getattr(copy_, field) == getattr(original, field)
        # The history works as before: an undo in the copy does what it did in the original.
        assert [c.action for c in other.history(copy_.id)] == [
            c.action for c in storage.history(original.id)
        ]
        assert other.version(copy_.id) > 0
    finally:
        other.close()


def test_an_import_into_the_same_database_is_a_new_match(storage):
    original = sample.stored_match(storage, hands=5)
    imported = match_from_json(export(storage, original))
    copy_ = storage.import_match(imported.match, imported.hands, imported.history)
    assert copy_.id != original.id
    assert len(storage.all_hands(copy_.id)) == len(storage.all_hands(original.id))
    same_ledger(
        compute_ledger(original, storage.hands(original.id)),
        compute_ledger(copy_, storage.hands(copy_.id)),
    )


def test_the_export_keeps_deleted_hands_history_and_no_secrets(storage):
    original = sample.stored_match(storage, hands=8)
    data = export(storage, original)
    assert data["format"] == FORMAT
    assert [h["deleted"] for h in data["hands"]].count(True) == 2
    assert [c["action"] for c in data["history"]][-3:] == ["delete", "add", "undo"]
    text = json.dumps(data)
    assert original.edit_token not in text
    assert original.view_token not in text
    assert data["ledger"]["totals"] == list(
        compute_ledger(original, storage.hands(original.id)).totals
    )


FAMILY = ["samba", "bolivia", "american", "hand-and-foot"]
records = st.lists(
    st.tuples(st.integers(0, 3), st.booleans()), min_size=0, max_size=12
)  # (seed of the entry, deleted)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records, st.sampled_from(["classic", "spanish", "czech", "dutch", *FAMILY]), st.data())
def test_json_round_trip_is_exact(hands_spec, preset, data):
    match = sample.match(4, preset)

    def result(i: int) -> dict:  # kept as stored (pages score the entry again), shaped as scored
        sides = [{"name": n, "total": i, "breakdown": {"melds": i}, "wins_match": None}
                 for n in match.side_names]  # fmt: skip
        return {"valid": True, "sides": sides}

    hands = [
        (HandRecord(10 * i + 3, 1, sample.entries(1, seed=seed)[0], result(i), "c", "u"), deleted)
        for i, (seed, deleted) in enumerate(hands_spec)
    ]
    history = []
    if hands:
        for i in range(data.draw(st.integers(0, 5))):
            hand = data.draw(st.sampled_from(hands))[0]
            action = data.draw(st.sampled_from(["add", "edit", "delete", "undo"]))
            history.append(Change(100 + i, hand.id, action, None, dict(hand.entry), "t", False))
    out = match_to_json(match, hands, history)
    back = match_from_json(json.loads(json.dumps(out)))
    assert match_to_json(back.match, back.hands, back.history) == out
    assert [(h.entry, h.result, d) for h, d in back.hands] == [
        (h.entry, h.result, d) for h, d in hands
    ]


def _valid(storage):
    return export(storage, sample.stored_match(storage, hands=4))


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.pop("format"), "not a Canasta Referee match export"),
        (lambda d: d.update(format_version=9), "format version 9"),
        (lambda d: d["match"].pop("snapshot"), "match.snapshot is missing"),
        (lambda d: d["match"].update(players="4"), "match.players should be int, not str"),
        (lambda d: d["match"].update(players=True), "match.players should be int, not bool"),
        (lambda d: d["match"].update(players=5), "match.players is 5"),
        (lambda d: d["match"].update(side_names=["A"]), "match.side_names has 1 names"),
        (lambda d: d["match"].update(side_names=["A", 2]), "match.side_names[1] should be str"),
        (lambda d: d["match"].update(options={"x": 1}), "match.options should map"),
        (lambda d: d["match"]["snapshot"].pop("target_score"), "match.snapshot is not rules"),
        (lambda d: d["hands"].append([]), "hands[5] should be an object"),
        (lambda d: d["hands"][0].update(number=7), "hands[0].number should be 1, not 7"),
        (lambda d: d["hands"][1].update(entry="K K K"), "hands[1].entry should be dict"),
        (lambda d: d["history"][0].update(hand=99), "history[0].hand is 99"),
        (lambda d: d["history"][0].update(action="burn"), "history[0].action should be one of"),
        (lambda d: d["history"][2].pop("undone"), "history[2].undone is missing"),
        (lambda d: d["match"].update(seating=[0, 1, 1, 3]), "match.seating should name each"),
        (lambda d: d["match"].update(seating=[0, 1, 2, True]), "match.seating should name each"),
        (lambda d: d["match"].update(first_dealer=4), "match.first_dealer should be a seat"),
        (lambda d: d["match"].update(carried_over=[1]), "match.carried_over should be an object"),
        (
            lambda d: d["match"].update(carried_over={"totals": [1], "hands": 2}),
            "match.carried_over.totals should be 2 whole numbers",
        ),
        (
            lambda d: d["match"].update(carried_over={"totals": [1, 2], "hands": -1}),
            "match.carried_over.hands should be 0 or more",
        ),
        # Only what this version writes (issue 43): a file cannot make the server keep junk.
        (lambda d: d["hands"][2]["entry"].update(junk=[0] * 10), "hand 3: junk is not a field"),
        (
            lambda d: d["hands"][1]["entry"]["sides"][1].update(x="y"),
            "hand 2, side 2: x is not a field",
        ),
        (
            lambda d: d["history"][1]["after"].update(extra={}),
            "change 2 of the history: extra is not a field",
        ),
        (lambda d: d["hands"][0]["result"].update(junk="x"), "hand 1: junk is not a field"),
        (
            lambda d: d["hands"][0]["result"]["sides"][0]["breakdown"].update(x="1"),
            "hand 1: breakdown.x must be a whole number",
        ),
        (lambda d: d["hands"][0].update(result=[1] * 5), "hands[0].result should be dict"),
    ],
)
def test_a_damaged_export_is_refused_naming_the_part(storage, damage, message):
    data = copy.deepcopy(_valid(storage))
    damage(data)
    with pytest.raises(NotAnExport, match=message.replace("[", r"\[").replace("]", r"\]")):
        match_from_json(data)


@pytest.mark.parametrize("value", [None, [], "x", 3, {"format": "other"}])
def test_anything_else_is_not_an_export(value):
    with pytest.raises(NotAnExport, match="not a Canasta Referee match export"):
        match_from_json(value)


def test_csv_has_a_row_per_hand_and_side_that_adds_up():
    ledger = sample.ledger(12, players=3, preset="spanish")
    rows = list(csv.DictReader(io.StringIO(ledger_csv(ledger))))
    assert len(rows) == 12 * 3
    header = list(rows[0])
    assert header[:9] == [
        "hand",
        "side",
        "side_name",
        "opening_minimum",
        "melds",
        "canastas",
        "red_threes",
        "going_out",
        "left_in_hand",
    ]
    assert header[-6:] == ["score", "total", "error", "dealer", "note", "disputed"]
    parts = header[4:-6]
    for row in rows:
        number, side = int(row["hand"]), int(row["side"]) - 1
        assert row["side_name"] == sample.SIDE_NAMES[side]
        assert sum(int(row[p]) for p in parts) == int(row["score"])
        assert int(row["score"]) == ledger.rows[number - 1].scores[side]
        assert int(row["total"]) == ledger.rows[number - 1].totals[side]
        # Three players deal in turn from the first seat; 001 passes the deal to the right.
        assert row["dealer"] == ledger.match.player_names[-(number - 1) % 3]
    last = [int(r["total"]) for r in rows[-3:]]
    assert tuple(last) == ledger.totals


def test_csv_opening_minimum_is_the_one_before_the_hand():
    ledger = sample.ledger(20)
    rows = list(csv.DictReader(io.StringIO(ledger_csv(ledger))))
    variant = ledger.match.variant
    for row in rows:
        n, side = int(row["hand"]), int(row["side"]) - 1
        assert int(row["opening_minimum"]) == variant.opening_minimum(ledger.history[n - 1][side])


def test_csv_names_never_become_spreadsheet_formulas():
    ledger = sample.ledger(1)
    m = ledger.match
    evil = dataclasses.replace(m, side_names=("=HYPERLINK(1)", "@x"))
    text = ledger_csv(compute_ledger(evil, [row.hand for row in ledger.rows]))
    names = [row["side_name"] for row in csv.DictReader(io.StringIO(text))]
    assert names == ["'=HYPERLINK(1)", "'@x"]


# -- from the command line -----------------------------------------------------------------


@pytest.fixture
def db_with_match(tmp_path):
    path = tmp_path / "cli.db"
    Storage.initialise(path)
    storage = Storage(path)
    match = sample.stored_match(storage, hands=6)
    storage.close()
    return path, match


def test_cli_export_import_round_trip(db_with_match, tmp_path, capsys):
    from referee.cli import main

    path, match = db_with_match
    out = tmp_path / "match.json"
    assert main(["export", str(match.id), "--out", str(out), "--db", str(path)]) == 0
    other = tmp_path / "other.db"  # made by the import
    assert main(["import", str(out), "--db", str(other)]) == 0
    printed = capsys.readouterr().out
    assert "imported as match 1" in printed
    assert "new links" in printed
    a, b = Storage(path), Storage(other)
    try:
        copy_ = b.get_match(1)
        assert f"/m/1/{copy_.edit_token}" in printed
        same_ledger(compute_ledger(match, a.hands(match.id)), compute_ledger(copy_, b.hands(1)))
    finally:
        a.close()
        b.close()


def test_cli_export_csv_to_stdout_and_to_a_file(db_with_match, tmp_path, capsysbinary):
    from referee.cli import main

    path, match = db_with_match
    assert main(["export", str(match.id), "--format", "csv", "--db", str(path)]) == 0
    text = capsysbinary.readouterr().out.decode("utf-8")
    assert text.startswith("hand,side,side_name,")
    assert sample.SIDE_NAMES[0] in text
    out = tmp_path / "m.csv"
    assert main(["export", str(match.id), "--out", str(out), "--db", str(path)]) == 0
    # A file gets a byte order mark, so spreadsheets read Ł and ü right.
    assert out.read_bytes().startswith("\ufeffhand,side".encode())


def test_cli_database_from_the_environment(db_with_match, monkeypatch, capsysbinary):
    from referee.cli import main

    path, match = db_with_match
    monkeypatch.setenv("REFEREE_DB", str(path))
    assert main(["export", str(match.id)]) == 0
    assert json.loads(capsysbinary.readouterr().out)["match"]["name"] == sample.MATCH_NAME


def test_cli_backup(db_with_match, tmp_path, capsys):
    from referee.cli import main

    path, match = db_with_match
    target = tmp_path / "backup.db"
    assert main(["backup", str(target), "--db", str(path)]) == 0
    assert "backed up" in capsys.readouterr().out
    copy_ = Storage(target)
    assert copy_.get_match(match.id).name == sample.MATCH_NAME
    copy_.close()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["export", "99"], "no match 99 in"),
        (["export", "1", "--db", "{tmp}/none.db"], "no database at"),
        (["export", "1", "--db", "{tmp}/junk.db"], "is not a referee database"),
        (["import", "{tmp}/junk.db"], "not UTF-8 text"),
        (["import", "{tmp}/other.json"], "not a Canasta Referee match export"),
        (["import", "{tmp}/none.json"], "cannot read"),
        (["backup", "{db}"], "is the database itself"),
        (["backup", "{tmp}/no/such/dir/b.db"], "cannot back up"),
        (["sheet", "1", "--out", "{tmp}/no/such/dir/s.pdf"], "cannot write"),
    ],
)
def test_cli_errors_are_one_line_and_exit_2(db_with_match, tmp_path, capsys, args, message):
    from referee.cli import main

    path, _match = db_with_match
    (tmp_path / "junk.db").write_bytes(b"\xff" * 4096)
    (tmp_path / "other.json").write_text('{"a": 1}')
    args = [a.format(tmp=tmp_path, db=path) for a in args]
    if "--db" not in args and args[0] != "import":
        args += ["--db", str(path)]
    if args[0] == "import":
        args += ["--db", str(tmp_path / "new.db")]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert message in err


def test_an_export_of_the_first_format_still_imports(storage):
    # Version 1 files (before seating, dealer, paper totals and notes) say nothing of them.
    data = _valid(storage)
    data["format_version"] = 1
    for key in ("seating", "first_dealer", "carried_over"):
        del data["match"][key]
    imported = match_from_json(data)
    assert imported.match.seating == ()
    assert (imported.match.first_dealer, imported.match.carried_hands) == (0, 0)
    assert imported.match.seats == (0, 2, 1, 3)  # the usual seating, partners opposite
    assert len(imported.hands) == 5


def test_seating_dealer_and_paper_totals_go_through_a_file(storage):
    template = sample.match(4, "classic")
    match = storage.create_match(
        dataclasses.replace(
            template, name="paper", target=5000, seating=(3, 2, 1, 0), first_dealer=2,
            carried_totals=(900, -40), carried_hands=3,
        )
    )  # fmt: skip
    data = export(storage, match)
    assert data["format_version"] == 3
    assert data["match"]["seating"] == [3, 2, 1, 0]
    assert data["match"]["carried_over"] == {"totals": [900, -40], "hands": 3}
    back = match_from_json(data).match
    assert (back.seating, back.first_dealer) == ((3, 2, 1, 0), 2)
    assert (back.carried_totals, back.carried_hands) == ((900, -40), 3)
    assert compute_ledger(back, []).totals == (900, -40)


def test_the_tables_own_rules_go_through_a_file(storage):
    template = sample.match(4, "classic")
    overrides = {"canasta_bonus": {"natural": 600}, "going_out_bonus": 200}
    match = storage.create_match(
        dataclasses.replace(template, name="house", target=5000, overrides=overrides)
    )
    assert storage.get_match(match.id).variant.going_out_bonus == 200
    data = export(storage, match)
    assert data["match"]["rules"] == overrides
    back = match_from_json(json.loads(json.dumps(data))).match
    assert back.overrides == overrides
    assert back.variant.canasta_bonus[CanastaKind.NATURAL] == 600
    # A version 2 file (no rules) is the preset's rules.
    old = copy.deepcopy(data)
    old["format_version"] = 2
    del old["match"]["rules"]
    assert match_from_json(old).match.overrides == {}


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"going_out_bonus": "a lot"}, "match.rules.going_out_bonus: must be a whole number"),
        ({"opening_table": [[0, 50], [0, 90]]}, "match.rules.opening_table[1]"),
        ([], "match.rules must be an object"),
    ],
)
def test_an_export_with_impossible_rules_is_refused_naming_them(storage, rules, words):
    template = sample.match(4, "classic")
    match = storage.create_match(dataclasses.replace(template, name="house", target=5000))
    data = export(storage, match)
    data["match"]["rules"] = rules
    with pytest.raises(NotAnExport) as refused:
        match_from_json(data)
    assert words in str(refused.value)


@pytest.mark.slow  # seconds of work: the full run's, not --fast's
def test_a_file_with_more_deleted_hands_than_playing_leaves_is_refused():
    """Each deleted hand took two of the 5 000 changes a match keeps (recorded, then deleted
    or undone) and each hand in play one: a file past that is refused, one at it imported."""
    from referee.match import capacity
    from tests.support import largest

    most = capacity.most_deleted(20)
    assert most == (capacity.MAX_CHANGES - 20) // 2
    match, hands, history = largest.largest(changes=40, hands=20, deleted=most + 1)
    data = json.loads(json.dumps(match_to_json(match, hands, history)))
    with pytest.raises(
        NotAnExport, match=f"The file holds {most + 1} deleted hands; a match of 20 hands keeps"
    ):
        match_from_json(data)
    data["hands"].pop()  # at the bound: imported
    assert sum(deleted for _h, deleted in match_from_json(data).hands) == most


def test_a_file_past_the_change_cap_is_refused_as_playing_would_be():
    from referee.match import capacity
    from tests.support import largest

    match, hands, history = largest.largest(changes=capacity.MAX_CHANGES + 1, hands=20)
    data = json.loads(json.dumps(match_to_json(match, hands, history)))
    with pytest.raises(
        NotAnExport, match="The file holds 5001 changes; a match keeps at most 5000"
    ):
        match_from_json(data)
    data["history"].pop()  # at the cap: imported
    assert len(match_from_json(data).history) == capacity.MAX_CHANGES
