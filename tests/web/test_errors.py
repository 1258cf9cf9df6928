"""Whatever a phone sends, the answer is a clear refusal or a page, never a 500."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.profiles import examples
from tests.support.web import start_match

FIELDS = [
    "side0-melds",
    "side0-hand",
    "side0-hand_points",
    "side0-red_threes",
    "side0-went_out",
    "side0-concealed",
    "side1-melds",
    "side1-meld_points",
    "side1-canastas_natural",
    "token",
    "mode",
]
junk = st.one_of(
    st.text(max_size=40),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(["K K K", "X X X X", "3h 3d", "10 10 10 2", "y", "", "\x00", "٣"]),
)


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    data=st.dictionaries(st.sampled_from(FIELDS), junk),
    mode=st.sampled_from(["detailed", "quick", "??"]),
)
def test_any_hand_form_input_is_answered_without_a_crash(client, data, mode):
    url = getattr(test_any_hand_form_input_is_answered_without_a_crash, "url", None)
    if url is None or client.get(url).status_code != 200:
        url = start_match(client)
        test_any_hand_form_input_is_answered_without_a_crash.url = url
    response = client.post(f"{url}/hands/new?mode={mode}", data=data)
    assert response.status_code in (302, 422)
    preview = client.get(f"{url}/hands/preview", query_string={**data, "mode": mode})
    assert preview.status_code == 200


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    data=st.dictionaries(
        st.sampled_from(["preset", "players", "target", "name", "side1_name", "opt_dutch_acabar"]),
        junk,
    )
)
def test_any_new_match_input_is_answered_without_a_crash(client, data):
    assert client.post("/matches/new", data=data).status_code in (302, 422)


def test_too_large_a_request_is_refused_politely(client):
    response = client.post("/matches/new", data={"name": "x" * 400_000})
    assert response.status_code == 413
    assert "Too much data" in response.get_data(as_text=True)


def test_wrong_method_is_a_page_not_a_crash(client):
    url = start_match(client)
    response = client.get(url + "/undo")
    assert response.status_code == 405
    assert "<h1>" in response.get_data(as_text=True)


def test_an_unexpected_error_gets_a_friendly_page(app):
    @app.route("/boom")
    def boom():
        raise RuntimeError("bug")

    response = app.test_client().get("/boom")
    assert response.status_code == 500
    assert "Nothing was lost" in response.get_data(as_text=True)
