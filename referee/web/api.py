"""The JSON API: the CLI's score and check contracts over HTTP, and a match's ledger.

Malformed input answers 400 with ``{"error": "..."}``.  A hand that breaks the
rules is still an answer: 200 with ``"valid": false`` and the same JSON the
CLI prints (which exits 1 for it) -- the request was understood and answered.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request
from flask_babel import gettext as _

from ..contract import check_json, score_json
from ..rules import MalformedInput
from .access import load_match, match_ledger

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
        players=found.players,
        sides=list(found.side_names),
        player_names=list(found.player_names),
        target=found.target,
        totals=list(ledger.totals),
        opening_minimums=list(ledger.minimums),
        winner=None if ledger.winner is None else found.side_names[ledger.winner],
        finished=ledger.finished,
        hands=[
            {
                "number": row.number,
                "id": row.hand.id,
                "scores": list(row.scores),
                "totals": list(row.totals),
                "breakdowns": list(row.breakdowns),
                "entry": row.hand.entry,
            }
            for row in ledger.rows
        ],
        editable=can_edit,
    )
