"""A match and its ledger: running totals, opening minimums, progress and the winner.

Pure Python over the rules core; storage hands in :class:`Match` and
:class:`HandRecord` values and the web layer shows the :class:`Ledger`.
The ledger is always recomputed from the stored entries and the match's rules
snapshot, so an edit to an early hand flows through every later total.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ..rules import HandResult, Problem, Variant
from ..rules.overrides import apply_overrides
from ..rules.seating import Deal, SeatingError, deal, default_seating
from ..rules.snapshot import variant_from_dict, variant_to_dict
from .entry import EntryError, score_entry

__all__ = ["Change", "HandRecord", "Ledger", "LedgerRow", "Match", "compute_ledger"]


@dataclass(frozen=True)
class Match:
    """A match as stored: who plays, under which rules (a snapshot), to what target."""

    id: int
    name: str
    variant_id: str
    options: Mapping[str, bool]
    snapshot: Mapping[str, Any]
    players: int
    side_names: tuple[str, ...]
    player_names: tuple[str, ...]
    target: int
    edit_token: str
    view_token: str
    created: str = ""
    finished: bool = False
    winner: str | None = None
    group_id: int | None = None
    # Each player's roster id in its group, beside ``player_names`` (None: not on the roster).
    player_ids: tuple[int | None, ...] = ()
    # The players around the table, clockwise (indexes into ``player_names``); () is the
    # usual seating, partners apart (see :func:`referee.rules.seating.default_seating`).
    seating: tuple[int, ...] = ()
    first_dealer: int = 0  # the seat of the first hand's dealer
    # A match begun on paper: each side's total there, and the hands played there.
    carried_totals: tuple[int, ...] = ()
    carried_hands: int = 0
    # The values the table changed from the preset, as :mod:`referee.rules.overrides` reads
    # them ({}: the preset's rules with its house-rule switches).
    overrides: Mapping[str, Any] = field(default_factory=dict)
    # Who closed the match to changes (a tournament's round ended: "round:2", "tournament",
    # "director"); None: open.
    closed: str | None = None

    @classmethod
    def begin(
        cls,
        base: Variant,
        options: Mapping[str, bool],
        players: int,
        side_names: Sequence[str],
        player_names: Sequence[str],
        *,
        name: str,
        target: int | None = None,
        overrides: Mapping[str, Any] | None = None,
        **more: Any,
    ) -> Match:
        """A new match of the preset ``base``, not stored yet (no id, no links): its rules a
        snapshot of ``base`` with the house-rule switches ``options`` and the values its
        table changed (``overrides``), played to ``target`` (None: the rules' own); ``more``
        its other fields (group, roster ids, seating, first dealer, totals from paper).

        :raises OverrideError: if the table's values cannot be played.
        """
        options, overrides = dict(options), dict(overrides or {})
        if target is None:
            target = apply_overrides(base.with_options(options), overrides).target_score
        return cls(
            id=0,
            name=name,
            variant_id=base.id,
            options=options,
            snapshot=variant_to_dict(base),
            players=players,
            side_names=tuple(side_names),
            player_names=tuple(player_names),
            target=target,
            edit_token="",
            view_token="",
            overrides=overrides,
            **more,
        )

    def again(self, name: str, first_dealer: int) -> Match:
        """The next match of the same players in the same seats and group, under the same
        rules (the snapshot as this match began, the same values changed) and target, not
        stored yet: begun afresh, dealt from ``first_dealer``."""
        return replace(
            self,
            id=0,
            name=name,
            edit_token="",
            view_token="",
            created="",
            finished=False,
            winner=None,
            first_dealer=first_dealer,
            carried_totals=(),
            carried_hands=0,
            closed=None,
        )

    @property
    def seats(self) -> tuple[int, ...]:
        """The players around the table, clockwise, as indexes into ``player_names``."""
        return self.seating or default_seating(self.players, len(self.side_names))

    def deal(self, number: int) -> Deal:
        """Who deals hand ``number`` (1: the first recorded here) and who plays first."""
        return deal(self.variant, self.seats, self.first_dealer, self.carried_hands + number - 1)

    def known_deal(self, number: int) -> Deal | None:
        """:meth:`deal`, or None where the stored seating does not fit the table."""
        try:
            return self.deal(number)
        except SeatingError:
            return None

    def dealer_name(self, number: int) -> str:
        """Who dealt hand ``number`` ("" where the stored seating does not say)."""
        deal = self.known_deal(number)
        return "" if deal is None else self.player_names[deal.dealer]

    @property
    def start(self) -> tuple[int, ...]:
        """Each side's total before the first hand recorded here."""
        return self.carried_totals or (0,) * len(self.side_names)

    @property
    def goal(self) -> int | None:
        """The target score a chart draws: none where the match is so many hands."""
        return None if self.variant.rounds is not None else (self.target or None)

    @cached_property
    def variant(self) -> Variant:
        """The rules this match is played under, rebuilt from its snapshot (once per value:
        a request asks for them several times, and rebuilding costs some 30 µs)."""
        # With .preset, saves 0.56 ms (24 %) of the 2.33 ms match page (bench/bench_caches.py,
        # 2026-11-25).  Bound: one per Match value, which is immutable (storage keeps 256).
        return apply_overrides(self.preset, dict(self.overrides))

    @cached_property
    def preset(self) -> Variant:
        """The preset's rules as the match began, with its house-rule switches: what the
        table's own values are shown against."""
        return variant_from_dict(self.snapshot).with_options(dict(self.options))


@dataclass(frozen=True)
class HandRecord:
    """One recorded hand: the entry as typed and the result computed when it was saved."""

    id: int
    match_id: int
    entry: Mapping[str, Any]
    result: Mapping[str, Any]
    created: str = ""
    updated: str = ""


@dataclass(frozen=True)
class Change:
    """One line of a match's history: a hand added, edited, deleted, or a change undone."""

    id: int
    hand_id: int
    action: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    at: str
    undone: bool
    # The hand's number then (its place among the hands in play), None where not kept (a
    # change stored before it was, an imported one); the browser's id that made it.
    number: int | None = None
    phone: str | None = None


@dataclass(frozen=True)
class LedgerRow:
    number: int
    hand: HandRecord
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    breakdowns: tuple[dict[str, int], ...]
    canastas: tuple[tuple[str, ...], ...] = ()  # each side's canastas by kind (its value)
    error: str | None = None  # the hand no longer scores (should not happen; shown, not hidden)
    wins_match: int | None = None  # the side this hand made win outright (spanish 750s), if any
    # The rules the hand breaks as it stands, scored where it stands in the match: a hand the
    # table recorded anyway ("the table agrees") is disputed while it has any.
    problems: tuple[Problem, ...] = ()

    @property
    def disputed(self) -> bool:
        return bool(self.problems)

    def reasons(
        self,
        side_names: Sequence[str],
        translate: Callable[[str], str] | None = None,
        number: Callable[[int], str] | None = None,
    ) -> list[str]:
        """Why a disputed hand breaks the rules, in ``translate``'s language (its figures
        written by ``number``), each reason after the name of its side ("Us: this side's
        melds hold 30 points, …")."""
        reasons = []
        for problem in self.problems:
            words = problem.render(translate, number)
            words = words[:1].upper() + words[1:]
            side = problem.side
            if side is not None and 0 <= side < len(side_names):
                words = f"{side_names[side]}: {words}"
            reasons.append(words)
        return reasons

    @property
    def before(self) -> tuple[int, ...]:
        """The totals before this hand."""
        return tuple(t - s for t, s in zip(self.totals, self.scores, strict=True))


@dataclass(frozen=True)
class Ledger:
    match: Match
    rows: tuple[LedgerRow, ...]
    totals: tuple[int, ...]
    minimums: tuple[int, ...]
    winner: int | None
    tie: bool = False  # sides level at or over the target: another hand decides
    history: tuple[tuple[int, ...], ...] = field(default=())

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def next_hand(self) -> int:
        """The number in the match of the hand to be played next, hands on paper counted."""
        return self.match.carried_hands + len(self.rows) + 1

    def progress(self, side: int) -> int:
        """Percent of the target reached (of the hands played, where a match is so many
        hands), 0 to 100."""
        hands = self.match.variant.rounds  # a match of so many hands
        if hands is not None:
            return min(100, round(100 * (self.match.carried_hands + len(self.rows)) / hands))
        total = self.totals[side]
        return max(0, min(100, round(100 * total / self.match.target))) if self.match.target else 0


def result_to_dict(result: HandResult) -> dict[str, Any]:
    """A hand result as JSON values, for storage next to its entry."""
    return {
        "valid": result.valid,
        "sides": [
            {
                "name": s.name,
                "total": s.total,
                "breakdown": dict(s.breakdown),
                "wins_match": s.wins_match,
            }
            for s in result.sides
        ],
    }


def _score_row(match: Match, number: int, hand: HandRecord, before: Sequence[int]) -> LedgerRow:
    sides = len(match.side_names)
    error = None
    problems: tuple[Problem, ...] = ()
    try:
        result = score_entry(
            match.variant,
            match.players,
            match.side_names,
            hand.entry,
            before,
            match.carried_hands + number,
        )
        problems = result.problems
        scores = tuple(s.total for s in result.sides)
        breakdowns = tuple(dict(s.breakdown) for s in result.sides)
        canastas = tuple(tuple(c.kind.value for c in s.canastas) for s in result.sides)
        instant = next((i for i, s in enumerate(result.sides) if s.wins_match), None)
    except (EntryError, KeyError, TypeError, ValueError) as exc:
        scores, breakdowns, instant = (0,) * sides, ({},) * sides, None
        canastas = ((),) * sides
        error = str(exc)
    totals = tuple(t + s for t, s in zip(before, scores, strict=True))
    return LedgerRow(number, hand, scores, totals, breakdowns, canastas, error, instant, problems)


def _winner(totals: Sequence[int], target: int, instant: int | None) -> tuple[int | None, bool]:
    if instant is not None:
        return instant, False
    best = max(totals)
    if best < target:
        return None, False
    leaders = [i for i, total in enumerate(totals) if total == best]
    # No preset names a rule for an exact tie, so the table plays another hand.
    if len(leaders) > 1:
        return None, True
    return leaders[0], False


def compute_ledger(
    match: Match, hands: Sequence[HandRecord], previous: Ledger | None = None
) -> Ledger:
    """Rescore every hand in order under the match's rules and total them up, from the
    totals carried over from paper if the match began there.

    ``previous`` is an earlier ledger of the same match under the same rules: its rows
    are taken over, not scored again, for as long as the hands and the totals before
    them are the same (after a hand is added, that is all but the new one).
    """
    variant = match.variant
    totals = list(match.start)
    history = [tuple(totals)]
    rows = []
    winner: int | None = None
    tie = False
    kept = previous.rows if previous is not None else ()
    for number, hand in enumerate(hands, start=1):
        same = kept[number - 1] if number <= len(kept) else None
        if same is not None and same.hand == hand and same.before == tuple(totals):
            row = same
        else:
            kept = ()  # everything after a change is scored again
            row = _score_row(match, number, hand, totals)
        totals = list(row.totals)
        history.append(row.totals)
        rows.append(row)
        if winner is None:
            if variant.rounds is not None:  # hand and foot: so many hands, the highest wins
                played = match.carried_hands + number
                last = played >= variant.rounds or row.wins_match is not None
                winner, tie = (
                    _winner(totals, min(totals), row.wins_match) if last else (None, False)
                )
            else:
                winner, tie = _winner(totals, match.target, row.wins_match)
    hand_number = match.carried_hands + len(hands) + 1
    minimums = tuple(variant.opening_minimum(total, 0, hand_number) for total in totals)
    return Ledger(match, tuple(rows), tuple(totals), minimums, winner, tie, tuple(history))
