"""What a new-match form chose: the rules, the players, the first dealer, paper totals.

Shared by the plain new-match page and a group's (:mod:`referee.web.views.groups`): each reads its
players its own way (typed, or picked from the roster) and the rest the same way.
A reader that finds a problem puts it on the form's field and answers None.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ...match.ledger import Match
from ...match.plaintext import default_match
from ...rules import PRESETS, Variant
from ..plumbing.db import get_storage
from .access import next_match_number, remember
from .forms import chosen_options


def chosen_rules(form) -> tuple[Variant, dict[str, bool], int] | None:
    """The preset, house rules and number of players a new-match form chose; None (and an
    error on the form) for a number of players the rules are not played by."""
    base = PRESETS[form.preset.data]
    players = int(form.players.data)
    if players not in base.players:
        allowed = ", ".join(str(n) for n in base.players)
        form.players.errors.append(
            _("%(rules)s is played by %(allowed)s players.", rules=base.name, allowed=allowed)
        )
        return None
    options = chosen_options(form, base)
    return base, options, players


def table_start(form, variant: Variant, players: int) -> dict[str, Any] | None:
    """The first dealer and the totals carried over from paper that a new-match form gives,
    as fields of the match; None (and errors on the form) where they cannot be."""
    sides = variant.sides_for(players)
    target = form.target.data or variant.target_score
    try:
        dealer = int(form.first_dealer.data)
    except (TypeError, ValueError):
        dealer = -1
    ok = True
    if not 0 <= dealer < players:  # a seat of this table, never one a crafted form names
        form.first_dealer.errors.append(_("There are only %(n)s seats at this table.", n=players))
        ok = False
    hands = form.paper_hands.data or 0
    totals = tuple(form[f"paper_side{s}"].data or 0 for s in range(1, sides + 1))
    if any(totals) and not hands:
        form.paper_hands.errors.append(_("Say how many hands were played on paper."))
        ok = False
    if variant.rounds is not None and hands >= variant.rounds:
        form.paper_hands.errors.append(
            _("A match of %(n)s hands is over after %(n)s hands.", n=variant.rounds)
        )
        ok = False
    for s, total in enumerate(totals, start=1):
        if variant.rounds is None and total >= target:
            form[f"paper_side{s}"].errors.append(
                _(
                    "%(total)s has reached the target of %(target)s: that match is over.",
                    total=total,
                    target=target,
                )
            )
            ok = False
    if not ok:
        return None
    more: dict[str, Any] = {"first_dealer": dealer}
    if hands:
        more.update(carried_totals=totals, carried_hands=hands)
    return more


def create_match(
    form: Any,
    base: Variant,
    options: dict[str, bool],
    players: int,
    side_names: list[str],
    player_names: list[str],
    overrides: dict[str, Any],
    default_name: str = "",
    **more: Any,
) -> Match | None:
    """Store the match a new-match form describes (``overrides``: the values its table
    changed) and let this browser keep its edit link; None (and an error on the form) if
    two sides have the same name."""
    sides = len(side_names)
    if len(set(side_names)) < sides:
        form[f"side{sides}_name"].errors.append(_("Give each side a different name."))
        return None
    match = get_storage().create_match(
        Match.begin(
            base,
            options,
            players,
            side_names,
            player_names,
            name=(form.name.data or "").strip()
            or default_name
            or default_match(next_match_number()),
            target=form.target.data or None,
            overrides=overrides,
            **more,
        )
    )
    remember(match)
    return match
