#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# selftest: slow
# tools/send (b4 0.12 dry run) on scratch series of 0, 1 and 2 patches:
# the right number of mails, To/Cc in each, Signed-off-by in each patch, the
# cover from patches/cover-letter, nothing sent; the revisions: v1 with a
# new change-id in patches/b4-tracking, --posted, then v2 with the same
# change-id, "Changes in v2" and a range-diff against v1; SIGNOFF=1 re-authors and
# signs off as the user, and fails clearly without an identity;
# tools/fake-sendmail appends to the outbox mbox.  About 3 minutes.
. "$(dirname "$0")/../lib.sh"
. "$PROJ/tools/tests/lib"
need_pkgs git b4

t_setup
sp=$T_DIR/proj
scratch_project "$sp"
printf '# test series\n' >"$sp/series"
rm -f "$sp"/patches/*.patch "$sp/patches/b4-tracking"
export SEND_BRANCH
t_branch SEND_BRANCH send
out=$sp/build/outbox

# 0 patches: refused before anything is done.
if ! msg=$(in_project "$sp" tools/send 2>&1) && grep -q 'names no patch' <<<"$msg" && [ ! -d "$out" ]; then
	t_ok "empty series: refused, nothing written"
else
	t_fail "empty series: $msg"
fi

# A two-patch series, made the way export makes it.
mk=$sp/build/mk
new_worktree "$mk" "$BASE_TAG"
test_commit "$mk" 1
test_commit "$mk" 2
git -C "$mk" format-patch -q --zero-commit --no-signature --base="$BASE_TAG" -o "$sp/patches" "$BASE_TAG..HEAD"
(cd "$sp/patches" && ls -1 -- *.patch) >>"$sp/series"

# header FILE NAME: the (unfolded) values of header NAME.
header() {
	awk '/^$/{exit} /^[ \t]/{sub(/^[ \t]+/, " "); h = h $0; next} {if (h != "") print h; h = $0} END {if (h != "") print h}' "$1" |
		sed -n "s/^$2: //Ip"
}

if in_project "$sp" tools/send >"$T_DIR/send2.log" 2>&1; then
	t_ok "two patches: tools/send succeeds"
else
	t_fail "two patches: tools/send failed:"; tail -n 30 "$T_DIR/send2.log"
fi
mapfile -t mails < <(cd "$out" 2>/dev/null && ls -1 -- *.eml)
t_check "two patches: three mails (cover + 2): ${mails[*]}" [ "${#mails[@]}" -eq 3 ]
if [ "${#mails[@]}" -eq 3 ]; then
	cover=$out/${mails[0]}
	subject=$(head -n 1 "$sp/patches/cover-letter")
	t_check "cover is 0000-*.eml" [ "${mails[0]#0000-}" != "${mails[0]}" ]
	t_check "cover subject from patches/cover-letter" grep -qF "[PATCH 0/2] $subject" <(header "$cover" Subject)
	t_check "cover body from patches/cover-letter" grep -qF "$(sed -n 3p "$sp/patches/cover-letter")" "$cover"
	t_check "cover has no b4 EDITME template left" ! grep -q EDITME "$cover"
	t_check "cover has base-commit" grep -q "^base-commit: $(git -C "$mk" rev-parse "$BASE_TAG")" "$cover"
	for m in "${mails[@]}"; do
		t_check "$m has To: or Cc:" grep -q . <(header "$out/$m" To; header "$out/$m" Cc)
	done
	for m in "${mails[@]:1}"; do
		t_check "$m is signed off by the project author" grep -qx "Signed-off-by: $TEST_AUTHOR <$TEST_EMAIL>" "$out/$m"
		t_check "$m keeps the project author" grep -qx "From: $TEST_AUTHOR <$TEST_EMAIL>" "$out/$m"
	done
	t_check "Documentation/ patches go to the docs maintainer and list" \
		grep -q 'linux-doc@vger.kernel.org' <(header "$cover" To; header "$cover" Cc)
	t_check "the report prints the cover's To/Cc" grep -qE '^  (To|Cc): ' "$T_DIR/send2.log"
fi
t_check "nothing was sent (no sent.mbox)" [ ! -e "$out/sent.mbox" ]
t_check "the fake smtpserver is given to b4 only, not written to a git config" \
	[ -z "$(git -C "$sp/build/send-tree" config --get-regexp 'sendemail\.smtpserver' || true)" ]

# The revisions: v1 now, v2 after --posted, with the same change-id.
trk=$sp/patches/b4-tracking
cid=$(sed -n 's/^change-id: //p' "$trk" 2>/dev/null || true)
t_check "patches/b4-tracking was created: revision 1, change-id '$cid'" \
	grep -qx 'revision: 1' "$trk"
t_check "the cover carries that change-id" grep -qx "change-id: $cid" "$cover"
t_check "the report names the revision" grep -q "wrote revision v1 (change-id $cid)" "$T_DIR/send2.log"
git -C "$sp" add -A && git_id -C "$sp" commit -q -m "v1 as sent"
if in_project "$sp" tools/send --posted >"$T_DIR/posted.log" 2>&1; then
	t_ok "--posted succeeds"
else
	t_fail "--posted failed:"; tail -n 5 "$T_DIR/posted.log"
fi
t_check "--posted: revision 2 next" grep -qx 'revision: 2' "$trk"
t_check "--posted: v1 recorded with the project commit and the cover's Message-Id" \
	grep -qE "^posted: v1 $(git -C "$sp" rev-parse HEAD) [^ ]+@[^ ]+\$" "$trk"
t_check "--posted twice is refused" ! in_project "$sp" tools/send --posted
# v2: the second patch's message changes (the diff stays, so range-diff
# pairs the two versions and marks the pair changed).
git_id -C "$mk" commit -q --amend -m "$(git -C "$mk" log -1 --format=%B | sed '1a\
\
Reworded for v2.')"
rm -f "$sp"/patches/*.patch
git -C "$mk" format-patch -q --zero-commit --no-signature --base="$BASE_TAG" -o "$sp/patches" "$BASE_TAG..HEAD"
git -C "$sp" add -A && git_id -C "$sp" commit -q -m "v2 work"
t_check "v2 without 'Changes in v2' in the cover letter is refused" \
	! in_project "$sp" tools/send
printf '\nChanges in v2:\n- test document 2 reworded\n' >>"$sp/patches/cover-letter"
git -C "$sp" add -A && git_id -C "$sp" commit -q -m "v2 changelog"
if in_project "$sp" tools/send >"$T_DIR/send-v2.log" 2>&1; then
	t_ok "v2: tools/send succeeds"
else
	t_fail "v2: tools/send failed:"; tail -n 30 "$T_DIR/send-v2.log"
fi
mapfile -t mails < <(cd "$out" 2>/dev/null && ls -1 -- *.eml)
cover=$out/${mails[0]:-none}
t_check "v2: three mails" [ "${#mails[@]}" -eq 3 ]
t_check "v2: the cover's subject says v2" grep -qF "[PATCH v2 0/2] $subject" <(header "$cover" Subject)
t_check "v2: every patch's subject says v2" \
	[ "$(for m in "${mails[@]}"; do header "$out/$m" Subject; done | grep -c '^\[PATCH v2 ')" -eq 3 ]
t_check "v2: the same change-id" grep -qx "change-id: $cid" "$cover"
t_check "v2: the cover has the Changes in v2 section" grep -q '^Changes in v2:' "$cover"
t_check "v2: the cover has a range-diff against v1" grep -q '^Range-diff against v1:' "$cover"
t_check "v2: the range-diff shows the changed patch as changed (!)" grep -qE '^ +2: +[0-9a-f]+ ! +2: ' "$cover"
t_check "v2: the range-diff shows the unchanged patch as equal (=)" grep -qE '^ +1: +[0-9a-f]+ = +1: ' "$cover"

# SIGNOFF=1 on a one-patch series, as another user.
printf '# test series\n%s\n' "$(ls -1 "$sp/patches" | grep -m1 '\.patch$')" >"$sp/series"
ident=(GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=user.name "GIT_CONFIG_VALUE_0=Test Sender"
	GIT_CONFIG_KEY_1=user.email GIT_CONFIG_VALUE_1=test.sender@example.org)
if in_project "$sp" env "${ident[@]}" SIGNOFF=1 tools/send >"$T_DIR/send1.log" 2>&1; then
	t_ok "one patch, SIGNOFF=1: tools/send succeeds"
else
	t_fail "one patch, SIGNOFF=1: tools/send failed:"; tail -n 30 "$T_DIR/send1.log"
fi
mapfile -t mails < <(cd "$out" 2>/dev/null && ls -1 -- *.eml)
t_check "one patch: one mail, no separate cover: ${mails[*]}" [ "${#mails[@]}" -eq 1 ]
if [ "${#mails[@]}" -eq 1 ]; then
	m=$out/${mails[0]}
	t_check "SIGNOFF=1: From: is the user" grep -qF 'Test Sender <test.sender@example.org>' <(header "$m" From)
	t_check "SIGNOFF=1: no in-body From: (the user is the author)" ! grep -qx "From: $TEST_AUTHOR <$TEST_EMAIL>" "$m"
	t_check "SIGNOFF=1: the user's Signed-off-by comes last" \
		[ "$(grep '^Signed-off-by: ' "$m" | tail -n 1)" = "Signed-off-by: Test Sender <test.sender@example.org>" ]
	t_check "SIGNOFF=1: the project author's Signed-off-by stays" grep -qx "Signed-off-by: $TEST_AUTHOR <$TEST_EMAIL>" "$m"
	t_check "one patch: the cover text goes under the ---" grep -qF "$(sed -n 3p "$sp/patches/cover-letter")" "$m"
fi

# SIGNOFF=1 with an empty identity: a clear error.
noid=(GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=
	GIT_CONFIG_KEY_1=user.email GIT_CONFIG_VALUE_1=)
if msg=$(in_project "$sp" env "${noid[@]}" SIGNOFF=1 tools/send 2>&1); then
	t_fail "SIGNOFF=1 without an identity should fail"
else
	t_check "SIGNOFF=1 without an identity: fails naming user.name" grep -q 'user.name' <<<"$msg"
fi

# fake-sendmail: appends to build/outbox/sent.mbox, quoting From lines.
printf 'Subject: hi\n\nFrom here on\nbody\n' | in_project "$sp" tools/fake-sendmail -i -f me@example.org you@example.org
printf 'Subject: two\n\nbody\n' | in_project "$sp" tools/fake-sendmail -i -f me@example.org you@example.org
t_check "fake-sendmail: two messages in sent.mbox" [ "$(grep -c '^From me@example.org ' "$out/sent.mbox")" -eq 2 ]
t_check "fake-sendmail: body From quoted" grep -qx '>From here on' "$out/sent.mbox"

t_done
