"""The JSON API: the CLI's score and check contracts over HTTP, and a match's ledger.

Malformed input answers 400 with ``{"error": "..."}``.  A hand that breaks the
rules is still an answer: 200 with ``"valid": false`` and the same JSON the
CLI prints (which exits 1 for it) -- the request was understood and answered.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, jsonify, request
from flask_babel import gettext as _

from ...match.contract import check_json, problem_json, score_json, with_house_rules
from ...match.statistics import Figures
from ...rules import MalformedInput
from ..parts.access import load_match, match_ledger
from ..parts.asked_table import asked_table
from ..parts.group_state import load_group, played, statistics_of, variant_arg
from ..parts.tournament_state import load_tournament, tournament_json
from ..plumbing.db import get_storage

bp = Blueprint("api", __name__, url_prefix="/api")


def _body() -> Any:
    data = request.get_json(silent=True)
    if data is None:
        raise MalformedInput(_("the body must be JSON (Content-Type: application/json)"))
    return data


@bp.errorhandler(MalformedInput)
def malformed(error: MalformedInput):
    return jsonify(error=str(error)), 400


@bp.post("/score")
def score():
    result, _status = score_json(_body())
    return jsonify(result)


@bp.post("/check")
def check():
    return jsonify(check_json(_body()))


@bp.get("/ask")
def ask():
    """A rule question in plain words: the variant's rules that answer it, best first."""
    from ...ask import answers_json
    from ...rules import UnknownVariant, find_variant

    question, lang = request.args.get("q", ""), request.args.get("lang", "en")
    if "match" in request.args:  # asked at a match's table: its rules, totals, next hand
        try:
            match_id = int(request.args["match"])
        except ValueError:
            message = _(
                "%(field)s: %(id)s is not a number", field="match", id=request.args["match"]
            )
            raise MalformedInput(message) from None
        token = request.args.get("token") or request.headers.get("X-Match-Token", "")
        found, _can_edit = load_match(match_id, token)
        return jsonify(answers_json(found.variant, question, lang, asked_table(found)))
    variant_id = request.args.get("variant", "")
    try:
        variant = find_variant(variant_id)
    except UnknownVariant as error:
        raise MalformedInput(str(error)) from None
    if "options" in request.args:  # the table's house rules, as `score`'s "options" object
        variant = with_house_rules(variant, _json_arg("options"))
    return jsonify(answers_json(variant, question, lang))


def _json_arg(name: str) -> Any:
    """The query argument ``name`` read as JSON; a 400 where it is not JSON."""
    try:
        return json.loads(request.args[name])
    except (ValueError, RecursionError):  # not JSON, or nested past what the parser follows
        raise MalformedInput(f'{name} must be JSON, e.g. {name}={{"acabar": true}}') from None


@bp.get("/matches/<int:match_id>")
def match(match_id: int):
    token = request.args.get("token") or request.headers.get("X-Match-Token", "")
    found, can_edit = load_match(match_id, token)
    ledger = match_ledger(found)
    return jsonify(
        id=found.id,
        name=found.name,
        variant=found.variant_id,
        options=dict(found.options),
        rules=dict(found.overrides),  # the values the table changed, as the contract's "rules"
        players=found.players,
        sides=list(found.side_names),
        player_names=list(found.player_names),
        target=found.target,
        totals=list(ledger.totals),
        opening_minimums=list(ledger.minimums),
        winner=None if ledger.winner is None else found.side_names[ledger.winner],
        finished=ledger.finished,
        seating=[found.player_names[i] for i in found.seats],
        first_dealer=found.player_names[found.seats[found.first_dealer]]
        if found.first_dealer < len(found.seats)
        else None,
        carried_over={"totals": list(found.carried_totals), "hands": found.carried_hands}
        if found.carried_hands or found.carried_totals
        else None,
        group=found.group_id,
        hands=[
            {
                "number": row.number,
                "id": row.hand.id,
                "scores": list(row.scores),
                "totals": list(row.totals),
                "breakdowns": list(row.breakdowns),
                "entry": row.hand.entry,
                "dealer": found.dealer_name(row.number) or None,
                "note": row.hand.entry.get("note", ""),
                # Recorded although it breaks these rules, as the table agreed.
                "disputed": row.disputed,
                "problems": [problem_json(found.variant, p) for p in row.problems],
            }
            for row in ledger.rows
        ],
        editable=can_edit,
    )


@bp.get("/groups/<int:group_id>")
def group(group_id: int):
    """The group, its players, its matches and its statistics (``?variant=`` filters them)."""
    token = request.args.get("token") or request.headers.get("X-Group-Token", "")
    found, can_edit = load_group(group_id, token)
    roster = get_storage().roster(found.id)
    variant_id = variant_arg()
    stats = statistics_of(found, variant_id)
    return jsonify(
        id=found.id,
        name=found.name,
        created=found.created,
        editable=can_edit,
        players=[{"id": p.id, "name": p.name} for p in roster],
        matches=[
            {
                "id": m.id,
                "name": m.name,
                "variant": m.variant_id,
                "options": dict(m.options),
                "players": [
                    {"id": pid, "name": name}
                    for pid, name in zip(
                        m.player_ids or [None] * m.players, m.player_names, strict=True
                    )
                ],
                "sides": list(m.side_names),
                "created": m.created,
                "finished": ledger.finished,
                "winner": None if ledger.winner is None else m.side_names[ledger.winner],
                "totals": list(ledger.totals),
            }
            for m, ledger in played(found)
        ],
        statistics={
            "variant": variant_id,
            "players": [_figures(f) for f in stats.players],
            "partnerships": [_figures(f) for f in stats.partnerships],
        },
    )


@bp.get("/tournaments/<int:tournament_id>")
def tournament(tournament_id: int):
    """The tournament's standings and every game begun, as the results' JSON export."""
    token = request.args.get("token") or request.headers.get("X-Tournament-Token", "")
    found, can_edit = load_tournament(tournament_id, token)
    return jsonify({**tournament_json(found), "editable": can_edit})


def _figures(f: Figures) -> dict[str, Any]:
    return {
        "players": list(f.players),
        "names": list(f.names),
        "matches": f.matches,
        "won": f.won,
        "win_rate": f.win_rate,
        "hands": f.hands,
        "points_per_hand": f.points_per_hand,
        "best_hand": f.best_hand,
        "canastas": dict(f.canastas),
        "went_out": f.went_out,
        "red_threes": f.red_threes,
    }
