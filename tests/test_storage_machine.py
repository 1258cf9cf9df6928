"""Two phones interleaving every hand write storage has (add, edit, delete, undo, redo),
each with the version its form was opened on: a hypothesis state machine (issue 33).

After every step the history, replayed from the start, puts each hand exactly where
storage has it, and no change in it acts on a hand that is not there; every call that
said it changed something left that change as the history's newest line, and every
call refused as stale was refused because another phone changed the match meanwhile.
"""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from referee.match.ledger import Match
from referee.rules import find_variant
from referee.storage import HandGone, Stale, Storage
from tests.support.database import turn
from tests.support.profiles import examples

PHONES = ("anna", "ben")


def _entry(points: int) -> dict:
    return {"mode": "quick", "sides": [{"meld_points": points}, {"meld_points": 0}]}


def _rescore(entry: dict) -> dict:
    return {"scored": entry["sides"][0]["meld_points"]}


class TwoPhones(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        import tempfile
        from pathlib import Path

        self.folder = tempfile.TemporaryDirectory()
        path = Path(self.folder.name) / "r.db"
        Storage.initialise(path)
        self.storage = Storage(path)
        self.seen = dict.fromkeys(PHONES, 0)
        self.tokens = 0

    def teardown(self) -> None:
        self.storage.close()
        self.folder.cleanup()

    @initialize()
    def a_match(self) -> None:
        self.match = self.storage.create_match(
            Match.begin(find_variant("classic"), {}, 4, ["A", "B"], "abcd", name="m", target=5000)
        )

    def _token(self) -> str:
        self.tokens += 1
        return f"token-{self.tokens:012d}"

    def _ids(self) -> list[int]:
        return [h.id for h, _deleted in self.storage.all_hands(self.match.id)]

    def _newest(self):
        return self.storage.history(self.match.id)[0]

    def _others_since(self, phone: str, hand_id: int | None = None) -> bool:
        rows = self.storage.db.execute(
            "SELECT hand_id, phone FROM history WHERE match_id = ? AND id > ?",
            [self.match.id, self.seen[phone]],
        ).fetchall()
        return any(by != phone and hand_id in (None, h) for h, by in rows)

    @rule(phone=st.sampled_from(PHONES))
    def open_a_form(self, phone: str) -> None:
        self.seen[phone] = self.storage.version(self.match.id)

    @rule(phone=st.sampled_from(PHONES), points=st.integers(0, 500))
    def record(self, phone: str, points: int) -> None:
        expected_stale = self._others_since(phone)
        try:
            stored = self.storage.add_hand(
                self.match.id, _entry(points), {}, self._token(),
                seen=self.seen[phone], phone=phone,
            )  # fmt: skip
        except Stale:
            assert expected_stale
            return
        assert not expected_stale
        newest = self._newest()
        assert (newest.action, newest.hand_id, newest.after) == ("add", stored.id, _entry(points))

    @rule(phone=st.sampled_from(PHONES), pick=st.integers(0, 50), points=st.integers(0, 500))
    def edit(self, phone: str, pick: int, points: int) -> None:
        ids = self._ids()
        if not ids:
            return
        hand_id = ids[pick % len(ids)]
        there = self.storage.get_hand(self.match.id, hand_id) is not None
        expected_stale = self._others_since(phone, hand_id)
        try:
            self.storage.update_hand(
                self.match.id, hand_id, _entry(points), {}, seen=self.seen[phone], phone=phone
            )
        except HandGone:
            assert not there
            return
        except Stale:
            assert there
            assert expected_stale
            return
        assert there
        assert not expected_stale
        newest = self._newest()
        assert (newest.action, newest.hand_id, newest.after) == ("edit", hand_id, _entry(points))

    @rule(phone=st.sampled_from(PHONES), pick=st.integers(0, 50))
    def delete(self, phone: str, pick: int) -> None:
        ids = self._ids()
        if not ids:
            return
        hand_id = ids[pick % len(ids)]
        there = self.storage.get_hand(self.match.id, hand_id) is not None
        deleted = self.storage.delete_hand(self.match.id, hand_id, self._token(), phone=phone)
        assert deleted == there
        if deleted:
            assert (self._newest().action, self._newest().hand_id) == ("delete", hand_id)

    @rule(phone=st.sampled_from(PHONES))
    def undo(self, phone: str) -> None:
        could = self.storage.can_undo(self.match.id)
        change = turn(self.storage, self.match.id, _rescore, self._token(), phone=phone)
        assert (change is not None) == could
        if change is not None:
            newest = self._newest()
            assert (newest.action, newest.hand_id, newest.after) == (
                "undo", change.hand_id, change.before,
            )  # fmt: skip
            assert self.storage.redoable(self.match.id).id == change.id

    @rule(phone=st.sampled_from(PHONES))
    def redo(self, phone: str) -> None:
        expected = self.storage.redoable(self.match.id)
        change = turn(self.storage, self.match.id, _rescore, self._token(), redo=True, phone=phone)
        assert (change is None) == (expected is None)
        if change is not None:
            assert change.id == expected.id
            newest = self._newest()
            assert (newest.action, newest.after) == ("redo", change.after)

    @invariant()
    def the_history_replayed_is_what_is_stored(self) -> None:
        if not hasattr(self, "match"):
            return
        state: dict[int, dict | None] = {}
        for change in reversed(self.storage.history(self.match.id)):
            # Each change starts from the hand as the changes before it left it...
            assert state.get(change.hand_id) == change.before, change
            state[change.hand_id] = change.after  # ...and leaves it so (None: not in play)
        stored = {h.id: dict(h.entry) for h in self.storage.hands(self.match.id)}
        assert {k: v for k, v in state.items() if v is not None} == stored


TwoPhones.TestCase.settings = settings(
    max_examples=examples(40), stateful_step_count=30, deadline=None
)
test_two_phones_interleaving_every_write = TwoPhones.TestCase
