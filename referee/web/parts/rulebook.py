"""A preset's numbers as the Rules and comparison pages show them.

Every row reads a named field of :class:`~referee.rules.Variant` (never a preset's id),
so a new preset or a corrected number shows up here without a change.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString
from markupsafe import Markup

from ...rules import (
    PRESETS,
    CanastaKind,
    Meld,
    Rank,
    RedThreeCondition,
    Rule,
    Variant,
    meld_problems,
    parse_cards,
)
from ...rules.catalogue import catalogue
from ...rules.hand import threes_points
from ...rules.quotes import agreeing_quote
from ...rules.sources import book_of, seed_text, source_language, source_title
from ..plumbing.locale import number, rule_text, translate

GROUP_TITLES = {
    "cards": _l("Cards and values"),
    "play": _l("Playing a turn"),
    "melds": _l("Melds"),
    "canastas": _l("Canastas"),
    "opening": _l("Opening"),
    "pile": _l("The pile"),
    "going_out": _l("Going out"),
    "scoring": _l("Scoring"),
    "irregularities": _l("Irregularities and penalties"),
}

KIND_NAMES = {
    CanastaKind.NATURAL: _l("natural"),
    CanastaKind.MIXED: _l("mixed"),
    CanastaKind.WILD: _l("wild"),
    CanastaKind.WILD_JOKERS: _l("four jokers"),
    CanastaKind.WILD_DEUCES: _l("other wild"),
    CanastaKind.WILD_MIXED: _l("mixed wild"),
    CanastaKind.WILD_CLEAN: _l("clean wild"),
    CanastaKind.BLACK_THREES: _l("black threes"),
    CanastaKind.SEQUENCE: _l("sequence"),
    CanastaKind.SEVENS: _l("sevens"),
    CanastaKind.ACES: _l("aces"),
    CanastaKind.WILD_TWOS: _l("seven twos"),
}
# The kinds of canasta a row of the comparison gathers: of wild cards, and the others.
OTHER_KINDS = (CanastaKind.SEQUENCE, CanastaKind.SEVENS, CanastaKind.ACES)
WILD_KINDS = [
    k for k in CanastaKind if k not in (CanastaKind.NATURAL, CanastaKind.MIXED, *OTHER_KINDS)
]
# The meld the comparison page tries: two naturals and three wild cards.
TRIAL_MELD = Meld(parse_cards("9 9 X X X"))


def quote_language(source: str) -> str | None:
    """The language of the book a rule's ``source`` names, for its quote's and title's ``lang``."""
    return source_language(source)


def quote(text: str, source: str) -> Markup:
    """A rulebook's own words as a ``<q>`` marked with their language; a quote drawn from
    several books ("… / …", one part per book of ``source``) marks each part with its own."""
    books, parts = source.split("; "), text.split(" / ")
    if len(books) > 1 and len(books) == len(parts):
        inner = Markup(" / ").join(
            Markup('<span lang="%s">%s</span>') % (source_language(b) or "", p)
            for b, p in zip(books, parts, strict=True)
        )
        return Markup("<q>%s</q>") % inner
    lang = source_language(source)
    return (Markup('<q lang="%s">%s</q>') % (lang, text)) if lang else Markup("<q>%s</q>") % text


def _said(text: str) -> str:
    """A sentence as it reads, for telling two apart: letters and figures, in lower case."""
    return " ".join(re.sub(r"[\W_]+", " ", text.casefold()).split())


def language_name(code: str) -> str:
    """A language named in the page's language: "nl" on a Czech page is "nizozemština"."""
    from babel import Locale
    from flask_babel import get_locale

    return Locale.parse(code).get_display_name(str(get_locale())) or code


def own_words(variant: Variant, rule: Rule) -> list[dict[str, str | None]]:
    """The rulebook's own words a page quotes beside ``rule``'s statement: one part per book
    (a rule drawn from two books quotes each, "… / …"), each with its language's code and
    the label that names the book and its language in the page's language.  [] where there
    is nothing to quote: no quote, one that counts an example otherwise than ``variant``
    (:func:`~referee.rules.quotes.agreeing_quote`), or the very sentence the statement is."""
    quote = agreeing_quote(variant, rule)
    if not quote or _said(quote) == _said(rule_text(rule, variant)):
        return []
    books, parts = rule.source.split("; "), quote.split(" / ")
    if len(books) != len(parts):  # one quote for the books together
        books, parts = ["; ".join(books)], [quote]
    out: list[dict[str, str | None]] = []
    for source, text in zip(books, parts, strict=True):
        book, code = book_of(source), source_language(source)
        title = book.title if book is not None and code else None
        if title and code:
            label = _(
                "Word for word from “%(book)s” (original language: %(language)s):",
                book=title,
                language=language_name(code),
            )
        else:
            label = _("Word for word from %(books)s:", books=source_title(source))
        out.append({"text": text, "lang": code, "label": label})
    return out


def variant_name(variant: Variant) -> str:
    """The variant's name in the page's language: "Czech (club rules, 13 cards)" -> "Česká (…)"."""
    return translate(variant.name)


def short_name(variant: Variant) -> str:
    """ "Classic (Laws of Canasta)" -> "Classic": a column head that fits a phone."""
    return variant_name(variant).split(" (")[0]


def page(variant: Variant, **context: Any) -> str:
    """The rulebook page of ``variant``: its numbers' tables and its rules by group."""
    from flask import render_template

    return render_template(
        "rules.html",
        variant=variant,
        groups=groups(variant),
        values=card_values(variant),
        opening=opening_rows(variant),
        bonuses=canasta_bonuses(variant),
        presets=PRESETS,
        short_name=short_name,
        quote_language=quote_language,
        quote=quote,
        own_words=own_words,
        quoted_in=quoted_in(variant),
        seed_text=lambda variant: seed_text(variant.seed),
        **context,
    )


def quoted_in(variant: Variant) -> str:
    """The languages ``variant``'s rulebooks are quoted in besides the page's, named in the
    page's language ("nizozemština, němčina"): what the page says before the quotes, so a
    reader knows whose words they are; "" when every quote is in the page's language."""
    from babel import Locale
    from flask_babel import get_locale

    page = str(get_locale())
    codes = {
        code
        for rule in variant.rules.values()
        if rule.quote
        for book in rule.source.split("; ")
        if (code := source_language(book)) and code != page
    }
    return ", ".join(sorted(Locale.parse(code).get_display_name(page) for code in codes))


def groups(variant: Variant) -> list[tuple[str, Any, list[Any]]]:
    """The catalogue's groups that hold a rule of ``variant``, in rulebook order, with
    titles in the app's language."""
    return [
        (group, GROUP_TITLES[group], rules) for group, _title, rules in catalogue(variant) if rules
    ]


def card_values(variant: Variant) -> list[tuple[str, int]]:
    """(ranks, points) rows; neighbouring ranks from king to four of equal value share a row."""
    names = {Rank.THREE: _("3 (black)"), Rank.JOKER: _("Joker")}
    rows: list[tuple[list[str], int]] = []
    shared = False  # whether the last row may take the next rank
    for rank in Rank:
        points = variant.card_points[rank]
        plain = rank.order >= 4 and rank is not Rank.ACE
        if plain and shared and rows[-1][1] == points:
            rows[-1][0].append(rank.value)
        else:
            rows.append(([names.get(rank, rank.value)], points))
        shared = plain
    return [(" ".join(ranks), points) for ranks, points in rows]


def opening_rows(variant: Variant) -> list[tuple[str, int]]:
    """(match total, initial-meld minimum) rows, the negative total first; (hand, minimum)
    where the minimum goes by the hand."""
    if variant.opening_by_round:
        last = len(variant.opening_by_round)
        return [
            (_("Hand %(n)s and later", n=n) if n == last else _("Hand %(n)s", n=n), minimum)
            for n, minimum in enumerate(variant.opening_by_round, start=1)
        ]
    rows = [(_("Below 0"), variant.negative_minimum)]
    steps = variant.opening_table
    for i, step in enumerate(steps):
        start = 0 if i == 0 else step.from_score
        if i + 1 < len(steps):
            label = _(
                "%(low)s to %(high)s",
                low=number(start),
                high=number(steps[i + 1].from_score - 5),
            )
        else:
            label = _("%(low)s and more", low=number(start))
        rows.append((label, step.minimum))
    return rows


def canasta_bonuses(variant: Variant) -> list[tuple[str, str]]:
    """(kind, bonus) rows in the order the rules name the kinds."""
    return [
        (
            str(KIND_NAMES[kind]),
            _("wins the match") if kind is CanastaKind.BLACK_THREES else number(bonus),
        )
        for kind, bonus in variant.canasta_bonus.items()
    ]


# -- the comparison ---------------------------------------------------------------------------


def _yes(value: bool) -> str:
    return _("yes") if value else _("no")


def _or_dash(value: object) -> str:
    return "—" if value is None or value == 0 else number(value)


def _per_players(counts: dict[int, int]) -> str:
    if len(set(counts.values())) == 1:
        return str(next(iter(counts.values())))
    return "; ".join(_("%(n)s players: %(k)s", n=n, k=k) for n, k in sorted(counts.items()))


def _minus(points: int) -> str:
    return f"−{number(points)}" if points else "—"


def _wild_canastas(v: Variant) -> str:
    parts = [
        _("black threes win the match")
        if k is CanastaKind.BLACK_THREES
        else f"{KIND_NAMES[k]} {number(v.canasta_bonus[k])}"
        for k in WILD_KINDS
        if k in v.canasta_bonus
    ]
    return ", ".join(parts) or "—"


def _other_canastas(v: Variant) -> str:
    parts = [
        f"{KIND_NAMES[k]} {number(v.canasta_bonus[k])}" for k in OTHER_KINDS if k in v.canasta_bonus
    ]
    return ", ".join(parts) or "—"


def _sequences(v: Variant) -> str:
    if v.sequences:
        if v.sequence_wilds:
            return _("yes, with wild cards")
        if v.max_sequence_cards < 11:
            return _(
                "yes, %(low)s to %(high)s cards", low=v.min_meld_cards, high=v.max_sequence_cards
            )
        return _("yes")
    return _("escalas, no wild cards") if v.escalas else _("no")


def _black_three_melds(v: Variant) -> str:
    if not v.black_threes_when_going_out:
        return _("no")
    if v.black_three_meld_max:
        return _("going out, up to %(n)s", n=v.black_three_meld_max)
    return _("going out")


def _concealed_canasta(v: Variant) -> str:
    if v.hand_canasta_doubles:
        return _("double")
    return _or_dash(v.concealed_canasta_bonus)


def _one_card(v: Variant) -> str:
    if v.one_card_no_pickup:
        return _("may not take the pile")
    if v.one_card_single_pile:
        return _("may not take a one-card pile")
    return "—"


Row = tuple[str, Any, Callable[[Variant], object]]


def _field(name: str) -> Callable[[Variant], object]:
    return lambda v: getattr(v, name)


def _switch(name: str) -> Callable[[Variant], object]:
    return lambda v: _yes(getattr(v, name))


def _bonus(kind: CanastaKind) -> Callable[[Variant], object]:
    return lambda v: _or_dash(v.canasta_bonus.get(kind))


def _minimum_at(score: int) -> Callable[[Variant], object]:
    return lambda v: v.opening_minimum(score)


def _undeclared(v: Variant) -> str:
    return _minus(v.undeclared_red_three_penalty)


def _onto_canasta(v: Variant) -> str:
    return _yes(v.pickup_by_adding and v.pickup_onto_canasta)


def _all_red_threes(v: Variant) -> str:
    count = v.all_red_threes_count
    if v.threes_table:
        count = max(v.threes_table)
    return _("%(n)s: %(points)s", n=count, points=number(threes_points(v, count)))


def _red_threes_if(v: Variant) -> str:
    if v.red_threes_count_if is RedThreeCondition.MELD:
        return _("melded")
    if v.red_threes_canastas == 0:
        return _("always")
    if v.red_threes_canastas == 1:
        return _("a canasta")
    return _("%(n)s canastas", n=v.red_threes_canastas)


def _unfinished(v: Variant) -> str:
    costs = sorted(set(v.unfinished_penalty.values()), reverse=True)
    return " / ".join(f"−{number(c)}" for c in costs) or "—"


def _target(v: Variant) -> str:
    if v.rounds is not None:
        return _("%(n)s hands", n=v.rounds)
    return number(v.target_score)


def _by_round(v: Variant) -> str:
    return ", ".join(map(number, v.opening_by_round)) or "—"


def _black_three_in_hand(v: Variant) -> str:
    return _minus(v.black_three_in_hand_penalty or v.card_points[Rank.THREE])


def _concealed_out(v: Variant) -> str:
    bonus = v.concealed_going_out_bonus
    return _("not allowed") if bonus is None else _or_dash(bonus)


def _out_canastas(v: Variant) -> str:
    both = _(", a clean and a dirty") if v.going_out_needs_clean_and_dirty else ""
    kinds = "".join(
        _(", %(n)s %(kind)s", n=n, kind=KIND_NAMES[kind]) for kind, n in v.going_out_kinds.items()
    )
    return _per_players(dict(v.going_out_canastas)) + both + kinds


def _partner(v: Variant) -> str:
    return {"may": _("may"), "must": _("must")}.get(v.partner_permission or "", "—")


def _black_three_stops(v: Variant) -> str:
    return _("everyone") if v.black_three_blocks_all else _("the next player")


def _options(v: Variant) -> str:
    return " · ".join(translate(o.help) for o in v.options) or "—"


def _sections(variants: Iterable[Variant]) -> list[tuple[Any, list[Row]]]:
    starts = sorted({s.from_score for v in variants for s in v.opening_table if s.from_score})
    opening: list[Row] = [
        ("opening.round", _l("By hand"), _by_round),
        ("opening.negative", _l("Below 0"), _field("negative_minimum")),
        ("opening.0", _l("From 0"), lambda v: v.opening_minimum(0)),
        *[
            (f"opening.{s}", _l("From %(n)s", n=LazyString(number, s)), _minimum_at(s))
            for s in starts
        ],
        ("opening.bonus", _l("Canasta bonus counts"), _switch("opening_counts_canasta_bonus")),
        (
            "opening.top",
            _l("The pile's top card counts towards the opening"),
            _switch("opening_counts_pile_top"),
        ),
        ("opening.natural", _l("Needs 3 natural cards"), _switch("opening_needs_natural_group")),
        ("opening.failed", _l("Each failed try adds"), lambda v: _or_dash(v.failed_opening_step)),
    ]
    return [
        (_l("The table"), [
            ("players", _l("Players"), lambda v: ", ".join(map(str, v.players))),
            ("target", _l("Target score"), _target),
            ("two", _l("Value of a 2"), lambda v: v.card_points[Rank.TWO]),
            ("joker", _l("Value of a joker"), lambda v: v.card_points[Rank.JOKER]),
        ]),
        (_l("Melds"), [
            ("trial", _l("9 9 X X X is legal"), lambda v: _yes(not meld_problems(v, TRIAL_MELD))),
            ("max-wild", _l("Most wild cards in a meld"), _field("max_wild")),
            ("sequences", _l("Sequences"), _sequences),
            ("one-per-rank", _l("One meld per rank"), _switch("one_meld_per_rank")),
            ("black-threes", _l("Black-three melds"), _black_three_melds),
            ("wild-melds", _l("Melds of wild cards only"), _switch("wild_melds")),
        ]),
        (_l("Canastas"), [
            ("natural", _l("Natural canasta"), _bonus(CanastaKind.NATURAL)),
            ("mixed", _l("Mixed canasta"), _bonus(CanastaKind.MIXED)),
            ("wild", _l("Wild canastas"), _wild_canastas),
            ("other", _l("Sequence, sevens, aces"), _other_canastas),
            ("concealed", _l("Canasta laid from the hand"), _concealed_canasta),
        ]),
        (_l("Red threes"), [
            ("red-three", _l("Each red three"), _field("red_three_bonus")),
            ("red-threes-all", _l("All the red threes"), _all_red_threes),
            ("black-threes-out", _l("Black threes laid out"), _switch("black_threes_laid_out")),
            ("red-threes-if", _l("Count plus if the side has"), _red_threes_if),
        ]),
        (_l("Penalties"), [
            ("undeclared", _l("Red three not declared"), _undeclared),
            ("black-three-hand", _l("Black three left in hand"), _black_three_in_hand),
            ("no-canasta", _l("No canasta: all minus"), _switch("no_canasta_scores_all_negative")),
            ("unfinished", _l("Unfinished meld"), _unfinished),
            ("held", _l("Three aces or sevens in a hand"), lambda v: _minus(v.held_penalty)),
        ]),
        (_l("Going out"), [
            ("out-bonus", _l("Going out bonus"), _field("going_out_bonus")),
            ("out-concealed", _l("Going out concealed"), _concealed_out),
            ("out-canastas", _l("Canastas needed"), _out_canastas),
            ("out-discard", _l("Needs a last discard"), _switch("going_out_needs_discard")),
            ("out-partner", _l("Ask the partner"), _partner),
        ]),
        (_l("Opening minimum"), opening),
        (_l("The pile"), [
            ("freezing", _l("Wild cards freeze it"), _switch("pile_freezing")),
            ("pickup", _l("Naturals needed to take it"), _field("pickup_naturals")),
            ("cruzado", _l("Naturals when frozen (cruzado)"), _field("crossed_pickup_naturals")),
            ("natural-wild", _l("A natural and a wild card take it"),
             _switch("pickup_natural_and_wild")),
            ("add", _l("Top card added to a meld takes it"), _switch("pickup_by_adding")),
            ("add-canasta", _l("… even to a finished canasta"), _onto_canasta),
            ("one-card", _l("With one card in hand"), _one_card),
            ("black-three", _l("A black three on top stops"), _black_three_stops),
            ("first-round", _l("Not in the first round"), _switch("no_pickup_first_round")),
        ]),
        (_l("House rules"), [("options", _l("Offered"), _options)]),
    ]  # fmt: skip


def comparison(variants: list[Variant]) -> list[tuple[Any, list[tuple[str, Any, list[Any]]]]]:
    """Sections of rows; each row's cells are (variant id, text, differs from the first column)."""
    out = []
    for title, rows in _sections(variants):
        table = []
        for key, label, value in rows:
            texts = [number(value(v)) for v in variants]  # a score grouped: 5 000
            cells = [
                (v.id, text, text != texts[0]) for v, text in zip(variants, texts, strict=True)
            ]
            table.append((key, label, cells))
        out.append((title, table))
    return out
