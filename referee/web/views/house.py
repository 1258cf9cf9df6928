"""A table's own rules as pages: the rulebook under a match's rules, the rules as a file
to download and to start from, a blank score sheet with them.

The "Change the rules" part of the new-match forms, and what a table plays differently,
are :mod:`referee.web.parts.house_rules`, which the other views share.
"""

from __future__ import annotations

import json
from importlib import metadata

from flask import Blueprint
from flask_babel import get_locale
from flask_babel import gettext as _

from ...rules.overrides import (
    rules_file,
)
from ...sheets import blank_sheet_pdf
from ..parts import rulebook
from ..parts.access import load_match
from ..parts.house_rules import changed_lines
from ..parts.sending import asked_paper, filename, kept_sheet, send_download

bp = Blueprint("house", __name__)


def app_version() -> str:
    try:
        return metadata.version("canasta-referee")
    except metadata.PackageNotFoundError:  # a checkout run without installing it
        return "unknown"


# -- the table's rules: a page, a file, a blank sheet ----------------------------------------


@bp.route("/m/<int:match_id>/<token>/rules")
def match_rules(match_id: int, token: str):
    """The rulebook page under the match's own rules, what the table changed marked ≠."""
    match, _can_edit = load_match(match_id, token)
    return rulebook.page(match.variant, match=match, token=token, house=changed_lines(match))


@bp.route("/m/<int:match_id>/<token>/rules.json")
def rules_download(match_id: int, token: str):
    """The match's rules as a small file another match can start from."""
    match, _can_edit = load_match(match_id, token)
    data = rules_file(match.variant_id, dict(match.options), dict(match.overrides), app_version())
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return send_download(text.encode("utf-8"), "application/json", filename(match, " rules.json"))


@bp.route("/m/<int:match_id>/<token>/blank.pdf")
def blank_sheet(match_id: int, token: str):
    """A blank score sheet with the tables of the match's own rules."""
    match, _can_edit = load_match(match_id, token)
    paper = asked_paper()
    lang = str(get_locale() or "en")
    # A match's rules never change once it has begun: its id names them for good.
    pdf = kept_sheet(
        ("blank", match.id, paper, lang),
        lambda: blank_sheet_pdf(
            match.variant, paper, match.players, gettext=_, base=match.preset, lang=lang
        ),
    )
    etag = f"blank-{match.id}-{paper}-{lang}"
    return send_download(pdf, "application/pdf", filename(match, " blank.pdf"), etag)
