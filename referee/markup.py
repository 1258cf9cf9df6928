"""People's words as HTML, for the pages and the PDF sheets alike.

Above the pure floors: the middle floor (:mod:`referee.match`) keeps names as text, and
what puts them into a page's or a sheet's HTML is here, with markupsafe.
"""

from __future__ import annotations

from markupsafe import Markup

__all__ = ["bdi"]


def bdi(text: object) -> Markup:
    """``text`` (escaped) in a ``<bdi>`` element: for pages and the PDF sheets alike
    (WeasyPrint isolates a ``<bdi>`` as browsers do)."""
    return Markup("<bdi>%s</bdi>") % text
