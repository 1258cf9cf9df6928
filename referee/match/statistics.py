"""A group's figures: per player and per partnership, over the matches they played.

Pure Python over :mod:`referee.match.ledger`, like :mod:`referee.exchange`: the web passes
the group's roster and its matches with their ledgers, and shows or exports the
:class:`Statistics`.  A player is a roster id (``Match.player_ids``); a match player
who is not on the roster counts for nobody.

What counts: a match is *played* once it is finished (a winner), and *won* by the
players of the winning side.  Hand figures (points, best hand, canastas, going out,
red threes) count every hand recorded in the app, finished match or not; hands
carried over from paper have no detail and count for none of them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .ledger import Ledger, Match
from .plaintext import spreadsheet_cell

__all__ = ["Figures", "Statistics", "group_statistics", "statistics_csv"]


@dataclass
class Figures:
    """One player's or one partnership's figures (``players`` are roster ids)."""

    players: tuple[int, ...]
    names: tuple[str, ...]
    matches: int = 0
    won: int = 0
    hands: int = 0
    points: int = 0
    best_hand: int | None = None
    canastas: dict[str, int] = field(default_factory=dict)  # kind -> canastas made
    went_out: int = 0
    red_threes: int = 0

    @property
    def win_rate(self) -> float | None:
        return self.won / self.matches if self.matches else None

    @property
    def points_per_hand(self) -> float | None:
        return self.points / self.hands if self.hands else None

    def per_hand(self, count: int) -> float | None:
        return count / self.hands if self.hands else None

    @property
    def went_out_rate(self) -> float | None:
        return self.per_hand(self.went_out)


@dataclass(frozen=True)
class Statistics:
    players: tuple[Figures, ...]  # roster order
    partnerships: tuple[Figures, ...]  # most matches first
    kinds: tuple[str, ...]  # the canasta kinds made, in the order first met
    variants: tuple[str, ...]  # the rules the group's matches were played under
    # For the chart: each player's wins so far, after each finished match in date order.
    wins_over_time: tuple[tuple[int, ...], ...]


def _sides(match: Match) -> list[tuple[int, ...]]:
    """The roster ids of each side's players (a player not on the roster left out)."""
    sides = len(match.side_names)
    per_side = match.players // sides
    ids = list(match.player_ids) + [None] * (match.players - len(match.player_ids))
    return [
        tuple(pid for pid in ids[s * per_side : (s + 1) * per_side] if pid is not None)
        for s in range(sides)
    ]


def _count(figures: Figures, ledger: Ledger, side: int, kinds: list[str]) -> None:
    for row in ledger.rows:
        entry_sides = row.hand.entry.get("sides", [])
        typed = entry_sides[side] if side < len(entry_sides) else {}
        score = row.scores[side]
        figures.hands += 1
        figures.points += score
        figures.best_hand = score if figures.best_hand is None else max(figures.best_hand, score)
        figures.went_out += bool(typed.get("went_out"))
        figures.red_threes += int(typed.get("red_threes") or 0)
        for kind in row.canastas[side] if row.canastas else ():
            figures.canastas[kind] = figures.canastas.get(kind, 0) + 1
            if kind not in kinds:
                kinds.append(kind)


def group_statistics(
    roster: Mapping[int, str],
    played: Sequence[tuple[Match, Ledger]],
    variant_id: str | None = None,
) -> Statistics:
    """The figures of ``roster`` (id -> name) over ``played``, only ``variant_id``'s if given."""
    variants = tuple(dict.fromkeys(match.variant_id for match, _ledger in played))
    chosen = [(m, ledger) for m, ledger in played if variant_id in (None, m.variant_id)]
    chosen.sort(key=lambda pair: (pair[0].created, pair[0].id))
    people = {pid: Figures((pid,), (name,)) for pid, name in roster.items()}
    pairs: dict[tuple[int, ...], Figures] = {}
    kinds: list[str] = []
    wins = dict.fromkeys(roster, 0)
    timeline = [tuple(wins.values())]
    for match, ledger in chosen:
        for side, members in enumerate(_sides(match)):
            members = tuple(pid for pid in members if pid in people)
            groups = [people[pid] for pid in members]
            if len(members) > 1:
                key = tuple(sorted(members))
                if key not in pairs:
                    pairs[key] = Figures(key, tuple(roster[pid] for pid in key))
                groups.append(pairs[key])
            for figures in groups:
                _count(figures, ledger, side, kinds)
                if ledger.finished:
                    figures.matches += 1
                    figures.won += ledger.winner == side
            if ledger.finished and ledger.winner == side:
                for pid in members:
                    wins[pid] += 1
        if ledger.finished:
            timeline.append(tuple(wins.values()))
    partnerships = sorted(pairs.values(), key=lambda f: (-f.matches, -f.won, f.names))
    return Statistics(
        players=tuple(people.values()),
        partnerships=tuple(partnerships),
        kinds=tuple(kinds),
        variants=variants,
        wins_over_time=tuple(timeline),
    )


def _number(value: float | None, digits: int = 3) -> str:
    return "" if value is None else f"{value:.{digits}f}"


def statistics_csv(stats: Statistics) -> str:
    """A row per player, then per partnership; rates and per-hand figures as decimals."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        ["kind", "players", "matches", "won", "win_rate", "hands", "points_per_hand", "best_hand"]
        + [f"canastas_{kind}_per_hand" for kind in stats.kinds]
        + ["went_out", "went_out_per_hand", "red_threes", "red_threes_per_hand"]
    )
    for kind, lines in (("player", stats.players), ("partnership", stats.partnerships)):
        for f in lines:
            writer.writerow(
                [
                    kind,
                    spreadsheet_cell(" & ".join(f.names)),
                    f.matches,
                    f.won,
                    _number(f.win_rate),
                    f.hands,
                    _number(f.points_per_hand, 1),
                    "" if f.best_hand is None else f.best_hand,
                ]
                + [_number(f.per_hand(f.canastas.get(k, 0))) for k in stats.kinds]
                + [f.went_out, _number(f.went_out_rate), f.red_threes]
                + [_number(f.per_hand(f.red_threes))]
            )
    return out.getvalue()
