#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tools/series-merge: banners stay, renames take the old line, new patches go
# after their predecessor or at the end, removed ones disappear, order follows
# the branch.  Fast: no kernel tree needed.
#
# Usage: tools/tests/series-merge.sh   (no arguments; tools/selftest runs it)
. "$(dirname "$0")/../lib.sh"
no_options "$@"
merge=$PROJ/tools/series-merge
tmp=$(mktemp -d)
on_exit 'rm -rf "$tmp"'
fails=0

# check NAME OLD_SERIES NEW_NAMES EXPECTED (each a string with \n lines)
check() {
	printf '%b' "$2" >"$tmp/series"
	printf '%b' "$3" >"$tmp/names"
	printf '%b' "$4" >"$tmp/want"
	"$merge" "$tmp/series" "$tmp/names" >"$tmp/got"
	if cmp -s "$tmp/want" "$tmp/got"; then
		printf 'ok     %s\n' "$1"
	else
		printf 'FAILED %s\n' "$1"
		diff -u "$tmp/want" "$tmp/got" | sed 's/^/       /'
		fails=$((fails + 1))
	fi
}

H='# title\n# about\n'
check "empty series, no patches" "$H" "" "$H"
check "empty series gets patches at the end" "$H" \
	"0001-a.patch\n0002-b.patch\n" "${H}0001-a.patch\n0002-b.patch\n"
check "missing series file" "" "0001-a.patch\n" "0001-a.patch\n"
check "unchanged" "$H# P1\n0001-a.patch\n# P2\n0002-b.patch\n" \
	"0001-a.patch\n0002-b.patch\n" "$H# P1\n0001-a.patch\n# P2\n0002-b.patch\n"
check "all removed, banners stay" "# P1\n0001-a.patch\n# P2\n0002-b.patch\n" "" "# P1\n# P2\n"
check "appended after trailing banner" "# P1\n0001-a.patch\n# P2\n" \
	"0001-a.patch\n0002-b.patch\n" "# P1\n0001-a.patch\n# P2\n0002-b.patch\n"
check "appended before trailing blank lines" "# P1\n0001-a.patch\n\n\n" \
	"0001-a.patch\n0002-b.patch\n" "# P1\n0001-a.patch\n0002-b.patch\n\n\n"
check "renamed in place (subject changed)" "# P1\n0001-a.patch\n# P2\n0002-b.patch\n0003-c.patch\n" \
	"0001-a.patch\n0002-b-better.patch\n0003-c.patch\n" \
	"# P1\n0001-a.patch\n# P2\n0002-b-better.patch\n0003-c.patch\n"
check "inserted in the middle: renumbered names keep their lines" \
	"# P1\n0001-a.patch\n0002-b.patch\n# P2\n0003-c.patch\n" \
	"0001-a.patch\n0002-b.patch\n0003-x.patch\n0004-c.patch\n" \
	"# P1\n0001-a.patch\n0002-b.patch\n0003-x.patch\n# P2\n0004-c.patch\n"
check "inserted first" "# P1\n0001-a.patch\n# P2\n0002-b.patch\n" \
	"0001-x.patch\n0002-a.patch\n0003-b.patch\n" \
	"# P1\n0001-x.patch\n0002-a.patch\n# P2\n0003-b.patch\n"
check "removed in the middle" "# P1\n0001-a.patch\n0002-b.patch\n# P2\n0003-c.patch\n" \
	"0001-a.patch\n0002-c.patch\n" "# P1\n0001-a.patch\n# P2\n0002-c.patch\n"
check "reordered: order follows the branch" "# P1\n0001-a.patch\n0002-b.patch\n# P2\n0003-c.patch\n" \
	"0001-c.patch\n0002-a.patch\n0003-b.patch\n" \
	"# P1\n0001-c.patch\n0002-a.patch\n0003-b.patch\n# P2\n"
check "two renamed, one added at the end" "# P1\n0001-a.patch\n# P2\n0002-b.patch\n" \
	"0001-a2.patch\n0002-b2.patch\n0003-c.patch\n" \
	"# P1\n0001-a2.patch\n# P2\n0002-b2.patch\n0003-c.patch\n"
check "options and trailing comments kept" "0001-a.patch -p1 # note\n" \
	"0001-a-new.patch\n" "0001-a-new.patch -p1 # note\n"

# The result always lists exactly the new names, in order.
printf '# x\n0001-a.patch\n# y\n0002-b.patch\n0003-c.patch\n# z\n' >"$tmp/series"
printf '0001-d.patch\n0002-c.patch\n0003-a.patch\n0004-e.patch\n' >"$tmp/names"
"$merge" "$tmp/series" "$tmp/names" | sed -e 's/#.*//' -e '/^$/d' >"$tmp/got"
if cmp -s "$tmp/names" "$tmp/got"; then
	echo "ok     shuffled: result lists the new names in order"
else
	echo "FAILED shuffled: result lists the new names in order"; fails=$((fails + 1))
fi

[ "$fails" -eq 0 ] || { echo "series-merge: $fails failed"; exit 1; }
echo "series-merge: all passed"
