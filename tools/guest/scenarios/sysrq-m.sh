#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# sysrq-m: show_mem from the sysrq path. __show_mem() runs in atomic context
# there, so anything sleeping or allocating in it shows up as a splat. With
# the series, a work item then prints what vm.oom_dump_caches asks of an
# OOM report: at 2, both cache sections in full, which tools/check-report
# checks on the host; at 0, nothing more than 6.12 printed.
SCENARIO=sysrq-m
. /lib.sh

fill_dcache
set_dump_caches 2
echo m >/proc/sysrq-trigger
# Idle meanwhile: the work item's count has a 10 ms budget, which a
# polling loop here would eat into under TCG
sleep 3
wait_log 'Mem-Info:' 10
if has_series; then
	wait_log 'Show Memory: caches (vm.oom_dump_caches=2)' 30
	wait_log 'Shrinkers (top ' 10
	expect_log 'Unreclaimable slab info:'

	set_dump_caches 0
	dmesg -c >/dev/null
	echo m >/proc/sysrq-trigger
	wait_log 'Mem-Info:' 10
	sleep 2
	refuse_log 'Show Memory: caches'
	refuse_log 'Shrinkers'
	set_dump_caches 1
fi
