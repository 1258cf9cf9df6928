"""A tournament as the pages read it now: its link opened, every table's game as its match
stands, the standings and their version, the results' JSON, a line of its history, the
table a match is played at; and the director's page, which the tournament's own view and a
refused reopening both show.

Shared by the tournament's pages (:mod:`referee.web.views.tournaments`), its files
(:mod:`referee.web.views.tournament_files`), the reopening of a table
(:mod:`referee.web.views.reopening`), the match page (:mod:`referee.web.views.matches`)
and the JSON API (:mod:`referee.web.views.api`).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from flask import (
    current_app,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext

from ...caches import Lru
from ...match.ledger import Match, compute_ledger
from ...match.pairing import round_plan
from ...match.plaintext import isolated
from ...match.standings import (
    ABSENT,
    ADJUSTED,
    BYE_AWARD,
    FINISHED,
    HEAD_TO_HEAD,
    IN_PLAY,
    LOT,
    NOT_PLAYED,
    NOT_STARTED,
    RATIO,
    GameResult,
    Standing,
    TableGame,
    Team,
    Tournament,
    TournamentEvent,
    bye_result,
    game_result,
    results_json,
    standings,
    step_start,
    version_text,
)
from ...rules import PRESETS
from ...rules.movements import PlanError
from ...rules.swiss import SWISS
from ...rules.victory import LATE_POINTS
from ..plumbing.addresses import phone_url
from ..plumbing.db import get_storage
from ..plumbing.locale import number
from .access import TOURNAMENTS, kept, open_link
from .forms import NextRoundForm, ReopenForm, SettleForm, TeamForm
from .rulebook import variant_name
from .signoff import confirm_url, confirmed_now, qr

KEPT = TOURNAMENTS[0]  # the session's list of tournament edit links (see .access.keep)


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


# -- the games as they stand ------------------------------------------------------------------

# Each table's game as of its match's version: (version, totals, hands, winner).  Saves
# 10.9 ms (55 %) of the 19.9 ms standings page of 50 tables made anew, 15.6 ms (12 %) of
# the director's page (bench/bench_caches.py "tournament games", 2026-11-27).  Bound:
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
    """Every table's game of every round begun, as its match stands now or as the director
    settled it, and each round sat out where a bye gives the forfeit award."""
    storage = get_storage()
    ids = [t.match_id for t in tables if t.match_id is not None]
    versions = storage.match_versions(ids)
    matches = storage.get_matches(ids)
    adjusted = storage.tournament_adjustments(tournament.id)
    penalties = storage.tournament_penalties(tournament.id)
    confirmed = storage.tournament_confirmations(tournament.id) if tournament.signoff else {}
    scale = tournament.victory_scale()
    out = []
    for table in tables:
        match = matches.get(table.match_id) if table.match_id is not None else None
        if match is None:  # removed by the retention commands: nothing left to count
            continue
        totals, hands, winner = _game(match, versions.get(match.id, 0))
        round_over = tournament.finished or table.round < tournament.current_round
        adjustment = adjusted.get((table.round, table.table))
        found = game_result(
            table,
            totals,
            hands,
            winner,
            round_over,
            adjustment=adjustment,
            scale=scale,
            penalties=penalties.get((table.round, table.table), (0, 0)),
        )
        if tournament.signoff and found.state == FINISHED and found.counted:
            version = versions.get(match.id, 0)
            found = replace(found, confirmed=confirmed.get(match.id, (None,))[0] == version)
        out.append(found)
    if tournament.bye == BYE_AWARD:
        for number, teams in storage.tournament_byes(tournament.id).items():
            out += [bye_result(number, team, scale) for team in teams]
    return out


def tournament_version(tournament: Tournament) -> str:
    """Changes when the standings may have: a hand at any table (counted at the start of
    each step of the setting ``STANDINGS_SECONDS``), a new round, the end.
    The poll itself is answered before Flask (:mod:`referee.web.plumbing.poll`), the same way."""
    step = current_app.config["STANDINGS_SECONDS"]
    before = step_start(datetime.now(UTC).timestamp(), step)
    latest, directed = get_storage().tournament_latest(tournament.id, before)
    return version_text(tournament.current_round, tournament.finished, latest, directed)


def standing_view(tournament: Tournament) -> tuple[list[Standing], list[GameResult]]:
    storage = get_storage()
    # a team that never came (not checked in) is not in the event
    teams = [t for t in storage.tournament_teams(tournament.id) if t.status != ABSENT]
    games = results(tournament, storage.tournament_tables(tournament.id))
    ranked = standings(teams, games, tournament.ranking, seed=tournament.id)
    return ranked, [g for g in games if g.game.table]  # a bye counts, but is no table's game


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


# -- the director's page ---------------------------------------------------------------------


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


def director_page(tournament: Tournament, token: str, reopen: Any = None, status: int = 200):
    """The director's page; ``reopen``: the reopening form as sent (refused, with its
    errors), ``status`` its answer's."""
    # What each confirming button carries, read before the totals it shows: a result
    # changed in between is refused as changed, never confirmed unseen.
    seen = (
        get_storage().match_versions(
            [t.match_id for t in get_storage().tournament_tables(tournament.id) if t.match_id]
        )
        if tournament.signoff
        else {}
    )
    table, games = standing_view(tournament)
    now = [g for g in games if g.game.round == tournament.current_round]
    unconfirmed = [g for g in games if g.unconfirmed]
    teams = {s.team.number: s.team for s in table}
    storage = get_storage()
    events = storage.tournament_events(tournament.id)
    reopened = storage.reopened_tables(tournament.id)
    changed = storage.changed_after_reopening(tournament.id)
    pages = _edit_pages([e.match_id for e in events] + [t.match_id for t in reopened])
    over = tournament.current_round - (0 if tournament.finished else 1)  # the last round over
    # Once a round is over (and a refused form always); with sign-off from round 1, as a
    # confirmed result locks its table before its round ends.
    if reopen is None and (over > 0 or (tournament.signoff and tournament.current_round)):
        reopen = ReopenForm(formdata=None, round=over or tournament.current_round)
    return render_template(
        "tournament.html",
        tournament=tournament,
        token=token,
        teams=teams,
        games=now,
        links=_links(tournament, now, True),
        all_finished=all(g.state not in (NOT_STARTED, IN_PLAY) for g in now),
        playing=sum(g.state in (NOT_STARTED, IN_PLAY) for g in now),
        states=state_words(),
        settle_for=settle_form,
        withdraw_for=withdraw_form,
        team_form=TeamForm(formdata=None),
        team_list=storage.tournament_teams(tournament.id),
        format_line=format_line(tournament),
        adjusted=storage.tournament_adjustments(tournament.id),
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
        table_changes=table_changes(events),
        histories={m: url + "/history" for m, url in pages.items()},
        version=tournament_version(tournament),
        every=current_app.config["STANDINGS_POLL_SECONDS"],
        view_url=phone_url(
            "tournaments.director", tournament_id=tournament.id, token=tournament.view_token
        ),
        sits_out=sitting_out(tournament, teams),
        unconfirmed=unconfirmed,
        seen=seen,
    ), status


def table_changes(events: list[TournamentEvent]) -> dict[tuple[int, int], int]:
    """How many changes each table has in the history, by (round, table): what a settling
    form carries, so that a second press of it is known (:meth:`adjust_game`'s ``seen``)."""
    counts: dict[tuple[int, int], int] = {}
    for event in events:
        if event.table is not None:
            key = (event.round, event.table)
            counts[key] = counts.get(key, 0) + 1
    return counts


def settle_form(game: TableGame, formdata: Any = None) -> SettleForm:
    """The director's form settling ``game``: its fields named for the table, so every
    table's form on the page has its own (the view reads it back the same way)."""
    return SettleForm(formdata=formdata, prefix=f"g{game.round}-{game.table}")


def withdraw_form(team: Team, formdata: Any = None) -> TeamForm:
    """The form withdrawing ``team``, its fields named for the team."""
    return TeamForm(formdata=formdata, prefix=f"w{team.number}")


def state_words() -> dict[str, str]:
    """A game's state as the director's page says it."""
    return {
        NOT_STARTED: _("not started"),
        IN_PLAY: _("in play"),
        FINISHED: _("finished"),
        NOT_PLAYED: _("not played"),
        ADJUSTED: _("settled by the director"),
    }


def tie_words() -> dict[str, str]:
    """What parted two teams level on the ranking's figures, as the standings say it."""
    return {
        HEAD_TO_HEAD: _("on their own games"),
        RATIO: _("on points ratio"),
        LOT: _("by lot"),
    }


def format_line(tournament: Tournament) -> str:
    """The event's format in a line: rules, what a game is, the opening minimums, the
    movement and the ranking (on the director's page, the standings and the table cards)."""
    rules = (
        variant_name(PRESETS[tournament.variant_id])
        if tournament.variant_id in PRESETS
        else tournament.variant_id
    )
    parts = [rules]
    if tournament.hands:
        parts.append(ngettext("%(num)s hand a game", "%(num)s hands a game", tournament.hands))
    else:
        parts.append(_("a game to the target score"))
    minimums = tournament.overrides.get("opening_by_round")
    if minimums:
        parts.append(_("opening %(list)s", list=", ".join(number(int(m)) for m in minimums)))
    else:
        parts.append(_("opening by the score"))
    parts.append(
        {
            "mitchell": _("Mitchell"),
            "round-robin": _("round robin"),
            "swiss": _("Swiss rounds"),
            "mitchell-swiss": _("Mitchell, then a last Swiss round"),
        }.get(tournament.movement, tournament.movement)
    )
    scale = tournament.victory_scale()
    parts.append(
        _("ranked by victory points (%(scale)s)", scale=_scale_name(scale))
        if tournament.ranking == "vp" and scale is not None
        else _("ranked by total points")
        if tournament.ranking == "points"
        else _("ranked by wins, then points")
    )
    return " · ".join(parts)


def _scale_name(scale: Any) -> str:
    return {
        "fibur-3": _("FIBur, games of 3 hands"),
        "fibur-4": _("FIBur, games of 4 hands"),
    }.get(scale.id, _("the event's own scale"))


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
    reason = isolated(event.reason or "")
    if event.action == "forfeit":
        return _("Table %(table)s, round %(round)s: a forfeit — “%(reason)s”", reason=reason, **at)
    if event.action == "late":
        return _(
            "Table %(table)s, round %(round)s: lost by a pair more than 10 minutes late"
            " — “%(reason)s”",
            reason=reason,
            **at,
        )
    if event.action in ("late points ns", "late points ew"):
        side = _("North-South") if event.action == "late points ns" else _("East-West")
        return _(
            "Table %(table)s, round %(round)s: %(points)s points off %(side)s, 5 to 10"
            " minutes late — “%(reason)s”",
            points=LATE_POINTS,
            side=side,
            reason=reason,
            **at,
        )
    if event.action == "not played":
        return _("Table %(table)s, round %(round)s: not played — “%(reason)s”", reason=reason, **at)
    if event.action == "result corrected":
        return _(
            "Table %(table)s, round %(round)s: result corrected — “%(reason)s”",
            reason=reason,
            **at,
        )
    if event.action == "result restored":
        return _("Table %(table)s, round %(round)s: the match's own result again.", **at)
    if event.action == "seats swapped":
        return _(
            "Table %(table)s, round %(round)s: North-South and East-West changed places.", **at
        )
    if event.action == "withdrew":
        return _("Round %(round)s: withdrawn — %(reason)s", reason=reason, **at)
    if event.action == "joined late":
        return _("Round %(round)s: joined late — %(reason)s", reason=reason, **at)
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
    """The teams that sit the current round out."""
    if not tournament.current_round:
        return []
    found = get_storage().tournament_byes(tournament.id).get(tournament.current_round)
    if found is None and tournament.movement != SWISS:  # a round begun before byes were kept
        try:
            found = list(
                round_plan(tournament, list(teams.values()), tournament.current_round).sits_out
            )
        except PlanError:
            found = []
    return [teams[n] for n in found or () if n in teams]


# -- a table's match ------------------------------------------------------------------------


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
    confirm_token = get_storage().confirm_token(match.id) if tournament.signoff else None
    confirming = confirm_url(match.id, confirm_token) if confirm_token else None
    return {
        "tournament": tournament,
        "game": game,
        "clock_end": None if tournament.finished else clock,
        # Sign-off: whether it is asked, whether the result as it stands is confirmed, and
        # the other side's link and code (the scorer's page shows them once it is over).
        "signoff": confirming is not None,
        "confirmed": confirming is not None and confirmed_now(match.id),
        "confirm_url": confirming,
        "confirm_qr": qr(confirming, 4) if confirming else None,
        "link": url_for(
            "tournaments.director",
            tournament_id=tournament.id,
            token=director or tournament.view_token,
        ),
    }
