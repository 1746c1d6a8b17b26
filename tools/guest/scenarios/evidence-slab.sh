#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# evidence-slab: an OOM driven by unreclaimable slab (make evidence, the
# "slab" scenario). Empty files in a tmpfs take no page of their own, only
# an inode (shmem_inode_cache, not reclaimable) and a dentry, which the
# file pins; manyfiles creates them until less than FREE_MIB MiB is
# available, then the hog asks for the rest and is killed. The slab section
# of the report is printed by 6.12's rule (unreclaimable slab larger than
# all LRU pages together) on both kernels. The files are removed afterwards.
SCENARIO=evidence-slab
. /lib.sh

FREE_MIB=150

# Only the hog may be killed: once it is, the memory it held is all the
# OOM killer can give back, and the scenario's shell must go on.
echo -1000 >/proc/self/oom_score_adj
dir=/tmp/manyfiles

mkdir -p $dir
# nr_inodes=0: no limit on the number of inodes (the default is half the
# pages of memory).
mount -t tmpfs -o nr_inodes=0 manyfiles $dir || fail "cannot mount a tmpfs on $dir"
# Whatever happens, give the memory back to the scenarios after this one.
trap 'umount $dir 2>/dev/null' EXIT
manyfiles $dir $FREE_MIB || fail "manyfiles failed"
echo "$SCENARIO: SUnreclaim $(meminfo_mib SUnreclaim) MiB," \
	"SReclaimable $(meminfo_mib SReclaimable) MiB, MemAvailable $(meminfo_mib MemAvailable) MiB"
(echo 1000 >/proc/self/oom_score_adj && exec hog >/dev/null) &
pid=$!
expect_killed $pid
umount $dir || fail "cannot unmount $dir"
trap - EXIT
expect_log "Out of memory: Killed process $pid (hog)"
expect_log 'Unreclaimable slab info:'
