"""Home page, new match, the ledger, its history, and the poll that keeps phones current."""

from __future__ import annotations

import segno
from flask import (
    Blueprint,
    current_app,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from markupsafe import Markup

from ...caches import Lru
from ...match.ledger import LedgerRow, Match
from ...match.plaintext import default_match, isolated
from ...match.roster import side_name
from ...match.vocabulary import special_names, words
from ...rules import PRESETS
from ...rules.overrides import apply_overrides
from ...rules.seating import dealer_seat
from ...storage import DuplicateSubmission
from ..parts.access import (
    GROUPS,
    MATCHES,
    TOURNAMENTS,
    closed_message,
    kept_ids,
    kept_links,
    load_match,
    match_ledger,
    next_match_number,
    remember,
)
from ..parts.damaged import refuse_damaged_changes
from ..parts.default_names import (
    default_player,
    default_side,
    is_default_match,
)
from ..parts.forms import PLAYERS_PER_SIDE, NewMatchForm, once
from ..parts.fragments import fragment, page_key
from ..parts.group_state import match_group, move_form
from ..parts.history_words import field_labels, side_changes, taken_out
from ..parts.house_rules import TableRules, changed_lines, form_rules
from ..parts.page_charts import totals_chart
from ..parts.table import chosen_rules, create_match, table_start
from ..parts.tournament_state import match_table
from ..plumbing.addresses import home_url, phone_url, reachable
from ..plumbing.db import get_storage
from ..plumbing.errors import refusal
from ..plumbing.inputs import whole_number
from ..plumbing.locale import number
from ..plumbing.marks import form_shown_again, limited, not_a_document

bp = Blueprint("matches", __name__)


def qr_svg(url: str) -> Markup:
    # segno writes a plain SVG; the figure around it carries the text alternative.
    return Markup(segno.make(url, error="m").svg_inline(scale=5, border=2, omitsize=True))


@bp.route("/")
def home():
    """What this browser made or opened, each by the link it holds, and nothing else: on a
    public server a stranger's first page lists nothing of anyone's (see
    :mod:`referee.web.parts.access`)."""
    storage = get_storage()
    found = storage.get_matches(kept_ids(*MATCHES))
    matches = kept_links(MATCHES, found.get)
    links = {m.id: url_for("matches.ledger", match_id=m.id, token=token) for m, token in matches}
    url = home_url()
    response = make_response(
        render_template(
            "home.html",
            groups=kept_links(GROUPS, storage.get_group),
            tournaments=kept_links(TOURNAMENTS, storage.get_tournament),
            playing=[m for m, _token in matches if not m.finished],
            finished=[m for m, _token in matches if m.finished],
            links=links,
            watched={m.id for m, token in matches if token != m.edit_token},
            url=url,
            # No phone can open a loopback address: no code for it, but how to serve phones.
            qr=qr_svg(url) if reachable(url) else None,
        )
    )
    # Its links are secrets, as the pages under them are (see .caching): no cache may keep
    # it, a shared tablet's or a club's proxy.  The service worker's copy is its own.
    response.headers["Cache-Control"] = "no-store"
    return response


def _side_names(form, sides: int, per_side: int) -> tuple[list[str], list[str]]:
    """The sides' names and the players' names, as typed; a side left unnamed is named
    after its players as a tournament's teams are ("Anna & Ben"), or "Side A" when none
    of them was named either."""
    names, players = [], []
    for s in range(1, sides + 1):
        typed_players = [(form[f"side{s}_p{p}"].data or "").strip() for p in range(1, per_side + 1)]
        members = [
            typed or default_player((s - 1) * per_side + p)
            for p, typed in enumerate(typed_players, start=1)
        ]
        players += members
        typed = (form[f"side{s}_name"].data or "").strip()
        if typed:
            names.append(typed)
        elif per_side == 1 or any(typed_players):
            names.append(side_name(members))
        else:
            names.append(default_side("ABC"[s - 1]))
    return names, players


@bp.route("/matches/new", methods=["GET", "POST"])
@form_shown_again
@limited("LIMIT_NEW_MATCHES")
def new_match():
    form = NewMatchForm()
    problems: list[str] = []
    refused = refusal()
    table = TableRules(None, {})
    if refused:
        form.validate()
        problems.append(refused.message)
    elif request.method == "POST" and (table := form_rules(form)).stay:
        pass  # the rules were opened or loaded to look at: the form again, nothing sent yet
    elif form.validate_on_submit() and (chosen := chosen_rules(form)):
        base, options, players = chosen
        variant = apply_overrides(base.with_options(options), table.overrides or {})
        sides = variant.sides_for(players)
        per_side = min(players // sides, PLAYERS_PER_SIDE)
        side_names, player_names = _side_names(form, sides, per_side)
        start = table_start(form, variant, players)
        if start is not None and (
            match := create_match(
                form,
                base,
                options,
                players,
                side_names,
                player_names,
                table.overrides or {},
                **start,
            )  # fmt: skip
        ):
            return redirect(url_for("matches.ledger", match_id=match.id, token=match.edit_token))
    status = 200 if request.method == "GET" or (table.stay and not table.problem) else 422
    if refused:
        status = refused.status
    return render_template(
        "new_match.html", form=form, presets=PRESETS, problems=problems, table=table
    ), status


def rematch_name(name: str) -> str:
    """A rematch's name, never the same as the match before it on the home page:
    "Friday classic" -> "Friday classic — 2" -> "Friday classic — 3"."""
    if not name:
        return name
    stem, dash, number = name.rpartition(" — ")
    if dash and (counted := whole_number(number)) is not None:
        return f"{stem} — {counted + 1}"
    return f"{name[:55]} — 2"


@bp.post("/m/<int:match_id>/<token>/rematch")
@limited("LIMIT_NEW_MATCHES")
def rematch(match_id: int, token: str):
    """The same players, seating, rules and group again; the deal moved on."""
    match, _can_edit = load_match(match_id, token, edit=True)
    ledger = match_ledger(match)
    if not ledger.finished:
        flash(_("A rematch can start once this match is over."))
        return redirect(url_for("matches.ledger", match_id=match.id, token=token))
    hands = match.carried_hands + len(ledger.rows)
    # A match nobody named is followed by this phone's next one; a named one by its "— 2".
    name = rematch_name(match.name)
    if is_default_match(match.name):
        name = default_match(next_match_number())
    try:
        dealer = dealer_seat(match.variant, match.players, match.first_dealer, hands)
        again = get_storage().create_match(match.again(name, dealer), once=(once(), match.id))
    except DuplicateSubmission:
        flash(_("That was already done; it is not done twice."))
        return redirect(url_for("matches.ledger", match_id=match.id, token=token))
    remember(again)
    flash(_("A new match, with the same players and rules."))
    return redirect(url_for("matches.ledger", match_id=again.id, token=again.edit_token))


# A hand's row as the page shows it, per row, language and link.  A ledger computed again
# reuses the rows of the hands that still stand (referee.match.ledger.compute_ledger), so a
# page renders only its new hands; the fragment cache behind would render none either, but
# making its key (the dealer, the breakdowns, the reasons) is most of a row's cost. Saves 0.33
# ms (14 %) of the 2.30 ms read-only match page, 0.28 ms (9 %) of the edit link's
# (bench/bench_caches.py "hand rows kept", 2026-11-27).  Bound: 4 096 rows of about 1 KB.  Safe:
# keyed by the row object itself, kept alive with its HTML so that its id stays its own, and a
# row is reused only while its hand and the totals before it stand; the rest of what it shows
# is the match's, whose id and link are in the key.  Thread-safe (Lru), and no HTML inside the
# ledger's values.
_ROWS: Lru[tuple[LedgerRow, Markup]] = Lru(4096)


def hand_row(match: Match, row: LedgerRow, token: str | None) -> Markup:
    """One hand of the ledger; ``token`` (the edit link's) adds its Edit button, rendered
    once per language and link (:data:`_ROWS`)."""
    key = (*page_key(), match.id, token, id(row))
    kept = _ROWS.get(key)
    if kept is not None and kept[0] is row:
        return kept[1]
    html = fragment(
        "fragments/hand_row.html",
        side_names=match.side_names,
        dealer=match.dealer_name(row.number),
        note=row.hand.entry.get("note", ""),
        number=row.number,
        scores=row.scores,
        totals=row.totals,
        breakdowns=tuple(tuple(part.items()) for part in row.breakdowns),
        # Each part named in the game's words (books, a hand and foot), as msgids.
        parts=tuple(words(match.variant).parts.items()),
        # Which special hand a side went out with (american), as a msgid, else None.
        specials=special_names(row.hand.entry),
        error=row.error,
        # Each reason begins with its side's name: isolated, as every name on the page.
        disputed=tuple(row.reasons([isolated(n) for n in match.side_names], _, number)),
        match_id=match.id,
        token=token,
        hand_id=row.hand.id,
    )
    _ROWS.put(key, (row, html))
    return html


@bp.route("/m/<int:match_id>/<token>")
def ledger(match_id: int, token: str):
    match, can_edit = load_match(match_id, token)
    remember(match, can_edit)  # its home page offers this link back
    ledger = match_ledger(match)
    storage = get_storage()
    closed = closed_message(match)  # shown read-only, with who closed it
    edit_token = token if can_edit and not closed else None
    view_url = phone_url("matches.ledger", match_id=match.id, token=match.view_token)
    if request.args.get("screen") == "1":  # the TV at a family party: large and read-only
        return render_template(
            "screen.html",
            match=match,
            ledger=ledger,
            rows=ledger.rows[-SCREEN_HANDS:],
            deal=None if ledger.finished or closed else match.known_deal(len(ledger.rows) + 1),
            token=token,
            version=storage.version(match.id),
        )
    return render_template(
        "match.html",
        match=match,
        ledger=ledger,
        rows=[hand_row(match, row, edit_token) for row in ledger.rows],
        deal=None if ledger.finished or closed else match.known_deal(len(ledger.rows) + 1),
        group=match_group(match),
        at_table=match_table(match),
        move_form=move_form(match) if can_edit else None,
        variant=match.variant,
        house=changed_lines(match),
        can_edit=can_edit,
        closed=closed,
        token=token,
        chart=totals_chart(match.side_names, ledger.history, match.goal),
        version=storage.version(match.id),
        view_url=view_url,
        edit_url=phone_url("matches.ledger", match_id=match.id, token=token) if can_edit else None,
        can_undo=bool(edit_token) and storage.can_undo(match.id),
        redoable=bool(edit_token) and storage.redoable(match.id) is not None,
    )


@bp.route("/m/<int:match_id>/<token>/version")
def version(match_id: int, token: str):
    """The match's version, which every phone on the match page asks for every few seconds.

    Its ETag is the version (``"12"``), and app.js sends the version its page shows
    as ``If-None-Match``: while nothing has changed the answer is a 304 with no body,
    made before any JSON, the cheapest answer a request can get.  A wrong token is
    still a 404, whatever tag comes with it.  A GET with the right token is answered before
    Flask by :mod:`referee.web.plumbing.poll`; this view answers what that hands on (a HEAD, a
    database that could not answer) the same way.
    """
    match, _can_edit = load_match(match_id, token)
    current = get_storage().version(match.id)
    tag = str(current)
    if request.if_none_match.contains_weak(tag):
        response = current_app.response_class(status=304)
    else:
        response = jsonify(version=current)
    response.set_etag(tag)
    # The link is a secret: nothing may keep the answer (the tag comes from the page).
    response.headers["Cache-Control"] = "no-store"
    return response


SCREEN_HANDS = 6  # the last hands the big-screen view shows (all fit a 1080-line TV)
HISTORY_PAGE = 50  # changes a page of the history shows, newest first


def _before() -> int | None:
    """The page of the history asked for: the changes numbered below ``?before=`` (a
    change's number); none, or anything but a whole number SQLite can hold: the newest."""
    before = request.args.get("before", "")
    return whole_number(before)


@bp.route("/m/<int:match_id>/<token>/history")
def history(match_id: int, token: str):
    """The match's changes, a page at a time, newest first; ``?before=<change>`` pages
    back (a page is read by its first change's number, not by an offset: each costs the
    same however long the history is)."""
    match, can_edit = load_match(match_id, token)
    storage = get_storage()
    before = _before()
    changes = storage.changes_before(match.id, before, HISTORY_PAGE + 1)
    older = changes[HISTORY_PAGE - 1].id if len(changes) > HISTORY_PAGE else None
    changes = changes[:HISTORY_PAGE]
    # The newer page ends where this one begins (or, past the oldest change, where asked).
    start = changes[0].id if changes else (before or 1) - 1
    newer_ids = storage.change_ids_after(match.id, start, HISTORY_PAGE) if before else []
    newer: dict[str, int] | None = None
    if newer_ids:
        full = len(newer_ids) == HISTORY_PAGE
        newer = {"before": newer_ids[-1] + 1} if full else {}
    number = storage.changes_up_to(match.id, changes[0].id) if changes else 0
    refuse_damaged_changes(match, changes, number)
    rows = match_ledger(match).rows
    numbers = {row.hand.id: row.number for row in rows}
    gone = storage.last_changes(match.id, [c.hand_id for c in changes if c.hand_id not in numbers])
    mine = session.get("phone")  # this browser's, if it ever opened a hand form
    return render_template(
        "history.html",
        match=match,
        token=token,
        can_edit=can_edit,
        changes=changes,
        number=number,
        older=older,
        newer=newer,
        numbers=numbers,
        taken_out={hand: taken_out(last, mine) for hand, last in gone.items()},
        mine=mine,
        disputed={row.hand.id for row in rows if row.disputed},
        labels=field_labels(match),
        side_changes=side_changes,
    )


@bp.route("/manifest.webmanifest")
@not_a_document
def manifest():
    response = jsonify(
        name=_("Canasta Referee"),
        short_name=_("Canasta"),
        start_url=url_for("matches.home"),
        display="standalone",
        background_color="#14532d",
        theme_color="#14532d",
        icons=[
            {
                "src": url_for("static", filename="icon.svg"),
                "sizes": "any",
                "type": "image/svg+xml",
            },
            {
                "src": url_for("static", filename="icon-192.png"),
                "sizes": "192x192",
                "type": "image/png",
            },
            {
                "src": url_for("static", filename="icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
            },
        ],
    )
    response.mimetype = "application/manifest+json"
    return response
