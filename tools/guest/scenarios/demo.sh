#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# demo: the OOM of make demo. The evidence scenario "shrinker"
# (evidence-shrinker.sh): huge pages that reclaim cannot split fill THP's
# deferred split queue, then the hog is killed. 6.12's report shows
# anonymous memory that no task accounts for; the series' shrinker section
# names the queue. Run at the kernel's default vm.oom_dump_caches, which
# is what a user gets; the scenario checks that the section listed the
# queue (tools/demo checks the console again and marks the new lines).
SCENARIO=demo
. /lib.sh

has_series || fail "this kernel has no vm.oom_dump_caches: the series is not applied"
level=$(cat /proc/sys/vm/oom_dump_caches)
echo "$SCENARIO: vm.oom_dump_caches=$level (the kernel's default, left as it is)"
sh /scenarios/evidence-shrinker.sh || fail "the shrinker scenario failed"
expect_log 'Shrinkers (top '
expect_log '  thp-deferred_split '
