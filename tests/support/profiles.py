"""Hypothesis profiles, chosen by ``HYPOTHESIS_PROFILE`` (tests/conftest.py loads one).

``ci``, the default: every test draws the examples its module asks for, as it always
has (100 where a test says nothing).  ``dev``, for ``scripts/test.sh --fast``: a tenth
of them, never fewer than five, so the inner loop still runs each property.
"""

from __future__ import annotations

import os

from hypothesis import settings

# No deadline: an example's time says how busy the machine is, not whether the code is
# right (a 39-team movement took 270 ms on a loaded CI machine); timings are in bench/.
settings.register_profile("ci", max_examples=100, print_blob=True, deadline=None)
settings.register_profile("dev", max_examples=10, deadline=None)


def load() -> None:
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def examples(n: int) -> int:
    """The ``max_examples`` of a test that asks for ``n``: ``n`` under ``ci``, a tenth
    (at least 5) under ``dev``."""
    return max(5, n // 10) if settings.get_current_profile_name() == "dev" else n
