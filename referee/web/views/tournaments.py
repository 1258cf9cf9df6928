"""Tournaments: a director's form, the round's tables, live standings, results.

A tournament lives behind two secret links, as a match and a group do (see
:mod:`referee.web.parts.access`): the director's (edit) link begins rounds and opens every table's
match for scoring; the read-only link shows the standings, on a projector or the
players' phones.  Each table plays an ordinary match, reached from its table card;
the match page names its table and shows the round's clock
(:func:`referee.web.parts.tournament_state.match_table`).
"""

from __future__ import annotations

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

from ...match.ledger import Match
from ...match.plaintext import bdi, isolated
from ...match.roster import NAME_LENGTH, side_name
from ...match.standings import (
    MAX_TEAMS,
    TableGame,
    Team,
    Tournament,
    wins_text,
)
from ...rules import PRESETS
from ...rules.movements import PlanError, most_rounds, plan
from ...rules.overrides import OverrideError, apply_overrides
from ..parts.access import TOURNAMENTS, keep_opened
from ..parts.forms import NextRoundForm, TournamentForm, chosen_options
from ..parts.fragments import page_key
from ..parts.house_rules import read_minimums
from ..parts.tournament_state import (
    POLL_SECONDS,
    director_page,
    load_tournament,
    standing_view,
    tournament_version,
)
from ..plumbing.db import get_storage
from ..plumbing.errors import refusal
from ..plumbing.locale import translate
from ..plumbing.lru import Lru

bp = Blueprint("tournaments", __name__)


# -- the director's form ----------------------------------------------------------------------


def read_teams(text: str, per_team: int) -> tuple[list[Team], str | None]:
    """The teams typed one per line (partners joined by "&"), numbered in that order; or
    the problem, naming the line."""
    teams: list[Team] = []
    seen: set[str] = set()
    for line in text.splitlines():
        players = [" ".join(p.split()) for p in line.replace("/", "&").split("&")]
        players = [p for p in players if p]
        if not players:
            continue
        where = " ".join(line.split())
        if len(players) != per_team:
            if per_team == 2:
                return [], _(
                    "“%(line)s”: a team is two partners joined by &, such as “Anna & Ben”.",
                    line=isolated(where),
                )
            return [], _("“%(line)s”: one player a line.", line=isolated(where))
        too_long = [p for p in players if len(p) > NAME_LENGTH]
        if too_long:
            return [], _(
                "A name may have at most %(n)s letters: %(name)s",
                n=NAME_LENGTH,
                name=isolated(too_long[0]),
            )
        name = side_name(players)
        if name.casefold() in seen:
            return [], _("%(name)s is on the list twice.", name=isolated(name))
        seen.add(name.casefold())
        teams.append(Team(len(teams) + 1, name, tuple(players)))
    if len(teams) < 2:
        return [], _("A tournament needs at least two teams.")
    if len(teams) > MAX_TEAMS:
        return [], _("A tournament has at most %(n)s teams.", n=MAX_TEAMS)
    return teams, None


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
    most = most_rounds(len(teams), movement)
    if form.rounds.data > most:
        form.rounds.errors.append(
            _(
                "%(teams)s teams play at most %(n)s rounds in this movement without meeting twice.",
                teams=len(teams),
                n=most,
            )
        )
        return None
    overrides = _game_rules(form)
    if overrides is None:
        return None
    options = chosen_options(form, base)
    try:
        apply_overrides(base.with_options(options), overrides)
    except OverrideError as error:  # the minimums by hand, or the hands, out of bounds
        field = form.hands if error.name == "rounds" else form.minimums
        field.errors.append(error.reason.render(translate))
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
    )
    # The tournament and its first round in one transaction (never one left at round 0).
    return get_storage().create_tournament(
        planned, teams, first_round=round_games(planned, teams, 1)
    )


@bp.route("/tournaments/new", methods=["GET", "POST"])
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


def begin_round(tournament: Tournament, number: int, *, early: bool = False) -> bool:
    """Give every table of round ``number`` its match and close the round before
    (``early``: ended with games in play); False if the round had already begun (two
    directors' phones at once)."""
    storage = get_storage()
    games = round_games(tournament, storage.tournament_teams(tournament.id), number)
    if not games:
        return False
    # A timed round's clock starts when the director says the players are seated.
    return storage.begin_round(tournament.id, number, games, None, early=early)


def round_games(
    tournament: Tournament, team_list: list[Team], number: int
) -> list[tuple[TableGame, Match]]:
    """Each table of round ``number`` with its match, not stored yet (as storage's
    begin_round takes them); none if the plan has no such round."""
    teams = {t.number: t for t in team_list}
    base = PRESETS[tournament.variant_id]
    try:
        planned = plan(len(teams), tournament.rounds, tournament.movement).rounds[number - 1]
    except (PlanError, IndexError):
        return []
    games = []
    for pairing in planned.tables:
        ns, ew = teams[pairing.ns], teams[pairing.ew]
        match = Match.begin(
            base,
            tournament.options,
            tournament.players,
            [ns.name, ew.name],
            [*ns.players, *ew.players],
            name=_(
                "%(tournament)s · round %(round)s · table %(table)s",
                tournament=tournament.name,
                round=number,
                table=pairing.table,
            ),
            overrides=tournament.overrides,
        )
        games.append((TableGame(number, pairing.table, ns.number, ew.number), match))
    return games


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
    _table, games = standing_view(tournament)
    playing = [g for g in games if g.game.round == tournament.current_round and not g.finished]
    if playing and form.early.data != "yes":  # ending games in play is asked twice
        flash(
            _(
                "%(n)s tables are still playing: end the round anyway with the button below.",
                n=len(playing),
            )
        )
        link = {"tournament_id": tournament.id, "token": token, "end": 1, "_anchor": "confirm"}
        return redirect(url_for("tournaments.director", **link))
    early = bool(playing)
    if tournament.current_round >= tournament.rounds:
        if get_storage().finish_tournament(tournament.id, tournament.current_round, early=early):
            flash(_("The tournament is over: the results are final."))
        else:
            flash(_("That was already done; it is not done twice."))
    elif begin_round(tournament, tournament.current_round + 1, early=early):
        flash(_("Round %(n)s has begun: hand out the table cards.", n=tournament.current_round + 1))
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


# The standings page's body (the table and every round's games), rendered once per version
# of the tournament (a step of STANDINGS_SECONDS, see tournament_version) and page
# language.  Every player's phone and the projector reload it once a step: with 200 tables,
# 801 phones, a body that costs about 38 ms to make and 3.5 ms kept (bench_club.py
# --tournament, 2026-11-25).  Bound: 32 bodies of under 100 KB (200 tables, as MAX_TEAMS
# allows): a few MB.  Safe: the version changes with everything the body shows -- a hand at
# any table (its history row, counted from the next step), a new round, the end -- teams
# and a round's tables never change once stored, and the edit token guards against a
# reused id.  The version is read before the results, so a body is never older than its
# key.  (A match removed by the retention commands may leave its game on a kept body until
# the next change, as it leaves the phones' version, and so their pages, unchanged.)
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
    body = _BODIES.get(key)
    if body is not None:
        return body
    table, games = standing_view(tournament)
    hand_counts = {g.hands for g in games}
    body = Markup(
        render_template(
            "fragments/standings_body.html",
            tournament=tournament,
            standings=table,
            rounds=sorted({g.game.round for g in games}),
            games=games,
            # Each name isolated and each number written once, not once a game: a first
            # render of 200 tables' games costs a third less (bench_club.py --tournament).
            names={s.team.number: bdi(s.team.name) for s in table},
            table_text=_("Table %(n)s"),
            hands_text={n: ngettext("%(num)s hand", "%(num)s hands", n) for n in hand_counts},
        )
    )
    _BODIES.put(key, body)
    return body


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
        every=POLL_SECONDS,
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


@bp.app_template_filter("wins")
def wins_filter(wins: float) -> str:
    return wins_text(wins)


@bp.app_template_global()
def minutes_left(clock_end: str) -> int:
    """Whole minutes (rounded up) until ``clock_end``; 0 or less once it has passed."""
    try:
        end = datetime.fromisoformat(clock_end)
    except (TypeError, ValueError):
        return 0
    seconds = (end - datetime.now(UTC)).total_seconds()
    return -int(-seconds // 60) if seconds > 0 else 0
