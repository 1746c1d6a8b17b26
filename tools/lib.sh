# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the harness scripts. Source it; do not run it.
#
# Paths:
#   PROJ   the repository checkout
#   BUILD  build products (git-ignored), overridable with BUILD=
#   CACHE  downloads, the pinned base repository, ccache; outside the checkout,
#          overridable with SEQBUF_CACHE=
#
# Conventions every script follows:
#   - standard output carries only data a caller consumes (a path, a list,
#     results); every message goes to standard error (say, step, die);
#   - --help (or -h) prints the script's "Usage:" comment block and exits 0
#     before anything is done (handled here, when the script sources this);
#     an unknown option is an error (usage_error) before anything slow starts;
#   - what the script starts in the background ends when it ends (on_exit,
#     spawn: see below), Ctrl-C and SIGTERM included;
#   - a directory is removed or rewritten only when the harness made it and
#     marked it as its own (own_dir, new_worktree).

set -euo pipefail

# usage: the comment block of the script from its "Usage:" line on.
usage() {
	awk 'NR > 1 && !/^#/ { exit } /^# Usage:/ { on = 1 } on { sub(/^# ?/, ""); print }' "$0"
}

# usage_error MESSAGE: a bad command line; exit status 2.
usage_error() {
	printf 'error: %s\n' "$1" >&2
	usage | head -n 1 >&2
	printf 'see: %s --help\n' "$0" >&2
	exit 2
}

# messages_only: for scripts whose standard output carries no data: send it
# to standard error, with every other message (what they start too).
messages_only() {
	exec 1>&2
}

# no_options "$@": for scripts that take no arguments at all.
no_options() {
	[ $# -eq 0 ] || usage_error "unexpected argument '$1'"
}

_HARNESS_CMD="${0##*/}${*:+ $*}"
for _arg in "$@"; do
	case $_arg in
	--) break ;;
	-h | --help) usage; exit 0 ;;
	esac
done
unset _arg

PROJ=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$(realpath -m "${BUILD:-$PROJ/build}")
CACHE=$(realpath -m "${SEQBUF_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/seqbuf-oom}")
# Absolute from here on, also for the scripts this one starts elsewhere.
export BUILD SEQBUF_CACHE=$CACHE
# One job more than CPUs: a core stays busy while another job waits for
# its files or ccache.
JOBS=${JOBS:-$(($(nproc) + 1))}
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || usage_error "JOBS must be a whole number above 0, not '$JOBS'"

# The Debian tools (b4, codespell, spdxcheck's modules) live in the system
# python; a user-level python3 shim earlier in PATH would hide them.
# _SEQBUF_STUBS: a directory of stand-ins searched first (the harness's own
# tests use it for dpkg-query, apt-get and QEMU).
export PATH=${_SEQBUF_STUBS:+$_SEQBUF_STUBS:}/usr/bin:/bin:$PATH

# Pin data (kernel-config/pin).
# shellcheck source=../kernel-config/pin
. "$PROJ/kernel-config/pin"

export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}
# Paths below BUILD are hashed relative to the build directory, so two trees
# laid out alike (TREE and TREE-um) share ccache hits.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$BUILD}

say() { printf '%s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# step "1/6" "what" "about N min"
step() {
	printf '[%s] %s%s\n' "$1" "$2" "${3:+ ($3)}" >&2
}

# Processes. Every script ends what it started: each long command runs
# through spawn in a process group of its own, and on any exit (normal,
# failure, Ctrl-C, SIGTERM, SIGHUP) the EXIT trap below stops those groups.
# A signal is handled at once only while the script waits in `wait`, not
# while a foreground command runs, so long commands (builds, kunit.py, QEMU,
# other harness scripts) run through spawn. A harness script spawned by
# another stops its own groups in turn when it gets SIGTERM.

# running PID: PID exists and is not a zombie (the tests' check for
# leftovers).
running() {
	local line state
	{ read -r line <"/proc/$1/stat"; } 2>/dev/null || return 1
	read -r state _ <<<"${line##*) }"
	[ "$state" != Z ]
}

# stop_groups PGID...: SIGTERM to each process group, then, for each, wait
# until its leader (a child of this shell) has exited, for at most five
# seconds before SIGKILL goes to the whole group; whatever of the group is
# still there then gets SIGKILL too.
stop_groups() {
	local g killer
	for g in "$@"; do kill -TERM -- "-$g" 2>/dev/null || true; done
	for g in "$@"; do
		kill -0 -- "-$g" 2>/dev/null || continue
		(sleep 5 && kill -KILL -- "-$g") 2>/dev/null &
		killer=$!
		wait "$g" 2>/dev/null || true
		kill -KILL -- "-$g" 2>/dev/null || true
		kill "$killer" 2>/dev/null || true
		wait "$killer" 2>/dev/null || true
	done
}

# in_group CMD...: start CMD in the background as the leader of a new process
# group (job control on for that one fork); its pid, which is the group's
# id, is in $!. A function works too. Its standard input is /dev/null: a
# background group that read the terminal would be stopped (SIGTTIN).
in_group() {
	set -m
	"$@" </dev/null &
	set +m
	_groups+=("$!")
}
_groups=()

# stop_children: every group this script started.
stop_children() {
	stop_groups "${_groups[@]}"
}

# on_exit CMD: run CMD (a string for eval) when the script exits, before its
# children are stopped.
_exit_cmds=()
on_exit() {
	_exit_cmds+=("$1")
}

_on_exit() {
	local rc=$? c
	trap - EXIT
	# A second Ctrl-C must not cut the cleanup short.
	trap '' INT TERM HUP
	for c in "${_exit_cmds[@]}"; do
		eval "$c" || true
	done
	stop_children
	exit "$rc"
}

_on_signal() {
	trap '' INT TERM HUP
	printf 'error: %s: interrupted by SIG%s; stopping what it started\n' "${0##*/}" "$1" >&2
	case $1 in
	INT) exit 130 ;;
	HUP) exit 129 ;;
	*) exit 143 ;;
	esac
}

trap _on_exit EXIT
trap '_on_signal INT' INT
trap '_on_signal TERM' TERM
trap '_on_signal HUP' HUP

# spawn CMD...: run CMD in a process group of its own and wait for it; its
# exit status. While it runs, a signal to this script stops the group
# (through the traps above).
spawn() {
	in_group "$@"
	wait $!
}

# check_top_dir DIR DEFAULT VAR: DIR (the build directory or the cache) may
# be the harness's: absent, empty, marked, its default place, or made by an
# earlier version of the harness (it holds .lock). A directory someone else
# made, given as VAR=, is refused; nothing is written before both are
# checked (harness_lock).
check_top_dir() {
	local dir=$1
	[ -f "$dir/$OWN_MARK" ] || [ "$dir" = "$2" ] || [ ! -e "$dir" ] || [ -e "$dir/.lock" ] ||
		{ [ -d "$dir" ] && [ -z "$(ls -A "$dir")" ]; } ||
		die "$3=$dir is not a directory the harness made: nothing is written to it.
  Name a new or empty directory (the harness makes it and marks it as its own)."
}

# mark_top_dir DIR: made and marked (checked first: check_top_dir).
mark_top_dir() {
	[ -f "$1/$OWN_MARK" ] && return 0
	mkdir -p "$1"
	: >"$1/$OWN_MARK"
}

# harness_lock: one harness run per build directory at a time. The scripts
# a holder starts inherit the lock (_SEQBUF_LOCKED); a second run is refused
# with the holder's pid and command.
harness_lock() {
	# Inherited: the holder's fd 9 is this build directory's lock file.
	if [ "${_SEQBUF_LOCKED:-}" = "$BUILD" ] && [ /proc/$$/fd/9 -ef "$BUILD/.lock" ]; then
		return 0
	fi
	check_top_dir "$BUILD" "$PROJ/build" BUILD
	check_top_dir "$CACHE" "${XDG_CACHE_HOME:-$HOME/.cache}/seqbuf-oom" SEQBUF_CACHE
	mark_top_dir "$BUILD"
	mark_top_dir "$CACHE"
	exec 9>>"$BUILD/.lock"
	if ! flock -n 9; then
		die "another harness run holds $BUILD: $(cat "$BUILD/.lock.owner" 2>/dev/null || echo 'unknown')
  wait for it to end, or use another build directory (BUILD=dir)"
	fi
	printf 'pid %s: %s\n' "$$" "$_HARNESS_CMD" >"$BUILD/.lock.owner"
	export _SEQBUF_LOCKED=$BUILD
}

# run_logged LOG CMD...: run CMD with all output in LOG; on failure show the
# last lines of LOG and its path, and return the command's status.
run_logged() {
	local log=$1 rc=0
	shift
	mkdir -p "$(dirname "$log")"
	spawn "$@" >"$log" 2>&1 || rc=$?
	if [ "$rc" -ne 0 ]; then
		printf -- '--- last lines of %s ---\n' "$log" >&2
		tail -n 25 "$log" >&2
		printf -- '--- failed (exit %d): %s; full log: %s\n' "$rc" "$*" "$log" >&2
	fi
	return "$rc"
}

# need_pkgs PKG...: install missing Debian packages (as root), or name them.
need_pkgs() {
	local missing=() p log
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
			missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	# The self-tests never install (tools/selftest installs what they need
	# before they start).
	[ "${_SEQBUF_HERMETIC:-0}" != 1 ] ||
		die "missing Debian packages: ${missing[*]}; a self-test installs nothing (tools/selftest installs what its tests name on a '# selftest: needs' line)"
	if [ "$(id -u)" -ne 0 ]; then
		die "missing Debian packages: ${missing[*]} (run: sudo apt-get install ${missing[*]})"
	fi
	say "installing Debian packages: ${missing[*]}"
	mkdir -p "$CACHE"
	log=$CACHE/apt-$$.log
	# One install at a time from the harness (tests run side by side), and
	# apt-get waits for dpkg's lock if something else holds it.
	exec 7>>"$CACHE/.apt-lock"
	flock 7
	if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		-o DPkg::Lock::Timeout=600 "${missing[@]}" >"$log" 2>&1; then
		apt-get update -q -o DPkg::Lock::Timeout=600 >>"$log" 2>&1 || true
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=600 \
			"${missing[@]}" >>"$log" 2>&1 ||
			{ tail -n 20 "$log" >&2; die "apt-get install failed; log: $log"; }
	fi
	flock -u 7
	rm -f "$log"
}

# Packages every kernel build needs.
KBUILD_PKGS=(build-essential bc bison flex libelf-dev libssl-dev ccache git xz-utils python3 perl)

# The bare git repository holding the pinned base (tag $BASE_TAG): nothing
# is checked out in it, every kernel tree is a worktree of it. It is always
# the harness's own: with KERNEL_GIT, tools/fetch-kernel builds it from the
# objects of that clone (read only) instead of downloading the tarball.
base_repo() {
	printf '%s\n' "$CACHE/linux.git"
}

# series_patches [SERIES]: the patch file names of a series file, in order.
series_patches() {
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "${1:-$PROJ/series}" | awk '{print $1}'
}

# series_stamp: identifies the base plus the series' content; a worktree whose
# stamp matches need not be applied again (tools/apply, tools/check).
series_stamp() {
	{
		git -C "$(base_repo)" rev-parse "$BASE_TAG^{commit}"
		series_patches | while read -r p; do
			sha256sum "$PROJ/patches/$p"
		done
	} | sha256sum | cut -d' ' -f1
}

# check_series [SERIES [PATCHES]]: the series names at least one patch and
# every patch it names exists. Call it before anything slow starts.
check_series() {
	local series=${1:-$PROJ/series} patches=${2:-$PROJ/patches} p n=0
	[ -f "$series" ] || die "no series file $series"
	while read -r p; do
		n=$((n + 1))
		[ -f "$patches/$p" ] || die "$series names $p, which is not in $patches"
	done < <(series_patches "$series")
	[ "$n" -gt 0 ] || die "$series names no patch (only comments or blank lines)"
}

# Ownership. A directory the harness makes holds a marker: for a worktree,
# the file seqbuf-harness in its private git directory; for any other
# directory, a file .seqbuf-harness in it. Only marked directories (and
# empty ones) are ever removed or rewritten; anything else is refused.
OWN_MARK=.seqbuf-harness

# owned_worktree DIR: DIR is a worktree of the base repository that the
# harness made.
owned_worktree() {
	local dir gd common
	[ -f "$1/.git" ] || return 1
	dir=$(realpath "$1")
	gd=$(git -C "$dir" rev-parse --path-format=absolute --git-dir 2>/dev/null) || return 1
	common=$(git -C "$dir" rev-parse --path-format=absolute --git-common-dir 2>/dev/null) || return 1
	# The marker, our base repository, and this very directory registered
	# there (a copy of a worktree points at the same git directory).
	[ -n "$gd" ] && [ -f "$gd/seqbuf-harness" ] &&
		[ "$(realpath "$common")" = "$(realpath "$(base_repo)")" ] &&
		[ "$(cd "$gd" && realpath -m "$(cat gitdir 2>/dev/null)")" = "$dir/.git" ] &&
		[ "$(git -C "$dir" rev-parse --show-toplevel 2>/dev/null)" = "$dir" ]
}

# refuse_foreign DIR: die unless DIR is absent, empty, or the harness's own.
refuse_foreign() {
	local dir=$1
	[ -e "$dir" ] || return 0
	[ -d "$dir" ] && [ -z "$(ls -A "$dir")" ] && return 0
	owned_worktree "$dir" && return 0
	[ -f "$dir/$OWN_MARK" ] && return 0
	die "$dir exists and the harness did not make it: it is left alone.
  Move it away, or choose another directory (BUILD=, TREE=, or the command's argument)."
}

# check_parent WHAT PATH: PATH's directory exists, or is below BUILD, where
# the harness makes the directories it needs (never elsewhere).
check_parent() {
	local parent
	parent=$(dirname -- "$2")
	[ -d "$parent" ] && return 0
	[ ! -e "$parent" ] || die "the directory of $1, $parent, is not a directory"
	case $(realpath -m -- "$parent")/ in
	"$BUILD"/*) ;;
	*) die "the directory of $1, $parent, does not exist (the harness makes directories only below BUILD=$BUILD)" ;;
	esac
}

# own_dir DIR: an empty directory marked as the harness's own; an existing
# one is emptied only if it is the harness's own (refuse_foreign).
own_dir() {
	local dir=$1
	refuse_foreign "$dir"
	if owned_worktree "$dir"; then
		remove_worktree "$dir"
	fi
	rm -rf "$dir"
	mkdir -p "$dir"
	: >"$dir/$OWN_MARK"
}

# mark_own DIR: DIR exists and is marked as the harness's own (an existing
# DIR must already be; its contents are kept: build directories).
mark_own() {
	if [ -e "$1" ] && ! [ -f "$1/$OWN_MARK" ]; then
		refuse_foreign "$1"
	fi
	mkdir -p "$1"
	: >"$1/$OWN_MARK"
}

# remove_worktree DIR: remove a worktree the harness made (refused otherwise).
remove_worktree() {
	local dir=$1
	[ -e "$dir" ] || return 0
	refuse_foreign "$dir"
	refuse_user_tree "$dir"
	if owned_worktree "$dir"; then
		git -C "$(base_repo)" worktree remove --force "$dir"
	fi
	rm -rf "$dir"
	git -C "$(base_repo)" worktree prune
}

# A tree the user edits is never reset, cleaned, checked out or rebased.
# `make tree` makes one: a worktree of the base repository with the marker
# seqbuf-user-tree in its private git directory. (Trees of earlier versions
# of the harness belong to another base repository: they are foreign, so
# refused like any directory the harness did not make.)
USER_MARK=seqbuf-user-tree

# user_tree DIR: DIR is a worktree of the base repository that the user edits.
user_tree() {
	local gd
	owned_worktree "$1" || return 1
	gd=$(git -C "$1" rev-parse --path-format=absolute --git-dir) || return 1
	[ -f "$gd/$USER_MARK" ]
}

# mark_user_tree DIR: from now on the harness only reads DIR.
mark_user_tree() {
	: >"$(git -C "$1" rev-parse --path-format=absolute --git-dir)/$USER_MARK"
}

# refuse_user_tree DIR: die if DIR is a tree the user edits; call it before
# anything slow in every command that would write to DIR.
refuse_user_tree() {
	user_tree "$1" || return 0
	die "$1 is a tree you edit (make tree): the harness never resets, cleans or
  checks it out. To check or test your commits, export them first (make
  export), then make check / make run-kunit, which use build/linux; to
  boot the tree as it is: BOOT_SRC=$1 make boot-test."
}

# new_worktree DIR REV: a clean detached worktree of the base repository at
# REV, marked as the harness's own; an existing DIR must be the harness's
# own and not a tree the user edits (refuse_user_tree). One that is reuses
# its checkout (only the files that differ are written), anything in
# progress in it aborted and untracked files removed.
new_worktree() {
	local dir=$1 rev=$2 repo gd
	repo=$(base_repo)
	refuse_user_tree "$dir"
	if owned_worktree "$dir"; then
		git -C "$dir" am --abort >/dev/null 2>&1 || true
		git -C "$dir" rebase --abort >/dev/null 2>&1 || true
		if git -C "$dir" reset -q --hard && git -C "$dir" checkout -q --detach "$rev" &&
			git -C "$dir" clean -q -f -d -x; then
			rm -f "$(git -C "$dir" rev-parse --path-format=absolute --git-dir)/seqbuf-applied"
			return 0
		fi
	fi
	remove_worktree "$dir"
	mkdir -p "$(dirname "$dir")"
	# A worktree deleted by hand is still registered: forget it.
	git -C "$repo" worktree prune
	git -C "$repo" worktree add -q --detach "$dir" "$rev"
	gd=$(git -C "$dir" rev-parse --path-format=absolute --git-dir) && [ -n "$gd" ] ||
		die "$dir: no git directory after git worktree add"
	: >"$gd/seqbuf-harness"
}

# The kernel checkouts the harness keeps (each a worktree of base_repo,
# built out of tree with O=, so that one checkout serves several builds):
#   SERIES_SRC  the series applied (apply, check, run-kunit, boot-test,
#               fuzz, kunit-i386, ftracetest, build-clang-sparse)
#   BASE_SRC    the unpatched base (evidence, ftracetest, build-clang-sparse,
#               the benchmark's stack comparison)
# and, for the targets that need their own: build/tree (make tree, the
# developer's), build/send-tree (make send: re-authored commits) and
# build/bench/linux (the benchmark adds its files to the tree).
SERIES_SRC=$BUILD/linux
BASE_SRC=$BUILD/base

# base_worktree [DIR]: DIR (default BASE_SRC) is a clean worktree of the
# base commit; made (or remade) only when it is not.
base_worktree() {
	local dir=${1:-$BASE_SRC}
	if owned_worktree "$dir" &&
		[ "$(git -C "$dir" rev-parse -q --verify HEAD 2>/dev/null)" = "$BASE_COMMIT" ] &&
		[ -z "$(git -C "$dir" status --porcelain --untracked-files=no)" ]; then
		return 0
	fi
	new_worktree "$dir" "$BASE_TAG"
}

# applied_stamp DIR: the series_stamp recorded in the harness's worktree DIR
# when the series was applied there (empty when none).
applied_stamp() {
	owned_worktree "$1" || return 0
	cat "$(git -C "$1" rev-parse --path-format=absolute --git-dir)/seqbuf-applied" 2>/dev/null || true
}

# set_applied_stamp DIR STAMP: record it (the file lives in the worktree's
# private git directory, nothing is written beside DIR).
set_applied_stamp() {
	local gd
	gd=$(git -C "$1" rev-parse --path-format=absolute --git-dir) && [ -n "$gd" ] ||
		die "$1: not a worktree"
	printf '%s\n' "$2" >"$gd/seqbuf-applied"
}

# kvm_usable: the KVM device (_SEQBUF_KVM_DEV, default /dev/kvm) exists and
# this user can open it read-write.
kvm_usable() {
	local dev=${_SEQBUF_KVM_DEV:-/dev/kvm}
	[ -c "$dev" ] || { [ -n "${_SEQBUF_KVM_DEV:-}" ] && [ -e "$dev" ]; } || return 1
	# Read-write without creating it: it exists (checked above).
	(exec 3<>"$dev") 2>/dev/null
}

# uml_kunitconfigs: the kunitconfig files of the UML KUnit kernel, one per
# line: the suites of the series (also built into the boot kernel) and the
# UML-only ones.
uml_kunitconfigs() {
	printf '%s\n' "$PROJ/kunit-tests/.kunitconfig" "$PROJ/kunit-tests/uml.kunitconfig"
}

# um_objdir TREE: the UML build directory of a source tree.
um_objdir() {
	printf '%s-um\n' "$1"
}

# git_id: fixed identity for commits the harness makes itself.
git_id() {
	git -c user.name="seqbuf harness" -c user.email="harness@localhost" "$@"
}

# elapsed SECONDS_START: "3m12s"
elapsed() {
	local s=$(($(date +%s) - $1))
	printf '%dm%02ds' $((s / 60)) $((s % 60))
}

# oom_report LOG: the first OOM report of a console log, from "invoked
# oom-killer" through the kill and the reaper's line.
oom_report() {
	tr -d '\r' <"$1" | awk '
		/invoked oom-killer/ { on = 1 }
		on && !killed { print }
		on && !killed && /Killed process/ { killed = NR }
		# The reaper reports a little later, maybe after other lines,
		# and not at all when the victim exited by itself first.
		killed && NR > killed && /oom_reaper:/ { print }
		killed && NR > killed + 20 { exit }
	'
}
