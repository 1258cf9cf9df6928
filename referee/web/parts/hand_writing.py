"""A hand's write, from the form (a new hand, an edit, the conflict's "put mine in its
place") and from the offline queue, which sends the same form: scored through the rules
core where it stands in the match, refused while the match moved on from another phone,
and stored, each refusal storage can give turned into one :class:`Written`.  The views
read the form, call :func:`write_hand` and say its outcome.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from flask import request
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from ...match import capacity
from ...match.entry import EntryError, score_entry
from ...match.integrity import check_entry
from ...match.ledger import Change, HandRecord, Ledger, Match, compute_ledger, result_to_dict
from ...rules import HandResult, Problem, Variant
from ...rules.problems import N_, Text
from ...storage import (
    DuplicateSubmission,
    HandGone,
    MatchClosed,
    MatchFull,
    MatchOver,
    Stale,
    TurnMoved,
)
from ..plumbing.db import get_storage
from ..plumbing.locale import number as written
from ..plumbing.locale import rule_text
from .access import closed_message, match_ledger
from .conflicts import Conflict, conflict, phone, seen
from .forms import entry_from_form, out_chosen
from .house_rules import rule_source

# Which field of a side's section a problem code is about; the rest go on the section.
FIELD_FOR_CODE = {
    "going_out_without_canasta": "went_out",
    "went_out_with_cards": "hand",
    "concealed_without_going_out": "concealed",
    "concealed_going_out": "concealed",
    "special_hand_without_going_out": "special_hand",
    "special_hand_after_melding": "special_hand",
    "unknown_special_hand": "special_hand",
    "hand_points": "hand_points",
    "meld_points": "meld_points",
    "hand_twice": "hand",
    "red_three_in_hand": "hand",
    "first_pickup_without_going_out": "first_pickup",
    "acabar_and_out": "acabar",
    "not_in_variant": None,
    "opening_short": "melds",  # quick entry has no melds box: its melded points instead
}
FALLBACK_FIELD = {"melds": "meld_points"}


# Problems about going out go on the hand's one going-out choice, not on a side.
HAND_FIELDS = {"went_out": "out", "concealed": "out_concealed", "special_hand": "out_special"}


class RuleError(str):
    """A field error that carries the rule it cites, so the page can quote it."""

    rule_text: str | None = None
    rule_source: str | None = None


def rule_error(variant: Variant, problem: Problem, prefix: str = "") -> RuleError:
    message = problem.render(_, written)
    error = RuleError(prefix + message[:1].upper() + message[1:])
    rule = variant.rules.get(problem.rule) if problem.rule else None
    if rule is not None:
        error.rule_text, error.rule_source = rule_text(rule, variant), rule_source(rule)
    return error


def _add_error(field: Any, message: str) -> None:
    field.errors = [*field.errors, message]


def _apply_problems(
    form: FlaskForm, variant: Variant, entry: dict[str, Any], problems: tuple[Problem, ...]
) -> list[RuleError]:
    """Put each problem next to the field it is about; return those about the whole hand."""
    general = []
    for problem in problems:
        if problem.side is None:
            general.append(rule_error(variant, problem))
            continue
        section = form[f"side{problem.side}"]
        name = "melds" if problem.meld is not None else FIELD_FOR_CODE.get(problem.code)
        if name in HAND_FIELDS:  # going out is one choice for the whole hand: its field
            target = form[HAND_FIELDS[name]] if HAND_FIELDS[name] in form else form.out
            _add_error(target, rule_error(variant, problem))
            continue
        prefix = ""
        if problem.meld is not None:
            prefix = _("Meld %(n)s: ", n=problem.meld + 1)
        if name not in section.form:
            name = FALLBACK_FIELD.get(name or "")
        target = section.form[name] if name and name in section.form else None
        if target is None:
            section.form.section_errors = [
                *getattr(section.form, "section_errors", []),
                rule_error(variant, problem),
            ]
        else:
            _add_error(target, rule_error(variant, problem, prefix))
    return general


def score_form(form: FlaskForm, match: Match, mode: str, hand_id: int | None):
    """Score the typed hand through the rules core where it stands in the match (hand
    ``hand_id``, or a new one); on any problem, mark the form."""
    variant = match.variant
    sides = len(match.side_names)
    entry = entry_from_form(form, sides, mode)
    try:
        result = score_entry(
            variant, match.players, match.side_names, entry, *place(match, hand_id)
        )
    except EntryError as error:
        section = form[f"side{error.side}"].form
        message = error.words.render(_, written)
        message = message[:1].upper() + message[1:]
        if error.field in section:
            _add_error(section[error.field], message)
        else:  # a field of a form before this one (a hand kept from then): the side says it
            section.section_errors = [*getattr(section, "section_errors", []), message]
        return entry, None, []
    general = _apply_problems(form, variant, entry, result.problems)
    return entry, result, general


def place(match: Match, hand_id: int | None) -> tuple[tuple[int, ...], int]:
    """Where hand ``hand_id`` stands (a new hand: after the last): the sides' totals before
    it, from those carried over from paper, and its number counting the hands played there."""
    ledger = match_ledger(match)
    for row in ledger.rows:
        if row.hand.id == hand_id:
            return row.before, match.carried_hands + row.number
    return ledger.totals, match.carried_hands + len(ledger.rows) + 1


def agreed() -> bool:
    """Whether the table chose "Record it anyway": the hand is stored with its problems."""
    return request.form.get("anyway") == "yes"


def clash_for(match: Match, form: FlaskForm, stale: Stale, *, gone: bool = False) -> Conflict:
    """The conflict to show for ``stale``; the form is sent again on the version it shows."""
    form.seen.data = str(stale.version)
    return conflict(match, match_ledger(match), stale.changes, gone=gone)


def since(match: Match, was: int | None) -> Stale:
    """What happened to the match after version ``was`` (a hand gone meanwhile)."""
    storage = get_storage()
    return Stale(storage.changes_since(match.id, was or 0), storage.version(match.id))


def refused_change(match: Match, error: MatchClosed | MatchFull) -> str:
    """Why storage refused a change to the match, in the page's language: it closed (a
    round ended while the change was on its way) or it is full."""
    if isinstance(error, MatchClosed):
        return closed_message(match, str(error)) or ""
    if error.args and error.args[0] == "changes":
        return capacity.changes_full().render(_, written)
    return capacity.match_full().render(_, written)


def may_store(form: FlaskForm, sides: int, result: HandResult | None) -> bool:
    """Whether a hand scored as typed is stored: its cards read, it says who went out (a
    deliberate choice, Nobody included: a forgotten one is said on it, with the rest of
    what is wrong, everything typed kept), and it breaks no rule or the table agreed — to
    a rule it may break, never to a hand no packs could hold (refused, even "anyway")."""
    if not out_chosen(form, sides):
        form.out.errors = [*form.out.errors, _("Choose who went out: a side, or Nobody.")]
        return False
    return result is not None and (result.valid or (agreed() and result.possible))


def numbers(match: Match) -> dict[int, int]:
    return {row.hand.id: row.number for row in match_ledger(match).rows}


def over_message() -> str:
    return _("The match is over: no more hands. Edit or undo a hand to reopen it.")


@dataclass
class Written:
    """What came of a hand's write.

    ``stored``: it is in the match (``ledger`` the match after it); ``duplicate``: its
    one-time token was used already (``result`` set where storage found it so, in its
    transaction); ``clash``: the match moved on from another phone (``clash`` says how);
    ``refused``: the match is over, closed or full (``general`` says
    why); ``problems``: not stored as typed, each problem on the form, the rest in
    ``general`` (``disputable``: the table may record it anyway)."""

    outcome: Literal["stored", "duplicate", "clash", "refused", "problems"]
    result: HandResult | None = None
    general: list[str] = field(default_factory=list)
    clash: Conflict | None = None
    disputable: bool = False
    number: int | None = None  # the hand's number, for an edit or a replacement
    ledger: Ledger | None = None


def write_hand(
    match: Match, form: FlaskForm, mode: str, *, hand_id: int | None = None,
    replaces: int | None = None,
) -> Written:  # fmt: skip
    """Score the validated ``form`` and store it: hand ``hand_id`` edited, the hand it
    ``replaces`` (a new hand's conflict: "put mine in its place"), or a new hand.

    The checks run in the order a table meets them: a hand already recorded (a new one's
    token), the match moved on from another phone, the rules, then storage's own refusals
    inside its transaction (the match over, closed or full; the token; the version)."""
    storage = get_storage()
    sides = len(match.side_names)
    was = seen(form.seen.data)
    target = hand_id if hand_id is not None else replaces
    if hand_id is None and storage.token_used(form.token.data):
        return Written("duplicate")
    # The match moved on from another phone: that first, before what the rules say.
    if (stale := storage.stale(match.id, was, phone(), target)) is not None:
        return Written("clash", clash=clash_for(match, form, stale))
    entry, result, general = score_form(form, match, mode, target)
    if not may_store(form, sides, result):
        disputable = result is not None and not result.valid and result.possible
        return Written("problems", result, general, disputable=disputable)
    assert result is not None
    number = numbers(match).get(target) if target is not None else None
    try:
        if target is not None:
            storage.update_hand(
                match.id, target, entry, result_to_dict(result),
                seen=was, phone=phone(), token=form.token.data,
            )  # fmt: skip
        else:
            # Over or not is decided by the hands as stored when this one would join them:
            # of several phones sending the last hand at once, one is stored.
            previous = match_ledger(match)

            def over(hands: list[HandRecord]) -> bool:
                return compute_ledger(match, hands, previous).finished

            storage.add_hand(
                match.id, entry, result_to_dict(result), form.token.data,
                seen=was, phone=phone(), over=over,
            )  # fmt: skip
    except DuplicateSubmission:
        return Written("duplicate", result)
    except Stale as stale:
        gone = hand_id is not None and storage.get_hand(match.id, hand_id) is None
        return Written("clash", result, clash=clash_for(match, form, stale, gone=gone))
    except HandGone:  # the hand to change went meanwhile: show what happened to it
        gone = hand_id is not None and storage.get_hand(match.id, hand_id) is None
        return Written("clash", result, clash=clash_for(match, form, since(match, was), gone=gone))
    except MatchOver:
        return Written("refused", result, [over_message()])
    except (MatchClosed, MatchFull) as error:
        return Written("refused", result, [refused_change(match, error)])
    # The ledger after it (which also marks a match just won).
    return Written("stored", result, number=number, ledger=match_ledger(match))


# How often an undo or a redo is scored again when another phone turned a change first.
TURN_TRIES = 5


def turn_back(match: Match, *, redo: bool, token: str | None) -> Change | None:
    """Undo the match's last change (``redo``: make again the last one undone), the hand
    it puts back scored here, where it stands, and stored with that score: storage scores
    nothing.  None: nothing to undo (redo).

    :raises DamagedMatch: the change's stored copy of the hand is damaged (refused).
    :raises DuplicateSubmission, MatchClosed, MatchFull: as storage's undo and redo."""
    storage = get_storage()
    turn = storage.redo if redo else storage.undo
    for attempt in range(TURN_TRIES):
        change = storage.next_turn(match.id, redo=redo)
        if change is None:
            return None
        back = change.after if redo else change.before
        result = None
        if back is not None:
            check_entry(back, len(match.side_names), Text(N_("the hand")))  # damaged: refused
            scored = score_entry(match.variant, match.players, match.side_names, back)
            result = result_to_dict(scored)
        try:
            return turn(match.id, change.id, result, token, phone=phone())
        except TurnMoved:  # another phone turned or made a change first: score that one
            if attempt == TURN_TRIES - 1:
                raise
    return None
