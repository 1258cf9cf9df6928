#!/usr/bin/env bash
# Refresh the translation catalogues after text changed in the code or templates:
# extract every marked string, merge it into each language's messages.po, compile .mo.
# Usage: scripts/i18n.sh [extract|update|compile|all]   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel=.venv/bin/pybabel
dir=referee/translations
langs=(en cs de es nl pl)
step="${1:-all}"

if [ "$step" = extract ] || [ "$step" = all ] || [ "$step" = update ]; then
  "$pybabel" extract -F scripts/babel.cfg --no-location --sort-output --width 100 \
    -k _l -k N_ -k _mark -k pgettext:1c,2 -k rule:2 -k Option:2 \
    -o "$dir/messages.pot" . >/dev/null 2>&1
fi
if [ "$step" = update ] || [ "$step" = all ]; then
  for lang in "${langs[@]}"; do
    po="$dir/$lang/LC_MESSAGES/messages.po"
    if [ -f "$po" ]; then
      "$pybabel" update --no-fuzzy-matching --ignore-obsolete --width 100 -l "$lang" \
        -i "$dir/messages.pot" -o "$po" >/dev/null
    else
      "$pybabel" init --width 100 -l "$lang" -i "$dir/messages.pot" -o "$po" >/dev/null
    fi
  done
fi
if [ "$step" = compile ] || [ "$step" = all ]; then
  "$pybabel" compile -d "$dir" -D messages --statistics 2>&1 | grep -v "^compiling" || true
  # referee ask's built files read the catalogues: make them again (not kept in git)
  .venv/bin/python -m referee.prebuild >/dev/null
fi
