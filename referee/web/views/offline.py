"""The phone keeps working offline: the service worker, its version, the offline pages.

``/sw.js`` is served from the app's root (a service worker controls only the pages
under the folder it is served from) with two things filled in: ``VERSION``, a hash
of every static file and of the worker itself, so that any change to the assets is
a new worker whose activation replaces the old cache; and the URLs it keeps (the
app shell) and the posts it may keep offline (recording, editing, deleting a hand,
undo: the edit link's forms only, so a read-only link never queues anything).

The queue itself lives on the phone (``static/queue.js``, IndexedDB); the pages send
it when the connection is back (``static/offline.js``), and each form's one-time
token makes a resent request count once.  The worker keeps the page it was installed
from when it takes charge of it (a phone's first page may be a match's edit link), and
a post it keeps with no copy of its match on the phone is answered with ``/offline/saved``.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, render_template, url_for

from ...caches import lru_cached
from ..plumbing import minify

bp = Blueprint("offline", __name__)

# The forms a phone may keep while offline, as paths under the app's root.
QUEUED = r"/m/\d+/[^/]+/(hands/new|hands/\d+/edit|hands/\d+/delete|undo)$"
SHELL_FILES = (
    "style.css",
    "app.js",
    "hand.js",
    "hand.css",
    "times.js",
    "offline.js",
    "queue.js",
    "result.js",  # Share, tapped offline, says it needs the connection
    "icon.svg",
    "icon-192.png",
)


# Saves 0.59 ms (39 %) of the 1.52 ms service worker (bench/bench_caches.py "asset
# version", 2026-11-27).  Bound: 4 folders (one per app); safe: its files change only with a
# release.
@lru_cached(4)
def asset_version(static_folder: str) -> str:
    """A short hash of every file in the static folder (the worker's source included)."""
    digest = hashlib.sha256()
    for path in sorted(Path(static_folder).rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(static_folder).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _js_regex(root: str) -> str:
    return "^" + re.escape(root.rstrip("/")).replace("/", "\\/") + QUEUED.replace("/", "\\/")


@bp.route("/sw.js")
def worker() -> Response:
    static = current_app.static_folder or ""
    source = (Path(static) / "sw.js").read_text(encoding="utf-8")
    root = url_for("matches.home")
    shell = [root, url_for("offline.page"), url_for("offline.saved"), url_for("matches.manifest")]
    shell += [url_for("static", filename=name) for name in SHELL_FILES]
    filled = (
        source.replace("__VERSION__", asset_version(static))
        .replace("__SHELL__", json.dumps(shell))
        .replace("__QUEUED__", json.dumps(_js_regex(root)))
        .replace("__OFFLINE__", url_for("offline.page"))
        .replace("__SAVED__", url_for("offline.saved"))
        .replace("__QUEUE_JS__", url_for("static", filename="queue.js"))
    )
    response = Response(minify.script(filled), mimetype="text/javascript")
    # Browsers look for a new worker at every visit; never keep an old one in a cache.
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = root
    return response


@bp.route("/offline")
def page() -> str:
    """What a phone shows, offline, for a page it never opened."""
    return render_template("offline.html")


@bp.route("/offline/saved")
def saved() -> str:
    """What a phone shows, offline, for a form it kept to send later when it has no copy
    of the match to show instead (its first page was the form, say)."""
    return render_template("saved.html")


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
