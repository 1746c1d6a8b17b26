#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# boot: the guest came up as the other scenarios need it.
fail() { echo "boot: $*"; exit 1; }

uname -r | grep -q '^6\.12\.' || fail "unexpected kernel $(uname -r)"
[ "$(nproc)" -eq 2 ] || fail "$(nproc) CPUs online, expected 2"
grep -q memory /sys/fs/cgroup/cgroup.controllers || fail "no memory controller in cgroup v2"
[ -w /proc/sysrq-trigger ] || fail "no /proc/sysrq-trigger"
[ -d /sys/kernel/debug/failslab ] || fail "no failslab in debugfs"
grep MemTotal /proc/meminfo
exit 0
