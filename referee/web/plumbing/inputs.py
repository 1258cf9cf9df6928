"""What a request must be before any view reads it: bounds that hold for every route.

- An id in a URL (``<int:...>``: a match, a hand) is at most SQLite's largest
  integer; a bigger one answers 404 like any unknown match, instead of reaching
  SQLite, which cannot even look it up.  The app's ``int`` converter is replaced,
  so every route, present and future, has the bound.
- A JSON body nested deeper than Python's parser can follow is a bad request
  (400), not a ``RecursionError``; so is one that is not UTF-8 or not JSON.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Request
from werkzeug.exceptions import BadRequest
from werkzeug.routing import IntegerConverter

SQLITE_MAX = 2**63 - 1


def whole_number(text: object, digits: int = 18) -> int | None:
    """``text`` read as a whole number of at most ``digits`` ASCII digits (18 fit SQLite);
    None for anything else -- a sign, a space, other scripts' digits such as "¹" or "٣"
    (``str.isdigit`` takes them, ``int`` refuses some), or a number too long."""
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= digits:
        return int(text)
    return None


class SQLiteInteger(IntegerConverter):
    """``<int:...>`` for ids kept in SQLite: 0 to 2**63 - 1, else no such page."""

    def __init__(self, map: Any, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", SQLITE_MAX)
        super().__init__(map, *args, **kwargs)


class BoundedRequest(Request):
    """A request whose JSON body, however deep or broken, is at worst a 400."""

    def get_json(self, force: bool = False, silent: bool = False, cache: bool = True) -> Any:
        try:
            return super().get_json(force=force, silent=silent, cache=cache)
        except (RecursionError, UnicodeDecodeError):
            if silent:
                return None
            raise BadRequest("The body is not JSON that can be read.") from None


def init_app(app: Flask) -> None:
    """Before any blueprint is registered: rules look their converter up as they are added."""
    app.url_map.converters["int"] = SQLiteInteger
    app.request_class = BoundedRequest
