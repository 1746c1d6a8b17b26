#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# memcg-oom: an OOM inside a cgroup v2 memory limit; the OOM killer must
# stay inside the cgroup and say so.
fail() { echo "memcg-oom: $*"; exit 1; }

cg=/sys/fs/cgroup/hog
echo +memory >/sys/fs/cgroup/cgroup.subtree_control || fail "cannot enable the memory controller"
mkdir -p $cg
echo 32M >$cg/memory.max

# "0": the writing process, i.e. this subshell, which then becomes the hog.
(echo 0 >$cg/cgroup.procs && exec hog >/dev/null) &
pid=$!
wait $pid
status=$?
[ $status -eq 137 ] || fail "hog (pid $pid) exited with $status, expected SIGKILL (137)"

log=$(dmesg)
echo "$log" | grep -q 'constraint=CONSTRAINT_MEMCG' || fail "no constraint=CONSTRAINT_MEMCG line"
echo "$log" | grep -q "Memory cgroup out of memory: Killed process $pid (hog)" ||
	fail "no 'Memory cgroup out of memory: Killed process $pid (hog)' line"
grep -q '^oom_kill 1$' $cg/memory.events || fail "memory.events: $(tr '\n' ' ' <$cg/memory.events)"
rmdir $cg || fail "cannot remove $cg"
