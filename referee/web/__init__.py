"""The phone companion: a Flask app over the rules core and :mod:`referee.storage`.

Templates and static files live in the package (see :mod:`referee.assets`), so an
installed copy finds them wherever it was installed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask
from flask_wtf.csrf import CSRFProtect

from ..assets import asset_dir

csrf = CSRFProtect()


def _default_database(instance_path: str) -> str:
    return os.environ.get("REFEREE_DB") or str(Path(instance_path) / "data" / "referee.db")


def database_path(db: str | None = None) -> str:
    """The database the app uses: ``db``, else ``$REFEREE_DB``, else the instance folder's.

    For commands that work on the data without serving it (``referee export``, ...).
    """
    if db:
        return db
    return _default_database(_instance_path())


def _instance_path() -> str:
    """The folder of the secret key, config.toml and the default database.

    ``$REFEREE_INSTANCE`` if set (a server: /var/lib/canasta-referee), else Flask's
    choice: ``instance/`` in a checkout, ``<prefix>/var/referee.web-instance`` when
    installed.
    """
    chosen = os.environ.get("REFEREE_INSTANCE")
    if chosen:
        return os.path.abspath(chosen)
    return Flask(__name__, instance_relative_config=True).instance_path


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app; ``test_config`` overrides settings (tests pass DATABASE and SECRET_KEY)."""
    app = Flask(
        __name__,
        instance_path=_instance_path(),
        instance_relative_config=True,
        template_folder=str(asset_dir("templates")),
        static_folder=str(asset_dir("static")),
    )
    instance = Path(app.instance_path)
    app.config.from_mapping(
        DATABASE=_default_database(app.instance_path),
        LAN_URL=None,  # set by `referee serve`; the home page's QR code points there
        MAX_CONTENT_LENGTH=256 * 1024,
        WTF_CSRF_TIME_LIMIT=None,  # a match lasts an evening; a form may sit open for hours
        SESSION_COOKIE_SAMESITE="Lax",
        BABEL_DEFAULT_LOCALE="en",
    )
    from .plumbing import settings

    settings.load(app)
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        instance.mkdir(parents=True, exist_ok=True)
        from .plumbing.secret_key import secret_key

        app.config["SECRET_KEY"] = secret_key(instance)

    from .parts import page_functions
    from .plumbing import (
        bodies,
        caching,
        compression,
        db,
        errors,
        inputs,
        limits,
        locale,
        minify,
        proxy,
        security,
    )
    from .views import (
        api,
        directing,
        downloads,
        groups,
        hands,
        house,
        matches,
        offline,
        questions,
        reopening,
        result,
        share,
        signoff,
        team_page,
        tournament_files,
        tournaments,
    )

    compression.init_app(app)  # first: its after-request hook then runs last, on the final body
    inputs.init_app(app)
    bodies.init_app(app)  # first of the checks: a late body is refused before anything reads it
    security.init_app(app)
    caching.init_app(app)
    db.init_app(app)
    locale.init_app(app)
    page_functions.init_app(app)
    csrf.init_app(app)
    errors.init_app(app)
    app.register_blueprint(matches.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(questions.bp)
    app.register_blueprint(downloads.bp)
    app.register_blueprint(groups.bp)
    app.register_blueprint(house.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(result.bp)
    app.register_blueprint(tournaments.bp)
    app.register_blueprint(tournament_files.bp)
    app.register_blueprint(reopening.bp)
    app.register_blueprint(directing.bp)
    app.register_blueprint(signoff.bp)
    app.register_blueprint(team_page.bp)
    offline.init_app(app)
    minify.init_app(app)
    csrf.exempt(api.bp)
    limits.init_app(app)

    @app.get("/healthz")
    def healthz():
        # Touches neither the database nor the session: a liveness probe, and the
        # baseline that bench/bench_web.py measures the real pages against.
        return "ok", {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}

    from .plumbing.poll import Poll

    standings = int(app.config["STANDINGS_SECONDS"])
    app.wsgi_app = Poll(app.wsgi_app, app.config["DATABASE"], standings)  # type: ignore[method-assign]
    proxy.init_app(app)
    return app


def create_server() -> Any:
    """The app as ``referee serve`` runs it: an ASGI application that reads each
    request's body whole, with a deadline, before a thread runs the app
    (:mod:`referee.web.plumbing.bodies`)."""
    from .plumbing.bodies import server

    return server(create_app())
