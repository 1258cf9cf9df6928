"""Every word in the table's language: a whole family evening and a club night played in
Czech, German, Spanish, Dutch and Polish, and every page, message and sheet read for an
English word that is the app's own.

The evening walks the app's URL map, so a page added later is a page this test must be
taught to open (it fails naming it).  What is English: a word of the English catalogue
(the app's msgids) that the language's own catalogue never uses, outside what a person
typed, a quote or book title (``q``, ``blockquote``, ``cite``, anything marked with another
``lang``), and the short list of words the languages share with English
(``tests/support/untranslated.py``)."""

from __future__ import annotations

import csv
import io
import json
import re
import secrets
import subprocess
from datetime import date
from urllib.parse import quote_plus

import pytest

from referee.i18n import LANGUAGES, local_date
from referee.rules.presets import PRESETS
from referee.rules.sources import source_language
from tests.support import tournaments
from tests.support.muddles import muddles
from tests.support.untranslated import english_in, english_on, ungrouped, vocabulary
from tests.support.web import LONG_MATCH_HAND, first_hand_id, hand, start_group

LANGS = [lang for lang in LANGUAGES if lang != "en"]

# Names as a family types them: none of them an English word of the app.
PLAYERS = {"side1_p1": "Eva", "side1_p2": "Tomáš", "side2_p1": "Jana", "side2_p2": "Karel"}
# A club night's eight teams and its name, none of them an English word of the app either.
TEAMS = ["Ivo & Jana", "Oto & Věra", "Zdeněk & Iva", "Jiří & Olga", "Radek & Hana",
         "Luboš & Dana", "Pavel & Šárka", "Vojta & Ema"]  # fmt: skip
# A hand whose melds fall short of the opening minimum at 3 420 (taken over from paper):
# refused, then recorded as the table agrees (disputed).
SHORT = {"side0": {"melds": "5 5 5\n4 4 4", "hand_points": 20}, "side1": {"melds": "A A A"}}

# Answers that are not words for a person, or words the contract keeps in English, by
# endpoint: each with why.
NOT_FOR_WORDS = {
    "static": "the style sheets, scripts and icons",
    "healthz": "a load balancer's probe",
    "offline.worker": "the service worker's script",
    "matches.version": "a number the watching phones poll",
    "tournaments.version": "a number the watching phones poll",
    "share.qr": "a QR code's squares",
    "share.edit_qr": "a QR code's squares",
    "result.picture": "the result card's picture (its words are the result text's)",
    "matches.manifest": "the app's name and colours for the home screen",
    "downloads.export_json": "a match file for the app itself (the contract's keys)",
    "house.rules_download": "a rules file for the app itself (the contract's keys)",
    "tournament_files.results_json_file": "the results for programs (the contract's keys)",
    "api.score": "the contract: `referee score`'s English one-line messages",
    "api.check": "the contract: `referee check`'s English one-line messages",
    "api.match": "data for programs",
    "api.group": "data for programs",
    "api.tournament": "data for programs",
}
# CSV files are for spreadsheets and programs: their column names and codes ("player",
# "reopened", "lot") are the documented data (docs/guide.md, as the JSON's); the columns
# of sentences are read.
CSV_SAID = {"disputed", "error", "note", "reason"}
# JSON keys whose values a person reads (the hand form's preview, the question box).
SAID_KEYS = {"error", "message", "rule", "shown", "text", "figure", "reason"}


class Evening:
    """The test client of one table, in one language: every answer read as it is fetched."""

    def __init__(self, app, client, lang: str, tmp_path) -> None:
        self.app, self.client, self.lang, self.folder = app, client, lang, tmp_path
        self.english, self.theirs = vocabulary("en"), vocabulary(lang)
        self.found: dict[str, list[str]] = {}
        self.ungrouped: dict[str, list[str]] = {}
        self.muddled: dict[str, list[str]] = {}  # tests/support/muddles.py
        # The language's own rulebooks, quoted as the statement of their rules (with every
        # house rule on or off), are kept as written; so is the day a match was begun.
        self.kept = tuple(
            rule.quote
            for preset in PRESETS.values()
            for switched in (True, False)
            for rule in preset.with_options(
                {o.name: switched for o in preset.options}
            ).rules.values()
            if rule.quote and source_language(rule.source) == lang
        ) + (local_date(date.today().isoformat(), lang),)
        self.seen: set[str] = set()  # endpoints
        self.adapter = app.url_map.bind("localhost")
        client.set_cookie("lang", lang)  # the whole evening in this language

    def get(self, path: str, **options):
        return self._read("GET", path, self.client.get(path, **options))

    def post(self, path: str, data: dict | None = None, follow: bool = True, **options):
        data = {"token": secrets.token_urlsafe(16), **(data or {})}
        answer = self.client.post(path, data=data, follow_redirects=follow, **options)
        return self._read("POST", path, answer)

    def _read(self, method: str, path: str, answer):
        bare = path.split("?")[0]
        try:
            endpoint, _args = self.adapter.match(bare, method=method)
        except Exception:  # a 404's address: no endpoint
            endpoint = "404"
        self.seen.add(endpoint)
        if endpoint in NOT_FOR_WORDS:
            return answer
        kind = answer.mimetype
        body = answer.get_data()
        if kind == "text/html":
            words = english_on(body.decode(), self.lang, self.english, self.theirs)
            if figures := ungrouped(body.decode(), self.lang, self.kept):
                self.ungrouped[f"{method} {path}"] = figures
            # A tournament's pages speak of its rounds, a word some languages share with a
            # hand ("kolo", "ronde"): their messages are not about a hand.
            if muddled := muddles(body.decode(), self.lang, hands=not path.startswith("/t/")):
                self.muddled[f"{method} {path}"] = muddled
        elif kind == "application/pdf":
            words = english_in(self.pdf_text(body), self.lang, self.english, self.theirs)
        elif kind == "application/json":
            said = " \n ".join(_said(json.loads(body)))
            words = english_in(said, self.lang, self.english, self.theirs)
        elif kind == "text/csv":
            words = english_in(_csv_said(body), self.lang, self.english, self.theirs)
        else:
            words = english_in(body.decode(), self.lang, self.english, self.theirs)
        if words:
            self.found.setdefault(f"{method} {path} ({answer.status_code})", []).extend(
                sorted(words)
            )
        return answer

    def pdf_text(self, pdf: bytes) -> str:
        path = self.folder / "paper.pdf"
        path.write_bytes(pdf)
        return subprocess.run(
            ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
        ).stdout


def _csv_said(body: bytes) -> str:
    """The cells of a CSV file's columns of sentences (a file may hold several tables, each
    after an empty row under its own header)."""
    said, header = [], None
    for row in csv.reader(io.StringIO(body.decode("utf-8-sig"))):
        if not row:
            header = None
        elif header is None:
            header = row
        else:
            said += [cell for name, cell in zip(header, row, strict=False) if name in CSV_SAID]
    return "\n".join(said)


def _said(value) -> list[str]:
    """The strings of a JSON answer that a person reads."""
    if isinstance(value, dict):
        out = []
        for key, inner in value.items():
            if key in SAID_KEYS and isinstance(inner, str):
                out.append(inner)
            else:
                out += _said(inner)
        return out
    if isinstance(value, list):
        return [s for inner in value for s in _said(inner)]
    return []


def play_the_evening(e: Evening) -> None:
    """A family's match from start to finish with every mistake a table makes, a group,
    a club's tournament and its director's changes, the rules and the referee."""
    # The pages anyone opens first, and the forms refused.
    for path in ("/", "/matches/new", "/matches/import", "/referee", "/rules", "/rules/compare",
                 "/offline", "/offline/saved", "/groups/new", "/tournaments/new", "/nowhere",
                 "/m/99/nope", "/rules/nosuch"):  # fmt: skip
        e.get(path)
    for variant in PRESETS:
        e.get(f"/rules/{variant}")
        e.get(f"/referee?variant={variant}")
    e.post("/matches/new", {"preset": "classic", "players": "4", "target": "lots"})
    e.post("/matches/new", {"preset": "classic", "players": "4", "change_rules": "1"})
    e.post("/groups/new", {"name": "", "players": "Eva"})
    e.post("/tournaments/new", {**tournaments.FORM, "teams": "Eva & Tomáš", "rounds": "x"})
    e.post("/referee?variant=classic", {"question": "meld", "meld-cards": "9 9 X X X X"})
    e.post("/referee?variant=classic", {"question": "meld", "meld-cards": "3 3 3"})  # two books
    e.post("/referee?variant=classic", {"question": "opening", "opening-score": "1505",
                                        "opening-melds": "K K K"})  # fmt: skip
    e.get("/referee?variant=classic&q=kolik+bodu+za+canastu")
    # sevens and aces held at the American table: the penalty's figure, grouped (3 000)
    e.post("/referee?variant=american", {"question": "held", "held-hand": "7 7 7 A A A K"})
    # what a hand scores: each game's kinds of canasta in its words, a figure with its parts
    # (3 405: grouped), and a hand the rules refuse with its reasons
    for variant in PRESETS:
        e.get(f"/referee?variant={variant}&q=hand_score")
    scored = {"question": "hand_score", "hand_score-canastas_natural": "2",
              "hand_score-red_threes": "4", "hand_score-went_out": "y",
              "hand_score-meld_points": "1505"}  # fmt: skip
    e.post("/referee?variant=classic", scored)
    e.post("/referee?variant=samba", {**scored, "hand_score-canastas_natural": "1"})
    # a special hand once the side has melded, with the house rule of courtesy's field
    e.post("/referee?variant=american&house=1&opt_american_special_hand_courtesy=y",
           {"question": "special_hand", "special_hand-side_melded": "y"})  # fmt: skip
    # The box's rulings: a No with its figures and its form's link, a card's value, a matter
    # of play, a question the book does not decide (its nearest rules)
    for asked in ("we have 2600 and want to meld K K K and Q Q Q, is that enough to open?",
                  "how many points is a joker worth", "should I dump my 7s and go out?",
                  "someone played out of turn, what now?"):  # fmt: skip
        e.get(f"/referee?variant=classic&ask={quote_plus(asked)}")
    e.get(f"/api/ask?variant=classic&lang={e.lang}&q=canasta")
    for body in (b"not json", b'{"format": "something else"}', b"{}"):
        e.post("/matches/import", {"file": (io.BytesIO(body), "m.json")},
               content_type="multipart/form-data")  # fmt: skip

    # A match nobody named, nor its sides, of each family of rules: listed on the home page.
    for preset in ("samba", "hand-and-foot", "spanish"):
        e.post("/matches/new", {"preset": preset, "players": "2"})
    e.get("/")

    # The family's match: four names, begun on paper at 3 420 to 1 000, to 5 000.
    started = e.post(
        "/matches/new",
        {"preset": "classic", "players": "4", "target": "5000", "name": "",
         "paper_hands": "5", "paper_side1": "3420", "paper_side2": "1000", **PLAYERS},
        follow=False,
    )  # fmt: skip
    url = started.location
    match_id = int(url.split("/")[2])
    e.get(url)
    e.get(url + "/hands/new")
    e.get(url + "/hands/new?mode=quick")
    e.post(url + "/hands/new", hand(**SHORT))  # refused: short of the minimum
    e.post(url + "/hands/new", {**hand(**SHORT), "anyway": "yes"})  # recorded, disputed
    e.post(url + "/hands/new", hand(side0={"melds": "4 4 4 1"}))  # not notation
    e.post(url + "/hands/new", hand(side0={"red_threes": "three"}))  # not a number
    e.get(url + "/hands/preview", query_string=hand(**SHORT))
    e.get(url + "/hands/preview", query_string=hand(side0={"melds": "4 4 1"}))
    e.get(url + "/hands/preview", query_string=hand("quick", side0={"meld_points": "-5"}))
    e.post(url + "/hands/new?mode=quick", hand("quick", side0={"meld_points": "x"}))
    e.post(url + "/hands/new", {**hand(**LONG_MATCH_HAND), "out": "0"})
    hand_id = first_hand_id(e.app, match_id)
    e.get(f"{url}/hands/{hand_id}/edit")
    e.post(f"{url}/hands/{hand_id}/edit", hand(**SHORT))  # refused again
    e.post(f"{url}/hands/{hand_id}/edit", {**hand(**SHORT), "anyway": "yes", "0-note": "x"})
    e.post(url + "/undo")
    e.post(url + "/redo")
    e.post(url + "/redo")  # nothing to redo
    e.post(url + "/undo")
    e.post(url + "/undo")
    e.post(url + "/undo")  # nothing to undo
    e.post(url + "/redo")
    e.post(url + "/redo")
    e.post(f"{url}/hands/{hand_id}/delete")
    e.post(f"{url}/hands/{hand_id}/delete")  # gone already
    e.post(url + "/undo")
    e.get(url + "/history")
    e.get(url + "/referee")
    e.post(url + "/referee", {"question": "opening", "opening-melds": "K K K"})
    e.get(url + "/rules")
    e.post(url + "/rematch")  # not over yet
    for sheet in ("/blank.pdf", "/export.csv", "/export.json", "/rules.json", "/qr.svg",
                  "/version"):  # fmt: skip
        e.get(url + sheet)
    e.get(url + "?screen=1")
    # The error pages: a paper there is none of (400), a wrong method (405), too much (413).
    e.get(url + "/sheet.pdf?paper=a3")
    e.get(url + "/undo")
    e.post("/matches/new", {"name": "x" * 400_000})
    view = re.findall(rf'href="http://localhost(/m/{match_id}/[^"#/?]+)"', e.client.get(url).text)
    read_only = next(link for link in view if link != url)
    e.get(read_only)
    e.get(read_only + "/history")
    e.post(read_only + "/undo")  # a read-only link changes nothing: said why
    for _hand in range(4):  # 630 a hand from 3 420: over 5 000, the match won
        e.post(url + "/hands/new", {**hand(**LONG_MATCH_HAND), "out": "0"})
    e.get(url)
    e.get(url + "?screen=1")
    e.post(url + "/hands/new", {**hand(**LONG_MATCH_HAND), "out": "0"})  # the match is over
    e.get(url + "/sheet.pdf")  # the disputed hand's reasons, the winner, the chart
    e.get(url + "/result")  # the result to share, and its text
    e.get(url + "/result.txt")

    # The family's group: the match moved into it, a new one from it, its statistics.
    group = start_group(e.client, name="Nováci", players="Eva\nTomáš\nJana\nKarel")
    group_id = group.split("/")[2]
    e.get(group)
    e.post(group, {"name": ""})  # a player with no name
    e.post(group, {"name": "Žofie"})
    e.post(url + "/group", {"group": group_id})
    e.post(url + "/group", {"group": "999"})
    e.get(group + "/matches/new")
    e.post(group + "/matches/new", {"preset": "classic", "players": "4", "target": "x"})
    e.get(group + "/statistics")
    e.get(group + "/statistics.csv")
    e.post(url + "/rematch")

    # A club's night: eight teams, a director who checks in, starts, settles, reopens.
    director, _tid, _token = tournaments.make(
        e.client, name="Páteční", teams="\n".join(TEAMS), signoff="y"
    )
    e.get(director)
    e.post(director + "/teams/late", {"team": "Olda & Bára"})  # no empty place
    e.post(director + "/teams/1/here", {"here": "yes"})
    e.post(director + "/teams/2/withdraw", {"w2-reason": ""})  # no reason
    e.post(director + "/clock")
    e.post(director + "/next")  # tables still playing: asked to confirm
    links = tournaments.tables(e.client, director)
    tournaments.score(e.client, links[0])
    e.get(links[0])
    # Sign-off: the other side's page, a result changed since it opened, the director's list
    # and button, then a second tap told it was done; the team's own page.
    confirm = re.search(r'href="http://localhost(/c/\d+/[^"]+)"', e.client.get(links[0]).text)[1]
    e.get(confirm)
    e.post(confirm, {"seen": "0"})
    e.get(director)
    seen = re.search(
        r'/round/1/table/1/confirm".*?name="seen" value="(\d+)"', e.client.get(director).text, re.S
    )[1]
    e.post(director + "/round/1/table/1/confirm", {"seen": seen})
    e.post(confirm, {"seen": seen})
    e.get(confirm)
    e.get(director + "/team/1")
    e.post(director + "/tables/1/2/settle", {"g1-2-outcome": "not-played", "g1-2-reason": ""})
    e.post(director + "/tables/1/2/settle",
           {"g1-2-outcome": "ew-absent", "g1-2-reason": "nepřišli"})  # fmt: skip
    e.post(director + "/tables/1/3/swap", {"ns": "1"})
    e.post(director + "/next", {"early": "yes"})
    e.post(director + "/reopen", {"round": "1", "table": "1", "reason": " "})
    e.post(director + "/reopen", {"round": "1", "table": "1", "reason": "prohozené skóre"})
    e.post(director + "/round/1/table/1/close")
    e.get(director + "/standings")
    for paper in ("/round/2/cards.pdf", "/teams.pdf", "/results.csv", "/ranking.csv",
                  "/results.json"):  # fmt: skip
        e.get(director + paper)
    e.post(director + "/teams/3/withdraw", {"w3-reason": "nemoc"})
    e.post(director + "/teams/late", {"team": "Olda & Bára"})  # the last round has begun
    e.post(director + "/tables/2/1/settle",
           {"g2-1-outcome": "ns-late", "g2-1-reason": "zpoždění"})  # fmt: skip
    e.post(director + "/tables/2/2/settle",
           {"g2-2-outcome": "ew-late-points", "g2-2-reason": "sedm minut"})  # fmt: skip
    e.get(director)
    e.post(director + "/next", {"early": "yes"})
    e.get(director)
    e.get(director + "/standings")
    e.get(director + "/results.pdf")


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_every_page_message_and_sheet_speaks_the_tables_language(app, client, lang, tmp_path):
    evening = Evening(app, client, lang, tmp_path)
    play_the_evening(evening)
    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    missed = endpoints - evening.seen - set(NOT_FOR_WORDS) - {"api.score", "api.check"}
    assert missed == set(), f"pages this test does not open yet: {sorted(missed)}"
    said = json.dumps(evening.found, indent=1, ensure_ascii=False)
    assert evening.found == {}, f"{lang}: English words: {said}"
    # Every figure grouped as the language groups digits, as the pages write them (1 505).
    assert evening.ungrouped == {}, f"{lang}: figures not grouped: {evening.ungrouped}"
    # Every quote labelled with its language, no empty brackets, no sentence said twice,
    # every message about a hand naming it (issue 48).
    assert evening.muddled == {}, f"{lang}: said unclearly: {evening.muddled}"


def test_the_evening_finds_an_english_word_planted_in_a_page_a_sheet_and_a_message(
    app, client, tmp_path
):
    evening = Evening(app, client, "cs", tmp_path)
    evening._read("GET", "/", _Planted("text/html", b"<p>Celkem <b>Total</b></p>"))
    evening._read("GET", "/x.csv", _Planted("text/csv", b"hand,note\n3,Red threes\n"))
    evening._read("GET", "/p", _Planted("application/json", b'{"error": "Nobody went out"}'))
    quoted = b'<p>Celkem <q>Total</q> <cite>Laws of Canasta</cite> <span lang="en">hand</span>'
    evening._read("GET", "/q", _Planted("text/html", quoted))
    assert evening.found == {
        "GET / (200)": ["Total"],
        "GET /x.csv (200)": ["Red", "threes"],
        "GET /p (200)": ["Nobody", "out", "went"],
    }


def test_the_evening_finds_what_a_page_says_unclearly(app, client, tmp_path):
    evening = Evening(app, client, "cs", tmp_path)
    label = '<p class="muted">Vlastní slova pravidel (%s):</p>'
    quote = '<blockquote lang="nl"><p>“Rode drieën tellen niet mee.”</p></blockquote>'
    evening._read("GET", "/a", _Planted("text/html", (label % "" + quote).encode()))
    evening._read(
        "GET",
        "/b",
        _Planted(
            "text/html",
            ("<p>Rode drieën tellen niet mee.</p>" + label % "nizozemština" + quote).encode(),
        ),
    )
    said = '<div class="flash" id="said" role="status"><p>%s</p></div>'
    evening._read("GET", "/c", _Planted("text/html", (said % "Kolo smazáno.").encode()))
    evening._read("GET", "/d", _Planted("text/html", (said % "Kolo 3 smazáno.").encode()))
    assert {path: len(found) for path, found in evening.muddled.items()} == {
        "GET /a": 2,  # empty brackets, and no language
        "GET /b": 1,  # the statement quoted again
        "GET /c": 1,  # which hand?
    }


class _Planted:
    """An answer made up for the test: a page with an English word planted in it."""

    status_code = 200

    def __init__(self, mimetype: str, body: bytes) -> None:
        self.mimetype, self.body = mimetype, body

    def get_data(self):
        return self.body
