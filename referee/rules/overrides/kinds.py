"""The kinds of value a table may change -- a number, a switch, a choice, a table of
entries, the opening table, the minimums by hand --, each read from JSON (checked, an
:class:`OverrideError` naming the value and what is wrong) and written back to JSON."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from ..problems import N_, MalformedInput, Text
from ..variant import OpeningStep

MOST = 100_000  # no score, bonus or minimum of any rulebook comes near this


class OverrideError(MalformedInput):
    """A value the table cannot play by.  ``field`` is where, as in ``rules.<field>``
    (``card_points.A``, ``opening_table[1]``); ``reason`` what is wrong, a message id
    (marked with :func:`N_`) and its values, which a page translates; ``problem`` the same
    in English, as the command line and the JSON contract say it."""

    def __init__(self, field: str, reason: str, **values: object) -> None:
        self.field = field
        self.reason = Text(reason, values)
        self.problem = self.reason.render()
        super().__init__(f"rules.{field}: {self.problem}")
        # The whole message; its frame is no message of the catalogues (it stays as it is).
        self.words = Text("rules.%(field)s: %(reason)s", {"field": field, "reason": self.reason})

    @property
    def name(self) -> str:
        """The value the problem is in: ``card_points`` for ``card_points.A``."""
        return self.field.split(".")[0].split("[")[0]


def _whole(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise OverrideError(where, N_("must be a whole number"))
    if not low <= value <= high:
        raise OverrideError(
            where,
            N_("must be from %(low)s to %(high)s, not %(value)s"),
            low=low,
            high=high,
            value=value,
        )
    return value


class Number(NamedTuple):
    low: int = 0
    high: int = MOST
    optional: bool = False  # null: the rule does not apply ("not allowed", "none")

    def read(self, value: Any, where: str, _base: Any) -> int | None:
        if value is None and self.optional:
            return None
        return _whole(value, where, self.low, self.high)

    def write(self, value: Any) -> Any:
        return value


class Switch(NamedTuple):
    def read(self, value: Any, where: str, _base: Any) -> bool:
        if not isinstance(value, bool):
            raise OverrideError(where, N_("must be true or false"))
        return value

    def write(self, value: Any) -> Any:
        return value


class Choice(NamedTuple):
    values: Mapping[Any, Any]  # JSON value -> the variant's value

    def read(self, value: Any, where: str, _base: Any) -> Any:
        if isinstance(value, bool) or value not in self.values:
            known = ", ".join("null" if v is None else str(v) for v in self.values)
            raise OverrideError(where, N_("must be one of %(known)s"), known=known)
        return self.values[value]

    def write(self, value: Any) -> Any:
        return next(key for key, chosen in self.values.items() if chosen == value)


class Table(NamedTuple):
    """Entries by key (rank, kind, players, a count); changed one by one.

    ``keys`` None: only the preset's own keys (a kind it does not have would never be
    scored); otherwise the keys a table may add, and null removes an entry."""

    key: Callable[[str], Any]  # JSON key -> the variant's key
    name: Callable[[Any], str]  # the variant's key -> JSON key
    number: Number
    keys: range | None = None

    def read(self, value: Any, where: str, base: Mapping[Any, int]) -> dict[Any, int]:
        if not isinstance(value, dict):
            raise OverrideError(where, N_("must be an object"))
        out = dict(base)
        for text, entry in value.items():
            at = f"{where}.{text}"
            try:
                key = self.key(text)
            except (ValueError, KeyError):
                key = None
            known = key in base if self.keys is None else key in self.keys
            if key is None or not known:
                names = ", ".join(map(self.name, base)) if self.keys is None else None
                allowed = names or f"{self.keys.start} to {self.keys.stop - 1}"  # type: ignore[union-attr]
                raise OverrideError(at, N_("is not one of %(allowed)s"), allowed=allowed)
            if entry is None and self.keys is not None:
                out.pop(key, None)
            else:
                out[key] = self.number.read(entry, at, None)
        return out

    def write(self, value: Mapping[Any, int]) -> dict[str, int]:
        return {self.name(key): points for key, points in value.items()}


class Steps(NamedTuple):
    """The opening table: [[from score, minimum], ...], from 0 up, in order."""

    def read(self, value: Any, where: str, _base: Any) -> tuple[OpeningStep, ...]:
        if not isinstance(value, list) or not 1 <= len(value) <= 12:
            raise OverrideError(where, N_("must be a list of 1 to 12 [from score, minimum] pairs"))
        steps = []
        for i, pair in enumerate(value):
            at = f"{where}[{i}]"
            if not isinstance(pair, list) or len(pair) != 2:
                raise OverrideError(at, N_("must be a pair [from score, minimum]"))
            start = _whole(pair[0], at, 0, 10 * MOST)
            steps.append(OpeningStep(start, _whole(pair[1], at, 0, MOST)))
        if steps[0].from_score != 0:
            raise OverrideError(f"{where}[0]", N_("the first step must start from 0"))
        for i in range(1, len(steps)):
            if steps[i].from_score <= steps[i - 1].from_score:
                raise OverrideError(f"{where}[{i}]", N_("steps must go up from score to score"))
        return tuple(steps)

    def write(self, value: Iterable[OpeningStep]) -> list[list[int]]:
        return [[step.from_score, step.minimum] for step in value]


class Minimums(NamedTuple):
    """The opening minimum by the hand's number: [1st hand, 2nd, …], the last for every
    later hand; an empty list, the minimum goes by the score."""

    most: int = 50

    def read(self, value: Any, where: str, _base: Any) -> tuple[int, ...]:
        if not isinstance(value, list) or len(value) > self.most:
            raise OverrideError(
                where, N_("must be a list of 0 to %(most)s minimums, by hand"), most=self.most
            )
        return tuple(_whole(minimum, f"{where}[{i}]", 0, MOST) for i, minimum in enumerate(value))

    def write(self, value: Iterable[int]) -> list[int]:
        return list(value)


Kind = Number | Switch | Choice | Table | Steps | Minimums


def changed_keys(was: Mapping[Any, int], now: Mapping[Any, int]) -> list[Any]:
    """The keys of two tables whose entries differ (one missing counts), in order."""
    return [key for key in {**was, **now} if was.get(key) != now.get(key)]
