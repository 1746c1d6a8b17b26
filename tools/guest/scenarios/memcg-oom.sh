#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# memcg-oom: an OOM inside a cgroup v2 memory limit; the OOM killer must
# stay inside the cgroup and say so. Its report is the cgroup's: no slab or
# shrinker section of the whole system, even with vm.oom_dump_caches=2.
SCENARIO=memcg-oom
. /lib.sh

cg=/sys/fs/cgroup/hog
echo +memory >/sys/fs/cgroup/cgroup.subtree_control || fail "cannot enable the memory controller"
mkdir -p $cg
echo 32M >$cg/memory.max

set_dump_caches 2
# "0": the writing process, i.e. this subshell, which then becomes the hog.
(echo 0 >$cg/cgroup.procs && exec hog >/dev/null) &
pid=$!
expect_killed $pid
set_dump_caches 1

expect_log 'constraint=CONSTRAINT_MEMCG'
expect_log "Memory cgroup out of memory: Killed process $pid (hog)"
refuse_log 'Shrinkers'
refuse_log 'Unreclaimable slab info:'
grep -q '^oom_kill 1$' $cg/memory.events || fail "memory.events: $(tr '\n' ' ' <$cg/memory.events)"
rmdir $cg || fail "cannot remove $cg"
