#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# evidence-shrinker: an OOM while THP's deferred split queue holds huge
# pages that reclaim cannot split (make evidence, the "shrinker", "numa",
# "nodebug" and "thp-split" scenarios). pinthp takes THP_SHARE percent of the memory
# in 2 MiB huge pages, keeps 4 KiB of each mapped and held by a pipe, and
# unmaps the rest; then the hog asks for what is left and is killed. On a
# guest with more than one NUMA node, pinthp takes its pages on the last
# node, THP_SHARE percent of that node's memory.
# Kernel command line: harness.dump_caches=N sets vm.oom_dump_caches
# (default: the kernel's default); harness.nodes=N: the guest must have N
# NUMA nodes (default 1: any); harness.pin=0: no pipe holds the huge pages
# (pinthp -n), so reclaim can split them (the "thp-split" control).
SCENARIO=evidence-shrinker
. /lib.sh

THP_SHARE=60

# Only the hog may be killed: once it is, the memory it held is all the
# OOM killer can give back, and the scenario's shell must go on.
echo -1000 >/proc/self/oom_score_adj

thp_always
dump_caches_from_cmdline
node=
meminfo=/proc/meminfo
nodes=$(ls -d /sys/devices/system/node/node* 2>/dev/null | wc -l)
want=$(cmdline_value harness.nodes 1)
[ "$nodes" -eq "$want" ] || [ "$want" -eq 1 ] ||
	fail "the guest has $nodes NUMA node(s), harness.nodes=$want asked for"
if [ "$want" -gt 1 ]; then
	node=$((nodes - 1))
	meminfo=/sys/devices/system/node/node$node/meminfo
fi
total=$(awk '/MemTotal:/ { print int($(NF - 1) / 1024) }' $meminfo)
mib=$((total * THP_SHARE / 100))
opt=
[ "$(cmdline_value harness.pin 1)" = 1 ] || opt=-n
pinthp $opt $mib $node >/tmp/pinthp.out 2>&1 &
pinthp=$!
# Whatever happens, give the memory back to the scenarios after this one.
trap 'kill $pinthp 2>/dev/null' EXIT
n=0
until grep -q ready /tmp/pinthp.out; do
	kill -0 $pinthp 2>/dev/null || fail "pinthp failed: $(cat /tmp/pinthp.out)"
	n=$((n + 1))
	[ $n -le 120 ] || fail "pinthp not ready after 120 s"
	sleep 1
done
# A partly unmapped huge page is no longer in AnonHugePages (which counts
# PMD mappings); the THP statistics count the partially mapped ones.
partial=$(cat /sys/kernel/mm/transparent_hugepage/hugepages-2048kB/stats/nr_anon_partially_mapped)
echo "$SCENARIO: $(cat /tmp/pinthp.out)${node:+ on node $node}; $partial partially" \
	"mapped; MemAvailable $(meminfo_mib MemAvailable) MiB"
[ "$partial" -ge $((mib / 2)) ] || fail "only $partial huge pages partially mapped, wanted $((mib / 2))"
(echo 1000 >/proc/self/oom_score_adj && exec hog >/dev/null) &
pid=$!
expect_killed $pid
kill $pinthp
wait $pinthp
trap - EXIT
expect_log "Out of memory: Killed process $pid (hog)"
