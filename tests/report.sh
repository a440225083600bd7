#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# sbmlog report/compare/plot as a user runs them: the numbers agree with
# the console table, json parses, csv has one row per (run, layout), damage
# is named by line, exit statuses follow the contract (0, 1, 2).
set -u
sbmlog=$SBM_BUILDDIR/sbmlog
logs=$SBM_SRCDIR/tests/logs
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

# The layout rows of the console table and of the report, side by side:
# same names, numbers equal to the console's last digit.
same_table() {
	# rows under the header: 8 fields (older tables), 11 (with gap_ns) or
	# 12 (with reps), and per-node rows under a layout's row
	# shellcheck disable=SC2016 # an awk program, expanded by awk
	rows='/^layout +op +(cpus|gap_ns)/ { t = 1; n = ($3 == "cpus") ? 8 : NF; next }
		t && (NF == n || /^  node /) { print; next } t { t = 0 }'
	awk "$rows" "$1" >"$out/console"
	"$sbmlog" report "$1" | awk "$rows" >"$out/report"
	[ -s "$out/console" ] || return 1
	# field by field: words equal, numbers within the console's last digit
	paste -d '|' "$out/console" "$out/report" | awk -F '|' '
		{ nc = split($1, c, " "); nr = split($2, r, " ")
		  # the report adds reps to an older console table: compare the rest
		  if (nc + 1 == nr && c[1] != "node") nr = nc
		  if (nc != nr) bad = 1
		  for (i = 1; i <= nc; i++) {
			if (c[i] ~ /^-?[0-9.]+$/ && r[i] ~ /^-?[0-9.]+$/) {
				# one unit of the last digit the console printed (a rounded
				# record value may round the other way: 2476.5)
				k = index(c[i], "."); u = k ? 10 ^ -(length(c[i]) - k) : 1
				d = c[i] - r[i]; if (d < 0) d = -d; if (d > 1.01 * u) bad = 1
			} else if (c[i] != r[i]) bad = 1 } }
		END { if (NR == 0) bad = 1; exit bad }'
}

for f in twin-x86_64.log two-runs.log; do
	same_table "$logs/$f" && ok "$f: report = console table" || bad "$f: report differs from the console table"
done
twin_rc=0
[ -x "$SBM_BUILDDIR/sbmbench-linux" ] &&
	{ "$SBM_BUILDDIR/sbmbench-linux" iters=5000 reps=2 >"$out/live.log" 2>&1 || twin_rc=$?; }
# a cross-built twin (build/arm64 on an x86_64 machine) cannot run: 126
if [ -x "$SBM_BUILDDIR/sbmbench-linux" ] && [ "$twin_rc" != 126 ]; then
	same_table "$out/live.log" && ok "live twin: report = console table" || bad "live twin: report differs"
fi

"$sbmlog" report "$logs/twin-x86_64.log" >"$out/r.txt"; rc=$?
[ $rc = 0 ] && ok "clean log exits 0" || bad "clean log exit $rc"
grep -q '^%ticks vs global mask operation' "$out/r.txt" && ok "seed-style block" || bad "no seed-style block"
grep -q '^NOTE: virtualized' "$out/r.txt" && ok "virtualized note" || bad "no virtualized note"

"$sbmlog" report "$logs/damaged.log" >"$out/d.txt"; rc=$?
[ $rc = 1 ] && ok "damaged log exits 1" || bad "damaged log exit $rc"
for l in 10 22 29 59; do
	grep -q "damaged.log:$l: rejected record" "$out/d.txt" && ok "line $l named" || bad "line $l not named"
done
[ "$(grep -c 'rejected record' "$out/d.txt")" = 4 ] && ok "exactly 4 rejected" || bad "rejected count"
grep -q 'incomplete (truncated?)' "$out/d.txt" && ok "incomplete run flagged" || bad "incomplete not flagged"
grep -q '^per-LLC mask (u8' "$out/d.txt" && ok "damaged log still reported" || bad "damaged log not reported"

# The records of the screen's QR codes: a part of the run, complete as
# its qr record says; one record fewer is a loss.
"$sbmlog" report "$logs/screen-qr.records" >"$out/q.txt"; rc=$?
[ $rc = 0 ] && grep -q "from the screen's QR codes: 6 of the 48 records, 4 of 12 results" "$out/q.txt" &&
	ok "QR records: the part the qr record names is complete" || bad "QR records (exit $rc)"
grep -v 'layout=node' "$logs/screen-qr.records" >"$out/q-cut.log"
"$sbmlog" report "$out/q-cut.log" >"$out/qc.txt"; rc=$?
[ $rc = 1 ] && grep -q '5 arrived intact (43 lost or damaged)' "$out/qc.txt" &&
	ok "QR records: one missing is a loss" || bad "QR records with one missing (exit $rc)"
# A picture of it: tools/sbmbench report reads the code (qrencode draws it)
if command -v qrencode >/dev/null 2>&1 && command -v zbarimg >/dev/null 2>&1; then
	{ echo "sbmbench qr part 1 of 1"; grep '^@sbm' "$logs/screen-qr.records"; } |
		qrencode -l L -8 -s 4 -o "$out/screen.png"
	SBM_SBMLOG=$sbmlog "$SBM_SRCDIR/tools/sbmbench" report "$out/screen.png" >"$out/p.txt" 2>&1; rc=$?
	[ $rc = 0 ] && grep -q "from the screen's QR codes: 6 of the 48" "$out/p.txt" &&
		ok "sbmbench report reads a picture" || bad "sbmbench report on a picture (exit $rc)"
	printf 'P6\n2 2\n255\n............' >"$out/blank.ppm"
	SBM_SBMLOG=$sbmlog "$SBM_SRCDIR/tools/sbmbench" report "$out/blank.ppm" >"$out/b.txt" 2>&1; rc=$?
	[ $rc = 1 ] && grep -q 'no sbmbench QR code found' "$out/b.txt" &&
		ok "a picture without codes: said, exit 1" || bad "picture without codes (exit $rc)"
else
	bad "qrencode or zbarimg missing (tools/install-deps installs them): pictures unchecked"
fi

if command -v jq >/dev/null 2>&1; then
	"$sbmlog" report --format json "$logs"/*.log >"$out/all.json" 2>/dev/null
	# six runs, and the database's every-experiment twin run (sbmdb)
	jq -e '.runs | length == 7' "$out/all.json" >/dev/null && ok "json: 7 runs" || bad "json invalid or wrong run count"
	jq -e '[.rejected[].line] == [10,22,29,59]' "$out/all.json" >/dev/null && ok "json: rejected lines" || bad "json rejected lines"
else
	bad "jq not installed (Debian package jq; tools/install-deps installs it): json unchecked"
fi

"$sbmlog" report --format csv "$logs/two-runs.log" "$logs/twin-x86_64.log" >"$out/r.csv"; rc=$?
[ $rc = 0 ] && [ "$(wc -l <"$out/r.csv")" = 12 ] && ok "csv: header + 11 rows" || bad "csv rows/exit ($rc)"
# file and run, the result kind's keys, complete and status, then the
# keys that name the machine: as many as the schema gives
ncol=$("$sbmlog" schema | awk '$1 == "key" && ($2 == "result" || $6 == "machine") { n++ } END { print n + 4 }')
head -n 1 "$out/r.csv" | grep -q '^file,run,layout,op,.*,complete,status,arch,platform,' &&
	[ "$(awk -F, '{ print NF }' "$out/r.csv" | sort -u)" = "$ncol" ] && [ "$ncol" -gt 40 ] &&
	ok "csv: $ncol columns every row (the schema's)" || bad "csv columns (schema says $ncol)"

"$sbmlog" compare "$logs/twin-x86_64.log" "$logs/riscv64-qemu.log" "$logs/baremetal-x86_64.log" >"$out/c.txt"; rc=$?
[ $rc = 0 ] && ok "compare exits 0" || bad "compare exit $rc"
grep -q 'x86_64/linux/hypervisor  *riscv64/opensbi/qemu  *x86_64/uefi/none' "$out/c.txt" && ok "compare: one column per run" || bad "compare header"
[ "$(grep -c '^global ' "$out/c.txt")" = 4 ] && ok "compare: global in every block" || bad "compare rows"

# two architectures at two gaps: rows pair by layout and gap, not by op
# (x86 lock_or and riscv amoor are both "global"), each run's op named
sign=$SBM_BUILDDIR/tests/sbm-sign
res() { # run layout op gap mean(ticks) [pct_abv]
	echo "@sbm result v=1 run=$1 layout=$2 op=$3 mode=loop cpus=2 iters=1000 reps=3 unit=ticks/iter median=$5 mean=$5 min=$5 max=$5 stddev=0 cv=0 rep_cv=1.5 clean=1 gap=$4 ci95=0.5${6:+ pct_abv=$6 pct_abv_ci=1.0}"
}
{
	echo "@sbm hello v=1 run=0ddba120 version=1 arch=x86_64 platform=uefi virt=none cpu_model=Xeon counter=tsc counter_hz=1000000000 hz_source=cpuid cycles=0"
	res 0ddba120 global lock_or 0 100; res 0ddba120 llc-u8 xchg 0 50
	res 0ddba120 global lock_or 1000 2100 100; res 0ddba120 llc-u8 xchg 1000 2050 80
	echo "@sbm end v=1 run=0ddba120 status=ok warnings=0 records=5"
} | "$sign" >"$out/x86.log"
{
	echo "@sbm hello v=1 run=0ddba121 version=1 arch=riscv64 platform=opensbi virt=none cpu_model=riscv64 counter=time counter_hz=10000000 hz_source=dt cycles=0"
	res 0ddba121 global amoor 0 2; res 0ddba121 node amoor 0 2; res 0ddba121 llc-u8 amoor_b 0 1
	res 0ddba121 global amoor 1000 22 100; res 0ddba121 llc-u8 amoor_b 1000 21 50
	echo "@sbm end v=1 run=0ddba121 status=ok warnings=0 records=6"
} | "$sign" >"$out/riscv.log"
"$sbmlog" compare "$out/x86.log" "$out/riscv.log" >"$out/arch.txt"; rc=$?
[ $rc = 0 ] && grep -Eq '^global gap 0 +100.00 +200.00$' "$out/arch.txt" &&
	grep -Eq '^llc-u8 gap 0 +50.00 +100.00$' "$out/arch.txt" &&
	grep -Eq '^global gap 1000 +2100.00 +2200.00$' "$out/arch.txt" &&
	grep -Eq '^llc-u8 gap 1000 +2050.00 +2100.00$' "$out/arch.txt" &&
	grep -Eq '^node gap 0 +- +200.00$' "$out/arch.txt" &&
	grep -Eq '^llc-u8 gap 1000 +80.00% +50.00%$' "$out/arch.txt" &&
	grep -Eq '^global gap 0 +lock_or +amoor$' "$out/arch.txt" &&
	grep -Eq '^llc-u8 gap 1000 +xchg +amoor_b$' "$out/arch.txt" &&
	ok "compare x86_64 with riscv64: rows paired by layout and gap, each run's op named" ||
	bad "compare across architectures: exit $rc $(cat "$out/arch.txt")"

# the %global heading names what the cells are: a gap= run's records
# carry pct, the ratio of sums; an older run's are the medians' ratio
{
	echo "@sbm hello v=1 run=0ddba122 version=1 arch=x86_64 platform=uefi virt=none cpu_model=Xeon counter=tsc counter_hz=1000000000 hz_source=cpuid cycles=0"
	res 0ddba122 global lock_or 0 100 | sed 's/$/ pct=100.00/'
	res 0ddba122 llc lock_or 0 60 | sed 's/$/ pct=55.00/'
	echo "@sbm end v=1 run=0ddba122 status=ok warnings=0 records=3"
} | "$sign" >"$out/sums.log"
"$sbmlog" compare "$out/sums.log" "$out/sums.log" >"$out/sums.txt"; rc=$?
"$sbmlog" compare "$logs/twin-x86_64.log" "$out/sums.log" >"$out/mixed.txt"
[ $rc = 0 ] && grep -qx '% of global (ratio of sums)' "$out/sums.txt" &&
	grep -Eq '^llc +55.00% +55.00%$' "$out/sums.txt" &&
	grep -qx '% of global (ratio of sums; medians in runs before gap=)' "$out/mixed.txt" &&
	grep -qx '% of global (medians)' "$out/c.txt" &&
	ok "compare: the %global heading names the records' ratio" ||
	bad "compare %global heading: $(grep 'of global' "$out/sums.txt" "$out/mixed.txt" "$out/c.txt")"

if command -v gnuplot >/dev/null 2>&1; then
	"$sbmlog" plot "$logs/two-runs.log" "$logs/twin-x86_64.log" -o "$out/p.png" 2>/dev/null; rc=$?
	[ $rc = 0 ] && head -c 8 "$out/p.png" | od -c | grep -q 'P   N   G' && ok "plot: png" || bad "plot png ($rc)"
	"$sbmlog" plot "$logs/twin-x86_64.log" --metric ns -o "$out/p.svg" 2>/dev/null && grep -q '<svg' "$out/p.svg" && ok "plot: svg" || bad "plot svg"
	"$sbmlog" plot --table c2c "$logs/map/riscv64-numa-c2c.log" -o "$out/c2c.svg" 2>/dev/null &&
		grep -q '<svg' "$out/c2c.svg" && ok "plot: c2c heat map" || bad "plot c2c heat map"
	# the read side's trade-off: one point per layout, its figures the
	# rw records' (reader_ns, above_ns and the same alone)
	rwlog=$logs/map/twin-x86_64-rw.log
	TMPDIR=$out "$sbmlog" plot --table rw "$rwlog" -o "$out/rw.svg" --keep 2>"$out/rw.err"; rc=$?
	[ $rc = 0 ] && grep -q '<svg' "$out/rw.svg" && ok "plot: rw trade-off (svg)" || bad "plot rw svg ($rc)"
	kept=$(sed -n 's/^sbmlog: plot files kept in //p' "$out/rw.err")
	"$sbmlog" records "$rwlog" | awk '$1 == "rw" { for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		printf "\"%s\" %.3f %.3f %.3f %.3f\n", v["layout"], v["reader_ns"], v["above_ns"], v["reader_alone_ns"], v["above_alone_ns"] }' >"$out/rw.want"
	grep -v '^#' "$kept/rw0.dat" >"$out/rw.got" 2>/dev/null
	[ "$(wc -l <"$out/rw.want")" = 6 ] && cmp -s "$out/rw.want" "$out/rw.got" &&
		ok "plot: rw data, one line per layout, the records' figures" || bad "plot rw data: $(cat "$out/rw.got")"
	"$sbmlog" plot --table rw "$rwlog" -o "$out/rw.png" 2>/dev/null &&
		head -c 8 "$out/rw.png" | od -c | grep -q 'P   N   G' && ok "plot: rw trade-off (png)" || bad "plot rw png"
	"$sbmlog" plot --table rw "$logs/twin-x86_64.log" -o "$out/norw.png" 2>"$out/err"; rc=$?
	[ $rc = 2 ] && grep -q 'no rw records' "$out/err" && ok "plot rw without rw records: clear error" || bad "plot rw, no records ($rc)"
	# scaling curves: a panel per order, a line per layout (6)
	"$sbmlog" plot --table scale "$logs/map/x86_64-scale-noise.log" -o "$out/scale.svg" 2>/dev/null &&
		[ -s "$out/scale.svg" ] && [ "$(grep -c '<title>llc-u8</title>' "$out/scale.svg")" = 2 ] &&
		ok "plot: scaling curves" || bad "plot scaling curves"
	"$sbmlog" plot --table noise "$logs/map/x86_64-scale-noise.log" "$logs/map/riscv64-numa-c2c.log" -o "$out/noise.png" 2>/dev/null &&
		[ -s "$out/noise.png" ] && head -c 8 "$out/noise.png" | od -c | grep -q 'P   N   G' &&
		ok "plot: noise histogram" || bad "plot noise histogram"
	"$sbmlog" plot --table scale "$logs/map/riscv64-numa-c2c.log" -o "$out/none.png" 2>"$out/err"; rc=$?
	[ $rc = 2 ] && grep -q 'no scale records' "$out/err" && [ ! -e "$out/none.png" ] &&
		ok "plot: no scale records, exit 2" || bad "plot without scale records ($rc)"
else
	bad "gnuplot not installed (Debian package gnuplot-nox; tools/install-deps installs it): plots unchecked"
fi
SBM_GNUPLOT=/nonexistent/gnuplot "$sbmlog" plot "$logs/twin-x86_64.log" -o "$out/x.png" 2>"$out/err"; rc=$?
[ $rc = 2 ] && grep -q 'install gnuplot' "$out/err" && ok "missing gnuplot: clear error" || bad "missing gnuplot ($rc)"

# scale: a table per order, the summary in text, csv and json
"$sbmlog" report "$logs/map/x86_64-scale-noise.log" >"$out/s.txt"
grep -q '^scale, CPUs in round-robin-over-LLCs order' "$out/s.txt" && grep -q '^x2 at ' "$out/s.txt" &&
	ok "scale: table per order with the doubling row" || bad "scale text"
"$sbmlog" report --table scale "$logs/map/x86_64-scale-noise.log" >"$out/st.txt"; rc=$?
[ $rc = 0 ] && [ "$(grep -c '^x2 at ' "$out/st.txt")" = 2 ] && grep -q '^llc beats global\|^llc never beats' "$out/st.txt" &&
	! grep -q '^noise' "$out/st.txt" && ok "report --table scale: the scale tables alone" || bad "report --table scale ($rc)"
[ "$("$sbmlog" report --format csv --table scale "$logs/map/x86_64-scale-noise.log" | wc -l)" = 49 ] &&
	ok "csv: 48 scale points" || bad "csv scale rows"
[ "$("$sbmlog" report --format csv --table scale-summary "$logs/map/x86_64-scale-noise.log" | grep -c ',llc,')" = 2 ] &&
	ok "csv: an llc summary per order" || bad "csv scale-summary"
if command -v jq >/dev/null 2>&1; then
	"$sbmlog" report --format json "$logs/map/x86_64-scale-noise.log" |
		jq -e '.runs[0].records["scale-summary"] | length == 12 and (map(select(.layout == "llc")) | all(.llc_wins_from != null))' >/dev/null &&
		ok "json: scale-summary records" || bad "json scale-summary records"
	"$sbmlog" report --table scale --format json "$logs/map/x86_64-scale-noise.log" |
		jq -e 'length == 1 and (.[0].scale | length == 48) and (.[0].scale_summary | length == 12)' >/dev/null &&
		ok "report --table scale --format json" || bad "report --table scale json"
fi

# noise side by side: the image's log next to a twin's (or the riscv64
# log where no twin runs here): per CPU and all, three blocks
twin_noise=$logs/map/riscv64-numa-c2c.log
if [ -x "$SBM_BUILDDIR/sbmbench-linux" ] && "$SBM_BUILDDIR/sbmbench-linux" experiment=noise noise_s=0.05 >"$out/noise.log" 2>&1; then
	twin_noise=$out/noise.log
fi
"$sbmlog" compare "$logs/map/x86_64-scale-noise.log" "$twin_noise" >"$out/n.txt"; rc=$?
[ $rc = 0 ] && [ "$(grep -c '^noise: ' "$out/n.txt")" = 3 ] && [ "$(grep -c '^all ' "$out/n.txt")" = 3 ] &&
	grep -q '^cpu3 ' "$out/n.txt" && ! grep -q '^ns/iter' "$out/n.txt" &&
	ok "compare: noise per CPU, side by side" || bad "compare noise ($rc)"

"$sbmlog" report >/dev/null 2>&1; rc=$?
[ $rc = 2 ] && ok "no log: usage, exit 2" || bad "no log exit $rc"
"$sbmlog" report "$out/nosuch.log" >/dev/null 2>&1; rc=$?
[ $rc = 2 ] && ok "unreadable log: exit 2" || bad "unreadable log exit $rc"
"$sbmlog" report --format xml "$logs/twin-x86_64.log" >/dev/null 2>&1; rc=$?
[ $rc = 2 ] && ok "bad format: exit 2" || bad "bad format exit $rc"
"$sbmlog" plot "$logs/twin-x86_64.log" >/dev/null 2>&1; rc=$?
[ $rc = 2 ] && ok "plot without -o: exit 2" || bad "plot without -o exit $rc"
exit $fail
