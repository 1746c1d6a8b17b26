#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# evidence-anon: an OOM whose cause is a task's anonymous memory (make
# evidence, the "anon" scenario), the case the cache sections are not for:
# at the default vm.oom_dump_caches they must add a line at most. THP is
# on, as it is by default on machines of 512 MiB and more, so that the
# hog's huge pages go through the deferred split queue (every new huge
# page does since 6.12) and a shrinker that scans without freeing shows.
SCENARIO=evidence-anon
. /lib.sh

thp_always
# Allocations of 32 MiB: room for huge pages, as a large heap has.
(echo 1000 >/proc/self/oom_score_adj && exec hog 0 32 >/dev/null) &
pid=$!
expect_killed $pid
expect_log "Out of memory: Killed process $pid (hog)"
echo "$SCENARIO: $(grep -E '^thp_(fault_alloc|deferred_split_page|split_page) ' /proc/vmstat | tr '\n' ' ')"
