"""The key that signs sessions and forms: made once, written whole, and refused if short.

It is kept in the instance folder (``secret_key``, readable by its owner only).  It is
written to a temporary file beside it, flushed to the disk and only then put in place
(linked, so that of two processes making it at once the first one's stands, and both use
it): a crash or a full disk leaves either no key or the whole key, never an empty file
(issue 43: an empty key once answered every form with a 500 on every start after).

A key file found empty (or blank) is such a leftover: nothing was ever signed with it,
so a new key replaces it.  A key shorter than :data:`SHORTEST` characters was put there
by hand and would make the signatures guessable: the app refuses to start, saying so.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

NAME = "secret_key"
SHORTEST = 32  # characters: 128 bits as hex, the strength of every link's secret


class ShortKey(ValueError):
    "The instance's secret key is too short to sign sessions safely."


def _write_new(path: Path, *, over: bool) -> str:
    key = secrets.token_hex(32)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".secret_key-")  # 0600
    try:
        with os.fdopen(descriptor, "w") as out:
            out.write(key)
            out.flush()
            os.fsync(out.fileno())
        if over:
            os.replace(temporary, path)
        else:
            try:
                os.link(temporary, path)
            except FileExistsError:  # another process made it first: use that one
                return path.read_text().strip()
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)  # the rename itself on disk
        finally:
            os.close(folder)
        return key
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def secret_key(instance: Path) -> str:
    """The key kept in ``instance``, made there first if there is none (or an empty one).

    :raises ShortKey: for a key shorter than :data:`SHORTEST` characters.
    """
    path = instance / NAME
    if not path.exists():
        return _write_new(path, over=False)
    key = path.read_text().strip()
    if not key:
        return _write_new(path, over=True)
    if len(key) < SHORTEST:
        raise ShortKey(
            f"{path} holds a key of {len(key)} characters; it needs at least {SHORTEST}. "
            "Delete the file and start again to make a new one (everyone signs in again: "
            "the home page's list of matches starts empty on each phone)."
        )
    return key
