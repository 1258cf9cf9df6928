"""Flask-Babel: every user-facing string goes through gettext; English is the only locale yet."""

from __future__ import annotations

from flask import Flask
from flask_babel import Babel, get_locale

babel = Babel()


def _locale() -> str:
    return "en"


def init_app(app: Flask) -> None:
    babel.init_app(app, locale_selector=_locale)
    app.jinja_env.globals["get_locale"] = get_locale
