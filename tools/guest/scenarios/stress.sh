#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# stress: for STRESS_SECONDS (60), all at once: three tasks OOM-killed over
# and over (global OOMs, both cache sections each time), sysrq-m every
# second (show_mem in atomic context, the sections from a work item), and
# readers of the shrinker debugfs reports. Not in the default list: run by
# make stress (tools/stress), which then checks every report section on the
# console with tools/check-report and the console for splats.
SCENARIO=stress
. /lib.sh

secs=${STRESS_SECONDS:-60}
end=$(($(date +%s) + secs))
kills0=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
set_dump_caches 2

# until_end CMD...: run CMD again and again until the time is up.
until_end() {
	while [ "$(date +%s)" -lt "$end" ]; do
		"$@"
	done
}

hog_once() {
	(echo 1000 >/proc/self/oom_score_adj && exec hog >/dev/null 2>&1)
}

sysrq_m() {
	echo m >/proc/sysrq-trigger
	sleep 1
}

read_reports() {
	cat /sys/kernel/debug/shrinker/report >/dev/null || echo "stress: report read failed"
	for f in /sys/kernel/debug/shrinker/*/report; do
		cat "$f" >/dev/null 2>&1
	done
	echo x >>/tmp/reads
}

for i in 1 2 3; do
	until_end hog_once &
done
until_end sysrq_m &
until_end read_reports &
until_end read_reports &
wait
set_dump_caches 1

kills=$(($(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat) - kills0))
reads=$(wc -l </tmp/reads)
echo "stress: ${secs}s: $kills OOM kills, $reads rounds of debugfs report reads"
[ "$kills" -gt 0 ] || fail "no OOM kill in ${secs}s"
[ "$reads" -gt 0 ] || fail "no debugfs report read in ${secs}s"
# Alive after all that.
echo alive >/tmp/alive && [ "$(cat /tmp/alive)" = alive ] || fail "cannot write a file after the stress"
