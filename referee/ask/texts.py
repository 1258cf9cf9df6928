"""The catalogues' texts as the ask index reads them: a language's messages, a group's title.

The index reads each rule's statement in all six languages from the compiled catalogues
(``referee/translations``, compiled at set-up and install: :mod:`referee.prebuild`).
"""

from __future__ import annotations

import struct
from collections.abc import Callable

from ..caches import lru_cached
from ..i18n import LANGUAGES, TRANSLATIONS
from ..rules.catalogue import GROUPS

__all__ = ["gettext_of", "group_title"]


# Saves 31 % of an index's build (bench/bench_caches.py "ask catalogues", 2026-11-27); bound:
# the six languages; never stale: the catalogues are files of the installed package.
@lru_cached(len(LANGUAGES))
def gettext_of(lang: str) -> Callable[[str], str]:
    """The catalogue of ``lang`` as a function (English: the text itself).

    The compiled catalogue (``messages.mo``) is read as its two tables of offsets, and a
    message decoded only when asked for: babel's reader costs 0.3 s of imports and the
    standard library's decodes all 1 500 messages of each language, where the index
    needs a few dozen (a cold ``referee ask`` pays for it).
    """
    if lang == "en":
        return lambda text: text
    path = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo"
    data = path.read_bytes()
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals, translations = struct.unpack_from(order + "3I", data, 8)
    table = struct.Struct(order + "II")
    found = {
        data[offset : offset + length]: i
        for i, (length, offset) in enumerate(
            struct.iter_unpack(order + "II", data[originals : originals + 8 * count])
        )
    }

    def gettext(text: str) -> str:
        i = found.get(text.encode("utf-8"))
        if i is None:
            return text
        length, offset = table.unpack_from(data, translations + 8 * i)
        return data[offset : offset + length].decode("utf-8") or text

    return gettext


def group_title(key: str) -> str:
    for _group, title, prefixes in GROUPS:
        if key.startswith(prefixes):
            return title
    return ""
