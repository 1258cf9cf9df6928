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
# Catalogues or ask files older than their sources (a pull changed a message) are made
# again; when nothing changed this costs 0.2 s.
.venv/bin/python -m referee.prebuild >/dev/null
if [ "$#" -eq 0 ]; then set -- serve; fi
exec .venv/bin/referee "$@"
