#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The Linux twin as a user runs it: a full report with valid records, the
# pair mode, and clear errors with a non-zero status for bad options.
set -u
twin=$SBM_BUILDDIR/sbmbench-linux
sbmlog=$SBM_BUILDDIR/sbmlog
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

ncpu=$(grep -c . <<EOT
$(ls -d /sys/devices/system/cpu/cpu[0-9]* 2>/dev/null)
EOT
)
online=$(getconf _NPROCESSORS_ONLN)

"$twin" iters=20000 reps=3 >"$out/loop.log" 2>&1 || bad "loop mode exit status $?"
"$sbmlog" check "$out/loop.log" || bad "loop log has damaged records"
"$sbmlog" records "$out/loop.log" >"$out/loop.rec"
for l in global node llc llc-u8 private; do
	grep -q "^result .* layout=$l " "$out/loop.rec" && ok "result for $l" || bad "no result for $l"
done
grep -q "^global mask  *: 100.0000%" "$out/loop.log" && ok "global is 100%" || bad "global not 100%"
n=$(grep -c '^cpu ' "$out/loop.rec")
[ "$n" = "$online" ] && ok "$n cpu records" || bad "cpu records $n, online $online"
grep -q "^end .* status=ok" "$out/loop.rec" && ok "end status=ok" || bad "no end status=ok"
# the end record counts every record before it
want=$(($(wc -l <"$out/loop.rec") - 1))
grep -q "^end .* records=$want\$" "$out/loop.rec" && ok "records=$want" || bad "end records count"

"$twin" mode=pair iters=2000 reps=2 >"$out/pair.log" 2>&1 || bad "pair mode exit status $?"
"$sbmlog" check "$out/pair.log" || bad "pair log has damaged records"
grep -q "^@sbm result .* mode=pair" "$out/pair.log" && ok "pair mode results" || bad "pair mode results"

for args in layouts=bogus cpus=0 frobnicate=1 iters "cpus=$((online + 1))" op=nosuch; do
	if "$twin" $args >"$out/err.log" 2>&1; then
		bad "'$args' was accepted"
	else
		rc=$?
		if [ "$rc" -ne 0 ] && grep -qi "valid\|unknown\|more CPUs\|key=value" "$out/err.log"; then
			ok "'$args' rejected ($rc): $(head -n 1 "$out/err.log")"
		else
			bad "'$args' message unclear: $(cat "$out/err.log")"
		fi
	fi
done
: "$ncpu"
exit $fail
