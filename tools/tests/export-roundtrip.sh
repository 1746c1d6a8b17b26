#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# selftest: base
# selftest: needs git quilt python3
# selftest: slow
# make tree + make export on a scratch copy of the project:
#  - the project's own series round-trips: tree then export changes nothing;
#  - new commits become new patches appended to series, banners kept;
#  - export twice gives identical files;
#  - fixup commits are refused until squashed; a reworded patch takes the old
#    name's line; a patch added after a trailing banner lands under it;
#  - export refuses to undo changes made to patches/ since the tree was made;
#  - tree keeps a worktree that holds commits; FORCE=1 rebuilds it from
#    patches/, and export then changes nothing (N-patch round trip);
#  - quilt reads the same list from series.
# About 3 minutes (two kernel worktrees).
#
# Usage: tools/tests/export-roundtrip.sh   (no arguments; tools/selftest runs it)
. "$(dirname "$0")/../lib.sh"
no_options "$@"
. "$PROJ/tools/tests/lib"
need_pkgs git quilt python3

t_setup
sp=$T_DIR/proj
scratch_project "$sp"
export BRANCH
t_branch BRANCH tree
tree=$sp/build/tree

# clean: the scratch project has no changes against its last commit.
clean() { [ -z "$(git -C "$sp" status --porcelain)" ]; }
snapshot() { git -C "$sp" add -A && git_id -C "$sp" commit -q --allow-empty -m "$1"; }
run() { # run LOG CMD...: a tool of the scratch project, output in LOG
	local log=$T_DIR/$1
	shift
	in_project "$sp" "$@" >"$log" 2>&1 || { cat "$log"; return 1; }
}

n0=$(series_patches "$sp/series" | wc -l)
t_check "tree: worktree of the project's series ($n0 patches)" run tree1.log tools/tree
t_check "tree: on branch $BRANCH with $n0 commits" \
	[ "$(git -C "$tree" symbolic-ref --short HEAD):$(git -C "$tree" rev-list --count "$BASE_TAG..HEAD")" = "$BRANCH:$n0" ]
t_check "tree: prints how to work" grep -q 'git rebase -i --autosquash' "$T_DIR/tree1.log"
t_check "export of the unchanged series succeeds" run export1.log tools/export
if clean; then
	t_ok "round trip of the project's series: no change"
else
	t_fail "round trip of the project's series changed files (run make tree && make export):"
	git -C "$sp" status --short
	git -C "$sp" reset -q --hard
fi

# Two new commits: two new patches at the end of series.
test_commit "$tree" 1
test_commit "$tree" 2
t_check "export of two new commits" run export2.log tools/export
mapfile -t names < <(series_patches "$sp/series")
t_check "series lists $((n0 + 2)) patches" [ "${#names[@]}" -eq $((n0 + 2)) ]
t_check "the new patches are the last lines of series" \
	[ "$(tail -n 2 "$sp/series" | tr '\n' ' ')" = "$(printf '%04d-Documentation-add-test-document-1.patch %04d-Documentation-add-test-document-2.patch ' $((n0 + 1)) $((n0 + 2)))" ]
t_check "banner comments kept" \
	[ "$(grep '^#' "$sp/series")" = "$(git -C "$sp" show HEAD:series | grep '^#')" ]
t_check "cover-letter kept" [ -s "$sp/patches/cover-letter" ]
t_check "patch files are format-patch --zero-commit, no signature" \
	grep -q '^From 0000000000000000000000000000000000000000 ' "$sp/patches/${names[-1]}"
t_check "the first patch carries base-commit" grep -q "^base-commit: $(git -C "$tree" rev-parse "$BASE_TAG")" "$sp/patches/${names[0]}"
t_check "subjects are not numbered (adding a patch changes no other file)" grep -q '^Subject: \[PATCH\] ' "$sp/patches/${names[-1]}"
t_check "no signature trailer" ! grep -qx -- '-- ' "$sp/patches/${names[-1]}"
snapshot "two patches"
t_check "export twice gives identical files" run export3.log tools/export
t_check "  (git status clean)" clean

# A fixup must be squashed before export.
echo "more" >>"$tree/Documentation/test-1.rst"
git_id -C "$tree" commit -q -a --fixup=HEAD~1
if run export4.log tools/export; then
	t_fail "export should refuse fixup commits"
else
	t_check "export refuses fixup commits, naming autosquash" grep -q autosquash "$T_DIR/export4.log"
fi
(cd "$tree" && GIT_SEQUENCE_EDITOR=: git_id rebase -q -i --autosquash "$BASE_TAG") >/dev/null
t_check "export after autosquash" run export5.log tools/export
t_check "the fixup changed patch 1's file only" \
	[ "$(git -C "$sp" status --porcelain | tr '\n' ' ')" = " M patches/${names[-2]} " ]
snapshot "fixup"

# A reworded patch takes the old name's line; a patch after a trailing banner.
git_id -C "$tree" commit -q --amend -m "Documentation: add the second test document" \
	-m "Signed-off-by: $TEST_AUTHOR <$TEST_EMAIL>"
printf '\n# Part 3: later\n' >>"$sp/series"
test_commit "$tree" 3
t_check "export of a reworded patch and a third one" run export6.log tools/export
mapfile -t names2 < <(series_patches "$sp/series")
t_check "old name of the reworded patch removed" [ ! -e "$sp/patches/${names[-1]}" ]
t_check "reworded patch in the old name's line" \
	[ "$(grep -n "add-the-second-test-document" "$sp/series" | cut -d: -f1)" = "$(git -C "$sp" show HEAD:series | grep -n "${names[-1]}" | cut -d: -f1)" ]
t_check "third patch after the trailing banner" [ "$(tail -n 2 "$sp/series" | head -n 1)" = "# Part 3: later" ]
t_check "series lists $((n0 + 3)) patches in branch order" \
	[ "${names2[*]}" = "$(cd "$sp/patches" && ls -1 -- *.patch | tr '\n' ' ' | sed 's/ $//')" ]
snapshot "three patches"

# patches/ changed behind the tree's back (a pull, another checkout): refused.
echo "# changed elsewhere" >>"$sp/patches/${names2[-1]}"
if run export8.log tools/export; then
	t_fail "export should refuse when patches/ changed since the tree was made"
else
	t_check "export refuses when patches/ changed since the tree was made" grep -q 'FORCE=1' "$T_DIR/export8.log"
fi
t_check "FORCE=1 export overwrites" run export9.log env FORCE=1 tools/export
t_check "  (git status clean)" clean

# tree keeps a worktree with commits; FORCE=1 rebuilds it from patches/.
head=$(git -C "$tree" rev-parse HEAD)
t_check "tree keeps a worktree with commits (exit 0)" run tree2.log tools/tree
t_check "  and says so" grep -q 'keeping it' "$T_DIR/tree2.log"
t_check "  HEAD unchanged" [ "$(git -C "$tree" rev-parse HEAD)" = "$head" ]
t_check "FORCE=1 rebuilds the worktree from patches/" run tree3.log env FORCE=1 tools/tree
t_check "  with $((n0 + 3)) commits" [ "$(git -C "$tree" rev-list --count "$BASE_TAG..HEAD")" -eq $((n0 + 3)) ]
t_check "  no backup branch when the commits are the same" \
	[ -z "$(git -C "$tree" for-each-ref "refs/heads/$BRANCH-old-*")" ]
t_check "export after FORCE=1 tree" run export7.log tools/export
t_check "round trip of $((n0 + 3)) patches: git status clean" clean

# quilt reads the same list.
q=$(cd "$sp" && QUILT_PATCHES=patches QUILT_SERIES=series quilt --quiltrc=- series 2>/dev/null | sed 's|^patches/||')
t_check "quilt series gives the same list" [ "$q" = "$(series_patches "$sp/series")" ]

t_done
