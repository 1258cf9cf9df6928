"""Tournaments: a director's form, the round's tables, live standings, results.

A tournament lives behind two secret links, as a match and a group do (see
:mod:`referee.web.parts.access`): the director's (edit) link begins rounds and opens every table's
match for scoring; the read-only link shows the standings, on a projector or the
players' phones.  Each table plays an ordinary match, reached from its table card;
the match page names its table and shows the round's clock
(:func:`referee.web.parts.tournament_state.match_table`).
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import (
    Blueprint,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from ...caches import Lru
from ...markup import bdi
from ...match.pairing import MITCHELL_THEN_SWISS
from ...match.standings import (
    ABSENT,
    IN_PLAY,
    NOT_STARTED,
    Tournament,
)
from ...rules import PRESETS
from ...rules.movements import MITCHELL, ROUND_ROBIN, PlanError, most_rounds
from ...rules.overrides import OverrideError, apply_overrides
from ...rules.swiss import SWISS
from ...rules.victory import OWN, SCALES, Scale, ScaleError, own_scale, parse_bands, scale_json
from ..parts.access import TOURNAMENTS, keep_opened
from ..parts.forms import NextRoundForm, TournamentForm, chosen_options
from ..parts.fragments import page_key
from ..parts.house_rules import read_minimums
from ..parts.rounds import begin_round, first_round
from ..parts.tournament_state import (
    director_page,
    format_line,
    load_tournament,
    results,
    standing_view,
    state_words,
    tie_words,
    tournament_version,
)
from ..parts.tournament_teams import read_teams
from ..plumbing.db import get_storage
from ..plumbing.errors import refusal
from ..plumbing.locale import number as written
from ..plumbing.locale import translate
from ..plumbing.marks import form_shown_again, limited

bp = Blueprint("tournaments", __name__)


# -- the director's form ----------------------------------------------------------------------


def _game_rules(form: Any) -> dict[str, Any] | None:
    """What every table plays differently from the preset: the hands in a game and the
    opening minimum by hand; None (an error on the form) if the preset cannot."""
    if form.game.data != "hands":
        return {}
    if not form.hands.data:
        form.hands.errors.append(_("Say how many hands a game has."))
        return None
    overrides: dict[str, Any] = {"rounds": form.hands.data}
    try:
        minimums = read_minimums(form.minimums.data or "")
    except ValueError as error:
        form.minimums.errors.append(str(error))
        return None
    if minimums:
        overrides["opening_by_round"] = minimums
    return overrides


def _new(form: Any) -> Tournament | None:
    """The tournament the form describes, stored with its first round; None (errors on
    the form) where it cannot be."""
    base = PRESETS[form.preset.data]
    players = int(form.players.data)
    if players not in base.players or base.sides_for(players) != 2:
        form.players.errors.append(
            _("%(rules)s is not played by two sides of this many players.", rules=base.name)
        )
        return None
    per_team = players // 2
    teams, problem = read_teams(form.teams.data or "", per_team)
    if problem:
        form.teams.errors.append(problem)
        return None
    movement = form.movement.data
    # A Swiss event avoids a rematch while it can: as many rounds as a round robin has.
    if movement == MITCHELL_THEN_SWISS:  # the Mitchell rounds, then one by the standings
        most = most_rounds(len(teams), MITCHELL) + 1
    else:
        most = most_rounds(len(teams), ROUND_ROBIN if movement == SWISS else movement)
    if form.rounds.data > most:
        form.rounds.errors.append(
            _(
                "%(teams)s teams play at most %(n)s rounds in this movement without meeting twice.",
                teams=len(teams),
                n=most,
            )
        )
        return None
    scale = _scale(form)
    if form.ranking.data == "vp" and scale is None:
        return None
    overrides = _game_rules(form)
    if overrides is None:
        return None
    options = chosen_options(form, base)
    try:
        apply_overrides(base.with_options(options), overrides)
    except OverrideError as error:  # the minimums by hand, or the hands, out of bounds
        field = form.hands if error.name == "rounds" else form.minimums
        field.errors.append(error.reason.render(translate, written))
        return None
    planned = Tournament(
        id=0,
        name=form.name.data.strip(),
        variant_id=base.id,
        options=options,
        overrides=overrides,
        players=players,
        rounds=form.rounds.data,
        movement=movement,
        hands=form.hands.data if form.game.data == "hands" else None,
        minutes=form.minutes.data or None,
        ranking=form.ranking.data,
        edit_token="",
        view_token="",
        scale=scale_json(scale) if scale is not None and form.ranking.data == "vp" else None,
        bye=form.bye.data,
        draw=secrets.randbelow(1_000_000) + 1 if form.draw.data else None,
        absent_penalty=form.absent_penalty.data or 0,
        signoff=bool(form.signoff.data),
    )
    if form.check_in.data:  # the teams check in on the director's page, then round 1
        waiting = [replace(t, status=ABSENT) for t in teams]
        return get_storage().create_tournament(planned, waiting)
    # The tournament and its first round in one transaction (never one left at round 0).
    first, byes = first_round(planned, teams)
    return get_storage().create_tournament(planned, teams, first_round=first, first_byes=byes)


def _scale(form: Any) -> Scale | None:
    """The victory-point scale the form chose, or its own bands read; None (an error on the
    form) where they make no sense."""
    if "scale" not in request.form:  # not chosen (a client of the form): by the hands a game
        return SCALES["fibur-4" if (form.hands.data or 0) >= 4 else "fibur-3"]
    if form.scale.data != OWN:
        return SCALES.get(form.scale.data, SCALES["fibur-3"])
    try:
        return own_scale(parse_bands(form.bands.data or ""), form.forfeit.data or 14)
    except ScaleError as error:
        form.bands.errors.append(
            _("The scale: %(problem)s.", problem=error.words.render(_, written))
        )
        return None


@bp.route("/tournaments/new", methods=["GET", "POST"])
@form_shown_again
@limited("LIMIT_NEW_MATCHES")
def new_tournament():
    form = TournamentForm()
    problems: list[str] = []
    refused = refusal()
    if refused:
        form.validate()
        problems.append(refused.message)
    elif form.validate_on_submit() and (tournament := _new(form)):
        keep_opened(TOURNAMENTS, tournament, True)
        return redirect(
            url_for(
                "tournaments.director", tournament_id=tournament.id, token=tournament.edit_token
            )
        )
    status = 200 if request.method == "GET" else (refused.status if refused else 422)
    return render_template(
        "tournament_new.html", form=form, problems=problems, presets=PRESETS
    ), status


# -- rounds -----------------------------------------------------------------------------------


# -- the director's page and the rounds ----------------------------------------------------


@bp.route("/t/<int:tournament_id>/<token>")
def director(tournament_id: int, token: str):
    """The director's page: this round's tables, the next round, the links; the read-only
    link shows the standings instead."""
    tournament, can_edit = load_tournament(tournament_id, token)
    keep_opened(TOURNAMENTS, tournament, can_edit)  # its home page offers this link back
    if not can_edit:
        return standings_page(tournament_id, token)
    return director_page(tournament, token)


@bp.route("/t/<int:tournament_id>/<token>/next", methods=["POST"])
def next_round(tournament_id: int, token: str):
    """Begin the next round (when every game is over, or the director says so), or after
    the last round end the tournament."""
    tournament, _can_edit = load_tournament(tournament_id, token, edit=True)
    form = NextRoundForm()
    back = redirect(url_for("tournaments.director", tournament_id=tournament.id, token=token))
    shown = form.round.data  # absent from a page made before it was sent: the round now
    if (
        not form.validate_on_submit()
        or tournament.finished
        or (shown and shown != str(tournament.current_round))
    ):
        flash(_("That was already done; it is not done twice."))
        return back
    # The games as they stand (no standings: only whether any is still in play).
    games = results(tournament, get_storage().tournament_tables(tournament.id))
    playing = [
        g
        for g in games
        if g.game.table
        and g.game.round == tournament.current_round
        and g.state in (NOT_STARTED, IN_PLAY)
    ]
    last = tournament.current_round >= tournament.rounds
    # Ending games in play is asked twice, and so is ending the tournament (it closes
    # every table at once).
    if (playing or last) and form.early.data != "yes":
        # Said beside the button that ends the round (the page opens there), not at the top.
        link = {"tournament_id": tournament.id, "token": token, "end": 1, "_anchor": "confirm"}
        return redirect(url_for("tournaments.director", **link))
    early = bool(playing)
    if last:
        if get_storage().finish_tournament(tournament.id, tournament.current_round, early=early):
            flash(_("The tournament is over: the results are final."))
        else:
            flash(_("That was already done; it is not done twice."))
    else:
        number = tournament.current_round + 1
        try:
            begun = begin_round(tournament, number, early=early)
        except PlanError:
            flash(
                _(
                    "The teams here cannot play round %(n)s: a round needs two teams, and a"
                    " Mitchell or round robin of this many teams has fewer rounds.",
                    n=number,
                )
            )
            return back
        if begun:
            flash(_("Round %(n)s has begun: hand out the table cards.", n=number))
        else:
            flash(_("That was already done; it is not done twice."))
    return back


@bp.route("/t/<int:tournament_id>/<token>/clock", methods=["POST"])
def start_clock(tournament_id: int, token: str):
    """Start the round's clock, the players seated; every table's match page shows it."""
    tournament, _can_edit = load_tournament(tournament_id, token, edit=True)
    back = redirect(url_for("tournaments.director", tournament_id=tournament.id, token=token))
    if not NextRoundForm().validate_on_submit() or not tournament.minutes:
        return back
    end = datetime.now(UTC) + timedelta(minutes=tournament.minutes)
    started = get_storage().start_clock(
        tournament.id, tournament.current_round, end.isoformat(timespec="seconds")
    )
    if started:
        flash(_("The clock is running: %(n)s minutes.", n=tournament.minutes))
    else:
        flash(_("That was already done; it is not done twice."))
    return back


# The standings page's body (the table and every round's games), rendered once per version of
# the tournament (a step of STANDINGS_SECONDS, see tournament_version) and page
# language.  Every player's phone and the projector reload it once a step: with 200 tables, 801
# phones, a body that costs about 38 ms to make and 3.5 ms kept (bench_club.py --tournament,
# 2026-11-25); 7.7 ms (85 %) of the 9.1 ms standings page of 50 tables (bench/bench_caches.py
# "standings bodies", 2026-11-27).  Bound: 32 bodies of under 100 KB (200 tables, as MAX_TEAMS
# allows): a few MB.  Safe: the version changes with everything the body shows -- a hand at any
# table (its history row, counted from the next step), a new round, the end, and whatever the
# director changes (a forfeit, a correction, a team late or gone, seats swapped: each a row of
# the tournament's history, counted at once), and the edit token guards against a reused
# id.  The version is read before the results, so a body is never older than its key.  (A match
# removed by the retention commands may leave its game on a kept body until the next change,
# as it leaves the phones' version, and so their pages, unchanged.)
_BODIES: Lru[Markup] = Lru(32)


def standings_body(tournament: Tournament, version: str) -> Markup:
    """The standings page's body for ``tournament`` at ``version`` (see :data:`_BODIES`)."""
    key = (
        current_app.config["DATABASE"],
        tournament.id,
        tournament.edit_token,
        version,
        page_key(),
    )
    return _BODIES.get_or_make(key, lambda: _make_body(tournament))


def _make_body(tournament: Tournament) -> Markup:
    table, games = standing_view(tournament)
    hand_counts = {g.hands for g in games}
    now = tournament.current_round
    return Markup(
        render_template(
            "fragments/standings_body.html",
            tournament=tournament,
            format_line=format_line(tournament),
            # the round under way shows in the standings from its first hand
            under_way=any(g.hands for g in games if g.game.round == now),
            states=state_words(),
            tie_words=tie_words(),
            standings=table,
            rounds=sorted({g.game.round for g in games}),
            games=games,
            # Each name isolated and each number written once, not once a game: a first
            # render of 200 tables' games costs a third less (bench_club.py --tournament).
            names={s.team.number: bdi(s.team.name) for s in table},
            table_text=_("Table %(n)s"),
            won_text=_("won the game"),
            hands_text={n: ngettext("%(num)s hand", "%(num)s hands", n) for n in hand_counts},
        )
    )


@bp.route("/t/<int:tournament_id>/<token>/standings")
def standings_page(tournament_id: int, token: str):
    """The standings, large enough for a projector, refreshing themselves."""
    tournament, can_edit = load_tournament(tournament_id, token)
    keep_opened(TOURNAMENTS, tournament, can_edit)
    version = tournament_version(tournament)
    return render_template(
        "standings.html",
        tournament=tournament,
        token=token,
        body=standings_body(tournament, version),
        version=version,
        every=current_app.config["STANDINGS_POLL_SECONDS"],
        can_edit=can_edit,
    )


@bp.route("/t/<int:tournament_id>/<token>/version")
def version(tournament_id: int, token: str):
    """The standings' version, which the projector and the phones ask for (as a match's)."""
    tournament, _can_edit = load_tournament(tournament_id, token)
    stamp = tournament_version(tournament)
    response = jsonify(version=stamp)
    response.set_etag(stamp)
    response.headers["Cache-Control"] = "no-store"
    return response.make_conditional(request)
