#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# oom: a real global OOM. The hog eats memory until the OOM killer picks
# it (oom_score_adj 1000 makes sure it is the victim); then check the kernel
# said so, killed that process, and the system still works. With
# vm.oom_dump_caches=2 the report has both cache sections, which the host
# checks (tools/check-report); the dentries and inodes of /sys, looked up
# first, give the sysfs superblock's shrinker something to report.
SCENARIO=oom
. /lib.sh

fill_dcache
set_dump_caches 2
kills=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
# The hog is started from a subshell that sets its own score first, so the
# hog inherits it from the very first page.
(echo 1000 >/proc/self/oom_score_adj && exec hog >/dev/null) &
pid=$!
expect_killed $pid
set_dump_caches 1

expect_log 'invoked oom-killer'
expect_log 'constraint=CONSTRAINT_NONE'
expect_log "Out of memory: Killed process $pid (hog)"
if has_series; then
	expect_log 'Unreclaimable slab info:'
	expect_log 'Shrinkers (top '
fi

# Alive: a fork, a file write and /proc still work after the kill.
echo alive >/tmp/alive || fail "cannot write a file after the OOM kill"
[ "$(cat /tmp/alive)" = alive ] || fail "cannot read a file back after the OOM kill"
now=$(awk '$1 == "oom_kill" { print $2 }' /proc/vmstat)
[ "$now" -eq $((kills + 1)) ] || fail "vmstat oom_kill went from $kills to $now, expected one kill"
