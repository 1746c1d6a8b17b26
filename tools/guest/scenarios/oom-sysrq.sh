#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# oom-sysrq: a global OOM while Alt-SysRq-m is pressed every 100 ms. The
# sysrq-m work item prints the slab and shrinker sections without oom_lock,
# so the OOM kill must not wait for it: the victim must be killed within
# KILL_BOUND_MS of the report's first line ("invoked oom-killer"), which
# covers the report's own work (its shrinker count stops at 10 ms; the
# rest is show_mem, the task list and the sections, into the log buffer).
# With the two reports racing, the OOM report may find the shrinkers being
# counted by sysrq-m and say so in one line instead of waiting.
#
# The console is quiet (loglevel 1) during the race: at 115200 baud the
# serial console, not the kernel, would set the pace of whichever task
# flushes it, and the two reports' lines would interleave on it. The
# kernel log keeps every line; the timings come from its timestamps.
SCENARIO=oom-sysrq
. /lib.sh

KILL_BOUND_MS=1000

# ts PATTERN: the timestamp, in ms, of the first kernel log line with PATTERN
ts() {
	dmesg | awk -v pat="$1" 'index($0, pat) {
		t = substr($0, 2, index($0, "]") - 2) + 0
		printf "%d\n", t * 1000
		exit
	}'
}

set_dump_caches 2
printk=$(cut -f1 /proc/sys/kernel/printk)
dmesg -n 1
(while :; do echo m >/proc/sysrq-trigger; usleep 100000; done) &
storm=$!
(echo 1000 >/proc/self/oom_score_adj && exec hog >/dev/null) &
pid=$!
expect_killed $pid
kill $storm
wait $storm
dmesg -n "$printk"
set_dump_caches 1

expect_log "Out of memory: Killed process $pid (hog)"
start=$(ts 'invoked oom-killer')
killed=$(ts "Out of memory: Killed process $pid (hog)")
[ -n "$start" ] && [ -n "$killed" ] || fail "no timestamps for the OOM report"
sysrqs=$(dmesg | grep -c 'sysrq: Show Memory')
[ "$sysrqs" -ge 2 ] || fail "only $sysrqs sysrq-m during the OOM"
if has_series; then
	busy=$(dmesg | grep -c 'Shrinkers: not counted, another report is counting them')
else
	busy=0
fi
echo "$SCENARIO: victim killed $((killed - start)) ms after the report began" \
	"(bound $KILL_BOUND_MS ms); $sysrqs sysrq-m meanwhile; $busy shrinker section(s)" \
	"given way to another report"
[ $((killed - start)) -le $KILL_BOUND_MS ] ||
	fail "the kill came $((killed - start)) ms after the report began, more than $KILL_BOUND_MS ms"
