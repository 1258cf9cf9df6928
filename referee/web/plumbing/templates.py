"""Each template compiled once a process, whatever number of apps renders it.

Jinja compiles a template (lexing, parsing, generating Python and compiling that) the first
time an environment loads it, and keeps it in that environment only: every app made in a
process starts with none.  A server makes one app, but its first request of each page
paid it, and the tests make an app for nearly every test: a new app's match page, hand
form and a hand posted cost some 30 ms of compiling each, two thirds of such a test's CPU
(docs/benchmarks.md, "Pages cheaper to render").  Jinja's own answer is a bytecode cache,
asked by every environment before it compiles; this one keeps each template's code object
in the process's memory (:class:`referee.caches.Lru`).

Never stale: Jinja files the code under the template's name and file and checks the sha1
of the source it just read against the one the code was compiled from, compiling again
when they differ.  Every app's environment is made alike by :func:`referee.web.create_app`
(the same extensions, the gettext of :mod:`referee.web.plumbing.locale`, newstyle), so the
code one compiled is the code another would; the sheets' own environment
(:mod:`referee.sheets`) does not use it.  A code object is immutable, so the server's
threads share it; each environment makes its own template (its globals, its filters) of it.
Bound: 256 templates (the app has some 60, with its fragments).
"""

from __future__ import annotations

from types import CodeType

from flask import Flask
from jinja2.bccache import Bucket, BytecodeCache

from ...caches import Lru

# The code of each template, by Jinja's key (the template's name and file), with the sha1
# of the source it was compiled from.
_CODE: Lru[tuple[str, CodeType]] = Lru(256)


class _Compiled(BytecodeCache):
    """Jinja's bytecode cache, kept as code objects in memory (no marshalling)."""

    def load_bytecode(self, bucket: Bucket) -> None:
        kept = _CODE.get(bucket.key)
        if kept is not None and kept[0] == bucket.checksum:
            bucket.code = kept[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            _CODE.put(bucket.key, (bucket.checksum, bucket.code))


def init_app(app: Flask) -> None:
    """Give ``app``'s Jinja environment the process's compiled templates; before anything
    reads ``app.jinja_env``, which is made once, with these options, on first use."""
    app.jinja_options = {**app.jinja_options, "bytecode_cache": _Compiled()}
