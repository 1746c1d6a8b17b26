#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# selftest: base
# selftest: needs build-essential bc bison flex libelf-dev libssl-dev ccache git xz-utils python3 perl codespell python3-ply python3-git
# The per-patch gate must reject bad patches and pass a good one.
#
# Part 1 builds a small series of its own on the base (in build/selftest) and
# feeds it to tools/check with builds on:
#   1 good      a comment in lib/seq_buf.c                  -> ok
#   2 warning   a function without a prototype (W=1)        -> new warning
#   3 error     a line that is not C                        -> build fails
#   4 repair    removes both                                -> ok
#   5 kdoc      kernel-doc without its parameter            -> kernel-doc
# Part 2 feeds broken copies of the series' first patch without builds:
#   trailing whitespace -> checkpatch; Signed-off-by removed -> sign-off.
#
# Usage: tools/tests/check-gate.sh   (no arguments; tools/selftest runs it)
. "$(dirname "$0")/../lib.sh"
no_options "$@"

work=$BUILD/selftest
rm -rf "$work/patches" "$work/logs"
mkdir -p "$work/patches"
fails=0
ok() { say "  ok: $*"; }
bad() { say "  FAILED: $*"; fails=$((fails + 1)); }

"$PROJ/tools/fetch-kernel"
src=$work/author
new_worktree "$src" "$BASE_TAG"
author="Gate Selftest <gate@example.org>"

# commit SUBJECT BODY: commit the worktree's changes as the test author.
commit() {
	git -C "$src" add -A
	git -C "$src" -c user.name="${author% <*}" -c user.email=gate@example.org \
		commit -q -s -m "$1" -m "$2"
}

f=$src/lib/seq_buf.c
printf '\n/* The gate accepts a well-formed patch. */\n' >>"$f"
commit "lib: seq_buf: add a comment for the gate selftest" \
	"This well-formed change must pass every check of the gate."
printf '\nvoid seq_buf_selftest_noproto(void)\n{\n}\n' >>"$f"
commit "lib: seq_buf: add a function without a prototype" \
	"With W=1 gcc warns about a missing prototype: the gate must see it."
printf '\nint seq_buf_selftest_broken = ;\n' >>"$f"
commit "lib: seq_buf: add a line that does not compile" \
	"The build of this step fails: the gate must say so."
git -C "$src" show "HEAD~2:lib/seq_buf.c" >"$f"
commit "lib: seq_buf: remove the broken selftest code" \
	"Back to a tree that builds without new warnings."
cat >>"$f" <<'C'

/**
 * seq_buf_selftest_doc() - Return its argument.
 *
 * Return: @unused.
 */
static int __maybe_unused seq_buf_selftest_doc(int unused)
{
	return unused;
}
C
commit "lib: seq_buf: add kernel-doc that misses a parameter" \
	"kernel-doc -Wall warns about the undocumented parameter."
git -C "$src" format-patch -q --zero-commit --no-signature -o "$work/patches" "$BASE_TAG..HEAD"
(cd "$work/patches" && ls) >"$work/series"

say "check-gate: a series of five patches with builds (a few minutes)"
"$PROJ/tools/check" --patches "$work/patches" --series "$work/series" \
	--tree "$work/linux" --logs "$work/logs" >"$work/check.out" 2>&1 && bad "tools/check passed a bad series"
expect() { # PATTERN WHAT
	if grep -qE "$1" "$work/check.out"; then ok "$2"; else bad "$2 (no line matching '$1')"; fi
}
refuse() { # PATTERN WHAT
	if grep -qE "$1" "$work/check.out"; then bad "$2"; else ok "$2"; fi
}
refuse 'FAIL 0001' "the good patch passes"
expect 'FAIL 0002-[^:]*: W=1 build: 1 new warning' "a new W=1 warning fails"
expect 'FAIL 0003-[^:]*: build fails' "a build error fails"
refuse 'FAIL 0004' "the repairing patch passes"
expect 'FAIL 0005-[^:]*: kernel-doc: 1 new warning' "a new kernel-doc warning fails"
expect 'check: 2/5 patches pass' "the summary counts them"

first=$(series_patches | head -n 1)
if [ -n "$first" ]; then
	say "check-gate: broken copies of $first (no builds)"
	for kind in whitespace signoff; do
		mkdir -p "$work/$kind"
		case $kind in
		whitespace) # trailing blanks on the first added line of code
			awk '!done && /^\+[^+]/ { print $0 "  "; done = 1; next } { print }' \
				"$PROJ/patches/$first" >"$work/$kind/$first" ;;
		signoff)
			grep -v '^Signed-off-by:' "$PROJ/patches/$first" >"$work/$kind/$first" ;;
		esac
		echo "$first" >"$work/$kind/series"
		"$PROJ/tools/check" --no-build --patches "$work/$kind" --series "$work/$kind/series" \
			--tree "$work/linux" --logs "$work/logs-$kind" >"$work/check.out" 2>&1 &&
			bad "tools/check passed $first with $kind damage"
		case $kind in
		whitespace) expect "FAIL $first: checkpatch: total: [1-9]" "trailing whitespace fails checkpatch" ;;
		signoff) expect "FAIL $first: no 'Signed-off-by" "a missing Signed-off-by fails" ;;
		esac
	done
fi

git -C "$(base_repo)" worktree remove --force "$src"
[ "$fails" -eq 0 ] || { say "check-gate: $fails expectation(s) not met; output in $work/check.out"; exit 1; }
say "check-gate: PASS"
