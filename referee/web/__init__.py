"""The phone companion: a Flask app over the rules core and :mod:`referee.storage`.

Templates and static files live at the top level of the project (and are
shipped as package data), so the app names both folders explicitly.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path
from typing import Any

from flask import Flask
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()

_HERE = Path(__file__).resolve().parent


def _asset_dir(name: str) -> str:
    # A checkout (or editable install) has <project>/templates; an installed wheel puts them
    # in <prefix>/share/canasta-referee/templates (pyproject's data-files).
    shared = Path(sys.prefix) / "share" / "canasta-referee" / name
    for candidate in (_HERE.parent.parent / name, shared):
        if candidate.is_dir():
            return str(candidate)
    return str(_HERE.parent.parent / name)


def _secret_key(instance: Path) -> str:
    """The key that signs sessions and CSRF tokens: made once, kept in the instance folder."""
    path = instance / "secret_key"
    if path.exists():
        return path.read_text().strip()
    key = secrets.token_hex(32)
    path.touch(mode=0o600)
    path.write_text(key)
    return key


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app; ``test_config`` overrides settings (tests pass DATABASE and SECRET_KEY)."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=_asset_dir("templates"),
        static_folder=_asset_dir("static"),
    )
    instance = Path(app.instance_path)
    app.config.from_mapping(
        DATABASE=os.environ.get("REFEREE_DB") or str(instance / "data" / "referee.db"),
        LAN_URL=None,  # set by `referee serve`; the home page's QR code points there
        POLL_SECONDS=3,
        MAX_CONTENT_LENGTH=256 * 1024,
        WTF_CSRF_TIME_LIMIT=None,  # a match lasts an evening; a form may sit open for hours
        SESSION_COOKIE_SAMESITE="Lax",
        BABEL_DEFAULT_LOCALE="en",
    )
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        instance.mkdir(parents=True, exist_ok=True)
        app.config["SECRET_KEY"] = _secret_key(instance)

    from . import api, db, errors, hands, i18n, matches

    db.init_app(app)
    i18n.init_app(app)
    csrf.init_app(app)
    errors.init_app(app)
    app.register_blueprint(matches.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)
    return app
