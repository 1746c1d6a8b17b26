#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The command-line contract of every command in tools/ (and tools/*/):
#   - --help: exit 0, a "Usage:" line on standard output, nothing created;
#   - an unknown option: a non-zero exit, nothing created;
#   - inputs checked before anything slow: a series that names a missing
#     patch, or no patch at all, is refused at once;
#   - a second harness run on the same build directory is refused, naming
#     the first;
#   - a directory the harness did not make is never removed or reused.
# "Nothing created": BUILD and SEQBUF_CACHE point at empty directories,
# which must stay empty. Seconds.
. "$(dirname "$0")/../lib.sh"
. "$PROJ/tools/tests/lib"

t_setup_dir
empty_build=$T_DIR/build
empty_cache=$T_DIR/cache

# commands: every command a user may run.
commands() {
	find "$PROJ/tools" -maxdepth 2 -type f -perm -u+x \
		! -path "$PROJ/tools/tests/*" ! -path "$PROJ/tools/guest/*" | sort
}

# untouched: the build and cache directories are still empty.
untouched() {
	[ -z "$(ls -A "$empty_build" "$empty_cache" 2>/dev/null | grep -v ':$' | grep -v '^$')" ]
}

# in_empty CMD...: CMD with empty build and cache directories, in time.
in_empty() {
	rm -rf "$empty_build" "$empty_cache"
	mkdir -p "$empty_build" "$empty_cache"
	BUILD=$empty_build SEQBUF_CACHE=$empty_cache SEQBUF_LOCKED= timeout 20 "$@"
}

n=0
while read -r cmd; do
	name=${cmd#"$PROJ"/}
	n=$((n + 1))
	rc=0
	in_empty "$cmd" --help >"$T_DIR/out" 2>"$T_DIR/err" </dev/null || rc=$?
	if [ "$rc" -eq 0 ] && grep -qiE '^usage:' "$T_DIR/out" && untouched; then
		t_ok "$name --help: usage, exit 0, nothing created"
	else
		t_fail "$name --help: exit $rc, $(grep -ciE '^usage:' "$T_DIR/out") usage line(s), $(untouched && echo 'nothing created' || echo 'created files'); $(head -c 300 "$T_DIR/err")"
	fi
	rc=0
	in_empty "$cmd" --no-such-option >"$T_DIR/out" 2>"$T_DIR/err" </dev/null || rc=$?
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && untouched; then
		t_ok "$name --no-such-option: refused (exit $rc), nothing created"
	else
		t_fail "$name --no-such-option: exit $rc, $(untouched && echo 'nothing created' || echo 'created files')"
	fi
done < <(commands)
t_check "found the commands ($n)" [ "$n" -ge 25 ]

# Inputs checked first: a scratch project whose series is broken.
sp=$T_DIR/proj
scratch_project "$sp"
first=$(series_patches "$sp/series" | head -n 1)
for broken in missing empty; do
	case $broken in
	missing) printf '# part\n%s\nno-such-patch.patch\n' "$first" >"$sp/series" ;;
	empty) printf '# only a comment\n\n' >"$sp/series" ;;
	esac
	for tool in check apply run-kunit boot-test test demo tree; do
		rc=0
		t0=$(date +%s)
		(cd "$sp" && BUILD=$sp/build SEQBUF_CACHE=$empty_cache SEQBUF_LOCKED= \
			timeout 60 "tools/$tool") >"$T_DIR/out" 2>"$T_DIR/err" </dev/null || rc=$?
		case $broken in
		missing) want='no-such-patch.patch' ;;
		empty) want='names no patch' ;;
		esac
		if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && grep -q "$want" "$T_DIR/err" &&
			[ ! -e "$empty_cache/linux" ] && [ $(($(date +%s) - t0)) -lt 30 ]; then
			t_ok "series with $broken patch(es): tools/$tool refuses at once"
		else
			t_fail "series with $broken patch(es): tools/$tool exit $rc: $(tail -n 2 "$T_DIR/err")"
		fi
	done
done
git -C "$sp" checkout -q -- series

# One run per build directory: a holder of the lock, then a second run.
lockbuild=$T_DIR/lockbuild
mkdir -p "$lockbuild"
BUILD=$lockbuild SEQBUF_LOCKED= bash -c ". '$PROJ/tools/lib.sh'; harness_lock; sleep 30" &
holder=$!
for _ in 1 2 3 4 5 6 7 8 9 10; do
	[ -s "$lockbuild/.lock.owner" ] && break
	sleep 0.5
done
rc=0
BUILD=$lockbuild SEQBUF_LOCKED= timeout 20 "$PROJ/tools/apply" >"$T_DIR/out" 2>"$T_DIR/err" || rc=$?
t_check "a second run on the same build directory is refused (exit $rc)" \
	test "$rc" -ne 0 -a "$rc" -ne 124
t_check "the refusal names the first run's pid" grep -q "another harness run holds.*pid $holder" <(tr '\n' ' ' <"$T_DIR/err")
kill "$holder" 2>/dev/null || true
wait "$holder" 2>/dev/null || true

# Foreign directories: refused, left as they were.
foreign=$T_DIR/foreign
mkdir -p "$foreign"
echo 'precious' >"$foreign/work.txt"
for args in "apply $foreign" "check --tree $foreign --no-build" "check --logs $foreign --no-build"; do
	rc=0
	# shellcheck disable=SC2086 # words
	(BUILD=$T_DIR/fbuild SEQBUF_LOCKED= timeout 120 "$PROJ"/tools/$args) >"$T_DIR/out" 2>"$T_DIR/err" || rc=$?
	if [ "$rc" -ne 0 ] && grep -q 'the harness did not make it' "$T_DIR/err" &&
		[ "$(cat "$foreign/work.txt" 2>/dev/null)" = precious ]; then
		t_ok "tools/$args: a directory the harness did not make is refused and kept"
	else
		t_fail "tools/$args: exit $rc, $(tail -n 2 "$T_DIR/err")"
	fi
done
rc=0
(BUILD=$T_DIR/fbuild SEQBUF_LOCKED= TREE=$foreign FORCE=1 timeout 120 "$PROJ/tools/tree") >"$T_DIR/out" 2>"$T_DIR/err" || rc=$?
t_check "FORCE=1 make tree on a foreign TREE: refused, kept" \
	test "$rc" -ne 0 -a "$(cat "$foreign/work.txt")" = precious
mkdir -p "$T_DIR/fcache/linux"
echo 'precious' >"$T_DIR/fcache/linux/work.txt"
rc=0
(SEQBUF_CACHE=$T_DIR/fcache BUILD=$T_DIR/fbuild SEQBUF_LOCKED= timeout 60 "$PROJ/tools/fetch-kernel") >"$T_DIR/out" 2>"$T_DIR/err" || rc=$?
t_check "fetch-kernel: a cache repository it did not make is refused, kept" \
	test "$rc" -ne 0 -a "$(cat "$T_DIR/fcache/linux/work.txt")" = precious

t_done
