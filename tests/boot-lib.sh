# SPDX-License-Identifier: BSD-2-Clause
# Helpers for the boot tests that do more than a row of tests/boot-tests.tsv
# holds (the machine map's pair order, a machine check sent through the
# QEMU monitor, concurrent boots): a scratch directory, ok/bad counting, a
# record field, a failed boot's evidence, and the verdict.
# shellcheck shell=bash

boot_fail=0
boot_pass=0
boot_tmp=$(mktemp -d)
trap 'rm -rf "$boot_tmp"' EXIT

ok() { echo "ok: $*"; boot_pass=$((boot_pass + 1)); }
bad() { echo "FAIL: $*"; boot_fail=$((boot_fail + 1)); }

# field KIND KEY: value of KEY in the first record of KIND
field() {
	awk -v k="$1" -v key="$2" '$1 == k { for (i = 2; i <= NF; i++) {
		split($i, kv, "="); if (kv[1] == key) { print substr($i, length(key) + 2); exit } } }' "$boot_tmp/rec"
}

# A failed boot leaves its console: the tail here, the whole log under
# tests/failed-boots/ in the build tree (as tests/boot-run.sh does).
boot_evidence() {
	local name=$1 log=$2 rc=$3 keep=$SBM_BUILDDIR/tests/failed-boots
	echo "=== $name failed (qemu-run exit $rc); console tail:"
	tail -n 40 "$log" | cut -c1-160
	echo "=== end of $name console"
	mkdir -p "$keep" && cp "$log" "$keep/$name.log" && echo "full log: $keep/$name.log"
}

# boot_wait_for FILE PATTERN SECONDS PID: until FILE (a console log) holds
# PATTERN; fails at the deadline or when the QEMU run PID has ended
boot_wait_for() {
	local i
	for ((i = 0; i < $3 * 10; i++)); do
		grep -aq "$2" "$1" 2>/dev/null && return 0
		kill -0 "$4" 2>/dev/null || return 1
		sleep 0.1
	done
	return 1
}

boot_done() {
	echo "$boot_pass checks passed, $boot_fail failed"
	[ "$boot_fail" = 0 ]
}

# save_stick OPTS: for the saved-result tests, the image with the test
# switches on a USB disk image $stick (its FAT partition $part, for
# mtools) with OPTS in \sbmbench.cfg; $w is the scratch directory.
# UEFI images only: on riscv64 the test is skipped (exit 77).
save_stick() {
	local flag t
	case $SBM_ARCH in
	x86_64) flag=--x64 ;;
	arm64) flag=--aa64 ;;
	*) echo "UEFI images only (this tree: $SBM_ARCH)"; exit 77 ;;
	esac
	for t in mtype mcopy mdir mmd mdel; do
		command -v $t >/dev/null || { bad "$t not found (Debian package mtools; tools/install-deps installs it)"; boot_done; exit; }
	done
	w=$boot_tmp
	# shellcheck disable=SC2034 # $part is the sourcing script's
	stick=$w/usb.img part=$w/usb.img@@1048576
	echo "$1" >"$w/sbmbench.cfg"
	"$SBM_SRCDIR/images/mkimage" "$flag" "$SBM_BUILDDIR/$SBM_HOOKS_IMAGE" \
		--cfg "$w/sbmbench.cfg" --out "$stick" >/dev/null ||
		{ bad "mkimage failed"; boot_done; exit; }
}

# boot_kill_at N LINE WHAT: boot the stick $stick (writable, variable
# store $w/vars.fd, console in $w/bootN.log) and SIGKILL QEMU once the
# console says LINE: a power cut at that point; ok/bad name it WHAT.
boot_kill_at() {
	local n=$1 line=$2 what=$3 qpid
	"$SBM_SRCDIR/images/qemu-run" --arch "$SBM_ARCH" --image "$stick" --writable \
		--vars "$w/vars.fd" --smp 1 --timeout 300 --quiet --log "$w/boot$n.log" \
		--qemu-arg -pidfile --qemu-arg "$w/qemu.pid" 2>"$w/qemu-run$n.err" &
	qpid=$!
	if boot_wait_for "$w/boot$n.log" "$line" 200 "$qpid" && [ -s "$w/qemu.pid" ]; then
		kill -KILL "$(cat "$w/qemu.pid")" && ok "boot $n: QEMU killed $what" ||
			bad "boot $n: kill failed"
	else
		bad "boot $n: never reached '$line'"
		boot_evidence "$(basename "$0" .sh)-boot$n" "$w/boot$n.log" "?"
	fi
	wait "$qpid"
}
