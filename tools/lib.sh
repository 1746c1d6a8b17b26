# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the harness scripts. Source it; do not run it.
#
# Paths:
#   PROJ   the repository checkout
#   BUILD  build products (git-ignored), overridable with BUILD=
#   CACHE  downloads, the pinned base repository, ccache; outside the checkout,
#          overridable with SEQBUF_CACHE=

set -euo pipefail

PROJ=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$PROJ/build}
CACHE=${SEQBUF_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/seqbuf-oom}
JOBS=${JOBS:-$(nproc)}

# The Debian tools (b4, codespell, spdxcheck's modules) live in the system
# python; a user-level python3 shim earlier in PATH would hide them.
export PATH=/usr/bin:/bin:$PATH

# Pin data (kernel-config/pin).
# shellcheck source=../kernel-config/pin
. "$PROJ/kernel-config/pin"

export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}
# Paths below BUILD are hashed relative to the build directory, so two trees
# laid out alike (TREE and TREE-um) share ccache hits.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$BUILD}

say() { printf '%s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# step "1/6" "what" "about N min"
step() {
	printf '[%s] %s%s\n' "$1" "$2" "${3:+ ($3)}"
}

# run_logged LOG CMD...: run CMD with all output in LOG; on failure show the
# last lines of LOG and its path, and return the command's status.
run_logged() {
	local log=$1 rc=0
	shift
	mkdir -p "$(dirname "$log")"
	"$@" >"$log" 2>&1 || rc=$?
	if [ "$rc" -ne 0 ]; then
		printf -- '--- last lines of %s ---\n' "$log" >&2
		tail -n 25 "$log" >&2
		printf -- '--- failed (exit %d): %s; full log: %s\n' "$rc" "$*" "$log" >&2
	fi
	return "$rc"
}

# need_pkgs PKG...: install missing Debian packages (as root), or name them.
need_pkgs() {
	local missing=() p
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
			missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" -ne 0 ]; then
		die "missing Debian packages: ${missing[*]} (run: sudo apt-get install ${missing[*]})"
	fi
	say "installing Debian packages: ${missing[*]}"
	mkdir -p "$CACHE"
	if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		"${missing[@]}" >"$CACHE/apt.log" 2>&1; then
		apt-get update -q >>"$CACHE/apt.log" 2>&1 || true
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
			"${missing[@]}" >>"$CACHE/apt.log" 2>&1 ||
			{ tail -n 20 "$CACHE/apt.log" >&2; die "apt-get install failed; log: $CACHE/apt.log"; }
	fi
}

# Packages every kernel build needs.
KBUILD_PKGS=(build-essential bc bison flex libelf-dev libssl-dev ccache git xz-utils python3 perl)

# The git repository holding the pinned base (tag $BASE_TAG).
base_repo() {
	if [ -n "${KERNEL_GIT:-}" ]; then
		printf '%s\n' "$KERNEL_GIT"
	else
		printf '%s\n' "$CACHE/linux"
	fi
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

# new_worktree DIR REV: a fresh detached worktree of the base repository.
new_worktree() {
	local dir=$1 rev=$2 repo
	repo=$(base_repo)
	if [ -e "$dir" ]; then
		git -C "$repo" worktree remove --force "$dir" 2>/dev/null || rm -rf "$dir"
	fi
	git -C "$repo" worktree prune
	mkdir -p "$(dirname "$dir")"
	git -C "$repo" worktree add -q --detach "$dir" "$rev"
}

# uml_kunitconfigs: the kunitconfig files of the UML KUnit kernel, one per
# line: the suites of the series (also built into the boot kernel) and the
# UML-only ones.
uml_kunitconfigs() {
	printf '%s\n' "$PROJ/kunit-tests/.kunitconfig" "$PROJ/kunit-tests/bcachefs.kunitconfig"
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
