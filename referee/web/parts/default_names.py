"""The names a match gets when nobody typed one -- "Side A", "Player 3" -- kept in one
fixed form and shown in the page's language: a match begun on an English page reads
"Strana A" on a Czech one (a name anybody typed is shown as typed)."""

from __future__ import annotations

import re
from dataclasses import replace

from flask_babel import gettext as _

from ...match.ledger import Match
from ...match.plaintext import default_match_number

_SIDE = re.compile(r"Side ([ABC])")
_PLAYER = re.compile(r"Player (\d{1,2})")


def default_side(letter: str) -> str:
    """A side nobody named, as stored."""
    return f"Side {letter}"


def default_player(number: int) -> str:
    """A player nobody named, as stored."""
    return f"Player {number}"


def is_default_match(name: str) -> bool:
    """Whether ``name`` is a match's default name, as stored."""
    return default_match_number(name) is not None


def match_title(match: Match) -> str:
    """The match's name as every page and sheet titles it: its name (a default one in the
    page's language); a match stored unnamed (before names were given) by its number."""
    return shown(match.name) if match.name else _("Match %(n)s", n=match.id)


def shown(name: str) -> str:
    """``name`` as the page shows it: a default name in the page's language, any other as
    typed (the lists of matches on the home and group pages show stored names as they are)."""
    if found := _SIDE.fullmatch(name):
        return _("Side %(letter)s", letter=found[1])
    if found := _PLAYER.fullmatch(name):
        return _("Player %(n)s", n=int(found[1]))
    if (number := default_match_number(name)) is not None:
        return _("Match %(n)s", n=number)
    return name


def localised(match: Match) -> Match:
    """``match`` with its default names in the page's language (itself when it has none)."""
    sides = tuple(shown(n) for n in match.side_names)
    players = tuple(shown(n) for n in match.player_names)
    if sides == tuple(match.side_names) and players == tuple(match.player_names):
        return match
    named = replace(match, side_names=sides, player_names=players)
    # the rules worked out from the match are the same: keep them (a match page's quarter)
    for kept in ("variant", "preset"):
        if kept in match.__dict__:
            named.__dict__[kept] = match.__dict__[kept]
    return named
