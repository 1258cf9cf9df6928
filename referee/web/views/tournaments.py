"""Tournaments: a director's form, the round's tables, live standings, results.

A tournament lives behind two secret links, as a match and a group do (see
:mod:`.access`): the director's (edit) link begins rounds and opens every table's
match for scoring; the read-only link shows the standings, on a projector or the
players' phones.  Each table plays an ordinary match, reached from its table card;
the match page names its table and shows the round's clock (:func:`match_table`).
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

from ...match.ledger import Match, compute_ledger
from ...match.plaintext import bdi, isolated
from ...match.roster import NAME_LENGTH, side_name
from ...match.standings import (
    MAX_TEAMS,
    GameResult,
    Standing,
    TableGame,
    Team,
    Tournament,
    TournamentEvent,
    game_result,
    results_json,
    standings,
    step_start,
    version_text,
    wins_text,
)
from ...rules import PRESETS
from ...rules.movements import PlanError, most_rounds, plan
from ...rules.overrides import OverrideError, apply_overrides
from ...rules.snapshot import variant_to_dict
from ..parts.access import TOURNAMENTS, keep_opened, kept, open_link
from ..parts.forms import NextRoundForm, ReopenForm, TournamentForm, chosen_options
from ..parts.fragments import page_key
from ..plumbing.db import get_storage
from ..plumbing.errors import refusal
from ..plumbing.lru import Lru
from .house import read_minimums

bp = Blueprint("tournaments", __name__)

KEPT = TOURNAMENTS[0]  # the session's list of tournament edit links (see .access.keep)
POLL_SECONDS = 10  # the standings and the director's page ask for changes this often


def load_tournament(
    tournament_id: int, token: str, *, edit: bool = False
) -> tuple[Tournament, bool]:
    """The tournament and whether ``token`` is its director's link; 404 and 403 as
    :func:`.access.open_link` answers them."""
    tournament = get_storage().get_tournament(tournament_id)
    can_edit = open_link(
        tournament,
        token,
        edit,
        _("There is no such tournament. Check the link you were given."),
        _("This is the read-only link of the tournament: only the director's link changes it."),
    )
    return tournament, can_edit


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
    except OverrideError as error:
        field = form.hands if error.field.startswith("rounds") else form.minimums
        field.errors.append(error.problem)
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
) -> list[tuple[TableGame, dict[str, Any]]]:
    """Each table of round ``number`` with its match's fields (as storage's begin_round
    takes them); none if the plan has no such round."""
    teams = {t.number: t for t in team_list}
    base = PRESETS[tournament.variant_id]
    rules = apply_overrides(base.with_options(dict(tournament.options)), tournament.overrides)
    try:
        planned = plan(len(teams), tournament.rounds, tournament.movement).rounds[number - 1]
    except (PlanError, IndexError):
        return []
    games = []
    for pairing in planned.tables:
        ns, ew = teams[pairing.ns], teams[pairing.ew]
        fields = {
            "name": _(
                "%(tournament)s · round %(round)s · table %(table)s",
                tournament=tournament.name,
                round=number,
                table=pairing.table,
            ),
            "variant_id": base.id,
            "options": dict(tournament.options),
            "snapshot": variant_to_dict(base),
            "players": tournament.players,
            "side_names": [ns.name, ew.name],
            "player_names": [*ns.players, *ew.players],
            "target": rules.target_score,
            "overrides": dict(tournament.overrides),
        }
        games.append((TableGame(number, pairing.table, ns.number, ew.number), fields))
    return games


# -- the games as they stand ------------------------------------------------------------------

# Each table's game as of its match's version: (version, totals, hands, winner).  Bound:
# 4 096 games, about 100 bytes each; safe: a game changes only with its version, which is
# part of what is kept, and a match's edit token guards against a reused id.
_GAMES: Lru[tuple[int, tuple[int, ...], int, int | None]] = Lru(4096)


def _game(match: Match, version: int) -> tuple[tuple[int, ...], int, int | None]:
    key = (current_app.config["DATABASE"], match.id, match.edit_token)
    kept_game = _GAMES.get(key)
    if kept_game is not None and kept_game[0] == version:
        return kept_game[1:]
    ledger = compute_ledger(match, get_storage().hands(match.id))
    found = (version, ledger.totals, match.carried_hands + len(ledger.rows), ledger.winner)
    _GAMES.put(key, found)
    return found[1:]


def results(tournament: Tournament, tables: list[TableGame]) -> list[GameResult]:
    """Every table's game of every round begun, as its match stands now."""
    storage = get_storage()
    ids = [t.match_id for t in tables if t.match_id is not None]
    versions = storage.match_versions(ids)
    matches = storage.get_matches(ids)
    out = []
    for table in tables:
        match = matches.get(table.match_id) if table.match_id is not None else None
        if match is None:  # removed by the retention commands: nothing left to count
            continue
        totals, hands, winner = _game(match, versions.get(match.id, 0))
        round_over = tournament.finished or table.round < tournament.current_round
        out.append(game_result(table, totals, hands, winner, round_over))
    return out


def tournament_version(tournament: Tournament) -> str:
    """Changes when the standings may have: a hand at any table (counted at the start of
    each step of the setting ``STANDINGS_SECONDS``), a new round, the end.
    The poll itself is answered before Flask (:mod:`.poll`), the same way."""
    step = current_app.config["STANDINGS_SECONDS"]
    before = step_start(datetime.now(UTC).timestamp(), step)
    latest = get_storage().tournament_latest(tournament.id, before)
    return version_text(tournament.current_round, tournament.finished, latest)


def standing_view(tournament: Tournament) -> tuple[list[Standing], list[GameResult]]:
    storage = get_storage()
    teams = storage.tournament_teams(tournament.id)
    games = results(tournament, storage.tournament_tables(tournament.id))
    return standings(teams, games, tournament.ranking), games


def tournament_json(tournament: Tournament) -> dict[str, Any]:
    """The results' JSON (:func:`referee.match.standings.results_json`) as they stand now, with
    the tournament's history (rounds ended, tables reopened and closed again)."""
    ranked, games = standing_view(tournament)
    storage = get_storage()
    return results_json(
        tournament,
        ranked,
        games,
        storage.tournament_events(tournament.id),
        storage.changed_after_reopening(tournament.id),
    )


def _links(tournament: Tournament, games: list[GameResult], can_edit: bool) -> dict[int, str]:
    """Each game's match page: its edit link for the director, read-only for the others."""
    matches = get_storage().get_matches([g.game.match_id for g in games if g.game.match_id])
    return {
        match.id: url_for(
            "matches.ledger",
            match_id=match.id,
            token=match.edit_token if can_edit else match.view_token,
        )
        for match in matches.values()
    }


@bp.route("/t/<int:tournament_id>/<token>")
def director(tournament_id: int, token: str):
    """The director's page: this round's tables, the next round, the links; the read-only
    link shows the standings instead."""
    tournament, can_edit = load_tournament(tournament_id, token)
    keep_opened(TOURNAMENTS, tournament, can_edit)  # its home page offers this link back
    if not can_edit:
        return standings_page(tournament_id, token)
    return director_page(tournament, token)


def director_page(tournament: Tournament, token: str, reopen: Any = None, status: int = 200):
    """The director's page; ``reopen``: the reopening form as sent (refused, with its
    errors), ``status`` its answer's."""
    table, games = standing_view(tournament)
    now = [g for g in games if g.game.round == tournament.current_round]
    teams = {s.team.number: s.team for s in table}
    storage = get_storage()
    events = storage.tournament_events(tournament.id)
    reopened = storage.reopened_tables(tournament.id)
    changed = storage.changed_after_reopening(tournament.id)
    pages = _edit_pages([e.match_id for e in events] + [t.match_id for t in reopened])
    over = tournament.current_round - (0 if tournament.finished else 1)  # the last round over
    if reopen is None and over:  # once a round is over (and a refused form always)
        reopen = ReopenForm(formdata=None, round=over)
    return render_template(
        "tournament.html",
        tournament=tournament,
        token=token,
        teams=teams,
        games=now,
        links=_links(tournament, now, True),
        all_finished=all(g.finished for g in now),
        confirm=request.args.get("end") == "1",
        form=NextRoundForm(),
        reopen=reopen,
        reopened=[(t, pages.get(t.match_id or 0)) for t in reopened],
        # Newest first, each reopening with its match's history of changes.
        events=[
            (event_text(e), e.match_id if e.action == "reopened" else None)
            for e in reversed(events)
        ],
        changed=changed,
        histories={m: url + "/history" for m, url in pages.items()},
        version=tournament_version(tournament),
        every=POLL_SECONDS,
        view_url=url_for(
            "tournaments.director",
            tournament_id=tournament.id,
            token=tournament.view_token,
            _external=True,
        ),
        sits_out=sitting_out(tournament, teams),
    ), status


def _edit_pages(match_ids: list[int | None]) -> dict[int, str]:
    """Each match's page on its edit link (the director's), by id."""
    ids = sorted({m for m in match_ids if m})
    return {
        m.id: url_for("matches.ledger", match_id=m.id, token=m.edit_token)
        for m in get_storage().get_matches(ids).values()
    }


def event_text(event: TournamentEvent) -> str:
    """One line of the tournament's history, as the director's page and the results say it."""
    at = {"round": event.round, "table": event.table}
    if event.action == "reopened":
        return _(
            "Table %(table)s, round %(round)s: reopened by the director — reason: “%(reason)s”",
            reason=isolated(event.reason or ""),
            **at,
        )
    if event.action == "closed":
        return _("Table %(table)s, round %(round)s: closed again by the director.", **at)
    if event.action == "closed with the round":
        return _(
            "Table %(table)s, round %(round)s: closed again when the director ended a round.", **at
        )
    if event.action == "round ended early":
        return _(
            "Round %(round)s ended early: each game still in play went to the higher total.", **at
        )
    if event.action == "tournament ended":
        return _("Round %(round)s ended, and the tournament with it.", **at)
    if event.action == "tournament ended early":
        return _(
            "Round %(round)s ended early, and the tournament with it: each game still in play"
            " went to the higher total.",
            **at,
        )
    return _("Round %(round)s ended.", **at)


def sitting_out(tournament: Tournament, teams: dict[int, Team]) -> list[Team]:
    if not tournament.current_round:
        return []
    planned = plan(len(teams), tournament.rounds, tournament.movement)
    return [teams[n] for n in planned.rounds[tournament.current_round - 1].sits_out]


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


def match_table(match: Match) -> dict[str, Any] | None:
    """For a match played at a tournament's table: the tournament, the round, the table and
    the round's clock (its end, while it runs); None for any other match."""
    found = get_storage().match_table(match.id)
    if found is None:
        return None
    tournament = get_storage().get_tournament(found[0])
    if tournament is None:
        return None
    game = found[1]
    clock = tournament.clock_end if game.round == tournament.current_round else None
    director = kept(KEPT, tournament.id, tournament.edit_token)
    return {
        "tournament": tournament,
        "game": game,
        "clock_end": None if tournament.finished else clock,
        "link": url_for(
            "tournaments.director",
            tournament_id=tournament.id,
            token=director or tournament.view_token,
        ),
    }
