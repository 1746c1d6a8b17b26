# SPDX-License-Identifier: GPL-2.0
# Helpers of the guest scenarios: each scenario sets SCENARIO and sources
# this file (/lib.sh in the guest). A scenario's exit status is its verdict.
# Kernel log checks see only the scenario's own messages: /init clears the
# log before each scenario.

# fail MESSAGE: end the scenario as failed, saying why.
fail() {
	echo "$SCENARIO: $*"
	exit 1
}

# expect_killed PID: wait for PID, a child of this shell; it must have died
# of SIGKILL (exit status 137), as an OOM kill does.
expect_killed() {
	wait "$1"
	st=$?
	[ "$st" -eq 137 ] || fail "process $1 exited with $st, expected SIGKILL (137)"
}

# expect_log TEXT: the kernel log has a line containing TEXT.
expect_log() {
	dmesg | grep -qF -- "$1" || fail "no '$1' line in the kernel log"
}

# refuse_log TEXT: the kernel log has no line containing TEXT.
refuse_log() {
	! dmesg | grep -qF -- "$1" || fail "unexpected '$1' line in the kernel log"
}

# wait_log TEXT SECONDS: wait up to SECONDS for a line containing TEXT.
wait_log() {
	n=0
	until dmesg | grep -qF -- "$1"; do
		n=$((n + 1))
		[ "$n" -le "$2" ] || fail "no '$1' line in the kernel log after $2 s"
		sleep 1
	done
}

# has_series: the kernel has the memory report of the series (the same
# scenarios also boot the unpatched kernel, for a before/after log).
has_series() {
	[ -f /proc/sys/vm/oom_dump_caches ]
}

# fill_dcache: look up every file of /sys, so that the sysfs superblock's
# shrinker has unused dentries and inodes on its lists: a shrinker row
# with numbers, and ->to_text() lines, in the next report.
fill_dcache() {
	find /sys >/dev/null 2>&1
}

# cmdline_value KEY [DEFAULT]: the value of KEY=... on the kernel command
# line, or DEFAULT.
cmdline_value() {
	v=${2:-}
	for arg in $(cat /proc/cmdline); do
		case $arg in
		"$1"=*) v=${arg#*=} ;;
		esac
	done
	echo "$v"
}

# meminfo_mib FIELD: FIELD of /proc/meminfo, in MiB.
meminfo_mib() {
	awk -v f="$1:" '$1 == f { print int($2 / 1024) }' /proc/meminfo
}

# set_dump_caches LEVEL: vm.oom_dump_caches, when the kernel has it.
set_dump_caches() {
	if has_series; then
		echo "$1" >/proc/sys/vm/oom_dump_caches || fail "cannot set vm.oom_dump_caches=$1"
	fi
}

# dump_caches_from_cmdline: vm.oom_dump_caches from harness.dump_caches=N
# on the kernel command line, if given (make evidence's nodebug scenario).
dump_caches_from_cmdline() {
	level=$(cmdline_value harness.dump_caches)
	[ -z "$level" ] || set_dump_caches "$level"
}

# thp_always: THP on for every anonymous mapping. It starts disabled on
# machines with less than 512 MiB (hugepage_init()), as the guest is;
# turning it on also starts khugepaged, which raises min_free_kbytes.
thp_always() {
	echo always >/sys/kernel/mm/transparent_hugepage/enabled || fail "cannot enable THP"
}
