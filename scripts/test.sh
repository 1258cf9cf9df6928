#!/usr/bin/env bash
# Set everything up from scratch and run every check CI runs:
# ruff (lint and format), mypy --strict on the rules core, and the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
echo "== ruff check"; .venv/bin/ruff check referee tests bench
echo "== ruff format --check"; .venv/bin/ruff format --check referee tests bench
echo "== mypy --strict referee/rules"; .venv/bin/mypy
echo "== pytest"; .venv/bin/pytest -q -p no:cacheprovider "$@"
