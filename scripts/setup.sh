#!/usr/bin/env bash
# Install everything Canasta Referee needs on a fresh Debian 12 machine (run as root):
# system packages (WeasyPrint's Pango, fonts, Chromium for browser tests, poppler),
# then a virtual environment in .venv with the project and its extras.
# Usage: scripts/setup.sh [EXTRAS]   e.g. scripts/setup.sh test
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"

packages=(python3-venv ca-certificates libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0
          fonts-dejavu-core)
if [ "$extras" = "test" ]; then
  # stress-ng: two busy processes beside the suite, to show it passes on a loaded machine
  packages+=(chromium libatomic1 poppler-utils caddy zbar-tools stress-ng)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip 2>/dev/null || true
target="."
[ -n "$extras" ] && target=".[$extras]"
# pip's build chatter goes to a log; it is shown only if the install fails.
if ! .venv/bin/python -m pip install -q -e "$target" > .venv/pip.log 2>&1; then
  cat .venv/pip.log >&2
  exit 1
fi
# The compiled catalogues and the ask index's files, made from the sources (not in git)
.venv/bin/python -m referee.prebuild >/dev/null
