"""What every test shares: the Hypothesis profile (``ci`` unless ``HYPOTHESIS_PROFILE``
says ``dev``), templates and URL rules compiled once per session rather than once per
test's app, the checkout's secret key made once before xdist's workers start, and the
longest files run first."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from flask import Flask
from jinja2 import BytecodeCache
from werkzeug.routing import Rule

from tests.support import profiles

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


# Each test file's share of a full run in seconds, measured (bench/suite_times.py --costs);
# a file not in it is guessed from its tests' marks (GUESSED, else UNMARKED a test).
COSTS = Path(__file__).with_name("suite_costs.json")
GUESSED = {"packaging": 6.0, "browser": 5.0, "slow": 2.0, "live": 1.0, "fuzz": 1.0}
UNMARKED = 0.03


def _guessed(item: pytest.Item) -> float:
    marks = [GUESSED[mark.name] for mark in item.iter_markers() if mark.name in GUESSED]
    return max(marks, default=UNMARKED)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest files first, each file's tests in their own order.  xdist's loadfile
    hands a worker a file at a time in this order (scripts/test.sh keeps it with
    ``--no-loadscope-reorder``): a minute-long file started last kept one worker busy
    while the others had finished; started first, the short ones fill in around it."""
    known = json.loads(COSTS.read_text()) if COSTS.exists() else {}
    guessed: dict[str, float] = {}
    for item in items:
        name = item.nodeid.split("::")[0]
        guessed[name] = guessed.get(name, 0.0) + _guessed(item)
    order = {name: -known.get(name, seconds) for name, seconds in guessed.items()}
    items.sort(key=lambda item: order[item.nodeid.split("::")[0]])  # stable: a file's order kept


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates kept in memory for every app of the session."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self.kept:
            bucket.bytecode_from_string(self.kept[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


@pytest.fixture(autouse=True, scope="session")
def _templates_compiled_once():
    """Each test makes its own app, and each app its own Jinja environment, which compiled
    every template it rendered again: some 150 ms of a typical web test's 250.  The
    environments share the compiled code through Jinja's bytecode cache, which keys it by
    the template's file and drops it when the source changes; what is rendered is the same.
    """
    kept = CompiledTemplates()
    create = Flask.create_jinja_environment

    def create_jinja_environment(app):
        environment = create(app)
        environment.bytecode_cache = kept
        return environment

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Flask, "create_jinja_environment", create_jinja_environment)
        yield


@pytest.fixture(autouse=True, scope="session")
def _url_rules_compiled_once():
    """Making an app compiled a URL builder for each of its rules (Python code, through
    ``ast`` and ``compile``): two thirds of ``create_app``'s 35 ms, again in every test.
    A builder depends only on its rule's text, parts and defaults (it reaches converters
    through the rule it is bound to), so one is kept per such key.  Werkzeug's private
    ``Rule._compile_builder``: if a release renames it, apps are made as before."""
    compile_builder = getattr(Rule, "_compile_builder", None)
    if compile_builder is None:
        yield
        return
    kept = {}

    def cached(rule, append_unknown=True):
        try:
            key = (rule.rule, rule.subdomain, rule.host, rule.map.host_matching,
                   rule.merge_slashes, tuple(rule._trace),
                   tuple(sorted((rule.defaults or {}).items())), append_unknown)  # fmt: skip
            hash(key)
        except TypeError:  # a default that cannot be a key: compiled as before
            return compile_builder(rule, append_unknown)
        if key not in kept:
            kept[key] = compile_builder(rule, append_unknown)
        return kept[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Rule, "_compile_builder", cached)
        yield
