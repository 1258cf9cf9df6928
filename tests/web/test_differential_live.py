"""The differential check of issue 42 through the real server (the full run's sample): hands
of actual cards entered through the quick form's fields and card by card, as a phone posts
them (CSRF, its cookies), against `referee score` on the same cards — equal totals."""

from __future__ import annotations

import json
import os
import re
import secrets

import pytest
from hypothesis import HealthCheck, given, settings

from referee.match.contract import score_json
from tests.support.differential import (
    card_hands,
    contract_variant,
    detailed_fields,
    match_form,
    quick_fields,
)
from tests.support.live import Phone, referee_serve
from tests.support.profiles import examples

pytestmark = pytest.mark.live

FIELD = re.compile(r'name="(side0-[a-z_0-9]+|out_concealed)"')


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    path = tmp_path_factory.mktemp("differential") / "referee.db"
    env = {**os.environ, "REFEREE_LIMIT_NEW_MATCHES": "1000 per minute"}
    with referee_serve(path, workers=2, env=env) as live:
        yield live


def _match(phone: Phone, data: dict) -> str:
    where, _page = phone.post("/matches/new", match_form(data))
    return where.split(phone.base)[1].split("#")[0]


@settings(
    max_examples=examples(40),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=card_hands())
def test_the_real_server_stores_what_referee_score_scores(server, data):
    data["round"] = 2 if any(side.get("score") for side in data["sides"]) else 1
    expected, _ = score_json(data)
    phone = Phone(server.url)
    for mode in ("detailed", "quick"):
        path = _match(phone, data)
        page = phone.get(f"{path}/hands/new?mode={mode}")
        offered = {name.removeprefix("side0-") for name in FIELD.findall(page)}
        if mode == "quick":
            fields = quick_fields(contract_variant(data), data, offered)
            assert not isinstance(fields, str), fields
        else:
            fields = detailed_fields(data)
        fields = {**fields, "token": secrets.token_urlsafe(16)}
        hidden = phone.form(f"{path}/hands/new?mode={mode}")
        phone.send(f"{path}/hands/new", {**hidden, **fields, "token": fields["token"]})
        match_id, token = path.split("/")[2], path.split("/")[3]
        stored = json.loads(phone.get(f"/api/matches/{match_id}?token={token}"))["hands"]
        if not expected["valid"]:
            assert stored == [], (mode, expected["errors"])
        else:
            assert [h["scores"] for h in stored] == [[s["total"] for s in expected["sides"]]], (
                mode,
                stored and stored[0]["entry"],
            )
