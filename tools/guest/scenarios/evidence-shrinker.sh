#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# evidence-shrinker: an OOM while THP's deferred split queue holds huge
# pages that reclaim cannot split (make evidence, the "shrinker", "numa"
# and "nodebug" scenarios). pinthp takes THP_SHARE percent of the memory
# in 2 MiB huge pages, keeps 4 KiB of each mapped and held by a pipe, and
# unmaps the rest; then the hog asks for what is left and is killed. On a
# guest with more than one NUMA node, pinthp takes its pages on the last
# node, THP_SHARE percent of that node's memory.
# Kernel command line: harness.dump_caches=N sets vm.oom_dump_caches
# (default: the kernel's default).
SCENARIO=evidence-shrinker
. /lib.sh

THP_SHARE=60

# THP starts disabled on machines with less than 512 MiB (hugepage_init()).
echo always >/sys/kernel/mm/transparent_hugepage/enabled || fail "cannot enable THP"
level=$(cmdline_value harness.dump_caches)
[ -z "$level" ] || set_dump_caches "$level"
node=
meminfo=/proc/meminfo
last=$(ls -d /sys/devices/system/node/node* 2>/dev/null | sort -V | tail -n 1)
if [ -n "$last" ] && [ "$last" != /sys/devices/system/node/node0 ]; then
	node=${last##*/node}
	meminfo=$last/meminfo
fi
total=$(awk '/MemTotal:/ { print int($(NF - 1) / 1024) }' $meminfo)
mib=$((total * THP_SHARE / 100))
pinthp $mib $node >/tmp/pinthp.out &
pinthp=$!
n=0
until grep -q ready /tmp/pinthp.out; do
	kill -0 $pinthp 2>/dev/null || fail "pinthp failed: $(cat /tmp/pinthp.out)"
	n=$((n + 1))
	[ $n -le 120 ] || fail "pinthp not ready after 120 s"
	sleep 1
done
# A partly unmapped huge page is no longer in AnonHugePages (which counts
# PMD mappings); vmstat counts the huge pages queued for a deferred split.
queued=$(awk '$1 == "thp_deferred_split_page" { print $2 }' /proc/vmstat)
echo "$SCENARIO: $(cat /tmp/pinthp.out)${node:+ on node $node}; $queued queued for a" \
	"deferred split; MemAvailable $(meminfo_mib MemAvailable) MiB"
[ "${queued:-0}" -ge $((mib / 2)) ] || fail "only ${queued:-0} huge pages queued, wanted $((mib / 2))"
(echo 1000 >/proc/self/oom_score_adj && exec hog >/dev/null) &
pid=$!
expect_killed $pid
kill $pinthp
wait $pinthp
expect_log "Out of memory: Killed process $pid (hog)"
