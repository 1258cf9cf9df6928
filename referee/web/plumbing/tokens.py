"""Which of a thing's two secrets a link holds: its edit link's or its read-only link's.

A match, a group and a tournament each have two (see :mod:`referee.web.parts.access`);
the poll answered before Flask (:mod:`.poll`) compares them the same way.  Compared in
constant time, so a guess learns nothing from how long the answer took.
"""

from __future__ import annotations

from hmac import compare_digest


def opens(token: str, edit_token: str, view_token: str) -> bool | None:
    """Whether ``token`` is the edit link's secret (True), the read-only one's (False) or
    neither (None); compared in constant time, for matches and groups alike."""
    if compare_digest(token.encode(), edit_token.encode()):
        return True
    if compare_digest(token.encode(), view_token.encode()):
        return False
    return None
