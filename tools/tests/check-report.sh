#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Test of tools/check-report: sample console logs in report/ with the
# verdict each must get, and the per-scenario expectations.
#
# Usage: tools/tests/check-report.sh
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib"

dir=$PROJ/tools/tests/report

# report ARGS...: tools/check-report quietly; its exit status.
report() {
	"$PROJ/tools/check-report" "$@" >/dev/null
}

t_check "a well-formed log passes" report "$dir/good.log"
t_check "scenario expectations met" report --expect oom=slab,shrinkers,to_text \
	--expect memcg-oom=none "$dir/good.log"
t_check "a scenario missing a section fails" ! report --expect memcg-oom=shrinkers "$dir/good.log"
t_check "a section where none is expected fails" ! report --expect oom=none "$dir/good.log"
t_check "a scenario absent from the log fails" ! report --expect report=shrinkers "$dir/good.log"
t_check "a shrinker section whose counting stopped passes" report "$dir/stopped.log"
t_check "unsorted shrinker rows fail" ! report "$dir/unsorted.log"
t_check "a misaligned slab row fails" ! report "$dir/misaligned.log"
t_check "a shrinker section that does not add up fails" ! report "$dir/sum.log"
t_check "a slab section with a row missing fails" ! report "$dir/cut.log"
t_check "a section split by another message fails" ! report "$dir/split.log"
t_done
