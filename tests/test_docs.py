"""The documentation holds together: README.md stays a short read, and every relative link
between README.md and docs/*.md (files and #anchors, as GitHub makes them) resolves."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S)
CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$", re.M)


def _prose(text: str) -> str:
    """The text without its code: fenced blocks and inline code spans hold no links."""
    return CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped
    (letters, digits, marks, '_' and '-' kept), each space a '-'."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = text.replace("`", "").replace("*", "").lower()
    kept = [char for char in text if char in " -_" or unicodedata.category(char)[0] in "LNM"]
    return "".join(kept).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every anchor GitHub gives the page's headings (a repeated one gets -1, -2, ...)."""
    seen: dict[str, int] = {}
    found = set()
    for match in HEADING.finditer(FENCE.sub("", page.read_text(encoding="utf-8"))):
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(page: Path) -> list[str]:
    return LINK.findall(_prose(page.read_text(encoding="utf-8")))


def test_the_slugs_are_githubs():
    assert slug("`referee ask`: a question in your own words") == (
        "referee-ask-a-question-in-your-own-words"
    )
    assert slug("The server's own cost") == "the-servers-own-cost"
    assert slug("A match keeps at most 5 000 changes") == "a-match-keeps-at-most-5-000-changes"
    assert slug("Start it, test it") == "start-it-test-it"
    assert slug("Čeština & co.") == "čeština--co"


def test_the_link_finder_finds_links_and_skips_code():
    page = "[a](docs/x.md#y) `[b](c.md)`\n\n```\n[d](e.md)\n```\n![img](docs/p.png)"
    assert LINK.findall(_prose(page)) == ["docs/x.md#y", "docs/p.png"]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page):
    broken = []
    for target in links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:: not ours to check
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / unquote(path)).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target}: no file {linked.relative_to(ROOT)}")
        elif anchor and (linked.suffix != ".md" or unquote(anchor) not in anchors(linked)):
            broken.append(f"{target}: no heading with that anchor")
    assert broken == [], f"{page.relative_to(ROOT)} has broken links: {broken}"


def test_every_page_of_docs_is_linked_from_the_readme():
    linked = {
        (ROOT / target.partition("#")[0]).resolve()
        for target in links(ROOT / "README.md")
        if target.partition("#")[0]
    }
    assert [page for page in PAGES[1:] if page.resolve() not in linked] == []


def test_the_readme_is_a_short_read():
    assert (ROOT / "README.md").stat().st_size <= 12 * 1024


def test_development_md_names_every_module():
    """docs/development.md, "How the code is laid out", says where each module stands: a
    new module is named there (by its file name, or its name alone in a list of them).
    The presets are the commands' table's (tests/test_cli.py)."""
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    named = set(re.findall(r"([A-Za-z_][A-Za-z0-9_]*)\.py\b", text))  # a file's name
    for quoted in re.findall(r"`([^`\n]+)`", text.replace("```", "")):  # `name`, `a.b`
        named.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", quoted))
    missing = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "referee").rglob("*.py"))
        if path.name != "__init__.py" and "presets" not in path.parts
        if path.stem not in named
    ]
    assert missing == []
