"""Whether each cache of the app pays for itself: the request it serves, with and without.

Run: ``.venv/bin/python bench/bench_caches.py`` (``--help``; ``--only ledgers,numbers`` for
some mechanisms, ``--requests 40 --rounds 7`` for steadier figures).

One process, one app (``create_app`` over a fresh database in a temporary folder, CSRF
on, the rate limits off as in the tests), driven through Flask's test client: no
server, no network, only what the app itself does.  The state, made through the
app's own forms as the tests do (``tests/support/web.py``):

* match A: classic, 4 players, 12 hands recorded (the scorer's phone and a phone with
  the read-only link look at it; the target is the form's highest, 100 000);
* match B: the same, made anew (untimed, every cache on) before each cell that times a
  hand POST; the cell's POSTs record its 13th hand and those after it, each hand one no
  match had before (other points in hand), so each has a new row, totals and chart;
* a group of four players with three finished matches of 8 hands each.

The requests (each one whole, through every hook of the app, its answer checked):
the match page by its edit link and by its read-only link, the hand form, a hand POST
and the match page its redirect leads to (one request pair), the history page, the QR
code, the group's statistics, ``/static/app.js``, the service worker, the score sheet
downloaded again, and the score sheet rendered each time (the sheet cache off, for
both variants: what :func:`referee.sheets._env` serves); ``export.json`` again, the
result card (``result.png``) and the card drawn each time; a tournament of ``--tables``
tables with a hand at each: its standings, the standings made each time (the body cache
off), the director's page and ``results.pdf`` again; a question asked
(``/referee?ask=``, twelve in turn), a variant's ask index built (from the built files
and from its sources), and 50 hands of ``bench_score.py``'s mix scored through the JSON
contract.

Each mechanism is turned off in-process by one switch (:data:`MECHANISMS` says which):
the cached function swapped for its ``__wrapped__`` (in every module of the app that
holds it), a kept dictionary swapped for one that keeps nothing, a fragment rendered
without being kept; layered caches are also turned off together.  Everything else stays
on, so each row is what that one mechanism saves given the others.  A first row,
"nothing (control)", times the same requests twice with nothing switched: its savings
are the noise of the run.

Warm: every request runs a few times each way first.  Then ``--rounds`` rounds; in
each, for each mechanism and each request it serves, the two variants one after the
other (which one first alternates between rounds), each timed over ``--requests``
requests (a tenth of them for the sheets, a quarter for the POST), in CPU time of this
process (the machine is shared), after a garbage collection.  A cell is the median over
the rounds of microseconds per request; "saving" is (without - with) / without, the
share of the uncached request the cache takes away, and "rounds" the lowest and highest
saving of single rounds.  Verdict (issue 47): keep when the median saving is at least 5 %
of a request it serves; else remove.

This is a benchmark, not a test: it prints figures and never fails on them.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# CPU time of this process, not wall time: the machine is shared, and the other jobs'
# turns on its cores would count as this app's time (in-process, one thread: the same).
CLOCK = time.process_time_ns
KEEP_PERCENT = 5.0
HAND = {  # opens at any classic total: 630 to North-South, 60 - hand points to East-West
    "mode": "detailed",
    "side0-melds": "K K K K K 2 2\nA A A A\nQ Q Q Q Q Q",
    "side0-went_out": "y",
    "side1-melds": "A A A",
    "side1-hand_points": "30",
}
# East-West's melds in the timed hands: each opens at their total (50) with the cards left.
OTHER_MELDS = ("A A A", "A A A A", "J J J J J", "10 10 10 10 10 10")
Switch = Callable[[Any], Any]  # (the app) -> a context manager that turns one mechanism off


# -- the switches -----------------------------------------------------------------------


def _holders(original: object) -> list[tuple[Any, str]]:
    """Every (module, name) of the app bound to ``original`` (``from x import f`` copies)."""
    found = []
    for name, module in list(sys.modules.items()):
        if name == "referee" or name.startswith("referee."):
            for attr, value in list(vars(module).items()):
                if value is original:
                    found.append((module, attr))
    return found


@contextmanager
def swapped(module_name: str, attr: str, replacement: Callable[[Any], Any]) -> Iterator[None]:
    """``module.attr`` replaced by ``replacement(original)`` wherever the app holds it."""
    original = getattr(sys.modules[module_name], attr)
    holders = _holders(original)
    new = replacement(original)
    for module, name in holders:
        setattr(module, name, new)
    try:
        yield
    finally:
        for module, name in holders:
            setattr(module, name, original)


def unwrapped(module_name: str, attr: str) -> Switch:
    """A ``functools`` cache off: the function it wraps, called every time."""
    return lambda app: swapped(module_name, attr, lambda cached: cached.__wrapped__)


class Forgetful(dict):  # type: ignore[type-arg]
    """A dictionary that keeps nothing: a kept-values dict turned off."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


def forgetful(module_name: str, attr: str) -> Switch:
    return lambda app: swapped(module_name, attr, lambda kept: Forgetful())


def keeps_nothing(module_name: str, attr: str) -> Switch:
    """A kept-values :class:`~referee.caches.Lru` turned off: one of size 0."""
    from referee.caches import Lru

    return lambda app: swapped(module_name, attr, lambda kept: Lru(0))


@contextmanager
def rules_rebuilt(app: Any) -> Iterator[None]:
    """``Match.variant`` and ``.preset`` as plain properties: rebuilt at every use."""
    from referee.match.ledger import Match

    kept = {name: Match.__dict__[name] for name in ("variant", "preset")}
    for name, cached in kept.items():
        setattr(Match, name, property(cached.func))
    try:
        yield
    finally:
        for name, cached in kept.items():
            setattr(Match, name, cached)


def language_each_time(app: Any) -> Any:
    from flask_babel import get_locale, get_translations

    return swapped(
        "referee.web.plumbing.locale",
        "language",
        lambda kept: lambda: (str(get_locale()), get_translations()),
    )


@contextmanager
def headers_learnt_each_time(app: Any) -> Iterator[None]:
    """The poll's security headers learnt from a ``/healthz`` of the app's at every poll."""
    from referee.caches import Lru
    from referee.web.plumbing.poll import Poll

    poll = app.wsgi_app
    while not isinstance(poll, Poll):  # the middlewares in front of Flask
        poll = poll.app
    kept, poll._headers = poll._headers, Lru(0)
    try:
        yield
    finally:
        poll._headers = kept


@contextmanager
def app_cache_off(app: Any, key: str) -> Iterator[None]:
    """The app's cache under ``app.extensions[key]`` swapped for one of size 0."""
    from referee.caches import Lru

    kept = app.extensions.get(key)
    app.extensions[key] = Lru(0)
    try:
        yield
    finally:
        if kept is None:
            app.extensions.pop(key, None)
        else:
            app.extensions[key] = kept


def no_sheet_cache(app: Any) -> Any:
    return app_cache_off(app, "referee.sheet_cache")


def kept_off(key: str) -> Switch:
    return lambda app: app_cache_off(app, key)


@contextmanager
def _all_off(app: Any, switches: tuple[Switch, ...]) -> Iterator[None]:
    with ExitStack() as stack:
        for switch in switches:
            stack.enter_context(switch(app))
        yield


def together(*switches: Switch) -> Switch:
    """Layered caches turned off at once (each alone only shows what the other misses)."""
    return lambda app: _all_off(app, switches)


@dataclass
class Mechanism:
    name: str
    where: str
    off: Switch
    serves: tuple[str, ...]  # names of REQUESTS


PAGES = ("match page (edit link)", "match page (read-only link)", "hand POST + page")
MECHANISMS = [
    Mechanism(
        "nothing (control)",
        "a switch that changes nothing: the noise",
        lambda app: nullcontext(),
        ("match page (edit link)", "hand form", "hand POST + page"),
    ),
    Mechanism(
        "fragments",
        "web/parts/fragments.py _render (lru_cached 8192)",
        unwrapped("referee.web.parts.fragments", "_render"),
        (*PAGES, "hand form", "history", "statistics"),
    ),
    Mechanism(
        "hand rows kept",
        "web/views/matches.py _ROWS (4096 rows)",
        keeps_nothing("referee.web.views.matches", "_ROWS"),
        PAGES,
    ),
    Mechanism(
        "ledgers",
        "web/parts/access.py _LEDGERS (64 matches)",
        keeps_nothing("referee.web.parts.access", "_LEDGERS"),
        (*PAGES, "hand form", "history", "statistics"),
    ),
    Mechanism(
        "stored matches",
        "storage/rows.py _stored_match (lru_cached 256)",
        unwrapped("referee.storage.rows", "_stored_match"),
        (*PAGES, "hand form", "statistics"),
    ),
    Mechanism(
        "match rules",
        "ledger.py Match.variant/.preset (cached_property)",
        rules_rebuilt,
        (*PAGES, "hand form"),
    ),
    Mechanism(
        "match checks",
        "web/parts/damaged.py _MATCHES (256)",
        keeps_nothing("referee.web.parts.damaged", "_MATCHES"),
        (*PAGES, "statistics"),
    ),
    Mechanism(
        "hand checks",
        "web/parts/damaged.py _sound_entry (lru_cached 16384)",
        unwrapped("referee.web.parts.damaged", "_sound_entry"),
        (*PAGES, "statistics"),
    ),
    Mechanism(
        "card notation",
        "match/contract.py _parsed (lru_cached 4096)",
        unwrapped("referee.match.contract", "_parsed"),
        ("contract scoring",),
    ),
    Mechanism(
        "hand form classes",
        "web/parts/forms/hand_forms.py _hand_form (lru_cached 512)",
        unwrapped("referee.web.parts.forms.hand_forms", "_hand_form"),
        ("hand form", "hand POST + page"),
    ),
    Mechanism(
        "WTForms catalogue",
        "web/parts/forms/base.py _wtforms_catalogue (lru_cached 8)",
        unwrapped("referee.web.parts.forms.base", "_wtforms_catalogue"),
        ("match page (edit link)", "hand form", "hand POST + page"),
    ),
    Mechanism(
        "match chart",
        "web/parts/page_charts.py _chart (lru_cached 1024)",
        unwrapped("referee.web.parts.page_charts", "_chart"),
        PAGES,
    ),
    Mechanism(
        "numbers",
        "i18n.py local_number (lru_cached 8192)",
        unwrapped("referee.i18n", "local_number"),
        (*PAGES, "history", "statistics"),
    ),
    Mechanism(
        "language",
        "web/plumbing/locale.py language (on g, per request)",
        language_each_time,
        ("match page (edit link)", "hand form", "statistics"),
    ),
    Mechanism(
        "poll headers",
        "web/plumbing/poll.py Poll._headers (Lru 2, per scheme)",
        headers_learnt_each_time,
        ("poll (304)",),
    ),
    Mechanism(
        "QR code",
        "web/views/share.py _svg (lru_cached 256)",
        unwrapped("referee.web.views.share", "_svg"),
        ("QR code",),
    ),
    Mechanism(
        "asset version",
        "web/views/offline.py asset_version (lru_cached 4)",
        unwrapped("referee.web.views.offline", "asset_version"),
        ("service worker",),
    ),
    Mechanism(
        "sheet templates",
        "sheets.py _env (lru_cached 8)",
        unwrapped("referee.sheets", "_env"),
        ("sheet rendered",),
    ),
    Mechanism(
        "sheet cache",
        "web/parts/sending.py SheetCache (32 sheets, 8 MB)",
        no_sheet_cache,
        ("sheet again",),
    ),
    Mechanism(
        "exports kept",
        "web/parts/sending.py kept_export (16 files, 48 MB)",
        kept_off("referee.export_cache"),
        ("export again",),
    ),
    Mechanism(
        "papers kept",
        "web/parts/sending.py paper_cache (24 papers, 24 MB)",
        kept_off("referee.paper_cache"),
        ("papers again",),
    ),
    Mechanism(
        "standings bodies",
        "web/views/tournaments.py _BODIES (32)",
        keeps_nothing("referee.web.views.tournaments", "_BODIES"),
        ("standings page",),
    ),
    Mechanism(
        "tournament games",
        "web/parts/tournament_state.py _GAMES (4096)",
        keeps_nothing("referee.web.parts.tournament_state", "_GAMES"),
        ("standings made", "director page"),
    ),
    Mechanism(
        "result cards",
        "result_card.py _drawn (lru_cached 32)",
        unwrapped("referee.result_card", "_drawn"),
        ("result card",),
    ),
    Mechanism(
        "card fonts",
        "result_card.py _font (lru_cached 16)",
        unwrapped("referee.result_card", "_font"),
        ("result card drawn",),
    ),
    Mechanism(
        "card glyphs",
        "result_card.py _glyphs (lru_cached 2)",
        unwrapped("referee.result_card", "_glyphs"),
        ("result card drawn",),
    ),
    Mechanism(
        "word stems",
        "ask/words.py _stem_forms (lru_cached 65536)",
        unwrapped("referee.ask.words", "_stem_forms"),
        ("question asked", "index built", "index from sources"),
    ),
    Mechanism(
        "a question's word forms",
        "ask/words.py word_forms (lru_cached 16384)",
        unwrapped("referee.ask.index", "word_forms"),  # index.py holds its own name for it
        ("question asked", "long post asked"),
    ),
    Mechanism(
        "ask examples' postings",
        "ask/closest.py _SHARED (Lru 1)",
        keeps_nothing("referee.ask.closest", "_SHARED"),
        ("index built, then asked three times",),
    ),
    Mechanism(
        "ask indexes",
        "ask/engine.py _INDEXES (Lru 16)",
        keeps_nothing("referee.ask.engine", "_INDEXES"),
        ("question asked",),
    ),
    Mechanism(
        "ask catalogues",
        "ask/texts.py gettext_of (lru_cached 6)",
        unwrapped("referee.ask.texts", "gettext_of"),
        ("question asked", "index built"),
    ),
    Mechanism(
        "situation data",
        "ask/situation.py _data (lru_cached 1)",
        unwrapped("referee.ask.situation", "_data"),
        ("question asked",),
    ),
    Mechanism(
        "situation patterns",
        "ask/situation.py _game_pattern, _moment_pattern, _rank_words, _interrogatives, "
        "_compiled (lru_cached 8, 256, 8, 8, 4096)",
        together(
            unwrapped("referee.ask.situation", "_game_pattern"),
            unwrapped("referee.ask.situation", "_moment_pattern"),
            unwrapped("referee.ask.situation", "_rank_words"),
            unwrapped("referee.ask.situation", "_interrogatives"),
            unwrapped("referee.ask.situation", "_compiled"),
        ),
        ("question asked",),
    ),
]


# -- the state and the requests -----------------------------------------------------------


def _csrf(page: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    if found is None:
        raise SystemExit("no CSRF token on the page: has the form changed?")
    return found.group(1)


class Table:
    """The app, one phone's test client (its session and CSRF token) and the seeded state."""

    def __init__(self, folder: Path) -> None:
        from referee.web import create_app

        self.app = create_app(
            {
                "DATABASE": str(folder / "bench.db"),
                "SECRET_KEY": "bench",
                "RATELIMIT_ENABLED": False,
            }
        )
        self.client = self.app.test_client()
        self.csrf = _csrf(self.get("/matches/new"))
        self.posted = 0

    def get(self, path: str, status: int = 200, **kw: Any) -> str:
        response = self.client.get(path, **kw)
        body = response.get_data(as_text=(response.mimetype or "").startswith("text"))
        response.close()
        if response.status_code != status:
            raise SystemExit(f"GET {path} answered {response.status_code}, not {status}")
        return body if isinstance(body, str) else ""

    def post(self, path: str, fields: dict[str, str]) -> str:
        data = {"csrf_token": self.csrf, **fields}
        response = self.client.post(path, data=data)
        response.close()
        if response.status_code != 302:
            said = re.findall(r'class="[^"]*error[^"]*"[^>]*>([^<]+)<', response.text)
            raise SystemExit(f"POST {path} answered {response.status_code}, not 302: {said}")
        return response.location

    def hand(self, match: str, points: int = 30, melds: str = "A A A") -> str:
        fields = {**HAND, "side1-melds": melds, "side1-hand_points": str(points)}
        return self.post(match + "/hands/new", {**fields, "token": secrets.token_urlsafe(16)})

    def another_hand(self, match: str) -> str:
        """A hand no match had before it (4 000 of them): a new row, new totals, a new chart."""
        self.posted += 1
        points, melds = 5 * (self.posted % 1000), OTHER_MELDS[self.posted // 1000 % 4]
        return self.hand(match, points, melds)

    def new_match(self, path: str = "/matches/new", **fields: str) -> str:
        # The form's highest target: B grows past 12 hands and must not be won.
        chosen = {"preset": "classic", "players": "4", "target": "100000", **fields}
        return self.post(path, chosen)

    def evening(self, name: str) -> str:
        """A classic match of four with 12 hands, as its scorer's phone sees it: its edit path."""
        names = {f"side{s}_p{p}": n for (s, p), n in zip(
            [(1, 1), (1, 2), (2, 1), (2, 2)], ["Anna", "Cleo", "Ben", "Dan"], strict=True
        )}  # fmt: skip
        match = self.new_match(name=name, **names)
        for _ in range(12):
            self.another_hand(match)
        self.get(match)
        return match

    def fresh_b(self) -> None:
        """Match B anew (untimed, every cache on): the timed POSTs record its 13th hand on."""
        self.b = self.evening("Saturday")

    def seed(self) -> None:
        self.a = self.evening("Friday")
        match_id = self.a.split("/")[2]
        links = re.findall(rf'href="http://localhost(/m/{match_id}/[^"#/]+)"', self.get(self.a))
        self.a_view = next(link for link in links if link != self.a)
        group = self.post("/groups/new", {"name": "Family", "players": "Anna\nBen\nCleo\nDan"})
        form = self.get(group + "/matches/new")
        select = form.split('name="seat1"')[1].split("</select>")[0]
        ids = {name: v for v, name in re.findall(r'value="(\d+)"[^>]*>([^<]+)<', select)}
        seatings = (("Anna", "Ben", "Cleo", "Dan"), ("Ben", "Anna", "Dan", "Cleo"))
        for seats in (*seatings, seatings[0]):  # three matches
            chosen = {f"seat{k}": ids[name] for k, name in enumerate(seats, start=1)}
            match = self.new_match(group + "/matches/new", target="5000", **chosen)
            for _ in range(8):  # 8 x 630: over 5 000, won
                self.hand(match)
        self.statistics = group + "/statistics"

    def seed_tournament(self, tables: int) -> None:
        """A tournament of ``2 x tables`` teams, Mitchell, its first round begun, a hand
        recorded at every table: its standings (read-only link), its director's page."""
        teams = "\n".join(f"N{n}a & N{n}b" for n in range(1, 2 * tables + 1))
        fields = {
            "name": "Bench cup", "preset": "classic", "players": "4", "teams": teams,
            "movement": "mitchell", "rounds": "2", "game": "hands", "hands": "20",
            "minimums": "", "ranking": "wins",
        }  # fmt: skip
        self.director = self.post("/tournaments/new", fields)
        page = self.get(self.director)
        links = re.findall(r'href="(/m/[0-9]+/[A-Za-z0-9_-]+)"', page)
        if len(links) != tables:
            raise SystemExit(f"the director's page lists {len(links)} tables, not {tables}")
        for link in links:
            self.hand(link)
        found = re.search(r'href="(/t/[0-9]+/[A-Za-z0-9_-]+)/standings"', self.get(self.director))
        if found is None:
            raise SystemExit("no standings link on the director's page")
        self.standings = found.group(1) + "/standings"
        self.papers = self.director + "/results.pdf"
        self.tables = tables

    def seed_questions(self) -> None:
        from bench_score import hand_mix

        self.questions = [
            "Can I pick up the pile with a wild card on top?",
            "How many points do I need for my first meld?",
            "What is a red three worth?",
            "Can we go out without a canasta?",
            "Is a meld of three jokers allowed?",
            "When is the discard pile frozen?",
            "How much is a natural canasta worth?",
            "Can I take the pile with a black three?",
            "What happens when the stock runs out?",
            "How many wild cards may a meld hold?",
            "Do I have to show my melds before going out?",
            "What does going out concealed score?",
        ]
        # long posts (a story, the cards, then the question), written for this bench
        self.posts = [
            "So last night we were playing at my aunt's and the pile had grown huge, maybe "
            "twenty cards, and nobody could take it because someone had thrown a deuce in "
            "early on. My partner and I had already melded kings and sevens. Then my cousin "
            "discarded a queen and I was holding two natural queens and a joker, and my aunt "
            "said I could not pick it up with the joker. Can I take the frozen pile with two "
            "natural queens?",
            "We are new to this and keep arguing. When the stock runs out and the last player "
            "draws the final card, my uncle says the hand ends right there, but my sister "
            "thinks everyone keeps playing as long as they can take the discard. We had a red "
            "three come up as the very last card too and nobody knew whether it still counts "
            "for us at the end. What happens when the stock runs out?",
        ]
        self.asked = 0
        self.mix = hand_mix(50)

    def ask(self) -> float:
        from urllib.parse import quote

        self.asked += 1
        question = self.questions[self.asked % len(self.questions)]
        return self.timed(lambda: self.get("/referee?ask=" + quote(question)))

    def post_asked(self) -> float:
        from urllib.parse import quote

        self.asked += 1
        post = self.posts[self.asked % len(self.posts)]
        return self.timed(lambda: self.get("/referee?ask=" + quote(post)))

    def index_built_then_asked(self) -> float:
        """A new index (another table's house rules, say) and its first three questions (it
        reads the examples' postings at its third: index.FILE_SEARCHES)."""
        from referee.ask.engine import Index
        from referee.ask.index import FILE_SEARCHES
        from referee.rules import PRESETS

        asked = [
            "Can I take the pile with a wild card?",
            "How much is a red three worth?",
            "When can we go out?",
        ]
        assert len(asked) > FILE_SEARCHES  # the last one reads the postings

        def three() -> None:
            index = Index(PRESETS["classic"])
            for question in asked:
                index.find(question, "en")

        return self.timed(three)

    def index_built(self) -> float:
        from referee.ask.engine import Index
        from referee.rules import PRESETS

        return self.timed(lambda: Index(PRESETS["classic"]))

    def index_from_sources(self) -> float:
        """The index built from the catalogue itself, not the built files (as at install)."""
        from referee.ask.engine import Index
        from referee.rules import PRESETS

        return self.timed(lambda: Index(PRESETS["classic"], built=False))

    def contract_scoring(self) -> float:
        from referee.match.contract import score_json

        return self.timed(lambda: [score_json(hand) for hand in self.mix])

    def standings_made(self) -> float:
        with keeps_nothing("referee.web.views.tournaments", "_BODIES")(self.app):
            return self.timed(lambda: self.get(self.standings))

    def card_drawn(self) -> float:
        with unwrapped("referee.result_card", "_drawn")(self.app):
            return self.timed(lambda: self.get(self.a + "/result.png"))

    # The requests: each returns the microseconds of its timed part.

    def timed(self, work: Callable[[], object]) -> float:
        begin = CLOCK()
        work()
        return (CLOCK() - begin) / 1000

    def hand_post(self) -> float:
        begin = CLOCK()
        location = self.another_hand(self.b)
        self.get(location.split("#")[0])
        return (CLOCK() - begin) / 1000

    def poll(self) -> float:
        """A watching phone's poll of A's read-only link, answered 304 (nothing changed)."""
        path = self.a_view + "/version"
        if not hasattr(self, "version"):
            self.version = self.client.get(path).headers["ETag"]
        headers = {"If-None-Match": self.version}
        return self.timed(lambda: self.get(path, 304, headers=headers))

    def sheet_rendered(self) -> float:
        with no_sheet_cache(self.app):
            return self.timed(lambda: self.get(self.a + "/sheet.pdf"))

    def requests(self) -> dict[str, Request]:
        get = self.get

        def page(path: str, fewer: int = 1) -> Request:
            return Request(lambda: self.timed(lambda: get(path)), fewer)

        return {
            "match page (edit link)": page(self.a),
            "match page (read-only link)": page(self.a_view),
            "hand form": page(self.a + "/hands/new"),
            "hand POST + page": Request(self.hand_post, 4, self.fresh_b),
            "history": page(self.a + "/history"),
            "QR code": page(self.a + "/qr.svg"),
            "poll (304)": Request(self.poll),
            "statistics": page(self.statistics),
            "app.js": page("/static/app.js"),
            "service worker": page("/sw.js"),
            "sheet again": page(self.a + "/sheet.pdf", 10),
            "sheet rendered": Request(self.sheet_rendered, 10),
            "export again": page(self.a + "/export.json"),
            "papers again": page(self.papers, 10),
            "standings page": page(self.standings),
            "standings made": Request(self.standings_made),
            "director page": page(self.director),
            "result card": page(self.a + "/result.png"),
            "result card drawn": Request(self.card_drawn, 4),
            "question asked": Request(self.ask),
            "long post asked": Request(self.post_asked),
            "index built": Request(self.index_built, 20),
            "index built, then asked three times": Request(self.index_built_then_asked, 20),
            "index from sources": Request(self.index_from_sources, 20),
            "contract scoring": Request(self.contract_scoring),
        }


@dataclass
class Request:
    """One request as the bench times it (its microseconds), how many times fewer than
    ``--requests`` a cell sends it, and what to do, untimed, before each cell."""

    run: Callable[[], float]
    fewer: int = 1
    before: Callable[[], None] = lambda: None


# -- the run ----------------------------------------------------------------------------


def cell(request: Request, count: int, off: Any = None) -> float:
    """Microseconds per request over ``count`` of them; ``off``: with that switch on."""
    request.before()
    gc.collect()  # each cell starts with no garbage of the one before
    with off or nullcontext():
        return sum(request.run() for _ in range(count)) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=30, help="requests per cell")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, variants alternated")
    parser.add_argument("--only", default="", help="comma-separated mechanism names")
    parser.add_argument("--tables", type=int, default=50, help="the tournament's tables")
    args = parser.parse_args()
    chosen = [m for m in MECHANISMS if not args.only or m.name in args.only.split(",")]
    load = os.getloadavg()
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average"
        f" {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}; {args.requests} requests a cell"
        f" (a tenth for the sheets, a quarter for the POST), CPU time, {args.rounds} rounds",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["REFEREE_INSTANCE"] = tmp  # no config.toml or key of the checkout's
        table = Table(Path(tmp))
        table.seed()
        table.seed_tournament(args.tables)
        table.seed_questions()
        requests = table.requests()
        with_, without = run(table, chosen, requests, args)
    report(chosen, with_, without)
    after = os.getloadavg()
    print(f"load average after: {after[0]:.1f} / {after[1]:.1f} / {after[2]:.1f}")


Cells = dict[tuple[str, str], list[float]]


def run(
    table: Table,
    chosen: list[Mechanism],
    requests: dict[str, Request],
    args: argparse.Namespace,
) -> tuple[Cells, Cells]:
    with_: Cells = {}
    without: Cells = {}
    for mechanism in chosen:  # warm: every request each way
        for name in mechanism.serves:
            cell(requests[name], 3)
            cell(requests[name], 3, mechanism.off(table.app))
    for round_ in range(args.rounds):
        for mechanism in chosen:
            for name in mechanism.serves:
                request = requests[name]
                count = max(1, args.requests // request.fewer)
                key = (mechanism.name, name)
                for off in (False, True) if round_ % 2 == 0 else (True, False):
                    if off:
                        without.setdefault(key, []).append(
                            cell(request, count, mechanism.off(table.app))
                        )
                    else:
                        with_.setdefault(key, []).append(cell(request, count))
        print(f"  round {round_ + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    return with_, without


def _us(value: float) -> str:
    return f"{value / 1000:,.1f} ms" if value >= 10_000 else f"{value:,.0f} µs"


def report(chosen: list[Mechanism], with_: Cells, without: Cells) -> None:
    print()
    print("| mechanism | request it serves | with | without | saving | rounds | verdict |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for mechanism in chosen:
        rows = []
        for name in mechanism.serves:
            on, off = with_[(mechanism.name, name)], without[(mechanism.name, name)]
            a, b = statistics.median(on), statistics.median(off)
            saving = (b - a) / b * 100
            each = sorted((y - x) / y * 100 for x, y in zip(on, off, strict=True))
            rows.append((name, a, b, saving, each))
        keep = any(s >= KEEP_PERCENT for _n, _a, _b, s, _e in rows)
        verdict = "keep" if keep else "remove"
        if mechanism.name.startswith("nothing"):
            verdict = "(noise)"
        for i, (name, a, b, saving, each) in enumerate(rows):
            label = f"{mechanism.name} ({mechanism.where})" if i == 0 else ""
            print(
                f"| {label} | {name} | {_us(a)} | {_us(b)} | {saving:.1f} % |"
                f" {each[0]:.0f} – {each[-1]:.0f} % | {verdict if i == 0 else ''} |"
            )


if __name__ == "__main__":
    main()
