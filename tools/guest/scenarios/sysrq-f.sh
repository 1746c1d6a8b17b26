#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# sysrq-f: the manual OOM kill. It runs out_of_memory() from a work item,
# not from an allocation, which is another context for the OOM report.
# A slow hog (8 MiB a second) with oom_score_adj 1000 is the victim. The
# default vm.oom_dump_caches=1 applies: the shrinker section is printed (a
# table of the shrinkers with much to free or much deferred work, or one
# line), the slab section only if unreclaimable slab outgrew the LRU lists.
SCENARIO=sysrq-f
. /lib.sh

(echo 1000 >/proc/self/oom_score_adj && exec hog 8 >/dev/null) &
pid=$!
sleep 2
echo f >/proc/sysrq-trigger
expect_killed $pid

expect_log 'Manual OOM execution'
expect_log 'invoked oom-killer'
expect_log "Out of memory: Killed process $pid (hog)"
! has_series || expect_log 'Shrinkers'
