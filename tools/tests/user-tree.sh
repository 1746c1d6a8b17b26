#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# selftest: base
# selftest: needs git
# A tree the user edits (make tree) is never reset, cleaned, checked out or
# rebased. The four commands that take a tree are pointed at one holding an
# edit, a new file and its branch:
#   tools/apply TREE, tools/check --tree TREE, tools/bench/tree TREE
#                       refused, with a message saying what to do;
#   BOOT_SRC=TREE tools/boot-test
#                       takes the tree as it is (its build is stubbed to
#                       fail at once: this test builds nothing);
# then make clean, which keeps the tree, and FORCE=1 make tree, which
# refuses a tree with changed files. After each: the edit, the new file
# and the branch are still there. Needs the base (tools/fetch-kernel).
#
# Usage: tools/tests/user-tree.sh   (no arguments; tools/selftest runs it)
. "$(dirname "$0")/../lib.sh"
. "$PROJ/tools/tests/lib"

no_options "$@"
t_setup
b=$T_DIR/build
tree=$b/tree
mkdir -p "$b"
: >"$b/$OWN_MARK"
t_branch branch usertree

# The tree as make tree leaves it: a worktree of the base repository on a
# branch, with the harness's marker and make tree's (mark_user_tree). Only
# the files this test reads are checked out: the refusals depend on the
# markers alone, and a full checkout would take minutes.
git -C "$(base_repo)" worktree add -q --no-checkout --detach "$tree" "$BASE_TAG"
: >"$(git -C "$tree" rev-parse --path-format=absolute --git-dir)/seqbuf-harness"
git -C "$tree" checkout -q -b "$branch"
git -C "$tree" checkout -q HEAD -- Makefile lib/seq_buf.c tools/testing/kunit
mark_user_tree "$tree"
head=$(git -C "$tree" rev-parse HEAD)
printf '/* an edit of the user */\n' >>"$tree/lib/seq_buf.c"
printf '/* a new file of the user */\n' >"$tree/lib/my_new_file.c"

# intact WHAT: the edit, the new file, the branch and HEAD are as made.
intact() {
	t_check "$1: the edit is kept" grep -q 'an edit of the user' "$tree/lib/seq_buf.c"
	t_check "$1: the new file is kept" [ -f "$tree/lib/my_new_file.c" ]
	t_check "$1: still on branch $branch" \
		[ "$(git -C "$tree" symbolic-ref -q HEAD)" = "refs/heads/$branch" ]
	t_check "$1: HEAD unchanged" [ "$(git -C "$tree" rev-parse HEAD)" = "$head" ]
}

# failed_in_time RC: a failure that is not the timeout's.
failed_in_time() {
	[ "$1" -ne 0 ] && [ "$1" -ne 124 ]
}

# refused WHAT CMD...: CMD fails, says the tree is the user's, keeps it.
refused() {
	local what=$1 rc=0
	shift
	BUILD=$b _SEQBUF_LOCKED= timeout 120 "$@" >"$T_DIR/out" 2>"$T_DIR/err" </dev/null || rc=$?
	t_check "$what: refused (exit $rc)" failed_in_time "$rc"
	t_check "$what: says it is a tree you edit" grep -q 'is a tree you edit' "$T_DIR/err"
	intact "$what"
}

t_check "the tree counts as the user's" user_tree "$tree"
refused "tools/apply TREE" "$PROJ/tools/apply" "$tree"
refused "tools/check --tree TREE" "$PROJ/tools/check" --tree "$tree" --no-build
refused "tools/bench/tree TREE" "$PROJ/tools/bench/tree" "$tree"

# boot-test builds BOOT_SRC as it is: no apply. Stubs: every package is
# installed, and make and gcc fail at once, so nothing is built.
stubs=$T_DIR/stubs
mkdir -p "$stubs"
printf '#!/bin/sh\nprintf "install ok installed"\n' >"$stubs/dpkg-query"
printf '#!/bin/sh\necho "stub: $0 $*" >&2\nexit 1\n' >"$stubs/make"
cp "$stubs/make" "$stubs/gcc"
cp "$stubs/make" "$stubs/apt-get"
chmod +x "$stubs"/*
rc=0
BUILD=$b _SEQBUF_LOCKED= _SEQBUF_STUBS=$stubs BOOT_SRC=$tree timeout 120 \
	"$PROJ/tools/boot-test" --no-kunit >"$T_DIR/out" 2>"$T_DIR/err" </dev/null || rc=$?
t_check "BOOT_SRC=TREE boot-test: ends (exit $rc; its build is stubbed to fail)" [ "$rc" -ne 124 ]
t_check "BOOT_SRC=TREE boot-test: does not apply the series there" ! grep -qi 'applied with git am' "$T_DIR/err"
intact "BOOT_SRC=TREE boot-test"

# make clean keeps the tree and any other git checkout (here a clone of
# the user's one level down), removes the rest, and waits for no one.
mkdir -p "$b/linux-um" "$b/mine"
git init -q "$b/mine/clone"
rc=0
BUILD=$b _SEQBUF_LOCKED= "$PROJ/tools/clean" >"$T_DIR/out" 2>"$T_DIR/err" || rc=$?
t_check "tools/clean: exit 0 (exit $rc)" [ "$rc" -eq 0 ]
t_check "tools/clean: says the tree is kept" grep -q "kept $tree" "$T_DIR/err"
t_check "tools/clean: removed the rest" [ ! -e "$b/linux-um" ]
t_check "tools/clean: kept a git checkout it did not make" [ -d "$b/mine/clone/.git" ]
t_check "tools/clean: says so" grep -q "kept $b/mine/clone" "$T_DIR/err"
intact "tools/clean"

# make clean is refused while another run holds the build directory.
BUILD=$b _SEQBUF_LOCKED= bash -c ". '$PROJ/tools/lib.sh'; harness_lock; exec sleep 30" &
holder=$!
# The owner file of the clean above is still there: wait for the holder's
# own pid in it, not for any (up to 60 s on a loaded machine).
locked=
for _ in $(seq 600); do
	if grep -q "^pid $holder:" "$b/.lock.owner" 2>/dev/null; then
		locked=1
		break
	fi
	sleep 0.1
done
t_check "the holder took the lock" [ -n "$locked" ]
mkdir -p "$b/linux-um"
rc=0
BUILD=$b _SEQBUF_LOCKED= "$PROJ/tools/clean" >"$T_DIR/out" 2>"$T_DIR/err" || rc=$?
kill "$holder" 2>/dev/null || true
wait "$holder" 2>/dev/null || true
t_check "tools/clean while another run holds the lock: refused (exit $rc)" [ "$rc" -ne 0 ]
t_check "tools/clean while locked: removed nothing" [ -d "$b/linux-um" ]

# FORCE=1 make tree keeps commits only: changed files make it refuse.
rc=0
BUILD=$b _SEQBUF_LOCKED= TREE=$tree BRANCH=$branch FORCE=1 "$PROJ/tools/tree" \
	>"$T_DIR/out" 2>"$T_DIR/err" </dev/null || rc=$?
t_check "FORCE=1 tools/tree on a tree with changes: refused (exit $rc)" [ "$rc" -ne 0 ]
t_check "FORCE=1 tools/tree: names the changed files" grep -q 'my_new_file.c' "$T_DIR/err"
intact "FORCE=1 tools/tree"

git -C "$(base_repo)" worktree remove --force "$tree"
t_done
