#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# ftracetest: the kernel's ftrace selftests (tools/testing/selftests/ftrace,
# packed at /ftrace by tools/ftracetest), in KTAP form on the console. The
# verdict is tools/ftracetest's: it compares the failures of the kernel
# with the series against those of the kernel without it. This scenario
# fails only if the selftests could not run at all.
SCENARIO=ftracetest
. /lib.sh

[ -x /ftrace/ftracetest ] || fail "no /ftrace/ftracetest in the initramfs"
mkdir -p /sys/kernel/tracing
mount -t tracefs nodev /sys/kernel/tracing || fail "cannot mount tracefs"
cd /ftrace || fail "no /ftrace"
# KTAP: "ok N name" and "not ok N name" lines, one per test case.
./ftracetest -K -l /tmp/ftrace-logs 2>&1 | sed 's/^/ftracetest: /'
echo "ftracetest: done"
