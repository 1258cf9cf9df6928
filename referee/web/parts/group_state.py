"""A group as the pages read it: its link opened, the link this browser may open it
with, the group a match is in, the form that moves a match into one, and the group's
statistics over the matches it played.

Shared by the group's pages (:mod:`referee.web.views.groups`), the match page
(:mod:`referee.web.views.matches`) and the JSON API (:mod:`referee.web.views.api`).
"""

from __future__ import annotations

from flask import (
    request,
)
from flask_babel import gettext as _

from ...match.ledger import Ledger, Match
from ...match.roster import Group
from ...match.statistics import Statistics, group_statistics
from ...rules import PRESETS
from ..plumbing.db import get_storage
from .access import (
    GROUPS,
    kept,
    kept_all,
    match_ledger,
    open_link,
)
from .damaged import damaged
from .forms import (
    MoveMatchForm,
)

KEPT = GROUPS[0]  # the session's list of group edit links (see .access.keep)


def load_group(group_id: int, token: str, *, edit: bool = False) -> tuple[Group, bool]:
    """The group and whether ``token`` lets its holder change it; 404 and 403 as
    :func:`.access.load_match` answers them."""
    group = get_storage().get_group(group_id)
    can_edit = open_link(
        group,
        token,
        edit,
        _("There is no such group. Check the link you were given."),
        _("This is the read-only link of the group: only its edit link changes it."),
    )
    return group, can_edit


def remembered_groups() -> list[Group]:
    """The groups whose edit links this browser keeps (and that still exist)."""
    return kept_all(KEPT, get_storage().get_group)


def group_token(group: Group) -> str:
    """The link this browser may open ``group`` with: its edit link if kept, else read-only."""
    return kept(KEPT, group.id, group.edit_token) or group.view_token


def match_group(match: Match) -> tuple[Group, str] | None:
    """The group of ``match`` and the token to link to it with, if it is in one."""
    if match.group_id is None:
        return None
    group = get_storage().get_group(match.group_id)
    return None if group is None else (group, group_token(group))


def move_form(match: Match) -> MoveMatchForm | None:
    """The form that puts a match into one of this browser's groups (None: nothing to offer)."""
    if match.group_id is not None:
        return None
    groups = remembered_groups()
    if not groups:
        return None
    form = MoveMatchForm(formdata=None if request.method == "GET" else request.form)
    form.group.choices = [(str(g.id), g.name) for g in groups]
    return form


def played(group: Group) -> list[tuple[Match, Ledger]]:
    """Every match of the group with its ledger (but one stored damaged, which has none)."""
    found = get_storage().group_matches(group.id)
    return [(m, match_ledger(m)) for m in found if not damaged(m)]


def statistics_of(group: Group, variant_id: str | None) -> Statistics:
    roster = {p.id: p.name for p in get_storage().roster(group.id)}
    return group_statistics(roster, played(group), variant_id)


def variant_arg() -> str | None:
    chosen = request.args.get("variant") or None
    return chosen if chosen in PRESETS else None
