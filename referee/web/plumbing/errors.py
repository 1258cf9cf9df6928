"""Friendly pages for every error: never a bare 500, and a refused form keeps what was typed.

A form the server could not take -- its CSRF token was stale (400), or the database
could not be written (503: a read-only file, a full disk) -- is shown again with
everything typed and the reason above it: the view runs once more with
:func:`refusal` set, and renders instead of saving.
"""

from __future__ import annotations

from typing import NamedTuple

from flask import Flask, Response, current_app, g, jsonify, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from markupsafe import escape
from werkzeug.exceptions import HTTPException, InternalServerError

from ...storage import Unavailable
from .locale import number
from .marks import mark_of
from .security import without_secret


def _wants_json() -> bool:
    return request.path.startswith("/api/") or request.path.endswith("/version")


def _page(status: int, title: str, message: str):
    if _wants_json():
        return jsonify(error=message), status
    try:
        return render_template("error.html", title=title, message=message), status
    except Exception:  # a broken template must not turn an error page into a traceback
        current_app.logger.exception("error page failed")
        return f"<!doctype html><title>{escape(title)}</title><p>{escape(message)}</p>", status


class Refusal(NamedTuple):
    """Why a posted form was not taken, and the status its page answers with."""

    message: str
    status: int


def refusal() -> Refusal | None:
    """Set while a form view runs again to show its refused form (see :func:`refuse`)."""
    return g.get("refusal")


def refuse(title: str, message: str, status: int, retry_after: int | None = None) -> Response:
    """The posted form again with ``message``, or (no form to show) the error page.

    ``retry_after``: seconds for the ``Retry-After`` header (503, 429).
    """
    response = current_app.make_response(_form_or_page(title, message, status))
    if retry_after is not None:
        response.headers["Retry-After"] = str(retry_after)
    return response


def _form_or_page(title: str, message: str, status: int):
    view = current_app.view_functions.get(request.endpoint or "")
    # A view marked form_shown_again (marks.py) shows its form again with what was typed.
    if request.method == "POST" and mark_of("form_shown_again") and view is not None:
        if refusal() is None:  # once: a second failure while showing the form is the page
            g.refusal = Refusal(message, status)
            try:
                return view(**(request.view_args or {}))
            except HTTPException as error:  # e.g. the match's link is wrong as well
                return http_error(error)
            except Unavailable:
                pass
    return _page(status, title, message)


def csrf_error(error: CSRFError):
    message = _(
        "This form could not be checked (its security token is missing or out of date). "
        "Nothing was saved; please submit it again."
    )
    return refuse(_("Not saved"), message, 400)


def unavailable(error: Unavailable):
    current_app.logger.exception("database unavailable: %s", error)
    message = _(
        "The match could not be saved: the server cannot write its data just now. "
        "Nothing you typed was lost; try again in a moment."
    )
    return refuse(_("Not saved"), message, 503, retry_after=30)


def http_error(error: HTTPException):
    titles = {
        400: _("Bad request"),
        403: _("Read-only link"),
        404: _("Not found"),
        405: _("Not allowed"),
        409: _("Damaged match"),
        413: _("Too much data"),
    }
    code = error.code or 500
    # Our own aborts carry a message for the player; werkzeug's defaults are for developers.
    custom = error.description != type(error).description
    message = error.description if custom else None
    if code == 413:
        message = too_large()
    elif message is None:
        message = (
            _("There is nothing at this address.")
            if code == 404
            else _("The request could not be handled.")
        )
    return _page(code, titles.get(code, _("Something went wrong")), message)


def size_text(size: int) -> str:
    """A size in bytes as a person reads it: "16 MB", "256 KB"."""
    if size >= 1024 * 1024:
        return _("%(n)s MB", n=number(round(size / (1024 * 1024))))
    return _("%(n)s KB", n=number(max(1, round(size / 1024))))


def too_large() -> str:
    """Why a body was refused (413): the limit of the route it was sent to, and for a
    match file, the command that imports one of any size."""
    size = size_text(int(request.max_content_length or 0))
    if mark_of("takes_match_file"):
        return _(
            "A match file may be at most %(size)s here, and this one is larger: nothing was "
            "imported. On the server, the command %(command)s imports it.",
            size=size,
            command="referee import FILE",
        )
    return _(
        "The server takes at most %(size)s at once, and this was more: nothing was saved.",
        size=size,
    )


def internal_error(error: Exception):
    current_app.logger.exception(
        "unexpected error on %s %s", request.method, without_secret(request.path), exc_info=error
    )
    return _page(
        500,
        _("Something went wrong"),
        _("The referee hit an internal error. Nothing was lost; go back and try again."),
    )


def init_app(app: Flask) -> None:
    app.register_error_handler(CSRFError, csrf_error)
    app.register_error_handler(Unavailable, unavailable)
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(InternalServerError, internal_error)
    app.register_error_handler(Exception, internal_error)
