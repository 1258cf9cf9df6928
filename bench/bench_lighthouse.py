"""Lighthouse (mobile) on every page of the real ``referee serve``: performance,
accessibility and best practices (goal: 100 each).

Run: ``.venv/bin/python bench/bench_lighthouse.py`` (``--pages home,match`` for some).

It installs Lighthouse from the npm registry into ``~/.cache/canasta-referee/lighthouse``
the first time (Node.js and npm from Debian; Lighthouse 13 asks for Node 22 but runs
on Debian 12's Node 20 with a warning), starts the server on loopback over a fresh
database, makes a match with three hands through its forms, and runs Lighthouse's
default mobile emulation against each page in Debian's Chromium.  It prints each
page's three scores and, under any page below 100, the audits that cost points.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.support.live import Phone, referee_serve  # noqa: E402

CACHE = Path.home() / ".cache" / "canasta-referee" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices")


def lighthouse() -> Path:
    binary = CACHE / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        if shutil.which("npm") is None:
            subprocess.run(["apt-get", "install", "-y", "-qq", "nodejs", "npm"], check=True)
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--silent", "lighthouse@13"],
            cwd=CACHE,
            check=True,
        )
    return binary


def house_fields(page: str) -> dict[str, str]:
    """What the opened "Change the rules" editor posts back as it stands."""
    data = dict(re.findall(r'type="text" id="[^"]+" name="(r_[^"]+)" value="([^"]*)"', page))
    data.update((n, "y") for n in re.findall(r'name="(r_[^"]+)" value="y" checked', page))
    for name, block in re.findall(r'<select id="(r_[^"]+)"(.*?)</select>', page, re.S):
        data[name] = re.search(r'<option value="([^"]*)" selected', block)[1]
    data["rules_for"] = re.search(r'name="rules_for" value="([^"]*)"', page)[1]
    return data


def group_pages(phone: Phone) -> dict[str, str]:
    """A group of four with one match started from its roster under its own rules (a clean
    canasta 600), and its pages: the next match's form opens with those rules."""
    url, _ = phone.post("/groups/new", {"name": "Club", "players": "Anna\nBen\nCleo\nDan"})
    group = urllib.parse.urlparse(url).path
    form = phone.get(group + "/matches/new")
    ids = re.findall(r'<option value="(\d+)">', form.split('name="seat1"')[1].split("</select>")[0])
    seats = {f"seat{k}": ids[k - 1] for k in range(1, 5)}
    chosen = {"preset": "classic", "players": "4", **seats}
    _, opened = phone.post(group + "/matches/new", {**chosen, "change_rules": "1"})
    house = {**house_fields(opened), "r_canasta_bonus_natural": "600"}
    url, _ = phone.post(group + "/matches/new", {**chosen, **house})
    match = urllib.parse.urlparse(url).path
    return {
        "new group": "/groups/new",
        "group": group,
        "group's new match (its rules open)": group + "/matches/new",
        "statistics": group + "/statistics",
        "match with house rules": match,
        "match's own rules": match + "/rules",
    }


def family_pages(phone: Phone) -> dict[str, str]:
    """The Canasta family: a hand and foot match with a hand, an american quick form, their
    rules, the comparison of four chosen columns and the referee asking for the hand."""
    url, _ = phone.post("/matches/new", {"preset": "hand-and-foot", "players": "4"})
    hf = urllib.parse.urlparse(url).path
    books = "K K K K K K K\nQ Q Q Q Q Q Q\nJ J J J J 2 2\n8 8 8 8 8 8 X\n2 2 2 X X X X"
    phone.post(
        hf + "/hands/new",
        {"mode": "detailed", "token": secrets.token_urlsafe(16), "side0-melds": books,
         "side0-went_out": "y", "side1-melds": "9 9 9 9 9"},
    )  # fmt: skip
    url, _ = phone.post("/matches/new", {"preset": "american", "players": "4"})
    american = urllib.parse.urlparse(url).path
    four = "&".join(f"show={i}" for i in ("samba", "bolivia", "american", "hand-and-foot"))
    return {
        "hand and foot match": hf,
        "american quick form": american + "/hands/new?mode=quick",
        "samba rules": "/rules/samba",
        "compare of four": "/rules/compare?" + four,
        "referee hand and foot": "/referee?variant=hand-and-foot",
    }


def tournament_pages(phone: Phone) -> dict[str, str]:
    """An 8-team American tournament of 3-hand games, a table's game scored and the clock
    running: the director's form and page, the standings, a table's match page."""
    teams = "\n".join(f"{a} & {b}" for a, b in zip("ACEGIKMO", "BDFHJLNP", strict=True))
    url, _ = phone.post(
        "/tournaments/new",
        {"name": "Club night", "preset": "american", "players": "4", "teams": teams,
         "movement": "mitchell", "rounds": "2", "game": "hands", "hands": "3",
         "minimums": "125, 155, 180", "minutes": "40", "ranking": "wins"},
    )  # fmt: skip
    director = urllib.parse.urlparse(url).path
    page = phone.get(director)  # its "Start the clock" form, posted as the director taps it
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)[1]
    body = urllib.parse.urlencode({"csrf_token": token}).encode()
    phone.opener.open(phone.base + director + "/clock", data=body, timeout=30).close()
    table = re.search(r'href="(/m/\d+/[^"]+)"', page)[1]
    phone.post(
        table + "/hands/new?mode=quick",
        {"mode": "quick", "token": secrets.token_urlsafe(16), "side0-canastas_natural": "1",
         "side0-canastas_mixed": "1", "side0-went_out": "y", "side0-meld_points": "250",
         "side1-meld_points": "200", "side1-hand_points": "45"},
    )  # fmt: skip
    view = re.search(r'href="https?://[^/]+(/t/\d+/[^"#/]+)"', page)[1]
    # A Swiss event by victory points whose teams check in: the director's first page.
    swiss, _ = phone.post(
        "/tournaments/new",
        {"name": "Swiss night", "preset": "classic", "players": "4", "teams": teams,
         "movement": "swiss", "rounds": "3", "game": "hands", "hands": "3", "minimums": "",
         "ranking": "vp", "scale": "fibur-3", "check_in": "y"},
    )  # fmt: skip
    return {
        "new tournament": "/tournaments/new",
        "director": director,
        "standings": view,
        "table's match (clock)": table,
        "director at check-in": urllib.parse.urlparse(swiss).path,
    }


def pages(base: str) -> dict[str, str]:
    phone = Phone(base)
    url, _ = phone.post("/matches/new", {"preset": "classic", "players": "4"})
    match = urllib.parse.urlparse(url).path
    for points in ("120", "90", "200"):
        phone.post(
            match + "/hands/new",
            {
                "mode": "quick",
                "token": secrets.token_urlsafe(16),
                "side0-meld_points": points,
                "side1-meld_points": "55",
                "out": "none",
            },
        )
    # A hand short of its opening minimum (30 of 50), recorded as the table agreed.
    agreed, _ = phone.post("/matches/new", {"preset": "classic", "players": "4"})
    disputed = urllib.parse.urlparse(agreed).path
    phone.post(
        disputed + "/hands/new",
        {
            "mode": "quick",
            "token": secrets.token_urlsafe(16),
            "side0-meld_points": "30",
            "side1-meld_points": "55",
            "out": "none",
            "anyway": "yes",
        },
    )
    page = phone.get(match)
    view = re.search(r'href="https?://[^/]+(/m/\d+/[^"#/]+)"', page.replace(match, "", 1))
    hand = re.search(r"/hands/(\d+)/edit", page)
    found = {
        "home": "/",
        "new match": "/matches/new",
        "match": match,
        "match, read-only": view[1] if view else match,
        "match on a TV": (view[1] if view else match) + "?screen=1",
        "result": match + "/result",
        "hand form": match + "/hands/new",
        "quick hand form": match + "/hands/new?mode=quick",
        "edit hand": f"{match}/hands/{hand[1]}/edit" if hand else match,
        "disputed hand": disputed,
        "history": match + "/history",
        "match referee": match + "/referee",
        "referee": "/referee",
        "referee answer": "/referee?ask=may+I+take+the+pile+with+a+joker+on+top",
        "referee held": "/referee?variant=american&q=held&held-hand=7+7+7+A+A+A",
        "referee held asked": "/referee?variant=american&ask="
        + urllib.parse.quote_plus("I was left holding 7 7 7 A A A at the end, what does it cost?"),
        # issue 44: what a hand scores, its form filled in as a ruling's link opens it
        "referee hand score": "/referee?variant=american&q=hand_score&hand_score-canastas_natural=1"
        "&hand_score-canastas_mixed=1&hand_score-red_threes=2&hand_score-went_out=y",
        # ... with the events only some games score: the American penalties' fold opened
        "referee hand events": "/referee?variant=american&q=hand_score"
        "&hand_score-canastas_natural=2&hand_score-went_out=y&hand_score-held_sets=1"
        "&hand_score-unfinished_sevens=1",
        # ... and one asked in words at a Dutch table with the house rule that scores it
        "referee event asked": "/referee?variant=dutch&house=1&opt_dutch_undeclared_red_three=y"
        "&ask=" + urllib.parse.quote_plus("we forgot to declare a red three, what does it cost"),
        "referee hand asked": "/referee?variant=classic&ask="
        + urllib.parse.quote_plus(
            "We had a clean canasta, a dirty canasta and 2 red threes and went out. "
            "What do we score for bonuses?"
        ),
        "rules": "/rules/classic",
        "compare": "/rules/compare",
        "import": "/matches/import",
        "offline": "/offline",
        **group_pages(phone),
        **family_pages(phone),
        **tournament_pages(phone),
    }
    return {name: base + path for name, path in found.items()}


def audit(binary: Path, url: str, out: Path) -> dict:
    subprocess.run(
        [
            str(binary),
            url,
            "--quiet",
            "--only-categories=" + ",".join(CATEGORIES),
            "--chrome-flags=--headless --no-sandbox --disable-gpu",
            "--output=json",
            f"--output-path={out}",
        ],
        env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"},
        check=True,
        timeout=180,
    )
    return json.loads(out.read_text())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", help="comma-separated page names (default: all)")
    args = parser.parse_args()
    binary = lighthouse()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "REFEREE_RATELIMIT_ENABLED": "false"}
        with referee_serve(Path(folder) / "referee.db", env=env) as server:
            chosen = pages(server.url)
            if args.pages:
                chosen = {k: v for k, v in chosen.items() if k in args.pages.split(",")}
            print(f"{'page':20} {'perf':>5} {'a11y':>5} {'best':>5} {'CLS':>6}")
            below = 0
            shifted = 0.0  # the largest cumulative layout shift seen (goal: 0)
            for name, url in chosen.items():
                report = audit(binary, url, Path(folder) / "report.json")
                scores = [round(100 * report["categories"][c]["score"]) for c in CATEGORIES]
                shift = report["audits"]["cumulative-layout-shift"]["numericValue"]
                shifted = max(shifted, shift)
                if shift and os.environ.get("SHOW_SHIFTS"):  # what moved, for a look
                    items = report["audits"].get("layout-shifts", {}).get("details", {})
                    for item in items.get("items", []):
                        print("    shifted:", json.dumps(item)[:300])
                print(f"{name:20} {scores[0]:5} {scores[1]:5} {scores[2]:5} {shift:6.3f}")
                if min(scores) < 100:
                    below += 1
                    for item in report["audits"].values():
                        score = item.get("score")
                        mode = item.get("scoreDisplayMode")
                        if (mode == "binary" and score == 0) or (
                            mode == "numeric" and score is not None and score < 0.9
                        ):
                            shown = item.get("displayValue", "")
                            print(f"    {item['id']}: {item['title']} {shown}")
    print(f"pages below 100 in any of the three: {below} of {len(chosen)} (goal: 0)")
    print(f"largest cumulative layout shift: {shifted:.3f} (goal: 0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
