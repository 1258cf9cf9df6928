"""Hostile requests for every route of the app, as hypothesis strategies.

Shared by the route fuzz test (``tests/web/test_fuzz.py``, Flask's test client)
and ``bench/fuzz_server.py`` (the real ``referee serve``), so both throw the same
junk.  A request is plain data -- method, path with query, headers, body bytes --
that either client sends as it is.

The routes come from the app's own URL map, and the field names from the forms
the pages really render, so a new route or field is fuzzed without a change
here.  Values are what breaks servers: numbers hundreds of digits long, NUL
bytes and other control characters, unpaired surrogates, megabyte fields,
repeated fields, wrong content types, deeply nested JSON, damaged match files
(mutations of a real export where its structure is: wrong kinds, missing keys,
huge, negative and infinite numbers, deep nesting, extra or missing sides), and
names with control and bidirectional characters.  Part of the time a value is a
real one (the match's id and tokens, a preset, a real CSRF token, a legal hand),
so the junk reaches past the first check.  A match the junk made (an import, a
new match) is opened page by page (:func:`match_pages`).
"""

from __future__ import annotations

import gzip
import json
import re
import tempfile
import urllib.parse
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from hypothesis import strategies as st

from referee.rules import PRESETS
from referee.web import create_app

BOUNDARY = "junkjunkjunkboundary"


class Junk(NamedTuple):
    """One request: sent as it is by the test client or over a socket."""

    method: str
    path: str  # with its query string, already percent-encoded
    headers: tuple[tuple[str, str], ...]
    body: bytes

    def show(self) -> str:
        body = self.body[:300] + (b"..." if len(self.body) > 300 else b"")
        return f"{self.method} {self.path[:300]} {dict(self.headers)} {body!r}"


@dataclass
class Known:
    """Real values of a running app, harvested through its pages."""

    match_id: int
    edit_token: str
    view_token: str
    hand_id: int
    csrf_token: str
    export: dict[str, Any]
    fields: dict[str, list[str]] = field(default_factory=dict)  # page path -> field names
    group_id: int = 1
    group_edit_token: str = "g" * 22
    group_view_token: str = "w" * 22
    tournament_id: int = 1
    tournament_edit_token: str = "d" * 22
    tournament_view_token: str = "s" * 22


# -- values ----------------------------------------------------------------------------------

HUGE = st.integers(min_value=-(10**400), max_value=10**400)
NUMBERISH = st.one_of(
    HUGE.map(str),
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from(
        ["", "0", "-0", "5", "-5", "1e309", "NaN", "inf", "-inf", "0x10", "5_000", " 7 ", "١٢٣"]
        + ["9" * 20, "9" * 400, "9" * 5000, "-" + "9" * 4400, "3.5", "1,000", "+8"]
    ),
)
CARDISH = st.text(alphabet="AKQJT1098765432X*shdc♠♥♦♣ ,\n", max_size=60)
NASTY = st.text(
    alphabet=st.characters(codec="utf-8", categories=["L", "N", "P", "S", "Z", "Cc", "Cf"]),
    max_size=80,
)
SURROGATES = st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), min_size=1)
LONG = st.sampled_from([1_000, 70_000, 300_000]).map(lambda n: "K " * (n // 2))
# Names with control characters (C0, DEL, C1) and bidirectional ones (overrides, isolates,
# marks) among letters of both directions: what a name field or a note must refuse or isolate.
CONTROLS = [chr(c) for c in (*range(0x00, 0x20), 0x7F, 0x80, 0x85, 0x9B, 0x9F)]
BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068"]
BIDI += ["\u2069", "\u200e", "\u200f", "\u061c"]
LETTERS = list("Anna Ben Žofie ") + ["\u05e9", "\u05dc", "\u0644", "\u0627", "♠", "1"]
HOSTILE_NAME = st.one_of(
    st.text(alphabet=st.sampled_from(CONTROLS + BIDI + LETTERS), min_size=1, max_size=40),
    st.sampled_from(
        [
            "\u202eAnna",
            "Fri\x00day",
            "\x1b[31mred\x1b[0m",
            "bell\x07",
            "back\x08\x08",
            "\u202eexe.pdf",
        ]
        + [
            "\u2067\u05e9\u05dc\u05d5\u05dd",
            "A" * 61,
            "B" * 31,
            "\ud800",
            "tab\there",
            "line\nbreak",
        ]
    ),
)
SHORT = st.one_of(
    NUMBERISH.filter(lambda text: len(text) < 1_000),
    CARDISH,
    NASTY,
    HOSTILE_NAME,
    st.sampled_from(["y", "on", "quick", "detailed", "a4", "letter", "en", "cs", "\x00", "%00"]),
    st.sampled_from(list(PRESETS)),
)
VALUE = st.one_of(SHORT, NUMBERISH, LONG)  # megabytes go in bodies: a request line is short


def _json_leaf() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        HUGE,
        st.floats(allow_nan=True, allow_infinity=True),
        NASTY,
        SURROGATES,
        CARDISH,
        st.sampled_from(list(PRESETS)),
    )


JSON = st.recursive(
    _json_leaf(),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.one_of(NASTY, CARDISH), inner, max_size=5)
    ),
    max_leaves=30,
)

HAND_KEYS = ["name", "score", "melds", "red_threes", "went_out", "concealed", "hand"]
HAND_KEYS += ["hand_points", "undeclared_red_threes", "acabar", "exact_cut"]
HAND_KEYS += ["went_out_on_first_pickup"]
QUESTION_KEYS = ["question", "cards", "going_out", "score", "melds", "pile_top", "players"]
QUESTION_KEYS += ["failed_attempts", "top", "pile", "frozen", "hand", "concealed", "pile_size"]


def _near_hand() -> st.SearchStrategy[dict[str, Any]]:
    """A hand or a question as the JSON contract reads them, with junk in its fields."""
    side = st.dictionaries(st.sampled_from(HAND_KEYS), st.one_of(JSON, CARDISH), max_size=6)
    return st.fixed_dictionaries(
        {"variant": st.one_of(st.sampled_from(list(PRESETS)), NASTY)},
        optional={
            "players": st.one_of(HUGE, st.sampled_from([2, 3, 4, 6]), JSON),
            "sides": st.one_of(st.lists(side, max_size=4), JSON),
            "options": st.one_of(st.dictionaries(NASTY, JSON, max_size=3), JSON),
            "rules": JSON,
            **{key: st.one_of(JSON, CARDISH) for key in QUESTION_KEYS},
        },
    )


def _deep(n: int) -> str:
    return "[" * n + "]" * n


JSON_TEXT = st.one_of(
    st.one_of(JSON, _near_hand()).map(lambda v: json.dumps(v, ensure_ascii=True)),
    st.sampled_from([_deep(50), _deep(5_000), _deep(100_000), '{"a":' * 3000 + "1" + "}" * 3000]),
    st.sampled_from(["", "{", "null", "[]", '"x"', "1e999999", "-" + "9" * 10_000, "NaN"]),
)


# -- damaged match files ---------------------------------------------------------------------


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [at]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*at, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*at, index))
    return found


def _replace(value: Any, at: tuple[Any, ...], new: Any) -> Any:
    if not at:
        return new
    head, rest = at[0], at[1:]
    if isinstance(value, dict):
        return {**value, head: _replace(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replace(copy[head], rest, new)
    return copy


WRONG_KIND = st.sampled_from(["text", "", [], {}, None, True, False, 5, [1, "x"], {"x": []}])
BAD_NUMBER = st.sampled_from(
    [10**30, -(10**30), 2**70, 2**63, -1, -(2**63), 0, 7, 10**400]
    + [float("inf"), float("-inf"), float("nan"), 1e308, 0.5, -0.0]
)


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def _drop(value: Any, at: tuple[Any, ...]) -> Any:
    """``value`` without what is at ``at`` (a key of an object, an item of a list)."""
    if not at:
        return value
    parent = value
    for key in at[:-1]:
        parent = parent[key]
    if isinstance(parent, dict):
        return _replace(value, at[:-1], {k: v for k, v in parent.items() if k != at[-1]})
    return _replace(value, at[:-1], [v for i, v in enumerate(parent) if i != at[-1]])


def _sides_paths(data: Any) -> list[tuple[Any, ...]]:
    return [at for at in _paths(data) if at and at[-1] == "sides"]


NAME_PATHS = ("name", "side_names", "player_names", "note")
# What a mutation draws from, made once (a strategy made at each draw is validated again).
OPERATIONS = st.sampled_from(["kind", "drop", "number", "deep", "sides", "name", "extra", "text"])
DEPTHS = st.sampled_from([20, 300, 990, 3000])
EXTRA_KEYS = st.sampled_from(["disputed", "problems", "x", "sides", "mode"])
TEXTS = st.sampled_from(["K K K", "", "[]"])


def mutated(export: dict[str, Any]) -> st.SearchStrategy[bytes]:
    """A real export changed where the format has its structure: a value of the wrong kind
    (text where a list is), a key dropped, a number huge, negative, infinite or NaN, deep
    nesting, a side more or less, an object with keys added, a hostile name."""

    @st.composite
    def build(draw: Callable[..., Any]) -> bytes:
        data: Any = export
        for _ in range(draw(st.integers(1, 3))):
            paths = _paths(data)
            at = draw(st.sampled_from(paths))
            operation = draw(OPERATIONS)
            if operation == "kind":
                data = _replace(data, at, draw(WRONG_KIND))
            elif operation == "drop":
                data = _drop(data, at)
            elif operation == "number":
                data = _replace(data, at, draw(BAD_NUMBER))
            elif operation == "deep":  # the last change: nothing walks into it after
                data = _replace(data, at, _nested(draw(DEPTHS)))
                break
            elif operation == "sides" and _sides_paths(data):
                where = draw(st.sampled_from(_sides_paths(data)))
                sides = _get_at(data, where)
                if isinstance(sides, list) and sides:
                    more = [*sides, draw(st.sampled_from(sides))]
                    data = _replace(data, where, draw(st.sampled_from([more, sides[:1], []])))
                else:
                    data = _replace(data, where, draw(WRONG_KIND))
            elif operation == "name":
                names = [p for p in paths if any(key in NAME_PATHS for key in p[-2:])]
                if names:
                    data = _replace(data, draw(st.sampled_from(names)), draw(HOSTILE_NAME))
            elif operation == "extra":
                target = _get_at(data, at)
                if isinstance(target, dict):
                    key = draw(EXTRA_KEYS)
                    data = _replace(data, at, {**target, key: draw(JSON)})
            elif operation == "text":
                if isinstance(_get_at(data, at), list):
                    data = _replace(data, at, draw(TEXTS))
        try:
            text = json.dumps(data, ensure_ascii=draw(st.booleans()))
        except (RecursionError, ValueError):
            text = "[" * 5000
        return text.encode("utf-8", "surrogatepass")

    return build()


def _get_at(value: Any, at: tuple[Any, ...]) -> Any:
    for key in at:
        value = value[key]
    return value


def damaged(export: dict[str, Any]) -> st.SearchStrategy[bytes]:
    """A real match export with a few of its values (at any depth) swapped for junk."""

    @st.composite
    def build(draw: Callable[..., Any]) -> bytes:
        data = export
        for _ in range(draw(st.integers(1, 4))):  # each swap is made in what the last one left
            data = _replace(data, draw(st.sampled_from(_paths(data))), draw(JSON))
        return json.dumps(data, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")

    return st.one_of(
        build(),
        mutated(export),
        mutated(export),
        JSON_TEXT.map(str.encode),
        st.binary(max_size=200),
        st.just(json.dumps(export).encode()),
    )


# -- requests --------------------------------------------------------------------------------


def _quote(text: str) -> str:
    return urllib.parse.quote(text.encode("utf-8", "surrogatepass"), safe="")


def _segment(kind: str, name: str, known: Known, rule: str) -> st.SearchStrategy[str]:
    if kind == "int":
        real = {
            "hand_id": known.hand_id,
            "group_id": known.group_id,
            "tournament_id": known.tournament_id,
            "number": 1,  # a tournament's round
        }.get(name, known.match_id)
        return st.one_of(st.just(str(real)), st.just(str(real)), SHORT.map(_quote))
    if name == "token":
        edit, view = (
            (known.group_edit_token, known.group_view_token)
            if rule.startswith("/g/")
            else (known.tournament_edit_token, known.tournament_view_token)
            if rule.startswith("/t/")
            else (known.edit_token, known.view_token)
        )
        return st.one_of(st.sampled_from([edit, edit, view]), SHORT.map(_quote))
    if name == "variant_id":
        return st.one_of(st.sampled_from(list(PRESETS)), SHORT.map(_quote))
    if name == "filename":
        return st.sampled_from(["style.css", "app.js", "icon.svg", "../secret_key", "%00", "x"])
    return SHORT.map(_quote)


def _path(rule: str, known: Known) -> st.SearchStrategy[str]:
    parts = re.split(r"<(?:(\w+)(?:\([^)]*\))?:)?(\w+)>", rule)
    # Each segment's strategy made once, not at each draw: a new strategy is validated
    # again at its first draw (a third of the fuzz test's time went to that).
    segments = [
        (_segment(parts[i] or "string", parts[i + 1], known, rule), parts[i + 2])
        for i in range(1, len(parts), 3)
    ]

    @st.composite
    def build(draw: Callable[..., Any]) -> str:
        out = parts[0]
        for segment, rest in segments:
            out += draw(segment) + rest
        return out

    return build()


QUERY_KEYS = ["mode", "paper", "hand", "lang", "variant", "players", "house", "token", "preset"]
QUERY_KEYS += ["before"]  # a page of the history
QUERY_KEYS += ["q", "options"]  # a question asked, and the house rules it is asked under


def _pairs(
    names: Iterable[str], values: st.SearchStrategy[str] = VALUE
) -> st.SearchStrategy[list[tuple[str, str]]]:
    keys = st.one_of(st.sampled_from(sorted(set(names)) or ["x"]), NASTY)
    return st.lists(st.tuples(keys, values), max_size=12)


def _encode(pairs: list[tuple[str, str]]) -> str:
    return "&".join(f"{_quote(k)}={_quote(v)}" for k, v in pairs)


def _multipart(pairs: list[tuple[str, str]], upload: bytes | None) -> bytes:
    chunks = []
    for key, value in pairs:
        chunks.append(
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{_quote(key)}"\r\n\r\n'.encode()
            + value.encode("utf-8", "surrogatepass")
            + b"\r\n"
        )
    if upload is not None:
        chunks.append(
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="m.json"\r\n'
            "Content-Type: application/json\r\n\r\n".encode()
            + upload
            + b"\r\n"
        )
    return b"".join(chunks) + f"--{BOUNDARY}--\r\n".encode()


FORM = "application/x-www-form-urlencoded"
MULTIPART = f"multipart/form-data; boundary={BOUNDARY}"
CONTENT_TYPES = [FORM, MULTIPART, "application/json", "text/plain", "multipart/form-data", ""]


def requests_for(rule: str, methods: Iterable[str], known: Known) -> st.SearchStrategy[Junk]:
    """Hostile requests for one route of the URL map (``rule`` as werkzeug writes it)."""
    page = re.sub(r"<[^>]+>", "*", rule)
    names = known.fields.get(page, []) + QUERY_KEYS
    methods = sorted(set(methods) - {"HEAD", "OPTIONS"})
    # Every strategy is made here, once per route, and only drawn from in ``build``: one
    # made at each draw is validated (and a composite's source read) again every time,
    # which cost as much as the requests themselves.  The draws are the same.
    method_of = st.sampled_from(methods)
    path_of = _path(rule, known)
    query_of = _pairs(names, SHORT)
    tournament_token = st.sampled_from([known.tournament_edit_token, known.tournament_view_token])
    pairs_of = _pairs(names)
    csrf_of = st.sampled_from([known.csrf_token] * 4 + ["", "junk"])
    question_of = st.one_of(st.sampled_from(["meld", "opening", "pickup", "go_out"]), VALUE)
    kind_of = st.sampled_from(["form", "multipart", "json", "raw"])
    api_kind_of = st.sampled_from(["json", "json", "json", "form", "raw"])
    upload_of = st.one_of(st.none(), damaged(known.export))
    content_type_of = st.sampled_from(CONTENT_TYPES)
    raw_of = st.binary(max_size=300)
    extra = st.sampled_from(
        [
            ("Accept-Language", "cs,de;q=0.5"),
            ("Accept-Language", "x" * 500),
            ("X-Match-Token", known.edit_token),
            ("If-None-Match", '"junk"'),
            ("Accept-Encoding", "gzip"),
            ("Cookie", "lang=\x7f; session=junk"),
        ]
    )
    extras_of = st.lists(extra, max_size=2)

    @st.composite
    def build(draw: Callable[..., Any]) -> Junk:
        method = draw(method_of)
        path = draw(path_of)
        query = draw(query_of)
        if rule.startswith("/api/tournaments/") and draw(st.booleans()):
            query.append(("token", draw(tournament_token)))
        if query:
            path += "?" + _encode(query)
        headers: list[tuple[str, str]] = []
        body = b""
        if method == "POST":
            pairs = draw(pairs_of)
            token = draw(csrf_of)
            if token:
                pairs.insert(draw(st.integers(0, len(pairs))), ("csrf_token", token))
            if "question" in names:
                pairs.append(("question", draw(question_of)))
            kind = draw(kind_of)
            if rule.startswith("/api/"):
                kind = draw(api_kind_of)
            if kind == "form":
                ctype, body = FORM, _encode(pairs).encode()
            elif kind == "multipart":
                ctype, body = MULTIPART, _multipart(pairs, draw(upload_of))
            elif kind == "json":
                ctype, body = "application/json", draw(JSON_TEXT).encode("utf-8", "surrogatepass")
            else:
                ctype, body = draw(content_type_of), draw(raw_of)
            headers.append(("Content-Type", ctype))
        headers += draw(extras_of)
        return Junk(method, path, tuple(headers), body)

    return build()


# -- every page of a match the junk made ----------------------------------------------------

MATCH_LINK = re.compile(r"^(?:https?://[^/]+)?(/m/(\d+)/([\w-]+))$")
MATCH_PAGES = ["", "/hands/new", "/hands/new?mode=quick", "/history", "/history?before=2"]
MATCH_PAGES += ["/sheet.pdf"]
MATCH_PAGES += ["/sheet.pdf?paper=letter&lang=cs", "/export.csv", "/export.json", "/rules"]
MATCH_PAGES += ["/rules.json", "/blank.pdf", "/referee", "/qr.svg", "/version"]
MATCH_PAGES += ["/result", "/result.txt", "/result.png"]


def made_match(status: int, location: str) -> str | None:
    """The link of the match an answer made (an import, a new match, a rematch), if any."""
    found = MATCH_LINK.match(urllib.parse.urlsplit(location).path) if status in (302, 303) else None
    return found.group(1) if found else None


def match_pages(fetch: Fetch, link: str) -> list[tuple[str, int]]:
    """Open every page of the match at ``link`` (its hands' edit pages too, and the API's
    answer); answer each path with its status."""
    _, _, match_id, token = link.split("/")
    seen = []
    for page in MATCH_PAGES:
        status, _location, body = fetch("GET", link + page, {}, b"")
        seen.append((link + page, status))
        if page == "":
            for hand_id in sorted(set(re.findall(rb"/hands/(\d+)/edit", body))):
                path = f"{link}/hands/{hand_id.decode()}/edit"
                seen.append((path, fetch("GET", path, {}, b"")[0]))
    api = f"/api/matches/{match_id}?token={token}"
    seen.append((api, fetch("GET", api, {}, b"")[0]))
    return seen


# -- what the app really has -----------------------------------------------------------------

FIELD = re.compile(r'<(?:input|textarea|select)\b[^>]*\bname="([^"]+)"')
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def form_fields(html: str) -> list[str]:
    return sorted(set(FIELD.findall(html)) - {"csrf_token"})


def says_why(status: int, content_type: str, body: bytes, encoding: str = "") -> bool:
    """Whether an answer of 400 or more tells the person (or program) what was wrong."""
    if status < 400:
        return True
    if encoding == "gzip":
        body = gzip.decompress(body)
    if content_type.startswith("application/json"):
        try:
            message = json.loads(body).get("error")
        except (ValueError, AttributeError):
            return False
        return isinstance(message, str) and len(message) > 5
    text = body.decode("utf-8", "replace")
    # An error page's lead sentence, a form's errors beside its fields, or its problems box.
    return bool(re.search(r'class="(lead|errors|problems)"', text))


Fetch = Callable[[str, str, dict[str, str], bytes], tuple[int, str, bytes]]
"""Send (method, path, headers, body); answer (status, Location or "", body)."""


def harvest(fetch: Fetch) -> Known:
    """Make a match with one hand through the app's own forms; gather its real values."""

    def page(path: str) -> str:
        status, _location, body = fetch("GET", path, {}, b"")
        assert status == 200, (path, status)
        return body.decode()

    def post(path: str, pairs: list[tuple[str, str]]) -> str:
        data = _encode(pairs).encode()
        status, location, body = fetch("POST", path, {"Content-Type": FORM}, data)
        assert status in (302, 303), (path, status, body[:2000])
        return urllib.parse.urlsplit(location).path

    new = page("/matches/new")
    csrf = CSRF.search(new).group(1)
    opened = [("csrf_token", csrf), ("preset", "classic"), ("players", "4"), ("change_rules", "1")]
    status, _location, body = fetch(
        "POST", "/matches/new", {"Content-Type": FORM}, _encode(opened).encode()
    )
    assert status == 200, status
    # "Change the rules" opened: every value of the table's own rules is a field too.
    fields = {"/matches/new": sorted({*form_fields(new), *form_fields(body.decode())})}
    edit = post("/matches/new", [("csrf_token", csrf), ("preset", "classic"), ("players", "4")])
    _, _, match_id, edit_token = edit.split("/")
    ledger = page(edit)
    view_token = next(t for t in re.findall(rf"/m/{match_id}/([\w-]+)", ledger) if t != edit_token)
    form = page(edit + "/hands/new")
    one_time = re.search(r'name="token" type="hidden" value="([^"]+)"', form).group(1)
    hand = [("csrf_token", csrf), ("mode", "detailed"), ("token", one_time)]
    hand += [("side0-melds", "K K K K K K K\n5 5 5"), ("side0-went_out", "y")]
    hand += [("side1-melds", "A A A"), ("side1-hand_points", "30")]
    post(edit + "/hands/new", hand)
    hand_id = int(re.search(r"/hands/(\d+)/edit", page(edit)).group(1))
    fields["/m/*/*/hands/new"] = form_fields(form) + form_fields(
        page(edit + "/hands/new?mode=quick")
    )
    fields["/m/*/*/hands/preview"] = fields["/m/*/*/hands/new"] + ["hand"]
    fields["/m/*/*/hands/*/edit"] = form_fields(page(f"{edit}/hands/{hand_id}/edit"))
    fields["/referee"] = form_fields(page("/referee")) + ["question"]
    fields["/m/*/*/referee"] = form_fields(page(edit + "/referee")) + ["question"]
    fields["/matches/import"] = form_fields(page("/matches/import"))
    export = json.loads(page(edit + "/export.json"))
    fields["/groups/new"] = form_fields(page("/groups/new"))
    group = post("/groups/new", [("csrf_token", csrf), ("name", "Club"), ("players", "A\nB\nC")])
    _, _, group_id, group_edit = group.split("/")
    group_page = page(group)
    group_view = next(
        t for t in re.findall(rf"/g/{group_id}/([\w-]+)", group_page) if t != group_edit
    )
    fields["/g/*/*"] = form_fields(group_page)
    fields["/g/*/*/matches/new"] = form_fields(page(group + "/matches/new"))
    fields["/g/*/*/statistics"] = ["variant"]
    fields["/g/*/*/statistics.csv"] = ["variant"]
    fields["/m/*/*/group"] = form_fields(page(edit))
    fields["/m/*/*/rematch"] = ["token"]
    fields["/tournaments/new"] = form_fields(page("/tournaments/new"))
    teams = "\n".join(f"P{n} & Q{n}" for n in range(6))
    director = post(
        "/tournaments/new",
        [("csrf_token", csrf), ("name", "Cup"), ("preset", "classic"), ("players", "4"),
         ("teams", teams), ("movement", "mitchell"), ("rounds", "3"), ("game", "hands"),
         ("hands", "2"), ("minimums", ""), ("ranking", "wins")],
    )  # fmt: skip
    _, _, tournament_id, tournament_edit = director.split("/")
    director_page = page(director)
    links = re.findall(rf"/t/{tournament_id}/([\w-]+)", director_page)
    tournament_view = next(t for t in links if t != tournament_edit)
    fields["/t/*/*"] = form_fields(director_page)
    fields["/t/*/*/next"] = ["early"]
    return Known(
        int(match_id), edit_token, view_token, hand_id, csrf, export, fields,
        int(group_id), group_edit, group_view,
        int(tournament_id), tournament_edit, tournament_view,
    )  # fmt: skip


def routes() -> list[tuple[str, tuple[str, ...]]]:
    """Every route of the app and its methods, as the fuzzers walk them."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": f"{folder}/routes.db", "SECRET_KEY": "routes"})
    return sorted((r.rule, tuple(sorted(r.methods or ()))) for r in app.url_map.iter_rules())
