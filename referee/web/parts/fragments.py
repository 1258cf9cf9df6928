"""Pieces of pages rendered once for what they show, then kept.

Every phone at the table reloads the match page after each hand, and most of the
page is the same as last time: the hands already recorded, the links, the site's
header.  A fragment is a small template rendered from the values passed to it
(and the page's language) only, so those values are a complete key: a piece that
shows something new is simply rendered anew, and nothing is ever invalidated.
"""

from __future__ import annotations

from collections.abc import Hashable

from flask import current_app, request
from markupsafe import Markup

from ...caches import lru_cached
from ..plumbing.locale import language


def page_key() -> tuple[str, str]:
    """What every fragment of this request depends on besides its values: the language,
    and where the app is mounted (its links start there)."""
    return language()[0], request.script_root


# Saves 1.17 ms (28 %) of the 4.17 ms match page, 0.98 ms (32 %) of its read-only link's
# (bench/bench_caches.py "fragments", 2026-11-27).  Bound: 8 192 pieces of about 1 KB at most
# (a hand's row; the page's header less): a few MB; safe: the key is all a piece shows.
@lru_cached(8192)
def _render(
    template: str, page: tuple[str, str], values: tuple[tuple[str, Hashable], ...]
) -> Markup:
    return Markup(current_app.jinja_env.get_template(template).render(dict(values)))


def fragment(template: str, **values: Hashable) -> Markup:
    """``template`` rendered with ``values`` in the page's language, once per distinct input.

    The template must show nothing but ``values``, translations and URLs of the app.
    """
    return _render(template, page_key(), tuple(sorted(values.items())))
