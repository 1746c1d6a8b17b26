#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Standard output carries data, standard error messages, even while
# packages get installed: with dpkg-query and apt-get replaced by stubs that
# report every package missing and print noise on both streams (and id
# saying root, so that the install path is taken), every tool whose standard
# output another consumes still yields exactly its data, and the others
# print nothing there. Under a minute (git am of the series).
. "$(dirname "$0")/../lib.sh"
. "$PROJ/tools/tests/lib"

t_setup
stubs=$T_DIR/stubs
mkdir -p "$stubs"
cat >"$stubs/dpkg-query" <<'EOF'
#!/bin/sh
echo "dpkg-query noise on stdout: $*"
echo "dpkg-query noise on stderr" >&2
exit 1
EOF
# apt-get: noise, then the real one (as root), so that what is missing on
# this machine really gets installed; not as root, it succeeds only when
# the packages are there already.
cat >"$stubs/apt-get" <<'EOF'
#!/bin/bash
echo "apt-get noise on stdout: $*"
echo "Reading package lists... Done"
echo "apt-get noise on stderr" >&2
[ "$(/usr/bin/id -u)" -ne 0 ] || exec /usr/bin/apt-get "$@"
for p in "$@"; do
	case $p in -* | *=* | install | update) continue ;; esac
	/usr/bin/dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || exit 100
done
EOF
cat >"$stubs/id" <<'EOF'
#!/bin/sh
[ "$1" = -u ] && { echo 0; exit 0; }
exec /usr/bin/id "$@"
EOF
chmod +x "$stubs"/*
export HARNESS_STUBS=$stubs

# need_pkgs itself, inside a command substitution.
got=$(bash -c ". '$PROJ/tools/lib.sh'; need_pkgs busybox-static qemu-system-x86; echo data" 2>"$T_DIR/err")
t_check "need_pkgs prints nothing on standard output" [ "$got" = data ]
t_check "need_pkgs says what it installs, on standard error" grep -q 'installing Debian packages: busybox-static' "$T_DIR/err"

# tools/mkinitramfs: its standard output is the list's path, nothing else
# (tools/build-boot-kernel reads it into CONFIG_INITRAMFS_SOURCE).
got=$("$PROJ/tools/mkinitramfs" "$T_DIR/initramfs" 2>"$T_DIR/err")
t_check "mkinitramfs: standard output is exactly the list's path ($(printf %q "$got"))" \
	[ "$got" = "$T_DIR/initramfs/list" ]
t_check "mkinitramfs: the list exists" [ -f "$T_DIR/initramfs/list" ]
t_check "mkinitramfs: the stubs were used" grep -q 'installing Debian packages' "$T_DIR/err"

# tools/series-merge: its standard output is the new series file.
printf '# a\nx.patch\n' >"$T_DIR/series"
printf 'x.patch\ny.patch\n' >"$T_DIR/names"
got=$("$PROJ/tools/series-merge" "$T_DIR/series" "$T_DIR/names" 2>/dev/null)
t_check "series-merge: standard output is the merged series" [ "$got" = $'# a\nx.patch\ny.patch' ]

# Tools whose output nobody consumes: nothing at all on standard output.
for cmd in "fetch-kernel" "apply $T_DIR/linux"; do
	# shellcheck disable=SC2086 # words
	got=$("$PROJ"/tools/$cmd 2>"$T_DIR/err") || t_fail "tools/$cmd failed: $(tail -n 3 "$T_DIR/err")"
	t_check "tools/$cmd: nothing on standard output" [ -z "$got" ]
done
t_check "apply: the series is applied" [ -n "$(applied_stamp "$T_DIR/linux")" ]

t_done
