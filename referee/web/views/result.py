"""Sending a match's result to the family chat: a short text and a picture of its card.

Three answers under either link of a match (edit or read-only; nothing without one): the
text (``result.txt``), the card as a PNG (``result.png``, :mod:`referee.result_card`),
and a page with both (``result``), which is what the match page's Share button opens
without JavaScript: the picture to keep and the text to copy.  With JavaScript the same
button hands both to the phone's share sheet (``static/result.js``).  Everything in the
page's language, every number written as the page writes it.
"""

from __future__ import annotations

import dataclasses
import unicodedata

from flask import Blueprint, Response, render_template, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from ...match.ledger import Ledger, Match
from ...match.plaintext import isolated, safe_filename
from ...match.roster import side_name
from ...result_card import Card, CardSide, draw, height
from ..parts.access import load_match, match_ledger
from ..parts.default_names import match_title
from ..parts.rulebook import short_name, variant_name
from ..plumbing.locale import number, signed

bp = Blueprint("result", __name__)

LAST_HANDS = 4  # the hands the card shows, the last ones


def _members(match: Match) -> list[list[str]]:
    """Each side's players, as the new match form lists them: side by side."""
    per_side = max(1, len(match.player_names) // max(1, len(match.side_names)))
    return [
        list(match.player_names[s * per_side : (s + 1) * per_side])
        for s in range(len(match.side_names))
    ]


def _players(name: str, members: list[str], unnamed: set[str]) -> str:
    """The players of a side where its name does not already say them ("" where it does,
    or where nobody named them: "Player 1, Player 2" says nothing)."""
    if not members or side_name(members) == name or set(members) <= unnamed:
        return ""
    return ", ".join(members)


def _unnamed(match: Match) -> set[str]:
    """The players' default names, as the page's language writes them."""
    return {_("Player %(n)s", n=k) for k in range(1, len(match.player_names) + 1)}


def _kept_apart(name: str) -> str:
    """A name in the text, isolated where it holds right-to-left letters (a Hebrew name
    cannot turn "Winner: …, with 6,245" around it); other names go as typed."""
    rtl = any(unicodedata.bidirectional(char) in ("R", "AL") for char in name)
    return isolated(name) if rtl else name


def _title(match: Match) -> str:
    return match_title(match)


def _played(ledger: Ledger) -> int:
    return ledger.next_hand - 1  # hands on paper counted


def _count(hands: int) -> str:
    return ngettext("%(num)s hand", "%(num)s hands", hands)


def _outcome(match: Match, ledger: Ledger) -> str:
    """Who won, or where the match stands: the leader after the last hand."""
    totals = ledger.totals
    if ledger.winner is not None:
        winner = ledger.winner
        return "★ " + _(
            "Winner: %(side)s, with %(total)s",
            side=match.side_names[winner],
            total=number(totals[winner]),
        )
    if ledger.tie:
        return _("A tie at the top: another hand decides.")
    if not ledger.rows and not match.carried_hands:
        return _("No hand recorded yet.")
    best = max(totals)
    leaders = [k for k, total in enumerate(totals) if total == best]
    if len(leaders) > 1:
        return _("After hand %(n)s: level, at %(total)s", n=_played(ledger), total=number(best))
    return _(
        "After hand %(n)s: %(side)s in the lead, with %(total)s",
        n=_played(ledger),
        side=match.side_names[leaders[0]],
        total=number(best),
    )


def _rules(match: Match, short: bool = False) -> str:
    """The rules as the match page's head says them: "Classic (Laws of Canasta) · to 5,000"
    (``short``: "Classic · to 5,000", for the card)."""
    variant = match.variant
    if variant.rounds:
        played = _("%(n)s hands", n=variant.rounds)
    else:
        played = _("to %(target)s", target=number(match.target))
    return f"{(short_name if short else variant_name)(variant)} · {played}"


def result_text(match: Match, ledger: Ledger) -> str:
    """The result as a chat message: the match, each side (its players) and total, the
    outcome, the rules and how many hands."""
    lines = [_title(match)]
    for name, members, total in zip(match.side_names, _members(match), ledger.totals, strict=False):
        players = _kept_apart(_players(name, members, _unnamed(match)))
        said = f"{_kept_apart(name)} ({players})" if players else _kept_apart(name)
        lines.append(f"{said}: {number(total)}")
    shown = dataclasses.replace(match, side_names=tuple(map(_kept_apart, match.side_names)))
    lines.append(_outcome(shown, ledger))
    hands = _played(ledger)
    lines.append(f"{_rules(match)} · {_count(hands)}")
    return "\n".join(lines)


def result_card(match: Match, ledger: Ledger) -> Card:
    """The card's words and figures in the page's language."""
    sides = tuple(
        CardSide(name, _players(name, members, _unnamed(match)), number(total), ledger.winner == k)
        for k, (name, members, total) in enumerate(
            zip(match.side_names, _members(match), ledger.totals, strict=False)
        )
    )
    first = max(0, len(ledger.rows) - LAST_HANDS)
    hands = tuple(
        (str(match.carried_hands + first + k + 1), *(signed(s) for s in row.scores))
        for k, row in enumerate(ledger.rows[first:])
    )
    played = _played(ledger)
    return Card(
        title=_title(match),
        rules=_rules(match, short=True),
        sides=sides,
        outcome=_outcome(match, ledger),
        hands_head=_("Last hands") + " · " + _count(played),
        hands=hands,
        footer=_("Canasta Referee"),
    )


@bp.route("/m/<int:match_id>/<token>/result")
def page(match_id: int, token: str):
    """The result to send, without JavaScript: the picture and the text to copy."""
    match, _can_edit = load_match(match_id, token)
    ledger = match_ledger(match)
    return render_template(
        "result.html",
        match=match,
        token=token,
        title=_title(match),
        text=result_text(match, ledger),
        height=height(result_card(match, ledger)),
        filename=safe_filename(_title(match), ".png", "canasta"),
        back=url_for("matches.ledger", match_id=match.id, token=token),
    )


@bp.route("/m/<int:match_id>/<token>/result.txt")
def text(match_id: int, token: str) -> Response:
    match, _can_edit = load_match(match_id, token)
    return Response(result_text(match, match_ledger(match)), mimetype="text/plain")


@bp.route("/m/<int:match_id>/<token>/result.png")
def picture(match_id: int, token: str) -> Response:
    """The card as a PNG, drawn once per card (:func:`referee.result_card.draw` keeps it)."""
    match, _can_edit = load_match(match_id, token)
    return Response(draw(result_card(match, match_ledger(match))), mimetype="image/png")
