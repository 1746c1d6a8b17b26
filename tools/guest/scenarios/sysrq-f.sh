#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# sysrq-f: the manual OOM kill. It runs out_of_memory() from a work item,
# not from an allocation, which is another context for the OOM report.
# A slow hog (8 MiB a second) with oom_score_adj 1000 is the victim.
fail() { echo "sysrq-f: $*"; exit 1; }

(echo 1000 >/proc/self/oom_score_adj && exec hog 8 >/dev/null) &
pid=$!
sleep 2
echo f >/proc/sysrq-trigger
wait $pid
status=$?
[ $status -eq 137 ] || fail "hog (pid $pid) exited with $status, expected SIGKILL (137)"

log=$(dmesg)
echo "$log" | grep -q 'Manual OOM execution' || fail "no 'Manual OOM execution' line"
echo "$log" | grep -q 'invoked oom-killer' || fail "no 'invoked oom-killer' line"
echo "$log" | grep -q "Out of memory: Killed process $pid (hog)" ||
	fail "no 'Out of memory: Killed process $pid (hog)' line"
