#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The command-line contract of every command in tools/ (and tools/*/):
#   - --help: exit 0, a "Usage:" line on standard output, nothing created;
#   - an unknown option: a non-zero exit, nothing created;
#   - inputs checked before anything slow: a series that names a missing
#     patch, or no patch at all, is refused at once;
#   - a second harness run on the same build directory is refused, naming
#     the first;
#   - a directory the harness did not make is never removed or reused;
#   - every argument and variable (scenario names, QEMU_ACCEL, numbers,
#     paths) is checked before anything is built, applied or written;
#   - BOOT_SRC is built as it is: nothing applied, nothing reset;
#   - the self-tests refuse arguments they do not take, and answer --help;
#   - the guest's /init refuses to run anywhere but as the guest's PID 1.
# "Nothing created": BUILD and SEQBUF_CACHE point at empty directories,
# which must stay empty. Hermetic: apt-get, dpkg and dpkg-query are stubs
# (_SEQBUF_STUBS) that say every package is missing and record any call;
# none may come. Seconds.
#
# Usage: tools/tests/cli.sh   (no arguments; tools/selftest runs it)
. "$(dirname "$0")/../lib.sh"
# Hermetic by its own stubs: it tests need_pkgs and fetch-kernel themselves.
unset _SEQBUF_HERMETIC
no_options "$@"
. "$PROJ/tools/tests/lib"

harness_lock
t_setup_dir
empty_build=$T_DIR/build
empty_cache=$T_DIR/cache

# The stubs: a command that gets as far as installing packages fails there,
# and says so in $calls (id says root, so that the install path is taken).
stubs=$T_DIR/stubs
calls=$T_DIR/apt-calls
mkdir -p "$stubs"
: >"$calls"
for c in apt-get dpkg; do
	cat >"$stubs/$c" <<STUB
#!/bin/sh
echo "$c \$*" >>'$calls'
echo "$c stub: the harness's tests never run $c" >&2
exit 100
STUB
done
cat >"$stubs/dpkg-query" <<'STUB'
#!/bin/sh
exit 1
STUB
t_root_stub "$stubs"
chmod +x "$stubs"/*
export _SEQBUF_STUBS=$stubs

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
	BUILD=$empty_build SEQBUF_CACHE=$empty_cache _SEQBUF_LOCKED= timeout 20 "$@"
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
		(cd "$sp" && BUILD=$sp/build SEQBUF_CACHE=$empty_cache _SEQBUF_LOCKED= \
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
BUILD=$lockbuild _SEQBUF_LOCKED= bash -c ". '$PROJ/tools/lib.sh'; harness_lock; exec sleep 30" &
holder=$!
for _ in 1 2 3 4 5 6 7 8 9 10; do
	[ -s "$lockbuild/.lock.owner" ] && break
	sleep 0.5
done
rc=0
BUILD=$lockbuild _SEQBUF_LOCKED= timeout 20 "$PROJ/tools/apply" >"$T_DIR/out" 2>"$T_DIR/err" || rc=$?
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
	(BUILD=$T_DIR/fbuild _SEQBUF_LOCKED= timeout 120 "$PROJ"/tools/$args) >"$T_DIR/out" 2>"$T_DIR/err" || rc=$?
	if [ "$rc" -ne 0 ] && grep -q 'the harness did not make it' "$T_DIR/err" &&
		[ "$(cat "$foreign/work.txt" 2>/dev/null)" = precious ]; then
		t_ok "tools/$args: a directory the harness did not make is refused and kept"
	else
		t_fail "tools/$args: exit $rc, $(tail -n 2 "$T_DIR/err")"
	fi
done
rc=0
(BUILD=$T_DIR/fbuild _SEQBUF_LOCKED= TREE=$foreign FORCE=1 timeout 120 "$PROJ/tools/tree") >"$T_DIR/out" 2>"$T_DIR/err" || rc=$?
t_check "FORCE=1 make tree on a foreign TREE: refused, kept" \
	test "$rc" -ne 0 -a "$(cat "$foreign/work.txt")" = precious
# The base repository's place in that cache, as lib.sh names it.
frepo=$(SEQBUF_CACHE=$T_DIR/fcache bash -c ". '$PROJ/tools/lib.sh'; base_repo")
mkdir -p "$frepo"
echo 'precious' >"$frepo/work.txt"
rc=0
(SEQBUF_CACHE=$T_DIR/fcache BUILD=$T_DIR/fbuild _SEQBUF_LOCKED= timeout 60 "$PROJ/tools/fetch-kernel") >"$T_DIR/out" 2>"$T_DIR/err" || rc=$?
t_check "fetch-kernel: a cache repository it did not make is refused, kept" \
	test "$rc" -ne 0 -a "$(cat "$frepo/work.txt")" = precious

# refused WANT-RC MESSAGE CMD...: CMD (in empty build and cache directories)
# exits with WANT-RC at once, says MESSAGE on standard error, and creates
# nothing.
refused() {
	local want=$1 msg=$2 rc=0 t0
	shift 2
	t0=$(date +%s)
	in_empty "$@" >"$T_DIR/out" 2>"$T_DIR/err" </dev/null || rc=$?
	if [ "$rc" -eq "$want" ] && grep -qF -- "$msg" "$T_DIR/err" && untouched &&
		[ $(($(date +%s) - t0)) -lt 10 ]; then
		t_ok "${*#env } -> exit $rc, '$msg', nothing created"
	else
		t_fail "${*#env }: exit $rc (want $want), $(untouched && echo 'nothing created' || echo 'created files'): $(head -c 400 "$T_DIR/err")"
	fi
}

# A fake kernel tree (a git repository with work in progress) and a
# directory of someone else's.
fake=$T_DIR/fake-linux
mkdir -p "$fake/tools/testing/kunit/configs" "$fake/scripts/kconfig"
: >"$fake/tools/testing/kunit/configs/arch_uml.config"
: >"$fake/scripts/kconfig/merge_config.sh"
printf '%%:\n\t@echo "fake kernel tree: no target $@" >&2; exit 1\n' >"$fake/Makefile"
git -C "$fake" init -q
git -C "$fake" add -A
git_id -C "$fake" commit -q -m "fake kernel"
echo '# work in progress' >>"$fake/Makefile"
echo 'untracked work' >"$fake/notes.txt"
fake_head=$(git -C "$fake" rev-parse HEAD)
fake_status=$(git -C "$fake" status --porcelain)
other=$T_DIR/other
mkdir -p "$other/obj"
echo precious >"$other/obj/work.txt"
kernel=$T_DIR/bzImage
: >"$kernel"
T=$PROJ/tools

# Scenario names, before the 9-minute build.
refused 2 "no scenario 'no-such-scenario'" env SCENARIOS=no-such-scenario "$T/boot-test"
refused 2 "no scenario 'no-such'" env SCENARIOS=oom,no-such "$T/boot-test" --no-kunit
refused 2 "no scenario 'no-such'" "$T/oom-evidence" slab no-such
refused 2 "no scenario ''" "$T/oom-evidence" ''
# QEMU_ACCEL and the other QEMU variables, at once.
for tool in boot-test stress oom-evidence ftracetest; do
	refused 2 "QEMU_ACCEL must be auto, kvm or tcg, not 'bogus'" env QEMU_ACCEL=bogus "$T/$tool"
done
refused 2 "QEMU_ACCEL must be auto, kvm or tcg, not 'bogus'" env QEMU_ACCEL=bogus "$T/qemu-run" "$kernel" "$T_DIR/log"
refused 2 "QEMU_TIMEOUT must be a whole number" env QEMU_TIMEOUT=10m "$T/qemu-run" "$kernel" "$T_DIR/log"
refused 2 "QEMU_SMP must be a whole number" env QEMU_SMP=two "$T/boot-test"
refused 2 "QEMU_MEM must be a size in M or G" env QEMU_MEM=lots "$T/boot-test"
refused 2 "_SEQBUF_QEMU_NODES must be a number" env _SEQBUF_QEMU_NODES=x "$T/qemu-run" --check
refused 2 "_SEQBUF_KVM_DEV=$T_DIR/no-kvm: no such device" env _SEQBUF_KVM_DEV="$T_DIR/no-kvm" "$T/qemu-run" --check
t_check "_SEQBUF_KVM_DEV naming nothing: nothing made there" [ ! -e "$T_DIR/no-kvm" ]
refused 2 "_SEQBUF_QEMU=$T_DIR/no-qemu: no such program" env _SEQBUF_QEMU="$T_DIR/no-qemu" "$T/boot-test"
# Numbers.
refused 2 "STRESS_SECONDS must be a whole number" env STRESS_SECONDS=1m "$T/stress"
refused 2 "STRESS_SECONDS must be a whole number" env STRESS_SECONDS=-5 "$T/boot-test"
refused 2 "FTRACE_TIMEOUT must be a whole number" env FTRACE_TIMEOUT=x "$T/ftracetest"
for tool in boot-test build-boot-kernel kunit-i386 ftracetest; do
	refused 2 "JOBS must be a whole number above 0, not 'many'" env JOBS=many "$T/$tool"
done
refused 2 "JOBS must be a whole number above 0, not '0'" env JOBS=0 "$T/kbuild-um" "$fake" "$T_DIR/um.log"
# Other variables of the builds.
refused 2 "_SEQBUF_CONFIG_FRAGMENTS: no fragment kernel-config/nope.config" env _SEQBUF_CONFIG_FRAGMENTS="boot nope" "$T/boot-test"
refused 2 "_SEQBUF_KUNITCONFIG=$T_DIR/nope: no such file" env _SEQBUF_KUNITCONFIG="$T_DIR/nope" "$T/boot-test"
refused 2 "_SEQBUF_INITRAMFS_EXTRA must be DIR:DEST" env _SEQBUF_INITRAMFS_EXTRA=nodest "$T/build-boot-kernel" --check
refused 2 "_SEQBUF_BUSYBOX=$T_DIR/nope: no such program" env _SEQBUF_BUSYBOX="$T_DIR/nope" "$T/mkinitramfs"
# Arguments: empty, option-like, or a path whose directory is nowhere.
refused 2 "unknown option --bogus" "$T/qemu-run" "$kernel" --bogus
refused 2 "LOG is empty" "$T/qemu-run" "$kernel" ''
refused 2 "unknown option --bogus" "$T/qemu-run" --bogus "$T_DIR/log"
refused 1 "the directory of LOG, $T_DIR/no/dir, does not exist" "$T/qemu-run" "$kernel" "$T_DIR/no/dir/log"
refused 2 "unknown option --bogus" "$T/build-boot-kernel" "$fake" --bogus
refused 2 "an empty SRC or OBJ" "$T/build-boot-kernel" "$fake" ''
refused 1 "$T_DIR/no/dir (the directory of OBJ) is not below BUILD" "$T/build-boot-kernel" "$fake" "$T_DIR/no/dir/obj"
refused 2 "unknown option --bogus" "$T/kbuild-um" "$fake" --bogus
refused 2 "an empty SRC or LOG" "$T/kbuild-um" '' "$T_DIR/um.log"
refused 1 "the directory of LOG, $T_DIR/no/dir, does not exist" "$T/kbuild-um" "$fake" "$T_DIR/no/dir/um.log"
refused 2 "an empty OUTDIR" "$T/mkinitramfs" ''
refused 1 "the directory of OUTDIR, $T_DIR/no/dir, does not exist" "$T/mkinitramfs" "$T_DIR/no/dir/ir"
refused 2 "an empty FILTER_GLOB" "$T/kunit-i386" ''
t_check "no directory made for a path that was refused" [ ! -e "$T_DIR/no" ]

# Writes outside what the harness owns: refused before anything is written.
refused 1 "$other (the directory of OBJ) is not below BUILD" "$T/build-boot-kernel" "$fake" "$other/obj"
t_check "build-boot-kernel, foreign OBJ: nothing written beside it (no initramfs/, initramfs.path)" \
	[ "$(ls -A "$other")" = obj -a "$(ls -A "$other/obj")" = work.txt ]
rm -rf "$other/obj"
mkdir -p "$other/initramfs"
echo precious >"$other/initramfs/work.txt"
refused 1 "$other (the directory of OBJ) is not below BUILD" "$T/build-boot-kernel" "$fake" "$other/obj"
t_check "build-boot-kernel, foreign initramfs/ beside OBJ: nothing written, nothing compiled" \
	[ "$(ls -A "$other")" = initramfs -a "$(ls -A "$other/initramfs")" = work.txt ]
refused 1 "$other/initramfs exists and the harness did not make it" "$T/mkinitramfs" "$other/initramfs"
mkdir -p "$T_DIR/cwd"
refused 1 "nonexistent is not a kernel tree" env -C "$T_DIR/cwd" "$T/kbuild-um" nonexistent "$T_DIR/um.log"
refused 1 "$T_DIR/nonexistent is not a kernel tree" "$T/kbuild-um" "$T_DIR/nonexistent" "$T_DIR/um.log"
t_check "kbuild-um on no kernel tree: no SRC-um made" \
	[ ! -e "$T_DIR/cwd/nonexistent-um" -a ! -e "$T_DIR/nonexistent-um" ]
mkdir -p "$T_DIR/fake-linux-um"
echo precious >"$T_DIR/fake-linux-um/work.txt"
refused 1 "$T_DIR/fake-linux-um exists and the harness did not make it" "$T/kbuild-um" "$fake" "$T_DIR/um.log"
rm -rf "$T_DIR/fake-linux-um"

# BOOT_SRC: a tree that is no kernel tree is refused; a kernel tree is built
# as it is (the fake one fails to configure), nothing applied or reset.
refused 1 "BOOT_SRC=$T_DIR/nonexistent is not a kernel tree" env BOOT_SRC="$T_DIR/nonexistent" "$T/boot-test"
okstubs=$T_DIR/okstubs
mkdir -p "$okstubs"
cp "$stubs/apt-get" "$stubs/dpkg" "$okstubs/"
printf '#!/bin/sh\necho "install ok installed"\n' >"$okstubs/dpkg-query"
printf '#!/bin/sh\nexit 0\n' >"$okstubs/busybox"
chmod +x "$okstubs"/*
rc=0
in_empty env _SEQBUF_STUBS="$okstubs" _SEQBUF_BUSYBOX="$okstubs/busybox" BOOT_SRC="$fake" \
	"$T/boot-test" --no-kunit >"$T_DIR/out" 2>"$T_DIR/err" </dev/null || rc=$?
t_check "BOOT_SRC=fake tree: boot-test says it takes the tree as it is" \
	grep -q "the tree $fake as it is (BOOT_SRC)" "$T_DIR/err"
t_check "BOOT_SRC=fake tree: the build was tried and failed (exit $rc)" \
	grep -q 'fake kernel tree: no target tinyconfig' "$empty_build/boot/config.log"
t_check "BOOT_SRC=fake tree: no apply, no build/linux" \
	[ ! -e "$empty_build/boot/apply.log" -a ! -e "$empty_build/linux" ]
t_check "BOOT_SRC=fake tree: its HEAD, changes and untracked files are as they were" \
	[ "$(git -C "$fake" rev-parse HEAD)" = "$fake_head" -a "$(git -C "$fake" status --porcelain)" = "$fake_status" ]

# The guest's /init: not executable on the host, and its first command
# refuses to go on unless it is PID 1 (it would mount over /tmp and
# reboot). Not run here: read.
init=$PROJ/tools/guest/init
t_check "tools/guest/init is not executable in the checkout" [ ! -x "$init" ]
guard=$(grep -n '^if \[ "\$\$" != 1 \]; then' "$init" | cut -d: -f1)
first=$(grep -nvE '^[[:space:]]*(#|$)' "$init" | sed -n 1p | cut -d: -f1)
t_check "tools/guest/init: the PID 1 check comes before any other command (line ${guard:-none})" \
	[ -n "$guard" -a "${guard:-0}" = "${first:-1}" ]
t_check "tools/guest/init: mkinitramfs packs it 0755" grep -qF 'file /init $guest/init 0755 0 0' "$T/mkinitramfs"

t_check "no command got as far as apt-get or dpkg ($(tr '\n' ';' <"$calls"))" [ ! -s "$calls" ]

# The self-tests: --help answers, an argument is refused (exit 2) and the
# test does not run (nor apt-get).
for t in "$PROJ"/tools/tests/*.sh; do
	name=tools/tests/${t##*/}
	rc=0
	in_empty bash "$t" --help >"$T_DIR/out" 2>"$T_DIR/err" </dev/null || rc=$?
	if [ "$rc" -eq 0 ] && grep -q '^Usage:' "$T_DIR/out" && untouched; then
		t_ok "$name --help: usage, exit 0, nothing created"
	else
		t_fail "$name --help: exit $rc, $(grep -c '^Usage:' "$T_DIR/out") usage line(s); $(head -c 300 "$T_DIR/err")"
	fi
	rc=0
	: >"$calls"
	in_empty bash "$t" --bogus >"$T_DIR/out" 2>"$T_DIR/err" </dev/null || rc=$?
	if [ "$rc" -eq 2 ] && grep -q -- '--bogus' "$T_DIR/err" && untouched && [ ! -s "$calls" ]; then
		t_ok "$name --bogus: refused (exit 2), nothing created"
	else
		t_fail "$name --bogus: exit $rc (want 2), $(untouched && echo 'nothing created' || echo 'created files'); $(head -c 300 "$T_DIR/err")"
	fi
done

t_done
