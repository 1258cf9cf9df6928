#!/usr/bin/env bash
# Every check CI runs, set up from scratch: ruff (lint and format), mypy --strict on the
# rules core, and the whole test suite spread over the cores (pytest-xdist, one server
# and one Chromium per worker), Hypothesis's "ci" profile (each test's examples as written).
#
#   scripts/test.sh [PYTEST ARGS]          the full run (CI's: .ci/run runs exactly this)
#   scripts/test.sh --fast [PYTEST ARGS]   the inner loop: ruff, then the tests without a
#       browser, fuzzing, packaging or a real server (markers browser, fuzz, packaging,
#       live), Hypothesis's "dev" profile (a tenth of the examples); no set-up unless .venv
#       is missing, no mypy.  Every test it leaves out runs in the full run.
#
# Arguments after the flag go to pytest (a file, -k, -x, ...).
set -euo pipefail
cd "$(dirname "$0")/.."
fast=false
if [ "${1:-}" = "--fast" ]; then
  fast=true
  shift
fi
if ! $fast || [ ! -x .venv/bin/pytest ]; then
  scripts/setup.sh test
fi
echo "== ruff check"; .venv/bin/ruff check referee tests bench
echo "== ruff format --check"; .venv/bin/ruff format --check referee tests bench
if $fast; then
  echo "== pytest --fast"
  HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-dev}" exec .venv/bin/pytest -q -p no:cacheprovider -n auto \
    -m "not browser and not fuzz and not live and not packaging" "$@"
fi
echo "== mypy --strict referee/rules"; .venv/bin/mypy
echo "== pytest"; HYPOTHESIS_PROFILE="${HYPOTHESIS_PROFILE:-ci}" .venv/bin/pytest -q -p no:cacheprovider -n auto --dist loadfile "$@"
