# SPDX-License-Identifier: GPL-2.0
# Entry points only: each target runs one script in tools/.
# Variables: KERNEL_GIT=/path (take the base from a clone whose tag v6.12.118
# holds the pinned tree; README, "The pinned kernel"),
# BUILD=dir (build products, default ./build), JOBS=n, SEQBUF_CACHE=dir,
# SCENARIOS="a b" (make evidence: only those).

.PHONY: all demo test test-all check run-kunit boot-test send tree export \
	apply fetch bench evidence stress selftest help clean fuzz kunit-i386 \
	build-clang-sparse ftracetest

# One target at a time even under make -j (or MAKEFLAGS=-j): the targets
# share build/; a second harness run in the same build/ is refused by the
# scripts themselves (harness_lock in tools/lib.sh).
.NOTPARALLEL:

all: demo

help:
	@echo 'make demo       fetch 6.12.118, apply the series, boot it in QEMU, drive an OOM, print the report'
	@echo 'make test       what CI runs: check, run-kunit, fuzz-smoke, boot-test, the fast self-tests'
	@echo 'make test-all   make test, then the slow self-tests, kunit-i386, build-clang-sparse and ftracetest'
	@echo 'make check      per-patch gate: checkpatch, kernel-doc, Signed-off-by, W=1 build of each step'
	@echo 'make run-kunit  the KUnit suites on UML (results in build/kunit/results.json)'
	@echo 'make boot-test  x86_64 kernel in QEMU: built-in KUnit run, then the guest scenarios'
	@echo 'make evidence   OOMs of known cause on 6.12.118 without and with the series: Documentation/evidence/ (SCENARIOS=...)'
	@echo 'make stress     a minute of OOM kills, sysrq-m, debugfs report reads and shrinker churn in QEMU'
	@echo 'make send       b4 dry run: the mails in build/outbox/ (re-authored and signed off as you)'
	@echo 'make tree       a kernel worktree with the series as commits (build/tree, or TREE=dir)'
	@echo 'make export     regenerate patches/ and series from that worktree'
	@echo 'make apply      the series applied with git am (build/linux), cross-checked with quilt'
	@echo 'make fetch      only fetch the pinned kernel and make its base commit'
	@echo 'make bench      benchmarks: series vs 6.12 seq_buf and printbuf (build/bench/results.txt)'
	@echo 'make selftest   tests of the harness itself (the gate must reject broken patches)'
	@echo 'make fuzz       libFuzzer + ASan/UBSan over seq_buf against a model (FUZZ_TIME=s, default 600)'
	@echo 'make kunit-i386 the KUnit suites on 32-bit x86 in QEMU'
	@echo 'make build-clang-sparse  clang W=1 and sparse on the touched files: no new warnings'
	@echo 'make ftracetest the ftrace selftests in QEMU without and with the series: no new failures'
	@echo 'make clean      remove what the harness made in build/ (not a tree you edit)'

demo:
	@tools/demo

test:
	tools/test

test-all:
	tools/test --all

fuzz:
	tools/fuzz/run

kunit-i386:
	tools/kunit-i386

build-clang-sparse:
	tools/build-clang-sparse

ftracetest:
	tools/ftracetest

fetch:
	tools/fetch-kernel

apply:
	tools/apply --quilt-check

check:
	tools/check

run-kunit:
	tools/run-kunit

boot-test:
	tools/boot-test

evidence:
	tools/oom-evidence $(SCENARIOS)

stress:
	tools/stress

send:
	tools/send

tree:
	tools/tree

export:
	tools/export

bench:
	tools/bench/run

selftest:
	tools/selftest

clean:
	tools/clean
