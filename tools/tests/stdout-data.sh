#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Standard output carries data, standard error messages, even while
# packages get installed: with dpkg-query and apt-get replaced by stubs that
# report every package missing and print noise on both streams (and id
# saying root, so that the install path is taken), every tool whose standard
# output another consumes still yields exactly its data, and the others
# print nothing there.
#
# Hermetic: no download, no kernel tree (a fake one stands in, whose make
# prints on standard output), and the stubs never run the real apt-get or
# dpkg. Seconds (gcc builds the guest's four static programs).
#
# Usage: tools/tests/stdout-data.sh   (no arguments; tools/selftest runs it)
. "$(dirname "$0")/../lib.sh"
# Hermetic by its own stubs: it tests need_pkgs and fetch-kernel themselves.
unset _SEQBUF_HERMETIC
no_options "$@"
. "$PROJ/tools/tests/lib"

harness_lock
t_setup_dir
stubs=$T_DIR/stubs
calls=$T_DIR/apt-calls
mkdir -p "$stubs"
cat >"$stubs/dpkg-query" <<'EOF'
#!/bin/sh
echo "dpkg-query noise on stdout: $*"
echo "dpkg-query noise on stderr" >&2
exit 1
EOF
# apt-get: noise on both streams, a record of the call, success; it never
# installs anything.
cat >"$stubs/apt-get" <<EOF
#!/bin/sh
echo "apt-get noise on stdout: \$*"
echo "Reading package lists... Done"
echo "apt-get noise on stderr" >&2
echo "apt-get \$*" >>'$calls'
exit 0
EOF
# dpkg: nothing of the harness calls it; if something did, it fails here.
cat >"$stubs/dpkg" <<EOF
#!/bin/sh
echo "dpkg \$*" >>'$calls'
echo "dpkg stub: not for the harness's tests" >&2
exit 1
EOF
t_root_stub "$stubs"
# QEMU: prints on both streams, as QEMU does, and the guest ends at once.
cat >"$stubs/qemu-system-x86_64" <<'EOF'
#!/bin/sh
echo "qemu noise on stdout"
echo "qemu noise on stderr" >&2
exit 0
EOF
# busybox: any file will do, the list only names it.
cat >"$stubs/busybox" <<'EOF'
#!/bin/sh
exit 0
EOF
chmod +x "$stubs"/*
export _SEQBUF_STUBS=$stubs _SEQBUF_BUSYBOX=$stubs/busybox
unset QEMU QEMU_ACCEL _SEQBUF_KVM_DEV _SEQBUF_QEMU_NODES

# A fake kernel tree: enough for tools/kbuild-um and tools/build-boot-kernel
# to run through, and its make prints on standard output.
fake=$T_DIR/fake-linux
mkdir -p "$fake/tools/testing/kunit/configs" "$fake/scripts/kconfig"
: >"$fake/tools/testing/kunit/configs/arch_uml.config"
cat >"$fake/Makefile" <<'EOF'
%:
	@echo "make $@: noise on stdout"
	@echo "make $@: noise on stderr" >&2
EOF
# merge_config.sh -m -O OBJ BASE FRAGMENT...: the fragments, the last value
# of each option kept, as .config.
cat >"$fake/scripts/kconfig/merge_config.sh" <<'EOF'
#!/bin/sh
obj=$3
shift 4
echo "merge_config noise on stdout"
awk '{
	if (match($0, /^CONFIG_[A-Za-z0-9_]+=/)) k = substr($0, 1, RLENGTH - 1)
	else if ($0 ~ /^# CONFIG_[A-Za-z0-9_]+ is not set/) k = $2
	else next
	if (!(k in v)) order[n++] = k
	v[k] = $0
} END { for (i = 0; i < n; i++) print v[order[i]] }' "$@" >"$obj/.config"
EOF
chmod +x "$fake/scripts/kconfig/merge_config.sh"

# need_pkgs itself, inside a command substitution.
got=$(bash -c ". '$PROJ/tools/lib.sh'; need_pkgs busybox-static qemu-system-x86; echo data" 2>"$T_DIR/err") || true
t_check "need_pkgs prints nothing on standard output" [ "$got" = data ]
t_check "need_pkgs says what it installs, on standard error" grep -q 'installing Debian packages: busybox-static' "$T_DIR/err"

# tools/mkinitramfs: its standard output is the list's path, nothing else
# (tools/build-boot-kernel reads it into CONFIG_INITRAMFS_SOURCE).
got=$("$PROJ/tools/mkinitramfs" "$T_DIR/initramfs" 2>"$T_DIR/err") ||
	t_fail "mkinitramfs failed: $(tail -n 3 "$T_DIR/err")"
t_check "mkinitramfs: standard output is exactly the list's path ($(printf %q "$got"))" \
	[ "$got" = "$T_DIR/initramfs/list" ]
t_check "mkinitramfs: the list exists" [ -f "$T_DIR/initramfs/list" ]
t_check "mkinitramfs: the stubs were used" grep -q 'installing Debian packages' "$T_DIR/err"
t_check "mkinitramfs: /init is packed executable (0755)" \
	grep -qx "file /init $PROJ/tools/guest/init 0755 0 0" "$T_DIR/initramfs/list"

# tools/series-merge: its standard output is the new series file.
printf '# a\nx.patch\n' >"$T_DIR/series"
printf 'x.patch\ny.patch\n' >"$T_DIR/names"
got=$("$PROJ/tools/series-merge" "$T_DIR/series" "$T_DIR/names" 2>/dev/null) || true
t_check "series-merge: standard output is the merged series" [ "$got" = $'# a\nx.patch\ny.patch' ]

# Tools whose output nobody consumes: nothing at all on standard output,
# though what they run prints there.
: >"$T_DIR/bzImage"
mkdir -p "$T_DIR/logs"
for cmd in "qemu-run $T_DIR/bzImage $T_DIR/logs/console.log" \
	"kbuild-um $fake $T_DIR/logs/um.log" \
	"build-boot-kernel $fake $T_DIR/boot/obj"; do
	rc=0
	# shellcheck disable=SC2086 # words
	got=$(QEMU_ACCEL=tcg _SEQBUF_KUNITCONFIG=none _SEQBUF_CONFIG_FRAGMENTS=boot "$PROJ"/tools/$cmd 2>"$T_DIR/err") || rc=$?
	t_check "tools/${cmd%% *}: runs through with the stubs (exit $rc)$([ "$rc" -eq 0 ] || printf ': %s' "$(tail -n 3 "$T_DIR/err")")" [ "$rc" -eq 0 ]
	t_check "tools/${cmd%% *}: nothing on standard output$([ -z "$got" ] || printf ': %q' "${got:0:200}")" [ -z "$got" ]
done
t_check "build-boot-kernel: the fake kernel's make ran (its noise is in the log)" \
	grep -q 'make bzImage: noise on stdout' "$T_DIR/boot/build.log"

t_check "the stubs ran instead of apt-get" grep -q '^apt-get install' "$calls"
t_check "dpkg never ran" ! grep -q '^dpkg' "$calls"

t_done
