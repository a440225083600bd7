#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# The one boot-test runner: boots the row NAME of tests/boot-tests.tsv with
# images/qemu-run and asserts, from the records alone, what the image found
# against what QEMU was told.  A failed boot leaves its console behind: the
# tail here, the whole log in tests/failed-boots/NAME.log of the build tree.
set -u

usage() {
	cat <<'EOF'
usage: tests/boot-run.sh NAME | tests/boot/NAME.boot

Boots the row NAME of tests/boot-tests.tsv (make check passes the
tests/boot/NAME.boot stub configure lists for the tree's architecture).
Environment (make check sets it): SBM_SRCDIR, SBM_BUILDDIR, SBM_ARCH,
SBM_IMAGE, SBM_MKIMAGE_FLAG, QEMU, DTC; SBM_SLOW=1 boots the rows whose
EXPECT says tier=slow (tools/sbmbench test --slow), else they are skipped.
Prints one "ok:" or "FAIL:" line per assertion; exit status 0 when all hold.
EOF
}

case ${1:-} in
-h|--help) usage; exit 0 ;;
'') usage >&2; exit 2 ;;
esac
name=$(basename "$1" .boot)
table=$SBM_SRCDIR/tests/boot-tests.tsv

fail=0 pass=0
ok() { echo "ok: $name: $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $name: $*"; fail=$((fail + 1)); }

# The row, split on runs of TABs; "-" is an empty field.
row=$(awk -F'\t+' -v n="$name" '$1 == "boot" && $2 == n' "$table")
case $row in
'') echo "FAIL: no boot row '$name' in $table"; exit 1 ;;
*$'\n'*) echo "FAIL: more than one boot row '$name' in $table"; exit 1 ;;
esac
IFS=$'\t' read -r -a f <<<"$row"
for i in 0 1 2 3 4 5 6 7; do
	[ "${f[i]:--}" = - ] && f[i]=
done
arch=${f[2]} image=${f[3]} machine=${f[4]} options=${f[5]} expect=${f[6]} hook=${f[7]}
if [ "$arch" != "$SBM_ARCH" ]; then
	echo "FAIL: row '$name' is for $arch; this tree builds $SBM_ARCH"
	exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/console.log rec=$work/rec
machine=${machine//@WORK@/$work}
case $image in
'') image=$SBM_BUILDDIR/$SBM_IMAGE ;;
@WORK@/*) image=$work/${image#@WORK@/} ;;
*) image=$SBM_BUILDDIR/$image ;;
esac

# A row whose vCPUs fill the machine many times over boots alone: beside
# it, another row's QEMU gets no share of the cores and misses its own
# time limit (x86_64-smp1 ran out of its 60 s inside OVMF beside the
# 32-vCPU row).  Every other row shares; make -j check waits here.
smp=1 prev=
for a in $machine; do
	[ "$prev" = --smp ] && smp=$a
	prev=$a
done
cores=$(nproc 2>/dev/null || echo 1)
mkdir -p "$SBM_BUILDDIR/tests/boot"
exec 9>"$SBM_BUILDDIR/tests/boot/.machine.lock"
if [ "$smp" -ge $((4 * cores)) ]; then
	flock -x 9
	echo "--- $name: $smp vCPUs on $cores cores: booted alone"
else
	flock -s 9
fi

if [ -n "$hook" ]; then
	# shellcheck source=tests/boot-hooks.sh
	. "$SBM_SRCDIR/tests/boot-hooks.sh"
	"hook_$hook"
	# without its inputs the boot would only add failures that hide the cause
	[ "$fail" = 0 ] || { echo "$name: hook_$hook failed, not booted"; exit 1; }
fi

# field KIND KEY: value of KEY in the first record of KIND
field() {
	awk -v k="$1" -v key="$2" '$1 == k { for (i = 2; i <= NF; i++) {
		split($i, kv, "="); if (kv[1] == key) { print substr($i, length(key) + 2); exit } } }' "$rec"
}

# ---- boot (words of the table fields hold no spaces)
read -r -a qargs <<<"$machine"
read -r -a opts <<<"$options"
want_exit=0 want_status=ok
for kv in $expect; do
	case $kv in
	exit=*) want_exit=${kv#exit=} ;;
	status=*) want_status=${kv#status=} ;;
	tier=slow)
		if [ "${SBM_SLOW:-0}" != 1 ]; then
			echo "SKIP: $name: slow tier (SBM_SLOW=1, or tools/sbmbench test --slow)"
			exit 77
		fi ;;
	esac
done
args=(--quiet --log "$log" --arch "$arch" --image "$image" "${qargs[@]}")
[ ${#opts[@]} = 0 ] || args+=(-- "${opts[@]}")
rc=0
t0=$(date +%s.%N)
"$SBM_SRCDIR/images/qemu-run" "${args[@]}" 2>"$work/qemu-run.err" || rc=$?
t1=$(date +%s.%N)
echo "--- $name: qemu-run exit $rc in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }")s"
if [ "$rc" = 5 ] && [ "$want_exit" != 5 ]; then
	# --gen current and nothing fetched: the reason, never a pass
	echo "SKIP: $name: $(tail -n 1 "$work/qemu-run.err")"
	exit 77
fi
if [ "$rc" = "$want_exit" ]; then
	ok "qemu-run exit $rc"
else
	bad "qemu-run exit $rc, want $want_exit"
	cat "$work/qemu-run.err"
fi
grep -h '^warning:\|^CPUs up:' "$log" 2>/dev/null

# ---- what every boot must show
if "$SBM_BUILDDIR/sbmlog" check "$log" >"$work/check"; then
	ok "every record passes its CRC ($(cut -d: -f2 "$work/check"))"
else
	bad "damaged records: $(cat "$work/check")"
fi
"$SBM_BUILDDIR/sbmlog" records "$log" >"$rec"
if grep -q "^end .*status=$want_status" "$rec"; then
	ok "end status=$want_status"
else
	bad "no end status=$want_status"
fi
for kv in $expect; do
	key=${kv%%=*} want=${kv#*=}
	case $key in
	exit|status|tier) continue ;;
	dist) got=$(awk '$1 == "node" && / id=0 / { for (i = 2; i <= NF; i++) if ($i ~ /^dist=/) print substr($i, 6) }' "$rec") ;;
	placement) got=$(field config placement) ;;
	*) got=$(field topo "$key") ;;
	esac
	if [ "$got" = "$want" ]; then ok "$key=$got"; else bad "$key=$got, QEMU was told $want"; fi
done
if [ "$want_status" = ok ]; then
	# topo counts usable CPUs; disabled ones (enabled=0) are listed too
	ncpu=$(grep '^cpu ' "$rec" | grep -vc ' enabled=0')
	if [ "$ncpu" = "$(field topo cpus)" ]; then ok "$ncpu enabled cpu records"; else bad "$ncpu enabled cpu records"; fi
	if grep -q '^cpufail ' "$rec"; then bad "CPUs failed to start"; else ok "every CPU came up"; fi
	# every layout at every gap the run says it ran (config gaps=)
	gaps=$(field config gaps)
	for l in global node llc llc-u8 private private-u8; do
		for g in ${gaps//,/ }; do
			if grep -q "^result .* layout=$l .*clean=1 gap=$g " "$rec"; then
				ok "result for $l at gap $g"
			else
				bad "no clean result for $l at gap $g"
			fi
		done
	done
	if grep -Eq "^end .* lost=0( |$)" "$rec"; then ok "end: no CPU lost"; else bad "end record: CPUs lost or no lost="; fi
fi

# project KIND KEYS FILE: the records of KIND, only the keys KEYS (a comma
# list, or * for all but v and run)
project() {
	awk -v k="$1" -v keys=",$2," '$1 == k { out = k
		for (i = 2; i <= NF; i++) { split($i, kv, "=")
			if (kv[1] == "v" || kv[1] == "run") continue
			if (keys == ",*," || index(keys, "," kv[1] ",")) out = out " " $i }
		print out }' "$3"
}

# preflight_same SPEC: the tables the image printed (acpidump=1) through
# tools/preflight --from; the records SPEC names must be the image's.
# Says why not on stdout.
preflight_same() {
	local pf=${SBM_PREFLIGHT:-$SBM_BUILDDIR/preflight} spec kind a b
	sed -n '/^acpidump: begin/,/^acpidump: end/p' "$log" | tr -d '\r' >"$work/acpidump.txt"
	if ! grep -q '^acpidump: end ([1-9]' "$work/acpidump.txt"; then
		echo "no acpidump: begin ... end (N tables) in the console"
		return 1
	fi
	if [ ! -x "$pf" ]; then
		echo "no $pf to run"
		return 1
	fi
	if ! "$pf" --from "$work/acpidump.txt" --no-kernel >"$work/preflight.log" 2>&1; then
		echo "preflight --from the image's tables failed: $(tail -n 1 "$work/preflight.log")"
		return 1
	fi
	"$SBM_BUILDDIR/sbmlog" records "$work/preflight.log" >"$work/preflight.rec"
	for spec in $1; do
		kind=${spec%%:*}
		a=$(project "$kind" "${spec#*:}" "$rec")
		b=$(project "$kind" "${spec#*:}" "$work/preflight.rec")
		if [ -z "$a" ]; then
			echo "no $kind record from the image"
			return 1
		fi
		if [ "$a" != "$b" ]; then
			echo "$kind records differ: image"
			diff <(echo "$a") <(echo "$b") | head -n 4
			return 1
		fi
	done
}

# ---- the check rows for this boot
nchecks=0
while IFS=$'\t' read -r kind glob where regex what; do
	# shellcheck disable=SC2053 # the table's name field is a glob
	[[ $kind = check && $name == $glob ]] || continue
	nchecks=$((nchecks + 1))
	case $where in
	preflight)
		if why=$(preflight_same "$regex"); then ok "$what"; else bad "$what: $why"; fi
		continue ;;
	rec) n=$(grep -c -e "$regex" "$rec"); want=1+ in="record lines" ;;
	log) n=$(grep -c -e "$regex" "$log"); want=1+ in="console lines" ;;
	log=*) n=$(grep -c -e "$regex" "$log"); want=${where#log=} in="console lines" ;;
	*) bad "check row with WHERE '$where' (rec, log or log=N)"; continue ;;
	esac
	if [ "$n" = "$want" ] || { [ "$want" = 1+ ] && [ "$n" -ge 1 ]; }; then
		ok "$what"
	else
		bad "$what: $n $in match '$regex', want $want"
	fi
done <"$table"
echo "--- $name: $nchecks check rows applied"

if [ "$fail" != 0 ]; then
	keep=$SBM_BUILDDIR/tests/failed-boots
	echo "=== $name failed (qemu-run exit $rc); console tail:"
	tail -n 40 "$log" | cut -c1-160
	echo "=== end of $name console"
	mkdir -p "$keep" && cp "$log" "$keep/$name.log" && echo "full log: $keep/$name.log"
fi
echo "$name: $pass checks passed, $fail failed"
[ "$fail" = 0 ]
