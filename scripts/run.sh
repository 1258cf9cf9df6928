#!/usr/bin/env bash
# Start Canasta Referee, set up first only where needed: when .venv is missing or older
# than pyproject.toml (its dependencies changed), as `scripts/test.sh --fast` does.  Any
# other start goes straight to the server.
# Any arguments go to the `referee` command (default: serve, the phone companion).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/referee ] || [ ! -f .venv/pip.log ] || [ pyproject.toml -nt .venv/pip.log ]; then
  scripts/setup.sh
fi
if [ "$#" -eq 0 ]; then set -- serve; fi
exec .venv/bin/referee "$@"
