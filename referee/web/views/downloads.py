"""Downloads from the match page (its score sheet as PDF, the match as CSV and as JSON),
and the page that reads a JSON download back as a new match.

Either link of a match (edit or read-only) may download.  Rendering a sheet
takes WeasyPrint a fair fraction of a second, so each one is kept in a small
in-process cache keyed by the match's version: asking again for an unchanged
match (another phone, a second tap) sends the same bytes without rendering, and
a browser that already has them gets 304 Not Modified.
"""

from __future__ import annotations

import json

from flask import (
    Blueprint,
    abort,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _

from ...exchange import NotAnExport, ledger_csv, match_from_json, match_to_json
from ...match import capacity
from ...sheets import match_sheet_pdf
from ..parts.access import load_match, match_ledger, remember
from ..parts.damaged import sound_history
from ..parts.forms import ImportForm
from ..parts.sending import asked_paper, filename, kept_export, kept_sheet, send_download
from ..plumbing.db import get_storage
from ..plumbing.errors import refusal
from ..plumbing.locale import number
from ..plumbing.marks import form_shown_again, limited, takes_match_file
from ..plumbing.sheet_turns import Busy, too_busy

bp = Blueprint("downloads", __name__)
bp.app_errorhandler(Busy)(too_busy)  # for the blank sheets (views/house.py) as well


@bp.route("/m/<int:match_id>/<token>/sheet.pdf")
def sheet(match_id: int, token: str):
    """The score sheet; ``?paper=letter`` for US Letter, A4 otherwise."""
    match, _can_edit = load_match(match_id, token)
    paper = asked_paper()
    lang = str(get_locale() or "en")
    version = get_storage().version(match.id)

    def render() -> bytes:
        ledger = match_ledger(match)
        if len(ledger.rows) > capacity.MAX_HANDS:  # stored before there was a bound
            abort(422, _("This match has more hands than its score sheet can print."))
        return match_sheet_pdf(ledger, paper, gettext=_, lang=lang)

    pdf = kept_sheet((match.id, version, paper, lang), render)
    etag = f"sheet-{match.id}-{version}-{paper}-{lang}"
    return send_download(pdf, "application/pdf", filename(match, ".pdf"), etag)


@bp.route("/m/<int:match_id>/<token>/export.csv")
def export_csv(match_id: int, token: str):
    match, _can_edit = load_match(match_id, token)
    version = get_storage().version(match.id)
    lang = str(get_locale() or "en")

    def make() -> bytes:
        # The byte order mark makes spreadsheets read names with accents as UTF-8.
        return ("\ufeff" + ledger_csv(match_ledger(match), _)).encode("utf-8")

    data = kept_export(("csv", match.id, match.edit_token, version, lang), make)
    etag = f"csv-{match.id}-{version}-{lang}"
    return send_download(data, "text/csv", filename(match, ".csv"), etag)


@bp.route("/m/<int:match_id>/<token>/export.json")
def export_json(match_id: int, token: str):
    match, _can_edit = load_match(match_id, token)
    version = get_storage().version(match.id)

    def make() -> bytes:
        hands, history = sound_history(match)  # it writes every hand and change: all checked
        data = match_to_json(match, hands, history)
        return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")

    data = kept_export(("json", match.id, match.edit_token, version), make)
    etag = f"json-{match.id}-{version}"
    return send_download(data, "application/json", filename(match, ".json"), etag)


@bp.route("/matches/import", methods=["GET", "POST"])
@form_shown_again
@limited("LIMIT_IMPORTS")
@takes_match_file
def import_match():
    """A new match from a JSON download: same hands and history, new links (this browser
    gets the edit link, as for a match started here)."""
    form = ImportForm()
    problems: list[str] = []
    refused = refusal()
    if refused:
        problems.append(refused.message)
    elif form.validate_on_submit():
        try:
            data = json.loads(form.file.data.read().decode("utf-8"))
            imported = match_from_json(data)
        except (UnicodeDecodeError, ValueError, RecursionError) as error:
            # NotAnExport says which part is wrong; anything else is not JSON at all.
            message = (
                error.words.render(_, number)
                if isinstance(error, NotAnExport)
                else _("This is not JSON.")
            )
            form.file.errors.append(_("Not a match file: %(why)s", why=message))
        else:
            match = get_storage().import_match(imported.match, imported.hands, imported.history)
            remember(match)
            return redirect(url_for("matches.ledger", match_id=match.id, token=match.edit_token))
    status = 200 if request.method == "GET" else (refused.status if refused else 422)
    return render_template("import.html", form=form, problems=problems), status
