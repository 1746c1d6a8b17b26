#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# sysrq-m: show_mem from the sysrq path. __show_mem() runs in atomic context
# there, so anything sleeping or allocating in it shows up as a splat. With
# the series, a work item then prints the slab and shrinker sections from
# process context; wait for them.
SCENARIO=sysrq-m
. /lib.sh

echo m >/proc/sysrq-trigger
wait_log 'Mem-Info:' 10
if has_series; then
	wait_log 'Shrinkers (top ' 30
	expect_log 'Unreclaimable slab (top '
fi
