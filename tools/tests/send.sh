#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# selftest: base
# selftest: needs git b4 python3
# selftest: slow
# tools/send (b4 0.12 dry run) on scratch series of 0, 1 and 2 patches:
#   - an unknown option is refused (exit 2); so is an empty series, and a
#     sender without an identity of their own (the placeholder's, no
#     user.email, no user.name), each with a message saying what to set,
#     before anything is fetched or written;
#   - the mails are the sender's: From: and the last Signed-off-by: are the
#     configured identity, the placeholder's Signed-off-by is gone, another
#     author's stays, nothing names the placeholder;
#   - the right number of mails, To/Cc in each, the cover from
#     patches/cover-letter, nothing sent;
#   - the revisions through b4's commands: v1 with b4's change-id recorded in
#     patches/b4-tracking, --posted (b4 prep --manual-reroll: b4's sent/
#     tag, b4 at v2), then [PATCH v2] with the same change-id, "Changes in
#     v2" and a range-diff against v1 (b4 prep --compare-to);
#   - tools/fake-sendmail appends to the outbox mbox.
# About 3 minutes.
#
# Usage: tools/tests/send.sh   (no arguments; tools/selftest runs it)
. "$(dirname "$0")/../lib.sh"
no_options "$@"
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
repo=$(base_repo)

PH_NAME="Seq Buf Series"
PH_EMAIL="seqbuf-series@example.org"
ME_NAME="Test Sender"
ME_EMAIL="test.sender@example.org"
ME="$ME_NAME <$ME_EMAIL>"

# as NAME EMAIL CMD...: CMD with that git identity (empty: unset), whatever
# the machine's git configuration says.
as() {
	local name=$1 email=$2
	shift 2
	env GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=user.name "GIT_CONFIG_VALUE_0=$name" \
		GIT_CONFIG_KEY_1=user.email "GIT_CONFIG_VALUE_1=$email" "$@"
}
# send ARGS...: tools/send in the scratch project, as the test sender.
send() {
	in_project "$sp" as "$ME_NAME" "$ME_EMAIL" tools/send "$@"
}

# header FILE NAME: the (unfolded) values of header NAME.
header() {
	awk '/^$/{exit} /^[ \t]/{sub(/^[ \t]+/, " "); h = h $0; next} {if (h != "") print h; h = $0} END {if (h != "") print h}' "$1" |
		sed -n "s/^$2: //Ip"
}

# refused WHAT WANT CMD...: CMD fails at once, its message matches the
# regular expression WANT, and nothing was written to the outbox.
refused() {
	local what=$1 want=$2 rc=0 t0
	shift 2
	t0=$(date +%s)
	"$@" >"$T_DIR/refused.log" 2>&1 || rc=$?
	if [ "$rc" -ne 0 ] && grep -qE "$want" "$T_DIR/refused.log" && [ ! -e "$out" ] &&
		[ $(($(date +%s) - t0)) -lt 30 ]; then
		t_ok "$what: refused at once (exit $rc), nothing written"
	else
		t_fail "$what: exit $rc, outbox $([ -e "$out" ] && echo written || echo absent): $(head -c 400 "$T_DIR/refused.log")"
	fi
}

opt_rc=0
send --no-such-option 2>"$T_DIR/opt.log" || opt_rc=$?
t_check "an unknown option: exit 2 ($opt_rc)" [ "$opt_rc" -eq 2 ]
t_check "an unknown option: the message names it" grep -q 'unknown argument --no-such-option' "$T_DIR/opt.log"

refused "an empty series" 'names no patch' send

# A two-patch series, made the way export makes it: patch 1 by another
# author, patch 2 by the placeholder, each signed off by its author.
mk=$sp/build/mk
new_worktree "$mk" "$BASE_TAG"
test_commit "$mk" 1
printf 'Test document 2\n' >"$mk/Documentation/test-2.rst"
git -C "$mk" add -f Documentation/test-2.rst
GIT_AUTHOR_NAME=$PH_NAME GIT_AUTHOR_EMAIL=$PH_EMAIL GIT_AUTHOR_DATE=2025-02-02T10:00:00Z \
	git_id -C "$mk" commit -q -m "Documentation: add test document 2" \
	-m "A file for the harness's own tests." -m "Signed-off-by: $PH_NAME <$PH_EMAIL>"
git -C "$mk" format-patch -q --zero-commit --no-signature --base="$BASE_TAG" -o "$sp/patches" "$BASE_TAG..HEAD"
(cd "$sp/patches" && ls -1 -- *.patch) >>"$sp/series"
git -C "$sp" add -A && git_id -C "$sp" commit -q -m "two patches"

# Identities that are not the sender's own: refused before anything slow.
refused "the placeholder identity" 'placeholder.*git config --global user\.name' \
	in_project "$sp" as "$PH_NAME" "$PH_EMAIL" tools/send
refused "the placeholder's address under another name" 'placeholder' \
	in_project "$sp" as "$ME_NAME" "$PH_EMAIL" tools/send
refused "no user.email" 'no git user\.email.*git config --global user\.email' \
	in_project "$sp" as "$ME_NAME" "" tools/send
refused "no user.name" 'no git user\.name.*git config --global user\.name' \
	in_project "$sp" as "" "$ME_EMAIL" tools/send
refused "--posted without an identity" 'no git user\.email' \
	in_project "$sp" as "$ME_NAME" "" tools/send --posted

if send >"$T_DIR/send2.log" 2>&1; then
	t_ok "two patches: tools/send succeeds"
else
	t_fail "two patches: tools/send failed:"; tail -n 30 "$T_DIR/send2.log"
fi
mapfile -t mails < <(cd "$out" 2>/dev/null && ls -1 -- *.eml)
t_check "two patches: three mails (cover + 2): ${mails[*]}" [ "${#mails[@]}" -eq 3 ]
cover=$out/${mails[0]:-none}
if [ "${#mails[@]}" -eq 3 ]; then
	subject=$(head -n 1 "$sp/patches/cover-letter")
	t_check "cover is 0000-*.eml" [ "${mails[0]#0000-}" != "${mails[0]}" ]
	t_check "cover subject from patches/cover-letter" grep -qF "[PATCH 0/2] $subject" <(header "$cover" Subject)
	t_check "cover body from patches/cover-letter" grep -qF "$(sed -n 3p "$sp/patches/cover-letter")" "$cover"
	t_check "cover has no b4 EDITME template left" ! grep -q EDITME "$cover"
	t_check "cover has base-commit" grep -q "^base-commit: $(git -C "$mk" rev-parse "$BASE_TAG")" "$cover"
	for m in "${mails[@]}"; do
		t_check "$m has To: or Cc:" grep -q . <(header "$out/$m" To; header "$out/$m" Cc)
		t_check "$m is From: the sender" [ "$(header "$out/$m" From)" = "$ME" ]
		t_check "$m does not name the placeholder" ! grep -qiF "$PH_EMAIL" "$out/$m"
	done
	for m in "${mails[@]:1}"; do
		t_check "$m: the sender's Signed-off-by comes last" \
			[ "$(grep '^Signed-off-by: ' "$out/$m" | tail -n 1)" = "Signed-off-by: $ME" ]
		t_check "$m: no in-body From: (the sender is the author)" ! grep -q '^From: ' <(sed '1,/^$/d' "$out/$m")
	done
	t_check "patch 1 keeps its other author's Signed-off-by" grep -qx "Signed-off-by: $TEST_AUTHOR <$TEST_EMAIL>" "$out/${mails[1]}"
	t_check "patch 2 has exactly one Signed-off-by, the sender's" \
		[ "$(grep '^Signed-off-by: ' "$out/${mails[2]}")" = "Signed-off-by: $ME" ]
	t_check "Documentation/ patches go to the docs maintainer and list" \
		grep -q 'linux-doc@vger.kernel.org' <(header "$cover" To; header "$cover" Cc)
	t_check "the report prints the cover's To/Cc" grep -qE '^  (To|Cc): ' "$T_DIR/send2.log"
fi
t_check "nothing was sent (no sent.mbox)" [ ! -e "$out/sent.mbox" ]
t_check "the scratch worktree is left detached (b4's branch is not checked out)" \
	! git -C "$sp/build/send-tree" symbolic-ref -q HEAD
t_check "the fake smtpserver is given to b4 only, not written to a git config" \
	[ -z "$(git -C "$sp/build/send-tree" config --get-regexp 'sendemail\.smtpserver' || true)" ]
t_check "the sender's identity is not written to a git config" \
	[ -z "$(git -C "$sp/build/send-tree" config --get-regexp '^user\.' | grep -F "$ME_EMAIL" || true)" ]

# b4_info KEY: a value of b4's tracking of the prep branch (read only).
b4_info() {
	git -C "$repo" config --get "branch.$SEND_BRANCH.b4-tracking" |
		python3 -c 'import json, sys; print(json.load(sys.stdin)["series"][sys.argv[1]])' "$1"
}

# The revisions: v1 now, v2 after --posted, with the same change-id.
trk=$sp/patches/b4-tracking
cid=$(sed -n 's/^change-id: //p' "$trk" 2>/dev/null || true)
t_check "patches/b4-tracking was created: revision 1, change-id '$cid'" \
	grep -qx 'revision: 1' "$trk"
t_check "that change-id is b4's own" [ "$(b4_info change-id)" = "$cid" ]
t_check "the cover carries that change-id" grep -qx "change-id: $cid" "$cover"
t_check "the report names the revision" grep -q "wrote revision v1 (change-id $cid)" "$T_DIR/send2.log"
t_check "--posted before the mails are committed is refused" ! send --posted 2>"$T_DIR/refused.log"
git -C "$sp" add -A && git_id -C "$sp" commit -q -m "v1 as sent"
msgid=$(header "$cover" Message-Id | tr -d '<> ')
if send --posted >"$T_DIR/posted.log" 2>&1; then
	t_ok "--posted succeeds"
else
	t_fail "--posted failed:"; tail -n 20 "$T_DIR/posted.log"
fi
t_check "--posted: revision 2 next" grep -qx 'revision: 2' "$trk"
t_check "--posted: v1 recorded with the project commit and the cover's Message-Id" \
	grep -qx "posted: v1 $(git -C "$sp" rev-parse HEAD) $msgid" "$trk"
t_check "--posted: b4 prep --manual-reroll ran" grep -q 'manual-reroll' "$T_DIR/posted.log"
t_check "--posted: b4 tagged sent/$SEND_BRANCH-v1" \
	git -C "$repo" show-ref -q --verify "refs/tags/sent/$SEND_BRANCH-v1"
t_check "--posted: b4's tag carries the change-id" \
	grep -qx "change-id: $cid" <(git -C "$repo" cat-file tag "sent/$SEND_BRANCH-v1")
t_check "--posted: b4 is at v2" [ "$(b4_info revision)" = 2 ]
t_check "--posted: b4 recorded v1's Message-Id" \
	grep -qF "$msgid" <(git -C "$repo" config --get "branch.$SEND_BRANCH.b4-tracking")
t_check "--posted twice is refused" ! send --posted 2>"$T_DIR/refused.log"
t_check "--posted twice: the message says v1 is posted already" grep -q 'v1 is already recorded as posted' "$T_DIR/refused.log"

# v2: the second patch's message changes (the diff stays, so range-diff
# pairs the two versions and marks the pair changed).
git_id -C "$mk" commit -q --amend -m "$(git -C "$mk" log -1 --format=%B | sed '1a\
\
Reworded for v2.')"
rm -f "$sp"/patches/*.patch
git -C "$mk" format-patch -q --zero-commit --no-signature --base="$BASE_TAG" -o "$sp/patches" "$BASE_TAG..HEAD"
git -C "$sp" add -A && git_id -C "$sp" commit -q -m "v2 work"
t_check "v2 without 'Changes in v2' in the cover letter is refused" ! send 2>"$T_DIR/refused.log"
printf '\nChanges in v2:\n- test document 2 reworded\n' >>"$sp/patches/cover-letter"
git -C "$sp" add -A && git_id -C "$sp" commit -q -m "v2 changelog"
if send >"$T_DIR/send-v2.log" 2>&1; then
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
t_check "v2: every mail is From: the sender" \
	[ "$(for m in "${mails[@]}"; do header "$out/$m" From; done | grep -cxF "$ME")" -eq 3 ]
t_check "v2: the same change-id" grep -qx "change-id: $cid" "$cover"
t_check "v2: the cover has the Changes in v2 section" grep -q '^Changes in v2:' "$cover"
t_check "v2: the cover has a range-diff against v1" grep -q '^Range-diff against v1:' "$cover"
t_check "v2: the range-diff came from b4 prep --compare-to" grep -q 'compare-to v1' "$T_DIR/send-v2.log"
t_check "v2: the range-diff shows the changed patch as changed (!)" grep -qE '^ +2: +[0-9a-f]+ ! +2: ' "$cover"
t_check "v2: the range-diff shows the unchanged patch as equal (=)" grep -qE '^ +1: +[0-9a-f]+ = +1: ' "$cover"
t_check "v2: the range-diff does not name the placeholder" ! grep -qiF "$PH_EMAIL" "$cover"

# A one-patch series: one mail, the cover text under the ---.
one=("$sp"/patches/*.patch)
printf '# test series\n%s\n' "${one[0]##*/}" >"$sp/series"
if send >"$T_DIR/send1.log" 2>&1; then
	t_ok "one patch: tools/send succeeds"
else
	t_fail "one patch: tools/send failed:"; tail -n 30 "$T_DIR/send1.log"
fi
mapfile -t mails < <(cd "$out" 2>/dev/null && ls -1 -- *.eml)
t_check "one patch: one mail, no separate cover: ${mails[*]}" [ "${#mails[@]}" -eq 1 ]
if [ "${#mails[@]}" -eq 1 ]; then
	m=$out/${mails[0]}
	t_check "one patch: From: the sender" [ "$(header "$m" From)" = "$ME" ]
	t_check "one patch: the cover text goes under the ---" grep -qF "$(sed -n 3p "$sp/patches/cover-letter")" "$m"
fi

# fake-sendmail: appends to build/outbox/sent.mbox, quoting From lines.
printf 'Subject: hi\n\nFrom here on\nbody\n' | in_project "$sp" tools/fake-sendmail -i -f me@example.org you@example.org
printf 'Subject: two\n\nbody\n' | in_project "$sp" tools/fake-sendmail -i -f me@example.org you@example.org
t_check "fake-sendmail: two messages in sent.mbox" [ "$(grep -c '^From me@example.org ' "$out/sent.mbox")" -eq 2 ]
t_check "fake-sendmail: body From quoted" grep -qx '>From here on' "$out/sent.mbox"

t_done
