#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Test of tools/check-report: sample console logs in report/ with the
# verdict each must get, and the per-scenario expectations.
#
# Usage: tools/tests/check-report.sh   (no arguments; tools/selftest runs it)
. "$(dirname "$0")/../lib.sh"
no_options "$@"
. "$(dirname "$0")/lib"

dir=$PROJ/tools/tests/report

# report ARGS...: tools/check-report quietly; its exit status.
report() {
	"$PROJ/tools/check-report" "$@" >/dev/null
}

t_check "a well-formed log passes" report "$dir/good.log"
t_check "scenario expectations met" report --expect oom=slab,shrinkers,to_text \
	--expect sysrq-f=shrinkers --expect memcg-oom=none "$dir/good.log"
t_check "a scenario missing a section fails" ! report --expect memcg-oom=shrinkers "$dir/good.log"
t_check "a section where none is expected fails" ! report --expect oom=none "$dir/good.log"
t_check "a scenario absent from the log fails" ! report --expect report=shrinkers "$dir/good.log"
t_check "a shrinker section whose counting stopped passes" report "$dir/stopped.log"
t_check "no ->to_text() lines where they are expected fails" ! report \
	--expect sysrq-m=shrinkers,to_text "$dir/no-text.log"
t_check "... unless the count stopped at the budget" report \
	--expect sysrq-m=shrinkers,to_text "$dir/stopped-no-text.log"
t_check "a stopped count does not excuse a missing section" ! report \
	--expect sysrq-m=shrinkers,slab,to_text "$dir/stopped-no-text.log"
t_check "unsorted slab lines fail" ! report "$dir/unsorted.log"
t_check "a slab line not as 6.12 prints it fails" ! report "$dir/misaligned.log"
t_check "slab column names not as 6.12 prints them fail" ! report "$dir/slab-columns.log"
t_check "a shrinker section that does not add up fails" ! report "$dir/sum.log"
t_check "a slab section with a line missing fails" ! report "$dir/cut.log"
t_check "a section split by another message fails" ! report "$dir/split.log"
t_check "a shrinker row of zeros fails" ! report "$dir/zeros.log"
t_check "numbers without the long name before them fail" ! report "$dir/long-name.log"
t_check "an OOM report without Mem-Info fails" ! report "$dir/no-meminfo.log"
t_check "the culprit first in its section passes" report --first oom=slab:kmalloc-4k \
	--first oom=shrinkers:sb-tmpfs "$dir/good.log"
t_check "a culprit listed second fails" ! report --first oom=slab:names_cache "$dir/good.log"
t_check "a culprit in a section the scenario lacks fails" ! report --first memcg-oom=slab:kmalloc-4k "$dir/good.log"
t_check "--unpatched takes 6.12's unsorted slab lines" report --unpatched "$dir/unsorted.log"
t_check "--unpatched finds the culprit anywhere in the section" report --unpatched \
	--first oom=slab:names_cache "$dir/unsorted.log"
t_check "--unpatched still wants the culprit in the section" ! report --unpatched \
	--first oom=slab:dentry "$dir/unsorted.log"
t_done
