#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# report: the shrinker debugfs reports (CONFIG_SHRINKER_DEBUG). The report
# of all shrinkers and one shrinker's report are printed to the console for
# tools/check-report; only root may read them; vm.oom_dump_caches refuses
# values out of its range.
SCENARIO=report
. /lib.sh

dir=/sys/kernel/debug/shrinker
fill_dcache
[ -r $dir/report ] || fail "no $dir/report"
cat $dir/report >/tmp/report || fail "cannot read $dir/report"
grep -q '^Shrinkers (top ' /tmp/report || fail "$dir/report: $(head -n 1 /tmp/report)"
cat /tmp/report

# One superblock shrinker's own report: its row, with ->to_text() lines.
sb=$(ls -d $dir/sb-* | head -n 1)
[ -n "$sb" ] || fail "no superblock shrinker in $dir"
cat "$sb/report" >/tmp/one || fail "cannot read $sb/report"
[ "$(wc -l </tmp/one)" -ge 3 ] || fail "$sb/report: $(cat /tmp/one)"
echo "$sb/report:"
cat /tmp/one

# The THP deferred split queue's report: its ->to_text() line.
thp=$(ls -d $dir/thp-deferred_split-* | head -n 1)
[ -n "$thp" ] || fail "no thp-deferred_split shrinker in $dir"
cat "$thp/report" >/tmp/thp || fail "cannot read $thp/report"
grep -q '^  queued folios: *[0-9]' /tmp/thp || fail "$thp/report: $(cat /tmp/thp)"
echo "$thp/report:"
cat /tmp/thp

# The files are root's: open the mount for others, then try as nobody.
mount -o remount,mode=755 /sys/kernel/debug || fail "cannot remount debugfs"
for f in $dir/report "$sb/report" "$thp/report"; do
	[ "$(stat -c %a "$f")" = 400 ] || fail "$f has mode $(stat -c %a "$f"), expected 400"
	! asuser cat "$f" >/dev/null 2>&1 || fail "nobody could read $f"
done
mount -o remount,mode=700 /sys/kernel/debug

for bad in -1 3 100; do
	! echo $bad >/proc/sys/vm/oom_dump_caches 2>/dev/null ||
		fail "vm.oom_dump_caches accepted $bad"
done
[ "$(cat /proc/sys/vm/oom_dump_caches)" = 1 ] ||
	fail "vm.oom_dump_caches is $(cat /proc/sys/vm/oom_dump_caches) after bad writes"

# A shrinker that goes away while its report is open: the superblock
# shrinker of a tmpfs mount. Once the unmount has freed it, its open
# report file reads as an error, never as the freed shrinker's memory
# (KASAN would say so).
newest_tmpfs() {
	ls -d $dir/sb-tmpfs-* | sort -t- -k3,3n | tail -n 1
}
mkdir -p /tmp/gone
mount -t tmpfs gone /tmp/gone || fail "cannot mount a tmpfs"
echo x >/tmp/gone/f
gone=$(newest_tmpfs)
exec 3<"$gone/report" || fail "cannot open $gone/report"
umount /tmp/gone || fail "cannot unmount the tmpfs"
! cat <&3 >/tmp/late 2>&1 || fail "read the report of a freed shrinker: $(head -n 2 /tmp/late)"
exec 3<&-
[ ! -e "$gone" ] || fail "$gone is still there after the unmount"

# And while it goes away: readers of every superblock shrinker's report,
# and of the report of all, against 100 mounts and unmounts.
rm -f /tmp/stop /tmp/reads
reader() {
	while [ ! -e /tmp/stop ]; do
		for f in $dir/report $dir/sb-tmpfs-*/report; do
			if cat "$f" >/dev/null 2>&1; then echo ok; else echo gone; fi
		done >>/tmp/reads
	done
}
reader &
r1=$!
reader &
r2=$!
i=0
while [ $i -lt 100 ]; do
	mount -t tmpfs gone /tmp/gone || fail "cannot mount a tmpfs (round $i)"
	echo x >/tmp/gone/f
	umount /tmp/gone || fail "cannot unmount the tmpfs (round $i)"
	i=$((i + 1))
done
touch /tmp/stop
wait $r1 $r2
ok=$(grep -c '^ok' /tmp/reads)
echo "report: 100 tmpfs mounts and unmounts: $ok reports read, $(grep -c '^gone' /tmp/reads) refused as gone"
[ "$ok" -gt 0 ] || fail "no report could be read while shrinkers came and went"
