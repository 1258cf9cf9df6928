"""Groups: a roster of players, its matches, and their statistics.

A group lives behind two secret links, as a match does (see :mod:`referee.web.parts.access`): the
edit link adds players, starts matches from the roster and opens every match of
the group for scoring; the read-only link shows the same pages without changing
anything.  The browser that made or opened a group keeps the link it holds.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import (
    Blueprint,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from ...match.ledger import Match
from ...match.plaintext import isolated
from ...match.roster import MAX_PLAYERS, NAME_LENGTH, Player, roster_names, side_name
from ...match.statistics import statistics_csv
from ...rules import PRESETS, CanastaKind
from ...rules.overrides import OverrideError, apply_overrides
from ..parts.access import (
    GROUPS,
    keep_opened,
    load_match,
    remembered_token,
)
from ..parts.forms import (
    KIND_LABELS,
    MAX_SEATS,
    GroupForm,
    GroupMatchForm,
    PlayerForm,
    chosen_options,
    option_field_name,
)
from ..parts.group_state import (
    load_group,
    move_form,
    remembered_groups,
    statistics_of,
    variant_arg,
)
from ..parts.house_rules import TableRules, editor, form_rules
from ..parts.page_charts import wins_chart
from ..parts.table import chosen_rules, create_match, table_start
from ..plumbing.addresses import phone_url
from ..plumbing.db import get_storage
from ..plumbing.errors import refusal
from ..plumbing.inputs import whole_number
from ..plumbing.locale import day
from ..plumbing.marks import form_shown_again, limited

bp = Blueprint("groups", __name__)


@bp.route("/groups/new", methods=["GET", "POST"])
@form_shown_again
@limited("LIMIT_NEW_MATCHES")
def new_group():
    form = GroupForm()
    problems: list[str] = []
    refused = refusal()
    if refused:
        form.validate()
        problems.append(refused.message)
    elif form.validate_on_submit():
        players = roster_names(form.players.data or "")
        too_long = [name for name in players if len(name) > NAME_LENGTH]
        if too_long:
            form.players.errors.append(
                _(
                    "A name may have at most %(n)s letters: %(name)s",
                    n=NAME_LENGTH,
                    name=too_long[0],
                )
            )
        elif len(players) > MAX_PLAYERS:
            form.players.errors.append(_("A group has at most %(n)s players.", n=MAX_PLAYERS))
        else:
            group = get_storage().create_group(form.name.data.strip(), players)
            keep_opened(GROUPS, group, True)
            return redirect(url_for("groups.group", group_id=group.id, token=group.edit_token))
    status = 200 if request.method == "GET" else (refused.status if refused else 422)
    return render_template("group_new.html", form=form, problems=problems), status


def _match_links(matches: list[Match], can_edit: bool) -> dict[int, str]:
    # The group's edit link opens its matches for scoring; its read-only link, read-only.
    return {
        m.id: url_for(
            "matches.ledger",
            match_id=m.id,
            token=m.edit_token if can_edit else (remembered_token(m) or m.view_token),
        )
        for m in matches
    }


@bp.route("/g/<int:group_id>/<token>", methods=["GET", "POST"])
@form_shown_again
def group(group_id: int, token: str):
    """The group's page; posting its form adds a player to the roster (edit link only)."""
    group, can_edit = load_group(group_id, token, edit=request.method == "POST")
    keep_opened(GROUPS, group, can_edit)  # its home page offers this link back
    storage = get_storage()
    form = PlayerForm() if can_edit else None
    status = 200
    if form is not None and request.method == "POST":
        roster = storage.roster(group.id)
        if refused := refusal():
            form.validate()
            form.name.errors.append(refused.message)
            status = refused.status
        elif form.validate_on_submit():
            name = " ".join(form.name.data.split())
            if name.casefold() in (p.name.casefold() for p in roster):
                form.name.errors.append(_("%(name)s is already in the group.", name=isolated(name)))
            elif len(roster) >= MAX_PLAYERS:
                form.name.errors.append(_("A group has at most %(n)s players.", n=MAX_PLAYERS))
            else:
                storage.add_player(group.id, name)
                flash(_("%(name)s joined the group.", name=isolated(name)))
                return redirect(url_for("groups.group", group_id=group.id, token=token))
        status = status if status != 200 else 422
    matches = storage.group_matches(group.id)
    return render_template(
        "group.html",
        group=group,
        token=token,
        can_edit=can_edit,
        form=form,
        roster=storage.roster(group.id),
        playing=[m for m in matches if not m.finished],
        finished=[m for m in matches if m.finished],
        links=_match_links(matches, can_edit),
        view_url=phone_url("groups.group", group_id=group.id, token=group.view_token),
        edit_url=phone_url("groups.group", group_id=group.id, token=token) if can_edit else None,
    ), status


def _seats(form: Any, players: int, roster: dict[int, Player]) -> list[Player] | None:
    """The players picked for seats 1 to ``players``; None (errors on the form) if a seat
    is empty or a player sits twice."""
    picked: dict[int, int] = {}  # player id -> seat
    for k in range(1, players + 1):
        field = form[f"seat{k}"]
        value = field.data or ""
        chosen = whole_number(value)
        player = roster.get(chosen) if chosen is not None else None
        if player is None:
            field.errors.append(_("Choose who sits here."))
        elif player.id in picked:
            field.errors.append(
                _(
                    "%(name)s already sits at seat %(n)s.",
                    name=isolated(player.name),
                    n=picked[player.id],
                )
            )
        else:
            picked[player.id] = k
    if len(picked) < players:
        return None
    return [roster[pid] for pid in picked]


def _prefill(form: Any, last: Match) -> TableRules:
    """The rules (its table's own values too), players and seats of the group's last match,
    on a new form: the group keeps its rules from match to match."""
    form.preset.data = last.variant_id
    form.players.data = str(last.players)
    if last.target != PRESETS[last.variant_id].target_score:
        form.target.data = last.target
    for name, on in last.options.items():
        key = option_field_name(last.variant_id, name)
        if key in form:
            form[key].data = on
    for seat, index in enumerate(last.seats, start=1):
        if index < len(last.player_ids) and last.player_ids[index] is not None:
            form[f"seat{seat}"].data = str(last.player_ids[index])
    if not last.overrides:
        return TableRules(None, {})
    base = PRESETS[last.variant_id]
    options = chosen_options(form, base)
    try:
        return TableRules(editor(base, options, last.overrides), dict(last.overrides))
    except OverrideError:  # values this version no longer takes: start from the preset
        return TableRules(None, {})


@bp.route("/g/<int:group_id>/<token>/matches/new", methods=["GET", "POST"])
@form_shown_again
@limited("LIMIT_NEW_MATCHES")
def new_match(group_id: int, token: str):
    """A match of the group's players, picked seat by seat; the group's last rules to start."""
    group, _can_edit = load_group(group_id, token, edit=True)
    storage = get_storage()
    roster = {p.id: p for p in storage.roster(group.id)}
    form = GroupMatchForm()
    for k in range(1, MAX_SEATS + 1):
        form[f"seat{k}"].choices = [("", _("Choose a player"))] + [
            (str(p.id), p.name) for p in roster.values()
        ]
    problems: list[str] = []
    refused = refusal()
    table = TableRules(None, {})
    if request.method == "GET":
        previous = storage.group_matches(group.id)
        if previous and previous[0].variant_id in PRESETS:
            table = _prefill(form, previous[0])
    elif refused:
        form.validate()
        problems.append(refused.message)
    elif (table := form_rules(form)).stay:
        pass  # the rules were opened or loaded to look at: the form again, nothing sent yet
    elif form.validate_on_submit() and (chosen := chosen_rules(form)):
        base, options, players = chosen
        variant = apply_overrides(base.with_options(options), table.overrides or {})
        sides = variant.sides_for(players)
        seated = _seats(form, players, roster)
        start = table_start(form, variant, players)
        if seated is not None and start is not None:
            # Seats take turns between the sides: side s has seats s, s + sides, ...
            members = [seated[s::sides] for s in range(sides)]
            side_names = [
                (form[f"side{s + 1}_name"].data or "").strip() or side_name([p.name for p in m])
                for s, m in enumerate(members)
            ]
            match = create_match(
                form,
                base,
                options,
                players,
                side_names,
                [p.name for m in members for p in m],
                table.overrides or {},
                # Unnamed, a group's match is named by the group and the day: never "Match 4".
                default_name=f"{group.name[:40]} · {day(datetime.now(UTC).isoformat())}",
                group_id=group.id,
                player_ids=tuple(p.id for m in members for p in m),
                **start,
            )
            if match is not None:
                return redirect(
                    url_for("matches.ledger", match_id=match.id, token=match.edit_token)
                )
    status = 200 if request.method == "GET" or (table.stay and not table.problem) else 422
    if refused:
        status = refused.status
    return render_template(
        "group_match.html",
        form=form,
        group=group,
        token=token,
        presets=PRESETS,
        problems=problems,
        enough=len(roster) >= 2,
        table=table,
    ), status


@bp.post("/m/<int:match_id>/<token>/group")
def move(match_id: int, token: str):
    """Put a match into one of this browser's groups; its players join the roster by name."""
    match, _can_edit = load_match(match_id, token, edit=True)
    back = redirect(url_for("matches.ledger", match_id=match.id, token=token))
    form = move_form(match)
    if form is None:
        return back
    chosen = {str(g.id): g for g in remembered_groups()}.get(form.group.data or "")
    if chosen is None or not form.validate():
        flash(_("Choose one of your groups."))
        return back
    storage = get_storage()
    roster = {p.name.casefold(): p for p in storage.roster(chosen.id)}
    ids = []
    for name in match.player_names:
        player = roster.get(name.casefold())
        if player is None:
            player = roster[name.casefold()] = storage.add_player(chosen.id, name)
        ids.append(player.id)
    storage.move_match(match.id, chosen.id, ids)
    flash(_("The match is now in %(group)s.", group=isolated(chosen.name)))
    return back


# -- statistics ---------------------------------------------------------------------------


@bp.route("/g/<int:group_id>/<token>/statistics")
def statistics(group_id: int, token: str):
    group, can_edit = load_group(group_id, token)
    variant_id = variant_arg()
    stats = statistics_of(group, variant_id)
    names = [f.names[0] for f in stats.players]
    return render_template(
        "group_statistics.html",
        group=group,
        token=token,
        can_edit=can_edit,
        stats=stats,
        variant_id=variant_id,
        presets=PRESETS,
        kinds=[(kind, KIND_LABELS[CanastaKind(kind)]) for kind in stats.kinds],
        chart=wins_chart(names, stats.wins_over_time) if len(stats.wins_over_time) > 1 else None,
    )


@bp.route("/g/<int:group_id>/<token>/statistics.csv")
def statistics_download(group_id: int, token: str):
    group, _can_edit = load_group(group_id, token)
    body = statistics_csv(statistics_of(group, variant_arg()))
    return body, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": f'attachment; filename="group-{group.id}-statistics.csv"',
        "Cache-Control": "no-store",
    }
