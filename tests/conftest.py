"""What every test shares: the Hypothesis profile (``ci`` unless ``HYPOTHESIS_PROFILE``
says ``dev``), and the checkout's secret key made once before xdist's workers start."""

from __future__ import annotations

import tempfile

from . import profiles

profiles.load()


def pytest_configure(config) -> None:
    # A server the tests start (``referee serve``) keeps its secret key in the checkout's
    # instance/ folder, making it on first use; two workers making it at once could read
    # each other's empty file.  It is made here, in the one process before the workers.
    if hasattr(config, "workerinput"):
        return
    from referee.web import create_app

    with tempfile.TemporaryDirectory() as folder:
        create_app({"DATABASE": f"{folder}/key.db"})
