#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# No orphans: every QEMU that tools/qemu-run starts ends when it ends, by
# itself, by its watchdog, on SIGTERM, on Ctrl-C (SIGINT), when the KVM
# attempt is abandoned, and when a harness script that started it is
# stopped. QEMU is a stub (_SEQBUF_STUBS) that records its pid and sleeps;
# a leftover stub is a failure. Seconds.
#
# Usage: tools/tests/no-orphans.sh   (no arguments; tools/selftest runs it)
. "$(dirname "$0")/../lib.sh"
no_options "$@"
. "$PROJ/tools/tests/lib"

harness_lock
t_setup_dir
stubs=$T_DIR/stubs
pids=$T_DIR/qemu.pids
mkdir -p "$stubs"
# The stub: records its pid, prints a kernel banner when asked to (the KVM
# check waits for one), then sleeps or exits as told.
cat >"$stubs/qemu-stub" <<'EOF'
#!/bin/bash
echo $$ >>"$_SEQBUF_STUB_PIDS"
log=$(printf '%s\n' "$@" | sed -n 's/^file://p')
[ "${_SEQBUF_STUB_BANNER:-0}" = 1 ] && echo 'Linux version 6.12.118-stub' >>"$log"
[ "${_SEQBUF_STUB_EXIT:-0}" = 1 ] && exit 0
exec sleep 1000
EOF
chmod +x "$stubs/qemu-stub"
kernel=$T_DIR/bzImage
: >"$kernel"
export _SEQBUF_QEMU=$stubs/qemu-stub _SEQBUF_STUB_PIDS=$pids

# leftovers: the stubs of this test still running.
leftovers() {
	local p
	[ -f "$pids" ] || return 0
	while read -r p; do
		! running "$p" || printf '%s ' "$p"
	done <"$pids"
}

# wait_for_stub N: wait until N stubs have started (up to 20 s).
wait_for_stub() {
	local i
	for ((i = 0; i < 40; i++)); do
		[ "$(wc -l 2>/dev/null <"$pids" || echo 0)" -ge "$1" ] && return 0
		sleep 0.5
	done
	return 1
}

# gone_within SECONDS: no stub left within that time.
gone_within() {
	local i
	for ((i = 0; i < $1 * 2; i++)); do
		[ -z "$(leftovers)" ] && return 0
		sleep 0.5
	done
	return 1
}

qemu_run() {
	QEMU_ACCEL=tcg "$PROJ/tools/qemu-run" "$kernel" "$T_DIR/console.log" "$@"
}

# 1. The guest ends by itself.
rm -f "$pids"
rc=0
_SEQBUF_STUB_EXIT=1 qemu_run >"$T_DIR/1.log" 2>&1 || rc=$?
t_check "guest that ends by itself: exit 0" [ "$rc" -eq 0 ]
t_check "guest that ends by itself: no QEMU left" gone_within 1

# 2. The watchdog.
rm -f "$pids"
rc=0
QEMU_TIMEOUT=2 qemu_run >"$T_DIR/2.log" 2>&1 || rc=$?
t_check "watchdog: exit 2" [ "$rc" -eq 2 ]
t_check "watchdog: no QEMU left" gone_within 1
t_check "watchdog: said in the console log" grep -q 'qemu-run: watchdog' "$T_DIR/console.log"

# ended_within PID SECONDS: PID ends in time (else it is killed; false).
ended_within() {
	local i
	for ((i = 0; i < $2 * 2; i++)); do
		running "$1" || return 0
		sleep 0.5
	done
	kill -KILL "$1" 2>/dev/null || true
	return 1
}

# 3 and 4. SIGTERM and SIGINT to qemu-run. A background job of a script
# starts with SIGINT ignored (and so does this test when tools/selftest
# runs it), which a shell cannot undo: qemu-run is started with SIGINT's
# default disposition, as a terminal's foreground job has it.
for sig in TERM INT; do
	rm -f "$pids"
	QEMU_ACCEL=tcg python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$PROJ/tools/qemu-run" "$kernel" "$T_DIR/console.log" >"$T_DIR/$sig.log" 2>&1 &
	runner=$!
	if wait_for_stub 1; then
		kill -s "$sig" "$runner"
		t_check "SIG$sig: qemu-run ends within 15 s" ended_within "$runner" 15
		rc=0
		wait "$runner" || rc=$?
		t_check "SIG$sig: qemu-run exits non-zero ($rc)" [ "$rc" -ne 0 ]
		t_check "SIG$sig: no QEMU left ($(leftovers))" gone_within 8
	else
		t_fail "SIG$sig: the stub QEMU never started"
		kill "$runner" 2>/dev/null || true
	fi
done

# 5. The KVM attempt abandoned (no banner in time), then TCG: the first QEMU
# must be gone while the second runs, and the second ends with the run.
rm -f "$pids"
rc=0
QEMU_ACCEL=auto _SEQBUF_KVM_DEV=/dev/null _SEQBUF_KVM_GRACE=2 QEMU_TIMEOUT=4 \
	"$PROJ/tools/qemu-run" "$kernel" "$T_DIR/console.log" >"$T_DIR/5.log" 2>&1 &
runner=$!
if wait_for_stub 2; then
	first=$(head -n 1 "$pids")
	t_check "KVM abandoned: the KVM QEMU is gone when TCG starts" ! running "$first"
	grep -q 'falling back to TCG' "$T_DIR/5.log" && t_ok "KVM abandoned: falls back to TCG" ||
		t_fail "KVM abandoned: no fallback message"
else
	t_fail "KVM abandoned: no second QEMU started"
fi
ended_within "$runner" 30 || t_fail "KVM abandoned: qemu-run did not end"
wait "$runner" || rc=$?
t_check "KVM abandoned: the TCG run ends by its watchdog (exit 2, got $rc)" [ "$rc" -eq 2 ]
t_check "KVM abandoned: no QEMU left" gone_within 1

# 6. A harness script that started qemu-run (through spawn) is stopped with
# SIGTERM: the whole chain ends.
rm -f "$pids"
cat >"$T_DIR/parent" <<EOF
#!/bin/bash
. "$PROJ/tools/lib.sh"
spawn "$PROJ/tools/qemu-run" "$kernel" "$T_DIR/console.log"
EOF
chmod +x "$T_DIR/parent"
QEMU_ACCEL=tcg "$T_DIR/parent" >"$T_DIR/6.log" 2>&1 &
runner=$!
if wait_for_stub 1; then
	kill -TERM "$runner"
	t_check "a parent script stopped: it ends within 15 s" ended_within "$runner" 15
	wait "$runner" || true
	t_check "a parent script stopped: no QEMU left ($(leftovers))" gone_within 8
else
	t_fail "parent script: the stub QEMU never started"
	kill "$runner" 2>/dev/null || true
fi

t_done
