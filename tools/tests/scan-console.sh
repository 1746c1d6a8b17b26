#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Test of tools/scan-console: sample console logs in console/ with the
# verdict each must get. A scanner that passes everything would pass the
# boot test too, so the failing cases matter most.
#
# Usage: tools/tests/scan-console.sh   (no arguments; tools/selftest runs it)
. "$(dirname "$0")/../lib.sh"
no_options "$@"

dir=$PROJ/tools/tests/console
failed=0

# expect VERDICT [--kunit] LOG: scan LOG and compare with VERDICT (clean|bad).
expect() {
	local want=$1 got=clean
	shift
	"$PROJ/tools/scan-console" "${@:1:$#-1}" "$dir/${*: -1}" >/dev/null || got=bad
	if [ "$got" = "$want" ]; then
		say "ok: scan-console $*: $want"
	else
		say "FAIL: scan-console $*: expected $want, got $got"
		failed=1
	fi
}

expect clean clean.log
expect bad warning.log
expect bad kasan.log
expect bad lockdep.log
expect bad rcu-stall.log
expect bad hung.log
expect bad watchdog.log
expect bad kunit-warn-inside.log
expect clean --kunit kunit-warn-inside.log
expect bad --kunit kunit-warn-after.log
expect bad --kunit kunit-kasan-inside.log
expect clean --kunit clean.log

if [ "$failed" -ne 0 ]; then
	say "scan-console test: FAIL"
	exit 1
fi
say "scan-console test: PASS"
