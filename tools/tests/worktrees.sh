#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# selftest: base
# selftest: needs git
# selftest: slow
# The worktrees the harness owns (tools/lib.sh): made and marked by
# new_worktree, reused without a new checkout, made again after being
# deleted by hand (make clean), and never confused with a copy or a clone
# of someone else's. About a minute (two kernel checkouts).
#
# Usage: tools/tests/worktrees.sh   (no arguments; tools/selftest runs it)
. "$(dirname "$0")/../lib.sh"
no_options "$@"
. "$PROJ/tools/tests/lib"

t_setup
wt=$T_DIR/wt

new_worktree "$wt" "$BASE_TAG"
t_check "new_worktree: marked as the harness's own" owned_worktree "$wt"
t_check "new_worktree: at the base commit" \
	[ "$(git -C "$wt" rev-parse HEAD)" = "$BASE_COMMIT" ]

# Reuse: a file that the checkout did not change keeps its inode, a changed
# one is put back, an untracked one goes.
before=$(stat -c %i "$wt/Makefile")
echo 'local change' >>"$wt/README"
: >"$wt/untracked-file"
new_worktree "$wt" "$BASE_TAG"
t_check "reuse: no new checkout (Makefile kept its inode)" [ "$(stat -c %i "$wt/Makefile")" = "$before" ]
t_check "reuse: local changes are gone" [ -z "$(git -C "$wt" status --porcelain)" ]
t_check "reuse: untracked files are gone" [ ! -e "$wt/untracked-file" ]

# make clean deletes build/ behind git's back: the worktree is still
# registered, and must be made again.
rm -rf "$wt"
rc=0
(new_worktree "$wt" "$BASE_TAG") >"$T_DIR/again.log" 2>&1 || rc=$?
t_check "after rm -rf, new_worktree makes it again (exit $rc)" [ "$rc" -eq 0 ]
t_check "after rm -rf: owned again" owned_worktree "$wt"

# A copy of a harness worktree points at the same git directory: not ours.
cp -a "$wt" "$T_DIR/copy"
echo precious >"$T_DIR/copy/mine.txt"
t_check "a copy of a harness worktree is not the harness's own" ! owned_worktree "$T_DIR/copy"
rc=0
(new_worktree "$T_DIR/copy" "$BASE_TAG") >"$T_DIR/copy.log" 2>&1 || rc=$?
t_check "new_worktree refuses the copy and keeps its files" \
	test "$rc" -ne 0 -a -f "$T_DIR/copy/mine.txt"
rm -rf "$T_DIR/copy"

# Someone else's clone: refused.
git init -q "$T_DIR/clone"
echo precious >"$T_DIR/clone/mine.txt"
rc=0
(new_worktree "$T_DIR/clone" "$BASE_TAG") >"$T_DIR/clone.log" 2>&1 || rc=$?
t_check "another git repository is refused and kept" \
	test "$rc" -ne 0 -a -f "$T_DIR/clone/mine.txt"

# KERNEL_GIT: only a clone whose tag holds the pinned tree; it is only read.
cache2=$T_DIR/cache2
# A clone of the base repository of its own (other tests change the base
# repository's refs meanwhile).
git clone -q --shared --no-checkout "$(base_repo)" "$T_DIR/kg"
refs_before=$(git -C "$T_DIR/kg" for-each-ref | sha256sum)
rc=0
(KERNEL_GIT=$T_DIR/kg SEQBUF_CACHE=$cache2 _SEQBUF_LOCKED= BUILD=$T_DIR/b2 \
	"$PROJ/tools/fetch-kernel") >"$T_DIR/kgit.log" 2>&1 || rc=$?
t_check "KERNEL_GIT with the pinned tree: the same base commit (exit $rc)" \
	[ "$(git -C "$cache2/linux.git" rev-parse -q --verify "$BASE_TAG^{commit}" 2>/dev/null)" = "$BASE_COMMIT" ]
t_check "KERNEL_GIT: the clone's refs are unchanged" \
	[ "$(git -C "$T_DIR/kg" for-each-ref | sha256sum)" = "$refs_before" ]
git init -q "$T_DIR/other"
git -C "$T_DIR/other" commit -q --allow-empty -m other
git -C "$T_DIR/other" tag "$BASE_TAG"
rc=0
(KERNEL_GIT=$T_DIR/other SEQBUF_CACHE=$T_DIR/cache3 _SEQBUF_LOCKED= BUILD=$T_DIR/b3 \
	"$PROJ/tools/fetch-kernel") >"$T_DIR/kgit2.log" 2>&1 || rc=$?
t_check "KERNEL_GIT with another tree at the tag: refused" \
	test "$rc" -ne 0 -a ! -e "$T_DIR/cache3/linux.git"
t_check "KERNEL_GIT refusal names the pinned tree" grep -q "$BASE_TREE" "$T_DIR/kgit2.log"

t_done
