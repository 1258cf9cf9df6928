#!/usr/bin/env bash
# The CPU of a command and of every process it starts, those that outlive their parent
# included (Chromium's processes pass to init when Playwright's driver ends, and `time`
# never counts them: docs/benchmarks.md, "Where the CPU really goes").  The command runs in
# a cgroup of its own (v1 cpuacct, as root); a child stays in its parent's cgroup, wherever
# it is reparented.  Prints the CPU (user + sys), the wall time and the load average at the
# start and the end.
#
#   bench/cpu_of.sh NAME COMMAND [ARG ...]     e.g. bench/cpu_of.sh full bash scripts/test.sh
set -euo pipefail
name="$1"
shift
group="/sys/fs/cgroup/cpuacct/referee-bench-$name-$$"
mkdir "$group"
start=$(date +%s.%N)
load0=$(cut -d' ' -f1 /proc/loadavg)
status=0
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' _ "$group" "$@" || status=$?
end=$(date +%s.%N)
load1=$(cut -d' ' -f1 /proc/loadavg)
sleep 1  # the last processes' exits accounted
read -r _ user < <(grep user "$group/cpuacct.stat")
read -r _ system < <(grep system "$group/cpuacct.stat")
tick=$(getconf CLK_TCK)
python3 - "$name" "$status" "$(cat "$group/cpuacct.usage")" "$user" "$system" "$tick" \
  "$start" "$end" "$load0" "$load1" <<'PY'
import sys
name, status, usage, user, system, tick, start, end, load0, load1 = sys.argv[1:]
print(f"{name}: exit {status}, CPU {int(usage) / 1e9:.1f} s (user {int(user) / int(tick):.1f},"
      f" sys {int(system) / int(tick):.1f}), wall {float(end) - float(start):.1f} s,"
      f" load average {load0} -> {load1}")
PY
rmdir "$group" 2>/dev/null || echo "(processes left in $group)" >&2
exit "$status"
