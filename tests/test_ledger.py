"""The ledger: running totals, opening minimums, the winner and ties, from stored entries."""

from __future__ import annotations

from referee.match.ledger import HandRecord, Match, compute_ledger
from referee.rules import find_variant
from referee.rules.snapshot import variant_to_dict


def _match(target=5000, preset="classic"):
    return Match.begin(find_variant(preset), {}, 4, ("A", "B"), (), name="", target=target)


def _quick(a: int, b: int) -> dict:
    # Meld points only: a side's score for the hand is exactly its meld points.
    return {"mode": "quick", "sides": [{"meld_points": a}, {"meld_points": b}]}


def _hands(*entries):
    return [HandRecord(i, 1, entry, {}) for i, entry in enumerate(entries, start=1)]


def test_running_totals_and_minimums():
    ledger = compute_ledger(_match(), _hands(_quick(1000, 50), _quick(600, -0)))
    assert [row.totals for row in ledger.rows] == [(1000, 50), (1600, 50)]
    assert ledger.totals == (1600, 50)
    assert ledger.minimums == (90, 50)
    assert ledger.winner is None
    assert ledger.progress(0) == 32


def test_a_negative_total_has_the_negative_minimum():
    detailed = {
        "mode": "detailed",
        "sides": [{"melds": "", "hand_points": 100}, {"melds": "", "hand_points": 0}],
    }
    ledger = compute_ledger(_match(), _hands(detailed))
    assert ledger.totals == (-100, 0)
    assert ledger.minimums == (15, 50)


def test_the_higher_total_wins_at_the_end_of_the_hand():
    ledger = compute_ledger(_match(target=1000), _hands(_quick(900, 800), _quick(300, 500)))
    assert ledger.winner == 1
    assert ledger.finished


def test_an_exact_tie_over_the_target_means_another_hand():
    ledger = compute_ledger(_match(target=1000), _hands(_quick(1000, 1000)))
    assert ledger.winner is None
    assert ledger.tie
    decided = compute_ledger(_match(target=1000), _hands(_quick(1000, 1000), _quick(5, 0)))
    assert decided.winner == 0
    assert not decided.tie


def test_a_hand_that_no_longer_scores_is_shown_not_hidden():
    broken = {"mode": "detailed", "sides": [{"melds": "K K ?"}, {}]}
    ledger = compute_ledger(_match(), _hands(broken, _quick(50, 0)))
    assert ledger.rows[0].error
    assert ledger.totals == (50, 0)


def test_a_new_hand_takes_over_the_rows_before_it():
    match = _match(target=1000)
    before = compute_ledger(match, _hands(_quick(300, 200), _quick(400, 100)))
    after = compute_ledger(
        match, _hands(_quick(300, 200), _quick(400, 100), _quick(400, 0)), before
    )
    assert after.rows[:2] == before.rows
    assert all(new is old for new, old in zip(after.rows, before.rows, strict=False))
    assert after.totals == (1100, 300)
    assert after.winner == 0
    assert after == compute_ledger(
        match, _hands(_quick(300, 200), _quick(400, 100), _quick(400, 0))
    )


def test_an_edited_hand_rescores_it_and_every_hand_after_it():
    match = _match(target=1000)
    before = compute_ledger(match, _hands(_quick(300, 200), _quick(400, 100), _quick(400, 0)))
    assert before.winner == 0
    edited = _hands(_quick(300, 200), _quick(0, 100), _quick(400, 0))
    after = compute_ledger(match, edited, before)
    assert after.rows[0] is before.rows[0]
    assert [row.totals for row in after.rows] == [(300, 200), (300, 300), (700, 300)]
    assert after.winner is None
    assert after == compute_ledger(match, edited)


def test_a_deleted_hand_moves_the_rows_after_it_up():
    match = _match()
    before = compute_ledger(match, _hands(_quick(300, 200), _quick(400, 100), _quick(50, 0)))
    kept = [before.rows[0].hand, before.rows[2].hand]
    after = compute_ledger(match, kept, before)
    assert [row.number for row in after.rows] == [1, 2]
    assert [row.totals for row in after.rows] == [(300, 200), (350, 200)]


def test_a_new_match_keeps_its_presets_rules_as_a_snapshot_and_plays_to_its_target():
    czech = find_variant("czech")
    options = {"black_three_penalty": True}
    begun = Match.begin(
        czech, options, 4, ("A", "B"), "abcd", name="Friday", overrides={"target_score": 4000}
    )
    assert (begun.id, begun.edit_token, begun.view_token) == (0, "", "")  # not stored yet
    assert begun.snapshot == variant_to_dict(czech)
    assert begun.options == options
    assert begun.target == 4000  # the table's own target, none being given
    assert begun.variant.target_score == 4000
    assert Match.begin(czech, {}, 4, ("A", "B"), "abcd", name="", target=9000).target == 9000


def test_the_next_match_has_the_same_table_begun_afresh():
    before = Match.begin(
        find_variant("classic"), {}, 4, ("A", "B"), "abcd", name="Friday",
        overrides={"going_out_bonus": 200}, group_id=3, player_ids=(1, 2, 3, 4),
        seating=(0, 1, 2, 3), carried_totals=(900, 400), carried_hands=5,
    )  # fmt: skip
    again = before.again("Friday — 2", first_dealer=1)
    assert (again.name, again.first_dealer) == ("Friday — 2", 1)
    for same in ("snapshot", "options", "overrides", "players", "side_names", "player_names",
                 "target", "group_id", "player_ids", "seating"):  # fmt: skip
        assert getattr(again, same) == getattr(before, same), same
    assert (again.carried_totals, again.carried_hands, again.closed) == ((), 0, None)
