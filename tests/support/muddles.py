"""What makes a page say less than it means, found in its HTML (issue 48): a quote whose
label does not name its language in the page's language, brackets with nothing in them, a
sentence said twice (a statement quoted again as its own words), and a message about a
hand that does not say which.  The six-language evening reads every page for them."""

from __future__ import annotations

import re
from html import unescape

from babel import Locale

from referee.i18n import translator

_TAG = re.compile(r"<[^>]+>")
_QUOTE = re.compile(
    r'<p class="muted">([^<]*)</p><blockquote lang="(\w+)"><p>(.*?)</p></blockquote>', re.S
)
_FLASH = re.compile(r'<div class="flash"[^>]*>(.*?)</div>', re.S)


def _text(html: str) -> str:
    return " ".join(unescape(_TAG.sub(" ", html)).split())


def _said(text: str) -> str:
    return " ".join(re.sub(r"[\W_]+", " ", text.casefold()).split())


def hand_word(lang: str) -> str:
    """The word a message about a hand names it by ("Kolo" in "Kolo 3 odebráno.")."""
    return translator(lang)("Hand %(n)s removed.").split("%(n)s")[0].split()[-1]


def muddles(page: str, lang: str, *, hands: bool = True) -> list[str]:
    """What the HTML ``page`` in ``lang`` says less plainly than it should, each with a
    little of its text; ``hands``: whether its messages may be about a hand (not a
    tournament's pages, whose rounds some languages call by the same word)."""
    found = []
    body = page.split("<body", 1)[-1]
    text = _text(body)
    if re.search(r"\(\s*\)", text):
        at = re.search(r"\(\s*\)", text).start()
        found.append(f"empty brackets: …{text[max(0, at - 60) : at + 4]}")
    for label, code, quoted in _QUOTE.findall(body):
        language = Locale.parse(code).get_display_name(lang)
        if language not in unescape(label):
            found.append(f"a quote's label without its language ({language}): {unescape(label)}")
        words = _said(_text(quoted))
        outside = _said(_text(body.replace(quoted, " ")))
        if words and words in outside:
            found.append(f"a sentence said twice: {_text(quoted)[:80]}")
    word = hand_word(lang).casefold()
    for flash in _FLASH.findall(body) if hands else ():
        for message in re.findall(r"<p>(.*?)</p>", flash, re.S):
            said = _text(message)
            # The word as a message names one hand ("kolo", not "kola": Czech rounds too).
            if re.search(rf"\b{re.escape(word)}\b", said.casefold()) and not re.search(r"\d", said):
                found.append(f"a message about a hand that does not say which: {said}")
    return found
