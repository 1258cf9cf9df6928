"""Score sheets as PDF: a blank sheet per preset, and a match's sheet.

WeasyPrint is imported only inside :func:`html_to_pdf` – importing it costs most
of a second, which no other command should pay.  The sheets are plain Jinja
templates under ``templates/sheets/`` rendered without a Flask app, so the CLI
and the web share them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from .assets import asset_dir
from .caches import lru_cached
from .i18n import local_date, local_number
from .markup import bdi
from .match.chart import totals_chart
from .match.ledger import Ledger, Match
from .match.plaintext import default_match_number, isolated
from .match.vocabulary import special_names, words
from .rules import CanastaKind, Rank, Variant
from .rules.hand import SPECIAL_HAND_NAMES, threes_points
from .rules.overrides import difference_lines
from .rules.problems import N_
from .rules.sources import seed_text

__all__ = [
    "PAPERS",
    "blank_sheet_pdf",
    "html_to_pdf",
    "ledger_fields",
    "match_sheet_html",
    "match_sheet_pdf",
    "reference_columns",
    "reference_tables",
    "render_html",
    "render_pdf",
    "sheet_rows",
]

PAPERS = {"a4": "A4", "letter": "letter"}
TEMPLATES = asset_dir("templates")

# Black and white: the sides differ by dash pattern, not colour.
CHART_STYLE = (
    "polyline,line{fill:none;stroke:#000;stroke-width:1.6}"
    ".s1{stroke-dasharray:6 3}.s2{stroke:#555;stroke-dasharray:1.5 2}"
    ".axis{stroke:#999;stroke-width:.5}.target{stroke-width:.6;stroke-dasharray:2 2}"
    'text{font-size:8px;font-family:"DejaVu Sans",sans-serif;fill:#000}.tick{fill:#444}'
)
_CARD_ROWS = (
    (N_("Joker"), (Rank.JOKER,)),
    ("2", (Rank.TWO,)),
    ("A", (Rank.ACE,)),
    ("K Q J 10 9 8", (Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT)),
    ("7 6 5 4", (Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR)),
    (N_("Black 3"), (Rank.THREE,)),
)


@lru_cached(8)
def _env(gettext: Callable[[str], str] | None = None) -> Environment:
    # Kept per gettext (the web passes the same function every time): saves 32 ms (11 %)
    # of the 297 ms sheet of a 12-hand match (bench/bench_caches.py "sheet templates",
    # 2026-11-27).  Safe: the templates change only with a release.  Bound:
    # 8 environments: the web passes one gettext, the CLI renders one sheet a process.
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
    )
    # a person's words isolated, as on the pages (web/parts/page_functions.py)
    env.filters["bdi"] = bdi
    translate = gettext or (lambda text: text)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        translate, lambda s, p, n: translate(s if n == 1 else p), newstyle=True
    )
    return env


def reference_tables(
    variant: Variant, gettext: Callable[[str], str] | None = None, lang: str = "en"
) -> dict[str, list[tuple[str, str]]]:
    """The numbers a table wants at hand: card values, bonuses, the opening table, each
    written as ``lang`` writes numbers."""
    _ = gettext or (lambda text: text)

    def n(value: int) -> str:
        return local_number(value, lang)

    cards = []
    for label, ranks in _CARD_ROWS:
        values = {variant.card_points[rank] for rank in ranks}
        cards.append((_(label), " / ".join(n(v) for v in sorted(values))))
    said = words(variant)  # each kind as the game names it: a clean book, a samba
    bonuses = [
        (
            _(said.names[kind]),
            n(variant.canasta_bonus[kind])
            if kind is not CanastaKind.BLACK_THREES
            else _("wins the match"),
        )
        # In the kinds' own order: a match's snapshot keeps them sorted by name.
        for kind in CanastaKind
        if kind in variant.canasta_bonus
    ]
    if variant.concealed_canasta_bonus is not None:
        bonuses.append((_("Canasta made in the hand"), n(variant.concealed_canasta_bonus)))
    if variant.hand_canasta_doubles:
        bonuses.append((_("Hand canasta"), _("double")))
    bonuses.append((_("Red three"), n(variant.red_three_bonus)))
    if variant.all_red_threes_extra:
        count = variant.all_red_threes_count  # six in samba's three packs
        every = threes_points(variant, count)
        label = _("All four red threes") if count == 4 else _("All %(n)s red threes") % {"n": count}
        bonuses.append((label, n(every)))
    if variant.undeclared_red_three_penalty:
        bonuses.append((_(said.red_three_left), "−" + n(variant.undeclared_red_three_penalty)))
    bonuses.append((_("Going out"), n(variant.going_out_bonus)))
    if variant.concealed_going_out_bonus is not None:
        bonuses.append((_("Going out concealed"), n(variant.concealed_going_out_bonus)))
    for threes, points in variant.black_three_going_out_bonus.items():
        bonuses.append((_("Going out with %(n)s black threes") % {"n": threes}, n(points)))
    if variant.first_pickup_going_out_bonus:
        bonuses.append(
            (_("Going out on the first pickup"), n(variant.first_pickup_going_out_bonus))
        )
    for count, points in variant.canasta_count_bonus.items():
        bonuses.append((_("%(n)s canastas") % {"n": count}, n(points)))
    if variant.black_three_in_hand_penalty:
        bonuses.append(
            (_("Black three left in hand"), "−" + n(variant.black_three_in_hand_penalty))
        )
    if variant.exact_cut_bonus:
        bonuses.append((_("Exact cut"), n(variant.exact_cut_bonus)))
    if variant.penalty_points:  # american: the book's penalty for an irregularity
        bonuses.append((_("Penalty for an irregularity"), "−" + n(variant.penalty_points)))
    for name, points in variant.special_hands.items():  # american: the side's whole score
        said_name = SPECIAL_HAND_NAMES.get(name)
        bonuses.append((_(said_name) if said_name else name, n(points)))
    if variant.opening_by_round:  # hand and foot: the minimum goes by the hand
        by_hand = [
            (_("Hand %(n)s") % {"n": k}, n(minimum))
            for k, minimum in enumerate(variant.opening_by_round, start=1)
        ]
        return {"cards": cards, "bonuses": bonuses, "opening_by_hand": by_hand}
    negative = n(variant.negative_minimum) if variant.negative_minimum else "—"
    opening = [(_("Negative"), negative)]
    steps = variant.opening_table
    for i, step in enumerate(steps):
        upper = "–" + n(steps[i + 1].from_score - 5) if i + 1 < len(steps) else " +"
        opening.append((n(step.from_score) + upper, n(step.minimum)))
    return {"cards": cards, "bonuses": bonuses, "opening": opening}


def reference_columns(
    tables: dict[str, list[tuple[str, str]]], most: int = 4
) -> list[list[dict[str, str]]]:
    """The reference tables side by side for the rules box, in at most ``most`` columns
    (at least one a table): card values, bonuses, the opening minimum.

    Each item is a heading (``{"head": "cards"}``) or a row (``{"label": ..., "value": ...}``).
    A table never runs on into another table's column (balanced columns once put a long
    list of bonuses' last line above the opening minimum's heading, where it read as one of
    them); a long one goes on in a column of its own beside it, under its heading again.
    The box is as short as that allows (a spare column halves the Spanish bonuses).
    """
    longest = max(len(rows) for rows in tables.values())
    for height in range(1, longest + 1):  # the rows a column holds under its heading
        if sum(-(-len(rows) // height) or 1 for rows in tables.values()) <= max(most, len(tables)):
            break
    if longest - height <= 1:  # a column a table, unless a spare column saves two rows
        height = longest
    columns = []
    for key, rows in tables.items():  # cards, bonuses, the opening, in that order
        parts = -(-len(rows) // height) or 1
        per = -(-len(rows) // parts)  # a long table's columns about as long as each other
        for i in range(0, max(len(rows), 1), per):
            part = rows[i : i + per]
            columns.append([{"head": key}, *({"label": k, "value": v} for k, v in part)])
    return columns


def render_html(
    template: str,
    paper: str = "a4",
    gettext: Callable[[str], str] | None = None,
    landscape: bool = False,
    **context: Any,
) -> str:
    """The HTML of ``templates/sheets/<template>`` laid out for ``paper`` (a4 or letter)."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    size = PAPERS[paper] + (" landscape" if landscape else "")
    return (
        _env(gettext)
        .get_template(f"sheets/{template}")
        .render(page_size=size, landscape=landscape, **context)
    )


# Each thread's WeasyPrint font configuration, kept between its renders.  A new one (as
# write_pdf makes by default) loads fontconfig's list of the system's fonts and a new Pango
# font map, whose fonts are opened and measured again: 20 ms of a sheet's 205 – 210
# (docs/benchmarks.md, "The suite's CPU, lever by lever").  Per thread, not per process:
# Pango's font maps are not safe to share between threads, and the server renders in
# several.  What is kept is the fonts (the sheets have no @font-face) and WeasyPrint's
# caches keyed by font and style; the PDF is byte for byte the same.
_fonts = threading.local()


def _font_config() -> Any:
    config = getattr(_fonts, "config", None)
    if config is None:
        from weasyprint.text.fonts import FontConfiguration

        config = _fonts.config = FontConfiguration()
    return config


def html_to_pdf(html: str) -> bytes:
    """WeasyPrint's PDF of ``html`` (relative links resolve in ``templates/``)."""
    import weasyprint  # lazily: it costs most of a second to import

    document = weasyprint.HTML(string=html, base_url=str(TEMPLATES))
    pdf: bytes = document.write_pdf(font_config=_font_config())
    return pdf


# A page's HTML above this size is laid out in a process of its own (a 1 000-team event's
# team cards are about 2 MB of HTML and 100 s of WeasyPrint; a club's are 20 KB).
APART_BYTES = 200_000
APART_NICE = 10  # the layout's process yields the cores to the server's pages
APART_SECONDS = 900


class RenderFailed(Exception):
    "The process laying out a large paper failed or took too long: no PDF was made."


def html_to_pdf_apart(html: str) -> bytes:
    """:func:`html_to_pdf` in a process of its own at a lower priority: the server's
    thread waits without Python's lock, its pages keep both cores' attention, and the
    layout's memory (700 MB for a 1 000-team event's team cards, bench/bench_papers.py)
    goes back to the system when it ends, never kept by a server process.

    :raises RenderFailed: if the process fails or takes more than ``APART_SECONDS``."""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "referee.sheets", str(APART_NICE)],
            input=html.encode("utf-8"),
            capture_output=True,
            timeout=APART_SECONDS,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise RenderFailed(str(error)) from error
    if done.returncode != 0 or not done.stdout.startswith(b"%PDF"):
        raise RenderFailed(done.stderr.decode(errors="replace")[-2000:])
    return done.stdout


def render_pdf(
    template: str,
    paper: str = "a4",
    gettext: Callable[[str], str] | None = None,
    landscape: bool = False,
    **context: Any,
) -> bytes:
    """Render ``templates/sheets/<template>`` to PDF bytes on ``paper`` (a4 or letter);
    a large one in a process of its own (:func:`html_to_pdf_apart`)."""
    html = render_html(template, paper, gettext, landscape, **context)
    return html_to_pdf_apart(html) if len(html) > APART_BYTES else html_to_pdf(html)


def _short_name(variant: Variant, gettext: Callable[[str], str] | None) -> str:
    """ "Classic (Laws of Canasta)" -> "Classic", in ``gettext``'s language."""
    return (gettext or str)(variant.name).split(" (")[0]


def blank_sheet_pdf(
    variant: Variant,
    paper: str = "a4",
    players: int | None = None,
    rows: int = 20,
    gettext: Callable[[str], str] | None = None,
    base: Variant | None = None,
    lang: str = "en",
) -> bytes:
    """A blank score sheet for ``variant`` with its reference tables, in ``gettext``'s
    language (its numbers as ``lang`` writes them); what it plays differently from ``base``
    (a table's own rules) listed."""
    players = players or variant.default_players
    sides = variant.sides_for(players)
    rows = variant.rounds or rows  # a match of so many hands has no more rows
    return render_pdf(
        "blank.html",
        paper,
        gettext,
        variant=variant,
        rules_from=seed_text(variant.seed),
        house=difference_lines(base or variant, variant, gettext),
        based=_short_name(variant, gettext),
        sides=sides,
        rows=rows,
        players=players,
        columns=reference_columns(reference_tables(variant, gettext, lang)),
        num=lambda value: local_number(value, lang),
    )


# A hand's row prints each side's numbers but the total as one run of text in fixed-width
# fields of DejaVu Sans Mono (every character, space and minus as wide as a digit), not a
# cell each.  WeasyPrint spends its time per cell – a box and a text layout each, about
# 0.8 ms, whatever the styling – so the 18 cells of a two-sided row made a 200-hand sheet
# take 3.3 s; four cells take about a third of that (bench/bench_sheets.py, docs/benchmarks.md).
FIELDS = ("minimum", "melds", "bonus", "red_threes", "going_out", "hand", "score")
MONO_MM_PER_PT = 1233 / 2048 * 25.4 / 72  # DejaVu Sans Mono's advance: 1233 of 2048 units
LEDGER_PT = 8.5  # the hands' numbers at most: a little larger than the table's 7.5 pt words
PAGE_MM = {"A4": (210.0, 297.0), "letter": (215.9, 279.4)}
# Besides the fields: the page's side margins (12 mm each) and the body's (8 px each), the
# hand number's column (7 mm), the dealer's (10 mm at least, as before), the borders.
OTHER_MM = 24 + 4.3 + 7 + 10 + 1.5
GAP = 2  # spaces between a side's fields: wider than the one that groups a figure's digits


def _bonus(breakdown: dict[str, int]) -> int:
    """Canasta bonuses and every preset-specific part, in one column of the sheet."""
    plain = ("melds", "red_threes", "going_out", "hand")
    return sum(value for key, value in breakdown.items() if key not in plain)


def sheet_rows(
    ledger: Ledger, gettext: Callable[[str], str] | None = None, lang: str = "en"
) -> list[dict[str, Any]]:
    """One row per hand: who dealt, its note, why it is disputed (in ``gettext``'s
    language, its figures as ``lang`` writes them), and per side the minimum that
    applied, the breakdown, score and total."""
    _ = gettext or (lambda text: text)
    variant = ledger.match.variant
    rows = []
    for row in ledger.rows:
        before = ledger.history[row.number - 1]
        sides = []
        for i, breakdown in enumerate(row.breakdowns):
            sides.append(
                {
                    "minimum": variant.opening_minimum(
                        before[i], 0, ledger.match.carried_hands + row.number
                    ),
                    "melds": breakdown.get("melds", 0),
                    "bonus": _bonus(breakdown),
                    "red_threes": breakdown.get("red_threes", 0),
                    "going_out": breakdown.get("going_out", 0),
                    "hand": breakdown.get("hand", 0),
                    "score": row.scores[i],
                    "total": row.totals[i],
                }
            )
        rows.append(
            {
                "number": row.number,
                "sides": sides,
                "error": row.error,
                "dealer": ledger.match.dealer_name(row.number),
                "note": row.hand.entry.get("note", ""),
                "special": [
                    _("%(side)s went out with a special hand: %(hand)s")
                    % {"side": isolated(ledger.match.side_names[i]), "hand": _(name)}
                    for i, name in enumerate(special_names(row.hand.entry))
                    if name and i < len(ledger.match.side_names)
                ]
                + [
                    # american: the book's penalties, inside the bonus column, named here
                    _("%(side)s was charged penalties for irregularities: %(points)s")
                    % {
                        "side": isolated(ledger.match.side_names[i]),
                        "points": local_number(breakdown["penalties"], lang),
                    }
                    for i, breakdown in enumerate(row.breakdowns)
                    if breakdown.get("penalties") and i < len(ledger.match.side_names)
                ],
                "disputed": row.reasons(
                    [isolated(n) for n in ledger.match.side_names],
                    gettext,
                    lambda value: local_number(value, lang),
                ),
            }
        )
    return rows


def ledger_fields(
    rows: list[dict[str, Any]], sides: int, paper: str, landscape: bool, lang: str = "en"
) -> tuple[int, float]:
    """The width of a number's field in characters (the widest number and a space) and
    the font size in points that fits every side's eight fields across the page (the
    total's a character wider: its bold heading is the longest in some languages).

    Sets each side's ``fields``: its numbers but the total, right-aligned in their fields,
    and its ``shown_total``; every number as ``lang`` writes it (a group separator is one
    character of the monospaced font, as wide as a digit).
    """
    page_width, page_height = PAGE_MM[PAPERS[paper]]
    room = (page_height if landscape else page_width) - OTHER_MM
    shown = {
        value: local_number(value, lang)
        for row in rows
        for s in row["sides"]
        for value in (s[key] for key in (*FIELDS, "total"))
    }
    numbers = list(shown.values())
    # Five characters and two spaces hold any number up to 99999 and leave the headings
    # room; the numbers are as large as fills the page with such fields, smaller for wider
    # ones.  Two spaces between fields: a group separator is one ("1 220"), so a figure
    # never reads as part of its neighbour's ("0  1 220" is a hand of 0 and 1 220).
    width = max([7, *(len(number) + GAP for number in numbers)])
    for row in rows:
        for side in row["sides"]:
            side["fields"] = "".join(
                f"{shown[side[key]]:>{width - GAP}}{' ' * GAP}" for key in FIELDS
            )
            side["shown_total"] = shown[side["total"]]
    size = min(LEDGER_PT, room / (sides * (8 * width + 1) * MONO_MM_PER_PT))
    return width, round(size, 2)


def match_sheet_html(
    ledger: Ledger,
    paper: str = "a4",
    chart: str | None = None,
    gettext: Callable[[str], str] | None = None,
    lang: str = "en",
) -> str:
    """The HTML of :func:`match_sheet_pdf`."""
    match = ledger.match
    variant = match.variant
    winner = match.side_names[ledger.winner] if ledger.winner is not None else None
    landscape = len(match.side_names) > 2
    if chart is None:
        translate = gettext or (lambda text: text)
        chart = (
            Markup(
                totals_chart(
                    match.side_names,
                    ledger.history,
                    match.goal,
                    title=translate("Running totals after each hand"),
                    target_label=translate("Target"),
                    # Landscape puts the chart in a column of the rules box: narrower.
                    width=300 if landscape else 640,
                    height=110 if landscape else 125,
                    legend=True,
                    style=CHART_STYLE,
                    # the target grouped as every other figure of the sheet ("Cíl 5 000")
                    number=lambda value: local_number(value, lang),
                )
            )
            if ledger.rows
            else ""
        )
    rows = sheet_rows(ledger, gettext, lang)
    field, ledger_pt = ledger_fields(rows, len(match.side_names), paper, landscape, lang)
    return render_html(
        "match.html",
        paper,
        gettext=gettext,
        match=match,
        variant=variant,
        ledger=ledger,
        rows=rows,
        field=field,
        ledger_pt=ledger_pt,
        winner=winner,
        date=local_date(match.created, lang),
        lang=lang,
        chart=Markup(chart),
        columns=reference_columns(reference_tables(variant, gettext, lang)),
        num=lambda value: local_number(value, lang),
        landscape=landscape,
        house=difference_lines(match.preset, variant, gettext),
        based=_short_name(variant, gettext),
        key=words(variant).sheet_key,
        title=_title(match, gettext),
    )


def _title(match: Match, gettext: Callable[[str], str] | None) -> str:
    """The sheet's title: the match's name, as its pages title it (a default one in the
    sheet's language); a match stored unnamed by its number."""
    translate = gettext or (lambda text: text)
    number = default_match_number(match.name) if match.name else match.id
    if number is None:
        return match.name
    return str(translate("Match %(n)s") % {"n": number})


def match_sheet_pdf(
    ledger: Ledger,
    paper: str = "a4",
    chart: str | None = None,
    gettext: Callable[[str], str] | None = None,
    lang: str = "en",
) -> bytes:
    """The match's score sheet: header, a row per hand, totals, winner, chart, rules box.

    ``chart`` is the totals chart as SVG; by default it is drawn here (none before
    the first hand), its words put through ``gettext``.  Three sides print landscape.
    """
    return html_to_pdf(match_sheet_html(ledger, paper, chart, gettext, lang))


if __name__ == "__main__":  # html_to_pdf_apart's process: HTML in, PDF out, niced
    os.nice(int(sys.argv[1]) if len(sys.argv) > 1 else APART_NICE)
    sys.stdout.buffer.write(html_to_pdf(sys.stdin.buffer.read().decode("utf-8")))
