"""Problems: what is wrong with a hand or a question, each citing a rule."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["IllegalHand", "MalformedInput", "Problem"]


class Problem(NamedTuple):
    """One rule broken: a stable ``code``, a ``message`` a player understands, and the
    catalogue key of the ``rule`` that decides it (None where the variant has no such rule)."""

    code: str
    message: str
    rule: str | None
    side: int | None = None
    meld: int | None = None


class MalformedInput(ValueError):
    "The input is not a hand or a question at all; the message says which field and why."


class IllegalHand(ValueError):
    "The hand breaks the variant's rules; ``problems`` lists every broken rule."

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(problem.message for problem in problems))
