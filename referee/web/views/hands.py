"""Recording, previewing, editing, deleting and undoing hands (edit link only)."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from ...match import capacity
from ...match.entry import MODES, EntryError, score_entry
from ...match.integrity import DamagedMatch
from ...match.ledger import Match
from ...rules import HandResult, Problem
from ...rules.problems import N_
from ...storage import DuplicateSubmission, MatchClosed, MatchFull
from ..parts.access import closed_message, closed_refusal, load_match, match_ledger
from ..parts.conflicts import phone, seen
from ..parts.forms import entry_from_form, formdata_from_entry, hand_form, once
from ..parts.hand_writing import (
    Written,
    agreed,
    clash_for,
    numbers,
    over_message,
    place,
    refused_change,
    rule_error,
    since,
    turn_back,
    write_hand,
)
from ..plumbing.db import get_storage
from ..plumbing.errors import refusal
from ..plumbing.locale import number as written
from ..plumbing.locale import signed
from ..plumbing.marks import form_shown_again

bp = Blueprint("hands", __name__, url_prefix="/m/<int:match_id>/<token>")


def _render(
    match, token, form, mode, general, *, hand=None, status=200, disputable=False, clash=None
):
    rows = match_ledger(match).rows
    number = next((r.number for r in rows if hand and r.hand.id == hand.id), len(rows) + 1)
    return render_template(
        "hand_form.html",
        match=match,
        deal=match.known_deal(number),
        number_of_hand=number,
        variant=match.variant,
        token=token,
        form=form,
        mode=mode,
        general=general,
        hand=hand,
        sides=range(len(match.side_names)),
        disputable=disputable,
        clash=clash,
        agreed=agreed(),
    ), status


def _refused(match: Match, token: str, error: MatchClosed | MatchFull):
    """A delete, undo or redo storage refused: the reason and the way back, never a
    redirect (a change kept offline and sent later is shown as refused)."""
    return closed_refusal(match, token, refused_change(match, error))


def _mode() -> str:
    mode = request.values.get("mode", "detailed")
    return mode if mode in MODES else "detailed"


@bp.route("/hands/new", methods=["GET", "POST"])
@form_shown_again
def new(match_id: int, token: str):
    match, _can_edit = load_match(match_id, token, edit=True)
    storage = get_storage()
    mode = _mode()
    sides = len(match.side_names)
    resolve = request.form.get("resolve", "") if request.method == "POST" else ""
    if resolve == "drop":  # the conflict's "that's the same hand": nothing to store
        flash(_("Your copy was dropped: the hand recorded from the other phone stands."))
        return redirect(_match_page(match, token))
    ledger = match_ledger(match)
    closed = closed_message(match)  # its tournament's round is over
    over_now = ledger.finished or capacity.full(len(ledger.rows))
    if closed or (resolve != "replace" and over_now):
        # Hands can still be edited or undone, which may reopen the match.
        over = over_message()
        if closed:
            over = closed
        elif not ledger.finished:  # the largest match there is (referee/match/capacity.py)
            over = capacity.match_full().render(_, written)
        if request.method == "GET":
            if not closed:  # a closed match's page says so itself
                flash(over)
            return redirect(_match_page(match, token))
        # A hand sent (perhaps kept on a phone offline) after the match ended: refused,
        # with its form and what was typed, never dropped behind a redirect.
        form = hand_form(match.variant, len(match.side_names), mode)
        form.validate()
        return _render(match, token, form, mode, [over], status=409)
    if request.method == "GET":
        form = hand_form(
            match.variant, sides, mode, formdata=None, token=secrets.token_urlsafe(16), mode=mode,
            seen=str(storage.version(match.id)),
        )  # fmt: skip
        phone()  # the browser's id, in its session before it sends the form
        return _render(match, token, form, mode, [])
    form = hand_form(match.variant, sides, mode)
    if refused := refusal():
        form.validate()
        return _render(match, token, form, mode, [refused.message], status=refused.status)
    if not form.validate():
        general = [_missing_token()] if form.token.errors else []
        return _render(match, token, form, mode, general, status=422)
    replaces = seen(request.form.get("replaces")) if resolve == "replace" else None
    done = write_hand(match, form, mode, replaces=replaces)
    if done.outcome == "duplicate":
        flash(_("That hand was already recorded; it is not counted twice."))
        if done.result is not None:  # found so by storage, in its transaction
            return redirect(_match_page(match, token) + "#said")
    elif done.outcome != "stored":
        return _not_written(match, token, form, mode, done)
    elif replaces is not None:
        flash(_("Hand %(n)s is now the one you typed.", n=done.number or "?"))
    else:
        assert done.result is not None
        assert done.ledger is not None
        flash(_recorded(done.result, len(done.ledger.rows)))
    if done.ledger is None or done.ledger.finished or done.ledger.tie:
        return redirect(_match_page(match, token))  # the page opens on the result: its top
    return redirect(_match_page(match, token) + "#said")


def _not_written(match, token, form, mode, done: Written, hand=None):
    """The form again, with why the hand was not written (a clash, a refusal, problems)."""
    status = 422 if done.outcome == "problems" else 409
    return _render(
        match, token, form, mode, done.general, hand=hand, status=status,
        disputable=done.disputable, clash=done.clash,
    )  # fmt: skip


def _missing_token() -> str:
    return _("The form is missing its one-time token; reload the page and try again.")


def _match_page(match: Match, token: str) -> str:
    return url_for("matches.ledger", match_id=match.id, token=token)


def _recorded(result: HandResult, number: int) -> str:
    if result.valid:
        return _("Hand %(n)s recorded.", n=number)
    return _("Hand %(n)s recorded as the table agreed, marked as disputed.", n=number)


@bp.route("/hands/<int:hand_id>/edit", methods=["GET", "POST"])
@form_shown_again
def edit(match_id: int, token: str, hand_id: int):
    match, _can_edit = load_match(match_id, token, edit=True)
    storage = get_storage()
    hand = storage.get_hand(match.id, hand_id)
    gone = None
    if hand is None and request.method == "POST":  # taken out meanwhile: keep what was typed
        gone = hand = storage.get_hand(match.id, hand_id, deleted=True)
    if hand is None:
        flash(_("That hand is no longer in the match."))
        return redirect(_match_page(match, token))
    mode = hand.entry.get("mode", "detailed")
    sides = len(match.side_names)
    closed = closed_message(match)
    if closed and request.method == "GET":  # its page says it is closed
        return redirect(_match_page(match, token))
    if request.method == "GET":
        data = formdata_from_entry(dict(hand.entry))
        data["token"] = secrets.token_urlsafe(16)
        data["seen"] = str(storage.version(match.id))
        form = hand_form(match.variant, sides, mode, formdata=data)
        phone()
        return _render(match, token, form, mode, [], hand=hand)
    form = hand_form(match.variant, sides, mode)
    if request.form.get("resolve") == "drop":
        flash(_("Your changes were dropped: the hand stays as the other phone left it."))
        return redirect(_match_page(match, token))
    if refused := refusal():
        form.validate()
        return _render(
            match, token, form, mode, [refused.message], hand=hand, status=refused.status
        )
    if closed:
        form.validate()
        return _render(match, token, form, mode, [closed], hand=hand, status=409)
    was = seen(form.seen.data)
    if gone is not None:
        clash = clash_for(match, form, since(match, was), gone=True)
        form.validate()
        return _render(match, token, form, mode, [], hand=hand, status=409, clash=clash)
    if not form.validate():
        general = [_missing_token()] if form.token.errors else []
        return _render(match, token, form, mode, general, hand=hand, status=422)
    done = write_hand(match, form, mode, hand_id=hand.id)
    if done.outcome == "duplicate":
        flash(_("That was already done; it is not done twice."))
        return redirect(_match_page(match, token))
    if done.outcome != "stored":
        return _not_written(match, token, form, mode, done, hand)
    number = done.number or "?"
    if done.result is not None and done.result.valid:
        flash(_("Hand %(n)s changed; the totals are recomputed.", n=number))
    else:
        flash(_("Hand %(n)s changed as the table agreed, marked as disputed.", n=number))
    return redirect(_match_page(match, token) + "#said")


@bp.route("/hands/<int:hand_id>/delete", methods=["POST"])
def delete(match_id: int, token: str, hand_id: int):
    match, _can_edit = load_match(match_id, token, edit=True)
    if closed := closed_message(match):
        return closed_refusal(match, token, closed)
    number = numbers(match).get(hand_id)  # its number while it is still there
    try:
        deleted = get_storage().delete_hand(match.id, hand_id, once(), phone=phone())
    except DuplicateSubmission:
        flash(_("That was already done; it is not done twice."))
    except (MatchClosed, MatchFull) as error:
        return _refused(match, token, error)
    else:
        if deleted:
            match_ledger(match)
            flash(_("Hand %(n)s deleted. Undo brings it back.", n=number or "?"))
        else:  # another phone took it out first: nothing was deleted now
            last = get_storage().last_changes(match.id, [hand_id]).get(hand_id)
            if last is not None and last.number is not None:
                flash(_("Hand %(n)s is no longer in the match: it was taken out.", n=last.number))
            else:
                flash(_("That hand is no longer in the match."))
    return redirect(_match_page(match, token))


# What undoing or redoing a change did, said of its hand.
UNDONE = {
    "add": N_("Hand %(n)s removed."),
    "delete": N_("Hand %(n)s is back."),
    "edit": N_("Hand %(n)s is as it was before its edit."),
}
REDONE = {
    "add": N_("Hand %(n)s is back."),
    "delete": N_("Hand %(n)s removed again."),
    "edit": N_("Hand %(n)s edited again."),
}


@bp.route("/undo", methods=["POST"])
def undo(match_id: int, token: str):
    return _turn_back(match_id, token, redo=False)


@bp.route("/redo", methods=["POST"])
def redo(match_id: int, token: str):
    return _turn_back(match_id, token, redo=True)


def _turn_back(match_id: int, token: str, *, redo: bool):
    """Undo the last change, or redo the last one undone, and say which hand it touched."""
    match, _can_edit = load_match(match_id, token, edit=True)
    if closed := closed_message(match):
        return closed_refusal(match, token, closed)
    before = numbers(match)  # a hand removed now is numbered as it was
    try:
        change = turn_back(match, redo=redo, token=once())
    except DuplicateSubmission:
        flash(_("That was already done; it is not done twice."))
        return redirect(_match_page(match, token))
    except (MatchClosed, MatchFull) as error:
        return _refused(match, token, error)
    except DamagedMatch as error:  # the change's stored copy of the hand
        message = _(
            "This change cannot be taken back or made again: its stored copy is damaged (%(why)s).",
            why=error.words.render(_, written),
        )
        return closed_refusal(match, token, message, _("Damaged match"))
    if change is None:
        flash(_("There is nothing to redo.") if redo else _("There is nothing to undo."))
    else:
        number = before.get(change.hand_id) or numbers(match).get(change.hand_id, "?")
        flash(_((REDONE if redo else UNDONE)[change.action], n=number))
    return redirect(_match_page(match, token) + "#said")


def _field_errors(form: FlaskForm, sides: int) -> list[dict[str, Any]]:
    """Every field typed wrong, each named with its own message ("Red threes laid out:
    Number must be between 0 and 8."), its field's id and its side (None: a field of the
    whole hand), in the form's order."""
    fields = [(i, f) for i in range(sides) for f in form[f"side{i}"].form]
    fields += [(None, f) for f in form if not f.name.startswith("side")]
    return [
        {
            "field": field.id,
            "side": side,
            "message": _("%(part)s: %(problem)s", part=field.label.text, problem=error),
            "problem": str(error),  # as the server writes it beside the field, after a send
        }
        for side, field in fields
        for error in field.errors
    ]


def _typed_right(form: FlaskForm, sides: int, mode: str) -> dict[str, Any]:
    """The hand as typed, each field typed wrong taken as empty, for scoring the rest."""
    fields = [f for i in range(sides) for f in form[f"side{i}"].form]
    for field in fields + [f for f in form if not f.name.startswith("side")]:
        if field.errors:
            field.data = None
    return entry_from_form(form, sides, mode)


def _without(side: dict[str, Any], field: str) -> dict[str, Any]:
    """A side's entry without what ``field`` said wrong (a meld typed wrong; a quick side's
    mixed canastas whose wild cards do not fit them), to score the rest; a side that is
    still wrong after it (it never is) is left out whole, so that the loop ends."""
    if field.startswith(("mixed_twos", "mixed_jokers")):
        wild = ("mixed_canastas", "mixed_wild", "mixed_twos", "mixed_jokers")
        return {k: v for k, v in side.items() if k not in wild}
    if side.get(field):
        return {**side, field: ""}
    return {}


@bp.route("/hands/preview")
def preview(match_id: int, token: str):
    """Each side's total for the hand as typed so far, and the rules each side breaks (in the
    page's language, with the rule quoted), for the form's live preview.

    Every field typed wrong is said (``errors``: its id, its side, why), not only the
    first, and a typo on one side hides nothing of the others: the hand is scored without
    the fields typed wrong, and each side free of them still gets its total and its
    problems (``scored``).  ``sides`` is the whole answer when nothing was typed wrong;
    ``error`` and ``side`` are the first field's (as pages before this one read it)."""
    match, _can_edit = load_match(match_id, token, edit=True)
    mode = _mode()
    sides = len(match.side_names)
    form = hand_form(match.variant, sides, mode, formdata=request.args, meta={"csrf": False})
    form.validate()
    errors = _field_errors(form, sides)
    entry = _typed_right(form, sides, mode)
    # The hand is judged where it stands, and the total shown is the total after it: when
    # editing hand 1 of 4, the totals before hand 1 plus its new score (issue 37), not today's.
    before, number = place(match, request.args.get("hand", type=int))
    result = None
    while result is None:
        try:
            result = score_entry(
                match.variant, match.players, match.side_names, entry, before, number
            )
        except EntryError as error:  # a typo: said on its side, the rest scored without it
            words = error.words.render(_, written)
            section = form[f"side{error.side}"].form
            field_id = section[error.field].id if error.field in section else f"side{error.side}"
            message = words[:1].upper() + words[1:]
            errors.append(
                {"field": field_id, "side": error.side, "message": message, "problem": message}
            )
            entry["sides"][error.side] = _without(entry["sides"][error.side], error.field)

    def said(problem: Problem) -> dict[str, str | None]:
        error = rule_error(match.variant, problem)
        return {"message": str(error), "rule": error.rule_text, "source": error.rule_source}

    wrong = {e["side"] for e in errors}
    scored = [
        None
        if i in wrong
        else {
            "total": s.total,
            "match_total": t + s.total,
            # As the page writes them: "+1,230 → 3,430" (the page's language).
            "shown": f"{signed(s.total)} → {written(t + s.total)}",
            "problems": [said(p) for p in result.problems if p.side == i],
        }
        for i, (s, t) in enumerate(zip(result.sides, before, strict=True))
    ]
    general = [said(p) for p in result.problems if p.side is None] if not errors else []
    answer: dict[str, Any] = {"scored": scored, "general": general, "errors": errors}
    if errors:
        first = errors[0]
        return jsonify(sides=None, error=first["message"], side=first["side"], **answer)
    return jsonify(sides=scored, problems=len(result.problems), **answer)
