#!/usr/bin/env bash
# Set everything up from scratch and start Canasta Referee.
# Any arguments go to the `referee` command (default: serve, the phone companion).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ "$#" -eq 0 ]; then set -- serve; fi
exec .venv/bin/referee "$@"
