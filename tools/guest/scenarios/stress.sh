#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# stress: for STRESS_SECONDS (15; make stress gives 60), all at once: three
# tasks OOM-killed over and over (global OOMs, both cache sections each
# time), sysrq-m every second (show_mem in atomic context, the sections from
# a work item), readers of the shrinker debugfs reports, and two tasks that
# mount and unmount tmpfs in a loop: each mount registers a superblock
# shrinker (with its debugfs directory and ->to_text()) and each unmount
# frees it, while the OOM reports and the readers walk the shrinkers.
# tools/boot-test runs it in make test; tools/check-report then checks
# every report section on the console, tools/scan-console the splats.
SCENARIO=stress
. /lib.sh

secs=${STRESS_SECONDS:-15}
end=$(($(date +%s) + secs))
kills0=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
set_dump_caches 2
fill_dcache

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

# A mount that fails (under memory pressure) is not counted.
churn() {
	mount -t tmpfs churn "$1" 2>/dev/null || return 0
	echo x >"$1/f" 2>/dev/null
	umount "$1" && echo x >>"$1.count"
}

for i in 1 2 3; do
	until_end hog_once &
done
for i in 1 2; do
	mkdir -p /tmp/churn$i
	until_end churn /tmp/churn$i &
done
until_end sysrq_m &
until_end read_reports &
until_end read_reports &
wait
set_dump_caches 1

kills=$(($(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat) - kills0))
reads=$(wc -l </tmp/reads)
regs=$(cat /tmp/churn1.count /tmp/churn2.count 2>/dev/null | wc -l)
echo "stress: ${secs}s: $kills OOM kills, $reads rounds of debugfs report reads, $regs shrinkers registered and freed (tmpfs mounts)"
[ "$kills" -gt 0 ] || fail "no OOM kill in ${secs}s"
[ "$reads" -gt 0 ] || fail "no debugfs report read in ${secs}s"
[ "$regs" -gt 0 ] || fail "no tmpfs mount and unmount in ${secs}s"
# Alive after all that.
echo alive >/tmp/alive && [ "$(cat /tmp/alive)" = alive ] || fail "cannot write a file after the stress"
