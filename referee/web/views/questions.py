"""The referee: the table's questions (the four of every game, and the play rules where its
book has them) answered with the rule quoted; each preset's rules;
the presets side by side.

Answers come from the rules core, as ``referee check`` gives them, each sentence rendered
through gettext.  Card notation the core cannot read becomes an error on its field here.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import Blueprint, abort, redirect, render_template, request, session, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from ...ask import MAX_QUESTION, BadQuestion, Table, ask
from ...match.vocabulary import WORDS
from ...rules import (
    PRESETS,
    UnknownVariant,
    Variant,
)
from ...rules import find_variant as find_preset
from ..parts import rulebook
from ..parts.access import load_match, match_ledger
from ..parts.asked_table import asked_table
from ..parts.forms import (
    QUESTION_FORMS,
    RulesChoice,
    chosen_options,
    offered_questions,
    option_field_name,
    question_forms,
)
from ..parts.house_rules import changed_lines, rule_source
from ..parts.ruling_questions import judge
from ..plumbing.errors import refusal
from ..plumbing.locale import number, rule_text
from ..plumbing.marks import form_shown_again

bp = Blueprint("rulings", __name__)


def _rules_choice() -> Any:
    """The rules form as sent; with no ``house`` flag, every preset's house rules at default."""
    args = MultiDict(request.args)
    if "house" not in args:
        args["house"] = "1"
        for variant in PRESETS.values():
            for option in variant.options:
                if option.default:
                    args[option_field_name(variant.id, option.name)] = "y"
    return RulesChoice(args)


def _chosen(form: Any) -> tuple[Variant, int, list[str]]:
    """The preset, players and house rules the form names, and what was wrong with them."""
    problems = []
    variant_id = form.variant.data or "classic"
    try:
        base = find_preset(variant_id)
    except UnknownVariant:
        base = PRESETS["classic"]
        form.variant.errors = [
            _(
                "There are no rules called “%(id)s”; choose one of the list.",
                id=variant_id[:40],
            )
        ]
        problems.append(form.variant.errors[0])
    players = base.default_players
    if form.players.data:
        try:
            players = int(form.players.data)
        except ValueError:
            players = 0
        if players not in base.players:
            allowed = ", ".join(str(n) for n in base.players)
            message = _(
                "%(rules)s is played by %(allowed)s players, not “%(n)s”.",
                rules=base.name,
                allowed=allowed,
                n=form.players.data[:10],
            )
            form.players.errors = [message]
            problems.append(message)
            players = base.default_players
    chosen = chosen_options(form, base)
    return base.with_options(chosen), players, problems


def _shown(variant: Variant, question: str, ruling: Any) -> dict[str, Any]:
    """A ruling as the page shows it: the sentence in the app's language, the rule cited."""
    text = getattr(ruling, "text", None)
    rule = variant.rule(ruling.rule)
    return {
        "allowed": ruling.allowed,
        "reason": text.render(_, number) if text is not None else ruling.reason,
        # what the book charges (a penalty, cards held): the figure the question asks for
        "penalty": ruling.points if question in ("penalty", "held") else None,
        "cost": question == "held",  # a cost, not a yes or no: "Penalised" / "No penalty"
        # what a hand scores: the figure and its parts, in the game's words
        "figure": ruling.points if question == "hand_score" else None,
        "parts": [
            (_(WORDS[variant.vocabulary].parts.get(key, key)), points)
            for key, points in (ruling.breakdown if question == "hand_score" else {}).items()
            if points
        ],
        "rule": {
            "id": f"{variant.id}.{ruling.rule}",
            "key": ruling.rule,
            "text": rule_text(rule, variant),
            "source": rule_source(rule),
            "lang": rulebook.quote_language(rule.source),
            "quoted": rulebook.own_words(variant, rule),
        },
    }


def _rules_url(variant: Variant, context: dict[str, Any]) -> str | None:
    """The rules page the answers link to: the match's own, else the preset's."""
    if context.get("match") is not None:
        return url_for("house.match_rules", match_id=context["match"].id, token=context["token"])
    if variant.id in PRESETS:
        return url_for("rulings.rules", variant_id=variant.id)
    return None


def _table(context: dict[str, Any]) -> Table | None:
    """A match's table as the ruling reads it: its sides' totals, players and next hand."""
    match = context.get("match")
    return None if match is None else asked_table(match)


def _ruled(ruling: Any, urls: dict[str, str]) -> dict[str, Any] | None:
    """A ruling as the page shows it: its verdict, sentence and figure in the page's language,
    and the referee's form that asks the same, filled in."""
    if ruling is None:
        return None
    link = None
    if ruling.form is not None:
        question, fields = ruling.form
        filled = urlencode([(f"{question}-{name}", value) for name, value in fields.items()])
        link = f"{urls[question]}&{filled}#q-{question}"
    return {
        "verdict": ruling.verdict,
        "figure": ruling.figure,
        "text": ruling.text.render(_, number),
        "form": ruling.form[0] if ruling.form else None,
        "link": link,
    }


def _asked(variant: Variant, rules_url: str | None, table: Table | None) -> dict[str, Any] | None:
    """The question typed in the box (``?ask=``), answered: the ruling on its situation, the
    rules that answer it, each as the page shows a rule, or what is wrong with the question;
    None when nothing was asked."""
    if "ask" not in request.args:
        return None
    question = request.args["ask"]
    lang = str(get_locale())
    try:
        found = ask(variant, question, lang, table)
    except BadQuestion:
        text = question.strip()
        error = (
            _("Type a question first.")
            if not text
            else _(
                "That question has %(n)s characters; ask it in at most %(most)s.",
                n=number(len(text)),
                most=number(MAX_QUESTION),
            )
        )
        return {"question": question, "error": error, "answers": [], "ruling": None}
    shown = []
    for answer in found.answers:
        rule = answer.rule
        shown.append(
            {
                "key": answer.key,
                "text": rule_text(rule, variant),
                "figure": answer.figure.render(_, number) if answer.figure else None,
                "quoted": rulebook.own_words(variant, rule),
                "lang": rulebook.quote_language(rule.source),
                "source": rule_source(rule),
                "url": f"{rules_url}#rule-{answer.key}" if rules_url else None,
            }
        )
    return {
        "question": question,
        "error": None,
        "answers": shown,
        "ruling": _ruled(found.ruling, _question_urls()),
        "covered": found.covered,
        "did_you_mean": found.did_you_mean,
    }


def _ask(variant: Variant, players: int, problems: list[str], **context: Any):
    """Show the question box and the question forms; answer the one asked, keeping everything
    typed."""
    posted = request.form.get("question") if request.method == "POST" else None
    general = list(problems)
    status = 400 if problems else 200
    rules_url = _rules_url(variant, context)
    asked = _asked(variant, rules_url, _table(context)) if request.method == "GET" else None
    if asked and asked["error"]:
        status = 422
    if request.method == "POST" and posted not in offered_questions(variant):
        general.append(_("The form did not say which question it asks; ask it again."))
        posted, status = None, 400
    shown = _shown_question(posted, offered_questions(variant))
    # a ruling's link opens its form filled in: the fields named in the address
    prefill = (
        request.args
        if request.method == "GET" and any(k.startswith(f"{shown}-") for k in request.args)
        else None
    )
    forms = question_forms(variant, posted, shown if prefill else None, prefill)
    for question, form in forms.items():  # a match's own hand number, until one is typed
        if question != posted and "round_number" in form and context.get("next_hand"):
            form.round_number.data = context["next_hand"]
    answer = None
    if posted:
        form = forms[posted]
        valid = form.validate()
        if refused := refusal():
            general.append(refused.message)
            status = refused.status
        elif problems:
            pass  # the rules chosen above are in doubt: no answer until they are fixed
        elif valid and (ruling := judge(posted, form, variant, players)) is not None:
            answer = _shown(variant, posted, ruling)
        else:
            status = 422
    return render_template(
        "referee.html",
        variant=variant,
        players=players,
        forms=forms,
        posted=posted,
        shown=shown,
        question_urls=_question_urls(),
        offered=offered_questions(variant),
        answer=answer,
        asked=asked,
        rules_url=rules_url,
        # The box's GET form keeps the rules chosen (variant, players, house rules).
        ask_keep=[(k, v) for k, v in request.args.items(multi=True) if k not in ("ask", "lang")],
        general=general,
        here=request.full_path.rstrip("?"),
        rule_presets=PRESETS,
        quote_language=rulebook.quote_language,
        **context,
    ), status


def _shown_question(posted: str | None, offered: tuple[str, ...]) -> str:
    """The one question the page opens: the one asked, the one named (``?q=pickup``), else
    the one this browser opened last (kept in its session), else the meld; only one the
    rules have (``offered``)."""
    named = request.args.get("q")
    shown = posted or (named if named in offered else None)
    shown = shown or session.get("referee_question")
    if shown not in offered:
        shown = "meld"
    if session.get("referee_question") != shown:
        session["referee_question"] = shown
    return shown


def _question_urls() -> dict[str, str]:
    """Each question's own page: this page's address with ``q`` set, the rules kept."""
    args = [(k, v) for k, v in request.args.items(multi=True) if k not in ("q", "ask")]
    here = request.script_root + request.path
    return {q: f"{here}?{urlencode([*args, ('q', q)])}" for q in QUESTION_FORMS}


@bp.route("/referee", methods=["GET", "POST"])
@form_shown_again
def referee():
    choice = _rules_choice()
    variant, players, problems = _chosen(choice)
    if not choice.players.errors:
        choice.players.data = str(players)  # the preset's usual table when none was named
    return _ask(
        variant,
        players,
        problems,
        choice=choice,
        presets=PRESETS,
        option_field_name=option_field_name,
        chosen=lambda name: bool(choice[option_field_name(variant.id, name)].data),
    )


@bp.route("/m/<int:match_id>/<token>/referee", methods=["GET", "POST"])
@form_shown_again
def match_referee(match_id: int, token: str):
    """The referee under a match's own rules: its snapshot, players and house rules."""
    match, _can_edit = load_match(match_id, token)
    ledger = match_ledger(match)
    # The match knows where each side stands: its sides with their totals to choose from,
    # and, where the minimum goes by the hand, the number of the hand being played.
    totals = list(zip(match.side_names, ledger.totals, strict=True))
    return _ask(
        match.variant,
        match.players,
        [],
        match=match,
        token=token,
        house=changed_lines(match),
        match_totals=totals,
        next_hand=match.carried_hands + len(ledger.rows) + 1,
    )


@bp.route("/rules")
def rules_index():
    return redirect(url_for("rulings.compare"))


@bp.route("/rules/compare")
def compare():
    # ?show=samba&show=bolivia: the columns a phone has room for; none chosen, all of them.
    # Unknown ids are ignored; the first column is the one the others are compared with.
    chosen = [i for i in dict.fromkeys(request.args.getlist("show")) if i in PRESETS]
    variants = [PRESETS[i] for i in chosen] or list(PRESETS.values())
    return render_template(
        "compare.html",
        variants=variants,
        presets=PRESETS,
        chosen={v.id for v in variants},
        sections=rulebook.comparison(variants),
        short_name=rulebook.short_name,
    )


@bp.route("/rules/<variant_id>")
def rules(variant_id: str):
    try:
        variant = find_preset(variant_id)
    except UnknownVariant:
        abort(404, _("There are no rules called “%(id)s”.", id=variant_id[:40]))
    return rulebook.page(variant)
