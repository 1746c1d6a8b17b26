#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# sysrq-m: show_mem from the sysrq path. __show_mem() runs in atomic context
# there, so anything sleeping or allocating in it shows up as a splat.
echo m >/proc/sysrq-trigger
if ! dmesg | grep -q 'Mem-Info:'; then
	echo "sysrq-m: no Mem-Info: in the kernel log"
	exit 1
fi
