"""A group of players -- a family, a club, a holiday table -- and its roster.

Plain values, like :mod:`referee.match.ledger`: storage hands them in and out, the web
shows them.  A group lives behind two secret links, as a match does: the edit
token (add players, start and move in matches, every match's edit link) and the
view token (read only).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Group", "Player", "roster_names", "side_name"]

MAX_PLAYERS = 60  # on one roster: a big club night
NAME_LENGTH = 30  # a player's name, as the new-match form allows


@dataclass(frozen=True)
class Player:
    id: int
    group_id: int
    name: str


@dataclass(frozen=True)
class Group:
    id: int
    name: str
    edit_token: str
    view_token: str
    created: str = ""


def roster_names(text: str) -> list[str]:
    """The players of a roster typed one per line (or separated by commas), each once,
    in the order typed; blank lines and surrounding spaces dropped."""
    names: list[str] = []
    for line in text.replace(",", "\n").splitlines():
        name = " ".join(line.split())
        if name and name.casefold() not in (n.casefold() for n in names):
            names.append(name)
    return names


def side_name(players: list[str]) -> str:
    """A side named after its players: "Anna", "Anna & Ben", "Anna, Ben & Cleo"."""
    if len(players) <= 2:
        return " & ".join(players)
    return ", ".join(players[:-1]) + " & " + players[-1]
