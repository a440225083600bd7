# SPDX-License-Identifier: BSD-2-Clause
# Shared by the boot tests: boot an image with qemu-run, then assert what
# the image found against what QEMU was told, from the records alone.
#
#   boot_check NAME EXPECT -- QEMU-RUN-ARGS... [-- IMAGE-OPTIONS]
#
# EXPECT is "cpus=8 nodes=2 llcs=2 packages=2 smt=2 dist=10,20" (any subset;
# dist is node 0's row; placement is the config record's: where leaves live).  Every record must pass its CRC, every layout must
# have a result with clean=1, the run must end status=ok.
#
# The tests pass timeout_ms=20000: under TCG on a loaded 2-core host (make
# -j2 check runs two QEMUs) an AP can take more than the default second to
# arrive, and a CPU that is late is (rightly) reported as failed.

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

boot_check() {
	local name=$1 expect=$2
	shift 3
	local log=$boot_tmp/$name.log rc=0 t0 t1 fail0=$boot_fail
	t0=$(date +%s.%N)
	"$SBM_SRCDIR/images/qemu-run" --quiet --log "$log" "$@" 2>"$boot_tmp/qemu-run.err" || rc=$?
	t1=$(date +%s.%N)
	echo "--- $name: qemu-run exit $rc in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }")s"
	[ "$rc" = 0 ] && ok "$name: qemu-run exit 0" || { bad "$name: qemu-run exit $rc"; cat "$boot_tmp/qemu-run.err"; }
	if "$SBM_BUILDDIR/sbmlog" check "$log" >"$boot_tmp/check"; then
		ok "$name: every record passes its CRC ($(cut -d: -f2 "$boot_tmp/check"))"
	else
		bad "$name: damaged records: $(cat "$boot_tmp/check")"
	fi
	"$SBM_BUILDDIR/sbmlog" records "$log" >"$boot_tmp/rec"
	for kv in $expect; do
		local key=${kv%%=*} want=${kv#*=} got
		case $key in
		dist) got=$(awk '$1 == "node" && / id=0 / { for (i = 2; i <= NF; i++) if ($i ~ /^dist=/) print substr($i, 6) }' "$boot_tmp/rec") ;;
		placement) got=$(field config placement) ;;
		*) got=$(field topo "$key") ;;
		esac
		[ "$got" = "$want" ] && ok "$name: $key=$got" || bad "$name: $key=$got, QEMU was told $want"
	done
	local ncpu
	ncpu=$(grep -c '^cpu ' "$boot_tmp/rec")
	[ "$ncpu" = "$(field topo cpus)" ] && ok "$name: $ncpu cpu records" || bad "$name: $ncpu cpu records"
	[ "$(grep -c '^cpufail ' "$boot_tmp/rec")" = 0 ] && ok "$name: every CPU came up" || bad "$name: CPUs failed to start"
	for l in global node llc llc-u8 private; do
		if grep -q "^result .* layout=$l .*clean=1" "$boot_tmp/rec"; then
			ok "$name: result for $l"
		else
			bad "$name: no clean result for $l"
		fi
	done
	grep -q '^end .*status=ok' "$boot_tmp/rec" && ok "$name: end status=ok" || bad "$name: no end status=ok"
	[ "$boot_fail" = "$fail0" ] || boot_evidence "$name" "$log" "$rc"
}

# A failed boot leaves its console behind: the tail here (CI shows the end
# of the output), the whole log under tests/failed-boots/ in the build tree.
boot_evidence() {
	local name=$1 log=$2 rc=$3 keep=$SBM_BUILDDIR/tests/failed-boots
	echo "=== $name failed (qemu-run exit $rc); console tail:"
	tail -n 40 "$log" | cut -c1-160
	echo "=== end of $name console"
	mkdir -p "$keep" && cp "$log" "$keep/$name.log" && echo "full log: $keep/$name.log"
}

boot_done() {
	echo "$boot_pass checks passed, $boot_fail failed"
	[ "$boot_fail" = 0 ]
}
