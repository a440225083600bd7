#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# x86_64 AP start under load: many -smp 2 boots at once on a busy host,
# where an INIT-SIPI-SIPI used to be lost now and then.  The bar is zero
# lost CPUs: every boot must end status=ok with no cpufail record.
#
# make check runs a cheap round (SBM_STRESS_BOOTS=12, 4 at a time, one
# busy loop).  By hand, e.g.:
#   SBM_STRESS_BOOTS=30 SBM_STRESS_PAR=4 SBM_STRESS_BUSY=1 \
#   SBM_SRCDIR=$PWD/../.. SBM_BUILDDIR=$PWD bash ../../tests/stress-x86-start.sh
# SBM_STRESS_IMAGE=FILE boots another image (e.g. an older build, to
# measure the loss rate it had); SBM_STRESS_KEEP=DIR keeps every log.
set -u
. "$SBM_SRCDIR/tests/boot-lib.sh"

boots=${SBM_STRESS_BOOTS:-12}
par=${SBM_STRESS_PAR:-4}
busy=${SBM_STRESS_BUSY:-1}
img=${SBM_STRESS_IMAGE:-$SBM_BUILDDIR/BOOTX64.EFI}
keep=${SBM_STRESS_KEEP:-}
for v in "$boots" "$par" "$busy"; do
	case $v in ''|*[!0-9]*) echo "SBM_STRESS_*: not a count: '$v'"; exit 99 ;; esac
done
[ "$par" -ge 1 ] || par=1

# The load: busy loops of our own, ended by pid (ours only) on exit.
busy_pids=()
stop_busy() {
	for p in "${busy_pids[@]}"; do
		kill "$p" 2>/dev/null
	done
	rm -rf "$boot_tmp"
}
trap stop_busy EXIT
for ((i = 0; i < busy; i++)); do
	sh -c 'while :; do :; done' &
	busy_pids+=($!)
done

# One boot: exit code and wall seconds into $boot_tmp/N.res.
one_boot() {
	local n=$1 rc=0 t0 t1
	t0=$(date +%s.%N)
	"$SBM_SRCDIR/images/qemu-run" --quiet --log "$boot_tmp/$n.log" \
		--arch x86_64 --image "$img" --smp 2 --timeout 180 -- \
		iters=200 reps=1 layouts=global timeout_ms=20000 \
		2>"$boot_tmp/$n.err" || rc=$?
	t1=$(date +%s.%N)
	echo "$rc $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }")" >"$boot_tmp/$n.res"
}

echo "stress: $boots boots of -smp 2, $par at a time, $busy busy loop(s), image $img"
t_all=$(date +%s)
for ((n = 0; n < boots; n += par)); do
	round=()
	for ((j = n; j < n + par && j < boots; j++)); do
		one_boot "$j" &
		round+=($!)
	done
	wait "${round[@]}"
done
t_all=$(($(date +%s) - t_all))

lost=0 failed_boots=0 retried=0 walls=
for ((n = 0; n < boots; n++)); do
	read -r rc wall <"$boot_tmp/$n.res"
	walls="$walls $wall"
	"$SBM_BUILDDIR/sbmlog" records "$boot_tmp/$n.log" >"$boot_tmp/$n.rec" 2>/dev/null
	nf=$(grep -c '^cpufail ' "$boot_tmp/$n.rec")
	nr=$(grep -c 'cpu-start .*resending' "$boot_tmp/$n.log")
	lost=$((lost + nf))
	[ "$nr" -gt 0 ] && retried=$((retried + 1))
	if [ "$rc" != 0 ] || [ "$nf" != 0 ] ||
	   [ "$(grep -c '^cpu ' "$boot_tmp/$n.rec")" != 2 ] ||
	   ! grep -q '^end .*status=ok' "$boot_tmp/$n.rec"; then
		failed_boots=$((failed_boots + 1))
		boot_evidence "stress-$n" "$boot_tmp/$n.log" "$rc"
		grep -a 'cpu-start' "$boot_tmp/$n.log" | head -n 8
	fi
	grep -a 'cpu-start .*resending' "$boot_tmp/$n.log" | sed "s/^/boot $n: /"
done
[ -n "$keep" ] && mkdir -p "$keep" && cp "$boot_tmp"/*.log "$keep/"
stats=$(echo "$walls" | tr ' ' '\n' | sed '/^$/d' | sort -n |
	awk '{ v[NR] = $1; s += $1 } END { printf "min %.1f median %.1f max %.1f mean %.1f",
		v[1], v[int((NR + 1) / 2)], v[NR], s / NR }')
echo "stress: lost CPUs $lost of $boots (boots with a resend: $retried)"
echo "stress: boot wall s: $stats; all $boots boots in ${t_all}s"
[ "$lost" = 0 ] && ok "no CPU lost in $boots boots" || bad "$lost CPUs lost in $boots boots"
[ "$failed_boots" = 0 ] && ok "every boot ended status=ok with 2 CPUs" ||
	bad "$failed_boots of $boots boots failed"
boot_done
