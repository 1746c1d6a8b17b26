#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# oom: a real global OOM. The hog eats memory until the OOM killer picks
# it (oom_score_adj 1000 makes sure it is the victim); then check the kernel
# said so, killed that process, and the system still works.
fail() { echo "oom: $*"; exit 1; }

# The hog is started from a subshell that sets its own score first, so the
# hog inherits it from the very first page.
kills=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
(echo 1000 >/proc/self/oom_score_adj && exec hog >/dev/null) &
pid=$!
wait $pid
status=$?
[ $status -eq 137 ] || fail "hog (pid $pid) exited with $status, expected SIGKILL (137)"

log=$(dmesg)
echo "$log" | grep -q 'invoked oom-killer' || fail "no 'invoked oom-killer' line"
echo "$log" | grep -q 'constraint=CONSTRAINT_NONE' || fail "not a global OOM (no constraint=CONSTRAINT_NONE)"
echo "$log" | grep -q "Out of memory: Killed process $pid (hog)" ||
	fail "no 'Out of memory: Killed process $pid (hog)' line"

# Alive: a fork, a file write and /proc still work after the kill.
echo alive >/tmp/alive || fail "cannot write a file after the OOM kill"
[ "$(cat /tmp/alive)" = alive ] || fail "cannot read a file back after the OOM kill"
now=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
[ "$now" -eq $((kills + 1)) ] || fail "vmstat oom_kill went from $kills to $now, expected one kill"
