"""A person's words isolated wherever they are shown, so that their direction stays theirs.

A name may be Hebrew or Arabic, or hold a right-to-left override (U+202E): shown as it
is, it turns the app's own sentence around it ("Hand 1: ‮Anna deals, …" read backwards).
Every name and note goes through one of two filters:

- ``|bdi`` in the page's text and the PDF sheets (WeasyPrint isolates ``<bdi>`` too):
  ``<bdi>name</bdi>``, the name's direction its own, nothing leaking out of it;
- ``|isolated`` where no element may go (the ``<title>``, an attribute, a message made
  in Python): the name between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE
  (U+2068, U+2069), the same isolation as plain text.
"""

from __future__ import annotations

from flask import Flask

from ...markup import bdi
from ...match.plaintext import isolated


def init_app(app: Flask) -> None:
    app.add_template_filter(bdi, "bdi")
    app.add_template_filter(isolated, "isolated")
