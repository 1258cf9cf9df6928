"""A tournament's paper and files: each round's table cards, the results PDF, CSV and JSON.

Table cards are for the director's hands: each holds its table's edit link as a QR
code, so they come from the director's link only.  The results and the exports are
the standings everyone may see, from either link.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import segno
from flask import Blueprint, abort, current_app
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from ...i18n import local_number
from ...match.plaintext import safe_filename, spreadsheet_cell
from ...match.standings import (
    ALWAYS,
    CSV_HEADER,
    Tournament,
    standings_rows,
    wins_text,
)
from ...sheets import RenderFailed, render_pdf
from ..parts.sending import asked_paper, kept_paper, send_download
from ..parts.signoff import confirm_url, qr
from ..parts.team_cards import team_card, team_page_url
from ..parts.tournament_state import (
    event_text,
    format_line,
    load_tournament,
    sitting_out,
    standing_view,
    state_words,
    tie_words,
    tournament_json,
)
from ..plumbing.addresses import phone_url
from ..plumbing.db import get_storage
from ..plumbing.sheet_turns import Busy

bp = Blueprint("tournament_files", __name__)


def _pdf(
    tournament: Tournament,
    template: str,
    paper: str,
    context: Callable[[], dict[str, Any]],
    *which: Any,
) -> bytes:
    """``templates/sheets/<template>`` as PDF in the page's language, with what
    ``context()`` gives, for the tournament as it stands: made once for every phone asking
    for the same paper of the same version (:func:`..parts.sending.kept_paper`; Busy: 503,
    sheet_turns.too_busy).  ``which``: what else tells two papers of a template apart (a
    round's number)."""
    lang = str(get_locale() or "en")
    latest, directed = get_storage().tournament_latest(tournament.id, ALWAYS)
    version = (tournament.current_round, tournament.finished, latest, directed)
    key = (current_app.config["DATABASE"], tournament.id, version, template, *which, paper, lang)

    def render() -> bytes:
        try:
            return render_pdf(template, paper, gettext=_, lang=lang, **context())
        except RenderFailed as error:  # its process failed: say so as when too busy
            current_app.logger.warning("a paper's layout failed: %s", error)
            raise Busy from error

    return kept_paper(key, render)


EVENTS_HEADER = ("round", "table", "event", "reason", "changed_after_reopening", "at")


def _name(tournament: Tournament, suffix: str) -> str:
    return safe_filename(tournament.name, suffix, _("tournament-%(n)s", n=tournament.id))


def _qr(url: str) -> Markup:
    # segno writes a plain SVG; WeasyPrint draws it as it is.
    return Markup(segno.make(url, error="m").svg_inline(scale=3, border=2))


@bp.route("/t/<int:tournament_id>/<token>/round/<int:number>/cards.pdf")
def cards(tournament_id: int, token: str, number: int):
    """Round ``number``'s table cards: a half page a table with who sits where and the QR
    code of the table's edit link; ``?paper=letter`` for US Letter."""
    tournament, _can_edit = load_tournament(tournament_id, token, edit=True)
    paper = asked_paper()
    storage = get_storage()
    tables = [t for t in storage.tournament_tables(tournament.id) if t.round == number]
    if not tables:
        abort(404, _("This round has not begun yet."))

    def context() -> dict[str, Any]:
        teams = {t.number: t for t in storage.tournament_teams(tournament.id)}
        cards = []
        for table in tables:
            match = storage.get_match(table.match_id or 0)
            if match is None:
                continue
            url = phone_url("matches.ledger", match_id=match.id, token=match.edit_token)
            ns, ew = teams[table.ns], teams[table.ew]
            card = {"table": table, "ns": ns, "ew": ew, "url": url, "qr": _qr(url)}
            secret = storage.confirm_token(match.id) if tournament.signoff else None
            if secret:  # the second code: the other side confirms the result with it
                card["confirm_qr"] = _qr(confirm_url(match.id, secret))
            cards.append(card)
        sitting = sitting_out(tournament, teams) if number == tournament.current_round else []
        return {
            "tournament": tournament,
            "number": number,
            "cards": cards,
            "sitting": sitting,
            "format_line": format_line(tournament),
        }

    pdf = _pdf(tournament, "table_cards.html", paper, context, number)
    return send_download(pdf, "application/pdf", _name(tournament, f"-{number}.pdf"))


@bp.route("/t/<int:tournament_id>/<token>/results.pdf")
def results_pdf(tournament_id: int, token: str):
    """The standings and every round's table results."""
    tournament, _can_edit = load_tournament(tournament_id, token)
    paper = asked_paper()

    def context() -> dict[str, Any]:
        ranked, games = standing_view(tournament)
        names = {s.team.number: s.team.name for s in ranked}
        rounds = sorted({g.game.round for g in games})
        storage = get_storage()
        return {
            "tournament": tournament,
            "standings": ranked,
            "rounds": [(r, [g for g in games if g.game.round == r]) for r in rounds],
            "names": names,
            "num": lambda value: local_number(value, str(get_locale() or "en")),
            "wins": wins_text,
            "events": [event_text(e) for e in storage.tournament_events(tournament.id)],
            "changed": storage.changed_after_reopening(tournament.id),
            "format_line": format_line(tournament),
            "tie_words": tie_words(),
            "states": state_words(),
        }

    pdf = _pdf(tournament, "results.html", paper, context)
    return send_download(pdf, "application/pdf", _name(tournament, ".pdf"))


@bp.route("/t/<int:tournament_id>/<token>/teams.pdf")
def team_cards(tournament_id: int, token: str):
    """A score card for each team: each round's table and seat, its opponents, the score,
    the victory points and the running total."""
    tournament, _can_edit = load_tournament(tournament_id, token)
    paper = asked_paper()

    def context() -> dict[str, Any]:
        ranked, games = standing_view(tournament)
        lang = str(get_locale() or "en")
        num = lambda value: local_number(value, lang)  # noqa: E731 - the sheets' number
        names = {t.team.number: t.team.name for t in ranked}
        cards = [
            {
                **team_card(tournament, s, games, names, num),
                # the code of the team's own page: where it sits next, live
                "qr": qr(team_page_url(tournament, s.team.number), 2),
            }
            for s in sorted(ranked, key=lambda s: s.team.number)
        ]
        return {
            "tournament": tournament,
            "team_cards": cards,
            "format_line": format_line(tournament),
        }

    pdf = _pdf(tournament, "team_cards.html", paper, context)
    return send_download(pdf, "application/pdf", _name(tournament, "-teams.pdf"))


RANKING_HEADER = (
    "rank", "team", "name", "player_1", "player_2", "played", "wins", "vp", "points",
    "against", "tiebreak", "status",
)  # fmt: skip


@bp.route("/t/<int:tournament_id>/<token>/ranking.csv")
def ranking_csv(tournament_id: int, token: str):
    """The final ranking as a federation's list takes it: a row a team, each player in a
    column of their own, the figures the ranking was made by, and nothing else."""
    tournament, _can_edit = load_tournament(tournament_id, token)
    ranked, _games = standing_view(tournament)
    rows: list[Sequence[Any]] = [RANKING_HEADER]
    for s in ranked:
        players = list(s.team.players) + ["", ""]
        rows.append(
            (
                s.rank, s.team.number, s.team.name, players[0], players[1], s.played,
                s.wins, s.vp, s.points, s.against, s.tie_break or "", s.team.status,
            )
        )  # fmt: skip
    return send_download(_spreadsheet(rows), "text/csv", _name(tournament, "-ranking.csv"))


def _spreadsheet(rows: Iterable[Sequence[Any]]) -> bytes:
    """``rows`` as CSV a spreadsheet opens: text cells made safe, UTF-8 with its byte order
    mark (so names with accents read right)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow([spreadsheet_cell(v) if isinstance(v, str) else v for v in row])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


@bp.route("/t/<int:tournament_id>/<token>/results.csv")
def results_csv(tournament_id: int, token: str):
    tournament, _can_edit = load_tournament(tournament_id, token)
    ranked, _games = standing_view(tournament)
    rows: list[Sequence[Any]] = [CSV_HEADER, *standings_rows(ranked)]
    # Then, after an empty row, the tournament's history: rounds ended, tables reopened
    # (with the director's reason, and whether the game changed after) and closed again.
    storage = get_storage()
    events = storage.tournament_events(tournament.id)
    if events:
        changed = storage.changed_after_reopening(tournament.id)
        rows += [(), EVENTS_HEADER]
        for e in events:
            after = e.action == "reopened" and e.match_id in changed
            rows.append((e.round, e.table, e.action, e.reason or "", int(after), e.at))
    return send_download(_spreadsheet(rows), "text/csv", _name(tournament, ".csv"))


@bp.route("/t/<int:tournament_id>/<token>/results.json")
def results_json_file(tournament_id: int, token: str):
    tournament, _can_edit = load_tournament(tournament_id, token)
    text = json.dumps(tournament_json(tournament), ensure_ascii=False, indent=2)
    return send_download(
        (text + "\n").encode("utf-8"), "application/json", _name(tournament, ".json")
    )
