"""Problems: what is wrong with a hand or a question, each citing a rule."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

__all__ = [
    "IMPOSSIBLE",
    "N_",
    "IllegalHand",
    "MalformedInput",
    "Problem",
    "Text",
    "malformed",
    "problem",
]

# What no table could have played, whatever it agreed: more cards than the packs hold, a
# side out twice over, a count that contradicts another.  A table records a hand that breaks
# a rule "anyway" (it played it so, and agrees), never one of these: they are typos.
IMPOSSIBLE = frozenset(
    {
        "deck_count",  # more of a rank, a card, red or black threes than the packs hold
        "two_went_out",
        "two_acabar",
        "acabar_and_out",
        "went_out_with_cards",  # a lone player out with cards left in hand
        "concealed_without_going_out",
        "concealed_canastas",  # more laid from the hand than the side made
        "black_threes_out_without_going_out",
        "negative_count",
        "meld_points",  # melded points no cards make (not a multiple of 5, below its canastas)
        "hand_points",
        "hand_twice",
        "red_three_in_hand",
    }
)


def N_(template: str) -> str:
    """Mark ``template`` for the translation catalogues; it is translated where it is shown."""
    return template


def _same(text: str) -> str:
    return text


class Text(NamedTuple):
    """Words for a player: an English ``template`` with ``%(name)s`` fields and their values.

    The core stays free of any translation library: :meth:`render` takes the
    translating function of whoever shows the text (the web's gettext, say).
    Values that are themselves :class:`Text` are translated too.
    """

    template: str
    params: Mapping[str, object] = {}

    def render(
        self,
        translate: Callable[[str], str] | None = None,
        number: Callable[[int], str] | None = None,
    ) -> str:
        """The words in the language of ``translate``, each whole number among the values
        written by ``number`` (grouped as that language groups digits: "1 505")."""
        tr = translate or _same
        values = {key: _value(value, translate, number) for key, value in self.params.items()}
        return tr(self.template) % values if values else tr(self.template)


def _value(
    value: object,
    translate: Callable[[str], str] | None,
    number: Callable[[int], str] | None,
) -> object:
    if isinstance(value, Text):
        return value.render(translate, number)
    if number is not None and isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return value


class Problem(NamedTuple):
    """One rule broken: a stable ``code``, a ``message`` a player understands, and the
    catalogue key of the ``rule`` that decides it (None where the variant has no such rule)."""

    code: str
    message: str
    rule: str | None
    side: int | None = None
    meld: int | None = None
    text: Text | None = None  # ``message`` as a translatable text
    # Figures a program reads beside the message (the points and minimum of a short opening).
    figures: Mapping[str, int] = {}

    @property
    def impossible(self) -> bool:
        """Whether no table could have played it (:data:`IMPOSSIBLE`): not for "anyway"."""
        return self.code in IMPOSSIBLE

    def render(
        self,
        translate: Callable[[str], str] | None = None,
        number: Callable[[int], str] | None = None,
    ) -> str:
        """The message in the language of ``translate`` (English without one), its whole
        numbers written by ``number``."""
        return self.text.render(translate, number) if self.text else self.message


def problem(
    code: str,
    rule: str | None,
    template: str,
    side: int | None = None,
    meld: int | None = None,
    **params: object,
) -> Problem:
    """A :class:`Problem` whose message is ``template`` filled with ``params``."""
    text = Text(template, params)
    return Problem(code, text.render(), rule, side, meld, text)


class MalformedInput(ValueError):
    "The input is not a hand or a question at all; the message says which field and why."

    # The message as a translatable text, where it was made with one (:func:`malformed`).
    words: Text | None = None

    def render(
        self,
        translate: Callable[[str], str] | None = None,
        number: Callable[[int], str] | None = None,
    ) -> str:
        """The message in the language of ``translate`` (English without one, as ``str``),
        its whole numbers written by ``number``."""
        return self.words.render(translate, number) if self.words else str(self)


def malformed(template: str, **params: object) -> MalformedInput:
    """A :class:`MalformedInput` whose message is ``template`` (marked with :func:`N_`)
    filled with ``params``: in English as its text, in any language by its ``render``."""
    error = MalformedInput(Text(template, params).render())
    error.words = Text(template, params)
    return error


class IllegalHand(ValueError):
    "The hand breaks the variant's rules; ``problems`` lists every broken rule."

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(problem.message for problem in problems))
