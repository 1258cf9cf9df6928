"""Recording, previewing, editing, deleting and undoing hands (edit link only)."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from ...match import capacity
from ...match.entry import MODES, EntryError, score_entry
from ...match.integrity import DamagedMatch, check_entry
from ...match.ledger import HandRecord, Match, compute_ledger, result_to_dict
from ...rules import HandResult, Problem, Variant
from ...rules.problems import N_, Text
from ...storage import DuplicateSubmission, HandGone, MatchClosed, MatchFull, MatchOver, Stale
from ..parts.access import closed_message, closed_refusal, load_match, match_ledger
from ..parts.conflicts import Conflict, conflict, phone, seen
from ..parts.forms import entry_from_form, formdata_from_entry, hand_form, once, out_chosen
from ..parts.house_rules import rule_source
from ..plumbing.db import get_storage
from ..plumbing.errors import refusal
from ..plumbing.locale import number as written
from ..plumbing.locale import rule_text, signed
from ..plumbing.marks import form_shown_again

bp = Blueprint("hands", __name__, url_prefix="/m/<int:match_id>/<token>")

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


def _rule_error(variant: Variant, problem: Problem, prefix: str = "") -> RuleError:
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
            general.append(_rule_error(variant, problem))
            continue
        section = form[f"side{problem.side}"]
        name = "melds" if problem.meld is not None else FIELD_FOR_CODE.get(problem.code)
        if name in HAND_FIELDS:  # going out is one choice for the whole hand: its field
            target = form[HAND_FIELDS[name]] if HAND_FIELDS[name] in form else form.out
            _add_error(target, _rule_error(variant, problem))
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
                _rule_error(variant, problem),
            ]
        else:
            _add_error(target, _rule_error(variant, problem, prefix))
    return general


def _score(form: FlaskForm, match: Match, mode: str, hand_id: int | None):
    """Score the typed hand through the rules core where it stands in the match (hand
    ``hand_id``, or a new one); on any problem, mark the form."""
    variant = match.variant
    sides = len(match.side_names)
    entry = entry_from_form(form, sides, mode)
    try:
        result = score_entry(
            variant, match.players, match.side_names, entry, *_place(match, hand_id)
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


def _place(match: Match, hand_id: int | None) -> tuple[tuple[int, ...], int]:
    """Where hand ``hand_id`` stands (a new hand: after the last): the sides' totals before
    it, from those carried over from paper, and its number counting the hands played there."""
    ledger = match_ledger(match)
    for row in ledger.rows:
        if row.hand.id == hand_id:
            return row.before, match.carried_hands + row.number
    return ledger.totals, match.carried_hands + len(ledger.rows) + 1


def _agreed() -> bool:
    """Whether the table chose "Record it anyway": the hand is stored with its problems."""
    return request.form.get("anyway") == "yes"


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
        agreed=_agreed(),
    ), status


def _clash(match: Match, form: FlaskForm, stale: Stale, *, gone: bool = False) -> Conflict:
    """The conflict to show for ``stale``; the form is sent again on the version it shows."""
    form.seen.data = str(stale.version)
    return conflict(match, match_ledger(match), stale.changes, gone=gone)


def _since(match: Match, was: int | None) -> Stale:
    """What happened to the match after version ``was`` (a hand gone meanwhile)."""
    storage = get_storage()
    return Stale(storage.changes_since(match.id, was or 0), storage.version(match.id))


def _refused_change(match: Match, error: MatchClosed | MatchFull) -> str:
    """Why storage refused a change to the match, in the page's language: it closed (a
    round ended while the change was on its way) or it is full."""
    if isinstance(error, MatchClosed):
        return closed_message(match, str(error)) or ""
    if error.args and error.args[0] == "changes":
        return capacity.changes_full().render(_, written)
    return capacity.match_full().render(_, written)


def _refused(match: Match, token: str, error: MatchClosed | MatchFull):
    """A delete, undo or redo storage refused: the reason and the way back, never a
    redirect (a change kept offline and sent later is shown as refused)."""
    return closed_refusal(match, token, _refused_change(match, error))


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
        over = _over()
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
    general: list[str] = []
    if form.validate():
        if storage.token_used(form.token.data):
            flash(_("That hand was already recorded; it is not counted twice."))
            return redirect(_match_page(match, token))
        replaces = seen(request.form.get("replaces")) if resolve == "replace" else None
        # The match moved on from another phone: that first, before what the rules say.
        stale = storage.stale(match.id, seen(form.seen.data), phone(), replaces)
        if stale is not None:
            return _render(
                match, token, form, mode, [], status=409, clash=_clash(match, form, stale)
            )
        entry, result, general = _score(form, match, mode, replaces)
        if _may_store(form, sides, result):
            return _store_new(match, token, form, mode, entry, result, replaces)
        disputable = result is not None and not result.valid and result.possible
    else:
        disputable = False
        if form.token.errors:
            general.append(_missing_token())
    return _render(match, token, form, mode, general, status=422, disputable=disputable)


def _store_new(match, token, form, mode, entry, result, replaces: int | None):
    """Store a new hand (or, the conflict's "put mine in place of it", the hand it
    replaces); on a change from another phone since the form opened, show it instead."""
    storage = get_storage()
    was = seen(form.seen.data)
    try:
        if replaces is not None:
            number = _numbers(match).get(replaces)
            storage.update_hand(
                match.id, replaces, entry, result_to_dict(result),
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
        flash(_("That hand was already recorded; it is not counted twice."))
    except Stale as stale:
        clash = _clash(match, form, stale)
        return _render(match, token, form, mode, [], status=409, clash=clash)
    except HandGone:  # the hand to replace went meanwhile: show what happened to it
        clash = _clash(match, form, _since(match, was))
        return _render(match, token, form, mode, [], status=409, clash=clash)
    except MatchOver:
        return _render(match, token, form, mode, [_over()], status=409)
    except (MatchClosed, MatchFull) as error:
        return _render(match, token, form, mode, [_refused_change(match, error)], status=409)
    else:
        after = match_ledger(match)  # also marks a match just won
        if replaces is not None:
            flash(_("Hand %(n)s is now the one you typed.", n=number or "?"))
        else:
            flash(_recorded(result, len(after.rows)))
        if after.finished or after.tie:  # the page opens on the result: its top
            return redirect(_match_page(match, token))
    return redirect(_match_page(match, token) + "#said")


def _over() -> str:
    return _("The match is over: no more hands. Edit or undo a hand to reopen it.")


def _missing_token() -> str:
    return _("The form is missing its one-time token; reload the page and try again.")


def _match_page(match: Match, token: str) -> str:
    return url_for("matches.ledger", match_id=match.id, token=token)


def _may_store(form: FlaskForm, sides: int, result: HandResult | None) -> bool:
    """Whether a hand scored as typed is stored: its cards read, it says who went out (a
    deliberate choice, Nobody included: a forgotten one is said on it, with the rest of
    what is wrong, everything typed kept), and it breaks no rule or the table agreed — to
    a rule it may break, never to a hand no packs could hold (refused, even "anyway")."""
    if not out_chosen(form, sides):
        form.out.errors = [*form.out.errors, _("Choose who went out: a side, or Nobody.")]
        return False
    return result is not None and (result.valid or (_agreed() and result.possible))


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
        clash = _clash(match, form, _since(match, was), gone=True)
        form.validate()
        return _render(match, token, form, mode, [], hand=hand, status=409, clash=clash)
    general: list[str] = []
    disputable = False
    if form.validate():
        if (stale := storage.stale(match.id, was, phone(), hand.id)) is not None:
            clash = _clash(match, form, stale)
            return _render(match, token, form, mode, [], hand=hand, status=409, clash=clash)
        entry, result, general = _score(form, match, mode, hand.id)
        if _may_store(form, sides, result):
            try:
                storage.update_hand(
                    match.id, hand.id, entry, result_to_dict(result),
                    seen=was, phone=phone(), token=form.token.data,
                )  # fmt: skip
            except DuplicateSubmission:
                flash(_("That was already done; it is not done twice."))
                return redirect(_match_page(match, token))
            except (Stale, HandGone) as error:
                stale = error if isinstance(error, Stale) else _since(match, was)
                still = storage.get_hand(match.id, hand.id) is not None
                clash = _clash(match, form, stale, gone=not still)
                return _render(match, token, form, mode, [], hand=hand, status=409, clash=clash)
            except (MatchClosed, MatchFull) as error:
                general = [_refused_change(match, error)]
                return _render(match, token, form, mode, general, hand=hand, status=409)
            number = _numbers(match).get(hand.id, "?")
            if result.valid:
                flash(_("Hand %(n)s changed; the totals are recomputed.", n=number))
            else:
                flash(_("Hand %(n)s changed as the table agreed, marked as disputed.", n=number))
            return redirect(_match_page(match, token) + "#said")
        disputable = result is not None and not result.valid and result.possible
    elif form.token.errors:
        general.append(_missing_token())
    return _render(match, token, form, mode, general, hand=hand, status=422, disputable=disputable)


@bp.route("/hands/<int:hand_id>/delete", methods=["POST"])
def delete(match_id: int, token: str, hand_id: int):
    match, _can_edit = load_match(match_id, token, edit=True)
    if closed := closed_message(match):
        return closed_refusal(match, token, closed)
    number = _numbers(match).get(hand_id)  # its number while it is still there
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


def _numbers(match: Match) -> dict[int, int]:
    return {row.hand.id: row.number for row in match_ledger(match).rows}


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
    variant = match.variant

    def rescore(entry: dict[str, Any]) -> dict[str, Any]:
        check_entry(entry, len(match.side_names), Text(N_("the hand")))  # damaged: refused
        result: HandResult = score_entry(variant, match.players, match.side_names, entry)
        return result_to_dict(result)

    before = _numbers(match)  # a hand removed now is numbered as it was
    storage = get_storage()
    try:
        change = (storage.redo if redo else storage.undo)(match.id, rescore, once(), phone=phone())
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
        number = before.get(change.hand_id) or _numbers(match).get(change.hand_id, "?")
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
    before, number = _place(match, request.args.get("hand", type=int))
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
        error = _rule_error(match.variant, problem)
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
