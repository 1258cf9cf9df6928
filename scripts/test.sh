#!/usr/bin/env bash
# Every check CI runs, set up from scratch: ruff (lint and format), mypy --strict on the
# rules core, and the whole test suite spread over the cores (pytest-xdist; one server and
# one Chromium per worker), under Hypothesis's "ci" profile (each test's examples as written).
#
#   scripts/test.sh [PYTEST ARGS]         the full run; CI's (.ci/run runs exactly this)
#   scripts/test.sh --fast [PYTEST ARGS]  the inner loop: ruff and mypy, then the tests
#       without a browser, fuzzing, packaging, a real server or seconds of work in one test
#       (the markers browser, fuzz, packaging, live and slow) under the "dev" profile (a
#       tenth of the examples).  Set-up
#       runs only when .venv is missing or older than pyproject.toml.  Every test it
#       leaves out runs in the full run.
#
# PYTEST ARGS go to pytest after these options (a file, -k, -x, -n 0 for one process, ...);
# HYPOTHESIS_PROFILE, when set, chooses the profile instead.
set -euo pipefail
cd "$(dirname "$0")/.."
# Compiled modules kept (__pycache__/, ignored by git) even where the environment says
# PYTHONDONTWRITEBYTECODE (this machine's does): without them every process -- each test
# worker, each `referee serve` a test starts, each command -- compiled the package again,
# and pytest rewrote every test module's asserts again (collecting took 6 s of CPU in
# each of the run's four processes instead of 2.3).
unset PYTHONDONTWRITEBYTECODE
fast=false
if [ "${1:-}" = "--fast" ]; then
  fast=true
  shift
fi
if ! $fast || [ ! -x .venv/bin/pytest ] || [ pyproject.toml -nt .venv/pip.log ]; then
  scripts/setup.sh test
else
  .venv/bin/python -m referee.prebuild >/dev/null  # what a pull made out of date
fi
echo "== ruff check"; .venv/bin/ruff check referee tests bench
echo "== ruff format --check"; .venv/bin/ruff format --check referee tests bench
echo "== mypy --strict referee/rules"; .venv/bin/mypy
# The tests' folders (tmp_path) in memory when the machine has a tmpfs for it: each test's
# database is a new SQLite file, and closing one in WAL mode syncs it to disk (14 ms of
# waiting on this machine's disk, 0.04 ms in memory, some 1 400 closes a thousand web
# tests), time in which a worker's core idled.  A folder of this run's own, gone at its end
# (a --basetemp among PYTEST ARGS wins, and is kept).
basetemp=()
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
  tmp="$(mktemp -d /dev/shm/referee-tests.XXXXXX)"
  trap 'rm -rf "$tmp"' EXIT
  basetemp=(--basetemp "$tmp/pytest")
fi
if $fast; then
  echo "== pytest (fast: not browser, fuzz, live, packaging or slow; Hypothesis profile dev)"
  export HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-dev}"
  status=0
  .venv/bin/pytest -q -p no:cacheprovider -n auto "${basetemp[@]}" \
    -m "not browser and not fuzz and not live and not packaging and not slow" "$@" || status=$?
  exit "$status"
fi
echo "== pytest"
export HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}"
# loadfile: a file's tests run in one worker, so a module's fixture (the fuzzer's app, the
# packaging test's wheel and venv, a module's own server) is made once.  One worker more
# than the cores: browser and server tests spend much of their time waiting (on this
# 2-core machine 2 workers kept 1.35 cores busy: 6 min 21 s; 3 workers 5 min 48 s).
# --no-loadscope-reorder: the files go out in tests/conftest.py's order, the longest first
# (xdist's own puts the files of most tests first, and the few long browser tests last).
status=0
.venv/bin/pytest -q -p no:cacheprovider -n "$(( $(nproc) + 1 ))" --dist loadfile \
  --no-loadscope-reorder "${basetemp[@]}" "$@" || status=$?
exit "$status"
