"""The marks a view puts on itself for the plumbing that treats it otherwise.

The plumbing knows no page: it does not name a view.  A view that is a form shown again
when refused, a limited one, the import of a match file, an answer that is no document,
says so with a decorator under its route, and the plumbing reads the mark off the view
that answers (:func:`mark_of`) or off every view of the app (:func:`marked`).  Grep a
mark's name to find every view that wears it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from flask import Flask, current_app, request

View = TypeVar("View", bound=Callable[..., Any])

_MARKS = "referee_marks"


def _mark(view: View, name: str, value: object = True) -> View:
    marks = dict(getattr(view, _MARKS, {}))
    marks[name] = value
    setattr(view, _MARKS, marks)
    return view


def form_shown_again(view: View) -> View:
    """On a refusal (a stale CSRF token, the database unwritable, a limit), the view runs
    once more and shows its form with what was typed (:mod:`.errors`)."""
    return _mark(view, "form_shown_again")


def limited(setting: str, methods: Sequence[str] = ("POST",)) -> Callable[[View], View]:
    """Counted per client address against the setting ``setting`` (:mod:`.limits`)."""
    return lambda view: _mark(view, "limited", (setting, list(methods)))


def takes_match_file(view: View) -> View:
    """Takes a match file, up to ``MAX_IMPORT_BYTES`` rather than ``MAX_CONTENT_LENGTH``
    (:mod:`.bodies`); its route has no variable part, since the body is read before
    Flask routes the request, by its path."""
    return _mark(view, "takes_match_file")


def not_a_document(view: View) -> View:
    """Answers a file that is never framed and runs no script (the manifest): the headers
    that matter only for a page are left off it (:mod:`.security`)."""
    return _mark(view, "not_a_document")


def _marks(view: object) -> dict[str, Any]:
    found: dict[str, Any] = getattr(view, _MARKS, {})
    return found


def mark_of(name: str) -> Any:
    """The mark ``name`` of the view answering this request, or None."""
    view = current_app.view_functions.get(request.endpoint or "")
    return _marks(view).get(name)


def marked(app: Flask, name: str) -> dict[str, Any]:
    """Every endpoint of ``app`` whose view wears the mark ``name``, with its value."""
    return {
        endpoint: _marks(view)[name]
        for endpoint, view in app.view_functions.items()
        if name in _marks(view)
    }
